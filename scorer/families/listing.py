"""Every family's configs and importers as the CLI lists them, importable without the families.

A config's ``ConfigSpec`` lives beside the code that builds it, and importing that code
(or a family's ``family.py``) imports the planners, the renderers and ``datasets``. Listing
needs only a config's name, family, task, papers and importer: they are declared again
here, one line per config, so that ``planarium configs`` starts at once
(tests/test_startup.py). The registry checks this listing against the specs the families
declare whenever it loads them (``scorer.families.configs``), so the two cannot drift
apart unnoticed. The ``planarium import`` commands are declared only here, one line each:
"module:attribute" of the click command, imported only when it runs, and its help line.
"""

from __future__ import annotations

from dataclasses import dataclass

# The two readings of a reply (scorer.grading): Planarium's own parser and judge, and the
# paper's parser and evaluator reproduced exactly (``TaskKind.paper``).
OUR_READING = "ours"
PAPER_READING = "paper"


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


VIPLAN = ("ViPlan",)
IVISPAR = ("iVISPAR",)
ACP_HARD = ("ACPBench Hard",)
VSP = ("VSP",)
ASGARD = ("AsgardBench",)

# In registry order (scorer.families.FAMILY_PACKAGES), each family's configs in the order it declares them.
LISTED: tuple[ListedConfig, ...] = (
    ListedConfig("blocksworld-ground", "blocksworld", "ground", VIPLAN),
    ListedConfig("blocksworld-ground-views", "blocksworld", "ground", VIPLAN),
    ListedConfig("blocksworld-episodes", "blocksworld", "episode", VIPLAN),
    ListedConfig("blocksworld-acp", "blocksworld", "acp", (*ACP_HARD, *VIPLAN)),
    ListedConfig("viplan-blocksworld-episodes", "blocksworld", "episode", VIPLAN, "viplan"),
    ListedConfig("slidegeom-episodes", "slidegeom", "episode", IVISPAR),
    ListedConfig("slidegeom-describe", "slidegeom", "describe", IVISPAR),
    ListedConfig("slidegeom-acp", "slidegeom", "acp", (*ACP_HARD, *IVISPAR)),
    ListedConfig("ivispar-episodes", "slidegeom", "episode", IVISPAR, "ivispar-boards"),
    ListedConfig("ivispar-describe", "slidegeom", "describe", IVISPAR, "ivispar-boards"),
    ListedConfig("acp-hard", "classical", "acp", ACP_HARD),
    ListedConfig("acpbench-hard", "classical", "acp", ACP_HARD, "acpbench-hard"),
    ListedConfig("maze-vsp", "vsp", "vsp", VSP),
    ListedConfig("blocks-vsp", "vsp", "vsp", VSP),
    ListedConfig("collision", "vsp", "vsp-collision", VSP),
    ListedConfig("streetmap-route", "vsp", "vsp-route", VSP),
    ListedConfig("vsp-original", "vsp", "vsp", VSP, "vsp"),
    ListedConfig("household-ground", "household", "ground", VIPLAN),
    ListedConfig("household-episodes", "household", "episode", VIPLAN),
    ListedConfig("household-acp", "household", "acp", (*ACP_HARD, *VIPLAN)),
    ListedConfig("viplan-household-episodes", "household", "episode", VIPLAN, "viplan"),
    ListedConfig("kitchen-episodes", "kitchen", "episode", ASGARD),
    ListedConfig("asgardbench-episodes", "kitchen", "episode", ASGARD, "asgardbench"),
)


@dataclass(frozen=True)
class ListedImporter:
    """A family's part of `planarium import NAME`. Several families may declare a part of one
    name (one paper's data spanning families): the command runs every part in registry order,
    and their help lines are joined into one."""

    name: str
    family: str
    target: str  # "module:attribute" of its click command
    help: str  # the line `planarium import --help` shows


IMPORTERS: tuple[ListedImporter, ...] = (
    ListedImporter(
        "viplan",
        "blocksworld",
        "scorer.families.blocksworld.viplan_import:viplan_blocksworld_import",
        "ViPlan's 75 blocksworld problems as config viplan-blocksworld-episodes.",
    ),
    ListedImporter(
        "ivispar-boards",
        "slidegeom",
        "scorer.families.slidegeom.ivispar_import:ivispar_boards_import",
        "iVISPAR's board files as configs ivispar-episodes and ivispar-describe.",
    ),
    ListedImporter(
        "acpbench-hard",
        "classical",
        "scorer.families.classical.acpbench_import:acpbench_hard_import",
        "ACPBench Hard's own questions as config acpbench-hard.",
    ),
    ListedImporter(
        "vsp",
        "vsp",
        "scorer.families.vsp.vsp_import:vsp_import",
        "VSP's maze and blocks questions (vsp-text.jsonl.gz) as config vsp-original.",
    ),
    ListedImporter(
        "viplan",
        "household",
        "scorer.families.household.viplan_import:viplan_household_import",
        "ViPlan's 16 household problems as the 75 episodes of config viplan-household-episodes.",
    ),
    ListedImporter(
        "asgardbench",
        "kitchen",
        "scorer.families.kitchen.asgard_import:asgardbench_import",
        "AsgardBench's 108 tasks as config asgardbench-episodes.",
    ),
)
