"""VSP's blocks world: coloured blocks in stacks standing on a table (VSP, appendix A,
"Blocks World").

A state is its stacks from left to right, each listed from bottom to top. A move takes
the top block of a stack and puts it on the top block of another stack, or on the table,
where it starts a new stack (VSP's ``move(red,table)``, ``move(blue,orange)``). As VSP
says, the order of the stacks does not matter when two states are compared: ``same``
and ``canonical`` ignore it, while the stack numbers of T1's questions ("stack 2,
level 1") count from the left of the picture.

Every move must be legal. A move is illegal when its block is not in the picture, is
covered by another block, or would stay where it is (onto itself, or a lone block onto
the table), or when its target block is missing or covered. VSP's own scorer silently
skipped illegal moves; ours fails the plan at the first one and says why.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

COLOURS = ("blue", "yellow", "purple", "orange", "red", "green")  # VSP's six, in its prompt's order
TABLE = "table"
Stacks = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Move:
    block: str
    target: str  # a colour or "table"

    def __str__(self) -> str:
        return f"move({self.block},{self.target})"


class IllegalMove(ValueError):
    """A move that cannot be made in the state it is tried in (the message says why)."""


def canonical(stacks: Iterable[Iterable[str]]) -> Stacks:
    """The state with its stacks in a fixed order (their order does not matter)."""
    return tuple(sorted(tuple(stack) for stack in stacks if stack))


def same(first: Stacks, second: Stacks) -> bool:
    return canonical(first) == canonical(second)


def blocks_of(stacks: Stacks) -> list[str]:
    return [block for stack in stacks for block in stack]


def where(stacks: Stacks, block: str) -> tuple[int, int] | None:
    """(stack, level), 0-based from the left and from the bottom; None when absent."""
    for number, stack in enumerate(stacks):
        if block in stack:
            return number, stack.index(block)
    return None


def apply(stacks: Stacks, move: Move) -> Stacks:
    """The state after ``move``; the empty stack a move leaves is dropped, a block put on
    the table becomes a new stack on the right. Raises IllegalMove."""
    found = where(stacks, move.block)
    if found is None:
        raise IllegalMove(f"there is no {move.block} block")
    source, level = found
    if level != len(stacks[source]) - 1:
        raise IllegalMove(f"the {move.block} block is under the {stacks[source][level + 1]} block")
    if move.target == TABLE:
        if len(stacks[source]) == 1:
            raise IllegalMove(f"the {move.block} block is already on the table")
        return _replace(stacks, source, stacks[source][:-1]) + ((move.block,),)
    target = where(stacks, move.target)
    if move.target == move.block:
        raise IllegalMove(f"the {move.block} block cannot go on itself")
    if target is None:
        raise IllegalMove(f"there is no {move.target} block to put it on")
    if target[1] != len(stacks[target[0]]) - 1:
        raise IllegalMove(f"the {move.target} block is under the {stacks[target[0]][target[1] + 1]} block")
    moved = _replace(stacks, target[0], stacks[target[0]] + (move.block,))
    return tuple(s for s in _replace(moved, source, stacks[source][:-1]) if s)


def _replace(stacks: Stacks, index: int, stack: tuple[str, ...]) -> Stacks:
    return stacks[:index] + (stack,) + stacks[index + 1 :]


def run(stacks: Stacks, moves: Iterable[Move]) -> Stacks:
    """The state after every move, in turn (raises IllegalMove at the first illegal one)."""
    for move in moves:
        stacks = apply(stacks, move)
    return stacks


def legal_moves(stacks: Stacks) -> Iterator[Move]:
    """Every legal move, in a fixed order (top blocks left to right, table first)."""
    tops = [stack[-1] for stack in stacks]
    for stack in stacks:
        if len(stack) > 1:
            yield Move(stack[-1], TABLE)
        for other in tops:
            if other != stack[-1]:
                yield Move(stack[-1], other)


def distances(start: Stacks) -> dict[Stacks, int]:
    """Fewest moves from ``start`` to every state reachable from it (BFS over states in
    canonical order; 501 states for 5 blocks, 4,051 for 6)."""
    seen = {canonical(start): 0}
    frontier = deque([canonical(start)])
    while frontier:
        state = frontier.popleft()
        for move in legal_moves(state):
            after = canonical(apply(state, move))
            if after not in seen:
                seen[after] = seen[state] + 1
                frontier.append(after)
    return seen


def shortest_plan(start: Stacks, goal: Stacks) -> list[Move]:
    """A shortest plan from ``start`` to ``goal`` (BFS, moves in ``legal_moves`` order)."""
    parents: dict[Stacks, tuple[Stacks, Move] | None] = {canonical(start): None}
    frontier, wanted = deque([canonical(start)]), canonical(goal)
    while frontier:
        state = frontier.popleft()
        if state == wanted:
            return _path_to(parents, state)
        for move in legal_moves(state):
            after = canonical(apply(state, move))
            if after not in parents:
                parents[after] = (state, move)
                frontier.append(after)
    raise ValueError(f"{goal} cannot be reached from {start}: the blocks differ")


def _path_to(parents: dict[Stacks, tuple[Stacks, Move] | None], state: Stacks) -> list[Move]:
    moves = []
    while (link := parents[state]) is not None:
        state, move = link
        moves.append(move)
    return list(reversed(moves))
