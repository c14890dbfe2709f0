"""``--limit N`` draws a stratified, seeded sample (the first N rows were all of one difficulty),
recorded in results.json; a config without the chosen prompt variant is skipped with a line
and recorded while the others run (one such config refused the whole run)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from scorer.cli import main
from scorer.io.dataset import load_keys
from tests.support.scripted_endpoint import ScriptedEndpoint, canned


def _eval(data: Path, out: Path, url: str, configs: str, *extra: str) -> Result:
    args = ["eval", "--model", "openai:m", "--base-url", url, "--configs", configs, "--data", str(data)]
    return CliRunner().invoke(main, [*args, "--out", str(out), "--quiet", *extra])


def test_limit_20_covers_every_difficulty_and_is_recorded(mini_data: Path, tmp_path: Path) -> None:
    config = "blocksworld-ground"
    difficulties = {row.difficulty for row in load_keys(mini_data, configs={config}).rows.values()}
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        result = _eval(mini_data, tmp_path / "a", endpoint.url, config, "--limit", "20")
        again = _eval(mini_data, tmp_path / "b", endpoint.url, config, "--limit", "20", "--no-cache")
    assert result.exit_code == 0 and again.exit_code == 0, result.output
    keys = load_keys(mini_data, configs={config}).rows
    asked = [json.loads(line)["id"] for line in (tmp_path / "a" / "predictions.jsonl").read_text().splitlines()]
    assert len(asked) == 20 and {keys[row_id].difficulty for row_id in asked} == difficulties == {
        "simple",
        "medium",
        "hard",
    }
    sample = json.loads((tmp_path / "a" / "results.json").read_text())["run"]["sample"]
    assert sample["limit"] == 20 and sample["ids"][config] == asked
    assert (tmp_path / "b" / "predictions.jsonl").read_text() == (tmp_path / "a" / "predictions.jsonl").read_text()


def test_a_config_without_the_variant_is_skipped_and_the_others_run(mini_data: Path, tmp_path: Path) -> None:
    with ScriptedEndpoint(canned("Yes")) as endpoint:
        result = _eval(
            mini_data, tmp_path, endpoint.url, "blocksworld-ground,acp-hard", "--variant", "cot", "--limit", "3"
        )
    assert result.exit_code == 0, result.output
    [warning] = [line for line in result.stderr.splitlines() if line.startswith("warning: skipped")]
    assert "config 'acp-hard' has no 'cot' prompt column" in warning
    results = json.loads((tmp_path / "results.json").read_text())
    assert list(results["run"]["skipped_configs"]) == ["acp-hard"]
    assert endpoint.requests == 3 and "blocksworld-ground" in results["configs"]
