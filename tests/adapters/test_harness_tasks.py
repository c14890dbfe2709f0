"""The harness task files: lm-eval's and lmms-eval's YAMLs name real configs, columns and
hooks, their hooks work on records read by ``datasets``; the inspect_ai task runs with
inspect's offline mock model and reproduces the conformance vectors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from datasets import load_dataset

from adapters.conformance import load_vectors, question_vectors
from scorer.registry import configs
from tests.adapters.test_conformance import ADAPTERS, load_utils


class _TaskLoader(yaml.SafeLoader):
    """Reads lm-eval's ``!function utils.NAME`` tags as the hook's name."""


_TaskLoader.add_constructor("!function", lambda loader, node: ("function", loader.construct_scalar(node)))


def task_files(harness: str) -> dict[str, dict[str, Any]]:
    folder = ADAPTERS / harness / "planarium"
    base = yaml.load((folder / "_planarium.yaml").read_text(), Loader=_TaskLoader)
    tasks = {}
    for path in sorted(folder.glob("planarium_*.yaml")):
        task = yaml.load(path.read_text(), Loader=_TaskLoader)
        assert task.pop("include") == "_planarium.yaml"
        tasks[task["task"]] = {**base, **task}
    return tasks


@pytest.mark.parametrize("harness", ["lm_eval_tasks", "lmms_eval_tasks"])
def test_every_task_names_a_config_its_hooks_and_columns(harness: str, mini_data: Path) -> None:
    utils = load_utils(harness)
    tasks = task_files(harness)
    assert tasks
    for name, task in tasks.items():
        pattern = task["dataset_kwargs"]["data_files"]["test"]
        config = pattern.split("/")[2]
        assert pattern == f"parquet/data/{config}/test-*.parquet" and config in configs(), name
        hooks = [value[1] for value in task.values() if isinstance(value, tuple)]
        assert all(hasattr(utils, hook.removeprefix("utils.")) for hook in hooks), name
        if not configs()[config].imported:  # built configs: the column the task reads exists
            column = str(task["doc_to_text"]).strip("{} ") if isinstance(task["doc_to_text"], str) else "prompt"
            assert (
                column
                in load_dataset(
                    "parquet", data_files=str(mini_data / pattern.removeprefix("parquet/")), split="train"
                ).column_names
            ), name


def test_lmms_hooks_on_dataset_records(mini_data: Path) -> None:
    utils = load_utils("lmms_eval_tasks")
    files = str(mini_data / "data" / "blocksworld-ground" / "test-*.parquet")
    record = load_dataset("parquet", data_files=files, split="train")[0]
    visuals = utils.doc_to_visual(record)
    assert len(visuals) == 1 and visuals[0].mode == "RGB"
    text = utils.doc_to_text(record, {"pre_prompt": "", "post_prompt": "\nAnswer:"})
    assert "<image>" not in text and text.endswith("\nAnswer:") and "Question:" in text
    gold = "Yes" if '"answer": true' in record["answer_key"] else "No"
    assert utils.process_results(record, [gold]) == {"score": 1.0}
    system, user = utils.doc_to_messages(record)  # chat models: ViPlan's roles, the image in its place
    assert system["role"] == "system" and system["content"][0]["text"].startswith("You are tasked with replying")
    assert [part["type"] for part in user["content"]] == ["image", "text"]
    assert user["content"][1]["text"].startswith("Question: ")


inspect_ai = pytest.importorskip("inspect_ai", reason="the inspect_ai adapter needs pip install 'planarium[harness]'")


def _mock_model(replies: dict[str, list[str]] | None = None) -> Any:
    """inspect's offline mock model, replying to each prompt with the next reply queued for
    it (none queued: a fixed sentence). Usage is given, so the mock counts no tokens (its
    tokenizer would be downloaded)."""
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def reply(messages: list[Any], *rest: Any) -> ModelOutput:
        queued = (replies or {}).get(messages[-1].text)
        output = ModelOutput.from_content("mockllm/model", queued.pop(0) if queued else "I see some blocks.")
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    return get_model("mockllm/model", custom_outputs=reply)


def test_the_inspect_task_reproduces_every_vector(mini_data: Path, tmp_path: Path) -> None:
    from inspect_ai import Task, eval
    from inspect_ai.dataset import MemoryDataset
    from inspect_ai.solver import generate

    from adapters.inspect_task.planarium_task import make_sample, planarium_scorer
    from planarium_agents.eval.inputs import question_inputs

    vectors = question_vectors(load_vectors())
    inputs: dict[str, Any] = {}
    for config in {record["id"].split("/")[0] for record, _, _ in vectors}:
        inputs.update(question_inputs(mini_data, "test", config, "prompt"))
    samples = [
        make_sample(record, inputs[record["id"]], f"{record['id']}#{n}") for n, (record, _, _) in enumerate(vectors)
    ]
    replies: dict[str, list[str]] = {}
    for sample, (_, response, _) in zip(samples, vectors):
        replies.setdefault(sample.input[-1].text, []).append(response)  # type: ignore[index, union-attr]
    task = Task(dataset=MemoryDataset(samples), solver=generate(), scorer=planarium_scorer())
    [log] = eval(task, model=_mock_model(replies), display="none", log_dir=str(tmp_path))
    assert log.status == "success" and log.samples is not None
    # Samples of one row share a prompt, so which reply each got may vary: compare per row.
    got = Counter((s.id.split("#")[0], s.scores["planarium_scorer"].value) for s in log.samples)  # type: ignore
    want = Counter((record["id"], expected["score"]) for record, _, expected in vectors)
    assert got == want


def test_the_inspect_task_reads_a_build(mini_data: Path, tmp_path: Path) -> None:
    from inspect_ai import eval

    from adapters.inspect_task.planarium_task import planarium

    task = planarium(config="blocksworld-ground", data=str(mini_data), limit=3)
    [log] = eval(task, model=_mock_model(), display="none", log_dir=str(tmp_path))
    assert log.status == "success" and len(log.samples or []) == 3
    first = log.samples[0]  # type: ignore[index]
    assert first.input[0].role == "system" and first.scores["planarium_scorer"].value == 0.0  # type: ignore
    assert first.scores["planarium_scorer"].explanation == "unparsable"  # type: ignore
