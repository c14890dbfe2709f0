"""Ground tasks kept on disk by their PDDL text, for the processes that read the same text.

Every process that reads a problem parses it with unified-planning and grounds it: about 30 ms
for a small problem, plus unified-planning's import in a process that reads nothing else. The
same texts are read again and again by separate processes: each ``score`` of a submission,
each ``rescore``, a server's start, a build's workers (in the test suite, 1,400 reads of texts
another process had read, 46 CPU s). A read task is written here once, as plain values
(``marshal``: ints, strings, tuples, dicts; no code), and read back in a few milliseconds.

An entry is keyed by the texts and by what grounding depends on: this package's source, the
unified-planning release, the Python version (its ``marshal`` format). A change of any of
them reads into a fresh folder. Only tasks that read without an error are kept; a damaged or
foreign entry is read again from the text. ``PLANARIUM_TASK_STORE`` names the folder
(default ``~/.cache/planarium/tasks``); ``off`` keeps nothing.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ._action import CondEffect, GroundAction
from ._collector import collector_paused
from ._formula import Conj, Disj, Formula, Lit, compile_test
from ._successors import SuccessorGenerator
from ._task import Task

STORE_ENV = "PLANARIUM_TASK_STORE"
LARGEST_KEPT = 4 << 20  # bytes: a larger task (tens of thousands of actions) is cheaper to ground than to copy around


def load(domain_pddl: str, problem_pddl: str) -> Task | None:
    """The stored task of these texts, or None (not stored, the store off, or an entry unreadable)."""
    path = _entry(domain_pddl, problem_pddl)
    if path is None:
        return None
    try:
        with collector_paused():  # thousands of small objects, and no cycle among them
            return _decoded(marshal.loads(path.read_bytes()))
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError):
        return None  # absent, or not a whole entry: the text is read again (and the entry rewritten)


def save(domain_pddl: str, problem_pddl: str, task: Task) -> None:
    """Keep ``task`` for these texts (best effort: a store that cannot be written is skipped)."""
    path = _entry(domain_pddl, problem_pddl)
    if path is None:
        return
    # An action's masks are ints of one bit per atom: a task far past the bound is not even encoded.
    if len(task.actions) * len(task.atoms) > 8 * LARGEST_KEPT:
        return
    data = marshal.dumps(_encoded(task))
    if len(data) > LARGEST_KEPT:
        return
    try:
        _write(path, data)
    except OSError:
        return  # a store that cannot be written is skipped: the task was read all the same


def _write(path: Path, data: bytes) -> None:
    """Atomic (a reader sees the whole entry or none), without fsync: a lost entry is read again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(name, path)
    finally:
        Path(name).unlink(missing_ok=True)


def _entry(domain_pddl: str, problem_pddl: str) -> Path | None:
    folder = _folder()
    if folder is None:
        return None
    key = hashlib.sha256(f"{len(domain_pddl)}:{domain_pddl}{problem_pddl}".encode()).hexdigest()
    return folder / key[:2] / f"{key}.task"


def _folder() -> Path | None:
    chosen = os.environ.get(STORE_ENV, "")
    if chosen.lower() == "off":
        return None
    root = Path(chosen) if chosen else Path.home() / ".cache" / "planarium" / "tasks"
    return root / _fingerprint()


@cache
def _fingerprint() -> str:
    """What a stored task depends on besides its texts."""
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    try:
        reader = version("unified-planning")
    except PackageNotFoundError:
        reader = "unknown"
    digest.update(f"{reader} {sys.version_info[:3]} {marshal.version}".encode())
    return digest.hexdigest()[:24]


# -- a task as plain values, and back ------------------------------------------------------


def _encoded(task: Task) -> tuple[Any, ...]:
    actions = tuple(
        (
            a.name,
            a.index,
            a.pre_pos,
            a.pre_neg,
            a.add,
            a.delete,
            tuple(map(tuple, a.cond_effects)),
            _formula_value(a.pre_general),
        )
        for a in task.actions
    )
    return (
        task.name,
        task.atoms,
        actions,
        task.init,
        task.goal_pos,
        task.goal_neg,
        _formula_value(task.goal_general),
        task.objects,
        task.types,
        task.predicates,
        task.static_atoms,
        task.action_schemas,
    )


def _decoded(value: tuple[Any, ...]) -> Task:
    name, atoms, encoded, init, goal_pos, goal_neg, goal, objects, types, predicates, static, schemas = value
    actions = tuple(
        GroundAction(
            name=a_name,
            index=index,
            pre_pos=pre_pos,
            pre_neg=pre_neg,
            add=add,
            delete=delete,
            cond_effects=tuple(CondEffect(*effect) for effect in effects),
            atom_names=atoms,
            pre_general=_formula(general),
        )
        for a_name, index, pre_pos, pre_neg, add, delete, effects, general in encoded
    )
    goal_general = _formula(goal)
    return Task(
        name=name,
        atoms=atoms,
        atom_index={atom: i for i, atom in enumerate(atoms)},
        actions=actions,
        action_index={action.name: action.index for action in actions},
        init=init,
        goal_pos=goal_pos,
        goal_neg=goal_neg,
        goal_general=goal_general,
        objects=objects,
        types=types,
        predicates=predicates,
        static_atoms=static,
        action_schemas=schemas,
        _goal_test=None if goal_general is None else compile_test(goal_general),
        _successors=SuccessorGenerator(actions),
    )


def _formula_value(formula: Formula | None) -> Any:
    """None, a bool, ("lit", atom, positive), or ("and" | "or", parts)."""
    if formula is None or isinstance(formula, bool):
        return formula
    if isinstance(formula, Lit):
        return ("lit", formula.atom, formula.positive)
    return ("and" if isinstance(formula, Conj) else "or", tuple(_formula_value(part) for part in formula.parts))


def _formula(value: Any) -> Formula | None:
    if value is None or isinstance(value, bool):
        return value
    if value[0] == "lit":
        return Lit(value[1], value[2])
    parts: tuple[Any, ...] = tuple(_formula(part) for part in value[1])
    return Conj(parts) if value[0] == "and" else Disj(parts)
