"""Config ``kitchen-episodes``: fresh tasks of AsgardBench's 12 types from our generator.

Full size: 10 test tasks and 2 dev tasks per type (120 and 24); mini: one test task per
type and dev tasks of three types. Test and dev draw from their own seeds.
"""

from __future__ import annotations

from collections import Counter

from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.kitchen.generate import generate_tasks
from scorer.families.kitchen.rows import kitchen_features, make_row
from scorer.families.kitchen.tasks import TASK_TYPES
from scorer.registry.family import card_template

CONFIG = "kitchen-episodes"
PER_TYPE = {"full": {"test": 10, "dev": 2}, "mini": {"test": 1, "dev": 1}}
MINI_DEV_TYPES = ("coffee", "cook_egg", "turn_on_tv")


def build(settings: BuildSettings) -> Rows:
    rows: Rows = {}
    for split in ("test", "dev"):
        types = MINI_DEV_TYPES if settings.size == "mini" and split == "dev" else TASK_TYPES
        tasks = generate_tasks(f"{settings.seed}/{CONFIG}/{split}", PER_TYPE[settings.size][split], types)
        rows[split] = [make_row(g.task, g.world, CONFIG, split, i, {"seed": g.seed}) for i, g in enumerate(tasks)]
    return rows


def count_table(rows: Rows) -> str:
    """Rows per task type and split, as a markdown table for the card."""
    counts = Counter((split, row["difficulty"]) for split, split_rows in rows.items() for row in split_rows)
    types = [t for t in TASK_TYPES if any(counts[(s, t)] for s in rows)]
    lines = ["| task type | " + " | ".join(rows) + " |", "|---|" + "---|" * len(rows)]
    lines += [f"| {t} | " + " | ".join(str(counts[(s, t)]) for s in rows) + " |" for t in types]
    return "\n".join(lines)


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="kitchen",
    task="episode",
    summary="Interactive kitchen, bathroom and living-room tasks of AsgardBench's 12 types, drawn by us (AsgardBench).",
    features_of=kitchen_features,
    build=build,
    papers=("AsgardBench",),
    card_facts=lambda rows: {"count_table": count_table(rows)},
)
