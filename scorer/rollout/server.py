"""The running server: uvicorn (httptools, websockets) in a background thread, serving the
ASGI app of ``scorer.rollout.asgi`` over the episode service, and the sweeper.

An ASGI stack rather than http.server because the server also speaks OpenEnv's protocol,
whose clients hold a WebSocket per session (``scorer.rollout.openenv``); uvicorn and
Starlette are what OpenEnv's own servers run on.

Under load: the listen backlog is ``LISTEN_BACKLOG`` (a burst of simultaneous opens gets
HTTP answers, not resets); memory is bounded by ``--max-episodes`` running episodes,
``--max-reply-bytes`` per reply and the byte budget of recently finished episodes
(``scorer.rollout.finished``); the episode work runs in ``WORKER_THREADS`` threads. On
shutdown the server stops accepting, answers 503 to new requests, lets requests in flight
finish (up to ``SHUTDOWN_GRACE_S``), then logs every episode still running.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from typing import Any

import uvicorn

from scorer import __version__
from scorer.io.dataset import KeyRow
from scorer.render.png import SERVE_LEVEL
from scorer.rollout.asgi import HttpApi, build_app
from scorer.rollout.catalog import load_rows
from scorer.rollout.guard import Guard
from scorer.rollout.log import EpisodeLog
from scorer.rollout.openenv import OpenEnvSession, OpenEnvSockets, RowPicker
from scorer.rollout.routes import Context
from scorer.rollout.service import DEFAULT_MAX_REPLY_BYTES, EpisodeService
from scorer.rollout.sweeper import Sweeper
from scorer.rollout.wire import bounded_protocol, connection_bound

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_TIMEOUT_S = 900.0
DEFAULT_MAX_EPISODES = 256
# A request's head must arrive within it of the connection's opening (or of its first byte on a
# kept-alive connection), then its body within it of the head: an agent sends a request at once.
DEFAULT_REQUEST_TIMEOUT_S = 10.0
LISTEN_BACKLOG = 1024  # Linux caps it at net.core.somaxconn (4096 on current kernels)
MIN_BODY_BYTES = 1 << 20
SHUTDOWN_GRACE_S = 30.0
KEEP_ALIVE_S = 60  # an agent waits for its model between steps; its connection should outlive that
# The episode work is CPU-bound (two cores), but a step may wait for its episode's lock or the
# log's fsync: enough threads that such waits do not queue other episodes' steps.
WORKER_THREADS = 64
STARTUP_TIMEOUT_S = 60.0


class RolloutServer:
    def __init__(
        self,
        host: str,
        port: int,
        service: EpisodeService,
        access_log: bool = False,
        request_timeout_s: float = DEFAULT_REQUEST_TIMEOUT_S,
        allowed_hosts: Sequence[str] = (),
    ) -> None:
        self.service = service
        # Bound here, not by uvicorn: a port in use fails at once, and port 0's choice is known.
        self._socket = _listen(host, port)
        self.server_address: tuple[str, int] = self._socket.getsockname()[:2]
        # Room for the largest reply accepted and some JSON escaping, so --max-reply-bytes decides the 413.
        max_body_bytes = max(MIN_BODY_BYTES, 2 * service.max_reply_bytes + 4096)
        self._executor = ThreadPoolExecutor(WORKER_THREADS, thread_name_prefix="planarium-step")
        picker = RowPicker(service.rows)
        context = Context(service, OpenEnvSession(service, picker))
        self.api = HttpApi(context, self._executor, max_body_bytes, request_timeout_s, access_log)
        sockets = OpenEnvSockets(service, picker, self._executor, lambda: self.api.stopping)
        guarded = Guard(build_app(self.api, sockets), host, self.server_address[1], allowed_hosts)
        protocol = bounded_protocol(request_timeout_s, connection_bound())
        self._uvicorn = uvicorn.Server(_config(guarded, protocol, max_body_bytes))
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="planarium-serve", daemon=True)
        self._ended = threading.Event()
        self._sweeper = Sweeper(service.expire_idle, Sweeper.interval_for(service.timeout_s))
        self._stopped = False

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://[{host}]:{port}" if self._socket.family == socket.AF_INET6 else f"http://{host}:{port}"

    @property
    def stopping(self) -> bool:
        return self.api.stopping

    def start(self) -> RolloutServer:
        self._thread.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while not self._uvicorn.started:
            if self._ended.is_set() or time.monotonic() > deadline:
                raise RuntimeError(f"the rollout server on {self.url} did not start")
            time.sleep(0.005)
        self._sweeper.start()
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        finally:
            self._ended.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(OutOfDescriptors().handle)
        await self._uvicorn.serve(sockets=[self._socket])

    def wait(self) -> None:
        """Block until shut down; the short waits leave Ctrl-C deliverable."""
        while not self._ended.wait(0.5):
            pass

    def shutdown(self, end: str = "abandoned", grace_s: float = SHUTDOWN_GRACE_S) -> None:
        """Stop accepting, let requests in flight finish, log the episodes still running with
        ``end`` (abandoned, or interrupted by a signal), close the log. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        self._sweeper.stop()
        # Not _thread.is_alive() nor join(): once a signal has interrupted a join() (SIGTERM in
        # wait()), both say the thread ended while it still runs (CPython gh-90882).
        if self._loop is not None:
            self._uvicorn.config.timeout_graceful_shutdown = max(1, round(grace_s))
            with suppress(RuntimeError):  # the loop is already closed: uvicorn ended on its own
                self._loop.call_soon_threadsafe(self.api.stop)  # 503 from now on; stalled bodies cut short
            self._uvicorn.should_exit = True
            self._ended.wait()
        self._socket.close()
        self._executor.shutdown(wait=True)
        self.service.close_all(end)
        self.service.log.close()


