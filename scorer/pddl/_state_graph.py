"""A task's explicit state graph: every state reachable from a start, with its edges.

A STRIPS task (literal preconditions, no conditional effects) is explored a breadth-first
layer at a time in numpy, on rows of fluent atoms (``_state_rows``): the frontier's
candidate actions come from each action's trigger atom (the rarest atom of its
precondition, as in ``_successors``), their preconditions are tested and their successors
made for a block of the frontier at once, and the successors are numbered through a
``StateTable``.
Other tasks are explored one state at a time through the task's successor generator. Both
find the same states and edges; the ids follow breadth-first layers (within a layer, in an
order of each way's own: nothing depends on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ._collector import collector_paused
from ._state_rows import RowLayout, StateTable, unique_rows
from ._task import Task

_CANDIDATE_CELLS = 4_000_000  # frontier rows x fluent atoms looked at in one block
_BLOCK_ROWS = 8192

# A block's edges: (source ids, action indices, successor ids, or successor rows before numbering)
_Edges = tuple[np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True, eq=False)
class StateGraph:
    """States by id (0 is the start) and the edges of the first ``expanded`` of them (all of
    them when ``complete``): state i's edges are ``indptr[i]:indptr[i + 1]`` of ``actions``
    (the action's index in the task) and ``children`` (the successor's id)."""

    layout: RowLayout
    fixed: int  # the atoms no action changes, as they are in every state of the graph
    table: StateTable
    indptr: np.ndarray
    actions: np.ndarray
    children: np.ndarray
    complete: bool

    def __len__(self) -> int:
        return len(self.table)

    @property
    def expanded(self) -> int:
        return len(self.indptr) - 1

    def find(self, state: int) -> int | None:
        """The id of ``state``; None when it is not in the graph."""
        found = int(self.ids([state])[0])
        return None if found < 0 else found

    def ids(self, states: Sequence[int]) -> np.ndarray:
        """The id of each state; -1 where it is not in the graph."""
        ids = self.table.find(self.layout.rows(states))
        fluent = self.layout.fluent_mask
        other_fixed = [i for i, state in enumerate(states) if state & ~fluent != self.fixed]
        ids[other_fixed] = -1
        return ids

    def state(self, state_id: int) -> int:
        return self.fixed | self.layout.atoms(self.table.rows[state_id])

    def atoms(self, ids: np.ndarray) -> int:
        """The atoms true in some state of ``ids``."""
        rows = self.table.rows[ids]
        return self.fixed | self.layout.atoms(np.bitwise_or.reduce(rows, axis=0)) if len(rows) else 0

    def edge_actions(self, ids: np.ndarray) -> np.ndarray:
        """The action of every edge leaving the states ``ids``."""
        starts = self.indptr[ids]
        return self.actions[segments(starts, self.indptr[ids + 1] - starts)]

    def goal_states(self, task: Task) -> np.ndarray:
        """Whether each state satisfies the task's goal."""
        if task.goal_general is not None:
            return np.array([task.is_goal(self.state(i)) for i in range(len(self))], dtype=bool)
        fluent = self.layout.fluent_mask
        if self.fixed & task.goal_pos & ~fluent != task.goal_pos & ~fluent or self.fixed & task.goal_neg:
            return np.zeros(len(self), dtype=bool)
        positive, negative = self.layout.rows([task.goal_pos & fluent, task.goal_neg & fluent])
        rows = self.table.rows
        return ((rows & positive) == positive).all(axis=1) & ~(rows & negative).any(axis=1)

    def distances_from(self, sources: np.ndarray, allowed: np.ndarray | None = None) -> np.ndarray:
        """Edges from the nearest source to each state (-1: unreached), through ``allowed`` states."""
        return breadth_first(self.indptr, self.children, sources, len(self), allowed)

    def distances_to(self, targets: np.ndarray) -> np.ndarray:
        """Edges from each state to the nearest target (-1: none reachable)."""
        indptr, sources = self._reversed
        return breadth_first(indptr, sources, targets, len(self))

    @cached_property
    def _reversed(self) -> tuple[np.ndarray, np.ndarray]:
        """The edges by successor: (indptr over successor ids, the source of each edge)."""
        from scipy.sparse import csr_array  # its CSR -> CSC conversion is linear, a sort is not

        edges = csr_array(
            (np.ones(len(self.children), dtype=np.int8), self.children, self.indptr), shape=(self.expanded, len(self))
        ).tocsc()
        return edges.indptr.astype(np.int64), edges.indices.astype(np.int64)


