"""Click types for the paths a command writes: checked when the options are read, so a bad
output path is one line and exit 1 before any work (not after a long run)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from scorer.io.atomic import output_folder, output_target
from scorer.io.errors import OutputError


class _OutputPath(click.Path):
    def __init__(self, check: Callable[[Path], Path], what: str, **options: Any) -> None:
        super().__init__(path_type=Path, **options)
        self.check = check
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        name = param.opts[-1] if param is not None and param.opts else "path"
        if isinstance(value, str) and not value.strip():
            raise click.ClickException(f"{name}: an empty path; give a {self.what} path")
        path = super().convert(value, param, ctx)
        try:
            self.check(Path(str(path)))
        except OutputError as error:
            raise click.ClickException(f"{name}: {error}") from None
        return path


OUTPUT_FILE = _OutputPath(output_target, "file")
OUTPUT_FOLDER = _OutputPath(output_folder, "folder")
