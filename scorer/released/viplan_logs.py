"""One episode of ViPlan's released run as the episode log ``score`` replays.

Planner episodes (``vila``): ViPlan kept, per step, the model's reply as its own
``parse_json_output`` read it (``plans``), the action its loop took and the simulator's
outcome (``actions``), and the feedback it showed (``previous_actions``). The log's replies
are those documents as JSON, which both of our readings read as ViPlan's did. Where ViPlan's
loop stopped on a reply that was not JSON it kept no text; the log has an empty reply there,
which ends the episode under ViPlan's reading as it ended ViPlan's. The outcomes only
ViPlan's simulator could decide go in ``recorded`` (``scorer.episodes.recorded``), one entry
per step, from the family's ``ViplanRuns.planner_step``.
"""

from __future__ import annotations

import json
from typing import Any

from scorer.episodes.recorded import ViplanRuns
from scorer.episodes.viplan_world import viplan_pddl_name
from scorer.io.dataset import KeyRow
from scorer.released.viplan_board import model_label
from scorer.released.viplan_runs import RunFile

UNRECORDED_REPLY = ""  # ViPlan's loop broke on a reply that was not JSON and kept no text


def source_of(run: RunFile) -> str:
    return f"ViPlan's released run {'/'.join(run.path.parts[-6:])}"


def planner_log(run: RunFile, row: KeyRow, record: dict[str, Any] | None, runs: ViplanRuns) -> dict[str, Any]:
    """The log line of one planner episode (``record`` None: ViPlan could not load the problem,
    so the episode has no reply and fails, as ViPlan counted it)."""
    plans = list(record["plans"]) if record else []
    replies = [json.dumps(plan) for plan in plans]
    if record and _stopped_on_unparsable(record, row):
        replies.append(UNRECORDED_REPLY)
    steps = [runs.planner_step(action) for action in record["actions"]] if record else []
    settings = {"mode": "planner", "cot": run.cot, "fail_prob": run.fail_prob}
    recorded: dict[str, Any] = {"source": source_of(run), "steps": steps[: len(replies)]}
    if runs.recorded_scene:  # its simulator's goal check, which ended the loop where it passed
        recorded["goal"] = bool(record and record["completed"])
    return _line(run, row, settings, replies, recorded)


def _line(
    run: RunFile, row: KeyRow, settings: dict[str, Any], replies: list[str], recorded: dict[str, Any]
) -> dict[str, Any]:
    """The log line ``score`` reads, its model named as ViPlan's leaderboard rows are."""
    episode = {"settings": settings, "replies": replies, "recorded": recorded}
    return {"id": row.id, "model": model_label(run), "episode": episode}


def _stopped_on_unparsable(record: dict[str, Any], row: KeyRow) -> bool:
    """ViPlan's loop ended early on a JSON error: no goal, steps left, and every kept plan
    has its action and its feedback entry (another early stop leaves a plan without feedback)."""
    plans, actions, feedback = record["plans"], record["actions"], record["previous_actions"]
    steps_left = len(plans) < int(row.meta["max_steps"])
    return not record["completed"] and steps_left and len(actions) == len(plans) == len(feedback)


def grounder_log(run: RunFile, row: KeyRow, record: dict[str, Any] | None, runs: ViplanRuns) -> dict[str, Any]:
    """The log line of one grounder episode: our engine played live with ViPlan's plans and
    simulator outcomes recorded, each question answered with the reply ViPlan's run gave to
    the same question (the raw reply for an action's question; for an enumeration question
    ViPlan kept only its reading, which is then the reply). A question ViPlan's run never
    asked ends the log there: its replay is abandoned, never answered by us."""
    max_actions = runs.grounder_max_actions(row.meta)
    # ViPlan asks as many questions as its loop needs: no limit of ours cuts a replay short.
    settings: dict[str, Any] = {
        "mode": "grounder",
        "cot": run.cot,
        "fail_prob": run.fail_prob,
        "effects": "paper",
        "max_actions": max_actions,
        "max_actions_counts": "checked",
        "max_questions": 10**6,
    }
    stop = _stop(record, max_actions)
    recorded = {
        "source": source_of(run),
        "plans": _plans(record, stop),
        "steps": _grounder_steps(record, runs),
        **stop,
    }
    if runs.recorded_scene and record:
        recorded |= {"seen": _asked(record), "truths": _truths(record), "expected": _expected(record)}
        recorded["goal"] = bool(record.get("goal_reached"))
    replies = _answers(row, settings, recorded, record) if record else []
    return _line(run, row, settings, replies, recorded)


