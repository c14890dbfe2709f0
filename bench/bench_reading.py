"""Benchmark: reading PDDL into unified-planning's model, ours against the library's way.

The library's way (how ``read_problem`` read before, and how unified-planning's own
documentation reads a problem): a new ``PDDLReader`` per problem, domain and problem
parsed by its pyparsing grammar with the packrat memo that importing ``unified_planning.io``
turns on. Ours (``scorer.pddl._reading.read_problem``): one reader per process, each
domain's syntax tree and actions kept (a problem gets clones of them), the memo off while
PDDL is parsed. Both give the same model (tests/pddl/test_reading.py compares the models).

Problems: a fixed sample per family, as the build makes them (blocksworld layouts, the
standard sliding geom boards, the household gallery's problems, and the small problem of
every classical domain). Prints CPU ms per problem both ways and the ratio, with the load
average (the machine may be shared: CPU time is the steadier figure).

    python bench/bench_reading.py [--per-family 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from unified_planning.io import PDDLReader

from scorer.pddl._reading import read_problem

Sample = list[tuple[str, str]]  # (domain text, problem text)


def blocksworld(count: int) -> Sample:
    from scorer.families.blocksworld.generate import DIFFICULTIES, random_layout
    from scorer.families.blocksworld.pddl import domain_pddl, problem_pddl

    rng, shapes = random.Random(0), list(DIFFICULTIES.values())
    problems = []
    for index in range(count):
        shape = shapes[index % len(shapes)]
        blocks = rng.sample(list("rgbyop"), shape.n_blocks)
        init, goal = (random_layout(rng, blocks, shape.n_columns, shape.max_init_height) for _ in range(2))
        problems.append((domain_pddl(), problem_pddl(f"p{index}", init, goal)))
    return problems


def slidegeom(count: int) -> Sample:
    from scorer.families.slidegeom.generate import generate_boards
    from scorer.families.slidegeom.pddl import domain_pddl

    return [(domain_pddl(), problem.pddl()) for problem in generate_boards("standard", 0, per_cell=1)[:count]]


def household(count: int) -> Sample:
    from scorer.families.household.gallery import EXAMPLES
    from scorer.families.household.generate import ACTIVITY, generate_problem
    from scorer.families.household.problem import domain_pddl

    made = [
        generate_problem(ACTIVITY[activity], difficulty, f"0/gallery/{difficulty}", activity)
        for difficulty, activity in EXAMPLES.items()
    ]
    return [(domain_pddl(), problem.pddl()) for problem in made][:count]


def classical(count: int) -> Sample:
    from scorer.families.classical import CLASSICAL_DOMAINS
    from scorer.families.classical.problems import classical_problem

    chosen = [classical_problem(domain, 0, f"bench/{name}") for name, domain in sorted(CLASSICAL_DOMAINS.items())]
    return [(problem.domain_pddl, problem.problem_pddl) for problem in chosen][:count]


FAMILIES: dict[str, Callable[[int], Sample]] = {
    "blocksworld": blocksworld,
    "slidegeom": slidegeom,
    "household": household,
    "classical (one small problem per domain)": classical,
}


def libraries_way(domain: str, problem: str) -> object:
    return PDDLReader().parse_problem_string(domain, problem)


def cpu_ms(read: Callable[[str, str], object], sample: Sample, repeat: int) -> float:
    """The fastest of ``repeat`` passes over ``sample``, in CPU ms per problem."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for domain, problem in sample:
            read(domain, problem)
        best = min(best, time.process_time() - started)
    return 1000 * best / len(sample)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=20, help="problems per family (fewer where it has fewer)")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores; one process")
    print("| problems | n | library's way, CPU ms each | ours | ratio |\n|---|---:|---:|---:|---:|")
    for family, make in FAMILIES.items():
        sample = make(options.per_family)
        theirs, ours = (cpu_ms(way, sample, options.repeat) for way in (libraries_way, read_problem))
        print(f"| {family} | {len(sample)} | {theirs:.1f} | {ours:.1f} | {theirs / ours:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
