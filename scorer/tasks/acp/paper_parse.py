"""ACPBench Hard's own parser, reproduced exactly: its answer grammar (figure 7, as the
released evaluator runs it: ``scorer/grammars/acp_paper.lark``), lark's LALR parser with
the evaluator's error recovery, and its pre-cleaning of prog and just replies.

What that does, with our reading (``parse.py``) for contrast:

- Newlines are deleted before parsing (not turned into spaces), then the text is stripped.
- Recovery: a character no terminal matches is skipped, a token the grammar does not
  expect is dropped, and at the end every terminal the grammar still expects (but the
  one-space WS) is fed with its pattern text, which closes a missing ``)``. So every
  character that does not fit is silently skipped.
- act, action_name, index: the FIRST item counts, the rest is dropped. ``None`` anywhere
  before the first ``(`` is the answer None, also as the start of a word ("Nonetheless
  (at a b)" reads None). Free-text parentheses are read as actions ("(i.e., foo)" is
  ``(i foo)``), ``?`` is dropped. An index with no digits reads the fed pattern text,
  which is not a number: no answer.
- action_list: EVERY parenthesised group of the reply, reasoning included; ``[``, ``]``
  and ``,`` are skipped.
- progression_list: two bracketed lists; a single list ``[(a), (b)]`` is no answer. Two
  equal lists come back as one (the evaluator then reads the negative list as empty).
- prog: when the reply says "positive effects" and "negative effects" and has no ``[``,
  it is lower-cased, ``*`` removed, the labels turned into ``[`` and ``] [`` and a ``]``
  appended first. just: when it says "simplified plan:", only the text between its
  first and second occurrence is read, lower-cased, ``*`` removed.

A parse failure is the evaluator's "PARSER ERROR" (score 0): None here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from .question_kinds import acp_kind

GRAMMAR_PATH = Path(__file__).resolve().parents[2] / "grammars" / "acp_paper.lark"
SKIPPED_ON_END = "WS"  # the recovery feeds every expected terminal but this one
POSITIVE_LABEL, NEGATIVE_LABEL, PLAN_LABEL = "positive effects", "negative effects", "simplified plan:"

# What the paper's parser returns: an action or "None" (act, action_name), a list of
# actions (action_list), a list of one or two lists (progression_list), digits (index).
PaperAnswer = str | list[str] | list[list[str]]


def paper_answer(kind: str, text: str) -> PaperAnswer | None:
    """The paper's parse of a reply to a question of ``kind``; None: its PARSER ERROR."""
    declared = acp_kind(kind)
    if declared.form == "progression_list" and _labelled_effects(text):
        text = text.lower().replace("*", "").replace(POSITIVE_LABEL, "[").replace(NEGATIVE_LABEL, "] [") + "]"
    elif declared.answer_after_plan_label and PLAN_LABEL in text.lower():
        text = text.lower().replace("*", "").split(PLAN_LABEL)[1]
    return paper_parse(declared.form, text)


def _labelled_effects(text: str) -> bool:
    lowered = text.lower()
    return POSITIVE_LABEL in lowered and NEGATIVE_LABEL in lowered and "[" not in text


def paper_parse(form: str, text: str) -> PaperAnswer | None:
    """``text`` parsed from the start rule ``form`` as the paper's evaluator parses it."""
    parser = _parser(form)

    def recover(error: UnexpectedInput) -> bool:
        token = getattr(error, "token", None)
        if token is not None and token.type == "$END":
            for expected in error.expected:  # type: ignore[attr-defined]
                if expected != SKIPPED_ON_END:
                    pattern = parser.get_terminal(expected).pattern.value
                    error.interactive_parser.feed_token(Token(expected, pattern))
        return True

    try:
        tree = parser.parse(text.replace("\n", "").strip(), on_error=recover)
    except Exception:  # the evaluator turns any failure into a parser error, and so do we
        return None
    return _collect(form, tree)


@cache
def _parser(form: str) -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), start=form, parser="lalr")


def _collect(form: str, tree: Tree) -> PaperAnswer | None:
    """What the evaluator's visitor keeps from the tree, visiting it top-down."""
    if form == "index":
        digits = "".join(str(child) for child in tree.children)
        return digits if digits.isnumeric() else None
    if form == "progression_list":
        return _progression_lists(tree)
    actions = [_action_text(node) for node in _nodes(tree, ("action_name", "action_none"))]
    if form == "action_list":
        return [a for a in actions if a is not None]
    return None if not actions else (actions[-1] or "None")


def _progression_lists(tree: Tree) -> list[list[str]]:
    lists: list[list[str]] = []
    current: list[str] | None = None
    for node in _nodes(tree, ("prog_list", "action_name")):
        if node.data == "prog_list":
            if current is not None:
                lists.append(current)
            current = []
        elif current is not None:
            current.append(_action_text(node) or "")
    if current not in lists:  # the evaluator's check: a second list equal to the first is dropped
        lists.append(current or [])
    return lists


def _nodes(tree: Tree, rules: tuple[str, ...]) -> list[Tree]:
    return [node for node in tree.iter_subtrees_topdown() if node.data in rules]


def _action_text(node: Tree) -> str | None:
    """``(`` + the tokens between the parentheses, joined as written + ``)``; None for the None answer."""
    if node.data == "action_none":
        return None
    inner: list[Any] = node.children[1:-1]
    return "(" + "".join(str(token) for token in inner) + ")"
