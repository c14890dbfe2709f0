"""Config ``slidegeom-episodes``: one sliding geom puzzle episode per board (iVISPAR).

Boards come from ``generate_boards``. Full size: test is the paper's grid (geoms 2..11
x optimal length 2..11, 3 boards per cell = 300, interference 0) plus the ``hard``
grid (interference > 0, 1 per cell = 30); dev is one board per cell of both grids,
from its own seed, without any board test has. Mini size: a handful of cells.

A row holds the puzzle (geoms, start and goal placements in ``meta``; the PDDL), the
optimal moves as commands in ``answer_key``, and ``prompt`` / ``images``: the first
observation of the default mode (3D view: the goal image, then the start image).
``make_row`` also makes the rows of imported boards (``ivispar_import``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any

from data_build.rows import dumps, image_cell, prompt_columns, row_features
from data_build.spec import SPLITS, BuildSettings, ConfigSpec, Rows
from scorer.episodes.engine import make_episode
from scorer.families.slidegeom.board import Board, manhattan_sum
from scorer.families.slidegeom.generate import GridCell, SlideProblem, generate_boards
from scorer.families.slidegeom.moves import command_for_move
from scorer.families.slidegeom.pddl import domain_pddl
from scorer.families.slidegeom.text import placement_text
from scorer.registry.family import card_template
from scorer.scoring.harness import key_row

CONFIG = "slidegeom-episodes"
MAX_STEPS = 20  # the paper's cap on actions per episode
# Per size and split: (difficulty, boards per cell, cells or None for the whole grid).
BoardSet = tuple[str, int, Sequence[GridCell] | None]
STANDARD_PER_CELL = 3  # the paper's 3 boards per cell of its grid: 300 boards (slidegeom-describe shows them too)
BOARD_SETS: dict[str, dict[str, tuple[BoardSet, ...]]] = {
    "full": {
        "test": (("standard", STANDARD_PER_CELL, None), ("hard", 1, None)),
        "dev": (("standard", 1, None), ("hard", 1, None)),
    },
    "mini": {
        "test": (("standard", 1, ((2, 2), (4, 5), (7, 8))), ("hard", 1, ((3, 6),))),
        "dev": (("standard", 1, ((3, 3),)),),
    },
}


def episode_boards(settings: BuildSettings) -> dict[str, list[SlideProblem]]:
    """The boards of each split, test first; a dev board equal to a test board is dropped."""
    boards: dict[str, list[SlideProblem]] = {}
    taken: set[Board] = set()
    for split in SPLITS:
        problems = [
            p
            for difficulty, per_cell, cells in BOARD_SETS[settings.size][split]
            for p in generate_boards(difficulty, f"{settings.seed}/{CONFIG}/{split}", per_cell, cells)
        ]
        boards[split] = [p for p in problems if p.board not in taken]
        taken |= {p.board for p in boards[split]}
    return boards


def key_fields(
    problem: SlideProblem, config: str, split: str, index: int, extra_meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Every column but ``images`` and ``prompt``: what the scorer reads, cheap to make."""
    board = problem.board
    meta = {
        "problem": problem.name,
        "seed": problem.seed,
        "board_size": board.size,
        "geoms": [g.name for g in board.geoms],
        "start": [list(c) for c in board.start],
        "goal": [list(c) for c in board.goal],
        "n_geoms": len(board.geoms),
        "optimal_length": problem.optimal_length,
        "manhattan": manhattan_sum(board.start, board.goal),
        "interference": problem.interference,
        "max_steps": MAX_STEPS,
        **(extra_meta or {}),
    }
    moves = [command_for_move(board, m).text for m in problem.optimal_moves]
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "slidegeom",
        "task": "episode",
        "difficulty": problem.difficulty,
        "goal": placement_text(board.geoms, board.goal),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem.pddl(),
        "answer_key": dumps({"optimal_length": problem.optimal_length, "optimal_moves": moves}),
        "meta": dumps(meta),
    }


def make_row(
    problem: SlideProblem, config: str, split: str, index: int, extra_meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A full row: the key fields plus the default mode's first observation."""
    fields = key_fields(problem, config, split, index, extra_meta)
    observation, _ = make_episode(key_row(fields)).reset()
    images = [image_cell(png) for png in observation.images_png()]
    return {**fields, "images": images, **prompt_columns(observation)}


def build(settings: BuildSettings) -> Rows:
    return {
        split: [make_row(p, CONFIG, split, i) for i, p in enumerate(problems)]
        for split, problems in episode_boards(settings).items()
    }


def count_table(rows: Rows) -> str:
    """Rows per split and difficulty, as a markdown table for the card."""
    counts = Counter((split, row["difficulty"]) for split, split_rows in rows.items() for row in split_rows)
    difficulties = sorted({d for _, d in counts}, key=lambda d: (d != "standard", d))
    lines = ["| split | " + " | ".join(difficulties) + " |", "|---|" + "---|" * len(difficulties)]
    for split in rows:
        lines.append(f"| {split} | " + " | ".join(str(counts[(split, d)]) for d in difficulties) + " |")
    return "\n".join(lines)


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="slidegeom",
    task="episode",
    summary="Sliding geom puzzle episodes in 3D / 2D / text views, A* optimal paths (iVISPAR).",
    features_of=partial(row_features, ("goal",)),
    build=build,
    papers=("iVISPAR",),
    card_facts=lambda rows: {"count_table": count_table(rows)},
)
