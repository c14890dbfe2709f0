"""One click command made of several: ``planarium import NAME`` when more than one family
contributes a part to NAME (e.g. one paper whose data spans families).

The chained command takes the union of the parts' parameters (a parameter two parts both
declare, such as ``DIRECTORY`` or ``--out``, is given once and passed to both; the first
part's declaration is the one shown) and runs the parts in order. A part that fails stops
the chain; the parts before it keep what they wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click


def chain_commands(name: str, parts: Sequence[click.Command], short_help: str | None = None) -> click.Command:
    params: dict[str, click.Parameter] = {}
    for part in parts:
        for param in part.params:
            params.setdefault(str(param.name), param)

    def run(**values: Any) -> None:
        context = click.get_current_context()
        for part in parts:
            context.invoke(part, **{str(p.name): values[str(p.name)] for p in part.params})

    details = "\n\n".join(f"Part {i} ({part.name}): {part.help or ''}".strip() for i, part in enumerate(parts, 1))
    summary = short_help or f"Runs {len(parts)} parts."
    return click.Command(
        name, params=list(params.values()), callback=run, help=f"{summary}\n\n{details}", short_help=short_help
    )
