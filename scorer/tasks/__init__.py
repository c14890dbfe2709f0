"""The generic task kinds: how a question is asked and how its answer is judged.

Families add kinds of their own; ``scorer.families.task_kinds()`` lists them all.
Importing this package imports no kind (``generic_kinds`` does): a module that needs only
``scorer.tasks.base`` or ``scorer.tasks.think`` (the episode engine) stays clear of the
planners and of the episode kind that itself replays through the engine.
"""

from scorer.tasks.base import MISSING, Judgement, Reason, ScoredRow, TaskKind


def generic_kinds() -> tuple[TaskKind, ...]:
    """The kinds every family may ask: ground, episode, acp."""
    from scorer.tasks.acp import ACP
    from scorer.tasks.episode import EPISODE
    from scorer.tasks.ground import GROUND

    return (GROUND, EPISODE, ACP)


__all__ = ["MISSING", "Judgement", "Reason", "ScoredRow", "TaskKind", "generic_kinds"]
