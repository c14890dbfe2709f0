"""Config ``slidegeom-describe``: list every geom of one sliding geom board image with
its cell (iVISPAR's board-state inference, section 4.7).

Each board is shown twice, once per view (``difficulty`` is the view: ``3d`` or ``2d``),
so the two views are compared on the same boards, as the paper's figure 6 does. The
board shown is a generated puzzle's start state. At full size, test shows the paper's
300 boards (iVISPAR, section 5: the standard grid, geoms 2..11 x optimal length 2..11,
3 boards per cell): exactly the standard test boards of ``slidegeom-episodes``, drawn
from that config's seed, so a model's descriptions and its episodes are of the same
boards. Dev boards (and the mini build's) use this config's own seed, and dev never
shows a state test shows.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from data_build.rows import dumps, image_cell, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.slidegeom.board import Board, Cell, Geom
from scorer.families.slidegeom.configs.episodes import CONFIG as EPISODES_CONFIG
from scorer.families.slidegeom.configs.episodes import STANDARD_PER_CELL as EPISODE_BOARDS_PER_CELL
from scorer.families.slidegeom.describe import VIEWS, answer_key, describe_prompt
from scorer.families.slidegeom.generate import GridCell, SlideProblem, generate_boards
from scorer.families.slidegeom.pddl import domain_pddl
from scorer.families.slidegeom.text import placed
from scorer.families.slidegeom.view_2d import render_2d
from scorer.families.slidegeom.view_3d import render_3d
from scorer.registry.family import card_template
from scorer.render.png import png_bytes

CONFIG = "slidegeom-describe"
DIFFICULTY = "standard"  # interference is irrelevant here; the standard grid spreads geom counts


@dataclass(frozen=True)
class BoardSet:
    """Whose seed the boards are drawn from, boards per grid cell, and the grid cells
    (geoms, optimal length); None = every cell of the standard grid. The length only
    varies the boards: the description is of the start state."""

    seed_of: str
    per_cell: int
    cells: Sequence[GridCell] | None


BOARD_SETS: dict[str, dict[str, BoardSet]] = {
    "full": {
        "test": BoardSet(EPISODES_CONFIG, EPISODE_BOARDS_PER_CELL, None),  # the paper's 300 boards
        "dev": BoardSet(CONFIG, 1, ((2, 4), (5, 6), (8, 8), (11, 10))),
    },
    "mini": {"test": BoardSet(CONFIG, 1, ((3, 4), (8, 6))), "dev": BoardSet(CONFIG, 1, ((5, 5),))},
}

Shown = tuple[tuple[Geom, Cell], ...]


def describe_boards(settings: BuildSettings) -> dict[str, list[SlideProblem]]:
    """The boards of each split, test first; a dev board showing a test state is dropped."""
    boards: dict[str, list[SlideProblem]] = {}
    seen: set[frozenset[tuple[Geom, Cell]]] = set()
    for split, chosen in BOARD_SETS[settings.size].items():
        seed = f"{settings.seed}/{chosen.seed_of}/{split}"
        problems = generate_boards(DIFFICULTY, seed, per_cell=chosen.per_cell, cells=chosen.cells)
        boards[split] = [p for p in problems if _shown_key(p.board) not in seen]
        seen |= {_shown_key(p.board) for p in boards[split]}
    return boards


def _shown_key(board: Board) -> frozenset[tuple[Geom, Cell]]:
    return frozenset(zip(board.geoms, board.start))


def board_image(shown: Shown, board_size: int, view: str) -> bytes:
    render = render_3d if view == "3d" else render_2d
    return png_bytes(render(shown, board_size))


def make_row(
    problem: SlideProblem, view: str, split: str, index: int, config: str = CONFIG, extra_meta: dict | None = None
) -> dict:
    """The row of ``problem``'s start board in ``view`` (also the rows of imported boards)."""
    board = problem.board
    shown = tuple(placed(board.geoms, board.start))
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": "slidegeom",
        "task": "describe",
        "difficulty": view,
        "images": [image_cell(board_image(shown, board.size, view))],
        "prompt": describe_prompt(view, board.size),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem.pddl(),  # its init is the state shown
        "answer_key": dumps(answer_key(shown)),
        "meta": dumps(
            {
                "view": view,
                "problem": problem.name,
                "seed": problem.seed,
                "board_size": board.size,
                "n_geoms": len(board.geoms),
                "state": "start",
                "optimal_length": problem.optimal_length,
                **(extra_meta or {}),
            }
        ),
    }


def view_rows(
    problems: list[SlideProblem], split: str, config: str = CONFIG, metas: list[dict] | None = None
) -> list[dict]:
    """Each board in every view, board by board."""
    pairs = [(index, view) for index in range(len(problems)) for view in VIEWS]
    return [
        make_row(problems[board], view, split, i, config, metas[board] if metas else None)
        for i, (board, view) in enumerate(pairs)
    ]


def build(settings: BuildSettings) -> Rows:
    rows: Rows = {}
    for split, problems in describe_boards(settings).items():
        rows[split] = view_rows(problems, split)
    return rows


def card_facts(rows: Rows) -> dict[str, str]:
    """Rows per number of geoms in test, so the card shows the spread as built."""
    counts: Counter[int] = Counter(json.loads(row["meta"])["n_geoms"] for row in rows.get("test", []))
    header = "| geoms | " + " | ".join(str(n) for n in sorted(counts)) + " |"
    rule = "|---|" + "---|" * len(counts)
    line = "| rows | " + " | ".join(str(counts[n]) for n in sorted(counts)) + " |"
    return {"geom_count_table": "\n".join((header, rule, line))}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="slidegeom",
    task="describe",
    summary="List every geom of one sliding geom board image (3D or 2D) with its cell (iVISPAR board-state inference).",
    features_of=row_features,
    build=build,
    papers=("iVISPAR",),
    card_facts=card_facts,
)
