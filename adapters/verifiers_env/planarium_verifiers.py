"""Planarium as a verifiers environment (the classic stack: ``import verifiers as vf``).

    import planarium_verifiers
    env = planarium_verifiers.load_environment(config, split="test", num_examples=20)
    results = env.evaluate_sync(client, model="my-model")  # rewards: results["outputs"][i]["reward"]

``load_environment(config, split, num_examples, seed, data, shaped, settings)`` reads one
config's rows from a built dataset folder (``data``, as ``--data`` elsewhere; default
``parquet``) and returns:

- for a question config, a ``vf.SingleTurnEnv``: the prompt is the row's chat messages
  exactly as ``planarium eval`` sends them (the ``prompt`` column's ``messages`` twin, each
  ``<image>`` marker an OpenAI ``image_url`` part with a ``data:image/png;base64`` URL);
- for an episode config, a ``vf.MultiTurnEnv``: the prompt is the episode's first
  observation; each reply steps the episode engine (``scorer.episodes.engine``, the one the
  rollout server and ``score`` replay run) and ``env_response`` answers with the next
  observation's user message(s); the rollout ends when the engine says the episode is over
  (``terminated`` or ``truncated``).

The ``vf.Rubric`` has one reward function, ``planarium_reward``: ``scorer.training.rewards.reward``
on the reply (a question) or on the episode's log (an episode), sparse by default (the
benchmark's verdict, 1 or 0) or ``shaped=True`` (the formula ``scorer.training.rewards`` documents).
So a rollout's reward equals ``score``'s verdict on the same reply.

Rows: all of the split (``num_examples=-1``) or ``num_examples`` of them, shuffled by
``seed`` first when ``seed`` is not None. Each dataset row's ``info`` holds the Planarium
row ``id`` and ``config``; ``example_id`` is its position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import verifiers as vf
from datasets import Dataset
from verifiers.utils.message_utils import normalize_messages

from planarium_agents.eval.inputs import question_inputs
from planarium_agents.eval.questions import question_request
from planarium_agents.messages import chat_messages
from scorer.episodes.base import Episode, Observation
from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow, load_keys
from scorer.registry import configs
from scorer.training.rewards import EPISODE_TASK, reward

__all__ = ["EpisodeEnv", "QuestionEnv", "load_environment", "planarium_rubric"]

DEFAULT_DATA = "parquet"
PROMPT_VARIANT = "prompt"  # the prompt column eval sends by default
EPISODE_KEY = "planarium_episode"  # where a rollout's state keeps its live episode


def load_environment(
    config: str,
    split: str = "test",
    num_examples: int = -1,
    seed: int | None = 0,
    data: str | Path = DEFAULT_DATA,
    shaped: bool = False,
    settings: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> vf.Environment:
    """The verifiers environment of one config (see the module doc). ``settings`` are an
    episode's (``mode`` and the mode's settings; the row's default mode if omitted);
    ``kwargs`` go to the environment's constructor (``max_concurrent``, ``sampling_args``...)."""
    spec = configs().get(config)
    if spec is None:
        raise ValueError(f"no registered config {config!r}")
    root = Path(data).resolve()
    rows = _rows(root, split, config, num_examples, seed)
    by_id = {row.id: row for row in rows}
    rubric = planarium_rubric(by_id, shaped)
    if spec.task == EPISODE_TASK:
        prompts = _episode_prompts(rows, settings or {})
        return EpisodeEnv(by_id, prompts, settings or {}, eval_dataset=_dataset(rows, prompts), rubric=rubric, **kwargs)
    if settings:
        raise ValueError(f"config {config!r} holds questions: episode settings do not apply")
    prompts = _question_prompts(root, split, config, rows)
    return QuestionEnv(prompts, eval_dataset=_dataset(rows, prompts), rubric=rubric, **kwargs)


def planarium_rubric(rows: Mapping[str, KeyRow], shaped: bool = False) -> vf.Rubric:
    """A rubric whose one reward is ``scorer.training.rewards.reward`` of the rollout's reply (a
    question) or of its episode's log (an episode)."""

    def planarium_reward(completion: Any, info: Mapping[str, Any], state: Mapping[str, Any], **_: Any) -> float:
        row = rows[info["id"]]
        if row.task == EPISODE_TASK:
            episode: Episode | None = state.get(EPISODE_KEY)
            log = {"settings": dict(episode.settings), "replies": list(episode.replies)} if episode else None
            return reward(row, log, shaped).value
        return reward(row, _last_reply(completion), shaped).value

    return vf.Rubric(funcs=[planarium_reward])


Prompts = dict[str, list[dict[str, Any]]]  # a row's first prompt by row id, as eval sends it


