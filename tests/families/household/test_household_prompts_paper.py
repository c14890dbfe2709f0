"""household-ground's prompts held word for word against ViPlan, appendix I (Ground and
Ground + CoT prompts for ViPlan-HH), system and user message apart."""

from __future__ import annotations

import pytest

from data_build.rows import chat_prompt
from scorer.families.household.verbalize import ENVIRONMENT
from scorer.tasks.ground import ground_messages
from tests.support.papers import between, paper_text, words


@pytest.mark.parametrize(
    ("heading", "cot"), [("Ground prompt for ViPlan-HH", False), ("Ground + CoT prompt for ViPlan-HH", True)]
)
def test_the_ground_prompt_is_the_papers_word_for_word(heading: str, cot: bool) -> None:
    system, user = ground_messages("Is the bowl_1 inside the cabinet_1?", cot, user_context=ENVIRONMENT)
    printed = between(paper_text("ViPlan"), f"\n{heading}\n", "</user>")
    assert words(system.content) == words(between(printed, "<system>", "</system>"))
    asked = user.content.rpartition("\nQuestion: ")[0]  # the paper prints no question
    assert words(asked.replace("<image>", "{image}")) == words(printed.split("<user>", 1)[1])


def test_the_rows_columns_are_the_same_prompt_flat_and_with_roles() -> None:
    columns = chat_prompt("cot", ground_messages("Is the bowl_1 open?", True, user_context=ENVIRONMENT))
    system, user = columns["cot_messages"]
    assert columns["cot"] == f"{system['content']}\n\n{user['content']}"
    assert (system["role"], user["role"]) == ("system", "user") and user["content"].startswith(ENVIRONMENT)
