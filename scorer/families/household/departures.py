"""Where the household configs (ViPlan-HH) do not do what ViPlan's code does, each with the
setting that restores ViPlan's behaviour and the test that holds the row
(``scorer.registry.fidelity``). ViPlan's own code is run beside ours in ``tests/fidelity/test_viplan.py``.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

GROUND = "`household-ground`"
PLANNER = "`household-episodes`, `viplan-household-episodes` (planner)"
PLANNER_BUILT = "`household-episodes` (planner)"  # the imported twin plays the paper's (Mode.paper_defaults)
GROUNDER = "`household-episodes`, `viplan-household-episodes` (grounder)"
GROUNDER_BUILT = "`household-episodes` (grounder)"  # the imported twin plays the paper's (Mode.paper_defaults)
EPISODES = "`household-episodes`, `viplan-household-episodes`"

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Prompts and feedback",
        configs=f"{GROUND}, {GROUNDER}",
        paper='ViPlan\'s code appends the question right after the image, without the keyword "Question:" its '
        'system prompt announces, and its message splitter drops the question\'s last character (the "?")',
        ours="`<image>`, a line break, `Question: <the whole question>`; the rest is ViPlan's text, roles and "
        "image place",
        restore="grounder episodes: setting `question: paper` (ViPlan's line, byte for byte); the question rows: "
        "none, both are slips of its code, not of the protocol",
        test="tests/fidelity/test_viplan.py::test_with_question_paper_the_grounder_prompts_are_viplans",
    ),
    Departure(
        section="Prompts and feedback",
        configs=f"{PLANNER}, {GROUND}, {GROUNDER}",
        paper="`get_messages` strips every text part of a message, so the text before the image ends without "
        "its line break",
        ours="the same texts, roles and image places; our client sends a text part as the prompt holds it",
        restore="none: whitespace at an image's edge",
        test="tests/fidelity/test_viplan.py::test_household_planner_loop_agrees_with_viplans_reply_by_reply",
    ),
    Departure(
        section="Prompts and feedback",
        configs=PLANNER,
        paper="appendix I prints the Plan and Plan + CoT prompts only; the Action variants are not published",
        ours="`output: action` asks for one action, the plan's wording changed only where a plan becomes an action",
        restore="`output: plan` (the default) is ViPlan's prompt, byte for byte",
        test="tests/families/household/test_household_planner_prompt.py::"
        "test_the_action_variant_changes_only_what_a_plan_becomes",
    ),
    Departure(
        section="Prompts and feedback",
        configs=PLANNER,
        paper='the "Additional information" comes from its iGibson client\'s `priviledged_predicates` (code not '
        "published with the loop); the loop words them with its `preds_templates`",
        ours="the same words and layout (no facts: the heading and placeholder removed, as its loop does) for "
        "every object inside a container the agent cannot reach",
        restore="none: the client's rule is not published",
        test="tests/families/household/test_episodes.py::test_hidden_objects_are_named_until_the_agent_reaches_them",
    ),
    Departure(
        section="Episode rules",
        configs=PLANNER_BUILT,
        paper="a reply without a JSON object ends the episode; a reply whose plan has no first entry repeats the "
        'previous step\'s action as one that "does not exist" (its loop keeps `first_action`), or ends the '
        "episode at the first step",
        ours="an unparsable reply (no JSON action) is a failed step and the episode goes on",
        restore="`parser: paper` (or `stop_on_unparsable: true` for the ending alone)",
        test="tests/fidelity/test_viplan.py::test_household_planner_loop_agrees_with_viplans_reply_by_reply",
    ),
    Departure(
        section="Parsers and judging",
        configs=PLANNER_BUILT,
        paper="`parse_json_output` and the household loop: `plan[0]` of the JSON between the first `{` and the "
        'last `}`; a name that is none of the domain\'s actions (exact case) "does not exist"; otherwise the '
        'action goes to its client with the parameters as written, a refusal being "parameters incorrectly '
        'specified"',
        ours="the same JSON slice; a plan's first action or one action; name and objects in any case; parameters "
        "as a list, an object (its values) or one string; a refused action's entry cut to 80 characters a name",
        restore="`parser: paper`, identical on the differential corpus (the client's refusals taken as "
        "`success=False`, its code being unpublished)",
        test="tests/fidelity/test_viplan.py::test_household_planner_loop_agrees_over_whole_episodes",
    ),
    Departure(
        section="Parsers and judging",
        configs=GROUND,
        paper="`parse_output` + `cast_to_yes_no` (ViPlan's household grounder, the same as its blocksworld one)",
        ours="the last complete `<answer>` tag (any case), else the first word that is exactly yes/no",
        restore="`score`'s readings table gives ViPlan's reading, identical on the differential corpus",
        test="tests/fidelity/test_viplan.py::test_yes_no_readings_agree_with_viplans_on_the_whole_corpus",
    ),
    Departure(
        section="Parsers and judging",
        configs=GROUNDER_BUILT,
        paper="ViPlan's yes/no reading; an answer that is neither yes nor no ends the episode once its batch is "
        "answered (`update_vlm_state` asserts)",
        ours="our yes/no reading; such an answer is taken as no and the episode goes on (never credited as right)",
        restore="`parser: paper`",
        test="tests/families/blocksworld/test_grounder.py::"
        "test_with_the_papers_parser_an_unparsable_answer_ends_the_episode_after_its_batch",
    ),
    Departure(
        section="Episode rules",
        configs=GROUNDER,
        paper="`check_action` returns five values where `check_plan` unpacks six when a precondition it cannot "
        "see is false, so the exception ends the episode",
        ours="the action is called off and the grounder re-enumerates and replans, as for a precondition judged false",
        restore="none: a slip of its code",
        test="tests/fidelity/test_viplan.py::test_viplans_household_grounder_stops_on_an_unseen_false_precondition",
    ),
    Departure(
        section="Episode rules",
        configs=GROUNDER,
        paper="`get_plan` plans with unified-planning's `OneshotPlanner` (Fast Downward, satisficing)",
        ours="a shortest plan by A* (`planner: optimal`), so the step limit measures the grounder, not the planner",
        restore="`planner: fast-downward`",
        test="tests/families/blocksworld/test_grounder.py::test_fast_downward_plans_from_the_believed_state",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=GROUNDER,
        paper="predicate accuracy counts the enumeration answers only (made on replanning in the household); an "
        "answer that is neither yes nor no is counted and never right",
        ours="`predicate_accuracy` counts every answer, an unreadable one never right",
        restore="`predicate_accuracy[phase=enumerate]` is ViPlan's rate",
        test="tests/families/blocksworld/test_grounder.py::test_viplans_own_predicate_accuracy_counts_the_enumeration_answers",
    ),
    Departure(
        section="Views and boards",
        configs=f"{GROUND}, {EPISODES}",
        paper="iGibson's renders of BEHAVIOR scenes; what is visible (`/get_visible_objects`) comes from the simulator",
        ours="our deterministic drawing of the PDDL state (3D-looking, 2D plan and text views); what is visible "
        "follows our scene's rule (`scorer/families/household/sight.py`)",
        restore="none: iGibson cannot be installed here; the image is the symbolic state drawn",
        test="tests/families/household/test_views.py::test_views_are_deterministic_and_change_with_the_state",
    ),
    Departure(
        section="Episode rules",
        configs="`viplan-household-episodes`",
        paper="iGibson decided every action (it ran some that ViPlan's own PDDL refuses, most often `navigate-to` "
        "an object already reachable), the goal by its own check, the truth of each grounder question and the "
        "effects ViPlan's loop expected (from iGibson's state before the action), all in its scenes",
        ours="live play decides each by our PDDL in our home. The replays of ViPlan's released runs apply what "
        "iGibson decided, from the record: its verdict on each action (an action it ran takes its PDDL effects), "
        "its goal check, its truth of each atom asked and the values ViPlan's loop expected, and count each that "
        "our PDDL would judge otherwise (`recorded_conflicts`, `goal_conflicts`, `truth_conflicts`); so success "
        "and predicate accuracy equal ViPlan's on every household run, while on 44 of the 2,400 released "
        "planner episodes iGibson's goal check passed where our state does not hold the goal, and our home's "
        "truth agrees with iGibson's on 86% of the atoms GPT-4.1's grounder runs enumerated",
        restore="none for live play: iGibson and its scenes are not installable; replays: `recorded` in the log",
        test="tests/released/test_viplan_import.py::test_household_runs_reproduce_viplans_success_and_predicate_accuracy",
    ),
    Departure(
        section="Episode rules",
        configs="`viplan-household-episodes` (grounder)",
        paper="a replan's enumeration asks every grounding of every predicate over the objects in view "
        "(`env.visible_predicates`), statics and objects of its scene outside the problem included",
        ours="live play asks the atoms of our grounded task in view (3,686 of the 7,660 atoms GPT-4.1's released "
        "runs without CoT were asked); the replays ask every atom the run asked",
        restore="replays: `recorded.seen`; live play: none (our home has no objects beyond the problem's)",
        test="tests/released/test_viplan_import.py::test_household_enumerations_asked_atoms_our_task_does_not_hold",
    ),
    Departure(
        section="Episode rules",
        configs=GROUNDER,
        paper="`get_predicates_for_question` skips a `forall`'s groundings over the action's own arguments, so "
        "`grasp(x)` never checks that the agent is not holding `x`",
        ours="every grounded precondition is checked (one more question, or one more unseen check, per grasp)",
        restore="replays: `recorded.expected` holds the atoms ViPlan's loop checked; live play: none yet",
        test="tests/released/test_viplan_import.py::test_viplans_grasp_never_checks_holding_its_own_object",
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "viplan-household-episodes",
        prompt=Held("tests/episodes/test_paper_defaults.py::test_a_papers_own_episodes_play_with_its_settings"),
        rules=Held(
            "tests/released/test_viplan_import.py::test_igibson_ran_navigate_to_on_a_reachable_object",
            differs="the PDDL state decides actions, goals and what is true; ViPlan's iGibson scenes decided them",
        ),
        reading=Held("tests/fidelity/test_viplan.py::test_household_planner_loop_agrees_over_whole_episodes"),
    ),
)
