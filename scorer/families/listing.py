"""The families' table: their registry order, and every config and importer as the CLI lists them.

The registry (``scorer.registry``) reads this module by name, on first use, and checks it against
the specs the families declare whenever it loads them, so the two cannot drift apart unnoticed.
It imports no family: ``planarium configs`` starts at once (tests/test_startup.py).
"""

from __future__ import annotations

from scorer.registry.listing import ListedConfig, ListedImporter

# The families in registry order: each is a package scorer.families.<name> whose ``family``
# module defines ``FAMILY``.
FAMILY_PACKAGES: tuple[str, ...] = (
    "blocksworld",
    "slidegeom",
    "classical",
    "vsp",
    "household",
    "kitchen",
)

VIPLAN = ("ViPlan",)
IVISPAR = ("iVISPAR",)
ACP_HARD = ("ACPBench Hard",)
VSP = ("VSP",)
ASGARD = ("AsgardBench",)

# In registry order (scorer.registry.FAMILY_PACKAGES), each family's configs in the order it declares them.
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
