"""The 12 verbs on hand-built kitchens: AsgardBench's preconditions with its exact
messages, the effects, the instance an action picks, and the two shortcut settings."""

from __future__ import annotations

import pytest

from scorer.families.kitchen.rules import DEFAULT_SHORTCUTS, Shortcuts, act
from scorer.families.kitchen.world import DRINK_GOAL, SPRAY_GOAL, World

from .kitchen_rows import fixture, item, small_kitchen


def run(world: World, *actions: str, shortcuts: Shortcuts = DEFAULT_SHORTCUTS) -> list[str]:
    """The message of each action ('' on success)."""
    messages = []
    for action in actions:
        verb, kind = action.split()
        messages.append(act(world, verb, kind, shortcuts).message)
    return messages


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ((), "PICKUP Mug", "Cannot pick up Mug_1 as it is not visible."),
        (("PICKUP Knife",), "PICKUP Bread", "Cannot pick up Bread_1 while holding Knife_1."),
        ((), "PICKUP CoffeeMachine", "You cannot pick up object of type CoffeeMachine as it is not pickupable."),
        ((), "PUT CounterTop", "No object held."),
        (("PICKUP Knife",), "PUT Fridge", "Cannot PUT in Fridge_1 as it is not visible."),
        (("PICKUP Knife", "FIND Fridge"), "PUT Fridge", "Cannot PUT in Fridge_1 as it is closed. Open it first."),
        (("PICKUP Knife", "FIND Mug"), "PUT Mug", "Cannot PUT Knife_1 in Mug_1 as they are not compatible."),
        (("FIND Fridge",), "OPEN CounterTop", "Cannot open CounterTop_1 as it is not visible."),
        (("FIND Fridge", "OPEN Fridge"), "OPEN Fridge", "Fridge_1 is already open."),
        (("FIND Fridge",), "CLOSE Fridge", "Fridge_1 is already closed."),
        ((), "OPEN CounterTop", "CounterTop_1 is not openable."),
        ((), "TOGGLE_ON CoffeeMachine", "Cannot toggle CoffeeMachine_1 as it contains no objects."),
        ((), "SLICE Bread", "Cannot slice Bread_1 without holding a knife."),
        (("FIND Mug",), "SLICE Bread", "Cannot slice Bread_1 as it is not visible."),
        (("PICKUP Knife", "SLICE Bread"), "SLICE Bread", "Bread_1 is already sliced."),
        (("FIND Mug",), "CLEAN Mug", "Cannot clean Mug_1 as the faucet is not turned on."),
        (("FIND Mug",), "EMPTY Mug", "Mug_1 is not filled with liquid."),
        (("FIND Mug",), "DRINK Mug", "Cannot drink from the Mug_1 without holding it."),
        (("FIND Mug", "PICKUP Mug"), "DRINK Mug", "Mug_1 is not filled with liquid."),
        (("FIND SinkBasin",), "TOGGLE_OFF Faucet", "Cannot toggle Faucet_1 as it is already off."),
        ((), "FIND Apple", "No candidate objects for action FIND Apple"),
        (("PICKUP Knife", "SLICE Bread"), "FIND Bread", "Object is already sliced"),
        ((), "PICKUP Tomato", "Object Tomato does not exist in this scene."),
    ],
)
def test_failure_messages(setup: tuple[str, ...], action: str, message: str) -> None:
    world = small_kitchen()
    assert run(world, *setup) == [""] * len(setup)
    before = world.to_json()
    assert run(world, action) == [message]
    assert world.to_json() == before  # a failed action changes nothing


def test_coffee_machine_messages_for_what_is_in_it() -> None:
    world = small_kitchen(item("Apple_1", "CoffeeMachine_1"))
    assert run(world, "TOGGLE_ON CoffeeMachine") == ["Cannot toggle CoffeeMachine_1 as it contains a Apple."]
    world = small_kitchen()
    world.things["Mug_1"].parent, world.things["Mug_1"].dirty = "CoffeeMachine_1", True
    assert run(world, "TOGGLE_ON CoffeeMachine") == ["Cannot toggle CoffeeMachine_1 as the mug is dirty."]
    world.things["Mug_1"].dirty, world.things["Mug_1"].liquid = False, "coffee"
    assert run(world, "TOGGLE_ON CoffeeMachine") == ["Cannot toggle CoffeeMachine_1 as the mug is not empty."]
    world.things["Mug_1"].liquid = None
    assert run(world, "TOGGLE_ON CoffeeMachine", "TOGGLE_OFF CoffeeMachine") == ["", ""]
    assert world.things["Mug_1"].liquid == "coffee"


