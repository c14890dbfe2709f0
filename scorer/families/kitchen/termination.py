"""AsgardBench's termination rules (its model_tester), one function each.

- 8 repeats of the last action, or of a repeating tail pattern of length >= 2;
- 10 consecutive failed steps;
- a soft step limit max(int(1.5 x expert), 15): once the steps exceed it, 10 more are
  granted when a new subgoal was reached since the last check (a successful DRINK, SPRAY,
  SLICE or CLEAN) or the last 10 steps name an object the 10 before did not; otherwise the
  episode ends (``Max_Steps``);
- a hard limit max(int(2 x expert), 20) that ends it once the steps exceed it
  (``Hit_Hard_Limit``): with an expert of 10 steps, the soft limit ends an episode after
  step 16 and the hard limit after step 21, as AsgardBench's runner counts.

The checks read the steps as AsgardBench's history records them (``FIND Mug``, ``None
None`` for a reply with no Action line, ``JUMP Mug`` for an invalid one).
"""

from __future__ import annotations

MAX_ACTION_REPEATS = 8
MAX_CONSECUTIVE_FAILURES = 10
EXTENSION = 10
NOVELTY_WINDOW = 10


def soft_limit(expert_steps: int) -> int:
    return max(int(expert_steps * 1.5), 15)


def hard_limit(expert_steps: int) -> int:
    return max(int(expert_steps * 2.0), 20)


def is_looping(actions: list[str], repeats: int = MAX_ACTION_REPEATS) -> bool:
    """The last action ``repeats`` times in a row, or a tail pattern of length >= 2 that
    repeats ``repeats`` times."""
    if len(actions) >= repeats and len(set(actions[-repeats:])) == 1:
        return True
    for length in range(2, len(actions) // repeats + 1):
        if actions[-length * repeats :] == actions[-length:] * repeats:
            return True
    return False


def consecutive_failures(successes: list[bool]) -> int:
    count = 0
    for success in reversed(successes):
        if success:
            break
        count += 1
    return count


def past_limit(steps: int, limit: int) -> bool:
    """AsgardBench checks ``steps > limit`` after each step."""
    return steps > limit


def _objects(entries: list[str]) -> set[str]:
    return {parts[1] for parts in (entry.split(" ", 1) for entry in entries) if len(parts) > 1}


def novel_objects(entries: list[str]) -> bool:
    """The last 10 steps name an object (the word after the verb, whatever it is: ``None``
    for a reply with no Action line) the 10 before them did not."""
    return bool(_objects(entries[-NOVELTY_WINDOW:]) - _objects(entries[-2 * NOVELTY_WINDOW : -NOVELTY_WINDOW]))
