"""Sliding geom renderers: determinism, sizes, where each geom's colour lands, frames, text view."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from PIL import Image, ImageFilter

from scorer.families.slidegeom.board import COLOURS, SHAPES, Cell, Geom
from scorer.families.slidegeom.frames import FRAME_COLOURS, framed
from scorer.families.slidegeom.palette import GEOM_COLOURS
from scorer.families.slidegeom.view_2d import DEFAULT_SIZE_2D, cell_centre_2d, render_2d
from scorer.families.slidegeom.view_3d import DEFAULT_SIZE_3D, cell_centre_3d, render_3d
from scorer.families.slidegeom.view_text import render_text
from scorer.render.png import png_bytes

Renderer = Callable[..., Image.Image]
RENDERERS = [pytest.param(render_3d, id="3d"), pytest.param(render_2d, id="2d")]
CENTRES: dict[Renderer, Callable[..., tuple[int, int]]] = {
    render_3d: cell_centre_3d,
    render_2d: cell_centre_2d,
}
ALL_GEOMS = [Geom(colour, shape) for colour in COLOURS for shape in SHAPES]
ALL_CELLS = [(x, y) for x in range(4) for y in range(4)]

FEW = [
    (Geom("blue", "cylinder"), (0, 1)),
    (Geom("red", "cube"), (3, 0)),
    (Geom("green", "pyramid"), (2, 3)),
    (Geom("yellow", "sphere"), (1, 1)),
]


def crowded_board(seed: int, n_geoms: int = 11) -> list[tuple[Geom, Cell]]:
    rng = random.Random(seed)
    return list(zip(rng.sample(ALL_GEOMS, n_geoms), rng.sample(ALL_CELLS, n_geoms), strict=True))


PALETTE_NAMES = list(GEOM_COLOURS)
PALETTE = np.array([GEOM_COLOURS[name] for name in PALETTE_NAMES], dtype=np.float64)


def classify_all(pixels: np.ndarray) -> list[str | None]:
    """Per pixel (shape (N, 3)), the geom colour that some shading 0.4..1.15 of it matches."""
    rgb = np.asarray(pixels, dtype=np.float64)[:, None, :3]
    brightness = (rgb * PALETTE).sum(axis=2) / (PALETTE * PALETTE).sum(axis=1)
    residual = np.linalg.norm(rgb - brightness[:, :, None] * PALETTE, axis=2)
    matches = (brightness >= 0.4) & (brightness <= 1.15) & (residual < 35)
    best = np.where(matches, residual, np.inf).argmin(axis=1)
    return [PALETTE_NAMES[int(index)] if any_match else None for index, any_match in zip(best, matches.any(axis=1))]


def colour_around(image: Image.Image, point: tuple[int, int], radius: int = 3) -> str | None:
    """The most common geom colour near ``point``."""
    x, y = point
    patch = np.asarray(image.convert("RGB"))[y - radius : y + radius + 1, x - radius : x + radius + 1]
    found = [name for name in classify_all(patch.reshape(-1, 3)) if name is not None]
    return max(sorted(set(found)), key=found.count) if found else None


# --------------------------------------------------------------------- images


@pytest.mark.parametrize("renderer", RENDERERS)
def test_same_board_same_bytes_whatever_the_order(renderer: Renderer) -> None:
    first = png_bytes(renderer(FEW))
    assert png_bytes(renderer(FEW)) == first
    assert png_bytes(renderer(list(reversed(FEW)))) == first


@pytest.mark.parametrize("renderer", RENDERERS)
def test_renders_do_not_leak_into_caches(renderer: Renderer) -> None:
    empty = png_bytes(renderer([]))
    renderer(crowded_board(1)).paste((255, 0, 255), (0, 0, 50, 50))
    renderer(crowded_board(2))
    assert png_bytes(renderer([])) == empty


def test_default_and_custom_sizes() -> None:
    assert render_3d(FEW).size == DEFAULT_SIZE_3D == (480, 360)
    assert render_2d(FEW).size == DEFAULT_SIZE_2D == (480, 480)
    assert render_3d(FEW, size=(320, 240)).size == (320, 240)
    assert render_2d(FEW, size=(300, 200)).size == (300, 200)
    assert render_3d(FEW, board_size=6, size=(640, 480)).size == (640, 480)
    assert render_3d(FEW).mode == render_2d(FEW).mode == "RGB"


@pytest.mark.parametrize("renderer", RENDERERS)
def test_too_small_size_is_rejected_by_name(renderer: Renderer) -> None:
    with pytest.raises(ValueError, match=r"image size \(480, 63\) is too small to draw a board"):
        renderer(FEW, size=(480, 63))


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("colour", COLOURS)
def test_single_geom_colour_at_its_cell(renderer: Renderer, shape: str, colour: str) -> None:
    for cell in [(0, 0), (3, 3), (1, 2)]:
        image = renderer([(Geom(colour, shape), cell)])
        assert colour_around(image, CENTRES[renderer](cell)) == colour, (shape, cell)


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("seed", range(6))
def test_every_geom_of_a_crowded_board_shows_at_its_cell(renderer: Renderer, seed: int) -> None:
    board = crowded_board(seed)
    image = renderer(board)
    for geom, cell in board:
        assert colour_around(image, CENTRES[renderer](cell)) == geom.colour, (geom.name, cell)


@pytest.mark.parametrize("renderer", RENDERERS)
def test_empty_cells_show_no_geom_colour(renderer: Renderer) -> None:
    image = renderer(FEW)
    taken = {cell for _, cell in FEW}
    for cell in ALL_CELLS:
        if cell not in taken and (cell[0], cell[1] - 1) not in taken:  # a geom in front may reach up
            assert colour_around(image, CENTRES[renderer](cell)) is None, cell


@pytest.mark.parametrize("seed", range(4))
def test_3d_geoms_stay_mostly_visible_when_crowded(seed: int) -> None:
    """The camera angle keeps most of every geom visible: occlusion is partial, never total."""
    board = crowded_board(seed)
    empty = np.asarray(render_3d([]), dtype=np.int32)
    together = np.asarray(render_3d(board), dtype=np.int32)
    for item in board:
        alone = np.asarray(render_3d([item]), dtype=np.int32)
        drawn = np.abs(alone - empty).sum(axis=2) > 60
        unchanged = (np.abs(together - alone).sum(axis=2) < 40) & drawn
        assert unchanged.sum() / drawn.sum() > 0.6, item


@pytest.mark.parametrize("front_shape", ["cube", "cylinder"])
def test_3d_nearer_geom_hides_the_one_behind(front_shape: str) -> None:
    """Where a geom and the one behind it overlap in the image, the nearer one shows.

    The camera is steep enough that most pairs barely overlap; a wide front
    solid and the pyramid's broad base behind it overlap the most.
    """
    front, back = (Geom("red", front_shape), (1, 1)), (Geom("blue", "pyramid"), (1, 2))
    empty = np.asarray(render_3d([]), dtype=np.int32)
    alone = {item: np.asarray(render_3d([item]), dtype=np.int32) for item in (front, back)}
    drawn = {item: np.abs(image - empty).sum(axis=2) > 60 for item, image in alone.items()}
    overlap = Image.fromarray((drawn[front] & drawn[back]).astype(np.uint8) * 255)
    inside = np.asarray(overlap.filter(ImageFilter.MinFilter(5))) > 0  # away from anti-aliased edges
    assert inside.sum() > 30  # the pair does overlap: occlusion is tested
    together = np.asarray(render_3d([back, front]), dtype=np.int32)
    assert (np.abs(together - alone[front]).sum(axis=2)[inside] < 40).all()


def test_3d_shapes_are_drawn_differently() -> None:
    images = {shape: png_bytes(render_3d([(Geom("red", shape), (1, 1))])) for shape in SHAPES}
    assert len(set(images.values())) == len(SHAPES)


def test_3d_edge_labels_are_optional() -> None:
    labelled = np.asarray(render_3d(FEW), dtype=np.int32)
    bare = np.asarray(render_3d(FEW, edge_labels=False), dtype=np.int32)
    changed = np.abs(labelled - bare).sum(axis=2) > 0
    assert changed.any()
    assert (labelled[changed].sum(axis=1) <= bare[changed].sum(axis=1)).all()  # dark text only
    front_row = max(cell_centre_3d((x, 0))[1] for x in range(4))
    rows = np.nonzero(changed)[0]
    assert rows.max() > front_row  # letters below the front row


def test_2d_symbols_differ_by_shape_and_cover_the_cell_name() -> None:
    centre = cell_centre_2d((1, 1))
    tiles = {}
    for shape in SHAPES:
        image = np.asarray(render_2d([(Geom("blue", shape), (1, 1))]))
        x, y = centre
        tiles[shape] = image[y - 40 : y + 40, x - 40 : x + 40].tobytes()
    assert len(set(tiles.values())) == len(SHAPES)
    empty = np.asarray(render_2d([]))
    x, y = centre
    name_patch = empty[y - 5 : y + 6, x - 12 : x + 13]
    assert (name_patch.sum(axis=2) < 3 * 200).any()  # grey "B2" printed on the free cell


def test_rejects_bad_boards() -> None:
    with pytest.raises(ValueError, match="off"):
        render_2d([(Geom("red", "cube"), (4, 0))])
    with pytest.raises(ValueError, match="share a cell"):
        render_3d([(Geom("red", "cube"), (1, 1)), (Geom("blue", "cube"), (1, 1))])
    with pytest.raises(ValueError, match="twice"):
        render_text([(Geom("red", "cube"), (1, 1)), (Geom("red", "cube"), (2, 1))])
    with pytest.raises(ValueError, match="unknown geom"):
        render_3d([(Geom("purple", "cube"), (1, 1))])


# --------------------------------------------------------------------- frames


@pytest.mark.parametrize("role", ["current", "goal", "past"])
def test_frame_has_the_role_colour_and_a_label_box(role: str) -> None:
    image = render_2d(FEW, size=(240, 240))
    out = framed(image, f"{role} state", role)
    pixels = np.asarray(out)
    colour = FRAME_COLOURS[role]
    assert out.width > image.width and out.height > image.height
    for x, y in [
        (out.width - 1, 0),
        (0, out.height - 1),
        (out.width - 1, out.height - 1),
        (out.width - 2, 5),
    ]:
        assert tuple(pixels[y, x]) == colour
    band = pixels[: out.height - image.height]
    assert (band.min(axis=2) > 240).sum() > 100  # the white label box
    assert (band.max(axis=2) < 40).sum() > 20  # its black border and text
    assert png_bytes(framed(image, f"{role} state", role)) == png_bytes(out)


def test_frame_holds_the_image_unchanged_and_composites_transparency() -> None:
    image = render_3d(FEW, size=(200, 150))
    out = np.asarray(framed(image, "past state (t-1)", "past"))
    found = [(y, x) for y in range(out.shape[0] - 149) for x in range(out.shape[1] - 199)
             if np.array_equal(out[y : y + 150, x : x + 200], np.asarray(image))]  # fmt: skip
    assert len(found) == 1
    clear = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    assert tuple(np.asarray(framed(clear, "goal state", "goal"))[-10, 50]) == FRAME_COLOURS["goal"]
    with pytest.raises(ValueError, match="role"):
        framed(image, "x", "future")


def test_frame_colours_are_ivispars() -> None:
    assert FRAME_COLOURS == {"current": (82, 138, 174), "goal": (100, 191, 106), "past": (141, 153, 174)}


# --------------------------------------------------------------------- text


def test_text_view_grid_and_geom_lines() -> None:
    text = render_text(FEW)
    lines = text.splitlines()
    assert lines[2].split() == ["A", "B", "C", "D"]
    grid = [line.split() for line in lines[3:7]]
    assert grid == [
        ["4", ".", ".", "Gpy", "."],
        ["3", ".", ".", ".", "."],
        ["2", "Bcy", "Ysp", ".", "."],
        ["1", ".", ".", ".", "Rcu"],
    ]
    assert lines[7] == "Geoms (4):"
    assert lines[8:] == ["A2 blue cylinder", "B2 yellow sphere", "C4 green pyramid", "D1 red cube"]
    assert render_text(list(reversed(FEW))) == text


def test_text_view_codes_are_unique_and_explained() -> None:
    board = list(zip(ALL_GEOMS, ALL_CELLS, strict=True))
    text = render_text(board)
    codes = [code for line in text.splitlines()[3:7] for code in line.split()[1:]]
    assert len(set(codes)) == 16
    assert "Codes:" in text and "cy cylinder" in text and "Y yellow" in text
    assert text.count("\n") == 3 + 4 + 1 + 16 - 1


def test_text_view_of_other_sizes_and_empty_boards() -> None:
    text = render_text([], board_size=5)
    assert "columns A-E" in text and "rows 1-5" in text
    assert text.splitlines()[3] == "5   .   .   .   .   ."
    assert text.endswith("Geoms (0):")