class OutOfDescriptors:
    """The event loop's exception handler: asyncio's accept loop meeting the open-file limit costs
    one line per ``EVERY_S`` where its default is a traceback each time (it pauses accepting, then
    retries; the connection bound and the request timeout free descriptors). Anything else as usual."""

    ERRNOS = frozenset({errno.EMFILE, errno.ENFILE})
    EVERY_S = 10.0

    def __init__(self) -> None:
        self._said_at = -self.EVERY_S

    def handle(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not (isinstance(error, OSError) and error.errno in self.ERRNOS):
            loop.default_exception_handler(context)
            return
        if time.monotonic() - self._said_at >= self.EVERY_S:
            print(
                f"planarium serve: new connections wait to be accepted ({error.strerror}); "
                f"raise `ulimit -n` if this lasts (said at most every {self.EVERY_S:g} s)",
                file=sys.stderr,
            )
            self._said_at = time.monotonic()


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets whose proto says TCP,
    # and without it Nagle's algorithm held each answer's body for the client's delayed ACK
    # (~40 ms per step on a kept-alive connection: 21 steps/s for one client instead of hundreds).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as http.server: restart on a port in TIME_WAIT
        sock.bind((host, port))
        sock.listen(LISTEN_BACKLOG)
    except BaseException:
        sock.close()
        raise
    return sock


def _config(app: object, protocol: type[asyncio.Protocol], max_body_bytes: int) -> uvicorn.Config:
    return uvicorn.Config(
        app,  # type: ignore[arg-type]
        http=protocol,
        ws="websockets-sansio",
        ws_max_size=max_body_bytes,
        # Observations are mostly base64 PNG: compressing them costs the two cores more than loopback saves.
        ws_per_message_deflate=False,
        lifespan="off",
        loop="asyncio",  # the same loop everywhere (uvloop would be picked only where it is installed)
        log_config=None,
        log_level="error",  # uvicorn's info lines would break `planarium serve`'s one-line banner
        access_log=False,  # --access-log is the app's own line (scorer.rollout.asgi)
        proxy_headers=False,  # no proxy in front: the client address is the peer's
        server_header=False,
        headers=[("server", f"planarium/{__version__}")],
        timeout_keep_alive=KEEP_ALIVE_S,
        backlog=LISTEN_BACKLOG,
    )


def serve(
    data: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    log: Path = Path("episodes.jsonl"),
    timeout_s: float = DEFAULT_TIMEOUT_S,
    max_episodes: int = DEFAULT_MAX_EPISODES,
    access_log: bool = False,
    max_reply_bytes: int = DEFAULT_MAX_REPLY_BYTES,
    request_timeout_s: float = DEFAULT_REQUEST_TIMEOUT_S,
    png_level: int = SERVE_LEVEL,
    allowed_hosts: Sequence[str] = (),
) -> RolloutServer:
    """Serve the episode rows of the dataset in ``data``; returns the running server (port 0: a free one).
    ``allowed_hosts``: names beside the bound host that requests may give as Host (scorer.rollout.guard)."""
    return serve_rows(
        load_rows(data),
        host,
        port,
        log,
        timeout_s,
        max_episodes,
        access_log,
        max_reply_bytes,
        request_timeout_s,
        png_level,
        allowed_hosts,
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
    request_timeout_s: float = DEFAULT_REQUEST_TIMEOUT_S,
    png_level: int = SERVE_LEVEL,
    allowed_hosts: Sequence[str] = (),
) -> RolloutServer:
    """``serve`` for rows already loaded."""
    episode_log = EpisodeLog(log)
    try:
        service = EpisodeService(rows, episode_log, max_episodes, timeout_s, max_reply_bytes, png_level)
        service.warm_up()  # before the port opens: no client waits on a first open's lazy work
        return RolloutServer(host, port, service, access_log, request_timeout_s, allowed_hosts).start()
    except BaseException:
        episode_log.close()  # e.g. the port is taken
        raise
