"""Household atoms, goals and facts in words, as ViPlan's household client words them.

Object names are used raw (``bowl_1``), as ViPlan does: they match the labels of the
images. The templates are ViPlan's (its ``benchmark_igibson_plan.py`` and the household
planner prompt): the grounding questions, the goal sentences (negated goals in its
"must not" form) and the "Additional information" facts about objects hidden inside
closed containers.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.families.household.sight import split_atom

ENVIRONMENT = (
    "The environment is a virtual household simulator, with objects and furniture which can be interacted "
    "with. There is a robotic arm, which is the agent, that can hold objects."
)

QUESTION_TEMPLATES = {
    "reachable": "Is the {0} in reach of the agent?",
    "holding": "Is the agent holding the {0}?",
    "open": "Is the {0} open?",
    "ontop": "Is the {0} on top of the {1}?",
    "inside": "Is the {0} inside the {1}?",
    "nextto": "Is the {0} next to the {1}?",
}
GROUNDED_PREDICATES = tuple(QUESTION_TEMPLATES)  # ViPlan asks no question about `sliced`

GOAL_TEMPLATES = {
    "ontop": ("the {0} needs to be on top of the {1}", "the {0} must not be on top of the {1}"),
    "inside": ("the {0} needs to be inside the {1}", "the {0} must not be inside the {1}"),
    "nextto": ("the {0} needs to be next to the {1}", "the {0} must not be next to the {1}"),
    "open": ("the {0} needs to be open", "the {0} needs to be closed"),
    "holding": ("the agent needs to be holding the {0}", "the agent must not be holding the {0}"),
    "reachable": ("the {0} needs to be reachable by the agent", "the {0} needs to be unreachable by the agent"),
    "sliced": ("the {0} needs to be sliced", "the {0} must not be sliced"),  # not in ViPlan's (it never asks)
}
# ViPlan's preds_templates, the words of its privileged facts.
PRIVILEGED_TEMPLATES = {
    "reachable": "the {0} is reachable by the agent",
    "holding": "the agent is holding the {0}",
    "open": "the {0} is open",
    "ontop": "the {0} is on top of the {1}",
    "inside": "the {0} is inside the {1}",
    "nextto": "the {0} is next to the {1}",
}


def question(atom: str) -> str:
    predicate, args = split_atom(atom)
    return QUESTION_TEMPLATES[predicate].format(*args)


def goal_sentence(literal: str) -> str:
    negated = literal.startswith("(not ")
    atom = literal[len("(not ") : -1].strip() if negated else literal
    predicate, args = split_atom(atom)
    return GOAL_TEMPLATES[predicate][1 if negated else 0].format(*args)


def planner_goal(goal: Iterable[str]) -> str:
    """The goal as ViPlan's household planner states it (its ``get_goal_str``): one
    sentence a line, in the goal's order, lower case and without a full stop."""
    return "\n".join(goal_sentence(literal) for literal in goal).strip()


def goal_text(goal: Iterable[str]) -> str:
    """One sentence a line, each ending with a full stop (capitalised)."""
    return "\n".join(_capitalised(goal_sentence(literal)) + "." for literal in goal)


def hidden_atoms(atoms: Iterable[str]) -> list[str]:
    """ViPlan's privileged information: the ``inside`` atoms of every object inside a
    container that the agent cannot reach (so it cannot see it either), sorted."""
    true = set(atoms)
    hidden = []
    for atom in sorted(true):
        predicate, args = split_atom(atom)
        if predicate == "inside" and f"(reachable {args[0]})" not in true:
            hidden.append(atom)
    return hidden


def hidden_facts(atoms: Iterable[str]) -> list[str]:
    """The privileged facts as ViPlan's ``get_priviledged_predicates_str`` words them:
    "the X is inside the Y", lower case, no full stop."""
    return [PRIVILEGED_TEMPLATES["inside"].format(*split_atom(atom)[1]) for atom in hidden_atoms(atoms)]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
