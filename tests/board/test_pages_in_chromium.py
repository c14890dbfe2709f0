"""The leaderboard page and a run's report, in a real browser: a table sorts, an episode
opens and steps, and the screenshots are not blank."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageStat

from scorer.board.leaderboard import load_board, write_board
from scorer.board.report import write_report
from scorer.dataset import load_keys
from scorer.grading import grade
from scorer.predictions import read_predictions
from tests.board.browser import chromium_page


def not_blank(png: bytes) -> bool:
    """Real content: several distinct colours and a spread of brightness, not one flat fill."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    spread = ImageStat.Stat(image.convert("L")).stddev[0]
    return spread > 10 and len(image.getcolors(maxcolors=1 << 20) or []) > 50


def _column(page: object, table: str, index: int) -> list[str]:
    return page.eval_on_selector_all(  # type: ignore[attr-defined, no-any-return]
        f'table[data-key="{table}"] tbody tr', f"rows => rows.map(r => r.cells[{index}].textContent)"
    )


def test_the_leaderboard_table_sorts_by_a_click(results_files: list[Path], tmp_path: Path) -> None:
    write_board(load_board(results_files), tmp_path)
    with chromium_page() as page:
        page.goto((tmp_path / "leaderboard.html").as_uri())
        overall = len(load_board(results_files).overall().headers) - 2  # the "overall" column
        header = page.locator(f'table[data-key="overall"] th:nth-child({overall + 1})')
        header.click()
        ascending = _column(page, "overall", 0)
        header.click()
        descending = _column(page, "overall", 0)
        assert ascending == ["wrong-model", "mixed-model", "gold-model"]
        assert descending == list(reversed(ascending))
        assert not_blank(page.screenshot(full_page=True))


def test_the_report_opens_an_episode_and_steps_through_it(submissions: Path, mini_data: Path, tmp_path: Path) -> None:
    folder = submissions / "mixed-model"
    predictions = folder / "predictions.jsonl"
    dataset = load_keys(mini_data)
    grading = grade(dataset, read_predictions(predictions).predictions)
    report = write_report(grading, folder / "results.json", predictions, "first", tmp_path / "report.html")
    with chromium_page() as page:
        page.goto(report.as_uri())
        options = page.eval_on_selector_all("#episode-pick option", "options => options.map(o => o.textContent)")
        assert options and all("/test/" in option for option in options)
        page.select_option("#episode-pick", index=1)
        label = page.inner_text("#step-label")
        total = int(label.split(" of ")[1])
        assert label == f"step 1 of {total}" and total >= 2
        first_reply = page.inner_text("#step-reply")
        page.click("#step-next")
        assert page.inner_text("#step-label") == f"step 2 of {total}"
        assert page.inner_text("#step-info").strip() not in ("", "-")
        page.click("#step-prev")
        assert page.inner_text("#step-label") == f"step 1 of {total}" and page.inner_text("#step-reply") == first_reply
        viewer = page.locator("#viewer-section").screenshot()
        assert not_blank(viewer)
        assert page.eval_on_selector_all("#step-images img", "images => images.every(i => i.naturalWidth > 0)")
