"""Config ``slidegeom-acp``: ACPBench Hard's eight questions about sliding geom boards
shown as images (iVISPAR's puzzle).

Through the one visual ACP adapter (``data_build/acp_visual.py``): the problems are
small boards of the standard grid (2 or 3 geoms, so every reachable space is enumerated
and every key exact), the current state is the 3D view of the board (``render_3d``), the
goal and the vocabulary are in the words of ``pddl.py`` (``move the red cube left from B1
to A1``). Few-shot examples are the text-only configs' (grid and logistics).
"""

from __future__ import annotations

from collections.abc import Callable

from data_build.acp_rows import AcpProblem, shared_fewshot, spread_kinds
from data_build.acp_visual import ProblemsBySplit, VisualAcpDomain, visual_spec
from data_build.spec import BuildSettings
from scorer.families.slidegeom.board import Cell, Geom, cell_name, parse_cell
from scorer.families.slidegeom.generate import GridCell, SlideProblem, generate_boards
from scorer.families.slidegeom.pddl import ACTION_TEMPLATES, ATOM_TEMPLATES, DESCRIPTION, domain_pddl, object_text
from scorer.families.slidegeom.view_3d import render_3d
from scorer.pddl import Task
from scorer.registry.family import card_template
from scorer.render.png import png_bytes
from scorer.tasks.acp.prompts import DomainWords

CONFIG = "slidegeom-acp"
DIFFICULTY = "standard"
# size -> split -> the grid cells (geoms, optimal length) of its boards, 2 boards per cell in test
BOARD_CELLS: dict[str, dict[str, tuple[GridCell, ...]]] = {
    "full": {"test": ((2, 3), (2, 5), (3, 3), (3, 4), (3, 5), (3, 6)), "dev": ((2, 4), (3, 4))},
    "mini": {"test": ((2, 3), (3, 4)), "dev": ((2, 4),)},
}
BOARDS_PER_CELL = {"test": 2, "dev": 1}


def _object(name: str) -> str:
    if name.startswith("?"):  # a parameter, in the list of schemas
        return f"{'geom' if name == '?g' else 'cell'} {name}"  # every other parameter is a cell
    return object_text(name)


def _text(templates: dict[str, str]) -> Callable[[str], str]:
    def text(call: str) -> str:
        head, *args = call.strip("()").split()
        return templates[head].format(*(_object(a) for a in args))

    return text


def _placed(task: Task, state: int) -> tuple[tuple[Geom, Cell], ...]:
    """The (geom, cell) pairs of a state's ``at`` atoms, in board-coordinate order."""
    pairs = []
    for atom in task.true_atoms(state):
        head, *args = atom.strip("()").split()
        if head == "at":
            colour, shape = args[0].split("_")
            cell = parse_cell(args[1])
            assert cell is not None, f"not a cell: {args[1]}"
            pairs.append((Geom(colour, shape), cell))
    return tuple(sorted(pairs, key=lambda pair: pair[1]))


def slidegeom_words(board_size: int) -> DomainWords:
    def state_image(task: Task, state: int) -> bytes:
        return png_bytes(render_3d(_placed(task, state), board_size))

    def static_words(task: Task, state: int) -> str:
        # The adjacency atoms are the board's geometry: one sentence says it.
        last = cell_name((board_size - 1, board_size - 1))
        return (
            f"The board has {board_size} x {board_size} cells, A1 to {last}; B1 is just right of A1 "
            "and A2 just above A1, and so on."
        )

    return DomainWords(DESCRIPTION, _text(ATOM_TEMPLATES), _text(ACTION_TEMPLATES), state_image, None, static_words)


def _acp_problem(problem: SlideProblem) -> AcpProblem:
    return AcpProblem(
        problem.name,
        "slidegeom",
        slidegeom_words(problem.board.size),
        domain_pddl(),
        problem.pddl(),
        DIFFICULTY,
        problem.seed,
    )


def slidegeom_problems(settings: BuildSettings) -> ProblemsBySplit:
    grouped: ProblemsBySplit = {}
    for split, cells in BOARD_CELLS[settings.size].items():
        boards = generate_boards(DIFFICULTY, f"{settings.seed}/{CONFIG}/{split}", BOARDS_PER_CELL[split], cells)
        grouped[split] = {DIFFICULTY: [_acp_problem(problem) for problem in boards]}
    return grouped


SLIDEGEOM = VisualAcpDomain(
    name="slidegeom",
    summary="The eight ACP questions about sliding geom boards shown as 3D images (iVISPAR's puzzle).",
    problems=slidegeom_problems,
    per_kind={
        "full": {"test": {DIFFICULTY: 10}, "dev": {DIFFICULTY: 2}},
        "mini": {
            "test": {DIFFICULTY: 1},
            "dev": {DIFFICULTY: spread_kinds(4)},
        },  # dev: half the kinds, smaller than test
    },
    fewshot=shared_fewshot,
    card=card_template(__file__, CONFIG),
    papers=("ACPBench Hard", "iVISPAR"),
)

SPEC = visual_spec(SLIDEGEOM)
