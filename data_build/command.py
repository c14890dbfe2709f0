"""What ``planarium build`` does with its options: the published splits, a fresh split, or a train split."""

from __future__ import annotations

from pathlib import Path

from data_build.build import build, build_train
from data_build.spec import BuildSettings, check_size
from data_build.train import TRAIN, TrainSettings
from scorer.executors import make_executor


def run_build(
    out: Path,
    configs: str | None,
    size: str,
    seed: int,
    split: str,
    difficulty: str | None,
    executor_spec: str,
    show_progress: bool,
) -> dict[str, str]:
    """Build into ``out``; return {relative shard path: sha256}. A ValueError for a bad option."""
    checked_size = check_size(size)
    if split != TRAIN and difficulty:
        raise ValueError("--difficulty: only with --split train (the published splits hold every difficulty)")
    if split == TRAIN and not checked_size.isdigit():
        raise ValueError(f"--split train --size {size}: expected a number of train rows per config")
    executor = make_executor(executor_spec)
    try:
        if split == TRAIN:
            chosen = frozenset(d.strip() for d in (difficulty or "").split(",") if d.strip())
            train = TrainSettings(int(checked_size), seed, chosen, show_progress, executor)
            return build_train(out, configs, train)
        return build(
            out, configs, BuildSettings(size=checked_size, seed=seed, show_progress=show_progress, executor=executor)
        )
    finally:
        executor.close()
