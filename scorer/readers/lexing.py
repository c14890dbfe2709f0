"""Tokens of a text by a Lark grammar's lexer alone, with the lexer built once per grammar.

Several answer readers need only a grammar's tokens, then scan them (the last command, the
first yes/no word). ``Lark.lex`` builds a new lexer on every call when a parser is
configured, which was most of the time of reading an answer; the lexer is kept here instead."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from lark import Lark, Token
from lark.lexer import BasicLexer, LexerThread


@cache
def _lexer(grammar_path: Path, start: str) -> BasicLexer:
    # Built on first use rather than at import: importing a module should not pay for
    # grammars it may never need.
    grammar = Lark(grammar_path.read_text(encoding="utf-8"), start=start, parser="lalr", lexer="basic")
    return BasicLexer(grammar.lexer_conf)


def grammar_tokens(grammar_path: Path, start: str, text: str) -> Iterator[Token]:
    """The tokens of ``text`` by the grammar's terminals (rule ``start`` names the grammar's use)."""
    return LexerThread.from_text(_lexer(grammar_path, start), text).lex(None)
