"""The two yes/no readings on ViPlan's real grounder replies.

ViPlan's results files (``<domain>/<experiment>/predicates/<split>/<model>/results_<job>.json.gz``)
keep, for every yes/no question its grounder put to a model during an episode, the model's
raw reply, ViPlan's own reading of it and whether that reading matched the simulator's state.
This module walks them and compares, on every reply:

- Planarium's reproduction of ViPlan's reading (``paper_yes_no``) with the reading ViPlan
  recorded: the differential, which should never disagree;
- our own reading (``parse_yes_no``) with the paper's: which replies they judge differently,
  sorted into kinds by simple named rules, and the accuracy of each reading per run.

The truth is known from the record when ViPlan read yes or no: ``state_match`` says whether
that reading was the state, so the state is the reading when it matched and the other answer
when it did not. Replies ViPlan read as anything else have no known truth and are counted apart.

``python -m scorer.released.viplan_readings [RESULTS_DIR] [--markdown FILE]`` prints the tables.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from scorer.io import atomic
from scorer.io.table import Cell, format_table
from scorer.readers.paper_yes_no import paper_yes_no
from scorer.readers.yes_no import parse_yes_no

# ../shared/external/viplan-results beside the repository, where the benchmark keeps the papers' files.
DEFAULT_RESULTS = Path(__file__).resolve().parents[3] / "shared" / "external" / "viplan-results" / "results" / "final"
GROUNDER_METHOD = "predicates"  # ViPlan's folder of the grounder runs (the other, "vila", is the planner)
RESULTS_GLOB = "results_*.json.gz"
EPISODE_PREFIX = "data/"  # an episode's key is its problem file's path; the other keys are run totals
QUESTION_PARTS = ("preconditions_results", "effects_results")
# A question's record: [parsed, yes_prob, no_prob, explanation, answer_match, raw_reply, state_match].
PARSED, RAW_REPLY, STATE_MATCH = 0, 5, 6
READING_WORDS = {"yes": True, "no": False}
COMMAND = "python -m scorer.released.viplan_readings"


# -- the records ----------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Run:
    """One model's grounder run, named by ViPlan's folders."""

    domain: str
    experiment: str
    split: str
    model: str

    @property
    def chain_of_thought(self) -> bool:
        # ViPlan's experiments are final_cot, final_no_cot and final_fail01_no_cot.
        return not self.experiment.endswith("no_cot")


@dataclass(frozen=True)
class Reply:
    """One raw grounder reply and what ViPlan recorded about it."""

    run: Run
    question: str  # e.g. "clear g", "incolumn g,c4"
    raw: str
    parsed: str  # ViPlan's reading: "yes", "no", "invalid answer" or what cast_to_yes_no left
    state_match: bool

    @property
    def viplan(self) -> bool | None:
        return viplan_reading(self.parsed)

    @property
    def truth(self) -> bool | None:
        """Whether the state holds, when the record tells (ViPlan read yes or no)."""
        if self.viplan is None:
            return None
        return self.viplan == self.state_match


def viplan_reading(parsed: str) -> bool | None:
    """ViPlan's recorded reading as True / False / None (anything but yes or no is unreadable)."""
    return READING_WORDS.get(parsed)


def latest_results_files(results_dir: Path, method: str = GROUNDER_METHOD) -> Iterator[tuple[Run, Path]]:
    """Each model folder's results file under ``<domain>/<experiment>/<method>/<split>/<model>/``.

    A folder may hold two files (a rerun); ViPlan's notebook reads the last in sorted order, so
    that one alone counts here too.
    """
    folders = sorted({path.parent for path in results_dir.glob(f"*/*/{method}/*/*/{RESULTS_GLOB}")})
    for folder in folders:
        domain, experiment, _method, split, model = folder.relative_to(results_dir).parts
        yield Run(domain, experiment, split, model), sorted(folder.glob(RESULTS_GLOB))[-1]


