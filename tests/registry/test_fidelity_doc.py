"""docs/fidelity.md is the departures registry's output, and every departure names a test that
exists: a departure cannot exist without a row, nor a row outlive its test."""

from __future__ import annotations

import ast
from pathlib import Path

from scorer.registry.fidelity import all_departures, paper_configs, render

ROOT = Path(__file__).resolve().parents[2]


def test_the_document_is_the_registrys_output() -> None:
    written = (ROOT / "docs" / "fidelity.md").read_text(encoding="utf-8")
    expected = render(all_departures(), paper_configs())
    assert written == expected, "regenerate it: python -m scorer.registry.fidelity > docs/fidelity.md"


def test_every_departure_and_paper_config_cell_names_a_test_that_exists() -> None:
    cells = [p.test for entry in paper_configs() for p in (entry.prompt, entry.rules, entry.reading)]
    missing = []
    for test in [departure.test for departure in all_departures()] + cells:
        path, _, name = test.partition("::")
        module = ROOT / path
        functions = (
            {node.name for node in ast.walk(ast.parse(module.read_text())) if isinstance(node, ast.FunctionDef)}
            if module.is_file()
            else set()
        )
        if name.split("[")[0] not in functions:
            missing.append(test)
    assert missing == [], f"departures name tests that do not exist: {missing}"


def test_every_family_with_a_paper_declares_its_departures() -> None:
    from scorer.registry import families

    silent = [name for name, family in families().items() if not family.departures]
    assert silent == [], f"families with no departures row: {silent}"


def test_every_config_made_from_a_papers_data_has_a_row_in_the_first_table() -> None:
    from scorer.registry import configs

    imported = [name for name, spec in configs().items() if spec.imported]
    assert [entry.config for entry in paper_configs()] == imported
