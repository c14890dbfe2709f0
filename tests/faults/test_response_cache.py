"""A damaged response cache (zeroed, truncated, a page overwritten) is moved aside and every
answer that can still be read is kept: the run goes on with one warning naming the file and
how to skip the cache, where it was an internal error ("database disk image is malformed")."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from planarium_agents.eval.cache import DAMAGED_SUFFIX, ResponseCache

ANSWERS = 3000  # several hundred pages, so damage in the middle leaves both ends readable


def _fields(number: int) -> dict[str, str]:
    return {
        "model": "openai:m",
        "sampling": "{}",
        "prompt_sha256": f"{number:064x}",
        "images_sha256": "0" * 64,
        "answer_format_sha256": "0" * 64,
    }


def _filled(path: Path) -> None:
    cache = ResponseCache(path)
    for number in range(ANSWERS):
        cache.put(_fields(number), f"answer {number} " + "x" * 200)
    cache.close()


def _zero(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


def _truncate(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def _overwrite_a_page(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.seek(path.stat().st_size // 2 // 4096 * 4096)
        handle.write(b"\xff" * 4096)


# Truncation cuts off the B-tree's interior pages (written last, as the tree grew): SQLite can
# read no row of it then, so nothing is promised there but that nothing kept is garbage.
@pytest.mark.parametrize(("damage", "some_kept"), [(_zero, False), (_truncate, None), (_overwrite_a_page, True)])
def test_a_damaged_cache_is_moved_aside_and_what_can_be_read_is_kept(
    tmp_path: Path, damage: Callable[[Path], None], some_kept: bool | None
) -> None:
    path = tmp_path / "responses.sqlite"
    _filled(path)
    damage(path)

    cache = ResponseCache(path)

    assert cache.recovered is not None
    assert str(path) in cache.recovered and "--no-cache" in cache.recovered
    assert (tmp_path / f"responses.sqlite{DAMAGED_SUFFIX}").is_file()
    kept = len(cache)
    assert kept < ANSWERS and (some_kept is None or (kept > 0) == some_kept)
    for number in range(ANSWERS):  # every answer kept is the one stored, never garbage
        found = cache.get(_fields(number))
        assert found is None or found.startswith(f"answer {number} ")
    cache.put(_fields(ANSWERS), "new")  # and the new cache takes answers
    cache.close()
    again = ResponseCache(path)
    assert again.recovered is None and again.get(_fields(ANSWERS)) == "new" and len(again) == kept + 1
    again.close()


def test_a_sound_cache_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "responses.sqlite"
    _filled(path)
    cache = ResponseCache(path)
    assert cache.recovered is None and len(cache) == ANSWERS
    cache.close()


def test_eval_with_a_zeroed_cache_warns_once_and_goes_on(small_data: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner
    from fault_data import SMALL_CONFIG

    from scorer.cli import main
    from tests.support.scripted_endpoint import ScriptedEndpoint, canned

    out = tmp_path / "run"
    out.mkdir()
    (out / "responses.sqlite").write_bytes(bytes(8192))
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        result = CliRunner().invoke(
            main,
            ["eval", "--model", "openai:m", "--base-url", endpoint.url, "--configs", SMALL_CONFIG, "--limit", "3"]
            + ["--data", str(small_data), "--out", str(out), "--quiet"],
        )
    assert result.exit_code == 0, result.output
    [warning] = [line for line in result.stderr.splitlines() if "damaged" in line]
    assert "responses.sqlite" in warning and "--no-cache" in warning
    assert endpoint.answered > 0 and (out / "results.json").is_file()
