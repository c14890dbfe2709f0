"""The running server: a ThreadingHTTPServer with the episode service and the sweeper.

Standard library only: the API is five routes, so a web framework would add a
dependency without removing code.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Mapping
from http.server import ThreadingHTTPServer
from pathlib import Path

from scorer.dataset import KeyRow
from scorer.rollout.catalog import load_rows
from scorer.rollout.handler import RolloutHandler
from scorer.rollout.log import EpisodeLog
from scorer.rollout.service import EpisodeService
from scorer.rollout.sweeper import Sweeper

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_TIMEOUT_S = 900.0
DEFAULT_MAX_EPISODES = 256


class RolloutServer(ThreadingHTTPServer):
    daemon_threads = True  # an idle keep-alive connection must not hold up shutdown

    def __init__(self, host: str, port: int, service: EpisodeService, access_log: bool = False) -> None:
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), RolloutHandler)
        self.service = service
        self.access_log = access_log
        self._sweeper = Sweeper(service.expire_idle, Sweeper.interval_for(service.timeout_s))
        self._thread = threading.Thread(target=self.serve_forever, name="planarium-serve", daemon=True)
        self._stopped = False

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://[{host}]:{port}" if self.address_family == socket.AF_INET6 else f"http://{host}:{port}"

    def start(self) -> RolloutServer:
        self._thread.start()
        self._sweeper.start()
        return self

    def wait(self) -> None:
        """Block until shut down; the short joins leave Ctrl-C deliverable."""
        while self._thread.is_alive():
            self._thread.join(0.5)

    def shutdown(self) -> None:
        """Stop serving, log unfinished episodes as abandoned, close the log. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        self._sweeper.stop()
        if self._thread.is_alive():
            super().shutdown()
        self.server_close()
        self.service.close_all()
        self.service.log.close()


def serve(data: Path, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, log: Path = Path("episodes.jsonl"),
          timeout_s: float = DEFAULT_TIMEOUT_S, max_episodes: int = DEFAULT_MAX_EPISODES,
          access_log: bool = False) -> RolloutServer:
    """Serve the episode rows of the dataset in ``data``; returns the running server (port 0: a free one)."""
    return serve_rows(load_rows(data), host, port, log, timeout_s, max_episodes, access_log)


start_server = serve  # the name agents (planarium run --spawn) call it by


def serve_rows(rows: Mapping[str, KeyRow], host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 log: Path = Path("episodes.jsonl"), timeout_s: float = DEFAULT_TIMEOUT_S,
                 max_episodes: int = DEFAULT_MAX_EPISODES, access_log: bool = False) -> RolloutServer:
    """``serve`` for rows already loaded."""
    episode_log = EpisodeLog(log)
    try:
        service = EpisodeService(rows, episode_log, max_episodes, timeout_s)
        return RolloutServer(host, port, service, access_log).start()
    except BaseException:
        episode_log.close()  # e.g. the port is taken
        raise
