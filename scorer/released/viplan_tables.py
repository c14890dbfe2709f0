"""ViPlan's notebook tables (``notebooks/Extract_results.ipynb``) from any run's numbers.

The notebook turns ViPlan's results files into the paper's tables: the per-model tables of
both methods (success rate and predicate accuracy with their errors, per model, CoT and
split), the leaderboard, and the table of CoT differences. Here the same arithmetic runs on
``RunNumbers``, one per run, so the tables print from ViPlan's own metrics
(``viplan_reported``) or from Planarium's replay of the same runs alike.

Kept from the notebook on purpose, so that its printed outputs come out digit for digit:
the grounder's success rate and predicate accuracy are rounded to 2 places before any error
is computed from them (the planner's success rate is not); the per-model errors are rounded
to 2 places, the CoT differences and their errors to 4; its count of predictions (the
accuracy error's n) looks up ``precondition_results`` and ``effect_results`` in each action,
keys the files spell ``preconditions_results`` and ``effects_results``, so in effect it counts
only the enumeration answers (initial state and replans); and the leaderboard is ordered by
numpy's default unstable sort, so ties keep the order that sort leaves them in.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

SPLITS = ("simple", "medium", "hard")
ROUNDING = 2  # the notebook's ROUNDING
GROUNDER, PLANNER = "predicates", "vila"  # ViPlan's method folders
NO_COT, COT, FAIL = "final_no_cot", "final_cot", "final_fail01_no_cot"
COT_EXPERIMENTS: Mapping[str, str] = {NO_COT: "no", COT: "yes"}  # experiment -> the notebook's cot label
FAIL_EXPERIMENTS: Mapping[str, str] = {FAIL: "no"}
LEADERBOARD_METHODS = {GROUNDER: "predicate", PLANNER: "vila"}  # the leaderboard's method column
DIFF_METHODS = {GROUNDER: "grounder", PLANNER: "planner"}  # the CoT-difference printout's names
SETTINGS = {GROUNDER: "VLM-as-grounder", PLANNER: "VLM-as-planner"}
COT_MARKS = {"yes": r"$\checkmark$", "no": r"$\times$"}

READABLE_MODELS: Mapping[str, str] = {
    "gpt-4.1-nano": "GPT-4.1 Nano",
    "gpt-4.1": "GPT-4.1",
    "llava-onevision-qwen2-7b-ov-hf": "LLaVA-Onevision 7B",
    "llava-onevision-qwen2-72b-ov-hf": "LLaVA-Onevision 72B",
    "Qwen2.5-VL-7B-Instruct": "Qwen2.5-VL 7B",
    "Qwen2.5-VL-72B-Instruct": "Qwen2.5-VL 72B",
    "InternVL3-8B": "InternVL3 8B",
    "InternVL3-78B": "InternVL3 78B",
    "gemma-3-12b-it": "Gemma-3 12B",
    "gemma-3-27b-it": "Gemma-3 27B",
    "aya-vision-32b": "AyaVision 32B",
    "aya-vision-8b": "AyaVision 8B",
    "Molmo-7B-D-0924": "Molmo 7B",
    "Phi-4-multimodal-instruct": "Phi-4 Multimodal",
    "Mistral-Small-3.1-24B-Instruct-2503": "Mistral-Small-3.1 24B",
    "deepseek-vl2": "DeepSeek-VL2",
}


@dataclass(frozen=True)
class RunNumbers:
    domain: str  # ViPlan's domain folder name, as in the results path
    experiment: str  # final_no_cot | final_cot | final_fail01_no_cot
    method: str  # predicates | vila
    split: str  # simple | medium | hard
    model: str  # ViPlan's model folder name
    success: float  # task_accuracy (predicates) / statistics.task_completion_rate (vila)
    problems: int  # episodes in the run (the notebook's problem_count)
    predicate_accuracy: float | None = None
    macro_predicate_accuracy: float | None = None
    action_accuracy: float | None = None  # predicates: action_accuracy; vila: statistics.action_success_rate
    fail_ratio: float | None = None
    predictions: int = 0  # the notebook's prediction_count (enumeration answers)
    source: str = ""  # the results file the numbers were read from, when there is one


# ---------------------------------------------------------------- reading ViPlan's files


def results_root(directory: Path) -> Path:
    """``DIRECTORY/results/final`` when it exists, else DIRECTORY (the ``final`` folder itself)."""
    nested = directory / "results" / "final"
    return nested if nested.is_dir() else directory


def viplan_reported(results_dir: Path) -> list[RunNumbers]:
    """ViPlan's own top-level metrics of every run under ``results_dir``
    (``<domain>/<experiment>/<method>/<split>/<model>/results_<job>.json[.gz]``); where a model
    folder holds several files, the last in sorted order, as the notebook's ``load_results``."""
    runs = []
    for folder in sorted(p for p in results_root(results_dir).glob("*/*/*/*/*") if p.is_dir()):
        files = sorted(f for f in folder.iterdir() if f.name.startswith("results_"))
        if files:
            domain, experiment, method, split, model = folder.parts[-5:]
            runs.append(_reported(RunNumbers(domain, experiment, method, split, model, math.nan, 0), files[-1]))
    return runs


