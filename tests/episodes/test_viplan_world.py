"""The World hooks of ViPlan's generic modes that blocksworld leaves at their plain
setting: unseen atoms, a grounder that starts from the true state, a world's own
feedback words. A blocksworld world with those hooks changed stands in for a family
that uses them; the scripted players must still win, and replay must equal live."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from scorer.episodes.base import Episode
from scorer.episodes.viplan_modes import viplan_modes
from scorer.episodes.viplan_world import FeedbackWords
from scorer.families.blocksworld.world import BlocksWorld
from scorer.io.dataset import KeyRow
from scorer.registry.family import Mode
from tests.families.blocksworld.episode_rows import episode_row


class HiddenColumnWorld(BlocksWorld):
    """Column c4 and every block in it cannot be seen; the grounder starts from the truth."""

    enumerates = False
    feedback = FeedbackWords(success_outcome="executed", success_info=None, illegal_outcome="not legal")

    def visible(self, state: int, atom: str) -> bool:
        hidden = {"c4", *self.layout(state)[3]}
        return not hidden & set(atom.strip("()").split()[1:])


class Turn:
    def __init__(self, row: KeyRow, info: dict[str, Any]) -> None:
        self.row, self.info, self.memory = row, info, {}


def _play(mode: Mode, row: KeyRow, settings: dict[str, Any], reply: Callable[[Turn], str]) -> Episode:
    episode = mode.play(row, settings)
    turn = Turn(row, episode.reset()[1])
    while not episode.done:
        turn.info = episode.step(reply(turn)).info
    return episode


def _row_with_a_full_fourth_column() -> KeyRow:
    for seed in range(40):
        row = episode_row("hard", f"hidden-{seed}")
        world = BlocksWorld(row)
        if world.layout(world.task.init)[3]:
            return row
    raise AssertionError("no hard row has a block in c4")


def test_grounder_starts_from_the_truth_never_asks_about_unseen_atoms_and_still_wins() -> None:
    row = _row_with_a_full_fourth_column()
    _, grounder = viplan_modes(HiddenColumnWorld)
    asked: list[tuple[str, str]] = []

    def truthful(turn: Turn) -> str:
        asked.append((turn.info["phase"], turn.info["atom"]))
        return grounder.optimal(turn)

    episode = _play(grounder, row, {"mode": "grounder"}, truthful)
    assert episode.outcome()["success"] and episode.outcome()["replans"] == 0
    assert asked[0][0] == "precondition"  # no enumeration: the first action's preconditions come first
    assert all("c4" not in atom for _, atom in asked)


def test_a_wrong_answer_re_enumerates_only_the_seen_atoms() -> None:
    row = _row_with_a_full_fourth_column()
    _, grounder = viplan_modes(HiddenColumnWorld)
    world = HiddenColumnWorld(row)
    phases: list[str] = []

    def one_lie(turn: Turn) -> str:
        phases.append(turn.info["phase"])
        truth = grounder.optimal(turn)
        return {"Yes": "No", "No": "Yes"}[truth] if len(phases) == 1 else truth

    episode = _play(grounder, row, {"mode": "grounder"}, one_lie)
    assert episode.outcome()["success"] and episode.outcome()["replans"] == 1
    enumerated = phases.count("enumerate")
    seen = [a for a in world.task.atoms if world.visible(world.task.init, a)]
    assert 0 < enumerated == len(seen) < len(world.task.atoms)


def test_planner_uses_the_worlds_feedback_words_and_the_player_follows_them() -> None:
    row = episode_row("medium", "feedback-words")
    planner, _ = viplan_modes(HiddenColumnWorld)
    first_action = HiddenColumnWorld(row).action_json(row.answer_key["optimal_plan"][0])
    episode = planner.play(row, {"mode": "planner"})
    episode.reset()
    entry = episode.step(json.dumps(first_action)).info["feedback"]
    assert entry == {**first_action, "outcome": "executed"}  # no info field: the world gives none
    rng = random.Random(0)
    won = _play(planner, row, {"mode": "planner"}, planner.optimal)
    assert won.outcome()["success"] and won.outcome()["steps"] == row.answer_key["optimal_length"]
    wandering = _play(planner, row, {"mode": "planner"}, lambda turn: planner.random(turn, rng))
    assert wandering.outcome()["legal_actions"] == wandering.outcome()["steps"]  # random draws only legal ones
