"""ACPBench Hard's eight generative questions (seed 002): parsing, keys, judging.

Modules, one concept each: ``parse`` (figure 7 answers, leniently),
``vocabulary`` (which names an answer may use), ``keys`` (what a row stores)
built from ``analysis`` (exact facts or evidence about a state), ``judge``
(section 5's rules), ``oracle`` (relaxation, search, bounded cached planner
calls on ``compile``d tasks), ``prompts`` and ``questions`` (asking), and
``kind`` (the TaskKind ``acp``).
"""

from .kind import ACP, KINDS

__all__ = ["ACP", "KINDS"]
