"""A key-only dataset of any size for the scoring benchmark, made from a real mini build.

A real build of 10^6 rows would take hours (most of it drawing images the scorer never
reads), so the rows of a mini ``blocksworld-ground`` build are repeated with new ids into
Parquet shards of the key columns only, with their own ``checksums.json``: the scorer
reads them exactly as it reads a built dataset. The predictions are the gold answers
(one look-up per row), written in the order of the rows.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

CONFIG = "blocksworld-ground"
ROWS_PER_SHARD = 100_000


def make_keys_dataset(mini: Path, out: Path, rows: int) -> Path:
    """``rows`` test rows of CONFIG in ``out`` (shards + checksums.json); return the gold predictions file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from scorer.io.dataset import KEY_COLUMNS, load_keys

    source = load_keys(mini, "test", {CONFIG})
    templates = list(source.rows.values())
    shards = -(-rows // ROWS_PER_SHARD)
    checksums = {}
    predictions = out / "gold.jsonl"
    out.mkdir(parents=True, exist_ok=True)
    with predictions.open("w") as lines:
        for shard in range(shards):
            indices = range(shard * ROWS_PER_SHARD, min(rows, (shard + 1) * ROWS_PER_SHARD))
            columns: dict[str, list[str]] = {name: [] for name in KEY_COLUMNS}
            for index in indices:
                template = templates[index % len(templates)]
                row_id = f"{CONFIG}/test/x-{index:07d}"
                meta = {**template.meta, "state_index": index}  # unique per row, as in a real build
                for name, value in (
                    ("id", row_id),
                    ("domain", template.domain),
                    ("task", template.task),
                    ("difficulty", template.difficulty),
                    ("domain_pddl", template.domain_pddl),
                    ("problem_pddl", template.problem_pddl),
                    ("answer_key", json.dumps(template.answer_key, sort_keys=True)),
                    ("meta", json.dumps(meta, sort_keys=True)),
                ):
                    columns[name].append(value)
                answer = "Yes" if template.answer_key["answer"] else "No"
                lines.write(json.dumps({"id": row_id, "response": answer, "model": "gold"}) + "\n")
            relative = f"data/{CONFIG}/test-{shard:05d}-of-{shards:05d}.parquet"
            path = out / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(pa.table(columns), path, row_group_size=1000)
            checksums[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    (out / "checksums.json").write_text(json.dumps(checksums, indent=1, sort_keys=True))
    return predictions
