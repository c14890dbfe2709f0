"""The five maze questions of VSP (appendix A.1), generated from a seed.

- ``main``: plan a safe path to the goal; levels are the sizes 3..8.
- ``T1``: is there a hole at row r, column c? Maps with holes on half the cells, and
  per level exactly half the answers are Yes.
- ``T2``: where is the player relative to the goal (Above/Below, Left/Right)?
- ``T3``: which of four text tables is the image? One right, one of the same size with
  another layout, two of two other sizes; the order is shuffled.
- ``T4``: is this move sequence safe? 5x5 maps; levels are the sequence lengths 1, 3,
  5, 7, 9; per level exactly half are safe, and an unsafe sequence steps into a hole at
  a step drawn at random (the moves after it are random too).

``main``, ``T2`` and ``T3`` ask about the same maps, as VSP's do, so a model's
perception and planning can be compared map by map. No map appears twice in a split,
and dev maps never appear in test.

T4 follows VSP's answers: a sequence is safe when it never enters a hole, even after
passing the goal. To keep that unambiguous, no sequence here passes the goal before
the step that decides it ("reaching the goal is victory" would otherwise say safe).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorer.families.vsp import maze_solutions as solve
from scorer.families.vsp.maze import MOVE_WORDS, MOVES, SIZES, Maze, play, relative_position, shortest_plan
from scorer.families.vsp.maze_generate import half_hole_maze, random_maze
from scorer.families.vsp.maze_text import table_text, where

TASKS = ("main", "T1", "T2", "T3", "T4")
SEQUENCE_LENGTHS = (1, 3, 5, 7, 9)
T4_SIZE = 5
LETTERS = "ABCD"


@dataclass(frozen=True)
class Question:
    task: str
    level: str  # "level5" (size) or "step3" (T4's sequence length), VSP's folder names
    maze: Maze  # the maze the image shows
    key: dict[str, Any]
    solution: str  # a worked answer in VSP's form (the in-context examples)
    fields: dict[str, str] = field(default_factory=dict)  # the prompt's question, candidates or sequence
    facts: dict[str, Any] = field(default_factory=dict)  # more for meta


def levels(task: str) -> list[str]:
    return [f"step{n}" for n in SEQUENCE_LENGTHS] if task == "T4" else [f"level{n}" for n in SIZES]


class MapPool:
    """Draws mazes for one split, never one already drawn (in this split or an earlier one)."""

    def __init__(self, taken: set[Maze]):
        self.taken = taken

    def draw(self, draw: Callable[[int, random.Random], Maze], size: int, rng: random.Random) -> Maze:
        while True:
            maze = draw(size, rng)
            if maze not in self.taken:
                self.taken.add(maze)
                return maze


def make_questions(
    task: str, level: str, count: int, rng: random.Random, pool: MapPool, shared_maps: list[Maze]
) -> list[Question]:
    if task == "T1":
        return _hole_questions(int(level[5:]), count, rng, pool)
    if task == "T4":
        return _safety_questions(int(level[4:]), count, rng, pool)
    return [_MAKERS[task](maze, rng, pool) for maze in shared_maps[:count]]


def _plan_question(maze: Maze, rng: random.Random, pool: MapPool) -> Question:
    plan = shortest_plan(maze)
    assert plan is not None  # the generator only makes solvable mazes
    key = {"form": "plan", "maze": table_text(maze), "optimal_plan": plan, "optimal_length": len(plan)}
    return Question(
        "main", f"level{maze.size}", maze, key, solve.plan_solution(maze, plan), facts={"optimal_length": len(plan)}
    )


def _relation_question(maze: Maze, rng: random.Random, pool: MapPool) -> Question:
    answer = list(relative_position(maze))
    return Question(
        "T2", f"level{maze.size}", maze, {"form": "relation", "answer": answer}, solve.relation_solution(maze)
    )


def _choice_question(maze: Maze, rng: random.Random, pool: MapPool) -> Question:
    other_sizes = rng.sample([s for s in SIZES if s != maze.size], 2)
    wrong = [pool.draw(random_maze, maze.size, rng)] + [pool.draw(random_maze, s, rng) for s in other_sizes]
    candidates = [maze, *wrong]
    rng.shuffle(candidates)
    answer = candidates.index(maze)
    text = "\n\n".join(f"({LETTERS[k]})\n{table_text(m)}" for k, m in enumerate(candidates))
    return Question(
        "T3",
        f"level{maze.size}",
        maze,
        {"form": "choice", "answer": LETTERS[answer]},
        solve.choice_solution(maze, candidates, answer),
        {"candidates": text},
        {"candidate_sizes": [m.size for m in candidates]},
    )


_MAKERS = {"main": _plan_question, "T2": _relation_question, "T3": _choice_question}


def _hole_questions(size: int, count: int, rng: random.Random, pool: MapPool) -> list[Question]:
    answers = [True] * (count // 2) + [False] * (count - count // 2)
    rng.shuffle(answers)
    questions = []
    for is_hole in answers:
        maze = pool.draw(half_hole_maze, size, rng)
        cell = rng.choice(sorted(maze.holes) if is_hole else [c for c in maze.cells() if c not in maze.holes])
        question = f"Is there a hole in {where(cell)}?"
        questions.append(
            Question(
                "T1",
                f"level{size}",
                maze,
                {"form": "yes-no", "answer": is_hole},
                solve.hole_solution(is_hole),
                {"question": question},
                {"asked": [cell[0] + 1, cell[1] + 1]},
            )
        )
    return questions


def _safety_questions(length: int, count: int, rng: random.Random, pool: MapPool) -> list[Question]:
    answers = [True] * (count // 2) + [False] * (count - count // 2)
    rng.shuffle(answers)
    questions = []
    for safe in answers:
        while True:
            maze = pool.draw(random_maze, T4_SIZE, rng)
            moves = _sequence(maze, length, safe, rng)
            if moves is not None:
                break
        sequence = ", ".join(MOVE_WORDS[m] for m in moves)
        questions.append(
            Question(
                "T4",
                f"step{length}",
                maze,
                {"form": "yes-no", "answer": safe},
                solve.safety_solution(maze, moves),
                {"sequence": sequence},
                {"moves": moves, "sequence_length": length},
            )
        )
    return questions


def _sequence(maze: Maze, length: int, safe: bool, rng: random.Random) -> str | None:
    """A random sequence of ``length`` moves, safe or stepping into a hole at a random
    step; it never passes the goal before that step. None when this maze cannot give one
    in a few tries (the caller draws another maze)."""
    for _ in range(50):
        fall_at = length if safe else rng.randint(1, length)
        moves = _safe_walk(maze, fall_at if safe else fall_at - 1, rng, avoid_goal=not safe)
        if moves is None:
            continue
        if not safe:
            cell = play(maze, moves, stop_at_goal=False).cell
            into_hole = [m for m in MOVES if maze.step(cell, m) in maze.holes]
            if not into_hole:
                continue
            moves += rng.choice(into_hole) + "".join(rng.choice("LRUD") for _ in range(length - fall_at))
        walked, stopped = play(maze, moves, stop_at_goal=False), play(maze, moves)
        if (walked.end != "hole") == safe and (stopped.end != "hole") == safe:
            return moves
    return None


def _safe_walk(maze: Maze, steps: int, rng: random.Random, avoid_goal: bool) -> str | None:
    """``steps`` random moves that never enter a hole (nor the goal, if asked)."""
    cell, moves = maze.player, ""
    for _ in range(steps):
        targets = {m: maze.step(cell, m) for m in MOVES}
        options = [m for m, t in targets.items() if t not in maze.holes and not (avoid_goal and t == maze.goal)]
        if not options:
            return None
        move = rng.choice(options)
        moves += move
        cell = maze.step(cell, move)
    return moves
