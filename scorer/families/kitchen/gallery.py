"""``python -m scorer.families.kitchen.gallery OUT``: one egocentric image per task type,
each at a moment of the expert's play where the task's states show (a dirty mug found, a
burner on under a cooked egg, slices pushed apart, an open fridge, a lit television...),
and the page ``OUT/kitchen.md`` that shows them. Deterministic: the same command writes
the same files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from scorer.families.kitchen.expert import expert_plan
from scorer.families.kitchen.generate import generate_task
from scorer.families.kitchen.rules import act
from scorer.families.kitchen.tasks import TASK_TYPES
from scorer.families.kitchen.view_ego import draw_view
from scorer.io import atomic
from scorer.render.png import png_bytes

# The step after which each type's picture is taken, and what it shows.
MOMENTS: dict[str, tuple[str, str]] = {
    "clean_mirror": ("SPRAY Mirror", "the stained mirror just sprayed (droplets), the spray bottle in hand"),
    "coffee": ("TOGGLE_ON CoffeeMachine", "the mug in the running coffee machine (green light)"),
    "cook_bread": ("TOGGLE_ON Toaster", "a bread slice in the lit toaster, the other slices pushed apart"),
    "cook_egg": ("TOGGLE_ON StoveBurner", "the cracked egg cooking in the pan on a glowing burner"),
    "cook_potato": ("TOGGLE_ON Microwave", "the potato in the lit microwave"),
    "cook_potato_slice": ("TOGGLE_ON StoveBurner", "a potato slice frying in the pan"),
    "distribute": ("SLICE", "the food cut into pieces pushed apart, the knife in hand"),
    "putaway_dishes": ("OPEN Cabinet", "an open cabinet, a dish in hand"),
    "putaway_food": ("OPEN Fridge", "the open fridge, food in hand"),
    "putaway_silverware": ("OPEN Drawer", "an open drawer, silverware in hand"),
    "settable": ("PUT Plate", "the set table: a mug of coffee, a plate with a slice of bread, the clutter gone"),
    "turn_on_tv": ("TOGGLE_ON Television", "the television switched on, the remote in hand"),
}


def moment_png(task_type: str) -> bytes:
    made = generate_task(task_type, "gallery", 0)
    world = made.world.copy()
    wanted = MOMENTS[task_type][0]
    for action in expert_plan(made.world, made.task):
        verb, kind = action.split(" ", 1)
        act(world, verb, kind)
        if action.startswith(wanted):
            break
    return png_bytes(draw_view(world))


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    lines = [
        "# The kitchen family's egocentric view",
        "",
        "What the agent sees after an action of the expert's play, one task type each",
        "(`python -m scorer.families.kitchen.gallery docs` draws them again).",
        "",
    ]
    written = []
    for task_type in TASK_TYPES:
        path = out / "kitchen" / f"{task_type}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(path, moment_png(task_type))
        written.append(path)
        action, shows = MOMENTS[task_type]
        lines += [
            f"## {task_type}",
            "",
            f"After `{action} ...`: {shows}.",
            "",
            f"![{task_type}](kitchen/{task_type}.png)",
            "",
        ]
    page = out / "kitchen.md"
    atomic.write_text(page, "\n".join(lines))
    return [page, *written]


if __name__ == "__main__":
    for written_path in write_gallery(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(written_path)
