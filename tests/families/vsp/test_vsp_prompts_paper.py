"""Every VSP prompt, held sentence by sentence against VSP, appendix A (the seeds' text of
the paper). Our prompt files are VSP's released ``prompt-text.txt`` texts (collision: the
paper's, which asks about the collision too); where those differ from what the paper
prints, the sentence is listed below with the reason, so any other drift fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.papers import paper_text

PROMPTS = Path(__file__).resolve().parents[3] / "scorer" / "families" / "vsp" / "prompts"
# The paper's heading of each prompt, and which of the headings of that name (the paper
# prints blocks' T4 under a second "Maze Navigation scenario, Task 4" heading).
SECTIONS = {
    "maze-main": ("Maze Navigation scenario, Main task (Spatial Planning)", 0),
    "maze-t1": ("Maze Navigation scenario, Task 1 (Single Object Perception)", 0),
    "maze-t2": ("Maze Navigation scenario, Task 2 (Spatial Relation Perception)", 0),
    "maze-t3": ("Maze Navigation scenario, Task 3 (Environment Perception)", 0),
    "maze-t4": ("Maze Navigation scenario, Task 4 (Spatial Reasoning)", 0),
    "blocks-main": ("Block World scenario, Main Task (Spatial Planning)", 0),
    "blocks-t1": ("Block World scenario, Task 1 (Single Object Perception)", 0),
    "blocks-t2": ("Block World scenario, Task 2 (Spatial Relation Perception)", 0),
    "blocks-t3": ("Block World scenario, Task 3 (Environment Perception)", 0),
    "blocks-t4": ("Maze Navigation scenario, Task 4 (Spatial Reasoning)", 1),
    "collision": ("Collision scenario", 0),
    "streetmap-route": ("Google Map scenario", 0),
}
# Our sentences the paper does not print, each as VSP's released text has it.
RELEASED_TEXT = "as VSP's released prompt-text.txt and test.py send it"
DEPARTURES = {
    "maze-main": {"please generate action plan for the following maze:": RELEASED_TEXT},
    "maze-t2": {
        'to describe their relative positions, use the directional indicators from {"above", "below", "left", '
        '"right"}.': RELEASED_TEXT,
        'for example, <output> "above,left" means the player is above and to the left of the goal, and <output> '
        '"below" means the player is below the goal.': RELEASED_TEXT,
    },
    "maze-t3": {
        'following the reasoning process, output answer as "<answer> <choice>", where "<choice>" is one of '
        "{a,b,c,d}.": RELEASED_TEXT
    },
    "maze-t4": {"you are a maze-solving agent playing a pixelated maze videogame.": RELEASED_TEXT},
    "blocks-main": {
        "then, list the moves in a step-by-step manner using the format move(source, target).": RELEASED_TEXT
    },
    "blocks-t1": {
        "since coding is not within your skill set, your approach relies on logical reasoning.": RELEASED_TEXT
    },
    "blocks-t2": {
        "(a) one block is directly above another block, and they are at the same stack; (b) one block is directly "
        "below another block, and they are at the same stack; (c) two blocks are at different blocks; (d) at least "
        "one of the asked blocks does not exist in the image.": RELEASED_TEXT
        + ' ("different blocks": the paper says stacks)',
        "since coding is not within your skill set, your approach relies on logical reasoning.": RELEASED_TEXT,
        "we can answer the questiosn regarding the spatial relations accordingly.": RELEASED_TEXT,
        "then, answer the question with the format <output> <choice>, where <choice> is one of {a,b,c,d}.": (
            RELEASED_TEXT
        ),
    },
    "blocks-t3": {
        "then, answer the question with the format <output> <choice>, where <choice> is one of {a,b,c,d}.": (
            RELEASED_TEXT
        ),
        "here are the textual candidates:": RELEASED_TEXT,
    },
    "blocks-t4": {
        "since coding is not within your skill set, your approach relies on logical reasoning of the map.": (
            RELEASED_TEXT
        )
    },
    "streetmap-route": {
        "since coding is not within your skill set, your approach relies on logical reasoning of the map.": (
            "VSP's released prompt-text.txt"
        ),
        "you are now at the northeast of the goal.": "our worked example image is prompt-text.txt's",
        "if you move south by 1 crossroad, you will be at the east of the goal.": "the same worked example",
        "if you move west by 1 crossroads, you will be at the goal.": "the same worked example",
    },
}
_PDF_ARTIFACTS = ("(continue in next page)", "((Continue))", "(Continued)")


def normalised(text: str) -> str:
    """What survives the PDF: no list markers, headings' hashes, table bars or page notes."""
    for artifact in _PDF_ARTIFACTS:
        text = text.replace(artifact, " ")
    for typographic, plain in (("“", '"'), ("”", '"'), ("‘", "'"), ("’", "'")):
        text = text.replace(typographic, plain)
    text = re.sub(r"^\s*(##|-)\s", " ", text, flags=re.MULTILINE).replace("|", " ").replace("$", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def _sections() -> dict[tuple[str, int], str]:
    """Appendix A's prompts by (heading, which of the headings of that name)."""
    paper = paper_text("VSP")
    appendix = paper[: paper.index("B. Prompt for textual input")]
    headings = list(re.finditer(r"^Prompt for (.*):$", appendix, re.MULTILINE))
    found: dict[tuple[str, int], str] = {}
    for heading, following in zip(headings, [*headings[1:], None]):
        end = following.start() if following else len(appendix)
        seen = sum(1 for title, _ in found if title == heading[1])
        found[(heading[1], seen)] = normalised(appendix[heading.end() : end])
    return found


def _sentences(template: str) -> list[str]:
    """The template's sentences, its image markers and fields taken out."""
    text = re.sub(r"<image>|\$\{?\w+\}?", "\n", template)
    pieces = (normalised(piece) for piece in re.split(r"(?<=[.:?!])\s+|\n", text))
    return [piece for piece in pieces if len(piece) > 3]


@pytest.mark.parametrize("prompt", sorted(SECTIONS))
def test_every_sentence_is_the_papers_or_a_listed_departure(prompt: str) -> None:
    path = PROMPTS / f"{prompt}.txt"
    printed = _sections()[SECTIONS[prompt]]
    sentences = _sentences(path.read_text())
    assert len(sentences) > 10
    unprinted = {sentence for sentence in sentences if sentence not in printed}
    assert unprinted == set(DEPARTURES.get(prompt, {}))


def test_every_prompt_file_is_held() -> None:
    assert {path.stem for path in PROMPTS.glob("*.txt")} == set(SECTIONS)


def test_the_papers_typo_fix_is_kept() -> None:
    # VSP's released T2 text misspells "player" ("plyaer"); the paper prints it right, and so do we.
    assert "plyaer" not in (PROMPTS / "maze-t2.txt").read_text()
