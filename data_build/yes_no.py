"""Yes/no question pools: balancing answers per group, and the card's table of counts.

Shared by the grounding configs of every family: a pool of questions is balanced per
group (e.g. difficulty and predicate) by keeping every question of the rarer answer and
drawing as many of the commoner one with a seeded RNG. A group whose questions all
share one answer keeps a small one-sided sample, which the card's table shows.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from data_build.spec import Rows

Question = TypeVar("Question")
ONE_SIDED_SAMPLE = 25


def balance(
    pool: Sequence[Question],
    group: Callable[[Question], Hashable],
    answer: Callable[[Question], bool],
    rng: random.Random,
) -> list[Question]:
    """Every question of each group's rarer answer and as many of its commoner one
    (in the pool's order within each group, groups in sorted order)."""
    groups: dict[Hashable, list[Question]] = {}
    for q in pool:
        groups.setdefault(group(q), []).append(q)
    kept: list[Question] = []
    for key in sorted(groups):  # type: ignore[type-var]
        yes = [q for q in groups[key] if answer(q)]
        no = [q for q in groups[key] if not answer(q)]
        rarer, commoner = sorted((yes, no), key=len)
        n_commoner = len(rarer) or min(len(commoner), ONE_SIDED_SAMPLE)
        kept += rarer + rng.sample(commoner, n_commoner)
    return kept


def predicate_balance_table(rows: Rows) -> dict[str, str]:
    """``{"balance_table": ...}``: yes / no counts per ``meta.predicate`` in test, as built."""
    counts: Counter[tuple[str, bool]] = Counter()
    for row in rows.get("test", []):
        counts[(json.loads(row["meta"])["predicate"], json.loads(row["answer_key"])["answer"])] += 1
    lines = ["| predicate | yes | no |", "|---|---|---|"]
    for predicate in sorted({p for p, _ in counts}):
        lines.append(f"| {predicate} | {counts[(predicate, True)]} | {counts[(predicate, False)]} |")
    return {"balance_table": "\n".join(lines)}
