"""The command line: bad input gives one line that says what to do, a non-zero exit, no traceback."""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from scorer import __version__
from scorer.cli import main


def _score(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorer", "score", *args], capture_output=True, text=True)


def _assert_one_line_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    for word in words:
        assert word in message


def test_missing_data_dir(tmp_path: Path) -> None:
    _assert_one_line_error(_score("--gold", "--data", str(tmp_path / "absent")), "does not exist", "planarium build")


def test_shard_failing_its_checksum(mini_data: Path, tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(mini_data, copy)
    shard = next(copy.glob("data/*/test-*.parquet"))
    shard.write_bytes(shard.read_bytes()[:-10] + b"0123456789")
    _assert_one_line_error(_score("--gold", "--data", str(copy)), "checksum", "rebuild")


def test_predictions_file_that_is_not_jsonl(mini_data: Path, tmp_path: Path) -> None:
    csv = tmp_path / "predictions.csv"
    csv.write_text("id,response\nblocksworld-ground/test/0000,Yes\n")
    _assert_one_line_error(_score(str(csv), "--data", str(mini_data), "--out", str(tmp_path / "r.json")), "JSON")


def test_missing_predictions_file(mini_data: Path, tmp_path: Path) -> None:
    _assert_one_line_error(_score(str(tmp_path / "nope.jsonl"), "--data", str(mini_data)))


def test_score_prints_a_table_and_writes_results(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = CliRunner().invoke(main, ["score", "--gold", "--data", str(mini_data), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "|blocksworld-ground" in result.output and "accuracy" in result.output
    assert json.loads(out.read_text())["schema_version"] == 3
    assert (tmp_path / "results.rows.jsonl").is_file()


def test_answers_command_writes_predictions(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "wrong.jsonl"
    result = CliRunner().invoke(main, ["answers", "--kind", "wrong", "--data", str(mini_data), "-o", str(out)])
    assert result.exit_code == 0, result.output
    for line in out.read_text().splitlines():
        fields = set(json.loads(line))
        assert fields in ({"id", "response", "model"}, {"id", "episode", "model"}), fields


def test_score_console_script_is_planarium_score() -> None:
    result = subprocess.run([str(Path(sys.executable).parent / "score"), "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "PREDICTIONS" in result.stdout


def _planarium(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(Path(sys.executable).parent / "planarium"), *args], capture_output=True, text=True, cwd=cwd
    )


def _seconds(*command: str) -> float:
    """CPU seconds the command took (user + system): other load on the machine does not count."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def test_help_imports_nothing_heavy() -> None:
    # What start-up imports decides the time on any machine; the timing below is the user's view.
    heavy = "('datasets', 'pyarrow', 'unified_planning', 'scipy', 'scorer.registry')"
    code = f"import sys, scorer.cli; print(sorted(m for m in {heavy} if m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "[]"


def test_help_and_usage_errors_answer_within_a_second(mini_data: Path) -> None:
    bin_dir = Path(sys.executable).parent
    commands = [
        [str(bin_dir / "planarium"), "--help"],
        [str(bin_dir / "score"), "-h"],
        [str(bin_dir / "score"), "--gold", "--data", str(mini_data), "--configs", "nope"],
        [str(bin_dir / "planarium"), "nope"],
        [str(bin_dir / "planarium"), "import", "--help"],  # importers listed from their declared help
        [str(bin_dir / "planarium"), "import", "nope"],
    ]
    for command in commands:
        assert min(_seconds(*command) for _ in range(3)) < 1.0, command


def test_every_importer_has_a_help_line() -> None:
    from scorer.registry import importer_commands, importer_help

    assert set(importer_help()) == set(importer_commands()) and all(importer_help().values())


def test_score_has_version_and_short_help() -> None:
    version = subprocess.run([str(Path(sys.executable).parent / "score"), "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and __version__ in version.stdout
    assert (
        "PREDICTIONS"
        in subprocess.run([str(Path(sys.executable).parent / "score"), "-h"], capture_output=True, text=True).stdout
    )


def test_unknown_config_and_split_get_a_did_you_mean(mini_data: Path) -> None:
    result = _score("--gold", "--data", str(mini_data), "--configs", "blocksworld-grond")
    _assert_one_line_error(result, "unknown config 'blocksworld-grond'; did you mean 'blocksworld-ground'? known:")
    _assert_one_line_error(
        _score("--gold", "--data", str(mini_data), "--split", "tset"), "unknown split 'tset'; did you mean 'test'?"
    )
    assert "did you mean 'import'" in _planarium("imprt").stderr


def test_unknown_importer_gets_a_did_you_mean() -> None:
    result = _planarium("import", "acpbench-hrd")
    assert result.returncode != 0 and "did you mean 'acpbench-hard'" in result.stderr


def test_score_reports_untouched_configs_in_one_line(mini_data: Path, tmp_path: Path) -> None:
    predictions = tmp_path / "p.jsonl"
    CliRunner().invoke(main, ["answers", "--kind", "gold", "--data", str(mini_data), "-o", str(predictions)])
    lines = [line for line in predictions.read_text().splitlines() if '"blocksworld-ground/' in line]
    predictions.write_text("\n".join(lines * 3) + "\n")
    result = CliRunner().invoke(
        main, ["score", str(predictions), "--data", str(mini_data), "--out", str(tmp_path / "r.json"), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    assert sum("warning: duplicate" in line for line in result.output.splitlines()) == 1
    assert [line for line in result.output.splitlines() if line.startswith("not attempted")]
    assert "|blocksworld-episodes" not in result.output


def test_configs_lists_every_config_with_what_is_built(mini_data: Path) -> None:
    from scorer.registry import configs

    result = CliRunner().invoke(main, ["configs", "--data", str(mini_data)])
    assert result.exit_code == 0, result.output
    lines = {line.split("|")[1].strip(): line for line in result.output.splitlines()[2:]}
    assert set(lines) == set(configs())
    assert "planarium import" in lines["acpbench-hard"] and "not built" in lines["acpbench-hard"]
    built = lines["blocksworld-ground"]
    assert "question" in built and "ViPlan" in built and "test " in built and "--configs blocksworld-ground" in built
    assert "episode" in lines["blocksworld-episodes"]


def test_run_exits_non_zero_when_the_server_cannot_be_reached(mini_data: Path) -> None:
    result = _planarium(
        "run",
        "--agent",
        "optimal",
        "--config",
        "blocksworld-episodes",
        "--data",
        str(mini_data),
        "--server",
        "http://127.0.0.1:9",
    )
    _assert_one_line_error(result, "cannot reach the rollout server")


def test_run_exits_non_zero_when_an_episode_could_not_be_played(mini_data: Path, tmp_path: Path) -> None:
    # The server refuses to start an episode in a mode the family does not offer.
    result = _planarium(
        "run",
        "--agent",
        "optimal",
        "--config",
        "blocksworld-episodes",
        "--data",
        str(mini_data),
        "--spawn",
        "--limit",
        "2",
        "--settings",
        '{"mode": "nope"}',
        "--out",
        str(tmp_path / "e.jsonl"),
    )
    assert result.returncode == 1 and "2 of 2 episode(s) could not be played" in result.stderr
    assert "unknown mode 'nope'" in result.stderr


def test_configs_with_a_missing_data_folder_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["configs", "--data", str(tmp_path / "absent")])
    assert result.exit_code == 1 and "absent does not exist" in result.output and "planarium build" in result.output


def test_score_summary_prints_one_line_per_config(mini_data: Path, tmp_path: Path) -> None:
    args = ["score", "--gold", "--data", str(mini_data), "--configs", "blocksworld-ground,acp-hard"]
    result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "r.json"), "--quiet", "--summary"])
    assert result.exit_code == 0, result.output
    table = [line for line in result.stdout.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 2 and all("|accuracy|ours   |1.0000|" in line for line in table[2:])
