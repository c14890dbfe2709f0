"""Where the sliding geom configs do not do what iVISPAR's code does (``docs/fidelity.md``).

iVISPAR's code: ``Source/Experiment/agent_systems.py`` (the agent: prompt, history,
``parse_action``), ``TurnManager.cs`` (Unity's command decoding), ``Source/Evaluate/`` (the
episode metrics), at the commit in ``../shared/external/reference-code/ivispar/COMMIT``.
"""

from __future__ import annotations

from scorer.registry.fidelity import Departure, Held, PaperConfig

EPISODES = "`slidegeom-episodes`, `ivispar-episodes`"
EPISODES_BUILT = "`slidegeom-episodes`"  # the imported twin plays the paper's (Mode.paper_defaults)
_IVISPAR_TEST = "tests/fidelity/test_ivispar.py"

DEPARTURES: tuple[Departure, ...] = (
    Departure(
        section="Prompts and feedback",
        configs=EPISODES,
        paper="iVISPAR's open-model agents (vLLM: Qwen2-VL, LLaVA-OneVision, ...) send the goal and current "
        "images inside the text message (`<image>\\n<image>\\n## Analyze the Images`), some with every line's "
        "indentation removed; its API agents send them as `GPT4Agent` does",
        ours="`GPT4Agent`'s messages, byte for byte, for every model",
        restore="none: one prompt for every model",
        test=f"{_IVISPAR_TEST}::test_the_prompt_is_ivispars_message_by_message",
    ),
    Departure(
        section="Prompts and feedback",
        configs=EPISODES,
        paper="iVISPAR never shows the outcome of the last command",
        ours="the same by default; `last_result: true` adds a user message `## Result of your last action` "
        "with the command and iVISPAR's validity string",
        restore="`last_result: false` (the default)",
        test=f"{_IVISPAR_TEST}::test_the_last_result_setting_adds_our_feedback_section",
    ),
    Departure(
        section="Prompts and feedback",
        configs=EPISODES,
        paper="past steps re-sent as earlier turns (a user message with the past image, an assistant message "
        "`Action: <action>`)",
        ours="the same by default; `history_as: text` gathers them in one user message",
        restore="`history_as: turns` (the default)",
        test="tests/families/slidegeom/test_slidegeom_mode.py::test_past_steps_inside_the_user_message_with_history_as_text",
    ),
    Departure(
        section="Prompts and feedback",
        configs="`slidegeom-describe`, `ivispar-describe`",
        paper="a disabled branch of `GPT4Agent.act`: as system message only its description suffix (the "
        "instruction file is read a second time, empty), as user text `In this image with blue background you "
        "will see the board, describe the board state. ...` beside the image",
        ours="our own prompt: the board's coordinates, the colours and shapes, one image, the reply ending "
        "with `description:` and one geom per line",
        restore="none: the paper's branch was switched off in its code (`sceneUnderstanding = False`)",
        test="tests/families/slidegeom/test_describe.py::test_prompt_names_the_view_one_image_and_the_ending",
    ),
    Departure(
        section="Episode rules",
        configs=EPISODES_BUILT,
        paper="the history's action is what `parse_action` and `parse_action_rmv_special_chars` made of the "
        "reply (`No valid action found` when it has no `action: move `)",
        ours="with our parser (the default), the command our parser read (`No valid action found` when none)",
        restore="`parser: paper`",
        test=f"{_IVISPAR_TEST}::test_the_prompt_is_ivispars_message_by_message",
    ),
    Departure(
        section="Parsers and judging",
        configs=EPISODES_BUILT,
        paper="two layers: what follows the last `action: move ` (`parse_action`), read by Unity's substrings "
        "(`TurnManager.decodeCommand`: colour = the word before the shape, first shape and direction in list "
        "order, a repeat count moves several cells in one step); an unknown geom is in no action class",
        ours="the last four-word `move <colour> <shape> <direction>` anywhere in the reply; one move per step. "
        "`score` replays every log with both parsers (from the first reply they read differently, the paper's "
        "reading says what its code makes of the same replies, not what the model would have done)",
        restore="`parser: paper` (play with it); `score`'s readings table",
        test=f"{_IVISPAR_TEST}::test_unity_decoding_agrees_on_every_reply",
    ),
    Departure(
        section="Parsers and judging",
        configs=EPISODES,
        paper="Unity on a move of a real geom with no direction, on a repeat count past 2^31 and on `tile` as the "
        "last word: runs the move with an empty direction, or throws (`int.Parse`, an index past the end)",
        ours="`not a legal command`; counts are read from their first six digits (more cells than the board has "
        "fail alike); a colour after a final `tile` is empty",
        restore="none: what Unity logs there is not visible in its code",
        test=f"{_IVISPAR_TEST}::test_unity_decoding_agrees_on_every_reply",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=f"{EPISODES}, `slidegeom-describe`",
        paper="iVISPAR, section 4.3: temperature 1.0, top-p 0.95, top-k 50 for open-source models",
        ours="temperature 0 for every config, so a rerun gives the same replies (recorded in `results.json`, "
        "`run.settings.sampling_by_config`)",
        restore="`planarium eval --sampling paper`",
        test="tests/planarium_agents/test_eval.py::test_sampling_paper_sends_each_configs_papers_sampling_and_records_it",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=f"{EPISODES}, `slidegeom-describe`",
        paper="iVISPAR's code ran closed models at their APIs' settings (Claude and GPT-4o at 0.5 in text mode, "
        "API defaults otherwise)",
        ours="`--sampling paper` sends the open-model settings to every model",
        restore="`--sampling default --temperature 0.5` for a closed model in text mode",
        test="tests/planarium_agents/test_eval.py::test_sampling_paper_sends_each_configs_papers_sampling_and_records_it",
    ),
    Departure(
        section="Sampling, metrics and charts",
        configs=EPISODES,
        paper="iVISPAR's evaluation code: `won_at_spl`, the normalised progress `round(100 (1 - d_t / c1), 2)` over "
        "the 20 steps, ended episodes padded with their last distance; figure 7 maps the average minimal "
        "distance over geoms x optimal length",
        ours="the same numbers named `won_at_optimal` and `progress[step=t]` (t = 0..20), the `progress` chart per "
        "view, `[view=average]` over the views played; `score --heatmap PNG` draws completion and figure 7's map "
        "beside it",
        restore="none needed: the same numbers under our names",
        test="tests/families/slidegeom/test_progress.py::test_progress_is_ivispars_rounded_percentage_padded_with_the_last_distance",
    ),
    Departure(
        section="Views and boards",
        configs=f"{EPISODES}, `slidegeom-describe`, `ivispar-describe`",
        paper="Unity screenshots (1200x900, transparent, composited on the role's colour) and a matplotlib "
        "schematic; the label in a box at the top right, Arial 50 px",
        ours="our own deterministic renderers (an angled 3D view, a top-down 2D schematic), the label in a box in "
        "a band above the image, framed in the role's colour",
        restore="none: no 3D simulator runs here",
        test="tests/families/slidegeom/test_slidegeom_render.py::test_frame_colours_are_ivispars",
    ),
    Departure(
        section="Views and boards",
        configs="`slidegeom-acp`",
        paper="(no paper asks ACP questions about the puzzle)",
        ours="boards of 2 or 3 geoms, so every key is exact; the state in the 3D view only",
        restore="none: a Planarium config",
        test="tests/families/slidegeom/test_slidegeom_acp.py::test_mini_rows_ask_every_kind_about_one_image_with_exact_keys",
    ),
)

PAPER_CONFIGS = (
    PaperConfig(
        "ivispar-episodes",
        prompt=Held("tests/fidelity/test_ivispar.py::test_the_prompt_is_ivispars_message_by_message"),
        rules=Held("tests/fidelity/test_ivispar.py::test_unity_decoding_agrees_on_every_reply"),
        reading=Held("tests/fidelity/test_ivispar.py::test_parse_action_agrees_with_ivispars_on_every_reply"),
    ),
    PaperConfig(
        "ivispar-describe",
        prompt=Held(
            "tests/families/slidegeom/test_describe.py::test_prompt_names_the_view_one_image_and_the_ending",
            differs="our own prompt (the board's coordinates, colours and shapes)",
        ),
        rules=Held("tests/planarium_agents/test_eval.py::test_the_papers_sampling_is_the_default"),
        reading=Held(
            "tests/families/slidegeom/test_describe.py::test_perfect_description",
            differs="iVISPAR's code here scores no descriptions: ours matches geoms to cells",
        ),
    ),
)
