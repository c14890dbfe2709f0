"""household-episodes' planner prompts held word for word against ViPlan, appendix I (Plan
and Plan + CoT prompts for ViPlan-HH), system and user message apart; the Action forms
change only what a plan becomes; the "Additional information" is the paper's
``{privileged_info}``."""

from __future__ import annotations

import pytest

from scorer.families.household.prompts import planner_messages
from tests.support.papers import between, paper_text, words

# The paper's placeholders, filled into our prompts so both read the same.
GOAL, INFO, PREVIOUS = "{goal_string}", "{privileged_info}", "{previous_actions}"


@pytest.mark.parametrize(
    ("heading", "cot"), [("Plan prompt for ViPlan-HH", False), ("Plan + CoT prompt for ViPlan-HH", True)]
)
def test_the_plan_prompt_is_the_papers_word_for_word(heading: str, cot: bool) -> None:
    system, user = planner_messages("plan", cot, GOAL, INFO, PREVIOUS)
    printed = between(paper_text("ViPlan"), f"\n{heading}\n", "</user>")
    assert (system.role, user.role) == ("system", "user")
    assert words(system.content) == words(between(printed, "<system>", "</system>"))
    assert words(user.content.replace("<image>", "{image}")) == words(printed.split("<user>", 1)[1])


@pytest.mark.parametrize("cot", [False, True])
def test_the_action_variant_changes_only_what_a_plan_becomes(cot: bool) -> None:
    _, plan_user = planner_messages("plan", cot, GOAL, INFO, PREVIOUS)
    action_system, action_user = planner_messages("action", cot, GOAL, INFO, PREVIOUS)
    assert action_user == plan_user
    assert '"plan"' not in action_system.content
    assert "\"parameters\": ['parameter1', 'parameter2', ...]" in action_system.content
    assert action_system.content.endswith("output a new action accordingly.")
    assert ("Before answering with the action," in action_system.content) is cot
