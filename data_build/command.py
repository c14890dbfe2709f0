"""What ``planarium build`` does with its options: the published splits, a fresh split, or a train split."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from data_build.build import build, build_train
from data_build.row_filter import row_filter
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
    where: Sequence[str],
    executor_spec: str,
    show_progress: bool,
    replace: bool = False,
) -> dict[str, str]:
    """Build into ``out``; return {relative shard path: sha256}. A ValueError for a bad option."""
    checked_size = check_size(size)
    if split != TRAIN and (difficulty or where):
        option = "--difficulty" if difficulty else "--where"
        raise ValueError(f"{option}: only with --split train (the published splits hold every difficulty)")
    if replace and split != TRAIN:
        raise ValueError("--replace: only with --split train (a train split is what it replaces)")
    if split == TRAIN and not checked_size.isdigit():
        raise ValueError(f"--split train --size {size}: expected a number of train rows per config")
    executor = make_executor(executor_spec)
    try:
        if split == TRAIN:
            wanted = row_filter(difficulty, where)
            train = TrainSettings(int(checked_size), seed, wanted, show_progress, executor, replace)
            return build_train(out, configs, train)
        return build(
            out, configs, BuildSettings(size=checked_size, seed=seed, show_progress=show_progress, executor=executor)
        )
    finally:
        executor.close()
