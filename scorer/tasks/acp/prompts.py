"""How an ACP question is asked: context, question, answer-format instruction.

The context follows ACPBench Hard's layout: what the domain is, its objects, the
facts that never change, the current state (in words, or as an ``<image>``
for visual domains), the goal (for val, just, land and nexta, which are about
plans), then the vocabulary the answer must use: the action schemas with
their parameters (app, areach, just, nexta, val) or the propositions
(prog, reach, land), each with its reading in words. The questions are the
paper's; the instructions after them are ours and name the answer form the
parser reads (``parse.py``). Both, and which kinds state the goal or list the
actions, are declared with each kind (``question_kinds.py``).

Variants (ACPBench Hard, sections 6.1 and 6.3): ``fewshot_prompt`` puts two solved
examples before the question, ``pddl_prompt`` puts the PDDL domain and
problem (whose ``:init`` is the current state) before it (table 3's "PDDL+NL"), and
``pddl_only_prompt`` gives the PDDL domain and problem in place of the words (table 3's
"PDDL"): no description, no state in words or image, actions named as PDDL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from scorer.pddl import Task

from .question_kinds import acp_kind
from .sexpr import SExpr, keyword_value, read_sexpr, sections, typed_names
from .vocabulary import fluent_mask

IMAGE = "<image>"


@dataclass(frozen=True)
class DomainWords:
    """What a domain says in words. ``state_image`` makes the state an image
    (visual domains); ``goal_words`` and ``static_words`` override the default
    readings of the goal and of the facts that never change (one sentence per atom)."""

    description: str
    atom_text: Callable[[str], str]
    action_text: Callable[[str], str]
    state_image: Callable[[Task, int], bytes] | None = None
    goal_words: Callable[[Task], str] | None = None
    static_words: Callable[[Task, int], str] | None = None


@dataclass(frozen=True)
class Prompt:
    text: str
    images: list[bytes]


def question_text(kind: str, words: DomainWords, action: str | None = None, sequence: Sequence[str] = ()) -> str:
    """Seed 002's question of ``kind``, naming its action (prog) or its sequence (val, just)."""
    template = acp_kind(kind).question
    if "{action}" in template:
        assert action is not None
        return template.format(action=words.action_text(action))
    return template.format(sequence=" ".join(sequence))


def build_prompt(words: DomainWords, domain_pddl: str, task: Task, state: int, kind: str, question: str) -> Prompt:
    """The zero-shot prompt: context, question, instruction."""
    parts = [words.description, objects_sentence(task)]
    if words.static_words is not None:
        parts.append(words.static_words(task, state))
    elif static := _static_facts(task, state, words):
        parts.append(f"These facts never change: {static}.")
    images: list[bytes] = []
    if words.state_image is None:
        parts.append(f"Currently, {_join(words.atom_text(a) for a in _fluent_atoms(task, state))}.")
    else:
        parts.append(f"The current state is shown in this image: {IMAGE}")
        images.append(words.state_image(task, state))
    declared = acp_kind(kind)
    if declared.about_goal:
        goal = words.goal_words(task) if words.goal_words else _join(words.atom_text(a) for a in task.goal_atoms()[0])
        parts.append(f"The goal is to reach a state where the following facts hold: {goal}.")
    parts.append(vocabulary_sentence(words, domain_pddl, declared.lists_actions))
    context = " ".join(part.strip() for part in parts if part)
    return Prompt(f"{context}\n\n{question} {declared.instruction}", images)


def objects_sentence(task: Task) -> str:
    by_type: dict[str, list[str]] = {}
    for name, kind in task.objects.items():
        by_type.setdefault(kind, []).append(name)
    groups = [f"{kind}: {', '.join(names)}" for kind, names in by_type.items()]
    return f"The objects, by type, are {'; '.join(groups)}."


def vocabulary_sentence(words: DomainWords, domain_pddl: str, actions: bool) -> str:
    signatures = action_signatures(domain_pddl) if actions else proposition_signatures(domain_pddl)
    render = words.action_text if actions else words.atom_text
    listed = ", ".join(f"{call} - {render(call)}" for call in signatures)
    return f"The available {'actions' if actions else 'propositions'} are: {listed}."


