"""Per kind: answers that no stored set decides, right and wrong, decided by the fallback.

The keys below are hand-built so that the answer is in no stored set and the key is not
complete; the lab domain (conftest) defeats the delete relaxation, and the oracle's own
search is switched off, so a planner call decides. Kinds without a planner path (app,
prog, val) are exact look-ups; just falls back to simulating the answer.
"""

from __future__ import annotations

from scorer.tasks.acp.oracle import Oracle, oracle_settings


def unknown_reach(**extra: object) -> dict:
    return {"unreachable": [], "reachable": [], "complete": False, "none_correct": False, **extra}


def test_reach_unreachable_atom_decided_by_the_planner(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("reach", unknown_reach()), "(r)")
    assert (judgement.score, judgement.reason) == (1.0, "correct")
    assert "fast-downward proved" in judgement.detail
    assert planner_only.stats.planner_calls == 1


def test_reach_reachable_atom_decided_by_the_planner(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("reach", unknown_reach()), "(w)")
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
    assert planner_only.stats.planner_calls == 1


def test_areach_unreachable_action_decided_by_the_planner(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("areach", unknown_reach()), "(merge)")
    assert (judgement.score, judgement.reason) == (1.0, "correct")
    assert planner_only.stats.planner_calls == 1


def test_areach_reachable_action_decided_by_the_planner(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("areach", unknown_reach()), "(detour)")
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
    assert planner_only.stats.planner_calls == 1


def unknown_land() -> dict:
    return {
        "trivial": ["(p)", "(g)"],
        "landmarks": [],
        "candidates": None,
        "non_landmarks": [],
        "complete": False,
        "none_correct": False,
    }


def test_land_landmark_decided_by_the_p_not_achieved_compilation(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("land", unknown_land()), "(q)")
    assert (judgement.score, judgement.reason) == (1.0, "correct")
    assert planner_only.stats.planner_calls == 1


def test_land_non_landmark_decided_by_the_planner(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("land", unknown_land()), "(w)")
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
    assert planner_only.stats.planner_calls == 1


def unknown_nexta() -> dict:
    return {"applicable": ["(take)", "(make)"], "yes": [], "no": [], "opt": 2, "complete": False}


def test_nexta_right_action_decided_by_symk_opt(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("nexta", unknown_nexta()), "(take)")
    assert (judgement.score, judgement.reason) == (1.0, "correct")
    assert "symk-opt" in judgement.detail
    assert planner_only.stats.planner_calls == 1


def test_nexta_dead_end_decided_by_symk_opt(make_row, judged, planner_only: Oracle) -> None:
    judgement = judged(make_row("nexta", unknown_nexta()), "(make)")
    assert (judgement.score, judgement.reason) == (0.0, "wrong")
    assert planner_only.stats.planner_calls == 1


def test_just_longer_removals_are_simulated(make_row, judged) -> None:
    key = {"plan": ["(take)", "(detour)", "(finish)", "(detour)"], "removable": []}
    right = judged(make_row("just", key), "[(take), (finish)]")  # positions 1 and 3 removed
    wrong = judged(make_row("just", key), "[(detour), (detour)]")  # positions 0 and 2 removed
    assert (right.score, right.reason) == (1.0, "correct")
    assert (wrong.score, wrong.reason) == (0.0, "wrong") and "not a plan" in wrong.detail


def test_the_explicit_search_decides_before_any_planner(make_row, judged, tmp_path) -> None:
    with oracle_settings(cache_dir=tmp_path / "cache") as oracle:
        assert judged(make_row("reach", unknown_reach()), "(r)").score == 1.0
        assert judged(make_row("land", unknown_land()), "(q)").score == 1.0
        assert judged(make_row("nexta", unknown_nexta()), "(take)").score == 1.0
    assert oracle.stats.planner_calls == 0 and oracle.stats.searches == 3


def test_planner_results_are_cached(make_row, judged, planner_only: Oracle) -> None:
    row = make_row("reach", unknown_reach())
    judged(row, "(r)")
    judged(row, "(r)")
    assert (planner_only.stats.planner_calls, planner_only.stats.planner_cached) == (1, 1)


def test_a_bound_that_is_hit_is_undecided(make_row, judged, tmp_path) -> None:
    with oracle_settings(search_states=0, cache_dir=tmp_path / "cache", memory_mb=1) as oracle:
        judgement = judged(make_row("reach", unknown_reach()), "(r)")
    assert (judgement.score, judgement.reason) == (0.0, "undecided")
    assert oracle.stats.undecided == 1


def test_the_card_names_every_bound_and_no_time_bounds_a_verdict() -> None:
    from pathlib import Path

    from scorer.pddl._planner import DEFAULT_SAFETY_S
    from scorer.tasks.acp import analysis
    from scorer.tasks.acp.oracle import OracleSettings

    card = (Path(analysis.__file__).parents[2] / "families" / "classical" / "cards" / "acp-hard.md").read_text()
    text = " ".join(card.split())
    settings = OracleSettings()
    counts = (analysis.EXACT_CAP, analysis.EXPLORE_STATES, analysis.SEARCH_STATES, analysis.DECISION_STATES)
    for count in (*counts, settings.search_states, settings.memory_mb, analysis.PlannerBudget().memory_mb):
        assert f"{count:,}" in text, count
    assert f"{DEFAULT_SAFETY_S:g} s" in text and "never stored" in text
    assert not any("time" in name for name in vars(settings)), "a verdict may not depend on a time bound"
