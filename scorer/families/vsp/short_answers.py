"""Reading VSP's short answers: yes/no after "<Output>" (maze T1 and T4), the player's
place relative to the goal after "<Output>" (T2), and a letter after "<Answer>" (T3).

**Where the answer is.** The text after the last marker counts: ``<Output>`` (any case,
spaces inside the brackets allowed), else ``**Output**`` or ``Output:`` as VSP's own
scorer falls back to; for T3 the same with ``Answer``. Models often repeat the format
instruction before answering, and the last marker is the one they commit to. Without
any marker the whole reply is read, so a bare "Yes" counts.

- **yes/no**: the first yes or no word there (``parse_yes_no``'s word rule: "**Yes**",
  "No." count; "Nobody" does not).
- **relation**: the first line there that holds any of Above, Below, Left, Right (any
  case); the answer is the set of those words, scored exactly against the truth (the
  order is free: VSP's own examples write "Left,Above"). VSP's scorer also counted a
  reply as correct when it held every true word and extra wrong ones; we report that
  rate beside ours (``accuracy_vsp``).
- **choice**: the first standalone capital letter A-D there ("C", "(C)", "Candidate C").
"""

from __future__ import annotations

import re

from scorer.readers.yes_no import parse_yes_no

DIRECTIONS = ("Above", "Below", "Left", "Right")
CHOICES = "ABCD"


def after_last_marker(reply: str, word: str) -> str:
    tag = re.compile(rf"<\s*{word}\s*>", re.IGNORECASE)
    loose = re.compile(rf"\*\*\s*{word}\s*:?\s*\*\*|\b{word}\s*:", re.IGNORECASE)
    for marker in (tag, loose):
        found = list(marker.finditer(reply))
        if found:
            return reply[found[-1].end() :]
    return reply


def read_yes_no(reply: str) -> bool | None:
    return parse_yes_no(after_last_marker(reply, "output"))


def read_relation(reply: str) -> frozenset[str] | None:
    words = re.compile(r"\b(" + "|".join(DIRECTIONS) + r")\b", re.IGNORECASE)
    for line in after_last_marker(reply, "output").splitlines():
        found = words.findall(line)
        if found:
            return frozenset(w.capitalize() for w in found)
    return None


def read_choice(reply: str, marker: str = "answer") -> str | None:
    """The letter after the last ``marker`` (maze T3 answers after ``<Answer>``, the
    blocks questions after ``<Output>``)."""
    found = re.search(rf"(?<![A-Za-z])([{CHOICES}])(?![A-Za-z])", after_last_marker(reply, marker))
    return found[1] if found else None