def test_faucet_runs_only_with_dishes_in_the_sink() -> None:
    world = small_kitchen(item("Apple_1", "SinkBasin_1"), item("Plate_1", "SinkBasin_1", dirty=True))
    assert run(world, "FIND SinkBasin", "TOGGLE_ON Faucet") == [
        "",
        "Cannot toggle Faucet_1 as SinkBasin contains a Apple.",
    ]
    assert run(world, "PICKUP Apple", "FIND CounterTop", "PUT CounterTop") == ["", "", ""]
    assert run(world, "FIND DishSponge", "PICKUP DishSponge", "FIND SinkBasin", "CLEAN Plate") == [
        "", "", "", "Cannot clean Plate_1 as the faucet is not turned on."
    ]  # fmt: skip
    assert run(world, "TOGGLE_ON SinkBasin", "CLEAN Plate", "TOGGLE_OFF Faucet") == ["", "", ""]
    assert not world.things["Plate_1"].dirty


def test_cleaning_needs_the_sink_and_the_sponge() -> None:
    world = small_kitchen(item("Plate_1", "CounterTop_2", dirty=True))
    run(world, "FIND SinkBasin", "TOGGLE_ON Faucet")
    assert run(world, "FIND Plate", "CLEAN Plate") == ["", "Plate_1 must be in the SinkBasin to clean"]
    assert run(world, "PICKUP Plate", "FIND SinkBasin", "PUT SinkBasin", "CLEAN Plate") == [
        "", "", "", "Cannot clean Plate_1 without holding a sponge."
    ]  # fmt: skip


def test_slicing_needs_a_surface_and_makes_pieces_pushed_apart() -> None:
    world = small_kitchen(item("Plate_1", "CounterTop_1"), item("Tomato_1", "Plate_1"))
    assert run(world, "PICKUP Knife", "SLICE Tomato") == ["", "Cannot slice Tomato_1 as it is not on a countertop."]
    assert run(world, "SLICE Bread") == [""]
    assert [t.id for t in world.of_kind("BreadSliced")] == [f"BreadSliced_{i}" for i in range(1, 5)]
    assert "Bread_1" not in world.things and "BreadSliced" in world.available_types()


def test_an_egg_is_cracked_without_a_knife_in_the_pan() -> None:
    world = small_kitchen(item("Egg_1", "Pan_1"), facing="StoveBurner_1")
    assert run(world, "SLICE Egg", "TOGGLE_ON StoveBurner") == ["", ""]
    cracked = world.of_kind("EggCracked")
    assert len(cracked) == 1 and cracked[0].parent == "Pan_1" and cracked[0].cooked
    assert world.things["StoveBurner_1"].on and not world.things["StoveBurner_2"].on  # the burner under the pan


def test_drinking_dirties_the_mug_and_sets_the_action_goal() -> None:
    world = small_kitchen()
    world.things["Mug_1"].liquid = "coffee"
    assert run(world, "FIND Mug", "PICKUP Mug", "DRINK Mug") == ["", "", ""]
    mug = world.things["Mug_1"]
    assert mug.dirty and mug.liquid is None and world.flags[DRINK_GOAL]


def test_mirror_needs_spray_then_cloth() -> None:
    things = [fixture("CounterTop_1"), fixture("Mirror_1", spot="CounterTop_1", dirty=True),
              item("SprayBottle_1", "CounterTop_1"), item("Cloth_1", "CounterTop_1")]  # fmt: skip
    world = World("Bath", "Bathroom", {t.id: t for t in things}, facing="CounterTop_1")
    assert run(world, "CLEAN Mirror") == ["Cannot clean Mirror_1 without having sprayed it first."]
    assert run(world, "SPRAY Mirror") == ["Cannot spray Mirror_1 without holding a spray bottle."]
    assert run(world, "PICKUP SprayBottle", "SPRAY Mirror", "CLEAN Mirror") == [
        "", "", "Cannot clean Mirror_1 without holding a cloth."
    ]  # fmt: skip
    assert world.flags[SPRAY_GOAL] and world.things["Mirror_1"].dirty  # SPRAY only sets the flag
    assert run(world, "PUT CounterTop", "PICKUP Cloth", "CLEAN Mirror") == ["", "", ""]
    assert not world.things["Mirror_1"].dirty


