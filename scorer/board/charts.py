"""Charts as PNG bytes, drawn with matplotlib (object API: no global pyplot state, so
charts can be drawn from several threads and never leak figures).

The same charts go into ``score --plots DIR`` files and, inline, into the HTML pages.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from scorer.board.headline import Score

WIDTH_PER_BAR = 0.35  # inches per bar, so a wide chart stays readable
DPI = 100
INCHES_PER_CHAR = 0.08  # a tick label's width per character at matplotlib's default size
# PNG metadata without the matplotlib version: equal inputs give equal bytes across installs.
METADATA = {"Software": None}


def grouped_bars(
    title: str, categories: Sequence[str], series: Mapping[str, Sequence[Score | None]], ylabel: str
) -> bytes:
    """One group of bars per category (a difficulty), one bar per series (a submission),
    with the standard error as an error bar; an absent score leaves a gap."""
    n_series = max(1, len(series))
    width = max(5.0, WIDTH_PER_BAR * len(categories) * n_series + 2)
    figure = Figure(figsize=(width, 3.4), dpi=DPI)
    axes = figure.add_subplot()
    bar = 0.8 / n_series
    for index, (label, scores) in enumerate(series.items()):
        xs = [i + (index - (n_series - 1) / 2) * bar for i in range(len(categories))]
        values = [s.value if s is not None and s.value is not None else 0.0 for s in scores]
        errors = [s.stderr if s is not None and s.stderr is not None else 0.0 for s in scores]
        axes.bar(xs, values, bar, yerr=errors, capsize=2, label=label)
    axes.set_xticks(range(len(categories)), list(categories), rotation=30 if len(categories) > 6 else 0, ha="right")
    axes.set_ylim(0, max(1.0, *(s.value or 0.0 for scores in series.values() for s in scores if s is not None)))
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if len(series) > 1:
        axes.legend(fontsize="small", ncols=min(4, len(series)))
    return _png(figure)


def heatmap(title: str, rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float | None]]) -> bytes:
    """Values in [0, 1] as colours, each cell written out; an absent value is grey."""
    figure = Figure(figsize=(max(4.0, 0.7 * len(columns) + 2.5), max(2.0, 0.45 * len(rows) + 1.4)), dpi=DPI)
    axes = figure.add_subplot()
    cells = [[float("nan") if v is None else v for v in row] for row in values]
    axes.set_facecolor("#dddddd")
    image = axes.imshow(cells, cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto")
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            if value is not None:
                axes.text(
                    c,
                    r,
                    f"{value:.2f}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white" if value < 0.6 else "black",
                )
    axes.set_xticks(range(len(columns)), list(columns), rotation=40, ha="right")
    axes.set_yticks(range(len(rows)), list(rows))
    axes.set_title(title)
    figure.colorbar(image, ax=axes, fraction=0.03)
    return _png(figure)


def stacked_counts(title: str, categories: Sequence[str], counts: Mapping[str, Sequence[int]]) -> bytes:
    """Horizontal stacked bars: per category (a submission), how many rows had each outcome."""
    # the submissions' names sit left of the bars: a long name widens the figure, never the bars away
    width = max(8.0, 5.0 + INCHES_PER_CHAR * max((len(c) for c in categories), default=0))
    figure = Figure(figsize=(width, max(1.8, 0.45 * len(categories) + 1.2)), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    left = [0] * len(categories)
    for label, values in counts.items():
        axes.barh(range(len(categories)), values, left=left, label=label)
        left = [a + b for a, b in zip(left, values)]
    axes.set_yticks(range(len(categories)), list(categories))
    axes.invert_yaxis()
    axes.set_xlabel("rows")
    axes.set_title(title)
    figure.legend(fontsize="small", loc="outside right upper")
    return _png(figure)


def _png(figure: Figure) -> bytes:
    # Laid out once here, then saved with no layout engine: with one (or the placeholder that
    # ``tight_layout`` leaves), savefig draws the whole figure an extra time only to lay it out.
    # ``tight_layout()`` lays out in one pass; a TightLayoutEngine with its default rect (the
    # whole figure) computes every tight box a second time only to find the first pass's
    # margins (the same bytes; a board of two runs' 16 configs 9.9-10.3 -> 9.0-9.5 CPU s).
    engine = figure.get_layout_engine()
    if engine is None:
        figure.tight_layout()
    else:
        engine.execute(figure)
    figure.set_layout_engine(None)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata=METADATA)
    return buffer.getvalue()
