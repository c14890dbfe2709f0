"""unified-planning's process-global environment, made without importing its engines.

``unified_planning.Environment()`` makes its engine Factory at once, and the Factory imports
every engine: ConfigSpace (and with it scipy.stats) and each installed planner's plugin, 1.0-1.5
CPU s of every process that reads PDDL (a ``score`` run, a rollout server, each build worker).
Reading, grounding and judging use no engine; only the planner does (``_planner``, in its own
processes). So the global environment made here is unified-planning's own, with its Factory
made on first use instead. It is the environment every Problem of the process is built in
(``get_environment()`` returns it), whoever asks first.
"""

from __future__ import annotations

import sys
import threading
from typing import IO, Any

import unified_planning.environment as up_globals
from unified_planning.environment import Environment

_MAKING = threading.Lock()


class EnginesOnFirstUse(Environment):
    """unified-planning's ``Environment``, whose engine ``factory`` is made when first asked for."""

    def __init__(self) -> None:
        # Environment.__init__'s fields, each made by unified-planning's own class, but the
        # Factory: tests/pddl/test_environment.py checks the fields against the library's.
        from unified_planning.model import ExpressionManager, FreeVarsOracle
        from unified_planning.model.type_manager import TypeManager
        from unified_planning.model.walkers import (
            FreeVarsExtractor,
            NamesExtractor,
            Simplifier,
            Substituter,
            TypeChecker,
        )

        self._type_manager = TypeManager()
        self._factory: Any = None
        self._tc = TypeChecker(self)
        self._expression_manager = ExpressionManager(self)
        self._free_vars_oracle = FreeVarsOracle()
        self._simplifier = Simplifier(self)
        self._substituter = Substituter(self)
        self._free_vars_extractor = FreeVarsExtractor()
        self._names_extractor = NamesExtractor()
        self._credits_stream: IO[str] | None = sys.stdout
        self._error_used_name = True

    @property
    def factory(self) -> Any:
        with _MAKING:
            if self._factory is None:
                from unified_planning.engines import Factory

                self._factory = Factory(self)
        return self._factory


def up_environment() -> Environment:
    """The process's unified-planning environment: ours, unless one was made before."""
    with _MAKING:
        if up_globals.GLOBAL_ENVIRONMENT is None:
            up_globals.GLOBAL_ENVIRONMENT = EnginesOnFirstUse()
    return up_globals.get_environment()


def allow_shared_names() -> None:
    """ACPBench's floor-tile names actions like predicates; PDDL allows it, unified-planning
    only with this flag (set before its PDDL is read)."""
    up_environment().error_used_name = False
