"""Generic code names no family: every family, domain and config name the registry
knows is absent from the generic packages (code, comments and docstrings alike).

A hit means generic code branches on, or documents, one family; the fix is to ask the
family object (``scorer.registry``) instead.
"""

from __future__ import annotations

import re
from pathlib import Path

from scorer.registry import configs, families

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ("scorer", "planarium_agents", "data_build")
FAMILY_CODE = ROOT / "scorer" / "families"
# The papers' table names the five papers, and one paper (VSP) shares its name with its family.
PAPERS_TABLE = ROOT / "scorer" / "registry" / "papers.py"
SUFFIXES = (".py", ".lark", ".md")


def registered_names() -> set[str]:
    names = set(configs())
    for family in families().values():
        names.add(family.name)
        names.update(family.domains)
    return names


def generic_files() -> list[Path]:
    files = [p for package in GENERIC for p in sorted((ROOT / package).rglob("*")) if p.suffix in SUFFIXES]
    return [p for p in files if FAMILY_CODE not in p.parents and p != PAPERS_TABLE]


def test_generic_packages_name_no_family() -> None:
    names = sorted(registered_names(), key=len, reverse=True)
    pattern = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, names)) + r")(?![a-z0-9])", re.IGNORECASE)
    hits = []
    for path in generic_files():
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for match in pattern.finditer(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {match[0]!r} in {line.strip()[:80]!r}")
    assert not hits, "generic code names a family:\n" + "\n".join(hits)


def test_the_scan_covers_the_generic_packages() -> None:
    scanned = {p.relative_to(ROOT).parts[0] for p in generic_files()}
    assert scanned == set(GENERIC)
    assert len(registered_names()) > len(families())  # domains and configs, not only family names
