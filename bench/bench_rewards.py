"""Look-up rewards per second per core (``scorer.training.rewards.reward``) against ``score_file``
on the same replies, measured in the same run.

The rows are key-only ``blocksworld-ground`` yes/no rows made from a real mini build
(``bench/score_data.py``), the replies their gold answers. Rewards are counted per CPU
second of this one process (a shared machine's load does not inflate CPU seconds; the load
average is printed beside the figure), after the keys are loaded, as a trainer holds
them. ``score_file`` is timed the same way on the same predictions (it also reads the
shards and writes results.json and the rows file, as ``score`` does). Every reward must
equal the score the rows file holds for its row.

    python bench/bench_rewards.py                 # 10^5 rows
    python bench/bench_rewards.py --rows 20000
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
TARGET = 20_000  # look-up rewards per second per core (issue 28)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000, help="Rows (one reply each).")
    args = parser.parse_args()
    from score_data import CONFIG, make_keys_dataset

    from data_build.build import build
    from data_build.spec import BuildSettings
    from scorer.io.dataset import load_keys
    from scorer.scoring.run import score_file
    from scorer.training.rewards import reward

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        build(work / "mini", CONFIG, BuildSettings(size="mini", show_progress=False))
        data = work / "rows"
        predictions = make_keys_dataset(work / "mini", data, args.rows)
        replies = {line["id"]: line["response"] for line in map(json.loads, predictions.read_text().splitlines())}
        rows = list(load_keys(data, "test").rows.values())
        pairs = [(row, replies[row.id]) for row in rows]

        start = time.process_time()
        for shaped in (False, True):
            values = [reward(row, reply, shaped).value for row, reply in pairs]
        reward_cpu = time.process_time() - start
        per_second = 2 * len(pairs) / reward_cpu

        start = time.process_time()
        run = score_file(predictions, data, work / "out" / "results.json", keep_rows=False)
        score_cpu = time.process_time() - start
        scored = {line["id"]: line["score"] for line in map(json.loads, run.rows_path.read_text().splitlines())}
        sparse = [reward(row, reply).value for row, reply in pairs]
        assert sparse == [scored[row.id] for row, _ in pairs], "a reward differs from the score of its row"
        assert values == [1.0] * len(pairs)  # the gold answers, shaped

    load = os.getloadavg()[0]
    print("| way | rows | CPU s | per second (CPU) |")
    print("|---|---:|---:|---:|")
    print(f"| reward() (sparse and shaped, keys loaded) | {2 * len(pairs):,} | {reward_cpu:.2f} | {per_second:,.0f} |")
    score_rate = len(pairs) / score_cpu
    print(f"| score_file (reads shards, writes results) | {len(pairs):,} | {score_cpu:.2f} | {score_rate:,.0f} |")
    print(f"ratio: reward() {per_second / score_rate:.2f}x the rows per CPU second of score_file")
    print(f"load average {load:.1f} on {os.cpu_count()} cores; one process; target {TARGET:,}/s per core")
    print("every reward equals the score in the rows file")
    assert per_second >= TARGET, f"{per_second:,.0f} rewards/s per core is below the target {TARGET:,}"


if __name__ == "__main__":
    main()
