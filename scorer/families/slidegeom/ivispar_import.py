"""``planarium import ivispar-boards DIR [--out parquet/]``: iVISPAR's board files as configs
``ivispar-episodes`` and ``ivispar-describe`` (iVISPAR; the paper's 300 boards are its
``Data/Configs/Main``, on which it ran both the episodes and the board-state inference).

Each board file (read by ``scorer.families.slidegeom.ivispar``) becomes one test row made exactly as a
``slidegeom-episodes`` row (``slidegeom_episodes.make_row``), so every episode mode,
agent and metric applies unchanged. What the import decides:

- ``meta.optimal_length`` and ``answer_key.optimal_moves`` are OUR A*'s, never the
  file's; the file's own numbers stay beside them (``complexity_c1``, ``complexity_c2``,
  ``source_moves``: its ``shortest_move_sequence`` without "start"), and
  ``meta.source_id`` is its ``config_instance_id``;
- ``difficulty`` is ``standard`` when our optimal length equals the Manhattan sum
  (interference 0, as all of the paper's boards) and ``hard`` otherwise, as in
  ``slidegeom-episodes``;
- a file that does not fit the format, or whose goal cannot be reached, is reported
  and skipped: one bad file never stops an import.

Each imported board is also described: its start board in the 3D and the 2D view, as a
``slidegeom-describe`` row (``view_rows``), config ``ivispar-describe``. Rows follow the
files' name order. Shards, checksums and the card sections are written as ``planarium
build`` writes them; the card of an existing dataset folder is merged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from data_build.build import write_configs
from data_build.importing import import_arguments, source_errors, write_imported_configs
from data_build.spec import ConfigSpec, Rows
from scorer.families.slidegeom.board import manhattan_sum
from scorer.families.slidegeom.configs import describe
from scorer.families.slidegeom.configs.episodes import SPEC as EPISODES_SPEC
from scorer.families.slidegeom.configs.episodes import count_table, make_row
from scorer.families.slidegeom.generate import SlideProblem
from scorer.families.slidegeom.ivispar import BoardFileError, IvisparBoard, read_board_folder
from scorer.families.slidegeom.search import SearchLimitError, solve
from scorer.registry.family import card_template

CONFIG = "ivispar-episodes"
DESCRIBE_CONFIG = "ivispar-describe"
SPLIT = "test"  # the paper's boards are one evaluation set


def imported_problem(source: IvisparBoard) -> SlideProblem:
    """The board with our optimal moves; BoardFileError when A* finds no way to the goal."""
    board = source.board
    try:
        moves = solve(board.size, board.start, board.goal)
    except SearchLimitError as error:
        raise BoardFileError(source.path, "landmarks", f"A* gave up: {error}") from None
    if moves is None:
        raise BoardFileError(source.path, "landmarks", "the goal cannot be reached from the start")
    difficulty = "standard" if len(moves) == manhattan_sum(board.start, board.goal) else "hard"
    return SlideProblem(_problem_name(source.source_id), difficulty, source.source_id, board, moves)


def source_meta(source: IvisparBoard) -> dict[str, Any]:
    """What the row keeps of the file itself, beside our own numbers."""
    return {
        "source_id": source.source_id,
        "source_file": source.path.name,
        "complexity_c1": source.complexity_c1,
        "complexity_c2": source.complexity_c2,
        "source_moves": list(source.shortest_moves),
    }


def import_rows(folder: Path, progress: bool = False) -> tuple[Rows, list[BoardFileError]]:
    """Test rows of every good board file in ``folder`` as episodes, and the files skipped."""
    episodes, _, errors = imported_rows(folder, progress)
    return episodes, errors


def imported_rows(folder: Path, progress: bool = False) -> tuple[Rows, Rows, list[BoardFileError]]:
    """The ``ivispar-episodes`` and ``ivispar-describe`` test rows of every good board file
    in ``folder`` (each board once as an episode, twice to describe), and the files skipped."""
    read = read_board_folder(folder)
    errors = list(read.errors)
    problems, metas = [], []
    for source in tqdm(read.boards, desc="ivispar-boards", disable=not progress):
        try:
            problems.append(imported_problem(source))
        except BoardFileError as error:
            errors.append(error)
            continue
        metas.append(source_meta(source))
    episodes = [make_row(p, CONFIG, SPLIT, i, meta) for i, (p, meta) in enumerate(zip(problems, metas))]
    described = describe.view_rows(problems, SPLIT, DESCRIBE_CONFIG, metas)
    return {SPLIT: episodes}, {SPLIT: described}, errors


def _problem_name(source_id: str) -> str:
    # A PDDL name: letters, digits, "-" and "_", starting with a letter.
    name = re.sub(r"[^a-z0-9_-]+", "-", source_id.lower()).strip("-")
    return f"ivispar-{name}" if name else "ivispar-board"


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="slidegeom",
    task="episode",
    summary="iVISPAR's own sliding geom boards (imported) as episodes, with Planarium's A* optimal lengths.",
    features_of=EPISODES_SPEC.features_of,
    build=lambda settings: {},
    importer="ivispar-boards",  # never built
    papers=("iVISPAR",),
    card_facts=lambda rows: {"count_table": count_table(rows)},
)


DESCRIBE_SPEC = ConfigSpec(
    name=DESCRIBE_CONFIG,
    card=card_template(__file__, DESCRIBE_CONFIG),
    domain="slidegeom",
    task="describe",
    summary="iVISPAR's own sliding geom boards (imported) to describe, in the 3D and the 2D view.",
    features_of=describe.SPEC.features_of,
    build=lambda settings: {},
    importer="ivispar-boards",  # never built
    papers=("iVISPAR",),
    card_facts=describe.card_facts,
)


def write_config(rows: Rows, out: Path, described: Rows | None = None) -> dict[str, str]:
    """Shards of ``ivispar-episodes`` (and of ``ivispar-describe``, when given) into
    ``out``, beside the folder's other configs."""
    configs = {CONFIG: (SPEC, rows)}
    if described is not None:
        configs[DESCRIBE_CONFIG] = (DESCRIBE_SPEC, described)
    return write_configs(out, configs, "imported", 0)


@click.command(name="ivispar-boards")
@import_arguments(f"configs {CONFIG} and {DESCRIBE_CONFIG}", progress=True)
def ivispar_boards_import(directory: Path, out: Path, quiet: bool) -> None:
    """Import iVISPAR board files (*.json) from DIRECTORY as configs ivispar-episodes and ivispar-describe."""
    with source_errors((FileNotFoundError,)):
        episodes, described, errors = imported_rows(directory, progress=not quiet)
    configs = {CONFIG: (SPEC, episodes), DESCRIBE_CONFIG: (DESCRIBE_SPEC, described)}
    write_imported_configs(out, configs, directory, "board file", [str(error) for error in errors])
