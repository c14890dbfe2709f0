"""Baseline answerers for the VSP questions (maze and blocks, built or imported), the
numbers the README puts beside the answer keys:

    python -m scorer.families.vsp.baselines --kind random --data parquet -o random.jsonl
    planarium score random.jsonl --data parquet --configs maze-vsp,blocks-vsp

- ``random`` (seeded, per row): a maze plan of random moves as long as the shortest
  plan; a blocks plan of random legal moves as long as the shortest plan; yes/no a coin
  flip; the player's place one of the eight possible answers; a colour one of the six;
  a choice one of A-D.
- ``always-yes``: Yes to every yes/no question, nothing to the others (they score 0;
  the README shows them as "-").

Only rows of the ``vsp`` task kind are answered; the answers are written in each
question's own format, so they are judged, never unparsable.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import click

from scorer.families.vsp.blocks import COLOURS, Stacks, apply, legal_moves
from scorer.families.vsp.kind import VSP
from scorer.families.vsp.short_answers import CHOICES
from scorer.io import atomic
from scorer.io.dataset import KeyRow, load_keys
from scorer.io.paths import OUTPUT_FILE

RELATIONS = [[v, h] for v in ("Above", "Below") for h in ("Left", "Right")] + [
    [w] for w in ("Above", "Below", "Left", "Right")
]
KINDS = ("random", "always-yes")


def random_response(row: KeyRow, rng: random.Random) -> str:
    key = row.answer_key
    form = key["form"]
    if form == "plan":
        return "Action plan: " + ",".join(rng.choice("LRUD") for _ in range(int(key["optimal_length"])))
    if form == "blocks-plan":
        return "<Output>\n" + _random_walk(_stacks(key["start"]), int(key["optimal_length"]), rng)
    if form == "yes-no":
        return f"<Output> {rng.choice(['Yes', 'No'])}"
    if form == "relation":
        return f"<Output> {','.join(rng.choice(RELATIONS))}"
    if form == "colour":
        return f"<Output> {rng.choice(COLOURS)}"
    marker = key.get("marker", "answer").capitalize()
    return f"<{marker}> {rng.choice(CHOICES)}"


def _stacks(rows: list[list[str]]) -> Stacks:
    return tuple(tuple(stack) for stack in rows)


def _random_walk(stacks: Stacks, length: int, rng: random.Random) -> str:
    lines = []
    for number in range(1, length + 1):
        move = rng.choice(list(legal_moves(stacks)))
        stacks = apply(stacks, move)
        lines.append(f"{number}. {move}")
    return "\n".join(lines)


def baseline_predictions(rows: list[KeyRow], kind: str, seed: int) -> list[dict[str, Any]]:
    answered = [row for row in rows if row.task == VSP.name]
    if kind == "always-yes":
        return [{"id": r.id, "response": "<Output> Yes" if r.answer_key["form"] == "yes-no" else ""} for r in answered]
    return [{"id": r.id, "response": random_response(r, random.Random(f"{seed}/{r.id}"))} for r in answered]


@click.command()
@click.option("--kind", type=click.Choice(KINDS), required=True, help="random: seeded uniform answers; always-yes.")
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True)
@click.option("--split", default="test", show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("-o", "--out", type=OUTPUT_FILE, required=True, help="predictions.jsonl to write.")
def main(kind: str, data: Path, split: str, seed: int, out: Path) -> None:
    """Write baseline predictions for every VSP maze or blocks question in DATA."""
    rows = list(load_keys(data, split).rows.values())
    predictions = baseline_predictions(rows, kind, seed)
    if not predictions:
        raise click.ClickException(f"{data} has no {VSP.name} rows in split {split}")
    atomic.write_text(out, "".join(json.dumps(p) + "\n" for p in predictions))
    click.echo(f"wrote {len(predictions)} {kind} predictions to {out}")


if __name__ == "__main__":
    main()
