"""Grounding a unified-planning Problem into a bitmask Task.

Static pruning happens while grounding: parameter tuples whose static
precondition part is false are never produced, and conditional effects whose
static condition part is false are dropped. Effect conditions are further
simplified against the action's own precondition, because they are read in a
state where the precondition holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from unified_planning.model import InstantaneousAction, Problem

from ._action import CondEffect, GroundAction
from ._bindings import parameter_bindings
from ._formula import Formula, make_conj, split_literals, to_dnf
from ._ground_formula import Binding, FormulaGrounder
from ._names import call_name
from ._task import Task
from ._universe import Universe

# (condition, atom index, True for add / False for delete)
GroundEffect = tuple[Formula, int, bool]


def ground_problem(problem: Problem) -> Task:
    universe = Universe.from_problem(problem)
    static_predicates = frozenset(universe.predicates) - _changed_predicates(problem)
    grounder = FormulaGrounder(universe, static_predicates, _initial_state(problem, universe))
    actions: list[GroundAction] = []
    for schema in problem.actions:
        assert isinstance(schema, InstantaneousAction)  # checked by read_problem
        for binding in parameter_bindings(schema, grounder):
            action = _ground_action(schema, binding, grounder, len(actions))
            if action is not None:
                actions.append(action)
    goal = make_conj(grounder.ground(goal, {}) for goal in problem.goals)
    return Task.build(
        name=problem.name,
        universe=universe,
        actions=actions,
        init=grounder.init,
        goal=goal,
        static_atoms=universe.mask_of_predicates(static_predicates),
        action_schemas={
            schema.name: tuple(param.type.name for param in schema.parameters) for schema in problem.actions
        },
    )


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
    schema: InstantaneousAction, binding: Binding, grounder: FormulaGrounder, index: int
) -> GroundAction | None:
    precondition = make_conj(grounder.ground(node, binding) for node in schema.preconditions)
    if precondition is False:
        return None
    pre = split_literals(precondition)
    add, delete, cond_effects = _assemble_effects(_ground_effects(schema, binding, grounder), pre.pos, pre.neg)
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


def _ground_effects(schema: InstantaneousAction, binding: Binding, grounder: FormulaGrounder) -> Iterator[GroundEffect]:
    for effect in schema.effects:
        if not effect.fluent.type.is_bool_type():
            continue  # (increase (total-cost) ...): costs are not modelled
        variables = effect.forall
        domains = [grounder.universe.objects_of(var.type.name) for var in variables]
        for values in product(*domains):
            inner = dict(binding)
            inner.update(zip((var.name for var in variables), values, strict=True))
            condition = grounder.ground(effect.condition, inner) if effect.is_conditional() else True
            if condition is not False:
                yield condition, grounder.atom_index(effect.fluent, inner), effect.value.bool_constant_value()


def _assemble_effects(
    effects: Iterator[GroundEffect], pre_pos: int, pre_neg: int
) -> tuple[int, int, tuple[CondEffect, ...]]:
    add = delete = 0
    guarded: dict[tuple[int, int], list[int]] = {}  # (cond_pos, cond_neg) -> [add, delete]
    for condition, atom, is_add in effects:
        for cond_pos, cond_neg in to_dnf(condition):
            if cond_pos & pre_neg or cond_neg & pre_pos:
                continue  # contradicts the precondition: can never fire
            cond_pos &= ~pre_pos  # implied by the precondition
            cond_neg &= ~pre_neg
            if not (cond_pos or cond_neg):
                add, delete = (add | 1 << atom, delete) if is_add else (add, delete | 1 << atom)
                continue
            masks = guarded.setdefault((cond_pos, cond_neg), [0, 0])
            masks[0 if is_add else 1] |= 1 << atom
    delete &= ~add  # add wins, so these deletes never take effect
    cond_effects = tuple(
        CondEffect(cond_pos, cond_neg, cond_add & ~add, cond_delete & ~add)
        for (cond_pos, cond_neg), (cond_add, cond_delete) in guarded.items()
        if cond_add & ~add or cond_delete & ~add
    )
    return add, delete, cond_effects
