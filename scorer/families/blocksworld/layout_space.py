"""The states a fixed distance from a layout, a breadth-first layer at a time in numpy.

The generator draws a goal among the states whose distance from the initial state lies in
the difficulty's band. The task's own breadth-first enumeration (``reachable_states``)
expands one state at a time through the domain's conditional effects: about a second for
the 60,480 layouts of a hard problem, a draw of it at every problem of every build. The
domain has one action, which moves a column's top block onto the top of another column
(there is no height limit), so here a layout is a code of its blocks' positions and a whole
layer's successors are made at once: the same states at the same distances, each written
as the task's state (the bits of its atoms), fourteen times sooner. Both views are checked to
agree on the initial state and its successors before any layer is made.
"""

from __future__ import annotations

import numpy as np

from scorer.families.blocksworld.state import Layout, blocks_of, column_names
from scorer.pddl import Task

_WORD = 64  # bits of one numpy word of a state's atoms


class LayoutSpace:
    """Layouts of one problem's blocks over its columns, each a code: digit ``i`` (base
    columns x blocks) is block ``i``'s position, its column x blocks + its height."""

    def __init__(self, task: Task, init: Layout) -> None:
        self.blocks = blocks_of(init)
        self.n, self.m = len(self.blocks), len(init)
        self.base = self.m * self.n
        assert self.base**self.n < 2**62, "too many blocks for one int64 code"
        self.weights = self.base ** np.arange(self.n, dtype=np.int64)
        self._atoms = _AtomTable(task, self.blocks, column_names(self.m))
        self.start = self.code(init)
        self._fixed = task.init ^ self._fluent(np.array([self.start]))[0]  # the atoms no move changes
        self._check(task)

    def code(self, layout: Layout) -> int:
        index = {block: i for i, block in enumerate(self.blocks)}
        return sum(
            (column * self.n + height) * int(self.weights[index[block]])
            for column, stack in enumerate(layout)
            for height, block in enumerate(stack)
        )

    def band(self, low: int, high: int) -> np.ndarray:
        """The codes of the layouts ``low`` to ``high`` moves from the start (each once)."""
        frontier = np.array([self.start], dtype=np.int64)
        seen = frontier
        found = [frontier] if low <= 0 else []
        for depth in range(1, high + 1):
            frontier = _unseen(_distinct(self.successors(frontier)), seen)
            if not frontier.size:
                break
            seen = np.sort(np.concatenate([seen, frontier]))
            if depth >= low:
                found.append(frontier)
        return np.concatenate(found) if found else np.empty(0, dtype=np.int64)

    def successors(self, codes: np.ndarray) -> np.ndarray:
        """Every layout one move from each of ``codes`` (repeats possible)."""
        positions = self._positions(codes)
        columns = positions // self.n
        counts = self._counts(columns)
        tops = self._tops(positions, counts)
        made = []
        for block in range(self.n):
            for column in range(self.m):
                moves = tops[:, block] & (columns[:, block] != column)
                landing = column * self.n + counts[moves, column]
                made.append(codes[moves] + (landing - positions[moves, block]) * self.weights[block])
        return np.concatenate(made)

    def states(self, codes: np.ndarray) -> list[int]:
        """The task's state (its atoms' bits, the fixed ones included) of each layout code."""
        return [state | self._fixed for state in self._fluent(codes)]

    def _fluent(self, codes: np.ndarray) -> list[int]:
        """The bits of the on, incolumn and clear atoms of each layout code."""
        positions = self._positions(codes)
        columns = positions // self.n
        tops = self._tops(positions, self._counts(columns))
        rows = np.arange(len(codes))
        at = np.full((len(codes), self.base), -1, dtype=np.int64)  # the block at each position
        for block in range(self.n):
            at[rows, positions[:, block]] = block
        words = np.zeros((len(codes), self._atoms.words), dtype=np.uint64)
        for block in range(self.n):
            below = np.where(positions[:, block] % self.n > 0, at[rows, positions[:, block] - 1], -1)
            self._atoms.add(words, self._atoms.incolumn[block][columns[:, block]])
            self._atoms.add(words, np.where(below >= 0, self._atoms.on[block][below], -1))
            self._atoms.add(words, np.where(tops[:, block], self._atoms.clear[block], -1))
        return _ints(words)

    def _positions(self, codes: np.ndarray) -> np.ndarray:
        return (codes[:, None] // self.weights) % self.base

    def _counts(self, columns: np.ndarray) -> np.ndarray:
        """Blocks in each column, per layout."""
        return np.stack([(columns == column).sum(axis=1) for column in range(self.m)], axis=1)

    def _tops(self, positions: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Whether each block is its column's top block, per layout."""
        columns = positions // self.n
        return positions % self.n == np.take_along_axis(counts, columns, axis=1) - 1

    def _check(self, task: Task) -> None:
        """The layouts' moves are the task's actions: the same successors of the initial state."""
        assert self.states(np.array([self.start]))[0] == task.init, "the layout's atoms are not the task's"
        mine = set(self.states(self.successors(np.array([self.start]))))
        assert mine == set(task.successor_states(task.init)), "the layout moves are not the domain's action"


class _AtomTable:
    """The index of every atom a layout can make true (-1: none), by block, column and block below."""

    def __init__(self, task: Task, blocks: list[str], columns: list[str]) -> None:
        index = task.atom_index
        self.incolumn = np.array([[index[f"(incolumn {b} {c})"] for c in columns] for b in blocks], dtype=np.int64)
        self.on = np.array(
            [[index[f"(on {b} {under})"] if under != b else -1 for under in blocks] for b in blocks], dtype=np.int64
        )
        self.clear = np.array([index[f"(clear {b})"] for b in blocks], dtype=np.int64)
        self.words = len(task.atoms) // _WORD + 1

    def add(self, words: np.ndarray, atoms: np.ndarray) -> None:
        """Set the bit of atom ``atoms[k]`` in row k of ``words`` (none where it is -1)."""
        atoms = np.broadcast_to(atoms, (len(words),))
        for word in range(self.words):
            mine = (atoms >= 0) & (atoms // _WORD == word)
            bits = np.left_shift(np.uint64(1), (atoms % _WORD).astype(np.uint64))
            words[:, word] |= np.where(mine, bits, np.uint64(0))


def _distinct(codes: np.ndarray) -> np.ndarray:
    """The codes sorted, each once (a sort: numpy's hashing unique takes twice as long here)."""
    codes = np.sort(codes)
    return codes[np.concatenate(([True], codes[1:] != codes[:-1]))] if codes.size else codes


def _unseen(codes: np.ndarray, seen: np.ndarray) -> np.ndarray:
    """The sorted ``codes`` that are not in the sorted ``seen``."""
    at = np.minimum(np.searchsorted(seen, codes), len(seen) - 1)
    return codes[seen[at] != codes]


def _ints(words: np.ndarray) -> list[int]:
    """Each row of words as one int (word 0 lowest)."""
    values = [0] * len(words)
    for word in range(words.shape[1]):
        shift = word * _WORD
        values = [value | (part << shift) for value, part in zip(values, words[:, word].tolist())]
    return values


def band_states(task: Task, init: Layout, low: int, high: int) -> list[int]:
    """``sorted(s for s, d in reachable_states(task).dist.items() if low <= d <= high)`` for
    the task of a layout problem whose initial layout is ``init``."""
    space = LayoutSpace(task, init)
    return sorted(space.states(space.band(low, high)))
