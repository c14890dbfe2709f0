"""What produced a set of results: the model(s), the command line and its settings, the
prompt variant, the versions of the packages that decide a score, and the git commit.

Written into ``results.json`` so a table can always be traced to its run.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

# The packages whose versions can change a score: ours, the data loader, the planners, the parser.
PACKAGES = ("planarium", "datasets", "unified-planning", "up-fast-downward", "up-symk", "lark")
SOURCE = Path(__file__).resolve().parents[2]


def provenance(
    models: Iterable[str | None], settings: dict[str, Any], variant: str | None = None, argv: list[str] | None = None
) -> dict[str, Any]:
    return {
        "models": sorted({model for model in models if model}),
        "command": shlex.join(sys.argv if argv is None else argv),
        "settings": settings,
        "variant": variant,
        "versions": dict(package_versions()),  # a copy: the results own it
        "git_commit": git_commit(),
    }


# Both read once per process: ``metadata.version`` scans the installed distributions and
# parses a METADATA file each time (13.6% of the episode conformance tests' CPU, which score
# a file per test), and the commit is a git process; and the code a process runs is what it
# imported, whatever is installed or committed after.
@cache
def package_versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


@cache
def git_commit() -> str | None:
    """The commit of the source tree the scorer runs from, if it is a git checkout."""
    if not (SOURCE / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(SOURCE), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None
