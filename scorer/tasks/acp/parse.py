"""Reading an ACP answer out of raw model text: ACPBench Hard's figure 7 forms, leniently.

The forms (``scorer/grammars/acp.lark``); each kind declares its own
(``AcpKind.form`` in ``question_kinds.py``):

=========================  ==================================
form                       what
=========================  ==================================
``act``                    one action or atom, or ``None``
``action_name``            one action
``action_list``            actions
``progression_list``       two lists: positive, negative
``index``                  a number (or ``None``)
=========================  ==================================

As in the paper, tokens that do not fit the form are dropped and the FIRST
complete answer counts. The rules, in the order they apply:

1. **Window.** If the text contains ``</think>`` (any case), only what follows
   the last one is read: reasoning models put their answer after it. At most
   ``MAX_SCAN_CHARS`` (50,000) characters of the window are read, so parsing
   is linear in the input and bounded on any input (10 MB of prose: about
   20 ms; the worst shapes measured, 10 MB of "(" or of "(a b) ", under a
   second); an answer that starts later is not seen. The paper capped replies
   at 1,000 tokens (4,000 for reasoning models), and the longest gold answer
   (an app list of 100 actions) is about 5,000 characters.
2. **Tokens.** The window is lexed into the grammar's terminals (with one
   regular expression built from them, highest priority first): ``(`` ``)``
   ``[`` ``]`` ``,``, NAME (a letter, then letters, digits, ``-``, ``_``),
   INDEX (digits), the whole word ``None`` in any case, the labels
   ``positive effects`` / ``negative effects`` / ``simplified plan:`` (any
   case, markdown ``*``/``_`` allowed between the words), whitespace and
   junk. Newlines are whitespace like spaces: they separate names (the
   paper's evaluator deleted them, gluing ``(a b)\\n(c d)``'s neighbours).
   "Nonetheless", "none-such" and "NoneType" are names, never ``None`` (the
   paper's grammar read any word starting with "None" as ``None``).
3. **Parenthesised groups.** ``(`` ... ``)`` is one group; a ``)`` missing at
   the end of the window is supplied. Inside a group only NAMEs are kept
   (``(move ?x, ?y)`` reads ``(move x y)``; digits-only words, punctuation and
   ``?`` are dropped); a group with no NAME fits nothing and is skipped.
   Nested groups: ``((a b))`` is ``(a b)``; ``((a b) (c d))`` is the two
   groups ``(a b)`` ``(c d)``; a group with both names and nested groups, such
   as ``(not (at a b))`` or ``(:goal (and ...))``, is a PDDL *formula*: it is
   returned as such (``ParsedAnswer.formula``) and judged invalid, never read
   as the atom inside it.
4. **act**: the first group or ``None`` outside any group.
   **action_name**: the first group (``None`` is not a next action and is
   dropped). **index**: the first number outside groups, or ``None`` if that
   word comes first; a ``-`` right before the digits makes it negative, and a
   number of more than 12 digits reads as 10^12 (out of range of any
   sequence, without converting megabytes of digits).
5. **action_list**: the first list. If a ``[`` comes before the first group,
   the list is the groups up to the matching ``]`` (the end of the window if
   it is missing); a ``[`` inside restarts the list, so the innermost
   bracketed list counts. Otherwise the list is the run of groups from the
   first one, ending at the first word outside groups other than "and" /
   "then" (commas, numbering such as ``1.``, bullets, brackets and
   punctuation do not end it). So ``(a b), (c d). Because (e f) ...`` is
   ``[(a b), (c d)]``: the paper's parser collected every group of the whole
   reply, explanations included. For just, if ``simplified plan:`` occurs,
   the list is read after its first occurrence (the paper's evaluator form).
6. **progression_list**: if both labels ``positive effects`` and ``negative
   effects`` occur (the paper's evaluator form), each list is read from the
   text after its first label up to the next label, by rule 5, where a
   ``None`` before any group or ``[`` means an empty list and a section with
   neither is empty. Otherwise the first two bracketed lists (innermost, as
   in rule 5) are the positive and the negative effects; a single bracketed
   list is the positive effects with no negative ones (the paper's evaluator
   meant to accept that, but its grammar rejected it). ``[(a b)] []`` has an
   empty negative list.
7. The tokens kept are then parsed with figure 7's rules (LALR), so every
   answer returned is an answer of the form. No answer: ``None`` (unparsable).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree

from .question_kinds import ACP_KINDS, acp_kind

GRAMMAR_PATH = Path(__file__).resolve().parents[2] / "grammars" / "acp.lark"
MAX_SCAN_CHARS = 50_000
MAX_INDEX_DIGITS = 12
FORMULA_EXCERPT = 120
THINK_END = "</think>"
# Words that may stand between the actions of an unbracketed list.
LIST_CONNECTIVES = frozenset({"and", "then"})

FORMS = tuple(sorted({kind.form for kind in ACP_KINDS}))  # the grammar's start rules


@dataclass(frozen=True)
class ParsedAnswer:
    """One answer of a figure 7 form, as written (case kept, spaces normalised).

    ``names``: the action/atom for act and action_name, every action for
    action_list, the positive effects for progression_list. ``negative``: the
    negative effects. ``index``: the number for the index form. ``is_none``:
    the answer was the word None. ``formula``: the answer (or an item of it)
    was a PDDL formula, quoted; such an answer is never matched.
    """

    form: str
    names: tuple[str, ...] = ()
    negative: tuple[str, ...] = ()
    index: int | None = None
    is_none: bool = False
    formula: str | None = None


@dataclass(frozen=True)
class _Item:
    """A token at the top level of the text, after groups were assembled."""

    kind: str  # group | formula | none | index | word | lspar | rspar | comma | positive | negative | plan
    text: str = ""
    words: tuple[str, ...] = ()


@dataclass
class _Frame:
    """An open parenthesised group: its words and the groups nested in it."""

    start: int
    words: list[str] = field(default_factory=list)
    children: list[_Item] = field(default_factory=list)


_TOKEN_ITEMS = {
    "NONE": "none",
    "NAME": "word",
    "LSPAR": "lspar",
    "RSPAR": "rspar",
    "COMMA": "comma",
    "POSITIVE_LABEL": "positive",
    "NEGATIVE_LABEL": "negative",
    "PLAN_LABEL": "plan",
}


def parse_answer(kind: str, text: str) -> ParsedAnswer | None:
    """The first complete answer of ``kind``'s form in ``text``; None if there is none."""
    declared = acp_kind(kind)
    form = declared.form
    items = _items(answer_window(text))
    if form in _STREAM_READERS:
        return _STREAM_READERS[form](items)  # reads lazily: stops at the first answer
    listed = list(items)
    if declared.answer_after_plan_label:
        listed = _after_first(listed, "plan")
    return _LIST_READERS[form](listed)


