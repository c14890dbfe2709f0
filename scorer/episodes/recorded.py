"""Outcomes a paper's own run decided that our engine cannot know, carried in an episode log.

A replay of a paper's released run feeds the model's recorded replies through our engine.
Most of what happens then is decided by our PDDL (is the action legal, does the goal hold).
Some of it was decided by the paper's simulator and no PDDL can say it: ViPlan's action
failures drawn by its own random generator, an action iGibson ran without its effect
("executed but failed"), iGibson's server errors, the plans ViPlan's symbolic planner chose,
which objects iGibson's camera showed. The log carries those as a ``recorded`` object beside
``settings`` and ``replies``; the replay applies them and the outcome counts them
(``recorded_applied``), so a score built on them says so.

Planner episodes: ``{"source": str, "steps": [null | {"outcome", "info", "ran"}, ...]}``, one
entry per reply. An entry is what the paper's simulator did at that step: the feedback's
outcome and info, and the PDDL action that really ran (null: nothing moved). A null entry
leaves the step to our engine, without any failure draw of ours: with a recording, the
recording is the simulator.

Grounder episodes: ``{"source": str, "plans": [[action, ...], ...], "steps": [...]}``: the
plans the paper's planner chose, in order (the first from the initial enumeration, then one
per replan), and per checked action (in order) null (it ran as planned) or ``{"ran": action |
null}`` (the simulator's failure: another action, or nothing). ``"seen"``: per question batch
(``enumerate/<k>``, ``precondition/<n>``, ``effect/<n>``: the k-th enumeration, the n-th
checked action's), the atoms the paper's run asked about, where its simulator's camera decided
what could be asked (atoms our grounded task does not hold included: the paper asked them).
``"truths"``: per question batch, what the paper's simulator held true of each atom it asked
about or checked unseen (its own scene's truth, which judges the answers in place of our
PDDL state; where ours differs the outcome counts ``truth_conflicts``). ``"expected"``: per
effect batch, the value the paper's loop expected of each atom it asked (its PDDL effects
applied to its simulator's state before the action, which ours cannot know). ``"stop_after": n`` with
``"stop_at": "replan" | "check"``: the paper's loop stopped after its n-th checked action, when
it set out to replan or to check the next action, and its file keeps no record of why (the
answers of that step are lost: its code raised, or dropped a replan that failed), so the
replay ends there too (``end: recorded_stop``); ``"stop_at": "start"``: it stopped before its
first question.

Both: ``"goal": bool``, the paper's simulator's own goal check where its loop ended (a planner
loop checks after every action and stops at the first pass, so a true check is the last
recorded step's). The replay's success is that verdict; where our PDDL goal judges otherwise
the outcome counts it (``goal_conflicts``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorer.episodes.base import SettingsError

STOPS = ("check", "replan", "start")


@dataclass(frozen=True)
class RecordedStep:
    """What the paper's simulator did with one action."""

    outcome: str | None = None  # the feedback's outcome word (planner episodes)
    info: str | None = None
    ran: str | None = None  # the PDDL action that really ran; None: nothing moved


@dataclass(frozen=True)
class Recording:
    source: str
    steps: tuple[RecordedStep | None, ...] = ()
    plans: tuple[tuple[str, ...], ...] = ()
    stop_after: int | None = None  # checked actions after which the paper's loop stopped
    stop_at: str = "check"  # where: on its way to a replan, to the next check, or at the start
    # Per question batch ("enumerate/<k>", "precondition/<n>", "effect/<n>"), the atoms the
    # paper's run could ask about (what its simulator's camera saw); None: our world decides.
    seen: Mapping[str, frozenset[str]] | None = None
    # Per question batch, the simulator's truth of the atoms it asked about or checked unseen.
    truths: Mapping[str, Mapping[str, bool]] | None = None
    goal: bool | None = None  # the simulator's goal check where its loop ended; None: our PDDL's
    # Per effect batch, what the paper's loop expected of each atom it asked about.
    expected: Mapping[str, Mapping[str, bool]] | None = None

    def stops(self, checked: int, at: str) -> bool:
        return self.stop_after == checked and self.stop_at == at

    def step(self, index: int) -> RecordedStep | None:
        return self.steps[index] if index < len(self.steps) else None

    def truth(self, batch: str, atom: str) -> bool | None:
        """The simulator's truth of ``atom`` in question batch ``batch`` (None: not recorded)."""
        return None if self.truths is None else self.truths.get(batch, {}).get(atom)


