"""What every ``planarium import`` command shares: its arguments, how a bad source folder is
reported, and how the rows are written and told.

Each family's importer turns a paper's published files into rows; this module is the command
line around that, so every importer answers the same way (one-line errors naming the file, a
warning per skipped source item, nothing written when nothing was usable)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from data_build.spec import IMPORTED, ConfigSpec, Rows
from scorer.io.paths import OUTPUT_FOLDER

Command = TypeVar("Command", bound=Callable[..., Any])


def import_arguments(configs: str, progress: bool = False) -> Callable[[Command], Command]:
    """The DIRECTORY argument and ``--out`` (and ``--quiet`` where the import shows progress)."""

    def decorate(command: Command) -> Command:
        if progress:
            command = click.option("--quiet", is_flag=True, help="No progress bars.")(command)
        command = click.option(
            "--out",
            type=OUTPUT_FOLDER,
            default=Path("parquet"),
            show_default=True,
            help=f"Dataset folder to add {configs} to.",
        )(command)
        return click.argument("directory", type=click.Path(path_type=Path))(command)

    return decorate


SOURCE_ERRORS: tuple[type[Exception], ...] = (FileNotFoundError, ValueError)


@contextmanager
def source_errors(kinds: tuple[type[Exception], ...] = SOURCE_ERRORS) -> Iterator[None]:
    """A missing or malformed source file ends the import with its one-line message."""
    try:
        yield
    except kinds as error:
        raise click.ClickException(str(error)) from None


def write_imported_configs(
    out: Path,
    configs: dict[str, tuple[ConfigSpec, Rows]],
    source: Path,
    item: str,
    skipped: Sequence[str] | None = None,
    note: str = "",
) -> None:
    """Warn about each skipped source ``item``, refuse to write nothing, then write the configs'
    shards beside the folder's others and say how many rows each got (and ``note``)."""
    for why in skipped or ():
        click.echo(f"warning: skipped {why}", err=True)
    if not any(split_rows for _, rows in configs.values() for split_rows in rows.values()):
        raise click.ClickException(f"no usable {item} in {source}; nothing written")
    # Imported here: the build writes cards through `datasets` (1 CPU s to import), and every
    # importer module is imported by the registry listing its configs, in every command.
    from data_build.build import write_configs

    out.mkdir(parents=True, exist_ok=True)
    write_configs(out, configs, IMPORTED, 0)
    counts = " and ".join(f"{_count(rows)} of {name}" for name, (_, rows) in configs.items())
    notes = ([f"{len(skipped)} {item}(s) skipped"] if skipped is not None else []) + ([note] if note else [])
    told = f" ({'; '.join(notes)})" if notes else ""
    click.echo(f"wrote {counts.replace(' of ', ' rows of ', 1)} to {out}/{told}")


def min_mean_max(values: list[int]) -> str:
    """``min / mean / max`` of a card table's cell (lengths, steps)."""
    return f"{min(values)} / {sum(values) / len(values):.2f} / {max(values)}"


def _count(rows: Rows) -> int:
    return sum(len(split_rows) for split_rows in rows.values())
