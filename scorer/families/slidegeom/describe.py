"""Task kind ``describe``: list every geom of a sliding geom board shown as one image,
with its cell (iVISPAR's board-state inference, section 4.7).

**Reading a reply.** If the reply contains ``description:`` (any case), only the text
after the last one counts (iVISPAR's prompt ends its chain of thought with
``description: <your object coordinate list>``). Each line is then read as words
(runs of letters and digits; markdown and punctuation are separators):

- a *cell* word is a letter and one or two digits (``B4``, ``c3``); off-board cells
  such as ``E7`` count and are simply wrong;
- a *colour* word is one of red, green, blue, yellow or another common colour
  (``orange`` predicts a colour the board cannot have: a colour error, not a format
  error);
- a *shape* word is one of cube, pyramid, sphere, cylinder, the 2D view's names for
  them (square, triangle, circle, hexagon) or iVISPAR's other bodies (cone, prism);
- other words are ignored, so the order is free: ``A2 blue cylinder``, ``blue cylinder
  at A2``, ``| A2 | blue | cylinder |``.

A line's cell, colour and shape words are grouped in order into triplets: a group
closes when it holds all three or when a kind repeats (``A1 red cube, B2 blue sphere``
is two geoms). A complete group is a predicted geom; an incomplete one is a format
error ("predicted elements that cannot be parsed into valid geom triplets"). Lines with
no such word (headers, prose) are ignored.

**Matching.** The paper matches predicted to true geoms with the Hungarian algorithm, a
pair being allowed when it shares the colour or the shape. We solve it with scipy's
``linear_sum_assignment`` on a cost matrix padded with "unmatched" slots, so leaving
a geom unmatched is an option with a price. Pair costs, best first: exact (0); right
colour and shape, wrong cell (1); one of colour/shape right, right cell (2); one right,
wrong cell (3); leaving a geom unmatched costs 2 per side. So a right colour+shape
always beats a right cell, and an exact match is never broken up to match more
geoms: predicting {red cube A1, blue cube C3} for {red cube A1, red sphere B2} gives
1 correct, 1 missed, 1 hallucinated, not two half-wrong pairs. Ties go to the nearer
cell (Manhattan distance, a fraction of one cost unit).

**Counts per board.** correct (colour, shape and cell right), missed (true geom
unmatched), hallucinated (predicted geom unmatched), coordinate errors (matched, right
colour and shape, wrong cell), colour errors (matched with the wrong colour), shape
errors (matched with the wrong shape), format errors. Colour and shape cannot both be
wrong in a match, so every true geom is exactly one of correct, missed, coordinate,
colour or shape error; ``wrong_cells`` additionally counts every match whose cell is
wrong, whatever else is.

**Row score.** ``accuracy`` = correct / true geoms; ``exact`` = every geom correct and
nothing hallucinated (format errors alone do not break it).

**Asking.** ``describe_prompt(view)`` is iVISPAR's scene-understanding prompt in our
words: the board's coordinates, what the view shows, the line format with an example,
"don't describe empty cells", and the ``description:`` ending.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from scorer.families.slidegeom.board import COLOURS, SHAPES, Cell, Geom, cell_name, parse_cell
from scorer.io.dataset import KeyRow
from scorer.tasks.base import AnswerFormat, Judgement, Reason, ScoredRow, TaskKind, mean, question_judge, rate
from scorer.tasks.stats import Metric

Truth = Sequence[tuple[Geom, Cell]]

EXTRA_COLOURS = ("orange", "purple", "pink", "white", "black", "grey", "gray", "brown", "cyan", "magenta", "violet")
SHAPE_SYNONYMS = {"circle": "sphere", "square": "cube", "triangle": "pyramid", "hexagon": "cylinder"}
EXTRA_SHAPES = ("cone", "prism")
# A reply may list thousands of lines; only this many predicted geoms enter the
# matching (the matrix is quadratic), the rest count as hallucinated. A 9x9 board,
# the largest one, has 81 cells.
MAX_MATCHED_PREDICTIONS = 128

_COLOUR_WORDS = frozenset(COLOURS + EXTRA_COLOURS)
_SHAPE_WORDS = frozenset(SHAPES + EXTRA_SHAPES + tuple(SHAPE_SYNONYMS))
_CELL_WORD = re.compile(r"[a-z]\d{1,2}")
_WORD = re.compile(r"[a-z0-9]+")
_MARKER = "description:"

# Costs in units of 1,000 so the cell distance (< 1,000) only breaks ties.
_UNIT = 1_000
_UNMATCHED = 2 * _UNIT
_FORBIDDEN = 1_000_000_000


@dataclass(frozen=True)
class PredictedGeom:
    colour: str
    shape: str
    cell: Cell


@dataclass(frozen=True)
class ParsedDescription:
    geoms: tuple[PredictedGeom, ...]
    format_errors: int


@dataclass(frozen=True)
class DescriptionCounts:
    n_true: int
    n_predicted: int
    correct: int
    missed: int
    hallucinated: int
    coordinate_errors: int
    colour_errors: int
    shape_errors: int
    format_errors: int
    wrong_cells: int  # matched with a wrong cell, whatever else is wrong

    @property
    def accuracy(self) -> float:
        return self.correct / self.n_true if self.n_true else float(self.n_predicted == 0)

    @property
    def exact(self) -> bool:
        return self.correct == self.n_true and self.hallucinated == 0


def score_description(text: str, truth: Truth) -> DescriptionCounts:
    """Read ``text`` and count its errors against the true (geom, cell) pairs."""
    parsed = parse_description(text)
    return count_errors(parsed.geoms, truth, parsed.format_errors)


def parse_description(text: str) -> ParsedDescription:
    """Predicted geoms and format errors of a reply (see the module doc)."""
    marker = text.lower().rfind(_MARKER)
    body = text if marker < 0 else text[marker + len(_MARKER) :]
    geoms: list[PredictedGeom] = []
    format_errors = 0
    for line in body.splitlines():
        for group in _groups(_line_words(line)):
            if len(group) == 3:
                geoms.append(PredictedGeom(group["colour"], group["shape"], group["cell"]))
            else:
                format_errors += 1
    return ParsedDescription(tuple(geoms), format_errors)


def count_errors(predicted: Sequence[PredictedGeom], truth: Truth, format_errors: int = 0) -> DescriptionCounts:
    matched_predictions = list(predicted[:MAX_MATCHED_PREDICTIONS])
    pairs = _match(matched_predictions, truth)
    matches = [(matched_predictions[p], truth[t]) for p, t in pairs]
    correct = sum(1 for guess, (geom, cell) in matches if _same_geom(guess, geom) and guess.cell == cell)
    return DescriptionCounts(
        n_true=len(truth),
        n_predicted=len(predicted),
        correct=correct,
        missed=len(truth) - len(matches),
        hallucinated=len(predicted) - len(matches),
        coordinate_errors=sum(1 for g, (geom, cell) in matches if _same_geom(g, geom) and g.cell != cell),
        colour_errors=sum(1 for g, (geom, _) in matches if g.colour != geom.colour),
        shape_errors=sum(1 for g, (geom, _) in matches if g.shape != geom.shape),
        format_errors=format_errors,
        wrong_cells=sum(1 for g, (_, cell) in matches if g.cell != cell),
    )


def _line_words(line: str) -> list[tuple[str, Any]]:
    """(kind, value) of the line's cell, colour and shape words, in order."""
    words: list[tuple[str, Any]] = []
    for word in _WORD.findall(line.lower()):
        if word in _COLOUR_WORDS:
            words.append(("colour", word))
        elif word in _SHAPE_WORDS:
            words.append(("shape", SHAPE_SYNONYMS.get(word, word)))
        elif _CELL_WORD.fullmatch(word):
            words.append(("cell", parse_cell(word)))
    return words


