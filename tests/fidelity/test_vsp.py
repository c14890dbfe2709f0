"""VSP's released scorers beside our ``paper`` reading, reply by reply.

Every ``VSP-main/<scenario>/<task>/eval.py`` is a script: it reads its answer files and the
model's output files in a loop and prints counts. Each one runs here unchanged, with only
its I/O replaced: ``open`` serves the one item under test (the answer files written from
our row's key in the script's own format, and the reply as the output file), every other
file is missing (the script counts it invalid), ``print`` is silent and the counter of right
answers is read from the script's variables. The maze plan scorer steps gym's FrozenLake:
when ``gym`` is not installed (it is not one of our dependencies) a stand-in with
FrozenLake-v1's rules (no slipping, off the edge: no move, the episode ends in a hole or at
the goal, 100 steps at most) takes its place, and says so in the test's id.

On at least 300 replies per task (well-formed, prose around, case, Markdown, code fences,
several answers, malformed), our ``paper`` reading (``scorer/families/vsp/paper_readings.py``,
dispatched from the row as ``score`` dispatches it) gives the same score as VSP's script.
"""

from __future__ import annotations

import builtins
import io
import pickle
import random
import sys
import types
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from data_build.spec import BuildSettings
from scorer.families.vsp.maze_text import parse_table
from scorer.families.vsp.route_answer import street_map
from scorer.io.dataset import KeyRow
from scorer.io.predictions import Prediction
from scorer.registry import task_kinds
from scorer.scoring.harness import key_row
from tests.fidelity.reference import reference_path

VSP = "vsp/VSP-main"


# -- running a script with its I/O replaced -------------------------------------------------------


class FrozenLakeStandIn:
    """gym's FrozenLake-v1 as ``gym.make('FrozenLake-v1', desc=rows, is_slippery=False)`` makes
    it (with its registered 100-step limit), for when gym is not installed."""

    MOVES = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}  # left, down, right, up

    def __init__(self, desc: list[str]) -> None:
        self.desc, self.size = desc, len(desc)
        self.start = next((r, c) for r, row in enumerate(desc) for c, ch in enumerate(row) if ch == "S")
        self.cell, self.steps = self.start, 0

    def reset(self, seed: int | None = None) -> tuple[int, dict[str, Any]]:
        self.cell, self.steps = self.start, 0
        return 0, {}

    def step(self, action: int) -> tuple[int, float, bool, bool, dict[str, Any]]:
        dr, dc = self.MOVES[action]
        r, c = self.cell
        self.cell = (min(max(r + dr, 0), self.size - 1), min(max(c + dc, 0), self.size - 1))
        self.steps += 1
        letter = self.desc[self.cell[0]][self.cell[1]]
        return 0, float(letter == "G"), letter in "GH", self.steps >= 100, {}

    def close(self) -> None:
        pass


def _gym() -> tuple[types.ModuleType, str]:
    try:
        import gym  # type: ignore[import-not-found]

        return gym, "gym"
    except ImportError:
        stub = types.ModuleType("gym")
        stub.make = lambda name, desc, map_name=None, is_slippery=True: FrozenLakeStandIn(desc)  # type: ignore[attr-defined]
        return stub, "frozenlake-stand-in"


