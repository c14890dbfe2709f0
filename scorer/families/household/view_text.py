"""The text view: what the agent sees, in sentences (for text-only models).

It says exactly what the images show: the room and wall the agent faces, the pieces in
front of it from left to right (open or closed), what rests on them, what is inside the
open ones, and what the agent holds. Names are the PDDL objects' (``book_1``), as the
images' labels; decoration is named by its kind.
"""

from __future__ import annotations

from scorer.families.household.sight import Sight


def render_text(seen: Sight) -> str:
    scene = seen.scene
    spot = scene.piece(seen.spot)
    assert spot is not None, f"the agent faces {seen.spot}, which is not in the scene"
    room = scene.rooms[spot.room].name.replace("_", " ")
    lines = [f"You are in the {room}, facing the {spot.wall} wall, in front of the {_word(seen, spot.name)}."]
    shown = [_word(seen, name) + _open_word(seen, name) for name in seen.in_view]
    lines.append(f"From left to right you see: {', '.join(shown)}.")
    for name in seen.in_view:
        if items := seen.items_on(name):
            lines.append(f"On the {_word(seen, name)}: {', '.join(items)}.")
        if items := seen.items_inside(name):
            lines.append(f"Inside the {_word(seen, name)}: {', '.join(items)}.")
    lines.append(f"You are holding the {seen.held}." if seen.held else "You are holding nothing.")
    return "\n".join(lines)


def _word(seen: Sight, name: str) -> str:
    return name if name in seen.scene.named else name.replace("_", " ")


def _open_word(seen: Sight, name: str) -> str:
    piece = seen.scene.piece(name)
    if piece is None or not piece.container:
        return ""
    return " (open)" if name in seen.open else " (closed)"
