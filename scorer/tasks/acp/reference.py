"""Reference answers made from an ACP key: gold (must score 1) and wrong (must score 0).

Written in the forms the prompts ask for (``[(a x), (b y)]``, ``[...] [...]``,
``(a x)``, ``None``, an index), so they also exercise the parser.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from typing import Any

from .vocabulary import Vocabulary

Key = dict[str, Any]
_MAX_CANDIDATES = 1000  # names tried per schema before the next one


def answer_list(names: Sequence[str]) -> str:
    return "[" + ", ".join(names) + "]"


def progression_text(positive: Sequence[str], negative: Sequence[str]) -> str:
    return f"{answer_list(positive)} {answer_list(negative)}"


def gold_answer(kind: str, key: Key) -> str:
    if "source_answer" in key:
        return str(key["source_answer"])
    return _GOLD[kind](key)


def wrong_answer(kind: str, key: Key) -> str:
    return _WRONG[kind](key)


def _gold_just(key: Key) -> str:
    start, length = key["removable"][0]
    plan = key["plan"]
    return answer_list(plan[:start] + plan[start + length :])


def _gold_val(key: Key) -> str:
    return "None" if key["index"] is None else str(key["index"])


_GOLD = {
    "app": lambda key: answer_list(key["applicable"]),
    "prog": lambda key: progression_text(key["pos"], key["neg"]),
    "reach": lambda key: "None" if key["none_correct"] else key["unreachable"][0],
    "areach": lambda key: "None" if key["none_correct"] else key["unreachable"][0],
    "val": _gold_val,
    "just": _gold_just,
    "land": lambda key: "None" if key["none_correct"] else key["landmarks"][0],
    "nexta": lambda key: key["yes"][0],
}


def _wrong_prog(key: Key) -> str:
    if key["neg"]:
        return progression_text([*key["pos"], *key["neg"]], [])
    if key["pos"]:
        return progression_text([], key["pos"])
    # The action changes nothing (its effects hold already): claim one positive effect.
    return progression_text([_some_name(Vocabulary.from_json(key["vocabulary"]), is_action=False)], [])


def _wrong_reachability(key: Key, is_action: bool) -> str:
    if not key["none_correct"]:
        return "None"
    if key["reachable"]:
        return key["reachable"][0]
    return _some_name(Vocabulary.from_json(key["vocabulary"]), is_action)


def _some_name(vocabulary: Vocabulary, is_action: bool, avoid: Collection[str] = ()) -> str:
    """A well-formed name from the vocabulary that is not in ``avoid``.

    Any one is wrong when nothing is unreachable; for nexta, any action that is not
    a step closer is wrong (it is inapplicable, or leads away).
    """
    signatures = vocabulary.schemas if is_action else {p: vocabulary.predicates[p] for p in vocabulary.fluents}
    for head, types in signatures.items():
        typed = [[o for o in vocabulary.objects if vocabulary.has_type(o, t)] for t in types]
        for args in itertools.islice(itertools.product(*typed), _MAX_CANDIDATES):
            name = "(" + " ".join([head, *args]) + ")"
            if name not in avoid:
                return name
    return "None"


def _wrong_val(key: Key) -> str:
    index, length = key["index"], len(key["sequence"])
    if index is None:
        return "0"
    if index + 1 < length:
        return str(index + 1)
    return str(index - 1) if index > 0 else "None"


def _wrong_land(key: Key) -> str:
    if not key["none_correct"]:
        return "None"
    return key["trivial"][0] if key["trivial"] else "None"


def _wrong_nexta(key: Key) -> str:
    if key["no"]:
        return key["no"][0]
    # An applicable action outside "yes" and "no" may be a right move nobody checked
    # (an incomplete key), so take an inapplicable one.
    return _some_name(Vocabulary.from_json(key["vocabulary"]), is_action=True, avoid=set(key["applicable"]))


_WRONG = {
    "app": lambda key: answer_list(key["applicable"][:-1]),
    "prog": _wrong_prog,
    "reach": lambda key: _wrong_reachability(key, is_action=False),
    "areach": lambda key: _wrong_reachability(key, is_action=True),
    "val": _wrong_val,
    "just": lambda key: answer_list(key["plan"]),
    "land": _wrong_land,
    "nexta": _wrong_nexta,
}
