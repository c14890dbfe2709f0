"""The rows file's lines, kept on disk while a split is scored, not in memory.

Rows are judged config by config; each row's line goes to an anonymous temporary file
(unlinked at once, so a killed run leaves nothing behind) beside the output, and each
config's lines are one byte range of it. When the scoring is done, ``lines(configs)``
reads back the lines of the configs that are reported, in the order they were added, as
often as it is asked (the pair writer reads them twice: for the run id, then to write).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from pathlib import Path
from types import TracebackType

from scorer.io import atomic


class RowSpool:
    def __init__(self, target: Path) -> None:
        """A spool for the lines of ``target`` (the rows file), in its folder."""
        self._file = atomic.scratch_beside(target)
        self._ranges: list[tuple[str, int, int]] = []  # (config, start, end) of each run of one config's lines
        self._end = 0

    def add(self, config: str, line: str) -> None:
        data = line.encode() + b"\n"
        self._file.write(data)
        start, self._end = self._end, self._end + len(data)
        if self._ranges and self._ranges[-1][0] == config and self._ranges[-1][2] == start:
            self._ranges[-1] = (config, self._ranges[-1][1], self._end)
        else:
            self._ranges.append((config, start, self._end))

    def lines(self, configs: Collection[str]) -> SpooledLines:
        return SpooledLines(self, configs)

    def _read(self, configs: Collection[str]) -> Iterator[str]:
        self._file.flush()
        for config, start, end in self._ranges:
            if config not in configs:
                continue
            self._file.seek(start)
            done = start
            while done < end:
                line = self._file.readline()
                done += len(line)
                yield line[:-1].decode()
        self._file.seek(0, 2)  # back to the end, where add() writes

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RowSpool:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


class SpooledLines:
    """The lines of some configs, readable any number of times."""

    def __init__(self, spool: RowSpool, configs: Collection[str]) -> None:
        self._spool, self._configs = spool, frozenset(configs)

    def __iter__(self) -> Iterator[str]:
        return self._spool._read(self._configs)