def read_recording(value: Any) -> Recording | None:
    """The ``recorded`` object of a log line (None when absent); SettingsError names a bad field."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SettingsError("episode.recorded must be an object")
    source = value.get("source")
    if not isinstance(source, str) or not source:
        raise SettingsError("episode.recorded.source must name where the recorded outcomes come from")
    steps = tuple(_step(entry, i) for i, entry in enumerate(_list(value, "steps")))
    plans = tuple(_strings(plan, f"plans[{i}]") for i, plan in enumerate(_list(value, "plans")))
    stop_after, stop_at = value.get("stop_after"), value.get("stop_at", "check")
    if stop_after is not None and (not isinstance(stop_after, int) or isinstance(stop_after, bool) or stop_after < 0):
        raise SettingsError("episode.recorded.stop_after must be a count of checked actions, or null")
    if stop_at not in STOPS:
        raise SettingsError(f"episode.recorded.stop_at must be one of {', '.join(STOPS)}")
    goal = value.get("goal")
    if goal is not None and not isinstance(goal, bool):
        raise SettingsError("episode.recorded.goal must be true, false or null")
    seen, truths, expected = _seen(value.get("seen")), _booleans(value, "truths"), _booleans(value, "expected")
    return Recording(source, steps, plans, stop_after, stop_at, seen, truths, goal, expected)


def _seen(value: Any) -> dict[str, frozenset[str]] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SettingsError("episode.recorded.seen must be an object of question batches")
    return {str(batch): frozenset(_strings(atoms, f"seen[{batch!r}]")) for batch, atoms in value.items()}


def _booleans(recorded: Mapping[str, Any], field: str) -> dict[str, dict[str, bool]] | None:
    value = recorded.get(field)
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(
        isinstance(atoms, Mapping) and all(isinstance(truth, bool) for truth in atoms.values())
        for atoms in value.values()
    ):
        raise SettingsError(f"episode.recorded.{field} must map each question batch to an object of atoms and booleans")
    return {str(batch): {str(atom): truth for atom, truth in atoms.items()} for batch, atoms in value.items()}


def _list(value: Mapping[str, Any], field: str) -> list[Any]:
    found = value.get(field, [])
    if not isinstance(found, list):
        raise SettingsError(f"episode.recorded.{field} must be a list")
    return found


def _strings(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise SettingsError(f"episode.recorded.{field} must be a list of strings")
    return tuple(value)


def _step(entry: Any, index: int) -> RecordedStep | None:
    if entry is None:
        return None
    if not isinstance(entry, Mapping) or not all(
        entry.get(key) is None or isinstance(entry.get(key), str) for key in ("outcome", "info", "ran")
    ):
        raise SettingsError(f"episode.recorded.steps[{index}] must be null or an object of strings or nulls")
    return RecordedStep(entry.get("outcome"), entry.get("info"), entry.get("ran"))


# A ViPlan planner step as its results file keeps it: {"action": "moveblock(g, c4)",
# "success": bool | None, "info": str | None}.
ViplanAction = Mapping[str, Any]


@dataclass(frozen=True)
class ViplanRuns:
    """How a family's imported config replays ViPlan's released runs (``scorer.released``).

    ``results_domain`` is ViPlan's folder under ``results/final/``; ``episode_key`` gives,
    from a row's ``meta``, the end of the results file's key for that episode;
    ``planner_step`` turns one recorded planner action into the outcome ViPlan's simulator
    decided where no PDDL can (None: our engine decides it)."""

    results_domain: str
    config: str
    episode_key: Callable[[Mapping[str, Any]], str]
    planner_step: Callable[[ViplanAction], dict[str, str | None] | None]
    # One checked action of a grounder episode ({"action", "action_info", ...}) as the action
    # the simulator really ran ({"ran": name | None}), where a failure was drawn (None: as planned).
    grounder_step: Callable[[ViplanAction], dict[str, str | None] | None] = lambda entry: None
    # The departure (its test) that explains a difference where the paper's simulator decided
    # what our PDDL decides otherwise (empty: ours decides as its simulator did)
    simulator_departure: str = ""
    # True: its paper's simulator decided the scene (a camera in a home): what could be asked,
    # what was true and whether the goal held, so the replay takes each from the run's record
    # (``Recording.seen``, ``truths``, ``goal``)
    recorded_scene: bool = False
    # The grounder loop's limit on checked actions for a row (its ``meta``): ViPlan's
    # ``check_plan`` default of 20 unless its runs passed their own
    grounder_max_actions: Callable[[Mapping[str, Any]], int] = lambda meta: 20
