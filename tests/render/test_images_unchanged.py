"""Every renderer draws the pixels it drew before it was made faster: the PNG bytes of a
fixed sample of states per view (``bench.render_views``) hash as recorded in
``image_hashes.json`` (written from the renderers before the caches of issue 19).

Same bytes means same pixels (the encoder is unchanged). A deliberate change of a picture
rewrites the file (``python -m bench.render_views --write-hashes ...``) and, with it, the
conformance vectors and the docs images that show the view.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bench.render_views import HASHED_STATES, VIEWS, View
from scorer.render.png import png_bytes

RECORDED: dict[str, list[str]] = json.loads((Path(__file__).parent / "image_hashes.json").read_text())


def test_every_view_has_recorded_hashes() -> None:
    assert sorted(RECORDED) == sorted(view.name for view in VIEWS)


@pytest.mark.parametrize("view", VIEWS, ids=lambda view: view.name)
def test_the_view_draws_the_recorded_pixels(view: View) -> None:
    states = view.states(HASHED_STATES)
    found = [hashlib.sha256(png_bytes(view.draw(state))).hexdigest() for state in states]
    assert len(found) == len(RECORDED[view.name])
    changed = [index for index, (new, old) in enumerate(zip(found, RECORDED[view.name], strict=True)) if new != old]
    assert not changed, f"{view.name}: states {changed} of the sample draw other pixels than before"
