"""Regenerate ``acpbench_hard_key_disputes.md`` (beside this module) from ACPBench Hard's published files.

    python -m scorer.families.classical.acpbench_disputes [SOURCE_DIR] [--out parquet-dir]

Imports every record (test and dev) as ``planarium import acpbench-hard`` does, and
writes the rows whose source gold answer our validators prove wrong. SOURCE_DIR
defaults to ``../shared/external/acpbench-hard`` beside the repository.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from scorer.families.classical.acpbench_import import disputes_markdown, import_rows, write_config
from scorer.io import atomic

REPO = Path(__file__).resolve().parents[3]
DEFAULT_SOURCE = REPO.parent / "shared" / "external" / "acpbench-hard"
DISPUTES_FILE = Path(__file__).resolve().parent / "acpbench_hard_key_disputes.md"


def main(argv: list[str]) -> None:
    source = Path(argv[0]) if argv and not argv[0].startswith("--") else DEFAULT_SOURCE
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
    rows, disputes = import_rows(source, progress=True)
    total = sum(len(split_rows) for split_rows in rows.values())
    atomic.write_text(DISPUTES_FILE, disputes_markdown(disputes, total))
    with tempfile.TemporaryDirectory() as scratch:
        write_config(rows, out or Path(scratch))
    print(f"{len(disputes)} of {total} source answers disputed; wrote {DISPUTES_FILE}")


if __name__ == "__main__":
    main(sys.argv[1:])
