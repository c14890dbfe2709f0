"""Classical problems as ACP problems, and the solved examples of every ACP config's
few-shot prompt (ACPBench Hard's two-shot prompts, from grid and logistics problems)."""

from __future__ import annotations

import random
from functools import cache

from data_build.acp_rows import AcpProblem, Shots, ask, build_budget, question_prompt
from scorer.families.classical import CLASSICAL_DOMAINS, ClassicalDomain
from scorer.tasks.acp import KINDS
from scorer.tasks.acp.keys import with_vocabulary
from scorer.tasks.acp.kind import gold_answer
from scorer.tasks.acp.prompts import DomainWords

FEWSHOT_DOMAINS = ("grid", "logistics")
SIZE_NAMES = ("small", "medium", "large")


def classical_words(domain: ClassicalDomain) -> DomainWords:
    return DomainWords(domain.description, domain.atom_text, domain.action_text)


def classical_problem(domain: ClassicalDomain, size: int, seed: str) -> AcpProblem:
    problem_pddl = domain.generate(random.Random(seed), size)
    name = f"{domain.name}-{seed.replace('/', '-')}"
    return AcpProblem(
        name,
        domain.name,
        classical_words(domain),
        domain.domain_pddl,
        problem_pddl,
        SIZE_NAMES[size],
        seed,
        try_exact=size < 2,
        planner=size <= domain.planner_max_size,
        optimal_planner=size < 2,  # symk-opt ran the large problems of 8 domains to its bound (seed 0)
    )


@cache
def fewshot_examples(seed: int) -> Shots:
    """Per kind, two solved examples (prompt, gold answer): one grid, one logistics
    problem (or the first two registered domains), generated from their own seeds."""
    names = [n for n in FEWSHOT_DOMAINS if n in CLASSICAL_DOMAINS] or sorted(CLASSICAL_DOMAINS)[:2]
    shots: Shots = {kind: [] for kind in KINDS}
    budget = build_budget()
    for name in names:
        attempts = (classical_problem(CLASSICAL_DOMAINS[name], 0, f"{seed}/acp-fewshot/{name}/{i}") for i in range(20))
        for item in ask(attempts, {kind: 1 for kind in KINDS}, budget):
            prompt = question_prompt(item.problem, item.task, item.question)
            key = with_vocabulary(item.question.kind, item.task, item.question.key)
            shots[item.question.kind].append((prompt.text, gold_answer(item.question.kind, key)))
    return shots
