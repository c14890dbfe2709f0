"""Sizes of a build: mini, full or N test rows; apportionment; a fresh split's ids and card note."""

from __future__ import annotations

import pytest

from data_build.build import _check_sizes, fresh_ids
from data_build.card import _fresh_note
from data_build.registry import select
from data_build.spec import BuildSettings, apportion, check_size


@pytest.mark.parametrize(("text", "size"), [("mini", "mini"), ("full", "full"), ("10000", "10000"), ("007", "7")])
def test_check_size_accepts_the_published_sizes_and_row_counts(text: str, size: str) -> None:
    assert check_size(text) == size


@pytest.mark.parametrize("text", ["0", "-3", "huge", "1e4", "2000000", ""])
def test_check_size_refuses_anything_else_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match=f"--size {text!r}: expected mini, full or a number of test rows"):
        check_size(text)


def test_rows_of_a_split_dev_is_a_fifth_and_never_empty() -> None:
    assert BuildSettings(size="10000").rows("test") == 10000
    assert BuildSettings(size="10000").rows("dev") == 2000
    assert BuildSettings(size="3").rows("dev") == 1


@pytest.mark.parametrize(
    ("total", "weights", "shares"),
    [(10, [25, 25, 25], [4, 3, 3]), (7, [1, 0, 1], [4, 0, 3]), (100, [70, 20, 10], [70, 20, 10]), (1, [5, 5], [1, 0])],
)
def test_apportion_is_proportional_and_sums_to_the_total(total: int, weights: list[int], shares: list[int]) -> None:
    assert apportion(total, weights) == shares
    assert sum(apportion(total, weights)) == total


def test_only_the_published_seed_at_a_published_size_is_published() -> None:
    assert BuildSettings(size="full", seed=0).published
    assert not BuildSettings(size="full", seed=3).published
    assert not BuildSettings(size="500", seed=0).published


def test_fresh_ids_carry_the_seed() -> None:
    rows = {"test": [{"id": "c-x/test/0007", "prompt": "p"}], "dev": [{"id": "c-x/dev/12345"}]}
    assert fresh_ids(rows, 3) == {
        "test": [{"id": "c-x/test/s3-0007", "prompt": "p"}],
        "dev": [{"id": "c-x/dev/s3-12345"}],
    }


def test_size_n_of_a_config_without_sizes_is_refused_before_any_work() -> None:
    fixed = [spec for spec in select(None) if not spec.any_size]
    assert fixed, "the test needs a config that builds only the published sizes"
    with pytest.raises(ValueError, match=f"--size 50: config\\(s\\) {fixed[0].name}.* build only --size mini or full"):
        _check_sizes(fixed[:1], BuildSettings(size="50"))
    _check_sizes(fixed[:1], BuildSettings(size="full", seed=9))  # another seed at a published size is fine


def test_the_card_notes_a_fresh_split_and_its_check() -> None:
    checked = next(spec for spec in select(None) if spec.fresh_check)
    note = _fresh_note("40", 3)(checked)
    assert "`--seed 3 --size 40`" in note and f"{checked.name}/<split>/s3-<index>" in note
    assert checked.fresh_check in note
    unchecked = [spec for spec in select(None) if not spec.fresh_check]
    if unchecked:
        assert "not checked against the published splits" in _fresh_note("full", 3)(unchecked[0])
    assert _fresh_note("full", 0)(checked) == "" and _fresh_note("imported", 0)(checked) == ""
