"""Config ``collision``: VSP's collision scenario (VSP, appendix A), one question per
scene: when does the car reach the goal, when does the person, and is there a danger of
collision?

100 scenes in test at full size (VSP's count), 8 in dev; ``--size mini``: 4 and 2.
Exactly half of each split's scenes are collisions, in a shuffled order (VSP's own 100
had 11: always answering No would have scored 89%). No scene repeats within or across
the splits. The ``prompt`` shows the legend, VSP's worked example and the scene (three
images).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from string import Template
from typing import Any

from data_build.rows import dumps, image_cell, row_features
from data_build.spec import BuildSettings, ConfigSpec, Rows
from scorer.families.vsp.collision import Scene, random_scene
from scorer.families.vsp.collision_pddl import domain_pddl, problem_pddl
from scorer.families.vsp.collision_render import example_png, legend_png, scene_png
from scorer.registry.family import card_template

CONFIG = "collision"
DOMAIN = "collision"
TASK_KIND = "vsp-collision"
QUESTION = "main"  # VSP's collision scenario has one task, its task-main
COUNTS = {"full": {"test": 100, "dev": 8}, "mini": {"test": 4, "dev": 2}}
PROMPT = Template((Path(__file__).resolve().parents[1] / "prompts" / "collision.txt").read_text())


def split_scenes(settings: BuildSettings) -> dict[str, list[Scene]]:
    """Each split's scenes, dev first; half collide, in an order drawn from the seed."""
    taken: set[Scene] = set()
    scenes: dict[str, list[Scene]] = {}
    for split in ("dev", "test"):
        rng = random.Random(f"{settings.seed}/{CONFIG}/{split}")
        count = COUNTS[settings.size][split]
        answers = [k < count // 2 for k in range(count)]
        rng.shuffle(answers)
        scenes[split] = [_fresh_scene(rng, collide, taken) for collide in answers]
    return {"test": scenes["test"], "dev": scenes["dev"]}


def _fresh_scene(rng: random.Random, collide: bool, taken: set[Scene]) -> Scene:
    while (scene := random_scene(rng, collide)) in taken:
        pass
    taken.add(scene)
    return scene


def collision_prompt(scene: Scene) -> str:
    return PROMPT.substitute(
        car_direction=scene.car.direction,
        car_speed=scene.car.speed,
        person_direction=scene.person.direction,
        person_speed=scene.person.speed,
    )


def make_row(scene: Scene, split: str, index: int) -> dict[str, Any]:
    car_time, person_time = scene.car_time(), scene.person_time()
    return {
        "id": f"{CONFIG}/{split}/{index:04d}",
        "domain": DOMAIN,
        "task": TASK_KIND,
        "difficulty": QUESTION,
        "images": [image_cell(legend_png()), image_cell(example_png()), image_cell(scene_png(scene))],
        "prompt": collision_prompt(scene),
        "domain_pddl": domain_pddl(),
        "problem_pddl": problem_pddl(f"{CONFIG}-{split}-{index:04d}", scene),
        "answer_key": dumps({"car_time": str(car_time), "person_time": str(person_time), "collide": scene.collide()}),
        "meta": dumps(
            {
                "goal": list(scene.goal),
                **{
                    f"{who}_{fact}": value
                    for who, mover in (("car", scene.car), ("person", scene.person))
                    for fact, value in (
                        ("cell", list(mover.cell)),
                        ("direction", mover.direction),
                        ("speed", mover.speed),
                        ("distance", mover.distance(scene.goal)),
                    )
                },
                "gap": str(abs(car_time - person_time)),
            }
        ),
    }


def build(settings: BuildSettings) -> Rows:
    return {
        split: [make_row(s, split, i) for i, s in enumerate(scenes)] for split, scenes in split_scenes(settings).items()
    }


def card_facts(rows: Rows) -> dict[str, str]:
    """Test rows, collisions among them, and how often each distance occurs."""
    test = rows.get("test", [])
    metas = [json.loads(row["meta"]) for row in test]
    distances = Counter(m["car_distance"] for m in metas) + Counter(m["person_distance"] for m in metas)
    return {
        "test_rows": str(len(test)),
        "collisions": str(sum(json.loads(row["answer_key"])["collide"] for row in test)),
        "distances": ", ".join(f"{d} cells: {n}" for d, n in sorted(distances.items())),
    }


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain=DOMAIN,
    task=TASK_KIND,
    summary="VSP's collision scenario: the car's and the person's time to the goal, and whether they collide (VSP).",
    features_of=row_features,
    build=build,
    card_facts=card_facts,
    papers=("VSP",),
)
