"""The renderers' views for the render benchmark and the unchanged-pixels test: for each
view, a sampler of distinct states and the function that draws one (before encoding).

States are drawn from fixed seeds: random blocksworld layouts, the standard sliding geom
boards, household states along the plans of its documented problems (the gallery's),
kitchen states along expert plans, random VSP boards, mazes, maps and scenes.

    .venv/bin/python -m bench.render_views --write-hashes tests/render/image_hashes.json

writes the SHA-256 of the PNG of the first ``HASHED_STATES`` states of every view, which
``tests/render/test_images_unchanged.py`` compares with the renderers of the day: a
renderer made faster must draw the same pixels (a deliberate change rewrites the file).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from scorer.render.png import png_bytes

HASHED_STATES = 12


@dataclass(frozen=True)
class View:
    name: str
    package: str  # every lru cache under it (and under scorer.render) is cleared "from scratch"
    states: Callable[[int], list[Hashable]]
    draw: Callable[[Hashable], Image.Image]  # the picture, before encoding


def first_distinct(states: Iterable[Hashable], count: int) -> list[Hashable]:
    """The first ``count`` distinct states, drawing no more than it takes (a whole generator
    drawn first was 1,000 kitchen tasks and their expert plans for 12 states)."""
    found: dict[Hashable, None] = {}
    for state in states:
        found[state] = None
        if len(found) == count:
            break
    return list(found)


def blocksworld_layouts(count: int) -> list[Hashable]:
    """Random layouts with the generator's shapes (blocks, columns): 3 on 4, 5 on 5, 6 on 4."""
    from scorer.families.blocksworld.generate import random_layout

    rng = random.Random(0)
    shapes = ((3, 4), (5, 5), (6, 4))

    def layouts() -> Iterator[Hashable]:
        for index in range(50 * count):
            blocks, n_columns = shapes[index % len(shapes)]
            yield random_layout(rng, rng.sample(list("rgbyop"), blocks), n_columns, blocks)

    return first_distinct(layouts(), count)


def slidegeom_keys(view: str) -> Callable[[int], list[Hashable]]:
    def states(count: int) -> list[Hashable]:
        from scorer.families.slidegeom.generate import generate_boards
        from scorer.families.slidegeom.state_images import ImageKey

        keys: list[Hashable] = []
        for problem in generate_boards("standard", 0, per_cell=1):
            board = problem.board
            keys += [ImageKey(view, 4, board.geoms, board.start, "current", "now")]
            keys += [ImageKey(view, 4, board.geoms, board.goal, "goal", "goal")]
        return keys[:count]

    return states


def slidegeom_draw(key: Hashable) -> Image.Image:
    from scorer.families.slidegeom.frames import framed
    from scorer.families.slidegeom.state_images import ImageKey
    from scorer.families.slidegeom.text import placed
    from scorer.families.slidegeom.view_2d import render_2d
    from scorer.families.slidegeom.view_3d import render_3d

    assert isinstance(key, ImageKey)
    render = render_3d if key.view == "3d" else render_2d
    return framed(render(placed(key.geoms, key.placement), key.board_size), key.label, key.role)


def household_sights(count: int) -> list[Hashable]:
    from scorer.families.household.gallery import EXAMPLES
    from scorer.families.household.generate import ACTIVITY, generate_problem
    from scorer.families.household.trajectory import plan_states

    def all_sights() -> Iterator[Hashable]:
        for difficulty, activity in EXAMPLES.items():  # the documented problems: quick to generate
            problem = generate_problem(ACTIVITY[activity], difficulty, f"0/gallery/{difficulty}", activity)
            yield from (state.seen for state in plan_states(problem))

    return first_distinct(all_sights(), count)


def kitchen_worlds(count: int) -> list[Hashable]:
    import json

    from scorer.families.kitchen.expert import expert_plan
    from scorer.families.kitchen.generate import generate_task
    from scorer.families.kitchen.rules import act
    from scorer.families.kitchen.tasks import TASK_TYPES

    def all_worlds() -> Iterator[Hashable]:
        for index in range(1000):
            made = generate_task(TASK_TYPES[index % len(TASK_TYPES)], f"bench/{index}", index)
            world = made.world.copy()
            for action in expert_plan(made.world, made.task):
                act(world, *action.split(" ", 1))
                yield json.dumps(world.to_json(), sort_keys=True)

    return first_distinct(all_worlds(), count)


def kitchen_draw(state: Hashable) -> Image.Image:
    import json

    from scorer.families.kitchen.view_ego import draw_view
    from scorer.families.kitchen.world import World

    assert isinstance(state, str)
    return draw_view(World.from_json(json.loads(state)))


