"""A task's states as rows of 64-bit words holding only the atoms that can change.

An explicit state space is explored a whole layer at a time in numpy (``_state_graph``): a
state is a row of ``words`` uint64 holding, packed densely, the atoms some action adds or
deletes (the task's fluents); every other atom keeps its value from the start state (the
exploration's ``fixed`` atoms). The largest task of the data has 688 fluents among
52,059 atoms: 11 words a state instead of 814.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._bits import bit_indices
from ._task import Task

WORD = np.uint64
_FMIX = (np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53))  # murmur3's fmix64
_SHIFT = np.uint64(33)
_CHUNK_MASKS = 256  # masks unpacked at a time (each one is a byte per atom)


class RowLayout:
    """Where each fluent atom of a task sits in a row, and back."""

    def __init__(self, task: Task) -> None:
        fluent = 0
        for action in task.actions:
            fluent |= action.add | action.delete
            for effect in action.cond_effects:
                fluent |= effect.add | effect.delete
        self.fluent_mask = fluent
        self.fluent_atoms = np.array(bit_indices(fluent), dtype=np.int64)
        self.words = max(1, -(-len(self.fluent_atoms) // 64))
        self._atom_bytes = max(1, -(-len(task.atoms) // 8))

    def rows(self, masks: Sequence[int]) -> np.ndarray:
        """The fluent part of each mask (a state, or an action's atoms) as a row."""
        out = np.zeros((len(masks), self.words), dtype=WORD)
        for start in range(0, len(masks), _CHUNK_MASKS):
            chunk = masks[start : start + _CHUNK_MASKS]
            raw = b"".join(mask.to_bytes(self._atom_bytes, "little") for mask in chunk)
            bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8).reshape(len(chunk), -1), axis=1, bitorder="little")
            packed = np.packbits(bits[:, self.fluent_atoms], axis=1, bitorder="little")
            view = out[start : start + len(chunk)].view(np.uint8)
            view[:, : packed.shape[1]] = packed
        return out

    def atoms(self, row: np.ndarray) -> int:
        """The mask of the fluent atoms set in ``row``."""
        mask = 0
        for bit in np.flatnonzero(np.unpackbits(row.view(np.uint8), bitorder="little")):
            mask |= 1 << int(self.fluent_atoms[bit])
        return mask


def row_hashes(rows: np.ndarray) -> np.ndarray:
    """One 64-bit word per row: the row itself when it is one word (exact), else each word
    folded in through murmur3's finalizer (rows of a few set bits, differing in their high
    bits, collided under a weaker mix)."""
    if rows.shape[1] == 1:
        return rows[:, 0].copy()
    hashes = np.zeros(len(rows), dtype=WORD)
    for column in range(rows.shape[1]):
        hashes ^= rows[:, column]
        for multiplier in _FMIX:
            hashes ^= hashes >> _SHIFT
            hashes *= multiplier
        hashes ^= hashes >> _SHIFT
    return hashes


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the index of one row of each distinct value, in hash order; each row's distinct
    number), exactly."""
    first, inverse = _groups(row_hashes(rows))
    if rows.shape[1] > 1 and not (rows[first][inverse] == rows).all():  # two rows share a hash
        first, inverse = _groups(_as_bytes(rows))
    return first, inverse


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique``'s index and inverse without its stable sort: any row of a value will do."""
    order = np.argsort(keys)
    ordered = keys[order]
    starts = np.empty(len(keys), dtype=bool)
    starts[:1] = True
    starts[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(len(keys), dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return order[starts], inverse


def _as_bytes(rows: np.ndarray) -> np.ndarray:
    """Each row as one opaque value: sorted and compared byte by byte (exact, slower)."""
    return np.ascontiguousarray(rows).view(np.dtype((np.void, rows.shape[1] * 8))).reshape(-1)


class StateTable:
    """Distinct rows numbered 0, 1, ... in the order they were added, found many at a time.

    Rows are found by their hash (sorted, binary search) and checked word by word; should
    two stored rows ever share a hash, the table falls back to ordering the rows' bytes,
    which is exact and about twice as slow."""

    def __init__(self, words: int) -> None:
        self.rows = np.empty((0, words), dtype=WORD)
        self._keys = np.empty(0, dtype=WORD)  # sorted
        self._ids = np.empty(0, dtype=np.int64)  # the id of each key
        self._by_bytes = False

    def __len__(self) -> int:
        return len(self.rows)

    def find(self, rows: np.ndarray) -> np.ndarray:
        """The id of each row; -1 where it is not in the table."""
        if not len(self._keys) or not len(rows):
            return np.full(len(rows), -1, dtype=np.int64)
        keys = self._key(rows)
        at = np.minimum(np.searchsorted(self._keys, keys), len(self._keys) - 1)
        ids = np.where(self._keys[at] == keys, self._ids[at], -1)
        if not self._by_bytes and self.rows.shape[1] > 1:
            hit = ids >= 0
            ids[hit] = np.where((self.rows[ids[hit]] == rows[hit]).all(axis=1), ids[hit], -1)
        return ids

    def add(self, rows: np.ndarray) -> np.ndarray:
        """Number rows that are distinct and not in the table yet; their ids."""
        ids = np.arange(len(self.rows), len(self.rows) + len(rows), dtype=np.int64)
        self.rows = np.concatenate([self.rows, rows])
        keys = self._key(rows)
        order = np.argsort(keys, kind="stable")
        at = np.searchsorted(self._keys, keys[order])
        if not self._by_bytes and self._shares_a_key(keys[order], at):
            self._reindex_by_bytes()  # a hash shared by two distinct rows
        else:
            self._keys = np.insert(self._keys, at, keys[order])
            self._ids = np.insert(self._ids, at, ids[order])
        return ids

    def _shares_a_key(self, sorted_keys: np.ndarray, at: np.ndarray) -> bool:
        if (sorted_keys[1:] == sorted_keys[:-1]).any():
            return True
        stored = self._keys
        return bool(len(stored)) and bool((stored[np.minimum(at, len(stored) - 1)] == sorted_keys).any())

    def _key(self, rows: np.ndarray) -> np.ndarray:
        return _as_bytes(rows) if self._by_bytes else row_hashes(rows)

    def _reindex_by_bytes(self) -> None:
        self._by_bytes = True
        keys = _as_bytes(self.rows)
        self._ids = np.argsort(keys, kind="stable")
        self._keys = keys[self._ids]
