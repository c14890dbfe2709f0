"""Task kind ``episode``: a closed-loop episode, scored by replaying its logged replies.

The prediction is the line the rollout server wrote: ``{"id", "episode": {"settings",
"replies"}}``. The scorer feeds the replies through the same episode engine the server
ran, so success, steps and every other outcome are recomputed, never read from the log;
any outcome fields a client adds are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.episodes.base import PARSER_SETTING, SettingsError
from scorer.episodes.protocol import DEPARTURES, episode_departures
from scorer.io.dataset import KeyRow
from scorer.io.predictions import MAX_REPLY_CHARS, Prediction
from scorer.tasks.base import Judgement, PaperReading, Reason, ScoredRow, TaskKind, by_truth, macro, mean, rate
from scorer.tasks.stats import Metric

TEXT_FOR_EPISODE = (
    "an episode row is played, not answered in one text: its line is the log line of the rollout server or "
    '`planarium run`, {"id": ..., "episode": {"settings": {...}, "replies": ["reply 1", ...]}}; got a "response" text'
)


def judge(row: KeyRow, prediction: Prediction) -> Judgement:
    return _replayed(row, prediction, {})


def judge_paper(row: KeyRow, prediction: Prediction) -> Judgement | None:
    """The replies replayed with the paper's own parser, in a mode that reproduces one
    (None otherwise). After the first reply the two parsers read differently, the
    model's later replies answered observations the paper's parser would not have
    shown: the paper reading says what the paper's code makes of the same replies."""
    settings = prediction.episode.get("settings") if prediction.episode else None
    if not _mode_paper_parser(row, settings if isinstance(settings, dict) else {}):
        return None
    return _replayed(row, prediction, {PARSER_SETTING: "paper"})


def _mode_paper_parser(row: KeyRow, settings: dict[str, Any]) -> str:
    from scorer.registry import mode_for

    try:
        return mode_for(row.domain, settings.get("mode")).paper_parser
    except (KeyError, ValueError):
        return ""


def _replayed(row: KeyRow, prediction: Prediction, overrides: dict[str, Any]) -> Judgement:
    episode = prediction.episode
    if episode is None:
        return Judgement(0.0, Reason.INVALID, detail=TEXT_FOR_EPISODE)
    problem = _shape_problem(episode)
    if problem:
        return Judgement(0.0, Reason.INVALID, detail=problem)
    from scorer.episodes.engine import replay  # here: the engine's modes import task helpers

    settings = episode.get("settings") or {}
    try:
        outcome = replay(row, {**settings, **overrides}, episode["replies"], episode.get("recorded"))
        departures = episode_departures(row, settings)
    except SettingsError as error:
        return Judgement(0.0, Reason.INVALID, detail=f"episode settings: {error}")
    outcome["settings"] = settings
    if departures:  # off the protocol (scorer.episodes.protocol): results.json flags the config
        outcome[DEPARTURES] = departures
    reason = Reason.SUCCESS if outcome["success"] else Reason.FAILURE
    return Judgement(1.0 if outcome["success"] else 0.0, reason, outcome)


def _shape_problem(episode: dict[str, Any]) -> str | None:
    replies = episode.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        return "episode.replies must be a list of strings (the raw replies, in order)"
    if any(len(r) > MAX_REPLY_CHARS for r in replies):
        return f"a reply is longer than {MAX_REPLY_CHARS} characters"
    if not isinstance(episode.get("settings", {}), dict):
        return "episode.settings must be an object"
    return None


def aggregate(rows: Sequence[ScoredRow]) -> list[Metric]:
    outcomes = [r.judgement.parsed for r in rows if isinstance(r.judgement.parsed, dict)]
    metrics = [rate("success", [r.judgement.score == 1.0 for r in rows])]
    metrics.append(mean("steps", [o["steps"] for o in outcomes]))
    metrics.append(mean("legal_rate", [o["legal_rate"] for o in outcomes]))
    metrics.append(mean("unparsable_steps", [o["unparsable"] for o in outcomes]))
    graded = [o for o in outcomes if o.get("questions")]
    if graded:
        metrics += _predicate_metrics(graded)
    return metrics + _family_metrics(rows)


def _predicate_metrics(graded: Sequence[dict[str, Any]]) -> list[Metric]:
    """The answers of the episodes' yes/no questions, as ViPlan reports its grounder's:
    accuracy overall, per predicate and its macro mean, per true answer (appendix L), and
    the yes-rate beside the true one."""
    correct = [c for o in graded for c in o["answers_correct"]]
    truths = [t for o in graded for t in o["truths_yes"]]
    metrics = [rate("predicate_accuracy", correct)]
    predicates = [p for o in graded for p in o.get("answers_predicate", [])]
    if len(predicates) == len(correct):
        per_predicate = [
            rate(f"predicate_accuracy[{name}]", [c for c, p in zip(correct, predicates, strict=True) if p == name])
            for name in sorted(set(predicates))
        ]
        metrics += per_predicate + [macro("macro_predicate_accuracy", per_predicate)]
    metrics += by_truth("predicate_accuracy", correct, truths)
    # ViPlan's own predicate accuracy counts the enumeration answers only (its compute_metrics
    # adds the precondition and effect answers only when an episode has no replans list,
    # which never happens): the same rate over the enumerate phase.
    phases = [p for o in graded for p in o.get("answers_phase", [])]
    if len(phases) == len(correct):
        enumerated = [c for c, p in zip(correct, phases, strict=True) if p == "enumerate"]
        metrics.append(rate("predicate_accuracy[phase=enumerate]", enumerated))
    # An answer that is neither yes nor no is no "yes" and no "no": left out of the yes-rate.
    parsed = [a for o in graded for a in o.get("answers_parsed", [True] * len(o["answers_yes"]))]
    said_yes = [y for o in graded for y in o["answers_yes"]]
    metrics.append(rate("yes_rate", [y for y, p in zip(said_yes, parsed, strict=True) if p]))
    metrics.append(rate("true_yes_rate", truths))
    return metrics


def _family_metrics(rows: Sequence[ScoredRow]) -> list[Metric]:
    """The metrics the rows' family adds (a config's rows are of one family)."""
    from scorer.registry import family_of

    domains = {r.domain for r in rows}
    if len(domains) != 1:
        return []
    metrics = family_of(domains.pop()).episode_metrics
    return metrics(rows) if metrics else []


def reference(kind: str, row: KeyRow) -> dict[str, Any]:
    """The reference log of the row's default mode: gold replays an optimal play, wrong
    never succeeds."""
    from scorer.registry import mode_for

    mode = mode_for(row.domain, None)
    if mode.reference is None:
        raise ValueError(f"the default mode {mode.name!r} of {row.domain} rows declares no reference logs")
    return mode.reference(kind, row)


EPISODE = TaskKind(
    "episode",
    judge,
    aggregate,
    reference,
    paper=PaperReading(
        judge_paper,
        lambda row: _mode_paper_parser(row, {}) + ", replayed",
        applies=lambda row: bool(_mode_paper_parser(row, {})),
    ),
    costly=True,  # every step is replayed through the episode engine
)
