"""The registry of families: one line per family, and everything derived from it.

Each name below is a package ``scorer.families.<name>`` whose ``family`` module defines
``FAMILY``. The configs, the task kinds, the episode modes, the plots and the importers
that generic code uses all come from here. Loading is lazy (on first call), so a
family module may import generic code that itself asks the registry.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from scorer.families.base import Family, Mode

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec
    from scorer.tasks.base import TaskKind

FAMILY_PACKAGES: tuple[str, ...] = (
    "blocksworld",
    "slidegeom",
    "classical",
    "vsp",
    "household",
    "kitchen",
)


@cache
def families() -> dict[str, Family]:
    loaded = [importlib.import_module(f"{__name__}.{name}.family").FAMILY for name in FAMILY_PACKAGES]
    return {family.name: family for family in loaded}


@cache
def _by_domain() -> dict[str, Family]:
    owners: dict[str, Family] = {}
    for family in families().values():
        for domain in family.domains:
            if domain in owners:
                raise ValueError(f"domain {domain!r} is claimed by families {owners[domain].name} and {family.name}")
            owners[domain] = family
    return owners


def family_of(domain: str) -> Family:
    """The family that owns rows of ``domain`` (a KeyError names the unknown domain)."""
    try:
        return _by_domain()[domain]
    except KeyError:
        raise KeyError(f"no registered family owns domain {domain!r}") from None


@cache
def configs() -> dict[str, ConfigSpec]:
    """Every config any family declares, by name (built and imported ones)."""
    found: dict[str, ConfigSpec] = {}
    for family in families().values():
        for spec in family.configs():
            if spec.name in found:
                raise ValueError(f"config {spec.name!r} is declared twice")
            found[spec.name] = spec
    return found


@cache
def task_kinds() -> dict[str, TaskKind]:
    """The generic task kinds and those a family adds, by name."""
    from scorer.tasks import GENERIC_KINDS

    kinds = list(GENERIC_KINDS) + [kind for family in families().values() for kind in family.task_kinds]
    return {kind.name: kind for kind in kinds}


def importer_commands() -> dict[str, tuple[str, ...]]:
    """``planarium import`` command names -> "module:attribute" of each click command.

    Several families may contribute a part to one name (one paper's data spanning
    families): the command then runs every part, in registry order.
    """
    commands: dict[str, tuple[str, ...]] = {}
    for family in families().values():
        for name, target in family.importers.items():
            commands[name] = (*commands.get(name, ()), target)
    return commands


def importer_help() -> dict[str, str]:
    """``planarium import`` command names -> one line of help (listed without importing the
    commands); the lines of an importer's parts are joined in registry order."""
    lines: dict[str, list[str]] = {}
    for family in families().values():
        for name, text in family.importer_help.items():
            lines.setdefault(name, []).append(text)
    return {name: " ".join(texts) for name, texts in lines.items()}


def mode_for(domain: str, name: str | None) -> Mode:
    """The episode mode ``name`` (None: the default) of the family owning ``domain``;
    a ValueError says which modes that family offers."""
    family = family_of(domain)
    chosen = family.mode(name) if name is not None else family.default_mode
    if chosen is None:
        offered = ", ".join(m.name for m in family.modes) or "none"
        raise ValueError(f"unknown mode {name!r} for {domain} rows; known: {offered}")
    return chosen


__all__ = [
    "FAMILY_PACKAGES",
    "Family",
    "Mode",
    "configs",
    "families",
    "family_of",
    "importer_commands",
    "mode_for",
    "task_kinds",
]
