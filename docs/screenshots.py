"""Make the README's screenshots of a run's report and of its episode viewer.

    python docs/screenshots.py [--data DIR]

Scores the mixed submission of the board tests (every third row wrong, some replies
unreadable) on a mini build, writes its report, and photographs it in headless chromium.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import click  # noqa: E402

from data_build.build import build  # noqa: E402
from data_build.spec import BuildSettings  # noqa: E402
from scorer.board.report import write_report  # noqa: E402
from scorer.io.dataset import load_keys  # noqa: E402
from scorer.io.predictions import read_predictions  # noqa: E402
from scorer.scoring.grading import grade  # noqa: E402
from scorer.scoring.run import score_file  # noqa: E402
from tests.board.browser import chromium_page  # noqa: E402
from tests.board.conftest import submission_lines  # noqa: E402

IMAGES = ROOT / "docs" / "img"
EPISODE = "blocksworld-episodes/"  # its first failed episode: the wrong reference's moves
FAILED = "(failure)"
STEP = 2


@click.command()
@click.option("--data", type=click.Path(path_type=Path), default=None, help="A mini build (default: build one).")
def main(data: Path | None) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        if data is None:
            data = work / "parquet"
            build(data, None, BuildSettings(size="mini", seed=0, show_progress=False))
        predictions = work / "predictions.jsonl"
        predictions.write_text("".join(line + "\n" for line in submission_lines(data, "mixed-model")))
        score_file(predictions, data, work / "results.json")
        grading = grade(load_keys(data), read_predictions(predictions).predictions)
        report = write_report(grading, work / "results.json", predictions, "first", work / "report.html")
        _photograph(report)


def _photograph(report: Path) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with chromium_page(width=1100, height=820) as page:
        page.goto(report.as_uri())
        page.screenshot(path=str(IMAGES / "report.png"))
        index = page.eval_on_selector_all(
            "#episode-pick option",
            f"options => options.findIndex(o => o.textContent.startsWith({EPISODE!r}) "
            f"&& o.textContent.endsWith({FAILED!r}))",
        )
        page.select_option("#episode-pick", index=max(index, 0))
        for _ in range(STEP - 1):
            page.click("#step-next")
        page.locator("#viewer").screenshot(path=str(IMAGES / "viewer.png"))
    click.echo(f"wrote {IMAGES / 'report.png'} and {IMAGES / 'viewer.png'}")


if __name__ == "__main__":
    main()
