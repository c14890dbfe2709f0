"""The papers the configs follow, by the names configs give in ``ConfigSpec.papers``, with
the BibTeX the dataset card prints.

Bibliographic data comes only from the papers' own text and published code (nothing is
guessed): where our copy of a paper names no author list, year or identifier, the entry
leaves that field out rather than invent it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

BIBTEX: dict[str, str] = {
    "ViPlan": """@misc{merler_viplan,
  title = {{ViPlan}: A Benchmark for Visual Planning with Symbolic Predicates and Vision-Language Models},
  author = {Merler and others},
  note = {Preprint, under review},
  howpublished = {\\url{https://github.com/merlerm/ViPlan}}
}""",
    "iVISPAR": """@misc{mayer_ivispar,
  title = {{iVISPAR} -- An Interactive Visual-Spatial Reasoning Benchmark for {VLMs}},
  author = {Mayer, Julius and Ballout, Mohamad and Jassim, Serwan and Nosrat Nezami, Farbod and Bruni, Elia},
  howpublished = {\\url{https://microcosm.ai/ivispar}}
}""",
    "ACPBench Hard": """@misc{kokel_acpbench_hard,
  title = {{ACPBench Hard}: Unrestrained Reasoning about Action, Change, and Planning},
  author = {Kokel and others},
  year = {2025},
  eprint = {2503.24378},
  archivePrefix = {arXiv},
  howpublished = {\\url{https://github.com/IBM/ACPBench}}
}""",
    "VSP": """@misc{vsp,
  title = {{VSP}: Diagnosing the Dual Challenges of Perception and Reasoning in Spatial Planning Tasks for {MLLMs}},
  eprint = {2407.01863},
  archivePrefix = {arXiv},
  howpublished = {\\url{https://github.com/UCSB-NLP-Chang/Visual-Spatial-Planning}}
}""",
    "AsgardBench": """@misc{asgardbench,
  title = {{AsgardBench}: visually grounded interactive planning},
  note = {Microsoft, the copyright holder of its published code and data},
  howpublished = {\\url{https://github.com/microsoft/AsgardBench}}
}""",
}


def bibtex(paper: str) -> str:
    """The BibTeX entry of ``paper``; a KeyError names the papers known."""
    try:
        return BIBTEX[paper]
    except KeyError:
        raise KeyError(f"no BibTeX for paper {paper!r}; known: {', '.join(sorted(BIBTEX))}") from None


@dataclass(frozen=True)
class PaperSampling:
    """How a paper sampled its models: the request fields (``settings``), the models they
    were for, and where the paper says so. ``planarium eval --sampling paper`` sends them."""

    settings: dict[str, Any] = field(default_factory=dict)
    models: str = "all models"
    source: str = ""
    max_tokens: int | None = None  # the paper's limit on new tokens; None: it states none

    def describe(self) -> str:
        fields = [f"{name} {_shown(value)}" for name, value in self.settings.items()]
        if self.max_tokens is not None:
            fields.append(f"at most {self.max_tokens:,} new tokens")
        return f"{', '.join(fields)} for {self.models} ({self.source})"


def _shown(value: Any) -> str:
    return str(value) if isinstance(value, int | float) else f"`{json.dumps(value)}`"


# Each paper's sampling, as its text states it (the anchors notes name the code behind it).
SAMPLING: dict[str, PaperSampling] = {
    "ViPlan": PaperSampling({"temperature": 0.0}, source="ViPlan, section 4.3"),
    "iVISPAR": PaperSampling(
        {"temperature": 1.0, "top_p": 0.95, "top_k": 50},
        models="open-source models (closed models ran with their APIs' settings)",
        source="iVISPAR, section 4.3",
    ),
    "ACPBench Hard": PaperSampling(
        # the task files' `until` (held equal to them by tests/families/classical/test_acpbench_protocol.py)
        {"temperature": 0.0, "stop": ["\n\n\n\n", "**Question**:", "**Question:**", "Q:"]},
        source="the paper states none; its lm-eval task files (acp_gen_chat) decode greedily",
        max_tokens=1000,
    ),
    "VSP": PaperSampling(
        {"temperature": 0.0}, source="the paper states none; Planarium's default, temperature 0.0, stands in"
    ),
    "AsgardBench": PaperSampling({"temperature": 0.0}, source="AsgardBench, appendix A.6, table 5"),
}


def paper_sampling(paper: str) -> PaperSampling:
    """The sampling ``paper`` ran with; a KeyError names the papers known."""
    try:
        return SAMPLING[paper]
    except KeyError:
        raise KeyError(f"no sampling recorded for paper {paper!r}; known: {', '.join(sorted(SAMPLING))}") from None
