"""Shaded boxes in 3D: geometry, back-face culling and Lambert shading."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from scorer.render.camera import FloatArray, PinholeCamera

RGB = tuple[int, int, int]
Point = tuple[float, float]

# Each face of a unit box: its name, outward normal (before yaw; "front" faces
# the camera) and its corner signs (x, y, z),
# listed in order around the face so they form a simple polygon.
_BOX_FACES: tuple[tuple[str, tuple[float, float, float], tuple[tuple[int, int, int], ...]], ...] = (
    ("top", (0.0, 1.0, 0.0), ((-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1))),
    ("bottom", (0.0, -1.0, 0.0), ((-1, -1, -1), (-1, -1, 1), (1, -1, 1), (1, -1, -1))),
    ("front", (0.0, 0.0, -1.0), ((-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1))),
    ("back", (0.0, 0.0, 1.0), ((1, -1, 1), (-1, -1, 1), (-1, 1, 1), (1, 1, 1))),
    ("right", (1.0, 0.0, 0.0), ((1, -1, -1), (1, -1, 1), (1, 1, 1), (1, 1, -1))),
    ("left", (-1.0, 0.0, 0.0), ((-1, -1, 1), (-1, -1, -1), (-1, 1, -1), (-1, 1, 1))),
)


@dataclass(frozen=True)
class Light:
    """A directional light: ``direction`` points from the scene towards the light."""

    direction: tuple[float, float, float]
    ambient: float = 0.5
    diffuse: float = 0.5

    def brightness(self, normal: FloatArray) -> float:
        """Lambert brightness factor of a face with unit ``normal``."""
        towards_light = np.asarray(self.direction, dtype=np.float64)
        towards_light = towards_light / np.linalg.norm(towards_light)
        return self.ambient + self.diffuse * max(0.0, float(np.dot(normal, towards_light)))


@dataclass(frozen=True)
class ProjectedFace:
    """One visible face of a box: its name, image polygon and brightness factor."""

    name: str
    polygon: tuple[Point, ...]
    brightness: float


def yaw_matrix(yaw_degrees: float) -> FloatArray:
    """Rotation about the vertical axis; positive yaw turns +X towards the camera (-Z)."""
    angle = math.radians(yaw_degrees)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return np.array([[cos_a, 0.0, sin_a], [0.0, 1.0, 0.0], [-sin_a, 0.0, cos_a]])


def box_corners(
    centre: tuple[float, float, float], half_sizes: tuple[float, float, float], yaw_degrees: float
) -> FloatArray:
    """The 8 world corners of a yawed box, shape (8, 3), in (-,-,-)...(+,+,+) order."""
    signs = np.array([(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], dtype=np.float64)
    local = signs * np.asarray(half_sizes)
    return local @ yaw_matrix(yaw_degrees).T + np.asarray(centre)


def yawed_rectangle(centre: tuple[float, float, float], half_x: float, half_z: float, yaw_degrees: float) -> FloatArray:
    """The 4 corners, in order around it, of a horizontal yawed rectangle at ``centre``."""
    local = np.array([[-half_x, 0.0, -half_z], [half_x, 0.0, -half_z], [half_x, 0.0, half_z], [-half_x, 0.0, half_z]])
    return local @ yaw_matrix(yaw_degrees).T + np.asarray(centre)


def project_box(
    camera: PinholeCamera,
    centre: tuple[float, float, float],
    half_sizes: tuple[float, float, float],
    yaw_degrees: float,
    light: Light,
) -> tuple[ProjectedFace, ...]:
    """The faces of a yawed box the camera sees, projected and shaded.

    Visible faces of a convex box never overlap in the image, so callers can
    draw them in any order; boxes must still be drawn back to front.
    """
    rotation = yaw_matrix(yaw_degrees)
    half = np.asarray(half_sizes)
    faces: list[ProjectedFace] = []
    for name, local_normal, corner_signs in _BOX_FACES:
        normal = rotation @ np.asarray(local_normal)
        corners = (np.asarray(corner_signs, dtype=np.float64) * half) @ rotation.T + np.asarray(centre)
        if not camera.sees_front_of(corners.mean(axis=0), normal):
            continue
        polygon = tuple(camera.project_polygon(corners))
        faces.append(ProjectedFace(name, polygon, light.brightness(normal)))
    return tuple(faces)


def shade(colour: RGB, brightness: float) -> RGB:
    """``colour`` scaled by ``brightness`` and clamped to 0..255."""
    red, green, blue = (min(255, max(0, round(channel * brightness))) for channel in colour)
    return (red, green, blue)
