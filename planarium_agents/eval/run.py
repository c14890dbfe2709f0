"""One ``planarium eval`` run: ask, write predictions.jsonl, score it, write the results.

Only the rows the run attempted are scored (the first ``limit`` of each config), and a
row whose model request failed after its retries is an API failure: listed and counted
in results.json, left out of the scored rows, and asked again by the next run (failures
are not cached). AsgardBench had to remove such rows by hand.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from planarium_agents.eval.cache import CachedModel, ResponseCache
from planarium_agents.eval.episodes import play_episodes
from planarium_agents.eval.inputs import VariantError, prompt_columns
from planarium_agents.eval.models import ModelSpec, OpenAIModel, Sampling, make_model, paper_sampling, with_sampling
from planarium_agents.eval.progress import PartProgress, row_bar
from planarium_agents.eval.questions import ask_questions
from planarium_agents.openai_agent import OpenAIChat, check_endpoint
from scorer.executors import Executor, in_process
from scorer.io.atomic import write_text
from scorer.io.dataset import DatasetError, KeyedDataset, KeyRow, load_keys
from scorer.io.predictions import read_predictions
from scorer.scoring.grading import grade
from scorer.scoring.provenance import provenance
from scorer.scoring.run import ScoreRun, score_samples, write_scored

PREDICTIONS = "predictions.jsonl"
RESULTS = "results.json"
CACHE = "responses.sqlite"


@dataclass(frozen=True)
class EvalSettings:
    model: ModelSpec
    configs: tuple[str, ...]
    data: Path = Path("parquet")
    split: str = "test"
    out: Path = Path("eval-out")
    base_url: str | None = None
    limit: int | None = None
    concurrency: int = 8
    variant: str = "prompt"
    constrained: bool = False
    sampling: Sampling = field(default_factory=Sampling)
    sampling_source: str = "paper"  # "paper": each config's paper's sampling; "default": ``sampling`` for every config
    episode_settings: dict[str, Any] = field(default_factory=dict)
    server: str | None = None  # a running `planarium serve`; None plays episodes in-process
    cache: Path | None = None  # None: <out>/responses.sqlite
    use_cache: bool = True
    retries: int = 3  # per request, with exponential backoff, before it counts as an API failure
    show_progress: bool = True
    samples: int = 1  # samples asked per row (episodes played per episode row), scored as the mean and pass@k

    def recorded(self) -> dict[str, Any]:
        """The settings as results.json records them."""
        fields = asdict(self)
        fields.update(
            model=str(self.model),
            data=str(self.data),
            out=str(self.out),
            configs=list(self.configs),
            cache=str(self.cache_path) if self.use_cache else None,
            sampling=self.sampling.as_dict(),
            sampling_by_config={config: sampling.as_dict() for config, sampling in self.samplings().items()},
        )
        fields.pop("show_progress")
        return fields

    def samplings(self) -> dict[str, Sampling]:
        """The sampling each config is asked with."""
        if self.sampling_source == "default":
            return {config: self.sampling for config in self.configs}
        return {config: paper_sampling(config, self.sampling.max_tokens) for config in self.configs}

    @property
    def cache_path(self) -> Path:
        return self.cache or self.out / CACHE


@dataclass
class EvalRun:
    score: ScoreRun
    predictions_path: Path
    api_failures: dict[str, str]  # row id -> why its request failed
    cache_hits: int


def evaluate(settings: EvalSettings, executor: Executor | None = None) -> EvalRun:
    """Ask the model for every chosen row, write predictions.jsonl, score it.

    ``executor``: the rows are dealt round-robin to up to ``min(workers, concurrency)``
    processes, each with ``concurrency / parts`` requests in flight and its own episodes
    (their state and images are what costs CPU here); the files written are the same."""
    executor = executor or in_process()
    rows = chosen_rows(settings)
    rows, skipped = _without_variant_gaps(rows, settings)
    _warn_greedy_samples(settings)
    if settings.model.provider == "openai":  # before any request: a typo in --base-url or --model is one line
        chat = OpenAIChat(settings.base_url)
        try:
            check_endpoint(chat, settings.model.name)
        finally:
            chat.close()
    parts = _parts(rows, _part_count(settings, executor))
    if settings.use_cache:
        # Checked (a damaged file recovered) and made (switched to WAL) here, once: parts opening
        # a new file at the same moment race for that switch, which SQLite refuses ("database is locked").
        cache = ResponseCache(settings.cache_path)
        cache.close()
        if cache.recovered:
            click.echo(f"warning: {cache.recovered}", err=True)  # at once: the run goes on
    lines, failures, hits = _ask_parts(settings, parts, executor)
    predictions_path = settings.out / PREDICTIONS
    # in row order (a row's samples in sample order), so equal runs write equal files
    written = (line for row in rows if row.id in lines for line in lines[row.id])
    write_text(predictions_path, "".join(json.dumps(line) + "\n" for line in written))
    score = _score(settings, rows, failures, predictions_path, executor, skipped)
    return EvalRun(score, predictions_path, failures, hits)


def evaluate_and_summarise(settings: EvalSettings, executor_spec: str) -> tuple[str, int]:
    """``evaluate`` on the executor ``executor_spec`` names; what the command prints (the
    results and counts tables, the API failures and the files written) and how many asked
    rows were left without a reply."""
    from scorer.executors import make_executor
    from scorer.scoring.results import counts_table, results_table

    executor = make_executor(executor_spec)
    try:
        run = evaluate(settings, executor)
    finally:
        executor.close()
    lines = [results_table(run.score.grading), "", counts_table(run.score.grading)]
    if run.api_failures:
        failed = sorted(run.api_failures)
        lines.append(
            f"\n{len(failed)} API failure(s), not scored (a rerun asks them again): "
            f"{', '.join(failed[:5])}{' ...' if len(failed) > 5 else ''}"
        )
    lines.append(
        f"\n{run.cache_hits} cached response(s) reused; wrote {run.predictions_path}, "
        f"{run.score.results_path} and {run.score.rows_path}"
    )
    return "\n".join(lines), len(run.api_failures)


def _warn_greedy_samples(settings: EvalSettings) -> None:
    """Several samples at temperature 0 are one greedy reply, asked once (the cache keys no
    draw there): say so, so that pass@k equal to the mean is not a surprise."""
    greedy = [config for config, sampling in settings.samplings().items() if sampling.temperature == 0]
    if settings.samples > 1 and greedy:
        click.echo(
            f"warning: --samples {settings.samples} at temperature 0 for {', '.join(greedy)}: greedy decoding "
            "gives every sample the same reply (asked once); --temperature T samples them",
            err=True,
        )


def _ask_parts(
    settings: EvalSettings, parts: list[list[KeyRow]], executor: Executor
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str], int]:
    """Every part asked on the executor: the prediction lines, API failures and cache hits.
    Several parts share one bar of rows, each part reporting its rows as they finish (a bar
    fed by the executor would move once per part); one part shows its own bars."""
    shared = len(parts) > 1
    samples = f" x {settings.samples} samples" if settings.samples > 1 else ""
    unit = "answer" if settings.samples > 1 else "row"
    total = sum(len(part) for part in parts) * settings.samples
    part_settings = replace(settings, concurrency=max(1, settings.concurrency // len(parts)))
    if shared:
        part_settings = replace(part_settings, show_progress=False)
    lines: dict[str, list[dict[str, Any]]] = {}
    failures: dict[str, str] = {}
    hits = 0
    with row_bar(total, f"{settings.model} rows{samples}", unit, settings.show_progress and shared) as progress:
        jobs = [(part_settings, part, progress) for part in parts]
        for part_lines, part_failures, part_hits in executor.map(ask_part, jobs):
            lines.update(part_lines)
            failures.update(part_failures)
            hits += part_hits
    return lines, failures, hits


def _part_count(settings: EvalSettings, executor: Executor) -> int:
    # vLLM offline holds the model in this process (one copy per GPU): it is never split.
    return 1 if settings.model.provider == "vllm" else max(1, min(executor.workers, settings.concurrency))


def _parts(rows: list[KeyRow], count: int) -> list[list[KeyRow]]:
    """Round-robin, so episodes and questions spread evenly; empty parts dropped."""
    return [part for part in (rows[index::count] for index in range(count)) if part]


def ask_part(
    job: tuple[EvalSettings, list[KeyRow], Path | None],
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str], int]:
    """The prediction lines (each row's, one per sample), API failures and cache hits of one
    part of the rows (an executor's job); its rows and steps reported to the job's progress file."""
    settings, rows, progress_file = job
    progress = PartProgress(progress_file)
    cache = ResponseCache(settings.cache_path) if settings.use_cache else None
    model = make_model(settings.model, settings.sampling, settings.base_url, settings.concurrency, settings.retries)
    lines: dict[str, list[dict[str, Any]]] = {}
    failures: dict[str, str] = {}
    hits = 0
    try:
        for sampling, group in _by_sampling(rows, settings.samplings()):
            cached = CachedModel(with_sampling(model, sampling), cache)
            group_lines, group_failures = _ask(cached, group, settings, progress)
            lines.update(group_lines)
            failures.update(group_failures)
            hits += cached.hits
    finally:
        progress.close()
        if cache is not None:
            cache.close()
        if isinstance(model, OpenAIModel):
            model.close()  # its connection pool
    return lines, failures, hits


def _by_sampling(rows: list[KeyRow], samplings: dict[str, Sampling]) -> list[tuple[Sampling, list[KeyRow]]]:
    """The rows grouped by the sampling they are asked with, in the order first met."""
    groups: dict[str, tuple[Sampling, list[KeyRow]]] = {}
    for row in rows:
        sampling = samplings[row.config]
        groups.setdefault(json.dumps(sampling.as_dict(), sort_keys=True), (sampling, []))[1].append(row)
    return list(groups.values())


def chosen_rows(settings: EvalSettings) -> list[KeyRow]:
    """Each chosen config's rows in shard order, or with ``limit`` a stratified sample of them."""
    dataset = load_keys(settings.data, settings.split, set(settings.configs))
    present = set(dataset.configs())
    absent = [name for name in settings.configs if name not in present]
    if absent:
        raise DatasetError(
            f"no {settings.split} rows of config(s) {', '.join(absent)} in {settings.data}; "
            f"present: {', '.join(sorted(_all_configs(settings)))}"
        )
    rows: list[KeyRow] = []
    for config in settings.configs:
        config_rows = [row for row in dataset.rows.values() if row.config == config]
        rows += config_rows if settings.limit is None else stratified_sample(config_rows, settings.limit)
    return rows


SAMPLE_SEED = 0


def stratified_sample(rows: list[KeyRow], limit: int, seed: int = SAMPLE_SEED) -> list[KeyRow]:
    """``limit`` rows dealt in turn from each difficulty (in the order they first appear), each
    difficulty's rows in a seeded shuffle: a smoke run sees every difficulty and question kind,
    and the same arguments always give the same sample. Returned in shard order."""
    strata: dict[str, list[KeyRow]] = {}
    for row in rows:
        strata.setdefault(row.difficulty, []).append(row)
    for name, members in strata.items():
        random.Random(f"{seed}:{name}").shuffle(members)
    dealt: set[str] = set()
    for turn in range(max((len(members) for members in strata.values()), default=0)):
        for members in strata.values():
            if len(dealt) < limit and turn < len(members):
                dealt.add(members[turn].id)
    return [row for row in rows if row.id in dealt]


def _sample_record(rows: list[KeyRow], settings: EvalSettings) -> dict[str, Any]:
    by_config: dict[str, list[str]] = {}
    for row in rows:
        by_config.setdefault(row.config, []).append(row.id)
    return {"limit": settings.limit, "seed": SAMPLE_SEED, "strata": "difficulty", "ids": by_config}


def _without_variant_gaps(rows: list[KeyRow], settings: EvalSettings) -> tuple[list[KeyRow], dict[str, str]]:
    """The rows of configs that have the chosen prompt variant, and why each other config is skipped
    (a line each on stderr); a VariantError when no config has it."""
    question_configs = dict.fromkeys(row.config for row in rows if row.task != "episode")
    skipped: dict[str, str] = {}
    for config in question_configs:
        available = prompt_columns(settings.data, settings.split, config)
        if settings.variant not in available:
            skipped[config] = (
                f"config {config!r} has no {settings.variant!r} prompt column; it has: {', '.join(available)}"
            )
    kept = [row for row in rows if row.config not in skipped]
    if not kept:
        raise VariantError("; ".join(skipped.values()))
    for reason in skipped.values():
        click.echo(f"warning: skipped: {reason}", err=True)
    return kept, skipped


def _all_configs(settings: EvalSettings) -> set[str]:
    from scorer.io.dataset import read_checksums

    return {Path(relative).parts[-2] for relative in read_checksums(settings.data)}


def _ask(
    model: CachedModel, rows: list[KeyRow], settings: EvalSettings, progress: PartProgress
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """Each answered row's prediction lines (one per sample) and the API failures by row id:
    a row any of whose samples failed is a failure, its other samples left to the cache."""
    questions = [row for row in rows if row.task != "episode"]
    episodes = [row for row in rows if row.task == "episode"]
    if episodes and settings.variant != "prompt":
        raise ValueError(
            f"--variant {settings.variant} applies to question configs; {episodes[0].config} is played "
            "as episodes (give episode settings with --settings, e.g. '{\"cot\": true}')"
        )
    answers = (
        ask_questions(
            model,
            questions,
            settings.data,
            settings.split,
            settings.variant,
            settings.constrained,
            settings.show_progress,
            settings.samples,
            on_reply=progress.row,
        )
        if questions
        else {}
    )
    failures = {
        row_id: failed[0].error or "no reply"
        for row_id, completions in answers.items()
        if (failed := [c for c in completions if c.text is None])
    }
    lines: dict[str, list[dict[str, Any]]] = {
        row_id: [{"id": row_id, "response": c.text, "model": str(settings.model)} for c in completions]
        for row_id, completions in answers.items()
        if row_id not in failures
    }
    if episodes:
        report, episode_failures = play_episodes(
            model,
            episodes,
            settings.episode_settings,
            settings.server,
            settings.concurrency,
            settings.show_progress,
            settings.samples,
            on_episode=progress.row,
            on_step=progress.step,
        )
        for line in report.logs:  # in sample order: the samples are played round after round
            lines.setdefault(line["id"], []).append(line)
        failures.update(episode_failures)  # episodes the server could not play stay unlogged: scored missing
    return lines, failures


def _score(
    settings: EvalSettings,
    rows: list[KeyRow],
    failures: dict[str, str],
    predictions_path: Path,
    executor: Executor,
    skipped: dict[str, str],
) -> ScoreRun:
    full = load_keys(settings.data, settings.split, set(settings.configs))
    scored = KeyedDataset(full.root, {row.id: row for row in rows if row.id not in failures}, full.checksums)
    run = provenance([str(settings.model)], settings.recorded(), settings.variant)
    run["api_failures"] = _failure_summary(rows, failures)
    # A run with unanswered rows is not the model's result on the rows asked: say so where the numbers go.
    run["complete"] = not failures
    run["skipped_configs"] = skipped
    if settings.limit is not None:
        run["sample"] = _sample_record(rows, settings)
    if settings.samples > 1 and predictions_path.stat().st_size:
        out = settings.out / RESULTS
        return score_samples(scored, predictions_path, settings.samples, out, settings.split, run, executor)
    prediction_set = read_predictions(predictions_path) if predictions_path.stat().st_size else None
    predictions = prediction_set.predictions if prediction_set else {}
    problems = prediction_set.problems if prediction_set else []
    sha256 = prediction_set.sha256 if prediction_set else ""
    return write_scored(
        grade(scored, predictions, executor=executor),
        scored,
        predictions,
        problems,
        sha256,
        settings.out / RESULTS,
        settings.split,
        run,
    )


def _failure_summary(rows: list[KeyRow], failures: dict[str, str]) -> dict[str, Any]:
    config_of = {row.id: row.config for row in rows}
    by_config: dict[str, int] = {}
    for row_id in failures:
        by_config[config_of[row_id]] = by_config.get(config_of[row_id], 0) + 1
    return {
        "n": len(failures),
        "by_config": by_config,
        "rows": [{"id": row_id, "error": failures[row_id]} for row_id in sorted(failures)],
    }
