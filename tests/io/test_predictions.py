"""read_predictions / mark_unknown: bad lines become problems, only whole-file problems raise."""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.io.predictions import (
    MAX_MODEL_CHARS,
    PROBLEM_KINDS,
    InputProblem,
    Prediction,
    PredictionsFileError,
    mark_unknown,
    read_predictions,
)

EXPECTED_FILE_FORMAT = 'expected JSON Lines: one {"id": ..., "response": ...} object per line'


def _write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def _jsonl(*objects: object) -> str:
    return "".join(json.dumps(o) + "\n" for o in objects)


def _kinds(problems: list[InputProblem]) -> list[tuple[int, str]]:
    return [(p.line, p.kind) for p in problems]


def test_a_json_error_names_its_column_once(tmp_path: Path) -> None:
    """json says "Unterminated string starting at"; the message read "... at at column 9"."""
    text = '{"id": "q0", "response": "No"}\n{"id": "q1", "response": "Yes\n'
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    assert [p.message for p in pset.problems] and all(" at at " not in p.message for p in pset.problems)
    assert "Unterminated string starting at column" in pset.problems[0].message


def test_a_long_model_name_is_cut_where_it_is_read(tmp_path: Path) -> None:
    """Fault probe F9: a 200,000-character name kept the leaderboard drawing for minutes."""
    pset = read_predictions(
        _write(tmp_path / "p.jsonl", _jsonl({"id": "q1", "response": "Yes", "model": "m" * 200_000}))
    )
    assert pset.predictions["q1"].model == "m" * MAX_MODEL_CHARS + "…" and pset.problems == []


def test_reads_responses_episodes_and_models(tmp_path: Path) -> None:
    text = _jsonl(
        {"id": "q1", "response": "Yes", "model": "m-7b", "latency_ms": 12},
        {"id": "e1", "episode": {"steps": [1, 2]}},
        {"id": "q2", "response": "", "model": 3},
        {"id": "e2", "response": None, "episode": {}},
    )
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    assert pset.predictions == {
        "q1": Prediction("q1", 1, "Yes", None, "m-7b"),
        "e1": Prediction("e1", 2, None, {"steps": [1, 2]}, None),
        "q2": Prediction("q2", 3, "", None, None),  # a non-string model is dropped, the row kept
        "e2": Prediction("e2", 4, None, {}, None),  # null counts as absent
    }
    assert pset.problems == []
    assert pset.lines == 4


def test_sha256_is_of_the_exact_bytes(tmp_path: Path) -> None:
    data = b'\xef\xbb\xbf{"id": "a", "response": "no"}\r\n\r\n'
    pset = read_predictions(_write(tmp_path / "p.jsonl", data))
    assert pset.sha256 == hashlib.sha256(data).hexdigest()


def test_bom_crlf_and_blank_lines(tmp_path: Path) -> None:
    data = b'\xef\xbb\xbf{"id": "a", "response": "yes\\r"}\r\n\r\n   \r\n{"id": "b", "response": "no"}\r\n'
    pset = read_predictions(_write(tmp_path / "p.jsonl", data))
    assert pset.problems == []
    assert pset.predictions["a"].response == "yes\r"  # an escaped CR inside the JSON string survives
    assert pset.predictions["a"].line == 1
    assert pset.predictions["b"].line == 4  # blank lines are skipped but still counted
    assert pset.lines == 2


def test_invalid_utf8_keeps_the_row_and_reports_it(tmp_path: Path) -> None:
    data = b'{"id": "a", "response": "Yes\xff"}\n{"id": "b", "response": "caf\xc3\xa9"}\n'
    pset = read_predictions(_write(tmp_path / "p.jsonl", data))
    assert pset.predictions["a"].response == "Yes\ufffd"
    assert pset.predictions["b"].response == "café"
    [problem] = pset.problems
    assert (problem.line, problem.kind) == (1, "not_utf8")
    assert "line 1" in problem.message and "0xff" in problem.message


MALFORMED_LINES = {
    "not json": ("{not json", "not valid JSON"),
    "truncated": ('{"id": "x", "response": "Ye', "not valid JSON"),
    "array": ('[{"id": "x", "response": "Yes"}]', "array, not an object"),
    "string": ('"Yes"', "string, not an object"),
    "number": ("42", "number, not an object"),
    "no id": ('{"response": "Yes"}', 'no "id"'),
    "numeric id": ('{"id": 7, "response": "Yes"}', '"id" must be a string, got a number'),
    "empty id": ('{"id": "", "response": "Yes"}', '"id" is empty'),
    "neither": ('{"id": "x", "answer": "Yes"}', "neither"),
    "both": ('{"id": "x", "response": "Yes", "episode": {}}', "both"),
    "response not a string": ('{"id": "x", "response": ["Yes"]}', '"response" must be a string, got an array'),
    "episode not an object": ('{"id": "x", "episode": "log"}', '"episode" must be an object, got a string'),
    "nested too deeply": ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
}


