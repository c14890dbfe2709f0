"""A reasoning model's ``<think>...</think>`` block, removed before any reading.

Every task kind reads the text this leaves, in both readings (ours and the paper's),
and episodes step on it: reasoning that mentions candidate answers ("maybe (at a b)?
no, ...") must never be read as the answer.

Rules: when the text contains ``</think>`` (any case), only what follows the last one
is kept (some chat templates put the opening tag in the prompt, so the reply holds
only the closing one); otherwise a ``<think>`` with no closing tag opens a block that
runs to the end of the text (the reply was cut while thinking), and only what comes
before it is kept. Text without either tag is returned unchanged.
"""

from __future__ import annotations

import re

THINK_OPEN = re.compile(r"<\s*think\s*>", re.IGNORECASE)
THINK_CLOSE = re.compile(r"<\s*/\s*think\s*>", re.IGNORECASE)


def strip_think(text: str) -> str:
    """``text`` without its think block (module doc)."""
    closes = [match.end() for match in THINK_CLOSE.finditer(text)]
    if closes:
        return text[closes[-1] :]
    opened = THINK_OPEN.search(text)
    return text if opened is None else text[: opened.start()]