def breadth_first(
    indptr: np.ndarray, targets: np.ndarray, sources: np.ndarray, count: int, allowed: np.ndarray | None = None
) -> np.ndarray:
    """Distances in edges from the nearest of ``sources`` over a graph in CSR form (nodes
    at or past ``len(indptr) - 1`` have no edges); -1 where unreached."""
    distance = np.full(count, -1, dtype=np.int64)
    frontier = np.unique(np.asarray(sources, dtype=np.int64))
    if allowed is not None:
        frontier = frontier[allowed[frontier]]
    distance[frontier] = 0
    depth = 0
    while frontier.size:
        depth += 1
        frontier = frontier[frontier < len(indptr) - 1]
        starts = indptr[frontier]
        reached = targets[segments(starts, indptr[frontier + 1] - starts)]
        reached = reached[distance[reached] < 0]
        if allowed is not None:
            reached = reached[allowed[reached]]
        frontier = np.unique(reached)
        distance[frontier] = depth
    return distance


def segments(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The indices ``starts[k] .. starts[k] + counts[k] - 1`` for every k, one after another."""
    ends = np.cumsum(counts)
    return np.repeat(starts - (ends - counts), counts) + np.arange(ends[-1] if len(ends) else 0)


def explore(task: Task, cap: int, too_big: StateSet | None = None) -> StateGraph:
    """Breadth-first from ``task.init``; incomplete (stopped) on meeting a state that would
    be the ``cap`` + 1-th or one of ``too_big``."""
    compiled = _compiled(task)
    known = None if too_big is None else too_big.table(task.init & ~compiled.layout.fluent_mask)
    with collector_paused():
        if compiled.strips:
            return _LayerSweep(compiled, task.init).run(cap, known)
        return _state_sweep(task, compiled.layout, cap, known)


@dataclass(frozen=True, eq=False)
class _CompiledActions:
    """A task's actions as rows (their fluent atoms) and as fixed parts (the rest)."""

    layout: RowLayout
    strips: bool
    pre: np.ndarray
    neg: np.ndarray
    keep: np.ndarray
    add: np.ndarray
    index: np.ndarray
    fixed_pre: list[tuple[int, int]]  # (positive, negative) atoms outside the fluents

    @classmethod
    def of(cls, task: Task) -> _CompiledActions:
        layout = RowLayout(task)
        actions = task.actions
        strips = all(action.pre_test is None and not action.cond_effects for action in actions)
        fluent = layout.fluent_mask
        rows = layout.rows([mask for a in actions for mask in (a.pre_pos, a.pre_neg, a.add, a.delete)])
        return cls(
            layout=layout,
            strips=strips,
            pre=rows[0::4],
            neg=rows[1::4],
            keep=~rows[3::4],
            add=rows[2::4],
            index=np.array([action.index for action in actions], dtype=np.int64),
            fixed_pre=[(a.pre_pos & ~fluent, a.pre_neg & ~fluent) for a in actions],
        )


_compiled_cache: dict[int, tuple[tuple[object, ...], _CompiledActions]] = {}


def _compiled(task: Task) -> _CompiledActions:
    """Compiled once per task's actions: ``Task.with_init`` variants share them."""
    found = _compiled_cache.get(id(task.actions))
    if found is not None and found[0] is task.actions:
        return found[1]
    compiled = _CompiledActions.of(task)
    if len(_compiled_cache) >= 8:
        _compiled_cache.pop(next(iter(_compiled_cache)))
    _compiled_cache[id(task.actions)] = (task.actions, compiled)
    return compiled


class _LayerSweep:
    """One breadth-first exploration of a STRIPS task, a layer at a time."""

    def __init__(self, compiled: _CompiledActions, start: int) -> None:
        self.layout = compiled.layout
        self.fixed = start & ~self.layout.fluent_mask
        usable = np.array([self.fixed & p == p and not self.fixed & n for p, n in compiled.fixed_pre], dtype=bool)
        self.pre, self.neg = compiled.pre[usable], compiled.neg[usable]
        self.keep, self.add = compiled.keep[usable], compiled.add[usable]
        self.action_index = compiled.index[usable]
        self.pre_columns = _columns_by_use(self.pre)
        self.neg_columns = _columns_by_use(self.neg)
        self.start = self.layout.rows([start])
        self._file_by_trigger()

    def _file_by_trigger(self) -> None:
        """Each action under the rarest fluent atom of its precondition; those with none
        are tried in every state."""
        bits = np.unpackbits(self.pre.view(np.uint8), axis=1, bitorder="little").astype(bool)
        usage = bits.sum(axis=0)
        rarest = np.where(bits, usage, np.iinfo(np.int64).max).argmin(axis=1)
        triggered = bits.any(axis=1)
        self.untriggered = np.flatnonzero(~triggered)
        order = np.flatnonzero(triggered)[np.argsort(rarest[triggered], kind="stable")]
        trigger_bits, self.group_starts, self.group_sizes = np.unique(
            rarest[order], return_index=True, return_counts=True
        )
        self.group_of_bit = np.full(bits.shape[1], -1, dtype=np.int64)  # the group each atom triggers
        self.group_of_bit[trigger_bits] = np.arange(len(trigger_bits))
        self.grouped = order

    def run(self, cap: int, too_big: StateTable | None) -> StateGraph:
        table = StateTable(self.layout.words)
        table.add(self.start)
        edges: list[_Edges] = []
        # A block of the frontier at a time, so that passing the cap costs at most a block.
        step = max(1, min(_BLOCK_ROWS, _CANDIDATE_CELLS // len(self.group_of_bit)))
        low, high = 0, 1  # the frontier: ids low..high-1
        while low < high:
            for start in range(low, high, step):
                sources, actions, successors = self._expand_block(table.rows[start : min(start + step, high)], start)
                ids = _numbered(table, successors, cap, too_big)
                if ids is None:
                    return _graph_of(self.layout, self.fixed, table, edges, start, complete=False)
                edges.append((sources, actions, ids))
            low, high = high, len(table)
        return _graph_of(self.layout, self.fixed, table, edges, high, complete=True)

    def _expand_block(self, frontier: np.ndarray, first_id: int) -> _Edges:
        bits = np.unpackbits(frontier.view(np.uint8), axis=1, bitorder="little").view(bool)
        rows, bit = np.divmod(np.flatnonzero(bits), bits.shape[1])  # 4x faster than a 2-D nonzero
        groups = self.group_of_bit[bit]
        rows, groups = rows[groups >= 0], groups[groups >= 0]
        sizes = self.group_sizes[groups]
        rows = np.repeat(rows, sizes)
        actions = self.grouped[segments(self.group_starts[groups], sizes)]
        if len(self.untriggered):
            rows = np.concatenate([rows, np.repeat(np.arange(len(frontier)), len(self.untriggered))])
            actions = np.concatenate([actions, np.tile(self.untriggered, len(frontier))])
        for word, column in self.pre_columns:  # a word at a time, the most used first: fewer gathered
            pre = column[actions]
            holds = (frontier[:, word][rows] & pre) == pre
            rows, actions = rows[holds], actions[holds]
        for word, column in self.neg_columns:
            holds = (frontier[:, word][rows] & column[actions]) == 0
            rows, actions = rows[holds], actions[holds]
        successors = (frontier[rows] & self.keep[actions]) | self.add[actions]
        return rows + first_id, self.action_index[actions], successors


def _numbered(table: StateTable, rows: np.ndarray, cap: int, too_big: StateTable | None) -> np.ndarray | None:
    """The id of each row, numbering the new ones; None when they would pass the cap or one
    is in ``too_big``."""
    # The distinct rows first: far fewer than the edges, and looked up in hash order, which
    # binary searches one after another walk through fast.
    first, inverse = unique_rows(rows)
    distinct = rows[first]
    ids = table.find(distinct)
    new = ids < 0
    if new.any():
        fresh = distinct[new]
        if len(table) + len(fresh) > cap or (too_big is not None and (too_big.find(fresh) >= 0).any()):
            return None
        ids[new] = table.add(fresh)
    return ids[inverse]


def _columns_by_use(masks: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(word, that word of every mask) for the words some mask has a bit in, those of the
    most masks first."""
    used = (masks != 0).sum(axis=0)
    return [(int(w), np.ascontiguousarray(masks[:, w])) for w in np.argsort(-used, kind="stable") if used[w]]


def _graph_of(
    layout: RowLayout,
    fixed: int,
    table: StateTable,
    edges: list[_Edges],
    expanded: int,
    complete: bool,
) -> StateGraph:
    """The graph with its edges grouped by source."""
    empty = np.empty(0, dtype=np.int64)
    sources = np.concatenate([e[0] for e in edges]) if edges else empty
    actions = np.concatenate([e[1] for e in edges]) if edges else empty
    children = np.concatenate([e[2] for e in edges]) if edges else empty
    if (np.diff(sources) < 0).any():  # only actions tried in every state come out of order
        order = np.argsort(sources, kind="stable")
        sources, actions, children = sources[order], actions[order], children[order]
    indptr = np.searchsorted(sources, np.arange(expanded + 1))
    return StateGraph(layout, fixed, table, indptr, actions, children, complete)


def _state_sweep(task: Task, layout: RowLayout, cap: int, too_big: StateTable | None) -> StateGraph:
    """The same exploration one state at a time (general preconditions, conditional effects)."""
    index = {task.init: 0}
    states = [task.init]
    sources: list[int] = []
    actions: list[int] = []
    children: list[int] = []
    expanded, complete = 0, True
    for state in states:  # the list grows while it is read: a breadth-first sweep
        out = []
        for action, child in task.transitions(state):
            child_id = index.get(child)
            if child_id is None:
                if len(states) >= cap or (too_big is not None and too_big.find(layout.rows([child]))[0] >= 0):
                    complete = False
                    break
                child_id = index[child] = len(states)
                states.append(child)
            out.append((action.index, child_id))
        if not complete:
            break
        for action_index, child_id in out:
            sources.append(expanded)
            actions.append(action_index)
            children.append(child_id)
        expanded += 1
    table = StateTable(layout.words)
    table.add(layout.rows(states))
    arrays = (np.array(sources, dtype=np.int64), np.array(actions, dtype=np.int64), np.array(children, dtype=np.int64))
    return _graph_of(layout, task.init & ~layout.fluent_mask, table, [arrays], expanded, complete)


class StateSet:
    """States of one task's variants (``Task.with_init``), as rows kept by their fixed atoms."""

    def __init__(self) -> None:
        self._tables: dict[int, StateTable] = {}

    def table(self, fixed: int) -> StateTable | None:
        return self._tables.get(fixed)

    def add(self, graph: StateGraph, ids: np.ndarray) -> None:
        """The states ``ids`` of ``graph``."""
        table = self._tables.setdefault(graph.fixed, StateTable(graph.layout.words))
        rows = graph.table.rows[ids]
        table.add(rows[table.find(rows) < 0])

    def holds(self, task: Task, state: int) -> bool:
        """Whether ``state`` of ``task`` (or of a variant of it) is in the set."""
        layout = _compiled(task).layout
        table = self._tables.get(state & ~layout.fluent_mask)
        return table is not None and bool(table.find(layout.rows([state]))[0] >= 0)
