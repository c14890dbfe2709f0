"""The running server: a ThreadingHTTPServer with the episode service and the sweeper.

Standard library only: the API is five routes, so a web framework would add a
dependency without removing code.

Under load: the listen backlog is ``LISTEN_BACKLOG`` (socketserver's default of 5 made
a burst of simultaneous opens end in connection resets); memory is bounded by
``--max-episodes`` running episodes, ``--max-reply-bytes`` per reply and the byte budget
of recently finished episodes (``scorer.rollout.finished``). On shutdown the server stops
accepting, lets requests in flight finish (up to ``SHUTDOWN_GRACE_S``), then logs every
episode still running.
"""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from http.server import ThreadingHTTPServer
from pathlib import Path

from scorer.dataset import KeyRow
from scorer.render.png import SERVE_LEVEL
from scorer.rollout.catalog import load_rows
from scorer.rollout.handler import RolloutHandler
from scorer.rollout.log import EpisodeLog
from scorer.rollout.service import DEFAULT_MAX_REPLY_BYTES, EpisodeService
from scorer.rollout.sweeper import Sweeper

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_TIMEOUT_S = 900.0
DEFAULT_MAX_EPISODES = 256
DEFAULT_BODY_TIMEOUT_S = 10.0  # once the headers are in, the body should follow at once
LISTEN_BACKLOG = 1024  # Linux caps it at net.core.somaxconn (4096 on current kernels)
MIN_BODY_BYTES = 1 << 20
SHUTDOWN_GRACE_S = 30.0


class RolloutServer(ThreadingHTTPServer):
    daemon_threads = True  # an idle keep-alive connection must not hold up shutdown
    request_queue_size = LISTEN_BACKLOG

    def __init__(
        self,
        host: str,
        port: int,
        service: EpisodeService,
        access_log: bool = False,
        body_timeout_s: float = DEFAULT_BODY_TIMEOUT_S,
    ) -> None:
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), RolloutHandler)
        self.service = service
        self.access_log = access_log
        self.body_timeout_s = body_timeout_s
        # Room for the largest reply accepted and some JSON escaping, so --max-reply-bytes decides the 413.
        self.max_body_bytes = max(MIN_BODY_BYTES, 2 * service.max_reply_bytes + 4096)
        self.stopping = False
        self._sweeper = Sweeper(service.expire_idle, Sweeper.interval_for(service.timeout_s))
        self._thread = threading.Thread(target=self.serve_forever, name="planarium-serve", daemon=True)
        self._stopped = False
        self._requests = 0
        self._idle = threading.Condition()
        self._body_reads: set[socket.socket] = set()  # connections waiting for the rest of a body

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host  # socketserver types it str | bytes
        return f"http://[{host}]:{port}" if self.address_family == socket.AF_INET6 else f"http://{host}:{port}"

    def start(self) -> RolloutServer:
        self._thread.start()
        self._sweeper.start()
        return self

    def wait(self) -> None:
        """Block until shut down; the short joins leave Ctrl-C deliverable."""
        while self._thread.is_alive():
            self._thread.join(0.5)

    @contextmanager
    def in_flight(self) -> Iterator[None]:
        """Count a request from its first byte to its answer, so shutdown can wait for it."""
        with self._idle:
            self._requests += 1
        try:
            yield
        finally:
            with self._idle:
                self._requests -= 1
                self._idle.notify_all()

    @contextmanager
    def reading_body(self, connection: socket.socket) -> Iterator[None]:
        """While a request's body arrives: shutdown cuts the wait short (a client that stalls
        mid-body must not hold a stop for the whole body timeout)."""
        with self._idle:
            if self.stopping:
                with suppress(OSError):
                    connection.shutdown(socket.SHUT_RD)
            self._body_reads.add(connection)
        try:
            yield
        finally:
            with self._idle:
                self._body_reads.discard(connection)

    def _cut_body_reads(self) -> None:
        with self._idle:
            for connection in self._body_reads:
                with suppress(OSError):  # already closed by its client
                    connection.shutdown(socket.SHUT_RD)  # the read returns at once, with what came

    def shutdown(self, end: str = "abandoned", grace_s: float = SHUTDOWN_GRACE_S) -> None:
        """Stop accepting, let requests in flight finish, log the episodes still running with
        ``end`` (abandoned, or interrupted by a signal), close the log. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        self.stopping = True  # requests on open keep-alive connections now get 503
        self._cut_body_reads()
        self._sweeper.stop()
        if self._thread.is_alive():
            super().shutdown()
        self.server_close()
        with self._idle:
            self._idle.wait_for(lambda: self._requests == 0, timeout=grace_s)
        self.service.close_all(end)
        self.service.log.close()

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """A client that hung up or stalled costs one line; anything else keeps its traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            host, port = client_address[:2]
            print(f"planarium serve: client {host}:{port} went away ({type(error).__name__})", file=sys.stderr)
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve(
    data: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    log: Path = Path("episodes.jsonl"),
    timeout_s: float = DEFAULT_TIMEOUT_S,
    max_episodes: int = DEFAULT_MAX_EPISODES,
    access_log: bool = False,
    max_reply_bytes: int = DEFAULT_MAX_REPLY_BYTES,
    body_timeout_s: float = DEFAULT_BODY_TIMEOUT_S,
    png_level: int = SERVE_LEVEL,
) -> RolloutServer:
    """Serve the episode rows of the dataset in ``data``; returns the running server (port 0: a free one)."""
    return serve_rows(
        load_rows(data),
        host,
        port,
        log,
        timeout_s,
        max_episodes,
        access_log,
        max_reply_bytes,
        body_timeout_s,
        png_level,
    )


start_server = serve  # the name agents (planarium run --spawn) call it by


def serve_rows(
    rows: Mapping[str, KeyRow],
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    log: Path = Path("episodes.jsonl"),
    timeout_s: float = DEFAULT_TIMEOUT_S,
    max_episodes: int = DEFAULT_MAX_EPISODES,
    access_log: bool = False,
    max_reply_bytes: int = DEFAULT_MAX_REPLY_BYTES,
    body_timeout_s: float = DEFAULT_BODY_TIMEOUT_S,
    png_level: int = SERVE_LEVEL,
) -> RolloutServer:
    """``serve`` for rows already loaded."""
    episode_log = EpisodeLog(log)
    try:
        service = EpisodeService(rows, episode_log, max_episodes, timeout_s, max_reply_bytes, png_level)
        service.warm_up()  # before the port opens: no client waits on a first open's lazy work
        return RolloutServer(host, port, service, access_log, body_timeout_s).start()
    except BaseException:
        episode_log.close()  # e.g. the port is taken
        raise
