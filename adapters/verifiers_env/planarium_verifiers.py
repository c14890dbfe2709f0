"""Planarium as a verifiers taskset (verifiers 0.4: ``import verifiers.v1 as vf``).

    import planarium_verifiers
    env = planarium_verifiers.load_environment("blocksworld-episodes", split="test", data="parquet")
    episodes = planarium_verifiers.evaluate(env, base_url="http://localhost:8000/v1", model="my-model")

or, with verifiers' own runner, ``vf-eval planarium-verifiers --env.taskset.config
blocksworld-episodes --model my-model --client.base-url http://localhost:8000/v1 -n 20``.

One taskset (``PlanariumTaskset``) serves every config: its tasks are one config's rows,
read from a built dataset folder (``data``, as ``--data`` elsewhere; default ``parquet``).
A task's prompt is the row's chat messages exactly as ``planarium eval`` sends them (each
``<image>`` marker an OpenAI ``image_url`` part with a ``data:image/png;base64`` URL): a
question's, or an episode's first observation.

``PlanariumEnv`` plays a task with its one ``agent`` seat (the taskset's chat harness,
``PlanariumHarness``, in a local ``subprocess`` runtime, unless the run pins others): a
question is one reply; an episode is an exchange in which the episode engine
(``scorer.episodes.engine``, the one the rollout server and ``score`` replay run) plays the
user, each reply stepping it and the next observation's user message(s) coming back, until
the engine ends the episode (``terminated`` or ``truncated``).

The task's one reward, ``planarium_reward``, is ``scorer.training.rewards.reward`` on the
trace's last reply (a question) or on the episode's log, the trace's replies in order (an
episode): sparse by default (the benchmark's verdict, 1 or 0), ``shaped=True`` for the
formula ``scorer.training.rewards`` documents. So a rollout's reward equals ``score``'s
verdict on the same replies.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import verifiers.v1 as vf
from openai import AsyncOpenAI, DefaultAsyncHttpxClient
from verifiers.v1.dialects.chat import message_to_wire

from planarium_agents.eval.inputs import question_inputs
from planarium_agents.eval.questions import question_request
from planarium_agents.messages import chat_messages
from planarium_agents.tls import tls_context
from scorer.episodes.base import Observation
from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow, load_keys
from scorer.registry import configs
from scorer.training.rewards import EPISODE_TASK, reward

__all__ = ["EvaluationError", "PlanariumEnv", "PlanariumHarness", "PlanariumTaskset", "evaluate", "load_environment"]

TASKSET_ID = "planarium-verifiers"  # the installed module's name, as verifiers resolves a taskset id
DEFAULT_DATA = "parquet"
PROMPT_VARIANT = "prompt"  # the prompt column eval sends by default


class PlanariumTaskConfig(vf.TaskConfig):
    shaped: bool = False
    """Pay the shaped reward (``scorer.training.rewards``) instead of the verdict."""


class PlanariumConfig(vf.TasksetConfig):
    config: str = ""
    """The Planarium config whose rows are the tasks (``planarium configs`` lists them)."""
    split: str = "test"
    data: str = DEFAULT_DATA
    """The built dataset folder."""
    settings: dict[str, Any] = {}
    """An episode's mode and the mode's settings (the row's default mode if empty)."""
    task: PlanariumTaskConfig = PlanariumTaskConfig()


class PlanariumData(vf.TaskData):
    config: str
    split: str
    data: str
    settings: dict[str, Any] = {}


class PlanariumTask(vf.Task[PlanariumData, vf.State, PlanariumTaskConfig]):
    @property
    def row(self) -> KeyRow:
        """The row's answer key, read from the data folder (a task may come off the wire)."""
        return _keys(self.data.data, self.data.split, self.data.config)[str(self.data.id)]

    @vf.reward
    async def planarium_reward(self, trace: vf.Trace) -> float:
        replies = [message.content or "" for message in trace.assistant_messages]
        row = self.row
        if row.task == EPISODE_TASK:
            log = {"settings": make_episode(row, self.data.settings).settings, "replies": replies}
            return reward(row, log, self.config.shaped).value
        return reward(row, replies[-1] if replies else None, self.config.shaped).value


class PlanariumTaskset(vf.Taskset[PlanariumTask, PlanariumConfig]):
    def load(self) -> Iterable[PlanariumTask]:
        spec = configs().get(self.config.config)
        if spec is None:
            raise ValueError(f"no registered config {self.config.config!r}")
        if self.config.settings and spec.task != EPISODE_TASK:
            raise ValueError(f"config {spec.name!r} holds questions: episode settings do not apply")
        root = str(Path(self.config.data).resolve())
        rows = list(_keys(root, self.config.split, spec.name).values())
        if not rows:
            raise ValueError(f"{root} holds no {self.config.split} rows of config {spec.name!r}")
        if spec.task == EPISODE_TASK:
            prompt = functools.partial(_episode_prompt, settings=self.config.settings)
        else:
            inputs = question_inputs(Path(root), self.config.split, spec.name, PROMPT_VARIANT)
            prompt = functools.partial(_question_prompt, inputs)
        for row in rows:  # each prompt drawn as its task is read
            data = PlanariumData(
                id=row.id,
                prompt=prompt(row),
                config=spec.name,
                split=self.config.split,
                data=root,
                settings=self.config.settings,
            )
            yield PlanariumTask(data, self.config.task)


class PlanariumHarness(vf.Harness[vf.HarnessConfig]):
    """The taskset's chat harness: each segment is one chat completion on the conversation
    so far, requested in-process through the rollout's endpoint (so the trace records it);
    no tools, no program to launch."""

    APPENDS_SYSTEM_PROMPT = True
    SUPPORTS_RESUME = True  # a turn relaunches on the conversation so far
    EXECUTES_CODE = False
    NEEDS_CONTAINER = False

    async def launch(
        self,
        ctx: vf.ModelContext,
        trace: vf.Trace,
        runtime: vf.Runtime,
        endpoint: str,
        secret: str,
        mcp_urls: dict[str, str],
        data: vf.TaskData,
        tool_interception_url: str | None = None,
    ) -> vf.ProgramResult:
        system, prompt = self.resolve_prompt(data)
        messages: list[Any] = [{"role": "system", "content": system}] if system else []
        if isinstance(prompt, str):
            messages.append({"role": "user", "content": prompt})
        else:
            messages += [message_to_wire(message) for message in prompt or []]
        http = DefaultAsyncHttpxClient(verify=tls_context())  # closed with the client
        async with AsyncOpenAI(base_url=endpoint, api_key=secret, http_client=http) as client:
            await client.chat.completions.create(model=str(ctx.model), messages=messages)
        return vf.ProgramResult(exit_code=0, stdout="", stderr="")


class PlanariumEnvConfig(vf.EnvConfig):
    agent: vf.AgentConfig = vf.AgentConfig(runtime={"type": "subprocess"})
    """The policy's seat: the taskset's chat harness (``--env.agent.harness.id null`` for
    verifiers' own chat program), in a local runtime."""


class PlanariumEnv(vf.Env[PlanariumEnvConfig]):
    async def run(self, task: PlanariumTask, agents: vf.Agents) -> None:
        row = task.row
        if row.task != EPISODE_TASK:
            await agents.agent.run(task)
            return
        episode = make_episode(row, task.data.settings)
        episode.reset()  # the prompt already holds the first observation
        async with agents.agent.interaction(task) as interaction:
            segment = await interaction.turn()
            while not segment.terminated:
                result = step_on_reply(episode, interaction.trace.assistant_messages[-1].content or "")
                if episode.done:  # the engine ends the exchange
                    break
                segment = await interaction.turn(_observation_turn(result.observation))


def load_environment(
    config: str,
    split: str = "test",
    data: str | Path = DEFAULT_DATA,
    shaped: bool = False,
    settings: Mapping[str, Any] | None = None,
    **env: Any,
) -> PlanariumEnv:
    """The verifiers environment of one config (see the module doc); ``env`` are more
    ``EnvConfig`` fields (``agent``, ``timeout``, ``retries``...)."""
    taskset = {
        "id": TASKSET_ID,
        "config": config,
        "split": split,
        "data": str(data),
        "settings": dict(settings or {}),
        "task": {"shaped": shaped},
    }
    return PlanariumEnv(PlanariumEnvConfig(taskset=taskset, **env))


def evaluate(
    env: vf.Env,
    base_url: str,
    model: str,
    num_examples: int = -1,
    seed: int | None = 0,
    num_rollouts: int = 1,
    api_key_var: str = "OPENAI_API_KEY",
    max_concurrent: int | None = 32,
    **sampling: Any,
) -> list[vf.Episode]:
    """Play ``num_examples`` of the env's tasks (all for -1; shuffled by ``seed`` first
    unless None) against an OpenAI-compatible endpoint (its key in ``api_key_var``),
    ``sampling`` (``temperature``, ``max_tokens``...) applied to every request. Returns
    ``num_rollouts`` finished episodes per task (a trainer's group), in task order, each
    reward at ``episode.traces[0].reward``. Raises
    ``EvaluationError`` if any rollout failed (its reward would be no verdict, not a 0).
    Each call runs its own event loop, endpoint and clients, so one env evaluates any
    number of times in a process."""
    taskset = env.taskset if seed is None else env.taskset.shuffle(seed)
    tasks = list(taskset if num_examples < 0 else taskset.take(num_examples))
    client = vf.EvalClientConfig(base_url=base_url, api_key_var=api_key_var)
    ctx = vf.ModelContext(client=client, model=model, sampling=vf.SamplingConfig(**sampling))

    async def run() -> list[vf.Episode]:
        gate = asyncio.Semaphore(max_concurrent) if max_concurrent else None
        async with env.serving():
            slots = [slot for task in tasks for slot in env.slots(task, num_rollouts)]
            return list(await asyncio.gather(*(env.run_slot(slot, ctx, gate) for slot in slots)))

    episodes = asyncio.run(run())
    failed = [episode for episode in episodes if not episode.ok]
    if failed:
        errors = [error for episode in failed for trace in episode.traces for error in trace.errors]
        errors += [error for episode in failed for error in episode.errors]
        first = f": {errors[0].type}: {errors[0].message}" if errors else ""
        raise EvaluationError(f"{len(failed)} of {len(episodes)} rollouts failed{first}", episodes)
    return episodes


class EvaluationError(RuntimeError):
    """Some rollouts of an evaluation failed; ``episodes`` holds them all, failed or not."""

    def __init__(self, message: str, episodes: list[vf.Episode]) -> None:
        super().__init__(message)
        self.episodes = episodes


@functools.cache
def _keys(root: str, split: str, config: str) -> dict[str, KeyRow]:
    return {row.id: row for row in load_keys(Path(root), split, {config}).rows.values() if row.config == config}


def _question_prompt(inputs: Mapping[str, Any], row: KeyRow) -> list[dict[str, Any]]:
    return question_request(row, inputs[row.id].observation(), PROMPT_VARIANT, constrained=False).messages()


def _episode_prompt(row: KeyRow, settings: Mapping[str, Any]) -> list[dict[str, Any]]:
    return chat_messages(make_episode(row, settings).reset()[0].to_json())


def _observation_turn(observation: Observation) -> list[dict[str, Any]]:
    """The observation's user message(s): the system part was sent with the first prompt."""
    return [message for message in chat_messages(observation.to_json()) if message["role"] != "system"]
