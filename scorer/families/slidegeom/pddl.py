"""The sliding geom puzzle in PDDL, and the problem writer.

One action schema per direction, ``(move-left ?g ?from ?to)`` and so on, because that
is how the puzzle is played: the model's command ``move red cube left`` is the action
``(move-left red_cube b1 a1)``, and an ACP question reads "move the red cube left from
B1 to A1". Adjacency is static, one predicate per direction: ``(adjacent-left ?from
?to)`` says ``?to`` is the cell just left of ``?from``.

Object names: a geom is ``<colour>_<shape>`` (``red_cube``), a cell its lower-case
chess name (``a1`` is the bottom-left cell, x = column, y = row, as iVISPAR).
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.families.slidegeom.board import DIRECTIONS, Board, Cell, Geom, Placement, cell_name, in_bounds, parse_cell
from scorer.families.slidegeom.search import Move, move_target
from scorer.pddl import problem_text

DOMAIN_NAME = "slidegeom"


def _move_schema(direction: str) -> str:
    return f"""
  (:action move-{direction}
    :parameters (?g - geom ?from - cell ?to - cell)
    :precondition (and (at ?g ?from) (free ?to) (adjacent-{direction} ?from ?to))
    :effect (and (at ?g ?to) (free ?from) (not (at ?g ?from)) (not (free ?to))))"""


DOMAIN_PDDL = (
    """;; The sliding geom puzzle (iVISPAR): geoms (a colour and a shape) on a grid
;; of cells; a move shifts one geom one cell left, right, down or up into a free cell.
(define (domain slidegeom)
  (:requirements :strips :typing)
  (:types geom cell)
  (:predicates
    (at ?g - geom ?c - cell)
    (free ?c - cell)
    (adjacent-left ?from - cell ?to - cell)
    (adjacent-right ?from - cell ?to - cell)
    (adjacent-down ?from - cell ?to - cell)
    (adjacent-up ?from - cell ?to - cell))"""
    + "".join(_move_schema(direction) for direction in DIRECTIONS)
    + ")\n"
)

DESCRIPTION = (
    "This is a sliding geom puzzle. Geoms, each a unique combination of a colour and a shape, stand "
    "on a square board of cells. Cell names are chess-style: the letter is the column (A is the "
    "leftmost) and the number is the row (1 is the bottom row). A cell holds at most one geom. "
    "One move shifts one geom by one cell left, right, down or up, into a free cell on the board. "
    "The goal is to bring every geom to its goal cell."
)

ATOM_TEMPLATES = {
    "at": "the {0} is at {1}",
    "free": "{0} is free",
    "adjacent-left": "{1} is just left of {0}",
    "adjacent-right": "{1} is just right of {0}",
    "adjacent-down": "{1} is just below {0}",
    "adjacent-up": "{1} is just above {0}",
}

ACTION_TEMPLATES = {f"move-{d}": f"move the {{0}} {d} from {{1}} to {{2}}" for d in DIRECTIONS}


def domain_pddl() -> str:
    return DOMAIN_PDDL


def geom_object(geom: Geom) -> str:
    return f"{geom.colour}_{geom.shape}"


def cell_object(cell: Cell) -> str:
    return cell_name(cell).lower()


def object_text(name: str) -> str:
    """How an object is said in words: ``red_cube`` -> ``red cube``, ``a1`` -> ``A1``."""
    return name.replace("_", " ") if "_" in name else name.upper()


def problem_pddl(name: str, board: Board, placement: Placement) -> str:
    """A problem whose :init is ``placement`` (plus the static adjacency) and whose goal
    puts every geom on its cell of ``board.goal``."""
    objects = [
        ("geom", [geom_object(g) for g in board.geoms]),
        ("cell", [cell_object(c) for c in all_cells(board.size)]),
    ]
    init = state_atoms(board, placement) + adjacency_atoms(board.size)
    goal = [_atom("at", geom_object(g), cell_object(c)) for g, c in zip(board.geoms, board.goal)]
    return problem_text(name, DOMAIN_NAME, objects, init, goal)


def state_atoms(board: Board, placement: Placement) -> list[str]:
    """The fluent atoms of a placement: ``at`` per geom, ``free`` per empty cell."""
    occupied = set(placement)
    at = [_atom("at", geom_object(g), cell_object(c)) for g, c in zip(board.geoms, placement)]
    free = [_atom("free", cell_object(c)) for c in all_cells(board.size) if c not in occupied]
    return at + free


def adjacency_atoms(board_size: int) -> list[str]:
    atoms = []
    for direction, (dx, dy) in DIRECTIONS.items():
        for x, y in all_cells(board_size):
            if in_bounds(board_size, (x + dx, y + dy)):
                atoms.append(_atom(f"adjacent-{direction}", cell_object((x, y)), cell_object((x + dx, y + dy))))
    return atoms


def move_action(board: Board, placement: Placement, move: Move) -> str:
    """The ground action of a native move: ``(0, "left")`` -> ``(move-left red_cube b1 a1)``."""
    geom_index, direction = move
    source, target = placement[geom_index], move_target(placement, move)
    return _atom(f"move-{direction}", geom_object(board.geoms[geom_index]), cell_object(source), cell_object(target))


def move_of_action(board: Board, action: str) -> Move | None:
    """The native move of a ground action name; None when it is not a move of a geom of
    the board. Whether it applies in some placement is not checked here."""
    head, *args = action.strip().strip("()").lower().split()
    if not head.startswith("move-") or head[5:] not in DIRECTIONS or len(args) != 3:
        return None
    objects = {geom_object(g): i for i, g in enumerate(board.geoms)}
    if args[0] not in objects or parse_cell(args[1]) is None:
        return None
    return objects[args[0]], head[5:]


def placement_of_atoms(board: Board, atoms: Iterable[str]) -> Placement:
    """Read the geoms' cells back from a state's true atoms (KeyError if a geom has none)."""
    cells: dict[str, Cell] = {}
    for atom in atoms:
        head, *args = atom.strip("()").split()
        cell = parse_cell(args[1]) if head == "at" else None
        if cell is not None:
            cells[args[0]] = cell
    return tuple(cells[geom_object(g)] for g in board.geoms)


def all_cells(board_size: int) -> list[Cell]:
    """Cells in name order: A1, A2, ..., B1, ..."""
    return [(x, y) for x in range(board_size) for y in range(board_size)]


def _atom(head: str, *args: str) -> str:
    return "(" + " ".join((head, *args)) + ")"
