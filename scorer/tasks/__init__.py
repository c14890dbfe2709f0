"""Task kinds by name: how a question is asked and how its answer is judged."""

from scorer.tasks.acp import ACP
from scorer.tasks.base import MISSING, ScoredRow, TaskKind, Verdict
from scorer.tasks.describe import DESCRIBE
from scorer.tasks.episode import EPISODE
from scorer.tasks.ground import GROUND

TASK_KINDS: dict[str, TaskKind] = {kind.name: kind for kind in (GROUND, EPISODE, ACP, DESCRIBE)}

__all__ = ["MISSING", "TASK_KINDS", "ScoredRow", "TaskKind", "Verdict"]
