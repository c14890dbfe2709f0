"""``planarium eval``: run a model on configs, write predictions, score them, print the table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from planarium_agents.command import episode_settings
from planarium_agents.eval import VARIANTS
from scorer.executors import DEFAULT_EXECUTOR, EXECUTOR_HELP
from scorer.io.paths import OUTPUT_FILE, OUTPUT_FOLDER

# eval's exit code when API failures left asked rows without a reply (1: an error, 2: a usage error)
INCOMPLETE_EXIT = 3

if TYPE_CHECKING:
    from planarium_agents.eval.run import EvalSettings


@click.command(name="eval")
@click.option("--model", "model_text", required=True, help="openai:NAME (an OpenAI-compatible endpoint) or vllm:NAME.")
@click.option("--configs", required=True, help="Comma-separated config names.")
@click.option("--base-url", default=None, help="OpenAI-compatible base URL (default: $OPENAI_BASE_URL).")
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True)
@click.option("--split", default="test", show_default=True)
@click.option(
    "--limit",
    type=int,
    default=None,
    help="A seeded sample of N rows of each config, dealt in turn from its difficulties (recorded in results.json).",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Samples asked per row (episodes played per episode row), scored as the mean over samples with its "
    "standard error over rows, and pass@k for k = 1..N (recorded in results.json).",
)
@click.option("--concurrency", type=int, default=8, show_default=True, help="Requests (and episodes) at once.")
@click.option(
    "--variant",
    type=click.Choice(VARIANTS),
    default="prompt",
    show_default=True,
    help="Which prompt column of a question config to send.",
)
@click.option("--constrained", is_flag=True, help="Send each task's answer grammar as guided decoding.")
@click.option(
    "--sampling",
    "sampling_source",
    type=click.Choice(["default", "paper"]),
    default=None,
    help="paper (the default): each config's paper's sampling, as its card states (temperature, top_p / top_k "
    "for endpoints that take them, stop strings, a paper's token limit); default: temperature 0 (or "
    "--temperature) for every config.",
)
@click.option(
    "--temperature", type=float, default=None, help="Temperature for every config (implies --sampling default)."
)
@click.option(
    "--max-tokens",
    type=int,
    default=1024,
    show_default=True,
    help="New tokens per reply; under --sampling paper a paper's own limit wins where it states one.",
)
@click.option("--settings", "settings_json", default="{}", show_default=True, help="Episode settings as JSON.")
@click.option("--server", default=None, help="Play episodes through a running `planarium serve` (default: in-process).")
@click.option(
    "--out",
    type=OUTPUT_FOLDER,
    default=Path("eval-out"),
    show_default=True,
    help="Folder for predictions.jsonl, results.json, results.rows.jsonl and the response cache.",
)
@click.option("--cache", type=OUTPUT_FILE, default=None, help="Response cache (default: OUT/responses.sqlite).")
@click.option("--no-cache", is_flag=True, help="Ask the model for every row, neither reading nor writing the cache.")
@click.option(
    "--retries",
    type=int,
    default=3,
    show_default=True,
    help="Retries of a failed request (with backoff) before it counts as an API failure.",
)
@click.option(
    "--executor",
    "executor_spec",
    default=DEFAULT_EXECUTOR,
    show_default=True,
    help=EXECUTOR_HELP + " The rows are dealt to min(workers, --concurrency) of them (vllm: always one).",
)
@click.option("--quiet", is_flag=True, help="No progress bars.")
def eval_command(**options: Any) -> None:
    """Run a model on CONFIGS end to end: ask, write predictions.jsonl, score it, print the table.

    Exits 3 when API failures left asked rows without a reply (results.json marks the run
    incomplete); rerunning the same command asks only those rows.
    """
    from planarium_agents.eval.inputs import VariantError
    from planarium_agents.eval.run import evaluate_and_summarise
    from scorer.io.dataset import DatasetError

    settings = eval_settings(**options)
    try:
        text, unanswered = evaluate_and_summarise(settings, options["executor_spec"])
    except (DatasetError, VariantError, ValueError, RuntimeError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(text)
    if unanswered:
        # Not 0: a script or CI job must not take a run with unanswered rows for a finished one.
        click.echo(
            f"error: incomplete run: {unanswered} asked row(s) left without a reply by API failures "
            "(results.json marks the run incomplete); rerun the same command to ask only them",
            err=True,
        )
        click.get_current_context().exit(INCOMPLETE_EXIT)


def eval_settings(
    model_text: str,
    configs: str,
    base_url: str | None,
    data: Path,
    split: str,
    limit: int | None,
    samples: int,
    concurrency: int,
    variant: str,
    constrained: bool,
    sampling_source: str | None,
    temperature: float | None,
    max_tokens: int,
    settings_json: str,
    server: str | None,
    out: Path,
    cache: Path | None,
    no_cache: bool,
    retries: int,
    executor_spec: str,
    quiet: bool,
) -> EvalSettings:
    """The run the options ask for; a usage error for options that contradict each other."""
    from planarium_agents.eval.models import Sampling, parse_model
    from planarium_agents.eval.run import EvalSettings

    if sampling_source == "paper" and temperature is not None:
        raise click.UsageError("--temperature sets --sampling default; --sampling paper takes each paper's")
    # The paper's experiment unless the user asks for a temperature of their own.
    sampling_source = sampling_source or ("default" if temperature is not None else "paper")
    try:
        model = parse_model(model_text)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    return EvalSettings(
        model,
        tuple(c.strip() for c in configs.split(",") if c.strip()),
        data,
        split,
        out,
        base_url,
        limit,
        concurrency,
        variant,
        constrained,
        Sampling(temperature or 0.0, max_tokens),
        sampling_source,
        episode_settings(settings_json),
        server,
        cache,
        not no_cache,
        retries,
        not quiet,
        samples,
    )
