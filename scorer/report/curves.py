"""Line charts of per-step curves (one line per series, a band of one standard error),
drawn with matplotlib's object API (no global pyplot state) and written atomically.

PNG metadata leaves out the matplotlib version, so equal inputs give equal bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scorer.io import atomic

DPI = 100
METADATA = {"Software": None}


@dataclass(frozen=True)
class Curve:
    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    errors: Sequence[float] | None = None  # one standard error per point: drawn as a band
    dashed: bool = False


def write_curves(
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
    curves: Sequence[Curve],
    ylim: tuple[float, float],
    log_x: bool = False,
) -> Path:
    """One chart of ``curves`` as a PNG at ``path``; a ValueError when there is none."""
    if not curves:
        raise ValueError(f"no curve to draw for {title!r}")
    from matplotlib.figure import Figure  # here: scoring without charts never imports matplotlib

    figure = Figure(figsize=(7.0, 4.2), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    for curve in curves:
        (line,) = axes.plot(curve.xs, curve.ys, "--" if curve.dashed else "-", label=curve.label, linewidth=1.8)
        if curve.errors is not None:
            low = [y - e for y, e in zip(curve.ys, curve.errors, strict=True)]
            high = [y + e for y, e in zip(curve.ys, curve.errors, strict=True)]
            axes.fill_between(curve.xs, low, high, color=line.get_color(), alpha=0.18, linewidth=0)
    if log_x:
        axes.set_xscale("log")
    axes.set_ylim(*ylim)
    axes.set_xlim(min(min(c.xs) for c in curves), max(max(c.xs) for c in curves))
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.legend(fontsize="small")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata=METADATA)
    atomic.write_bytes(path, buffer.getvalue())
    return path


def config_path(path: Path, config: str, several: bool) -> Path:
    """``path`` itself for a run of one config; ``<stem>-<config><suffix>`` beside it for several."""
    return path.with_name(f"{path.stem}-{config}{path.suffix or '.png'}") if several else path
