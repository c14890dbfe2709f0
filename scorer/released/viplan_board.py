"""ViPlan's replayed runs on Planarium's leaderboard, and that board beside ViPlan's own.

ViPlan's leaderboard has one row per (model, evaluation setting, CoT), with a column per
domain and their mean. Planarium's board has one row per submission label (the predictions'
``model``) and a column per family and overall, and merges the results files of one label
whose configs differ (``scorer.board.results_files.distinct_labels``). So a label that names
the model, ViPlan's setting and CoT (``model_label``) gives the board ViPlan's rows: one
domain's submission folder and the other's, of the same model and setting, become one row.

``python -m scorer.released.viplan_board OUT [RESULTS_DIR] [--top N]`` prints the overall
table of ``planarium leaderboard OUT/*/*/*/*/results.json --allow-off-protocol``, best first
(as its HTML page sorts on a click), with ViPlan's own numbers of the same rows beside it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from scorer.board.headline import Score, cell_text
from scorer.released.viplan_runs import RunFile
from scorer.released.viplan_tables import (
    LEADERBOARD_METHODS,
    READABLE_MODELS,
    SETTINGS,
    LeaderboardRow,
    leaderboard,
    viplan_reported,
)

SEPARATOR = " · "
# ../shared/external/viplan-results beside the repository, where the benchmark keeps the papers' files.
RESULTS = Path(__file__).resolve().parents[3] / "shared" / "external" / "viplan-results"
TOP = 20  # the notebook prints the head of its leaderboard, 20 rows


def label(model: str, method: str, cot: bool, fail_prob: float = 0.0) -> str:
    """``gpt-4.1 · VLM-as-planner · CoT``: ViPlan's model folder, method folder and CoT."""
    parts = [model, SETTINGS[method], "CoT" if cot else "no CoT"]
    if fail_prob:  # ViPlan's leaderboard leaves these runs out: a row of their own here
        parts.append(f"action failures {fail_prob:g}")
    return SEPARATOR.join(parts)


def model_label(run: RunFile) -> str:
    """The predictions' ``model`` of a replayed run: its submission's name on the board."""
    return label(run.model, run.method, run.cot, run.fail_prob)


def viplan_rows(results_dir: Path) -> dict[str, LeaderboardRow]:
    """ViPlan's leaderboard from its own numbers (the notebook's), by our label."""
    folders = {readable: folder for folder, readable in READABLE_MODELS.items()}
    methods = {name: folder for folder, name in LEADERBOARD_METHODS.items()}
    rows = leaderboard(viplan_reported(results_dir))
    return {label(folders.get(r.model, r.model), methods[r.method], r.cot == "yes"): r for r in rows}


def ranked(out: Path) -> tuple[list[str], list[list[str | Score | None]]]:
    """The board's overall table of every results file under ``out``, best overall first
    (a row without an overall score last, in the board's order)."""
    from scorer.board.leaderboard import load_board

    table = load_board(sorted(out.glob("*/*/*/*/results.json")), allow_off_protocol=True).overall()
    column = table.headers.index("overall")

    def key(row: list[str | Score | None]) -> float:
        cell = row[column]
        return -cell.value if isinstance(cell, Score) and cell.value is not None else 1.0

    return table.headers, sorted(table.rows, key=key)


def comparison(out: Path, results_dir: Path, top: int | None = TOP) -> str:
    """The ranked board (``top`` rows), ViPlan's per-domain and combined success beside each row."""
    from scorer.io.table import format_table

    headers, rows = ranked(out)
    theirs = viplan_rows(results_dir)
    domains = [s.domain for s in next(iter(theirs.values())).domains] if theirs else []
    shown = rows[:top] if top is not None else rows
    body = [[*map(_text, row), *_viplan_cells(theirs.get(str(row[0])), len(domains))] for row in shown]
    extra = [f"ViPlan {domain}" for domain in domains] + ["ViPlan combined"] if domains else []
    return format_table(body, [*headers, *extra])


def _viplan_cells(row: LeaderboardRow | None, domains: int) -> list[str]:
    if row is None:
        return ["-"] * (domains + 1 if domains else 0)
    return [f"{s.success:.3f} ± {s.error:.3f}" for s in row.domains] + [f"{row.success:.3f} ± {row.error:.3f}"]


def _text(cell: str | Score | None) -> str:
    return cell if isinstance(cell, str) else cell_text(cell)


def main(argv: Sequence[str] | None = None, out: Callable[[str], object] = sys.stdout.write) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    top: int | None = TOP
    if "--top" in args:
        at = args.index("--top")
        top = int(args[at + 1]) or None
        del args[at : at + 2]
    if len(args) not in (1, 2):
        out("usage: python -m scorer.released.viplan_board OUT [RESULTS_DIR] [--top N (0: every row)]\n")
        return 2
    results_dir = Path(args[1]) if len(args) == 2 else RESULTS
    out(comparison(Path(args[0]), results_dir, top) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
