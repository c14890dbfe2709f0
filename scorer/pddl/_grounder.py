"""Grounding a unified-planning Problem into a bitmask Task.

Static pruning happens while grounding: parameter tuples whose static
precondition part is false are never produced, and conditional effects whose
static condition part is false are dropped. Effect conditions are further
simplified against the action's own precondition, because they are read in a
state where the precondition holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from unified_planning.model import Effect, InstantaneousAction, Problem

from ._action import CondEffect, GroundAction
from ._bindings import JoinPlan, names_in, parameter_bindings, top_conjuncts
from ._formula import Formula, make_conj, split_literals, to_dnf
from ._ground_formula import Binding, FormulaGrounder, Grounding
from ._names import call_name
from ._task import Task
from ._universe import Universe

# (the condition's DNF terms as (pos, neg) masks, the atom's bit, True for add / False for delete)
GroundEffect = tuple[tuple[tuple[int, int], ...], int, bool]


def ground_problem(problem: Problem) -> Task:
    universe = Universe.from_problem(problem)
    grounder = ActionGrounder(problem, universe)
    actions: list[GroundAction] = []
    for schema in problem.actions:
        assert isinstance(schema, InstantaneousAction)  # checked by read_problem
        effects = grounder.effects_of(schema)
        for binding in parameter_bindings(schema, grounder.formulas):
            action = grounder.action(schema, binding, len(actions), effects)
            if action is not None:
                actions.append(action)
    return Task.build(
        name=problem.name,
        universe=universe,
        actions=actions,
        init=grounder.formulas.init,
        goal=grounder.goal(),
        static_atoms=universe.mask_of_predicates(grounder.formulas.static_predicates),
        action_schemas={
            schema.name: tuple(param.type.name for param in schema.parameters) for schema in problem.actions
        },
    )


class ActionGrounder:
    """A problem's actions grounded one binding at a time, and its goal: what grounding the
    whole task does for every binding the static facts allow, and what a check of a few
    named actions does for those alone (``PlanCheck``), so both ground them alike."""

    def __init__(self, problem: Problem, universe: Universe, init: int | None = None) -> None:
        """``init``: the initial state over the universe's atoms, when it is not the problem's
        own :init (read apart from it)."""
        self.problem = problem
        static_predicates = frozenset(universe.predicates) - _changed_predicates(problem)
        state = _initial_state(problem, universe) if init is None else init
        self.formulas = FormulaGrounder(universe, static_predicates, state)
        self._effects: dict[str, list[_EffectPlan]] = {}
        self._shared = _SharedEffects()

    def effects_of(self, schema: InstantaneousAction) -> list[_EffectPlan]:
        """The schema's effects on atoms, each compiled once."""
        found = self._effects.get(schema.name)
        if found is None:
            found = self._effects[schema.name] = [
                _EffectPlan.build(schema, effect, self.formulas)
                for effect in schema.effects
                if effect.fluent.type.is_bool_type()
            ]
        return found

    def action(
        self,
        schema: InstantaneousAction,
        binding: Binding,
        index: int,
        effects: Sequence[_EffectPlan] | None = None,
    ) -> GroundAction | None:
        """The schema's ground action under ``binding`` (its parameters' objects, correctly
        typed), None when its precondition is false in every state (static facts)."""
        effects = self.effects_of(schema) if effects is None else effects
        return _ground_action(schema, effects, binding, self.formulas, self._shared, index)

    def goal(self) -> Formula:
        return make_conj(self.formulas.ground(goal, {}) for goal in self.problem.goals)


def _changed_predicates(problem: Problem) -> frozenset[str]:
    return frozenset(
        effect.fluent.fluent().name
        for action in problem.actions
        for effect in action.effects
        if effect.fluent.type.is_bool_type()
    )


def _initial_state(problem: Problem, universe: Universe) -> int:
    state = 0
    for fluent_node, value in problem.explicit_initial_values.items():
        if fluent_node.type.is_bool_type() and value.is_true():
            args = tuple(arg.object().name for arg in fluent_node.args)
            state |= 1 << universe.atom_of_key[(fluent_node.fluent().name, args)]
    return state


def _ground_action(
    schema: InstantaneousAction,
    effects: Sequence[_EffectPlan],
    binding: Binding,
    grounder: FormulaGrounder,
    shared: _SharedEffects,
    index: int,
) -> GroundAction | None:
    precondition = make_conj(grounder.ground(node, binding) for node in schema.preconditions)
    if precondition is False:
        return None
    pre = split_literals(precondition)
    ground_effects = (ground for effect in effects for ground in effect.ground(binding))
    add, delete, cond_effects = _assemble_effects(ground_effects, pre.pos, pre.neg)
    cond_effects = shared.kept(cond_effects)
    name = call_name(schema.name, [binding[param.name] for param in schema.parameters])
    return GroundAction(
        name=name,
        index=index,
        pre_pos=pre.pos,
        pre_neg=pre.neg,
        add=add,
        delete=delete,
        cond_effects=cond_effects,
        atom_names=grounder.universe.atom_names,
        pre_general=None if pre.rest is True else pre.rest,
    )


