"""The terminal results table: markdown, laid out like lm-evaluation-harness's.

    |config|difficulty|metric  | value|±  |stderr|  n|
    |------|----------|--------|-----:|---|-----:|--:|
    |bw    |all       |accuracy|0.7500|±  |0.0433|100|

Numeric columns are right-aligned (and marked so in the separator row), text
columns left-aligned; floats have 4 decimals and None is "-". When the headers
have a "stderr" column but no "±" column, a "±" column is put before it, so
callers pass plain value/stderr pairs and still get lm-eval's "value ± stderr".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

Cell = str | float | int | None

# Fewer rows than this make a standard error no one should read (sqrt(p(1-p)/n) is 0 at n = 1 or
# whenever the rows agree): tables and boards show the score and its n without one.
MIN_ROWS_FOR_STDERR = 5
FEW_ROWS = f"n<{MIN_ROWS_FOR_STDERR}"  # what a table shows in place of such a standard error


def shown_stderr(stderr: float | None, n: int) -> float | str | None:
    """The standard error a table shows: FEW_ROWS in place of one from too few rows."""
    return FEW_ROWS if stderr is not None and n < MIN_ROWS_FOR_STDERR else stderr


PLUS_MINUS = "±"
STDERR_HEADER = "stderr"
MISSING_CELL = "-"
# Markdown needs at least three dashes per column in the separator row.
MIN_WIDTH = 3


def format_table(rows: Sequence[Sequence[Cell]], headers: Sequence[str]) -> str:
    """A markdown table, one line per row, no trailing newline."""
    _check_row_lengths(rows, headers)
    headers, rows = _with_plus_minus(headers, rows)
    texts = [[_cell_text(cell) for cell in row] for row in rows]
    right_aligned = [_is_numeric_column([row[i] for row in rows]) for i in range(len(headers))]
    widths = [max(MIN_WIDTH, len(header), *(len(row[i]) for row in texts)) for i, header in enumerate(headers)]
    lines = [_line([_escaped(h) for h in headers], widths, right_aligned), _separator(widths, right_aligned)]
    lines += [_line(row, widths, right_aligned) for row in texts]
    return "\n".join(lines)


def _check_row_lengths(rows: Sequence[Sequence[Cell]], headers: Sequence[str]) -> None:
    for index, row in enumerate(rows):
        if len(row) != len(headers):
            raise ValueError(f"row {index} has {len(row)} cells for {len(headers)} headers")


def _with_plus_minus(headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> tuple[list[str], list[list[Cell]]]:
    """Insert a "±" column before "stderr" unless the caller already has one."""
    if STDERR_HEADER not in headers or PLUS_MINUS in headers:
        return list(headers), [list(row) for row in rows]
    at = list(headers).index(STDERR_HEADER)
    new_headers = [*headers[:at], PLUS_MINUS, *headers[at:]]
    # "±" only beside a number: "± -" would suggest an error of unknown size, and "± n<5" one that
    # exists (a text there says why there is none).
    new_rows = [[*row[:at], PLUS_MINUS if isinstance(row[at], int | float) else "", *row[at:]] for row in rows]
    return new_headers, new_rows


def _cell_text(cell: Cell) -> str:
    if cell is None:
        return MISSING_CELL
    if isinstance(cell, float):
        return f"{cell:.4f}"
    return _escaped(str(cell))


def _escaped(text: str) -> str:
    # A "|" would end the cell and a newline the row; neither may leak into the layout.
    flat = text.replace("|", "\\|").replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return _CONTROLS.sub(_visible, flat)


# Control characters (ANSI escapes, C1 codes) and the invisible ones that reorder or hide text
# (bidi overrides and isolates, zero-width marks): a model's text shows them as escapes, so a
# table can neither drive the terminal nor display something other than what it holds.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _is_numeric_column(cells: Sequence[Cell]) -> bool:
    # FEW_ROWS stands where a number would: the column stays aligned as numbers are.
    present = [cell for cell in cells if cell is not None and cell != FEW_ROWS]
    # bool is an int subclass, but True/False read as words, not quantities.
    return bool(present) and all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in present)


def _line(texts: Sequence[str], widths: Sequence[int], right_aligned: Sequence[bool]) -> str:
    cells = [text.rjust(w) if right else text.ljust(w) for text, w, right in zip(texts, widths, right_aligned)]
    return "|" + "|".join(cells) + "|"


def _separator(widths: Sequence[int], right_aligned: Sequence[bool]) -> str:
    cells = ["-" * (w - 1) + ":" if right else "-" * w for w, right in zip(widths, right_aligned)]
    return "|" + "|".join(cells) + "|"
