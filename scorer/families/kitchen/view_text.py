"""The text view: what the agent faces and holds, with every visible state in words.

(AsgardBench's own text-only ablation shows no scene at all; that is the ``text_only``
view. This view is ours: the scene the image would show, written out.)
"""

from __future__ import annotations

from scorer.families.kitchen import catalog
from scorer.families.kitchen.world import Thing, World


def states(thing: Thing) -> list[str]:
    words = []
    if thing.dirty:
        words.append("dirty")
    if thing.cooked:
        words.append("cooked")
    if thing.kind in catalog.TOGGLEABLE and thing.kind != "StoveKnob":
        words.append("on" if thing.on else "off")
    if thing.kind in catalog.OPENABLE:
        words.append("open" if thing.open else "closed")
    if thing.liquid:
        words.append(f"filled with {thing.liquid}")
    return words


def named(thing: Thing) -> str:
    words = states(thing)
    return f"{thing.kind} ({', '.join(words)})" if words else thing.kind


def _contents_text(world: World, container: Thing, depth: int) -> list[str]:
    lines: list[str] = []
    if container.kind in catalog.OPENABLE and not container.open:
        return lines
    for item in world.contents(container):
        if world.is_held(item):
            continue
        lines.append("  " * depth + f"- {named(item)}")
        lines += _contents_text(world, item, depth + 1)
    return lines


def scene_text(world: World) -> str:
    if world.facing is None:
        facing = "You have not gone anywhere yet."
    else:
        fixtures = [t for t in world.things.values() if t.fixture and t.spot == world.facing]
        lines = ["You are facing:"]
        for fixture in fixtures:
            lines.append(f"{named(fixture)}")
            lines += _contents_text(world, fixture, 1)
        facing = "\n".join(lines)
    held = world.held_thing()
    hand = f"You are holding: {named(held)}" if held else "Your hand is empty."
    if held:
        inside = _contents_text(world, held, 1)
        hand += ("\n" + "\n".join(inside)) if inside else ""
    return f"{facing}\n{hand}"
