"""``planarium import acpbench-hard DIR [--out parquet/]``: ACPBench Hard's own questions as config ``acpbench-hard``.

DIR holds one folder per task (app, prog, reach, areach, val, just, land, nexta),
each with ``test.gen.json.gz`` (or ``test.gen.json``) and ``dev.gen.json`` (or
``.gz``): JSON lists of records with id, group, context, question, answer,
PDDL_domain, PDDL_problem. Each record becomes one row, judged by our scorer:

- ``prompt`` and ``messages``: the question as ACPBench's lm-eval task files ask it, 2-shot
  with the kind's two examples and their answers (``acpbench_protocol``: one text, and chat
  turns);
- ``zeroshot``: their context and question, then our answer-format instruction (the form
  our parser reads, 0-shot); ``fewshot`` and ``pddl`` as in ``acp-hard``, after it;
- ``domain_pddl`` / ``problem_pddl``: theirs (the problem's ``:init`` is the
  question state); ``domain``: our name of their domain (``alfworld``,
  ``blocksworld4``, ...);
- ``answer_key``: their key converted to ours (``scorer.tasks.acp.imported_keys``)
  and checked by our validators (``acpbench_audit.py``), with their gold answer
  as ``source_answer``.

Where our validators prove their gold answer wrong, ``score --gold`` marks the
row wrong; ``--disputes FILE`` lists those rows with the reason and the evidence.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import click

from data_build.acp_rows import Shots, count_table
from data_build.build import write_imported
from data_build.importing import import_arguments, write_imported_configs
from data_build.rows import chat_column, dumps, row_features
from data_build.spec import SPLITS, ConfigSpec, Rows
from scorer.executors import DEFAULT_EXECUTOR, EXECUTOR_HELP, Executor, in_process, make_executor
from scorer.families.classical.acpbench_audit import Dispute, audit, convert
from scorer.families.classical.acpbench_protocol import two_shot_messages, two_shot_text
from scorer.families.classical.acpbench_verdicts import seed_oracle
from scorer.families.classical.problems import fewshot_examples
from scorer.io import atomic
from scorer.io.dataset import KeyRow
from scorer.pddl import PDDLError, split_init
from scorer.registry.family import card_template
from scorer.tasks.acp import KINDS, acp_kind
from scorer.tasks.acp.analysis import EXACT_CAP, VariantGraphs
from scorer.tasks.acp.judge import load_task
from scorer.tasks.acp.keys import with_vocabulary
from scorer.tasks.acp.prompts import fewshot_prompt, pddl_only_prompt, pddl_prompt

CONFIG = "acpbench-hard"
# ``prompt`` is the paper's 2-shot question; ``zeroshot`` ours, which the other variants extend.
DOMAIN_NAMES = {
    "alfred": "alfworld",
    "blocksworld-4ops": "blocksworld4",
    "depots": "depot",
    "ferry": "ferry",
    "floor-tile": "floortile",
    "gold-miner-typed": "goldminer",
    "grid": "grid",
    "grid-visit-all": "visitall",
    "gripper-strips": "gripper",
    "logistics-strips": "logistics",
    "rover": "rovers",
    "satellite": "satellite",
    "swap": "swap",
}
_DOMAIN_NAME = re.compile(r"\(\s*domain\s+([^\s()]+)", re.I)
_PROBLEM_NAME = re.compile(r"\(\s*problem\s+([^\s()]+)", re.I)


class ImportError_(click.ClickException):
    """A one-line error for the user."""


@dataclass(frozen=True)
class SourceRecord:
    kind: str
    split: str
    position: int  # in its file
    record: dict[str, Any]


def read_source(directory: Path, limit: int | None = None) -> dict[str, list[SourceRecord]]:
    """Records per split, task by task in KINDS order, at most ``limit`` per task file."""
    if not directory.is_dir():
        raise ImportError_(f"{directory} is not a folder; give the folder with app/, prog/, ... inside")
    found: dict[str, list[SourceRecord]] = {split: [] for split in SPLITS}
    for kind in KINDS:
        for split in SPLITS:
            records = _read_records(directory / kind, split)[:limit]
            found[split] += [SourceRecord(kind, split, i, r) for i, r in enumerate(records)]
    return found


def _read_records(folder: Path, split: str) -> list[dict[str, Any]]:
    for name in (f"{split}.gen.json.gz", f"{split}.gen.json"):
        path = folder / name
        if path.is_file():
            opener = gzip.open if name.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as stream:
                records = json.load(stream)
            if not isinstance(records, list):
                raise ImportError_(f"{path} is not a JSON list of records")
            return records
    raise ImportError_(f"{folder} has no {split}.gen.json(.gz); is {folder.parent} ACPBench Hard's dataset folder?")


@dataclass(frozen=True)
class ProblemJob:
    """The records of one problem and its variants (the same problem with other :init
    sections), with the place of each in its split: imported together, so the problem is
    parsed and grounded once and each state space explored once for all of them."""

    records: list[tuple[SourceRecord, int]]
    shots: Shots
    shipped_verdicts: bool = True  # seed the oracle with the planner verdicts shipped for the published data


@dataclass(frozen=True)
class ImportedRow:
    split: str
    index: int
    row: dict[str, Any]
    dispute: Dispute | None


def import_rows(
    directory: Path,
    limit: int | None = None,
    progress: bool = False,
    executor: Executor | None = None,
    shipped_verdicts: bool = True,
) -> tuple[Rows, list[Dispute]]:
    """Rows and disputes per split, in the source's order, whatever executor imported them."""
    sources = read_source(directory, limit)
    jobs = [replace(job, shipped_verdicts=shipped_verdicts) for job in problem_jobs(sources, fewshot_examples(0))]
    done = (executor or in_process()).map(import_problem, jobs, f"{CONFIG} problems", progress)
    placed = {(imported.split, imported.index): imported for job in done for imported in job}
    rows: Rows = {split: [placed[split, i].row for i in range(len(records))] for split, records in sources.items()}
    disputes = [
        dispute
        for split, records in sources.items()
        for i in range(len(records))
        if (dispute := placed[split, i].dispute) is not None
    ]
    return rows, disputes


