"""One blocksworld episode row as the scorer reads it, made from a generated problem
(the mode tests need rows without a build)."""

from __future__ import annotations

import json
from functools import cache

from scorer.families.blocksworld import DIFFICULTIES, generate_problem
from scorer.families.blocksworld.configs.episodes import CONFIG, make_row
from scorer.io.dataset import KeyRow


@cache  # generating a problem takes ~0.7 s; rows are immutable
def episode_row(difficulty: str = "simple", seed: str = "seed") -> KeyRow:
    row = make_row(generate_problem(DIFFICULTIES[difficulty], seed, "p", set()), "test", 0)
    return KeyRow(
        row["id"],
        CONFIG,
        row["domain"],
        row["task"],
        row["difficulty"],
        row["domain_pddl"],
        row["problem_pddl"],
        json.loads(row["answer_key"]),
        json.loads(row["meta"]),
    )
