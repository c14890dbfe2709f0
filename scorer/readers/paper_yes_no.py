"""ViPlan's own reading of a yes/no answer, reproduced exactly (its ``parse_output``
and ``cast_to_yes_no``, ViPlan's code for the Ground prompt of appendix I).

In order:

1. Tags. The first ``<answer>`` and the first ``</answer>`` (exact case; a closing
   ``<\\answer>`` is accepted when no ``</answer>`` occurs) delimit the answer;
   ``<explanation>`` tags are looked up the same way. If either pair is found, the
   answer is the ``answer`` pair's content, stripped; when only the explanation pair
   was found there is no answer (``invalid answer``). If neither is found, the
   answer is the whole reply, stripped. (A closing tag before the opening one yields
   Python's slice of the text between them, usually empty.)
2. The answer is stripped, lower-cased, and trailing ``.``, ``,``, ``!``, ``?`` are removed.
3. ``cast_to_yes_no``: an answer that starts with "yes" is yes and one that starts
   with "no" is no (so "nobody", "none", "not sure" are no); otherwise the first
   space-separated word that starts with "yes" or "no" decides ("Note: yes" is no,
   because "note" starts with "no"); otherwise the answer is neither.

Ours (``_yes_no.py``) reads the last complete answer tag and whole words only.
"""

from __future__ import annotations

ANSWER_TAGS = ("answer", "explanation")
TRAILING_PUNCTUATION = ".,!?"


def paper_yes_no(text: str) -> bool | None:
    """True for yes, False for no, None when ViPlan's reading finds neither."""
    answer = _tagged_answer(text)
    if answer is None:
        return None
    return _cast(answer.strip().lower().rstrip(TRAILING_PUNCTUATION))


def _tagged_answer(text: str) -> str | None:
    found = {tag: _tag_content(text, tag) for tag in ANSWER_TAGS}
    if all(content is None for content in found.values()):
        return text.strip()
    return found["answer"]


def _tag_content(text: str, tag: str) -> str | None:
    start = text.find(f"<{tag}>")
    end = text.find(f"</{tag}>")
    if end == -1:
        end = text.find(f"<\\{tag}>")
    if start == -1 or end == -1:
        return None
    return text[start + len(tag) + 2 : end].strip()


def _cast(answer: str) -> bool | None:
    for word in (answer, *answer.split(" ")):  # the whole answer first, then each word
        if word.startswith("yes"):
            return True
        if word.startswith("no"):
            return False
    return None
