"""The README's snippets run: every bash and Python block, in order, from a fresh folder.

A new user copies them from a folder of their own, so they run here from an empty
temporary folder against the session's mini build, as they are written, with only
these stand-ins (each for a reason that lies outside the README):

- ``make test`` is skipped: it is the suite this test belongs to;
- ``make demo`` runs the Makefile's demo recipe with ``.venv/bin`` tools (once: the
  Quickstart repeats it);
- ``planarium build --size mini`` copies the session's mini build (the same arguments
  give byte-identical shards: tests/data_build checks it), to keep the test short;
- ``my_model(...)`` answers each row with its answer key (so the scores are known);
- ``vllm serve`` (a GPU) is replaced by a scripted OpenAI-compatible endpoint on loopback,
  and the base URL of the commands that call it points there; ``planarium run --agent vllm``
  needs vLLM and a GPU and is skipped (the agent is tested without weights in tests/agents);
- ``planarium serve ... &`` runs on a free port (``localhost:8765`` is rewritten to it),
  ``<episode_id>`` is the id the server last answered, ``kill %1`` stops that server.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.scripted_endpoint import ScriptedEndpoint, canned

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
BLOCK = re.compile(r"^```(bash|python)\n(.*?)^```", re.MULTILINE | re.DOTALL)
COMMENT = re.compile(r"\s+#\s.*$")
STUB_MODEL = """
import json as _json
from pathlib import Path as _Path
from scorer.io.dataset import load_keys as _load_keys
from scorer.scoring.references import reference_lines as _reference_lines

_GOLD = {}  # config -> row id -> its gold reply, read for the configs the block asks


def _answer_from_row(row, prompt, images):
    config = row["id"].split("/")[0]
    if config not in _GOLD:
        lines = _reference_lines(_load_keys(_Path("parquet"), configs={config}), "gold")
        _GOLD[config] = {_json.loads(line)["id"]: _json.loads(line).get("response") for line in lines}
    return _GOLD[config][row["id"]]
"""


def readme_blocks() -> list[tuple[str, str]]:
    return [(match[1], match[2]) for match in BLOCK.finditer((ROOT / "README.md").read_text())]


def shell_commands(block: str) -> list[str]:
    """One string per command: continuation lines joined, comments dropped."""
    joined = block.replace("\\\n", " ")
    return [command for line in joined.splitlines() if (command := COMMENT.sub("", line).strip())]


@dataclass
class Session:
    """The user's shell: a folder, the tools on PATH, and what earlier commands started."""

    cwd: Path
    mini_data: Path
    env: dict[str, str]
    endpoint: ScriptedEndpoint | None = None
    server: subprocess.Popen | None = None
    server_address: str = ""
    episode_id: str = ""
    ran: list[str] = field(default_factory=list)
    outputs: dict[str, str] = field(default_factory=dict)  # command -> its standard output

    def shell(self, command: str) -> str:
        result = subprocess.run(
            ["bash", "-c", command], cwd=self.cwd, env=self.env, capture_output=True, text=True, timeout=600
        )
        assert result.returncode == 0, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        self.ran.append(command)
        self.outputs[command] = result.stdout
        found = re.search(r'"episode_id":\s*"([0-9a-f]+)"', result.stdout)
        self.episode_id = found[1] if found else self.episode_id
        return result.stdout

    def copy_mini_build(self, out: str = "parquet") -> None:
        shutil.copytree(self.mini_data, self.cwd / out, dirs_exist_ok=True)
        self.ran.append(f"(mini build copied to {out}/)")

    def start_server(self, command: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.server = subprocess.Popen(
            ["bash", "-c", f"exec {command.rstrip('&').strip()} --port {port}"],
            cwd=self.cwd,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.server_address = f"127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while subprocess.run(["curl", "-sf", f"{self.server_address}/health"], capture_output=True).returncode:
            assert self.server.poll() is None and time.monotonic() < deadline, self.server.stderr.read().decode()
            time.sleep(0.2)

    def stop_server(self) -> None:
        assert self.server is not None, "kill %1 with no server started"
        self.server.terminate()
        assert self.server.wait(timeout=60) == 0


def run_shell(session: Session, command: str) -> None:
    if command == "make test":
        return None
    if command == "make demo":
        # The Quickstart repeats the first block's `make demo`; a second run changes nothing.
        return None if "make demo" in session.ran else make_demo(session)
    if command.startswith("planarium build") and "--size mini" in command:
        out = re.search(r"--out\s+(\S+)", command)
        session.copy_mini_build(out[1] if out else "parquet")
        return None
    if command.startswith("vllm serve"):
        session.endpoint = ScriptedEndpoint(canned('{"plan": []}'))
        return None
    if command.startswith("planarium run") and "--agent vllm" in command:
        return None
    if command.startswith("planarium serve") and command.endswith("&"):
        session.start_server(command)
        return None
    if command == "kill %1":
        session.stop_server()
        return None
    if session.endpoint is not None:
        command = re.sub(r"--base-url\s+\S+", f"--base-url {session.endpoint.url}", command)
    command = command.replace("localhost:8765", session.server_address).replace("<episode_id>", session.episode_id)
    session.shell(command)
    return None


def make_demo(session: Session) -> None:
    recipe = (ROOT / "Makefile").read_text().split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    for line in recipe.splitlines()[1:]:
        command = line.strip().replace("$(BIN)/", "").replace("$(DEMO)", "demo-out")
        if command.startswith("planarium build"):
            session.copy_mini_build()
        else:
            session.shell(command)
    session.ran.append("make demo")


def run_python(session: Session, block: str) -> None:
    code = STUB_MODEL + block.replace("my_model(", "_answer_from_row(row, ")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=session.cwd, env=session.env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{block}\n{result.stderr[-3000:]}"
    session.ran.append(block)


@pytest.fixture
def session(mini_data: Path, tmp_path: Path) -> Iterator[Session]:
    cwd = tmp_path / "fresh"
    cwd.mkdir()
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "HF_DATASETS_CACHE": str(tmp_path / "hf"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "PYTHONPATH": str(ROOT),
    }
    started = Session(cwd, mini_data, env)
    yield started
    if started.server is not None and started.server.poll() is None:
        started.server.kill()
    if started.endpoint is not None:
        started.endpoint.close()


@pytest.mark.long
def test_every_readme_block_runs_in_order_from_a_fresh_folder(session: Session) -> None:
    blocks = readme_blocks()
    assert sum(language == "python" for language, _ in blocks) >= 1 and len(blocks) >= 5
    for language, block in blocks:
        if language == "python":
            run_python(session, block)
            continue
        for command in shell_commands(block):
            run_shell(session, command)

    # The Quickstart's loop answered every blocksworld-ground row from its key: 100%, and only that config.
    table = session.outputs["score predictions.jsonl"]
    assert re.search(r"^\|blocksworld-ground\s*\|all\s*\|accuracy\s*\|1\.0000\|", table, re.MULTILINE), table
    assert "not attempted" in table
    assert session.endpoint is not None and session.endpoint.requests > 0  # the model block reached the endpoint
    assert (session.cwd / "qwen.jsonl").read_text().count('"episode"') >= 1
    assert json.loads((session.cwd / "episodes.jsonl").read_text().splitlines()[0])["id"].endswith("/0000")
