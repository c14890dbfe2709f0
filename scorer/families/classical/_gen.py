"""Small helpers shared by the classical problem generators.

Generators build plain lists of atoms and hand them to `problem_pddl`, so every
problem file has the same layout and is byte-identical for the same rng.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from scorer.pddl import Objects, problem_text

Cell = tuple[int, int]

_WRAP = 8  # atoms per line, to keep problem files readable


def atom(*parts: object) -> str:
    """`atom("at", "c1", "l2")` -> "(at c1 l2)"."""
    return "(" + " ".join(str(part) for part in parts) + ")"


def problem_pddl(name: str, domain: str, objects: Objects, init: Iterable[str], goal: Iterable[str]) -> str:
    """A typed PDDL problem; `init` and `goal` are atoms such as "(at c1 l2)"."""
    return problem_text(name, domain, objects, init, goal, per_line=_WRAP)


def pick(rng: random.Random, size: int, bands: Sequence[Mapping[str, Sequence[int]]]) -> dict[str, int]:
    """Draw one value per parameter from the size's band (keys in band order,
    so the draws, and hence the problem, depend only on the rng)."""
    if not 0 <= size < len(bands):
        raise ValueError(f"size must be in 0..{len(bands) - 1}, got {size}")
    return {key: rng.choice(list(values)) for key, values in bands[size].items()}


def prefixed_text(nouns: Mapping[str, str]) -> Callable[[str], str]:
    """object_text that names the kind of object from the name's letter prefix:
    with {"c": "car"}, "c3" -> "car c3"; names with other prefixes stay as they are."""
    pattern = re.compile(r"^([a-z]+)\d")

    def text(name: str) -> str:
        match = pattern.match(name)
        noun = nouns.get(match.group(1)) if match else None
        return f"{noun} {name}" if noun else name

    return text


def grid_neighbours(cell: Cell, cells: set[Cell]) -> list[Cell]:
    """The 4-neighbours of `cell` that are in `cells`, in a fixed order."""
    x, y = cell
    candidates = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
    return [c for c in candidates if c in cells]


def grid_region(start: Cell, cells: set[Cell]) -> set[Cell]:
    """The cells of `cells` reachable from `start` by 4-neighbour steps (start included)."""
    seen = {start}
    stack = [start]
    while stack:
        for nxt in grid_neighbours(stack.pop(), cells):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def is_connected(cells: set[Cell]) -> bool:
    """Whether the cells form one 4-connected region."""
    return not cells or len(grid_region(min(cells), cells)) == len(cells)
