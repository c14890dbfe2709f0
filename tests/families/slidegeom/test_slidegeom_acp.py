"""slidegeom-acp: ACPBench Hard's eight questions about sliding geom boards shown as 3D
images, through the visual ACP adapter (the conformance suite checks gold, wrong and the
rebuild; here: the words, the image's state, the rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq

from scorer.families.slidegeom.configs.acp import CONFIG, _placed, slidegeom_words
from scorer.families.slidegeom.generate import generate_boards
from scorer.families.slidegeom.pddl import domain_pddl
from scorer.families.slidegeom.text import placed
from scorer.tasks.acp import KINDS
from scorer.tasks.acp.prompts import vocabulary_sentence


def test_actions_and_propositions_are_said_in_the_puzzles_words() -> None:
    words = slidegeom_words(4)
    assert words.action_text("(move-left red_cube b1 a1)") == "move the red cube left from B1 to A1"
    assert words.atom_text("(at blue_sphere c3)") == "the blue sphere is at C3"
    listed = vocabulary_sentence(words, domain_pddl(), actions=False)
    assert "(at ?g ?c) - the geom ?g is at cell ?c" in listed and "(free ?c) - cell ?c is free" in listed


def test_the_image_shows_the_state_of_the_question() -> None:
    [problem] = generate_boards("standard", "t", 1, ((3, 4),))
    task = problem.task()
    board = problem.board
    assert _placed(task, task.init) == tuple(placed(board.geoms, board.start))


def test_mini_rows_ask_every_kind_about_one_image_with_exact_keys(mini_data: Path) -> None:
    rows = pq.read_table(next((mini_data / "data" / CONFIG).glob("test-*.parquet"))).to_pylist()
    assert sorted(row["difficulty"] for row in rows) == sorted(KINDS)
    for row in rows:
        assert len(row["images"]) == 1 and row["prompt"].count("<image>") == 1
        assert json.loads(row["meta"])["domain"] == "slidegeom" and row["domain"] == "slidegeom"
