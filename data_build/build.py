"""``planarium build``: configs x splits -> Parquet shards, card and checksums."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from data_build.card import card_configs, finish_card, merge_cards, render_card, with_split
from data_build.registry import select
from data_build.rows import with_messages
from data_build.schedule import build_rows
from data_build.shards import sha256_file, write_split
from data_build.spec import IMPORTED, SIZES, BuildSettings, ConfigSpec, Rows
from data_build.train import TRAIN, TrainSettings, draw_train, train_note
from scorer import __version__
from scorer.io import atomic
from scorer.io.errors import PlanariumError

CHECKSUMS = "checksums.json"
DEFAULT_SETTINGS = BuildSettings()  # frozen: one shared default is safe


def build(out_dir: Path, configs: str | None = None, settings: BuildSettings = DEFAULT_SETTINGS) -> dict[str, str]:
    """Build the named configs into ``out_dir``; return {relative shard path: sha256}.

    Shards of configs not named are kept, stay in checksums.json and keep their part of
    the card.
    """
    _old_card(out_dir)  # an unreadable card is refused before minutes of generation, not after
    specs = select(configs)
    _check_sizes(specs, settings)
    made = build_rows(specs, settings)
    built = {
        spec.name: (spec, made[spec.name] if settings.published else fresh_ids(made[spec.name], settings.seed))
        for spec in specs
    }
    return write_configs(out_dir, built, settings.size, settings.seed)


def build_train(out_dir: Path, configs: str | None, settings: TrainSettings) -> dict[str, str]:
    """Add a train split to each named config in ``out_dir`` (its published mini splits are
    built first where the folder lacks the config: the card's section is theirs)."""
    specs = select(configs)
    if not settings.replace:
        _refuse_a_second_train_split(out_dir, specs)
    card = _old_card(out_dir)
    held = set(card_configs(card)) if card is not None else set()
    missing = [spec.name for spec in specs if spec.name not in held]
    if missing:
        first = BuildSettings(size="mini", show_progress=settings.show_progress, executor=settings.executor)
        build(out_dir, ",".join(missing), first)
    for spec in specs:
        count = draw_train(spec, settings, out_dir)
        if not settings.show_progress:  # quiet: no bar, but a line per config as it is done
            print(f"{spec.name}: {count.rows:,} train rows drawn", file=sys.stderr, flush=True)
        card = with_split(
            _old_card(out_dir) or "", spec.name, TRAIN, count.rows, count.shard_bytes, train_note(spec, settings, count)
        )
        atomic.write_text(out_dir / "README.md", finish_card(card, _specs(card_configs(card))))
    checksums = _checksums(out_dir)
    atomic.write_text(out_dir / CHECKSUMS, json.dumps(checksums, indent=1, sort_keys=True) + "\n")
    return checksums


def _refuse_a_second_train_split(out_dir: Path, specs: Sequence[ConfigSpec]) -> None:
    """A train build never drops rows silently: a config that already has a train split here
    is refused (``--replace`` draws it anew)."""
    held = [spec.name for spec in specs if any((out_dir / "data" / spec.name).glob(f"{TRAIN}-*.parquet"))]
    if held:
        raise ValueError(
            f"{out_dir}/ already holds a train split of {', '.join(held)}: give --replace to draw it anew "
            "(its rows are dropped), or --out another folder to keep both"
        )


def _check_sizes(specs: list[ConfigSpec], settings: BuildSettings) -> None:
    """A size-N build of a config that builds only the published sizes is refused before any work."""
    if settings.size in SIZES:
        return
    fixed = [spec.name for spec in specs if not spec.any_size]
    if fixed:
        raise ValueError(
            f"--size {settings.size}: config(s) {', '.join(fixed)} build only --size mini or full "
            "(a fresh split of them: --seed S at one of those sizes)"
        )


def fresh_ids(rows: Rows, seed: int) -> Rows:
    """Ids of a fresh split carry its seed (``<config>/<split>/s<seed>-<index>``), so its rows and
    its predictions can never be taken for the published split's."""
    return {
        split: [{**row, "id": _fresh_id(row["id"], seed)} for row in split_rows] for split, split_rows in rows.items()
    }


def _fresh_id(row_id: str, seed: int) -> str:
    prefix, index = row_id.rsplit("/", 1)
    return f"{prefix}/s{seed}-{index}"


def write_imported(spec: ConfigSpec, rows: Rows, out_dir: Path) -> dict[str, str]:
    """An imported config's shards into ``out_dir``, beside whatever the folder holds."""
    return write_configs(out_dir, {spec.name: (spec, rows)}, IMPORTED, 0)


def write_configs(out_dir: Path, built: dict[str, tuple[ConfigSpec, Rows]], size: str, seed: int) -> dict[str, str]:
    """Shards of ``built``, then the card (merged with the card of the other configs still
    in ``out_dir``) and checksums.json over every shard in the folder."""
    split_bytes: dict[tuple[str, str], int] = {}
    for name, (spec, rows) in built.items():
        for split, split_rows in rows.items():
            split_rows = with_messages(split_rows, spec.features)
            split_bytes[(name, split)] = write_split(split_rows, spec.features, out_dir, name, split)
    card = render_card(built, split_bytes, size, seed, __version__)
    old = _old_card(out_dir)
    others = [c for c in card_configs(old) if c not in built and (out_dir / "data" / c).is_dir()] if old else []
    # Nothing to merge: ``card`` is already finished (finishing it again would add a blank line).
    if old is not None and others:
        card = finish_card(merge_cards(card, old, others), [spec for spec, _ in built.values()] + _specs(others))
    atomic.write_text(out_dir / "README.md", card)
    checksums = _checksums(out_dir)
    atomic.write_text(out_dir / CHECKSUMS, json.dumps(checksums, indent=1, sort_keys=True) + "\n")
    return checksums


def _specs(names: list[str]) -> list[ConfigSpec]:
    """The registry's specs of configs a folder holds (a config no family declares any more is skipped)."""
    from scorer.registry import configs

    return [configs()[name] for name in names if name in configs()]


def _old_card(out_dir: Path) -> str | None:
    """The card already in ``out_dir`` (its other configs are kept), checked to be one."""
    readme = out_dir / "README.md"
    if not readme.is_file():
        return None
    try:
        card = readme.read_text(encoding="utf-8")
        card_configs(card)
    except Exception as error:  # undecodable, bad YAML, wrong shape: all mean "not our card"
        raise PlanariumError(
            f"{readme} is not a readable dataset card ({type(error).__name__}); "
            "move it away (or delete it) and build again"
        ) from None
    return card


def _checksums(out_dir: Path) -> dict[str, str]:
    shards = sorted((out_dir / "data").glob("*/*.parquet"))
    return {path.relative_to(out_dir).as_posix(): sha256_file(path) for path in shards}
