"""Planarium's question configs as an inspect_ai task; scoring goes through Planarium's own
scorer (``scorer.scoring.harness``), never a re-implementation.

    inspect eval adapters/inspect_task/planarium_task.py -T config=blocksworld-ground --model openai/gpt-4o

``data`` (default ``parquet``) is read from the folder inspect was started in, as any path
on its command line: inspect runs a task from the task file's own folder, so a relative
path is resolved against the shell's ``$PWD``, not the working directory the task sees.

Each row becomes one sample: the prompt column (``variant``) as the chat messages of its
twin column, roles kept (the paper's system part in the system role, the user's message
with its images in place as data URLs), exactly as ``planarium eval`` sends them.
Needs ``pip install 'planarium[harness]'``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    Content,
    ContentImage,
    ContentText,
)
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate

from planarium_agents.eval.inputs import QuestionInput, VariantError, config_shards, question_inputs
from planarium_agents.eval.models import ChatRequest
from scorer.io.dataset import KEY_COLUMNS, check_selection
from scorer.io.errors import PlanariumError
from scorer.registry import task_kinds
from scorer.scoring.harness import judge_response


@task
def planarium(
    config: str, data: str = "parquet", split: str = "test", variant: str = "prompt", limit: int | None = None
) -> Task:
    folder = data_folder(data)
    try:
        check_selection(folder, split, {config})  # a missing folder, config or split: one line
        inputs = question_inputs(folder, split, config, variant)
    except (PlanariumError, VariantError) as error:
        raise one_line_error(f"planarium task: {error} (-T data={data} read as {folder})") from None
    records = key_records(folder, split, config)[:limit]
    samples = [make_sample(record, inputs[record["id"]]) for record in records]
    return Task(dataset=MemoryDataset(samples, name=config), solver=generate(), scorer=planarium_scorer())


def data_folder(data: str) -> Path:
    """``data`` as the user meant it. inspect changes into the task file's folder before it
    calls the task, so a relative path is joined to the folder the shell started inspect in
    (``$PWD``, which a chdir does not change); without a shell's ``$PWD``, to the current one."""
    path = Path(data).expanduser()
    if path.is_absolute():
        return path
    start = os.environ.get("PWD")
    return (Path(start) if start and Path(start).is_dir() else Path.cwd()) / path


def one_line_error(message: str) -> Exception:
    """An error inspect prints as its message alone: its command line prints a traceback of
    hundreds of lines for any other exception raised while a task is made."""
    try:
        from inspect_ai._util.error import PrerequisiteError  # private; absent in some inspect versions
    except ImportError:
        return ValueError(message)
    return PrerequisiteError(message)


def key_records(data: Path, split: str, config: str) -> list[dict[str, Any]]:
    """The rows' key columns, as a dataset record holds them (answer_key and meta as JSON text)."""
    records = []
    for shard in config_shards(data, split, config):
        records += pq.read_table(shard, columns=KEY_COLUMNS).to_pylist()
    return [record for record in records if record["task"] != "episode"]


def make_sample(record: dict[str, Any], question: QuestionInput, sample_id: str | None = None) -> Sample:
    request = ChatRequest(question.observation(), task_kinds()[record["task"]].system_prompts)
    return Sample(
        input=inspect_messages(request.messages()),
        target=record["answer_key"],
        id=sample_id or record["id"],
        metadata={"row": record},
    )


def inspect_messages(messages: list[dict[str, Any]]) -> list[ChatMessage]:
    """OpenAI-style chat messages (``planarium_agents.messages``) as inspect_ai's."""
    converted: list[ChatMessage] = []
    for message in messages:
        if message["role"] == "system":
            converted.append(ChatMessageSystem(content=message["content"]))
            continue
        if message["role"] == "assistant":
            converted.append(ChatMessageAssistant(content=message["content"]))
            continue
        parts: list[Content] = [
            ContentText(text=part["text"]) if part["type"] == "text" else ContentImage(image=part["image_url"]["url"])
            for part in message["content"]
        ]
        converted.append(ChatMessageUser(content=parts))
    return converted


@scorer(metrics=[mean(), stderr()])
def planarium_scorer() -> Scorer:
    async def score(state: TaskState, target: Target) -> Score:
        judgement = judge_response(state.metadata["row"], state.output.completion)
        return Score(
            value=judgement["score"],
            answer=state.output.completion,
            explanation=judgement["reason"],
            metadata={"judgement": judgement},
        )

    return score
