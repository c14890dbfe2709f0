"""Pinhole camera with a shifted lens, for drawing simple 3D scenes with Pillow.

``PinholeCamera`` holds the one perspective projection of the package; the
pitched camera (``pitched_camera``) is built on it.  ``ShiftLensCamera`` looks
straight along +Z (no pitch), so vertical world lines stay vertical in the
image: a tall stack never leans outwards, whatever its column.
The view "from above" comes from raising the camera and shifting the principal
point (``centre_y``) down, like an architectural shift lens.

World axes: X right, Y up, Z away from the camera.  Image axes: u right, v down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class PinholeCamera:
    """A pinhole camera at ``position``: focal length and principal point in pixels.

    Its axes are the world's (it looks along +Z); a subclass may turn them by
    overriding ``camera_space``.  The projection itself is written only here.
    """

    position: tuple[float, float, float]
    focal_px: float
    centre_x: float
    centre_y: float

    def camera_space(self, points: FloatArray) -> FloatArray:
        """World points (N, 3) in camera axes (right, up, forward), shape (N, 3)."""
        relative: FloatArray = np.asarray(points, dtype=np.float64) - np.asarray(self.position)
        return relative

    def project(self, points: FloatArray) -> FloatArray:
        """Project world points of shape (N, 3) to image points of shape (N, 2)."""
        local = self.camera_space(points)
        depth = local[:, 2]
        if np.any(depth <= 0):
            raise ValueError("cannot project points at or behind the camera")
        u = self.centre_x + self.focal_px * local[:, 0] / depth
        v = self.centre_y - self.focal_px * local[:, 1] / depth
        return np.stack([u, v], axis=1)

    def project_polygon(self, points: FloatArray | list[list[float]]) -> list[tuple[float, float]]:
        """Project world points (N, 3) to the (u, v) pairs Pillow draws a polygon through."""
        return [(float(u), float(v)) for u, v in self.project(np.asarray(points, dtype=np.float64))]

    def sees_front_of(self, point_on_face: FloatArray, normal: FloatArray) -> bool:
        """Back-face test: is the face through ``point_on_face`` seen from its front?"""
        to_camera = np.asarray(self.position) - np.asarray(point_on_face)
        return bool(np.dot(to_camera, normal) > 1e-9)


@dataclass(frozen=True)
class ShiftLensCamera(PinholeCamera):
    """The pinhole camera looking straight along +Z; the lens shift is ``centre_y``."""

    def unproject_x(self, u: float, depth: float) -> float:
        """World X that projects to image column ``u`` at world depth ``depth``."""
        return self.position[0] + (u - self.centre_x) * (depth - self.position[2]) / self.focal_px


def fit_camera_to_rows(
    position: tuple[float, float, float],
    points: FloatArray,
    top_row: float,
    bottom_row: float,
    centre_x: float,
    max_focal_px: float = math.inf,
) -> ShiftLensCamera:
    """Camera at ``position`` whose image of ``points`` spans ``top_row``..``bottom_row``.

    Projection is linear in focal length and principal point, so one projection
    with a unit focal length gives the scale and shift in closed form.  When
    ``max_focal_px`` binds (e.g. things must also fit horizontally) the points
    keep touching ``bottom_row`` and end below ``top_row``.
    """
    unit_rows = ShiftLensCamera(position, 1.0, 0.0, 0.0).project(points)[:, 1]
    unit_height = max(float(np.ptp(unit_rows)), 1e-12)
    focal = min((bottom_row - top_row) / unit_height, max_focal_px)
    centre_y = bottom_row - focal * float(np.max(unit_rows))
    return ShiftLensCamera(position, focal, centre_x, centre_y)
