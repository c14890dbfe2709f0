"""Fresh blocksworld splits: no problem shared with the published splits, a collision redrawn."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from data_build.build import build
from data_build.spec import BuildSettings
from scorer.families.blocksworld import problems as bw_problems
from scorer.families.blocksworld.problems import Draw, blocksworld_problems, problem_counts, published_pairs


def _pairs(problems: dict) -> set:
    return {(p.init, p.goal) for split in problems.values() for p in split}


def test_published_file_holds_the_published_mini_problems() -> None:
    published = blocksworld_problems(BuildSettings(size="mini", seed=0, show_progress=False))
    assert _pairs(published) <= published_pairs()
    assert len(published_pairs()) >= 90  # the full size's 75 test and 15 dev problems


def test_a_draw_that_hits_a_published_problem_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = BuildSettings(size="6", seed=3, show_progress=False)
    first = Draw("test", "simple", 0, 3).problem(set())  # what seed 3 draws first with no check
    monkeypatch.setattr(bw_problems, "published_pairs", lambda: frozenset({(first.init, first.goal)}))
    monkeypatch.setattr(bw_problems, "_MADE", {})
    fresh = blocksworld_problems(settings)
    assert fresh["test"][0].seed == first.seed and (fresh["test"][0].init, fresh["test"][0].goal) != (
        first.init,
        first.goal,
    )
    assert (first.init, first.goal) not in _pairs(fresh)
    # The published build itself is never checked against itself: seed 0 keeps its problems.
    monkeypatch.setattr(bw_problems, "_MADE", {})
    assert blocksworld_problems(BuildSettings(size="mini", show_progress=False))["test"][0].seed.startswith("0/")


def test_size_n_counts_follow_the_full_size_spread() -> None:
    assert problem_counts(BuildSettings(size="10")) == {
        "test": {"simple": 4, "medium": 3, "hard": 3},
        "dev": {"simple": 1, "medium": 1, "hard": 0},
    }
    assert problem_counts(BuildSettings(size="full")) == {
        "test": {"simple": 25, "medium": 25, "hard": 25},
        "dev": {"simple": 5, "medium": 5, "hard": 5},
    }


def test_a_fresh_sized_build_has_n_rows_seeded_ids_and_no_published_problem(tmp_path: Path) -> None:
    # Size 10, not 40: each path (a problem per difficulty for ground's pool, ten problems
    # for episodes, the published pairs avoided, the seeded ids, the card's note) is the same
    # at any size, and ten rows still hold every difficulty; forty cost four times the draws.
    settings = BuildSettings(size="10", seed=3, show_progress=False)
    build(tmp_path, "blocksworld-ground,blocksworld-episodes", settings)
    ground = pq.read_table(tmp_path / "data" / "blocksworld-ground" / "test-00000-of-00001.parquet").to_pylist()
    episodes = pq.read_table(tmp_path / "data" / "blocksworld-episodes" / "test-00000-of-00001.parquet").to_pylist()
    assert len(ground) == len(episodes) == 10
    assert ground[0]["id"] == "blocksworld-ground/test/s3-0000"
    assert {row["difficulty"] for row in ground} == {"simple", "medium", "hard"}
    names = {json.loads(row["meta"])["problem"] for row in episodes}
    drawn = blocksworld_problems(settings, problem_counts(settings))
    assert names == {p.name for p in drawn["test"]}
    assert not _pairs(drawn) & published_pairs()
    card = (tmp_path / "README.md").read_text()
    assert "**Fresh split** (`--seed 3 --size 10`" in card and "published.json" in card


def test_a_difficulty_with_no_free_problem_left_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer.families.blocksworld import generate

    taken: set = set()
    for _ in range(3):  # the first three problems the seed draws, each taken in turn
        Draw("test", "simple", 0, 9).problem(taken)
    monkeypatch.setattr(generate, "MAX_DRAWS", 3)
    with pytest.raises(ValueError, match="blocksworld simple: 3 draws in a row hit problems already taken"):
        Draw("test", "simple", 0, 9).problem(set(taken))
