"""The ``planarium`` command (build, score, answers, configs) and its ``score`` shortcut.

Start-up imports click and nothing heavy: the commands that live with their subsystem
(the server, the agents, the importers each family declares) are imported only when they
run, so ``planarium --help`` and every usage error answer at once.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from scorer import __version__
from scorer.cli.gc_tuning import tune_collector
from scorer.executors import DEFAULT_EXECUTOR, EXECUTOR_HELP
from scorer.io.errors import PlanariumError
from scorer.io.paths import OUTPUT_FILE, OUTPUT_FOLDER

if TYPE_CHECKING:  # the command imports its modules lazily, so `planarium --help` stays fast
    from scorer.io.predictions import InputProblem
    from scorer.scoring.grading import Grading
    from scorer.scoring.run import ScoreRun

DEFAULT_DATA = Path("parquet")
CONTEXT = {"help_option_names": ["-h", "--help"]}


class UserError(click.ClickException):
    """A one-line error for the user: printed without a traceback, exit code 1."""


class InternalError(click.ClickException):
    """An exception no check anticipated (a bug): one line, and a distinct exit code."""

    exit_code = 70  # EX_SOFTWARE


DEBUG_HELP = "Show the full traceback of an error instead of one line."
DEBUG = "planarium.debug"  # key in click's ctx.meta, which the group and its subcommands share


@contextmanager
def reported_errors(ctx: click.Context) -> Iterator[None]:
    """Turn a PlanariumError into its one-line message (and any other exception into a
    one-line internal error); with --debug (on the group or the command) let both through."""
    try:
        yield
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except PlanariumError as error:
        if ctx.meta.get(DEBUG):
            raise
        raise UserError(str(error)) from None
    except Exception as error:
        if ctx.meta.get(DEBUG):
            raise
        summary = " ".join(str(error).split())[:200]
        raise InternalError(
            f"internal error ({type(error).__name__}: {summary}); run again with --debug "
            "for the traceback, and report it"
        ) from None


def _load_command(target: str) -> click.Command:
    """The click command at ``"module:attribute"``."""
    module, _, attribute = target.partition(":")
    command: click.Command = getattr(importlib.import_module(module), attribute)
    return command


class LazyGroup(click.Group):
    """A group whose listed commands are imported only when one of them is asked for.

    ``lazy`` gives, per command name, ``"module:attribute"`` of the click command (or several:
    one command runs them in order, ``scorer.cli.chain``); ``short_help``
    (optional) is shown by ``--help`` without importing anything.
    """

    def __init__(
        self,
        *args: object,
        lazy: Callable[[], Mapping[str, str | Sequence[str]]],
        short_help: Mapping[str, str] | Callable[[], Mapping[str, str]] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._lazy = lazy
        self._help = short_help or {}

    @property
    def _short_help(self) -> Mapping[str, str]:
        return self._help() if callable(self._help) else self._help

    def invoke(self, ctx: click.Context) -> Any:
        with reported_errors(ctx):  # every subcommand's errors: one line unless --debug
            return super().invoke(ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._lazy()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        target = self._lazy().get(cmd_name) if command is None else None
        if target is None:
            return command
        targets = (target,) if isinstance(target, str) else tuple(target)
        parts = [_load_command(one) for one in targets]
        if len(parts) == 1:
            command = parts[0]
        else:  # several parts under one name: one command that runs them in order
            from scorer.cli.chain import chain_commands

            command = chain_commands(cmd_name, parts, self._short_help.get(cmd_name))
        self.add_command(command, cmd_name)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            from scorer.io.suggest import unknown

            ctx.fail(unknown("command", name, self.list_commands(ctx)))
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        entries = []
        for name in self.list_commands(ctx):
            if name in self._short_help and name not in self.commands:
                entries.append((name, self._short_help[name]))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                entries.append((name, command.get_short_help_str(formatter.width - 6 - len(name))))
        if entries:
            with formatter.section("Commands"):
                formatter.write_dl(entries)


# Commands that live with their subsystem; the names and one-line helps are here so that
# `planarium --help` lists them without importing them.
SUBSYSTEM_COMMANDS = {
    "serve": "scorer.rollout.command:serve",
    "run": "planarium_agents.command:run",
    "eval": "planarium_agents.eval.command:eval_command",
    "leaderboard": "scorer.board.command:leaderboard",
    "rescore": "scorer.board.command:rescore",
    "publish": "scorer.board.command:publish",
    "contamination": "scorer.report.contamination_command:contamination",
}
SUBSYSTEM_HELP = {
    "serve": "Run episodes over HTTP + JSON (the rollout server).",
    "run": "Play the episodes of a config with an agent through the HTTP API.",
    "eval": "Run a model on configs end to end: ask, write predictions, score, print the table.",
    "leaderboard": "Merge results files into a leaderboard (Markdown, CSV and an HTML page).",
    "rescore": "Score stored submissions again with this scorer, and report what changed.",
    "publish": "Upload the built dataset to the Hugging Face Hub and tag the revision.",
    "contamination": "A model's scores on the published split beside a fresh split's, flagging significant drops.",
}


@click.group(cls=LazyGroup, context_settings=CONTEXT, lazy=lambda: SUBSYSTEM_COMMANDS, short_help=SUBSYSTEM_HELP)
@click.version_option(__version__, prog_name="planarium")
@click.option("--debug", is_flag=True, help=DEBUG_HELP)
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """Planarium: a benchmark of planning for vision-language models.

    \b
    planarium build --size mini            # write the dataset into parquet/
    planarium configs                      # what each config is, and what is built
    planarium answers --kind gold -o p.jsonl
    score p.jsonl                          # = planarium score p.jsonl
    """
    tune_collector()
    ctx.meta[DEBUG] = debug


@main.command()
@click.option("--configs", default=None, help="Comma-separated config names (default: all).")
@click.option(
    "--size",
    default="full",
    show_default=True,
    metavar="mini|full|N",
    help="mini: a few problems per difficulty, for demos and tests; full: the published size; "
    "N: a fresh split of N test rows per config (N/5 dev), none sharing a problem with the published splits; "
    "with --split train: N train rows per config.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of every generator (0: published).")
@click.option(
    "--split",
    type=click.Choice(["test+dev", "train"]),
    default="test+dev",
    show_default=True,
    help="train: add a train split of --size N rows to each config, no row a problem of the published splits.",
)
@click.option(
    "--difficulty",
    default=None,
    metavar="D1,D2",
    help="With --split train: only rows of these difficulties (a curriculum's stage).",
)
@click.option(
    "--where",
    multiple=True,
    metavar="KEY=LOW..HIGH",
    help="With --split train: only rows whose meta KEY is a number in the range, ends included "
    "(optimal_length=4..8, n_geoms=..5); repeat for several.",
)
@click.option(
    "--replace",
    is_flag=True,
    help="With --split train: draw anew a train split the folder already holds (without it, that is refused).",
)
@click.option("--out", type=OUTPUT_FOLDER, default=DEFAULT_DATA, show_default=True)
@click.option("--executor", "executor_spec", default=DEFAULT_EXECUTOR, show_default=True, help=EXECUTOR_HELP)
@click.option("--quiet", is_flag=True, help="No progress bars.")
def build(
    configs: str | None,
    size: str,
    seed: int,
    split: str,
    difficulty: str | None,
    where: tuple[str, ...],
    replace: bool,
    out: Path,
    executor_spec: str,
    quiet: bool,
) -> None:
    """Build configs into Parquet shards, a dataset card and checksums.json.

    The same arguments always give byte-identical files, on every executor.

    \b
    planarium build --size mini
    planarium build --split train --size 10000 --seed 7 --configs CONFIG
    planarium build --split train --size 1000 --seed 7 --configs CONFIG --where optimal_length=4..8
    """
    from data_build.command import run_build

    try:
        checksums = run_build(out, configs, size, seed, split, difficulty, where, executor_spec, not quiet, replace)
    except ValueError as error:
        raise UserError(str(error)) from None
    click.echo(f"wrote {len(checksums)} shard(s), README.md and checksums.json to {out}/")


@main.command(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="planarium score")
@click.argument("predictions", required=False, type=click.Path(path_type=Path))
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=DEFAULT_DATA,
    show_default=True,
    help="Built dataset folder (with checksums.json).",
)
@click.option(
    "--out",
    type=OUTPUT_FILE,
    default=Path("results.json"),
    show_default=True,
    help="results.json path; per-row verdicts go to <stem>.rows.jsonl beside it.",
)
@click.option("--split", default="test", show_default=True)
@click.option("--configs", default=None, help="Only score these comma-separated configs.")
@click.option(
    "--all-configs",
    is_flag=True,
    help="Grade every selected config, even those no prediction touches (their rows score 0).",
)
@click.option(
    "--duplicates",
    type=click.Choice(["first", "last", "error", "samples"]),
    default="first",
    show_default=True,
    help="Which line of a repeated id counts (error: refuse the file; samples: each line is another sample "
    "of its row, scored as the mean over samples with pass@k).",
)
@click.option("--gold", is_flag=True, help="Score the answer keys themselves (must give 100%).")
@click.option(
    "--executor",
    "executor_spec",
    default=DEFAULT_EXECUTOR,
    show_default=True,
    help=f"{EXECUTOR_HELP} Only costly rows go there (episode replays, planner calls); results never change.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--summary", is_flag=True, help="One line per config (its headline metric and counts), not every table.")
@click.option(
    "--heatmap",
    type=OUTPUT_FILE,
    default=None,
    help="Also draw the completion heat maps of the scored configs whose family draws one "
    "(e.g. episodes over geoms x optimal length) to this PNG.",
)
@click.option(
    "--report",
    type=OUTPUT_FILE,
    default=None,
    help="Also write a self-contained HTML report (tables, charts, and an episode viewer) to this file.",
)
@click.option(
    "--plots",
    type=OUTPUT_FOLDER,
    default=None,
    help="Also draw the report's charts as PNG files into this folder.",
)
@click.option("--debug", is_flag=True, help=DEBUG_HELP)
@click.pass_context
def score(ctx: click.Context, debug: bool, **options: Any) -> None:
    """Score PREDICTIONS (JSON Lines: {"id": ..., "response": "raw text"}) and print a table.

    Only the configs the predictions touch are graded (the others are listed as not attempted).
    """
    ctx.meta[DEBUG] = debug or ctx.meta.get(DEBUG, False)
    with reported_errors(ctx):  # `score` is also a console script of its own, outside the group
        _score(**options)  # the options, typed, are _score's parameters


def _score(
    predictions: Path | None,
    data: Path,
    out: Path,
    split: str,
    configs: str | None,
    all_configs: bool,
    duplicates: str,
    gold: bool,
    executor_spec: str,
    quiet: bool,
    summary: bool,
    heatmap: Path | None,
    report: Path | None,
    plots: Path | None,
) -> None:
    wanted = _checked_inputs(predictions, gold, data, split, configs, out)
    from scorer.executors import make_executor
    from scorer.scoring.run import score_file

    # A DatasetError or PredictionsFileError is a PlanariumError: one line (reported_errors).
    # Every row is kept only for the pictures that read them all; else memory stays small.
    keep_rows = any(path is not None for path in (heatmap, report, plots))
    executor = make_executor(executor_spec)
    try:
        run = score_file(
            predictions, data, out, split, gold, wanted, all_configs, duplicates, not quiet, keep_rows, executor
        )
    finally:
        executor.close()
    _print_score_run(run, duplicates, summary)
    if predictions is not None and not _rows_answered(run.grading):
        raise UserError(
            f"nothing scored: no line of {predictions} answers a row of the {split} split "
            f"({len(run.problems):,} problem(s) reported above); the results written count every row missing"
        )
    _write_pictures(run, predictions, duplicates, heatmap, report, plots)


def _checked_inputs(
    predictions: Path | None, gold: bool, data: Path, split: str, configs: str | None, out: Path
) -> set[str] | None:
    """The configs asked for, once the predictions file, the data and the output are known
    good (each named in one line, the thing named first before the data, before any work)."""
    from scorer.io.dataset import check_selection

    if (predictions is None) == (not gold):
        raise UserError("give a PREDICTIONS file, or --gold to score the answer keys (not both)")
    if predictions is not None and not predictions.is_file():
        expected = 'expected JSON Lines, one {"id": ..., "response": ...} a line'
        raise UserError(f"{predictions}: no such file; {expected}")
    wanted = {c.strip() for c in configs.split(",") if c.strip()} if configs else None
    check_selection(data, split, wanted)  # a typo answers at once, before the scorer is imported
    from scorer.io.atomic import output_target
    from scorer.scoring.pair import rows_path_for

    output_target(rows_path_for(out))  # the rows file beside results.json
    return wanted


def _write_pictures(
    run: ScoreRun,
    predictions: Path | None,
    duplicates: str,
    heatmap: Path | None,
    report: Path | None,
    plots: Path | None,
) -> None:
    """The heat maps, the HTML report and the charts asked for."""
    if heatmap is not None:
        _write_heatmaps(run.grading, heatmap)
    if report is None and plots is None:
        return
    from scorer.board.report import run_charts, write_plots, write_report

    charts = run_charts(run.grading, run.results_path)  # once for both
    if report is not None:
        written = write_report(run.grading, run.results_path, predictions, duplicates, report, charts=charts)
        click.echo(f"wrote report {written}")
    if plots is not None:
        click.echo(f"wrote {len(write_plots(run.grading, run.results_path, plots, charts))} chart(s) to {plots}/")


def _rows_answered(grading: Grading) -> int:
    return sum(report.counts.get("n", 0) - report.counts.get("missing", 0) for report in grading.configs.values())


PROBLEMS_SHOWN = 5  # per kind; the rest are counted (and the first few kept in results.json)


def _print_score_run(run: ScoreRun, duplicates_policy: str, summary: bool = False) -> None:
    from scorer.scoring.results import counts_table, readings_table, results_table, summary_table

    _print_problems(run.problems, duplicates_policy)
    if summary:
        click.echo(summary_table(run.grading))
        click.echo(f"\nwrote {run.results_path} and {run.rows_path}")
        return
    click.echo(results_table(run.grading))
    readings = readings_table(run.grading)
    if readings:
        click.echo(
            f"\nour reading and the paper's (rows scored differently: readings_differ in the rows file)\n{readings}"
        )
    click.echo()
    click.echo(counts_table(run.grading))
    if run.not_attempted:
        click.echo(
            f"\nnot attempted (no prediction; --all-configs to count their rows as missing): "
            f"{', '.join(run.not_attempted)}"
        )
    click.echo(f"\nwrote {run.results_path} and {run.rows_path}")


def _print_problems(problems: list[InputProblem], duplicates_policy: str) -> None:
    """Each kind's first few problems; repeated ids in one line, however many."""
    by_kind: dict[str, list[InputProblem]] = {}
    for problem in problems:
        by_kind.setdefault(problem.kind, []).append(problem)
    duplicates = by_kind.pop("duplicate", [])
    if duplicates:
        click.echo(
            f"warning: duplicate: {len(duplicates):,} line(s) repeat an id given before (the first: "
            f"{duplicates[0].message.split(';')[0]}); the {duplicates_policy} line of each id counts "
            "(--duplicates first|last|error, or samples to score each line as a sample)",
            err=True,
        )
    for kind, found in by_kind.items():
        for problem in found[:PROBLEMS_SHOWN]:
            click.echo(f"warning: {kind}: {problem.message}", err=True)
        if len(found) > PROBLEMS_SHOWN:
            click.echo(f"warning: {kind}: ... and {len(found) - PROBLEMS_SHOWN:,} more such line(s)", err=True)


