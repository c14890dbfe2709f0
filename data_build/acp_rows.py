"""ACP rows, shared by every ACP config: problems -> questions -> rows.

A config hands in problems (``AcpProblem``: PDDL, the domain's words, a size
label) and quotas per kind; this module samples the questions
(``scorer.tasks.acp.questions``), writes each question's problem with the
question state as ``:init``, the three prompt variants and the answer key.

Row fields: ``task`` "acp"; ``difficulty`` the ACP kind (so results come per
kind, ACPBench Hard, table 2); ``prompt`` zero-shot; ``fewshot`` the same after two
solved examples that the config hands in (generated from their own seeds, never
rows of any split); ``pddl`` the prompt after the PDDL domain and
problem (ACPBench Hard, section 6.3). ``meta``: acp_task, domain, problem, size,
seed, source (the plan the state lies on) and step, key (exact | evidence),
opt (h* of the state, land / nexta).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from data_build.rows import dumps, image_cell, row_features
from data_build.shipped_plans import shipped_results
from data_build.spec import Rows
from scorer.pddl import BUILD_SAFETY_S, PlannerCache, Task, parse_task, safety_seconds
from scorer.registry import provided
from scorer.registry.listing import SHARED_ACP_FEWSHOT
from scorer.tasks.acp import KINDS
from scorer.tasks.acp.analysis import PlannerBudget
from scorer.tasks.acp.compile import state_problem
from scorer.tasks.acp.keys import with_vocabulary
from scorer.tasks.acp.oracle import default_cache_dir
from scorer.tasks.acp.prompts import (
    DomainWords,
    Prompt,
    build_prompt,
    fewshot_prompt,
    pddl_only_prompt,
    pddl_prompt,
    pddl_question_text,
    question_text,
)
from scorer.tasks.acp.questions import ProblemQuestions, Question

acp_features = partial(row_features, ("fewshot", "pddl", "pddl_only"))  # the rows' features, made when rows are written


@dataclass(frozen=True)
class AcpProblem:
    name: str
    domain: str  # the row's domain field
    words: DomainWords
    domain_pddl: str
    problem_pddl: str
    size: str  # a size label for meta, e.g. "small" or "hard"
    seed: str
    try_exact: bool = True  # False for problems known to be too big to enumerate
    planner: bool = True  # False: no planner call at all (plans from bounded search only)
    optimal_planner: bool = True  # False: no symk-opt call (known to run to its memory bound on such problems)

    def task(self) -> Task:
        return parse_task(self.domain_pddl, self.problem_pddl)


@dataclass(frozen=True)
class Asked:
    problem: AcpProblem
    task: Task
    question: Question


ProblemSource = Callable[[int], AcpProblem | None]  # attempt number -> a problem, None when exhausted


def build_budget() -> PlannerBudget:
    """The build's planner bounds, its cache seeded with the results shipped for the
    published builds (``data_build.shipped_plans``), and a safety net of hours: a call
    runs to its memory bound, which takes a large problem minutes."""
    cache = PlannerCache(default_cache_dir())
    cache.seed(shipped_results())
    return PlannerBudget(cache=cache, safety_s=safety_seconds(BUILD_SAFETY_S))


def ask(problems: Iterable[AcpProblem], quotas: dict[str, int], budget: PlannerBudget, planned: int = 1) -> list[Asked]:
    """Questions from ``problems`` in turn until every kind's quota is met (or the
    problems run out). The first ``planned`` problems share each quota evenly
    (so sizes mix); problems after them fill what is still missing."""
    asked: list[Asked] = []
    missing = dict(quotas)
    for position, problem in enumerate(problems):
        if not any(missing.values()):
            break
        slots_left = planned - position
        caps = {k: -(-n // slots_left) if slots_left > 0 else n for k, n in missing.items()}
        for item in _from_problem(problem, caps, budget):
            missing[item.question.kind] -= 1
            asked.append(item)
    return asked


def _from_problem(problem: AcpProblem, caps: dict[str, int], budget: PlannerBudget) -> list[Asked]:
    task = problem.task()
    sampler = ProblemQuestions(
        task,
        problem.domain_pddl,
        random.Random(problem.seed),
        budget,
        problem.try_exact,
        problem.planner,
        problem.optimal_planner,
    )
    taken: set[tuple[str, int]] = set()
    found: list[Asked] = []
    for kind in KINDS:
        if caps[kind] > 0:
            found += [Asked(problem, task, q) for q in sampler.questions(kind, caps[kind], taken)]
    return found


def spread_kinds(count: int, start: int = 0) -> dict[str, int]:
    """Quotas asking one question of each of ``count`` kinds spaced evenly over ``KINDS``
    from the ``start``-th (wrapping), none of the others: a dev split smaller than its test
    split that still spreads over the kinds."""
    step = len(KINDS) / count
    chosen = {KINDS[(start + int(i * step)) % len(KINDS)] for i in range(count)}
    return {kind: int(kind in chosen) for kind in KINDS}


Shots = dict[str, list[tuple[str, str]]]  # kind -> solved examples (prompt, gold answer)


def shared_fewshot(seed: int) -> Shots:
    """The solved examples every ACP config's few-shot prompt shows (ACPBench Hard's two-shot
    prompts), from the family that provides them: a config's ``fewshot``."""
    shots: Shots = provided(SHARED_ACP_FEWSHOT)(seed)
    return shots


