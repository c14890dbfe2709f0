"""Every episodic config in every mode of its family, played through the real rollout
server: the optimal agent wins, logs replay to what the client saw, tampered logs earn
nothing they did not earn (see conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conformance_cases import EpisodeMode, PlayFn
from recording_client import Play

from planarium_agents.client import RolloutClient, ServerError
from scorer.episodes.base import Observation, StepResult
from scorer.episodes.engine import make_episode, replay
from scorer.episodes.protocol import DEPARTURES, episode_departures
from scorer.io.dataset import KeyRow
from scorer.rollout import RolloutServer
from scorer.scoring.run import score_file
from scorer.tasks import Reason

AGENTS = ("optimal", "random")
Scored = dict[str, dict[str, Any]]  # row id -> its line in results.rows.jsonl


def _json(value: Any) -> Any:
    """``value`` as it looks after a trip through the HTTP API."""
    return json.loads(json.dumps(value))


def _score(data: Path, folder: Path, name: str, config: str, lines: list[dict[str, Any]]) -> Scored:
    """Score log lines with ``score`` (only ``config``); the scored rows of those lines."""
    predictions = folder / f"{name}.jsonl"
    predictions.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run = score_file(predictions, data, folder / f"{name}.json", configs={config})
    assert not run.problems, run.problems
    scored = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    return {entry["id"]: entry for entry in scored if entry["id"] in {line["id"] for line in lines}}


def _line(play: Play, replies: list[str] | None = None, settings: Any = None, **extra: Any) -> dict[str, Any]:
    """The play's log line, with its replies or settings replaced and fields added to the episode."""
    episode = {
        "settings": play.settings if settings is None else settings,
        "replies": play.replies if replies is None else replies,
        **extra,
    }
    return {"id": play.row.id, "model": "conformance", "episode": episode}


def _fresh_outcome(play: Play, settings: dict[str, Any], replies: list[str]) -> dict[str, Any]:
    """A fresh episode fed ``replies`` until it ends (stepped here, not by the scorer's replay)."""
    episode = make_episode(play.row, settings)
    episode.reset()
    used = 0
    while used < len(replies) and not episode.done:
        episode.step(replies[used])
        used += 1
    return {**episode.outcome(), "ignored_replies": len(replies) - used}


def _expected(play: Play, settings: dict[str, Any], replies: list[str]) -> dict[str, Any]:
    """What the scored row must say: a fresh replay of these replies under these settings."""
    outcome = _fresh_outcome(play, settings, replies)
    return {
        "score": 1.0 if outcome["success"] else 0.0,
        "reason": Reason.SUCCESS if outcome["success"] else Reason.FAILURE,
        "parsed": _json({**outcome, "settings": settings, **_departed(play.row, settings)}),
        "detail": None,
    }


