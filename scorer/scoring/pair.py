"""results.json and its rows file as one pair: written atomically, tied by a shared run id.

The rows file is written first and results.json last, each through ``scorer.io.atomic``;
every row line and results.json carry the same ``run_id``, derived from the content
(so equal inputs still give byte-equal files). A kill between the two renames leaves a
new rows file beside the old results.json: ``check_pair`` sees the ids differ.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scorer.io import atomic
from scorer.io.errors import PlanariumError


def rows_path_for(results: Path) -> Path:
    return results.with_name(f"{results.stem}.rows.jsonl")


def write_pair(document: dict[str, Any], rows: Iterable[str], results: Path) -> Path:
    """Write ``rows`` then ``document`` (both stamped with one run id); return the rows path.
    ``rows`` is read twice (once for the run id, once to write), so it may be a spool on
    disk (``scorer.scoring.spool``) rather than a list."""
    run_id = run_id_of(document, rows)
    rows_file = rows_path_for(results)
    atomic.write_lines(rows_file, (stamped(line, run_id) for line in rows))
    atomic.write_text(results, json.dumps({**document, "run_id": run_id}, indent=1, sort_keys=True) + "\n")
    return rows_file


def run_id_of(document: dict[str, Any], rows: Iterable[str]) -> str:
    digest = hashlib.sha256(json.dumps(document, sort_keys=True).encode())
    for line in rows:
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()[:16]


def check_pair(results: Path) -> str:
    """The run id shared by ``results`` and its rows file; a PlanariumError if they do not belong together."""
    document = _json(results, results.read_text(encoding="utf-8") if results.is_file() else None)
    run_id = document.get("run_id") if isinstance(document, dict) else None
    if not isinstance(run_id, str):
        raise PlanariumError(f"{results} has no run_id; score again to write a complete results.json")
    rows_file = rows_path_for(results)
    text = rows_file.read_text(encoding="utf-8") if rows_file.is_file() else None
    if text is None:
        raise PlanariumError(f"{rows_file} is missing; score again to write results.json and its rows together")
    for number, line in enumerate(text.splitlines(), start=1):
        row = _json(rows_file, line, number)
        if not isinstance(row, dict) or row.get("run_id") != run_id:
            raise PlanariumError(
                f"{rows_file} line {number}: run_id differs from {results} ({run_id}); "
                "the two come from different runs; score again"
            )
    return run_id


def stamped(line: str, run_id: str) -> str:
    """``line`` (a row: JSON with sorted keys, as ``scorer.scoring.results.row_line`` writes
    it) with ``"run_id"`` added in its sorted place, just before the row's own ``"score"``:
    the last one in the line, since a nested "score" (the paper's) comes before it and a
    quote inside a string is escaped. The same text as decoding, adding and encoding again
    (a test holds them equal), at a fraction of the cost."""
    at = line.rfind(SCORE_KEY)
    if at < 0:  # not a row line of ours: the slow, general way
        return json.dumps({**json.loads(line), "run_id": run_id}, sort_keys=True)
    return f'{line[:at]}"run_id": {json.dumps(run_id)}, {line[at:]}'


SCORE_KEY = '"score": '


def _json(path: Path, text: str | None, line: int | None = None) -> Any:
    where = f"{path} line {line}" if line else str(path)
    if text is None:
        raise PlanariumError(f"{where} is missing; score again")
    try:
        return json.loads(text)
    except ValueError as error:
        raise PlanariumError(f"{where} is not valid JSON ({error}); score again") from None
