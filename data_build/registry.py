"""The configs ``planarium build`` makes: every built config the families declare."""

from __future__ import annotations

from data_build.spec import ConfigSpec
from scorer.io.suggest import unknown
from scorer.registry import configs


def built_configs() -> dict[str, ConfigSpec]:
    return {name: spec for name, spec in configs().items() if not spec.imported}


def select(names: str | None) -> list[ConfigSpec]:
    """Configs named in a comma-separated list (all when None), or a ValueError naming the unknown."""
    known = built_configs()
    if not names:
        return list(known.values())
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    for name in wanted:
        if name not in known:
            imported = configs().get(name)
            if imported is not None and imported.importer is not None:
                raise ValueError(f"config {name!r} is imported, not built: planarium import {imported.importer} DIR")
            raise ValueError(unknown("config", name, known))
    return [known[n] for n in wanted]
