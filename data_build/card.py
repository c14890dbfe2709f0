"""Render ``parquet/README.md``: YAML configs + dataset_info, then the templates in cards/."""

from __future__ import annotations

from pathlib import Path
from string import Template

from datasets.info import DatasetInfo, DatasetInfosDict
from datasets.splits import SplitDict, SplitInfo
from huggingface_hub import DatasetCardData

from data_build.spec import SPLITS, ConfigSpec, Rows

CARDS_DIR = Path(__file__).resolve().parent.parent / "cards"


def render_card(built: dict[str, tuple[ConfigSpec, Rows]], split_bytes: dict[tuple[str, str], int],
                size: str, seed: int, version: str) -> str:
    names = sorted(built)
    front_matter = _yaml(built, split_bytes)
    sections = [_section(built[name][0], built[name][1]) for name in names]
    table = [
        f"| `{name}` | {len(rows.get('test', []))} / {len(rows.get('dev', []))} | {spec.summary} |"
        for name in names
        for spec, rows in [built[name]]
    ]
    body = Template((CARDS_DIR / "README.md").read_text()).substitute(
        dataset_path="parquet",
        first_config=names[0],
        config_table="\n".join(table),
        size=size,
        seed=seed,
        version=version,
        sections="\n\n".join(sections),
    )
    return f"---\n{front_matter}---\n\n{body}"


def _yaml(built: dict[str, tuple[ConfigSpec, Rows]], split_bytes: dict[tuple[str, str], int]) -> str:
    configs = []
    infos = {}
    for name in sorted(built):
        spec, rows = built[name]
        splits = [s for s in SPLITS if s in rows]
        configs.append(
            {"config_name": name, "data_files": [{"split": s, "path": f"data/{name}/{s}-*"} for s in splits]}
        )
        split_dict = SplitDict()
        for split in splits:
            num_bytes = split_bytes.get((name, split), 0)
            split_dict.add(SplitInfo(name=split, num_bytes=num_bytes, num_examples=len(rows[split])))
        infos[name] = DatasetInfo(features=spec.features, splits=split_dict, config_name=name)
    card_data = DatasetCardData(configs=configs)
    DatasetInfosDict(infos).to_dataset_card_data(card_data)
    return card_data.to_yaml() + "\n"


def _section(spec: ConfigSpec, rows: Rows) -> str:
    template = Template((CARDS_DIR / f"{spec.name}.md").read_text())
    return template.substitute(spec.card_facts(rows)).strip()
