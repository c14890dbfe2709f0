"""acpbench-hard asks each question as ACPBench's lm-eval task files do: their YAML
(reference-code ``configs/tasks/acp_gen_chat``), rendered here with jinja2 as lm-eval renders
``doc_to_text`` and ``doc_to_target``, laid out with lm-eval's few-shot rules (its
``ContextSampler.get_chat_context`` with ``fewshot_as_multiturn``, and ``get_context`` with
the default delimiters " " and "\\n\\n"), is what the imported rows hold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jinja2
import pytest
import yaml
from click.testing import CliRunner

from scorer.families.classical.acpbench_import import acpbench_hard_import
from scorer.families.classical.acpbench_protocol import generation
from scorer.registry import configs
from tests.families.classical.test_acp_import import write_source
from tests.fidelity.reference import reference_path

TASKS = "acpbench/configs/tasks/acp_gen_chat"
TASK_FILES = {
    "app": "app",
    "prog": "prog",
    "reach": "reach",
    "areach": "act_reach",
    "val": "val",
    "just": "just",
    "land": "land",
    "nexta": "next_act",
}
# lm-eval's template environment (lm_eval.utils): strict about missing fields, trailing newlines kept
ENVIRONMENT = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def _task(kind: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((reference_path(TASKS) / f"{TASK_FILES[kind]}.yaml").read_text())
    return loaded


def _render(template: str, doc: dict[str, Any]) -> str:
    return ENVIRONMENT.from_string(template).render(**doc)


def _their_messages(kind: str, doc: dict[str, Any]) -> list[dict[str, str]]:
    task = _task(kind)
    shots = task["fewshot_config"]["samples"][:2]  # sampler first_n, num_fewshot 2
    turns = []
    for shot in shots:
        turns.append({"role": "user", "content": _render(task["doc_to_text"], shot)})
        turns.append({"role": "assistant", "content": _render("{{answer}}", shot)})
    return [*turns, {"role": "user", "content": _render(task["doc_to_text"], doc)}]


def _their_text(kind: str, doc: dict[str, Any]) -> str:
    task = _task(kind)
    examples = "".join(
        _render(task["doc_to_text"], shot) + " " + _render("{{answer}}", shot) + "\n\n"
        for shot in task["fewshot_config"]["samples"][:2]
    )
    return examples + _render(task["doc_to_text"], doc)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("acpbench-prompt")
    source = write_source(folder / "source")
    result = CliRunner().invoke(acpbench_hard_import, [str(source), "--out", str(folder / "out"), "--quiet"])
    assert result.exit_code == 0, result.output
    from datasets import load_dataset

    return list(load_dataset(str(folder / "out"), name="acpbench-hard", split="test"))


def _source_record(row: dict[str, Any], folder_records: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return folder_records[json.loads(row["meta"])["acp_task"]]


def test_every_row_asks_as_acpbenchs_task_file_renders_it(imported: list[dict[str, Any]], tmp_path: Path) -> None:
    records = {}
    for kind in TASK_FILES:
        [record] = json.loads((write_source(tmp_path / kind) / kind / "dev.gen.json").read_text())
        records[kind] = record
    assert {json.loads(row["meta"])["acp_task"] for row in imported} == set(TASK_FILES)
    for row in imported:
        kind = json.loads(row["meta"])["acp_task"]
        doc = _source_record(row, records)
        assert row["messages"] == _their_messages(kind, doc), kind
        assert row["prompt"] == _their_text(kind, doc), kind
        assert row["zeroshot"].startswith(doc["context"]) and row["fewshot"].endswith(row["zeroshot"])


def test_eval_sends_the_task_files_generation_settings() -> None:
    settings = yaml.safe_load((reference_path(TASKS) / "_gen_yaml_2shot").read_text())["generation_kwargs"]
    sampling = configs()["acpbench-hard"].sampling
    assert sampling.settings == {"temperature": settings["temperature"], "stop": settings["until"]}
    assert sampling.max_tokens == settings["max_gen_toks"] and not settings["do_sample"]
    assert generation() == {k: settings[k] for k in ("until", "max_gen_toks", "temperature")}
