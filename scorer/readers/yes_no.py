"""Yes/no answer parsing for the `ground` task (one yes/no question about an image).

Rules, in order:

1. If the text holds at least one complete ``<answer>...</answer>`` tag (tag
   names are case-insensitive, whitespace inside the brackets is allowed:
   ``<ANSWER>``, ``< answer >``, ``</ Answer>``), only the content of the LAST
   complete tag counts. Models often echo the format instruction ("reply with
   <answer>yes</answer> or <answer>no</answer>") before answering, and the
   final tag is the one they commit to. "Complete" means an opening tag
   followed by a closing tag with no other tag in between, so in
   ``<answer> <answer>no</answer>`` the inner tag counts, and an unclosed
   trailing ``<answer>Yes`` is not a tag (rule 2 then applies to the whole
   text). If the last complete tag holds no yes/no word the answer is
   unparsable, even if the text outside it says yes or no.
2. Otherwise the first yes/no word of the whole text counts; answer tags that
   are not part of a complete pair act as word separators.
3. Anything else is unparsable: ``None``.

A *word* is a run of non-whitespace characters. It is a yes/no word when,
after stripping the punctuation and markdown around it (anything that is not
a letter, digit or whitespace, plus ``_``), it is exactly ``yes`` or ``no`` in
any ASCII case: ``**Yes**``, ``"No."``, ``_yes_``, a backquoted no and
``Yes,`` count. "Yesterday", "Nobody", "yes-man" and "yes/no" do not, and
neither does "Answer:**Yes**" (one word, "Answer" is part of it);
"Answer: **Yes**" does. Inside a tag the same word rule applies, so
``<answer>The answer is no.</answer>`` is ``False``.

ViPlan's reference parser (``cast_to_yes_no``) is more lenient: after
lower-casing and stripping trailing ".,!?" it accepts any answer that *starts*
with "yes" or "no", then the first space-separated word that starts with
them, so "Nobody knows" and even "Note: yes" parse as "no". We require the
exact word: it is stricter and cannot be gamed by, or misfire on, words that
merely begin with those letters. Scores can therefore differ from ViPlan's on
such responses.

Tokenizing uses the lark grammar ``scorer/grammars/yes_no.lark`` with lark's
basic lexer only (no parsing), in two passes: one splits the text into answer
tags and the text around them, the other finds yes/no words in a tag-free
span. Both run in linear time on any input (about 0.7 s per MB in the worst
case measured: ~200k tags; typical text is far faster) because the
non-answer text is merged into a few large tokens.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lark import Token

from scorer.readers.lexing import grammar_tokens

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammars" / "yes_no.lark"


def _tokens(start: str, text: str) -> Iterator[Token]:
    return grammar_tokens(GRAMMAR_PATH, start, text)


def parse_yes_no(text: str) -> bool | None:
    """True for yes, False for no, None when the text holds no answer (see module doc)."""
    if "<" not in text:  # no tag can start: the tag pass would return the text unchanged
        return _first_yes_no_word(text)
    answer_span, untagged_text = _split_answer_tags(text)
    if answer_span is not None:
        return _first_yes_no_word(answer_span)
    return _first_yes_no_word(untagged_text)


def _split_answer_tags(text: str) -> tuple[str | None, str]:
    """The content of the last complete answer tag (None if there is none) and
    the text with every tag replaced by a space."""
    last_answer: tuple[int, int] | None = None
    open_tag_end: int | None = None  # end of the latest opening tag not yet closed
    pieces: list[str] = []
    for token in _tokens("tags", text):
        if token.type == "OPEN":
            open_tag_end = token.end_pos
        elif token.type == "CLOSE":
            if open_tag_end is not None:
                last_answer = (open_tag_end, token.start_pos or 0)  # the lexer always sets it
            open_tag_end = None
        else:
            pieces.append(token.value)
    if last_answer is not None:
        start, end = last_answer
        return text[start:end], ""
    # A space keeps "foo<answer>yes" from gluing into one word.
    return None, " ".join(pieces)


def _first_yes_no_word(span: str) -> bool | None:
    for token in _tokens("words", span):
        if token.type == "YES":
            return True
        if token.type == "NO":
            return False
    return None
