"""Self-contained HTML pages: the styles, the script and the images are inside the file
(no CDN, no web font), so a page opens anywhere, offline, and can be mailed or archived.

All text from results and submissions is escaped; the episode data is embedded as JSON
that the script reads and shows with ``textContent``, so nothing a model wrote can run.
"""

from __future__ import annotations

import base64
import json
from html import escape
from importlib import resources
from typing import Any

from scorer.board.board import Table
from scorer.board.figures import Chart
from scorer.board.headline import Score, cell_text, pairs_text


def page(title: str, sections: list[str], episodes: list[dict[str, Any]] | None = None) -> str:
    css = resources.files(__package__).joinpath("page.css").read_text(encoding="utf-8")
    script = resources.files(__package__).joinpath("page.js").read_text(encoding="utf-8")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{css}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        *sections,
    ]
    if episodes:
        parts += [viewer_html(), f'<script type="application/json" id="episodes">{_json_for_script(episodes)}</script>']
    parts += [f"<script>{script}</script></body></html>"]
    return "\n".join(parts) + "\n"


def table_html(table: Table) -> str:
    """The table in a box of its own that scrolls sideways when it is wider than the page
    (a config with a dozen groups), so the page itself never does; its off-protocol notes below."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in table.headers)
    body = "".join("<tr>" + "".join(_cell(cell) for cell in row) + "</tr>" for row in table.rows)
    notes = "".join(f'<p class="note off-protocol-note">{escape(note)}</p>' for note in table.notes())
    return (
        f'<h3 id="{escape(table.key)}">{escape(table.title)}</h3>'
        f'<div class="table-box"><table class="board" data-key="{escape(table.key)}">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{notes}"
    )


def _cell(cell: str | Score | None) -> str:
    if isinstance(cell, str):
        return f'<td data-sort="{escape(cell)}">{escape(cell)}</td>'
    value = "" if cell is None or cell.value is None else repr(cell.value)
    found = [(kind, what, pairs) for kind, what, pairs in _cell_marks(cell) if pairs]
    if found:
        classes = " ".join(kind for kind, _, _ in found)
        why = escape("; ".join(f"{what}: {pairs_text(pairs)}" for _, what, pairs in found))
        return f'<td data-sort="{value}" class="{classes}" title="{why}">{escape(cell_text(cell))}</td>'
    return f'<td data-sort="{value}">{escape(cell_text(cell))}</td>'


def _cell_marks(cell: Score | None) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """(CSS class, what the mark says, its configs) of each mark a cell can carry."""
    if cell is None:
        return []
    return [
        ("off-protocol", "off the paper's protocol", cell.off_protocol),
        ("incomplete", "incomplete run", cell.incomplete),
        ("sampled", "sampled rows", cell.sampled),
    ]


def chart_html(chart: Chart) -> str:
    encoded = base64.b64encode(chart.png).decode("ascii")
    return f'<img src="data:image/png;base64,{encoded}" alt="{escape(chart.title)}" title="{escape(chart.title)}">'


def facts_html(facts: dict[str, str]) -> str:
    items = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts.items())
    return f'<dl class="run">{items}</dl>'


def section(title: str, body: str, anchor: str | None = None) -> str:
    at = f' id="{escape(anchor)}"' if anchor else ""
    return f"<section{at}><h2>{escape(title)}</h2>{body}</section>"


def viewer_html() -> str:
    return (
        '<section id="viewer-section"><h2>Episode viewer</h2>'
        '<p class="note">Replayed from the log: each step shows what the model saw, its raw reply, the action '
        "read from it, the outcome and the feedback. No simulator is needed: the viewer is the replay.</p>"
        '<div id="viewer"><div class="controls"><label>episode <select id="episode-pick"></select></label>'
        '<button id="step-prev" type="button">&larr; previous</button><span id="step-label"></span>'
        '<button id="step-next" type="button">next &rarr;</button></div>'
        '<p class="note" id="episode-note"></p>'
        '<div class="images" id="step-images"></div>'
        '<h3>Reply</h3><pre id="step-reply"></pre>'
        '<h3>What the episode made of it (action, outcome, feedback)</h3><pre id="step-info"></pre>'
        '<h3>Prompt</h3><pre id="step-prompt"></pre></div></section>'
    )


# "</script" would end the element early and "<!--" open a comment that swallows the next
# script; "<", ">" and "&" as JSON escapes are the same strings to JSON.parse, and no text
# can then close, comment out or reopen the element.
_SCRIPT_SAFE = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"))


def _json_for_script(value: Any) -> str:
    # str.replace, not str.translate: translate looks every character up in a dict when a
    # character maps to several (1.67 s for a report's 20 MB of episodes; replace 0.07 s)
    text = json.dumps(value, sort_keys=True)
    for character, escaped in _SCRIPT_SAFE:
        text = text.replace(character, escaped)
    return text