@pytest.fixture(autouse=True)
def _modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The modules the scripts import that are not installed here: gym (above) and ipdb."""
    monkeypatch.setitem(sys.modules, "ipdb", types.SimpleNamespace(set_trace=lambda: None))
    gym, source = _gym()
    if source == "gym":
        return
    frozen_lake = types.ModuleType("gym.envs.toy_text.frozen_lake")
    frozen_lake.generate_random_map = None  # type: ignore[attr-defined]
    for name, module in {
        "gym": gym,
        "gym.envs": types.ModuleType("gym.envs"),
        "gym.envs.toy_text": types.ModuleType("gym.envs.toy_text"),
        "gym.envs.toy_text.frozen_lake": frozen_lake,
    }.items():
        monkeypatch.setitem(sys.modules, name, module)


@cache
def _compiled(task: str) -> Any:
    path = reference_path(f"{VSP}/{task}/eval.py")
    return compile(path.read_text(encoding="utf-8"), str(path), "exec")


def run_script(task: str, files: dict[str, str | bytes]) -> dict[str, Any]:
    """Runs ``<task>/eval.py`` with ``files`` as the only files there are; its variables after."""

    def fake_open(path: str, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if path not in files:
            raise FileNotFoundError(path)
        content = files[path]
        return io.BytesIO(content) if isinstance(content, bytes) else io.StringIO(content)

    scope: dict[str, Any] = {"__name__": "vsp_eval", "__builtins__": builtins, "open": fake_open}
    scope["print"] = lambda *args, **kwargs: None
    exec(_compiled(task), scope)  # noqa: S102 - VSP's released scorer, unchanged
    return scope


# -- each task: its files from our key, and its count of right answers ------------------------------


def _maze_rows(table: str) -> str:
    maze = parse_table(table)
    letters = {maze.player: "S", maze.goal: "G"} | {hole: "H" for hole in maze.holes}
    return "\n".join("".join(letters.get((r, c), "F") for c in range(maze.size)) for r in range(maze.size))


def _relation_map(answer: list[str]) -> str:
    """A map whose player stands to the goal as ``answer`` says (VSP's task 2 recomputes it)."""
    row = {"Above": 0, "Below": 2}.get(next((a for a in answer if a in ("Above", "Below")), ""), 1)
    col = {"Left": 0, "Right": 2}.get(next((a for a in answer if a in ("Left", "Right")), ""), 1)
    grid = [["F"] * 3 for _ in range(3)]
    grid[1][1], grid[row][col] = "G", "S"
    return "\n".join("".join(line) for line in grid)


def _stacks(stacks: list[list[str]]) -> str:
    letters = ["".join(colour[0].upper() for colour in stack) or "0" for stack in stacks if stack]
    return "-".join(letters + ["0"] * (7 - len(letters)))


Score = Callable[[dict[str, Any], str], float]  # (key, reply) -> VSP's score for the item


def maze_main(key: dict[str, Any], reply: str) -> float:
    files = {"../maps/level5_text/0.txt": _maze_rows(key["maze"]), "output/output_img_8/level5/0.txt": reply}
    return run_script("maze/task-main", files)["correct"]


def maze_t1(key: dict[str, Any], reply: str) -> float:
    files = {"maps/level8/answer/0.txt": "Y" if key["answer"] else "N", "output/output_pure_text/level8/0.txt": reply}
    return run_script("maze/task1", files)["correct"]


def maze_t2(key: dict[str, Any], reply: str) -> float:
    files = {f"../../maps/level8_text/{i}.txt": _relation_map(key["answer"]) for i in range(100)}
    files["output/output_img/level8/0.txt"] = reply
    return run_script("maze/task2", files)["full_correct"]


def maze_t3(key: dict[str, Any], reply: str) -> float:
    gt = "\n".join(["q", "a", "b", "c", str("ABCD".index(key["answer"]))])
    files = {"../maps/level8/answer/0.txt": gt, "output/output_img/level8/0.txt": reply}
    return run_script("maze/task3", files)["correct"]


def maze_t4(key: dict[str, Any], reply: str) -> float:
    files = {f"../maps/level_step{level}/answer/{i}.txt": "Y" if key["answer"] else "N" for level in (1, 3, 5, 7, 9)
             for i in range(100)}  # fmt: skip
    files["output/output_img/level1/0.txt"] = reply
    return run_script("maze/task4", files)["count_corr"][0]


def blocks_main(key: dict[str, Any], reply: str) -> float:
    info = f"{_stacks(key['start'])}\t-\t{_stacks(key['goal'])}\n"
    files = {f"../level{level}/info.txt": info for level in (1, 3, 5, 7)}  # each level's file is opened
    files["output-old/output_img/level1/0.txt"] = reply
    return run_script("blocks/task-main", files)["count_corr"][0]


def blocks_t1(key: dict[str, Any], reply: str) -> float:
    files = {f"../level{level}/annotation.txt": f"{key['answer']}\n" for level in (3, 4, 5)}
    files["output/output_img/level3/0.txt"] = reply
    return run_script("blocks/task1", files)["count_corr"][0]


def _blocks_choice(task: str) -> Score:
    def score(key: dict[str, Any], reply: str) -> float:
        files = {f"../level{level}/annotation.txt": f"{'ABCD'.index(key['answer'])}\n" for level in (3, 4, 5)}
        files["output/output_img/level3/0.txt"] = reply
        return run_script(task, files)["count_corr"][0]

    return score


def blocks_t4(key: dict[str, Any], reply: str) -> float:
    files = {f"../level{level}/annotation.txt": "0\n" if key["answer"] else "7\n" for level in (1, 3, 5, 7)}
    files["output/output_img/level1/0.txt"] = reply
    return run_script("blocks/task4", files)["count_corr"][0]


def collision(key: dict[str, Any], reply: str) -> float:
    car, person = (str(float(Fraction(key[name]))) for name in ("car_time", "person_time"))
    files = {"your_output_dir/0.txt": reply, "s2/car-answer.txt": car, "s2/person-answer.txt": person}
    return run_script("collision/task-main", files)["corr"] / 2  # two answers per item


def route(key: dict[str, Any], reply: str) -> float:
    north, east = street_map(key).displacement()
    files: dict[str, str | bytes] = {"your_output_dir0.txt": reply}
    files["maps/level1/answer-1.pkl"] = pickle.dumps([(north, -east)])
    return run_script("google_map/task-main", files)["corr"]


# -- rows and replies -----------------------------------------------------------------------------------


@cache
def built_rows() -> dict[tuple[str, str], list[KeyRow]]:
    from scorer.families.vsp.configs import blocks_vsp, collision, maze_vsp, streetmap_route

    settings = BuildSettings(size="mini", show_progress=False)
    rows: dict[tuple[str, str], list[KeyRow]] = {}
    for config in (maze_vsp, blocks_vsp, collision, streetmap_route):
        for split in ("test", "dev"):
            for row in config.build(settings)[split]:
                task = "route" if row["domain"] == "streetmap" else row["difficulty"]
                rows.setdefault((row["domain"], task), []).append(key_row(row))
    return rows


TASKS: dict[tuple[str, str], Score] = {
    ("maze", "main"): maze_main,
    ("maze", "T1"): maze_t1,
    ("maze", "T2"): maze_t2,
    ("maze", "T3"): maze_t3,
    ("maze", "T4"): maze_t4,
    ("blocks-table", "main"): blocks_main,
    ("blocks-table", "T1"): blocks_t1,
    ("blocks-table", "T2"): _blocks_choice("blocks/task2"),
    ("blocks-table", "T3"): _blocks_choice("blocks/task3"),
    ("blocks-table", "T4"): blocks_t4,
    ("collision", "main"): collision,
    ("streetmap", "route"): route,
}

PROSE = ["", "Let me think step by step.\n", "I look at the image carefully. ", "**Reasoning**: done.\n\n"]
AFTER = ["", "\n", ".", "\nThis is my final answer.", " ", "\n\n<Output> nothing"]


def _answers(key: dict[str, Any], rng: random.Random) -> list[str]:
    """Ways of writing a right and a wrong answer for the key's form."""
    form = key.get("form")
    if form == "plan":
        gold = list(key["optimal_plan"])
        wrong = [rng.choice("LRUD") for _ in gold]
        words = {"L": "Left", "R": "Right", "U": "Up", "D": "Down"}
        return [
            "Action plan: " + ",".join(gold),
            "Action Plan: " + ", ".join(gold) + ".",
            "action plan: " + ",".join(gold),
            "**Action plan:** " + ",".join(gold),
            "Action plan: " + "".join(gold),
            "Action plan: " + ",".join(words[m] for m in gold),
            "Action plan: " + ",\n".join(gold),
            "Action plan: " + ",".join(gold + ["R", "R"]),
            "Action plan: " + ",".join(wrong),
            "Action plan: '" + "','".join(gold) + "'",
            "Action plan: " + ",".join(wrong) + "\nAction plan: " + ",".join(gold),
            "```\nAction plan: " + ",".join(gold) + "\n```",
        ]
    if form == "yes-no":
        right, wrong = ("Yes", "No") if key["answer"] else ("No", "Yes")
        return [
            f"<Output> {right}",
            f"<Output> {wrong}",
            f"<Output> ({right.lower()}).",
            f"<Output> {right}, I am sure",
            f"**Output**: {right}",
            f"Output: {right.upper()}",
            f"<Output>\n\n\n\n\n\n\n\n\n\n{right}",
            f"{right}",
            f"<Output> Not {wrong}",
            f"<Output> '{right}'",
            f"<Output> {right}\n<Output> {wrong}",
            f"<Output> - {right} -",
        ]
    if form == "relation":
        gold = key["answer"]
        return [
            "<Output> " + ",".join(gold),
            "<Output> " + ", ".join(g.lower() for g in gold),
            "<Output>\n" + ", ".join(f"**{g}**" for g in gold),
            "<Output>" + ",".join(gold),
            "<Output> " + ",".join([*gold, "Right"]),
            "<Output> Below",
            "<Output> " + " and ".join(gold),
            "<Output> '" + "','".join(gold) + "'.",
            "Output: " + ",".join(gold),
            "<Output> " + ",".join(reversed(gold)),
        ]
    if form == "choice":
        gold, other = key["answer"], "ABCD"[("ABCD".index(key["answer"]) + 1) % 4]
        marker = "<Output>" if key.get("marker") == "output" else "<Answer>"
        return [
            f"{marker} {gold}",
            f"{marker} {other}",
            f"{marker} ({gold}).",
            f"{marker} {gold.lower()}",
            f"{marker} <{gold}>",
            f"{marker}: {gold}",
            f"**Answer**: {gold}",
            f"Answer: {gold}",
            f"{marker} Candidate {gold}",
            f"Output {gold}",
            f"{marker} `{gold}`\nbecause",
            f"{marker} *{gold}*",
        ]
    if form == "colour":
        gold = key["answer"]
        return [
            f"<Output> {gold}",
            f"<Output> {gold.capitalize()}.",
            f"<Output> **{gold.upper()}**\nIt is {gold}.",
            f"<Output> The block is {gold}",
            f"Output: {gold}",
            "<Output> red",
            f"<Output>\n{gold}",
            f"<Output> '{gold}'",
        ]
    if form == "blocks-plan":
        plan = key["optimal_plan"]
        short = [m.replace("move(", "").rstrip(")").split(",") for m in plan]
        letters = [f"move({a[0].upper()},{b if b == 'table' else b[0].upper()})" for a, b in short]
        return [
            "<Output>\n" + "\n".join(f"{i}. {m}" for i, m in enumerate(plan, 1)),
            "<Output>\n" + "\n".join(f"{i}. {m}" for i, m in enumerate(letters, 1)),
            "<Output>\n" + "\n".join(f"{i}. {m.replace(',', ', ')}" for i, m in enumerate(letters, 1)),
            "<Output> " + "\n".join(f"{i}. {m}" for i, m in enumerate(plan, 1)),
            "<Output>\n" + "\n".join(plan),
            "<Output>\n1. move(table,red)",
            "<Output>\n" + "\n".join(f"{i}. {m}" for i, m in enumerate([*plan, "move(zz,table)"], 1)),
            "<Output>\n" + "\n".join(f"{i}. {m}." for i, m in enumerate(plan, 1)),
            "<Output>\n1. move(x)",
            "No output here.",
        ]
    if "car_time" in key:
        car, person = float(Fraction(key["car_time"])), float(Fraction(key["person_time"]))
        return [
            f"Car: {car}\nPerson: {person}\nNo",
            f"Car: {car + 0.9}\nPerson: {person}",
            f"Car: {car + 1.5}\nPerson: {person}",
            f"car: {car}\nperson: {person}",
            f"Car:{int(car)}",
            f"Car: 100\nCar: {car}",
            f"The car arrives at Car: {car:.2f} seconds.",
            f"Person: {person}",
            "Car: .5",
            f"**Car**: {car}",
        ]
    north, east = street_map(key).displacement()
    ns = f"North: {north}" if north >= 0 else f"South: {-north}"
    ew = f"East: {east}" if east >= 0 else f"West: {-east}"
    return [
        f"Output:\n{ns}\n{ew}",
        f"Output: {ns}\n{ew}",
        f"Path:\n{ns}\n{ew}",
        f"Output:\n{ns.lower()}\n{ew.lower()}",
        f"Output:\n{ns} blocks\n{ew} blocks",
        f"Output:\n{ew}\n{ns}",
        "Output:\nNorth: 1\nNorth: 1\nEast: 0",
        f"Output:\n- {ns}\n- {ew}",
        f"Output\n{ns}\n{ew}.",
        "I am lost.",
    ]


def replies(rows: list[KeyRow], count: int = 300) -> Iterator[tuple[KeyRow, str]]:
    rng = random.Random(26)
    made = 0
    while made < count:
        for row in rows:
            for answer in _answers(row.answer_key, rng):
                yield row, rng.choice(PROSE) + answer + rng.choice(AFTER)
                made += 1


@pytest.mark.parametrize("task", sorted(TASKS), ids=lambda task: f"{task[0]}-{task[1]}-{_gym()[1]}")
def test_our_paper_reading_agrees_with_vsps_eval_script(task: tuple[str, str]) -> None:
    rows = built_rows()[task]
    corpus = list(replies(rows))
    assert len(corpus) >= 300
    theirs = [float(TASKS[task](row.answer_key, reply)) for row, reply in corpus]
    paper = task_kinds()[rows[0].task].paper  # the reading ``score`` reports as the paper's
    assert paper is not None
    ours = [paper.judge(row, Prediction(row.id, 1, reply, None, None)).score for row, reply in corpus]  # type: ignore[union-attr]
    differ = [(reply, t, o) for (_, reply), t, o in zip(corpus, theirs, ours, strict=True) if t != o]
    assert not differ, f"{len(differ)} of {len(corpus)} differ, e.g. {differ[:3]}"
    assert 0 < sum(theirs) < len(corpus)  # the corpus holds right and wrong answers
