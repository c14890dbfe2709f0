"""Grounder mode (ViPlan's VLM-as-grounder): the engine plans, the agent answers yes/no.

Agents here see only what a client sees (observation text and info) and track the true
state from ``info["executed_action"]``, as the oracle baseline does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode, replay
from scorer.families.blocksworld.task import row_task
from scorer.io.dataset import KeyRow
from scorer.pddl import Task, bfs
from tests.families.blocksworld.episode_rows import episode_row

Answerer = Callable[["Tracker", dict[str, Any]], str]


def _row(difficulty: str = "simple", seed: str = "seed") -> KeyRow:
    return episode_row(difficulty, seed)


@dataclass
class Tracker:
    """The true state as a client can know it: the start plus every executed move."""

    task: Task
    state: int
    asked: int = 0

    def follow(self, info: dict[str, Any]) -> None:
        if info["executed_action"]:
            self.state = self.task.successor(self.state, info["executed_action"])

    def truth(self, atom: str) -> str:
        return "Yes" if self.task.holds(self.state, atom) else "No"


@dataclass
class Played:
    outcome: dict[str, Any]
    replies: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # the prompt each reply answered
    final: str = ""  # the observation the last step returned
    infos: list[dict[str, Any]] = field(default_factory=list)  # the info each reply answered


def play(row: KeyRow, settings: dict[str, Any], answer: Answerer) -> Played:
    episode = make_episode(row, {"mode": "grounder", **settings})
    observation, info = episode.reset()
    tracker = Tracker(row_task(row), row_task(row).init)
    played = Played({})
    while not episode.done:
        reply = answer(tracker, info)
        played.replies.append(reply)
        played.texts.append(observation.text)
        played.infos.append(info)
        tracker.asked += 1
        result = episode.step(reply)
        observation, info = result.observation, result.info  # type: ignore[assignment]
        tracker.follow(info)
    played.outcome = episode.outcome()
    played.final = observation.text
    return played


def oracle(tracker: Tracker, info: dict[str, Any]) -> str:
    return tracker.truth(info["atom"])


def lie_on_first_precondition() -> Answerer:
    lied: list[int] = []

    def answer(tracker: Tracker, info: dict[str, Any]) -> str:
        if info["phase"] == "precondition" and not lied:
            lied.append(tracker.asked)
            return "No" if tracker.truth(info["atom"]) == "Yes" else "Yes"
        return oracle(tracker, info)

    return answer


@pytest.mark.parametrize("difficulty", ["simple", "medium"])
def test_a_truthful_oracle_succeeds_without_replanning(difficulty: str) -> None:
    row = _row(difficulty)
    played = play(row, {}, oracle)
    outcome = played.outcome
    assert outcome["success"] and outcome["end"] == "plan_done" and outcome["replans"] == 0
    assert outcome["actions"] == row.answer_key["optimal_length"] and outcome["legal_rate"] == 1.0
    assert outcome["questions"] == outcome["steps"] == len(outcome["answers_correct"]) == len(outcome["truths_yes"])
    assert all(outcome["answers_correct"]) and outcome["answers_yes"] == outcome["truths_yes"]
    n_atoms = len(row_task(row).atoms)
    assert [i["phase"] for i in played.infos[:n_atoms]] == ["enumerate"] * n_atoms  # self pairs included
    assert {i["phase"] for i in played.infos[n_atoms:]} == {"precondition", "effect"}


def test_the_prompt_is_viplans_ground_prompt_with_one_image() -> None:
    episode = make_episode(_row(), {"mode": "grounder", "cot": True})
    observation, info = episode.reset()
    assert observation.text.count("<image>") == 1 and len(observation.images_png()) == 1
    assert observation.text.endswith(f"<image>\nQuestion: {info['question']}")
    assert "<answer></answer>" in observation.text and "Previously" not in observation.text
    assert set(info) == {"step", "executed_action", "executed_actions", "phase", "atom", "question", "settings"}


def test_always_no_fails_and_the_episode_ends() -> None:
    played = play(_row(), {}, lambda tracker, info: "No")
    assert played.final == "The episode is over (no_plan).\n<image>"  # the final observation: no question
    assert not played.outcome["success"] and played.outcome["end"] == "no_plan"
    assert played.outcome["actions"] == 0 and played.outcome["questions"] == len(row_task(_row()).atoms)


def test_an_unparsable_reply_counts_as_no_and_is_counted() -> None:
    played = play(_row(), {}, lambda tracker, info: "I cannot tell.")
    assert played.outcome["unparsable"] == played.outcome["steps"] and not any(played.outcome["answers_yes"])


def _metrics(row: KeyRow, outcome: dict[str, Any]) -> dict[str, Any]:
    from scorer.tasks.base import Judgement, Reason, ScoredRow
    from scorer.tasks.episode import aggregate

    scored = ScoredRow(
        row.id, row.difficulty, row.answer_key, row.meta, Judgement(0.0, Reason.FAILURE, outcome), row.domain
    )
    return {m.name: m for m in aggregate([scored])}


@pytest.mark.parametrize("parser", ["ours", "paper"])
def test_an_unparsable_answer_is_never_credited_in_predicate_accuracy(parser: str) -> None:
    # "I cannot tell." is taken as "no" by the loop, but ViPlan's compute_enumeration_metrics
    # counts it in the denominator and never as correct (answer == expected fails): so here.
    row = _row()
    played = play(row, {"parser": parser}, lambda tracker, info: "I cannot tell.")
    outcome = played.outcome
    assert outcome["questions"] > 0 and not any(outcome["answers_correct"]) and not any(outcome["answers_parsed"])
    metrics = _metrics(row, outcome)
    assert metrics["predicate_accuracy"].value == 0.0
    assert metrics["predicate_accuracy[truth=no]"].value == 0.0  # the truth is no for most atoms: still 0
    assert metrics["predicate_accuracy[truth=no]"].n == outcome["truths_yes"].count(False)  # counted, not dropped


def test_with_the_papers_parser_an_unparsable_answer_ends_the_episode_after_its_batch() -> None:
    # ViPlan's update_vlm_state asserts every answer is yes or no once a batch is answered;
    # the exception ends its loop (the initial enumeration: the problem never starts).
    row = _row()
    n_atoms = len(row_task(row).atoms)
    ours = play(row, {}, lambda tracker, info: "I cannot tell." if tracker.asked == 0 else oracle(tracker, info))
    paper = play(
        row,
        {"parser": "paper"},
        lambda tracker, info: "I cannot tell." if tracker.asked == 0 else oracle(tracker, info),
    )
    assert paper.outcome["end"] == "unparsable" and paper.outcome["questions"] == n_atoms
    assert not paper.outcome["success"] and paper.outcome["actions"] == 0
    assert ours.outcome["end"] != "unparsable" and ours.outcome["questions"] > n_atoms


def test_viplans_own_predicate_accuracy_counts_the_enumeration_answers() -> None:
    row = _row()
    outcome = play(row, {}, lie_on_first_precondition()).outcome
    metrics = _metrics(row, outcome)
    enumerated = [
        c for c, p in zip(outcome["answers_correct"], outcome["answers_phase"], strict=True) if p == "enumerate"
    ]
    assert len(enumerated) < outcome["questions"]
    assert metrics["predicate_accuracy[phase=enumerate]"].value == sum(enumerated) / len(enumerated)


def test_a_lie_on_a_precondition_calls_the_action_off_then_recovers() -> None:
    played = play(_row(), {}, lie_on_first_precondition())
    outcome = played.outcome
    assert outcome["success"] and outcome["replans"] == 1 and outcome["answers_correct"].count(False) == 1
    phases = [i["phase"] for i in played.infos]
    first_precondition = phases.index("precondition")
    # all the action's precondition questions are asked (ViPlan's batch), then re-enumeration
    assert phases[first_precondition : first_precondition + 3] == ["precondition", "precondition", "enumerate"]


@pytest.mark.parametrize("memory", [True, False])
def test_memory_context_follows_a_called_off_action_only_with_memory(memory: bool) -> None:
    played = play(_row(), {"memory": memory}, lie_on_first_precondition())
    with_memory = [i for i, text in enumerate(played.texts) if "was called off" in text]
    if not memory:
        assert not with_memory and not any("Previously, in the same state" in t for t in played.texts)
        return
    phases = [i["phase"] for i in played.infos]
    re_enumeration = phases.index("enumerate", phases.index("precondition"))
    assert with_memory[0] == re_enumeration and with_memory == list(range(with_memory[0], with_memory[-1] + 1))
    text = played.texts[re_enumeration]
    image, memory_at, question_at = text.index("<image>"), text.index("Previously, in"), text.rindex("Question: ")
    assert image < memory_at < question_at  # after the image, before the question, as ViPlan's code
    assert "  A: no\n\nBased on these answers, the previously-planned action 'moveblock(" in text
    assert "- Q: Is the " in text and text.count("- Q: ") == 2  # both precondition answers
    assert "Previously" not in played.texts[-1]  # dropped once the retried action is done


def test_an_illegal_action_leaves_attempted_memory_and_a_repeat_ends_the_episode() -> None:
    row = _row()
    task = row_task(row)
    fake = _belief_whose_first_move_is_illegal(task)
    fooled_once = FooledUntilReplan(task, fake)
    played = play(row, {"memory": True}, fooled_once)
    attempted = [t for t in played.texts if "was attempted, but something went wrong" in t]
    assert attempted and played.outcome["legal_rate"] < 1.0 and played.outcome["success"]

    always_fooled = play(row, {"memory": True}, lambda tracker, info: "Yes" if task.holds(fake, info["atom"]) else "No")
    assert always_fooled.outcome["end"] == "repeated_illegal" and not always_fooled.outcome["success"]


@dataclass
class FooledUntilReplan:
    """Answers as if it saw ``fake`` until the engine re-enumerates, truthfully after."""

    task: Task
    fake: int
    seen_an_action: bool = False
    fooled: bool = True

    def __call__(self, tracker: Tracker, info: dict[str, Any]) -> str:
        if info["phase"] == "enumerate" and self.seen_an_action:
            self.fooled = False
        self.seen_an_action |= info["phase"] != "enumerate"
        if self.fooled:
            return "Yes" if self.task.holds(self.fake, info["atom"]) else "No"
        return oracle(tracker, info)


def _belief_whose_first_move_is_illegal(task: Task) -> int:
    """A state one move from the start whose shortest plan begins with a move illegal at the start."""
    for action in task.applicable(task.init):
        believed = task.successor(task.init, action)
        plan = bfs(task, start=believed).plan
        if plan and not task.is_applicable(task.init, plan[0]):
            return believed
    raise AssertionError("no such belief for this problem")


def test_replay_recomputes_the_same_outcome() -> None:
    row = _row("simple", "grounder-replay")
    settings = {"mode": "grounder", "fail_prob": 0.3, "memory": True}
    played = play(row, settings, lie_on_first_precondition())
    assert replay(row, settings, played.replies) == {**played.outcome, "ignored_replies": 0}
    assert replay(row, settings, [*played.replies, "Yes"])["ignored_replies"] == 1


def test_certain_failures_with_the_oracle_end_cleanly() -> None:
    played = play(_row(), {"fail_prob": 1.0, "max_questions": 400}, oracle)
    outcome = played.outcome
    assert outcome["failures_drawn"] > 0 and outcome["replans"] > 0
    assert outcome["end"] in ("plan_done", "max_actions", "max_questions", "no_plan", "repeated_illegal")
    assert outcome["questions"] <= 400 and all(outcome["answers_correct"])


def test_fast_downward_plans_from_the_believed_state() -> None:
    row = _row()
    played = play(row, {"planner": "fast-downward"}, oracle)
    assert played.outcome["success"] and played.outcome["replans"] == 0
    again = play(row, {"planner": "fast-downward"}, oracle)  # from the planner cache
    assert again.outcome == played.outcome


@pytest.mark.parametrize(
    "settings", [{"planner": "lama"}, {"fail_prob": 1.5}, {"max_actions": 0}, {"memroy": True}, {"question": "viplan"}]
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(SettingsError):
        make_episode(_row(), {"mode": "grounder", **settings})


def test_grounder_metrics_give_accuracy_per_predicate_macro_and_per_true_answer() -> None:
    from scorer.tasks.base import Judgement, Reason, ScoredRow
    from scorer.tasks.episode import aggregate

    row = _row()
    played = play(row, {}, lambda tracker, info: "Yes")  # always yes: right exactly when the truth is yes
    outcome = played.outcome
    assert len(outcome["answers_predicate"]) == outcome["questions"]
    assert set(outcome["answers_predicate"]) <= {"on", "clear", "incolumn", "leftof", "rightof"}
    judgement = Judgement(0.0, Reason.FAILURE, outcome)
    scored = ScoredRow(row.id, row.difficulty, row.answer_key, row.meta, judgement, row.domain)
    metrics = {m.name: m for m in aggregate([scored])}
    assert metrics["predicate_accuracy[truth=yes]"].value == 1.0
    assert metrics["predicate_accuracy[truth=no]"].value == 0.0
    per_predicate = {
        name: [t for t, p in zip(outcome["truths_yes"], outcome["answers_predicate"], strict=True) if p == name]
        for name in set(outcome["answers_predicate"])
    }
    for name, truths in per_predicate.items():
        assert metrics[f"predicate_accuracy[{name}]"].value == sum(truths) / len(truths)
    expected_macro = sum(sum(t) / len(t) for t in per_predicate.values()) / len(per_predicate)
    assert metrics["macro_predicate_accuracy"].value == pytest.approx(expected_macro)
