"""What a question row asks, read from its shards: the chosen prompt column, its chat twin
(the messages with their roles; absent from datasets built before roles) and its images.

The scorer's ``load_keys`` has already verified every shard's checksum; this reads only
the columns a request needs. Images stay PNG bytes, base64-encoded for data URLs.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from planarium_agents.eval import VARIANTS
from planarium_agents.messages import MARKER
from scorer.io.dataset import messages_column, read_checksums


class VariantError(ValueError):
    """The chosen prompt column is not in a config; the message names those that are."""


@dataclass(frozen=True)
class QuestionInput:
    id: str
    text: str  # the prompt column's text, one <image> marker per image
    images: tuple[str, ...]  # base64 PNGs
    messages: tuple[dict[str, str], ...] = ()  # the same prompt with roles ({role, content})

    def observation(self) -> dict[str, object]:
        observed: dict[str, object] = {"text": self.text, "images": list(self.images)}
        return {**observed, "messages": list(self.messages)} if self.messages else observed


def config_shards(data: Path, split: str, config: str) -> list[Path]:
    prefix = f"data/{config}/{split}-"
    return [data / relative for relative in sorted(read_checksums(data)) if relative.startswith(prefix)]


def prompt_columns(data: Path, split: str, config: str) -> list[str]:
    shards = config_shards(data, split, config)
    names = pq.read_schema(shards[0]).names if shards else []
    return [name for name in VARIANTS if name in names]


def question_inputs(data: Path, split: str, config: str, variant: str) -> dict[str, QuestionInput]:
    """Every row of the config by id; a VariantError when it has no ``variant`` column."""
    available = prompt_columns(data, split, config)
    if variant not in available:
        raise VariantError(f"config {config!r} has no {variant!r} prompt column; it has: {', '.join(available)}")
    inputs: dict[str, QuestionInput] = {}
    for shard in config_shards(data, split, config):
        chat = messages_column(variant)
        # ParquetFile, not read_table: read_table goes through pyarrow.dataset, which imports
        # pandas (0.4 CPU s before eval's first request)
        parquet = pq.ParquetFile(shard)
        columns = ["id", variant, "images"] + ([chat] if chat in parquet.schema_arrow.names else [])
        for record in parquet.read(columns=columns).to_pylist():
            images = tuple(base64.b64encode(image["bytes"]).decode("ascii") for image in record["images"] or [])
            # A column that shows no image (the PDDL-only prompt holds the state as :init) sends none.
            shown = images if MARKER in record[variant] else ()
            messages = tuple(record.get(chat) or ())
            inputs[record["id"]] = QuestionInput(record["id"], record[variant], shown, messages)
    return inputs
