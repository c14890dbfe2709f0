"""S-expressions: just enough to read a PDDL domain, edit it and write it back.

Used only on PDDL that comes from a dataset row (never on reply text), to
derive the compiled tasks of ``compile.py`` and the action / proposition
signatures prompts list. Comments are dropped; case is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

SExpr = str | list["SExpr"]

_TOKEN = re.compile(r"[()]|[^\s()]+")
_COMMENT = re.compile(r";[^\n]*")


def read_sexpr(text: str) -> SExpr:
    """The first complete s-expression of ``text``; ValueError if unbalanced."""
    stack: list[list[SExpr]] = [[]]
    for token in _TOKEN.findall(_COMMENT.sub(" ", text)):
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced ')' in PDDL")
            done = stack.pop()
            stack[-1].append(done)
            if len(stack) == 1:
                return done
        else:
            stack[-1].append(token)
    raise ValueError("unbalanced '(' in PDDL")


def write_sexpr(expr: SExpr) -> str:
    if isinstance(expr, str):
        return expr
    return "(" + " ".join(write_sexpr(part) for part in expr) + ")"


def sections(define: SExpr, keyword: str) -> Iterator[list[SExpr]]:
    """The ``(:keyword ...)`` parts of a ``(define ...)`` form (keyword case-insensitive)."""
    if not isinstance(define, list):
        return
    for part in define:
        if isinstance(part, list) and part and isinstance(part[0], str) and part[0].lower() == keyword:
            yield part


def typed_names(items: list[SExpr]) -> list[tuple[str, str]]:
    """``?a ?b - t ?c`` -> [(?a, t), (?b, t), (?c, object)]: a typed list, in order."""
    result: list[tuple[str, str]] = []
    pending: list[str] = []
    position = 0
    while position < len(items):
        item = items[position]
        if item == "-" and position + 1 < len(items):
            kind = items[position + 1]
            kind_name = kind if isinstance(kind, str) else "object"  # (either ...) types: untyped here
            result += [(name, kind_name) for name in pending]
            pending = []
            position += 2
            continue
        if isinstance(item, str):
            pending.append(item)
        position += 1
    return result + [(name, "object") for name in pending]


def keyword_value(form: list[SExpr], keyword: str) -> SExpr | None:
    """The value after ``:keyword`` in a flat form such as ``(:action n :parameters (...) ...)``."""
    for position, item in enumerate(form[:-1]):
        if isinstance(item, str) and item.lower() == keyword:
            return form[position + 1]
    return None