def problem_jobs(sources: dict[str, list[SourceRecord]], shots: Shots) -> list[ProblemJob]:
    """One job per problem (records whose problems differ only in :init share one), the
    biggest first, so that a pool starts the slow ones early."""
    grouped: dict[tuple[str, str], list[tuple[SourceRecord, int]]] = {}
    for split_records in sources.values():
        for index, source in enumerate(split_records):
            grouped.setdefault(_problem_of(source.record), []).append((source, index))
    jobs = [ProblemJob(members, shots) for members in grouped.values()]
    return sorted(jobs, key=_size, reverse=True)


def _problem_of(record: dict[str, Any]) -> tuple[str, str]:
    """Records with equal values share their problem but for :init."""
    split = split_init(record["PDDL_problem"])
    return record["PDDL_domain"], record["PDDL_problem"] if split is None else split[0]


def _size(job: ProblemJob) -> int:
    """How long a job takes, roughly: its problem text (objects) times its records."""
    source = job.records[0][0].record
    return (len(source["PDDL_domain"]) + len(source["PDDL_problem"])) * len(job.records)


def import_problem(job: ProblemJob) -> list[ImportedRow]:
    if job.shipped_verdicts:
        seed_oracle()
    graphs = VariantGraphs(EXACT_CAP)
    imported = []
    for source, index in job.records:
        row, dispute = imported_row(source, index, job.shots[source.kind], graphs)
        imported.append(ImportedRow(source.split, index, row, dispute))
    return imported


def imported_row(
    source: SourceRecord, index: int, shots: list[tuple[str, str]], graphs: VariantGraphs | None = None
) -> tuple[dict[str, Any], Dispute | None]:
    record, kind = source.record, source.kind
    domain_pddl, problem_pddl = record["PDDL_domain"], record["PDDL_problem"]
    domain = _domain_name(domain_pddl)
    try:
        task = load_task(domain_pddl, problem_pddl)
    except PDDLError as error:
        raise ImportError_(f"{kind}/{source.split} record {source.position}: cannot ground its PDDL: {error}") from None
    converted = convert(kind, record, task, domain_pddl, graphs)
    kept = {"source_answer": converted.source_answer, "source_key": record["answer"]}
    if kind == "just":  # the plan as ACPBench Hard's evaluator takes it from the question text
        kept["source_plan"] = record["question"][19:-147].replace(") (", ")######(").split("######")
    key = with_vocabulary(kind, task, {**converted.key, **kept})
    ours = f"{record['context'].strip()} {record['question'].strip()} {acp_kind(kind).instruction}"
    meta = {
        "acp_task": kind,
        "domain": domain,
        "problem": _name(_PROBLEM_NAME, problem_pddl),
        "source_id": record["id"],
        "source_group": record["group"],
        "key": "exact" if converted.exact else "evidence",
    }
    row = {
        "id": f"{CONFIG}/{source.split}/{index:04d}",
        "domain": domain,
        "task": "acp",
        "difficulty": kind,
        "images": [],
        "prompt": two_shot_text(kind, record["context"], record["question"]),
        "messages": chat_column(two_shot_messages(kind, record["context"], record["question"])),
        "zeroshot": ours,
        "fewshot": fewshot_prompt(shots, ours),
        "pddl": pddl_prompt(domain_pddl, problem_pddl, ours),
        "pddl_only": pddl_only_prompt(domain_pddl, problem_pddl, record["question"].strip(), kind),
        "domain_pddl": domain_pddl,
        "problem_pddl": problem_pddl,
        "answer_key": dumps(key),
        "meta": dumps(meta),
    }
    key_row = KeyRow(row["id"], CONFIG, domain, "acp", kind, domain_pddl, problem_pddl, key, meta)
    return row, audit(key_row, converted, record["id"])