def _departed(row: KeyRow, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings off the protocol's defaults that a scored outcome lists (scorer.episodes.protocol)."""
    departures = episode_departures(row, settings)
    return {DEPARTURES: departures} if departures else {}


def _verdict(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry.get(key) for key in ("score", "reason", "parsed", "detail")}


# -- the live episodes ---------------------------------------------------------------


def test_optimal_agent_wins_every_played_episode(plays: PlayFn, episode_mode: EpisodeMode) -> None:
    played = plays(episode_mode, "optimal")
    assert [p.row.id for p in played if not p.outcome["success"]] == []
    assert {p.log["episode"]["end"] for p in played} == {"finished"}


def _observation_seen(observation: Observation | None) -> dict[str, Any] | None:
    # Images are compared by count: the server renders them from the same keys replay holds.
    return None if observation is None else {"text": observation.text, "images": len(observation.image_keys)}


def _observation_sent(observation: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if observation is None else {"text": observation["text"], "images": len(observation["images"])}


def _fresh_step(result: StepResult) -> dict[str, Any]:
    return {
        "observation": _observation_seen(result.observation),
        "terminated": result.terminated,
        "truncated": result.truncated,
        "info": _json(result.info),
    }


def _live_step(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "observation": _observation_sent(answer["observation"]),
        "terminated": answer["terminated"],
        "truncated": answer["truncated"],
        "info": answer["info"],
    }


@pytest.mark.parametrize("agent", AGENTS)
def test_replay_matches_every_step_the_client_saw(plays: PlayFn, episode_mode: EpisodeMode, agent: str) -> None:
    for play in plays(episode_mode, agent):
        assert play.replies == [reply for reply, _ in play.steps], play.row.id
        assert play.start["info"]["settings"] == play.settings, play.row.id  # the agents read the mode there
        episode = make_episode(play.row, play.settings)
        observation, info = episode.reset()
        assert _observation_seen(observation) == _observation_sent(play.start["observation"]), play.row.id
        assert _json(info) == play.start["info"], play.row.id
        for index, (reply, answer) in enumerate(play.steps):
            assert _fresh_step(episode.step(reply)) == _live_step(answer), (play.row.id, f"step {index}")
        assert episode.done and _json(episode.outcome()) == play.outcome, play.row.id
        assert _json(replay(play.row, play.settings, play.replies)) == {**play.outcome, "ignored_replies": 0}


@pytest.mark.parametrize("agent", AGENTS)
def test_the_scorer_replays_each_log_to_the_live_outcome(
    episode_data: Path, tmp_path: Path, plays: PlayFn, episode_mode: EpisodeMode, agent: str
) -> None:
    played = plays(episode_mode, agent)
    scored = _score(episode_data, tmp_path, "logs", episode_mode.config, [p.log for p in played])
    for play in played:
        parsed = {**play.outcome, "ignored_replies": 0, "settings": play.settings, **_departed(play.row, play.settings)}
        assert scored[play.row.id]["parsed"] == parsed, play.row.id
        assert scored[play.row.id]["score"] == (1.0 if play.outcome["success"] else 0.0), play.row.id


# -- tampered logs -------------------------------------------------------------------


def _flattering(outcome: dict[str, Any]) -> dict[str, Any]:
    """Every outcome field set to a value a cheat would like, and a few more."""
    flattered = {
        key: True if isinstance(value, bool) else 1 if isinstance(value, (int, float)) else value
        for key, value in outcome.items()
    }
    return {**flattered, "success": True, "steps": 1, "score": 1.0, "outcome": {"success": True}}


@pytest.mark.parametrize("agent", AGENTS)
def test_outcome_fields_added_to_a_log_are_ignored(
    episode_data: Path, tmp_path: Path, plays: PlayFn, episode_mode: EpisodeMode, agent: str
) -> None:
    played = plays(episode_mode, agent)
    config = episode_mode.config
    honest = _score(episode_data, tmp_path, "honest", config, [_line(p) for p in played])
    claimed = [{**_line(p, **_flattering(p.outcome)), "success": True, "score": 1.0} for p in played]
    tampered = _score(episode_data, tmp_path, "tampered", config, claimed)
    for play in played:
        assert _verdict(tampered[play.row.id]) == _verdict(honest[play.row.id]), play.row.id


EDITS: dict[str, Callable[[list[str]], list[str]]] = {
    "without-the-last": lambda replies: replies[:-1],
    "without-the-first": lambda replies: replies[1:],
    "reversed": lambda replies: replies[::-1],
    "middle-blanked": lambda replies: replies[: len(replies) // 2] + [""] + replies[len(replies) // 2 + 1 :],
    "played-twice": lambda replies: replies + replies,
}


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("edit", sorted(EDITS))
def test_edited_replies_score_what_a_fresh_replay_scores(
    episode_data: Path, tmp_path: Path, plays: PlayFn, episode_mode: EpisodeMode, agent: str, edit: str
) -> None:
    played = plays(episode_mode, agent)
    edited = {p.row.id: EDITS[edit](p.replies) for p in played}
    scored = _score(episode_data, tmp_path, edit, episode_mode.config, [_line(p, edited[p.row.id]) for p in played])
    for play in played:
        assert _verdict(scored[play.row.id]) == _expected(play, play.settings, edited[play.row.id]), play.row.id


def test_a_losing_log_stays_at_0_whatever_follows_its_end(
    episode_data: Path, tmp_path: Path, plays: PlayFn, episode_mode: EpisodeMode
) -> None:
    winning = {p.row.id: p for p in plays(episode_mode, "optimal")}
    losing = [p for p in plays(episode_mode, "random") if not p.outcome["success"]]
    assert losing, "the random agent won every played episode: no losing log to tamper with"
    lines = [_line(p, p.replies + winning[p.row.id].replies, **_flattering(p.outcome)) for p in losing]
    scored = _score(episode_data, tmp_path, "appended", episode_mode.config, lines)
    for play in losing:
        wins = winning[play.row.id].replies
        assert _fresh_outcome(play, play.settings, wins)["success"], play.row.id  # the appended replies win alone
        entry = scored[play.row.id]
        assert entry["score"] == 0.0 and entry["parsed"]["ignored_replies"] == len(wins), play.row.id


# -- settings ------------------------------------------------------------------------


def _wrong_types(settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Settings with one field of the wrong JSON type each (an int where a bool goes is
    wrong too), and one with a key the mode does not know."""
    variants = {"unknown-key": {**settings, "conformance_no_such_setting": 1}}
    for key, value in settings.items():
        variants[f"{key}-as-{'number' if isinstance(value, str) else 'string'}"] = {
            **settings,
            key: 7 if isinstance(value, str) else str(value),
        }
        if type(value) is int:
            variants[f"{key}-as-boolean"] = {**settings, key: True}
    return variants


def test_settings_with_unknown_keys_or_wrong_types_are_invalid(
    episode_data: Path, tmp_path: Path, plays: PlayFn, conformance_server: RolloutServer, episode_mode: EpisodeMode
) -> None:
    played = plays(episode_mode, "optimal")
    client = RolloutClient(conformance_server.url)
    variants: dict[str, Any] = {**_wrong_types(played[0].settings), "not-an-object": ["mode"]}
    for name, settings in variants.items():
        scored = _score(
            episode_data, tmp_path, name, episode_mode.config, [_line(p, settings=settings) for p in played]
        )
        assert {(e["score"], e["reason"]) for e in scored.values()} == {(0.0, Reason.INVALID)}, name
        with pytest.raises(ServerError, match="400"):
            client.start(played[0].row.id, settings, "conformance")


def _rule_changes(settings: dict[str, Any]) -> dict[str, Any]:
    """A new value for every numeric setting: a far larger int (a step or action limit, a
    history length; where 0 means "the row's own limit", 100 is still larger), another
    probability."""
    changes: dict[str, Any] = {}
    for key, value in settings.items():
        if type(value) is int:
            changes[key] = value + 100
        elif type(value) is float:
            changes[key] = 0.5 if value != 0.5 else 0.25
    return changes


def test_rule_changing_settings_are_rejected_or_recorded(
    episode_data: Path, tmp_path: Path, plays: PlayFn, conformance_server: RolloutServer, episode_mode: EpisodeMode
) -> None:
    played = plays(episode_mode, "optimal")
    changes = _rule_changes(played[0].settings)
    if not changes:
        pytest.skip(f"mode {episode_mode.mode} has no numeric setting to change")
    client = RolloutClient(conformance_server.url)
    for key, value in changes.items():
        settings = {**played[0].settings, key: value}
        scored = _score(episode_data, tmp_path, key, episode_mode.config, [_line(p, settings=settings) for p in played])
        for play in played:
            entry = scored[play.row.id]
            if entry["reason"] != Reason.INVALID:  # accepted: replayed under the new rule, which the outcome shows
                assert _verdict(entry) == _expected(play, settings, play.replies), (key, play.row.id)
                assert entry["parsed"]["settings"][key] == value, (key, play.row.id)
        _check_server_rejects_or_shows(client, played[0].row.id, settings, key)


def _check_server_rejects_or_shows(client: RolloutClient, row_id: str, settings: dict[str, Any], key: str) -> None:
    try:
        started = client.start(row_id, settings, "conformance")
    except ServerError as error:
        assert "400" in str(error), error
        return
    client.abandon(started["episode_id"])
    assert started["info"]["settings"][key] == settings[key], key