def _load(path: Path) -> dict[str, Any]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as stream:
        document: dict[str, Any] = json.load(stream)
    return document


def _reported(blank: RunNumbers, path: Path) -> RunNumbers:
    document = _load(path)
    numbers = _planner_numbers(document) if blank.method == PLANNER else _grounder_numbers(document)
    return RunNumbers(**{**blank.__dict__, **numbers, "source": str(path)})


def _number(value: Any) -> float:
    return math.nan if value is None else float(value)


def _optional(value: Any) -> float | None:
    return None if value is None else float(value)


def _grounder_numbers(document: dict[str, Any]) -> dict[str, Any]:
    # The notebook's problem_keys: every key naming a problem file.
    problems = [key for key in document if ".pddl" in key]
    return {
        "success": _number(document.get("task_accuracy")),
        "problems": len(problems),
        "predicate_accuracy": _optional(document.get("predicate_accuracy")),
        "macro_predicate_accuracy": _optional(document.get("macro_predicate_accuracy")),
        "action_accuracy": _optional(document.get("action_accuracy")),
        "fail_ratio": _optional(document.get("fail_ratio")),
        "predictions": sum(enumeration_answers(document[key] or {}) for key in problems),
    }


def enumeration_answers(episode: Mapping[str, Any]) -> int:
    """The notebook's prediction_count for one episode: the yes/no answers of its initial-state
    enumeration and of every replan's enumeration. The notebook also means to count the
    answers checked around each action, but it reads them under ``precondition_results`` and
    ``effect_results`` while the files write ``preconditions_results`` and ``effects_results``,
    so those add nothing; we count what it counted."""
    initial = (episode.get("initial_state_enum") or {}).get("statistics") or {}
    count = initial.get("yes_total", 0) + initial.get("no_total", 0)
    for replan in episode.get("replans") or []:
        metrics = replan.get("enum_metrics") or {}
        count += metrics.get("yes_total", 0) + metrics.get("no_total", 0)
    return int(count)


def _planner_numbers(document: dict[str, Any]) -> dict[str, Any]:
    # The notebook's problem_keys for the planner: every entry that recorded actions.
    problems = [key for key, value in document.items() if isinstance(value, dict) and "actions" in value]
    statistics = document.get("statistics") or {}
    return {
        "success": _number(statistics.get("task_completion_rate")),
        "problems": len(problems),
        "action_accuracy": _optional(statistics.get("action_success_rate")),
    }


# ---------------------------------------------------------------- the notebook's arithmetic


def _np_round(value: float, places: int) -> float:
    """Pandas' and numpy's rounding (scale, round half to even, unscale), which the notebook
    applies to columns and numpy scalars; Python's ``round`` can differ in the last place."""
    return float(np.round(np.float64(value), places))


