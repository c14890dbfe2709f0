"""ACPBench Hard's answer keys converted to ours (``scorer.tasks.acp.imported_keys``),
and checked by our validators.

The source's gold answer is kept as ``source_answer`` (the gold reference
answer of config ``acpbench-hard``), so ``score --gold`` re-judges their
answers with our validators: it scores 100% except where the stored key, i.e.
our validator, proves their answer wrong. ``audit`` returns those cases with
the judgement's reason and the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.pddl import Task
from scorer.tasks.acp.analysis import EXACT_CAP, VariantGraphs
from scorer.tasks.acp.imported_keys import Converted, Source
from scorer.tasks.acp.kind import judge
from scorer.tasks.acp.question_kinds import acp_kind


@dataclass(frozen=True)
class Dispute:
    row_id: str
    source_id: int
    kind: str
    domain: str
    answer: str
    reason: str
    evidence: list[str]


def convert(
    kind: str, record: dict[str, Any], task: Task, domain_pddl: str, graphs: VariantGraphs | None = None
) -> Converted:
    """``record``'s key as ours; ``graphs``: the state graphs of ``task``'s problem shared with
    the records whose problems differ from it only in :init (None: this record's own)."""
    declared = acp_kind(kind)
    # Keys made from a state's facts are exact when the explicit state graph fits.
    graph = (graphs or VariantGraphs(EXACT_CAP)).graph(task) if declared.from_state_facts else None
    return declared.convert(Source(record, task, domain_pddl, graph))


def audit(row: KeyRow, converted: Converted, source_id: int) -> Dispute | None:
    """The dispute, if our validator rejects the source's gold answer."""
    judgement = judge(row, Prediction(row.id, 0, converted.source_answer, None, "source"))
    if judgement.score == 1.0:
        return None
    reason = f"{judgement.reason.value}: {judgement.detail}"
    return Dispute(
        row.id, source_id, row.meta["acp_task"], row.domain, converted.source_answer, reason, converted.evidence
    )
