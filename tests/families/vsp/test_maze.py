"""The maze's rules, its text forms (checked against VSP's own files' format) and its
two views."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scorer.families.vsp.maze import Maze, play, relative_position, shortest_plan
from scorer.families.vsp.maze_render import CELL, maze_png
from scorer.families.vsp.maze_text import parse_table, pure_text, table_text

# VSP's maze/task-main/example/level5, item 2: its table and pure-text files, verbatim.
VSP_TABLE = """| | Col 1 | Col 2 | Col 3 | Col 4 | Col 5 |
| Row 1 | _ | _ | _ | _ | _ |
| Row 2 | _ | # | _ | _ | _ |
| Row 3 | _ | # | * | _ | # |
| Row 4 | _ | @ | _ | _ | _ |
| Row 5 | _ | _ | _ | # | _ |"""
VSP_PURE_TEXT = """This is a 5x5 map.
The player is at: row 4, column 2;
The hole(s) are at: Row 2, Column 2; Row 3, Column 2; Row 3, Column 5; Row 5, Column 4;
The goal is at: Row 3, Column 3."""


@pytest.fixture
def vsp_maze() -> Maze:
    return parse_table(VSP_TABLE)


def test_text_forms_match_vsp_files(vsp_maze: Maze) -> None:
    assert vsp_maze == Maze(5, (3, 1), (2, 2), frozenset({(1, 1), (2, 1), (2, 4), (4, 3)}))
    assert table_text(vsp_maze) == VSP_TABLE
    assert pure_text(vsp_maze) == VSP_PURE_TEXT


def test_pure_text_without_holes_uses_vsp_sentence() -> None:
    maze = Maze(3, (2, 1), (0, 1), frozenset())
    assert pure_text(maze).splitlines()[2] == "There is no holes in this map;"


def test_player_on_goal_is_percent_and_reads_back() -> None:
    maze = Maze(3, (1, 1), (1, 1), frozenset({(0, 0)}))
    assert "| Row 2 | _ | % | _ |" in table_text(maze)
    assert parse_table(table_text(maze)) == maze


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("", "empty"),
        ("| | Col 1 | Col 2 |\n| Row 1 | @ | * |", "not square"),
        ("| | Col 1 | Col 2 |\n| Row 1 | @ | x |\n| Row 2 | _ | * |", "unknown maze symbol 'x' at row 1, column 2"),
        ("| | Col 1 | Col 2 |\n| Row 1 | @ | _ |\n| Row 2 | _ | _ |", "no goal"),
    ],
)
def test_bad_tables_are_named(table: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_table(table)


def test_moves_edge_is_a_no_op_hole_is_defeat_goal_is_victory(vsp_maze: Maze) -> None:
    assert vsp_maze.step((0, 0), "U") == (0, 0) and vsp_maze.step((0, 0), "L") == (0, 0)
    assert play(vsp_maze, "RU").end == "goal"
    assert play(vsp_maze, "U") == play(vsp_maze, "UD")  # the hole ends the play
    assert play(vsp_maze, "U").end == "hole"
    assert play(vsp_maze, "RUUUU").steps == 2  # moves after the goal are not played
    walked = play(vsp_maze, "RURR", stop_at_goal=False)
    assert walked.end == "hole" and walked.steps == 4
    assert play(vsp_maze, "DDDD").end == "stopped"


def test_shortest_plan_and_unsolvable(vsp_maze: Maze) -> None:
    assert shortest_plan(vsp_maze) == "RU"
    walled = Maze(3, (0, 0), (2, 2), frozenset({(0, 1), (1, 0), (1, 1)}))
    assert shortest_plan(walled) is None


@pytest.mark.parametrize(
    ("player", "goal", "words"),
    [
        ((0, 0), (3, 3), ("Above", "Left")),
        ((3, 1), (2, 2), ("Below", "Left")),
        ((2, 3), (2, 0), ("Right",)),
        ((0, 2), (3, 2), ("Above",)),
    ],
)
def test_relative_position(player: tuple[int, int], goal: tuple[int, int], words: tuple[str, ...]) -> None:
    assert relative_position(Maze(4, player, goal, frozenset())) == words


@pytest.mark.parametrize("view", ["pixel", "bw"])
def test_images_are_64_px_per_cell_and_deterministic(vsp_maze: Maze, view: str) -> None:
    png = maze_png(vsp_maze, view)
    assert png == maze_png(vsp_maze, view)
    assert Image.open(io.BytesIO(png)).size[0] in (5 * CELL, 5 * CELL + 1)


def test_each_cell_of_the_pixel_view_shows_what_it_holds(vsp_maze: Maze) -> None:
    image = Image.open(io.BytesIO(maze_png(vsp_maze))).convert("RGB")

    # One tile per kind: its pixels differ between land, hole, goal and player cells.
    def tile(cell: tuple[int, int]) -> bytes:
        r, c = cell
        return image.crop((c * CELL + 4, r * CELL + 4, (c + 1) * CELL - 4, (r + 1) * CELL - 4)).tobytes()

    land, hole, goal, player = tile((0, 0)), tile((1, 1)), tile((2, 2)), tile((3, 1))
    assert len({land, hole, goal, player}) == 4
    assert tile((0, 4)) == land and tile((4, 3)) == hole
    assert maze_png(vsp_maze, "pixel") != maze_png(vsp_maze, "bw")


def test_unknown_view_is_refused(vsp_maze: Maze) -> None:
    with pytest.raises(ValueError, match="unknown maze view 'x'"):
        maze_png(vsp_maze, "x")
