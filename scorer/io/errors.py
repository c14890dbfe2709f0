"""The project's one error type for anything a user can fix.

Every user-facing failure (a bad input file, an unwritable output, a corrupt dataset)
raises a ``PlanariumError`` whose message is one line: what is wrong, where (file,
line, field) and what to do. The command line prints that line and exits non-zero;
only ``--debug`` shows the traceback. Anything else that escapes is a bug.
"""

from __future__ import annotations


class PlanariumError(Exception):
    """A problem the user can fix; ``str(error)`` is the whole message, on one line."""

    def __init__(self, message: str) -> None:
        # Newlines would break the one-line promise (a path or a quoted value may hold one).
        super().__init__(" ".join(message.split("\n")))


class OutputError(PlanariumError):
    """An output file that cannot be written where the user asked."""
