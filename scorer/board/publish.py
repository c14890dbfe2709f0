"""``planarium publish``: upload a built dataset folder (shards, card, checksums) to the
Hugging Face Hub with huggingface_hub, and tag the revision.

The upload plan is computed and checked before anything leaves the machine: every shard
that checksums.json lists is there with its hash, the card is there, and nothing else is
sent. Shards on the Hub that the plan does not hold are deleted in the same commit, so a
config dropped from the build does not linger on the Hub.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.board.results_files import BoardError
from scorer.io.dataset import CHECKSUMS, read_checksums, sha256_file

CARD = "README.md"
STALE_SHARDS = "data/**"  # remote files under data/ that the upload does not hold are deleted


@dataclass(frozen=True)
class PlannedFile:
    path_in_repo: str
    size: int
    sha256: str


def upload_plan(data: Path) -> list[PlannedFile]:
    """What ``publish`` sends: the card, checksums.json and every shard it lists (hash-checked)."""
    checksums = read_checksums(data)
    if not (data / CARD).is_file():
        raise BoardError(f"{data / CARD} is missing: build the dataset (planarium build) before publishing it")
    planned = [_planned(data, CARD), _planned(data, CHECKSUMS)]
    for relative, expected in sorted(checksums.items()):
        found = _planned(data, relative)
        if found.sha256 != expected:
            raise BoardError(f"{data / relative}: sha256 differs from {CHECKSUMS}; rebuild before publishing")
        planned.append(found)
    return planned


def publish(data: Path, repo_id: str, revision: str | None, private: bool, api: Any = None) -> dict[str, Any]:
    """Create the dataset repo if needed, upload the plan in one commit, tag it."""
    from huggingface_hub import HfApi
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    try:
        validate_repo_id(repo_id)
    except HFValidationError as error:
        raise BoardError(f"--repo-id {repo_id!r} is not a Hub repo id (expected owner/name): {error}") from None
    plan = upload_plan(data)
    api = api or HfApi()
    api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
    commit = api.upload_folder(
        repo_id=repo_id,
        repo_type="dataset",
        folder_path=data,
        allow_patterns=[f.path_in_repo for f in plan],
        delete_patterns=STALE_SHARDS,
        commit_message=f"Planarium dataset: {len(plan) - 2} shard(s), card and checksums",
    )
    if revision:
        api.create_tag(repo_id, tag=revision, repo_type="dataset", revision=getattr(commit, "oid", None), exist_ok=True)
    return {"repo_id": repo_id, "revision": revision, "files": len(plan), "commit": getattr(commit, "oid", None)}


def _planned(data: Path, relative: str) -> PlannedFile:
    path = data / relative
    if not path.is_file():
        raise BoardError(f"{path} is missing; rebuild the dataset before publishing it")
    return PlannedFile(relative, path.stat().st_size, sha256_file(path))
