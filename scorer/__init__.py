"""Planarium: a benchmark of planning for vision-language models.

PDDL is the source of truth: every row carries its PDDL domain and problem, and the
build and the scorer share one domain code (``scorer.domains``), so an answer key can
never disagree with the validator that checks it.
"""

__version__ = "0.1.0"