def _groups(words: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Split into groups of at most one word per kind, closing a group when it is
    complete or when its kind repeats."""
    groups: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for kind, value in words:
        if kind in current:
            groups.append(current)
            current = {}
        current[kind] = value
        if len(current) == 3:
            groups.append(current)
            current = {}
    if current:
        groups.append(current)
    return groups


def _match(predicted: Sequence[PredictedGeom], truth: Truth) -> list[tuple[int, int]]:
    """Matched (predicted index, true index) pairs of the cheapest assignment."""
    n_predicted, n_true = len(predicted), len(truth)
    if not n_predicted or not n_true:
        return []
    size = n_predicted + n_true
    cost = np.full((size, size), _FORBIDDEN, dtype=np.int64)
    for p, guess in enumerate(predicted):
        for t, (geom, cell) in enumerate(truth):
            cost[p, t] = _pair_cost(guess, geom, cell)
    # Padding: predicted p may take "unmatched" slot n_true + p, true t the slot
    # n_predicted + t; the two slot blocks pair with each other for free.
    cost[np.arange(n_predicted), n_true + np.arange(n_predicted)] = _UNMATCHED
    cost[n_predicted + np.arange(n_true), np.arange(n_true)] = _UNMATCHED
    cost[n_predicted:, n_true:] = 0
    from scipy.optimize import linear_sum_assignment  # here: 0.55-0.61 CPU s to import, idle; only scoring needs it

    rows, columns = linear_sum_assignment(cost)
    return [
        (int(p), int(t)) for p, t in zip(rows, columns) if p < n_predicted and t < n_true and cost[p, t] < _FORBIDDEN
    ]


def _pair_cost(guess: PredictedGeom, geom: Geom, cell: Cell) -> int:
    same_colour, same_shape = guess.colour == geom.colour, guess.shape == geom.shape
    if not (same_colour or same_shape):
        return _FORBIDDEN
    steps = (0 if same_colour and same_shape else 2) + (0 if guess.cell == cell else 1)
    distance = abs(guess.cell[0] - cell[0]) + abs(guess.cell[1] - cell[1])
    return steps * _UNIT + min(distance, _UNIT - 1)


def _same_geom(guess: PredictedGeom, geom: Geom) -> bool:
    return guess.colour == geom.colour and guess.shape == geom.shape


# -- asking --------------------------------------------------------------------------

VIEWS = ("3d", "2d")
_VIEW_TEXT = {
    "3d": (
        "The image shows the board at an angle, from above and in front: the column letters run "
        "along the front edge and the row numbers along the left edge, row 1 nearest to you. A geom "
        "may partly hide the geoms behind it."
    ),
    "2d": (
        "The image shows the board from straight above: the column letters run under the board, the "
        "row numbers along its left side, and every free cell shows its own name. Each shape is drawn "
        "as a flat symbol: a cube as a square, a pyramid as a triangle, a sphere as a circle, a "
        "cylinder as a hexagon."
    ),
}


def describe_prompt(view: str, board_size: int = 4) -> str:
    """The full question for one image of a board in ``view`` (one ``<image>`` marker)."""
    if view not in _VIEW_TEXT:
        raise ValueError(f"unknown view {view!r}; expected one of {', '.join(VIEWS)}")
    last = cell_name((board_size - 1, board_size - 1))
    return (
        f"This is a sliding geom puzzle on a {board_size}x{board_size} board. Cell names are chess-style: "
        "the letter is the column (A is the leftmost) and the number is the row (1 is the bottom row), "
        f"from A1 to {last}. Each geom on the board is a unique combination of a colour "
        f"({', '.join(COLOURS)}) and a shape ({', '.join(SHAPES)}), and a cell holds at most one geom.\n\n"
        f"{_VIEW_TEXT[view]}\n\n"
        "<image>\n"
        "Describe the board state: give an accurate text representation of the board that lists every "
        "geom with its coordinate, one geom per line, as <coordinate> <colour> <shape>, for example:\n"
        "B4 red cube\n"
        "C3 blue sphere\n"
        "Only describe the geoms with their coordinates; do not describe empty cells. You may reason "
        "first, but end your reply with 'description:' followed by your list."
    )


# -- the task kind ---------------------------------------------------------------------
# answer_key: {"geoms": [["A2", "blue", "cylinder"], ...]} (cell name, colour, shape).

COUNT_FIELDS = (
    "correct",
    "missed",
    "hallucinated",
    "coordinate_errors",
    "colour_errors",
    "shape_errors",
    "format_errors",
)


def answer_key(truth: Truth) -> dict[str, Any]:
    return {"geoms": [[cell_name(cell), geom.colour, geom.shape] for geom, cell in truth]}


def truth_of(key: dict[str, Any]) -> list[tuple[Geom, Cell]]:
    truth = []
    for name, colour, shape in key["geoms"]:
        cell = parse_cell(name)
        if cell is None:
            raise ValueError(f"answer key cell {name!r} is not a cell name")
        truth.append((Geom(colour, shape), cell))
    return truth


def judge(response: str, key: dict[str, Any]) -> Judgement:
    counts = score_description(response, truth_of(key))
    if counts.n_predicted == 0:
        return Judgement(0.0, Reason.UNPARSABLE, asdict(counts))
    return Judgement(counts.accuracy, Reason.CORRECT if counts.exact else Reason.WRONG, asdict(counts))


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    """Mean accuracy, the exact rate, and the mean of every count per board (as the
    paper's figure 5, bottom). A missing or unreadable reply counts every geom missed."""
    counts = [_row_counts(r) for r in rows]
    metrics = [
        mean("accuracy", [r.judgement.score for r in rows]),
        rate("exact", [r.judgement.reason is Reason.CORRECT for r in rows]),
    ]
    metrics += [mean(f"per_board[{field}]", [float(c[field]) for c in counts]) for field in COUNT_FIELDS]
    return metrics + _accuracy_by_geom_count(rows)


def _accuracy_by_geom_count(rows: Sequence[ScoredRow]) -> list[Metric]:
    """Accuracy per number of geoms on the board (``meta.n_geoms``), since the paper's
    figure 7 shows errors growing with it; rows without that field are left out."""
    by_count: dict[int, list[float]] = {}
    for row in rows:
        if "n_geoms" in row.meta:
            by_count.setdefault(int(row.meta["n_geoms"]), []).append(row.judgement.score)
    return [mean(f"accuracy[geoms={n}]", scores) for n, scores in sorted(by_count.items())]


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """Gold: the true lines. Wrong: every geom with the next colour, so none is correct."""
    truth = truth_of(row.answer_key)
    if kind == "wrong":
        truth = [(Geom(COLOURS[(COLOURS.index(g.colour) + 1) % len(COLOURS)], g.shape), c) for g, c in truth]
    return {"response": "\n".join(f"{cell_name(cell)} {geom.name}" for geom, cell in truth)}


def _row_counts(row: ScoredRow) -> dict[str, int]:
    parsed = row.judgement.parsed
    if isinstance(parsed, dict):
        return parsed
    return {field: 0 for field in COUNT_FIELDS} | {"missed": len(row.answer_key["geoms"])}


def answer_format(row: KeyRow, column: str) -> AnswerFormat:
    """The prompt's ending as a lark grammar (for guided decoding): 'description:', then one
    ``<cell> <colour> <shape>`` per line, cells limited to the row's board."""
    size = int(row.meta.get("board_size", 4)) if isinstance(row.meta, dict) else 4
    cells = " | ".join(
        f'"{cell_name((column_index, row_index))}"' for row_index in range(size) for column_index in range(size)
    )
    words = lambda names: " | ".join(f'"{name}"' for name in names)  # noqa: E731
    grammar = (
        f'start: "description:" ("\\n" geom)+\n'
        f'geom: cell " " colour " " shape\n'
        f"cell: {cells}\ncolour: {words(COLOURS)}\nshape: {words(SHAPES)}\n"
    )
    return AnswerFormat("grammar", grammar)


DESCRIBE = TaskKind("describe", question_judge(judge), aggregate, reference, answer_format=answer_format)