def _write_heatmaps(grading: Grading, path: Path) -> None:
    from scorer.registry import family_of

    scored = sorted({family_of(row.domain).name: family_of(row.domain) for row, _ in grading.rows}.items())
    writers = [family.plots["heatmap"] for _, family in scored if "heatmap" in family.plots]
    if not writers:
        click.echo(
            "warning: --heatmap: the scored configs hold no episodes that a heat map is drawn for; nothing drawn",
            err=True,
        )
        return
    written: list[Path] = []
    for write in writers:
        try:
            written += write(grading, path)
        except (ValueError, PlanariumError) as error:  # e.g. an unwritable path: the scores stand
            click.echo(f"warning: --heatmap: {error}; nothing drawn", err=True)
    if written:
        click.echo(f"wrote heat map(s) {', '.join(str(p) for p in written)}")


@main.command()
@click.option(
    "--kind",
    type=click.Choice(["gold", "wrong"]),
    required=True,
    help="gold: the answer keys; wrong: a wrong answer for every row.",
)
@click.option("--data", type=click.Path(path_type=Path), default=DEFAULT_DATA, show_default=True)
@click.option("--split", default="test", show_default=True)
@click.option("-o", "--out", type=OUTPUT_FILE, required=True, help="predictions.jsonl to write.")
def answers(kind: str, data: Path, split: str, out: Path) -> None:
    """Write reference predictions made from the answer keys (to prove the harness)."""
    from scorer.io import atomic
    from scorer.io.dataset import DatasetError, load_keys
    from scorer.scoring.references import reference_lines

    try:
        lines = reference_lines(load_keys(data, split), kind)
    except DatasetError as error:
        raise UserError(str(error)) from None
    atomic.write_text(out, "".join(line + "\n" for line in lines))
    click.echo(f"wrote {len(lines)} {kind} predictions to {out}")


