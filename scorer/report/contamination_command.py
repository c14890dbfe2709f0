"""``planarium contamination STATIC FRESH``: the table and file of the contamination report."""

from __future__ import annotations

import json
from pathlib import Path

import click

from scorer.io import atomic
from scorer.io.errors import PlanariumError
from scorer.io.paths import OUTPUT_FILE
from scorer.io.table import format_table
from scorer.report.contamination import DEFAULT_ALPHA, Delta, compare, read_results, report_document, same_dataset


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("static_results", type=click.Path(path_type=Path))
@click.argument("fresh_results", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=OUTPUT_FILE,
    default=Path("contamination.json"),
    show_default=True,
    help="The report file (JSON).",
)
@click.option(
    "--alpha",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=DEFAULT_ALPHA,
    show_default=True,
    help="Flag a difference whose two-sided p value is below this.",
)
def contamination(static_results: Path, fresh_results: Path, out: Path, alpha: float) -> None:
    """Compare a model's results on the published split with its results on a fresh split.

    \b
    STATIC_RESULTS  results.json of score on the published split (planarium build)
    FRESH_RESULTS   results.json on a fresh split (planarium build --seed S [--size N])

    Per config, difficulty and metric: both values and their n, fresh - static with its
    standard error, and a flag (*) where the difference is significant: Fisher's exact test
    for rates, the normal approximation for other metrics from 30 rows on each split (below
    that, no p value). A model that saw the published rows in training scores lower on the
    fresh ones.
    """
    static = read_results(static_results)
    fresh = read_results(fresh_results)
    if same_dataset(static, fresh):
        raise PlanariumError(
            f"{static_results} and {fresh_results} score the same dataset: score the fresh split "
            "(planarium build --seed S --out DIR; score ... --data DIR) for FRESH_RESULTS"
        )
    deltas = compare(static, fresh, alpha)
    if not deltas:
        raise PlanariumError(
            f"{static_results} and {fresh_results} share no config with values to compare "
            f"(configs: {sorted(static['configs'])} and {sorted(fresh['configs'])})"
        )
    document = report_document(static_results, fresh_results, static, fresh, deltas, alpha)
    atomic.write_text(out, json.dumps(document, indent=1, sort_keys=True) + "\n")
    click.echo(contamination_table(deltas))
    flagged = sum(d.significant for d in deltas)
    click.echo(f"\n{flagged} of {len(deltas)} differences significant at alpha {alpha} (*); report written to {out}")


def contamination_table(deltas: list[Delta]) -> str:
    rows = [
        [
            d.config,
            d.difficulty,
            d.metric,
            d.static,
            d.fresh,
            d.difference,
            d.stderr,
            d.n_static,
            d.n_fresh,
            d.p_value,
            d.test,
            "*" if d.significant else "",
        ]
        for d in deltas
    ]
    headers = ["config", "difficulty", "metric", "static", "fresh", "fresh-static", "stderr", "n static", "n fresh"]
    headers += ["p", "test", "flag"]
    return format_table(rows, headers)
