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
problem, and from extra small problems after the last. dev never draws a problem text that
test could draw (any of its slots or extras), so each split is built on its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from data_build.acp_rows import AcpProblem, acp_features, ask, build_budget, count_table, make_rows, spread_kinds
from data_build.spec import SPLITS, BuildSettings, ConfigSpec, Rows
from scorer.families.classical import CLASSICAL_DOMAINS, ClassicalDomain
from scorer.families.classical.problems import classical_problem, fewshot_examples
from scorer.registry.family import card_template
from scorer.tasks.acp import KINDS

CONFIG = "acp-hard"
SIZES: dict[str, dict[str, tuple[int, ...]]] = {
    "full": {"test": (0, 0, 1, 1, 2), "dev": (0, 1)},
    "mini": {"test": (0,), "dev": (0,)},
}
PER_KIND: dict[str, dict[str, int]] = {"full": {"test": 10, "dev": 2}, "mini": {"test": 1}}
MAX_EXTRA_PROBLEMS = 12


Job = tuple[str, int, str, str, int]  # (domain, its position in name order, split, size, seed)


def build(settings: BuildSettings) -> Rows:
    """Each (domain, split)'s questions on the build's executor, joined in domain order, then
    numbered. A split's problems and questions depend on nothing outside it but the problems
    the splits before it could draw (``_problems``), so no job is a domain's whole chain of
    planner calls; the biggest jobs go first, so no worker idles while a long one runs last."""
    jobs = [
        (name, position, split, settings.size, settings.seed)
        for position, name in enumerate(sorted(CLASSICAL_DOMAINS))
        for split in SPLITS
    ]
    queued = sorted(jobs, key=_expected_cost, reverse=True)  # stable: ties keep domain order
    done = settings.executor.map(_split_rows, queued, f"{CONFIG} domains x splits", settings.show_progress)
    by_job = dict(zip(queued, done))
    rows: Rows = {}
    for split in SPLITS:
        joined = [row for job in jobs if job[2] == split for row in by_job[job]]
        rows[split] = [{**row, "id": f"{CONFIG}/{split}/{index:04d}"} for index, row in enumerate(joined)]
    return rows


def _expected_cost(job: Job) -> int:
    """A job's questions to ask: what its planner calls and state searches grow with."""
    _, position, split, size, _ = job
    return sum(_quotas(size, split, position).values())


def _split_rows(job: Job) -> list[dict]:
    """One domain's rows of one split (numbered within it; ``build`` numbers them again)."""
    name, position, split, size, seed = job
    domain = CLASSICAL_DOMAINS[name]
    quotas = _quotas(size, split, position)
    # A split never repeats a problem that an earlier split could draw (dev none of test's).
    earlier = {
        text for before in SPLITS[: SPLITS.index(split)] for text in _candidate_texts(domain, before, size, seed)
    }
    problems = _problems(domain, split, size, seed, earlier)
    asked = ask(problems, quotas, build_budget(), planned=len(SIZES[size][split]))
    return make_rows(CONFIG, split, asked, fewshot_examples(seed))


def _quotas(size: str, split: str, position: int) -> dict[str, int]:
    """Questions per kind of the domain at ``position``: ``PER_KIND``'s count of every kind,
    or, where it has none (mini dev), the position-th kind alone."""
    per_kind = PER_KIND[size].get(split)
    return {kind: per_kind for kind in KINDS} if per_kind is not None else spread_kinds(1, position)


def _problem_sizes(split: str, size: str) -> list[int]:
    """The split's problem sizes, then the extra small ones that fill what they could not."""
    return list(SIZES[size][split]) + [0] * MAX_EXTRA_PROBLEMS


def _problem(domain: ClassicalDomain, split: str, size: str, seed: int, slot: int) -> AcpProblem:
    return classical_problem(domain, _problem_sizes(split, size)[slot], f"{seed}/{CONFIG}/{domain.name}/{split}/{slot}")


def _candidate_texts(domain: ClassicalDomain, split: str, size: str, seed: int) -> set[str]:
    """Every problem text ``split`` could draw: generating one makes no planner call, so this
    is cheap, and a later split can avoid them without waiting for the split's questions."""
    slots = range(len(_problem_sizes(split, size)))
    return {_problem(domain, split, size, seed, slot).problem_pddl for slot in slots}


def _problems(domain: ClassicalDomain, split: str, size: str, seed: int, avoid: set[str]) -> Iterator[AcpProblem]:
    """The split's problems, then extra small ones; never a problem text in ``avoid`` nor
    one drawn before."""
    seen = set(avoid)
    for slot in range(len(_problem_sizes(split, size))):
        problem = _problem(domain, split, size, seed, slot)
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
    features_of=acp_features,
    build=build,
    papers=("ACPBench Hard",),
    card_facts=card_facts,
    spreads=True,  # its (domain, split) pairs are the executor's jobs
)
