"""Command-line start-up: each command's CPU seconds to its first line, beside `python -c pass`.

Each command runs in a fresh interpreter, several times; the median of the child's own
CPU seconds (user + sys, from ``resource.getrusage(RUSAGE_CHILDREN)``) counts, so the
figure holds on a loaded machine where wall time does not. The goal is 0.5 CPU s per
command (issue 29). `planarium eval` is timed to its first request: a loopback endpoint
reads the client's CPU seconds from ``/proc/<pid>/stat`` when the request arrives (goal
1 CPU s). The eager start-up the lazy CLI replaced (importing the registry, the families,
the importers and with them datasets, pandas, unified-planning and scipy) is timed too, as
the naive way the ratios are taken against.

    python bench/bench_cli.py [--repeats N] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.5  # CPU s to a command's first line
EVAL_GOAL = 1.0  # CPU s to eval's first request

EAGER = """
import importlib, sys
import scorer.cli
import planarium_agents.command, scorer.rollout.command
from scorer.registry import configs, importer_commands
configs()
for targets in importer_commands().values():
    for target in targets:
        importlib.import_module(target.partition(":")[0])
sys.argv = ["planarium", "--help"]
scorer.cli.main()
"""


def command(*args: str) -> str:
    return f"import sys\nimport scorer.cli\nsys.argv = {['planarium', *args]!r}\nscorer.cli.main()\n"


SCORE_HELP = "import sys\nimport scorer.cli\nsys.argv = ['score', '--help']\nscorer.cli.score_main()\n"


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def cpu_seconds(code: str, repeats: int) -> float:
    """Median CPU seconds (user + sys) of a fresh interpreter running ``code``."""
    times = []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], capture_output=True, check=False, env=environment(), cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def _process_cpu(pid: int) -> float:
    """User + sys CPU seconds of a running process, its threads included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _endpoint(seen: list[float], process: list[subprocess.Popen[bytes]]) -> type[BaseHTTPRequestHandler]:
    """A chat endpoint that notes the client's CPU seconds at the first request and refuses every request."""

    class Endpoint(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            if not seen and process:
                seen.append(_process_cpu(process[0].pid))
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = json.dumps({"error": {"message": "bench: the first request is all that is timed"}}).encode()
            self.send_response(400)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (http.server's name)
            pass

    return Endpoint


def eval_first_request(data: Path, config: str, repeats: int) -> float | None:
    """Median CPU seconds of `planarium eval` until its first request reaches the endpoint
    (None without /proc, or when no request came)."""
    if not Path("/proc/self/stat").exists():
        return None
    times = []
    for _ in range(repeats):
        seen: list[float] = []
        process: list[subprocess.Popen[bytes]] = []
        server = ThreadingHTTPServer(("127.0.0.1", 0), _endpoint(seen, process))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with tempfile.TemporaryDirectory() as out:
            args = ["eval", "--model", "openai:bench", "--base-url", f"http://127.0.0.1:{server.server_port}/v1"]
            args += ["--configs", config, "--data", str(data), "--limit", "1", "--no-cache", "--retries", "0"]
            args += ["--concurrency", "1", "--quiet", "--out", out]
            process.append(
                subprocess.Popen(
                    [sys.executable, "-c", command(*args)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env={**environment(), "OPENAI_API_KEY": "bench"},
                    cwd=ROOT,
                )
            )
            try:
                process[0].wait(timeout=300)
            except subprocess.TimeoutExpired:
                process[0].kill()
                process[0].wait()
        server.shutdown()
        server.server_close()
        if seen:
            times.append(seen[0])
    return statistics.median(times) if times else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--data", type=Path, default=None, help="A built folder (a mini build) for configs and eval's first request."
    )
    parser.add_argument("--eval-config", default="blocksworld-ground", help="The config eval asks (built in --data).")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1, 5, 15 min); {os.cpu_count()} cores")
    data = [] if args.data is None else ["--data", str(args.data)]
    bare = cpu_seconds("pass", args.repeats)
    eager = cpu_seconds(EAGER, args.repeats)
    rows = [
        ("planarium --help", cpu_seconds(command("--help"), args.repeats), GOAL),
        ("planarium configs", cpu_seconds(command("configs", *data), args.repeats), GOAL),
        ("score --help", cpu_seconds(SCORE_HELP, args.repeats), GOAL),
        ("planarium eval --help", cpu_seconds(command("eval", "--help"), args.repeats), GOAL),
        ("planarium import --help", cpu_seconds(command("import", "--help"), args.repeats), GOAL),
        ("planarium serve --help", cpu_seconds(command("serve", "--help"), args.repeats), GOAL),
    ]
    if args.data is not None:
        first = eval_first_request(args.data, args.eval_config, args.repeats)
        if first is not None:
            rows.append((f"planarium eval: first request ({args.eval_config})", first, EVAL_GOAL))
    print(f"median of {args.repeats} fresh interpreters, CPU s (user + sys)")
    print(f"{'command':52} {'CPU s':>6} {'own':>6} {'goal':>5} {'met':>4} {'eager/it':>9}")
    print(f"{'python -c pass':52} {bare:6.2f} {'':>6} {'':>5} {'':>4} {'':>9}")
    print(f"{'eager start-up (before: every module loaded)':52} {eager:6.2f} {eager - bare:6.2f}")
    for name, seconds, goal in rows:
        met = "yes" if seconds <= goal else "NO"
        print(f"{name:52} {seconds:6.2f} {seconds - bare:6.2f} {goal:5.1f} {met:>4} {eager / seconds:8.1f}x")
    print("own: beyond `python -c pass`; eager/it: the eager start-up's CPU s over the command's")


if __name__ == "__main__":
    main()
