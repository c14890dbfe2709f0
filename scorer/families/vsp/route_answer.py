"""Task kind ``vsp-route``: reading and judging VSP's routing answer,

    <Output>
    1. North: 1
    2. East: 4

(VSP, appendix A: one numbered line per leg, a direction and the crossroads passed).

**Reading.** Only the text after the last ``<Output>`` counts when there is one (VSP's
prompt asks for it); markdown stars and backquotes are dropped. Lines that do not start
with a number and a dot (or ``)``) are prose and ignored. Numbered lines are legs; a line
numbered 1 starts the route afresh, so a model that reasons in the answer's shape and
then answers is judged by its last route. Each leg line must read ``<Direction>:
<blocks>``: North, South, East or West (any case, as VSP's scorer lowercased the line)
or their letters N, S, E, W; a whole number of at most 4 digits; an optional unit
("block(s)", "crossroad(s)") and a final dot. A numbered line of another shape, a
negative number, a number of more than 4 digits, legs numbered out of order, or no
leg at all make the reply unreadable (``unparsable``, the reason names the line).

**Judging.** The legs are walked from S block by block on the grid: a leg that leaves
the grid makes the route ``invalid`` (the reason names the leg); a route that ends
anywhere but G is ``wrong``. VSP's scorer only compared the net displacement (north
minus south, east minus west) with the goal's; we report it beside as
``displacement_accuracy``, and ``shortest`` (a right route with no more blocks than the
shortest one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorer.families.vsp.paper_readings import SOURCE_ROUTE, route
from scorer.families.vsp.route import Leg, StreetMap, net_displacement, walk
from scorer.io.dataset import KeyRow
from scorer.tasks.base import Judgement, PaperReading, Reason, ScoredRow, TaskKind, question_judge, rate
from scorer.tasks.stats import Metric

_OUTPUT = re.compile(r"<\s*output\s*>", re.IGNORECASE)
_NUMBERED = re.compile(r"^[ \t>]*(\d{1,9})[.)][ \t]*(?P<rest>[^\n]*)$", re.MULTILINE)
_LEG = re.compile(
    r"(?P<direction>north|south|east|west|[nsew])[ \t]*:[ \t]*(?P<sign>[-+−]?)[ \t]*(?P<blocks>\d+)"
    r"(?:[ \t]*(?:blocks?|crossroads?))?[ \t]*\.?",
    re.IGNORECASE,
)
_DIRECTIONS = {"n": "North", "s": "South", "e": "East", "w": "West"}
MAX_DIGITS = 4  # more blocks than any grid has, and no giant integers to convert


@dataclass(frozen=True)
class ReadRoute:
    legs: list[Leg] | None  # None when unreadable
    problem: str = ""


def read_route(reply: str) -> ReadRoute:
    text = reply.replace("*", "").replace("`", "")
    markers = list(_OUTPUT.finditer(text))
    if markers:
        text = text[markers[-1].end() :]
    legs: list[Leg] = []
    for line in _NUMBERED.finditer(text):
        number = int(line[1])
        if number == 1:
            legs = []
        elif number != len(legs) + 1:
            return ReadRoute(None, f"leg {number} follows leg {len(legs)}: {line[0].strip()[:40]!r}")
        leg, problem = _read_leg(line["rest"].strip())
        if leg is None:
            return ReadRoute(None, f"line {number} {problem}")
        legs.append(leg)
    if not legs:
        return ReadRoute(None, "no numbered line such as '1. North: 1'")
    return ReadRoute(legs)


def _read_leg(rest: str) -> tuple[Leg | None, str]:
    found = _LEG.fullmatch(rest)
    if found is None:
        return None, f"is not '<North|South|East|West>: <blocks>': {rest[:40]!r}"
    if found["sign"] in ("-", "−"):
        return None, "gives a negative number of blocks"
    if len(found["blocks"]) > MAX_DIGITS:
        return None, f"gives more than {MAX_DIGITS} digits of blocks"
    direction = found["direction"].lower()
    return (_DIRECTIONS.get(direction, direction.capitalize()), int(found["blocks"])), ""


def street_map(key: dict[str, Any]) -> StreetMap:
    return StreetMap(
        int(key["size"]), tuple(key["streets"]), tuple(key["avenues"]), tuple(key["start"]), tuple(key["goal"])
    )


def judge(reply: str, key: dict[str, Any]) -> Judgement:
    read = read_route(reply)
    if read.legs is None:
        return Judgement(0.0, Reason.UNPARSABLE, detail=read.problem)
    grid = street_map(key)
    route = walk(grid, read.legs)
    blocks = sum(b for _, b in read.legs)
    parsed = {
        "legs": len(read.legs),
        "blocks": blocks,
        "end": list(route.end),
        "displacement_correct": net_displacement(read.legs) == grid.displacement(),
        "shortest": False,
    }
    if route.left_at_leg:
        direction, count = read.legs[route.left_at_leg - 1]
        detail = f"leg {route.left_at_leg} ({direction}: {count}) leaves the grid from crossing {list(route.end)}"
        return Judgement(0.0, Reason.INVALID, parsed, detail)
    if route.end != grid.goal:
        return Judgement(0.0, Reason.WRONG, parsed, f"the route ends at {list(route.end)}, not at G")
    parsed["shortest"] = blocks == sum(abs(k) for k in grid.displacement())
    return Judgement(1.0, Reason.CORRECT, parsed)


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    parts = [r.judgement.parsed if isinstance(r.judgement.parsed, dict) else {} for r in rows]
    return [
        rate("accuracy", [r.judgement.score == 1.0 for r in rows]),
        rate("displacement_accuracy", [p.get("displacement_correct") is True for p in parts]),
        rate("shortest", [p.get("shortest") is True for p in parts]),
    ]


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold: the key's shortest route. Wrong: the same route one block short of G (a last
    leg of one block becomes a leg of 0 blocks, which stays where it is)."""
    legs: list[Leg] = [(d, int(b)) for d, b in row.answer_key["route"]]
    if kind != "gold":
        direction, blocks = legs[-1]
        legs[-1] = (direction, blocks - 1)
    lines = [f"{k}. {direction}: {blocks}" for k, (direction, blocks) in enumerate(legs, start=1)]
    return {"response": "\n".join(["<Output>", *lines])}


ROUTE = TaskKind(
    "vsp-route", question_judge(judge), aggregate, reference, paper=PaperReading(question_judge(route), SOURCE_ROUTE)
)
