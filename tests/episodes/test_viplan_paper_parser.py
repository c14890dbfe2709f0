"""ViPlan's own reply parsers in its two modes (setting ``parser: paper``), case by case,
against its code as the notes record it (``../shared/anchors/viplan_vsp.md``, 1.8 and
1.10: ``parse_output`` + ``cast_to_yes_no``; ``parse_json_output`` and the planning loop's
checks), beside ours."""

from __future__ import annotations

import json

import pytest

from scorer.episodes.engine import make_episode, replay
from scorer.episodes.viplan_json import paper_plan_entry
from scorer.families.blocksworld.world import BlocksWorld
from scorer.pddl import bfs
from tests.families.blocksworld.episode_rows import episode_row

# (reply, the first entry ViPlan's loop goes on with; None: its loop stops the episode)
ENTRY_CASES = [
    ('{"plan": [{"action": "moveblock", "parameters": {"block": "r", "column": "c1"}}]}', "moveblock"),
    ('Sure: {"plan": [{"action": "moveblock"}]} done', "moveblock"),
    ("no JSON at all", None),  # a JSON error ends ViPlan's episode
    ('{"action": "moveblock", "parameters": {"block": "r", "column": "c1"}}', None),  # no "plan"
    ('{"plan": []}', None),  # an empty plan: its failsafe raises
    ('{"plan": [{"parameters": {}}]}', None),  # no "action"
    ("{'plan': [{'action': 'moveblock'}]}", None),  # single quotes are no JSON
]


@pytest.mark.parametrize(("reply", "action"), ENTRY_CASES)
def test_viplans_plan_envelope(reply: str, action: str | None) -> None:
    entry = paper_plan_entry(reply)
    assert (entry["action"] if entry is not None else None) == action


def first_move() -> tuple[str, str]:
    """The block and column of an optimal first move of the test row."""
    name = (bfs(BlocksWorld(episode_row()).task).plan or [])[0]
    _, block, column = name.strip("()").split()
    return block, column


def test_a_reply_ours_forgives_is_an_action_that_does_not_exist_for_viplan() -> None:
    block, column = first_move()
    reply = json.dumps({"plan": [{"action": "MoveBlock", "parameters": {"block": block.upper(), "column": column}}]})
    ours = make_episode(episode_row(), {"mode": "planner", "view": "text"})
    paper = make_episode(episode_row(), {"mode": "planner", "view": "text", "parser": "paper"})
    ours.reset(), paper.reset()
    assert ours.step(reply).info["outcome"] == "success"
    assert paper.step(reply).info["outcome"] == "action does not exist"


def test_a_reply_without_json_ends_viplans_episode_but_not_ours() -> None:
    replies = ["I am not sure.", "still thinking"]
    ours = replay(episode_row(), {"mode": "planner", "view": "text"}, replies)
    paper = replay(episode_row(), {"mode": "planner", "view": "text", "parser": "paper"}, replies)
    assert (ours["steps"], ours["ignored_replies"]) == (2, 0)
    assert (paper["steps"], paper["ignored_replies"], paper["end"]) == (1, 1, "unparsable")


def test_the_grounder_reads_yes_and_no_as_viplan_does() -> None:
    # "Nobody ..." is no for ViPlan's startswith, unreadable for ours.
    ours = replay(episode_row(), {"mode": "grounder", "view": "text"}, ["Nobody knows"])
    paper = replay(episode_row(), {"mode": "grounder", "view": "text", "parser": "paper"}, ["Nobody knows"])
    assert ours["unparsable"] == 1 and paper["unparsable"] == 0
