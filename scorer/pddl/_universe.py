"""The typed objects of a problem and the table of all its ground atoms."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
    the type hierarchy, predicate signatures and the indexed atom table: every typed atom
    in a fixed order, or (``atoms_on_demand``) the atoms indexed as they are first met."""

    objects: dict[str, str]  # object name -> type name
    type_parent: dict[str, str | None]
    predicates: dict[str, list[str]]  # predicate -> parameter type names
    atom_keys: Sequence[AtomKey]
    atom_names: Sequence[str]
    atom_of_key: dict[AtomKey, int] = field(repr=False)
    _objects_by_type: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_problem(cls, problem: Problem, atoms_on_demand: bool = False) -> Universe:
        """The problem's universe. With ``atoms_on_demand`` its atom table starts empty and
        grows as atoms are looked up (``atom_of_key[key]``), in the order they are met: what
        a look at a few atoms of a problem with 50,000 needs."""
        objects = {obj.name: obj.type.name for obj in problem.all_objects}
        type_parent = {kind.name: _parent_name(kind) for kind in problem.user_types}
        predicates = {
            fluent.name: [param.type.name for param in fluent.signature]
            for fluent in problem.fluents
            if fluent.type.is_bool_type()
        }
        if atoms_on_demand:
            table = _AtomsOnDemand(objects, type_parent, predicates)
            return cls(objects, type_parent, predicates, table.atom_keys, table.atom_names, table)
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


class _AtomsOnDemand(dict[AtomKey, int]):
    """An atom table that indexes a typed atom when it is first looked up; a key that is not
    a typed atom of the problem raises KeyError, as in the full table."""

    def __init__(
        self, objects: dict[str, str], type_parent: dict[str, str | None], predicates: dict[str, list[str]]
    ) -> None:
        super().__init__()
        self._objects, self._type_parent, self._predicates = objects, type_parent, predicates
        self.atom_keys: list[AtomKey] = []
        self.atom_names: list[str] = []

    def __missing__(self, key: AtomKey) -> int:
        predicate, args = key
        types = self._predicates.get(predicate)
        if types is None or len(types) != len(args):
            raise KeyError(key)
        for obj, kind in zip(args, types, strict=True):
            if not object_has_type(self._objects, self._type_parent, obj, kind):
                raise KeyError(key)
        index = self[key] = len(self.atom_keys)
        self.atom_keys.append(key)
        self.atom_names.append(call_name(predicate, args))
        return index


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
