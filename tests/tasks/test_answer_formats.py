"""The answer formats sent as guided decoding (``planarium eval --constrained``) accept
every gold answer of the mini build, so constraining a model never forbids the key."""

from __future__ import annotations

from pathlib import Path

from lark import Lark

from scorer.io.dataset import load_keys
from scorer.io.predictions import Prediction
from scorer.registry import task_kinds


def test_every_gold_answer_fits_its_rows_grammar_and_scores(mini_data: Path) -> None:
    checked: dict[str, int] = {}
    parsers: dict[str, Lark] = {}
    for row in load_keys(mini_data).rows.values():
        kind = task_kinds()[row.task]
        answer = kind.answer_format(row, "prompt") if kind.answer_format else None
        if answer is None:
            continue
        assert answer.kind == "grammar"
        gold = kind.reference("gold", row)["response"]
        parser = parsers.setdefault(answer.text, Lark(answer.text))
        parser.parse(gold if row.task != "describe" else f"description:\n{gold.strip()}")
        assert kind.judge(row, Prediction(row.id, 1, gold, None, None)).score == 1.0
        checked[row.task] = checked.get(row.task, 0) + 1
    assert set(checked) == {"ground", "acp", "describe"}
