"""The eight question kinds of ACPBench Hard, each declared once.

An ``AcpKind`` holds everything that differs from one kind to the next: how it
is asked (ACPBench Hard's question, our answer-format instruction, what the prompt's
context lists), the answer form the parser reads (figure 7), the judge (section
5), the gold and wrong reference answers, how its key is made from a state's
facts, and how ACPBench Hard's own key of that kind is converted to ours.
``ACP_KINDS`` lists them in the paper's order (table 2); every per-kind lookup
of the package reads this tuple.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorer.tasks.base import Judgement

from . import imported_keys, judge, keys, reference
from .imported_keys import Converted, Source
from .judge import Case

Key = dict[str, Any]


@dataclass(frozen=True)
class AcpKind:
    name: str
    form: str  # the figure 7 answer form parse.py reads: act, action_name, action_list, progression_list, index
    question: str  # ACPBench Hard's question; "{action}" and "{sequence}" are filled in
    instruction: str  # ours, after the question: the answer form, in words
    about_goal: bool  # a question about plans: the prompt states the goal
    lists_actions: bool  # the prompt's vocabulary: the action schemas (else the propositions)
    judge: Callable[[Case], Judgement]
    gold: Callable[[Key], str]  # a reference answer that scores 1
    wrong: Callable[[Key], str]  # one that scores 0
    convert: Callable[[Source], Converted]  # ACPBench Hard's own key of this kind, as ours
    # The key made from a state's facts (reachability, landmarks, h*), or None when the key
    # is computed from the state alone; such keys are exact when the state graph fits.
    fact_key: Callable[[keys.Facts], Key | None] | None = None
    answer_after_plan_label: bool = False  # the list is read after "simplified plan:" (the paper's form)
    needs_h_star: bool = False  # the key needs h* of the state: a planner call on large spaces

    @property
    def from_state_facts(self) -> bool:
        return self.fact_key is not None


APP = AcpKind(
    name="app",
    form="action_list",
    question="Generate the list of all ground actions that are applicable in this state.",
    instruction="Write each action in parentheses, as (name object ...), and answer with the list only, "
    "as [(action), (action), ...].",
    about_goal=False,
    lists_actions=True,
    judge=judge.judge_app,
    gold=reference.gold_app,
    wrong=reference.wrong_app,
    convert=imported_keys.convert_app,
)
PROG = AcpKind(
    name="prog",
    form="progression_list",
    question=(
        'Break down the outcomes of performing the action "{action}" into two lists, positive effects and '
        "negative effects. Positive effects are the propositions that are false in the current state but will "
        "become true after performing the action. Negative effects are the propositions that are true in the "
        "current state and will become false after performing the action."
    ),
    instruction="Write each proposition in parentheses, as (predicate object ...), and answer with the two lists "
    "only, positive effects first: [(proposition), ...] [(proposition), ...]. Write [] for an empty list.",
    about_goal=False,
    lists_actions=False,
    judge=judge.judge_prog,
    gold=reference.gold_prog,
    wrong=reference.wrong_prog,
    convert=imported_keys.convert_prog,
)
REACH = AcpKind(
    name="reach",
    form="act",
    question="What proposition can never hold in any potentially reachable state?",
    instruction="Answer with one proposition only, written in parentheses as (predicate object ...), or with None.",
    about_goal=False,
    lists_actions=False,
    judge=judge.judge_reach,
    gold=reference.gold_unreachable,
    wrong=reference.wrong_reach,
    convert=imported_keys.convert_reach,
    fact_key=keys.reach_key,
)
AREACH = AcpKind(
    name="areach",
    form="act",
    question="What action can never become applicable, in any state reachable from the current state?",
    instruction="Answer with one action only, written in parentheses as (name object ...), or with None.",
    about_goal=False,
    lists_actions=True,
    judge=judge.judge_areach,
    gold=reference.gold_unreachable,
    wrong=reference.wrong_areach,
    convert=imported_keys.convert_areach,
    fact_key=keys.areach_key,
)
VAL = AcpKind(
    name="val",
    form="index",
    question='What is the first inapplicable action in the next sequence of actions: "{sequence}"?',
    instruction="The actions are numbered from 0. Answer with the index of the first inapplicable action only.",
    about_goal=True,
    lists_actions=True,
    judge=judge.judge_val,
    gold=reference.gold_val,
    wrong=reference.wrong_val,
    convert=imported_keys.convert_val,
)
JUST = AcpKind(
    name="just",
    form="action_list",
    question=(
        'Simplify the plan "{sequence}" by removing either a single action or a pair of consecutive actions, '
        "while still maintaining a valid plan. Provide the resulting simplified plan."
    ),
    instruction="Answer with the simplified plan only, as a list of actions in parentheses: [(action), (action), ...].",
    about_goal=True,
    lists_actions=True,
    judge=judge.judge_just,
    gold=reference.gold_just,
    wrong=reference.wrong_just,
    convert=imported_keys.convert_just,
    answer_after_plan_label=True,
)
LAND = AcpKind(
    name="land",
    form="act",
    question="Generate a non-trivial fact landmark, one that does not hold in the initial state or goal.",
    instruction="Answer with one proposition only, written in parentheses as (predicate object ...), or with None.",
    about_goal=True,
    lists_actions=False,
    judge=judge.judge_land,
    gold=reference.gold_land,
    wrong=reference.wrong_land,
    convert=imported_keys.convert_land,
    fact_key=keys.land_key,
)
NEXTA = AcpKind(
    name="nexta",
    form="action_name",
    question="What is the next action that takes us towards the goal?",
    instruction="Answer with one action only, written in parentheses as (name object ...).",
    about_goal=True,
    lists_actions=True,
    judge=judge.judge_nexta,
    gold=reference.gold_nexta,
    wrong=reference.wrong_nexta,
    convert=imported_keys.convert_nexta,
    fact_key=keys.nexta_key,
    needs_h_star=True,
)

ACP_KINDS: tuple[AcpKind, ...] = (APP, PROG, REACH, AREACH, VAL, JUST, LAND, NEXTA)
KINDS: tuple[str, ...] = tuple(kind.name for kind in ACP_KINDS)
_BY_NAME = {kind.name: kind for kind in ACP_KINDS}


def acp_kind(name: str) -> AcpKind:
    """The declaration of question kind ``name`` (a row's ``meta["acp_task"]``)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown ACP question kind {name!r}; expected one of {', '.join(KINDS)}") from None
