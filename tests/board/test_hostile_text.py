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
from tests.board.conftest import TWO_CONFIGS, submission_lines

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


def _hostile_submission(mini_data: Path, folder: Path) -> Path:
    """The mixed submission of TWO_CONFIGS with every reply wrapped in the hostile texts and
    MODEL as its name."""
    lines = []
    for line in submission_lines(mini_data, "mixed-model", TWO_CONFIGS):
        record = {**json.loads(line), "model": MODEL}
        if "response" in record:
            record["response"] = f"{HOSTILE[0]} {record['response']} {HOSTILE[1]}"
        else:
            replies = record["episode"]["replies"]
            record["episode"]["replies"] = [f"{HOSTILE[0]}{reply}{HOSTILE[2]}" for reply in replies]
        lines.append(json.dumps(record) + "\n")
    folder.mkdir()
    predictions = folder / "predictions.jsonl"
    predictions.write_text("".join(lines))
    score_file(predictions, mini_data, folder / "results.json")
    return predictions


@pytest.fixture(scope="module")
def hostile(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hostile submission's predictions.jsonl, scored once for both pages' tests."""
    return _hostile_submission(mini_data, tmp_path_factory.mktemp("submission") / "hostile")


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


def test_the_leaderboard_shows_a_hostile_model_name_as_text(
    hostile: Path, two_config_submissions: Path, tmp_path: Path
) -> None:
    out = tmp_path / "board"
    gold = two_config_submissions / "gold-model" / "results.json"  # the same two configs
    write_board(load_board([gold, hostile.parent / "results.json"]), out)

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
