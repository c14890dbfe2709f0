"""Rewards equal the scorer's verdicts: every config of the mini build, driven by the registry."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyedDataset, KeyRow, load_keys
from scorer.registry import configs, mode_for
from scorer.scoring.references import reference_predictions
from scorer.scoring.run import score_file
from scorer.training.rewards import Reward, outcome_components, reward, shaped_value, step_rewards
from scorer.training.rewards_trl import completion_text, planarium_reward

# Replies that are no answer, an answer in a think block only, or one past a think block.
ODD_REPLIES = ("", "maybe", "<think>yes</think>", "<think>no</think> Yes", "x" * 200)


@pytest.fixture(scope="module")
def keys(mini_data: Path) -> KeyedDataset:
    return load_keys(mini_data, "test")


def _answer(prediction: Any) -> str | dict[str, Any]:
    return prediction.response if prediction.response is not None else prediction.episode


def test_every_config_gold_rewards_one_and_wrong_zero(keys: KeyedDataset) -> None:
    configs = set()
    for kind, expected in (("gold", 1.0), ("wrong", 0.0)):
        predictions = reference_predictions(keys, kind)
        for row in keys.rows.values():
            configs.add(row.config)
            answer = _answer(predictions[row.id])
            assert reward(row, answer).value == expected, (kind, row.id)
            shaped = reward(row, answer, shaped=True)
            assert all(0.0 <= value <= 1.0 for value in shaped.components.values()), shaped
            assert shaped.value == pytest.approx(1.0) if kind == "gold" else shaped.value < 0.8, (row.id, shaped)
    assert configs == set(keys.configs())


def _mixed_replies(keys: KeyedDataset) -> dict[str, str | dict[str, Any]]:
    """A reply per row: gold, wrong or an odd reply in turn (episodes: gold or wrong)."""
    gold, wrong = reference_predictions(keys, "gold"), reference_predictions(keys, "wrong")
    replies: dict[str, str | dict[str, Any]] = {}
    for index, row in enumerate(keys.rows.values()):
        turn = index % (2 + len(ODD_REPLIES))
        if turn >= 2 and row.task != "episode":
            replies[row.id] = ODD_REPLIES[turn - 2]
        else:
            replies[row.id] = _answer((gold if turn % 2 == 0 else wrong)[row.id])
    return replies


def test_rewards_equal_the_scores_score_file_writes(keys: KeyedDataset, mini_data: Path, tmp_path: Path) -> None:
    replies = _mixed_replies(keys)
    path = tmp_path / "predictions.jsonl"
    with path.open("w") as out:
        for row_id, reply in replies.items():
            field = "episode" if isinstance(reply, dict) else "response"
            out.write(json.dumps({"id": row_id, field: reply}) + "\n")
    run = score_file(path, mini_data, tmp_path / "results.json", keep_rows=False)
    scored = [json.loads(line) for line in run.rows_path.read_text().splitlines()]
    assert len(scored) == len(keys.rows)
    for line in scored:
        got = reward(keys.rows[line["id"]], replies[line["id"]])
        assert (got.value, got.reason) == (line["score"], line["reason"]), line["id"]


def test_components_follow_the_verdict(keys: KeyedDataset) -> None:
    row = next(r for r in keys.rows.values() if r.config == "blocksworld-ground")
    assert reward(row, "perhaps") == Reward(0.0, "unparsable", {"format": 0.0, "validity": 0.0, "correct": 0.0})
    assert reward(row, "perhaps", shaped=True).value == 0.0
    assert reward(row, None) == Reward(0.0, "missing", {"format": 0.0, "validity": 0.0, "correct": 0.0})
    wrong = "No" if row.answer_key["answer"] else "Yes"
    parsed = {"format": 1.0, "validity": 1.0, "correct": 0.0}
    assert reward(row, wrong, shaped=True) == Reward(pytest.approx(0.2), "wrong", parsed)
    # an episode log given for a question has the wrong shape: no format
    assert reward(row, {"settings": {}, "replies": ["Yes"]}).components["format"] == 0.0


def test_invalid_answers_keep_format_and_lose_validity(keys: KeyedDataset) -> None:
    row = next(r for r in keys.rows.values() if r.config == "acp-hard" and r.meta["acp_task"] == "app")
    got = reward(row, "(and (clear a) (clear b))", shaped=True)
    assert got.reason in ("invalid", "unparsable")
    if got.reason == "invalid":
        assert got.components == {"format": 1.0, "validity": 0.0, "correct": 0.0}
        assert got.value == pytest.approx(0.1)


def _episode_rows(keys: KeyedDataset) -> list[KeyRow]:
    return [row for row in keys.rows.values() if row.task == "episode"]


def test_step_rewards_sum_to_the_episode_reward(keys: KeyedDataset) -> None:
    for kind in ("gold", "wrong"):
        predictions = reference_predictions(keys, kind)
        for row in _episode_rows(keys):
            log = predictions[row.id].episode
            assert log is not None
            for shaped in (False, True):
                steps = step_rewards(row, log, shaped)
                assert sum(steps) == pytest.approx(reward(row, log, shaped).value), (row.id, shaped)
            sparse = step_rewards(row, log)
            assert sparse == ([0.0] * (len(sparse) - 1) + [1.0] if kind == "gold" else [0.0] * len(sparse))


def test_progress_is_given_where_the_outcome_has_a_distance(keys: KeyedDataset) -> None:
    wrong = reference_predictions(keys, "wrong")
    for row in _episode_rows(keys):
        log = {"id": row.id, "episode": wrong[row.id].episode}  # the server's whole log line
        got = reward(row, log, shaped=True)
        assert got.value == pytest.approx(shaped_value("episode", got.components))
        if "progress" in got.components:
            assert got.value == pytest.approx(
                0.1 * got.components["format"] + 0.1 * got.components["validity"] + 0.4 * got.components["progress"]
            )


def test_a_refused_episode_log_has_no_steps(keys: KeyedDataset) -> None:
    row = _episode_rows(keys)[0]
    assert step_rewards(row, {"replies": "not a list"}) == []
    assert reward(row, {"replies": "not a list"}).reason == "invalid"
    with pytest.raises(ValueError, match="question"):
        step_rewards(next(r for r in keys.rows.values() if r.task != "episode"), {"replies": []})


def _trl_call(fn: Any, rows: list[dict[str, Any]], completions: list[Any]) -> list[float | None]:
    """As TRL's GRPOTrainer._calculate_rewards calls a reward function: every column of the
    inputs but prompt / completion / completion_ids, as lists, plus trainer_state."""
    keys = [key for key in rows[0] if key not in ("prompt", "completion", "completion_ids")]
    reward_kwargs: dict[str, Any] = {key: [example[key] for example in rows] for key in keys}
    reward_kwargs["trainer_state"] = object()
    prompts = [example["prompt"] for example in rows]
    completion_ids = [[1, 2, 3] for _ in completions]
    return fn(prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs)


def _dataset_rows(mini_data: Path, config: str) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    shards = sorted((mini_data / "data" / config).glob("test-*.parquet"))
    columns = ["id", "prompt", "difficulty", "meta", "answer_key"]
    return [row for shard in shards for row in pq.read_table(shard, columns=columns).to_pylist()]


@pytest.mark.parametrize("config", ["blocksworld-ground", "acp-hard", "slidegeom-describe"])
def test_trl_reward_function_gives_the_verdicts(keys: KeyedDataset, mini_data: Path, config: str) -> None:
    fn = planarium_reward(config, data=mini_data)
    rows = _dataset_rows(mini_data, config)[:8]
    gold, wrong = reference_predictions(keys, "gold"), reference_predictions(keys, "wrong")
    golds = [gold[row["id"]].response for row in rows]
    wrongs = [wrong[row["id"]].response for row in rows]
    assert _trl_call(fn, rows, golds) == [1.0] * len(rows)
    assert _trl_call(fn, rows, wrongs) == [0.0] * len(rows)
    # conversational completions: a list of assistant messages per completion, as TRL passes them
    chats = [[{"role": "assistant", "content": text}] for text in golds]
    assert _trl_call(fn, rows, chats) == [1.0] * len(rows)
    shaped = planarium_reward(config, data=mini_data, shaped=True)
    expected = [reward(keys.rows[row["id"]], text, shaped=True).value for row, text in zip(rows, wrongs)]
    assert _trl_call(shaped, rows, wrongs) == pytest.approx(expected)


def test_trl_reward_function_leaves_other_configs_rows_to_others(mini_data: Path) -> None:
    fn = planarium_reward("blocksworld-ground", data=mini_data)
    mixed = _dataset_rows(mini_data, "blocksworld-ground")[:2] + _dataset_rows(mini_data, "maze-vsp")[:1]
    assert _trl_call(fn, mixed, ["Yes", "No", "Yes"])[2] is None
    with pytest.raises(KeyError, match="'id'"):
        fn(prompts=["p"], completions=["Yes"])


def test_a_missing_row_is_one_clear_error() -> None:
    """Issue 43: reward(None, ...) raised a bare AttributeError."""
    with pytest.raises(TypeError, match="reward needs the row"):
        reward(None, "Yes")  # type: ignore[arg-type]


def test_trl_reward_function_refuses_what_it_cannot_pair(mini_data: Path) -> None:
    """Fault probe F3: fewer completions than ids, an id of the config the split lacks, and a
    None completion each get one clear error (zip used to pair completions with wrong rows)."""
    fn = planarium_reward("blocksworld-ground", data=mini_data)
    rows = _dataset_rows(mini_data, "blocksworld-ground")[:3]
    ids = [row["id"] for row in rows]
    with pytest.raises(ValueError, match="2 completions for 3 ids"):
        fn(prompts=["p"] * 3, completions=["Yes", "No"], id=ids)
    with pytest.raises(KeyError, match="no row 'blocksworld-ground/test/9999'"):
        fn(prompts=["p"], completions=["Yes"], id=["blocksworld-ground/test/9999"])
    with pytest.raises(TypeError, match="is None"):
        fn(prompts=["p"], completions=[None], id=ids[:1])


def test_trl_episode_rows_read_the_completion_as_the_first_reply(keys: KeyedDataset, mini_data: Path) -> None:
    fn = planarium_reward("slidegeom-episodes", data=mini_data)
    rows = _dataset_rows(mini_data, "slidegeom-episodes")
    values = _trl_call(fn, rows, ["nonsense"] * len(rows))
    assert values == [0.0] * len(rows)


def test_completion_text_reads_what_trl_passes() -> None:
    assert completion_text("Yes") == "Yes"
    assert completion_text([{"role": "assistant", "content": "No"}]) == "No"
    parts = [{"role": "assistant", "content": [{"type": "text", "text": "Ye"}, {"type": "text", "text": "s"}]}]
    assert completion_text(parts) == "Yes"
    with pytest.raises(TypeError):
        completion_text([{"role": "user", "content": "hi"}])


def test_trl_grpo_trainer_calculates_the_rewards(keys: KeyedDataset, mini_data: Path) -> None:
    """TRL's own ``GRPOTrainer._calculate_rewards`` (where trl is installed) on a stand-in
    trainer holding only what that method reads: no model weights are needed."""
    pytest.importorskip("trl")
    from types import SimpleNamespace

    from trl import GRPOTrainer

    fn = planarium_reward("blocksworld-ground", data=mini_data)
    inputs = _dataset_rows(mini_data, "blocksworld-ground")[:6]
    gold = reference_predictions(keys, "gold")
    completions = [[{"role": "assistant", "content": gold[row["id"]].response}] for row in inputs[:3]]
    completions += ["maybe", "<answer>Yes</answer>", "<answer>No</answer>"]
    trainer = SimpleNamespace(
        accelerator=SimpleNamespace(device="cpu", is_main_process=True),
        reward_funcs=[fn],
        reward_processing_classes=[None],
        reward_func_names=[fn.__name__],
        state=SimpleNamespace(global_step=0),
        args=SimpleNamespace(report_to=[]),
        _log_completion_extra=lambda *args, **kwargs: None,
        _log_metric=lambda *args, **kwargs: None,
        environments=None,
    )
    prompts = [row["prompt"] for row in inputs]
    got = GRPOTrainer._calculate_rewards(trainer, inputs, prompts, completions, [[1]] * len(inputs))
    replies = [completion_text(c) for c in completions]
    expected = [reward(keys.rows[row["id"]], text).value for row, text in zip(inputs, replies)]
    assert got[:, 0].tolist() == expected
    assert expected[:4] == [1.0, 1.0, 1.0, 0.0]


def test_rewards_reproduce_every_conformance_vector(keys: KeyedDataset) -> None:
    """The conformance vectors (``adapters/conformance/vectors.json``), as rewards: sparse the
    expected score and reason, shaped within [0, 1] and 1 exactly where the score is 1."""
    from adapters.conformance import load_vectors

    vectors = load_vectors()["vectors"]
    for vector in vectors:
        row = keys.rows[vector["id"]]
        answer = vector["episode"] if "episode" in vector else vector["response"]
        expected = vector["expected"]
        assert (reward(row, answer).value, reward(row, answer).reason) == (expected["score"], expected["reason"])
        shaped = reward(row, answer, shaped=True).value
        assert 0.0 <= shaped <= 1.0
        assert (shaped == pytest.approx(1.0)) == (expected["score"] == 1.0), vector["id"]
    assert len(vectors) > 100


@dataclass
class _PolicyTurn:
    """What a scripted policy sees (scorer.registry.family.PolicyTurn)."""

    row: KeyRow
    info: dict[str, Any]
    memory: dict[str, Any] = field(default_factory=dict)


def _played(row: KeyRow, reply: Callable[[_PolicyTurn], str]) -> dict[str, Any]:
    """The log of ``row``'s episode played in its default mode, one ``reply`` per turn, for
    at most ``MAX_PLAYED_STEPS`` turns."""
    episode = make_episode(row, {})
    _, info = episode.reset()
    turn = _PolicyTurn(row, info)
    replies: list[str] = []
    while not episode.done and len(replies) < MAX_PLAYED_STEPS:
        replies.append(reply(turn))
        turn.info = step_on_reply(episode, replies[-1]).info
    return {"settings": {}, "replies": replies}


# Enough steps for a random agent to move things about; a log cut there is still a log (the
# episode is then unfinished), and whole episodes of the slowest configs take minutes.
MAX_PLAYED_STEPS = 30
ROWS_PER_CONFIG = 3  # the mini build's second kitchen task starts with 4 of its 5 goals met


def _random_policy(row: KeyRow) -> Callable[[_PolicyTurn], str]:
    """The row's default mode's random policy, seeded by the row."""
    mode, rng = mode_for(row.domain, None), random.Random(row.id)
    return lambda turn: mode.random(turn, rng)


def test_an_agent_that_never_acts_earns_no_progress(keys: KeyedDataset) -> None:
    """Issue 42 item 4: on every episode config, a do-nothing agent's shaped reward is at most
    the format and validity terms it met (progress counts from the episode's start), while a
    random agent's progress is measured the same way."""
    played_configs = set()
    per_config: dict[str, list[KeyRow]] = {}
    for row in _episode_rows(keys):
        per_config.setdefault(row.config, []).append(row)
    for row in [row for rows in per_config.values() for row in rows[:ROWS_PER_CONFIG]]:
        idle = reward(row, _played(row, lambda turn: "I don't know."), shaped=True)
        met = 0.1 * idle.components["format"] + 0.1 * idle.components["validity"]
        assert idle.value <= met + 1e-12, (row.id, idle.components)
        assert idle.components.get("progress", 0.0) == 0.0, (row.id, idle.components)
        moved = reward(row, _played(row, _random_policy(row)), shaped=True)
        assert 0.0 <= moved.value <= 1.0
        assert moved.value == pytest.approx(shaped_value("episode", moved.components))
        played_configs.add(row.config)
    assert played_configs == {spec.name for spec in configs().values() if spec.task == "episode"} & {
        row.config for row in keys.rows.values()
    }


def test_progress_counts_only_the_goals_left_at_the_start() -> None:
    """A kitchen scene may satisfy some goals before any step: they are not progress."""
    outcome = {"steps": 3, "unparsable": 0, "legal_rate": 1.0, "goals_reached": 0.5, "start_goals_reached": 0.5}
    assert outcome_components(outcome, 0.0)["progress"] == 0.0
    assert outcome_components({**outcome, "goals_reached": 0.75}, 0.0)["progress"] == pytest.approx(0.5)
    assert outcome_components({**outcome, "goals_reached": 0.25}, 0.0)["progress"] == 0.0  # undoing is no progress
