"""The generic task kinds: how a question is asked and how its answer is judged.

Families add kinds of their own; ``scorer.registry.task_kinds()`` lists them all.
Importing this package imports no kind (``generic_kinds`` does): a module that needs only
``scorer.tasks.base`` or ``scorer.readers.think`` (the episode engine) stays clear of the
planners and of the episode kind that itself replays through the engine.
"""

import importlib

from scorer.tasks.base import MISSING, Judgement, Reason, ScoredRow, TaskKind

# name -> the module defining it and its attribute there
GENERIC_KINDS = {
    "ground": ("scorer.tasks.ground", "GROUND"),
    "episode": ("scorer.tasks.episode", "EPISODE"),
    "acp": ("scorer.tasks.acp", "ACP"),
}


def generic_kind(name: str) -> TaskKind | None:
    """The generic kind ``name``, importing only its module (the acp kind's brings the
    planners); None for a kind a family adds."""
    if name not in GENERIC_KINDS:
        return None
    module, attribute = GENERIC_KINDS[name]
    kind: TaskKind = getattr(importlib.import_module(module), attribute)
    return kind


def generic_kinds() -> tuple[TaskKind, ...]:
    """The kinds every family may ask: ground, episode, acp."""
    return tuple(kind for name in GENERIC_KINDS if (kind := generic_kind(name)) is not None)


__all__ = ["MISSING", "Judgement", "Reason", "ScoredRow", "TaskKind", "generic_kind", "generic_kinds"]
