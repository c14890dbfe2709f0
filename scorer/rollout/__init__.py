"""The rollout server: episodes over plain HTTP + JSON, logged for ``score``.

``start_server`` (alias ``serve``) starts one in background threads and returns it
(tests and ``planarium run --spawn`` use port 0 for a free port); ``planarium serve``
is the command line around it (``scorer.rollout.command``).
"""

from scorer.rollout.server import RolloutServer, serve, start_server

__all__ = ["RolloutServer", "serve", "start_server"]
