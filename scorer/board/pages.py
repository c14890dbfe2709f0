"""The two pages: a leaderboard (several results files) and a run's report (one results
file, with its episodes replayed in the viewer)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from scorer.board.board import Board
from scorer.board.figures import Chart, config_charts
from scorer.board.html import chart_html, facts_html, page, section, table_html
from scorer.board.outcomes import Outcomes
from scorer.board.results_files import ResultsFile


def board_page(board: Board, outcomes: dict[str, Outcomes], title: str = "Planarium leaderboard") -> str:
    submissions = "".join(
        f"<h3>{escape(results.label)}</h3>{facts_html(run_facts(results))}" for results in board.submissions
    )
    sections = [
        section("Tables", "".join(table_html(t) for t in board.tables()), "tables"),
        section("Charts", _charts(board, outcomes), "charts"),
        section("Submissions", submissions, "submissions"),
    ]
    return page(title, sections)


def run_page(
    results: ResultsFile, episodes: list[dict[str, Any]], by_config: dict[str, list[Chart]], extra_charts: list[Chart]
) -> str:
    """``by_config``: each config's charts, drawn once by the caller (the report and ``--plots``
    show the same ones)."""
    board = Board([results])
    sections = [
        section("Run", facts_html(run_facts(results)), "run"),
        section("Tables", "".join(table_html(t) for t in board.tables()), "tables"),
        section("Charts", _chart_blocks(by_config, extra_charts), "charts"),
    ]
    return page(f"Planarium report: {results.label}", sections, episodes)


def _charts(board: Board, outcomes: dict[str, Outcomes]) -> str:
    return _chart_blocks({config: config_charts(board, config, outcomes) for config in board.configs})


def _chart_blocks(by_config: dict[str, list[Chart]], extra: Sequence[Chart] = ()) -> str:
    blocks = []
    for config, charts in by_config.items():
        blocks.append(f"<h3>{escape(config)}</h3><div class='charts'>{''.join(chart_html(c) for c in charts)}</div>")
    if extra:
        blocks.append(f"<h3>Family plots</h3><div class='charts'>{''.join(chart_html(c) for c in extra)}</div>")
    return "".join(blocks)


def run_facts(results: ResultsFile) -> dict[str, str]:
    document = results.document
    run = document.get("run", {})
    versions = ", ".join(f"{k} {v}" for k, v in sorted((run.get("versions") or {}).items()) if v)
    return {
        "results file": ", ".join(str(part.path) for part in results.files),
        "models": ", ".join(run.get("models") or []) or "-",
        "command": str(run.get("command") or "-"),
        "settings": ", ".join(f"{k}={v}" for k, v in sorted((run.get("settings") or {}).items())) or "-",
        "split": str(document.get("split")),
        "dataset fingerprint": str(document["dataset"].get("fingerprint")),
        "scorer": f"{document.get('scorer_version')} (commit {run.get('git_commit') or 'unknown'})",
        "versions": versions or "-",
    }
