"""The compounding-error curve of episodes that ask yes/no questions (ViPlan, figure 16).

ViPlan's grounder answers many questions per episode (up to 120 in its hardest split),
and one wrong answer can sink the episode. The curve shows, for k = 1, 2, ..., the share
of episodes whose first k answers were all right (an episode that asked fewer than k
keeps the verdict of all its answers, so the curve never rises): what an accuracy
benchmark asking one question (k = 1) does not see. Beside it, dashed, accuracy^k: the
same share if the answers were independent and equally hard.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorer.report.curves import Curve, config_path, write_curves
from scorer.scoring.grading import Grading
from scorer.tasks.stats import rate_stderr


def answer_sequences(grading: Grading) -> dict[str, list[list[bool]]]:
    """Per config, per episode that asked questions: whether each answer was right, in order."""
    sequences: dict[str, list[list[bool]]] = {}
    for row, judgement in grading.rows:
        parsed = judgement.parsed
        if isinstance(parsed, dict) and parsed.get("answers_correct"):
            sequences.setdefault(row.config, []).append([bool(c) for c in parsed["answers_correct"]])
    return sequences


def all_right_shares(sequences: Sequence[Sequence[bool]]) -> list[tuple[int, float]]:
    """(k, share of the episodes whose first k answers were all right) for k = 1 .. the most asked."""
    longest = max((len(s) for s in sequences), default=0)
    return [(k, sum(all(s[:k]) for s in sequences) / len(sequences)) for k in range(1, longest + 1)]


def compounding_curves(sequences: Sequence[Sequence[bool]], config: str) -> list[Curve]:
    shares = all_right_shares(sequences)
    answers = [c for s in sequences for c in s]
    accuracy = sum(answers) / len(answers)
    ks = [k for k, _ in shares]
    return [
        Curve(
            f"{config}: first k answers all right",
            ks,
            [share for _, share in shares],
            [rate_stderr(share, len(sequences)) for _, share in shares],
        ),
        Curve(
            f"{config}: accuracy^k (independent answers, accuracy {accuracy:.3f})",
            ks,
            [accuracy**k for k in ks],
            dashed=True,
        ),
    ]


def write_compounding_curves(grading: Grading, path: Path) -> list[Path]:
    """One chart per config whose episodes asked questions (``path``, or one per config beside it)."""
    by_config = answer_sequences(grading)
    configs = sorted(by_config)
    if not configs:
        raise ValueError("the scored configs hold no episodes that asked yes/no questions; nothing to draw")
    return [
        write_curves(
            config_path(path, config, len(configs) > 1),
            f"{config}: compounding errors (ViPlan, figure 16)",
            "k: answers that must all be right",
            "share of episodes",
            compounding_curves(by_config[config], config),
            (0.0, 1.02),
            log_x=True,  # from one answer to the hundreds a long episode asks
        )
        for config in configs
    ]
