"""`planarium import asgardbench`: AsgardBench's 108 tasks (when the shared copy is present)
become `asgardbench-episodes` rows with the same types and counts, every one solvable on
our world, and the optimal agent wins every one in every feedback setting through the
rollout server; bad lines are reported and skipped."""

from __future__ import annotations

import gzip
import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from planarium_agents import make_agent
from planarium_agents.client import RolloutClient
from planarium_agents.runner import run_episodes
from scorer.cli import main
from scorer.episodes.engine import replay
from scorer.families.kitchen.asgard import TASKS_FILE, read_tasks
from scorer.families.kitchen.asgard_import import CONFIG, import_rows
from scorer.io.dataset import KeyRow, load_keys
from scorer.rollout import RolloutServer, start_server

SHARED = Path(__file__).resolve().parents[4] / "shared" / "external" / "asgardbench"
# AsgardBench's 108 tasks per task type (its table 1).
PER_TYPE = {"coffee": 9, "cook_potato": 6, "cook_egg": 12, "cook_bread": 6, "cook_potato_slice": 12,
            "putaway_food": 3, "putaway_dishes": 15, "putaway_silverware": 3, "distribute": 27, "settable": 9,
            "clean_mirror": 3, "turn_on_tv": 3}  # fmt: skip


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (SHARED / TASKS_FILE).exists():
        pytest.skip(f"AsgardBench's published tasks are not at {SHARED}")
    out = tmp_path_factory.mktemp("asgardbench")
    result = CliRunner().invoke(main, ["import", "asgardbench", str(SHARED), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "wrote 108 rows of asgardbench-episodes" in result.output and "(0 task(s) skipped)" in result.output
    return out


@pytest.fixture(scope="module")
def rows(imported: Path) -> list[KeyRow]:
    return list(load_keys(imported, "test", {CONFIG}).rows.values())


def test_every_task_is_imported_with_its_type_count_source_and_step_count(rows: list[KeyRow]) -> None:
    assert Counter(r.difficulty for r in rows) == Counter(PER_TYPE)
    sources = {r.meta["source"] for r in rows}
    assert len(sources) == 108 and "coffee__Mug(d)_FloorPlan12_V1" in sources
    coffee = next(r for r in rows if r.meta["source"] == "coffee__Mug(d)_FloorPlan12_V1")
    assert coffee.meta["asgardbench_steps"] == 38 and coffee.meta["task"]["step_count"] == 38
    assert coffee.meta["task"]["setup"] == [["dirty", "Mug", None]]
    assert all(r.meta["our_expert_steps"] == len(r.answer_key["expert_plan"]) for r in rows)


def test_scenes_hold_the_types_the_item_cache_lists(rows: list[KeyRow]) -> None:
    mirror = next(r for r in rows if r.meta["source"] == "clean_mirror__FloorPlan406_V1")
    kinds = {t["kind"] for t in mirror.meta["world"]["things"]}
    assert {"Mirror", "Cloth", "SprayBottle", "Toilet", "SinkBasin"} <= kinds
    assert "Fridge" not in kinds and "PepperShaker" not in kinds


def test_every_row_has_an_optimal_length_or_says_why(rows: list[KeyRow]) -> None:
    for row in rows:
        steps, reason = row.meta["optimal_steps"], row.meta["optimal_reason"]
        assert (steps is None and reason) or (reason == "" and 1 <= steps <= row.meta["our_expert_steps"]), row.id
        lower, upper = row.meta["optimal_lower_bound"], row.meta["optimal_upper_bound"]
        assert upper is not None and lower <= upper, row.id  # a planner's plan: checked solvable
        assert steps is None or lower == steps == upper, row.id
    solved = [r for r in rows if r.meta["optimal_steps"] is not None]
    assert {r.meta["task_type"] for r in solved} >= {"clean_mirror", "turn_on_tv", "coffee"}


@pytest.fixture(scope="module")
def server(imported: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RolloutServer]:
    running = start_server(imported, port=0, log=tmp_path_factory.mktemp("log") / "episodes.jsonl")
    yield running
    running.shutdown()


def test_optimal_agent_wins_every_task_through_the_server(rows: list[KeyRow], server: RolloutServer) -> None:
    assert _lost(rows, server, {"mode": "kitchen", "view": "text"}) == []  # the default feedback, simple


@pytest.mark.parametrize("feedback", ["none", "detailed"])
def test_the_other_feedbacks_win_a_task_of_every_type(rows: list[KeyRow], server: RolloutServer, feedback: str) -> None:
    """Feedback changes what an episode's prompt says of the last action, never the world: one
    task of each of the 12 types (all 108 took about 12 CPU s per feedback in the suite)."""
    one_of_each = list({row.meta["task_type"]: row for row in reversed(rows)}.values())
    assert len(one_of_each) == len(PER_TYPE)
    assert _lost(one_of_each, server, {"mode": "kitchen", "view": "text", "feedback": feedback}) == []


def _lost(rows: list[KeyRow], server: RolloutServer, settings: dict[str, str]) -> list[str]:
    """The optimal agent plays ``rows`` through the server; the ids whose logs replay to no success."""
    report = run_episodes(RolloutClient(server.url), make_agent("optimal"), rows, settings, "optimal", concurrency=4)
    assert not report.errors and len(report.logs) == len(rows)
    by_id = {r.id: r for r in rows}
    return [
        line["id"]
        for line in report.logs
        if not replay(by_id[line["id"]], line["episode"]["settings"], line["episode"]["replies"])["success"]
    ]


def test_bad_lines_are_reported_and_skipped(tmp_path: Path) -> None:
    if not (SHARED / TASKS_FILE).exists():
        pytest.skip(f"AsgardBench's published tasks are not at {SHARED}")
    shutil.copy(SHARED / "item_cache.json.gz", tmp_path)
    lines = gzip.decompress((SHARED / TASKS_FILE).read_bytes()).decode().splitlines()[:3]
    broken = json.loads(lines[1])
    broken["plan"]["name"] = "juggle__FloorPlan1_V1"
    bad_scene = json.loads(lines[2])
    bad_scene["plan"]["scene"] = "FloorPlan999"
    text = "\n".join([lines[0], json.dumps(broken), "{not json", json.dumps(bad_scene)]) + "\n"
    (tmp_path / TASKS_FILE).write_bytes(gzip.compress(text.encode()))
    rows, skipped = import_rows(tmp_path)
    assert len(rows["test"]) == 1 and len(skipped) == 3
    assert "line 2: field 'name'" in skipped[0] and "line 3: field '(line)'" in skipped[1]
    assert "field 'scene'" in skipped[2]
    assert sum(1 for _ in read_tasks(tmp_path)) == 4


def test_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", "asgardbench", str(tmp_path / "nowhere"), "--quiet"])
    assert result.exit_code != 0 and "not found" in result.output
