"""Atomic file writes: a reader (or a crash) sees the old complete file or the new one.

The data goes to a temporary file in the same folder (so the rename never crosses a
file system), is flushed and fsynced, then renamed over the target with ``os.replace``,
which POSIX makes atomic; the folder is fsynced too, so the rename survives a power
cut. A killed writer leaves at most a hidden ``.<name>.<pid>.*.tmp`` file beside the target,
which the next write of that target removes once its process is gone.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from scorer.io.errors import OutputError


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# mkstemp creates 0600 files; a written output should get the mode open() would give it.
FILE_MODE = 0o666 & ~_current_umask()


def write_bytes(path: Path, data: bytes) -> None:
    with temporary_beside(path) as temporary, temporary.open("wb") as handle:
        handle.write(data)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def write_lines(path: Path, lines: Iterable[str]) -> None:
    """Each of ``lines`` and a newline, in UTF-8, written as they come (never joined in memory)."""
    with temporary_beside(path) as temporary, temporary.open("w", encoding="utf-8", newline="\n") as handle:
        for line in lines:
            handle.write(line)
            handle.write("\n")


def write_with(path: Path, writer: Callable[[Path], object]) -> None:
    """Let ``writer`` fill a temporary path (e.g. a Parquet writer), then move it into place."""
    with temporary_beside(path) as temporary:
        writer(temporary)


def scratch_beside(path: Path) -> IO[bytes]:
    """An anonymous temporary file (unlinked at once: a killed writer leaves nothing) in the
    folder ``path`` will be written to, refused as a write of ``path`` would be. The caller closes it."""
    path = output_target(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return tempfile.TemporaryFile(dir=path.parent, prefix=f".{path.name}.")  # noqa: SIM115
    except OSError as error:
        raise _cannot_write(path, error) from None


@contextmanager
def temporary_beside(path: Path) -> Iterator[Path]:
    """A temporary path in ``path``'s folder; on a clean exit it is fsynced and renamed to ``path``
    (to the file a symbolic link points to, so the link stays)."""
    path = output_target(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
        os.close(handle)
    except OSError as error:
        raise _cannot_write(path, error) from None
    temporary = Path(name)
    try:
        yield temporary
        _fsync_file(temporary)
        os.chmod(temporary, FILE_MODE)
        os.replace(temporary, path)
        _fsync_folder(path.parent)
    except OSError as error:
        raise _cannot_write(path, error) from None
    finally:
        temporary.unlink(missing_ok=True)


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files a killed writer of ``path`` left (``.<name>.<pid>.*.tmp``
    whose process is gone): judged by the process, never by the clock."""
    for left in path.parent.glob(f".{path.name}.*.tmp"):
        pid = left.name[len(path.name) + 2 :].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            left.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


_SPECIAL_FILES = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def output_target(path: Path) -> Path:
    """The regular file a write of ``path`` replaces: ``path`` itself, or the file its symbolic
    link points to. Anything else (a folder, a device, a FIFO, a socket, an empty name) is an
    OutputError, raised before any work so that no run is lost to a bad path at its end."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if path.is_dir():
        raise OutputError(f"cannot write {path}: it is a folder; give a file path instead")
    if path.exists() and not path.is_file():
        mode = path.stat().st_mode
        what = next((name for test, name in _SPECIAL_FILES if test(mode)), "not a regular file")
        raise OutputError(f"cannot write {path}: it is {what}; only regular files are written, give a file path")
    blocker = next((parent for parent in path.parents if parent.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise OutputError(f"cannot write {path}: {blocker} is a file, not a folder; choose a path in a folder")
    return path


def _fsync_file(path: Path) -> None:
    with path.open("rb") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _cannot_write(path: Path, error: OSError) -> OutputError:
    reason = error.strerror or type(error).__name__
    return OutputError(f"cannot write {path}: {reason}; choose a writable path (or free some disk space)")


def output_folder(path: Path) -> Path:
    """``path`` as a folder to write into: refused before any work when it is not one."""
    blocker = next((folder for folder in (path, *path.parents) if folder.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise OutputError(f"cannot write into {path}: {blocker} is not a folder; give a folder path")
    return path
