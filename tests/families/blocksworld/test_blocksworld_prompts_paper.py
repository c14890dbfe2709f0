"""Every blocksworld prompt, held word for word against ViPlan, appendix I (the seeds'
text of the paper), system and user message apart."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scorer.episodes.base import Message
from scorer.families.blocksworld.prompts import grounder_messages, planner_messages
from tests.support.papers import between, paper_text, words

# The paper's placeholders, filled into our prompts so both read the same.
GOAL, PREVIOUS = "{goal_string}", "{previous_actions}"


def _ground(cot: bool) -> list[Message]:
    """Our Ground prompt with the question taken out (the paper prints none)."""
    system, user = grounder_messages("Is the red block on top of the green block?", cot)
    return [system, Message("user", user.content.rpartition("\nQuestion: ")[0])]


PROMPTS: dict[str, Callable[[], list[Message]]] = {
    "Ground prompt for ViPlan-BW": lambda: _ground(cot=False),
    "Ground + CoT prompt for ViPlan-BW": lambda: _ground(cot=True),
    "Plan prompt for ViPlan-BW": lambda: planner_messages("plan", False, GOAL, PREVIOUS),
    "Plan + CoT prompt for ViPlan-BW": lambda: planner_messages("plan", True, GOAL, PREVIOUS),
}


def _printed(heading: str) -> tuple[str, str]:
    """(system, user) as appendix I prints them under ``heading``."""
    prompt = between(paper_text("ViPlan"), f"\n{heading}\n", "</user>")
    return between(prompt, "<system>", "</system>"), prompt.split("<user>", 1)[1]


@pytest.mark.parametrize("heading", sorted(PROMPTS))
def test_the_prompt_is_the_papers_word_for_word(heading: str) -> None:
    system, user = PROMPTS[heading]()
    printed_system, printed_user = _printed(heading)
    assert (system.role, user.role) == ("system", "user")
    assert words(system.content) == words(printed_system)
    assert words(user.content.replace("<image>", "{image}")) == words(printed_user)


def test_the_slips_the_paper_prints_are_kept() -> None:
    _, plan_user = planner_messages("plan", False, GOAL, PREVIOUS)
    assert "Your task is to correctly evaluate the question based on the image provided." in plan_user.content
    assert "'c1', 'c2', 'c3', 'c4' and 'c5'." in plan_user.content  # whatever the number of columns
    cot_system = grounder_messages("Is the red block clear?", cot=True)[0]
    assert "Example output for a question about the an image:" in cot_system.content


@pytest.mark.parametrize("cot", [False, True])
def test_the_action_variant_changes_only_what_a_plan_becomes(cot: bool) -> None:
    plan_system, plan_user = planner_messages("plan", cot, GOAL, PREVIOUS)
    action_system, action_user = planner_messages("action", cot, GOAL, PREVIOUS)
    assert action_user == plan_user
    assert '"plan"' not in action_system.content and '"action": action_name' in action_system.content
    assert action_system.content.endswith("output a new action accordingly.")
    assert ("Before answering with the action," in action_system.content) is cot


def test_the_goal_is_stated_as_viplans_code_writes_it() -> None:
    # ViPlan's get_goal_str: per block, in the problem's order, its clauses joined by ", " and
    # " and", the sentence ended by ". " and a line break (the anchors quote one sentence).
    from scorer.families.blocksworld.prompts import planner_goal

    goal = planner_goal((("g", "r"), ("b",)), ["r", "b", "g"])
    assert goal == (
        "The red block needs to be on top of the green block, needs to be the topmost block in its column and "
        "needs to be in the column with label 'c1'. \n"
        "The blue block needs to be the topmost block in its column and needs to be in the column with label 'c2'. \n"
        "The green block needs to be in the column with label 'c1'. \n"
    )
