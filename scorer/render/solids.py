"""Simple shaded solids standing on the ground: boxes, pyramids, cylinders, spheres.

Boxes, pyramids and cylinders (as many-sided prisms) are convex polyhedra: we
keep the faces the camera sees, project them and shade each by Lambert's law.
Visible faces of a convex solid never overlap in the image, so they can be
filled in any order; solids must still be drawn back to front.  A sphere is a
disc shaded per pixel (Lambert plus a specular highlight), drawn as a sprite.

Every solid stands on ``base``, the centre of its footprint on the ground.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from scorer.render.camera import FloatArray, PinholeCamera
from scorer.render.shapes import RGB, Light, Point, ProjectedFace, shade

Vector = tuple[float, float, float]


@dataclass(frozen=True)
class Face:
    """A planar face of a convex solid: corners in order around it, outward normal."""

    name: str
    corners: FloatArray
    normal: FloatArray


def box_faces(base: Vector, half_width: float, height: float) -> tuple[Face, ...]:
    """The 6 faces of an axis-aligned box of footprint ``2*half_width`` squared."""
    x, y, z = base
    w = half_width

    def corner(sx: int, sy: int, sz: int) -> list[float]:
        return [x + sx * w, y + sy * height, z + sz * w]

    def face(name: str, normal: Vector, signs: Sequence[tuple[int, int, int]]) -> Face:
        return Face(name, np.array([corner(*s) for s in signs]), np.array(normal))

    return (
        face("top", (0, 1, 0), ((-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1))),
        face("bottom", (0, -1, 0), ((-1, 0, -1), (-1, 0, 1), (1, 0, 1), (1, 0, -1))),
        face("front", (0, 0, -1), ((-1, 0, -1), (1, 0, -1), (1, 1, -1), (-1, 1, -1))),
        face("back", (0, 0, 1), ((1, 0, 1), (-1, 0, 1), (-1, 1, 1), (1, 1, 1))),
        face("right", (1, 0, 0), ((1, 0, -1), (1, 0, 1), (1, 1, 1), (1, 1, -1))),
        face("left", (-1, 0, 0), ((-1, 0, 1), (-1, 0, -1), (-1, 1, -1), (-1, 1, 1))),
    )


def pyramid_faces(base: Vector, half_width: float, height: float) -> tuple[Face, ...]:
    """A square pyramid: 4 triangular sides meeting at the apex above ``base``, plus the base."""
    x, y, z = base
    w = half_width
    apex = np.array([x, y + height, z])
    # Footprint corners counter-clockwise seen from above: front-left, front-right, back-right, back-left.
    ring = np.array([[x - w, y, z - w], [x + w, y, z - w], [x + w, y, z + w], [x - w, y, z + w]])
    names = ("front", "right", "back", "left")
    faces = [Face("bottom", ring[::-1].copy(), np.array([0.0, -1.0, 0.0]))]
    for index, name in enumerate(names):
        a, b = ring[index], ring[(index + 1) % 4]
        normal = np.cross(apex - a, b - a)  # points outwards for this winding
        faces.append(Face(name, np.array([a, b, apex]), normal / np.linalg.norm(normal)))
    return tuple(faces)


def cylinder_faces(base: Vector, radius: float, height: float, segments: int = 48) -> tuple[Face, ...]:
    """A vertical cylinder as a ``segments``-sided prism: top, bottom and side strips."""
    x, y, z = base
    angles = np.linspace(0.0, 2 * math.pi, segments, endpoint=False)
    ring_x, ring_z = x + radius * np.cos(angles), z + radius * np.sin(angles)
    bottom = np.stack([ring_x, np.full(segments, y), ring_z], axis=1)
    top = bottom + np.array([0.0, height, 0.0])
    faces = [
        Face("top", top[::-1].copy(), np.array([0.0, 1.0, 0.0])),
        Face("bottom", bottom.copy(), np.array([0.0, -1.0, 0.0])),
    ]
    for index in range(segments):
        following = (index + 1) % segments
        middle = (angles[index] + angles[following] + (2 * math.pi if following == 0 else 0.0)) / 2
        normal = np.array([math.cos(middle), 0.0, math.sin(middle)])
        strip = np.array([bottom[index], bottom[following], top[following], top[index]])
        faces.append(Face(f"side{index}", strip, normal))
    return tuple(faces)


def project_faces(camera: PinholeCamera, faces: Sequence[Face], light: Light) -> tuple[ProjectedFace, ...]:
    """The faces the camera sees, projected and shaded (a convex solid's need no sorting)."""
    projected: list[ProjectedFace] = []
    for face in faces:
        if not camera.sees_front_of(face.corners.mean(axis=0), face.normal):
            continue
        polygon = tuple(camera.project_polygon(face.corners))
        projected.append(ProjectedFace(face.name, polygon, light.brightness(face.normal)))
    return tuple(projected)


def draw_smooth_solid(
    draw: ImageDraw.ImageDraw,
    faces: Sequence[ProjectedFace],
    colour: RGB,
    outline: RGB,
    outline_width: int,
    crisp_faces: frozenset[str] = frozenset(),
) -> None:
    """Fill faces without seams, then outline the silhouette and the ``crisp_faces``.

    For curved solids made of many strips (cylinders): outlining every strip
    would draw stripes, so only the silhouette and named faces (the top) get a line.
    """
    for face in faces:
        fill = shade(colour, face.brightness)
        draw.polygon(face.polygon, fill=fill, outline=fill)
    for face in faces:
        if face.name in crisp_faces:
            draw.polygon(face.polygon, outline=outline, width=outline_width)
    hull = silhouette(tuple(faces))
    draw.line(hull + hull[:1], fill=outline, width=outline_width, joint="curve")


@lru_cache(maxsize=1024)
def silhouette(faces: tuple[ProjectedFace, ...]) -> tuple[Point, ...]:
    """The convex hull of ``faces``' corners, cached: the same solid at the same place recurs
    from image to image, and the hull of a cylinder's ~100 corners cost 0.5 ms in Python."""
    return tuple(convex_hull([point for face in faces for point in face.polygon]))


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """Andrew's monotone chain: the hull's corners, counter-clockwise in image axes."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return list(unique)

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def half(sequence: Sequence[Point]) -> list[Point]:
        chain: list[Point] = []
        for point in sequence:
            while len(chain) >= 2 and cross(chain[-2], chain[-1], point) <= 0:
                chain.pop()
            chain.append(point)
        return chain

    lower, upper = half(unique), half(unique[::-1])
    return lower[:-1] + upper[:-1]


def sphere_sprite(
    colour: RGB,
    radius_px: float,
    light_direction: tuple[float, float, float],
    ambient: float = 0.45,
    diffuse: float = 0.6,
    specular: float = 0.55,
    outline: RGB | None = None,
    outline_px: float = 0.0,
) -> Image.Image:
    """An RGBA sprite of a shaded sphere, ``2*ceil(radius)+2`` pixels square.

    ``light_direction`` points towards the light in sprite axes (right, down,
    towards the viewer).  Each pixel inside the disc gets the normal of the
    sphere there; brightness is ambient + Lambert, plus a Blinn-Phong highlight
    blended towards white.  The disc edge has an analytic anti-aliased alpha.
    """
    half = math.ceil(radius_px) + 1
    coords = np.arange(-half, half, dtype=np.float64) + 0.5
    dx, dy = np.meshgrid(coords / radius_px, coords / radius_px)
    r2 = dx * dx + dy * dy
    dz = np.sqrt(np.clip(1.0 - r2, 0.0, 1.0))
    light = np.asarray(light_direction, dtype=np.float64)
    light = light / np.linalg.norm(light)
    lambert = np.clip(dx * light[0] + dy * light[1] + dz * light[2], 0.0, 1.0)
    halfway = light + np.array([0.0, 0.0, 1.0])
    halfway = halfway / np.linalg.norm(halfway)
    glint = np.clip(dx * halfway[0] + dy * halfway[1] + dz * halfway[2], 0.0, 1.0) ** 24 * specular
    rgb = np.asarray(colour, dtype=np.float64) * (ambient + diffuse * lambert)[..., None]
    rgb = rgb * (1.0 - glint[..., None]) + 255.0 * glint[..., None]
    distance_px = (np.sqrt(r2) - 1.0) * radius_px  # signed: < 0 inside the disc
    if outline is not None and outline_px > 0:
        ring = np.clip(distance_px + outline_px + 0.5, 0.0, 1.0)[..., None]
        rgb = rgb * (1.0 - ring) + np.asarray(outline, dtype=np.float64) * ring
    alpha = np.clip(0.5 - distance_px, 0.0, 1.0) * 255.0
    pixels = np.dstack([np.clip(np.rint(rgb), 0, 255), np.rint(alpha)]).astype(np.uint8)
    return Image.fromarray(pixels, "RGBA")