@main.command(context_settings=CONTEXT)
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=DEFAULT_DATA,
    show_default=True,
    help="Dataset folder whose built rows are counted.",
)
@click.pass_context
def configs(ctx: click.Context, data: Path) -> None:
    """List every config: family, kind, rows built per split, paper, and how to make it."""
    from data_build.catalog import catalog, rows_cell
    from scorer.io.table import format_table

    if not data.is_dir() and ctx.get_parameter_source("data") is not click.core.ParameterSource.DEFAULT:
        what = "is not a folder" if data.exists() else "does not exist"
        raise UserError(f"--data {data} {what}; build one with: planarium build --out {data} (or leave --data out)")

    entries = catalog(data)
    table = [[e.name, e.family, e.kind, rows_cell(e.rows), ", ".join(e.papers) or "-", e.command] for e in entries]
    click.echo(format_table(table, ["config", "family", "kind", f"rows in {data}/", "paper", "made by"]))


# Replays of papers' released runs: not a family's config, so not in the families' registry.
RELEASED_RUNS = {"viplan-results": ("scorer.released.command:viplan_results_import",)}
RELEASED_HELP = {"viplan-results": "ViPlan's released runs of 16 VLMs replayed, its numbers beside ours."}


def _importer_commands() -> Mapping[str, tuple[str, ...]]:
    from scorer.registry import importer_commands

    return {**importer_commands(), **RELEASED_RUNS}


def _importer_help() -> Mapping[str, str]:
    from scorer.registry import importer_help

    return {**importer_help(), **RELEASED_HELP}


@main.group(name="import", cls=LazyGroup, context_settings=CONTEXT, lazy=_importer_commands, short_help=_importer_help)
def import_group() -> None:
    """Turn a paper's published data into a Planarium config (Parquet shards + card)."""


def score_main() -> None:
    """Entry point of the ``score`` console script: ``planarium score``."""
    tune_collector()
    score.main(args=sys.argv[1:], prog_name="score")