def _domain_name(domain_pddl: str) -> str:
    name = _name(_DOMAIN_NAME, domain_pddl)
    return DOMAIN_NAMES.get(name.lower(), name.lower())


def _name(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(1) if match else "unknown"


# -- writing ---------------------------------------------------------------------------

SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="classical",
    task="acp",
    summary="ACPBench Hard's own generative questions (imported), judged by Planarium's validators.",
    features_of=partial(row_features, ("zeroshot", "fewshot", "pddl", "pddl_only")),
    build=lambda settings: {},
    importer="acpbench-hard",  # never built
    papers=("ACPBench Hard",),
    license="cdla-permissive-2.0",  # the license of ACPBench Hard's published data
    card_facts=lambda rows: {"count_table": count_table(rows)},
)


def write_config(rows: Rows, out: Path) -> dict[str, str]:
    """Shards of ``acpbench-hard`` into ``out``, beside the folder's other configs."""
    return write_imported(SPEC, rows, out)


def disputes_markdown(disputes: list[Dispute], total: int) -> str:
    """The list of source keys our validators prove wrong, with the reason and evidence."""
    lines = [
        "# ACPBench Hard: answer keys our validators prove wrong",
        "",
        f"Generated by `python -m scorer.families.classical.acpbench_disputes` from the published files "
        f"({total} questions, test and dev). `score --gold` on config `acpbench-hard` scores the source's "
        "gold answers with Planarium's validators; each row below is one that fails, with the verdict's "
        "reason and the evidence our checks found. Every other source answer scores 1.",
        "",
        f"{len(disputes)} of {total} disputed.",
        "",
        "| row | source id | kind | domain | their answer | our verdict | evidence |",
        "|---|---|---|---|---|---|---|",
    ]
    for d in disputes:
        evidence = "; ".join(d.evidence) or "-"
        cells = [
            d.row_id,
            str(d.source_id),
            d.kind,
            d.domain,
            _cell(d.answer, 120),
            _cell(d.reason, 200),
            _cell(evidence, 400),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _cell(text: str, limit: int) -> str:
    text = " ".join(text.split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 3] + "..."


@click.command(name="acpbench-hard")
@import_arguments(f"config {CONFIG}", progress=True)
@click.option("--limit", type=int, default=None, help="At most this many records per task and split.")
@click.option(
    "--disputes",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the source keys our validators prove wrong to this Markdown file.",
)
@click.option("--executor", "executor_spec", default=DEFAULT_EXECUTOR, show_default=True, help=EXECUTOR_HELP)
def acpbench_hard_import(
    directory: Path, out: Path, limit: int | None, disputes: Path | None, executor_spec: str, quiet: bool
) -> None:
    """Import ACPBench Hard's generative questions from DIRECTORY as config acpbench-hard.

    The rows are the same on every executor: each problem is imported by one worker.
    """
    executor = make_executor(executor_spec)
    try:
        rows, found = import_rows(directory, limit, progress=not quiet, executor=executor)
    finally:
        executor.close()
    write_imported_configs(
        out, {CONFIG: (SPEC, rows)}, directory, "record", note=f"{len(found)} source answers disputed"
    )
    if disputes is not None:
        total = sum(len(split_rows) for split_rows in rows.values())
        atomic.write_text(disputes, disputes_markdown(found, total))
