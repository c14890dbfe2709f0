"""ViPlan's own functions and loops, loaded from ``../shared/external/reference-code/viplan``,
and the reply corpora the differential tests feed to them and to ours.

Nothing of ViPlan's code is copied here: ``reference.lift`` executes its functions as
published. What stands in for ViPlan's simulators (its Blender blocksworld and its iGibson
client) is ours and small: a state the loop can ask ``goal_reached``, ``render`` and
``apply_action`` of, answered from our PDDL task; ViPlan's own ``_get_specific_action``
(the blocksworld simulator's check of a planner's block and column) is lifted out of its
class and bound to the stand-in.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import io
import itertools
import json
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Dict, List, Tuple, Union  # noqa: UP035 - the names ViPlan's annotations use

from scorer.episodes.engine import make_episode, step_on_reply
from scorer.io.dataset import KeyRow
from scorer.pddl import Task
from tests.fidelity.reference import lift, reference_path

VIPLAN = "viplan"
CODE_HELPERS = f"{VIPLAN}/viplan/code_helpers.py"
BW_GROUNDER = f"{VIPLAN}/viplan/experiments/benchmark_blocksworld_plan.py"
HH_GROUNDER = f"{VIPLAN}/viplan/experiments/benchmark_igibson_plan.py"
BW_PLANNER = f"{VIPLAN}/viplan/experiments/benchmark_blocksworld_vila.py"
HH_PLANNER = f"{VIPLAN}/viplan/experiments/benchmark_igibson_vila.py"
SIMULATOR = f"{VIPLAN}/viplan/planning/blocksworld_simulator.py"
PROMPTS = f"{VIPLAN}/data/prompts"
TYPING = {"List": List, "Dict": Dict, "Tuple": Tuple, "Union": Union}  # noqa: UP006


class Quiet:
    """ViPlan's logger, silenced."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


LOGGER = Quiet()


# -- the authors' functions ---------------------------------------------------------


@cache
def helpers() -> types.SimpleNamespace:
    return lift(CODE_HELPERS, ["parse_output", "get_messages"], TYPING)


@cache
def grounder(relative: str = BW_GROUNDER) -> types.SimpleNamespace:
    """ViPlan's grounder reading and scoring of enumeration answers (either domain's file)."""
    names = ["cast_to_yes_no", "get_enumeration_results", "compute_enumeration_metrics"]
    return lift(relative, names, {"parse_output": helpers().parse_output, "copy": copy})


@cache
def bw_planner() -> types.SimpleNamespace:
    names = ["parse_json_output", "get_plan_action", "get_goal_str", "planning_loop", "block_templates"]
    return lift(BW_PLANNER, names, {"json": json, "copy": copy})


@cache
def hh_planner() -> types.SimpleNamespace:
    names = ["parse_json_output", "get_goal_str", "get_priviledged_predicates_str", "planning_loop"]
    names += ["goal_templates", "preds_templates"]
    return lift(HH_PLANNER, names, {"json": json, "copy": copy})


def lift_method(relative: str, class_name: str, method: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    """One method of a reference class, executed on its own (its class needs Blender)."""
    path = reference_path(relative)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    node = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == method)
    node = copy.deepcopy(node)
    node.decorator_list = []
    scope = dict(namespace)
    exec(compile(ast.Module(body=[node], type_ignores=[]), str(path), "exec"), scope)  # noqa: S102
    return scope[method]  # type: ignore[no-any-return]


def prompt_text(relative: str) -> str:
    return reference_path(f"{PROMPTS}/{relative}").read_text(encoding="utf-8")


def viplan_yes_no(reply: str, relative: str = BW_GROUNDER) -> str:
    """ViPlan's reading of one grounder reply, through its own enumeration code."""
    env = types.SimpleNamespace(render=lambda: None)
    model = ScriptedModel([reply], probs=True)
    questions = {"on r,g": ("Is the red block on top of the green block?", True)}
    results = grounder(relative).get_enumeration_results(
        env, model, questions, str(reference_path(f"{PROMPTS}/benchmark/blocksworld/prompt.md")), LOGGER
    )
    return str(results["on r,g"][0])


