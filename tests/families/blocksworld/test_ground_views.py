"""blocksworld-ground-views: each question in the three views, the view in meta, the same
questions as blocksworld-ground, and an accuracy per view."""

from __future__ import annotations

import json

import pytest

from data_build.spec import BuildSettings
from scorer.families.blocksworld.configs import ground, ground_views
from scorer.tasks.base import Judgement, Reason, ScoredRow
from scorer.tasks.ground import aggregate


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return ground_views.build(BuildSettings(size="mini", show_progress=False))["test"]


def test_each_question_is_shown_in_every_view_in_turn(rows: list[dict]) -> None:
    metas = [json.loads(r["meta"]) for r in rows]
    assert [m["view"] for m in metas] == ["3d", "2d", "text"] * (len(rows) // 3)
    for first in range(0, len(rows), 3):
        triple = rows[first : first + 3]
        assert len({r["answer_key"] for r in triple}) == 1 and len({r["problem_pddl"] for r in triple}) == 1
        assert [len(r["images"]) for r in triple] == [1, 1, 0]
        assert "<image>" not in triple[2]["prompt"] and "c1" in triple[2]["prompt"]
        assert triple[0]["images"] != triple[1]["images"]


def test_questions_come_from_blocksworld_ground(rows: list[dict]) -> None:
    pool = ground.chosen_questions(BuildSettings(size="mini", show_progress=False))["test"]
    asked = {(q.problem.name, q.state_index, q.atom) for q in pool}
    for row in rows:
        meta = json.loads(row["meta"])
        assert (meta["problem"], meta["state_index"], meta["atom"]) in asked
    answers = [json.loads(r["answer_key"])["answer"] for r in rows]
    assert 0 < sum(answers) < len(answers)


def test_the_3d_row_is_the_blocksworld_ground_row(rows: list[dict]) -> None:
    pool = ground.chosen_questions(BuildSettings(size="mini", show_progress=False))["test"]
    meta = json.loads(rows[0]["meta"])
    q = next(
        q
        for q in pool
        if (q.problem.name, q.state_index, q.atom) == (meta["problem"], meta["state_index"], meta["atom"])
    )
    original = ground.make_row(q, "test", 0)
    assert (rows[0]["images"], rows[0]["messages"]) == (original["images"], original["messages"])


def test_accuracy_per_view() -> None:
    def scored(view: str, right: bool) -> ScoredRow:
        judgement = Judgement(1.0 if right else 0.0, Reason.CORRECT if right else Reason.WRONG, "yes")
        return ScoredRow("x", "simple", {"answer": True}, {"predicate": "on", "view": view}, judgement)

    metrics = {m.name: m.value for m in aggregate([scored("3d", True), scored("2d", False), scored("text", True)])}
    assert (metrics["accuracy[view=3d]"], metrics["accuracy[view=2d]"], metrics["accuracy[view=text]"]) == (1, 0, 1)
