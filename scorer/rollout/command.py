"""``planarium serve``: the rollout server on the command line."""

from __future__ import annotations

import time
from pathlib import Path

import click


@click.command()
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True,
              help="Built dataset folder with at least one episode config.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Loopback by default.")
@click.option("--port", type=int, default=8765, show_default=True)
@click.option("--log", type=click.Path(path_type=Path), default=Path("episodes.jsonl"), show_default=True,
              help="JSONL log of finished episodes; `score` takes it as is.")
@click.option("--timeout-s", type=float, default=900.0, show_default=True,
              help="An episode with no request for this long expires (and is logged).")
@click.option("--max-episodes", type=int, default=256, show_default=True, help="Live episodes at most.")
def serve(data: Path, host: str, port: int, log: Path, timeout_s: float, max_episodes: int) -> None:
    """Serve episodes over HTTP: POST /episodes, POST /episodes/{id}/step, GET, DELETE, GET /health."""
    from scorer.dataset import DatasetError
    from scorer.rollout.server import start_server

    try:
        server = start_server(data, host, port, log, timeout_s, max_episodes)
    except (DatasetError, OSError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"serving {server.url} (log: {log}); Ctrl-C to stop")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
