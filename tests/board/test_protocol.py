"""The protocol flag (issue 30 item 4): results.json says per config whether the run kept the
paper's protocol or which settings departed; the leaderboard marks an off-protocol score and
refuses to rank it beside an on-protocol run of the same config unless asked."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorer.board.board import Board
from scorer.board.formats import long_csv, markdown
from scorer.board.leaderboard import load_board
from scorer.board.results_files import BoardError, read_results
from scorer.cli import main
from scorer.episodes.protocol import config_protocol, protocol_of
from scorer.scoring.run import score_file
from tests.board.conftest import TWO_CONFIGS, submission_lines

OFF_CONFIG = "slidegeom-episodes"  # its mode's default max_steps is 20
ON_CONFIG = next(config for config in TWO_CONFIGS if config != OFF_CONFIG)  # the other of the two
OFF_SETTINGS = {"max_steps": 40}


def _off_protocol(mini_data: Path, folder: Path, configs: tuple[str, ...] | None = None) -> Path:
    """The gold answers (of ``configs``), with the episodes of OFF_CONFIG played with a larger max_steps."""
    lines = []
    for line in submission_lines(mini_data, "gold-model", configs):
        record = {**json.loads(line), "model": "tuned-model"}
        if record["id"].startswith(f"{OFF_CONFIG}/"):
            record["episode"]["settings"] = {**record["episode"].get("settings", {}), **OFF_SETTINGS}
        lines.append(json.dumps(record) + "\n")
    (folder / "predictions.jsonl").write_text("".join(lines))
    score_file(folder / "predictions.jsonl", mini_data, folder / "results.json")
    return folder / "results.json"


@pytest.fixture(scope="module")
def off_protocol(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _off_protocol(mini_data, tmp_path_factory.mktemp("off-protocol"))


@pytest.fixture(scope="module")
def two_config_off_protocol(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """As ``off_protocol``, answering TWO_CONFIGS alone (OFF_CONFIG among them): its board draws
    two configs' charts."""
    return _off_protocol(mini_data, tmp_path_factory.mktemp("off-protocol-two"), TWO_CONFIGS)


def _configs(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text())["configs"])


def test_results_json_carries_the_protocol_of_each_config(results_files: list[Path], off_protocol: Path) -> None:
    on = _configs(results_files[0])
    assert all(entry["protocol"]["on"] and entry["protocol"]["departures"] == {} for entry in on.values())
    # a predictions file says nothing of how its model was sampled or which prompt column it saw
    assert on["blocksworld-ground"]["protocol"]["unrecorded"] == ["variant", "sampling"]
    off = _configs(off_protocol)
    assert off[OFF_CONFIG]["protocol"] == {"on": False, "departures": OFF_SETTINGS, "unrecorded": ["sampling"]}
    assert all(entry["protocol"]["on"] for name, entry in off.items() if name != OFF_CONFIG)


