"""The text forms of a blocks state, as VSP writes them, and their readers.

- pure text: one line per stack, "- Stack with red block, orange block, from bottom to
  top" ("- Stack with red block" alone);
- table: " | Stack 1 | Stack 2 |" then one row per level, top level first, "Level 2 |
  | orange |" (an empty cell where a stack is lower);
- BIRD string (VSP's ``info.txt``): seven stacks of six letters, bottom first, "0" for
  nothing, ``G00000-YBRP00-000000-...``.
"""

from __future__ import annotations

import re

from scorer.families.vsp.blocks import COLOURS, Stacks

_LETTERS = {colour[0].upper(): colour for colour in COLOURS}
_LINE = re.compile(r"- Stack with (.+?)(?:, from bottom to top)?")


def stack_line(stack: tuple[str, ...]) -> str:
    blocks = ", ".join(f"{block} block" for block in stack)
    return f"- Stack with {blocks}" + (", from bottom to top" if len(stack) > 1 else "")


def pure_text(stacks: Stacks) -> str:
    return "".join(stack_line(stack) + "\n" for stack in stacks)


def table_text(stacks: Stacks) -> str:
    height = max(map(len, stacks))
    lines = [" |" + "".join(f" Stack {n} |" for n in range(1, len(stacks) + 1))]
    for level in range(height, 0, -1):
        cells = (f" {stack[level - 1]} |" if len(stack) >= level else " |" for stack in stacks)
        lines.append(f"Level {level} |" + "".join(cells))
    return "\n".join(lines) + "\n"


def read_pure_text(text: str) -> Stacks:
    """The stacks of a pure-text state (raises ValueError naming the line it cannot read)."""
    stacks = []
    for line in filter(None, (raw.strip() for raw in text.splitlines())):
        found = _LINE.fullmatch(line)
        if found is None:
            raise ValueError(f"{line!r} is not '- Stack with <colour> block, ...'")
        stacks.append(tuple(_colour(part.strip().removesuffix(" block"), line) for part in found[1].split(",")))
    return tuple(stacks)


def read_table(text: str) -> Stacks:
    """The stacks of a table state (levels are read bottom up; a gap is an error)."""
    lines = [line for line in text.splitlines() if line.strip()]
    width = len(re.findall(r"Stack \d+", lines[0]))
    stacks: list[list[str]] = [[] for _ in range(width)]
    for line in reversed(lines[1:]):
        cells = [cell.strip() for cell in line.split("|")[1 : width + 1]]
        for number, cell in enumerate(cells):
            if cell:
                if len(stacks[number]) != int(line.split()[1]) - 1:
                    raise ValueError(f"{line!r}: a block floats above an empty cell")
                stacks[number].append(_colour(cell, line))
    return tuple(tuple(stack) for stack in stacks)


def read_bird(text: str) -> Stacks:
    """The stacks of a BIRD string (empty stacks dropped, order kept)."""
    stacks = []
    for column in text.strip().split("-"):
        blocks = column.rstrip("0")
        if "0" in blocks:
            raise ValueError(f"{text!r}: a gap inside the stack {column!r}")
        if blocks:
            stacks.append(tuple(_LETTERS[letter] for letter in blocks))
    return tuple(stacks)


def _colour(word: str, line: str) -> str:
    if word not in COLOURS:
        raise ValueError(f"{line!r}: {word!r} is not one of {', '.join(COLOURS)}")
    return word
