"""The typed objects of a problem and the table of all its ground atoms."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product

from unified_planning.model import Problem

from ._names import call_name

# PDDL's implicit root type: a parameter of this type accepts every object.
ROOT_TYPE = "object"

AtomKey = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, eq=False)
class Universe:
    """Objects in declaration order (domain constants first, as UP lists them),
    the type hierarchy, predicate signatures and the indexed atom table."""

    objects: dict[str, str]  # object name -> type name
    type_parent: dict[str, str | None]
    predicates: dict[str, list[str]]  # predicate -> parameter type names
    atom_keys: tuple[AtomKey, ...]
    atom_names: tuple[str, ...]
    atom_of_key: dict[AtomKey, int] = field(repr=False)
    _objects_by_type: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_problem(cls, problem: Problem) -> Universe:
        objects = {obj.name: obj.type.name for obj in problem.all_objects}
        type_parent = {kind.name: _parent_name(kind) for kind in problem.user_types}
        predicates = {
            fluent.name: [param.type.name for param in fluent.signature]
            for fluent in problem.fluents
            if fluent.type.is_bool_type()
        }
        keys = tuple(_atom_keys(objects, type_parent, predicates))
        names = tuple(call_name(name, args) for name, args in keys)
        return cls(objects, type_parent, predicates, keys, names, {key: i for i, key in enumerate(keys)})

    def objects_of(self, type_name: str) -> tuple[str, ...]:
        """Objects of a type or any of its subtypes, in declaration order."""
        found = self._objects_by_type.get(type_name)
        if found is None:
            found = tuple(name for name in self.objects if self.is_of_type(name, type_name))
            self._objects_by_type[type_name] = found
        return found

    def is_of_type(self, object_name: str, type_name: str) -> bool:
        return object_has_type(self.objects, self.type_parent, object_name, type_name)

    def mask_of_predicates(self, names: Iterable[str]) -> int:
        wanted = set(names)
        mask = 0
        for index, (predicate, _) in enumerate(self.atom_keys):
            if predicate in wanted:
                mask |= 1 << index
        return mask


def object_has_type(
    objects: dict[str, str], type_parent: dict[str, str | None], object_name: str, type_name: str
) -> bool:
    """Whether the object's type is `type_name` or one of its descendants."""
    kind: str | None = objects.get(object_name)
    if kind is None:
        return False
    if type_name == ROOT_TYPE:
        return True
    while kind is not None:
        if kind == type_name:
            return True
        kind = type_parent.get(kind)
    return False


def _parent_name(kind: object) -> str | None:
    father = getattr(kind, "father", None)
    return None if father is None else father.name


def _atom_keys(
    objects: dict[str, str], type_parent: dict[str, str | None], predicates: dict[str, list[str]]
) -> Iterable[AtomKey]:
    probe = Universe(objects, type_parent, predicates, (), (), {})
    for predicate, param_types in predicates.items():
        domains = [probe.objects_of(type_name) for type_name in param_types]
        for args in product(*domains):
            yield predicate, args
