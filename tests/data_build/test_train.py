"""Train splits: any size, disjoint from the published test and dev problems, recorded in the card."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import load_dataset

from data_build.build import build_train
from data_build.problem_keys import PUBLISHED_KEYS, problem_key, published_keys, record_built
from data_build.registry import built_configs
from data_build.row_filter import RowFilter, parse_range
from data_build.train import TrainSettings
from scorer.io.dataset import load_keys
from scorer.io.errors import PlanariumError
from tests.conftest import shared_folder

CHEAP = "maze-vsp"  # a question config whose mini draw takes about a second


EVERY_ROW = RowFilter()


def _train(out: Path, size: int, seed: int, configs: str = CHEAP, wanted: RowFilter = EVERY_ROW) -> None:
    build_train(out, configs, TrainSettings(size, seed, wanted, show_progress=False))


def _rows(out: Path, config: str = CHEAP) -> list[dict]:
    return [
        row
        for path in sorted((out / "data" / config).glob("train-*.parquet"))
        for row in pq.read_table(path).to_pylist()
    ]


@pytest.fixture(scope="session")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 120-row train split of seed 7 the tests below read, drawn once per run for every
    xdist worker (``shared_folder``: the module's tests may run on two)."""
    return shared_folder(tmp_path_factory, "train-120-s7", lambda out: _train(out, 120, 7))


def test_the_recorded_published_keys_are_the_mini_builds(mini_data: Path) -> None:
    """What ``python -m data_build.problem_keys --sizes mini --built <a mini build>`` reads
    off the build is what published_keys.json holds."""
    recorded = json.loads(PUBLISHED_KEYS.read_text())
    read_off = record_built(mini_data, "mini", None)
    for config in built_configs():
        assert read_off[config]["mini"] == recorded[config]["mini"], f"{config}: run python -m data_build.problem_keys"
        assert set(published_keys(config)[1]) >= {"mini"}


def test_a_train_split_loads_and_shares_no_problem_with_test_or_dev(trained: Path, mini_data: Path) -> None:
    loaded = load_dataset(str(trained), CHEAP, split="train")
    assert len(loaded) == 120
    assert loaded[0]["id"] == f"{CHEAP}/train/s7-0000000"
    published = {
        problem_key({"problem_pddl": row.problem_pddl})
        for split in ("test", "dev")
        for row in load_keys(mini_data, split, {CHEAP}).rows.values()
    }
    train_keys = {problem_key(row) for row in loaded}
    assert train_keys and not train_keys & published
    assert not train_keys & published_keys(CHEAP)[0]
    assert len(load_keys(trained, "train", {CHEAP}).rows) == 120  # the scorer reads it too


def test_the_same_train_build_run_again_writes_the_same_card(tmp_path: Path) -> None:
    """Fault probe F6: each rerun used to add a blank line to the card."""
    _train(tmp_path, 12, 3)
    first = (tmp_path / "README.md").read_text()
    build_train(tmp_path, CHEAP, TrainSettings(12, 3, EVERY_ROW, show_progress=False, replace=True))
    assert (tmp_path / "README.md").read_text() == first