def read_results(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        results: dict[str, Any] = json.load(handle)
    return results


def replies_in(run: Run, results: dict[str, Any]) -> Iterator[Reply]:
    """Every question record of every episode's actions, in file order."""
    for key, episode in results.items():
        if not key.startswith(EPISODE_PREFIX):
            continue
        for action in episode.get("action_results") or []:
            for part in QUESTION_PARTS:
                for question, record in (action.get(part) or {}).items():
                    # Besides the records, a part holds all_correct / all_state_correct (booleans)
                    # and, in some domains, updated_non_visible_preds (a dict): not replies.
                    if isinstance(record, list):
                        yield Reply(run, question, record[RAW_REPLY], record[PARSED], record[STATE_MATCH])


def grounder_replies(results_dir: Path) -> Iterator[Reply]:
    """Every raw grounder reply of every run, run by run in sorted folder order."""
    for run, path in latest_results_files(results_dir):
        yield from replies_in(run, read_results(path))


# -- kinds of replies the two readings judge differently ---------------------------------------

EXACT_ANSWER_TAG = "<answer>"
PAPER_TAGGED = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)  # ViPlan's first exact-case pair
ANY_CASE_TAG = re.compile(r"<\s*/?\s*answer\s*>", re.IGNORECASE)
WRAPPED_WORD = re.compile(r"[*_`\"'](yes|no)\b", re.IGNORECASE)
EXCERPT_CHARS = 60


def _paper_deciding_word(text: str) -> str | None:
    """The first space-separated piece of the answer ViPlan's reading decides on (its startswith
    rule), lower-cased; None when nothing starts with yes or no."""
    tagged = PAPER_TAGGED.search(text)
    answer = (tagged.group(1) if tagged else text).strip().lower().rstrip(".,!?")
    for word in (answer, *answer.split(" ")):
        if word.startswith(("yes", "no")):
            return word.split()[0]
    return None


def _several_answer_tags(text: str) -> bool:
    # ViPlan reads the first pair, ours the last: replies that go on with made-up turns.
    return text.count(EXACT_ANSWER_TAG) >= 2


def _answer_tag_in_other_case(text: str) -> bool:
    return EXACT_ANSWER_TAG not in text and ANY_CASE_TAG.search(text) is not None


def _yes_no_glued_to_tag(text: str) -> bool:
    word = _paper_deciding_word(text)
    return word is not None and re.match(r"(yes|no)<", word) is not None


def _word_starting_with_yes_no(text: str) -> bool:
    word = _paper_deciding_word(text)
    return word is not None and re.match(r"(yes|no)[a-z]", word) is not None


def _yes_no_in_markdown(text: str) -> bool:
    return paper_yes_no(text) is None and WRAPPED_WORD.search(text) is not None


