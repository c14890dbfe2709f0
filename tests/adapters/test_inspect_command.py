"""The README's inspect_ai commands run as written, from a folder laid out like the repository
root, against an OpenAI-compatible endpoint on loopback.

inspect changes into the task file's folder before it makes the task, so the default
``data="parquet"`` once failed with a traceback of hundreds of lines; and its ``openai/``
provider sends a model name it does not know to the Responses API, which a vLLM-style server
lacks. inspect_ai stays out of the dev extra (it moves fsspec past what ``datasets`` accepts):
the inspect command is found at ``$PLANARIUM_INSPECT``, in ``.venv-inspect`` (``make
test-inspect`` makes it), or on PATH; without one, these tests skip and say so.

Stand-ins, each for a reason outside the README: the base URL points at the scripted endpoint,
``--limit 24`` keeps a run under a minute, and ``--model openai/gpt-4o`` is sent there too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.scripted_endpoint import Answer, ScriptedEndpoint

ROOT = Path(__file__).resolve().parents[2]
CONFIG = "blocksworld-ground"
LIMIT = 24
HANG_S = 300  # a bound on a hang, not a speed target
COMMAND = re.compile(r"`((?:\w+=\S+ )*inspect eval [^`]+)`")


def _inspect() -> str:
    """The inspect command, or a skip that says how to get one."""
    for candidate in (os.environ.get("PLANARIUM_INSPECT"), str(ROOT / ".venv-inspect" / "bin" / "inspect")):
        if candidate and Path(candidate).is_file():
            return candidate
    found = shutil.which("inspect")
    if found is None:
        pytest.skip(
            "inspect_ai is not installed: it stays out of the dev extra (it moves fsspec past what "
            "datasets accepts); run `make test-inspect`, or set PLANARIUM_INSPECT to an inspect command"
        )
    return found


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return [" ".join(match.split()) for match in COMMAND.findall(text)]


def _user_parts(messages: list[dict[str, Any]]) -> str:
    """The text and image URLs a request's user messages hold, whatever shape the client gave
    them (a string or parts): rows asking the same question of other images differ only there."""
    parts = []
    for message in (m for m in messages if m["role"] == "user"):
        content = message["content"]
        listed = [{"text": content}] if isinstance(content, str) else content
        parts += [part.get("text") or part.get("image_url", {}).get("url", "") for part in listed]
    return "\n".join(parts)


def gold_by_text(data: Path) -> Answer:
    """Each question's gold answer, found by its user parts (inspect sends the roles and parts
    in shapes of its own, so the whole request cannot be the key)."""
    from planarium_agents.eval.inputs import question_inputs
    from planarium_agents.eval.models import ChatRequest
    from scorer.io.dataset import load_keys
    from scorer.registry import task_kinds

    inputs = question_inputs(data, "test", CONFIG, "prompt")
    rows = load_keys(data, "test", {CONFIG}).rows
    gold = {}
    for row in rows.values():
        kind = task_kinds()[row.task]
        request = ChatRequest(inputs[row.id].observation(), kind.system_prompts)  # as the task builds it
        gold[_user_parts(request.messages())] = kind.reference("gold", row)["response"]
    return lambda body: gold.get(_user_parts(body["messages"]), "I do not know.")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """A folder laid out like the repository root: the task file where the README names it
    and a build in ``parquet/``."""
    _inspect()  # skipped before the mini build is asked for (hence not a parameter: session fixtures come first)
    mini_data: Path = request.getfixturevalue("mini_data")
    root = tmp_path_factory.mktemp("clone")
    (root / "adapters" / "inspect_task").mkdir(parents=True)
    shutil.copy(ROOT / "adapters" / "inspect_task" / "planarium_task.py", root / "adapters" / "inspect_task")
    shutil.copytree(mini_data, root / "parquet")
    return root


@pytest.fixture(scope="module")
def endpoint(clone: Path) -> Iterator[ScriptedEndpoint]:
    with ScriptedEndpoint(gold_by_text(clone / "parquet")) as server:
        yield server


def run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command`` in a shell started in ``cwd``, as a user types it there (the shell sets $PWD)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PWD", "OLDPWD")}
    inspect = _inspect()
    env.update(
        PATH=f"{Path(inspect).parent}{os.pathsep}{env['PATH']}",
        PYTHONPATH=str(ROOT),  # the task imports the packages of the tree under test
        OPENAI_API_KEY="none",
        COLUMNS="200",
        NO_COLOR="1",
    )
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=HANG_S)


def on_endpoint(command: str, endpoint: ScriptedEndpoint) -> str:
    """The README's command sent to the scripted endpoint, with a shorter run."""
    if "--model-base-url" in command:
        command = re.sub(r"--model-base-url\s+\S+", f"--model-base-url {endpoint.url}", command)
    else:
        command += f" --model-base-url {endpoint.url}"
    return f"{command} --limit {LIMIT}"


def _check_run(result: subprocess.CompletedProcess[str], endpoint: ScriptedEndpoint, asked_before: int) -> None:
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "Traceback" not in output, output[-3000:]
    assert re.search(r"^mean\s+1\.000\s*$", output, re.MULTILINE), output[-3000:]  # every gold reply scored right
    routes = endpoint.routes[asked_before:]
    assert len(routes) == LIMIT and set(routes) == {"POST /v1/chat/completions"}, routes


def test_the_readme_names_a_cloud_and_a_local_command() -> None:
    commands = readme_commands()
    assert any("--model openai/" in c for c in commands), commands
    assert any("--model-base-url http://127.0.0.1:8000/v1" in c for c in commands), commands
    assert "-M responses_api=false" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("number", range(2))
def test_each_readme_command_runs_from_the_root(number: int, clone: Path, endpoint: ScriptedEndpoint) -> None:
    command = readme_commands()[number]
    asked = len(endpoint.routes)
    _check_run(run(on_endpoint(command, endpoint), clone), endpoint, asked)


def test_openai_provider_with_the_readme_flag_reaches_a_local_server(clone: Path, endpoint: ScriptedEndpoint) -> None:
    """The README's note: ``openai/NAME`` plus ``-M responses_api=false`` asks chat completions
    for a name inspect does not know (without it, the Responses API: a 404 here)."""
    local = next(c for c in readme_commands() if "--model-base-url" in c)
    command = re.sub(r"^\S+=\S+ ", "", local).replace("--model openai-api/local/", "--model openai/")
    asked = len(endpoint.routes)
    _check_run(run(on_endpoint(command + " -M responses_api=false", endpoint), clone), endpoint, asked)


def test_a_missing_folder_is_one_line(clone: Path, endpoint: ScriptedEndpoint) -> None:
    command = on_endpoint(readme_commands()[0], endpoint) + " -T data=no-such-build"
    result = run(command, clone)
    output = " ".join((result.stdout + result.stderr).split())  # inspect wraps long lines
    assert result.returncode != 0 and "Traceback" not in output, output[-3000:]
    assert f"data folder {clone / 'no-such-build'} does not exist" in output, output[-3000:]
    assert "-T data=no-such-build" in output
