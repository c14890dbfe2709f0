"""Write the pictures of ``docs/household.md``: every view at every difficulty.

    python -m scorer.families.household.gallery docs/household

For each difficulty, one generated problem (seed 0) is played along its optimal plan and
the state after the first ``grasp`` (something is held, a container was opened or the
agent moved) is drawn in the first-person view, the floor plan and the text view.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scorer.families.household.generate import ACTIVITY, generate_problem
from scorer.families.household.images import plan_png, state_png
from scorer.families.household.trajectory import PlanState, plan_states
from scorer.families.household.view_text import render_text
from scorer.io.atomic import write_bytes, write_text

EXAMPLES = {"simple": "packing_food_for_work", "medium": "cleaning_out_drawers", "hard": "sorting_groceries"}


def shown_state(states: list[PlanState]) -> PlanState:
    """The state right after the plan's first grasp (the last state if it has none)."""
    return next((s for s in states if s.last_action and s.last_action.startswith("(grasp")), states[-1])


def write_gallery(folder: Path) -> list[Path]:
    written = []
    for difficulty, activity in EXAMPLES.items():
        problem = generate_problem(
            ACTIVITY[activity], difficulty, f"0/gallery/{difficulty}", f"{activity}-{difficulty}"
        )
        at = shown_state(plan_states(problem))
        stem = folder / f"{difficulty}"
        for suffix, data in (("3d.png", state_png(at.seen)), ("2d.png", plan_png(at.seen))):
            write_bytes(Path(f"{stem}-{suffix}"), data)
            written.append(Path(f"{stem}-{suffix}"))
        write_text(Path(f"{stem}-text.txt"), f"{problem.name} after {at.last_action}\n\n{render_text(at.seen)}\n")
        written.append(Path(f"{stem}-text.txt"))
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    for path in write_gallery(args.folder):
        print(path)


if __name__ == "__main__":
    main()
