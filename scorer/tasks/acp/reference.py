"""Reference answers made from an ACP key: gold (must score 1) and wrong (must score 0).

Written in the forms the prompts ask for (``[(a x), (b y)]``, ``[...] [...]``,
``(a x)``, ``None``, an index), so they also exercise the parser. Each kind's pair
is declared with the kind (``question_kinds.py``).
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


# -- gold: scores 1 ------------------------------------------------------------------


def gold_app(key: Key) -> str:
    return answer_list(key["applicable"])


def gold_prog(key: Key) -> str:
    return progression_text(key["pos"], key["neg"])


def gold_unreachable(key: Key) -> str:
    """reach and areach: None when nothing is unreachable, else a known unreachable one."""
    return "None" if key["none_correct"] else key["unreachable"][0]


def gold_val(key: Key) -> str:
    return "None" if key["index"] is None else str(key["index"])


def gold_just(key: Key) -> str:
    start, length = key["removable"][0]
    plan = key["plan"]
    return answer_list(plan[:start] + plan[start + length :])


def gold_land(key: Key) -> str:
    return "None" if key["none_correct"] else key["landmarks"][0]


def gold_nexta(key: Key) -> str:
    return key["yes"][0]


# -- wrong: scores 0 -----------------------------------------------------------------


def wrong_app(key: Key) -> str:
    return answer_list(key["applicable"][:-1])


def wrong_prog(key: Key) -> str:
    if key["neg"]:
        return progression_text([*key["pos"], *key["neg"]], [])
    if key["pos"]:
        return progression_text([], key["pos"])
    # The action changes nothing (its effects hold already): claim one positive effect.
    return progression_text([_some_name(Vocabulary.from_json(key["vocabulary"]), is_action=False)], [])


def wrong_reach(key: Key) -> str:
    return _wrong_reachability(key, is_action=False)


def wrong_areach(key: Key) -> str:
    return _wrong_reachability(key, is_action=True)


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


def wrong_val(key: Key) -> str:
    index, length = key["index"], len(key["sequence"])
    preferred = ["0"] if index is None else [str(index + 1)] if index + 1 < length else []
    if index is not None:
        preferred.append(str(index - 1) if index > 0 else "None")
    # Never an imported key's own answer where ours proves it wrong: the paper's reading credits it.
    taken = {"None" if index is None else str(index), str(key.get("source_answer"))}
    fallback = [str(i) for i in range(length)] + ["None"]
    return next((option for option in [*preferred, *fallback] if option not in taken), preferred[0])


def wrong_just(key: Key) -> str:
    return answer_list(key["plan"])


def wrong_land(key: Key) -> str:
    if not key["none_correct"]:
        return "None"
    return key["trivial"][0] if key["trivial"] else "None"


def wrong_nexta(key: Key) -> str:
    if key["no"]:
        return key["no"][0]
    # An applicable action outside "yes" and "no" may be a right move nobody checked
    # (an incomplete key), so take an inapplicable one.
    return _some_name(Vocabulary.from_json(key["vocabulary"]), is_action=True, avoid=set(key["applicable"]))
