"""Every config the build knows, by name."""

from __future__ import annotations

from data_build import acp_hard, acp_visual, blocksworld_episodes, blocksworld_ground
from data_build import slidegeom_describe, slidegeom_episodes
from data_build.spec import ConfigSpec

CONFIGS: dict[str, ConfigSpec] = {spec.name: spec for spec in (
    blocksworld_ground.SPEC, blocksworld_episodes.SPEC, acp_hard.SPEC, *acp_visual.SPECS,
    slidegeom_episodes.SPEC, slidegeom_describe.SPEC,
)}


def select(names: str | None) -> list[ConfigSpec]:
    """Configs named in a comma-separated list (all when None), or a ValueError naming the unknown."""
    if not names:
        return list(CONFIGS.values())
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in CONFIGS]
    if unknown:
        raise ValueError(f"unknown config(s) {', '.join(unknown)}; known: {', '.join(sorted(CONFIGS))}")
    return [CONFIGS[n] for n in wanted]
