"""The maintainers' commands: ``leaderboard``, ``rescore`` and ``publish``."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import click

from scorer.board.headline import Score, cell_text
from scorer.io import atomic
from scorer.io.paths import OUTPUT_FILE, OUTPUT_FOLDER
from scorer.io.table import format_table

CONTEXT = {"help_option_names": ["-h", "--help"]}
DATA_HELP = "Built dataset folder (with checksums.json) to score against."


@click.command(context_settings=CONTEXT)
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=OUTPUT_FOLDER, default=Path("leaderboard"), show_default=True)
@click.option(
    "--rescore",
    is_flag=True,
    help="Score each file's predictions (predictions.jsonl beside it) again against --data first, "
    "so files from other datasets or scorer versions can share the board.",
)
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True, help=DATA_HELP)
@click.option(
    "--allow-off-protocol",
    is_flag=True,
    help="Rank runs off the paper's protocol (other settings, prompt variant or sampling) beside runs on it "
    "of the same config; their scores are marked either way.",
)
@click.option(
    "--allow-incomplete",
    is_flag=True,
    help="Rank runs whose eval left asked rows unanswered (API failures) beside complete runs of the same "
    "config; their scores are marked either way.",
)
def leaderboard(
    results: tuple[Path, ...], out: Path, rescore: bool, data: Path, allow_off_protocol: bool, allow_incomplete: bool
) -> None:
    """Merge RESULTS files (results.json of `score`) into a leaderboard: tables per family and
    overall, per difficulty and per kind, as Markdown, CSV and a self-contained HTML page.

    Files from different datasets or scorer versions are refused (or --rescore them), and so is
    a config run both on and off the paper's protocol (or --allow-off-protocol), and a config with
    complete and incomplete runs (or --allow-incomplete). A score off the protocol is marked †,
    with what departed; one of an incomplete run ‡; one of a --limit sample §.
    """
    from scorer.board.board import Board
    from scorer.board.leaderboard import load_board, write_board

    for folder in _unscored_neighbours(results):
        click.echo(f"warning: {folder} has predictions but no results.json (not scored yet?); it is left out", err=True)
    with tempfile.TemporaryDirectory() as scratch:
        paths = _rescored(list(results), data, Path(scratch)) if rescore else list(results)
        board: Board = load_board(paths, allow_off_protocol, allow_incomplete)
        written = write_board(board, out)
    overall = board.overall()
    click.echo(format_table([[_text(cell) for cell in row] for row in overall.rows], overall.headers))
    for note in overall.notes():
        click.echo(note)
    click.echo(f"\nwrote {', '.join(str(p) for p in written)}")


def _unscored_neighbours(results: tuple[Path, ...]) -> list[Path]:
    """Submission folders beside the given ones that hold predictions but no results file: a
    shell glob such as ``submissions/*/results.json`` leaves them out without a word."""
    from scorer.board.rescore import PREDICTIONS

    given = {path.parent.resolve() for path in results}
    roots = {path.parent.parent for path in results}
    return sorted(
        folder
        for root in roots
        if root.is_dir()
        for folder in root.iterdir()
        if folder.is_dir()
        and folder.resolve() not in given
        and (folder / PREDICTIONS).is_file()
        and not any(folder.glob("*results*.json"))
    )


def _rescored(paths: list[Path], data: Path, scratch: Path) -> list[Path]:
    from scorer.board.rescore import PREDICTIONS, rescored
    from scorer.board.results_files import BoardError, read_results

    fresh = []
    for index, path in enumerate(paths):
        predictions = path.parent / PREDICTIONS
        if not predictions.is_file():
            raise BoardError(f"{path}: --rescore needs the predictions beside it ({predictions} is missing)")
        # the rescored copy keeps the file's name, so its label on the board stays the same
        fresh.append(rescored(predictions, read_results(path).document, data, scratch / str(index) / path.name))
    return fresh


def _text(cell: str | Score | None) -> str:
    return cell if isinstance(cell, str) else cell_text(cell)


@click.command(context_settings=CONTEXT)
@click.argument("submissions", type=click.Path(path_type=Path))
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True, help=DATA_HELP)
@click.option("--write", is_flag=True, help="Replace each submission's results.json with the new one (atomically).")
@click.option("--out", type=OUTPUT_FILE, default=None, help="The changes as JSON [SUBMISSIONS/rescore.json].")
def rescore(submissions: Path, data: Path, write: bool, out: Path | None) -> None:
    """Score every stored submission again with this scorer and dataset, and report what changed.

    SUBMISSIONS holds one folder per submission with predictions.jsonl and its results.json.
    Without --write nothing is replaced: the changes are only reported.
    """
    from scorer.board import rescore as errata

    changes = []
    for folder in errata.submissions(submissions):
        changes.append(errata.rescore_submission(folder, data, write))
    table: list[list[str | int]] = [
        [c.name, cfg.config, cell_text(cfg.old), cell_text(cfg.new), sum(1 for r in c.rows if r.config == cfg.config)]
        for c in changes
        for cfg in c.configs
    ]
    click.echo(format_table(table, ["submission", "config", "old", "new", "rows changed"]))
    target = out or submissions / "rescore.json"
    atomic.write_text(target, json.dumps(errata.report_document(changes), indent=1, sort_keys=True) + "\n")
    changed = sum(1 for c in changes if c.changed)
    replaced = (
        "replaced their results.json" if write else "their results.json left as they were (--write replaces them)"
    )
    click.echo(f"\n{changed} of {len(changes)} submission(s) changed; {replaced}; wrote {target}")


@click.command(context_settings=CONTEXT)
@click.option("--repo-id", required=True, help="The Hub dataset repo, owner/name.")
@click.option("--revision", default=None, help="Tag the uploaded commit with this name (e.g. v1.0).")
@click.option("--private", is_flag=True, help="Create the repo private (if it does not exist yet).")
@click.option("--data", type=click.Path(path_type=Path), default=Path("parquet"), show_default=True)
@click.option("--dry-run", is_flag=True, help="Check and print the upload plan; send nothing.")
def publish(repo_id: str, revision: str | None, private: bool, data: Path, dry_run: bool) -> None:
    """Upload the built dataset (shards, card, checksums.json) to the Hugging Face Hub and tag it.

    Needs a Hub token (`huggingface-cli login` or HF_TOKEN). Afterwards:
    datasets.load_dataset(REPO_ID, CONFIG).
    """
    from scorer.board.publish import publish as upload
    from scorer.board.publish import upload_plan

    plan = upload_plan(data)
    click.echo(format_table([[f.path_in_repo, f.size, f.sha256[:12]] for f in plan], ["file", "bytes", "sha256"]))
    if dry_run:
        tag = f", tagged {revision}" if revision else ", untagged (--revision TAG tags the commit)"
        click.echo(f"\ndry run: {len(plan)} file(s) would go to https://huggingface.co/datasets/{repo_id}{tag}")
        return
    done = upload(data, repo_id, revision, private)
    tagged = f", tagged {revision}" if revision else ""
    click.echo(f"\nuploaded {done['files']} file(s) to https://huggingface.co/datasets/{repo_id}{tagged}")