def test_a_mix_of_on_and_off_protocol_runs_is_refused_in_one_line(
    results_files: list[Path], off_protocol: Path, tmp_path: Path
) -> None:
    with pytest.raises(BoardError, match=f"config {OFF_CONFIG}: .*max_steps=40.*--allow-off-protocol"):
        load_board([results_files[0], off_protocol])
    result = CliRunner().invoke(main, ["leaderboard", str(results_files[0]), str(off_protocol), "--out", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = result.output.strip().splitlines()
    assert OFF_CONFIG in line and str(off_protocol) in line and "off the paper's protocol" in line
    assert not (tmp_path / "leaderboard.md").exists()


def test_the_leaderboard_marks_an_off_protocol_run_per_cell(
    two_config_submissions: Path, two_config_off_protocol: Path, tmp_path: Path
) -> None:
    on_protocol, off_protocol = two_config_submissions / "gold-model" / "results.json", two_config_off_protocol
    result = CliRunner().invoke(
        main,
        ["leaderboard", str(on_protocol), str(off_protocol), "--out", str(tmp_path), "--allow-off-protocol"],
    )
    assert result.exit_code == 0, result.output
    assert "† tuned-model, off the paper's protocol: slidegeom-episodes: max_steps=40" in result.output

    board = load_board([on_protocol, off_protocol], allow_off_protocol=True)
    gold, tuned = board.submissions
    assert not board.score(gold, OFF_CONFIG).off_protocol  # type: ignore[union-attr]
    assert board.score(tuned, OFF_CONFIG).off_protocol == ((OFF_CONFIG, "max_steps=40"),)  # type: ignore[union-attr]
    assert not board.score(tuned, ON_CONFIG).off_protocol  # type: ignore[union-attr]

    text = markdown(board)
    table = text.split(f"## Config {OFF_CONFIG}")[1].split("## ")[0]
    [tuned_line] = [line for line in table.splitlines() if line.startswith("|tuned-model")]
    assert "†" in tuned_line and "†" not in next(line for line in table.splitlines() if line.startswith("|gold"))
    assert "† tuned-model, off the paper's protocol: slidegeom-episodes: max\\_steps=40" in table

    rows = list(csv.DictReader(io.StringIO(long_csv(board))))
    protocols = {(row["submission"], row["config"]): row["protocol"] for row in rows}
    assert protocols[("tuned-model", OFF_CONFIG)] == "off: max_steps=40"
    assert protocols[("gold-model", OFF_CONFIG)] == "on" and protocols[("tuned-model", ON_CONFIG)] == "on"

    page = (tmp_path / "leaderboard.html").read_text()  # the command's board_page
    assert 'class="off-protocol" title="off the paper&#x27;s protocol: slidegeom-episodes: max_steps=40"' in page
    assert page.count('class="off-protocol"') >= 3  # its family's mean, its config's cells and the overall


def test_a_board_of_off_protocol_runs_alone_is_built_and_marked(off_protocol: Path) -> None:
    board = load_board([off_protocol])
    overall = board.overall()
    assert any("†" in note for note in overall.notes())


def test_an_older_results_file_gets_its_protocol_from_its_run_record(off_protocol: Path) -> None:
    document = json.loads(off_protocol.read_text())
    for entry in document["configs"].values():
        del entry["protocol"]
    # the rows' settings are not in an older file: the episodes are unrecorded, not called off
    assert protocol_of(document, OFF_CONFIG) == {
        "on": True,
        "departures": {},
        "unrecorded": ["episode settings", "sampling"],
    }
    assert Board([read_results(off_protocol)]).score(read_results(off_protocol), OFF_CONFIG) is not None


@pytest.mark.parametrize(
    ("settings", "variant", "departures"),
    [
        (
            {"sampling_by_config": {"slidegeom-describe": {"temperature": 1.0, "top_p": 0.95, "top_k": 50}}},
            "prompt",
            {},
        ),
        (
            {"sampling_by_config": {"slidegeom-describe": {"temperature": 0.0, "max_tokens": 1024}}},
            "prompt",
            {"sampling": {"temperature": 0.0}},
        ),
        (
            {"sampling_by_config": {"slidegeom-describe": {"temperature": 1, "top_p": 0.95, "top_k": 50}}},
            "cot",
            {"variant": "cot"},
        ),
        (
            {
                "constrained": True,
                "sampling_by_config": {"slidegeom-describe": {"temperature": 1.0, "top_p": 0.95, "top_k": 50}},
            },
            "prompt",
            {"constrained": True},
        ),
    ],
)
def test_the_prompt_variant_sampling_and_guided_decoding_of_a_question_config(
    settings: dict[str, Any], variant: str, departures: dict[str, Any]
) -> None:
    protocol = config_protocol("slidegeom-describe", "describe", None, {"settings": settings, "variant": variant})
    assert protocol == {"on": not departures, "departures": departures}
