"""Where the kitchen configs do not do what AsgardBench's code does (``docs/fidelity.md``).

Its prompt (every combination of its template codes), its reply reading, its history,
its step limits and its termination are AsgardBench's own, checked against its code by
``tests/fidelity/test_asgardbench.py``; what remains is below: what a symbolic world drawn
by us cannot reproduce of AI2-THOR, one setting of ours, an empty reply, and how failed
steps are counted.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

BOTH = "`kitchen-episodes`, `asgardbench-episodes`"
BOTH_BUILT = "`kitchen-episodes`"  # the imported twin plays the paper's (Mode.paper_defaults)

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Prompts and feedback",
        configs=BOTH,
        paper="AsgardBench's Text-Only condition (`text_only`) sends no scene at all (AsgardBench, section 4)",
        ours="besides `view: text_only` (AsgardBench's) and the default `view: image`, the setting `view: text` "
        "writes the scene out after the user text",
        restore="`view: text_only` (or the default `view: image`)",
        test="tests/families/kitchen/test_episode.py::test_views_images_and_text",
    ),
    Departure(
        section="Prompts and feedback",
        configs=BOTH,
        paper="its template reader expands `{include:NAME}` after the variables are filled in, reading NAME "
        "relative to its prompts folder, so a reply whose memory names another file (`{include:../../x}`) "
        "brings that file into the next prompt (AsgardBench, `Model/prompt_templates.py`)",
        ours="an include names only one of the shipped templates; any other name is left out, as AsgardBench "
        "leaves out a template it cannot find (a server must not read its files into a model's prompt)",
        restore="none: the difference is only for a reply that names a file outside the templates",
        test="tests/families/kitchen/test_episode.py::test_a_memory_naming_a_file_includes_nothing",
    ),
    Departure(
        section="Parsers and judging",
        configs=BOTH_BUILT,
        paper="its runner reads the whole reply, the `<think>` block its prompt asks for included: the memory "
        'is the first "things to remember" anywhere, the action the last Action line from `<answer>` on (from '
        "the start without one)",
        ours="the rollout engine removes the `<think>` block before the kitchen reading (as for every config), "
        "so the memory, plan and action come from the answer; scoring replays every log both ways",
        restore="`parser: paper` (the live episode reads as AsgardBench; the paper reading of `score` replays with it)",
        test="tests/families/kitchen/test_episode.py::test_the_paper_parser_reads_the_think_block_as_asgardbench_does",
    ),
    Departure(
        section="Episode rules",
        configs=BOTH,
        paper="an empty reply is asked again up to 3 times by its client before the runner records the step "
        "`empty_response` (a failure shown in the history)",
        ours="an empty reply is the step `empty_response` at once (a logged reply cannot be asked again)",
        restore="none: replaying a log cannot call the model",
        test="tests/families/kitchen/test_episode.py::test_reply_parsing",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=BOTH,
        paper="its engine types an invalid-format step as `Unparsable` when the object names something in the "
        "scene, and as `Undoable` when it does not or when the reply has no Action line (its generic "
        "exception path), which its unparsable and undoable ratios count",
        ours="every invalid-format step counts as unparsable (`unparsable_rate`); the episode itself (message, "
        "history, termination) is AsgardBench's",
        restore="none: the counts only; the error type is not part of the episode",
        test="tests/families/kitchen/test_episode.py::test_reply_parsing",
    ),
    Departure(
        section="Keys and oracles",
        configs=BOTH,
        paper="a state or put-away goal is checked on the first object of its type (its goal checker)",
        ours="on every object of the type (every burner off, every mug clean)",
        restore="none: the first object of a type is an AI2-THOR ordering our world does not have",
        test="tests/families/kitchen/test_goals_and_core.py::test_state_goals_hold_for_every_instance_not_only_the_first",
    ),
    Departure(
        section="Views and boards",
        configs=BOTH,
        paper="the scene is an AI2-THOR frame (1024 x 1024) with its hand overlay",
        ours="a symbolic home drawn by our renderer (512 x 512: what the agent faces after FIND, the held item "
        "in a translucent hand); the previous image is made as AsgardBench makes it (the last frame, in colour "
        "or grayscale)",
        restore="none: AI2-THOR cannot run here",
        test="tests/families/kitchen/test_episode.py::test_the_previous_picture_is_the_last_one_as_asgardbench_makes_it",
    ),
    Departure(
        section="Views and boards",
        configs="`asgardbench-episodes`",
        paper="objects are placed by AI2-THOR's random spawn with the task's seed",
        ours="the scene's fixtures and one object of each pickupable type its item cache lists, placed by our "
        "seeded layout (the task's objects in view); its AVAILABLE OBJECTS are AsgardBench's",
        restore="none: AI2-THOR cannot run here",
        test="tests/families/kitchen/test_asgard_import.py::test_scenes_hold_the_types_the_item_cache_lists",
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "asgardbench-episodes",
        prompt=Held("tests/fidelity/test_asgardbench.py::test_rows_and_the_server_send_asgardbenchs_first_prompt"),
        rules=Held(
            "tests/families/kitchen/test_goals_and_core.py::test_state_goals_hold_for_every_instance_not_only_the_first",
            differs="a symbolic home drawn by Planarium, not AI2-THOR's; a state goal holds on every object of "
            "its type (AsgardBench's checker looks at the first)",
        ),
        reading=Held("tests/fidelity/test_asgardbench.py::test_replies_are_read_as_asgardbench_reads_them"),
    ),
)
