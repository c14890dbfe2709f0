"""Where the ACP configs do not do what ACPBench Hard's code does (``docs/fidelity.md``).

ACPBench Hard's code: ``src/evaluate_gen.py``, ``src/evaluators/`` and ``src/grammar/``, at
the commit in ``../shared/external/reference-code/acpbench/COMMIT``.
``tests/fidelity/test_acpbench.py`` runs its parser and evaluators beside our ``paper``
reading (``scorer/tasks/acp/paper_parse.py``, ``paper_judge.py``): they agree on every reply.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

ACP = "`acp-hard`, `acpbench-hard`, `blocksworld-acp`, `slidegeom-acp`, `household-acp`"
_FIDELITY = "tests/fidelity/test_acpbench.py::test_our_paper_reading_agrees_with_acpbenchs_evaluator"

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Parsers and judging",
        configs=ACP,
        paper="ACPBench Hard's grammar with lark's error recovery as its evaluator runs it: app/just collect every "
        'parenthesised group of the reply (reasoning included); "Nonetheless (at a b)" reads None, "NONE" is no '
        "answer; newlines deleted (gluing words); a single bracketed prog list is a parser error; val compares the "
        "digits as text and has no None",
        ours="figure 7 forms read leniently: the first complete answer; a list is the first bracketed list or run of "
        'groups; newlines separate words; "None" is a whole word, in any case',
        restore="`score`'s readings table (`paper`: their parser and evaluators, reproduced exactly)",
        test=_FIDELITY,
    ),
    Departure(
        section="Parsers and judging",
        configs="`acp-hard`, `blocksworld-acp`, `slidegeom-acp`, `household-acp`",
        paper="a reach answer naming a static fact goes to the planner: a false one is proven unreachable (right), a "
        "true one holds (wrong)",
        ours="a reach answer naming a static fact is invalid (naming a missing road answers without reasoning about "
        "reachability); `acpbench-hard` judges static facts as the paper does",
        restore="`score`'s readings table",
        test="tests/tasks/acp/test_paper_judge.py::test_each_reading_scores_as_its_rules_say",
    ),
    Departure(
        section="Parsers and judging",
        configs=ACP,
        paper="just: the simplified plan is compared case-sensitively with the plan cut out of the question text "
        '(characters 19 to -147); the "simplified plan:" form is lower-cased first',
        ours="compared with the key's plan by normalised names",
        restore="`score`'s readings table",
        test="tests/fidelity/test_acpbench.py::test_the_gold_answers_of_just_in_swap_are_right_as_the_question_spells_the_plan",
    ),
    Departure(
        section="Keys and oracles",
        configs="`acpbench-hard`",
        paper="each question is judged against its record's answer field",
        ours="our reading judges against our key, corrected where our validators prove the source's wrong (the "
        "disputes `planarium import acpbench-hard --disputes` lists); the paper's reading uses the source's key "
        "(`source_key`), disputed rows included",
        restore="`score`'s readings table",
        test="tests/families/classical/test_acp_import.py::test_the_published_files_import_and_gold_fails_only_on_disputes",
    ),
    Departure(
        section="Keys and oracles",
        configs=ACP,
        paper="where the key does not decide, the evaluators ask K* through their `src/utils` (`is_unsolvable` "
        "with a 3 s limit, `is_on_optimal_plan` with 5 s): reach, areach, nexta and just's plan check",
        ours="our oracle answers the same questions (the delete relaxation, an explicit search, then fast-downward or "
        "symk-opt through unified-planning, bounded by 2,048 MB, never by time; a next action mirroring one the "
        "key decides, by swapping two interchangeable objects, gets its verdict); a bound hit is `undecided` "
        "(scored 0, as their timeout); a text "
        "that is no atom or action of the task fails the planner call (wrong), an ill-typed atom included, which "
        "their K* call may accept as unreachable",
        restore="none by design: their utilities stop K* after 3 s or 5 s, so a verdict would depend on the "
        "machine's load (Planarium's oracle is bounded by memory, never by time); the differential tests hand "
        "their evaluators our oracle's verdicts in place of K*'s",
        test=_FIDELITY,
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs="`acp-hard`, `acpbench-hard`",
        paper="ACPBench Hard, table 7's last row: a random selector among the applicable actions on next action, per "
        "domain",
        ours="`nexta_random_selector` and `nexta_random_selector[<domain>]`, over the questions whose key knows every "
        "applicable action's verdict (`complete`)",
        restore="none needed: the same number",
        test="tests/tasks/acp/test_acp_random_selector.py::test_the_share_of_goal_closing_actions_per_question_averaged_per_domain",
    ),
    Departure(
        section="Views and boards",
        configs=ACP,
        paper="ACPBench Hard, table 3: three representations, NL, PDDL and PDDL+NL (its main results use NL)",
        ours="`prompt` is NL (the default, as the paper's main results), `pddl` PDDL+NL, `pddl_only` PDDL; for the "
        "visual configs `pddl_only` replaces the image as well",
        restore="`planarium eval --variant pddl` or `--variant pddl_only`",
        test="tests/planarium_agents/test_eval.py::test_the_pddl_only_variant_of_a_visual_config_sends_no_image",
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "acpbench-hard",
        prompt=Held("tests/fidelity/test_acpbench_prompt.py::test_every_row_asks_as_acpbenchs_task_file_renders_it"),
        rules=Held("tests/fidelity/test_acpbench_prompt.py::test_eval_sends_the_task_files_generation_settings"),
        reading=Held(
            _FIDELITY,
            differs="their evaluator's planner calls are answered by our oracle: 99.93% of 4,065 differential "
            "pairs agree, the rest one documented class",
        ),
    ),
)
