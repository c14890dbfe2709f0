"""The ``planarium`` command (build, score, answers) and its ``score`` shortcut."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorer import __version__

if TYPE_CHECKING:  # the command imports its modules lazily, so `planarium --help` stays fast
    from scorer.grading import Grading

DEFAULT_DATA = Path("parquet")


class UserError(click.ClickException):
    """A one-line error for the user: printed without a traceback, exit code 1."""


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="planarium")
def main() -> None:
    """Planarium: a benchmark of planning for vision-language models.

    \b
    planarium build --size mini            # write the dataset into parquet/
    planarium answers --kind gold -o p.jsonl
    score p.jsonl                          # = planarium score p.jsonl
    """


@main.command()
@click.option("--configs", default=None, help="Comma-separated config names (default: all).")
@click.option("--size", type=click.Choice(["mini", "full"]), default="full", show_default=True,
              help="mini: a few problems per difficulty, for demos and tests.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every generator.")
@click.option("--out", type=click.Path(path_type=Path), default=DEFAULT_DATA, show_default=True)
@click.option("--quiet", is_flag=True, help="No progress bars.")
def build(configs: str | None, size: str, seed: int, out: Path, quiet: bool) -> None:
    """Build configs into Parquet shards, a dataset card and checksums.json.

    The same arguments always give byte-identical files.
    """
    from data_build.build import build as run_build
    from data_build.spec import BuildSettings

    try:
        checksums = run_build(out, configs, BuildSettings(size=size, seed=seed, show_progress=not quiet))
    except ValueError as error:
        raise UserError(str(error)) from None
    click.echo(f"wrote {len(checksums)} shard(s), README.md and checksums.json to {out}/")


@main.command()
@click.argument("predictions", required=False, type=click.Path(path_type=Path))
@click.option("--data", type=click.Path(path_type=Path), default=DEFAULT_DATA, show_default=True,
              help="Built dataset folder (with checksums.json).")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results.json"), show_default=True,
              help="results.json path; per-row verdicts go to <stem>.rows.jsonl beside it.")
@click.option("--split", default="test", show_default=True)
@click.option("--configs", default=None, help="Only score these comma-separated configs.")
@click.option("--gold", is_flag=True, help="Score the answer keys themselves (must give 100%).")
@click.option("--heatmap", type=click.Path(path_type=Path), default=None,
              help="Also draw the completion heat maps of the scored configs whose family draws one "
              "(e.g. episodes over geoms x optimal length) to this PNG.")
def score(predictions: Path | None, data: Path, out: Path, split: str, configs: str | None, gold: bool,
          heatmap: Path | None) -> None:
    """Score PREDICTIONS (JSON Lines: {"id": ..., "response": "raw text"}) and print a table."""
    from scorer.dataset import DatasetError
    from scorer.predictions import PredictionsFileError
    from scorer.report.results import counts_table, results_table
    from scorer.scoring import score_file

    if (predictions is None) == (not gold):
        raise UserError("give a PREDICTIONS file, or --gold to score the answer keys (not both)")
    wanted = {c.strip() for c in configs.split(",")} if configs else None
    try:
        run = score_file(predictions, data, out, split, gold, wanted)
    except (DatasetError, PredictionsFileError) as error:
        raise UserError(str(error)) from None
    for problem in run.problems:
        click.echo(f"warning: {problem.kind}: {problem.message}", err=True)
    click.echo(results_table(run.grading))
    click.echo()
    click.echo(counts_table(run.grading))
    click.echo(f"\nwrote {run.results_path} and {run.rows_path}")
    if heatmap is not None:
        _write_heatmaps(run.grading, heatmap)


def _write_heatmaps(grading: Grading, path: Path) -> None:
    from scorer.families import family_of

    scored = sorted({family_of(row.domain).name: family_of(row.domain) for row, _ in grading.rows}.items())
    writers = [family.plots["heatmap"] for _, family in scored if "heatmap" in family.plots]
    if not writers:
        raise UserError("the scored configs hold no episodes that a heat map is drawn for; nothing to draw")
    written: list[Path] = []
    for write in writers:
        try:
            written += write(grading, path)
        except ValueError as error:
            raise UserError(str(error)) from None
    click.echo(f"wrote heat map(s) {', '.join(str(p) for p in written)}")


@main.command()
@click.option("--kind", type=click.Choice(["gold", "wrong"]), required=True,
              help="gold: the answer keys; wrong: a wrong answer for every row.")
@click.option("--data", type=click.Path(path_type=Path), default=DEFAULT_DATA, show_default=True)
@click.option("--split", default="test", show_default=True)
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True, help="predictions.jsonl to write.")
def answers(kind: str, data: Path, split: str, out: Path) -> None:
    """Write reference predictions made from the answer keys (to prove the harness)."""
    from scorer.dataset import DatasetError, load_keys
    from scorer.references import reference_lines

    try:
        lines = reference_lines(load_keys(data, split), kind)
    except DatasetError as error:
        raise UserError(str(error)) from None
    out.write_text("".join(line + "\n" for line in lines))
    click.echo(f"wrote {len(lines)} {kind} predictions to {out}")


@main.group(name="import")
def import_group() -> None:
    """Turn a paper's published data into a Planarium config (Parquet shards + card)."""


def _register_commands() -> None:
    """Commands that live with their subsystem: the server, the agents, the importers
    (each family declares its own)."""
    from agents.command import run
    from scorer.families import families
    from scorer.rollout.command import serve

    main.add_command(serve)
    main.add_command(run)
    for family in families().values():
        for importer in family.importers():
            import_group.add_command(importer)


_register_commands()


def score_main() -> None:
    """Entry point of the ``score`` console script: ``planarium score``."""
    score.main(args=sys.argv[1:], prog_name="score")
