"""Blocksworld renderers: determinism, sizes, where each block's colour lands, text view."""

from __future__ import annotations

import io
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from scorer.families.blocksworld import scene_3d, view_2d, view_3d
from scorer.families.blocksworld.palette import BLOCK_COLOURS, BLOCK_NAMES
from scorer.families.blocksworld.view_2d import block_centre_2d, render_2d
from scorer.families.blocksworld.view_3d import block_centre_3d, render_3d
from scorer.families.blocksworld.view_text import render_text

Renderer = Callable[..., Image.Image]
RENDERERS = [pytest.param(render_3d, id="3d"), pytest.param(render_2d, id="2d")]
CENTRES = {render_3d: block_centre_3d, render_2d: block_centre_2d}

RED_ON_BLUE_IN_C2 = ((), ("b", "r"), (), ())
SIX_IN_C3_OF_5 = (("o",), (), ("g", "b", "y", "p", "r"), (), ())
ALL_SIX_IN_C1 = (("r", "g", "b", "y", "o", "p"), (), (), ())
MIXED = (("p", "b"), ("y", "o"), (), ("g",), ("r",))


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


PALETTE_LETTERS = list(BLOCK_COLOURS)
PALETTE = np.array([BLOCK_COLOURS[letter] for letter in PALETTE_LETTERS], dtype=np.float64)


def classify_all(pixels: np.ndarray) -> list[str | None]:
    """Per pixel (shape (N, 3)), the block whose colour at some shading 0.45..1.1 matches it."""
    rgb = np.asarray(pixels, dtype=np.float64)[:, None, :3]
    brightness = (rgb * PALETTE).sum(axis=2) / (PALETTE * PALETTE).sum(axis=1)
    residual = np.linalg.norm(rgb - brightness[:, :, None] * PALETTE, axis=2)
    matches = (brightness >= 0.45) & (brightness <= 1.1) & (residual < 30)
    return [PALETTE_LETTERS[int(row.argmax())] if row.any() else None for row in matches]


def colour_around(image: Image.Image, point: tuple[int, int], radius: int = 4) -> str | None:
    """The most common block colour near ``point`` (2D squares carry a letter in their middle)."""
    x, y = point
    patch = np.asarray(image)[y - radius : y + radius + 1, x - radius : x + radius + 1]
    found = [letter for letter in classify_all(patch.reshape(-1, 3)) if letter is not None]
    return max(sorted(set(found)), key=found.count) if found else None


def colours_up_column(image: Image.Image, n_columns: int, column_index: int) -> list[str]:
    """Block letters met going up the centre line of a column cell, one per run of pixels."""
    x = round(image.width * (column_index + 0.5) / n_columns)
    bottom_to_top = np.asarray(image)[::-1, x]
    runs: list[tuple[str, int]] = []
    for letter in classify_all(bottom_to_top):
        if letter is None:
            continue
        if runs and runs[-1][0] == letter:
            runs[-1] = (letter, runs[-1][1] + 1)
        else:
            runs.append((letter, 1))
    return [letter for letter, length in runs if length >= 4]  # ignore antialiased edges


def test_palette_names_and_distinct_purple() -> None:
    assert set(BLOCK_COLOURS) == set(BLOCK_NAMES) == set("rgbyop")
    assert BLOCK_NAMES["p"] == "purple" and BLOCK_NAMES["o"] == "orange"
    purple, blue = np.asarray(BLOCK_COLOURS["p"]), np.asarray(BLOCK_COLOURS["b"])
    assert np.linalg.norm(purple - blue) > 100


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("state", [RED_ON_BLUE_IN_C2, SIX_IN_C3_OF_5, MIXED, ((), (), ())])
def test_same_state_gives_identical_png_bytes(renderer: Renderer, state: tuple[tuple[str, ...], ...]) -> None:
    first = png_bytes(renderer(state))
    assert png_bytes(renderer([list(stack) for stack in state])) == first


@pytest.mark.parametrize("renderer", RENDERERS)
def test_bytes_survive_cache_clearing_and_caller_mutation(renderer: Renderer) -> None:
    first = renderer(MIXED)
    expected = png_bytes(first)
    first.paste((0, 0, 0), (0, 0, first.width, first.height))  # must not touch the cache
    caches = (
        view_3d._scene_background_3d,
        view_3d._scene_with_shadows,
        view_3d._backdrop,
        view_3d._shadow,
        scene_3d.cube_faces,
        view_2d._background_2d,
        view_2d._square_sprite,
    )
    for cache in caches:
        cache.cache_clear()
    assert png_bytes(renderer(MIXED)) == expected


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("size", [(480, 320), (300, 200), (960, 640), (320, 480)])
def test_image_has_requested_size(renderer: Renderer, size: tuple[int, int]) -> None:
    image = renderer(MIXED, size=size)
    assert image.size == size
    assert image.mode == "RGB"


def test_default_size_is_480_by_320() -> None:
    assert render_3d(MIXED).size == render_2d(MIXED).size == (480, 320)


@pytest.mark.parametrize("renderer", RENDERERS)
def test_too_small_size_is_rejected_by_name(renderer: Renderer) -> None:
    with pytest.raises(ValueError, match=r"image size \(31, 320\) is too small to draw a state"):
        renderer(MIXED, size=(31, 320))


