"""ViPlan's own code beside ours (``../shared/external/reference-code/viplan``): its reply
readings (``parse_output`` + ``cast_to_yes_no`` through its enumeration code,
``parse_json_output`` and both planning loops), its scoring of grounder answers
(``compute_enumeration_metrics``), its goal strings (``get_goal_str``) and its prompts
(the prompt files through ``get_messages``), on generated replies and on our rows, under
the paper settings (``parser: paper``).

What differs on purpose is in ``scorer/families/{blocksworld,household}/departures.py``;
each row there names the test here (or elsewhere) that holds it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorer.episodes.engine import make_episode
from scorer.io.dataset import KeyRow
from scorer.readers.paper_yes_no import paper_yes_no
from scorer.tasks.ground import judge_paper
from tests.families.blocksworld.episode_rows import episode_row
from tests.fidelity import viplan_corpus as corpus
from tests.fidelity.reference import REFERENCE

EXTERNAL = REFERENCE.parent / "viplan" / "data" / "planning"


def their_reading(domain: str, problem_file: Path) -> Any:
    """unified-planning's reading of one of ViPlan's problem files, as ViPlan's loops read it
    (``PDDLReader.parse_problem``): ``read_problem`` builds the same model by the reader's own
    code, but builds the domain's actions once, not again for each of 75 files
    (tests/pddl/test_reading.py holds the two readings equal)."""
    from scorer.pddl._reading import read_problem

    return read_problem(domain, problem_file.read_text())


def _verdict(value: bool | None) -> str:
    return {True: "yes", False: "no", None: "neither"}[value]


def _viplan_verdict(read: str) -> str:
    return read if read in ("yes", "no") else "neither"


# -- the grounder's reading and scoring ------------------------------------------------


@pytest.mark.parametrize("source", [corpus.BW_GROUNDER, corpus.HH_GROUNDER])
def test_yes_no_readings_agree_with_viplans_on_the_whole_corpus(source: str) -> None:
    replies = corpus.yes_no_corpus()
    assert len(replies) >= 300
    differing = [
        (reply, corpus.viplan_yes_no(reply, source), _verdict(paper_yes_no(reply)))
        for reply in replies
        if _viplan_verdict(corpus.viplan_yes_no(reply, source)) != _verdict(paper_yes_no(reply))
    ]
    assert differing == []


def test_grounder_answers_are_credited_as_viplans_enumeration_metrics_credit_them() -> None:
    """ViPlan credits an answer when its reading equals the truth; one that is neither yes
    nor no is counted and never credited, whatever the truth (the metric bug of issue 26)."""
    replies = corpus.yes_no_corpus()
    reference = corpus.grounder()
    results = {
        f"on {i},{truth}": (corpus.viplan_yes_no(reply), "yes" if truth else "no")
        for i, reply in enumerate(replies)
        for truth in (True, False)
    }
    theirs = reference.compute_enumeration_metrics(results)
    ours = [judge_paper(reply, {"answer": truth}).score for reply in replies for truth in (True, False)]
    assert theirs["accuracy"] == pytest.approx(sum(ours) / len(ours))
    yes_correct = sum(judge_paper(reply, {"answer": True}).score for reply in replies)
    no_correct = sum(judge_paper(reply, {"answer": False}).score for reply in replies)
    assert (theirs["yes_correct"], theirs["no_correct"]) == (yes_correct, no_correct)


def test_our_grounder_episode_credits_an_unreadable_answer_as_viplan_does() -> None:
    row = episode_row()
    episode = make_episode(row, {"mode": "grounder", "parser": "paper"})
    _, info = episode.reset()
    truths = []
    for reply in ("I cannot tell.", "Nobody", "**Yes**"):
        truths.append(episode.task.holds(episode.true_state, info["atom"]))  # type: ignore[attr-defined]
        info = episode.step(reply).info
    credited = episode.outcome()["answers_correct"]
    expected = [
        corpus.viplan_yes_no(reply) == ("yes" if truth else "no")
        for reply, truth in zip(("I cannot tell.", "Nobody", "**Yes**"), truths, strict=True)
    ]
    assert credited == expected


# -- the planner: goal strings, loops, feedback, prompts ---------------------------------


@cache
def _bw_rows() -> list[KeyRow]:
    return [episode_row(difficulty, seed) for difficulty in ("simple", "medium", "hard") for seed in ("a", "b")]


def test_blocksworld_goal_strings_are_viplans_get_goal_str() -> None:
    for row in _bw_rows():
        theirs = corpus.viplan_bw_planner(row, ["no plan"]).prompts[0]
        ours = corpus.our_planner(row, ["no plan"]).prompts[0]
        assert corpus.edges_stripped(ours) == theirs


def test_imported_blocksworld_goals_read_as_viplans_own_files(viplan_import: Path) -> None:
    """Our rows of ViPlan's 75 problems (`planarium import viplan`'s, imported once per run)
    state the goal as ViPlan's get_goal_str does on ViPlan's own problem file (its objects'
    order, its goal's order)."""
    from scorer.episodes.engine import make_episode as episode_of
    from scorer.families.blocksworld.viplan_import import CONFIG
    from scorer.io.dataset import load_keys

    differing = []
    rows = list(load_keys(viplan_import, configs={CONFIG}).rows.values())
    domain = (EXTERNAL / "blocksworld" / "domain.pddl").read_text()
    for row in rows:
        path = EXTERNAL / "blocksworld" / "problems" / row.meta["source"]  # the file it was imported from
        episode = episode_of(row, {"mode": "planner"})
        env = corpus.BlocksEnv(episode.task, their_reading(domain, path))  # type: ignore[attr-defined]
        theirs = corpus.bw_planner().get_goal_str(env)
        ours = episode.world.goal  # type: ignore[attr-defined]
        if ours != theirs:
            differing.append(path.name)
    assert len(rows) == 75 and differing == []


def _bw_replies(row: KeyRow, cot: bool = False) -> list[str]:
    task = make_episode(row, {"mode": "planner"}).task  # type: ignore[attr-defined]
    blocks = [name for name, kind in task.objects.items() if kind == "block"]
    columns = sorted(name for name, kind in task.objects.items() if kind == "column")
    return corpus.planner_replies(list(corpus.bw_entries(blocks, columns)), explanation=cot)


@pytest.mark.parametrize("cot", [False, True])
def test_blocksworld_planner_loop_agrees_with_viplans_reply_by_reply(cot: bool) -> None:
    """Each reply as the first of an episode: the same feedback entry, the same ending,
    the same prompts (text and image places)."""
    row = episode_row("medium", "a")
    replies = _bw_replies(row, cot)
    assert len(replies) >= 300
    differing = []
    for reply in replies:
        theirs = corpus.viplan_bw_planner(row, [reply], cot)
        ours = corpus.our_planner(row, [reply], cot)
        same = (theirs.feedback, theirs.steps, theirs.completed) == (ours.feedback, ours.steps, ours.completed)
        if not same or [corpus.edges_stripped(p) for p in ours.prompts[: theirs.steps]] != theirs.prompts:
            differing.append((reply, theirs.feedback, ours.feedback))
    assert differing == []


def test_blocksworld_planner_loop_agrees_over_whole_episodes() -> None:
    for row in _bw_rows():
        plan = row.answer_key["optimal_plan"]
        moves = [json.dumps({"plan": [_bw_json(a) for a in plan[i:]]}) for i in range(len(plan))]
        bad = json.dumps({"plan": [{"action": "moveblock", "parameters": {"block": "z", "column": "c1"}}]})
        for replies in (moves, [bad, *moves], [bad] * 3 + ["nothing"], moves[:1] * 4 + moves[1:]):
            theirs, ours = corpus.viplan_bw_planner(row, replies), corpus.our_planner(row, replies)
            assert (theirs.feedback, theirs.steps, theirs.completed) == (ours.feedback, ours.steps, ours.completed)
            assert [corpus.edges_stripped(p) for p in ours.prompts[: theirs.steps]] == theirs.prompts


def _bw_json(pddl_name: str) -> dict:
    _, block, column = pddl_name.strip("()").split()
    return {"action": "moveblock", "parameters": {"block": block, "column": column}}


# -- the household planner --------------------------------------------------------------


def _hh_row(activity: str, difficulty: str) -> KeyRow:
    from tests.families.household.test_episodes import _row

    return _row(activity, difficulty)


@cache
def _hh_rows() -> list[KeyRow]:
    pairs = [("cleaning_out_drawers", "simple"), ("sorting_books", "medium"), ("locking_every_door", "simple")]
    pairs += [("putting_away_toys", "hard")]
    return [_hh_row(activity, difficulty) for activity, difficulty in pairs]


def _hh_replies(row: KeyRow, cot: bool = False) -> list[str]:
    task = make_episode(row, {"mode": "planner"}).task  # type: ignore[attr-defined]
    entries = list(corpus.hh_entries(task, task.init))
    return corpus.planner_replies(entries, explanation=cot)


@pytest.mark.parametrize("cot", [False, True])
def test_household_planner_loop_agrees_with_viplans_reply_by_reply(cot: bool) -> None:
    """Each reply as the first of an episode, then the same reply once more (ViPlan's loop
    keeps the previous step's plan entry): the same feedback, ending and prompts."""
    row = _hh_rows()[0]
    replies = _hh_replies(row, cot)
    assert len(replies) >= 300
    differing = []
    for reply in replies:
        script = [reply, json.dumps({"plan": []})]
        theirs, ours = corpus.viplan_hh_planner(row, script, cot), corpus.our_planner(row, script, cot)
        same = (theirs.feedback, theirs.steps, theirs.completed) == (ours.feedback, ours.steps, ours.completed)
        if not same or [corpus.edges_stripped(p) for p in ours.prompts[: theirs.steps]] != theirs.prompts:
            differing.append((reply, theirs.feedback, ours.feedback))
    assert differing == []


def test_household_planner_loop_agrees_over_whole_episodes() -> None:
    for row in _hh_rows():
        plan = row.answer_key["optimal_plan"]
        moves = [json.dumps({"plan": [_hh_json(a) for a in plan[i:]]}) for i in range(len(plan))]
        unknown = json.dumps({"plan": [{"action": "teleport", "parameters": ["table_1"]}]})
        for replies in (moves, [unknown, *moves], moves[:1] * 3 + moves[1:], [moves[0], "{}", *moves[1:]]):
            theirs, ours = corpus.viplan_hh_planner(row, replies), corpus.our_planner(row, replies)
            assert (theirs.feedback, theirs.steps, theirs.completed) == (ours.feedback, ours.steps, ours.completed)
            assert [corpus.edges_stripped(p) for p in ours.prompts[: theirs.steps]] == theirs.prompts


def _hh_json(pddl_name: str) -> dict:
    name, *parameters = pddl_name.strip("()").split()
    return {"action": name, "parameters": parameters}


def test_imported_household_goals_read_as_viplans_own_files() -> None:
    """Our rows of ViPlan's 16 household problems state the goal as ViPlan's get_goal_str
    does on its own problem files (the goal's order, its words)."""
    if not EXTERNAL.is_dir():
        pytest.skip(f"ViPlan's data is not here: {EXTERNAL} is absent")
    from scorer.families.household.problem import domain_pddl
    from scorer.families.household.verbalize import planner_goal
    from scorer.families.household.world import goal_literals

    files = sorted((EXTERNAL / "igibson").glob("*/*.pddl"))
    differing = []
    domain = (EXTERNAL / "igibson" / "domain.pddl").read_text()
    for path in files:
        env = corpus.TaskEnv.__new__(corpus.TaskEnv)
        env.problem = their_reading(domain, path)
        theirs = corpus.hh_planner().get_goal_str(env)
        if planner_goal(goal_literals(domain_pddl(), path.read_text())) != theirs:
            differing.append(path.name)
    assert len(files) == 16 and differing == []


# -- the grounder's prompts and loop ------------------------------------------------------


def _question_line(chat: list[dict]) -> list[dict]:
    """``chat`` with our question line written as ViPlan's code writes it: no "Question: "
    keyword, the last character dropped (the departure the registry holds)."""
    out = []
    for message in chat:
        content = message["content"]
        if isinstance(content, list):
            parts = []
            for part in content:
                text = part.get("text", "")
                if "Question: " in text:
                    head, _, question = text.rpartition("Question: ")
                    text = (head + question[:-1]).strip()
                    part = {**part, "text": text}
                parts.append(part)
            content = parts
        out.append({**message, "content": content})
    return out


@pytest.mark.parametrize("cot", [False, True])
@pytest.mark.parametrize("domain", ["blocksworld", "igibson"])
def test_grounder_prompts_differ_from_viplans_only_by_the_question_line(domain: str, cot: bool) -> None:
    """ViPlan's ask_vlm (precondition and effect questions: prompt file + question) and its
    enumeration (prompt file + a line break + question), through get_messages, beside our
    grounder's observations: the same system text, roles and image place; the question
    line differs only as the registry says."""
    from scorer.episodes.viplan_grounder import GrounderEpisode

    row = episode_row() if domain == "blocksworld" else _hh_rows()[0]
    template = corpus.prompt_text(f"benchmark/{domain}/{'prompt_cot.md' if cot else 'prompt.md'}")
    episode = make_episode(row, {"mode": "grounder", "cot": cot})
    assert isinstance(episode, GrounderEpisode)
    observation, info = episode.reset()
    checked = 0
    while not episode.done and checked < 40:
        question = info["question"]
        ours = _question_line(corpus.edges_stripped(corpus.our_chat(observation.roles())))
        for glue in ("", "\n"):  # ask_vlm, get_enumeration_results
            assert ours == corpus.viplan_chat(template + glue + question)
        truth = episode.task.holds(episode.true_state, info["atom"])
        result = episode.step("Yes" if truth else "No")
        observation, info = result.observation, result.info
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("cot", [False, True])
@pytest.mark.parametrize("domain", ["blocksworld", "igibson"])
def test_with_question_paper_the_grounder_prompts_are_viplans(domain: str, cot: bool) -> None:
    """Setting ``question: paper``: every question's messages are what ViPlan's ask_vlm and
    its enumeration send, through get_messages (text, roles, image place)."""
    row = episode_row() if domain == "blocksworld" else _hh_rows()[0]
    template = corpus.prompt_text(f"benchmark/{domain}/{'prompt_cot.md' if cot else 'prompt.md'}")
    episode = make_episode(row, {"mode": "grounder", "cot": cot, "question": "paper"})
    observation, info = episode.reset()
    checked = 0
    while not episode.done and checked < 40:
        ours = corpus.edges_stripped(corpus.our_chat(observation.roles()))
        for glue in ("", "\n"):  # ask_vlm, get_enumeration_results
            assert ours == corpus.viplan_chat(template + glue + info["question"])
        truth = episode.task.holds(episode.true_state, info["atom"])  # type: ignore[attr-defined]
        result = episode.step("Yes" if truth else "No")
        observation, info = result.observation, result.info
        checked += 1
    assert checked > 0


def test_viplans_household_grounder_stops_on_an_unseen_false_precondition() -> None:
    """Its check_action returns five values on that branch, where check_plan unpacks six."""
    import ast

    source = corpus.reference_path(corpus.HH_GROUNDER).read_text()
    function = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == "check_action")
    returns = [n for n in ast.walk(function) if isinstance(n, ast.Return) and isinstance(n.value, ast.Tuple)]
    sizes = [len(r.value.elts) for r in sorted(returns, key=lambda r: r.lineno)]  # type: ignore[union-attr]
    assert sizes[0] == 5 and set(sizes[1:]) == {6}
    assert "action_correct, preconditions_results, non_visible_precond_results, effects_results," in source
