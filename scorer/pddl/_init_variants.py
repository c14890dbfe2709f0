"""Problems that differ only in their :init, parsed and grounded once.

A dataset of questions about states (ACPBench Hard's records: each problem's
:init is the question's state) holds many problems that are one problem with
another :init. Everything a Task holds but its initial state depends on the
domain, the objects, the goal and the static facts only: the atom table lists
every typed atom, grounding prunes actions on static facts alone, and the goal
does not read :init. So such a problem is its first sibling's Task with another
``init`` (``Task.with_init``), provided the static facts of both are the same
(checked here). Reading the atoms of an :init costs microseconds; parsing with
unified-planning and grounding costs 0.2-10 s per problem.

Anything the cheap reading does not cover (a negated or numeric :init entry, an
atom outside the task's table, other static facts) is parsed in full.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict

from ._names import normalize_name
from ._parse import parse_task
from ._task import Task

# Problems kept per process by (domain text, problem text without its :init).
KEPT_BASES = 256
_INIT_START = re.compile(r"\(\s*:init\b", re.I)
_ATOM = re.compile(r"\(([^()]*)\)")
_bases: OrderedDict[tuple[str, str], Task] = OrderedDict()
_lock = threading.Lock()  # the rollout server judges from many threads


def parse_task_variant(domain_pddl: str, problem_pddl: str) -> Task:
    """``parse_task(domain_pddl, problem_pddl)``, reusing a parsed sibling that differs only in :init."""
    split = split_init(problem_pddl)
    if split is None:
        return parse_task(domain_pddl, problem_pddl)
    rest, atoms = split
    with _lock:
        base = _bases.get((domain_pddl, rest))
    if base is not None:
        state = _state_of(base, atoms)
        if state is not None and state & base.static_atoms == base.init & base.static_atoms:
            return base.with_init(state)
    task = parse_task(domain_pddl, problem_pddl)
    with _lock:
        _bases[(domain_pddl, rest)] = task
        if len(_bases) > KEPT_BASES:
            _bases.popitem(last=False)
    return task


def split_init(problem_pddl: str, placeholder: str = "") -> tuple[str, list[str]] | None:
    """(the problem text with its :init section cut out, ``placeholder`` in its place, the
    :init's atoms as normalised names), or None when the :init holds anything but plain
    atoms (or cannot be found)."""
    start = _INIT_START.search(problem_pddl)
    if start is None or ";" in problem_pddl:
        return None  # comments could hide parentheses; parse those in full
    end = _closing(problem_pddl, start.start())
    if end is None:
        return None
    body = problem_pddl[start.end() : end]
    atoms = _ATOM.findall(body)
    if _ATOM.sub("", body).strip():
        return None  # nested or numeric entries, or stray text
    if any(not atom.split() or atom.split()[0].lower() in ("not", "=") for atom in atoms):
        return None
    rest = problem_pddl[: start.start()] + placeholder + problem_pddl[end + 1 :]
    return rest, [normalize_name(f"({a})") for a in atoms]


def _closing(text: str, start: int) -> int | None:
    """Index of the parenthesis closing the one at ``start``."""
    depth = 0
    for position in range(start, len(text)):
        if text[position] == "(":
            depth += 1
        elif text[position] == ")":
            depth -= 1
            if depth == 0:
                return position
    return None


def _state_of(task: Task, atoms: list[str]) -> int | None:
    state = 0
    for atom in atoms:
        index = task.atom_index.get(atom)
        if index is None:
            return None
        state |= 1 << index
    return state
