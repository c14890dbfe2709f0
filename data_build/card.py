"""Render ``parquet/README.md``: a Hugging Face dataset card. YAML metadata (license, task
categories, language, size, configs + dataset_info), the header, a BibTeX citation of each
paper a config follows, then each config's section (its family's ``cards/<config>.md``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from string import Template
from typing import Any

import yaml
from huggingface_hub import DatasetCardData

from data_build.spec import IMPORTED, PUBLISHED_SEED, SIZES, SPLITS, ConfigSpec, Rows

CARD_HEADER = Path(__file__).resolve().parent / "card_header.md"  # the card before the config sections
CITATION_HEADING = "## Citation\n"
FAMILIES_HEADING = "## Families\n"
CONFIGS_HEADING = "## Configs\n"
# Hugging Face's metadata of the whole card (the hub's own vocabularies); license and size follow the configs.
CARD_METADATA: dict[str, Any] = {
    "pretty_name": "Planarium",
    "language": ["en"],
    "task_categories": ["visual-question-answering", "question-answering", "image-text-to-text"],
    "tags": ["planning", "pddl", "vision-language-models", "benchmark"],
}
# libyaml's reader where PyYAML was built with it: the same safe loading (PyYAML's SafeConstructor and
# resolver), parsed in C, 10x faster on a card of 16 configs. (Cards are written by the pure-Python
# dumper: its bytes are the published card's.)
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SIZE_CATEGORIES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"))


def render_card(
    built: dict[str, tuple[ConfigSpec, Rows]],
    split_bytes: dict[tuple[str, str], int],
    size: str,
    seed: int,
    version: str,
) -> str:
    names = sorted(built)
    front_matter = _yaml(built, split_bytes)
    fresh = _fresh_note(size, seed)
    sections = [_section(built[name][0], built[name][1]) + fresh(built[name][0]) for name in names]
    table = [
        f"| `{name}` | {len(rows.get('test', []))} / {len(rows.get('dev', []))} | {spec.summary} |"
        for name in names
        for spec, rows in [built[name]]
    ]
    body = Template(CARD_HEADER.read_text()).substitute(
        dataset_path="parquet",
        first_config=names[0],
        config_table="\n".join(table),
        size=size,
        seed=seed,
        version=version,
        sections="\n\n".join(sections),
        citations="",  # finish_card fills it, for every config the folder ends up holding
    )
    return finish_card(f"---\n{front_matter}---\n\n{body}", [spec for spec, _ in built.values()])


def finish_card(card: str, specs: Iterable[ConfigSpec]) -> str:
    """The card-wide metadata and citations of ``specs`` (the configs the card holds, after
    any merge): license(s), size category, and one BibTeX entry per paper followed."""
    from scorer.registry.papers import bibtex

    front, body = _split_card(card)
    chosen = list(specs)
    licenses = sorted({spec.license for spec in chosen})
    front = {
        **CARD_METADATA,
        "license": licenses[0] if len(licenses) == 1 else licenses,
        "size_categories": [_size_category(_row_count(front))],
        **{k: v for k, v in front.items() if k in ("configs", "dataset_info")},
    }
    papers = sorted({paper for spec in chosen for paper in spec.papers})
    citations = "\n\n".join(f"```bibtex\n{bibtex(paper)}\n```" for paper in papers) or "(none)"
    cited = f"\nIf you use a config, cite the paper(s) it follows:\n\n{citations}\n"
    body = _replace_section(body, CITATION_HEADING, cited)
    if FAMILIES_HEADING not in body:  # a card written before the families were listed
        body = body.replace(CONFIGS_HEADING, f"{FAMILIES_HEADING}\n{CONFIGS_HEADING}", 1)
    body = _replace_section(body, FAMILIES_HEADING, f"\n{_families_held(chosen)}\n")
    return "---\n" + yaml.safe_dump(front, sort_keys=False) + "---\n" + body  # the body keeps its blank line


def _replace_section(body: str, heading: str, text: str) -> str:
    """``body`` with the text under ``heading`` (up to the next heading) replaced."""
    start = body.index(heading)
    end = body.find("\n## ", start + 1)
    return body[:start] + heading + text + (body[end:] if end >= 0 else "")


def _families_held(specs: Iterable[ConfigSpec]) -> str:
    """One line per family with a config in the card: exactly what the folder holds, in
    registry order, so the card never claims a family that is not built."""
    from scorer.registry import families

    held = {spec.name for spec in specs}
    lines = []
    for family in families().values():
        names = [spec.name for spec in family.configs() if spec.name in held]
        if names:
            configs = ", ".join(f"`{name}`" for name in names)
            lines.append(f"- **{family.name}**: {family.summary} Configs: {configs}.")
    return "\n".join(lines) or "(none)"


def _row_count(front: dict[str, Any]) -> int:
    infos = _entries(front, "dataset_info")
    return sum(split.get("num_examples", 0) for info in infos for split in info.get("splits", []))


def _size_category(rows: int) -> str:
    return next((name for bound, name in SIZE_CATEGORIES if rows < bound), "1M<n<10M")


def _yaml(built: dict[str, tuple[ConfigSpec, Rows]], split_bytes: dict[tuple[str, str], int]) -> str:
    from datasets.info import DatasetInfo, DatasetInfosDict  # here: datasets costs 1 s to import
    from datasets.splits import SplitDict, SplitInfo

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


def _fresh_note(size: str, seed: int) -> Callable[[ConfigSpec], str]:
    """What a config's section says of a fresh split: its seed and size, and how it was kept
    apart from the published splits (nothing for the published splits or an import)."""
    if size == IMPORTED or (size in SIZES and seed == PUBLISHED_SEED):
        return lambda spec: ""

    def note(spec: ConfigSpec) -> str:
        check = spec.fresh_check or "not checked against the published splits (this config has no check)"
        return (
            f"\n\n**Fresh split** (`--seed {seed} --size {size}`; ids `{spec.name}/<split>/s{seed}-<index>`). "
            f"Checked at build time against the published splits (seed {PUBLISHED_SEED}): {check}"
        )

    return note


def _section(spec: ConfigSpec, rows: Rows) -> str:
    template = Template(spec.card.read_text())
    return template.substitute(spec.card_facts(rows)).strip() + "\n\n" + sampling_note(spec)


def sampling_note(spec: ConfigSpec) -> str:
    """The line of a config's section that states how its paper sampled."""
    return (
        f"- **Sampling in the paper**: {spec.sampling.describe()}. `planarium eval --sampling paper` "
        "sends it; the default (`--sampling default`) is temperature 0, recorded in results.json."
    )


