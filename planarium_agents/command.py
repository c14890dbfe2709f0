"""``planarium run``: play every episode row of a config with an agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from planarium_agents import AGENT_NAMES
from scorer.io import atomic
from scorer.io.paths import OUTPUT_FILE

if TYPE_CHECKING:
    from planarium_agents.base import Agent
    from planarium_agents.client import RolloutClient
    from planarium_agents.runner import RunReport
    from scorer.io.dataset import KeyRow
    from scorer.rollout import RolloutServer


@click.command()
@click.option("--agent", "agent_name", type=click.Choice(AGENT_NAMES), required=True)
@click.option("--config", required=True, help="A config whose rows are episodes (see the dataset card).")
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True)
@click.option("--split", default="test", show_default=True)
@click.option(
    "--settings",
    "settings_json",
    default="{}",
    show_default=True,
    help='Episode settings as JSON, e.g. \'{"mode": "planner", "output": "action"}\'.',
)
@click.option("--server", default=None, help="URL of a running `planarium serve`.")
@click.option("--spawn", is_flag=True, help="Start a local server for this run (its log is --out).")
@click.option("--out", type=OUTPUT_FILE, default=Path("episodes.jsonl"), show_default=True)
@click.option("--concurrency", type=int, default=8, show_default=True, help="Episodes played at once.")
@click.option("--limit", type=int, default=None, help="Play only the first N rows.")
@click.option("--model", default=None, help="Model name (openai, vllm).")
@click.option("--base-url", default=None, help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1.")
@click.option("--max-tokens", type=int, default=1024, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random agent.")
def run(
    agent_name: str,
    config: str,
    data: Path,
    split: str,
    settings_json: str,
    server: str | None,
    spawn: bool,
    out: Path,
    concurrency: int,
    limit: int | None,
    model: str | None,
    base_url: str | None,
    max_tokens: int,
    seed: int,
) -> None:
    """Play the episodes of CONFIG with an agent through the HTTP API and write their log."""
    if spawn == bool(server):
        raise click.ClickException("give --server URL or --spawn (one of them)")
    settings = episode_settings(settings_json)
    rows = _episode_rows(data, split, config, limit, server)
    try:
        from planarium_agents import make_agent

        agent = make_agent(
            agent_name, model=model, base_url=base_url, max_tokens=max_tokens, seed=seed, concurrency=concurrency
        )
    except (ValueError, RuntimeError) as error:
        raise click.ClickException(str(error)) from None
    report = _play(
        rows, agent, settings, model or agent_name, concurrency, server, data, out, f"{agent_name} on {config}"
    )
    if server:  # a spawned server wrote --out itself
        atomic.write_text(out, "".join(json.dumps(line) + "\n" for line in report.logs))
    for problem in report.errors:
        click.echo(f"warning: {problem}", err=True)
    click.echo(
        f"{len(report.logs)} episodes logged to {out}; score them with: score {out} --data {data} --configs {config}"
    )
    if report.errors:  # a run that lost episodes must not look like a clean one to a script
        raise click.ClickException(
            f"{len(report.errors)} of {len(rows)} episode(s) could not be played "
            "(warnings above); they are not in the log"
        )


def _episode_rows(data: Path, split: str, config: str, limit: int | None, server: str | None) -> list[KeyRow]:
    """The first ``limit`` episode rows of ``config``; a one-line error for a typo, an
    unreachable server (checked before anything loads) or a config without episodes."""
    from planarium_agents.client import RolloutClient
    from scorer.io.dataset import DatasetError, check_selection, load_keys

    try:
        check_selection(data, split, {config})  # a typo answers at once
        if server:
            _check_reachable(RolloutClient(server))
        rows = [r for r in load_keys(data, split, {config}).rows.values() if r.task == "episode"][:limit]
    except DatasetError as error:
        raise click.ClickException(str(error)) from None
    if not rows:
        raise click.ClickException(f"no episode rows in config {config!r} ({split}) under {data}")
    return rows


def _play(
    rows: list[KeyRow],
    agent: Agent,
    settings: dict[str, object],
    label: str,
    concurrency: int,
    server: str | None,
    data: Path,
    out: Path,
    description: str,
) -> RunReport:
    """Every row played through ``server``, or through a server spawned for the run that logs to ``out``."""
    from tqdm import tqdm

    from planarium_agents.client import RolloutClient
    from planarium_agents.runner import run_episodes

    spawned = _spawn(rows, out) if server is None else None
    client = RolloutClient(spawned.url if spawned else str(server))
    try:
        with tqdm(total=len(rows), desc=description, unit="episode") as bar:
            return run_episodes(client, agent, rows, settings, label, concurrency, on_done=lambda: bar.update(1))
    finally:
        client.close()
        if spawned:
            spawned.shutdown()


def _check_reachable(client: RolloutClient) -> None:
    from planarium_agents.client import ServerError

    try:
        client.health()
    except (ServerError, OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise click.ClickException(
            f"cannot reach the rollout server at {client.url} ({reason}); "
            "start one with `planarium serve`, or use --spawn"
        ) from None


def episode_settings(text: str) -> dict[str, object]:
    """``--settings``: a JSON object, or a one-line error."""
    try:
        settings = json.loads(text)
    except ValueError:
        settings = None
    if not isinstance(settings, dict):
        raise click.ClickException("--settings must be a JSON object")
    return settings


def _spawn(rows: list[KeyRow], out: Path) -> RolloutServer:
    """A server of the run's own rows: it loads and warms up their config alone, not every config
    and mode of the dataset (``planarium run --spawn --limit 1`` on a config of the mini build:
    2.2-2.8 -> 1.6-2.2 CPU s and wall)."""
    from scorer.rollout import serve_rows

    if out.exists():
        out.unlink()  # the spawned server appends; a fresh run starts a fresh log
    return serve_rows({row.id: row for row in rows}, port=0, log=out)
