"""``planarium build --split train``: training rows of any size, none a published problem.

A config's generator draws problems from a seed. The train split of seed S is drawn in
chunks: chunk j is the config's mini build at seed ``S * SEED_STRIDE + j + 1`` (never the
published seed 0, and no two (S, j) share one). Its rows are taken in order, and a row is
rejected when its problem key (``problem_keys.py``) is a published test or dev problem's,
or a problem an earlier chunk already gave (the next chunks draw again). A row outside the
curriculum stage asked for (``row_filter.py``: difficulties, ranges of meta measures) is
passed over. Rows are written as they come, a shard at a
time, so memory does not grow with the size; chunks run on the executor and are taken in
their order, so the bytes are the same on every executor.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from data_build.card import TRAIN_NOTE
from data_build.problem_keys import problem_key, published_keys
from data_build.row_filter import RowFilter
from data_build.rows import with_messages
from data_build.schedule import build_whole
from data_build.shards import MAX_SHARD_BYTES, write_rows
from data_build.spec import ConfigSpec
from scorer.executors import Executor, in_process
from scorer.io.errors import PlanariumError

TRAIN = "train"
SEED_STRIDE = 1_000_003  # chunk seeds of two train seeds never meet (j < SEED_STRIDE)
CHUNK_SIZE = "mini"  # each chunk is a mini build: a few problems per difficulty
BATCH_CHUNKS = 8  # chunks handed to the executor at once, at most
FIRST_BATCH = 2  # the first batch's chunks: a small draw needs few, and the batch doubles from there
BARREN_CHUNKS = 64  # chunks in a row that gave nothing: the generator has no new problem to give
SHARD_ROWS = 20_000  # a train shard's rows at most (and MAX_SHARD_BYTES / 4 of cells)


@dataclass(frozen=True)
class TrainSettings:
    size: int
    seed: int
    wanted: RowFilter = RowFilter()
    show_progress: bool = True
    executor: Executor = field(default_factory=in_process, compare=False, repr=False)
    replace: bool = False  # a train split already in the folder is drawn anew (else: refused)


@dataclass
class TrainCount:
    """What drawing one config's train split took, for its card."""

    rows: int = 0
    chunks: int = 0
    published: int = 0  # rows rejected: a published test or dev problem
    repeated: int = 0  # rows rejected: a problem an earlier chunk gave
    passed_over: int = 0  # rows outside the stage asked for (difficulty, meta ranges)
    checked_sizes: tuple[str, ...] = ()
    shard_bytes: int = 0


def chunk_seed(seed: int, chunk: int) -> int:
    return seed * SEED_STRIDE + chunk + 1


def draw_train(spec: ConfigSpec, settings: TrainSettings, out_dir: Path) -> TrainCount:
    """Draw ``spec``'s train split into ``out_dir/data/<config>/train-*.parquet``."""
    avoided, sizes = published_keys(spec.name)
    count = TrainCount(checked_sizes=sizes)
    writer = TrainShards(out_dir, spec)
    seen: set[str] = set()
    bar = tqdm(total=settings.size, desc=f"{spec.name} train", disable=not settings.show_progress)
    with bar:
        for rows in _chunks(spec, settings, count):
            if count.chunks == 1:  # a mini draw holds every difficulty and measure its generator makes
                settings.wanted.check_offered(spec.name, rows)
            before = count.rows
            seen |= _take(rows, spec, settings, avoided, seen, writer, count)
            bar.update(count.rows - before)
            if count.rows == settings.size:
                break
    count.shard_bytes = writer.finish()
    return count


def _chunks(spec: ConfigSpec, settings: TrainSettings, count: TrainCount) -> Iterator[list[dict[str, Any]]]:
    """Each chunk's test and dev rows, in chunk order, until the caller stops or none is new."""
    barren, batch = 0, FIRST_BATCH
    while True:
        # The chunks are the same, in the same order, whatever the batch: only how many are
        # built ahead of need changes, so a draw's rows do not depend on it.
        jobs = [(spec.name, CHUNK_SIZE, chunk_seed(settings.seed, count.chunks + i)) for i in range(batch)]
        batch = min(2 * batch, BATCH_CHUNKS)
        for built in settings.executor.map(build_whole, jobs):
            count.chunks += 1
            before = count.rows
            yield [row for split_rows in built.values() for row in split_rows]
            barren = barren + 1 if count.rows == before else 0
            if barren == BARREN_CHUNKS:
                raise PlanariumError(_exhausted(spec, settings, count))