async def _eval_prompt(env: vf.Environment, state: vf.State, prompts: Prompts) -> vf.State:
    """The row's prompt exactly as ``planarium eval`` sends it. The dataset's ``prompt``
    column holds the same messages, but Arrow gives every content part every part's keys
    (``"image_url": None`` on a text part), which a strict endpoint may refuse."""
    state["prompt"] = normalize_messages(prompts[state["info"]["id"]], field_name="prompt")
    return state


class QuestionEnv(vf.SingleTurnEnv):
    """One config's questions: one reply, judged by the rubric."""

    def __init__(self, prompts: Prompts, **kwargs: Any) -> None:
        self.prompts = prompts
        super().__init__(**kwargs)

    async def init_state(self, *args: Any, **kwargs: Any) -> vf.State:
        return await _eval_prompt(self, await super().init_state(*args, **kwargs), self.prompts)


class EpisodeEnv(vf.MultiTurnEnv):
    """One config's episodes: each reply steps the engine (see the module doc)."""

    def __init__(
        self, rows: Mapping[str, KeyRow], prompts: Prompts, settings: Mapping[str, Any], **kwargs: Any
    ) -> None:
        self.rows, self.prompts, self.settings = rows, prompts, dict(settings)
        super().__init__(**kwargs)

    async def init_state(self, *args: Any, **kwargs: Any) -> vf.State:
        return await _eval_prompt(self, await super().init_state(*args, **kwargs), self.prompts)

    async def setup_state(self, state: vf.State) -> vf.State:
        episode = make_episode(self.rows[state["info"]["id"]], self.settings)
        episode.reset()  # the prompt already holds the first observation (the dataset's)
        state[EPISODE_KEY] = episode
        return state

    async def env_response(self, messages: vf.Messages, state: vf.State, **kwargs: Any) -> vf.Messages:
        episode: Episode = state[EPISODE_KEY]
        result = step_on_reply(episode, _last_reply(messages) or "")
        reply = normalize_messages(_observation_turn(result.observation), field_name="env_response")
        if episode.done:  # the final observation shows the outcome; the rollout stops here
            state["final_env_response"] = reply
        return reply


def _rows(root: Path, split: str, config: str, num_examples: int, seed: int | None) -> list[KeyRow]:
    rows = [row for row in load_keys(root, split, {config}).rows.values() if row.config == config]
    if not rows:
        raise ValueError(f"{root} holds no {split} rows of config {config!r}")
    if seed is not None:
        random.Random(seed).shuffle(rows)
    return rows if num_examples < 0 else rows[:num_examples]


def _question_prompts(root: Path, split: str, config: str, rows: list[KeyRow]) -> Prompts:
    inputs = question_inputs(root, split, config, PROMPT_VARIANT)
    return {
        row.id: question_request(row, inputs[row.id].observation(), PROMPT_VARIANT, constrained=False).messages()
        for row in rows
    }


def _episode_prompts(rows: list[KeyRow], settings: Mapping[str, Any]) -> Prompts:
    return {row.id: chat_messages(make_episode(row, settings).reset()[0].to_json()) for row in rows}


def _dataset(rows: list[KeyRow], prompts: Prompts) -> Dataset:
    """verifiers' dataset: ``prompt`` (every content as a list of parts, as Arrow needs one
    type per column), ``answer`` (unused: the rubric judges from the row), ``info``."""
    return Dataset.from_list(
        [
            {
                "prompt": [_as_parts(message) for message in prompts[row.id]],
                "answer": "",
                "info": {"id": row.id, "config": row.config},
                "example_id": index,
            }
            for index, row in enumerate(rows)
        ]
    )


def _as_parts(message: dict[str, Any]) -> dict[str, Any]:
    content = message["content"]
    return {**message, "content": [{"type": "text", "text": content}] if isinstance(content, str) else content}


def _observation_turn(observation: Observation) -> list[dict[str, Any]]:
    """The observation's user message(s): the system part was sent with the first prompt."""
    return [message for message in chat_messages(observation.to_json()) if message["role"] != "system"]


def _last_reply(messages: Any) -> str | None:
    """The text of the last assistant message (messages as dicts or verifiers' models)."""
    if isinstance(messages, str):
        return messages
    for message in reversed(list(messages or [])):
        role = message.get("role") if isinstance(message, Mapping) else getattr(message, "role", None)
        if role != "assistant":
            continue
        content = message.get("content") if isinstance(message, Mapping) else getattr(message, "content", None)
        if isinstance(content, list):  # content parts: the text ones, in order
            return "".join(_part_text(part) for part in content)
        return content if content is None else str(content)
    return None


def _part_text(part: Any) -> str:
    text = part.get("text") if isinstance(part, Mapping) else getattr(part, "text", None)
    return text or ""
