"""The PNG level is a per-use choice: the server encodes observations at its cheaper level
(``--png-level``, 1 by default) while the build keeps level 6, so shards stay byte-identical."""

from __future__ import annotations

import base64
import io
from pathlib import Path

from PIL import Image
from rollout_client import Client, StartServer

from scorer.episodes.engine import make_episode
from scorer.io.dataset import load_keys
from scorer.render.png import BUILD_LEVEL, SERVE_LEVEL
from scorer.rollout.command import serve as serve_command


def _served_and_local(start: StartServer, episode_data: Path, **options: object) -> tuple[bytes, list[bytes]]:
    """The first image the server sends, and the same observation's image at the build and serve levels."""
    row = next(iter(load_keys(episode_data, "test").rows.values()))
    [served] = Client(start(**options).url).open(row.id)["observation"]["images"]
    local, _ = make_episode(row, {}).reset()
    return base64.b64decode(served), [local.images_png(level)[0] for level in (BUILD_LEVEL, SERVE_LEVEL)]


def test_the_server_sends_the_serve_level_with_the_build_pixels(start: StartServer, episode_data: Path) -> None:
    served, (build_png, serve_png) = _served_and_local(start, episode_data)
    assert served == serve_png and served != build_png
    assert Image.open(io.BytesIO(served)).tobytes() == Image.open(io.BytesIO(build_png)).tobytes()


def test_png_level_6_serves_the_build_bytes(start: StartServer, episode_data: Path) -> None:
    served, (build_png, _) = _served_and_local(start, episode_data, png_level=BUILD_LEVEL)
    assert served == build_png


def test_the_command_defaults_to_the_serve_level() -> None:
    [option] = [p for p in serve_command.params if p.name == "png_level"]
    assert option.default == SERVE_LEVEL
