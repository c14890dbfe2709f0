"""The registry of families: one line per family, and everything derived from it.

Each name below is a package ``scorer.families.<name>`` whose ``family`` module defines
``FAMILY``. The configs, the task kinds, the episode modes, the plots and the importers
that generic code uses all come from here. Loading is lazy (on first call), so a
family module may import generic code that itself asks the registry; importing the
registry imports no family, and ``listed_configs`` names every config without loading one
(``scorer.families.listing``: `planarium configs` starts at once).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from scorer.families import listing
from scorer.families.base import Family, Mode
from scorer.families.listing import LISTED, OUR_READING, ListedConfig, ListedImporter

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
    loaded = [_family(name) for name in FAMILY_PACKAGES]
    return {family.name: family for family in loaded}


def _family(package: str) -> Family:
    family: Family = importlib.import_module(f"{__name__}.{package}.family").FAMILY
    return family


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


def listed_configs() -> tuple[ListedConfig, ...]:
    """Every config's name, family, task, papers and importer, in registry order, without
    importing a family or the code that builds a config (checked against the specs by ``configs``)."""
    return LISTED


def headline_reading(config: str) -> str:
    """The reading ``config``'s headline metrics use (``ListedConfig.reading``); ours for a
    config the registry does not list."""
    listed = _listed_by_name().get(config)
    return listed.reading if listed else OUR_READING


@cache
def _listed_by_name() -> dict[str, ListedConfig]:
    return {listed.name: listed for listed in LISTED}


@cache
def configs() -> dict[str, ConfigSpec]:
    """Every config any family declares, by name (built and imported ones)."""
    found: dict[str, ConfigSpec] = {}
    declared: list[tuple[str, tuple[object, ...]]] = []
    for family in families().values():
        for spec in family.configs():
            if spec.name in found:
                raise ValueError(f"config {spec.name!r} is declared twice")
            found[spec.name] = spec
            declared.append((family.name, (spec.name, spec.task, spec.papers, spec.importer)))
    _check_listing(declared)
    return found


def _check_listing(declared: list[tuple[str, tuple[object, ...]]]) -> None:
    listed: list[tuple[str, tuple[object, ...]]] = [(entry.family, entry.facts) for entry in LISTED]
    if declared == listed:
        return
    pairs = enumerate(zip(declared, listed))
    at = next((i for i, (mine, theirs) in pairs if mine != theirs), min(len(declared), len(listed)))
    raise ValueError(
        "scorer/families/listing.py does not list the configs the families declare, in registry order: "
        f"(family, (name, task, papers, importer)) declared {declared[at] if at < len(declared) else 'nothing'}, "
        f"listed {listed[at] if at < len(listed) else 'nothing'}"
    )


@cache
def task_kinds() -> dict[str, TaskKind]:
    """The generic task kinds and those a family adds, by name."""
    from scorer.tasks import generic_kinds

    kinds = list(generic_kinds()) + [kind for family in families().values() for kind in family.task_kinds]
    return {kind.name: kind for kind in kinds}


def task_kind(name: str) -> TaskKind:
    """The task kind ``name``, loading only what defines it: a generic kind's module, or the
    families whose listed configs ask it (a request for one config need not load them all)."""
    from scorer.tasks import generic_kind

    kind = generic_kind(name)
    if kind is not None:
        return kind
    for package in sorted({entry.family for entry in LISTED if entry.task == name}, key=FAMILY_PACKAGES.index):
        for declared in _family(package).task_kinds:
            if declared.name == name:
                return declared
    return task_kinds()[name]  # a kind no listed config asks: the whole registry's KeyError names it


def importer_commands() -> dict[str, tuple[str, ...]]:
    """``planarium import`` command names -> "module:attribute" of each click command.

    Several families may contribute a part to one name (one paper's data spanning
    families): the command then runs every part, in registry order. Read from the
    listing (``scorer.families.listing.IMPORTERS``): no family is imported.
    """
    commands: dict[str, tuple[str, ...]] = {}
    for part in _importers_in_registry_order():
        commands[part.name] = (*commands.get(part.name, ()), part.target)
    return commands


def importer_help() -> dict[str, str]:
    """``planarium import`` command names -> one line of help (listed without importing the
    commands or the families); the lines of an importer's parts are joined in registry order."""
    lines: dict[str, list[str]] = {}
    for part in _importers_in_registry_order():
        lines.setdefault(part.name, []).append(part.help)
    return {name: " ".join(texts) for name, texts in lines.items()}


def _importers_in_registry_order() -> list[ListedImporter]:
    order = {name: index for index, name in enumerate(FAMILY_PACKAGES)}
    return sorted(listing.IMPORTERS, key=lambda part: order[part.family])


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
    "listed_configs",
    "mode_for",
    "task_kinds",
]
