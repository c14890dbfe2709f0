"""The README claims exactly what is built: its configs table names every registered
config and nothing else, and its "Not yet built" list names no registered family."""

from __future__ import annotations

import re
from pathlib import Path

from scorer.registry import configs, families

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(heading: str) -> str:
    return README.read_text().split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_configs_table_names_exactly_the_registered_configs() -> None:
    listed = re.findall(r"^\| `([a-z0-9-]+)` \|", _section("Configs"), re.MULTILINE)
    assert sorted(listed) == sorted(configs()), "update the README's configs table"
    for name, spec in configs().items():  # an imported config is said to be imported, a built one is not
        row = next(line for line in _section("Configs").splitlines() if line.startswith(f"| `{name}` |"))
        assert ("(not built)" in row) is spec.imported, name


def test_what_is_not_yet_built_names_no_registered_family() -> None:
    intro = README.read_text().split("\n## ", 1)[0]
    built, _, not_built = intro.split("Built today:", 1)[1].partition("Not yet built:")
    not_built = not_built.split(".", 1)[0]  # absent once every family is built
    for name in families():
        assert name not in not_built, f"family {name!r} is registered: move it to what is built"
    assert all(spec.papers[0] in built for spec in configs().values() if not spec.imported and spec.papers)
