"""Property-based: whatever a predictions line holds, scoring gives one verdict or one counted error.

Any line (random JSON, random bytes, huge numbers, deep nesting, long strings) read by
``read_predictions`` becomes exactly one prediction or exactly one malformed-line
problem, never an exception; a prediction for a real row always gets a verdict. Any
mutation of a gold ACP answer gets its verdict within a CPU-time bound. ``make fuzz``
runs these with many more examples (HYPOTHESIS_PROFILE=fuzz).
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.io.dataset import KeyedDataset, KeyRow, load_keys
from scorer.io.predictions import Prediction, mark_unknown, read_predictions
from scorer.registry import task_kinds
from scorer.scoring.grading import judge_row

ANCHOR = b'{"id": "not-a-row", "response": "x"}'  # a valid object line, so the file is never refused whole
VERDICT_CPU_SECONDS = 5.0

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=25,
)


@pytest.fixture(scope="module")
def dev_rows(mini_data: Path) -> KeyedDataset:
    return load_keys(mini_data, "dev")


def _one_row_per_task(dataset: KeyedDataset) -> list[KeyRow]:
    return list({row.task: row for row in dataset.rows.values()}.values())


def _line(draw: st.DrawFn, row_ids: list[str]) -> bytes:
    row_id = json.dumps(draw(st.sampled_from(row_ids)))
    depth = draw(st.integers(1, 20_000))
    shapes = [
        st.binary(max_size=300),
        json_values.map(lambda value: json.dumps(value).encode()),
        json_values.map(lambda value: b'{"id": %s, "response": %s}' % (row_id.encode(), json.dumps(value).encode())),
        json_values.map(lambda value: b'{"id": %s, "episode": %s}' % (row_id.encode(), json.dumps(value).encode())),
        st.integers(4000, 6000).map(lambda n: b'{"id": %s, "response": 1%s}' % (row_id.encode(), b"0" * n)),
        st.just(b'{"id": %s, "episode": %s%s}' % (row_id.encode(), b"[" * depth, b"]" * depth)),
        st.integers(0, 300_000).map(lambda n: b'{"id": %s, "response": "%s"}' % (row_id.encode(), b"a" * n)),
        st.text(max_size=200).map(
            lambda text: b'{"id": %s, "response": %s}' % (row_id.encode(), json.dumps(text).encode())
        ),
    ]
    return draw(st.one_of(shapes)).replace(b"\n", b" ").replace(b"\r", b" ")


@st.composite
def predictions_lines(draw: st.DrawFn, row_ids: list[str]) -> bytes:
    return _line(draw, row_ids)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_line_is_one_prediction_or_one_counted_error(dev_rows: KeyedDataset, data: st.DataObject) -> None:
    rows = _one_row_per_task(dev_rows)
    line = data.draw(predictions_lines([row.id for row in rows]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.jsonl"
        path.write_bytes(line + b"\n" + ANCHOR + b"\n")
        prediction_set = read_predictions(path)  # never PredictionsFileError: the anchor line is an object
    mark_unknown(prediction_set, dev_rows.rows)
    predicted = [p for p in prediction_set.predictions.values() if p.line == 1]
    malformed = [p for p in prediction_set.problems if p.line == 1 and p.kind == "malformed"]
    if not line.removeprefix(b"\xef\xbb\xbf").strip():  # a blank line (a BOM opening the file is not content)
        assert predicted == [] and malformed == []
        return
    assert len(predicted) + len(malformed) == 1, (predicted, malformed)
    for prediction in predicted:
        verdict = judge_row(dev_rows.rows[prediction.id], prediction)
        assert 0.0 <= verdict.score <= 1.0


def _acp_rows(dataset: KeyedDataset) -> list[KeyRow]:
    return [row for row in dataset.rows.values() if row.task == "acp"]


mutations = st.lists(
    st.tuples(st.sampled_from(["insert", "delete", "replace", "duplicate"]), st.floats(0, 1), st.text(max_size=12)),
    min_size=1,
    max_size=6,
)


def _mutate(text: str, edits: list[tuple[str, float, str]]) -> str:
    for kind, where, piece in edits:
        at = int(where * len(text))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + max(1, len(piece)) :]
        elif kind == "replace":
            text = text[:at] + piece + text[at + len(piece) :]
        else:
            text = text[:at] + text[at:] * 2
    return text


@settings(max_examples=max(10, settings.default.max_examples // 4), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_mutation_of_a_gold_acp_answer_gets_a_verdict_in_bounded_time(
    dev_rows: KeyedDataset, data: st.DataObject
) -> None:
    row = data.draw(st.sampled_from(_acp_rows(dev_rows)))
    gold = task_kinds()[row.task].reference("gold", row)["response"]
    mutated = _mutate(gold, data.draw(mutations))
    started = time.process_time()  # CPU time: other processes on a loaded machine do not count
    verdict = judge_row(row, Prediction(row.id, 1, mutated, None, None))
    assert time.process_time() - started < VERDICT_CPU_SECONDS
    assert 0.0 <= verdict.score <= 1.0