@pytest.mark.parametrize("renderer", RENDERERS)
def test_red_on_blue_in_c2_of_4(renderer: Renderer) -> None:
    image = renderer(RED_ON_BLUE_IN_C2)
    centre = CENTRES[renderer]
    bottom, top = centre(RED_ON_BLUE_IN_C2, 1, 0), centre(RED_ON_BLUE_IN_C2, 1, 1)
    cell_left, cell_right = image.width / 4, image.width / 2
    assert cell_left < bottom[0] < cell_right and cell_left < top[0] < cell_right
    assert top[1] < bottom[1]  # red is drawn above blue
    assert colour_around(image, bottom) == "b"
    assert colour_around(image, top) == "r"
    assert colours_up_column(image, 4, 1) == ["b", "r"]
    for empty_column in (0, 2, 3):
        assert colours_up_column(image, 4, empty_column) == []


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("state", [SIX_IN_C3_OF_5, ALL_SIX_IN_C1, MIXED])
def test_every_column_shows_its_stack_bottom_to_top(renderer: Renderer, state: tuple[tuple[str, ...], ...]) -> None:
    image = renderer(state)
    for column_index, stack in enumerate(state):
        assert colours_up_column(image, len(state), column_index) == list(stack)
        for level, letter in enumerate(stack):
            assert colour_around(image, CENTRES[renderer](state, column_index, level)) == letter


@st.composite
def states(draw: st.DrawFn) -> tuple[tuple[str, ...], ...]:
    """4 or 5 columns holding a random subset of the six blocks in random order."""
    n_columns = draw(st.sampled_from([4, 5]))
    blocks = draw(st.permutations(sorted(BLOCK_COLOURS)))[: draw(st.integers(0, 6))]
    columns: list[list[str]] = [[] for _ in range(n_columns)]
    for block in blocks:
        columns[draw(st.integers(0, n_columns - 1))].append(block)
    return tuple(tuple(column) for column in columns)


@settings(max_examples=25, deadline=None)
@given(state=states())
def test_random_states_render_their_stacks(state: tuple[tuple[str, ...], ...]) -> None:
    for renderer in (render_3d, render_2d):
        image = renderer(state)
        for column_index, stack in enumerate(state):
            assert colours_up_column(image, len(state), column_index) == list(stack)


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("size", [(480, 320), (300, 200), (320, 480)])
def test_six_high_stack_fits_with_a_margin(renderer: Renderer, size: tuple[int, int]) -> None:
    image = renderer(ALL_SIX_IN_C1, size=size)
    pixels = np.asarray(image)
    saturated_rows = np.nonzero((pixels.max(axis=2).astype(int) - pixels.min(axis=2)).max(axis=1) > 60)[0]
    assert saturated_rows.min() >= 2  # the top cube is not clipped by the image edge
    assert colours_up_column(image, 4, 0) == list(ALL_SIX_IN_C1[0])


@pytest.mark.parametrize("renderer", RENDERERS)
def test_taller_than_six_stacks_shrink_to_fit(renderer: Renderer) -> None:
    state = (("r", "g", "b", "y", "o", "p", "r", "g"), ("b",))
    image = renderer(state)
    assert colours_up_column(image, 2, 0) == list(state[0])


@pytest.mark.parametrize("renderer", RENDERERS)
def test_empty_state_has_no_block_colours(renderer: Renderer) -> None:
    pixels = np.asarray(renderer(((), (), (), ())))
    chroma = pixels.max(axis=2).astype(int) - pixels.min(axis=2)
    assert chroma.max() < 40


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("n_columns", [4, 5])
def test_dashed_separators_and_labels(renderer: Renderer, n_columns: int) -> None:
    image = renderer(tuple(() for _ in range(n_columns)))
    pixels = np.asarray(image).astype(int)
    dark = pixels.max(axis=2) < 60
    for boundary in range(1, n_columns):
        x = round(image.width * boundary / n_columns)
        line = dark[:, x - 1 : x + 1].any(axis=1)
        assert 0.4 < line.mean() < 0.8  # dashed: black for part of the height only
    label_band = dark[int(image.height * 0.88) :, :]
    cell_width = image.width / n_columns
    for column_index in range(n_columns):
        inner = label_band[:, int(cell_width * (column_index + 0.2)) : int(cell_width * (column_index + 0.8))]
        assert inner.sum() > 20  # the "cN" label is drawn inside its cell


def test_distinct_states_give_distinct_images() -> None:
    assert png_bytes(render_3d(MIXED)) != png_bytes(render_3d(RED_ON_BLUE_IN_C2))
    swapped = ((), ("r", "b"), (), ())
    assert png_bytes(render_2d(swapped)) != png_bytes(render_2d(RED_ON_BLUE_IN_C2))


def test_text_view_lists_columns_bottom_to_top() -> None:
    assert render_text(MIXED) == "\n".join(
        [
            "first column (c1): purple block (bottom), blue block (top)",
            "second column (c2): yellow block (bottom), orange block (top)",
            "third column (c3): empty",
            "fourth column (c4): green block (bottom and top)",
            "fifth column (c5): red block (bottom and top)",
        ]
    )


def test_text_view_names_middle_blocks_plainly() -> None:
    text = render_text((("r", "g", "b"), ()))
    assert text == "first column (c1): red block (bottom), green block, blue block (top)\nsecond column (c2): empty"
    assert render_text((("r", "g", "b"), ())) == text


@pytest.mark.parametrize("call", [render_3d, render_2d, render_text])
def test_rejects_unknown_blocks_and_empty_states(call: Callable[..., object]) -> None:
    with pytest.raises(ValueError):
        call((("r", "x"),))
    with pytest.raises(ValueError):
        call(())
