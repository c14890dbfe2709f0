"""Write ``vectors.json`` from a mini build: for each config, the first row of each
difficulty with its gold and its wrong answer, and for the config's first question row a
few replies that test the reading rules (empty, prose, the answer after reasoning).

    python -m adapters.conformance.make_vectors --data parquet   # after planarium build --size mini
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from adapters.conformance import VECTORS
from scorer.io.dataset import KEY_COLUMNS, KeyRow, load_keys, read_checksums
from scorer.io.predictions import Prediction
from scorer.registry import task_kinds
from scorer.scoring.grading import judge_row
from scorer.scoring.harness import judgement_record

ODD_REPLIES = ("", "I cannot tell from the image.", "[(teleport nowhere)]")


def replies(row: KeyRow, first_of_config: bool) -> list[dict[str, Any]]:
    kind = task_kinds()[row.task]
    made = [kind.reference("gold", row), kind.reference("wrong", row)]
    if first_of_config and row.task != "episode":
        gold = made[0]["response"]
        made += [{"response": text} for text in ODD_REPLIES]
        made.append({"response": f"Let me think step by step about the question.\n\nFinal answer:\n{gold}"})
    return made


def expected(row: KeyRow, fields: dict[str, Any]) -> dict[str, Any]:
    return judgement_record(judge_row(row, Prediction(row.id, 1, fields.get("response"), fields.get("episode"), None)))


def records(data: Path, ids: set[str]) -> dict[str, dict[str, Any]]:
    """The key columns and the prompt of the chosen rows, as a dataset record holds them."""
    found: dict[str, dict[str, Any]] = {}
    for relative in sorted(read_checksums(data)):
        for record in pq.read_table(data / relative, columns=[*KEY_COLUMNS, "prompt"]).to_pylist():
            if record["id"] in ids:
                found[record["id"]] = record
    return found


def make_vectors(data: Path) -> dict[str, Any]:
    keys = load_keys(data, "test")
    vectors = []
    for config in keys.configs():
        seen_difficulties: set[str] = set()
        for row in (r for r in keys.rows.values() if r.config == config):
            if row.difficulty in seen_difficulties:
                continue
            first = not seen_difficulties
            seen_difficulties.add(row.difficulty)
            vectors += [{"id": row.id, **fields, "expected": expected(row, fields)} for fields in replies(row, first)]
    return {"rows": records(data, {v["id"] for v in vectors}), "vectors": vectors}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("parquet"))
    parser.add_argument("--out", type=Path, default=VECTORS)
    arguments = parser.parse_args()
    document = make_vectors(arguments.data)
    arguments.out.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(document['vectors'])} vectors over {len(document['rows'])} rows to {arguments.out}")


if __name__ == "__main__":
    main()
