"""Where the VSP configs do not do what VSP's released code does (``docs/fidelity.md``).

VSP's code: ``VSP-main/<scenario>/<task>/eval.py``, its released scorers, at the commit in
``../shared/external/reference-code/vsp/COMMIT``; its prompts are its ``prompt-text.txt``
files (``prompts/``). ``tests/fidelity/test_vsp.py`` runs every scorer beside our ``paper``
reading: they agree on every reply.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

_FIDELITY = "tests/fidelity/test_vsp.py::test_our_paper_reading_agrees_with_vsps_eval_script"
_PROMPTS = "tests/families/vsp/test_vsp_prompts_paper.py::test_every_sentence_is_the_papers_or_a_listed_departure"

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Prompts and feedback",
        configs="`maze-vsp`, `vsp-original`",
        paper="appendix A's text",
        ours='VSP\'s released `prompt-text.txt` where the two differ: "Please generate action plan ..." (the paper: '
        '"the action plan"), `{"Above", ...}` and `<Output> "Above,Left"` in T2, `{A,B,C,D}` in T3, "videogame" in '
        'T4; the paper\'s T2 spelling of "player" (the released file has "plyaer")',
        restore="none: the released text is what VSP's scripts sent",
        test=_PROMPTS,
    ),
    Departure(
        section="Prompts and feedback",
        configs="`blocks-vsp`",
        paper="appendix A's text",
        ours="VSP's released `prompt-text.txt` where the two differ: the main task's \"Then, list the moves in a "
        'step-by-step manner using the format move(SOURCE, TARGET)"; "Since coding is not within your skill set, ..." '
        'in T1, T2 and T4; T2\'s "(C) Two blocks are at different blocks" (the paper: stacks) and "questiosn"; '
        '`{A,B,C,D}` in T2 and T3; T3\'s "Here are the textual candidates:"',
        restore="none: the released text is what VSP's scripts sent",
        test=_PROMPTS,
    ),
    Departure(
        section="Prompts and feedback",
        configs="`streetmap-route`",
        paper="appendix A (and VSP's `test.py`): the worked example is south-west of the goal, \"north by 1 ... east "
        'by 4"',
        ours='VSP\'s `prompt-text.txt` example (north-east, "south by 1 ... west by 1") with our drawing of it, '
        'and its sentence "Since coding is not within your skill set, ..."',
        restore="none yet: the example image would change with the text",
        test=_PROMPTS,
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs="`maze-vsp`, `vsp-original`, `blocks-vsp`, `collision`, `streetmap-route`",
        paper="VSP states no sampling",
        ours="temperature 0 stands in",
        restore="none needed",
        test="tests/planarium_agents/test_eval.py::test_sampling_default_is_temperature_0_for_every_config",
    ),
    Departure(
        section="Parsers and judging",
        configs="`maze-vsp`, `vsp-original`, `blocks-vsp`",
        paper='VSP\'s `eval.py` per task: main, the first "Action plan: " to the end of the reply, single letters '
        'only, stepped in gym\'s FrozenLake (a bad piece before the goal: wrong); T1 exactly "yes"/"no" after the '
        'first `<Output>`; T4 "yes"/"no" in the 10 characters after it; T2 every true direction among the comma '
        "pieces (extras allowed, exact case); T3 exactly one letter; blocks T1 the first line equal to the colour, T2 "
        "the first line equal to the letter, T3 the same line upper-cased (angle brackets and colons kept), T4 "
        "exactly yes/no",
        ours='main: the last "Action plan:" line, moves as letters, words or runs ("LLR"); T1/T4: the first yes/no '
        "word after the last `<Output>`; T2: the exact set of directions; T3: the first standalone A-D; blocks T1 the "
        "first colour word, T2/T3 the first standalone letter",
        restore="`score`'s readings table (`paper`: VSP's scripts, reproduced exactly)",
        test=_FIDELITY,
    ),
    Departure(
        section="Parsers and judging",
        configs="`blocks-vsp`, `vsp-original`",
        paper="blocks main: its move simulation skips a move it cannot make (even after the goal is reached) and "
        "reads `move(SRC,DST)` by letters: the source the first character after `move(`, a target not written "
        "`table` by its first letter (`move(r,table)` moves the red block)",
        ours="every move must be legal (the first illegal one fails the plan); a block is named by its colour, a "
        "letter is unparsable",
        restore="`score`'s readings table",
        test="tests/families/vsp/test_blocks_answer.py::test_an_illegal_move_fails_the_plan_though_vsp_skipped_it",
    ),
    Departure(
        section="Parsers and judging",
        configs="`collision`",
        paper="the regex `(Car|Person):\\s*([0-9]*\\.?[0-9]+)` (exact case); the car's time within 1.0 s earns half a "
        "point; the person's never counts (the scorer indexes a float and raises)",
        ours="both times and Yes/No read line by line, each credited (all three right: 1)",
        restore="`score`'s readings table",
        test=_FIDELITY,
    ),
    Departure(
        section="Parsers and judging",
        configs="`streetmap-route`",
        paper='net displacement only, each direction line converted with `int()` ("North: 2 blocks" fails)',
        ours="the legs are walked on the grid (leaving it is invalid; ending at G is right)",
        restore="`score`'s readings table",
        test=_FIDELITY,
    ),
    Departure(
        section="Parsers and judging",
        configs="`maze-vsp`, `vsp-original`",
        paper="the maze plan is stepped in gym's FrozenLake-v1",
        ours="the paper reading steps our maze with FrozenLake's rules (no slipping, off the edge no move, 100 steps); "
        "the differential test uses gym when installed, else a stand-in with those rules (gym 0.26.2 agreed on all "
        "360 replies when tried)",
        restore="none needed: the same verdicts",
        test=_FIDELITY,
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "vsp-original",
        prompt=Held(
            "tests/families/vsp/test_vsp_prompts_paper.py::test_every_sentence_is_the_papers_or_a_listed_departure",
            differs="VSP's released prompt texts; what its `test.py` scripts sent (not in reference-code here) "
            "orders blocks task 2's image first and separates images by one line break",
        ),
        rules=Held(
            "tests/planarium_agents/test_eval.py::test_sampling_default_is_temperature_0_for_every_config",
            differs="the paper states no sampling; temperature 0 stands in",
        ),
        reading=Held(_FIDELITY),
    ),
)
