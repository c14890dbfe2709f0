"""Scoring throughput and peak memory at 10^5 and 10^6 look-up predictions: the streaming
``score`` against the one before it (everything held at once), measured in the same run.

The data are key-only ``blocksworld-ground`` shards of the wanted size made from a real
mini build (``bench/score_data.py``: a real build of 10^6 rows takes hours, nearly all of
it drawing images the scorer never reads), and the gold answers as predictions. Each way
runs ``score_file`` as ``score`` does (no rows kept) in a fresh interpreter that reports
its CPU and wall seconds and its peak RSS after imports (the mark is reset through
/proc/self/clear_refs; Linux only). The previous implementation is the source tree of a
git commit (``--baseline``, default the last commit before streaming), exported with
``git archive`` and put first on PYTHONPATH: the old code itself, not a copy kept here.
Both ways must write the same rows and the same results.json in every field the baseline
writes, but for the run id, which hashes the whole results.json (their provenance is
pinned: same command line, no git commit).
Predictions/s is counted per CPU second, which
a shared machine's load does not inflate; wall seconds are printed beside it.

    python bench/bench_score.py                        # 10^5 and 10^6; the baseline at 10^5
    python bench/bench_score.py --rows 100000 --baseline-max-rows 1000000
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = "3886869"  # main just before scoring streamed
sys.path.insert(0, str(REPO / "bench"))

DRIVER = """
import inspect, json, sys, time
from pathlib import Path
import scorer.scoring.provenance as provenance
provenance.git_commit = lambda: None  # the two trees are different checkouts: pin what they record
predictions, data, out, tree = (Path(a) for a in sys.argv[1:5])
sys.argv = ["score"]
import scorer
from scorer.scoring.run import score_file
assert Path(scorer.__file__).parent.parent == tree, (scorer.__file__, tree)  # the tree meant, not another
lean = {"keep_rows": False} if "keep_rows" in inspect.signature(score_file).parameters else {}
Path("/proc/self/clear_refs").write_text("5")  # reset the peak-RSS mark after imports (Linux)
wall, cpu = time.perf_counter(), time.process_time()
score_file(predictions, data, out, **lean)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
hwm_kb = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(json.dumps({"cpu": cpu, "wall": wall, "peak_mb": hwm_kb / 1024}))
"""


def run_way(source: Path | None, predictions: Path, data: Path, out: Path) -> dict:
    """Score in a fresh interpreter, with ``source`` (a source tree) first on the path if given."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source), env.get("PYTHONPATH", "")])
    args = [sys.executable, "-c", DRIVER, str(predictions), str(data), str(out), str(source or REPO)]
    # `python -c` puts the working folder first on the path: it must be the tree measured.
    done = subprocess.run(args, check=True, capture_output=True, text=True, env=env, cwd=source or REPO)
    return json.loads(done.stdout.strip().splitlines()[-1])


def export_tree(commit: str, into: Path) -> Path:
    archive = into / "baseline.tar"
    subprocess.run(["git", "-C", str(REPO), "archive", "-o", str(archive), commit], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "baseline", filter="data")
    return into / "baseline"


def same_files(first: Path, second: Path) -> bool:
    """The rows files line for line and results.json in every field the baseline writes
    (fields added since, such as the protocol flag, are not the baseline's to compare), both
    but for the run id: it hashes the whole results.json, added fields included."""
    rows = "results.rows.jsonl"
    lines = [_without_run_id((path.parent / rows).read_text().splitlines()) for path in (first, second)]
    if lines[0] != lines[1]:
        return False
    ours, theirs = (json.loads((path.parent / "results.json").read_text()) for path in (first, second))
    ours.pop("run_id", None)
    theirs.pop("run_id", None)
    return _known_fields(ours, theirs) == theirs


def _without_run_id(lines: list[str]) -> list[dict[str, object]]:
    rows = [json.loads(line) for line in lines]
    for row in rows:
        row.pop("run_id", None)
    return rows


def _known_fields(ours: object, theirs: object) -> object:
    """``ours`` without the dict keys ``theirs`` lacks, at every depth."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return {key: _known_fields(value, theirs[key]) for key, value in ours.items() if key in theirs}
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [_known_fields(mine, other) for mine, other in zip(ours, theirs)]
    return ours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="100000,1000000", help="Comma-separated prediction counts.")
    parser.add_argument("--baseline", default=BASELINE, help="Git commit of the implementation to compare with.")
    parser.add_argument(
        "--baseline-max-rows",
        type=int,
        default=100_000,
        help="Run the baseline only up to this many rows (it holds about 10 KB per row: 10^6 needs ~10 GB).",
    )
    args = parser.parse_args()
    from score_data import CONFIG, make_keys_dataset

    from data_build.build import build
    from data_build.spec import BuildSettings

    print("| predictions | way | CPU s | predictions/s (CPU) | wall s | peak RSS MB (after imports) |")
    print("|---:|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        mini = work / "mini"
        build(mini, CONFIG, BuildSettings(size="mini", show_progress=False))
        baseline = export_tree(args.baseline, work)
        for rows in (int(n) for n in args.rows.split(",")):
            data = work / f"rows-{rows}"
            predictions = make_keys_dataset(mini, data, rows)
            ours = run_way(None, predictions, data, work / f"ours-{rows}" / "results.json")
            _print_row(rows, "streaming (this tree)", ours)
            if rows > args.baseline_max_rows:
                print(f"| {rows:,} | before ({args.baseline}) | skipped: over --baseline-max-rows | | | |")
                continue
            before = run_way(baseline, predictions, data, work / f"before-{rows}" / "results.json")
            _print_row(rows, f"before ({args.baseline}, all held)", before)
            identical = same_files(work / f"ours-{rows}" / "results.json", work / f"before-{rows}" / "results.json")
            assert identical, f"{rows} rows: results differ between the two implementations"
            print(
                f"| {rows:,} | ratio | {before['cpu'] / ours['cpu']:.2f}x faster | | "
                f"{before['wall'] / ours['wall']:.2f}x | {before['peak_mb'] / ours['peak_mb']:.1f}x less memory |"
            )
            shutil.rmtree(data)  # 10^6 rows of shards and predictions: about 130 MB
    print("rows and results.json equal in the baseline's fields (run ids aside) wherever both ran")


def _print_row(rows: int, way: str, measured: dict) -> None:
    cpu, wall, peak = measured["cpu"], measured["wall"], measured["peak_mb"]
    print(f"| {rows:,} | {way} | {cpu:.2f} | {rows / cpu:,.0f} | {wall:.2f} | {peak:,.0f} |")


if __name__ == "__main__":
    print("load average at start: {:.2f} {:.2f} {:.2f}; {} cores".format(*os.getloadavg(), os.cpu_count()))
    main()
