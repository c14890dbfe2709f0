"""Streaming ``score``: the same bytes as holding everything at once, for every config and
every kind of bad line; the pieces it is made of (the predictions index, the row spool,
the run-id stamp)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from scorer.io.dataset import key_shards, load_keys
from scorer.io.predictions import index_predictions, mark_unknown, read_predictions
from scorer.scoring.grading import grade
from scorer.scoring.pair import stamped
from scorer.scoring.provenance import provenance
from scorer.scoring.references import reference_lines
from scorer.scoring.run import score_file, why_not_scored, write_scored
from scorer.scoring.spool import RowSpool


def _messy_predictions(data: Path, path: Path) -> Path:
    """Gold and wrong answers for most rows (one config left untouched), with think blocks,
    repeated ids, dev-split and unknown ids, malformed and non-UTF-8 lines, a BOM and CRLF."""
    keys = load_keys(data)
    gold, wrong = reference_lines(keys, "gold"), reference_lines(keys, "wrong")
    skipped = sorted({row.config for row in keys.rows.values()})[0]
    chooser = random.Random(5)
    lines: list[bytes] = []
    for right, bad in zip(gold, wrong, strict=True):
        record = json.loads(chooser.choice([right, bad]))
        if record["id"].startswith(f"{skipped}/") or chooser.random() < 0.1:
            continue  # untouched config, or a missing row
        if "response" in record and chooser.random() < 0.2:
            record["response"] = '<think>"score": 1.0, maybe no</think>' + record["response"]
        lines.append(json.dumps(record).encode())
        if chooser.random() < 0.05:
            lines.append(bad.encode())  # the same id again
    lines += [
        b'{"id": "nowhere/test/1", "response": "Yes"}',
        json.dumps({"id": next(iter(keys.rows)).replace("/test/", "/dev/"), "response": "No"}).encode(),
        b"{not json",
        b"[1, 2]",
        b"",
        b'{"id": "x/test/\xff", "response": "Y\xffes"}',
    ]
    chooser.shuffle(lines)
    path.write_bytes(b"\xef\xbb\xbf" + b"\r\n".join(lines) + b"\r\n")
    return path


def _held_at_once(predictions: Path, data: Path, out: Path, duplicates: str) -> None:
    """What ``score`` did before it streamed: every prediction and key row in memory."""
    prediction_set = read_predictions(predictions, duplicates)
    dataset = load_keys(data)
    mark_unknown(prediction_set, dataset.rows, why_not_scored(key_shards(data), None))
    touched = {dataset.rows[i].config for i in prediction_set.predictions}
    attempted = dataset.configs() if not touched else sorted(touched)
    rows = {i: row for i, row in dataset.rows.items() if row.config in attempted}
    grading = grade(type(dataset)(dataset.root, rows, dataset.checksums), prediction_set.predictions)
    settings = {"split": "test", "configs": None, "gold": False, "all_configs": False, "duplicates": duplicates}
    run = provenance((p.model for p in prediction_set.predictions.values()), settings)
    not_attempted = [name for name in dataset.configs() if name not in attempted]
    write_scored(grading, dataset, prediction_set.predictions, prediction_set.problems, prediction_set.sha256, out,
                 "test", run, not_attempted)  # fmt: skip


@pytest.mark.parametrize("duplicates", ["first", "last"])
def test_streamed_files_equal_those_of_holding_everything(mini_data: Path, tmp_path: Path, duplicates: str) -> None:
    predictions = _messy_predictions(mini_data, tmp_path / "p.jsonl")
    _held_at_once(predictions, mini_data, tmp_path / "held" / "results.json", duplicates)
    run = score_file(predictions, mini_data, tmp_path / "streamed" / "results.json", duplicates=duplicates,
                     keep_rows=False)  # fmt: skip
    kinds = {problem.kind for problem in run.problems}
    assert {"duplicate", "unknown_id", "malformed", "not_utf8"} <= kinds
    assert run.not_attempted and run.grading.rows == []
    for name in ("results.json", "results.rows.jsonl"):
        held, streamed = (tmp_path / side / name for side in ("held", "streamed"))
        assert streamed.read_bytes() == held.read_bytes(), name


def test_kept_rows_change_nothing_written(mini_data: Path, tmp_path: Path) -> None:
    predictions = _messy_predictions(mini_data, tmp_path / "p.jsonl")
    kept = score_file(predictions, mini_data, tmp_path / "kept" / "results.json")
    lean = score_file(predictions, mini_data, tmp_path / "lean" / "results.json", keep_rows=False)
    assert kept.results_path.read_bytes() == lean.results_path.read_bytes()
    assert kept.rows_path.read_bytes() == lean.rows_path.read_bytes()
    assert len(kept.grading.rows) == len(kept.rows_path.read_text().splitlines())
    assert kept.grading.configs.keys() == lean.grading.configs.keys()


def test_gold_flag_hashes_the_answers_file_it_stands_for(mini_data: Path, tmp_path: Path) -> None:
    lines = reference_lines(load_keys(mini_data), "gold")
    run = score_file(None, mini_data, tmp_path / "results.json", gold=True, keep_rows=False)
    expected = hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()
    assert json.loads(run.results_path.read_text())["predictions_sha256"] == expected


def test_the_index_holds_places_and_reads_each_line_back(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_bytes(
        b'\xef\xbb\xbf{"id": "a", "response": "Yes", "model": "m"}\r\n\n'
        b'{"id": "b", "response": "No"}\n{"id": "a", "response": "No"}'
    )
    with index_predictions(path, "last") as index:
        assert index.lines == 3 and [p.kind for p in index.problems] == ["duplicate"]
        taken = index.take("a")
        assert taken is not None and (taken.response, taken.line, taken.model) == ("No", 4, None)
        assert index.take("a") is None  # taken once
        index.mark_untaken(lambda i: ("unknown_id", "is not in the dataset"))
    assert [p.kind for p in index.problems] == ["unknown_id", "duplicate"]  # in file order
    assert "line 3: id 'b' is not in the dataset" in index.problems[0].message
    assert index.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_spool_gives_back_the_lines_of_the_chosen_configs_in_order(tmp_path: Path) -> None:
    with RowSpool(tmp_path / "results.rows.jsonl") as spool:
        for config, line in [("a", "1"), ("a", "2"), ("b", "3"), ("c", "ü"), ("c", "5")]:
            spool.add(config, line)
        chosen = spool.lines({"a", "c"})
        assert list(chosen) == ["1", "2", "ü", "5"]
        assert list(chosen) == ["1", "2", "ü", "5"]  # read again: the pair writer reads twice
    assert not list(tmp_path.iterdir())  # nothing left behind


@pytest.mark.parametrize(
    "entry",
    [
        {"id": "c/test/1", "config": "c", "score": 1.0, "target": '{"answer": true}', "response": "Yes"},
        {"id": "c/test/2", "score": 0.0, "response": 'say "score": 1.0 \\" }', "parsed": None, "target": "x"},
        {"id": "é", "paper": {"score": 1.0, "parsed": "yes"}, "score": 0.0, "readings_differ": True, "target": "t"},
        {"score": 0.5},
    ],
)
def test_the_fast_stamp_equals_decoding_and_encoding_again(entry: dict) -> None:
    line = json.dumps(entry, sort_keys=True)
    assert stamped(line, "0123456789abcdef") == json.dumps({**entry, "run_id": "0123456789abcdef"}, sort_keys=True)
