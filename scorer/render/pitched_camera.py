"""A pinhole camera tilted down towards the scene, for views "from above".

``ShiftLensCamera`` keeps its image plane vertical, which stretches the ground
when it looks down steeply (the ground's image grows with tan of the angle).
This camera pitches its optical axis instead, like a photograph taken from
above, so a board seen at ~50 degrees keeps natural proportions.  It is the
``PinholeCamera`` seen through turned axes: only ``camera_space`` differs.

World axes as in ``camera``: X right, Y up, Z away from the viewer.  Image
axes: u right, v down.  The camera never rolls or yaws: image rows stay
parallel to the world X axis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from scorer.render.camera import FloatArray, PinholeCamera


@dataclass(frozen=True)
class PitchedCamera(PinholeCamera):
    """A pinhole camera looking along +Z tilted down by ``pitch_degrees``."""

    pitch_degrees: float

    def camera_space(self, points: FloatArray) -> FloatArray:
        """World points (N, 3) in camera axes (right, up, forward), shape (N, 3)."""
        local: FloatArray = super().camera_space(points) @ self.axes().T
        return local

    def axes(self) -> FloatArray:
        """Rows: the camera's right, up and forward unit vectors in world axes."""
        pitch = math.radians(self.pitch_degrees)
        return np.array(
            [
                [1.0, 0.0, 0.0],
                [0.0, math.cos(pitch), math.sin(pitch)],
                [0.0, -math.sin(pitch), math.cos(pitch)],
            ]
        )

    def depth(self, point: tuple[float, float, float]) -> float:
        """Distance of ``point`` along the optical axis (for back-to-front sorting)."""
        return float(self.camera_space(np.asarray([point]))[0, 2])

    def to_camera_direction(self, direction: tuple[float, float, float]) -> FloatArray:
        """A world direction in image-friendly axes (right, down, towards the viewer)."""
        right, up, forward = self.axes() @ np.asarray(direction, dtype=np.float64)
        return np.array([right, -up, -forward])


def camera_looking_at(
    target: tuple[float, float, float], distance: float, pitch_degrees: float
) -> tuple[float, float, float]:
    """Position of a camera in front of (-Z) and above ``target`` that looks at it."""
    pitch = math.radians(pitch_degrees)
    x, y, z = target
    return (x, y + distance * math.sin(pitch), z - distance * math.cos(pitch))


def fit_pitched_camera(
    position: tuple[float, float, float],
    pitch_degrees: float,
    points: FloatArray,
    box: tuple[float, float, float, float],
) -> PitchedCamera:
    """Camera whose image of ``points`` is as large as fits in ``box`` (left, top, right, bottom), centred.

    Projection is linear in focal length and principal point, so one projection
    with a unit focal length gives the scale and shift in closed form.
    """
    unit = PitchedCamera(position, 1.0, 0.0, 0.0, pitch_degrees=pitch_degrees).project(points)
    left, top, right, bottom = box
    spans = np.maximum(np.ptp(unit, axis=0), 1e-12)
    focal = min((right - left) / spans[0], (bottom - top) / spans[1])
    middle = (unit.min(axis=0) + unit.max(axis=0)) / 2
    centre_x = (left + right) / 2 - focal * float(middle[0])
    centre_y = (top + bottom) / 2 - focal * float(middle[1])
    return PitchedCamera(position, focal, centre_x, centre_y, pitch_degrees=pitch_degrees)
