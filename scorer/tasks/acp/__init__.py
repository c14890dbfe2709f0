"""ACPBench Hard's eight generative questions: parsing, keys, judging.

Modules, one concept each: ``question_kinds`` (the eight kinds, each declared
once), ``parse`` (figure 7 answers, leniently), ``vocabulary`` (which names an
answer may use), ``keys`` (what a row stores) built from ``analysis`` (exact
facts or evidence about a state), ``judge`` (section 5's rules), ``reference``
(gold and wrong answers), ``imported_keys`` (the paper's own keys as ours),
``oracle`` (relaxation, search, bounded cached planner calls on ``compile``d
tasks), ``prompts`` and ``questions`` (asking), and ``kind`` (the TaskKind
``acp``).
"""

from .kind import ACP
from .question_kinds import ACP_KINDS, KINDS, AcpKind, acp_kind

__all__ = ["ACP", "ACP_KINDS", "KINDS", "AcpKind", "acp_kind"]
