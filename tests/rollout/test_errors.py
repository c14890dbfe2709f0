"""Bad requests get the right 4xx JSON, a failing episode a 500, and the server keeps serving.

Every case runs against one server, so the last test can check that the log holds
only whole lines after all of them.
"""

from __future__ import annotations

import dataclasses
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rollout_client import Client, add_planner_variant, gold_replies, log_lines

from scorer.episodes.base import StepResult
from scorer.episodes.viplan_planner import PlannerEpisode
from scorer.io.dataset import KeyRow, load_keys
from scorer.rollout import RolloutServer, serve, serve_rows
from scorer.rollout.catalog import load_rows

ROW = "blocksworld-episodes/test/0000"
MiB = 1 << 20


# The ends of the episodes this process's tests played to their end on the shared server. Under
# pytest-xdist a module's tests are not always run by one worker (seen: two of its parametrized
# cases and the last test on the other worker, with a server of its own), so the last test
# checks the log against what was ended on its own server rather than against a fixed list.
ENDED: dict[str, list[str]] = {}


@pytest.fixture(scope="module")
def shared(episode_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RolloutServer]:
    server = serve(episode_data, port=0, log=tmp_path_factory.mktemp("errors") / "episodes.jsonl")
    yield server
    server.shutdown()


def _still_serving(client: Client) -> None:
    assert client.call("GET", "/health")[0] == 200


BAD_REQUESTS: list[tuple[str, str, str, Any, int, str]] = [
    ("bad JSON", "POST", "/episodes", b'{"id": ', 400, "not valid JSON"),
    ("not an object", "POST", "/episodes", b'["x"]', 400, 'JSON object {"id": ROW_ID'),
    ("empty body", "POST", "/episodes", b"", 400, "the body is empty"),
    ("not UTF-8", "POST", "/episodes", b'{"id": "\xff"}', 400, "not UTF-8"),
    ("NaN", "POST", "/episodes", b'{"id": "%s", "settings": {"fail_prob": NaN}}' % ROW.encode(), 400, "NaN"),
    # Python's own words about its int limit ("sys.set_int_max_str_digits") were the message.
    (
        "7,000 digits",
        "POST",
        "/episodes",
        b'{"id": "%s", "settings": {"seed": %s}}' % (ROW.encode(), b"7" * 7000),
        400,
        "a number of 7,000 digits; numbers have at most 30",
    ),
    ("missing id", "POST", "/episodes", {"settings": {}}, 400, 'no "id" field'),
    ("id not a string", "POST", "/episodes", {"id": 3}, 400, '"id" must be a string, got a number'),
    ("unknown id", "POST", "/episodes", {"id": "nope/test/0000"}, 404, "no row 'nope/test/0000'"),
    ("unknown field", "POST", "/episodes", {"id": ROW, "setting": {}}, 400, "unknown field(s) 'setting'"),
    ("settings not an object", "POST", "/episodes", {"id": ROW, "settings": [1]}, 400, '"settings" must be an object'),
    # Falsy non-objects once passed for "no settings" and ran the defaults.
    ("settings an empty array", "POST", "/episodes", {"id": ROW, "settings": []}, 400, '"settings" must be an object'),
    ("settings zero", "POST", "/episodes", {"id": ROW, "settings": 0}, 400, '"settings" must be an object'),
    ("settings empty string", "POST", "/episodes", {"id": ROW, "settings": ""}, 400, '"settings" must be an object'),
    ("settings false", "POST", "/episodes", {"id": ROW, "settings": False}, 400, '"settings" must be an object'),
    (
        "negative max_steps",
        "POST",
        "/episodes",
        {"id": ROW, "settings": {"max_steps": -5}},
        400,
        "'max_steps' must be >= 0",
    ),
    ("model not a string", "POST", "/episodes", {"id": ROW, "model": 7}, 400, '"model" must be a string'),
    ("bad setting value", "POST", "/episodes", {"id": ROW, "settings": {"output": "poem"}}, 400, "'output'"),
    ("bad setting type", "POST", "/episodes", {"id": ROW, "settings": {"cot": "yes"}}, 400, "'cot' must be bool"),
    ("unknown setting", "POST", "/episodes", {"id": ROW, "settings": {"colour": 1}}, 400, "no setting(s) colour"),
    ("unknown mode", "POST", "/episodes", {"id": ROW, "settings": {"mode": "dance"}}, 400, "unknown mode 'dance'"),
    ("step without reply", "POST", "/episodes/x/step", {"text": "hi"}, 400, "unknown field(s) 'text'"),
    ("reply not a string", "POST", "/episodes/x/step", {"reply": ["a"]}, 400, '"reply" must be a string'),
    ("reply too long", "POST", "/episodes/x/step", {"reply": "x" * 200_001}, 413, "at most 200000"),
    ("oversize body", "POST", "/episodes", b" " * (MiB + 1), 413, "at most 1048576 are accepted"),
    ("unknown route", "GET", "/nope", None, 404, "no route /nope"),
    ("trailing slash", "POST", "/episodes/", {"id": ROW}, 404, "no route"),
    ("unknown episode step", "POST", "/episodes/nope/step", {"reply": "x"}, 404, "no episode 'nope'"),
    ("unknown episode get", "GET", "/episodes/nope", None, 404, "no episode 'nope'"),
    ("unknown episode delete", "DELETE", "/episodes/nope", None, 404, "no episode 'nope'"),
    ("wrong method", "GET", "/episodes", None, 405, "GET is not allowed on /episodes; use POST"),
    ("wrong method on step", "DELETE", "/episodes/x/step", None, 405, "use POST"),
    ("method no route takes", "PUT", "/health", b"{}", 405, "use GET"),
    ("unknown method", "BREW", "/health", None, 405, "Unsupported method"),
]