def _excerpt(text: str, at: int) -> str:
    """About EXCERPT_CHARS characters of ``text`` around ``at``, from a word's start, on one line."""
    start = max(0, at - EXCERPT_CHARS // 3)
    if start > 0:  # skip the word the cut falls in
        start = text.find(" ", start, at) + 1 or start
    return " ".join(text[start : start + EXCERPT_CHARS].split())


def _tags_excerpt(text: str) -> str:
    contents = [" ".join(found.split()) for found in PAPER_TAGGED.findall(text)]
    return f"{len(contents)} answer tags: first {contents[0]!r}, last {contents[-1]!r}" if contents else ""


def _word_excerpt(text: str) -> str:
    word = _paper_deciding_word(text) or ""
    return _excerpt(text, text.lower().find(word))


def _pattern_excerpt(pattern: re.Pattern[str]) -> Callable[[str], str]:
    def excerpt(text: str) -> str:
        found = pattern.search(text)
        return _excerpt(text, found.start() if found else 0)

    return excerpt


@dataclass(frozen=True)
class Kind:
    """A named rule for why the readings differ, and how to show an example of it."""

    name: str
    matches: Callable[[str], bool]
    excerpt: Callable[[str], str]


# First match wins, so the order goes from the structure of the reply to its words.
KINDS = (
    Kind("several answer tags (ViPlan reads the first, ours the last)", _several_answer_tags, _tags_excerpt),
    Kind("answer tag in another case or spacing (<Answer>)", _answer_tag_in_other_case, _pattern_excerpt(ANY_CASE_TAG)),
    Kind("yes/no glued to another tag ('No</user>')", _yes_no_glued_to_tag, _word_excerpt),
    Kind("a word that only starts with yes/no ('not')", _word_starting_with_yes_no, _word_excerpt),
    Kind("yes/no in markdown or quotes ('**Yes**')", _yes_no_in_markdown, _pattern_excerpt(WRAPPED_WORD)),
)
OTHER = Kind("other", lambda text: True, lambda text: _excerpt(text, 0))


def kind_of(text: str) -> Kind:
    return next((kind for kind in KINDS if kind.matches(text)), OTHER)


# -- one pass over the replies ------------------------------------------------------------------


@dataclass
class Tally:
    """Counts over a group of replies."""

    replies: int = 0
    unknown_truth: int = 0
    differ: int = 0  # the two readings disagree
    paper_right: int = 0
    ours_right: int = 0

    def add(self, truth: bool | None, paper: bool | None, ours: bool | None) -> None:
        self.replies += 1
        self.differ += paper != ours
        if truth is None:
            self.unknown_truth += 1
            return
        # An unreadable reply (None) never equals the truth, so it counts as wrong.
        self.paper_right += paper == truth
        self.ours_right += ours == truth

    def accuracy(self, right: int) -> float | None:
        known = self.replies - self.unknown_truth
        return right / known if known else None


@dataclass
class KindTally:
    """The replies of one kind: how many, how each reading took them, and a short example."""

    kind: Kind
    tally: Tally = field(default_factory=Tally)
    readings: Counter[tuple[bool | None, bool | None]] = field(default_factory=Counter)
    example: str | None = None  # the shortest reply of the kind: the easiest to read


@dataclass
class Comparison:
    """Everything the tables show, gathered in one pass (the replies need not fit in memory)."""

    total: Tally = field(default_factory=Tally)
    by_run: dict[tuple[str, str, str], Tally] = field(default_factory=dict)  # domain, experiment, model
    by_experiment: dict[tuple[str, str], Tally] = field(default_factory=dict)
    kinds: dict[str, KindTally] = field(
        default_factory=lambda: {kind.name: KindTally(kind) for kind in (*KINDS, OTHER)}
    )
    parses: Counter[str] = field(default_factory=Counter)  # ViPlan's recorded readings, as written
    mismatches: list[Reply] = field(default_factory=list)  # paper_yes_no against the record

    def add(self, reply: Reply) -> None:
        paper, ours, truth = paper_yes_no(reply.raw), parse_yes_no(reply.raw), reply.truth
        self.parses[reply.parsed] += 1
        if paper != reply.viplan:
            self.mismatches.append(reply)
        run = reply.run
        for tally in (
            self.total,
            self.by_run.setdefault((run.domain, run.experiment, run.model), Tally()),
            self.by_experiment.setdefault((run.domain, run.experiment), Tally()),
        ):
            tally.add(truth, paper, ours)
        if paper != ours:
            self._add_kind(reply.raw, truth, paper, ours)

    def _add_kind(self, raw: str, truth: bool | None, paper: bool | None, ours: bool | None) -> None:
        kind = kind_of(raw)
        found = self.kinds[kind.name]
        found.tally.add(truth, paper, ours)
        found.readings[(paper, ours)] += 1
        if found.example is None or len(raw) < len(found.example):
            found.example = raw


def compare_readings(replies: Iterable[Reply]) -> Comparison:
    comparison = Comparison()
    for reply in replies:
        comparison.add(reply)
    return comparison


# -- tables -------------------------------------------------------------------------------------

READING_NAMES = {True: "yes", False: "no", None: "unreadable"}


def _difference(tally: Tally) -> float | None:
    paper, ours = tally.accuracy(tally.paper_right), tally.accuracy(tally.ours_right)
    return None if paper is None or ours is None else ours - paper


def _tally_cells(tally: Tally) -> list[Cell]:
    return [
        tally.replies,
        tally.unknown_truth,
        tally.differ,
        tally.accuracy(tally.paper_right),
        tally.accuracy(tally.ours_right),
        _difference(tally),
    ]


TALLY_HEADERS = ["replies", "truth unknown", "read differently", "paper acc", "ours acc", "ours - paper"]


def differential_table(comparison: Comparison) -> str:
    parses = ", ".join(f"{parsed!r}: {count}" for parsed, count in comparison.parses.most_common())
    rows: list[list[Cell]] = [
        ["raw grounder replies", comparison.total.replies],
        ["ViPlan's recorded readings", parses],
        ["paper_yes_no differs from the record", len(comparison.mismatches)],
    ]
    return format_table(rows, ["differential", "count"])


def experiment_table(comparison: Comparison) -> str:
    rows: list[list[Cell]] = [
        [domain, experiment, *_tally_cells(tally)]
        for (domain, experiment), tally in sorted(comparison.by_experiment.items())
    ]
    rows.append(["all", "all", *_tally_cells(comparison.total)])
    return format_table(rows, ["domain", "experiment", *TALLY_HEADERS])


def kinds_table(comparison: Comparison) -> str:
    rows: list[list[Cell]] = []
    for name, found in comparison.kinds.items():
        readings = ", ".join(
            f"{READING_NAMES[paper]}->{READING_NAMES[ours]}: {count}"
            for (paper, ours), count in found.readings.most_common()
        )
        example = found.kind.excerpt(found.example) if found.example is not None else None
        tally = found.tally
        rows.append([name, tally.replies, readings or None, tally.paper_right, tally.ours_right, example])
    return format_table(rows, ["kind", "replies", "paper->ours", "paper right", "ours right", "example"])


def model_table(comparison: Comparison) -> str:
    rows: list[list[Cell]] = [[*key, *_tally_cells(tally)] for key, tally in sorted(comparison.by_run.items())]
    return format_table(rows, ["domain", "experiment", "model", *TALLY_HEADERS])


def tables(comparison: Comparison) -> list[tuple[str, str]]:
    """(title, table) pairs, in the order both outputs show them."""
    return [
        ("Differential: Planarium's paper reading against ViPlan's record", differential_table(comparison)),
        (
            "Per experiment (accuracy on replies whose truth is known; unreadable counts as wrong)",
            experiment_table(comparison),
        ),
        ("Kinds of replies the two readings judge differently", kinds_table(comparison)),
        ("Per model and experiment (all splits)", model_table(comparison)),
    ]


def markdown(comparison: Comparison) -> str:
    parts = [f"<!-- made by: {COMMAND} --markdown FILE -->"]
    # "<" escaped: a renderer would take the replies' "<answer>" or "</user>" for HTML and hide it.
    parts += [f"### {title}\n\n{table.replace('<', '&lt;')}" for title, table in tables(comparison)]
    return "\n\n".join(parts) + "\n"


# -- command line -------------------------------------------------------------------------------


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument(
    "results_dir",
    required=False,
    default=DEFAULT_RESULTS,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--markdown", "markdown_file", type=click.Path(dir_okay=False, path_type=Path), help="Also write the tables here."
)
def main(results_dir: Path, markdown_file: Path | None) -> None:
    """Compare the yes/no readings on ViPlan's real grounder replies.

    RESULTS_DIR is ViPlan's results/final folder (default: ../shared/external/viplan-results/
    results/final beside the repository). Prints the differential (Planarium's reproduction of
    ViPlan's reading against the reading ViPlan recorded), the kinds of replies ours and the
    paper's judge differently, and each reading's accuracy per run.
    """
    comparison = compare_readings(grounder_replies(results_dir))
    for title, table in tables(comparison):
        click.echo(f"{title}\n{table}\n")
    if markdown_file is not None:
        atomic.write_text(markdown_file, markdown(comparison))
        click.echo(f"written to {markdown_file}")


if __name__ == "__main__":
    main()
