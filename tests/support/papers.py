"""The papers' text (``../shared/seeds``), found by the paper's name in the seeds' README,
and the comparison of our prompts with what a paper prints.

The seeds are the papers as extracted from their PDFs: line breaks fall anywhere, quotes
are typographic (a backtick prints as an opening quote) and code blocks lose their
indentation. ``words`` reduces a text to what survives that (the words and punctuation,
in order), so a test compares wording, never layout.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
_TYPOGRAPHY = {"‘‘‘": "```", "`": "'", "“": '"', "”": '"', "‘": "'", "’": "'", "−": "-", "–": "-"}


def paper_text(name: str) -> str:
    """The text of the paper whose README line starts with ``name`` (skips when absent)."""
    readme = SEEDS / "README.md"
    if not readme.is_file():
        pytest.skip(f"the papers are not at {SEEDS} (see ../shared/seeds/README.md)")
    for line in readme.read_text().splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) > 2 and cells[2].startswith(name):
            return (SEEDS / cells[1]).read_text()
    raise LookupError(f"no paper named {name!r} in {readme}")


def words(text: str) -> str:
    for typographic, plain in _TYPOGRAPHY.items():
        text = text.replace(typographic, plain)
    return re.sub(r"\s+", "", text)


def between(text: str, start: str, end: str) -> str:
    """The text after ``start`` up to the next ``end``."""
    begin = text.index(start) + len(start)
    return text[begin : text.index(end, begin)]
