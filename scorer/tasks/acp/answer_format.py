"""The answer forms of ACPBench Hard's figure 7 as generative lark grammars, one per
question kind, for guided decoding (``planarium eval --constrained``).

``scorer/grammars/acp.lark`` is written for lenient reading (it lexes any text); these
grammars say what a well-formed answer is, so a constrained model can write only that.
Every sentence they accept is read back by ``parse.py`` as the same answer (tested).
"""

from __future__ import annotations

from scorer.io.dataset import KeyRow
from scorer.tasks.base import AnswerFormat

from .question_kinds import acp_kind

_TERMINALS = """
NAME: /[A-Za-z][A-Za-z0-9_-]*/
INDEX: /[0-9]+/
%ignore " "
"""
_SHARED = 'action_name: "(" NAME+ ")"\naction_list: "[" (action_name ("," action_name)*)? "]"\n'
_START = {
    "act": 'start: action_name | "None"\n',
    "action_name": "start: action_name\n",
    "action_list": "start: action_list\n",
    "progression_list": "start: action_list action_list\n",
    "index": 'start: INDEX | "None"\n',
}


# Where the paper's form puts the list after a label (just: "simplified plan:"), it may lead.
_PLAN_LABEL = 'start: "Simplified plan:"? action_list\n'


def grammar_of_form(form: str, after_plan_label: bool = False) -> str:
    start = _PLAN_LABEL if after_plan_label and form == "action_list" else _START[form]
    return start + _SHARED + _TERMINALS


def answer_format(row: KeyRow, column: str) -> AnswerFormat:
    declared = acp_kind(row.meta["acp_task"])
    return AnswerFormat("grammar", grammar_of_form(declared.form, declared.answer_after_plan_label))
