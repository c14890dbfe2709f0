"""AsgardBench's exact strings, checked against the anchor notes on its public code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer.families.kitchen import strings as S

NOTES = Path(__file__).resolve().parents[3] / ".." / "shared" / "anchors" / "ivispar_asgard.md"
_PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture(scope="module")
def notes() -> str:
    if not NOTES.exists():
        pytest.skip(f"the anchor notes are not at {NOTES} (../shared beside the repository)")
    return _PLACEHOLDER.sub("{}", NOTES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("template", S.ASGARD_STRINGS)
def test_each_asgardbench_string_is_in_the_notes(notes: str, template: str) -> None:
    assert _PLACEHOLDER.sub("{}", template) in notes


@pytest.mark.parametrize(
    ("message", "stripped"),
    [
        ("Cannot PUT in Mug_a529cf46 as it is dirty.", "Cannot PUT in Mug as it is dirty."),
        ("Cannot pick up Knife_1 while holding PotatoSliced_3.", "Cannot pick up Knife while holding PotatoSliced."),
        ("No object held.", "No object held."),
    ],
)
def test_detailed_feedback_strips_instance_names_as_asgardbench(message: str, stripped: str) -> None:
    assert S.strip_instances(message) == stripped


def test_every_string_is_unique() -> None:
    assert len(set(S.ASGARD_STRINGS)) == len(S.ASGARD_STRINGS)
