"""The PDDL types of ViPlan's household domain and what they mean for the scene."""

from __future__ import annotations

MOVABLE_TYPES = frozenset({"movable", "sliceable", "slicer"})  # sliceable and slicer are movable


def is_movable(pddl_type: str) -> bool:
    return pddl_type in MOVABLE_TYPES


def is_container(pddl_type: str) -> bool:
    return pddl_type == "container"