def test_television_needs_the_remote() -> None:
    things = [fixture("Television_1"), fixture("Sofa_1"), item("RemoteControl_1", "Sofa_1")]
    world = World("Living", "LivingRoom", {t.id: t for t in things}, facing="Television_1")
    assert run(world, "TOGGLE_ON Television") == ["Cannot toggle Television_1 without holding a remote control."]
    assert run(world, "FIND RemoteControl", "PICKUP RemoteControl", "FIND Television", "TOGGLE_ON Television") == [
        "", "", "", ""
    ]  # fmt: skip


@pytest.mark.parametrize("find_opens", [True, False])
def test_find_opens_the_closed_cabinet_only_when_the_setting_is_on(find_opens: bool) -> None:
    world = small_kitchen(item("Bowl_1", "Cabinet_2"))
    shortcuts = Shortcuts(find_opens=find_opens)
    assert run(world, "FIND Bowl", shortcuts=shortcuts) == [""]
    assert world.things["Cabinet_2"].open is find_opens
    expected = "" if find_opens else "Cannot pick up Bowl_1 as it is in a closed container."
    assert run(world, "PICKUP Bowl", shortcuts=shortcuts) == [expected]


@pytest.mark.parametrize("tries_others", [True, False])
def test_put_tries_other_containers_only_when_the_setting_is_on(tries_others: bool) -> None:
    full = [item(f"{kind}_1", "Cabinet_1") for kind in ("Bowl", "Plate", "Cup")]
    world = small_kitchen(*full)
    shortcuts = Shortcuts(put_tries_others=tries_others)
    run(world, "FIND Mug", "PICKUP Mug", "FIND Cabinet", "OPEN Cabinet", shortcuts=shortcuts)
    world.facing = "Cabinet_1"  # in front of the full one
    world.found["Cabinet"] = "Cabinet_1"
    world.things["Cabinet_1"].open = True
    message = run(world, "PUT Cabinet", shortcuts=shortcuts)
    if tries_others:
        assert message == [""] and world.things["Mug_1"].parent == "Cabinet_2" and world.things["Cabinet_2"].open
    else:
        assert message == ["The Cabinet can't fit more items."] and world.held == "Mug_1"


def test_surfaces_stand_for_each_other_and_objects_fulfilling_a_goal_are_skipped() -> None:
    table = fixture("DiningTable_1")
    world = small_kitchen(table, item("Plate_1", "DiningTable_1"), item("Apple_1", "CounterTop_1"))
    world.location_goals = (("AppleSliced", "Plate"),)
    assert run(world, "PICKUP Knife", "SLICE Apple", "FIND DiningTable", "PUT CounterTop") == ["", "", "", ""]
    assert world.things["Knife_1"].parent == "DiningTable_1"  # CounterTop meant the visible table
    assert run(world, "FIND AppleSliced", "PICKUP AppleSliced", "FIND Plate", "PUT Plate") == ["", "", "", ""]
    assert run(world, "FIND AppleSliced") == [""]
    assert world.things[world.found["AppleSliced"]].parent != "Plate_1"  # the next free slice
    for _ in range(3):
        run(world, "FIND AppleSliced", "PICKUP AppleSliced", "FIND Plate", "PUT Plate")
    assert run(world, "FIND AppleSliced") == ["All AppleSliced are already being used to fullfill a goal"]


def test_heat_cooks_what_goes_into_a_running_appliance() -> None:
    world = small_kitchen(item("Potato_1", "CounterTop_2"), fixture("Microwave_1", parent="CounterTop_2"))
    assert run(world, "FIND Microwave", "TOGGLE_ON Microwave", "OPEN Microwave") == ["", "", ""]
    assert not world.things["Microwave_1"].on  # opening stops it
    assert run(world, "PICKUP Potato", "PUT Microwave", "TOGGLE_ON Microwave") == [
        "", "", "Cannot toggle Microwave_1 as it is open."
    ]  # fmt: skip
    assert run(world, "CLOSE Microwave", "TOGGLE_ON Microwave") == ["", ""]
    assert world.things["Potato_1"].cooked
