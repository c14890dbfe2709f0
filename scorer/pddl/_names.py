"""Canonical text names of ground atoms and ground actions.

Every name is lowercase PDDL call syntax: "(on r g)", "(handempty)",
"(moveblock r c1)". Plans written by people or models differ in case and
spacing only, so normalisation is limited to exactly that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_SPACES = re.compile(r"\s+")


def call_name(head: str, args: Sequence[str]) -> str:
    """Format a predicate or action applied to object names."""
    return "(" + " ".join((head, *args)).lower() + ")"


def normalize_name(text: str) -> str:
    """Lowercase, collapse whitespace, and drop spaces just inside the parens.

    "( MoveBlock  r c1 )" -> "(moveblock r c1)".
    """
    collapsed = _SPACES.sub(" ", text.strip().lower())
    return collapsed.replace("( ", "(").replace(" )", ")")


def split_call(name: str) -> tuple[str, tuple[str, ...]] | None:
    """Split a normalised call name into head and arguments (None if malformed)."""
    if not (name.startswith("(") and name.endswith(")")):
        return None
    parts = name[1:-1].split()
    if not parts or any("(" in part or ")" in part for part in parts):
        return None
    return parts[0], tuple(parts[1:])
