"""The classical (text-only) ACP domains, by name.

Each module in this package defines one ClassicalDomain; add its name to
`_MODULES` to register it (one per line, so parallel additions merge cleanly).
"""

from __future__ import annotations

import importlib

from .base import ClassicalDomain

_MODULES: list[str] = [
    "ferry",
    "logistics",
    "blocksworld4",
    "grid",
    "floortile",
    "gripper",
    "visitall",
    "rovers",
    "depot",
    "goldminer",
    "satellite",
    "swap",
    "alfworld",
]


def _domain_of(module_name: str) -> ClassicalDomain:
    """The single ClassicalDomain the module defines at top level."""
    module = importlib.import_module(f"{__name__}.{module_name}")
    found = [value for value in vars(module).values() if isinstance(value, ClassicalDomain)]
    if len(found) != 1:
        raise ValueError(f"{module.__name__} defines {len(found)} ClassicalDomain objects, expected 1")
    return found[0]


CLASSICAL_DOMAINS: dict[str, ClassicalDomain] = {d.name: d for d in map(_domain_of, _MODULES)}

__all__ = ["CLASSICAL_DOMAINS", "ClassicalDomain"]