def _error(rate: float, count: float) -> float:
    """The binomial standard error sqrt(p (1 - p) / n), in numpy so that n = 0 gives inf or
    nan as in the notebook instead of raising."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.sqrt(np.float64(rate) * (1 - np.float64(rate)) / np.float64(count)))


def _ratio(numerator: float, denominator: float) -> float:
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(numerator) / np.float64(denominator))


def _mean(values: Sequence[float]) -> float:
    # numpy's pairwise summation, as pandas' mean, so averages agree to the last bit.
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.mean(np.asarray(values, dtype=np.float64))) if values else math.nan


def _root_sum_square(values: Sequence[float]) -> float:
    return float(np.sqrt(np.sum(np.square(np.asarray(values, dtype=np.float64)))))


def notebook_success(run: RunNumbers) -> float:
    """The success rate the notebook tabulates: the grounder's rounded to 2 places by its
    ``construct_predicates_table`` (Python's round), the planner's as the file gives it."""
    return round(run.success, ROUNDING) if run.method == GROUNDER else run.success


def notebook_accuracy(run: RunNumbers) -> float | None:
    if run.method != GROUNDER or run.predicate_accuracy is None:
        return None
    return round(run.predicate_accuracy, ROUNDING)


def readable(model: str, names: Mapping[str, str] = READABLE_MODELS) -> str:
    return names.get(model, model)


def _runs_of(runs: Iterable[RunNumbers], domain: str, experiment: str, method: str) -> list[RunNumbers]:
    """One domain's, experiment's and method's runs, ordered by model folder then split as the
    notebook's data frames (the order its sums run in)."""
    chosen = [r for r in runs if (r.domain, r.experiment, r.method) == (domain, experiment, method)]
    return sorted((r for r in chosen if r.split in SPLITS), key=lambda r: (r.model, SPLITS.index(r.split)))


def _domains(runs: Iterable[RunNumbers], experiments: Iterable[str]) -> tuple[str, ...]:
    wanted = set(experiments)
    return tuple(sorted({r.domain for r in runs if r.experiment in wanted}))


# ---------------------------------------------------------------- text layout


def _afterpoint(text: str) -> int:
    """Digits after the decimal point, -1 for an integer: the key of tabulate's decimal alignment."""
    if re.fullmatch(r"[+-]?\d+", text):
        return -1
    point = text.rfind(".")
    point = text.lower().rfind("e") if point < 0 else point
    return len(text) - point - 1 if point >= 0 else -1


def _number_text(value: object) -> str | None:
    """A number as tabulate writes it (an integer as it is, a float in ``g`` format), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | np.integer):
        return str(value)
    if isinstance(value, float | np.floating):
        return format(float(value), "g")
    return None


def _column(header: str, values: Sequence[object]) -> tuple[list[str], str]:
    """One column of a pipe table: its padded cells (header first) and its rule segment."""
    numbers = [_number_text(v) for v in values]
    texts = [n for n in numbers if n is not None]
    if not values or len(texts) < len(values):  # text, left-justified
        texts = [str(v) for v in values]
        width = max([len(header) + 2, *map(len, texts)])
        return [header.ljust(width)] + [t.ljust(width) for t in texts], ":" + "-" * (width + 1)
    decimals = max(map(_afterpoint, texts))
    texts = [t + " " * (decimals - _afterpoint(t)) for t in texts]
    width = max([len(header) + 2, *map(len, texts)])
    return [header.rjust(width)] + [t.rjust(width) for t in texts], "-" * (width + 1) + ":"


def pipe_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown pipe table laid out as pandas' ``to_markdown`` (tabulate's "pipe" format)
    lays it out: numbers in ``g`` format, aligned on the decimal point and right-justified,
    text left-justified, every column at least two wider than its header."""
    columns = [_column(header, [row[i] for row in rows]) for i, header in enumerate(headers)]
    lines = ["| " + " | ".join(cells[n] for cells, _ in columns) + " |" for n in range(len(rows) + 1)]
    lines.insert(1, "|" + "|".join(rule for _, rule in columns) + "|")
    return "\n".join(lines)


def _latex_model(name: str) -> str:
    return name.replace("-", r"\text{-}").replace("_", r"\text{_}")


def _with_error(mean: float, error: float) -> str:
    return f"{mean:.{ROUNDING}f} \\scriptsize{{({error:.{ROUNDING}f})}}"


def _bold(cell: str, best: bool) -> str:
    return r"\textbf{" + cell + "}" if best else cell


def _best(values: Iterable[float | None]) -> float:
    present = [v for v in values if v is not None and not math.isnan(v)]
    return max(present) if present else math.nan


# ---------------------------------------------------------------- per-model tables


@dataclass(frozen=True)
class FullRow:
    """One (model, CoT, split) cell group of the notebook's full results tables
    (``merge_cot_tables``): rates with their errors, already rounded as it rounds them."""

    model: str  # readable name
    cot: str  # "no" | "yes"
    split: str
    success: float
    success_error: float
    accuracy: float | None = None  # the grounder's predicate accuracy
    accuracy_error: float | None = None


def full_table(
    runs: Iterable[RunNumbers],
    domain: str,
    method: str,
    experiments: Mapping[str, str] = COT_EXPERIMENTS,
    names: Mapping[str, str] = READABLE_MODELS,
) -> list[FullRow]:
    """The per-model table of one domain and method over the experiments given (by default
    without and with CoT; ``FAIL_EXPERIMENTS`` for the action-failure table), sorted as the
    notebook's pivot sorts it: readable model name, then CoT, then split."""
    runs = list(runs)
    rows = [
        _full_row(run, cot, names)
        for experiment, cot in experiments.items()
        for run in _runs_of(runs, domain, experiment, method)
    ]
    return sorted(rows, key=lambda r: (r.model, r.cot, SPLITS.index(r.split)))


def _full_row(run: RunNumbers, cot: str, names: Mapping[str, str]) -> FullRow:
    success = notebook_success(run)
    accuracy = notebook_accuracy(run)
    accuracy_error = None if accuracy is None else _np_round(_error(accuracy, run.predictions), ROUNDING)
    success_error = _np_round(_error(success, run.problems), ROUNDING)
    return FullRow(readable(run.model, names), cot, run.split, success, success_error, accuracy, accuracy_error)


def _by_model(rows: Sequence[FullRow]) -> dict[tuple[str, str], dict[str, FullRow]]:
    table: dict[tuple[str, str], dict[str, FullRow]] = {}
    for row in rows:
        table.setdefault((row.model, row.cot), {})[row.split] = row
    return dict(sorted(table.items()))


def _has_accuracy(rows: Sequence[FullRow]) -> bool:
    return any(r.accuracy is not None and not math.isnan(r.accuracy) for r in rows)


def _full_values(cells: Mapping[str, FullRow], accuracy: bool) -> list[tuple[float, float]]:
    """A table row's (rate, error) pairs, column by column: per split the success rate, then
    the accuracy when the table has one; NaN where the run is missing, as the pivot leaves it."""
    out = []
    for split in SPLITS:
        row = cells.get(split)
        out.append((row.success, row.success_error) if row else (math.nan, math.nan))
        if accuracy:
            out.append((_or_nan(row.accuracy), _or_nan(row.accuracy_error)) if row else (math.nan, math.nan))
    return out


def _or_nan(value: float | None) -> float:
    return math.nan if value is None else value


def _full_best(rows: Sequence[FullRow], accuracy: bool) -> list[float]:
    """Each column's highest rate (per split, success then accuracy): the cells the notebook bolds."""
    best = []
    for split in SPLITS:
        mine = [r for r in rows if r.split == split]
        best.append(_best(r.success for r in mine))
        best += [_best(r.accuracy for r in mine)] if accuracy else []
    return best


def full_table_latex(rows: Sequence[FullRow], caption: str = "", label: str = "") -> str:
    """The table as the notebook's ``full_df_to_latex`` prints it."""
    accuracy = _has_accuracy(rows)
    lines = [r"\begin{table}[h]"]
    lines += [r"\caption{" + caption + "}"] if caption else []
    lines += [r"\label{" + label + "}"] if label else []
    columns = " ".join(("c c" if accuracy else "c") for _ in SPLITS)
    lines += [r"\centering", r"\resizebox{\linewidth}{!}{%", "  \\begin{tabular}{l c " + columns + "}", r"\toprule"]
    lines += _full_header(accuracy) + [r"\midrule"]
    best = _full_best(rows, accuracy)
    for (model, cot), cells in _by_model(rows).items():
        values = _full_values(cells, accuracy)
        texts = [_bold(_with_error(m, e), m == top) for (m, e), top in zip(values, best, strict=True)]
        row = [_latex_model(model), COT_MARKS.get(cot, cot), *texts]
        lines.append(" & ".join(row) + r" \\")
    return "\n".join(lines + [r"\bottomrule", r"\end{tabular}}", r"\end{table}"])


def _full_header(accuracy: bool) -> list[str]:
    if not accuracy:
        return [
            " & ".join([r"\textbf{Model}", r"\textbf{CoT}", *(f"\\textbf{{{s.capitalize()}}}" for s in SPLITS)])
            + r" \\"
        ]
    first = [r"\multirow{2}{*}{\textbf{Model}}", r"\multirow{2}{*}{\textbf{CoT}}"]
    first += [f"\\multicolumn{{2}}{{c}}{{\\textbf{{{s.capitalize()}}}}}" for s in SPLITS]
    second = ["", ""] + [r"\textbf{Success}", r"\textbf{Accuracy}"] * len(SPLITS)
    return [" & ".join(first) + r" \\", " & ".join(second) + r" \\"]


def full_table_markdown(rows: Sequence[FullRow]) -> str:
    """The same table for a terminal: ``rate (error)`` per split, success then accuracy."""
    accuracy = _has_accuracy(rows)
    headers = ["model", "CoT"]
    for split in SPLITS:
        headers += [f"{split} success"] + ([f"{split} accuracy"] if accuracy else [])
    body = []
    for (model, cot), cells in _by_model(rows).items():
        texts = [f"{m:.{ROUNDING}f} ({e:.{ROUNDING}f})" for m, e in _full_values(cells, accuracy)]
        body.append([model, cot, *texts])
    return pipe_table(headers, body)


# ---------------------------------------------------------------- leaderboard


@dataclass(frozen=True)
class DomainScore:
    domain: str
    success: float  # the mean over splits of the success rate
    error: float  # sqrt(sum of the splits' squared errors) / number of splits


@dataclass(frozen=True)
class LeaderboardRow:
    model: str  # readable name
    method: str  # "predicate" | "vila", as the notebook's leaderboard writes it
    cot: str  # "no" | "yes"
    success: float  # the mean over domains
    error: float  # sqrt(sum of the domains' squared errors) / number of domains
    domains: tuple[DomainScore, ...]


def _domain_scores(
    runs: Sequence[RunNumbers], domain: str, experiments: Mapping[str, str]
) -> dict[tuple[str, str, str], DomainScore]:
    """The notebook's ``prepare_average_df`` for one domain, keyed by (model folder, method,
    cot), in its concatenation order: grounder then planner, each without then with CoT."""
    scores = {}
    for method, label in LEADERBOARD_METHODS.items():
        for experiment, cot in experiments.items():
            chosen = _runs_of(runs, domain, experiment, method)
            for model in dict.fromkeys(r.model for r in chosen):
                mine = [r for r in chosen if r.model == model]
                rates = [notebook_success(r) for r in mine]
                errors = [_error(rate, r.problems) for rate, r in zip(rates, mine, strict=True)]
                scores[(model, label, cot)] = DomainScore(domain, _mean(rates), _root_sum_square(errors) / len(mine))
    return scores


def leaderboard(
    runs: Iterable[RunNumbers],
    domains: Sequence[str] | None = None,
    experiments: Mapping[str, str] = COT_EXPERIMENTS,
    names: Mapping[str, str] = READABLE_MODELS,
) -> list[LeaderboardRow]:
    """Every (model, method, CoT) present in all ``domains`` (by default every domain of the
    runs, in sorted order), best first. Values are rounded to 10 places and ordered by numpy's
    default sort, as the notebook's ``leaderboard_df``."""
    runs = list(runs)
    domains = tuple(domains) if domains is not None else _domains(runs, experiments)
    scores = [_domain_scores(runs, domain, experiments) for domain in domains]
    keys = [key for key in scores[0] if all(key in s for s in scores)] if scores else []
    rows = [_leaderboard_row(key, [s[key] for s in scores], names) for key in keys]
    return [rows[i] for i in _descending([r.success for r in rows])]


def _leaderboard_row(
    key: tuple[str, str, str], scores: Sequence[DomainScore], names: Mapping[str, str]
) -> LeaderboardRow:
    model, method, cot = key
    success = _mean([s.success for s in scores])
    error = _root_sum_square([s.error for s in scores]) / len(scores)
    rounded = tuple(DomainScore(s.domain, _np_round(s.success, 10), _np_round(s.error, 10)) for s in scores)
    return LeaderboardRow(readable(model, names), method, cot, _np_round(success, 10), _np_round(error, 10), rounded)


def _descending(values: Sequence[float]) -> list[int]:
    """Positions by decreasing value, NaN last, as pandas' ``sort_values(ascending=False)``
    finds them: numpy's default (quick)sort of the reversed values, reversed back. That sort
    is not stable; where values tie, the order depends on the numpy build and CPU (its SIMD
    sort on AVX2 / AVX-512 gives the order the notebook printed)."""
    array = np.asarray(values, dtype=np.float64)
    present = np.flatnonzero(~np.isnan(array))[::-1]
    order = present[np.argsort(array[present], kind="quicksort")][::-1]
    return [int(i) for i in order] + [int(i) for i in np.flatnonzero(np.isnan(array))]


def _leaderboard_headers(domains: Sequence[str]) -> list[str]:
    headers = ["model", "method", "cot", "average_success_rate", "error"]
    for domain in domains:
        headers += [f"average_success_rate_{domain}", f"error_{domain}"]
    return headers


def leaderboard_markdown(rows: Sequence[LeaderboardRow], top: int | None = 20) -> str:
    """The leaderboard as the notebook prints it (``leaderboard_df.head(20).to_markdown``)."""
    shown = rows[:top] if top is not None else rows
    domains = [s.domain for s in rows[0].domains] if rows else []
    body = []
    for row in shown:
        numbers = [value for s in row.domains for value in (s.success, s.error)]
        body.append([row.model, row.method, row.cot, row.success, row.error, *numbers])
    return pipe_table(_leaderboard_headers(domains), body)


def _leaderboard_column(means: Sequence[float], errors: Sequence[float]) -> list[str]:
    best = _best(means)
    return [_bold(_with_error(m, e), m == best) for m, e in zip(means, errors, strict=True)]


def leaderboard_latex(
    rows: Sequence[LeaderboardRow], labels: Mapping[str, str], caption: str, label: str, top: int = 10
) -> str:
    """The paper's leaderboard table (the notebook's second ``leaderboard_to_latex``): per
    domain and combined, ``rate (error)`` to 2 places, each column's best bolded."""
    shown = rows[:top]
    domains = [s.domain for s in shown[0].domains] if shown else []
    columns = [
        _leaderboard_column([r.domains[i].success for r in shown], [r.domains[i].error for r in shown])
        for i in range(len(domains))
    ]
    columns.append(_leaderboard_column([r.success for r in shown], [r.error for r in shown]))
    body = []
    for n, row in enumerate(shown):
        cells = [_latex_model(row.model), SETTINGS[_method_folder(row.method)], COT_MARKS.get(row.cot, row.cot)]
        body.append(" & ".join(cells + [column[n] for column in columns]) + r" \\")
    return "\n".join(
        _leaderboard_latex_head(domains, labels, caption, label)
        + body
        + [r"\bottomrule", r"\end{tabular}", "}", r"\end{table}"]
    )


def _method_folder(method: str) -> str:
    return {label: folder for folder, label in LEADERBOARD_METHODS.items()}.get(method, method)


def _leaderboard_latex_head(domains: Sequence[str], labels: Mapping[str, str], caption: str, label: str) -> list[str]:
    titles = " & ".join(r"\textbf{" + labels.get(d, d) + "}" for d in [*domains]) + r" & \textbf{Combined} \\"
    return [
        r"\begin{table}[h]",
        r"\caption{" + caption + r"}\label{" + label + "}",
        r"\resizebox{\textwidth}{!}{",
        r"\begin{tabular}{l l c " + " ".join("c" for _ in range(len(domains) + 1)) + "}",
        r"\toprule",
        r"\multirow{2}{*}{\textbf{Model}} & ",
        r"\multirow{2}{*}{\textbf{Evaluation Setting}} & ",
        r"\multirow{2}{*}{\textbf{CoT}} & ",
        f"\\multicolumn{{{len(domains) + 1}}}{{c}}{{\\textbf{{Average Success Rate}}}} \\\\",
        r" & & & " + titles,
        r"\midrule",
    ]


def leaderboard_latex_plain(
    rows: Sequence[LeaderboardRow], titles: Mapping[str, str], caption: str, label: str, top: int = 10
) -> str:
    """The notebook's first ``leaderboard_to_latex`` (pandas' ``to_latex`` of every column):
    rates as Python prints them, the best of each bolded, errors to 6 places."""
    shown = rows[:top]
    domains = [s.domain for s in shown[0].domains] if shown else []
    rates = [[r.success for r in shown]] + [[r.domains[i].success for r in shown] for i in range(len(domains))]
    best = [_best(column) for column in rates]
    header = [
        r"\textbf{Model}",
        r"\textbf{Evaluation Setting}",
        r"\textbf{CoT}",
        r"\textbf{Average Success Rate}",
        "error",
    ]
    for domain in domains:
        header += [r"\textbf{Average Success Rate (" + titles.get(domain, domain) + ")}", f"error_{domain}"]
    lines = [r"\begin{table}", r"\caption{" + caption + "}", r"\label{" + label + "}"]
    lines += [
        r"\resizebox{\textwidth}{!}{\begin{tabular}{l" + "c" * (len(header) - 1) + "}",
        r"\toprule",
        " & ".join(header) + r" \\",
        r"\midrule",
    ]
    for row in shown:
        cells = [_latex_model(row.model), SETTINGS[_method_folder(row.method)], COT_MARKS.get(row.cot, row.cot)]
        pairs = [(row.success, row.error)] + [(s.success, s.error) for s in row.domains]
        for (rate, error), top_rate in zip(pairs, best, strict=True):
            cells += [_bold(repr(rate), rate == top_rate), f"{error:.6f}"]
        lines.append(" & ".join(cells) + r" \\")
    return "\n".join(lines + [r"\bottomrule", r"\end{tabular}}", r"\end{table}"])


# ---------------------------------------------------------------- CoT differences


@dataclass(frozen=True)
class CotDiffRow:
    """One model's success rate with CoT minus without, in one domain, method and split."""

    domain: str
    method: str  # "grounder" | "planner"
    model: str  # ViPlan's model folder name
    split: str
    no: float
    cot: float
    diff: float  # rounded to 4 places
    error: float  # sqrt(error_no^2 + error_cot^2), rounded to 4 places


@dataclass(frozen=True)
class CotDiffAverage:
    """The mean difference over the models of one domain, method and split."""

    domain: str
    method: str  # "grounder" | "planner"
    split: str
    average: float  # rounded to 4 places
    error: float  # sqrt(sum of squared errors) / models, rounded to 4 places
    ratio: float  # |average / error|, rounded to 2 places


def _diff_rows(runs: Sequence[RunNumbers], domain: str, method: str, experiments: tuple[str, str]) -> list[CotDiffRow]:
    without = {(r.model, r.split): r for r in _runs_of(runs, domain, experiments[0], method)}
    with_cot = {(r.model, r.split): r for r in _runs_of(runs, domain, experiments[1], method)}
    rows = []
    for key, base in without.items():  # the notebook's inner merge, in the order of the runs without CoT
        if key in with_cot:
            no, cot = notebook_success(base), notebook_success(with_cot[key])
            error = _root_sum_square([_error(no, base.problems), _error(cot, with_cot[key].problems)])
            rows.append(
                CotDiffRow(domain, DIFF_METHODS[method], *key, no, cot, _np_round(cot - no, 4), _np_round(error, 4))
            )
    return rows


def cot_diff(
    runs: Iterable[RunNumbers], domain: str, experiments: tuple[str, str] = (NO_COT, COT)
) -> tuple[list[CotDiffRow], list[CotDiffAverage]]:
    """The notebook's ``compute_cot_diff`` for one domain: every model's difference, and the
    averages in the order it prints them (per split, the grounder then the planner)."""
    runs = list(runs)
    rows = {method: _diff_rows(runs, domain, method, experiments) for method in (GROUNDER, PLANNER)}
    averages = [_diff_average(domain, split, rows[method]) for split in SPLITS for method in (GROUNDER, PLANNER)]
    return rows[GROUNDER] + rows[PLANNER], [a for a in averages if a is not None]


def _diff_average(domain: str, split: str, rows: Sequence[CotDiffRow]) -> CotDiffAverage | None:
    mine = [r for r in rows if r.split == split]
    if not rows:
        return None
    average = _np_round(_mean([r.diff for r in mine]), 4)
    error = _np_round(_ratio(_root_sum_square([r.error for r in mine]), len(mine)), 4)
    return CotDiffAverage(
        domain, rows[0].method, split, average, error, _np_round(abs(_ratio(average, error)), ROUNDING)
    )


def cot_diff_lines(averages: Iterable[CotDiffAverage]) -> list[str]:
    """The lines the notebook prints: ``Average for <split> (<method>): <diff> with error <err> (ratio <r>)``."""
    return [
        f"Average for {a.split} ({a.method}): {a.average!r} with error {a.error!r} (ratio {a.ratio!r})"
        for a in averages
    ]


def _diff_cell(average: CotDiffAverage | None) -> str:
    if average is None:
        return " & "
    ratio = _bold(
        f"{average.ratio:.1f}", average.ratio <= 3
    )  # the paper bolds ratios of 3 or less: no significant difference
    return f"{average.average:.3f} & {average.error:.3f} \\scriptsize{{({ratio})}}"


def cot_diff_latex(
    averages: Iterable[CotDiffAverage],
    labels: Mapping[str, str],
    caption: str,
    label: str,
    domains: Sequence[str] | None = None,
) -> str:
    """The notebook's ``print_cot_diff_latex``: per method and domain, each split's average,
    error and ratio."""
    averages = list(averages)
    domains = tuple(domains) if domains is not None else tuple(dict.fromkeys(a.domain for a in averages))
    found = {(a.domain, a.method, a.split): a for a in averages}
    lines = [
        r"\begin{table}[h]",
        r"\centering",
        r"\caption{" + caption + "}",
        r"\label{" + label + "}",
        r"\resizebox{\textwidth}{!}{",
    ]
    lines += [r"\begin{tabular}{l l " + " ".join("c c" for _ in SPLITS) + "}", r"\toprule"]
    titles = " & ".join(f"\\multicolumn{{2}}{{c}}{{\\textbf{{{s.capitalize()}}}}}" for s in SPLITS)
    lines.append(
        r"\multirow{2}{*}{\textbf{Evaluation Setting}} & \multirow{2}{*}{\textbf{Domain}} & " + titles + r" \\"
    )
    lines += [" &  & " + " & ".join(r"\textbf{Average} & \textbf{Error}" for _ in SPLITS) + r" \\", r"\midrule"]
    for method in (GROUNDER, PLANNER):
        for n, domain in enumerate(domains):
            first = r"\multirow{" + str(len(domains)) + r"}{*}{\textbf{" + SETTINGS[method] + "}}" if n == 0 else ""
            cells = [_diff_cell(found.get((domain, DIFF_METHODS[method], s))) for s in SPLITS]
            lines.append(" & ".join([first, labels.get(domain, domain), *cells]) + r" \\")
        lines.append(r"\midrule")
    return "\n".join(lines[:-1] + [r"\bottomrule", r"\end{tabular}}", r"\end{table}"])


def cot_diff_markdown(averages: Iterable[CotDiffAverage]) -> str:
    """The CoT differences for a terminal: one row per domain and method, per split the
    average, its error and their ratio."""
    averages = list(averages)
    keys = list(dict.fromkeys((a.domain, a.method) for a in averages))
    found = {(a.domain, a.method, a.split): a for a in averages}
    headers = ["domain", "method"] + [f"{s} {part}" for s in SPLITS for part in ("average", "error", "ratio")]
    body = []
    for domain, method in keys:
        cells: list[object] = [domain, method]
        for split in SPLITS:
            a = found.get((domain, method, split))
            cells += [a.average, a.error, a.ratio] if a else ["", "", ""]
        body.append(cells)
    return pipe_table(headers, body)


# ---------------------------------------------------------------- everything at once


def report(runs: Iterable[RunNumbers], labels: Mapping[str, str] | None = None, top: int | None = 20) -> str:
    """Every table, in Markdown, for a terminal or a file: the per-model tables of each domain
    and method (and of the action-failure runs where there are any), the leaderboard and the
    CoT differences."""
    runs = list(runs)
    labels = labels or {}
    parts = []
    for domain in sorted({r.domain for r in runs}):
        name = labels.get(domain, domain)
        for method in (GROUNDER, PLANNER):
            for title, experiments in (("", COT_EXPERIMENTS), (" with action failures", FAIL_EXPERIMENTS)):
                rows = full_table(runs, domain, method, experiments)
                if rows:
                    parts.append(f"## {SETTINGS[method]} on {name}{title}\n\n{full_table_markdown(rows)}")
    parts.append(f"## Leaderboard\n\n{leaderboard_markdown(leaderboard(runs), top)}")
    averages = [a for domain in _domains(runs, COT_EXPERIMENTS) for a in cot_diff(runs, domain)[1]]
    parts.append(f"## CoT minus no CoT\n\n{cot_diff_markdown(averages)}")
    return "\n\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None, out: Callable[[str], object] = sys.stdout.write) -> int:
    """``python -m scorer.released.viplan_tables RESULTS_DIR``: the tables of ViPlan's own numbers."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        out("usage: python -m scorer.released.viplan_tables RESULTS_DIR  (ViPlan's results/final)\n")
        return 2
    out(report(viplan_reported(Path(args[0]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
