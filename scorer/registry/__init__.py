"""The registry of families, and everything derived from it.

Families are plugins (``scorer/families/<name>/``); their table (``scorer.families.listing``:
the registry order, every config and importer as the CLI lists them) and each family's
``family`` module are loaded here by name, on first use, as gymnasium's registry loads an
environment's entry point. So the registry sits low in the layers (CONTRIBUTING.md): the
configs, the task kinds, the episode modes, the plots and the importers that generic code
uses all come from here, and no generic module imports a family. Listing configs imports no
family (``listed_configs``: `planarium configs` starts at once).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scorer.registry.family import Family, Mode
from scorer.registry.listing import OUR_READING, ListedConfig, ListedImporter

if TYPE_CHECKING:
    from data_build.spec import ConfigSpec
    from scorer.tasks.base import TaskKind

# Loaded by name: the families' table, the package of each family, and the generic task kinds.
FAMILIES_TABLE = "scorer.families.listing"
FAMILY_MODULE = "scorer.families.{package}.family"
GENERIC_KINDS = "scorer.tasks"


def table() -> ModuleType:
    """The families' table (``FAMILY_PACKAGES``, ``LISTED``, ``IMPORTERS``), read when first asked."""
    return importlib.import_module(FAMILIES_TABLE)


def family_packages() -> tuple[str, ...]:
    """The family packages, in registry order."""
    packages: tuple[str, ...] = table().FAMILY_PACKAGES
    return packages


@cache
def families() -> dict[str, Family]:
    loaded = [_family(name) for name in family_packages()]
    return {family.name: family for family in loaded}


def _family(package: str) -> Family:
    family: Family = importlib.import_module(FAMILY_MODULE.format(package=package)).FAMILY
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
    listed: tuple[ListedConfig, ...] = table().LISTED
    return listed


def headline_reading(config: str) -> str:
    """The reading ``config``'s headline metrics use (``ListedConfig.reading``); ours for a
    config the registry does not list."""
    listed = _listed_by_name().get(config)
    return listed.reading if listed else OUR_READING


@cache
def _listed_by_name() -> dict[str, ListedConfig]:
    return {listed.name: listed for listed in listed_configs()}


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
    listed: list[tuple[str, tuple[object, ...]]] = [(entry.family, entry.facts) for entry in listed_configs()]
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
    kinds = list(importlib.import_module(GENERIC_KINDS).generic_kinds()) + [
        kind for family in families().values() for kind in family.task_kinds
    ]
    return {kind.name: kind for kind in kinds}


def task_kind(name: str) -> TaskKind:
    """The task kind ``name``, loading only what defines it: a generic kind's module, or the
    families whose listed configs ask it (a request for one config need not load them all)."""
    kind = importlib.import_module(GENERIC_KINDS).generic_kind(name)
    if kind is not None:
        return kind
    for package in sorted(
        {entry.family for entry in listed_configs() if entry.task == name}, key=family_packages().index
    ):
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
    order = {name: index for index, name in enumerate(family_packages())}
    return sorted(table().IMPORTERS, key=lambda part: order[part.family])


def provided(name: str) -> Callable[..., Any]:
    """What a family lends the others under ``name`` (``Family.provides``), e.g. the solved
    examples every ACP config's few-shot prompt shares; a KeyError names what is offered."""
    offered = {key: value for family in families().values() for key, value in family.provides.items()}
    try:
        return offered[name]
    except KeyError:
        raise KeyError(f"no registered family provides {name!r}; provided: {sorted(offered)}") from None


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
    "family_packages",
    "Family",
    "Mode",
    "configs",
    "families",
    "family_of",
    "importer_commands",
    "listed_configs",
    "mode_for",
    "provided",
    "task_kinds",
]
