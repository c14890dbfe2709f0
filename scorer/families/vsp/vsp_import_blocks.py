"""VSP's blocks questions for ``planarium import vsp``: the main task and T1-T4 at every
level (1,700), whose states VSP gives as text, drawn by our blocks view.

Sources (``blocks/<task>/maps/<level>/``): the main task's ``info.txt`` (one line per
item: the start and end as BIRD strings, the optimal length, every optimal plan; the
``input_text``/``output_text`` files say the same, which the import checks); T1, T2 and
T4's ``pure_text_rep_input`` (the state), ``text_input`` (the question, the options, or
the moves) and ``annotation.txt`` (the colour, the option's index, or the ids of the
sequences that can be made); T3's ``text_input`` (the four candidates) and its
``annotation.txt`` (the right one's index: its description is the picture).

Keys are VSP's answers; the main task's is our shortest plan (VSP stores all of them
and its length, which must agree). Where our rules disagree with VSP's answer, or the
question is ambiguous under its own words, the row keeps VSP's answer and says why.
The examples (``blocks/<task>/example/<level>/``) are read the same way and their
worked answers kept verbatim, for the ``fewshot`` column.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from scorer.families.vsp.blocks import COLOURS, IllegalMove, Move, Stacks, canonical, run, where
from scorer.families.vsp.blocks import shortest_plan as blocks_plan
from scorer.families.vsp.blocks_questions import LETTERS, TASKS, BlocksQuestion, levels, plan_question
from scorer.families.vsp.blocks_text import read_bird, read_pure_text

FOLDERS = {"main": "task-main", "T1": "task1", "T2": "task2", "T3": "task3", "T4": "task4"}
_COLOUR_QUESTION = re.compile(r"What is the color of the block at stack (\d+), level (\d+)\?")
_RELATION_QUESTION = re.compile(r"What is the spatial relation betweee?n the (\w+) block and the (\w+) block\?")
_MOVE = re.compile(r"\d+\. move\((\w+),(\w+)\)")
_SHORT = {colour[0]: colour for colour in COLOURS}


@dataclass(frozen=True)
class ImportedBlocks:
    question: BlocksQuestion
    source: str  # the folder and item, e.g. blocks/task1/maps/level3/7
    dispute: str | None = None


@dataclass(frozen=True)
class _Item:
    files: dict[str, str]
    folder: str
    item: int
    example: bool

    def text(self, kind: str) -> str:
        for name in (f"{self.folder}/{kind}/{self.item}.txt", f"{self.folder}/{kind}/{self.item}"):
            if name in self.files:
                return self.files[name]
        raise KeyError(f"{self.folder}: item {self.item} has no {kind} file")

    def annotation(self) -> str:
        lines = self.files[f"{self.folder}/annotation.txt"].split()
        return lines[self.item]

    @property
    def source(self) -> str:
        return f"{self.folder}/{self.item}"


def imported_blocks(files: dict[str, str], part: str = "maps") -> Iterator[ImportedBlocks]:
    """Every blocks question of ``part`` (``maps``: test, ``example``: in-context), task by
    task and level by level, items in number order."""
    for task in TASKS:
        for level in levels(task):
            folder = f"blocks/{FOLDERS[task]}/{part}/{level}"
            for item in _items(files, folder, task):
                yield _MAKERS[task](level, _Item(files, folder, item, part == "example"))


def _items(files: dict[str, str], folder: str, task: str) -> list[int]:
    if task == "main" and f"{folder}/info.txt" in files:
        return list(range(len(files[f"{folder}/info.txt"].splitlines())))
    if task == "main":  # the examples: question<i>.txt
        found = (re.fullmatch(rf"{re.escape(folder)}/question(\d+)\.txt", path) for path in files)
    else:
        found = (re.fullmatch(rf"{re.escape(folder)}/text_input/(\d+)\.txt", path) for path in files)
    return sorted(int(match[1]) for match in found if match)


def _plan(level: str, item: _Item) -> ImportedBlocks:
    if item.example:
        start, goal = _example_states(item.files[f"{item.folder}/question{item.item}.txt"])
        said, plans = len(blocks_plan(start, goal)), []  # an example: its own length, no stored plans
        solution = (
            item.files[f"{item.folder}/analysis{item.item}.txt"].rstrip()
            + "\n<Output>\n"
            + item.files[f"{item.folder}/sol_{item.item}.txt"].strip()
        )
    else:
        fields = item.files[f"{item.folder}/info.txt"].splitlines()[item.item].split("\t")
        start, goal, said, plans = read_bird(fields[0]), read_bird(fields[2]), int(fields[4]), fields[5:]
        if (read_pure_text(item.text("input_text")), read_pure_text(item.text("output_text"))) != (start, goal):
            raise ValueError(f"{item.source}: info.txt and the text files give different states")
        solution = ""
    question = plan_question(level, start, goal, solution=solution)
    ours = question.key["optimal_length"]
    return ImportedBlocks(question, item.source, _plan_dispute(start, goal, said, plans, ours))


def _example_states(text: str) -> tuple[Stacks, Stacks]:
    begin, end = text.split("The end state is:")
    return read_pure_text(begin.split("The beginning state is:")[1]), read_pure_text(end)


def _plan_dispute(start: Stacks, goal: Stacks, said: int, plans: list[str], ours: int) -> str | None:
    if said != ours:
        return f"VSP's optimal length is {said}, but the shortest plan has {ours} moves"
    for number, plan in enumerate(plans, start=1):
        moves = [
            Move(_SHORT[b], t if t == "table" else _SHORT[t]) for b, t in re.findall(r"move\((\w),(\w+),\d+\)", plan)
        ]
        try:
            reached = canonical(run(start, moves)) == canonical(goal)
        except IllegalMove as error:
            return f"VSP's optimal plan {number} has an illegal move: {error}"
        if not reached or len(moves) != ours:
            return f"VSP's optimal plan {number} does not reach the end state in {ours} moves"
    return None


def _colour(level: str, item: _Item) -> ImportedBlocks:
    stacks = read_pure_text(item.text("pure_text_rep_input"))
    asked = item.text("text_input").strip()
    found = _COLOUR_QUESTION.fullmatch(asked)
    if found is None:
        raise ValueError(
            f"{item.source}: question {asked!r} is not 'What is the color of the block at stack s, level l?'"
        )
    stack, height = int(found[1]), int(found[2])
    said = item.annotation()
    shown = stacks[stack - 1][height - 1] if stack <= len(stacks) and height <= len(stacks[stack - 1]) else None
    dispute = None if shown == said else f"VSP's answer is {said}, but the state has {shown or 'no block'} there"
    question = BlocksQuestion(
        "T1",
        level,
        (stacks,),
        {"form": "colour", "answer": said},
        _solution(item),
        {"question": asked},
        {"asked": [stack, height], "blocks": sum(map(len, stacks))},
    )
    return ImportedBlocks(question, item.source, dispute)


def _solution(item: _Item) -> str:
    return item.text("answer").strip() if item.example else ""


def _relation(level: str, item: _Item) -> ImportedBlocks:
    stacks = read_pure_text(item.text("pure_text_rep_input"))
    asked = item.text("text_input").strip()
    found = _RELATION_QUESTION.match(asked)
    if found is None:
        raise ValueError(f"{item.source}: question {asked[:60]!r} is not 'What is the spatial relation between ...'")
    first, second = found[1], found[2]
    said = LETTERS[int(item.annotation())]
    ours, gap = _relation_of(stacks, first, second)
    dispute = None
    if ours != said:
        dispute = f"VSP's answer is {said}, but the state says {ours}"
    elif gap:
        relation = "above" if said == "A" else "below"
        between = f"{gap} block{'s' if gap > 1 else ''}"
        dispute = (
            f'ambiguous: the {first} block is {relation} the {second} block with {between} between, not "directly"'
            f" as option {said} says; VSP's answer is {said}"
        )
    question = BlocksQuestion(
        "T2",
        level,
        (stacks,),
        {"form": "choice", "marker": "output", "answer": said},
        _solution(item),
        {"question": asked},
        {"asked": [first, second], "blocks": sum(map(len, stacks))},
    )
    return ImportedBlocks(question, item.source, dispute)


def _relation_of(stacks: Stacks, first: str, second: str) -> tuple[str, int]:
    """The option that holds (VSP's reading: A and B for any distance in one stack) and
    how many blocks lie between the two."""
    one, other = where(stacks, first), where(stacks, second)
    if one is None or other is None:
        return "D", 0
    if one[0] != other[0]:
        return "C", 0
    return ("A" if one[1] > other[1] else "B"), abs(one[1] - other[1]) - 1


def _choice(level: str, item: _Item) -> ImportedBlocks:
    text = item.text("text_input").strip()
    parts = re.split(r"^\(([A-D])\)\s*$", text, flags=re.MULTILINE)[1:]
    if parts[0::2] != list(LETTERS):
        raise ValueError(f"{item.source}: the question does not hold candidates (A) to (D)")
    candidates = [read_pure_text(block) for block in parts[1::2]]
    right = int(item.annotation())
    stacks = candidates[right]
    dispute = None
    if [canonical(c) for c in candidates].count(canonical(stacks)) > 1:
        dispute = f"candidate {LETTERS[right]} appears twice among the candidates (stack order aside)"
    candidates_text = "\n\n".join(f"({LETTERS[k]})\n{block.strip()}" for k, block in enumerate(parts[1::2]))
    question = BlocksQuestion(
        "T3",
        level,
        (stacks,),
        {"form": "choice", "marker": "output", "answer": LETTERS[right]},
        _solution(item),
        {"candidates": candidates_text},
        {"candidate_blocks": [sum(map(len, c)) for c in candidates], "blocks": sum(map(len, stacks))},
    )
    return ImportedBlocks(question, item.source, dispute)


def _sequence(level: str, item: _Item) -> ImportedBlocks:
    stacks = read_pure_text(item.text("pure_text_rep_input"))
    lines = item.text("text_input").strip().splitlines()
    found = [_MOVE.fullmatch(line.strip()) for line in lines]
    if not all(found):
        raise ValueError(f"{item.source}: a line of the sequence is not 'n. move(a,b)'")
    moves = [Move(m[1], m[2]) for m in found if m]
    said = item.item in {int(n) for n in item.files[f"{item.folder}/annotation.txt"].split()}
    try:
        run(stacks, moves)
        ours, why = True, ""
    except IllegalMove as error:
        ours, why = False, str(error)
    dispute = (
        None if ours == said else f"VSP's answer is {'Yes' if said else 'No'}, but {why or 'every move can be made'}"
    )
    question = BlocksQuestion(
        "T4",
        level,
        (stacks,),
        {"form": "yes-no", "answer": said},
        _solution(item),
        {"sequence": "\n".join(line.strip() for line in lines)},
        {"sequence_length": len(moves), "moves": [str(m) for m in moves], "blocks": sum(map(len, stacks))},
    )
    return ImportedBlocks(question, item.source, dispute)


_MAKERS = {"main": _plan, "T1": _colour, "T2": _relation, "T3": _choice, "T4": _sequence}
