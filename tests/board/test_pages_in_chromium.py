"""The leaderboard page and a run's report, in a real browser: a table sorts, an episode
opens and steps, and the screenshots are not blank."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageStat

from scorer.board.leaderboard import load_board
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


def test_the_leaderboard_table_sorts_by_a_click(report_results_files: list[Path], board_folder: Path) -> None:
    with chromium_page() as page:
        page.goto((board_folder / "board" / "leaderboard.html").as_uri())
        overall = len(load_board(report_results_files).overall().headers) - 2  # the "overall" column
        header = page.locator(f'table[data-key="overall"] th:nth-child({overall + 1})')
        header.click()
        ascending = _column(page, "overall", 0)
        header.click()
        descending = _column(page, "overall", 0)
        assert ascending == ["wrong-model", "mixed-model", "gold-model"]
        assert descending == list(reversed(ascending))
        assert not_blank(page.screenshot(full_page=True))


def test_the_report_opens_an_episode_and_steps_through_it(mixed_run: Path) -> None:
    with chromium_page() as page:
        page.goto((mixed_run / "r.html").as_uri())  # the mixed submission's report
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


WIDE_CONFIG = "kitchen-episodes"  # one column per task type: a dozen of them, wider than the page
VIEWPORT = 1400


def _page_width(page: object) -> dict[str, int]:
    """The page's scroll width, and the wide config's table box: its width and its content's."""
    return page.evaluate(  # type: ignore[attr-defined, no-any-return]
        """key => {
            const box = document.querySelector(`table[data-key="${key}"]`).parentElement;
            return {page: document.documentElement.scrollWidth, box: box.clientWidth, table: box.scrollWidth,
                    overflow: getComputedStyle(box).overflowX, faded: box.classList.contains("more-right")};
        }""",
        f"config-{WIDE_CONFIG}",
    )


def test_wide_tables_scroll_in_their_own_box_not_the_page(
    report_results_files: list[Path], board_folder: Path, mixed_run: Path, tmp_path: Path
) -> None:
    board = load_board(report_results_files)
    assert len(board.config(WIDE_CONFIG).headers) >= 13  # submission, all, 12 task types (and their mean)
    with chromium_page(VIEWPORT, 900) as page:
        pages = (("leaderboard", board_folder / "board" / "leaderboard.html"), ("report", mixed_run / "r.html"))
        for name, path in pages:
            page.goto(path.as_uri())
            width = _page_width(page)
            assert width["page"] <= VIEWPORT, (name, width)
            assert width["overflow"] == "auto" and width["table"] > width["box"], (name, width)  # it scrolls, inside
            assert width["faded"], "the box's right edge says that more columns lie beyond it"
            table = page.locator(f'table[data-key="config-{WIDE_CONFIG}"]')
            table.scroll_into_view_if_needed()
            shot = page.screenshot()
            (tmp_path / f"{name}-{VIEWPORT}.png").write_bytes(shot)
            assert not_blank(shot)
            table.evaluate("t => { t.parentElement.scrollLeft = t.parentElement.scrollWidth; }")
            page.wait_for_function("t => !t.parentElement.classList.contains('more-right')", arg=table.element_handle())
            assert _page_width(page)["page"] <= VIEWPORT
            (tmp_path / f"{name}-{VIEWPORT}-scrolled.png").write_bytes(page.screenshot())
