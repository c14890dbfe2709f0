"""The command line of ``planarium import viplan-results`` and its one-screen summary."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import click

from scorer.executors import DEFAULT_EXECUTOR, EXECUTOR_HELP, make_executor
from scorer.io import atomic
from scorer.io.paths import OUTPUT_FOLDER
from scorer.released.viplan_reproduce import ReproductionLine, csv_text

LARGEST_SHOWN = 8


@click.command(name="viplan-results")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=Path("parquet"),
    show_default=True,
    help="Dataset folder holding the configs `planarium import viplan` makes.",
)
@click.option(
    "--out",
    type=OUTPUT_FOLDER,
    default=Path("runs/viplan"),
    show_default=True,
    help="Folder of the submission folders and reproduction.csv.",
)
@click.option(
    "--only", multiple=True, help="Replay only the runs whose path holds this word (repeatable: all of them)."
)
@click.option("--executor", "executor_spec", default=DEFAULT_EXECUTOR, show_default=True, help=EXECUTOR_HELP)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def viplan_results_import(
    directory: Path, data: Path, out: Path, only: tuple[str, ...], executor_spec: str, quiet: bool
) -> None:
    """ViPlan's released runs of real VLMs (DIRECTORY: its results folder, holding
    results/final/) replayed through Planarium: a submission folder per (domain, experiment,
    method, model) with predictions.jsonl and score's results.json, and OUT/reproduction.csv
    setting ViPlan's number beside ours for every run and metric, and OUT/tables.md: ViPlan's
    notebook tables (per-model success and accuracy, leaderboard, CoT differences) from
    Planarium's numbers of every submission folder under OUT."""
    from scorer.released.viplan_import import replay_all, submissions
    from scorer.released.viplan_numbers import write_tables

    try:
        chosen = submissions(directory, data, out, only)
    except FileNotFoundError as error:
        raise click.ClickException(str(error)) from None
    if not chosen:
        raise click.ClickException(f"no run of {directory} matches {' '.join(only) or 'a known domain'}")
    executor = make_executor(executor_spec)
    try:
        lines = replay_all(chosen, executor, show_progress=not quiet)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    finally:
        executor.close()
    out.mkdir(parents=True, exist_ok=True)
    atomic.write_text(out / "reproduction.csv", csv_text(lines))
    click.echo(summary(lines))
    click.echo(f"wrote {len(chosen)} submission folders and {out / 'reproduction.csv'} ({len(lines)} lines)")
    # Every folder under OUT, not only this import's: a run imported before with other --only
    # words still has its place in the notebook's tables.
    tables = write_tables(out)
    if tables is not None:
        click.echo(f"wrote {tables}: ViPlan's notebook tables from Planarium's numbers")


def summary(lines: Sequence[ReproductionLine]) -> str:
    """Runs equal to ViPlan per metric, then the largest differences."""
    by_metric: dict[str, list[ReproductionLine]] = defaultdict(list)
    for line in lines:
        by_metric[line.metric].append(line)
    table = [f"{'metric':<26} {'equal':>7} {'runs':>5} {'explained':>9}"]
    for metric, group in by_metric.items():
        equal = sum(line.equal for line in group)
        explained = sum(bool(line.departure) for line in group if not line.equal)
        table.append(f"{metric:<26} {equal:>7} {len(group):>5} {explained:>9}")
    largest = sorted((line for line in lines if not line.equal), key=lambda line: -abs(line.difference))
    table.append("largest differences:" if largest else "no differences")
    for line in largest[:LARGEST_SHOWN]:
        run = f"{line.domain}/{line.experiment}/{line.method}/{line.split}/{line.model}"
        why = line.departure or "unexplained"
        table.append(f"  {run} {line.metric}: ViPlan {line.viplan:.4f}, Planarium {line.planarium:.4f} ({why})")
    return "\n".join(table)
