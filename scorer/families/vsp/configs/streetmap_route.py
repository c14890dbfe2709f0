"""Config ``streetmap-route``: VSP's routing scenario (VSP, appendix A, its google-map
task) on street grids drawn by us: find a route from S to G, one numbered leg a line.

100 maps in test at full size (VSP's count), 8 in dev; ``--size mini``: 3 and 2. Grid
sizes 4x4, 5x5 and 6x6 crossings in turn (the row's ``difficulty``). No map repeats
within or across the splits. The ``prompt`` is VSP's, with two images: VSP's worked
example (S north-east of G) drawn by us, and the map.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from data_build.rows import dumps, image_cell, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.vsp.route import SIZES, StreetMap, random_map
from scorer.families.vsp.route_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.route_render import example_png, map_png
from scorer.registry.family import card_template

CONFIG = "streetmap-route"
DOMAIN = "streetmap"
TASK_KIND = "vsp-route"
COUNTS = {"full": {"test": 100, "dev": 8}, "mini": {"test": 3, "dev": 2}}
PROMPT = (Path(__file__).resolve().parents[1] / "prompts" / "streetmap-route.txt").read_text()


def split_maps(settings: BuildSettings) -> dict[str, list[StreetMap]]:
    """Each split's maps, dev first so test never repeats one; sizes in turn."""
    taken: set[StreetMap] = set()
    maps: dict[str, list[StreetMap]] = {}
    for split in ("dev", "test"):
        rng = random.Random(f"{settings.seed}/{CONFIG}/{split}")
        count = COUNTS[settings.size][split]
        maps[split] = [_fresh_map(rng, SIZES[k % len(SIZES)], taken) for k in range(count)]
    return {"test": maps["test"], "dev": maps["dev"]}


def _fresh_map(rng: random.Random, size: int, taken: set[StreetMap]) -> StreetMap:
    while (street_map := random_map(rng, size)) in taken:
        pass
    taken.add(street_map)
    return street_map


def make_row(street_map: StreetMap, split: str, index: int) -> dict[str, Any]:
    north, east = street_map.displacement()
    return {
        "id": f"{CONFIG}/{split}/{index:04d}",
        "domain": DOMAIN,
        "task": TASK_KIND,
        "difficulty": f"{street_map.size}x{street_map.size}",
        "images": [image_cell(example_png()), image_cell(map_png(street_map))],
        "prompt": PROMPT,
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(f"{CONFIG}-{split}-{index:04d}", street_map),
        "answer_key": dumps(
            {
                "size": street_map.size,
                "streets": list(street_map.streets),
                "avenues": list(street_map.avenues),
                "start": list(street_map.start),
                "goal": list(street_map.goal),
                "route": [list(leg) for leg in street_map.shortest_route()],
            }
        ),
        "meta": dumps({"north": north, "east": east, "blocks": abs(north) + abs(east)}),
    }


def build(settings: BuildSettings) -> Rows:
    return {split: [make_row(m, split, i) for i, m in enumerate(maps)] for split, maps in split_maps(settings).items()}


def card_facts(rows: Rows) -> dict[str, str]:
    """Test rows, rows per grid size, and how many legs a shortest route needs."""
    test = rows.get("test", [])
    sizes = Counter(row["difficulty"] for row in test)
    legs = Counter(len(json.loads(row["answer_key"])["route"]) for row in test)
    return {
        "test_rows": str(len(test)),
        "sizes": ", ".join(f"{size}: {n}" for size, n in sorted(sizes.items())),
        "legs": ", ".join(f"{k} leg{'s' if k > 1 else ''}: {n}" for k, n in sorted(legs.items())),
    }


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=DOMAIN,
    task=TASK_KIND,
    summary="VSP's routing scenario on a drawn street grid: a route from S to G, walked block by block (VSP).",
    features_of=row_features,
    build=build,
    card_facts=card_facts,
    papers=("VSP",),
)
