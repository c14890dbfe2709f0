"""Did-you-mean hints for names a user typed (configs, splits, commands)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``; did you mean 'x'? known: a, b, c`` (or ``; known: ...`` when nothing is close)."""
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ";"
    return f"{hint} known: {', '.join(names) or 'none'}"


def unknown(what: str, name: str, known: Iterable[str]) -> str:
    """``unknown config 'abc-grond'; did you mean 'abc-ground'? known: ...``"""
    return f"unknown {what} {name!r}{did_you_mean(name, known)}"