def action_signatures(domain_pddl: str) -> list[str]:
    """``(name ?param ...)`` of every action schema, in domain order."""
    define = read_sexpr(domain_pddl)
    calls = []
    for action in sections(define, ":action"):
        parameters = keyword_value(action, ":parameters")
        names = [name for name, _ in typed_names(parameters if isinstance(parameters, list) else [])]
        calls.append("(" + " ".join([str(action[1]).lower(), *names]) + ")")
    return calls


def proposition_signatures(domain_pddl: str, fluents: set[str] | None = None) -> list[str]:
    """``(predicate ?param ...)`` of every predicate some action changes, in domain order."""
    define = read_sexpr(domain_pddl)
    changed = fluents if fluents is not None else _changed_predicates(define)
    calls = []
    for predicates in sections(define, ":predicates"):
        for declaration in predicates[1:]:
            if isinstance(declaration, list) and declaration and str(declaration[0]).lower() in changed:
                names = [name for name, _ in typed_names(declaration[1:])]
                calls.append("(" + " ".join([str(declaration[0]).lower(), *names]) + ")")
    return calls


def _changed_predicates(define: SExpr) -> set[str]:
    changed: set[str] = set()
    for action in sections(define, ":action"):
        _collect_effect_heads(keyword_value(action, ":effect"), changed)
    return changed


def _collect_effect_heads(effect: object, found: set[str]) -> None:
    if not isinstance(effect, list) or not effect:
        return
    head = str(effect[0]).lower()
    if head in ("and", "not"):
        for part in effect[1:]:
            _collect_effect_heads(part, found)
    elif head == "when":
        _collect_effect_heads(effect[2] if len(effect) > 2 else None, found)
    elif head == "forall":
        _collect_effect_heads(effect[2] if len(effect) > 2 else None, found)
    elif head not in ("increase", "decrease"):
        found.add(head)


def pddl_prompt(domain_pddl: str, problem_pddl: str, prompt_text: str) -> str:
    """ACPBench Hard section 6.3's PDDL+NL representation: the PDDL, then the prompt."""
    return f"{_pddl_context(domain_pddl, problem_pddl)}\n\n{prompt_text}"


def pddl_only_prompt(domain_pddl: str, problem_pddl: str, question: str, kind: str) -> str:
    """ACPBench Hard section 6.3's PDDL representation: the PDDL, the question, the
    answer-format instruction, and no words about the domain or the state."""
    return f"{_pddl_context(domain_pddl, problem_pddl)}\n\n{question} {acp_kind(kind).instruction}"


def pddl_question_text(kind: str, action: str | None = None, sequence: Sequence[str] = ()) -> str:
    """The question of ``kind`` naming its action as PDDL (``(move-left red_cube b1 a1)``)."""
    template = acp_kind(kind).question
    if "{action}" in template:
        assert action is not None
        return template.format(action=action)
    return template.format(sequence=" ".join(sequence))


def _pddl_context(domain_pddl: str, problem_pddl: str) -> str:
    return (
        f"PDDL domain:\n```pddl\n{domain_pddl.strip()}\n```\n\n"
        f"PDDL problem (its :init is the current state):\n```pddl\n{problem_pddl.strip()}\n```"
    )


def fewshot_prompt(shots: Sequence[tuple[str, str]], prompt_text: str) -> str:
    """Two solved examples (prompt, answer) from outside the evaluation set, then the question."""
    examples = [f"Example {i}:\n{text}\nAnswer: {answer}" for i, (text, answer) in enumerate(shots, start=1)]
    return "\n\n".join([*examples, f"Now answer this one:\n{prompt_text}"])


def _fluent_atoms(task: Task, state: int) -> list[str]:
    mask = state & fluent_mask(task)
    return task.true_atoms(mask)


def _static_facts(task: Task, state: int, words: DomainWords) -> str:
    mask = state & task.static_atoms
    return _join(words.atom_text(atom) for atom in task.true_atoms(mask))


def _join(texts: Iterable[str]) -> str:
    items = list(texts)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