@pytest.mark.parametrize(("line", "complaint"), MALFORMED_LINES.values(), ids=MALFORMED_LINES.keys())
def test_malformed_line_is_reported_and_the_rest_is_read(tmp_path: Path, line: str, complaint: str) -> None:
    text = _jsonl({"id": "good", "response": "No"}) + "\n" + line + "\n" + _jsonl({"id": "after", "response": "Yes"})
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    assert set(pset.predictions) == {"good", "after"}
    [problem] = pset.problems
    assert (problem.line, problem.kind) == (3, "malformed")
    assert problem.message.startswith("line 3: ")
    assert complaint in problem.message
    assert '"response"' in problem.message and '"episode"' in problem.message  # says what was expected
    assert "\n" not in problem.message


def test_duplicate_keeps_the_first_and_names_both_lines(tmp_path: Path) -> None:
    text = _jsonl({"id": "a", "response": "Yes"}, {"id": "b", "response": "No"}, {"id": "a", "response": "No"})
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    assert pset.predictions["a"] == Prediction("a", 1, "Yes", None, None)
    [problem] = pset.problems
    assert (problem.line, problem.kind) == (3, "duplicate")
    assert "line 1" in problem.message and "line 3" in problem.message


def test_mark_unknown_moves_ids_out_and_keeps_problems_in_file_order(tmp_path: Path) -> None:
    text = _jsonl({"id": "known", "response": "Yes"}, {"id": "stray", "response": "No"}) + "oops\n"
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    mark_unknown(pset, {"known", "other"})
    assert set(pset.predictions) == {"known"}
    assert _kinds(pset.problems) == [(2, "unknown_id"), (3, "malformed")]
    assert "line 2" in pset.problems[0].message and "'stray'" in pset.problems[0].message


def test_long_ids_are_shortened_in_messages(tmp_path: Path) -> None:
    long_id = "x" * 100_000
    pset = read_predictions(_write(tmp_path / "p.jsonl", _jsonl({"id": long_id, "response": "Yes"})))
    mark_unknown(pset, set())
    [problem] = pset.problems
    assert len(problem.message) < 200 and "100000 characters" in problem.message


WHOLE_FILE_ERRORS = {
    "csv": "id,response\nq1,Yes\nq2,No\n",
    "json array": json.dumps([{"id": "q1", "response": "Yes"}]),
    "pretty json array": json.dumps([{"id": "q1", "response": "Yes"}], indent=2),
    "json strings": '"Yes"\n"No"\n',
    "empty": "",
    "blank lines only": "\n \r\n\n",
    "utf-16": '{"id": "q1", "response": "Yes"}\n'.encode("utf-16"),
}


@pytest.mark.parametrize("content", WHOLE_FILE_ERRORS.values(), ids=WHOLE_FILE_ERRORS.keys())
def test_file_with_no_json_object_line_raises_one_line(tmp_path: Path, content: str | bytes) -> None:
    path = _write(tmp_path / "predictions.txt", content)
    with pytest.raises(PredictionsFileError) as raised:
        read_predictions(path)
    message = str(raised.value)
    assert EXPECTED_FILE_FORMAT in message and str(path) in message
    assert "\n" not in message


def test_missing_file_raises_one_line(tmp_path: Path) -> None:
    with pytest.raises(PredictionsFileError, match="no such file") as raised:
        read_predictions(tmp_path / "absent.jsonl")
    assert "\n" not in str(raised.value)


def test_directory_raises_instead_of_crashing(tmp_path: Path) -> None:
    with pytest.raises(PredictionsFileError, match="cannot read"):
        read_predictions(tmp_path)


def test_one_json_object_among_junk_is_enough_to_read_the_file(tmp_path: Path) -> None:
    text = "id,response\n" + _jsonl({"id": "q1", "answer": "Yes"})
    pset = read_predictions(_write(tmp_path / "p.jsonl", text))
    assert pset.predictions == {}
    assert _kinds(pset.problems) == [(1, "malformed"), (2, "malformed")]


def test_multi_megabyte_lines_read_in_linear_time(tmp_path: Path) -> None:
    response = "word " * 2_000_000  # 10 MB on one line
    text = _jsonl({"id": "big", "response": response}, {"id": "small", "response": "No"}) + "x" * 5_000_000 + "\n"
    path = _write(tmp_path / "p.jsonl", text)
    started = time.process_time()
    pset = read_predictions(path)
    seconds = time.process_time() - started
    assert pset.predictions["big"].response == response
    assert _kinds(pset.problems) == [(3, "malformed")]
    assert seconds < 2.0


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=40),
            st.builds(
                lambda i, r: json.dumps({"id": i, "response": r}).encode(), st.sampled_from("abc"), st.text(max_size=5)
            ),
            st.sampled_from([b"\xef\xbb\xbf", b"\r", b"{", b"}", b'"id"', b"\xff", b"[]", b"{}"]),
        )
    ).map(b"\n".join)
)
def test_arbitrary_bytes_never_raise_anything_but_a_file_error(data: bytes) -> None:
    # tempfile, not tmp_path: a function-scoped fixture would be shared by all examples.
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder) / "p.jsonl", data)
        try:
            pset = read_predictions(path)
        except PredictionsFileError as error:
            assert "\n" not in str(error)
            return
    assert all(problem.kind in PROBLEM_KINDS for problem in pset.problems)
    assert all(pset.predictions[i].id == i for i in pset.predictions)
    lines_used = [p.line for p in pset.predictions.values()]
    assert len(lines_used) == len(set(lines_used))
    assert pset.sha256 == hashlib.sha256(data).hexdigest()
