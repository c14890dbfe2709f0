"""Fresh household problems of ViPlan's ten BEHAVIOR activities (ViPlan, table 5).

Each activity says which objects move where, as ViPlan's household problems do: dishes
out of closed cabinets onto the sink, food out of the fridge into a carton, toys into
a carton, books from the table to the shelf, every door or window shut... A problem
draws how many objects the goal names (and a few distractors), where they start, and
the home it is set in, all from its seed string, then keeps the draw only if its
optimal plan length (A*) lies in the difficulty's band. The bands are the optimal
lengths of ViPlan's own household problems: 4-6, 8-10 and 11-14 actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorer.families.household.problem import HouseholdProblem, goal_distance, scene_for
from scorer.pddl import astar

BANDS = {"simple": (4, 6), "medium": (8, 10), "hard": (11, 14)}
DIFFICULTIES = tuple(BANDS)
ATTEMPTS = 400
SEARCH_LIMIT = 60_000  # states; a draw whose search needs more is dropped (too large for its band)
MAX_MOVABLES = 5


@dataclass(frozen=True)
class Activity:
    """Objects of ``items`` kinds start at ``source`` and must end ``relation`` ``target``.

    ``source``: None (resting on decoration, no fact), or a furniture kind with the
    relation that holds them there ("inside" a closed container, "ontop" a surface).
    ``close``: the activity shuts containers of that kind instead of moving objects.
    """

    name: str
    items: tuple[str, ...] = ()
    source: tuple[str, str] | None = None
    target: tuple[str, str] = ("table", "ontop")  # (furniture kind, relation)
    target_is_container: bool = False
    target_open: bool = True
    close: str | None = None
    source_share: float = 1.0  # the chance that an object starts at ``source`` (else on decoration)
    groceries: bool = False  # ViPlan's sorting groceries: fridge, then table, then next to that one


ACTIVITIES: tuple[Activity, ...] = (
    Activity(
        "cleaning_out_drawers", ("bowl", "spoon", "piece_of_cloth", "plate"), ("cabinet", "inside"), ("sink", "ontop")
    ),
    Activity("locking_every_door", close="door"),
    Activity("locking_every_window", close="window"),
    Activity(
        "packing_food_for_work",
        ("sandwich", "snack_food", "apple"),
        ("electric_refrigerator", "inside"),
        ("carton", "inside"),
        target_is_container=True,
    ),
    Activity("sorting_books", ("hardback", "book"), ("table", "ontop"), ("shelf", "ontop")),
    Activity("collect_misplaced_items", ("gym_shoe", "sock", "mug"), None, ("table", "ontop")),
    Activity("putting_away_toys", ("plaything",), None, ("carton", "inside"), target_is_container=True),
    Activity(
        "sorting_groceries",
        ("apple", "orange", "can"),
        None,
        ("electric_refrigerator", "inside"),
        target_is_container=True,
        target_open=False,
        groceries=True,
    ),
    Activity(
        "organizing_boxes_in_garage",
        ("ball", "plate", "saucepan"),
        ("shelf", "inside"),
        ("carton", "inside"),
        target_is_container=True,
        target_open=False,
        source_share=0.5,
    ),
    Activity(
        "organizing_file_cabinet",
        ("document", "folder", "marker"),
        None,
        ("cabinet", "inside"),
        target_is_container=True,
        target_open=False,
    ),
)
ACTIVITY = {a.name: a for a in ACTIVITIES}


def generate_problem(activity: Activity, difficulty: str, seed: str, name: str) -> HouseholdProblem:
    """A problem of ``activity`` whose optimal length lies in the difficulty's band;
    a ValueError if no draw of ``ATTEMPTS`` does."""
    low, high = BANDS[difficulty]
    rng = random.Random(seed)
    for attempt in range(ATTEMPTS):
        objects, init, goal = _draw(activity, difficulty, rng)
        problem = _problem(name, activity, difficulty, objects, init, goal, f"{seed}/{attempt}")
        # Bounded by the band: a draw whose plans are all longer is dropped without searching
        # them out (goal_distance is admissible, so a draw within it finds what it found unbounded).
        found = astar(problem.task(), goal_distance(problem.task()), max_states=SEARCH_LIMIT, max_length=high)
        if found.length is not None and low <= found.length <= high:
            return problem
    raise ValueError(f"{name}: no {activity.name} problem with an optimal length in {low}-{high}")


def _problem(
    name: str, activity: Activity, difficulty: str, objects: dict[str, str], init: list[str], goal: list[str], seed: str
) -> HouseholdProblem:
    scene = scene_for(name, objects, init, seed, seed)
    facts = (tuple(objects.items()), tuple(init), tuple(goal))
    return HouseholdProblem(name, activity.name, difficulty, *facts, scene, seed, (seed, seed))


def _draw(activity: Activity, difficulty: str, rng: random.Random) -> tuple[dict[str, str], list[str], list[str]]:
    if activity.close is not None:
        return _draw_closing(activity.close, difficulty, rng)
    goal_count = {"simple": 1, "medium": rng.randint(1, 3), "hard": rng.randint(2, 4)}[difficulty]
    if activity.groceries:  # ViPlan's three goals: fridge, table, next to
        goal_count = {"simple": 1, "medium": 2, "hard": 3}[difficulty]
    distractors = min(
        {"simple": 0, "medium": rng.randint(0, 1), "hard": rng.randint(1, 2)}[difficulty], MAX_MOVABLES - goal_count
    )
    kinds = [rng.choice(activity.items) for _ in range(goal_count + distractors)]
    names = _labelled(kinds)
    objects = {n: "movable" for n in names}
    init: list[str] = []
    target_kind, relation = activity.target
    target = f"{target_kind}_1"
    objects[target] = "container" if activity.target_is_container else "object"
    if activity.target_is_container and activity.target_open:
        init.append(f"(open {target})")
    if activity.source is not None:
        source_kind, source_relation = activity.source
        sources = [
            f"{source_kind}_{i}" for i in range(1, 1 + (2 if difficulty != "simple" and rng.random() < 0.5 else 1))
        ]
        for source in sources:
            objects[source] = "container" if source_relation == "inside" else "object"
        init += [
            f"({source_relation} {n} {rng.choice(sources)})" for n in names if rng.random() < activity.source_share
        ]
    goal = [f"({relation} {n} {target})" for n in names[:goal_count]]
    if activity.groceries:
        goal = _groceries_goal(names[:goal_count], target, objects)
    return objects, init, goal


def _groceries_goal(names: list[str], fridge: str, objects: dict[str, str]) -> list[str]:
    """ViPlan's sorting groceries: one item in the fridge, one on the table, one next to that one."""
    goal = [f"(inside {names[0]} {fridge})"]
    if len(names) > 1:
        objects["table_1"] = "object"
        goal.append(f"(ontop {names[1]} table_1)")
    goal += [f"(nextto {n} {names[1]})" for n in names[2:]]
    return goal


def _draw_closing(kind: str, difficulty: str, rng: random.Random) -> tuple[dict[str, str], list[str], list[str]]:
    # Each open one costs a navigate-to and a close-container.
    count = {"simple": rng.randint(2, 3), "medium": rng.randint(4, 5), "hard": rng.randint(6, 7)}[difficulty]
    names = [f"{kind}_{i}" for i in range(1, count + 1)]
    still_shut = rng.randint(0, 1) if difficulty != "simple" else 0
    init = [f"(open {n})" for n in names[: count - still_shut]] if still_shut else [f"(open {n})" for n in names]
    return {n: "container" for n in names}, init, [f"(not (open {n}))" for n in names]


def _labelled(kinds: list[str]) -> list[str]:
    """ViPlan's labels: ``apple_1``, ``apple_2``... numbered per kind in order."""
    seen: dict[str, int] = {}
    names = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        names.append(f"{kind}_{seen[kind]}")
    return names
