"""parse_yes_no: the last complete <answer> tag, else the first exact yes/no word."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.readers.yes_no import parse_yes_no

CASES = [
    # answer tags
    ("<answer>Yes</answer>", True),
    ("<answer>no</answer>", False),
    ("<answer>\nNo\n</answer>", False),
    ("<answer>  yes  </answer>", True),
    ("<ANSWER>YES</ANSWER>", True),
    ("<Answer>No</aNsWeR>", False),
    ("< answer >no</ answer >", False),
    ("<answer>**No**</answer>", False),
    ("<answer>The answer is no.</answer>", False),
    ("reasoning...<answer>yes</answer>trailing", True),
    # the last complete tag wins over an echoed format instruction
    ("Reply with <answer>yes</answer> or <answer>no</answer>.\n<answer>No</answer>", False),
    ("<answer>yes</answer> then <answer>no</answer>", False),
    # complete = opening then closing with no tag between
    ("<answer>yes <answer>no</answer>", False),
    ("<answer>yes</answer></answer>", True),
    ("<answer>no</answer> <answer>yes", False),
    # a complete tag without a yes/no word is unparsable, whatever is outside it
    ("Yes. <answer>maybe</answer>", None),
    ("<answer></answer> yes", None),
    # no complete tag: first yes/no word of the whole text, stray tags split words
    ("I think... <answer>Yes", True),
    ("</answer>no", False),
    ("Yes", True),
    ("no", False),
    ("Yes and no", True),
    ("The answer is no.", False),
    ("Answer: **Yes**", True),
    ("Answer:**Yes**", None),
    ("**Yes**", True),
    ('"No."', False),
    ("_yes_", True),
    ("`no`", False),
    ("Yes, the block is on the table.", True),
    ("(no)", False),
    ("yEs!", True),
    ("NO!!!", False),
    ("✅ Yes", True),
    ("I cannot tell", None),
    ("Yesterday nobody came.", None),
    ("Nobody knows, yes.", True),
    ("yes-man", None),
    ("yes/no", None),
    ("noyes", None),
    ("yes2", None),
    ("x < y, so no", False),
    # junk
    ("", None),
    ("   \n\t  ", None),
    ("\x00yes\x00", True),
    ("\x00\x01\x02", None),
    ("\ufffd\ufffdno", False),
    ("Oui / ja / はい", None),
    ("é yes", True),
    ("yesé", None),
    ("yeſ", None),  # long s: Unicode case folding must not turn it into "yes"
    ("\u00a0yes\u00a0", True),  # no-break spaces are whitespace
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_parse_yes_no(text: str, expected: bool | None) -> None:
    assert parse_yes_no(text) is expected


def _timed(text: str) -> tuple[bool | None, float]:
    started = time.process_time()
    result = parse_yes_no(text)
    return result, time.process_time() - started


def test_one_megabyte_of_reasoning_parses_in_under_a_second() -> None:
    reasoning = "Looking at the image, the red block sits on the blue block, maybe. " * 15_000
    text = reasoning[:1_000_000] + "\n<answer>No</answer>"
    result, seconds = _timed(text)
    assert result is False
    assert seconds < 1.0


def test_one_megabyte_without_an_answer_parses_in_under_a_second() -> None:
    result, seconds = _timed("maybe " * 170_000)
    assert result is None
    assert seconds < 1.0


@pytest.mark.parametrize(
    "text",
    [
        "<answer>a " * 100_000,  # 200k tokens, the lexer's worst case
        "<" + " " * 1_000_000,  # a lookahead that could scan to the end
        ("< /" + " " * 1000) * 1000,
        "!" * 1_000_000 + "yes" + "!" * 1_000_000 + "x",  # punctuation around a near-miss
        "a " * 500_000,
    ],
    ids=["unclosed-tags", "lt-then-spaces", "lt-slash-spaces", "punctuation", "short-words"],
)
def test_adversarial_megabytes_stay_linear(text: str) -> None:
    # Quadratic behaviour on 1 MB takes minutes; linear takes well under a second here.
    _, seconds = _timed(text)
    assert seconds < 5.0


# Fragments that exercise the tag and word rules far more often than random text would.
FRAGMENTS = [
    "<answer>",
    "</answer>",
    "<ANSWER>",
    "< answer >",
    "</",
    "<",
    ">",
    "yes",
    "No",
    "**",
    "_",
    "`",
    ".",
    " ",
    "\n",
    "\x00",
    "\ufffd",
    "Yesterday",
    "nobody",
    "yeſ",
    "é",
]
fuzz_text = st.one_of(st.text(), st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=3)).map("".join))
# No "<": then the answer is simply the first exact yes/no word, checkable with str.split.
tag_free_text = st.lists(st.sampled_from([f for f in FRAGMENTS if "<" not in f]) | st.text(max_size=3)).map(
    lambda parts: "".join(parts).replace("<", "")
)


def _first_word_reference(text: str) -> bool | None:
    """The word rule restated without the grammar: strip non-alphanumerics (and _) around each word."""
    for word in text.split():
        start, end = 0, len(word)
        while start < end and not word[start].isalnum():
            start += 1
        while end > start and not word[end - 1].isalnum():
            end -= 1
        core = word[start:end]
        if core.isascii() and core.lower() in ("yes", "no"):
            return core.lower() == "yes"
    return None


# deadline=None: the first example also builds the lark lexers, which is not what is being fuzzed.
@settings(max_examples=200, deadline=None)
@given(fuzz_text)
def test_never_raises_and_is_deterministic(text: str) -> None:
    first = parse_yes_no(text)
    assert first in (True, False, None)
    assert parse_yes_no(text) is first


@settings(max_examples=300, deadline=None)
@given(prefix=fuzz_text, word=st.sampled_from(["yes", "no", "Yes", "NO", "**Yes**", '"no."', "\nyes\n", " No! "]))
def test_last_answer_tag_wins_after_any_prefix(prefix: str, word: str) -> None:
    expected = word.strip(' \n*"!.').lower() == "yes"
    assert parse_yes_no(f"{prefix}<answer>{word}</answer>") is expected


@settings(max_examples=300, deadline=None)
@given(tag_free_text)
def test_without_tags_the_first_exact_word_counts(text: str) -> None:
    assert parse_yes_no(text) is _first_word_reference(text)
