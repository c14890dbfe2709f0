"""What a model wrote, or named itself, shown everywhere as text: in the report and its
episode viewer (in Chromium), on the leaderboard page, in leaderboard.md and leaderboard.csv,
and in terminal tables. It was not: ``<!--<script>`` in a reply commented out the viewer's
script element (0 episodes shown), and model names went raw into Markdown and CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorer.board.leaderboard import load_board, write_board
from scorer.board.report import write_report
from scorer.io.dataset import load_keys
from scorer.io.predictions import read_predictions
from scorer.io.table import format_table
from scorer.scoring.grading import grade
from scorer.scoring.run import score_file
from tests.board.browser import chromium_page
from tests.board.conftest import submission_lines

HOSTILE = (
    "<!--<script>",
    "</script><script>document.title='owned'</script>",
    "<img src=x onerror=\"document.title='owned'\">",
    "]]> &amp; &lt;",
    "[click](javascript:alert(1)) *bold* _it_ `code` |pipe|",
    '=HYPERLINK("http://evil")',
    "\x1b[31mred\x1b[0m \u202eevil\u202c \u2028",
)
MODEL = " ".join(HOSTILE[5:6] + HOSTILE[:5] + HOSTILE[6:])  # starts with "=": a formula to a spreadsheet
# A question config and an episode config: the pages escape every config's text by the same code,
# and two configs' charts, rather than 16, keep each page's drawing to seconds.
CONFIGS = ("blocksworld-ground", "slidegeom-episodes")


def _lines(mini_data: Path, model: str) -> list[dict]:
    """``model``'s submission lines (tests/board/conftest.py) of the CONFIGS."""
    records = [json.loads(line) for line in submission_lines(mini_data, model)]
    return [record for record in records if record["id"].split("/")[0] in CONFIGS]


def _scored(lines: list[dict], folder: Path) -> Path:
    folder.mkdir()
    predictions = folder / "predictions.jsonl"
    predictions.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return predictions


def _hostile_submission(mini_data: Path, folder: Path) -> Path:
    """The mixed submission with every reply wrapped in the hostile texts and MODEL as its name."""
    lines = []
    for record in _lines(mini_data, "mixed-model"):
        record = {**record, "model": MODEL}
        if "response" in record:
            record["response"] = f"{HOSTILE[0]} {record['response']} {HOSTILE[1]}"
        else:
            replies = record["episode"]["replies"]
            record["episode"]["replies"] = [f"{HOSTILE[0]}{reply}{HOSTILE[2]}" for reply in replies]
        lines.append(record)
    predictions = _scored(lines, folder)
    score_file(predictions, mini_data, folder / "results.json")
    return predictions


@pytest.fixture(scope="module")
def hostile(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hostile submission's predictions.jsonl, scored once for both pages' tests."""
    return _hostile_submission(mini_data, tmp_path_factory.mktemp("submission") / "hostile")


@pytest.fixture(scope="module")
def gold_results(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The gold submission of the CONFIGS, scored: the board's other line."""
    predictions = _scored(_lines(mini_data, "gold-model"), tmp_path_factory.mktemp("submission") / "gold")
    score_file(predictions, mini_data, predictions.parent / "results.json")
    return predictions.parent / "results.json"


def test_the_report_shows_hostile_replies_as_text(hostile: Path, mini_data: Path, tmp_path: Path) -> None:
    grading = grade(load_keys(mini_data), read_predictions(hostile).predictions)
    report = write_report(grading, hostile.parent / "results.json", hostile, "first", tmp_path / "r.html")
    with chromium_page() as page:  # fails on any script error of the page
        page.goto(report.as_uri())
        options = page.eval_on_selector_all("#episode-pick option", "options => options.map(o => o.textContent)")
        assert len(options) > 1, "the episode data did not survive the hostile text"
        assert page.title() != "owned"
        assert page.inner_text("#step-reply").startswith(HOSTILE[0])
        assert page.eval_on_selector_all("script", "scripts => scripts.length") == 2  # the data and the viewer


def test_the_leaderboard_shows_a_hostile_model_name_as_text(hostile: Path, gold_results: Path, tmp_path: Path) -> None:
    out = tmp_path / "board"
    write_board(load_board([gold_results, hostile.parent / "results.json"]), out)

    markdown = (out / "leaderboard.md").read_text()
    assert "<script" not in markdown and "<img" not in markdown and "[click](javascript" not in markdown
    assert "&lt;!--&lt;script&gt;" in markdown and "\\[click\\]" in markdown and "\x1b" not in markdown

    rows = list(csv.reader(io.StringIO((out / "leaderboard.csv").read_text())))
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row[:6])
    assert any(row[0] == "'" + MODEL for row in rows)  # the name whole, shown as text

    with chromium_page(width=1400) as page:
        page.goto((out / "leaderboard.html").as_uri())
        assert page.title() != "owned"
        assert HOSTILE[0] in page.inner_text("body") and HOSTILE[1] in page.inner_text("body")


def test_terminal_tables_show_control_characters_as_escapes() -> None:
    table = format_table([[HOSTILE[-1], 1.0]], ["model", "value"])
    assert "\x1b" not in table and "\u202e" not in table and "\u2028" not in table
    assert "\\x1b[31mred" in table and "\\u202eevil" in table
