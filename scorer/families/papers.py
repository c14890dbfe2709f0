"""The papers the configs follow, by the names configs give in ``ConfigSpec.papers``, with
the BibTeX the dataset card prints.

Bibliographic data comes only from the papers' own text and published code (nothing is
guessed): where our copy of a paper names no author list, year or identifier, the entry
leaves that field out rather than invent it.
"""

from __future__ import annotations

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
}


def bibtex(paper: str) -> str:
    """The BibTeX entry of ``paper``; a KeyError names the papers known."""
    try:
        return BIBTEX[paper]
    except KeyError:
        raise KeyError(f"no BibTeX for paper {paper!r}; known: {', '.join(sorted(BIBTEX))}") from None
