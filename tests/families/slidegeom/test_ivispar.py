"""Reading iVISPAR board files: boards we write in their format, and the paper's 300."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.families.slidegeom.board import Geom
from scorer.families.slidegeom.ivispar import read_board_file, read_board_folder
from scorer.families.slidegeom.moves import MoveClass, classify, parse_command
from scorer.families.slidegeom.search import distance

SHARED_BOARDS = Path(__file__).resolve().parents[4] / "shared" / "external" / "ivispar-boards"


def board_json(**changes: Any) -> dict[str, Any]:
    """A 3-move board in iVISPAR's format: red cube B1 -> A1, blue sphere C3 -> C1."""
    document: dict[str, Any] = {
        "config_instance_id": "TEST_b_4_g_2_c1_3_c2_0_i_1",
        "experiment_type": "SlidingGeomPuzzle",
        "complexity_c1": 3,
        "complexity_c2": 0,
        "grid_size": 4,
        "landmarks": [
            {"geom_nr": 1, "body": "cube", "color": "red", "start_coordinate": [1, 0], "goal_coordinate": [0, 0]},
            {"geom_nr": 2, "body": "sphere", "color": "blue", "start_coordinate": [2, 2], "goal_coordinate": [2, 0]},
        ],
        "use_rendering": True,
        "shortest_move_sequence": ["start", "move red cube left", "move blue sphere down", "move blue sphere down"],
    }
    document.update(changes)
    return document


def write(folder: Path, name: str, document: Any) -> Path:
    path = folder / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


def test_a_board_file_is_read_into_a_board(tmp_path: Path) -> None:
    read = read_board_file(write(tmp_path, "config_a.json", board_json()))
    assert read.source_id == "TEST_b_4_g_2_c1_3_c2_0_i_1"
    assert read.board.geoms == (Geom("red", "cube"), Geom("blue", "sphere"))
    assert read.board.start == ((1, 0), (2, 2)) and read.board.goal == ((0, 0), (2, 0))
    assert (read.complexity_c1, read.complexity_c2) == (3, 0)
    assert read.shortest_moves == ("move red cube left", "move blue sphere down", "move blue sphere down")
    assert distance(4, read.board.start, read.board.goal) == read.complexity_c1


def test_optional_fields_may_be_absent(tmp_path: Path) -> None:
    document = board_json()
    for field in ("experiment_type", "grid_size", "complexity_c2", "shortest_move_sequence"):
        del document[field]
    read = read_board_file(write(tmp_path, "config_b.json", document))
    assert read.board.size == 4 and read.complexity_c2 is None and read.shortest_move_sequence == ()


def landmark(**changes: Any) -> list[dict[str, Any]]:
    landmarks = board_json()["landmarks"]
    landmarks[1].update(changes)
    return landmarks


BAD_FILES = {
    "not_json.json": ("{ not json", "not_json.json: is not JSON (line 1, column 3"),
    "list.json": ([1, 2], "list.json: holds a JSON list, expected an object"),
    "no_c1.json": (
        {k: v for k, v in board_json().items() if k != "complexity_c1"},
        "no_c1.json: complexity_c1: missing",
    ),
    "bool_c1.json": (board_json(complexity_c1=True), "bool_c1.json: complexity_c1: True is not an integer >= 0"),
    "no_id.json": (board_json(config_instance_id=""), "no_id.json: config_instance_id: missing or not a non-empty"),
    "colour.json": (
        board_json(landmarks=landmark(color="orange")),
        "colour.json: landmarks[1].color: 'orange' is not one of",
    ),
    "body.json": (board_json(landmarks=landmark(body="prism")), "body.json: landmarks[1].body: 'prism' is not one of"),
    "off.json": (
        board_json(landmarks=landmark(goal_coordinate=[4, 0])),
        "off.json: landmarks[1].goal_coordinate: [4, 0] is off the 4x4 board",
    ),
    "pair.json": (
        board_json(landmarks=landmark(start_coordinate=[1])),
        "pair.json: landmarks[1].start_coordinate: [1] is not an [x, y] pair",
    ),
    "taken.json": (
        board_json(landmarks=landmark(start_coordinate=[1, 0])),
        "taken.json: landmarks[1].start_coordinate: [1, 0] is already taken by landmarks[0]",
    ),
    "twice.json": (
        board_json(landmarks=landmark(body="cube", color="red")),
        "twice.json: landmarks[1]: red cube is also landmarks[0]",
    ),
    "empty.json": (board_json(landmarks=[]), "empty.json: landmarks: missing or not a non-empty list"),
    "type.json": (board_json(experiment_type="SlidingTilePuzzle"), "type.json: experiment_type: 'SlidingTilePuzzle'"),
    "moves.json": (board_json(shortest_move_sequence="start"), "moves.json: shortest_move_sequence: not a list"),
}


def test_bad_files_are_reported_by_file_and_field_and_skipped(tmp_path: Path) -> None:
    write(tmp_path, "config_good.json", board_json())
    for name, (document, _) in BAD_FILES.items():
        write(tmp_path, name, document)
    write(tmp_path, "LICENSE", "MIT")  # not a board file: not read
    result = read_board_folder(tmp_path)
    assert [b.path.name for b in result.boards] == ["config_good.json"]
    messages = {error.path.name: str(error) for error in result.errors}
    assert set(messages) == set(BAD_FILES)
    for name, (_, expected) in BAD_FILES.items():
        assert messages[name].startswith(expected), messages[name]


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="is not a folder"):
        read_board_folder(tmp_path / "nowhere")


def test_the_papers_boards_replay_optimally() -> None:
    """On every board of the paper's set: our A* length equals complexity_c1, and
    their shortest_move_sequence, one command per step through our parser and
    classifier, reaches the goal in exactly c1 moves, each one effective."""
    if not SHARED_BOARDS.is_dir():
        pytest.skip(f"the paper's boards are not at {SHARED_BOARDS} (see ../shared/external/README.md)")
    result = read_board_folder(SHARED_BOARDS)
    assert result.errors == []
    assert len(result.boards) == 300
    for read in result.boards:
        board = read.board
        assert distance(board.size, board.start, board.goal) == read.complexity_c1, read.source_id
        placement = board.start
        for command in read.shortest_moves:
            outcome, placement = classify(board, placement, parse_command(command))
            assert outcome.move_class == MoveClass.EFFECTIVE, (read.source_id, command, outcome)
        assert placement == board.goal, read.source_id
        assert len(read.shortest_moves) == read.complexity_c1, read.source_id