def test_a_quiet_train_build_says_each_config_it_drew(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 43 item 4: `--quiet` printed nothing for over a minute; it hides the bars only."""
    _train(tmp_path, 12, 3)
    assert capsys.readouterr().err.splitlines()[-1] == f"{CHEAP}: 12 train rows drawn"


def test_a_second_train_split_of_a_config_is_refused_unless_replaced(tmp_path: Path) -> None:
    """Issue 42: a second `build --split train` dropped the first one's rows without a word."""
    _train(tmp_path, 12, 3)
    with pytest.raises(ValueError, match="already holds a train split of maze-vsp: give --replace"):
        _train(tmp_path, 5, 4)
    assert len(_rows(tmp_path)) == 12  # nothing dropped
    build_train(tmp_path, CHEAP, TrainSettings(5, 4, EVERY_ROW, show_progress=False, replace=True))
    assert len(_rows(tmp_path)) == 5


def test_the_card_states_seed_size_and_the_check(trained: Path) -> None:
    card = (trained / "README.md").read_text()
    assert "split: train" in card and "path: data/maze-vsp/train-*" in card
    note = next(line for line in card.splitlines() if line.startswith("**Train split**"))
    assert "--size 120 --seed 7" in note and "rejected as published problems" in note and "sizes full and mini" in note


def test_the_same_command_gives_the_same_bytes_and_another_seed_other_rows(trained: Path, tmp_path: Path) -> None:
    _train(tmp_path / "again", 120, 7)
    _train(tmp_path / "other", 120, 8)
    shard = "train-00000-of-00001.parquet"
    assert (tmp_path / "again" / "data" / CHEAP / shard).read_bytes() == (trained / "data" / CHEAP / shard).read_bytes()
    other = _rows(tmp_path / "other")
    assert other[0]["id"] == f"{CHEAP}/train/s8-0000000"
    assert {problem_key(r) for r in other} != {problem_key(r) for r in _rows(trained)}


def test_a_difficulty_draws_only_its_rows_and_an_unknown_one_is_named(trained: Path, tmp_path: Path) -> None:
    difficulties = sorted({row["difficulty"] for row in _rows(trained)})
    _train(tmp_path, 30, 7, wanted=RowFilter(frozenset(difficulties[:1])))
    assert {row["difficulty"] for row in _rows(tmp_path)} == {difficulties[0]}
    with pytest.raises(PlanariumError, match=f"--difficulty nonesuch: {CHEAP}'s rows have difficulty"):
        _train(tmp_path / "bad", 5, 7, wanted=RowFilter(frozenset({"nonesuch"})))


def test_a_meta_range_draws_only_rows_within_it_and_the_card_says_so(trained: Path, tmp_path: Path) -> None:
    sizes = sorted({json.loads(row["meta"])["size"] for row in _rows(trained)})
    assert len(sizes) > 1, "the cheap config's rows should span several maze sizes"
    smallest = parse_range(f"size=..{sizes[0]}")
    _train(tmp_path, 30, 7, wanted=RowFilter(ranges=(smallest,)))
    drawn = _rows(tmp_path)
    assert len(drawn) == 30 and {json.loads(row["meta"])["size"] for row in drawn} == {sizes[0]}
    card = (tmp_path / "README.md").read_text()
    assert f"--where size=..{sizes[0]}" in card and "outside the stage asked for passed over" in card
    with pytest.raises(PlanariumError, match=f"--where nonesuch=1..2: {CHEAP}'s rows have no number 'nonesuch'.*size"):
        _train(tmp_path / "bad", 5, 7, wanted=RowFilter(ranges=(parse_range("nonesuch=1..2"),)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("size", "expected KEY=LOW..HIGH"),
        ("size=3", "expected KEY=LOW..HIGH"),
        ("size=..", "expected KEY=LOW..HIGH"),
        ("size=a..4", "expected KEY=LOW..HIGH"),
        ("size=5..3", "the low end 5 is above the high end 3"),
    ],
)
def test_a_malformed_range_is_refused_in_one_line_naming_it(text: str, expected: str, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from scorer.cli import main

    args = ["build", "--split", "train", "--size", "5", "--configs", CHEAP, "--where", text, "--out", str(tmp_path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0 and f"--where {text}: {expected}" in result.output
    assert not (tmp_path / "data").exists()


def test_a_range_is_refused_without_the_train_split(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from scorer.cli import main

    result = CliRunner().invoke(main, ["build", "--size", "mini", "--where", "size=1..3", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "--where: only with --split train" in result.output


def test_the_command_line_refuses_a_named_size_for_train(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from scorer.cli import main

    result = CliRunner().invoke(main, ["build", "--split", "train", "--size", "mini", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "expected a number of train rows per config" in result.output


def test_a_train_split_is_byte_identical_on_two_local_workers_and_on_ray(
    trained: Path, tmp_path: Path, ray_started: bool
) -> None:
    from scorer.executors.local import LocalExecutor

    executors: list = [LocalExecutor(2)]
    if ray_started:  # ray is an extra: `make test` installs it
        from scorer.executors.ray_cluster import RayExecutor

        executors.append(RayExecutor(None, cpus=2))
    shard = Path("data") / CHEAP / "train-00000-of-00001.parquet"
    for number, executor in enumerate(executors):
        out = tmp_path / str(number)
        try:
            build_train(out, CHEAP, TrainSettings(120, 7, show_progress=False, executor=executor))
        finally:
            executor.close()
        assert (out / shard).read_bytes() == (trained / shard).read_bytes(), executor
