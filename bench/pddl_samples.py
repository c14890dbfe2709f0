"""Sample PDDL problems shared by the benchmarks and the tests.

Benchmarks (run as ``python bench/x.py``, so this folder is on the path) import it as
``pddl_samples``; tests (run with the repository root on the path) as ``bench.pddl_samples``.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BLOCKSWORLD_DOMAIN = REPO / "scorer" / "families" / "blocksworld" / "domain.pddl"

# Blocksworld "hard": 6 blocks, 4 columns, 60,480 reachable states, optimum 9 (per symk-opt).
HARD_PROBLEM = """(define (problem p0) (:domain blocksworld)
  (:objects r o p g y b - block c1 c2 c3 c4 - column)
  (:init (on o r) (on y g) (on b y) (clear o) (clear p) (clear b)
    (incolumn r c2) (incolumn o c2) (incolumn p c3) (incolumn g c1) (incolumn y c1) (incolumn b c1)
    (rightof c2 c1) (rightof c3 c2) (rightof c4 c3) (rightof c3 c1) (rightof c4 c1) (rightof c4 c2)
    (leftof c1 c2) (leftof c2 c3) (leftof c3 c4) (leftof c1 c3) (leftof c1 c4) (leftof c2 c4))
  (:goal (and (on g r) (on b y) (clear o) (clear p) (clear g) (clear b)
    (incolumn r c1) (incolumn o c4) (incolumn p c2) (incolumn g c1) (incolumn y c3) (incolumn b c3))))
"""
