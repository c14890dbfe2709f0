"""The home a problem is set in: ViPlan's problems and ours, the facts always hold in it,
and what the agent sees follows the state."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.families.household.generate import ACTIVITY, generate_problem
from scorer.families.household.problem import PLACING, domain_pddl, scene_for
from scorer.families.household.scene import Scene
from scorer.families.household.sight import HAND, sight
from scorer.families.household.types import is_movable
from scorer.pddl import parse_task

VIPLAN = Path(__file__).resolve().parents[3].parent / "shared/external/viplan/data/planning/igibson"
needs_viplan = pytest.mark.skipif(not VIPLAN.is_dir(), reason=f"ViPlan's published household data is absent: {VIPLAN}")


def _scene_of(problem_file: Path, seed: str) -> tuple[Scene, list[str], dict[str, str]]:
    task = parse_task(domain_pddl(), problem_file.read_text())
    init = task.true_atoms(task.init)
    return scene_for(problem_file.stem, task.objects, init, seed, f"{seed}/{problem_file.stem}"), init, task.objects


@needs_viplan
@pytest.mark.parametrize("path", sorted(VIPLAN.glob("*/*.pddl")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_viplan_problem_has_a_home_where_its_facts_hold(path: Path) -> None:
    scene, init, objects = _scene_of(path, "Rs_int")
    furniture = {o for o, t in objects.items() if not is_movable(t)}
    assert scene.named == furniture, "every non-movable object of the problem is a piece, and no other piece is named"
    decoration = {p.name for p in scene.pieces if not p.named}
    assert not decoration & set(objects), "decoration never takes a PDDL object's name"
    placed = {a.strip("()").split()[1] for a in init if a.strip("(").split()[0] in PLACING}
    for movable in scene.movables:
        home = scene.home_of(movable)
        assert (movable in placed) == (home is None), f"{movable}: placed by a fact xor resting at a home"
        assert home is None or home in decoration, f"{movable} rests on {home}, which a fact could name"
    # where the facts put an object is where the views draw it
    seen = sight(scene, init)
    assert seen.spot == scene.start and seen.held is None
    for atom in init:
        predicate, *args = atom.strip("()").split()
        if predicate == "inside" and args[1] in seen.in_view:
            assert args[0] in seen.items_inside(args[1]) or args[1] not in seen.open


def test_layout_is_seeded_and_rooms_follow_the_scene_seed() -> None:
    objects = {"bowl_1": "movable", "cabinet_1": "container", "sink_1": "object"}
    first = scene_for("a", objects, ["(inside bowl_1 cabinet_1)"], "Rs_int", "Rs_int/0")
    again = scene_for("a", objects, ["(inside bowl_1 cabinet_1)"], "Rs_int", "Rs_int/0")
    other_instance = scene_for("a", objects, ["(inside bowl_1 cabinet_1)"], "Rs_int", "Rs_int/20")
    assert first == again
    assert first.rooms == other_instance.rooms, "one iGibson scene name, one set of rooms"


def test_closed_containers_hide_their_contents_and_open_ones_show_them() -> None:
    problem = generate_problem(ACTIVITY["cleaning_out_drawers"], "simple", "test/hide", "hide")
    task = problem.task()
    cabinet = next(o for o, t in problem.objects if t == "container")
    bowl = next(o for o, t in problem.objects if is_movable(t))
    at_cabinet = task.successor(task.init, f"(navigate-to {cabinet})")
    closed = sight(problem.scene, task.true_atoms(at_cabinet))
    assert closed.spot == cabinet and cabinet in closed.visible and bowl not in closed.visible
    opened = task.successor(at_cabinet, f"(open-container {cabinet})")
    seen = sight(problem.scene, task.true_atoms(opened))
    assert seen.items_inside(cabinet) == (bowl,) and bowl in seen.visible
    held = task.successor(opened, f"(grasp {bowl})")
    holding = sight(problem.scene, task.true_atoms(held))
    assert holding.held == bowl and bowl in holding.visible and holding.items_inside(cabinet) == ()
    assert holding.spot == cabinet, "grasping does not move the agent"


def test_an_object_on_a_held_object_rests_at_its_home_not_in_the_air() -> None:
    problem = generate_problem(ACTIVITY["collect_misplaced_items"], "medium", "test/stack", "stack")
    first, second = [o for o, t in problem.objects if is_movable(t)][:2]
    atoms = [f"(holding {first})", f"(ontop {second} {first})", f"(reachable {first})"]
    seen = sight(problem.scene, atoms)
    assert seen.held == first and seen.spot == problem.scene.home_of(first), "it stands where it took the object"
    home = problem.scene.home_of(second)
    assert home is not None and HAND not in dict(seen.on)
    assert second in seen.items_on(home) or home not in seen.in_view
