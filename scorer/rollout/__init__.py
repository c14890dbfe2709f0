"""The rollout server: episodes over plain HTTP + JSON (and OpenEnv's protocol), logged for ``score``.

``serve`` (alias ``start_server``) starts one in background threads and returns it
(tests and ``planarium run --spawn`` use port 0 for a free port); ``serve_rows`` does
the same for rows already loaded. ``planarium serve`` is the command line around it
(``scorer.rollout.command``).
"""

from scorer.rollout.server import RolloutServer, serve, serve_rows, start_server

__all__ = ["RolloutServer", "serve", "serve_rows", "start_server"]