def vsp_states(make: str) -> Callable[[int], list[Hashable]]:
    def states(count: int) -> list[Hashable]:
        from scorer.families.vsp.blocks_questions import random_state
        from scorer.families.vsp.collision import random_scene
        from scorer.families.vsp.maze_generate import random_maze
        from scorer.families.vsp.route import random_map

        rng = random.Random(0)
        makers: dict[str, Callable[[], Hashable]] = {
            "blocks": lambda: random_state(rng.randint(3, 5), rng),
            "maze": lambda: random_maze(rng.randint(3, 8), rng),
            "route": lambda: random_map(rng, rng.randint(3, 6)),
            "collision": lambda: random_scene(rng, rng.random() < 0.5),
        }
        return first_distinct((makers[make]() for _ in range(50 * count)), count)

    return states


def vsp_draw(make: str) -> Callable[[Hashable], Image.Image]:
    def draw(state: Hashable) -> Image.Image:
        from scorer.families.vsp.blocks_render import blocks_image
        from scorer.families.vsp.collision_render import scene_image
        from scorer.families.vsp.maze_render import maze_image
        from scorer.families.vsp.route_render import map_image

        drawers: dict[str, Callable[[], Image.Image]] = {
            "blocks": lambda: blocks_image(state),  # type: ignore[arg-type]
            "maze-pixel": lambda: maze_image(state, "pixel"),  # type: ignore[arg-type]
            "maze-bw": lambda: maze_image(state, "bw"),  # type: ignore[arg-type]
            "route": lambda: map_image(state),  # type: ignore[arg-type]
            "collision": lambda: scene_image(state),  # type: ignore[arg-type]
        }
        return drawers[make]()

    return draw


def blocksworld_draw(view: str) -> Callable[[Hashable], Image.Image]:
    def draw(layout: Hashable) -> Image.Image:
        from scorer.families.blocksworld.view_2d import render_2d
        from scorer.families.blocksworld.view_3d import render_3d

        return (render_3d if view == "3d" else render_2d)(layout)  # type: ignore[arg-type]

    return draw


def household_draw(view: str) -> Callable[[Hashable], Image.Image]:
    def draw(seen: Hashable) -> Image.Image:
        from scorer.families.household.view_2d import render_2d
        from scorer.families.household.view_3d import render_3d

        return (render_3d if view == "3d" else render_2d)(seen)  # type: ignore[arg-type]

    return draw


BW, SG, HH, VSP = (
    "scorer.families.blocksworld",
    "scorer.families.slidegeom",
    "scorer.families.household",
    "scorer.families.vsp",
)
VIEWS = (
    View("blocksworld-3d", BW, blocksworld_layouts, blocksworld_draw("3d")),
    View("blocksworld-2d", BW, blocksworld_layouts, blocksworld_draw("2d")),
    View("slidegeom-3d", SG, slidegeom_keys("3d"), slidegeom_draw),
    View("slidegeom-2d", SG, slidegeom_keys("2d"), slidegeom_draw),
    View("household-3d", HH, household_sights, household_draw("3d")),
    View("household-2d", HH, household_sights, household_draw("2d")),
    View("kitchen-ego", "scorer.families.kitchen", kitchen_worlds, kitchen_draw),
    View("vsp-blocks", VSP, vsp_states("blocks"), vsp_draw("blocks")),
    View("vsp-maze-pixel", VSP, vsp_states("maze"), vsp_draw("maze-pixel")),
    View("vsp-maze-bw", VSP, vsp_states("maze"), vsp_draw("maze-bw")),
    View("vsp-route", VSP, vsp_states("route"), vsp_draw("route")),
    View("vsp-collision", VSP, vsp_states("collision"), vsp_draw("collision")),
)


def view_named(name: str) -> View:
    return next(view for view in VIEWS if view.name == name)


def image_hashes(count: int = HASHED_STATES) -> dict[str, list[str]]:
    """Per view, the SHA-256 of the PNG bytes of its first ``count`` states."""
    return {
        view.name: [hashlib.sha256(png_bytes(view.draw(state))).hexdigest() for state in view.states(count)]
        for view in VIEWS
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-hashes", type=Path, required=True, help="the JSON file to write")
    options = parser.parse_args()
    options.write_hashes.write_text(json.dumps(image_hashes(), indent=1) + "\n")
    print(f"wrote {options.write_hashes}")


if __name__ == "__main__":
    main()
