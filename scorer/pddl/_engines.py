"""The planners a call may name, and the settings each runs with (part of every cache key)."""

from __future__ import annotations

ENGINES = ("fast-downward", "fast-downward-opt", "symk", "symk-opt")

# symk's bidirectional search (``sym_bd``, what up-symk runs) chooses each step's direction
# from its estimate of the step's time, which it measures, and cuts steps, merges and pops at
# time limits. Run again, and more so on a busy machine, it took other paths: another optimal
# plan (7 of 18 calls gave 2-3 different plans in 3 runs) and another peak memory, so near the
# memory bound possibly another verdict. Alternating the directions with the time limits lifted
# gave the same plan, search and peak memory every run (18 calls of 18, beside CPU hogs too),
# in about the same time on those calls but not on every problem: the hard problem
# of tests/pddl takes 117 s instead of 7 (docs/scale.md). ``ratio_alloted_time`` stays finite
# because symk turns its product with a step's estimated milliseconds into an int: 1000 keeps
# that far from overflow while a step is cut only past 1000 times its estimate.
SYMK_SEARCH = (
    "sym_bd(alternating=true,max_alloted_time=infinity,ratio_alloted_time=1000,"
    "max_tr_time=infinity,max_mutex_time=infinity,max_aux_time=infinity)"
)
ENGINE_PARAMS: dict[str, dict[str, str]] = {
    "symk": {"symk_search_config": SYMK_SEARCH},
    "symk-opt": {"symk_search_config": SYMK_SEARCH},
}
