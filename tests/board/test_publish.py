"""Publishing, up to the network boundary: the plan is checked and exact, and the one
HfApi object is replaced by a recorder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorer.board import publish as publishing
from scorer.board.results_files import BoardError
from scorer.cli import main


class RecordingHub:
    """Stands where huggingface_hub.HfApi talks to the network; records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def create_repo(self, repo_id: str, **options: Any) -> None:
        self.calls.append(("create_repo", {"repo_id": repo_id, **options}))

    def upload_folder(self, **options: Any) -> Any:
        self.calls.append(("upload_folder", options))
        return type("CommitInfo", (), {"oid": "c0ffee"})()

    def create_tag(self, repo_id: str, **options: Any) -> None:
        self.calls.append(("create_tag", {"repo_id": repo_id, **options}))


def test_the_plan_is_the_card_the_checksums_and_every_shard(mini_data: Path) -> None:
    plan = publishing.upload_plan(mini_data)
    shards = sorted(json.loads((mini_data / "checksums.json").read_text()))
    assert [f.path_in_repo for f in plan] == ["README.md", "checksums.json", *shards]
    assert all(f.size > 0 for f in plan)


def test_publish_creates_uploads_and_tags(mini_data: Path) -> None:
    hub = RecordingHub()
    done = publishing.publish(mini_data, "planarium/planarium", "v1.0", private=True, api=hub)
    names = [name for name, _ in hub.calls]
    assert names == ["create_repo", "upload_folder", "create_tag"]
    assert hub.calls[0][1] == {
        "repo_id": "planarium/planarium",
        "repo_type": "dataset",
        "private": True,
        "exist_ok": True,
    }
    upload = hub.calls[1][1]
    assert upload["allow_patterns"] == [f.path_in_repo for f in publishing.upload_plan(mini_data)]
    assert upload["repo_type"] == "dataset" and upload["delete_patterns"] == "data/**"
    assert hub.calls[2][1]["tag"] == "v1.0" and hub.calls[2][1]["revision"] == "c0ffee"
    assert done["files"] == len(upload["allow_patterns"])


def test_a_shard_that_differs_from_its_checksum_is_refused(mini_data: Path, tmp_path: Path) -> None:
    copy = Path(shutil.copytree(mini_data, tmp_path / "data"))
    shard = sorted((copy / "data").rglob("*.parquet"))[0]
    shard.write_bytes(shard.read_bytes() + b"tampered")
    hub = RecordingHub()
    with pytest.raises(Exception, match="sha256|hash|checksum"):
        publishing.publish(copy, "planarium/planarium", None, private=False, api=hub)
    assert hub.calls == []


def test_a_bad_repo_id_is_refused_before_anything_is_sent(mini_data: Path) -> None:
    hub = RecordingHub()
    with pytest.raises(BoardError, match="not a Hub repo id"):
        publishing.publish(mini_data, "not a repo id!", None, private=False, api=hub)
    assert hub.calls == []


def test_dry_run_prints_the_plan(mini_data: Path) -> None:
    result = CliRunner().invoke(main, ["publish", "--repo-id", "me/planarium", "--data", str(mini_data), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "checksums.json" in result.output and "dry run:" in result.output and "untagged" in result.output
    tagged = CliRunner().invoke(
        main, ["publish", "--repo-id", "me/planarium", "--data", str(mini_data), "--dry-run", "--revision", "v1.0"]
    )
    assert tagged.exit_code == 0 and "me/planarium, tagged v1.0" in tagged.output