@dataclass(frozen=True)
class _EffectPlan:
    """One effect of a schema, compiled once: its universal variables bound by a join
    on the static conjuncts of its condition, its condition and atom as closures.
    Its ground instances depend only on the parameters it names, so they are kept by
    their values: the actions that differ in another parameter share them.
    (Costs, ``(increase (total-cost) ...)``, are not modelled: they have no plan.)"""

    variables: JoinPlan
    condition: Grounding | None  # None: unconditional
    atom: Callable[[Binding], int]
    is_add: bool
    parameters: tuple[str, ...]  # the action's parameters the effect names
    _grounded: dict[tuple[str, ...], tuple[GroundEffect, ...]] = field(default_factory=dict)

    @classmethod
    def build(cls, schema: InstantaneousAction, effect: Effect, grounder: FormulaGrounder) -> _EffectPlan:
        names = [var.name for var in effect.forall]
        domains = [grounder.universe.objects_of(var.type.name) for var in effect.forall]
        conjuncts = top_conjuncts([effect.condition]) if effect.is_conditional() else []
        named = names_in(effect.condition) | names_in(effect.fluent)
        return cls(
            variables=JoinPlan.build(names, domains, conjuncts, grounder),
            condition=grounder.compiled(effect.condition) if effect.is_conditional() else None,
            atom=grounder.atom_reader(effect.fluent),
            is_add=bool(effect.value.bool_constant_value()),
            parameters=tuple(p.name for p in schema.parameters if p.name in named and p.name not in names),
        )

    def ground(self, binding: Binding) -> tuple[GroundEffect, ...]:
        """The effect's ground instances under the action's binding whose condition
        is not statically false."""
        key = tuple(binding[name] for name in self.parameters)
        found = self._grounded.get(key)
        if found is None:
            found = self._grounded[key] = tuple(self._instances(binding))
        return found

    def _instances(self, binding: Binding) -> Iterator[GroundEffect]:
        for inner in self.variables.bindings(binding):
            condition = True if self.condition is None else self.condition(inner)
            if condition is not False:
                yield tuple(to_dnf(condition)), 1 << self.atom(inner), self.is_add


class _SharedEffects:
    """Equal conditional effects, and equal tuples of them, kept once: the actions that
    differ only in parameters their effects do not name have the same ones, and a mask
    of a task of 7,000 atoms is a 1 kB int (a task of 86,000 actions took 4.4 GB)."""

    def __init__(self) -> None:
        self._effects: dict[CondEffect, CondEffect] = {}
        self._groups: dict[tuple[CondEffect, ...], tuple[CondEffect, ...]] = {}

    def kept(self, group: tuple[CondEffect, ...]) -> tuple[CondEffect, ...]:
        found = self._groups.get(group)
        if found is None:
            found = self._groups[group] = tuple(self._effects.setdefault(effect, effect) for effect in group)
        return found


def _assemble_effects(
    effects: Iterator[GroundEffect], pre_pos: int, pre_neg: int
) -> tuple[int, int, tuple[CondEffect, ...]]:
    add = delete = 0
    guarded: dict[tuple[int, int], list[int]] = {}  # (cond_pos, cond_neg) -> [add, delete]
    for terms, atom_bit, is_add in effects:
        for cond_pos, cond_neg in terms:
            if cond_pos & pre_neg or cond_neg & pre_pos:
                continue  # contradicts the precondition: can never fire
            cond_pos &= ~pre_pos  # implied by the precondition
            cond_neg &= ~pre_neg
            if not (cond_pos or cond_neg):
                add, delete = (add | atom_bit, delete) if is_add else (add, delete | atom_bit)
                continue
            masks = guarded.setdefault((cond_pos, cond_neg), [0, 0])
            masks[0 if is_add else 1] |= atom_bit
    keep = ~add  # add wins, so deletes of added atoms never take effect
    delete &= keep
    cond_effects = tuple(
        CondEffect(cond_pos, cond_neg, cond_add & keep, cond_delete & keep)
        for (cond_pos, cond_neg), (cond_add, cond_delete) in guarded.items()
        if cond_add & keep or cond_delete & keep
    )
    return add, delete, cond_effects
