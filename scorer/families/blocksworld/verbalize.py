"""Blocksworld atoms and goals in words, as ViPlan asks and states them.

The question templates are ViPlan's grounding questions (ViPlan, appendix I and its
code); column names follow the image labels, or ordinals in the text-only view.
"""

from __future__ import annotations

from scorer.families.blocksworld.state import Layout, column_names

BLOCK_WORDS = {"r": "red", "g": "green", "b": "blue", "y": "yellow", "o": "orange", "p": "purple"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")

QUESTION_TEMPLATES = {
    "on": "Is the {0} on top of the {1}?",
    "clear": "Is the {0} the topmost of its column?",
    "incolumn": "Is the {0} in the {1}?",
    "rightof": "Is the {0} to the right of the {1}?",
    "leftof": "Is the {0} to the left of the {1}?",
}


def block_name(block: str) -> str:
    return f"{BLOCK_WORDS[block]} block"


def column_name(column: str, text_view: bool = False) -> str:
    if text_view:
        return f"{ORDINALS[int(column[1:]) - 1]} column"
    return f'column labeled "{column}"'


def object_name(obj: str, text_view: bool = False) -> str:
    return block_name(obj) if obj in BLOCK_WORDS else column_name(obj, text_view)


def split_atom(atom: str) -> tuple[str, list[str]]:
    predicate, *args = atom.strip("()").split()
    return predicate, args


def question(atom: str, text_view: bool = False) -> str:
    """ViPlan's yes/no question for a ground atom, e.g. '(on r g)'."""
    predicate, args = split_atom(atom)
    return QUESTION_TEMPLATES[predicate].format(*(object_name(a, text_view) for a in args))


def goal_text(goal: Layout) -> str:
    """One sentence per block, in ViPlan's goal style, column by column on one line."""
    return " ".join(goal_sentences(goal).values())


def goal_sentences(goal: Layout) -> dict[str, str]:
    """Each block's goal sentence (ViPlan's ``get_goal_str`` clauses), column by column."""
    sentences = {}
    for column, stack in zip(column_names(len(goal)), goal):
        for height, block in enumerate(stack):
            clauses = []
            if height > 0:
                clauses.append(f"needs to be on top of the {block_name(stack[height - 1])}")
            if height == len(stack) - 1:
                clauses.append("needs to be the topmost block in its column")
            clauses.append(f"needs to be in the column with label '{column}'")
            sentences[block] = f"The {block_name(block)} {_join_clauses(clauses)}."
    return sentences


def _join_clauses(clauses: list[str]) -> str:
    if len(clauses) == 1:
        return clauses[0]
    return ", ".join(clauses[:-1]) + " and " + clauses[-1]


ENVIRONMENT = (
    "The image will be about colored blocks and how they relate to each other. In the environment, "
    "the blocks will be arranged in columns, spanning from left to right. Keep in mind that some of "
    "these columns can be empty with no blocks currently placed in them. Within a column one or "
    "multiple blocks of different colors can be stacked on top of each other."
)
