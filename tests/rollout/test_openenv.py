"""OpenEnv's protocol on the rollout server (scorer.rollout.openenv).

openenv-core's own client (``GenericEnvClient``) plays gold and wrong episodes to the
rewards ``score`` gives, several sessions at once; the ``websockets`` library checks the
wire format and its errors; plain HTTP plays one episode through ``/reset``, ``/step`` and
``/state``. openenv-core is not in the dev extra (through gradio it pins pillow below 13,
which would change the build's PNG bytes), so its tests run the client in an interpreter
that has it: this one if it does, else ``$PLANARIUM_OPENENV_PYTHON`` (``make test-openenv``
makes one), else they skip and say so.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import selectors
import socket as socket_module
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rollout_client import Client, StartServer, log_lines
from websockets.sync.client import connect

from scorer.io.dataset import KeyRow, load_keys
from scorer.rollout import RolloutServer
from scorer.scoring.run import score_file
from scorer.tasks.episode import reference
from scorer.training.rewards import step_rewards

CONFIG = "blocksworld-episodes"
ROWS = [f"{CONFIG}/test/{number:04d}" for number in range(4)]
HERE = Path(__file__).resolve().parent
README = HERE.parents[1] / "README.md"
HANG_S = 300  # a bound on a hang, not a speed target


def _openenv_python() -> str:
    if importlib.util.find_spec("openenv") is not None:
        return sys.executable
    python = os.environ.get("PLANARIUM_OPENENV_PYTHON")
    if not python:
        pytest.skip(
            "openenv-core is not installed here: it stays out of the dev extra (through gradio it pins "
            "pillow<13, which would change the build's PNG bytes); run `make test-openenv`, or set "
            "PLANARIUM_OPENENV_PYTHON to the python of a venv with openenv-core"
        )
    return python


@dataclass(frozen=True)
class Player:
    """openenv-core's client (openenv_play.py) in an interpreter that has it, one process for
    the tests that play through it, asked one request at a time."""

    process: subprocess.Popen[str]
    errors: Path  # its stderr: a file, since a pipe no one reads could fill and stall it

    def play(self, url: str, sessions: list[list[list[Any]]]) -> list[list[dict[str, Any]]]:
        """The sessions played at once."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"url": url, "sessions": sessions}) + "\n")
        self.process.stdin.flush()
        with selectors.DefaultSelector() as waiting:  # a bound on a hang
            waiting.register(self.process.stdout, selectors.EVENT_READ)
            assert waiting.select(timeout=HANG_S), f"openenv_play.py answered nothing in {HANG_S} s"
        line = self.process.stdout.readline()
        assert line, f"openenv_play.py ended: {self.errors.read_text()}"
        return json.loads(line)


@pytest.fixture(scope="module")
def player(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Player]:
    command = [_openenv_python(), str(HERE / "openenv_play.py")]
    errors = tmp_path_factory.mktemp("openenv-play") / "stderr.txt"
    with errors.open("w") as stderr:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True)
    yield Player(process, errors)
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=HANG_S)


def _rows(data: Path) -> dict[str, KeyRow]:
    return load_keys(data, "test").rows


def _episode(kind: str, row: KeyRow) -> dict[str, Any]:
    return reference(kind, row)["episode"]


def _steps(replies: list[str]) -> list[list[Any]]:
    return [["step", reply] for reply in replies]


def _rewards(played: list[dict[str, Any]]) -> list[float]:
    return [answer["reward"] for answer in played if "observation" in answer and answer["reward"] is not None]


@pytest.mark.xdist_group("openenv-client")
def test_the_openenv_client_plays_gold_to_reward_one_and_wrong_to_zero(
    start: StartServer, episode_data: Path, tmp_path: Path, player: Player
) -> None:
    server = start()
    rows = _rows(episode_data)
    gold, wrong = _episode("gold", rows[ROWS[0]]), _episode("wrong", rows[ROWS[1]])
    sessions = [
        [["reset", {"id": ROWS[0], "settings": gold["settings"], "model": "m"}], *_steps(gold["replies"]), ["state"]],
        [["reset", {"config": CONFIG, "index": 1, "model": "m"}], *_steps(wrong["replies"]), ["state"]],
    ]
    gold_played, wrong_played = player.play(server.url, sessions)

    first = gold_played[0]
    assert (first["reward"], first["done"], first["observation"]["images"]) == (None, False, 1)
    assert first["observation"]["text"].count("<image>") == 1 and first["observation"]["info"]["settings"]
    assert gold_played[-2]["done"] and gold_played[-2]["observation"]["terminated"]
    assert not any(answer["done"] for answer in gold_played[1:-2])
    assert wrong_played[-2]["done"] and wrong_played[-2]["observation"]["truncated"]
    gold_state, wrong_state = gold_played[-1], wrong_played[-1]
    assert gold_state["step_count"] == len(gold["replies"]) and gold_state["outcome"]["success"]
    assert (wrong_state["id"], wrong_state["done"]) == (ROWS[1], True)

    # The rewards are score's: the same judge replays the log the server wrote.
    lines = {line["id"]: line for line in log_lines(server.service.log.path)}
    assert {row_id: line["episode"]["end"] for row_id, line in lines.items()} == {
        ROWS[0]: "finished",
        ROWS[1]: "finished",
    }
    run = score_file(server.service.log.path, episode_data, tmp_path / "results.json")
    verdicts = {row.id: judgement.score for row, judgement in run.grading.rows}
    for row_id, played in ((ROWS[0], gold_played), (ROWS[1], wrong_played)):
        assert _rewards(played) == step_rewards(rows[row_id], lines[row_id]["episode"])
        assert sum(_rewards(played)) == verdicts[row_id]
    assert (verdicts[ROWS[0]], verdicts[ROWS[1]]) == (1.0, 0.0)


