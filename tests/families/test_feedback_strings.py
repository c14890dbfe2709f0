"""Every feedback string an episode mode writes, held against the papers' code as the
anchors notes record it (``../shared/anchors``) and against the paper's printed text:
ViPlan's planner entries (``outcome`` and ``info``), ViPlan's grounder memory context
(appendix I), iVISPAR's validity strings. Each case is played through the real engine."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scorer.episodes.engine import make_episode
from scorer.episodes.viplan_grounder import ATTEMPTED, CALLED_OFF, MEMORY_HEADER
from scorer.families.blocksworld.world import BlocksWorld
from scorer.io.dataset import KeyRow
from tests.families.blocksworld.episode_rows import episode_row
from tests.families.slidegeom.test_slidegeom_mode import corner_row
from tests.support.papers import between, paper_text, words

ANCHORS = Path(__file__).resolve().parents[3] / "shared" / "anchors"


def anchors(name: str) -> str:
    path = ANCHORS / name
    if not path.is_file():
        pytest.skip(f"the anchors notes are not at {path} (see ../shared/anchors/README.md)")
    return path.read_text()


# -- ViPlan's planner: the feedback entry of each kind of step ------------------------


def _json_action(action: str) -> str:
    _, block, column = action.strip("()").split()
    return json.dumps({"action": "moveblock", "parameters": {"block": block, "column": column}})


def _entries(row: KeyRow, settings: dict[str, Any], replies: list[str]) -> list[dict[str, Any]]:
    episode = make_episode(row, {"mode": "planner", "output": "action", **settings})
    episode.reset()
    return [episode.step(reply).info["feedback"] for reply in replies if not episode.done]


def _legal() -> list[dict[str, Any]]:
    row = episode_row()
    return _entries(row, {}, [_json_action(row.answer_key["optimal_plan"][0])])


def _illegal() -> list[dict[str, Any]]:
    row = episode_row("hard")  # 6 blocks in 4 columns: some block is buried
    world = BlocksWorld(row)
    layout = world.layout(world.task.init)
    buried = next(column[0] for column in layout if len(column) > 1)
    target = next(f"c{i}" for i, column in enumerate(layout, start=1) if buried not in column)
    return _entries(row, {}, [_json_action(f"(moveblock {buried} {target})")])


def _with_failures() -> list[dict[str, Any]]:
    """Every step of the optimal plan with failures certain: no-ops and drops both occur."""
    row = episode_row("medium", "failures")
    plan = row.answer_key["optimal_plan"]
    return _entries(row, {"fail_prob": 1.0, "max_steps": 20}, [_json_action(a) for a in plan * 3])


def _unknown_action() -> list[dict[str, Any]]:
    return _entries(episode_row(), {}, ['{"action": "fly", "parameters": {}}'])


def _missing_parameter() -> list[dict[str, Any]]:
    """ViPlan reads parameters["block"]: the KeyError leaves it no action ("does not exist")."""
    return _entries(episode_row(), {}, ['{"action": "moveblock", "parameters": {"column": "c1"}}'])


@dataclass(frozen=True)
class PlannerCase:
    produce: Callable[[], list[dict[str, Any]]]
    outcome: str
    info: str | None  # a regular expression; None: the entry has no info (ViPlan writes none)


PLANNER_CASES = {
    "legal action": PlannerCase(_legal, "success", "success"),
    "illegal action": PlannerCase(_illegal, "failure", "not legal"),
    "no-op failure": PlannerCase(_with_failures, "success", "no-op"),
    "drop next to a column": PlannerCase(_with_failures, "success", r"moveblock\([a-z], c\d\)"),
    "unknown action": PlannerCase(_unknown_action, "action does not exist", None),
    "parameters missing": PlannerCase(_missing_parameter, "action does not exist", None),
}


def _viplan_values(field: str) -> set[str]:
    """The values the anchors list for a field of ViPlan's blocksworld feedback entry."""
    line = next(line for line in anchors("viplan_vsp.md").splitlines() if line.startswith("  - BW: `{"))
    listed = re.findall(rf'"{field}":\s*((?:"[^"]*"\|?)+)', line)
    assert listed, field
    return {value for alternatives in listed for value in re.findall(r'"([^"]*)"', alternatives)}


@pytest.mark.parametrize("case", sorted(PLANNER_CASES))
def test_planner_feedback_is_what_viplans_code_writes(case: str) -> None:
    expected = PLANNER_CASES[case]
    matching = [
        entry
        for entry in expected.produce()
        if entry["outcome"] == expected.outcome
        and (entry.get("info") is None if expected.info is None else re.fullmatch(expected.info, entry.get("info", "")))
    ]
    assert matching, f"no {case} entry was written"
    entry = matching[0]
    assert entry["outcome"] in _viplan_values("outcome")
    if expected.info is None:
        assert set(entry) == {"action", "outcome"}
    else:
        known = _viplan_values("info")
        assert entry["info"] in known or any(re.fullmatch(expected.info, value) for value in known)
    if entry.get("parameters"):
        assert set(entry["parameters"]) == {"block", "column"}  # ViPlan keys them by parameter type


def test_a_no_op_is_a_legal_action_that_did_nothing_as_viplans_simulator_says() -> None:
    assert '(True, "no-op")' in anchors("viplan_vsp.md")
    row = episode_row("medium", "failures")
    episode = make_episode(row, {"mode": "planner", "output": "action", "fail_prob": 1.0, "max_steps": 20})
    episode.reset()
    for action in row.answer_key["optimal_plan"] * 3:
        before = episode.state  # type: ignore[attr-defined]
        entry = episode.step(_json_action(action)).info["feedback"]
        if entry.get("info") == "no-op":
            assert entry["outcome"] == "success" and episode.state == before  # type: ignore[attr-defined]
            return
    pytest.fail("no no-op was drawn")


# -- ViPlan's grounder: the memory context (appendix I, "Memory Context") -------------


@pytest.mark.parametrize(
    ("ours", "printed_start"),
    [
        (MEMORY_HEADER, "Previously, in the same state"),
        (ATTEMPTED.format("{action_str}"), "(if the previously selected action was illegal"),
        (CALLED_OFF.format("{action_str}"), "(if the previous action was deemed illegal"),
    ],
)
def test_grounder_memory_is_the_papers_word_for_word(ours: str, printed_start: str) -> None:
    memory = between(paper_text("ViPlan"), "Memory Context for Ground + Mem Variants", "J Complete Selection")
    printed = memory[memory.index(printed_start) :]
    printed = printed.split(":)\n", 1)[1] if printed_start.startswith("(") else printed  # after the condition
    assert words(printed).startswith(words(ours))


# -- iVISPAR: the validity strings of its simulator -----------------------------------


SLIDEGEOM_CASES = {
    "move red cube right": "was legal move",
    "move red cube left": "Destination out of bounds",
    "move red cube up": "Destination occupied",
    "I would rather not move.": "not a legal command",
    "move green pyramid left": "<color> <shape> is not a valid object",
}


@pytest.mark.parametrize("reply", sorted(SLIDEGEOM_CASES))
def test_slidegeom_feedback_is_ivispars_validity_string(reply: str) -> None:
    printed = SLIDEGEOM_CASES[reply]
    assert f'`"{printed}"`' in anchors("ivispar_asgard.md")
    episode = make_episode(corner_row())
    episode.reset()
    feedback = episode.step(reply).info["feedback"]
    pattern = re.escape(printed).replace(re.escape("<color>"), r"\w+").replace(re.escape("<shape>"), r"\w+")
    assert re.fullmatch(pattern, feedback), feedback
