"""``planarium serve``: the rollout server on the command line (registered by scorer.cli).

Heavy imports wait until the command runs, so ``planarium --help`` stays fast.
"""

from __future__ import annotations

import signal
from pathlib import Path
from types import FrameType

import click

from scorer.io.paths import OUTPUT_FILE
from scorer.rollout.guard import is_loopback

DEFAULT_DATA = Path("parquet")


@click.command("serve")
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=DEFAULT_DATA,
    show_default=True,
    help="Built dataset folder; episodes start from the rows of every split it holds (test, dev, train).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (no auth: keep loopback).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="0: any free port.")
@click.option(
    "--log",
    type=click.Path(path_type=Path, dir_okay=False),
    default=Path("episodes.jsonl"),
    show_default=True,
    help="JSONL log of ended episodes; score it with: score LOG",
)
@click.option(
    "--timeout-s",
    type=click.FloatRange(min=0, min_open=True),
    default=900.0,
    show_default=True,
    help="An episode with no request for this long is logged as expired and removed.",
)
@click.option(
    "--max-episodes",
    type=click.IntRange(min=1),
    default=256,
    show_default=True,
    help="Most episodes running at once; more get 503.",
)
@click.option(
    "--max-reply-bytes",
    type=click.IntRange(min=1),
    default=256 * 1024,
    show_default=True,
    help="Largest reply accepted (UTF-8 bytes); longer ones get 413. With --max-episodes it bounds memory.",
)
@click.option(
    "--png-level",
    type=click.IntRange(0, 9),
    default=1,  # scorer.render.png.SERVE_LEVEL, written out so --help need not import Pillow
    show_default=True,
    help="zlib level of the observations' PNG images: 6 gives the build's bytes; others use one filter, 2-4x faster.",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    metavar="NAME",
    help="A name clients reach the server by, beside the bound host (repeatable); requests naming any "
    "other Host, or sent from another web page's Origin, are refused.",
)
@click.option("--access-log", is_flag=True, help="Print one line per request to stderr.")
@click.option(
    "--ready-file",
    type=OUTPUT_FILE,
    default=None,
    help="Once the server answers, write its URL to this file (a script waits for the file to appear).",
)
def serve(
    data: Path,
    host: str,
    port: int,
    log: Path,
    timeout_s: float,
    max_episodes: int,
    max_reply_bytes: int,
    png_level: int,
    allowed_hosts: tuple[str, ...],
    access_log: bool,
    ready_file: Path | None,
) -> None:
    """Run episodes over HTTP + JSON: POST /episodes, POST /episodes/{id}/step, GET|DELETE /episodes/{id}, GET /health.

    OpenEnv's clients play over the WebSocket /ws (and POST /reset, POST /step, GET /state).

    SIGTERM or Ctrl-C: requests in flight finish, episodes still running are logged as interrupted.
    """
    from scorer.io.dataset import DatasetError
    from scorer.rollout.server import serve as start

    if not is_loopback(host):
        click.echo(
            f"warning: {host} is not a loopback address; anyone who reaches it can run episodes and write to the log",
            err=True,
        )
    try:
        server = start(
            data,
            host,
            port,
            log,
            timeout_s,
            max_episodes,
            access_log,
            max_reply_bytes,
            png_level=png_level,
            allowed_hosts=allowed_hosts,
        )
    except DatasetError as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(f"cannot serve on {host}:{port} with log {log}: {error.strerror or error}") from None
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    # Said only now: the lazy work of a first open was done before the port opened (warm_up).
    click.echo(
        f"ready: serving {server.service.n_episode_rows} episode rows at {server.url}; "
        f"logging ended episodes to {log}; Ctrl-C to stop",
        err=True,
    )
    if ready_file is not None:
        from scorer.io.atomic import write_text

        write_text(ready_file, server.url + "\n")
    try:
        server.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown("interrupted")  # finishes the steps in flight, then logs what was running
        click.echo(f"stopped; score the log with: score {log} --data {data}", err=True)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)  # unwinds through server.wait(), so the finally block still shuts down cleanly
