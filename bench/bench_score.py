"""Scoring throughput and peak memory: our scorer against the naive way, in one run.

Ours reads only the key columns of the shards (never the images) and replays episodes
through the engine. The naive way is what a user would write first: load the whole
config with ``datasets.load_dataset`` (images decoded) and loop over rows. Each way runs
in a fresh subprocess and reports its peak RSS after its imports (the peak mark is reset
through /proc/self/clear_refs once they are done, so the import spike both share is left
out; Linux only). Both must give the same accuracy.

    python bench/bench_score.py [--size mini|full]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

OURS = """
import json, sys, time
from pathlib import Path
from scorer.scoring import score_file
from pathlib import Path as _P
_P("/proc/self/clear_refs").write_text("5")  # reset the peak-RSS mark after imports (Linux)
start = time.perf_counter()
run = score_file(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), configs={"blocksworld-ground"})
seconds = time.perf_counter() - start
results = json.loads(run.results_path.read_text())
hwm_kb = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
peak_mb = hwm_kb / 1024
print(json.dumps({"seconds": seconds, "peak_mb": peak_mb,
                  "accuracy": results["configs"]["blocksworld-ground"]["metrics"]["all"]["accuracy"]["value"]}))
"""

NAIVE = """
import json, sys, time
from datasets import load_dataset
from scorer.tasks._yes_no import parse_yes_no
from pathlib import Path as _P
_P("/proc/self/clear_refs").write_text("5")  # reset the peak-RSS mark after imports (Linux)
start = time.perf_counter()
answers = {}
for line in open(sys.argv[1]):
    record = json.loads(line)
    answers[record["id"]] = record.get("response")
rows = load_dataset(sys.argv[2], "blocksworld-ground", split="test", cache_dir=sys.argv[3])
hits = 0
for row in rows:  # decodes every image, as iterating a dataset does
    said = parse_yes_no(answers.get(row["id"]) or "")
    hits += said == json.loads(row["answer_key"])["answer"]
hwm_kb = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
peak_mb = hwm_kb / 1024
print(json.dumps({"seconds": time.perf_counter() - start, "peak_mb": peak_mb, "accuracy": hits / len(rows)}))
"""


def run_way(code: str, args: list[str]) -> dict:
    """Run one way in a fresh interpreter, which reports its own time and peak RSS."""
    output = subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=["mini", "full"], default="mini")
    args = parser.parse_args()
    from data_build.build import build
    from data_build.spec import BuildSettings
    from scorer.dataset import load_keys
    from scorer.references import reference_lines

    with tempfile.TemporaryDirectory() as tmp:
        data, work = Path(tmp) / "data", Path(tmp)
        build(data, "blocksworld-ground", BuildSettings(size=args.size, show_progress=False))
        lines = reference_lines(load_keys(data, configs={"blocksworld-ground"}), "gold")
        predictions = work / "gold.jsonl"
        predictions.write_text("".join(line + "\n" for line in lines))
        ours = run_way(OURS, [str(predictions), str(data), str(work / "results.json")])
        naive = run_way(NAIVE, [str(predictions), str(data), str(work / "hf-cache")])
    ours_mb, naive_mb = ours["peak_mb"], naive["peak_mb"]
    assert ours["accuracy"] == naive["accuracy"] == 1.0
    n = len(lines)
    print(f"blocksworld-ground, size {args.size}: {n} gold predictions (accuracy 1.0 both ways)")
    print("| way | seconds | predictions/s | peak RSS MB (after imports) |\n|---|---:|---:|---:|")
    print(f"| ours (key columns only) | {ours['seconds']:.2f} | {n / ours['seconds']:,.0f} | {ours_mb:.1f} |")
    print(f"| naive (load_dataset + loop) | {naive['seconds']:.2f} | {n / naive['seconds']:,.0f} | {naive_mb:.1f} |")
    print(
        f"speed ratio ours / naive: {naive['seconds'] / ours['seconds']:.1f}x; "
        f"peak memory ratio naive / ours: {naive_mb / max(ours_mb, 0.1):.1f}x"
    )


if __name__ == "__main__":
    main()
