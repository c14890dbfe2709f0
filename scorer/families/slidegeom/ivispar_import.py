"""``planarium import ivispar-boards DIR [--out parquet/]``: iVISPAR's board files as config
``ivispar-episodes`` (iVISPAR; the paper's 300 boards are its ``Data/Configs/Main``).

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

Rows follow the files' name order. Shards, checksums and the card section are written
as ``planarium build`` writes them; the card of an existing dataset folder is merged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from data_build.build import write_imported
from data_build.spec import ConfigSpec, Rows
from scorer.families.base import card_template
from scorer.families.slidegeom.board import manhattan_sum
from scorer.families.slidegeom.configs.episodes import SPEC as EPISODES_SPEC
from scorer.families.slidegeom.configs.episodes import count_table, make_row
from scorer.families.slidegeom.generate import SlideProblem
from scorer.families.slidegeom.ivispar import BoardFileError, IvisparBoard, read_board_folder
from scorer.families.slidegeom.search import SearchLimitError, solve

CONFIG = "ivispar-episodes"
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
    """Test rows of every good board file in ``folder``, and the files skipped."""
    read = read_board_folder(folder)
    errors = list(read.errors)
    rows: list[dict[str, Any]] = []
    for source in tqdm(read.boards, desc=CONFIG, disable=not progress):
        try:
            problem = imported_problem(source)
        except BoardFileError as error:
            errors.append(error)
            continue
        rows.append(make_row(problem, CONFIG, SPLIT, len(rows), source_meta(source)))
    return {SPLIT: rows}, errors


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
    features=EPISODES_SPEC.features,
    build=lambda settings: {},
    importer="ivispar-boards",  # never built
    papers=("iVISPAR",),
    card_facts=lambda rows: {"count_table": count_table(rows)},
)


def write_config(rows: Rows, out: Path) -> dict[str, str]:
    """Shards of ``ivispar-episodes`` into ``out``, beside the folder's other configs."""
    return write_imported(SPEC, rows, out)


@click.command(name="ivispar-boards")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=Path("parquet"),
    show_default=True,
    help="Dataset folder to add config ivispar-episodes to.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def ivispar_boards_import(directory: Path, out: Path, quiet: bool) -> None:
    """Import iVISPAR board files (*.json) from DIRECTORY as config ivispar-episodes."""
    try:
        rows, errors = import_rows(directory, progress=not quiet)
    except FileNotFoundError as error:
        raise click.ClickException(str(error)) from None
    for skipped in errors:
        click.echo(f"warning: skipped {skipped}", err=True)
    if not rows[SPLIT]:
        raise click.ClickException(f"no usable board file in {directory}; nothing written")
    out.mkdir(parents=True, exist_ok=True)
    write_config(rows, out)
    click.echo(f"wrote {len(rows[SPLIT])} rows of {CONFIG} to {out}/ ({len(errors)} file(s) skipped)")
