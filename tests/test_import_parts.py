"""``planarium import NAME`` when several families contribute a part to NAME: one command
and one help line, every part run in registry order with the arguments it declares."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scorer import families
from scorer.cli import import_group, main


def _log(out: Path, line: str) -> None:
    with (out / "parts.log").open("a") as log:
        log.write(line + "\n")


@click.command(name="first-part")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=Path("parquet"), help="Dataset folder.")
def first_part(directory: Path, out: Path) -> None:
    """The first family's files."""
    if not directory.is_dir():
        raise click.ClickException(f"{directory} is not a folder")
    _log(out, f"first {directory.name}")


@click.command(name="second-part")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=Path("parquet"))
@click.option("--layouts", default=25, show_default=True, help="Only the second part has this option.")
def second_part(directory: Path, out: Path, layouts: int) -> None:
    """The second family's files."""
    _log(out, f"second {directory.name} {layouts}")


@pytest.fixture
def shared_importer(monkeypatch: pytest.MonkeyPatch) -> str:
    """Two registered families each declare a part of importer ``both``."""
    registered = families.families()
    first, second = list(registered.values())[:2]
    parts = {first.name: (first_part, "First data."), second.name: (second_part, "Second data.")}
    patched = dict(registered)
    for name, (command, line) in parts.items():
        family = registered[name]
        patched[name] = dataclasses.replace(
            family,
            importers={**family.importers, "both": f"{__name__}:{command.callback.__name__}"},  # type: ignore[union-attr]
            importer_help={**family.importer_help, "both": line},
        )
    monkeypatch.setattr(families, "families", lambda: patched)
    monkeypatch.setattr(import_group, "commands", dict(import_group.commands))  # forget the loaded command after
    return "both"


def test_the_parts_share_one_help_line(shared_importer: str) -> None:
    assert families.importer_help()[shared_importer] == "First data. Second data."
    listing = CliRunner().invoke(main, ["import", "--help"]).output
    assert [line.split() for line in listing.splitlines() if line.strip().startswith("both")] == [
        ["both", "First", "data.", "Second", "data."]
    ]
    command_help = CliRunner().invoke(main, ["import", "both", "--help"]).output
    assert "The first family's files." in command_help and "The second family's files." in command_help
    assert command_help.count("--out") == 1 and "--layouts" in command_help


def test_every_part_runs_in_registry_order(shared_importer: str, tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    result = CliRunner().invoke(main, ["import", "both", str(source), "--out", str(tmp_path), "--layouts", "3"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "parts.log").read_text() == "first source\nsecond source 3\n"


def test_a_failing_part_stops_the_chain_with_one_line(shared_importer: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", "both", str(tmp_path / "absent"), "--out", str(tmp_path)])
    assert result.exit_code != 0 and "is not a folder" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "parts.log").exists()
