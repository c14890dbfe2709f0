"""Write a PDDL problem for a state of a task, from the task's own vocabulary only.

Used to plan from a believed state: every atom written is one of ``task.atoms``, so no
text from a model reply can ever reach the planner's input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ._task import Task

# (type name, object names) in the order they are declared
Objects = Sequence[tuple[str, Sequence[str]]]

_DOMAIN_NAME = re.compile(r"\(\s*define\s*\(\s*domain\s+([^\s()]+)", re.IGNORECASE)


_PDDL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def domain_name(domain_pddl: str) -> str:
    found = _DOMAIN_NAME.search(domain_pddl)
    if found is None:
        raise ValueError("the domain text has no (define (domain NAME) header")
    return found[1]


def problem_text(
    name: str, domain: str, objects: Objects, init: Iterable[str], goal: Iterable[str], per_line: int = 1
) -> str:
    """The one layout of every generated problem: typed objects, then ``init`` and the
    conjunctive ``goal`` (atoms such as "(at c1 l2)"), ``per_line`` atoms a line."""
    declared = " ".join(f"{' '.join(names)} - {kind}" for kind, names in objects if names)
    goal_atoms = list(goal)
    if not goal_atoms:
        raise ValueError(f"problem {name} has an empty goal")
    lines = [
        f"(define (problem {name})",
        f"  (:domain {domain})",
        f"  (:objects {declared})",
        "  (:init",
        *_lines(list(init), per_line),
        "  )",
        "  (:goal (and",
        *_lines(goal_atoms, per_line),
        "  ))",
        ")",
        "",
    ]
    return "\n".join(lines)


def _lines(atoms: list[str], per_line: int) -> list[str]:
    return ["    " + " ".join(atoms[i : i + per_line]) for i in range(0, len(atoms), per_line)]


def problem_for_state(task: Task, domain_pddl: str, state: int, name: str = "believed") -> str:
    """A problem with ``state`` as :init (as believed, static facts too) and the task's goal."""
    if not _PDDL_NAME.fullmatch(name):
        raise ValueError(f"problem name {name!r} is not a PDDL name (a letter, then letters, digits, - or _)")
    by_type: dict[str, list[str]] = {}
    for obj, type_name in task.objects.items():
        by_type.setdefault(type_name, []).append(obj)
    objects = " ".join(f"{' '.join(names)} - {type_name}" for type_name, names in by_type.items())
    positive, negative = task.goal_atoms()
    goal = [*positive, *(f"(not {atom})" for atom in negative)]
    init = "\n    ".join(task.true_atoms(state))
    return (
        f"(define (problem {name})\n  (:domain {domain_name(domain_pddl)})\n  (:objects {objects})\n"
        f"  (:init\n    {init})\n  (:goal (and {' '.join(goal)})))\n"
    )
