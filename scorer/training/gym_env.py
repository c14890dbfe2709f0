"""Planarium's episodes as gymnasium environments: one id per episode config, registered on import.

    import gymnasium
    env = gymnasium.make("scorer.training.gym_env:planarium/<config>-v0", data="parquet", split="test", index=0)
    observation, info = env.reset()
    observation, reward, terminated, truncated, info = env.step("a reply")

``gymnasium.make`` imports this module itself (the ``module:`` prefix), so no other import
is needed. The ids come from the family registry (``scorer.registry.configs``): every
config whose task is ``episode``.

An environment plays the rows of one config and split of a built dataset folder (``data``,
as ``--data`` elsewhere): row ``index`` on every reset, or, without one, a row drawn from
the environment's generator (seeded by ``seed=`` or ``reset(seed=...)``), so the same seed
always gives the same row. ``reset(options={"index": i})`` picks a row for one episode.
The episode is the one the rollout server plays (``scorer.episodes.engine``), with the
same ``settings`` (``mode`` and the mode's settings; the row's default mode if omitted):

- observation: a Dict of ``text`` (the prompt, one ``<image>`` marker per image),
  ``messages`` (the same prompt as chat turns, each ``{"role", "content"}``) and
  ``images`` (one uint8 RGB array of shape (height, width, 3) per marker, in order);
  the server's observation with its PNGs decoded;
- action: the model's raw reply text (at most ``MAX_REPLY_CHARS``, as the server takes);
- reward: from ``scorer.training.rewards``: the change of the episode's value at each step,
  exactly as ``step_rewards`` gives it for the same replies (sparse by default: 1 on the
  step that reaches the goal; ``shaped=True`` for the shaped formula), so the rewards of
  an episode sum to its ``reward`` and to its ``score`` verdict;
- terminated / truncated and info: the engine's, as the server sends them.

``env.unwrapped.episode_log()`` is the episode's log (``{"settings", "replies"}``), which
``scorer.training.rewards.reward`` and ``score`` (as an ``episode`` prediction) take.
"""

from __future__ import annotations

import io
import string
from collections.abc import Mapping
from copy import deepcopy
from functools import cache
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from PIL import Image

from scorer.episodes.base import Episode, Observation
from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow, load_keys
from scorer.io.predictions import MAX_REPLY_CHARS
from scorer.registry import configs
from scorer.training.rewards import EPISODE_TASK, outcome_components, shaped_value

__all__ = ["NAMESPACE", "PlanariumEnv", "env_id", "register_all"]

NAMESPACE = "planarium"
VERSION = "v0"
DEFAULT_DATA = Path("parquet")
# The longest prompt an observation may hold: far above any episode's (a few thousand
# characters with its history), so only a runaway prompt would leave the space.
MAX_OBSERVATION_CHARS = 1_000_000
# PNGs are decoded at once here, so the fastest encoding (zlib level 0) is the cheapest round trip.
PNG_LEVEL = 0
# What a sampled action is made of (check_env and random agents draw replies from it).
SAMPLE_CHARSET = string.ascii_letters + string.digits + string.punctuation + " \n"
ROLE_CHARSET = string.ascii_lowercase


