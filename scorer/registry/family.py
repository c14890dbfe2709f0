"""What a family declares: one object holds everything specific to it.

A family is one package under ``scorer/families/`` (PDDL domain(s), generator, views,
verbalizer, action grammar, episode modes, configs and card templates, references,
scripted policies, metrics and plots). Its ``family.py`` defines one ``Family``; the
registry (``scorer.registry``) lists the families, and everything generic (the build,
the scorer, the episode engine, the rollout server, the agents, the reports) asks the
registry, never a family by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from scorer.registry.listing import PAPER_READING, PARSER_SETTING

if TYPE_CHECKING:  # only for annotations: importing the registry imports no family, task kind or build code
    from data_build.spec import ConfigSpec
    from scorer.episodes.base import Episode
    from scorer.episodes.recorded import Recording, ViplanRuns
    from scorer.io.dataset import KeyRow
    from scorer.registry.fidelity import Departure, PaperConfig
    from scorer.scoring.grading import Grading
    from scorer.tasks.base import ScoredRow, TaskKind
    from scorer.tasks.stats import Metric


class PolicyTurn(Protocol):
    """What a scripted policy sees of an episode: the row, the server's last info, and a
    memory of its own that lasts the episode."""

    row: KeyRow
    info: dict[str, Any]
    memory: dict[str, Any]


Policy = Callable[[PolicyTurn], str]
RandomPolicy = Callable[[PolicyTurn, random.Random], str]
# ("gold" | "wrong", row) -> the prediction's fields, here {"episode": {"settings", "replies"}}
EpisodeReference = Callable[[str, "KeyRow"], dict[str, Any]]
# (grading, path) -> the files written; a ValueError when the run holds nothing to draw
PlotWriter = Callable[["Grading", Path], list[Path]]


@dataclass(frozen=True)
class Mode:
    """An episode mode: how the episode runs, and the scripted replies that play it.

    ``optimal`` must win every episode the row allows (the conformance suite plays it
    through the HTTP server); ``random`` draws from what is legal, from the rng given.
    """

    name: str
    play: Callable[[KeyRow, dict[str, Any]], Episode]
    optimal: Policy
    random: RandomPolicy
    # The settings an episode of the row plays with (the defaults filled in, each checked: a
    # SettingsError), read without making the episode, whose start may plan: the scorer asks
    # it twice for every replayed row (scorer.episodes.protocol). ``play`` reads them the same way.
    settings_of: Callable[[KeyRow, dict[str, Any]], dict[str, Any]] = field(kw_only=True)
    reference: EpisodeReference | None = (
        None  # gold: an optimal play, wrong: never succeeds (the default mode's is required)
    )
    # What the paper's own reply parser is, where the mode reproduces it under the setting
    # ``parser: paper`` (scorer.episodes.base.PARSER_SETTING); empty when it has none.
    paper_parser: str = ""
    # The episode replaying a paper's released run, with the outcomes only the paper's
    # simulator could decide (scorer.episodes.recorded); None: the mode replays none.
    play_recorded: Callable[[KeyRow, dict[str, Any], Recording], Episode] | None = None
    # Settings beyond the parser with which the mode plays as the paper's code does (e.g. the
    # question line as the paper sent it); see ``paper_defaults``.
    paper_settings: Mapping[str, Any] = field(default_factory=dict)

    def paper_defaults(self) -> dict[str, Any]:
        """The defaults of the rows of a config made from the paper's own data: the paper's
        parser (where the mode has one) and ``paper_settings``, so that a paper's own episodes
        play, live and replayed, as its code played them (scorer.episodes.engine.make_episode)."""
        parser = {PARSER_SETTING: PAPER_READING} if self.paper_parser else {}
        return {**parser, **self.paper_settings}


@dataclass(frozen=True)
class Family:
    name: str
    summary: str  # one line: what a model faces, and which paper it follows
    domains: tuple[str, ...]  # the row ``domain`` values this family owns
    configs: Callable[[], Sequence[ConfigSpec]]  # called once, on first use (configs import the build)
    modes: Sequence[Mode] = ()  # the episode modes it offers; the first is the default
    task_kinds: Sequence[TaskKind] = ()  # kinds only this family asks (the generic ones live in scorer.tasks)
    episode_metrics: Callable[[Sequence[ScoredRow]], list[Metric]] | None = None  # beside the shared ones
    plots: Mapping[str, PlotWriter] = field(default_factory=dict)  # e.g. "heatmap"
    # its `planarium import` commands are declared in scorer/families/listing.py (IMPORTERS)
    # Where its configs do not do what the paper's code does (docs/fidelity.md is made from these)
    departures: Sequence[Departure] = ()
    # Its configs made from a paper's own data: how their defaults stand to the paper's code.
    paper_configs: Sequence[PaperConfig] = ()
    # How its imported config replays ViPlan's released runs of real models (scorer.released)
    viplan_runs: ViplanRuns | None = None
    # What it lends other families, by name (``scorer.registry.provided``): families never
    # import each other (the independence contract in pyproject.toml).
    provides: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def mode(self, name: str) -> Mode | None:
        return next((m for m in self.modes if m.name == name), None)

    @property
    def default_mode(self) -> Mode | None:
        return self.modes[0] if self.modes else None


def card_template(module_file: str, config: str) -> Path:
    """``cards/<config>.md`` of the family whose module is ``module_file``."""
    for folder in Path(module_file).resolve().parents:
        if (folder / "cards").is_dir():
            return folder / "cards" / f"{config}.md"
    raise FileNotFoundError(f"no cards/ folder above {module_file}")
