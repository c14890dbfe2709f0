"""Blocksworld states as columns of stacked blocks, and their PDDL atoms.

A *layout* is one tuple per column (``c1`` first), each listing block letters from
the bottom up. Layouts are what generators and renderers work with; PDDL atoms are
what the core simulates. The two views are converted here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Layout = tuple[tuple[str, ...], ...]

COLOURS = ("r", "g", "b", "y", "o", "p")


def column_names(n_columns: int) -> list[str]:
    return [f"c{i}" for i in range(1, n_columns + 1)]


def as_layout(columns: Sequence[Sequence[str]]) -> Layout:
    return tuple(tuple(column) for column in columns)


def blocks_of(layout: Layout) -> list[str]:
    return [block for column in layout for block in column]


def layout_atoms(layout: Layout) -> list[str]:
    """The fluent atoms (on, incolumn, clear) that describe ``layout``."""
    atoms: list[str] = []
    for column_name, column in zip(column_names(len(layout)), layout):
        for height, block in enumerate(column):
            atoms.append(f"(incolumn {block} {column_name})")
            if height > 0:
                atoms.append(f"(on {block} {column[height - 1]})")
        if column:
            atoms.append(f"(clear {column[-1]})")
    return atoms


def column_order_atoms(n_columns: int) -> list[str]:
    """Static left/right facts, transitively closed.

    ViPlan's problem files list only adjacent pairs but its simulator adds the
    transitive closure and asks about it, so the closure is what is true.
    """
    names = column_names(n_columns)
    atoms = []
    for i, left in enumerate(names):
        for right in names[i + 1 :]:
            atoms.append(f"(rightof {right} {left})")
            atoms.append(f"(leftof {left} {right})")
    return sorted(atoms)


def layout_from_atoms(true_atoms: Iterable[str], n_columns: int) -> Layout:
    """Rebuild the layout from the true atoms of a state (inverse of layout_atoms)."""
    below: dict[str, str] = {}
    column_of: dict[str, str] = {}
    for atom in true_atoms:
        name, *args = atom.strip("()").split()
        if name == "on":
            below[args[0]] = args[1]
        elif name == "incolumn":
            column_of[args[0]] = args[1]
    columns: list[tuple[str, ...]] = []
    for column_name in column_names(n_columns):
        members = [b for b, c in column_of.items() if c == column_name]
        columns.append(tuple(_stack_order(members, below)))
    return tuple(columns)


def _stack_order(members: list[str], below: dict[str, str]) -> list[str]:
    bottom = [b for b in members if b not in below]
    if len(bottom) != 1 and members:
        raise ValueError(f"column {members} does not form one stack")
    above = {under: over for over, under in below.items() if over in members}
    stack = bottom[:]
    while stack and stack[-1] in above:
        stack.append(above[stack[-1]])
    return stack
