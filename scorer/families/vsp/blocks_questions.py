"""The five blocks questions of VSP (appendix A), generated from a seed. Levels are VSP's
folder names:

- ``main``: a shortest plan from the start picture to the end picture; levels 1, 3, 5, 7
  are the optimal plan lengths; 5 blocks (VSP's were nearly all 5); the end state is
  drawn uniformly among the states exactly that many moves away.
- ``T1``: the colour at "stack s, level l"; levels 3, 4, 5 are the number of blocks.
- ``T2``: the relation of two blocks, (A) above, (B) below in the same stack, (C) in
  different stacks, (D) at least one absent; levels are block counts; the four answers
  equally often per level. A and B are asked only about a block directly on the other
  (VSP's options say "directly"; VSP also asked about blocks further apart).
- ``T3``: which of four text descriptions is the picture: the right one, the picture
  after one legal move (same blocks, nearly the same stacks), and two of other blocks;
  shuffled; levels are block counts.
- ``T4``: can this sequence of moves be made? Levels 1, 3, 5, 7 are its length; 5
  blocks; exactly half can be made. A sequence that cannot fails at a random step with
  one of VSP's two error kinds, in turn: a move from or to a place that is not the top
  of a stack (``position``), or a move of or onto a block that is not there
  (``missing``).

No state (or state pair) repeats within a split, and dev's never appear in test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorer.families.vsp import blocks_solutions as solve
from scorer.families.vsp.blocks import (
    COLOURS,
    TABLE,
    Move,
    Stacks,
    apply,
    blocks_of,
    canonical,
    distances,
    legal_moves,
    shortest_plan,
    where,
)
from scorer.families.vsp.blocks_text import pure_text

TASKS = ("main", "T1", "T2", "T3", "T4")
PLAN_LENGTHS = (1, 3, 5, 7)
BLOCK_COUNTS = (3, 4, 5)
MAIN_BLOCKS = 5
LETTERS = "ABCD"
T4_ANSWERS = ("valid", "position", "valid", "missing")  # half valid, the errors' two kinds in turn


@dataclass(frozen=True)
class BlocksQuestion:
    task: str
    level: str  # VSP's folder name: level1..level7 (main, T4) or level3..level5 (T1-T3)
    states: tuple[Stacks, ...]  # the pictures, in prompt order (main: start and end)
    key: dict[str, Any]
    solution: str  # a worked answer in VSP's form (the in-context examples)
    fields: dict[str, str] = field(default_factory=dict)  # the prompt's question, candidates or sequence
    facts: dict[str, Any] = field(default_factory=dict)  # more for meta


def levels(task: str) -> list[str]:
    return [f"level{n}" for n in (PLAN_LENGTHS if task in ("main", "T4") else BLOCK_COUNTS)]


def random_state(count: int, rng: random.Random, colours: tuple[str, ...] = COLOURS) -> Stacks:
    """``count`` blocks of distinct colours cut into a random number of stacks."""
    chosen = rng.sample(colours, count)
    stacks = rng.randint(1, count)
    cuts = sorted(rng.sample(range(1, count), stacks - 1))
    return tuple(tuple(chosen[a:b]) for a, b in zip([0, *cuts], [*cuts, count]))


class StatePool:
    """Hands out states (or state pairs) never handed out before in this build."""

    def __init__(self, taken: set[Any]):
        self.taken = taken

    def fresh(self, thing: Any) -> bool:
        if thing in self.taken:
            return False
        self.taken.add(thing)
        return True


def make_questions(task: str, level: str, count: int, rng: random.Random, pool: StatePool) -> list[BlocksQuestion]:
    number = int(level[5:])
    if task in ("T2", "T4"):
        answers = _balanced(count, rng, list(LETTERS) if task == "T2" else list(T4_ANSWERS))
        return [_MAKERS[task](number, answer, rng, pool) for answer in answers]
    return [_MAKERS[task](number, "", rng, pool) for _ in range(count)]


def _balanced(count: int, rng: random.Random, answers: list[Any]) -> list[Any]:
    drawn = [answers[k % len(answers)] for k in range(count)]
    rng.shuffle(drawn)
    return drawn


def _plan_question(length: int, _: str, rng: random.Random, pool: StatePool) -> BlocksQuestion:
    while True:
        start = random_state(MAIN_BLOCKS, rng)
        ends = sorted(state for state, moves in distances(start).items() if moves == length)
        if ends:
            goal = _shuffled_stacks(rng.choice(ends), rng)
            if pool.fresh(("main", canonical(start), canonical(goal))):
                break
    return plan_question(f"level{length}", start, goal, with_solution=True)


def plan_question(
    level: str, start: Stacks, goal: Stacks, with_solution: bool = False, solution: str = ""
) -> BlocksQuestion:
    """The main task's question from ``start`` to ``goal``; its key is a shortest plan.
    The worked answer is ours ``with_solution``, else ``solution`` (the importer's)."""
    plan = shortest_plan(start, goal)
    key = {
        "form": "blocks-plan",
        "start": [list(s) for s in start],
        "goal": [list(s) for s in goal],
        "optimal_length": len(plan),
        "optimal_plan": [str(m) for m in plan],
    }
    worked = solve.plan_solution(start, goal, plan) if with_solution else solution
    facts = {"optimal_length": len(plan), "blocks": len(blocks_of(start))}
    return BlocksQuestion("main", level, (start, goal), key, worked, facts=facts)


def _shuffled_stacks(stacks: Stacks, rng: random.Random) -> Stacks:
    """The stacks in a random left-to-right order (canonical order would give a hint)."""
    order = list(stacks)
    rng.shuffle(order)
    return tuple(order)


def _fresh_state(task: str, count: int, rng: random.Random, pool: StatePool) -> Stacks:
    while not pool.fresh((task, state := random_state(count, rng))):
        pass
    return state


def _colour_question(count: int, _: str, rng: random.Random, pool: StatePool) -> BlocksQuestion:
    stacks = _fresh_state("T1", count, rng, pool)
    block = rng.choice(blocks_of(stacks))
    stack, level = where(stacks, block)  # type: ignore[misc]
    question = f"What is the color of the block at stack {stack + 1}, level {level + 1}?"
    return BlocksQuestion(
        "T1",
        f"level{count}",
        (stacks,),
        {"form": "colour", "answer": block},
        solve.colour_solution(stacks, question, block),
        {"question": question},
        {"asked": [stack + 1, level + 1], "blocks": count},
    )


def relation_question_text(first: str, second: str) -> str:
    """VSP's T2 question and options (its ``text_input`` files, "betweeen" corrected)."""
    a, b = f"the {first} block", f"the {second} block"
    return "\n".join(
        [
            f"What is the spatial relation between {a} and {b}?",
            f"(A) {a.capitalize()} is directly above {b}, and they are in the same stack.",
            f"(B) {a.capitalize()} is directly below {b}, and they are in the same stack.",
            f"(C) {a.capitalize()} and {b} are at different stacks.",
            f"(D) At least one of {a} and {b} does not exist in the presented configurations.",
        ]
    )


def _relation_question(count: int, letter: str, rng: random.Random, pool: StatePool) -> BlocksQuestion:
    while True:
        stacks = _fresh_state("T2", count, rng, pool)
        pair = _pair_for(stacks, letter, rng)
        if pair is not None:
            break
    first, second, reason = pair
    question = relation_question_text(first, second)
    return BlocksQuestion(
        "T2",
        f"level{count}",
        (stacks,),
        {"form": "choice", "marker": "output", "answer": letter},
        solve.relation_solution(stacks, question.splitlines()[0], reason, letter),
        {"question": question},
        {"asked": [first, second], "blocks": count},
    )


def _pair_for(stacks: Stacks, letter: str, rng: random.Random) -> tuple[str, str, str] | None:
    """Two blocks whose relation is ``letter``, and why; None when this state has none."""
    if letter in "AB":
        pairs = [(upper, lower) for stack in stacks for lower, upper in zip(stack, stack[1:])]
        if not pairs:
            return None
        upper, lower = rng.choice(pairs)
        if letter == "A":
            return upper, lower, f"the {upper} block is directly above the {lower} block in the same stack"
        return lower, upper, f"the {lower} block is directly below the {upper} block in the same stack"
    if letter == "C":
        if len(stacks) < 2:
            return None
        left, right = rng.sample(range(len(stacks)), 2)
        first, second = rng.choice(stacks[left]), rng.choice(stacks[right])
        return first, second, f"the {first} block and the {second} block are at different stacks"
    present = blocks_of(stacks)
    absent = rng.choice([c for c in COLOURS if c not in present])
    other = rng.choice([c for c in COLOURS if c != absent])
    first, second = (absent, other) if rng.random() < 0.5 else (other, absent)
    return first, second, f"there is no {absent} block"


def _choice_question(count: int, _: str, rng: random.Random, pool: StatePool) -> BlocksQuestion:
    stacks = _fresh_state("T3", count, rng, pool)
    near = apply(stacks, rng.choice(list(legal_moves(stacks))))
    others = [random_state(n, rng) for n in rng.sample([n for n in range(2, 7) if n != count], 2)]
    candidates = [stacks, near, *others]
    rng.shuffle(candidates)
    answer = LETTERS[candidates.index(stacks)]
    text = "\n\n".join(f"({LETTERS[k]})\n{pure_text(c).rstrip()}" for k, c in enumerate(candidates))
    return BlocksQuestion(
        "T3",
        f"level{count}",
        (stacks,),
        {"form": "choice", "marker": "output", "answer": answer},
        solve.choice_solution(stacks, answer),
        {"candidates": text},
        {"candidate_blocks": [len(blocks_of(c)) for c in candidates], "blocks": count},
    )


def sequence_text(moves: list[Move]) -> str:
    return "\n".join(f"{number}. {move}" for number, move in enumerate(moves, start=1))


def _sequence_question(length: int, answer: str, rng: random.Random, pool: StatePool) -> BlocksQuestion:
    valid = answer == "valid"
    error = None if valid else answer
    while True:
        stacks = random_state(MAIN_BLOCKS, rng)
        fail_at = length if valid else rng.randint(1, length)
        moves = _sequence(stacks, length, fail_at, error, rng)
        if pool.fresh(("T4", stacks, tuple(moves))):
            break
    facts: dict[str, Any] = {"sequence_length": length, "moves": [str(m) for m in moves], "blocks": MAIN_BLOCKS}
    if error:
        facts |= {"error": error, "failing_step": fail_at}
    return BlocksQuestion(
        "T4",
        f"level{length}",
        (stacks,),
        {"form": "yes-no", "answer": valid},
        solve.sequence_solution(stacks, moves),
        {"sequence": sequence_text(moves)},
        facts,
    )


def _sequence(stacks: Stacks, length: int, fail_at: int, error: str | None, rng: random.Random) -> list[Move]:
    """``fail_at - 1`` random legal moves, then (if ``error``) an illegal move of that
    kind, then random moves of the blocks in the picture."""
    moves, state = [], stacks
    for _ in range(fail_at if error is None else fail_at - 1):
        move = rng.choice(list(legal_moves(state)))
        moves.append(move)
        state = apply(state, move)
    if error is None:
        return moves
    moves.append(rng.choice(_illegal(state, error)))
    present = blocks_of(stacks)
    for _ in range(length - fail_at):
        block = rng.choice(present)
        moves.append(Move(block, rng.choice([TABLE, *(c for c in present if c != block)])))
    return moves


def _illegal(state: Stacks, error: str) -> list[Move]:
    """Every illegal move of the kind: ``position`` (a covered block, onto a covered
    block, a lone block to the table) or ``missing`` (of or onto an absent block)."""
    present = blocks_of(state)
    if error == "missing":
        absent = [c for c in COLOURS if c not in present]
        tops = [stack[-1] for stack in state]
        return [Move(a, t) for a in absent for t in (TABLE, *tops)] + [Move(t, a) for t in tops for a in absent]
    covered = [b for stack in state for b in stack[:-1]]
    moves = [Move(b, t) for b in covered for t in (TABLE, *(s[-1] for s in state if b not in s))]
    moves += [Move(stack[-1], c) for stack in state for c in covered if c not in stack]
    moves += [Move(stack[0], TABLE) for stack in state if len(stack) == 1]
    return moves


_MAKERS: dict[str, Callable[[int, str, random.Random, StatePool], BlocksQuestion]] = {
    "main": _plan_question,
    "T1": _colour_question,
    "T2": _relation_question,
    "T3": _choice_question,
    "T4": _sequence_question,
}
