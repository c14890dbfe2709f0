"""Helpers of the fault suite: which config to break, and rewriting checksums as a build would."""

from __future__ import annotations

import json
from pathlib import Path

from data_build.shards import sha256_file

SMALL_CONFIG = "slidegeom-episodes"  # a few hundred KB: cheap to copy for every corruption


def rewrite_checksums(root: Path) -> None:
    """checksums.json over the shards now on disk, as a build would write it."""
    shards = sorted((root / "data").glob("*/*.parquet"))
    checksums = {path.relative_to(root).as_posix(): sha256_file(path) for path in shards}
    (root / "checksums.json").write_text(json.dumps(checksums, indent=1, sort_keys=True) + "\n")
