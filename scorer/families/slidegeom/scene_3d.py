"""The 3D sliding geom scene: where the camera, the board and every cell are.

World units: one cell = 1.  The board's top is the plane Y = 0, centred on the
origin; rows (y) run away from the viewer along +Z.  iVISPAR's camera looks
down ~56 degrees from close by; we look down a little less and from further
away, so each geom's top still shows above the geom in front of it and cells
keep a similar size from front to back.  The camera, fitted to the image and
cached per board and image size, maps to supersampled pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scorer.families.slidegeom.board import Cell
from scorer.families.slidegeom.view_state import Size
from scorer.render.pitched_camera import PitchedCamera, camera_looking_at, fit_pitched_camera
from scorer.render.shapes import RGB

SUPERSAMPLE = 3
_PITCH_DEGREES = 50.0
_CAMERA_DISTANCE_BOARDS = 2.6  # camera distance in board widths
_MARGIN_FRACTION = 0.03
BOARD_RIM = 0.12  # slab border around the tiles
SLAB_THICKNESS = 0.14
EDGE_LABEL_OFFSET = 0.3  # label centres, out from the slab edge
_TALLEST_GEOM = 0.7
SHADOW_COLOUR: RGB = (0, 0, 0)
SHADOW_OFFSET = (0.1, 0.0, 0.1)  # away from the light: right and back


@dataclass(frozen=True)
class Layout3D:
    """Where the board is in the image."""

    camera: PitchedCamera  # maps to supersampled pixels
    half_board: float  # half the tiled area's side, in cells


def cell_base(cell: Cell, board_size: int) -> tuple[float, float, float]:
    """World point at the centre of ``cell`` on the board's top."""
    x, y = cell
    half = board_size / 2
    return (x - half + 0.5, 0.0, y - half + 0.5)


@lru_cache(maxsize=64)
def layout_3d(board_size: int, size: Size) -> Layout3D:
    """Fit the camera so the board, its labels and back-row geoms fill the image."""
    half = board_size / 2
    outer = half + BOARD_RIM
    label = outer + EDGE_LABEL_OFFSET + 0.2  # + half a label's extent
    fitted = np.array(
        [
            # Both front corners beyond the label rows, so the board stays centred.
            [-label, 0.0, -label],
            [label, 0.0, -label],
            [outer, -SLAB_THICKNESS, -outer],
            [-label, 0.0, outer],
            [label, 0.0, outer],
            [-half, _TALLEST_GEOM, half],
            [half, _TALLEST_GEOM, half],
        ]
    )
    position = camera_looking_at((0.0, 0.0, 0.0), _CAMERA_DISTANCE_BOARDS * board_size, _PITCH_DEGREES)
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    margin = _MARGIN_FRACTION * min(width, height)
    box = (margin, margin, width - margin, height - margin)
    return Layout3D(fit_pitched_camera(position, _PITCH_DEGREES, fitted, box), half)


def cell_px(board_size: int, size: Size) -> float:
    """Supersampled width of a cell at the board's centre."""
    camera = layout_3d(board_size, size).camera
    ends = camera.project(np.array([[-0.5, 0.0, 0.0], [0.5, 0.0, 0.0]]))
    return float(ends[1, 0] - ends[0, 0])
