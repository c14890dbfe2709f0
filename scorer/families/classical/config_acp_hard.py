"""Config ``acp-hard``: ACPBench Hard's eight generative questions on the classical domains.

Every registered classical domain (``scorer.families.classical``; 13 when all
are written) x 8 kinds: 10 questions per kind and domain in test (1,040 with
13 domains, ACPBench Hard's test size), 2 in dev; ``--size mini``: 1 in test, and in dev
one question per domain, the kinds in turn over the domains (every kind with 8 domains or
more), so dev stays smaller than test.

Problems per (domain, split), each from its own seed
``<seed>/acp-hard/<domain>/<split>/<slot>``: full test sizes small, small,
medium, medium, large (keys of small problems, and of medium ones whose space
fits the exact cap, are exact; the others hold evidence sets and leave the
rest to the planner at scoring time); dev small, medium; mini small only. A
kind that a problem cannot fill (no decidable state) is filled from the next
problem, and from extra small problems after the last.
"""

from __future__ import annotations

from collections.abc import Iterator

from data_build.acp_rows import ACP_FEATURES, AcpProblem, ask, build_budget, count_table, make_rows, spread_kinds
from data_build.spec import SPLITS, BuildSettings, ConfigSpec, Rows
from scorer.families.base import card_template
from scorer.families.classical import CLASSICAL_DOMAINS, ClassicalDomain
from scorer.families.classical.problems import classical_problem, fewshot_examples
from scorer.tasks.acp import KINDS

CONFIG = "acp-hard"
SIZES: dict[str, dict[str, tuple[int, ...]]] = {
    "full": {"test": (0, 0, 1, 1, 2), "dev": (0, 1)},
    "mini": {"test": (0,), "dev": (0,)},
}
PER_KIND: dict[str, dict[str, int]] = {"full": {"test": 10, "dev": 2}, "mini": {"test": 1}}
MAX_EXTRA_PROBLEMS = 12


def build(settings: BuildSettings) -> Rows:
    """Each domain's questions on the build's executor (a domain's problems and questions
    depend on nothing outside it), joined in domain order, then numbered."""
    jobs = [(name, position, settings.size, settings.seed) for position, name in enumerate(sorted(CLASSICAL_DOMAINS))]
    per_domain = settings.executor.map(_domain_rows, jobs, f"{CONFIG} domains", settings.show_progress)
    rows: Rows = {}
    for split in SPLITS:
        joined = [row for domain_rows in per_domain for row in domain_rows[split]]
        rows[split] = [{**row, "id": f"{CONFIG}/{split}/{index:04d}"} for index, row in enumerate(joined)]
    return rows


def _domain_rows(job: tuple[str, int, str, int]) -> dict[str, list[dict]]:
    """One domain's rows per split (numbered within the domain; ``build`` numbers them again);
    ``position`` is the domain's in name order."""
    name, position, size, seed = job
    domain = CLASSICAL_DOMAINS[name]
    shots = fewshot_examples(seed)
    budget = build_budget()
    seen_problems: set[str] = set()  # dev never repeats a test problem
    rows = {}
    for split in SPLITS:
        quotas = _quotas(size, split, position)
        problems = _problems(domain, split, size, seed, seen_problems)
        rows[split] = make_rows(CONFIG, split, ask(problems, quotas, budget, planned=len(SIZES[size][split])), shots)
    return rows


def _quotas(size: str, split: str, position: int) -> dict[str, int]:
    """Questions per kind of the domain at ``position``: ``PER_KIND``'s count of every kind,
    or, where it has none (mini dev), the position-th kind alone."""
    per_kind = PER_KIND[size].get(split)
    return {kind: per_kind for kind in KINDS} if per_kind is not None else spread_kinds(1, position)


def _problems(domain: ClassicalDomain, split: str, size: str, seed: int, seen: set[str]) -> Iterator[AcpProblem]:
    """The split's problems, then extra small ones; never a problem text seen before."""
    sizes = list(SIZES[size][split]) + [0] * MAX_EXTRA_PROBLEMS
    for slot, problem_size in enumerate(sizes):
        problem = classical_problem(domain, problem_size, f"{seed}/{CONFIG}/{domain.name}/{split}/{slot}")
        if problem.problem_pddl in seen:
            continue
        seen.add(problem.problem_pddl)
        yield problem


def card_facts(rows: Rows) -> dict[str, str]:
    return {"count_table": count_table(rows)}


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="classical",
    task="acp",
    summary="ACPBench Hard's eight generative questions (app, prog, reach, areach, val, just, land, nexta) "
    "on the classical PDDL domains, with symbolic validators.",
    features=ACP_FEATURES,
    build=build,
    papers=("ACPBench Hard",),
    card_facts=card_facts,
    spreads=True,  # its 13 domains are the executor's jobs
)