# -- chat structure -----------------------------------------------------------------


def viplan_chat(prompt: str) -> list[dict[str, Any]]:
    """The messages ViPlan's ``get_messages`` makes of a prompt (text parts stripped)."""
    return helpers().get_messages(prompt)  # type: ignore[no-any-return]


def our_chat(messages: Sequence[Any]) -> list[dict[str, Any]]:
    """Our messages in ``get_messages``' shape: a user message with an image becomes parts
    (text between markers, then ``{"type": "image"}``), as our client sends them."""
    shaped = []
    for message in messages:
        role, text = message.role, message.content
        if "<image>" not in text:
            shaped.append({"role": role, "content": text})
            continue
        parts: list[dict[str, str]] = []
        pieces = text.split("<image>")
        for index, piece in enumerate(pieces):
            if piece.strip():
                parts.append({"type": "text", "text": piece})
            if index < len(pieces) - 1:
                parts.append({"type": "image"})
        shaped.append({"role": role, "content": parts})
    return shaped


def edges_stripped(chat: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``chat`` with every text stripped at its ends (``get_messages`` strips each part;
    our client sends the line break that sits next to an image marker)."""
    out = []
    for message in chat:
        content = message["content"]
        if isinstance(content, str):
            out.append({**message, "content": content.strip()})
        else:
            out.append(
                {**message, "content": [{**p, "text": p["text"].strip()} if "text" in p else p for p in content]}
            )
    return out


# -- a scripted model ---------------------------------------------------------------


class OutOfReplies(Exception):
    """The script is spent: the test stops the authors' loop here."""


@dataclass
class ScriptedModel:
    """ViPlan's model interface (``generate``), replying from a script and keeping the prompts."""

    replies: list[str]
    probs: bool = False
    prompts: list[str] = field(default_factory=list)

    def generate(self, prompts: list[str], images: list[Any], return_probs: bool = False, **_: Any) -> list[Any]:
        if not self.replies and not self.probs:
            raise OutOfReplies
        self.prompts.extend(prompts)
        out = [self.replies.pop(0) if self.replies else "" for _ in prompts]
        return [(reply, 0.5, 0.5) for reply in out] if return_probs else out


# -- stand-ins for ViPlan's simulators ----------------------------------------------


class TaskEnv:
    """What ViPlan's planning loops ask of an environment, answered from our task (no action
    failures: ``fail_prob`` 0)."""

    def __init__(self, task: Task, problem: Any) -> None:
        self.task, self.problem = task, problem
        self.current = task.init

    @property
    def goal_reached(self) -> bool:
        return self.task.is_goal(self.current)

    @property
    def state(self) -> str:
        return " ".join(self.task.true_atoms(self.current))

    @property
    def goal_fluents(self) -> Any:
        goals = self.problem.goals
        return goals[0].args if len(goals) == 1 and goals[0].is_and() else goals

    def render(self) -> None:
        return None

    def run(self, pddl_name: str) -> bool:
        action = self.task.action(pddl_name)
        if action is None or not self.task.is_applicable(self.current, action):
            return False
        self.current = self.task.successor(self.current, action)
        return True


class BlocksEnv(TaskEnv):
    """ViPlan's blocksworld simulator as its planner loop uses it."""

    def __init__(self, task: Task, problem: Any) -> None:
        super().__init__(task, problem)
        self.all_objects = {
            kind: [o for o in problem.all_objects if o.type.name == kind] for kind in ("block", "column")
        }

    def apply_action(self, action: Any) -> tuple[bool, str]:
        block, column = (str(p) for p in action.actual_parameters)
        legal = self.run(f"(moveblock {block} {column})")
        return (True, "success") if legal else (False, "not legal")


def bind_specific_action(env: BlocksEnv) -> None:
    env._get_specific_action = types.MethodType(_specific_action(), env)  # type: ignore[attr-defined]


@cache
def _specific_action() -> Callable[..., Any]:
    from unified_planning.plans import ActionInstance
    from unified_planning.shortcuts import Object

    return lift_method(
        SIMULATOR, "BlocksworldSimulator", "_get_specific_action", {"Object": Object, "ActionInstance": ActionInstance}
    )


class HouseholdEnv(TaskEnv):
    """ViPlan's iGibson client as its planner loop uses it: ``apply_action(action, params)``
    succeeds when the action names the task's objects exactly and is applicable (the
    server's refusals are ``success=False``)."""

    def __init__(
        self, task: Task, problem: Any, privileged: Callable[[int], dict[str, dict[tuple[str, ...], bool]]]
    ) -> None:
        super().__init__(task, problem)
        self.privileged = privileged

    @property
    def priviledged_predicates(self) -> dict[str, dict[tuple[str, ...], bool]]:
        return self.privileged(self.current)

    def apply_action(self, action: str, params: Any) -> tuple[bool, str]:
        if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
            return False, "not legal"
        if action not in self.task.action_schemas or not all(p in self.task.objects for p in params):
            return False, "not legal"
        name = f"({' '.join([action, *params])})"
        if not self.task.is_well_formed_action(name):
            return False, "not legal"
        return (True, "success") if self.run(name) else (False, "not legal")


def up_problem(row: KeyRow) -> Any:
    return _up_problem(row.domain_pddl, row.problem_pddl)


@cache
def _up_problem(domain: str, problem: str) -> Any:
    """unified-planning's reading of a problem (the loops only read it)."""
    from scorer.pddl._reading import read_problem

    return read_problem(domain, problem)


# -- running both loops on the same replies ------------------------------------------


@dataclass
class Run:
    feedback: list[Any]  # the previous-actions list, as each loop keeps it
    steps: int  # replies consumed
    completed: bool
    prompts: list[list[dict[str, Any]]]  # each step's chat messages


def viplan_bw_planner(row: KeyRow, replies: Sequence[str], cot: bool = False) -> Run:
    task = make_episode(row, {"mode": "planner"}).task  # type: ignore[attr-defined]
    env = BlocksEnv(task, up_problem(row))
    bind_specific_action(env)
    name = "vila_blocksworld_json_cot.md" if cot else "vila_blocksworld_json.md"
    base = prompt_text(f"planning/{name}").replace("{goal_string}", bw_planner().get_goal_str(env))
    model = ScriptedModel(list(replies))
    return _run(model, env, lambda: bw_planner().planning_loop(env, model, base, LOGGER, max_steps=_steps(row)))


def viplan_hh_planner(row: KeyRow, replies: Sequence[str], cot: bool = False) -> Run:
    task = make_episode(row, {"mode": "planner"}).task  # type: ignore[attr-defined]
    problem = up_problem(row)
    env = HouseholdEnv(task, problem, lambda state: privileged_facts(task, state))
    name = "vila_igibson_json_cot.md" if cot else "vila_igibson_json.md"
    base = prompt_text(f"planning/{name}").replace("{goal_string}", hh_planner().get_goal_str(env))
    model = ScriptedModel(list(replies))
    return _run(
        model, env, lambda: hh_planner().planning_loop(env, model, base, problem, LOGGER, max_steps=_steps(row))
    )


def _steps(row: KeyRow) -> int:
    return int(row.meta["max_steps"])


def _run(model: ScriptedModel, env: TaskEnv, loop: Callable[[], dict[str, Any]]) -> Run:
    """Run the authors' loop until it ends or the script is spent (the prompts it sent,
    the feedback it kept, how many replies it read)."""
    feedback: list[Any] = []
    original = json.dumps

    def spy(value: Any, *args: Any, **kwargs: Any) -> str:  # the loop's previous_actions, as it dumps them
        if isinstance(value, list):
            feedback[:] = [copy.deepcopy(v) for v in value]
        return original(value, *args, **kwargs)

    try:
        json.dumps = spy  # type: ignore[assignment]
        with contextlib.redirect_stdout(io.StringIO()):  # its get_plan_action prints on a KeyError
            result = loop()
        feedback = result["previous_actions"]
    except OutOfReplies:
        pass
    finally:
        json.dumps = original  # type: ignore[assignment]
    return Run(feedback, len(model.prompts), env.goal_reached, [viplan_chat(p) for p in model.prompts])


def privileged_facts(task: Task, state: int) -> dict[str, dict[tuple[str, ...], bool]]:
    """What our world tells the planner about hidden objects, in the client's shape for
    ViPlan's loop: predicate -> {argument tuple: value} (its loop tests ``== {}`` for
    "no facts" and formats each key's arguments)."""
    from scorer.families.household.verbalize import hidden_atoms

    hidden = hidden_atoms(task.true_atoms(state))
    return {"inside": {tuple(atom.strip("()").split()[1:]): True for atom in hidden}}


def our_planner(row: KeyRow, replies: Sequence[str], cot: bool = False, parser: str = "paper") -> Run:
    episode = make_episode(row, {"mode": "planner", "parser": parser, "cot": cot})
    observation, _ = episode.reset()
    prompts = [our_chat(observation.roles())]
    for reply in replies:
        result = step_on_reply(episode, reply)
        if result.terminated or result.truncated:
            break
        prompts.append(our_chat(result.observation.roles()))
    outcome = episode.outcome()
    feedback = list(episode.feedback)  # type: ignore[attr-defined]
    if outcome["end"] == "unparsable":  # the entry of the reply that ended it is never shown
        feedback = feedback[:-1]
    return Run(feedback, outcome["steps"], outcome["success"], prompts)


# -- corpora ------------------------------------------------------------------------

YES_NO_CORES = (
    "Yes",
    "No",
    "yes",
    "no",
    "YES",
    "NO",
    "Yes.",
    "No!",
    "yes?",
    "No,",
    "Nobody",
    "None",
    "Not sure",
    "Note: yes",
    "**Yes**",
    "**No**",
    "Yes, it is.",
    "No, it is not.",
    "I cannot tell.",
    "",
    "   ",
    "Maybe",
    "The answer is yes",
    "The answer is: no",
    "yes no",
    "no yes",
    "Yesterday",
    "Absolutely yes.",
    "noon",
    "Y",
    "N",
    "true",
    "'yes'",
    '"No"',
    "Yes\nNo",
    "yes\n",
    "no.\n\nThe block is elsewhere.",
    "Yes!!!",
)
YES_NO_WRAPPERS = (
    "{}",
    "<answer>{}</answer>",
    "<answer>\n{}\n</answer>",
    "<Answer>{}</Answer>",
    "<answer>{}<\\answer>",
    "<explanation>I look at the image.</explanation>\n<answer>{}</answer>",
    "<explanation>{}</explanation>",
    "<answer>{}",
    "</answer>{}<answer>",
    "```\n{}\n```",
    "<think>Let me see: no.</think>\n{}",
    "<think>yes</think><answer>{}</answer>",
    "Sure! {}",
    "{} Let me explain: no.",
    "<answer>no</answer> <answer>{}</answer>",
)


def yes_no_corpus() -> list[str]:
    """570 grounder replies: every core answer in every wrapping."""
    return [wrapper.format(core) for wrapper, core in itertools.product(YES_NO_WRAPPERS, YES_NO_CORES)]


def _move(block: str, column: str) -> dict[str, Any]:
    return {"action": "moveblock", "parameters": {"block": block, "column": column}}


def bw_entries(blocks: Sequence[str], columns: Sequence[str]) -> Iterator[Any]:
    """First plan entries of every kind a model writes (well-formed, case, lists, extra keys,
    unknown names, missing or odd fields)."""
    for block, column in itertools.product(blocks, columns):
        yield _move(block, column)
    b, c = blocks[0], columns[-1]
    yield from (
        {"action": "MoveBlock", "parameters": {"block": b, "column": c}},
        {"action": "moveBlock", "parameters": {"block": b, "column": c}},
        {"action": "moveblock", "parameters": {"block": b.upper(), "column": c}},
        {"action": "moveblock", "parameters": {"block": b, "column": c.upper()}},
        {"action": "moveblock", "parameters": [b, c]},
        {"action": "moveblock", "parameters": f"{b}, {c}"},
        {"action": "moveblock", "parameters": {"block": b, "column": c, "from": columns[0]}},
        {"action": "moveblock", "parameters": {"column": c, "block": b}},
        {"action": "moveblock", "parameters": {"b": b, "c": c}},
        {"action": "moveblock", "parameters": {"block": b}},
        {"action": "moveblock", "parameters": {"block": "z", "column": c}},
        {"action": "moveblock", "parameters": {"block": b, "column": "c9"}},
        {"action": "moveblock", "parameters": {"block": " " + b, "column": c}},
        {"action": "moveblock", "parameters": {"block": 1, "column": c}},
        {"action": "moveblock"},
        {"action": "pickup", "parameters": {"block": b}},
        {"action": "teleport", "parameters": {}},
        {"action": 7, "parameters": {"block": b, "column": c}},
        {"parameters": {"block": b, "column": c}},
        "moveblock(r, c1)",
        {"action": "moveblock", "parameters": {"block": b, "column": c}, "reason": "clear the way"},
    )


def wrap_json(document: Any) -> Iterator[str]:
    """One document written the ways a model writes it."""
    text = json.dumps(document)
    yield text
    yield json.dumps(document, indent=2)
    yield f"```json\n{text}\n```"
    yield f"Here is my plan:\n{text}\nGood luck!"
    yield f"<think>I should not start with {{this}}.</think>\n{text}"
    yield f"```\n{text}\n```"
    yield f"{text}\nNote: the {{last}} brace after the plan breaks the slice."


def planner_replies(entries: Sequence[Any], explanation: bool = False) -> list[str]:
    """Replies around ``entries`` (each the first of a plan), plus envelopes that are not plans."""
    replies = []
    for entry in entries:
        document: dict[str, Any] = {"plan": [entry, entry]}
        if explanation:
            document = {"explanation": "Move the top block first.", **document}
        replies.extend(wrap_json(document))
    first = entries[0]
    replies += [
        json.dumps(first),  # one action, no plan
        json.dumps({"action": first}),
        json.dumps({"plan": []}),
        json.dumps({"plan": first}),
        json.dumps({"plan": None}),
        json.dumps({"plan": "moveblock"}),
        json.dumps({"Plan": [first]}),
        "no JSON at all",
        "{'plan': [{'action': 'moveblock'}]}",
        '{"plan": [' + json.dumps(first) + ",]}",
        json.dumps({"plan": [first]}) + " and then " + json.dumps({"plan": [first]}),
        "[" + json.dumps({"plan": [first]}) + "]",
        "",
    ]
    return replies


def hh_entries(task: Task, state: int) -> Iterator[Any]:
    """First plan entries for the household: every action applicable in ``state`` and
    every schema on every object that fits, then the ways a model gets them wrong."""
    applicable = [a.name.strip("()").split() for a in task.applicable(state)]
    for name, *args in applicable:
        yield {"action": name, "parameters": args}
        yield {"action": name, "parameters": {f"object{i}": arg for i, arg in enumerate(args, 1)}}
        yield {"action": name.title(), "parameters": args}
    objects = sorted(task.objects)
    for schema in sorted(task.action_schemas):
        for obj in objects[:8]:
            yield {"action": schema, "parameters": [obj]}
    name, *args = applicable[0]
    yield from (
        {"action": name.upper(), "parameters": args},
        {"action": name.replace("-", "_"), "parameters": args},
        {"action": name, "parameters": [a.upper() for a in args]},
        {"action": name, "parameters": {"object": args[0]}},
        {"action": name, "parameters": args[0]},
        {"action": name, "parameters": [*args, args[0]]},
        {"action": name, "parameters": []},
        {"action": name},
        {"action": "teleport", "parameters": args},
        {"action": "pick-up", "parameters": args},
        {"action": 3, "parameters": args},
        {"parameters": args},
        {"action": name, "parameters": args, "why": "closest"},
        {"action": name, "parameters": ["no_such_object_9"]},
    )
