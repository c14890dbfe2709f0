"""``planarium import NAME`` when several families contribute a part to NAME: one command
and one help line, every part run in registry order with the arguments it declares."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scorer import registry
from scorer.cli import import_group, main
from scorer.families import listing
from scorer.registry.listing import ListedImporter


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
    """Two registered families each declare a part of importer ``both`` (the second family's
    part listed first: the parts run in registry order, not in listing order)."""
    first, second = registry.family_packages()[:2]
    parts = (
        ListedImporter("both", second, f"{__name__}:{second_part.callback.__name__}", "Second data."),  # type: ignore[union-attr]
        ListedImporter("both", first, f"{__name__}:{first_part.callback.__name__}", "First data."),  # type: ignore[union-attr]
    )
    monkeypatch.setattr(listing, "IMPORTERS", (*listing.IMPORTERS, *parts))
    monkeypatch.setattr(import_group, "commands", dict(import_group.commands))  # forget the loaded command after
    return "both"


def test_the_parts_share_one_help_line(shared_importer: str) -> None:
    assert registry.importer_help()[shared_importer] == "First data. Second data."
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