# -- merging: a build of some configs, or an import, into a folder that holds others ---------


def merge_cards(base: str, donor: str, configs: Iterable[str]) -> str:
    """``base`` with the YAML entries, table row and section of each of ``configs`` taken
    from ``donor`` (replacing any ``base`` had). Entries come out sorted by config name."""
    configs = list(configs)
    if not configs:
        return base
    # Each card's YAML is read once for all the configs (a build of one config into a folder
    # of 16 read both cards' whole YAML again for each of the other 15).
    base_yaml, base_body = _split_card(base)
    donor_yaml, donor_body = _split_card(donor)
    for config in configs:
        for key in ("configs", "dataset_info"):
            kept = [e for e in _entries(base_yaml, key) if e.get("config_name") != config]
            added = [e for e in _entries(donor_yaml, key) if e.get("config_name") == config]
            base_yaml[key] = sorted(kept + added, key=lambda e: e["config_name"])
        base_body = "\n" + _merged_body(base_body, donor_body, config).lstrip("\n")
    return "---\n" + yaml.safe_dump(base_yaml, sort_keys=False) + "---\n" + base_body


def card_configs(card: str) -> list[str]:
    """The config names a card's YAML lists."""
    front, _ = _split_card(card)
    return [entry["config_name"] for entry in front.get("configs") or []]


def _merged_body(base_body: str, donor_body: str, config: str) -> str:
    """``base_body`` with ``config``'s table row and section taken from ``donor_body``."""
    row_start = f"| `{config}` |"
    lines = [line for line in base_body.splitlines() if not line.startswith(row_start)]
    donor_row = next(line for line in donor_body.splitlines() if line.startswith(row_start))
    config_rows = [i for i, line in enumerate(lines) if line.startswith("| `")]
    at = next((i for i in config_rows if lines[i] > donor_row), config_rows[-1] + 1 if config_rows else len(lines))
    lines.insert(at, donor_row)
    return _without_section("\n".join(lines), config) + "\n\n" + _section_text(donor_body, config) + "\n"


def _entries(front: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """A YAML list of per-config entries; a one-config card writes ``dataset_info`` as one
    mapping rather than a list of them."""
    value = front.get(key) or []
    return [value] if isinstance(value, dict) else list(value)


def _split_card(text: str) -> tuple[dict[str, Any], str]:
    _, front, body = text.split("---\n", 2)
    return yaml.load(front, Loader=_YAML_LOADER) or {}, body


def _section_text(body: str, config: str) -> str:
    start = body.index(f"## {config}\n")
    rest = body[start + 1 :]
    end = rest.find("\n## ")
    return body[start:] if end < 0 else body[start : start + 1 + end]


def _without_section(body: str, config: str) -> str:
    marker = f"## {config}\n"
    if marker not in body:
        return body.rstrip()
    return body.replace(_section_text(body, config), "").rstrip()


# -- a train split added to a card that holds its config ----------------------------------------

TRAIN_NOTE = "**Train split**"


def with_split(card: str, config: str, split: str, rows: int, num_bytes: int, note: str) -> str:
    """``card`` with ``split`` of ``config`` in its YAML (files and size) and ``note`` ending the
    config's section (replacing the note of an earlier build of that split)."""
    front, body = _split_card(card)
    for entry in _entries(front, "configs"):
        if entry.get("config_name") == config:
            files = [f for f in entry.get("data_files", []) if f.get("split") != split]
            entry["data_files"] = [*files, {"split": split, "path": f"data/{config}/{split}-*"}]
    for entry in _entries(front, "dataset_info"):
        if entry.get("config_name") == config:
            kept = [s for s in entry.get("splits", []) if s.get("name") != split]
            entry["splits"] = [*kept, {"name": split, "num_bytes": num_bytes, "num_examples": rows}]
    section = _section_text(body, config)
    kept_lines = [line for line in section.rstrip("\n").split("\n\n") if not line.startswith(TRAIN_NOTE)]
    body = body.replace(section, "\n\n".join([*kept_lines, note]) + ("\n" if section.endswith("\n") else ""))
    # The body keeps the blank line it was read with: the same build run again writes the same card.
    return "---\n" + yaml.safe_dump(front, sort_keys=False) + "---\n" + body