def _plans(record: dict[str, Any] | None, stop: dict[str, Any]) -> list[list[str]]:
    """ViPlan's planner's plans in order: the first (the actions checked before the first
    replan, or all of them and what was left), then each replan's. Where its loop stopped
    while checking an action, the last plan holds only what its loop had left (the action
    it had taken off, whose check kept no record, is not in ``remaining_actions`` either)."""
    if not record or record.get("action_results") is None:
        return []
    checked = [entry["action"] for entry in record["action_results"]]
    replans = [r for r in record.get("replans") or [] if "actions" in r]
    if not replans:
        return [[viplan_pddl_name(a) for a in checked + list(record.get("remaining_actions") or [])]]
    plans = [checked[: replans[0]["step"]], *(list(r["actions"]) for r in replans)]
    if stop.get("stop_at") == "check":
        taken = stop["stop_after"] - replans[-1]["step"]  # the last plan's actions checked before it
        plans[-1] = plans[-1][:taken] + plans[-1][taken + 1 :]
    return [[viplan_pddl_name(a) for a in plan] for plan in plans]


def _stop(record: dict[str, Any] | None, max_actions: int) -> dict[str, Any]:
    """Where ViPlan's loop stopped without its own reason in the file: its code of those runs
    raised while checking an action (no entry kept), or dropped a replan that failed. Its own
    endings (plan done, 20 checked actions, the same illegal action twice, no plan after a
    recorded replan) are our engine's to find, so they are not recorded."""
    if record is None:
        return {"stop_after": 0, "stop_at": "start"}
    results = record.get("action_results")
    if results is None:  # its initial enumeration raised (no record of it), or it found no plan
        return {"stop_after": 0, "stop_at": "start"} if record.get("initial_state_enum") is None else {}
    replans = record.get("replans") or []
    if replans and "step" not in replans[-1]:
        return {}  # its last replan found no plan: our engine ends the same way
    if len(results) >= max_actions:
        return {}  # its limit: our engine stops there too
    if results and not results[-1].get("action_correct"):
        if all(r.get("step") != len(results) for r in replans):
            return {"stop_after": len(results), "stop_at": "replan"}
    elif not record.get("remaining_actions") and not _popped_unchecked(results, replans):
        return {}  # its plan was done
    return {"stop_after": len(results), "stop_at": "check"}


def _popped_unchecked(results: list[Any], replans: list[dict[str, Any]]) -> bool:
    """Its last replan's plan holds an action its loop never kept a check of: the loop took it
    off the plan (so ``remaining_actions`` lacks it) and raised while checking it."""
    if not replans:
        return False  # the first plan is read back from the checks and what remained
    return len(replans[-1]["actions"]) > len(results) - int(replans[-1]["step"])


def _asked(record: dict[str, Any]) -> dict[str, list[str]]:
    """The atoms ViPlan's run asked about, per question batch (``Recording.seen``)."""
    asked = {f"enumerate/{k}": _atoms(e) for k, e in enumerate(_enumerations(record)) if e is not None}
    for n, entry in enumerate(record.get("action_results") or [], start=1):
        asked[f"precondition/{n}"] = _atoms(entry.get("preconditions_results"))
        asked[f"effect/{n}"] = _atoms(entry.get("effects_results"))
    return asked


def _truths(record: dict[str, Any]) -> dict[str, dict[str, bool]]:
    """What the simulator held true of each atom ViPlan's run asked about or checked unseen,
    per question batch. An enumeration answer keeps the truth beside the reading
    (``[reading, "yes" | "no"]``); an action question keeps whether the reading matched the
    state (``[reading, p_yes, p_no, _, matched_the_model, raw, matched_the_state]``), which
    gives the truth where the reading was yes or no; an unseen precondition keeps
    ``[matched, the simulator's value, expected]``."""
    truths = {
        f"enumerate/{k}": {a: v[1] == "yes" for a, v in _by_atom(e).items()}
        for k, e in enumerate(_enumerations(record))
    }
    for n, entry in enumerate(record.get("action_results") or [], start=1):
        unseen = {a: bool(v[1]) for a, v in _by_atom(entry.get("non_visible_precond_results")).items()}
        truths[f"precondition/{n}"] = unseen | _asked_truths(entry.get("preconditions_results"))
        truths[f"effect/{n}"] = _asked_truths(entry.get("effects_results"))
    return {batch: atoms for batch, atoms in truths.items() if atoms}


