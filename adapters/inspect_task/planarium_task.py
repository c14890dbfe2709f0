"""Planarium's question configs as an inspect_ai task; scoring goes through Planarium's own
scorer (``scorer.scoring.harness``), never a re-implementation.

    inspect eval adapters/inspect_task/planarium_task.py -T config=blocksworld-ground -T data=parquet \
        --model openai/gpt-4o

Each row becomes one sample: the prompt column (``variant``) as the chat messages of its
twin column, roles kept (the paper's system part in the system role, the user's message
with its images in place as data URLs), exactly as ``planarium eval`` sends them.
Needs ``pip install 'planarium[harness]'``.
"""

from __future__ import annotations

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

from planarium_agents.eval.inputs import QuestionInput, config_shards, question_inputs
from planarium_agents.eval.models import ChatRequest
from scorer.io.dataset import KEY_COLUMNS
from scorer.registry import task_kinds
from scorer.scoring.harness import judge_response


@task
def planarium(
    config: str, data: str = "parquet", split: str = "test", variant: str = "prompt", limit: int | None = None
) -> Task:
    folder = Path(data)
    inputs = question_inputs(folder, split, config, variant)
    records = key_records(folder, split, config)[:limit]
    samples = [make_sample(record, inputs[record["id"]]) for record in records]
    return Task(dataset=MemoryDataset(samples, name=config), solver=generate(), scorer=planarium_scorer())


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
