"""Canonical problem keys, and the keys of the published splits a training split must avoid.

A row's problem key names the planning problem whatever the row asks of it: the domain's
name, the typed objects, the initial atoms and the goal, each read from the row's PDDL
as a set (the order a generator wrote them in and the problem's name do not count). Two
rows with one key pose the same problem, so a training row may not share its key with
any row of the published test and dev splits.

``published_keys.json`` holds the keys of the published splits (seed 0) at each size,
written by a maintainer after any change to a generator:

    python -m data_build.problem_keys --sizes mini,full
    python -m data_build.problem_keys --sizes full --built parquet   # from a build already made

and a test compares its ``mini`` part with the keys of the mini build drawn now.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from scorer.io import atomic
from scorer.tasks.acp.sexpr import SExpr, read_sexpr, sections, write_sexpr

if TYPE_CHECKING:
    from scorer.io.dataset import KeyRow

PUBLISHED_KEYS = Path(__file__).with_name("published_keys.json")
KEY_HEX = 20  # 80 bits of sha256: two of millions of problems share one by chance with odds near zero


def problem_key(row: Mapping[str, Any]) -> str:
    """The canonical key of the problem in ``row["problem_pddl"]``."""
    define = read_sexpr(row["problem_pddl"].lower())
    parts = {
        "domain": [write_sexpr(part) for part in _sections(define, ":domain")],
        "objects": sorted(_typed_objects(define)),
        "init": sorted(write_sexpr(atom) for part in _sections(define, ":init") for atom in part),
        "goal": [_canonical(goal) for part in _sections(define, ":goal") for goal in part],
    }
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()
    return digest[:KEY_HEX]


def _sections(define: SExpr, keyword: str) -> list[SExpr]:
    return [item for part in sections(define, keyword) for item in part[1:]]


def _typed_objects(define: SExpr) -> Iterable[str]:
    """``name - type`` of every object (untyped: ``name - object``)."""
    pending: list[str] = []
    tokens = iter(token for token in _sections(define, ":objects") if isinstance(token, str))
    for token in tokens:
        if token == "-":
            kind = next(tokens, "object")
            yield from (f"{name} - {kind}" for name in pending)
            pending = []
        else:
            pending.append(token)
    yield from (f"{name} - object" for name in pending)


def _canonical(formula: SExpr) -> str:
    """A formula with the parts of every ``and`` / ``or`` sorted (their order means nothing)."""
    if isinstance(formula, str) or not formula:
        return write_sexpr(formula)
    head, *rest = formula
    written = [_canonical(part) for part in rest]
    if head in ("and", "or"):
        written.sort()
    return "(" + " ".join([write_sexpr(head), *written]) + ")"


@cache
def published_keys(config: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the keys of ``config``'s published test and dev rows, the sizes they were recorded at)."""
    recorded = _read().get(config, {})
    return frozenset(key for keys in recorded.values() for key in keys), tuple(sorted(recorded))


def _read() -> dict[str, dict[str, list[str]]]:
    if not PUBLISHED_KEYS.is_file():
        return {}
    return json.loads(PUBLISHED_KEYS.read_text())


def record(sizes: Iterable[str], configs: str | None, executor_spec: str) -> dict[str, dict[str, list[str]]]:
    """``published_keys.json`` with the keys of the published builds of ``configs`` at ``sizes``."""
    from data_build.registry import select
    from data_build.schedule import build_rows
    from data_build.spec import PUBLISHED_SEED, BuildSettings
    from scorer.executors import make_executor

    table = _read()
    executor = make_executor(executor_spec)
    try:
        specs = select(configs)
        for size in sizes:
            built = build_rows(specs, BuildSettings(size=size, seed=PUBLISHED_SEED, executor=executor))
            for name, rows in built.items():
                keys = {problem_key(row) for split_rows in rows.values() for row in split_rows}
                table.setdefault(name, {})[size] = sorted(keys)
    finally:
        executor.close()
    return {name: dict(sorted(table[name].items())) for name in sorted(table)}


def record_built(folder: Path, size: str, configs: str | None) -> dict[str, dict[str, list[str]]]:
    """``published_keys.json`` with the keys of the test and dev shards in ``folder``, a
    published build (seed 0) at ``size`` made by ``planarium build``: no second build."""
    from data_build.registry import select

    table = _read()
    for spec in select(configs):
        pddl = [row.problem_pddl for split in ("test", "dev") for row in _rows(folder, split, spec.name)]
        keys = {problem_key({"problem_pddl": text}) for text in pddl}
        if keys:
            table.setdefault(spec.name, {})[size] = sorted(keys)
    return {name: dict(sorted(table[name].items())) for name in sorted(table)}


def _rows(folder: Path, split: str, config: str) -> list[KeyRow]:
    from scorer.io.dataset import built_splits, load_keys

    if split not in built_splits(folder).get(config, set()):
        return []
    return list(load_keys(folder, split, {config}).rows.values())


@click.command()
@click.option("--sizes", default="mini,full", show_default=True, help="Comma-separated published sizes.")
@click.option("--configs", default=None, help="Comma-separated config names (default: every built config).")
@click.option("--executor", "executor_spec", default="local", show_default=True)
@click.option(
    "--built",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Read the keys from this published build (seed 0, of the one size --sizes names) instead of building.",
)
def main(sizes: str, configs: str | None, executor_spec: str, built: Path | None) -> None:
    """Record the problem keys of the published splits in data_build/published_keys.json."""
    wanted = [size.strip() for size in sizes.split(",") if size.strip()]
    if built is not None and len(wanted) != 1:
        raise click.UsageError(f"--built {built}: name the one size it was built at (--sizes full), not {sizes!r}")
    table = record_built(built, wanted[0], configs) if built else record(wanted, configs, executor_spec)
    lines = ",\n".join(f"{json.dumps(name)}: {json.dumps(table[name])}" for name in table)
    atomic.write_text(PUBLISHED_KEYS, "{\n" + lines + "\n}\n")
    click.echo(f"wrote the keys of {len(table)} config(s) to {PUBLISHED_KEYS}")


if __name__ == "__main__":
    main()