@pytest.mark.xdist_group("openenv-client")
def test_openenv_sessions_at_once_are_independent(
    start: StartServer, episode_data: Path, capsys: pytest.CaptureFixture[str], player: Player
) -> None:
    server = start()
    rows = _rows(episode_data)
    gold = {row_id: _episode("gold", rows[row_id]) for row_id in ROWS}
    wrong = _episode("wrong", rows[ROWS[2]])["replies"]
    sessions = [
        [["reset", {"id": ROWS[0]}], *_steps(gold[ROWS[0]]["replies"])],
        [["reset", {"id": ROWS[1]}], *_steps(gold[ROWS[1]]["replies"])],
        # A reset while an episode runs abandons it; a session that closes mid-episode abandons its own.
        [["reset", {"id": ROWS[2]}], ["step", wrong[0]], ["reset", {"id": ROWS[3]}], ["step", wrong[0]]],
        [["state"], ["step", "a reply before any reset"], ["reset", {"id": ROWS[0], "colour": 1}]],
    ]
    first, second, abandoning, refused = player.play(server.url, sessions)
    assert sum(_rewards(first)) == sum(_rewards(second)) == 1.0
    assert first[-1]["done"] and second[-1]["done"] and not abandoning[-1]["done"]
    assert refused[0] == {"episode_id": None, "step_count": 0}
    assert "no episode in this session; reset first" in refused[1]["error"]
    assert "unknown field(s) 'colour'" in refused[2]["error"] and "VALIDATION_ERROR" in refused[2]["error"]
    lines = _logged(server, 4)  # the last session's close is handled once its client has gone
    ends = sorted((line["id"], line["episode"]["end"], len(line["episode"]["replies"])) for line in lines)
    assert ends == [
        (ROWS[0], "finished", len(gold[ROWS[0]]["replies"])),
        (ROWS[1], "finished", len(gold[ROWS[1]]["replies"])),
        (ROWS[2], "abandoned", 1),
        (ROWS[3], "abandoned", 1),
    ]
    assert server.service.registry.count_active() == 0
    server.shutdown()
    assert capsys.readouterr().err == ""  # the client's closes, mid-episode or not, print nothing


def _logged(server: RolloutServer, count: int) -> list[dict[str, Any]]:
    """The server's log once it holds ``count`` lines (or after HANG_S): a session that ends by
    closing is logged when the server handles the close, after its client has returned."""
    deadline = time.monotonic() + HANG_S
    while len(lines := log_lines(server.service.log.path)) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return lines


def _ws_url(url: str) -> str:
    return url.replace("http://", "ws://") + "/ws"


def _exchange(socket: Any, message: dict[str, Any] | str) -> dict[str, Any]:
    socket.send(message if isinstance(message, str) else json.dumps(message))
    return json.loads(socket.recv(timeout=HANG_S))


def test_the_websocket_speaks_openenvs_messages_and_errors(start: StartServer) -> None:
    server = start(max_episodes=1)
    with connect(_ws_url(server.url), max_size=None) as socket:
        opened = _exchange(socket, {"type": "reset", "data": {"config": CONFIG, "index": 0}})
        assert opened["type"] == "observation" and set(opened["data"]) == {"observation", "reward", "done"}
        assert set(opened["data"]["observation"]) == {"text", "messages", "images", "terminated", "truncated", "info"}
        stepped = _exchange(socket, {"type": "step", "data": {"reply": "no plan", "metadata": {"k": 1}}})
        assert stepped["data"]["reward"] == 0.0 and stepped["data"]["observation"]["info"]["step"] == 1
        state = _exchange(socket, {"type": "state"})
        assert state["type"] == "state" and state["data"]["step_count"] == 1 and state["data"]["id"] == ROWS[0]
        errors = [
            _exchange(socket, "{not json"),
            _exchange(socket, {"type": "dance"}),
            _exchange(socket, {"type": "step", "data": {"text": "x"}}),
            _exchange(socket, {"type": "reset", "data": {"config": CONFIG, "index": 99}}),
        ]
        assert [(e["type"], e["data"]["code"]) for e in errors] == [
            ("error", "INVALID_JSON"),
            ("error", "UNKNOWN_TYPE"),
            ("error", "VALIDATION_ERROR"),
            ("error", "VALIDATION_ERROR"),
        ]
        assert "unknown field(s) 'text'" in errors[2]["data"]["message"]
        assert '"index" must be a row number from 0 to' in errors[3]["data"]["message"]
        with connect(_ws_url(server.url)) as other:  # --max-episodes 1: this session's episode takes the place
            full = _exchange(other, {"type": "reset", "data": {"id": ROWS[1]}})
            assert full["data"]["code"] == "CAPACITY_REACHED" and "--max-episodes" in full["data"]["message"]
        socket.send(json.dumps({"type": "close"}))
        assert list(socket) == []  # no answer: the server closes the session
    [line] = log_lines(server.service.log.path)
    assert (line["id"], line["episode"]["end"], line["episode"]["replies"]) == (ROWS[0], "abandoned", ["no plan"])