def make_rows(config: str, split: str, asked: Sequence[Asked], shots: Shots) -> list[dict]:
    ordered = sorted(asked, key=lambda a: (a.problem.domain, KINDS.index(a.question.kind), a.problem.name))
    return [make_row(config, split, index, item, shots[item.question.kind]) for index, item in enumerate(ordered)]


def make_row(config: str, split: str, index: int, asked: Asked, shots: list[tuple[str, str]]) -> dict[str, Any]:
    problem, task, question = asked.problem, asked.task, asked.question
    prompt = question_prompt(problem, task, question)
    problem_pddl = state_problem(problem.domain_pddl, task, question.state, _state_name(problem, question))
    return {
        "id": f"{config}/{split}/{index:04d}",
        "domain": problem.domain,
        "task": "acp",
        "difficulty": question.kind,
        "images": [image_cell(png) for png in prompt.images],
        "prompt": prompt.text,
        "fewshot": fewshot_prompt(shots, prompt.text),
        "pddl": pddl_prompt(problem.domain_pddl, problem_pddl, prompt.text),
        "pddl_only": pddl_only_prompt(
            problem.domain_pddl,
            problem_pddl,
            pddl_question_text(question.kind, question.action, question.sequence),
            question.kind,
        ),
        "domain_pddl": problem.domain_pddl,
        "problem_pddl": problem_pddl,
        "answer_key": dumps(with_vocabulary(question.kind, task, question.key)),
        "meta": dumps(_meta(problem, question)),
    }


def question_prompt(problem: AcpProblem, task: Task, question: Question) -> Prompt:
    text = question_text(question.kind, problem.words, question.action, question.sequence)
    return build_prompt(problem.words, problem.domain_pddl, task, question.state, question.kind, text)


def _state_name(problem: AcpProblem, question: Question) -> str:
    return f"{problem.name}-{question.source}-{question.step}"


def _meta(problem: AcpProblem, question: Question) -> dict[str, Any]:
    return {
        "acp_task": question.kind,
        "domain": problem.domain,
        "problem": problem.name,
        "size": problem.size,
        "seed": problem.seed,
        "source": question.source,
        "step": question.step,
        "key": "exact" if question.exact else "evidence",
        "opt": question.opt,
    }


def count_table(rows: Rows) -> str:
    """Test rows per domain and kind, and how many keys are exact (for the card)."""
    counts: dict[tuple[str, str], list[int]] = {}
    for row in rows.get("test", []):
        meta = json.loads(row["meta"])
        cell = counts.setdefault((meta["domain"], meta["acp_task"]), [0, 0])
        cell[0] += 1
        cell[1] += meta["key"] == "exact"
    domains = sorted({d for d, _ in counts})
    lines = ["| domain | " + " | ".join(KINDS) + " |", "|---" * (len(KINDS) + 1) + "|"]
    for domain in domains:
        cells = [
            f"{counts[(domain, k)][0]} ({counts[(domain, k)][1]})" if (domain, k) in counts else "0" for k in KINDS
        ]
        lines.append(f"| {domain} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
