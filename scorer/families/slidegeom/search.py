"""Moves and optimal search over sliding geom placements (iVISPAR).

A state is a placement: one cell per geom, in the board's geom order (geoms are
distinguishable, as in iVISPAR's A*). A move shifts one geom one cell into a free,
in-bounds neighbour; every move costs 1.

The state graph is bipartite: a move changes the sum of all coordinates by exactly one,
so every path between two placements has the parity of their coordinate-sum
difference. Two neighbours' distances to the goal thus differ in parity, and by at
most one: every legal move changes the optimal distance by exactly +1 or -1, never 0.

``solve`` is A* with the sum of Manhattan distances of the geoms to their own goal
cells as heuristic: admissible (a move shifts one geom one cell) and consistent (it
changes by exactly one per move), so no state is ever reopened. Internally a state is
one int packing the geoms' cell indices, and the heuristic is updated incrementally.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterator
from functools import cache, lru_cache

from scorer.families.slidegeom.board import DIRECTIONS, Cell, Placement, in_bounds, placement_problem

Move = tuple[int, str]  # (index of the geom in the board's order, direction)
DEFAULT_MAX_EXPANSIONS = 2_000_000


class SearchLimitError(RuntimeError):
    """The search expanded ``max_expansions`` states without deciding."""


class IllegalMoveError(ValueError):
    """The move leaves the board or lands on an occupied cell."""


def move_target(placement: Placement, move: Move) -> Cell:
    """The cell the moved geom would land on (possibly off the board or occupied)."""
    geom_index, direction = move
    dx, dy = DIRECTIONS[direction]
    x, y = placement[geom_index]
    return x + dx, y + dy


def is_legal(board_size: int, placement: Placement, move: Move) -> bool:
    target = move_target(placement, move)
    return in_bounds(board_size, target) and target not in placement


def legal_moves(board_size: int, placement: Placement) -> list[Move]:
    """Every legal move, by geom order then direction order (left, right, down, up)."""
    occupied = set(placement)
    moves: list[Move] = []
    for geom_index, (x, y) in enumerate(placement):
        for direction, (dx, dy) in DIRECTIONS.items():
            target = (x + dx, y + dy)
            if in_bounds(board_size, target) and target not in occupied:
                moves.append((geom_index, direction))
    return moves


def apply_move(board_size: int, placement: Placement, move: Move) -> Placement:
    """The placement after ``move``; IllegalMoveError when the move is not legal."""
    target = move_target(placement, move)
    if not in_bounds(board_size, target):
        raise IllegalMoveError(f"move {move} leaves the {board_size}x{board_size} board")
    if target in placement:
        raise IllegalMoveError(f"move {move} lands on occupied cell {target}")
    geom_index = move[0]
    return placement[:geom_index] + (target,) + placement[geom_index + 1 :]


def apply_moves(board_size: int, placement: Placement, moves: list[Move] | tuple[Move, ...]) -> Placement:
    for move in moves:
        placement = apply_move(board_size, placement, move)
    return placement


def solve(
    board_size: int, start: Placement, goal: Placement, max_expansions: int = DEFAULT_MAX_EXPANSIONS
) -> tuple[Move, ...] | None:
    """An optimal move sequence from ``start`` to ``goal`` by A*; None when unreachable.

    Cached (episodes ask for the same states again and again). SearchLimitError when
    A* expands ``max_expansions`` states first (a full 4x4 board with one free cell
    has 16!/2 reachable placements; the puzzles here have at least five free cells).
    """
    _check(board_size, start, goal)
    return _solve_cached(board_size, tuple(start), tuple(goal), max_expansions)


def distance(board_size: int, placement: Placement, goal: Placement) -> int:
    """Optimal number of moves from ``placement`` to ``goal``; ValueError when unreachable."""
    moves = solve(board_size, placement, goal)
    if moves is None:
        raise ValueError(f"the goal {goal} cannot be reached from {placement}")
    return len(moves)


def bfs_solve(
    board_size: int, start: Placement, goal: Placement, max_states: int = 30_000_000
) -> tuple[Move, ...] | None:
    """An optimal move sequence by plain breadth-first search (goal test on generation).

    The reference A* is compared against (``bench/bench_slidegeom.py``): same state
    encoding, no heuristic, not cached.
    """
    _check(board_size, start, goal)
    code = _Code(board_size, len(start))
    root, target = code.encode(start), code.encode(goal)
    parents: dict[int, int] = {root: root}
    frontier = deque([root])
    while frontier and target not in parents:
        state = frontier.popleft()
        for child in code.children(state):
            if child not in parents:
                parents[child] = state
                frontier.append(child)
        if len(parents) >= max_states:
            raise SearchLimitError(f"breadth-first search reached {max_states} states")
    return code.path(parents, root, target) if target in parents else None


def cache_clear() -> None:
    """Forget cached solutions (benchmarks time cold searches)."""
    _solve_cached.cache_clear()


@lru_cache(maxsize=65_536)
def _solve_cached(board_size: int, start: Placement, goal: Placement, max_expansions: int) -> tuple[Move, ...] | None:
    return _astar(_Code(board_size, len(start)), start, goal, max_expansions)


def _astar(code: _Code, start: Placement, goal: Placement, max_expansions: int) -> tuple[Move, ...] | None:
    root, target = code.encode(start), code.encode(goal)
    goal_cells = code.decode(target)
    cell_distance = _cell_distances(code.board_size)
    neighbours = _neighbours(code.board_size)
    root_h = sum(cell_distance[c][g] for c, g in zip(code.decode(root), goal_cells))
    best_g = {root: 0}
    parents = {root: root}
    closed: set[int] = set()
    # Among equal f, prefer deeper states (-g first): they are nearer the goal.
    open_list = [(root_h, 0, root_h, root)]
    while open_list:
        _, negative_g, h, state = heapq.heappop(open_list)
        if state in closed:
            continue  # a stale entry: the heuristic is consistent, so the first pop was optimal
        if state == target:
            return code.path(parents, root, target)
        closed.add(state)
        if len(closed) > max_expansions:
            raise SearchLimitError(f"A* expanded {max_expansions} states")
        child_g = 1 - negative_g
        cells = code.decode(state)
        occupied = _occupancy(cells)
        for geom_index, cell in enumerate(cells):
            shift, goal_cell = geom_index * code.bits, goal_cells[geom_index]
            for next_cell in neighbours[cell]:
                if occupied >> next_cell & 1:
                    continue
                child = state + ((next_cell - cell) << shift)
                if child in closed or child_g >= best_g.get(child, child_g + 1):
                    continue
                best_g[child] = child_g
                parents[child] = state
                child_h = h - cell_distance[cell][goal_cell] + cell_distance[next_cell][goal_cell]
                heapq.heappush(open_list, (child_g + child_h, -child_g, child_h, child))
    return None


class _Code:
    """A placement packed into one int: the cell index ``y * size + x`` of geom i in
    bits ``[i * bits, (i + 1) * bits)``. Ints hash and compare faster than tuples and
    take a fifth of the memory, which is what bounds breadth-first search."""

    def __init__(self, board_size: int, n_geoms: int) -> None:
        self.board_size = board_size
        self.n_geoms = n_geoms
        self.bits = max(1, (board_size * board_size - 1).bit_length())
        self.mask = (1 << self.bits) - 1

    def encode(self, placement: Placement) -> int:
        return sum((y * self.board_size + x) << (i * self.bits) for i, (x, y) in enumerate(placement))

    def decode(self, state: int) -> list[int]:
        return [state >> (i * self.bits) & self.mask for i in range(self.n_geoms)]

    def children(self, state: int) -> Iterator[int]:
        cells = self.decode(state)
        occupied = _occupancy(cells)
        neighbours = _neighbours(self.board_size)
        for geom_index, cell in enumerate(cells):
            shift = geom_index * self.bits
            for next_cell in neighbours[cell]:
                if not occupied >> next_cell & 1:
                    yield state + ((next_cell - cell) << shift)

    def path(self, parents: dict[int, int], root: int, end: int) -> tuple[Move, ...]:
        """The moves from ``root`` to ``end``; ``parents`` maps a state to its predecessor
        (the root to itself). Each move is read off the one geom whose cell changed."""
        states = [end]
        while states[-1] != root:
            states.append(parents[states[-1]])
        states.reverse()
        return tuple(self._move_between(a, b) for a, b in zip(states, states[1:]))

    def _move_between(self, before: int, after: int) -> Move:
        for geom_index, (old, new) in enumerate(zip(self.decode(before), self.decode(after))):
            if old != new:
                delta = (new % self.board_size - old % self.board_size, new // self.board_size - old // self.board_size)
                return geom_index, _DIRECTION_OF_DELTA[delta]
        raise AssertionError("consecutive states on a path differ in one geom")


_DIRECTION_OF_DELTA = {delta: name for name, delta in DIRECTIONS.items()}


def _occupancy(cells: list[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _check(board_size: int, start: Placement, goal: Placement) -> None:
    for role, placement in (("start", start), ("goal", goal)):
        problem = placement_problem(board_size, len(goal), placement)
        if problem is not None:
            raise ValueError(f"{role}: {problem}")


@cache
def _neighbours(board_size: int) -> tuple[tuple[int, ...], ...]:
    """Per cell index: the indices of its in-bounds neighbours."""
    table = []
    for index in range(board_size * board_size):
        x, y = index % board_size, index // board_size
        cells = [(x + dx, y + dy) for dx, dy in DIRECTIONS.values()]
        table.append(tuple(cy * board_size + cx for cx, cy in cells if in_bounds(board_size, (cx, cy))))
    return tuple(table)


@cache
def _cell_distances(board_size: int) -> tuple[tuple[int, ...], ...]:
    cells = [(i % board_size, i // board_size) for i in range(board_size * board_size)]
    return tuple(tuple(abs(ax - bx) + abs(ay - by) for bx, by in cells) for ax, ay in cells)