def test_a_closed_session_prints_nothing_and_a_dropped_one_one_line(
    start: StartServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server = start()
    with connect(_ws_url(server.url)) as closing:  # OpenEnv's client: its close message, then the socket closes
        _exchange(closing, {"type": "reset", "data": {"id": ROWS[0]}})
        closing.send(json.dumps({"type": "close"}))
    dropping = connect(_ws_url(server.url))
    _exchange(dropping, {"type": "reset", "data": {"id": ROWS[1]}})
    dropping.socket.shutdown(socket_module.SHUT_RDWR)  # gone without a close frame
    dropping.socket.close()
    _logged(server, 2)
    server.shutdown()  # every connection's handler has ended: whatever it prints is printed
    stderr = capsys.readouterr().err
    [line] = stderr.splitlines()
    assert re.fullmatch(
        r"planarium serve: OpenEnv session 127\.0\.0\.1:\d+ disconnected without a clean close \(code 100[56]\); "
        r"its running episode was logged as abandoned",
        line,
    ), stderr
    assert sorted(line["episode"]["end"] for line in log_lines(server.service.log.path)) == ["abandoned"] * 2


def test_shutdown_logs_a_running_websocket_episode_as_interrupted(start: StartServer) -> None:
    server = start()
    with connect(_ws_url(server.url)) as socket:
        _exchange(socket, {"type": "reset", "data": {"id": ROWS[0]}})
        _exchange(socket, {"type": "step", "data": {"reply": "no plan"}})
        server.shutdown("interrupted")
    [line] = log_lines(server.service.log.path)
    assert line["episode"]["end"] == "interrupted" and line["episode"]["replies"] == ["no plan"]


def test_one_client_plays_over_openenvs_http_routes(start: StartServer, episode_data: Path) -> None:
    server = start()
    client = Client(server.url)
    gold = _episode("gold", _rows(episode_data)[ROWS[2]])
    status, opened = client.call("POST", "/reset", {"config": CONFIG, "index": 2})
    assert status == 200 and opened["reward"] is None and len(opened["observation"]["images"]) == 1
    answers = [client.call("POST", "/step", {"action": {"reply": reply}}) for reply in gold["replies"]]
    assert [status for status, _ in answers] == [200] * len(answers)
    assert sum(answer["reward"] for _, answer in answers) == 1.0 and answers[-1][1]["done"]
    status, state = client.call("GET", "/state")
    assert status == 200 and (state["id"], state["step_count"], state["done"]) == (ROWS[2], len(answers), True)
    status, refused = client.call("POST", "/step", {"reply": "x"})  # the action goes inside "action"
    assert status == 400 and "unknown field(s) 'reply'" in refused["error"]
    assert client.call("POST", "/reset", raw=b"")[0] == 400  # a reset must name a row
    schema = client.call("GET", "/schema")[1]
    assert set(schema) == {"action", "observation", "state"} and schema["action"]["required"] == ["reply"]
    assert client.call("GET", "/metadata")[1]["name"] == "planarium"
    assert client.call("GET", "/reset")[0] == 405


def test_a_seed_picks_the_row_the_gymnasium_environment_draws(start: StartServer, episode_data: Path) -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is in the dev and train extras")
    server = start()
    client = Client(server.url)
    for seed in range(5):
        env = gymnasium.make(
            f"scorer.training.gym_env:planarium/{CONFIG}-v0", data=str(episode_data), split="test", seed=seed
        )
        env.reset()
        client.call("POST", "/reset", {"config": CONFIG, "seed": seed})
        assert client.call("GET", "/state")[1]["id"] == env.unwrapped.row.id
        env.close()


def readme_openenv_example() -> str:
    """The README's OpenEnv example: the ``py`` block of its OpenEnv section."""
    section = README.read_text().split("### Play with an OpenEnv client", 1)[1]
    match = re.search(r"^```py\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert match, "the README's OpenEnv section has no py block"
    return match[1]


def test_the_readme_openenv_example_runs_on_a_train_split(start: StartServer, train_data: Path, tmp_path: Path) -> None:
    python = _openenv_python()
    server = start(data=train_data)
    example = readme_openenv_example().replace("http://localhost:8765", server.url)
    run = subprocess.run([python, "-c", example], capture_output=True, text=True, timeout=HANG_S, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "reward 0.0, steps 20", run.stdout  # slidegeom's max_steps, never solved
    [line] = log_lines(server.service.log.path)
    assert line["episode"]["end"] == "finished" and "/train/" in line["id"]