def answer_window(text: str) -> str:
    """Rule 1: the text after the last ``</think>``, capped at MAX_SCAN_CHARS."""
    cut = text.lower().rfind(THINK_END)
    start = 0 if cut < 0 else cut + len(THINK_END)
    return text[start : start + MAX_SCAN_CHARS]


# -- rules 2 and 3: tokens -> top-level items -------------------------------------


@cache
def _parser() -> Lark:
    # Built on first use: importing the task registry should not pay for it.
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        start=[*FORMS, "tokens"],
        parser="lalr",
        lexer="basic",
    )


@cache
def _token_pattern() -> re.Pattern[str]:
    """The grammar's terminals as one regular expression, highest priority first.

    Lexing with ``re.finditer`` instead of lark's Python-level lexer is about
    ten times faster; the terminals (and their priorities) are still the
    grammar's. Every character matches some terminal (JUNK and WS cover the rest).
    """
    terminals = sorted(_parser().terminals, key=lambda t: -t.priority)
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals))


def _items(window: str) -> Iterator[_Item]:
    frames: list[_Frame] = []
    for token in _token_pattern().finditer(window):
        kind = token.lastgroup
        if kind == "LPAR":
            frames.append(_Frame(token.start()))
        elif frames:
            closed = _inside_group(frames, token, window)
            if closed is not None:
                yield from closed
        elif kind == "INDEX":
            yield _Item("index", _signed_digits(window, token))
        elif kind in _TOKEN_ITEMS:
            yield _Item(_TOKEN_ITEMS[kind], token.group(), (token.group(),))
    while frames:  # rule 3: a missing ")" is supplied at the end of the window
        yield from _close(frames, len(window), window)


def _inside_group(frames: list[_Frame], token: re.Match[str], window: str) -> list[_Item] | None:
    """Handle a token inside a group; the top-level items it completes, if any."""
    if token.lastgroup == "RPAR":
        return _close(frames, token.end(), window)
    if token.lastgroup in ("NAME", "NONE"):
        frames[-1].words.append(token.group())
    return None


