"""scorer.training.gym_env: every episode config as a gymnasium environment, driven by the registry.

On the session's mini build (plus, for an imported episode config, its paper's files from
../shared/external imported into a copy, skipped when absent): ``check_env`` passes for
every (episode config, mode); the gold log played through the environment earns reward 1
with ``terminated`` on its last step, step by step what ``scorer.training.rewards.step_rewards``
gives (sparse and shaped); a wrong reply earns 0; ``gymnasium.make`` works in a fresh
interpreter that imports nothing else; ``gymnasium.make_vec`` plays four episodes at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from scorer.io.dataset import KeyRow
from scorer.registry import configs, family_of
from scorer.scoring.references import reference_prediction
from scorer.training.gym_env import PlanariumEnv, env_id, register_all
from scorer.training.rewards import reward, step_rewards

ROOT = Path(__file__).resolve().parents[2]
EXTERNAL = ROOT.parent / "shared" / "external"  # the papers' published data, as the conformance suite reads it
MODULE = "scorer.training.gym_env"
NONSENSE = "xyzzy plugh"
README_SECTION = "### gymnasium: episodes as environments"


def episode_configs() -> list[str]:
    return [name for name, spec in configs().items() if spec.task == "episode"]


def config_modes() -> list[tuple[str, str]]:
    return [(name, mode.name) for name in episode_configs() for mode in family_of(configs()[name].domain).modes]


def data_for(config: str, request: pytest.FixtureRequest) -> Path:
    """The folder that holds ``config``: the mini build, or the imported copy (skip if the
    paper's files are absent, or the importer needs none that the tests can read)."""
    spec = configs()[config]
    if not spec.imported:
        return Path(request.getfixturevalue("mini_data"))
    if spec.external is None or not (EXTERNAL / spec.external).is_dir():
        pytest.skip(f"{config} is imported from paper files ../shared/external does not hold")
    return Path(request.getfixturevalue("episode_data"))  # tests/conftest.py: imported once a session


def make(config: str, data: Path, **kwargs: Any) -> PlanariumEnv:
    env = gymnasium.make(f"{MODULE}:{env_id(config)}", data=str(data), **kwargs)
    assert isinstance(env.unwrapped, PlanariumEnv)
    return env.unwrapped


def play(env: PlanariumEnv, replies: list[str]) -> tuple[list[float], bool, bool]:
    """Step through ``replies`` until the episode ends: the rewards and the last flags."""
    rewards, terminated, truncated = [], False, False
    for reply in replies:
        _, value, terminated, truncated, _ = env.step(reply)
        rewards.append(value)
        if terminated or truncated:
            break
    return rewards, terminated, truncated


def reference_log(row: KeyRow, kind: str) -> dict[str, Any]:
    """The gold or wrong log ``planarium answers --kind`` writes for the row."""
    episode = reference_prediction(row, 1, kind).episode
    assert episode is not None
    return episode


def test_every_episode_config_is_registered() -> None:
    ids = register_all()
    assert ids == [env_id(name) for name in episode_configs()] and ids
    assert all(i in gymnasium.registry for i in ids)


@pytest.mark.parametrize(("config", "mode"), config_modes(), ids=[f"{c}:{m}" for c, m in config_modes()])
def test_check_env(config: str, mode: str, request: pytest.FixtureRequest) -> None:
    env = make(config, data_for(config, request), split="test", seed=0, settings={"mode": mode})
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # gymnasium's checker warns where it doubts; none may
        warnings.filterwarnings("ignore", message=".*parseString.*")  # pyparsing, inside unified-planning
        check_env(env)
    observation, _ = env.reset(seed=1)
    assert observation in env.observation_space and env.observation_space.contains(observation)


@pytest.mark.parametrize("config", episode_configs())
@pytest.mark.parametrize("shaped", [False, True], ids=["sparse", "shaped"])
def test_gold_episode_earns_one(config: str, shaped: bool, request: pytest.FixtureRequest) -> None:
    data = data_for(config, request)
    row = make(config, data, split="test").rows[0]
    gold = reference_log(row, "gold")
    env = make(config, data, split="test", index=0, shaped=shaped, settings=gold["settings"])
    env.reset()
    rewards, terminated, truncated = play(env, gold["replies"])
    assert terminated and not truncated
    assert sum(rewards) == pytest.approx(1.0)
    assert rewards == pytest.approx(step_rewards(row, gold, shaped))
    assert reward(row, env.episode_log(), shaped).value == pytest.approx(1.0)


@pytest.mark.parametrize("config", episode_configs())
def test_wrong_replies_earn_zero(config: str, request: pytest.FixtureRequest) -> None:
    data = data_for(config, request)
    env = make(config, data, split="test", index=0)
    env.reset()
    _, value, terminated, _, _ = env.step(NONSENSE)
    # ViPlan's loop ends an episode on an unparsable reply: its own episodes play by that rule
    assert value == 0.0 and (not terminated or env.episode_log()["settings"].get("parser") == "paper")
    wrong = reference_log(env.rows[0], "wrong")
    env = make(config, data, split="test", index=0, settings=wrong["settings"])
    env.reset()
    rewards, _, _ = play(env, wrong["replies"])
    assert rewards and all(value == 0.0 for value in rewards)
    assert reward(env.rows[0], env.episode_log()).value == 0.0


def test_seeded_reset_draws_rows_deterministically(mini_data: Path) -> None:
    config = built_episode_config()
    env = make(config, mini_data, split="test")
    drawn = [env.reset(seed=seed)[0]["text"] for seed in range(6)]
    again = [env.reset(seed=seed)[0]["text"] for seed in range(6)]
    assert drawn == again and len(set(drawn)) > 1  # several rows, always the same ones per seed
    env.reset(options={"index": 1})
    assert env.row == env.rows[1]
    with pytest.raises(ValueError, match="index"):
        make(config, mini_data, index=len(env.rows))


def test_a_closed_env_refuses_to_play(mini_data: Path) -> None:
    """Issue 43: the env played on after close()."""
    env = make(built_episode_config(), mini_data, index=0)
    env.reset()
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(NONSENSE)
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_step_refuses_what_the_server_refuses(mini_data: Path) -> None:
    env = make(built_episode_config(), mini_data, index=0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(NONSENSE)
    env.reset()
    with pytest.raises(ValueError, match="characters"):
        env.step("x" * (env.action_space.max_length + 1))


def built_episode_config() -> str:
    return next(name for name in episode_configs() if not configs()[name].imported)


def test_make_in_a_fresh_interpreter(mini_data: Path, tmp_path: Path) -> None:
    config = built_episode_config()
    script = f"""
import json, sys
import gymnasium
assert "scorer" not in sys.modules
env = gymnasium.make("{MODULE}:{env_id(config)}", data={str(mini_data)!r}, split="test", index=0)
observation, info = env.reset()
_, value, terminated, truncated, info = env.step("{NONSENSE}")
print(json.dumps({{"text": observation["text"][:40], "images": [i.shape for i in observation["images"]],
                  "reward": value}}))
"""
    done = _fresh_python(script, tmp_path)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["text"] and result["reward"] == 0.0
    assert all(len(shape) == 3 and shape[2] == 3 for shape in result["images"])


def _fresh_python(code: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``code`` run by a new interpreter in ``folder`` that imports nothing first; it must succeed."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done


def test_the_readme_snippet_runs(mini_data: Path, tmp_path: Path) -> None:
    """The README's gymnasium block, as written, in a fresh interpreter beside a ``parquet/`` folder."""
    section = (ROOT / "README.md").read_text().split(README_SECTION, 1)[1]
    snippet = section.split("```py\n", 1)[1].split("```", 1)[0]
    (tmp_path / "parquet").symlink_to(mini_data)
    _fresh_python(snippet, tmp_path)


def test_make_vec_plays_four_episodes(mini_data: Path) -> None:
    config = built_episode_config()
    envs = gymnasium.make_vec(
        f"{MODULE}:{env_id(config)}", num_envs=4, vectorization_mode="sync", data=str(mini_data), index=0
    )
    observations, _ = envs.reset(seed=0)
    assert len(observations["text"]) == 4 and len(set(observations["text"])) == 1
    row = envs.unwrapped.envs[0].unwrapped.row
    gold = reference_log(row, "gold")
    for reply in gold["replies"]:
        _, rewards, terminated, truncated, _ = envs.step([reply] * 4)
    assert rewards.shape == (4,) and np.all(rewards == 1.0) and np.all(terminated) and not np.any(truncated)
    seeded = gymnasium.make_vec(
        f"{MODULE}:{env_id(config)}", num_envs=4, vectorization_mode="sync", data=str(mini_data)
    )
    first, _ = seeded.reset(seed=3)
    again, _ = seeded.reset(seed=3)
    assert first["text"] == again["text"]
    envs.close()
    seeded.close()
