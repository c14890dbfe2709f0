"""A warm interpreter that runs ``planarium`` commands as forked children, for the kill tests.

Starting ``planarium build`` costs two seconds of imports before it writes a byte; forty
kills would spend most of their time importing. This process imports the commands once,
then for each request (a JSON line on stdin: ``{"args": [...], "cwd": ...}``) forks a
child that runs ``planarium ARGS`` in ``cwd`` (its standard streams on /dev/null), and
answers ``{"pid": PID}`` at once and ``{"pid": PID, "exit": CODE}`` when the child ends
(a child killed by SIGKILL ends with -9). The child is the command itself, as the console
script runs it: the test kills it by its pid, with nothing to clean up after it.

``Forks`` starts it (``python fork_server.py``, the repository on PYTHONPATH) and talks to it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from contextlib import suppress
from pathlib import Path

PRELOADED = (
    "scorer.cli",
    "scorer.scoring.run",
    "scorer.rollout.command",
    "scorer.rollout.server",
    "planarium_agents.eval.command",
    "planarium_agents.eval.run",
    "data_build.build",
    "datasets",  # data_build imports it where rows are written: a build child would import it each time
    "openai.resources",  # the client's first request imports every resource: 0.6 CPU s an eval child
)


def _child(args: list[str], cwd: str) -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    code = 70
    try:
        os.chdir(cwd)
        sys.argv = ["planarium", *args]  # what results.json records as the command
        from scorer.cli import main

        main(args=args, prog_name="planarium")
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        os._exit(code)  # never back into the request loop, nor the parent's atexit handlers


def serve_requests() -> None:
    import importlib

    for name in PRELOADED:
        importlib.import_module(name)
    from scorer.registry import configs

    configs()  # the registry, read once here rather than in every child
    _answer({"ready": True})
    while line := sys.stdin.readline():
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request["args"], request["cwd"])
        _answer({"pid": pid})
        _, status = os.waitpid(pid, 0)
        _answer({"pid": pid, "exit": os.waitstatus_to_exitcode(status)})


def _answer(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Forks:
    """The test's side: a fork server started with the repository at ``root`` on its path."""

    def __init__(self, root: Path) -> None:
        path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
        self._process = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
            env={**os.environ, "PYTHONPATH": path},
        )
        self._messages: queue.Queue[dict[str, object] | None] = queue.Queue()
        self._child: Child | None = None
        threading.Thread(target=self._read, daemon=True).start()
        assert self._next(300) == {"ready": True}, "the fork server did not start"

    def start(self, args: list[str], cwd: Path) -> Child:
        """``planarium ARGS`` running in ``cwd``; one at a time, so a child a failed test left running is killed."""
        self._end_child()
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps({"args": args, "cwd": str(cwd)}) + "\n")
        self._process.stdin.flush()
        message = self._next(60)
        self._child = Child(int(message["pid"]), self)  # type: ignore[call-overload]
        return self._child

    def run(self, args: list[str], cwd: Path, timeout_s: float = 300) -> int:
        """``planarium ARGS`` in ``cwd`` to its end: its exit code."""
        return self.start(args, cwd).wait(timeout_s)

    def close(self) -> None:
        self._end_child()
        assert self._process.stdin is not None
        self._process.stdin.close()
        try:
            self._process.wait(30)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()

    def _end_child(self) -> None:
        if self._child is not None and self._child.poll() is None:
            self._child.kill()

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._messages.put(json.loads(line))
        self._messages.put(None)

    def _next(self, timeout_s: float | None) -> dict[str, object]:
        message = self._messages.get(timeout=timeout_s)
        if message is None:
            raise RuntimeError("the fork server exited")
        return message


class Child:
    """One forked command: poll, wait for or kill it."""

    def __init__(self, pid: int, forks: Forks) -> None:
        self.pid, self._forks = pid, forks
        self.exit: int | None = None

    def poll(self) -> int | None:
        if self.exit is None:
            with suppress(queue.Empty):
                self._take(self._forks._messages.get_nowait())
        return self.exit

    def wait(self, timeout_s: float = 300) -> int:
        if self.exit is None:
            try:
                self._take(self._forks._next(timeout_s))
            except queue.Empty:
                with suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)  # the fork server reaps it
                raise TimeoutError(f"planarium (pid {self.pid}) ran for more than {timeout_s} s") from None
        assert self.exit is not None
        return self.exit

    def kill(self) -> int:
        """SIGKILL now (unless it has ended); its exit code once the fork server has reaped it."""
        if self.poll() is None:
            with suppress(ProcessLookupError):  # it ended a moment ago: its exit message is on the way
                os.kill(self.pid, signal.SIGKILL)
        return self.wait(60)

    def terminate(self) -> int:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
        return self.wait(60)

    def _take(self, message: dict[str, object] | None) -> None:
        if message is None:
            raise RuntimeError("the fork server exited")
        assert message["pid"] == self.pid, message
        self.exit = int(message["exit"])  # type: ignore[call-overload]


if __name__ == "__main__":
    serve_requests()
