"""The task store: a task read back from it is the task the text grounds to, field for field and
move for move; a damaged entry, a store switched off or one that cannot be written cost a
fresh read, never a wrong task."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import scorer.pddl._parse as parse_module
from scorer.pddl import Task, parse_task
from scorer.pddl._task_store import STORE_ENV, load, save
from tests.pddl.conftest import GRIPPER_DOMAIN, GRIPPER_PROBLEM


def signature(task: Task) -> tuple[Any, ...]:
    actions = [
        (
            a.name,
            a.index,
            a.pre_pos,
            a.pre_neg,
            a.add,
            a.delete,
            tuple(a.cond_effects),
            a.pre_general,
            tuple(a.atom_names),
        )
        for a in task.actions
    ]
    fields = (task.atom_index, task.action_index, task.init, task.goal_pos, task.goal_neg, task.goal_general)
    return (
        task.name,
        tuple(task.atoms),
        actions,
        *fields,
        task.objects,
        task.types,
        task.predicates,
        task.static_atoms,
        task.action_schemas,
    )


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "store"))
    parse_task.cache_clear()
    yield tmp_path / "store"
    parse_task.cache_clear()


def _read(domain: str, problem: str) -> Task:
    return parse_module.ground_problem(parse_module.read_problem(domain, problem))


@pytest.mark.usefixtures("store")
@pytest.mark.parametrize("seed", range(3))
def test_a_stored_task_is_the_task_read_and_moves_alike(
    blocksworld_domain: str, make_blocksworld_problem: Any, seed: int
) -> None:
    # the gripper's conditional effects, disjunctive preconditions and goal; blocksworld's masks
    for domain, problem in [
        (GRIPPER_DOMAIN, GRIPPER_PROBLEM),
        (blocksworld_domain, make_blocksworld_problem(5, 4, seed)),
    ]:
        read = _read(domain, problem)
        save(domain, problem, read)
        stored = load(domain, problem)
        assert stored is not None and signature(stored) == signature(read)
        rng, state = random.Random(seed), read.init
        for _ in range(30):  # a random walk: the same moves, successors and goal tests
            moves = sorted(a.name for a in read.applicable(state))
            assert sorted(a.name for a in stored.applicable(state)) == moves
            assert stored.is_goal(state) == read.is_goal(state)
            if not moves:
                break
            move = rng.choice(moves)
            assert stored.successor(state, move) == read.successor(state, move)
            state = read.successor(state, move)


def test_parse_task_reads_a_stored_text_without_unified_planning(
    store: Path, blocksworld_domain: str, hard_problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = parse_task(blocksworld_domain, hard_problem)
    assert list(store.rglob("*.task"))
    parse_task.cache_clear()  # as in another process

    def refused(*_: Any) -> None:
        raise AssertionError("read again")

    monkeypatch.setattr(parse_module, "read_problem", refused)
    again = parse_task(blocksworld_domain, hard_problem)
    assert again is not first and signature(again) == signature(first)


def test_a_damaged_entry_is_read_again_and_written_anew(
    store: Path, blocksworld_domain: str, hard_problem: str
) -> None:
    first = parse_task(blocksworld_domain, hard_problem)
    [entry] = store.rglob("*.task")
    whole = entry.read_bytes()
    for damaged in (whole[: len(whole) // 2], b"\0" * 64, b"not marshal"):
        entry.write_bytes(damaged)
        assert load(blocksworld_domain, hard_problem) is None
        parse_task.cache_clear()
        assert signature(parse_task(blocksworld_domain, hard_problem)) == signature(first)
        assert entry.read_bytes() == whole


def test_a_store_off_or_unwritable_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blocksworld_domain: str, hard_problem: str
) -> None:
    monkeypatch.setenv(STORE_ENV, "off")
    parse_task.cache_clear()
    assert parse_task(blocksworld_domain, hard_problem).name
    assert load(blocksworld_domain, hard_problem) is None
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(STORE_ENV, str(blocker))  # a folder that cannot be made
    parse_task.cache_clear()
    assert parse_task(blocksworld_domain, hard_problem).name
    assert load(blocksworld_domain, hard_problem) is None
    parse_task.cache_clear()