@pytest.mark.parametrize("name, method, path, body, status, message", BAD_REQUESTS, ids=[c[0] for c in BAD_REQUESTS])
def test_bad_request_gets_json_error(
    shared: RolloutServer, name: str, method: str, path: str, body: Any, status: int, message: str
) -> None:
    client = Client(shared.url)
    raw = body if isinstance(body, bytes) else None
    got_status, document = client.call(method, path, body=None if raw is not None else body, raw=raw)
    assert (got_status, list(document)) == (status, ["error"])
    assert message in document["error"]
    _still_serving(client)


def _raw_exchange(server: RolloutServer, request: bytes) -> tuple[int, dict[str, Any]]:
    """Send bytes no well-behaved client would, read until the server closes."""
    host, port = server.server_address[:2]
    with socket.create_connection((host, port), timeout=10) as connection:
        connection.sendall(request)
        response = b""
        while chunk := connection.recv(65536):
            response += chunk
    head, _, body = response.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET /health NOT-HTTP\r\n\r\n", 400),
        (b"POST /episodes HTTP/1.1\r\nContent-Length: 10000000000\r\nConnection: close\r\n\r\n", 413),
        (b"POST /episodes HTTP/1.1\r\nContent-Length: -5\r\n\r\n", 400),
        (b"POST /episodes HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411),
    ],
    ids=["bad request line", "huge Content-Length unread", "negative Content-Length", "chunked"],
)
def test_broken_http_gets_json_error(shared: RolloutServer, request_bytes: bytes, status: int) -> None:
    got_status, document = _raw_exchange(shared, request_bytes)
    assert got_status == status and list(document) == ["error"]
    _still_serving(Client(shared.url))


def test_step_after_the_end_is_a_conflict(shared: RolloutServer, episode_data: Path) -> None:
    row = load_keys(episode_data, "test").rows[ROW]
    client = Client(shared.url)
    episode_id = client.open(ROW)["episode_id"]
    for reply in gold_replies(row):
        client.step(episode_id, reply)
    status, document = client.call("POST", f"/episodes/{episode_id}/step", {"reply": "more"})
    assert status == 409 and "is over" in document["error"]
    assert client.call("GET", f"/episodes/{episode_id}")[1]["steps"] == len(gold_replies(row))
    ENDED.setdefault(shared.url, []).append("finished")


class ExplodingEpisode(PlannerEpisode):
    """A real planner episode that raises on one reply, half-way through its step as a buggy mode would."""

    def step(self, reply: str) -> StepResult:
        if reply == "explode":
            self.replies.append(reply)
            raise ZeroDivisionError("a bug in the mode")
        return super().step(reply)


@pytest.fixture
def exploding_mode(monkeypatch: pytest.MonkeyPatch) -> str:
    return add_planner_variant(monkeypatch, "exploding", ExplodingEpisode)


def test_a_failing_step_is_a_500_logged_as_error_and_removed(
    shared: RolloutServer, exploding_mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    client = Client(shared.url)
    episode_id = client.open(ROW, {"mode": exploding_mode})["episode_id"]
    client.step(episode_id, "not a plan")
    status, document = client.call("POST", f"/episodes/{episode_id}/step", {"reply": "explode"})
    assert status == 500 and "ZeroDivisionError: a bug in the mode" in document["error"]
    assert "ZeroDivisionError" in capsys.readouterr().err  # the traceback is kept for the operator
    assert client.call("GET", f"/episodes/{episode_id}")[0] == 404
    errors = [line for line in log_lines(shared.service.log.path) if line["episode"]["end"] == "error"]
    assert [line["episode"]["replies"] for line in errors] == [["not a plan", "explode"]]
    ENDED.setdefault(shared.url, []).append("error")
    _still_serving(client)


def test_a_question_row_is_not_an_episode(episode_data: Path, tmp_path: Path) -> None:
    rows = load_rows(episode_data)
    question: KeyRow = dataclasses.replace(rows[ROW], id="blocksworld-ground/test/0000", task="ground")
    server = serve_rows({**rows, question.id: question}, port=0, log=tmp_path / "episodes.jsonl")
    try:
        status, document = Client(server.url).call("POST", "/episodes", {"id": question.id})
        assert status == 400 and "'ground' question, not an episode" in document["error"]
    finally:
        server.shutdown()


def test_more_than_max_episodes_is_503_until_one_ends(episode_data: Path, tmp_path: Path) -> None:
    server = serve(episode_data, port=0, log=tmp_path / "episodes.jsonl", max_episodes=2)
    try:
        client = Client(server.url)
        first = client.open(ROW)["episode_id"]
        client.open(ROW)
        status, document = client.call("POST", "/episodes", {"id": ROW})
        assert status == 503 and "--max-episodes" in document["error"]
        client.call("DELETE", f"/episodes/{first}")
        client.open(ROW)
    finally:
        server.shutdown()


def test_log_has_only_whole_lines_after_all_that(shared: RolloutServer) -> None:
    ends = sorted(line["episode"]["end"] for line in log_lines(shared.service.log.path))
    assert ends == sorted(ENDED.get(shared.url, []))  # ["error", "finished"] when the module ran here whole
