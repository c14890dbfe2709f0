"""A board's tables as Markdown and as long-form CSV."""

from __future__ import annotations

import csv
import io

from scorer.board.board import Board, Table
from scorer.board.headline import Score, cell_text, headline_name
from scorer.report.table import format_table


def markdown(board: Board) -> str:
    parts = [f"## {table.title}\n\n{format_table(_texts(table), table.headers)}" for table in board.tables()]
    return "\n\n".join(parts) + "\n"


def _texts(table: Table) -> list[list[str]]:
    return [[cell if isinstance(cell, str) else cell_text(cell) for cell in row] for row in table.rows]


CSV_HEADERS = ["submission", "results_file", "family", "config", "group", "metric", "value", "stderr", "n"]


def long_csv(board: Board) -> str:
    """One line per (submission, config, group): easy to load into a data frame."""
    owners = {config: family for family, configs in board.families.items() for config in configs}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADERS)
    for results in board.submissions:
        for config in board.configs:
            entry = results.configs.get(config)
            if entry is None:
                continue
            metric = headline_name(entry)
            for group in entry.get("metrics", {}):
                score = board.score(results, config, group)
                if score is not None:
                    writer.writerow(
                        [results.label, str(results.path), owners[config], config, group, metric, *_numbers(score)]
                    )
    return out.getvalue()


def _numbers(score: Score) -> list[str]:
    return ["" if x is None else repr(x) for x in (score.value, score.stderr)] + [str(score.n)]