class AnyText(spaces.Text):
    """Text that holds any string within its length bounds. Prompts and replies are free
    Unicode (quotes, arrows, a model's emoji): gymnasium's Text admits only the characters
    of its charset, and listing all of Unicode would cost megabytes per space. Samples are
    drawn from ``charset``; flattening (which indexes the charset) is not supported."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and super().__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.min_length, self.max_length))

    def __repr__(self) -> str:
        return f"AnyText({self.min_length}, {self.max_length})"


def env_id(config: str) -> str:
    """The gymnasium id of an episode config (without the ``scorer.training.gym_env:`` prefix)."""
    return f"{NAMESPACE}/{config}-{VERSION}"


def register_all() -> list[str]:
    """Register one id per episode config of the registry (again on a re-import: a no-op)."""
    ids = []
    for name, spec in configs().items():
        if spec.task != EPISODE_TASK:
            continue
        ids.append(env_id(name))
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(env_id(name), entry_point=f"{__name__}:PlanariumEnv", kwargs={"config": name})
    return ids


@cache
def _config_rows(root: Path, split: str, config: str) -> tuple[KeyRow, ...]:
    """The rows of one config and split, loaded once per process: ``load_keys`` hashes every
    shard, which ``make_vec`` would otherwise repeat for each of its environments."""
    return tuple(row for row in load_keys(root, split, {config}).rows.values() if row.config == config)


def pixels(png: bytes) -> np.ndarray:
    """A PNG as a uint8 (height, width, 3) array (RGB, so every image has three channels)."""
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def observation_dict(observation: Observation) -> dict[str, Any]:
    """The server's observation (``Observation.to_json``'s parts) with its images as arrays."""
    return {
        "text": observation.text,
        "messages": tuple(message.to_json() for message in observation.roles()),
        "images": tuple(pixels(png) for png in observation.images_png(PNG_LEVEL)),
    }


class PlanariumEnv(gymnasium.Env[dict[str, Any], str]):
    """One config's episodes (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        config: str,
        data: str | Path = DEFAULT_DATA,
        split: str = "test",
        index: int | None = None,
        seed: int | None = None,
        settings: Mapping[str, Any] | None = None,
        shaped: bool = False,
    ) -> None:
        if configs()[config].task != EPISODE_TASK:
            raise ValueError(f"config {config!r} holds questions, not episodes")
        self.config, self.split, self.shaped = config, split, shaped
        self.settings = dict(settings or {})
        self.rows = _config_rows(Path(data).resolve(), split, config)
        if not self.rows:
            raise ValueError(f"{data} holds no {split} rows of config {config!r}")
        self.index = None if index is None else self._checked_index(index)
        self.row: KeyRow | None = None
        self._episode: Episode | None = None
        self._closed = False
        self._value = 0.0
        self.action_space = AnyText(MAX_REPLY_CHARS, min_length=0, charset=SAMPLE_CHARSET)
        self.observation_space = self._observation_space()
        if seed is not None:  # the first reset then draws its row from this seed
            super().reset(seed=seed)

    def _observation_space(self) -> spaces.Dict:
        """The spaces of the module doc; the image shape is read off the config's first row
        (one config draws every image at one size, so all its environments agree)."""
        first = observation_dict(make_episode(self.rows[0], self.settings).reset()[0])["images"]
        self._image_shape: tuple[int, ...] = first[0].shape if first else (1, 1, 3)
        text = AnyText(MAX_OBSERVATION_CHARS, min_length=0, charset=SAMPLE_CHARSET)
        message = spaces.Dict({"role": spaces.Text(16, charset=ROLE_CHARSET), "content": text})
        image = spaces.Box(0, 255, shape=self._image_shape, dtype=np.uint8)
        return spaces.Dict({"text": text, "messages": spaces.Sequence(message), "images": spaces.Sequence(image)})

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if self._closed:
            raise RuntimeError("the environment is closed; make a new one")
        super().reset(seed=seed)
        self.row = self.rows[self._pick(options or {})]
        self._episode = make_episode(self.row, self.settings)
        self._value = 0.0
        observation, info = self._episode.reset()
        return self._checked(observation_dict(observation)), deepcopy(info)

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        episode = self._running()
        if not isinstance(action, str):
            raise TypeError(f"an action is the reply text, got {type(action).__name__}")
        if len(action) > MAX_REPLY_CHARS:  # the server refuses it and a log holding it scores invalid
            raise ValueError(f"a reply has at most {MAX_REPLY_CHARS} characters, got {len(action)}")
        result = step_on_reply(episode, action)
        reward = self._reward(episode)
        observation = self._checked(observation_dict(result.observation))
        return observation, reward, result.terminated, result.truncated, deepcopy(result.info)

    def episode_log(self) -> dict[str, Any]:
        """The episode so far as the log ``scorer.training.rewards.reward`` and ``score`` read."""
        episode = self._running(allow_done=True)
        return {"settings": deepcopy(episode.settings), "replies": list(episode.replies)}

    def _reward(self, episode: Episode) -> float:
        """The change of the episode's value, computed as ``scorer.training.rewards.step_rewards`` does
        (from the outcome after each step, not by replaying the whole log every step)."""
        outcome = episode.outcome()
        components = outcome_components(outcome, 1.0 if outcome["success"] else 0.0)
        value = shaped_value(EPISODE_TASK, components) if self.shaped else components["correct"]
        reward, self._value = value - self._value, value
        return float(reward)

    def _pick(self, options: Mapping[str, Any]) -> int:
        if "index" in options:
            return self._checked_index(options["index"])
        if self.index is not None:
            return self.index
        return int(self.np_random.integers(len(self.rows)))

    def _checked_index(self, index: Any) -> int:
        if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= index < len(self.rows):
            raise ValueError(f"index must be a row number from 0 to {len(self.rows) - 1}, got {index!r}")
        return int(index)

    def close(self) -> None:
        """No more episodes: a step or reset after this is an error, not a silent play."""
        self._episode, self._closed = None, True
        super().close()

    def _running(self, allow_done: bool = False) -> Episode:
        if self._closed:
            raise RuntimeError("the environment is closed; make a new one")
        if self._episode is None:
            raise RuntimeError("call reset() before step()")
        if self._episode.done and not allow_done:
            raise RuntimeError("the episode is over; call reset() to start another")
        return self._episode

    def _checked(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The observation, after a clear error if an image left the config's shape."""
        for image in observation["images"]:
            if image.shape != self._image_shape:
                raise ValueError(
                    f"an image of {self.config} has shape {image.shape}, not the config's {self._image_shape}"
                )
        return observation


register_all()
