"""The build: shards load with datasets.load_dataset, the card is valid, builds are byte-identical."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from datasets import Features, Image, load_dataset
from PIL import Image as PILImage

from data_build.build import build
from data_build.card import card_configs
from data_build.registry import select
from scorer.families.blocksworld.configs.ground import SPEC
from scorer.pddl import parse_task
from tests.conftest import MINI

CONFIG = "blocksworld-ground"


def test_load_dataset_round_trip(mini_data: Path) -> None:
    rows = load_dataset(str(mini_data), CONFIG, split="test")
    assert isinstance(rows.features["images"].feature, Image)
    first = rows[0]
    assert first["id"] == f"{CONFIG}/test/0000"
    assert isinstance(first["images"][0], PILImage.Image)
    assert first["prompt"].count("<image>") == len(first["images"]) == 1
    assert "Question: Is the" in first["prompt"] and "<answer>" in first["cot"]
    assert set(load_dataset(str(mini_data), CONFIG).keys()) == {"test", "dev"}


def test_every_prompt_column_has_its_chat_twin_with_the_papers_roles(mini_data: Path) -> None:
    first = load_dataset(str(mini_data), CONFIG, split="test")[0]
    for column, chat in (("prompt", "messages"), ("cot", "cot_messages")):
        system, user = first[chat]  # ViPlan's Ground prompts: a system and a user message
        assert (system["role"], user["role"]) == ("system", "user")
        assert first[column] == f"{system['content']}\n\n{user['content']}"  # the flat text is the same prompt
        assert user["content"].count("<image>") == 1 and "<image>" not in system["content"]
    for config in select(None):  # configs that give only the flat text: one user message holding it
        shards = sorted((mini_data / "data" / config.name).glob("test-*.parquet"))
        for record in pq.read_table(shards[0], columns=["prompt", "messages"]).to_pylist()[:3]:
            assert "".join(m["content"] for m in record["messages"]).count("<image>") == record["prompt"].count(
                "<image>"
            )
            if len(record["messages"]) == 1:
                assert record["messages"] == [{"role": "user", "content": record["prompt"]}], config.name


def test_schema_metadata_carries_the_features(mini_data: Path) -> None:
    shard = next((mini_data / "data" / CONFIG).glob("test-*.parquet"))
    assert Features.from_arrow_schema(pq.read_schema(shard)) == SPEC.features


def test_card_yaml_lists_configs_and_features(mini_data: Path) -> None:
    card = (mini_data / "README.md").read_text()
    assert card.startswith("---\n") and "\nconfigs:\n- config_name:" in card
    assert f"path: data/{CONFIG}/test-*" in card
    assert "list: image" in card
    assert "$" not in card.split("---", 2)[2].replace("$ ", "")  # every template field filled


def test_problem_init_is_the_state_asked_about(mini_data: Path) -> None:
    table = pq.read_table(next((mini_data / "data" / CONFIG).glob("test-*.parquet")))
    for row in table.to_pylist()[:40]:
        meta, key = json.loads(row["meta"]), json.loads(row["answer_key"])
        task = parse_task(row["domain_pddl"], row["problem_pddl"])
        assert task.holds(task.init, meta["atom"]) == key["answer"]


def test_answers_are_balanced_per_predicate(mini_data: Path) -> None:
    table = pq.read_table(next((mini_data / "data" / CONFIG).glob("test-*.parquet")), columns=["meta", "answer_key"])
    counts: dict[tuple[str, bool], int] = {}
    for row in table.to_pylist():
        key = (json.loads(row["meta"])["predicate"], json.loads(row["answer_key"])["answer"])
        counts[key] = counts.get(key, 0) + 1
    for predicate in {p for p, _ in counts}:
        assert counts.get((predicate, True)) == counts.get((predicate, False)), predicate


def test_every_mini_dev_split_is_smaller_than_its_test_split(mini_data: Path) -> None:
    # dev is for few-shot examples and trying prompts out (README): a small split, never test's size
    for config in select(None):
        rows = {
            split: sum(
                pq.read_metadata(shard).num_rows for shard in (mini_data / "data" / config.name).glob(f"{split}-*")
            )
            for split in ("test", "dev")
        }
        assert 0 < rows["dev"] < rows["test"], f"{config.name}: {rows}"


def test_checksums_cover_every_shard(mini_data: Path) -> None:
    checksums = json.loads((mini_data / "checksums.json").read_text())
    assert sorted(checksums) == sorted(str(p.relative_to(mini_data)) for p in mini_data.glob("data/*/*.parquet"))


def test_two_builds_are_byte_identical(mini_data: Path, tmp_path: Path) -> None:
    # A fresh process, so no in-memory cache can make the second build look identical. It builds
    # on one process (the session's build has a pool where there are cores for one): no forked
    # worker warms its own caches again (a quarter of the CPU), and the bytes must not care.
    command = [sys.executable, "-m", "scorer", "build", "--size", "mini", "--quiet", "--executor", "local:1"]
    command += ["--out", str(tmp_path)]
    subprocess.run(command, check=True, capture_output=True)
    for path in sorted(mini_data.rglob("*")):
        if path.is_file():
            assert (tmp_path / path.relative_to(mini_data)).read_bytes() == path.read_bytes(), path


def test_rebuilding_one_config_keeps_the_others_in_the_card(mini_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "data"
    shutil.copytree(mini_data, out)
    before = (out / "README.md").read_text()
    build(out, "slidegeom-describe", MINI)
    after = (out / "README.md").read_text()
    assert card_configs(after) == card_configs(before) and len(card_configs(after)) > 1
    for config in card_configs(before):
        assert f"| `{config}` |" in after and f"\n## {config}\n" in after
    assert load_dataset(str(out), CONFIG, split="dev").num_rows > 0  # the merged YAML still loads


def test_the_card_is_a_hugging_face_card_with_a_citation_per_paper(mini_data: Path) -> None:
    from huggingface_hub import DatasetCard

    from scorer.registry import configs
    from scorer.registry.papers import bibtex

    card = DatasetCard((mini_data / "README.md").read_text())
    metadata = card.data.to_dict()
    assert metadata["license"] == "mit" and metadata["language"] == ["en"] and metadata["pretty_name"] == "Planarium"
    assert "visual-question-answering" in metadata["task_categories"]
    rows = sum(pq.read_metadata(path).num_rows for path in (mini_data / "data").glob("*/*.parquet"))
    assert metadata["size_categories"] == ["n<1K" if rows < 1000 else "1K<n<10K"]
    papers = {paper for name in card_configs(card.content) for paper in configs()[name].papers}
    assert papers == {paper for spec in configs().values() if not spec.imported for paper in spec.papers}
    assert {"ViPlan", "iVISPAR", "ACPBench Hard"} <= papers
    citation = card.text.split("## Citation\n", 1)[1].split("\n## ", 1)[0]
    assert citation.count("```bibtex") == len(papers) and all(bibtex(paper) in citation for paper in papers)
    assert 'load_dataset("./parquet", ' in card.text  # a path, never the bare builder name


def _families_section(card: str) -> list[str]:
    section = card.split("\n## Families\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line]


def test_the_card_lists_exactly_the_families_it_holds(mini_data: Path, tmp_path: Path) -> None:
    from scorer.registry import families

    listed = _families_section((mini_data / "README.md").read_text())
    built = {name for name, family in families().items() if any(not spec.imported for spec in family.configs())}
    assert {line.split("**")[1] for line in listed} == built
    build(tmp_path, "slidegeom-describe", MINI)  # a folder of one config names one family, that config only
    [line] = _families_section((tmp_path / "README.md").read_text())
    assert line.startswith("- **slidegeom**:") and line.endswith("Configs: `slidegeom-describe`.")
    header = (tmp_path / "README.md").read_text().split("\n## Families\n", 1)[0]
    assert "AsgardBench" not in header and "ViPlan" not in header  # no paper claimed by the header itself


def test_the_card_license_follows_an_imported_config(mini_data: Path, tmp_path: Path) -> None:
    from huggingface_hub import DatasetCard

    from scorer.registry import configs

    imported = next(spec for spec in configs().values() if spec.imported and spec.license != "mit")
    out = tmp_path / "data"
    shutil.copytree(mini_data, out)
    from data_build.build import write_imported

    dev_rows = load_dataset(str(mini_data), "acp-hard", split="dev").select(range(2))
    rows = [{**row, "id": row["id"].replace("acp-hard", imported.name)} for row in dev_rows]
    # the columns acp-hard lacks (acpbench-hard's `zeroshot`, our wording) take `prompt`'s cells
    twin = {"zeroshot": "prompt", "zeroshot_messages": "messages"}
    cells = [{k: row[k if k in row else twin[k]] for k in imported.features} for row in rows]
    write_imported(imported, {"dev": cells}, out)
    assert DatasetCard((out / "README.md").read_text()).data.to_dict()["license"] == sorted(["mit", imported.license])


def test_build_names_a_near_config_and_says_how_an_imported_one_is_made() -> None:
    with pytest.raises(ValueError, match="unknown config 'blocksworld-grond'; did you mean 'blocksworld-ground'"):
        select("blocksworld-grond")
    with pytest.raises(ValueError, match="is imported, not built: planarium import acpbench-hard DIR"):
        select("acpbench-hard")
