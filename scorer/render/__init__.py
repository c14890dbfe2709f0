"""Shared drawing helpers for the domain image renderers (Pillow only).

- ``camera``: the pinhole camera (the one perspective projection) and its shift-lens form.
- ``pitched_camera``: the pinhole camera tilted down, for views from above.
- ``shapes``: yawed boxes, back-face culling and Lambert shading.
- ``draw``: ``Draw`` (ImageDraw with cheaper wide outlines), gradients, dashed lines, shaded faces,
  soft shadows, supersampling resolve.
- ``fonts``: a deterministic bundled font.
- ``solids``: boxes, pyramids, cylinders and spheres standing on the ground.
- ``png``: deterministic PNG bytes.
- ``size``: image sizes checked and made hashable for the caches.
"""

from scorer.render.camera import ShiftLensCamera, fit_camera_to_rows
from scorer.render.draw import (
    Draw,
    dashed_vertical_line,
    downsample,
    downsample_changed,
    draw_shaded_faces,
    polygons_box,
    row_gradient,
    soft_polygon_mask,
    vertical_gradient,
)
from scorer.render.fonts import load_font
from scorer.render.shapes import (
    Light,
    ProjectedFace,
    box_corners,
    project_box,
    shade,
    yaw_matrix,
    yawed_rectangle,
)

__all__ = [
    "Draw",
    "Light",
    "ProjectedFace",
    "ShiftLensCamera",
    "box_corners",
    "dashed_vertical_line",
    "downsample",
    "downsample_changed",
    "draw_shaded_faces",
    "fit_camera_to_rows",
    "load_font",
    "polygons_box",
    "project_box",
    "row_gradient",
    "shade",
    "soft_polygon_mask",
    "vertical_gradient",
    "yaw_matrix",
    "yawed_rectangle",
]
