"""Errors raised while reading or grounding PDDL."""

from __future__ import annotations


class PDDLError(ValueError):
    """Base class of every PDDL error this package raises."""


class PDDLParseError(PDDLError):
    """The PDDL text could not be parsed (syntax or unknown names)."""


class UnsupportedPDDL(PDDLError):
    """The PDDL uses a feature outside STRIPS + ADL-lite (numeric fluents,
    derived predicates, durative actions, ...)."""
