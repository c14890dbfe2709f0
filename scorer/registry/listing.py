"""The lines in which the families' table lists each config and importer
(``scorer.families.listing``), and the names of the two readings of a reply.

A config's ``ConfigSpec`` lives beside the code that builds it, and importing that code
(or a family's ``family.py``) imports the planners, the renderers and ``datasets``. Listing
needs only a config's name, family, task, papers and importer: the table declares them
again, one line per config, so that ``planarium configs`` starts at once. The
``planarium import`` commands are declared only there, one line each: "module:attribute" of
the click command, imported only when it runs, and its help line.
"""

from __future__ import annotations

from dataclasses import dataclass

# The two readings of a reply (scorer.scoring.grading): Planarium's own parser and judge, and the
# paper's parser and evaluator reproduced exactly (``TaskKind.paper``).
OUR_READING = "ours"
PAPER_READING = "paper"
# The episode setting that picks how replies are read, in a mode whose paper's own parser is
# reproduced (``Mode.paper_parser``): ours (the default) or the paper's. Scoring replays
# every such episode both ways and reports both.
PARSER_SETTING = "parser"
# The name under which a family lends every ACP config its few-shot examples (Family.provides)
SHARED_ACP_FEWSHOT = "acp-fewshot"


@dataclass(frozen=True)
class ListedConfig:
    name: str
    family: str
    task: str  # ConfigSpec.task: "episode" for episodic configs, else the question kind
    papers: tuple[str, ...] = ()  # ConfigSpec.papers
    importer: str | None = None  # ConfigSpec.importer: the `planarium import` command making it; None: built

    @property
    def facts(self) -> tuple[str, str, tuple[str, ...], str | None]:
        """What the registry compares with the family's ConfigSpec of the same name."""
        return (self.name, self.task, self.papers, self.importer)

    @property
    def reading(self) -> str:
        """The reading its headline metrics use: the paper's own for a config made from the
        paper's data, so its numbers compare with the paper's tables; ours for a config
        Planarium generates (which follows a paper's protocol, not its questions)."""
        return PAPER_READING if self.importer else OUR_READING


@dataclass(frozen=True)
class ListedImporter:
    """A family's part of `planarium import NAME`. Several families may declare a part of one
    name (one paper's data spanning families): the command runs every part in registry order,
    and their help lines are joined into one."""

    name: str
    family: str
    target: str  # "module:attribute" of its click command
    help: str  # the line `planarium import --help` shows