def _expected(record: dict[str, Any]) -> dict[str, dict[str, bool]]:
    """Per action batch its loop reached, what ViPlan's loop expected of each atom it asked
    (from whether the reading matched it) or checked unseen (kept beside the simulator's
    value); an empty batch asked and checked nothing. Where the reading was neither yes nor
    no the file does not say, and false stands in: that batch ends the replay under ViPlan's
    reading before it is used."""
    expected = {}
    for n, entry in enumerate(record.get("action_results") or [], start=1):
        unseen = {a: bool(v[2]) for a, v in _by_atom(entry.get("non_visible_precond_results")).items()}
        expected[f"precondition/{n}"] = unseen | _asked_expected(entry.get("preconditions_results"))
        if entry.get("effects_results") is not None:
            expected[f"effect/{n}"] = _asked_expected(entry["effects_results"])
    return expected


def _asked_expected(results: dict[str, Any] | None) -> dict[str, bool]:
    return {a: v[0] in ("yes", "no") and (v[0] == "yes") == bool(v[4]) for a, v in _by_atom(results).items()}


def _asked_truths(results: dict[str, Any] | None) -> dict[str, bool]:
    return {a: (v[0] == "yes") == bool(v[6]) for a, v in _by_atom(results).items() if v[0] in ("yes", "no")}


def _atoms(results: dict[str, Any] | None) -> list[str]:
    return sorted(_by_atom(results))


def _enumerations(record: dict[str, Any]) -> list[dict[str, Any] | None]:
    """The enumerations' answers in order: the initial one (None where the run had none), then each replan's."""
    first = (record.get("initial_state_enum") or {}).get("results")
    return [first, *(r.get("enum_results") for r in record.get("replans") or [])]


def _grounder_steps(record: dict[str, Any] | None, runs: ViplanRuns) -> list[dict[str, str | None] | None]:
    """Per checked action, what ViPlan's simulator ran where a failure was drawn."""
    results = (record or {}).get("action_results") or []
    return [runs.grounder_step(entry) for entry in results]


def viplan_atom(key: str) -> str:
    """ViPlan's question key (``on g,r``) as a PDDL atom."""
    predicate, _, arguments = key.partition(" ")
    return f"({' '.join([predicate, *arguments.split(',')])})" if arguments else f"({predicate})"


def _answers(row: KeyRow, settings: dict[str, Any], recorded: dict[str, Any], record: dict[str, Any]) -> list[str]:
    from scorer.episodes.engine import make_episode, step_on_reply  # here: the engine imports every family

    episode = make_episode(row, {**settings, "parser": "paper"}, recorded)
    _, info = episode.reset()
    replies: list[str] = []
    tables = _AtomTables()
    while not episode.done:
        reply = _recorded_answer(record, info, episode, tables)
        if reply is None:
            break
        replies.append(reply)
        info = step_on_reply(episode, reply).info
    return replies


class _AtomTables:
    """``_by_atom`` of each results dict of one record, made once: an enumeration is asked an
    atom at a time, and keying its hundreds of answers again for each made the import quadratic."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}

    def __call__(self, results: dict[str, Any] | None) -> dict[str, Any]:
        if results is None:
            return {}
        made = self._made.get(id(results))
        if made is None:  # the dict is kept beside its table: its id is not reused meanwhile
            made = self._made[id(results)] = (results, _by_atom(results))
        return made[1]


def _recorded_answer(record: dict[str, Any], info: dict[str, Any], episode: Any, tables: _AtomTables) -> str | None:
    """The reply ViPlan's run gave to the question ``info`` asks, or None if it never asked it."""
    phase, atom = info["phase"], info["atom"]
    if phase == "enumerate":
        enumerations = [record.get("initial_state_enum", {}).get("results")]
        enumerations += [r.get("enum_results") for r in record.get("replans") or []]
        found = tables(
            enumerations[episode.counts["replans"]] if episode.counts["replans"] < len(enumerations) else None
        )
        return found[atom][0] if atom in found else None
    checked = (record.get("action_results") or [])[episode.checked - 1 : episode.checked]
    answers = tables(checked[0].get(f"{phase}s_results") if checked else None)
    return answers[atom][5] if atom in answers else None


def _by_atom(results: dict[str, Any] | None) -> dict[str, Any]:
    return {viplan_atom(k): v for k, v in (results or {}).items() if isinstance(v, list)}
