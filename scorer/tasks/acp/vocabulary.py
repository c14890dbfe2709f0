"""The grounded vocabulary of a task: which atoms and actions an answer may name.

Every name in an answer is checked here before anything else looks at it: a
name that is not a well-formed, correctly typed atom (or action) of the task
is refused with a reason, so no later step, and no planner, ever sees text
that is not part of the task.

The vocabulary is small (objects with types, the type tree, predicate and
action signatures) and is stored in every ACP answer key, so that judging
most answers needs no PDDL parsing at all. Every correctly typed ground atom
of a FLUENT predicate (one that some action changes) is a proposition of the
vocabulary; static facts (road maps, shapes, ``(not-eq l0 l1)``) never change
and are not among the propositions a question asks about, as in ACPBench Hard's
prompts, which list only the fluent predicates. An action is well-formed when
its schema exists and its objects have the parameter types, even if grounding
pruned it as never applicable (its static precondition is false): such an
action is part of the vocabulary, and can never become applicable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.pddl import Task, bit_indices, normalize_name

ROOT_TYPE = "object"
MAX_QUOTED = 80


@dataclass(frozen=True)
class Checked:
    """A name that passed (``name`` normalised, ``reason`` empty) or failed (``name`` None)."""

    name: str | None
    reason: str = ""


@dataclass(frozen=True)
class Vocabulary:
    objects: dict[str, str]  # object -> type
    types: dict[str, str | None]  # type -> parent type
    predicates: dict[str, list[str]]  # predicate -> parameter types
    schemas: dict[str, list[str]]  # action schema -> parameter types
    fluents: list[str]  # predicates that some action changes

    @classmethod
    def of_task(cls, task: Task) -> Vocabulary:
        return cls(
            objects={name.lower(): kind.lower() for name, kind in task.objects.items()},
            types={kind.lower(): None if parent is None else parent.lower() for kind, parent in task.types.items()},
            predicates={name.lower(): [t.lower() for t in types] for name, types in task.predicates.items()},
            schemas={name.lower(): [t.lower() for t in types] for name, types in task.action_schemas.items()},
            fluents=sorted(fluent_predicates(task)),
        )

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Vocabulary:
        return cls(record["objects"], record["types"], record["predicates"], record["schemas"], record["fluents"])

    def to_json(self) -> dict[str, Any]:
        return {
            "objects": self.objects,
            "types": self.types,
            "predicates": self.predicates,
            "schemas": self.schemas,
            "fluents": self.fluents,
        }

    def check_atom(self, text: str) -> Checked:
        checked = self._check(text, self.predicates, "proposition", "predicate")
        if checked.name is not None and checked.name[1:-1].split()[0] not in self.fluents:
            return Checked(None, f"{_quoted(checked.name)} is a static fact, not one of the propositions that change")
        return checked

    def static_atom(self, text: str) -> str | None:
        """``text`` normalised when it is a well-typed atom of a static predicate, else None."""
        checked = self._check(text, self.predicates, "proposition", "predicate")
        if checked.name is None or checked.name[1:-1].split()[0] in self.fluents:
            return None
        return checked.name

    def check_action(self, text: str) -> Checked:
        return self._check(text, self.schemas, "action", "action")

    def _check(self, text: str, signatures: dict[str, list[str]], what: str, head_word: str) -> Checked:
        name = normalize_name(text)
        parts = name[1:-1].split() if name.startswith("(") and name.endswith(")") else []
        if not parts:
            return Checked(None, f"not a {what}: {_quoted(text)}")
        head, args = parts[0], parts[1:]
        if head not in signatures:
            return Checked(None, f"unknown {head_word} {_quoted(head)} in {_quoted(name)}")
        param_types = signatures[head]
        if len(args) != len(param_types):
            return Checked(None, f"{head} takes {len(param_types)} argument(s), {_quoted(name)} has {len(args)}")
        for arg, kind in zip(args, param_types, strict=True):
            problem = self._argument_problem(arg, kind)
            if problem:
                return Checked(None, f"{problem} in {_quoted(name)}")
        return Checked(name)

    def _argument_problem(self, arg: str, kind: str) -> str:
        if arg not in self.objects:
            return f"unknown object {_quoted(arg)}"
        if not self.has_type(arg, kind):
            return f"{_quoted(arg)} is a {self.objects[arg]}, not a {kind}"
        return ""

    def has_type(self, obj: str, kind: str) -> bool:
        if kind == ROOT_TYPE:
            return True
        current: str | None = self.objects.get(obj)
        seen: set[str] = set()
        while current is not None and current not in seen:
            if current == kind:
                return True
            seen.add(current)
            current = self.types.get(current)
        return False


def fluent_predicates(task: Task) -> set[str]:
    """Predicates with an atom outside the task's static mask."""
    atoms = task.atoms
    return {atoms[i][1:].split()[0].rstrip(")") for i in bit_indices(fluent_mask(task))}


def fluent_mask(task: Task) -> int:
    return ((1 << len(task.atoms)) - 1) & ~task.static_atoms


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= MAX_QUOTED else text[:MAX_QUOTED] + "...")