def _close(frames: list[_Frame], end: int, window: str) -> list[_Item]:
    frame = frames.pop()
    # Only the first characters are quoted: slicing the whole group at every
    # nesting level would be quadratic in "((((...".
    items = _group_items(frame, window[frame.start : min(end, frame.start + 8 * FORMULA_EXCERPT)])
    if frames:
        frames[-1].children.extend(items)
        return []
    return items


def _group_items(frame: _Frame, source: str) -> list[_Item]:
    if not frame.children:
        if not frame.words:
            return []  # "()", "(1)", "(?)": nothing that fits
        return [_Item("group", "(" + " ".join(frame.words) + ")", tuple(frame.words))]
    if not frame.words and all(child.kind == "group" for child in frame.children):
        return frame.children  # ((a b)) or ((a b) (c d)): redundant outer parentheses
    excerpt = " ".join(source.split())[:FORMULA_EXCERPT]
    return [_Item("formula", excerpt)]


def _signed_digits(window: str, token: re.Match[str]) -> str:
    negative = token.start() > 0 and window[token.start() - 1] == "-"
    return ("-" if negative else "") + token.group()


def _after_first(items: list[_Item], kind: str) -> list[_Item]:
    for position, item in enumerate(items):
        if item.kind == kind:
            return items[position + 1 :]
    return items


# -- rules 4 to 6: the first complete answer of each form -------------------------


def _read_act(items: Iterable[_Item]) -> ParsedAnswer | None:
    first = _first(items, ("group", "formula", "none"))
    return None if first is None else _single("act", first)


def _read_action_name(items: Iterable[_Item]) -> ParsedAnswer | None:
    first = _first(items, ("group", "formula"))
    return None if first is None else _single("action_name", first)


def _read_index(items: Iterable[_Item]) -> ParsedAnswer | None:
    first = _first(items, ("index", "none"))
    if first is None:
        return None
    if first.kind == "none":
        return _parsed("index", [Token("NONE", first.text)])
    return _parsed("index", [Token("INDEX", first.text)])


def _read_action_list(items: Sequence[_Item]) -> ParsedAnswer | None:
    groups = _first_list(items)
    if groups is None:
        return None
    formula = _formula_of(groups)
    if formula is not None:
        return ParsedAnswer("action_list", formula=formula)
    return _parsed("action_list", _list_tokens(groups))


def _read_progression_list(items: Sequence[_Item]) -> ParsedAnswer | None:
    lists = _labelled_lists(items) or _bracketed_lists(items)
    if lists is None:
        return None
    positive, negative = lists
    formula = _formula_of([*positive, *negative])
    if formula is not None:
        return ParsedAnswer("progression_list", formula=formula)
    tokens = [Token("LSPAR", "["), *_list_tokens(positive), Token("RSPAR", "]")]
    tokens += [Token("LSPAR", "["), *_list_tokens(negative), Token("RSPAR", "]")]
    return _parsed("progression_list", tokens)


def _first(items: Iterable[_Item], kinds: tuple[str, ...]) -> _Item | None:
    return next((item for item in items if item.kind in kinds), None)


def _single(form: str, item: _Item) -> ParsedAnswer | None:
    if item.kind == "formula":
        return ParsedAnswer(form, formula=item.text)
    if item.kind == "none":
        return _parsed(form, [Token("NONE", item.text)])
    return _parsed(form, _group_tokens(item))


def _first_list(items: Sequence[_Item]) -> list[_Item] | None:
    """Rule 5: the first bracketed list or run of groups; None if neither occurs."""
    for position, item in enumerate(items):
        if item.kind == "lspar":
            return _bracketed_from(items, position)[0]
        if item.kind in ("group", "formula"):
            return _run_from(items, position)
    return None


def _bracketed_from(items: Sequence[_Item], position: int) -> tuple[list[_Item], int]:
    """The innermost bracketed list opened at ``position``, and where it ends."""
    groups: list[_Item] = []
    for offset in range(position + 1, len(items)):
        item = items[offset]
        if item.kind == "lspar":
            groups = []  # a "[" inside restarts the list
        elif item.kind == "rspar":
            return groups, offset
        elif item.kind in ("group", "formula"):
            groups.append(item)
    return groups, len(items)


