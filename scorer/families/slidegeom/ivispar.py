"""Read iVISPAR's sliding geom puzzle board files into our boards.

One JSON object per file, as iVISPAR's generator writes them (the paper's 300 boards
are ``Data/Configs/Main`` of its repository)::

    {"config_instance_id": "ICML_b_4_g_2_c1_2_c2_0_i_1",
     "experiment_type": "SlidingGeomPuzzle",          # optional; checked when present
     "grid_size": 4,                                  # optional, 4 when absent
     "complexity_c1": 2,                              # the optimal (A*) length
     "complexity_c2": 0,                              # optional: path interference
     "landmarks": [{"body": "cube", "color": "red",
                    "start_coordinate": [x, y], "goal_coordinate": [x, y]}, ...],
     "shortest_move_sequence": ["start", "move red cube left", ...]}   # optional

x is the column (0 = left, letter A), y the row (0 = bottom, number 1). The geom order
of the board is the order of ``landmarks``. Other fields (random move sequences,
``use_rendering``, ``geom_nr``) are ignored.

A file that does not fit is reported, naming the file and the field, and skipped: one
bad file never stops an import. The complexity fields are read as they are; checking
them against our A* is the caller's business (the tests do it for the paper's set).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.families.slidegeom.board import COLOURS, SHAPES, Board, Cell, Geom, Placement

EXPERIMENT_TYPE = "SlidingGeomPuzzle"
DEFAULT_GRID_SIZE = 4


class BoardFileError(ValueError):
    """A board file that does not fit the format; the message names the file and field."""

    def __init__(self, path: Path, field: str, problem: str) -> None:
        super().__init__(f"{path.name}: {field}: {problem}" if field else f"{path.name}: {problem}")
        self.path = path
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class IvisparBoard:
    source_id: str  # config_instance_id
    path: Path
    board: Board
    complexity_c1: int
    complexity_c2: int | None
    shortest_move_sequence: tuple[str, ...]  # as stored: "start" first, then "move ..." commands

    @property
    def shortest_moves(self) -> tuple[str, ...]:
        """The move commands of ``shortest_move_sequence``, without "start" and "done"."""
        return tuple(c for c in self.shortest_move_sequence if c.strip().lower() not in ("start", "done"))


@dataclass(frozen=True)
class ImportResult:
    boards: list[IvisparBoard]
    errors: list[BoardFileError]


def read_board_folder(folder: Path) -> ImportResult:
    """Every ``*.json`` file of ``folder`` (not its subfolders), in file-name order.

    FileNotFoundError when ``folder`` is not a folder; bad files land in ``errors``.
    """
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder of iVISPAR board files (*.json)")
    boards: list[IvisparBoard] = []
    errors: list[BoardFileError] = []
    for path in sorted(folder.glob("*.json")):
        try:
            boards.append(read_board_file(path))
        except BoardFileError as error:
            errors.append(error)
    return ImportResult(boards, errors)


def read_board_file(path: Path) -> IvisparBoard:
    """One board; BoardFileError when the file cannot be read or does not fit."""
    document = _load(path)
    _check_experiment_type(path, document)
    grid_size = _optional_int(path, document, "grid_size", minimum=1)
    size = DEFAULT_GRID_SIZE if grid_size is None else grid_size
    geoms, start, goal = _landmarks(path, document, size)
    try:
        board = Board(size, geoms, start, goal)
    except ValueError as error:  # the checks above cover what Board checks; kept as a guard
        raise BoardFileError(path, "landmarks", str(error)) from None
    return IvisparBoard(
        source_id=_string(path, document, "config_instance_id"),
        path=path,
        board=board,
        complexity_c1=_int(path, document, "complexity_c1", minimum=0),
        complexity_c2=_optional_int(path, document, "complexity_c2", minimum=0),
        shortest_move_sequence=_move_sequence(path, document),
    )


def _load(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_bytes())
    except OSError as error:
        raise BoardFileError(path, "", f"cannot be read ({error.strerror})") from None
    except UnicodeDecodeError:
        raise BoardFileError(path, "", "is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise BoardFileError(path, "", f"is not JSON ({where}: {error.msg})") from None
    if not isinstance(document, dict):
        raise BoardFileError(path, "", f"holds a JSON {type(document).__name__}, expected an object")
    return document


def _check_experiment_type(path: Path, document: dict[str, Any]) -> None:
    kind = document.get("experiment_type", EXPERIMENT_TYPE)
    if kind != EXPERIMENT_TYPE:
        raise BoardFileError(path, "experiment_type", f"{kind!r} is not {EXPERIMENT_TYPE!r}")


def _landmarks(path: Path, document: dict[str, Any], size: int) -> tuple[tuple[Geom, ...], Placement, Placement]:
    landmarks = document.get("landmarks")
    if not isinstance(landmarks, list) or not landmarks:
        raise BoardFileError(path, "landmarks", "missing or not a non-empty list")
    geoms: list[Geom] = []
    starts: list[Cell] = []
    goals: list[Cell] = []
    for index, landmark in enumerate(landmarks):
        field = f"landmarks[{index}]"
        if not isinstance(landmark, dict):
            raise BoardFileError(path, field, "not an object")
        geom = _geom(path, field, landmark)
        if geom in geoms:
            raise BoardFileError(path, field, f"{geom.name} is also landmarks[{geoms.index(geom)}]")
        geoms.append(geom)
        starts.append(_cell(path, f"{field}.start_coordinate", landmark.get("start_coordinate"), size, starts))
        goals.append(_cell(path, f"{field}.goal_coordinate", landmark.get("goal_coordinate"), size, goals))
    return tuple(geoms), tuple(starts), tuple(goals)


def _geom(path: Path, field: str, landmark: dict[str, Any]) -> Geom:
    shape, colour = landmark.get("body"), landmark.get("color")
    if shape not in SHAPES:
        raise BoardFileError(path, f"{field}.body", f"{shape!r} is not one of {', '.join(SHAPES)}")
    if colour not in COLOURS:
        raise BoardFileError(path, f"{field}.color", f"{colour!r} is not one of {', '.join(COLOURS)}")
    return Geom(colour, shape)


def _cell(path: Path, field: str, value: Any, size: int, taken: list[Cell]) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise BoardFileError(path, field, f"{value!r} is not an [x, y] pair of integers")
    x, y = value
    if not (0 <= x < size and 0 <= y < size):
        raise BoardFileError(path, field, f"{value} is off the {size}x{size} board")
    if (x, y) in taken:
        raise BoardFileError(path, field, f"{value} is already taken by landmarks[{taken.index((x, y))}]")
    return x, y


def _move_sequence(path: Path, document: dict[str, Any]) -> tuple[str, ...]:
    sequence = document.get("shortest_move_sequence", [])
    if not isinstance(sequence, list) or not all(isinstance(step, str) for step in sequence):
        raise BoardFileError(path, "shortest_move_sequence", "not a list of strings")
    return tuple(sequence)


def _string(path: Path, document: dict[str, Any], field: str) -> str:
    value = document.get(field)
    if not isinstance(value, str) or not value.strip():
        raise BoardFileError(path, field, "missing or not a non-empty string")
    return value


def _int(path: Path, document: dict[str, Any], field: str, minimum: int) -> int:
    if field not in document:
        raise BoardFileError(path, field, "missing")
    return _checked_int(path, field, document[field], minimum)


def _optional_int(path: Path, document: dict[str, Any], field: str, minimum: int) -> int | None:
    if document.get(field) is None:
        return None
    return _checked_int(path, field, document[field], minimum)


def _checked_int(path: Path, field: str, value: Any, minimum: int) -> int:
    if not _is_int(value) or value < minimum:
        raise BoardFileError(path, field, f"{value!r} is not an integer >= {minimum}")
    return int(value)


def _is_int(value: Any) -> bool:
    # JSON true/false arrive as bool, which Python counts as int.
    return isinstance(value, int) and not isinstance(value, bool)
