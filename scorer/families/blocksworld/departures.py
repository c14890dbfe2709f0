"""Where the blocksworld configs (ViPlan-BW) do not do what ViPlan's code does, each with
the setting that restores ViPlan's behaviour and the test that holds the row
(``scorer.registry.fidelity``). ViPlan's own code is run beside ours in ``tests/fidelity/test_viplan.py``.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

GROUND = "`blocksworld-ground`, `blocksworld-ground-views`"
PLANNER = "`blocksworld-episodes`, `viplan-blocksworld-episodes` (planner)"
PLANNER_BUILT = "`blocksworld-episodes` (planner)"  # the imported twin plays the paper's (Mode.paper_defaults)
GROUNDER = "`blocksworld-episodes`, `viplan-blocksworld-episodes` (grounder)"
GROUNDER_BUILT = "`blocksworld-episodes` (grounder)"  # the imported twin plays the paper's (Mode.paper_defaults)
EPISODES = "`blocksworld-episodes`, `viplan-blocksworld-episodes`"

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Prompts and feedback",
        configs=f"{GROUND}, {GROUNDER}",
        paper='ViPlan\'s code appends the question right after the image, without the keyword "Question:" '
        "its system prompt announces, and its message splitter (`get_messages`, the prompt has no `</user>`) "
        'drops the question\'s last character (the "?")',
        ours="`<image>`, a line break, `Question: <the whole question>`; the rest of the Ground and Ground + CoT "
        "prompts is ViPlan's text, roles and image place",
        restore="grounder episodes: setting `question: paper` (ViPlan's line, byte for byte); the question rows: "
        "none, both are slips of its code, not of the protocol",
        test="tests/fidelity/test_viplan.py::test_with_question_paper_the_grounder_prompts_are_viplans",
    ),
    Departure(
        section="Prompts and feedback",
        configs=f"{PLANNER}, {GROUND}, {GROUNDER}",
        paper="`get_messages` strips every text part of a message, so the text before the image ends without "
        "its line break",
        ours="the same texts, roles and image places; our client sends a text part as the prompt holds it "
        "(`...## Current environment state` and its line break, then the image)",
        restore="none: whitespace at an image's edge",
        test="tests/fidelity/test_viplan.py::test_blocksworld_planner_loop_agrees_with_viplans_reply_by_reply",
    ),
    Departure(
        section="Prompts and feedback",
        configs=PLANNER,
        paper='appendix I prints the Plan and Plan + CoT prompts only; the Action variants are "adjusted '
        'accordingly" (their text is not published)',
        ours="`output: action` asks for one action, the plan's wording changed only where a plan becomes an action",
        restore="`output: plan` (the default) is ViPlan's prompt, byte for byte",
        test="tests/families/blocksworld/test_blocksworld_prompts_paper.py::"
        "test_the_action_variant_changes_only_what_a_plan_becomes",
    ),
    Departure(
        section="Episode rules",
        configs=PLANNER_BUILT,
        paper='a reply without a JSON object, or without `plan[0]["action"]`, ends the episode (its loop breaks)',
        ours='an unparsable reply is a failed step (feedback `{"outcome": "unparsable", ...}`) and the episode goes on',
        restore="`parser: paper` (or `stop_on_unparsable: true` for the ending alone)",
        test="tests/families/blocksworld/test_planner_mode.py::"
        "test_step_limit_truncates_and_stop_on_unparsable_terminates",
    ),
    Departure(
        section="Parsers and judging",
        configs=PLANNER_BUILT,
        paper="`parse_json_output` and the planning loop: `plan[0]` of the JSON between the first `{` and the "
        "last `}`; the action must be `moveblock` and `parameters` an object whose `block` and `column` name "
        "the problem's objects exactly (other keys ignored); a list of parameters, another case or an unknown "
        "name is an action that does not exist",
        ours="the same JSON slice; a plan's first action or one action; name and objects in any case; parameters "
        "as an object or a list",
        restore="`parser: paper` (ViPlan's reading, step by step identical on the differential corpus); `score` "
        "gives both success rates",
        test="tests/episodes/test_viplan_paper_parser.py::"
        "test_a_reply_ours_forgives_is_an_action_that_does_not_exist_for_viplan",
    ),
    Departure(
        section="Parsers and judging",
        configs=GROUND,
        paper="`parse_output` + `cast_to_yes_no`: the first exact-case `<answer>` pair, else the whole reply; "
        "lower-cased, trailing `.,!?` dropped; an answer *starting* with yes/no, else the first space-separated "
        'word starting with yes/no ("Nobody" and "Note: yes" read no; "**Yes**" reads nothing)',
        ours="the last complete `<answer>` tag (any case), else the first word that is exactly yes/no",
        restore="`score`'s readings table gives ViPlan's reading (`scorer/readers/paper_yes_no.py`), identical on "
        "the differential corpus",
        test="tests/fidelity/test_viplan.py::test_yes_no_readings_agree_with_viplans_on_the_whole_corpus",
    ),
    Departure(
        section="Parsers and judging",
        configs=GROUNDER_BUILT,
        paper="ViPlan's yes/no reading; an answer that is neither yes nor no ends the episode once its batch of "
        "questions is answered (`update_vlm_state` asserts, the loop breaks)",
        ours="our yes/no reading; such an answer is taken as no and the episode goes on (never credited as "
        "right in either reading)",
        restore="`parser: paper`",
        test="tests/families/blocksworld/test_grounder.py::"
        "test_with_the_papers_parser_an_unparsable_answer_ends_the_episode_after_its_batch",
    ),
    Departure(
        section="Episode rules",
        configs=GROUNDER,
        paper="`get_plan` plans with unified-planning's `OneshotPlanner` (Fast Downward, satisficing)",
        ours="a shortest plan (`planner: optimal`: breadth-first search, A* where the space is large): Fast "
        "Downward's satisficing plans run far longer here (29 moves for an 8-move medium problem), so a "
        "truthful grounder would overrun the 20-action limit and success would measure the planner",
        restore="`planner: fast-downward`",
        test="tests/families/blocksworld/test_grounder.py::test_fast_downward_plans_from_the_believed_state",
    ),
    Departure(
        section="Episode rules",
        configs=EPISODES,
        paper="action failures (`fail_probability`, 0.1 in its appendix K) draw from one `random` stream seeded "
        "once per run",
        ours="the same kinds and shares of failures, drawn from the row's seed and the step, so a replay is exact",
        restore="none: ViPlan's draws depend on everything its run drew before",
        test="tests/families/blocksworld/test_planner_mode.py::test_failures_are_drawn_from_the_seed_and_replay_exactly",
    ),
    Departure(
        section="Episode rules",
        configs=GROUNDER_BUILT,
        paper="after an action, `get_effects_predicates` asks about the conditional effects whose condition held in "
        "the TRUE state before the action (`previous_state`, the simulator's), each expected to take the effect's "
        "value",
        ours="the effects the believed state predicts (conditions on the belief, expected values of the believed "
        "successor): the agent is never asked what only the true state implies",
        restore="setting `effects: paper`; the replays of ViPlan's released runs use it",
        test="tests/released/test_viplan_import.py::test_with_effects_paper_the_grounder_asks_the_effects_of_the_true_state",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=PLANNER,
        paper="its planner loop appends a step's action before applying it and again in its `except` when the "
        "simulator raises (an action that does not exist), so `action_success_rate` counts such a step as two "
        "failed actions",
        ours="the replay of a released run counts every step once (legal actions / actions taken)",
        restore="none: a slip of its bookkeeping; `reproduction.csv` names this row where it is the whole difference",
        test="tests/released/test_viplan_import.py::test_viplans_planner_counts_an_action_that_does_not_exist_twice",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=GROUNDER,
        paper="`compute_metrics` counts the enumeration answers only in predicate accuracy (the precondition and "
        "effect answers only when an episode has no replans list, which never happens); an answer that is "
        "neither yes nor no is counted and never right",
        ours="`predicate_accuracy` (and per predicate, macro, per true answer) counts every answer, an unreadable "
        "one never right",
        restore="`predicate_accuracy[phase=enumerate]` is ViPlan's rate",
        test="tests/families/blocksworld/test_grounder.py::test_viplans_own_predicate_accuracy_counts_the_enumeration_answers",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=f"`blocksworld-ground`, {GROUNDER}",
        paper="predicate accuracy per predicate (appendix L, tables 16 to 19) and per true answer",
        ours="both given: `accuracy[<predicate>]`, `macro_accuracy`, `accuracy[truth=yes]` / `[truth=no]`; in "
        "episodes the same under `predicate_accuracy`",
        restore="none needed",
        test="tests/families/blocksworld/test_grounder.py::"
        "test_grounder_metrics_give_accuracy_per_predicate_macro_and_per_true_answer",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=GROUNDER,
        paper="figure 16 plots the share of tasks solved against the number of predictions that must all be "
        "right; its computation is not published",
        ours="the `compounding-errors` chart: the share of episodes whose first k answers were all right (an "
        "episode that asked fewer keeps the verdict of all its answers), beside accuracy^k",
        restore="none: our reading of the figure",
        test="tests/report/test_compounding.py::test_the_share_never_rises_and_a_short_episode_keeps_its_verdict",
    ),
    Departure(
        section="Keys and oracles",
        configs="`blocksworld-episodes`",
        paper="ViPlan's difficulty bands bound the length of a satisficing plan (its generator's `OneshotPlanner`), "
        "so a medium problem can have an optimal length of 4",
        ours="generated problems are banded by their optimal length; `viplan-blocksworld-episodes` holds ViPlan's "
        "own 75 problems with its reference plan beside our optimal one",
        restore="`viplan-blocksworld-episodes` (`planarium import viplan`)",
        test="tests/families/blocksworld/test_viplan_import.py::"
        "test_every_reference_plan_is_valid_and_never_shorter_than_ours",
    ),
    Departure(
        section="Views and boards",
        configs=f"{GROUND}, {EPISODES}",
        paper="scenes rendered by Blender 3.0 (CLEVR-style rubber cubes, 300 x 200, random rotation and jitter), "
        "column labels drawn by matplotlib",
        ours="our deterministic renderer of the same scene (labelled columns, dashed separators, the six "
        "colours), 480 x 320",
        restore="none: Blender is not installable here; the image is the symbolic state drawn",
        test="tests/families/blocksworld/test_blocksworld_render.py::test_dashed_separators_and_labels",
    ),
    Departure(
        section="Views and boards",
        configs=f"`blocksworld-ground`, {EPISODES}",
        paper="the rendered 3D scene only",
        ours="the 3D render by default; `view: 2d` and `view: text` (episodes) and `blocksworld-ground-views` "
        '(questions) are ours (the text view says "description" where the prompt says "image")',
        restore="`view: 3d` (the default); `blocksworld-ground` is ViPlan's",
        test="tests/families/blocksworld/test_ground_views.py::test_the_3d_row_is_the_blocksworld_ground_row",
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "viplan-blocksworld-episodes",
        prompt=Held("tests/episodes/test_paper_defaults.py::test_a_papers_own_episodes_play_with_its_settings"),
        rules=Held(
            "tests/released/test_viplan_import.py::test_viplans_planner_counts_an_action_that_does_not_exist_twice",
            differs="a step whose action does not exist counts once (ViPlan's loop counts it twice)",
        ),
        reading=Held("tests/fidelity/test_viplan.py::test_yes_no_readings_agree_with_viplans_on_the_whole_corpus"),
    ),
)