def _run_from(items: Sequence[_Item], position: int) -> list[_Item]:
    groups: list[_Item] = []
    for item in items[position:]:
        if item.kind in ("group", "formula"):
            groups.append(item)
        elif item.kind in ("none", "positive", "negative", "plan"):
            break
        elif item.kind == "word" and item.text.lower() not in LIST_CONNECTIVES:
            break
    return groups


def _section_list(items: Sequence[_Item]) -> list[_Item]:
    """Rule 6: one labelled section's list; None before any group means empty."""
    for position, item in enumerate(items):
        if item.kind == "none":
            return []
        if item.kind == "lspar":
            return _bracketed_from(items, position)[0]
        if item.kind in ("group", "formula"):
            return _run_from(items, position)
    return []


def _labelled_lists(items: Sequence[_Item]) -> tuple[list[_Item], list[_Item]] | None:
    labels = [position for position, item in enumerate(items) if item.kind in ("positive", "negative")]
    sections: dict[str, list[_Item]] = {}
    for at, position in enumerate(labels):
        end = labels[at + 1] if at + 1 < len(labels) else len(items)
        sections.setdefault(items[position].kind, list(items[position + 1 : end]))
    if len(sections) < 2:
        return None
    return _section_list(sections["positive"]), _section_list(sections["negative"])


def _bracketed_lists(items: Sequence[_Item]) -> tuple[list[_Item], list[_Item]] | None:
    lists: list[list[_Item]] = []
    position = 0
    while position < len(items) and len(lists) < 2:
        if items[position].kind == "lspar":
            groups, position = _bracketed_from(items, position)
            lists.append(groups)
        position += 1
    if not lists:
        return None
    return lists[0], lists[1] if len(lists) > 1 else []


def _formula_of(groups: Sequence[_Item]) -> str | None:
    return next((group.text for group in groups if group.kind == "formula"), None)


# -- rule 7: the kept tokens, parsed with figure 7's rules ------------------------


def _group_tokens(item: _Item) -> list[Token]:
    return [Token("LPAR", "("), *(Token("NAME", word) for word in item.words), Token("RPAR", ")")]


def _list_tokens(groups: Sequence[_Item]) -> list[Token]:
    tokens: list[Token] = []
    for group in groups:
        tokens += [*_group_tokens(group), Token("COMMA", ",")]
    return tokens


def _parsed(form: str, tokens: Sequence[Token]) -> ParsedAnswer | None:
    interactive = _parser().parse_interactive(start=form)
    for token in tokens:
        interactive.feed_token(token)
    return _answer(form, interactive.feed_eof())


def _answer(form: str, tree: Tree) -> ParsedAnswer:
    if form == "progression_list":
        positive, negative = (list(_names(t)) for t in _subtrees(tree, "prog_list"))
        return ParsedAnswer(form, names=tuple(positive), negative=tuple(negative))
    if form == "index":
        return _index_answer(tree)
    if any(True for _ in _subtrees(tree, "action_none")):
        return ParsedAnswer(form, is_none=True)
    return ParsedAnswer(form, names=tuple(_names(tree)))


def _index_answer(tree: Tree) -> ParsedAnswer:
    if any(True for _ in _subtrees(tree, "action_none")):
        return ParsedAnswer("index", is_none=True)
    digits = str(tree.children[0])
    negative = digits.startswith("-")
    digits = digits.lstrip("-").lstrip("0") or "0"
    value = 10**MAX_INDEX_DIGITS if len(digits) > MAX_INDEX_DIGITS else int(digits)
    return ParsedAnswer("index", index=-value if negative else value)


def _names(tree: Tree) -> Iterator[str]:
    for action in _subtrees(tree, "action_name"):
        words = [str(token) for token in action.children if isinstance(token, Token) and token.type == "NAME"]
        yield "(" + " ".join(words) + ")"


def _subtrees(tree: Tree, rule: str) -> Iterator[Tree]:
    # Top-down, left to right: the order of the actions in the answer.
    return (subtree for subtree in tree.iter_subtrees_topdown() if subtree.data == rule)


_STREAM_READERS: dict[str, Callable[[Iterable[_Item]], ParsedAnswer | None]] = {
    "act": _read_act,
    "action_name": _read_action_name,
    "index": _read_index,
}
_LIST_READERS: dict[str, Callable[[Sequence[_Item]], ParsedAnswer | None]] = {
    "action_list": _read_action_list,
    "progression_list": _read_progression_list,
}
