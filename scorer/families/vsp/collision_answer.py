"""Task kind ``vsp-collision``: reading and judging VSP's collision answer,

    Car: 2.0
    Person: 2.0
    Yes

(VSP, appendix A: the time each needs to reach the goal, then whether there is a
danger of collision).

**Reading.** Markdown stars and backquotes are dropped first. The last line that starts
with "Car:" (any case; list bullets or ``>`` before it are fine) gives the car's time, the
last "Person:" line the person's: a model that first reasons in the same shape and then
answers is judged by its answer. After the label the line holds one number and nothing
else but a unit of seconds ("s", "sec", "seconds") and a final dot: ``2``, ``2.0``,
``.5``, ``0.6666666666666666`` (a float as Python prints it: up to 20 digits after the
point), or a fraction ``1/3``. A longer line ("Car: 2 / 1 = 2 seconds"), a negative time,
a number of more than 9 digits before the point (or a side of a fraction), or no such line
makes that time
unreadable (the reason says which). The collision answer is the first Yes or No word
(``parse_yes_no``'s word rule) after the later of the two lines; without either line
nothing is read.

**Judging** (VSP's tolerance): a time is right within 1.0 s of the truth, inclusive;
Yes is right when the true times differ by at most 0.5 s. The row scores 1 when all
three are right. VSP's released scorer read the person's time into a float and then
indexed it (``info['Person'][0]``), which raised, so it never credited a person's time;
we read and credit both. Unlike its regex, a minus sign is not dropped: "-2" is
refused, not read as 2.

Metrics: ``accuracy`` (all three right), ``car_time_accuracy``,
``person_time_accuracy``, ``collision_accuracy``, ``time_accuracy_vsp`` (the mean of the
car's and the person's, as VSP's count with the person credited), ``yes_rate`` beside
``true_yes_rate``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scorer.families.vsp.paper_readings import SOURCE_COLLISION, collision
from scorer.io.dataset import KeyRow
from scorer.readers.yes_no import parse_yes_no
from scorer.tasks.base import Judgement, PaperReading, Reason, ScoredRow, TaskKind, mean, question_judge, rate
from scorer.tasks.stats import Metric

TOLERANCE = Fraction(1)  # seconds either side of the true time, as VSP's scorer
LABELS = ("car", "person")
_LABEL_LINE = re.compile(r"^[ \t>\-•#]*(car|person)[ \t]*:(?P<rest>[^\n]*)$", re.IGNORECASE | re.MULTILINE)
_TIME = re.compile(
    r"(?P<sign>[-+−]?)[ \t]*(?P<value>\d{1,9}(?:\.\d{1,20})?|\.\d{1,20}|\d{1,9}[ \t]*/[ \t]*[1-9]\d{0,8})"
    r"[ \t]*(?:s|secs?|seconds?)?[ \t]*\.?[ \t]*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Reading:
    """What a reply said: each time (None: unreadable), Yes/No (None: absent), and why not."""

    times: dict[str, Fraction | None]
    collide: bool | None
    problems: list[str] = field(default_factory=list)


def read_answer(reply: str) -> Reading:
    text = reply.replace("*", "").replace("`", "")
    last: dict[str, re.Match[str]] = {}
    for line in _LABEL_LINE.finditer(text):
        last[line[1].lower()] = line
    times: dict[str, Fraction | None] = {}
    problems = []
    for label in LABELS:
        times[label], problem = _read_time(label, last.get(label))
        if problem:
            problems.append(problem)
    if not last:
        return Reading(times, None, [*problems, "no Yes or No after the time lines"])
    collide = parse_yes_no(text[max(m.end() for m in last.values()) :])
    if collide is None:
        problems.append("no Yes or No after the time lines")
    return Reading(times, collide, problems)


def _read_time(label: str, line: re.Match[str] | None) -> tuple[Fraction | None, str]:
    name = label.capitalize()
    if line is None:
        return None, f"no '{name}:' line"
    found = _TIME.fullmatch(line["rest"].strip())
    if found is None:
        shown = line["rest"].strip()[:40]
        return None, f"'{name}:' is not followed by one time in seconds alone on its line: {shown!r}"
    if found["sign"] in ("-", "−"):
        return None, f"'{name}:' gives a negative time"
    return Fraction(found["value"].replace(" ", "").replace("\t", "")), ""


def judge(reply: str, key: dict[str, Any]) -> Judgement:
    reading = read_answer(reply)
    right = {label: _close(reading.times[label], Fraction(key[f"{label}_time"])) for label in LABELS}
    right["collision"] = reading.collide is not None and reading.collide == key["collide"]
    parsed = {
        **{label: _float(reading.times[label]) for label in LABELS},
        "collide": reading.collide,
        **{f"{part}_correct": ok for part, ok in right.items()},
    }
    if reading.problems:
        return Judgement(0.0, Reason.UNPARSABLE, parsed, "; ".join(reading.problems))
    everything = all(right.values())
    return Judgement(float(everything), Reason.CORRECT if everything else Reason.WRONG, parsed)


def _close(said: Fraction | None, truth: Fraction) -> bool:
    return said is not None and abs(said - truth) <= TOLERANCE


def _float(time: Fraction | None) -> float | None:
    return None if time is None else float(time)


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    parts = [_parsed(r) for r in rows]
    answered = [p["collide"] for p in parts if isinstance(p.get("collide"), bool)]
    return [
        rate("accuracy", [r.judgement.score == 1.0 for r in rows]),
        rate("car_time_accuracy", [p.get("car_correct") is True for p in parts]),
        rate("person_time_accuracy", [p.get("person_correct") is True for p in parts]),
        rate("collision_accuracy", [p.get("collision_correct") is True for p in parts]),
        mean(
            "time_accuracy_vsp",
            [((p.get("car_correct") is True) + (p.get("person_correct") is True)) / 2 for p in parts],
        ),
        rate("yes_rate", [said is True for said in answered]),
        rate("true_yes_rate", [r.answer_key["collide"] is True for r in rows]),
    ]


def _parsed(row: ScoredRow) -> dict[str, Any]:
    return row.judgement.parsed if isinstance(row.judgement.parsed, dict) else {}


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold: the true times (4 decimals) and answer. Wrong: each time 2 s late (outside
    the tolerance) and the other Yes/No."""
    key, gold = row.answer_key, kind == "gold"
    late = 0 if gold else 2
    car, person = (round(float(Fraction(key[f"{label}_time"])) + late, 4) for label in LABELS)
    says_yes = key["collide"] == gold
    return {"response": f"Car: {car}\nPerson: {person}\n{'Yes' if says_yes else 'No'}"}


COLLISION = TaskKind(
    "vsp-collision",
    question_judge(judge),
    aggregate,
    reference,
    paper=PaperReading(question_judge(collision), SOURCE_COLLISION),
)