def _take(
    rows: Sequence[dict[str, Any]],
    spec: ConfigSpec,
    settings: TrainSettings,
    avoided: frozenset[str],
    seen: set[str],
    writer: TrainShards,
    count: TrainCount,
) -> set[str]:
    """Write the rows of one chunk that are new problems; return the chunk's keys taken."""
    taken: set[str] = set()
    for row in rows:
        key = problem_key(row)
        if key in avoided:
            count.published += 1
        elif key in seen:  # a key of this chunk stays open: one problem may hold several questions
            count.repeated += 1
        elif not settings.wanted.admits(row):
            count.passed_over += 1
        else:
            taken.add(key)
            writer.add({**row, "id": f"{spec.name}/{TRAIN}/s{settings.seed}-{count.rows:07d}"})
            count.rows += 1
            if count.rows == settings.size:
                break
    return taken


def train_note(spec: ConfigSpec, settings: TrainSettings, count: TrainCount) -> str:
    """The paragraph of the config's card section that says how its train split was drawn."""
    avoided, _ = published_keys(spec.name)
    sizes = " and ".join(count.checked_sizes)
    checked = (
        f"checked against the {len(avoided):,} problem keys of the published test and dev splits "
        f"(seed 0, sizes {sizes})"
        if count.checked_sizes
        else "no published problem keys are recorded for this config, so it was checked only against itself"
    )
    unrecorded = (
        ""
        if "full" in count.checked_sizes or not count.checked_sizes
        else (" (the full size's keys are not recorded yet: `python -m data_build.problem_keys --sizes full`)")
    )
    return (
        f"{TRAIN_NOTE} (`--split train --size {settings.size} --seed {settings.seed}{settings.wanted.options()}`; ids "
        f"`{spec.name}/train/s{settings.seed}-<index>`): {count.rows:,} rows from {count.chunks:,} chunks, each "
        f"the generator's mini draw at seed {settings.seed} x {SEED_STRIDE:,} + j + 1. A row's problem key (the "
        f"domain, typed objects, initial atoms and goal, as sets) is {checked}{unrecorded} and against the "
        f"split's earlier problems: {count.published:,} rows rejected as published problems, "
        f"{count.repeated:,} as repeated ones, {count.passed_over:,} outside the stage asked for passed over."
    )


def _exhausted(spec: ConfigSpec, settings: TrainSettings, count: TrainCount) -> str:
    wanted = f" within{settings.wanted.options()}" if settings.wanted else ""
    return (
        f"{spec.name}: only {count.rows} new problem rows{wanted} after {count.chunks} chunks "
        f"({count.published} published and {count.repeated} repeated problems rejected, {count.passed_over} "
        f"rows outside the stage passed over): its generator has no more to give; ask --size {count.rows} "
        "or fewer, or a wider stage"
    )


class TrainShards:
    """Rows written a shard at a time under temporary names, named ``train-i-of-n`` at the end."""

    def __init__(self, out_dir: Path, spec: ConfigSpec) -> None:
        self.folder = out_dir / "data" / spec.name
        self.spec = spec
        self.pending: list[dict[str, Any]] = []
        self.pending_bytes = 0
        self.parts: list[Path] = []
        self.total_bytes = 0

    def add(self, row: dict[str, Any]) -> None:
        self.pending.append(row)
        self.pending_bytes += _cell_bytes(row)
        if len(self.pending) >= SHARD_ROWS or self.pending_bytes >= MAX_SHARD_BYTES // 4:
            self._flush()

    def _flush(self) -> None:
        if not self.pending:
            return
        part = self.folder / f".{TRAIN}-part-{len(self.parts):05d}.parquet.partial"
        self.total_bytes += write_rows(with_messages(self.pending, self.spec.features), self.spec.features, part)
        self.parts.append(part)
        self.pending, self.pending_bytes = [], 0

    def finish(self) -> int:
        """Rename the parts to their shard names, drop stale train shards; the split's Arrow bytes."""
        self._flush()
        names = [self.folder / f"{TRAIN}-{i:05d}-of-{len(self.parts):05d}.parquet" for i in range(len(self.parts))]
        for part, name in zip(self.parts, names):
            part.replace(name)
        for stale in set(self.folder.glob(f"{TRAIN}-*.parquet")) - set(names):
            stale.unlink()
        return self.total_bytes


def _cell_bytes(row: dict[str, Any]) -> int:
    images = sum(len(image.get("bytes") or b"") for image in row.get("images") or [])
    return images + sum(len(value) for value in row.values() if isinstance(value, str))
