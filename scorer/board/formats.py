"""A board's tables as Markdown and as long-form CSV."""

from __future__ import annotations

import csv
import io

from scorer.board.board import Board, Table
from scorer.board.headline import Score, cell_text, headline_name
from scorer.io.table import format_table


def markdown(board: Board) -> str:
    parts = [
        f"## {table.title}\n\n{format_table(_texts(table), table.headers)}{_notes(table)}" for table in board.tables()
    ]
    return "\n\n".join(parts) + "\n"


def _notes(table: Table) -> str:
    """The footnotes of the marked scores (off-protocol, incomplete, sampled), one paragraph each."""
    return "".join(f"\n\n{markdown_text(note)}" for note in table.notes())


def _texts(table: Table) -> list[list[str]]:
    return [[markdown_text(cell) if isinstance(cell, str) else cell_text(cell) for cell in row] for row in table.rows]


# Markdown's inline syntax, and "<", ">", "&", which renderers pass through as HTML: a model's
# name shows as written, never as a link, an emphasis, a tag or an entity.
_MARKDOWN_ESCAPES = {**{c: "\\" + c for c in "\\`*_[]~"}, "<": "&lt;", ">": "&gt;", "&": "&amp;"}
_MARKDOWN_TABLE = str.maketrans(_MARKDOWN_ESCAPES)


def markdown_text(text: str) -> str:
    """``text`` for a Markdown table cell (the table itself escapes "|" and line breaks)."""
    return text.translate(_MARKDOWN_TABLE)


# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_text(text: str | None) -> str:
    """A text cell a spreadsheet shows as text: a leading formula character gets a "'" before it."""
    text = text or ""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


# protocol: "on", or "off: " and the settings that departed from the paper's protocol (scorer.episodes.protocol);
# coverage: "complete", or "incomplete: " and what its run left unanswered; sample: "" (every row) or the sample;
# samples: per row (1, or n under --duplicates samples) and pass_at_samples: pass@k at k = samples
CSV_HEADERS = [
    "submission",
    "results_file",
    "family",
    "config",
    "group",
    "metric",
    "value",
    "stderr",
    "n",
    "protocol",
    "coverage",
    "sample",
    "samples",
    "pass_at_samples",
]


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
                    texts = (results.label, str(results.file_of(config)), owners[config], config, group, metric)
                    protocol = f"off: {score.off_protocol[0][1]}" if score.off_protocol else "on"
                    coverage = f"incomplete: {score.incomplete[0][1]}" if score.incomplete else "complete"
                    sample = score.sampled[0][1] if score.sampled else ""
                    marks = (protocol, coverage, sample)
                    cells = [*(csv_text(text) for text in texts), *_numbers(score), *map(csv_text, marks)]
                    writer.writerow([*cells, *_sample_numbers(score)])
    return out.getvalue()


def _numbers(score: Score) -> list[str]:
    return ["" if x is None else repr(x) for x in (score.value, score.stderr)] + [str(score.n)]


def _sample_numbers(score: Score) -> list[str]:
    """Samples per row, and pass@k at k = samples (empty with one sample per row)."""
    return [str(score.samples), "" if score.pass_at_n is None else repr(score.pass_at_n)]
