"""The rollout server: episodes over plain HTTP + JSON (and OpenEnv's protocol), logged for ``score``.

``serve`` (alias ``start_server``) starts one in background threads and returns it
(tests and ``planarium run --spawn`` use port 0 for a free port); ``serve_rows`` does
the same for rows already loaded. ``planarium serve`` is the command line around it
(``scorer.rollout.command``).

The server is imported when one of these names is first read: ``planarium eval`` plays
episodes through ``scorer.rollout.service`` in its own process and should not pay for
Starlette and uvicorn (0.3 CPU s) before its first request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorer.rollout.server import RolloutServer, serve, serve_rows, start_server

__all__ = ["RolloutServer", "serve", "serve_rows", "start_server"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from scorer.rollout import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
