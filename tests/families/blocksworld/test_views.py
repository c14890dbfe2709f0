"""Episode views: 3d (ViPlan's scene, the default and unchanged), 2d and text, in both the
planner and the grounder mode; the scripted optimal player wins in every view."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode
from scorer.families.blocksworld.views import TEXT_VIEW_WORDS, VIEWS
from scorer.io.dataset import KeyRow
from scorer.registry import mode_for
from tests.families.blocksworld.episode_rows import episode_row


def _row() -> KeyRow:
    return episode_row("simple", "views-test")


@dataclass
class _Turn:
    row: KeyRow
    info: dict[str, Any]
    memory: dict[str, Any] = field(default_factory=dict)


@pytest.mark.parametrize("mode", ["planner", "grounder"])
def test_the_default_view_is_the_3d_scene(mode: str) -> None:
    row = _row()
    observation, info = make_episode(row, {"mode": mode}).reset()
    assert info["settings"]["view"] == "3d"
    assert observation.text.count("<image>") == 1
    [png] = observation.images_png()
    assert png == make_episode(row, {"mode": mode, "view": "3d"}).reset()[0].images_png()[0]


@pytest.mark.parametrize("mode", ["planner", "grounder"])
def test_the_2d_view_shows_a_different_picture_of_the_same_size(mode: str) -> None:
    row = _row()
    [png_3d] = make_episode(row, {"mode": mode}).reset()[0].images_png()
    [png_2d] = make_episode(row, {"mode": mode, "view": "2d"}).reset()[0].images_png()
    assert png_2d != png_3d
    assert Image.open(io.BytesIO(png_2d)).size == Image.open(io.BytesIO(png_3d)).size


@pytest.mark.parametrize("mode", ["planner", "grounder"])
def test_the_text_view_describes_the_state_and_speaks_of_no_image(mode: str) -> None:
    observation, _ = make_episode(_row(), {"mode": mode, "view": "text"}).reset()
    assert observation.images_png() == [] and "<image>" not in observation.text
    assert "first column (c1):" in observation.text
    shown = [image_words for image_words, _ in TEXT_VIEW_WORDS if image_words in observation.text]
    assert shown == []


def test_an_unknown_view_names_the_setting() -> None:
    with pytest.raises(SettingsError, match="'view' must be one of 3d, 2d, text"):
        make_episode(_row(), {"mode": "planner", "view": "4d"})


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("mode", ["planner", "grounder"])
def test_the_optimal_player_wins_in_every_view(mode: str, view: str) -> None:
    row = _row()
    episode = make_episode(row, {"mode": mode, "view": view})
    _, info = episode.reset()
    turn, policy = _Turn(row, info), mode_for(row.domain, mode).optimal
    while not episode.done:
        turn.info = episode.step(policy(turn)).info
    assert episode.outcome()["success"]
