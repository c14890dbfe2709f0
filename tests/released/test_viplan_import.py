"""``planarium import viplan-results`` on a few of ViPlan's released runs, and the findings its
reproduction names (each a departures row)."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorer.episodes.base import SettingsError
from scorer.episodes.engine import make_episode
from scorer.io.predictions import MAX_EPISODE_REPLIES, MAX_EPISODE_REPLY_CHARS
from scorer.released.command import viplan_results_import
from scorer.released.viplan_logs import grounder_log
from scorer.released.viplan_reproduce import DOUBLE_COUNT
from scorer.released.viplan_runs import adapters, episodes, run_files
from tests.released.conftest import RESULTS, VIPLAN, need_viplan_data


@pytest.fixture(scope="module")
def imported(viplan_data: Path) -> Path:
    return viplan_data


def _reproduce(imported: Path, out: Path, *only: str) -> list[dict[str, str]]:
    args = [str(RESULTS), "--data", str(imported), "--out", str(out), "--executor", "local:1", "--quiet"]
    result = CliRunner().invoke(viplan_results_import, [*args, *(f"--only={word}" for word in only)])
    assert result.exit_code == 0, result.output
    assert "metric" in result.output and "equal" in result.output  # the one-screen summary
    return list(csv.DictReader((out / "reproduction.csv").open()))


def test_planner_runs_reproduce_viplans_success_and_name_every_difference(imported: Path, tmp_path: Path) -> None:
    lines = _reproduce(imported, tmp_path, "blocksworld/final_no_cot/vila/", "/gpt-4.1/")
    assert {line["split"] for line in lines} == {"simple", "medium", "hard"}
    success = [line for line in lines if line["metric"] == "success"]
    assert len(success) == 3 and all(abs(float(line["difference"])) <= 1e-9 for line in success)
    for line in lines:
        assert abs(float(line["difference"])) <= 1e-9 or line["departure"], line
    folder = tmp_path / "blocksworld" / "final_no_cot" / "vila" / "gpt-4.1"
    results = json.loads((folder / "results.json").read_text())
    assert "viplan-blocksworld-episodes" in json.dumps(results)  # score's own results file
    logs = [json.loads(line) for line in (folder / "predictions.jsonl").open()]
    assert len(logs) == 75 and all(log["episode"]["recorded"]["source"].startswith("ViPlan's") for log in logs)


def test_household_runs_reproduce_viplans_success_and_predicate_accuracy(imported: Path, tmp_path: Path) -> None:
    """With what iGibson decided replayed from the record (its camera, its truths, its goal
    check, its state's effect expectations), GPT-4.1's household runs without CoT give ViPlan's
    success in both methods and its predicate accuracies exactly; the record's truths and goal
    checks that our PDDL state would judge otherwise are counted, not hidden."""
    lines = _reproduce(imported, tmp_path, "igibson/final_no_cot/", "/gpt-4.1/")
    exact = {"success", "predicate_accuracy", "macro_predicate_accuracy"}
    checked = [line for line in lines if line["metric"] in exact]
    assert len(checked) == 6 + 3 * 2  # success of both methods, both accuracies of the grounder, per split
    assert all(abs(float(line["difference"])) <= 1e-9 for line in checked), checked
    outcomes = [
        json.loads(line) for line in (tmp_path / "igibson/final_no_cot/predicates/gpt-4.1/results.rows.jsonl").open()
    ]
    parsed = [outcome["parsed"] for outcome in outcomes if isinstance(outcome.get("parsed"), dict)]
    assert sum(p.get("truth_conflicts", 0) for p in parsed) > 0  # iGibson's truth is not our state's
    planner = [json.loads(line) for line in (tmp_path / "igibson/final_no_cot/vila/gpt-4.1/results.rows.jsonl").open()]
    assert sum(p["parsed"].get("goal_conflicts", 0) for p in planner if isinstance(p.get("parsed"), dict)) > 0


def test_recorded_truths_goal_and_expectations_decide_a_grounder_replay(imported: Path) -> None:
    """An answer is judged by the recorded truth (a conflict with our state counted), an atom
    beyond our grounded task is asked when the record asked it, the recorded goal check is the
    success, and a bad field is named."""
    from scorer.io.dataset import load_keys

    row = next(iter(load_keys(imported, "test", {"viplan-household-episodes"}).rows.values()))
    first = row.answer_key["optimal_plan"][0]
    recording: dict[str, Any] = {"source": "a test", "plans": [[first]], "goal": True}
    episode = make_episode(row, {"mode": "grounder", "parser": "paper"}, recording)
    task = episode.task  # type: ignore[attr-defined]
    positive, negative = task.action(first).precondition_atoms()
    assert positive or negative
    atoms = [*positive, *negative]
    truths = {"precondition/1": {atom: not task.holds(task.init, atom) for atom in atoms}}
    replay = make_episode(
        row, {"mode": "grounder", "parser": "paper"}, {**recording, "seen": {"precondition/1": atoms}, "truths": truths}
    )
    _, info = replay.reset()
    replay.step("Yes" if task.holds(task.init, info["atom"]) else "No")  # our state's truth
    assert replay.outcome()["answers_correct"][0] is False and replay.outcome()["truth_conflicts"] == 1
    beyond = "(reachable shelf_99)"  # an object of the simulator's scene that our problem does not name
    assert beyond not in task.atom_index
    effects = {"effect/1": {beyond: False}}
    played = make_episode(
        row, {"mode": "grounder", "parser": "paper"}, {**recording, "expected": effects, "seen": {"effect/1": [beyond]}}
    )
    _, info = played.reset()
    assert (info["phase"], info["atom"]) == ("effect", beyond)
    assert played.step("No").terminated and played.outcome()["success"] is True  # the recorded goal check
    for field, bad in (("truths", {"enumerate/1": {"(a)": "yes"}}), ("goal", "yes")):
        with pytest.raises(SettingsError, match=f"recorded.{field}"):
            make_episode(row, {"mode": "grounder"}, {"source": "x", field: bad})


def test_with_effects_paper_the_grounder_asks_the_effects_of_the_true_state(imported: Path) -> None:
    """With ViPlan's effect questions, every question our engine asks in a replayed grounder
    episode is one ViPlan's run asked: GPT-4.1's 75 episodes (no CoT) all play to an end, each
    reaching the goal exactly where ViPlan's did."""
    from scorer.episodes.engine import step_on_reply
    from scorer.released.viplan_import import rows_by_key

    runs = adapters()["blocksworld"]
    chosen = ("blocksworld", "final_no_cot", "predicates", "gpt-4.1")
    rows = rows_by_key(imported, runs.config)
    ended = {"paper": 0}
    agree = {"paper": 0}
    for run in (r for r in run_files(RESULTS) if r.submission == chosen):
        for key, record in episodes(run.load()).items():
            row = next(row for suffix, row in rows.items() if key.endswith(suffix))
            log = grounder_log(run, row, record, runs)["episode"]
            for effects in ended:
                episode = make_episode(row, {**log["settings"], "parser": "paper", "effects": effects}, log["recorded"])
                episode.reset()
                for reply in log["replies"]:
                    if episode.done:
                        break
                    step_on_reply(episode, reply)
                ended[effects] += episode.done
                agree[effects] += episode.done and episode.outcome()["success"] == bool(record.get("goal_reached"))
    assert ended["paper"] == agree["paper"] == 75


def _load(path: Path) -> dict:
    with gzip.open(path, "rt") as stream:
        return dict(json.load(stream))


def _replayed(imported: Path, submission: tuple[str, str, str, str]) -> list[tuple[bool, bool, int, int]]:
    """Per episode of a submission: (ended, success equal to ViPlan's, checked actions ours, ViPlan's)."""
    from scorer.episodes.engine import step_on_reply
    from scorer.released.viplan_import import rows_by_key

    runs = adapters()[submission[0]]
    rows = rows_by_key(imported, runs.config)
    found = []
    for run in (r for r in run_files(RESULTS) if r.submission == submission):
        for key, record in episodes(run.load()).items():
            row = next(row for suffix, row in rows.items() if key.endswith(suffix))
            log = grounder_log(run, row, record, runs)["episode"]
            episode = make_episode(row, {**log["settings"], "parser": "paper"}, log["recorded"])
            episode.reset()
            for reply in log["replies"]:
                step_on_reply(episode, reply)
            success = episode.outcome()["success"] == bool(record.get("goal_reached"))
            found.append((episode.done, success, episode.checked, len(record.get("action_results") or [])))  # type: ignore[attr-defined]
    return found


def test_household_grounder_replays_ask_what_igibsons_camera_let_viplan_ask(imported: Path) -> None:
    """With the atoms ViPlan asked per batch and iGibson's verdicts recorded, GPT-4.1's 75
    household grounder episodes (no CoT) all play to an end with ViPlan's success, 71 checking
    exactly as many actions as ViPlan's loop did."""
    found = _replayed(imported, ("igibson", "final_no_cot", "predicates", "gpt-4.1"))
    assert len(found) == 75 and all(ended and success for ended, success, _, _ in found)
    assert sum(ours == theirs for _, _, ours, theirs in found) >= 71


def test_viplans_planner_counts_an_action_that_does_not_exist_twice() -> None:
    """ViPlan's released records: a step whose action does not exist leaves two entries in
    ``actions`` (the first without ``success``), both counted by ``action_success_rate``."""
    need_viplan_data()
    path = sorted((RESULTS / "results/final/blocksworld/final_no_cot/vila/medium/gpt-4.1").glob("*.gz"))[-1]
    document = _load(path)
    record = document["data/planning/blocksworld/problems/medium/medium_problem_3.pddl"]
    assert len(record["actions"]) == 2 * len(record["plans"])
    assert record["actions"][:2] == [{"action": "None"}, {"action": "unknown action", "success": False, "info": None}]
    assert record["previous_actions"][0]["outcome"] == "action does not exist"
    total = document["statistics"]["total_actions"]
    assert total == sum(len(r["actions"]) for key, r in document.items() if key.startswith("data/") and r)
    assert DOUBLE_COUNT.endswith(test_viplans_planner_counts_an_action_that_does_not_exist_twice.__name__)


def test_igibson_ran_navigate_to_on_a_reachable_object() -> None:
    """ViPlan's own household domain refuses `navigate-to` an object already reachable; its
    released runs show iGibson running it again and again (executed, success)."""
    need_viplan_data()
    domain = (VIPLAN / "data/planning/igibson/domain.pddl").read_text()
    navigate = domain[domain.index("(:action navigate-to") :]
    assert "(not (reachable ?o))" in navigate[: navigate.index(":effect")]
    folder = RESULTS / "results/final/igibson/final_no_cot/vila/medium/Phi-4-multimodal-instruct"
    document = _load(sorted(folder.glob("*.gz"))[-1])
    record = document["data/planning/igibson/medium/sorting_books_medium.pddl_Pomaria_1_int_23"]
    first, second = record["actions"][:2]
    assert first == second == {"action": "navigate-to(hardback_1)", "success": True, "info": "success"}


def test_a_recording_must_say_where_it_comes_from(imported: Path) -> None:
    from scorer.io.dataset import load_keys

    row = next(iter(load_keys(imported, "test", {"viplan-blocksworld-episodes"}).rows.values()))
    with pytest.raises(SettingsError, match="recorded.source"):
        make_episode(row, {"mode": "planner"}, {"steps": []})
    with pytest.raises(SettingsError, match=r"steps\[0\]"):
        make_episode(row, {"mode": "planner"}, {"source": "x", "steps": [{"ran": 3}]})


def test_a_recorded_failure_replaces_the_engines_draw(imported: Path) -> None:
    """A recorded no-op: the action is legal, nothing moves, the feedback says so."""
    from scorer.io.dataset import load_keys

    row = next(iter(load_keys(imported, "test", {"viplan-blocksworld-episodes"}).rows.values()))
    first = row.answer_key["optimal_plan"][0]
    _, block, column = first.strip("()").split()
    reply = json.dumps({"plan": [{"action": "moveblock", "parameters": {"block": block, "column": column}}]})
    recording = {"source": "a test", "steps": [{"outcome": "success", "info": "no-op", "ran": None}]}
    episode = make_episode(row, {"mode": "planner", "fail_prob": 0.1}, recording)
    episode.reset()
    info = episode.step(reply).info
    assert info["feedback"]["info"] == "no-op"
    assert episode.outcome()["recorded_applied"] == 1 and episode.outcome()["legal_actions"] == 1
    assert episode.state == episode.task.init  # type: ignore[attr-defined]


def test_the_replay_settings_and_recorded_stops_are_checked(imported: Path) -> None:
    from scorer.io.dataset import load_keys

    row = next(iter(load_keys(imported, "test", {"viplan-blocksworld-episodes"}).rows.values()))
    for key, value in (("max_actions_counts", "all"), ("effects", "true")):
        with pytest.raises(SettingsError, match=f"setting '{key}' must be one of"):
            make_episode(row, {"mode": "grounder", key: value})
    with pytest.raises(SettingsError, match="stop_at"):
        make_episode(row, {"mode": "grounder"}, {"source": "x", "stop_after": 1, "stop_at": "never"})
    stopped = make_episode(row, {"mode": "grounder"}, {"source": "x", "stop_after": 0, "stop_at": "start"})
    assert stopped.done and stopped.outcome()["end"] == "recorded_stop"


def test_household_enumerations_asked_atoms_our_task_does_not_hold(imported: Path) -> None:
    """ViPlan's replan enumerations in the home ask every grounding over the objects in view;
    about half of them (GPT-4.1, no CoT: 3,974 of 7,660) are no atom of our grounded task,
    mostly `ontop` and `nextto` pairs."""
    from scorer.families.household.world import HouseholdWorld
    from scorer.released.viplan_import import rows_by_key
    from scorer.released.viplan_logs import _enumerations, viplan_atom

    rows = rows_by_key(imported, adapters()["igibson"].config)
    held = []
    for run in (r for r in run_files(RESULTS) if r.submission == ("igibson", "final_no_cot", "predicates", "gpt-4.1")):
        for key, record in episodes(run.load()).items():
            row = next(row for suffix, row in rows.items() if key.endswith(suffix))
            atoms = set(HouseholdWorld(row).task.atoms)
            held += [viplan_atom(k) in atoms for e in _enumerations(record)[1:] for k in e or {}]
    assert (sum(held), len(held)) == (3686, 7660)


def test_viplans_grasp_never_checks_holding_its_own_object() -> None:
    """ViPlan's released household grounder runs: every `grasp(x)` checked whether the agent
    holds the other movable objects (asked, or unseen against iGibson's state), never `x`."""
    need_viplan_data()
    grasps, own = 0, 0
    for run in (r for r in run_files(RESULTS) if r.submission == ("igibson", "final_no_cot", "predicates", "gpt-4.1")):
        for record in episodes(run.load()).values():
            for entry in (record or {}).get("action_results") or []:
                if entry["action"].startswith("grasp("):
                    target = entry["action"][len("grasp(") : -1]
                    checked = {**(entry.get("preconditions_results") or {}), **entry["non_visible_precond_results"]}
                    grasps += any(key.startswith("holding ") for key in checked)
                    own += f"holding {target}" in checked
    assert grasps > 20 and own == 0


def test_the_longest_real_episode_fits_the_bounds_of_an_episode_line() -> None:
    """Every released grounder episode replays within ``score``'s and the server's bounds on an
    episode (scorer.io.predictions): a replay's replies are at most the answers ViPlan
    recorded for it (an enumeration's reading, an action question's raw reply)."""
    need_viplan_data()
    longest, most_chars = 0, 0
    for run in run_files(RESULTS):
        if run.method != "predicates":
            continue
        for record in episodes(run.load()).values():
            answers = _recorded_answers(record or {})
            longest = max(longest, len(answers))
            most_chars = max(most_chars, sum(map(len, answers)))
    # ViPlan recorded at most 9,600 answers for one grounder episode; the longest replay uses 3,052
    assert 3_000 < longest <= MAX_EPISODE_REPLIES
    assert most_chars <= MAX_EPISODE_REPLY_CHARS


def _recorded_answers(record: dict[str, Any]) -> list[str]:
    enumerations = [(record.get("initial_state_enum") or {}).get("results")]
    enumerations += [replan.get("enum_results") for replan in record.get("replans") or []]
    read = [str(answer[0]) for found in enumerations for answer in (found or {}).values() if isinstance(answer, list)]
    raw = [
        str(answer[5])
        for checked in record.get("action_results") or []
        for phase in ("preconditions_results", "effects_results")
        for answer in (checked.get(phase) or {}).values()
        if isinstance(answer, list)
    ]
    return read + raw
