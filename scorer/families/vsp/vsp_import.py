"""``planarium import vsp DIR [--out parquet/] [--disputes FILE]``: VSP's own maze and
blocks questions as config ``vsp-original``.

DIR holds ``vsp-text.jsonl.gz`` (one JSON line per text file of VSP's repository,
``{path, text}``). Every maze question of VSP (``maze/<task>/maps/<level>/``: the main
task and T1-T4 at every level, 2,900 in all) becomes one test row made as a
``maze-vsp`` row (``make_row``), its image drawn by our pixel-art view from VSP's table
file, and ``meta.source`` the file it came from. Then every blocks question (1,700,
``vsp_import_blocks``), made as a ``blocks-vsp`` row, its pictures drawn by our blocks
view from VSP's text states; their ``difficulty`` is ``blocks-main``, ``blocks-T1`` ...
so the two scenarios' questions are scored apart. Maze keys:

- main: VSP stores no answer (its scorer simulates), so the key is our shortest plan;
  a map without a safe path would be a dispute (none is);
- T1, T4: VSP's ``answer`` file (Y/N);
- T2: VSP stores no answer (its scorer derives it from the positions), so ours;
- T3: VSP's ``answer`` file (the last line: the index of the right candidate); the image
  is that candidate's table.

Where our rules disagree with VSP's answer, or VSP's question is ambiguous under its own
rules, the row keeps VSP's answer as its key and is listed in the disputes file with
the reason, as for ACPBench Hard. ``fewshot`` holds VSP's own in-context examples
(``maze/<task>/example/<level>/``, their worked answers verbatim) of the same task and
level.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from data_build.importing import import_arguments, source_errors, write_imported_configs
from data_build.spec import ConfigSpec, Rows
from scorer.executors import DEFAULT_EXECUTOR, EXECUTOR_HELP, Executor, in_process, make_executor
from scorer.families.vsp import blocks_questions
from scorer.families.vsp.configs import blocks_vsp
from scorer.families.vsp.configs.maze_vsp import FEWSHOT_K, card_facts, make_row
from scorer.families.vsp.configs.maze_vsp import SPEC as MAZE_SPEC
from scorer.families.vsp.maze import MOVE_WORDS, Maze, play, relative_position, shortest_plan
from scorer.families.vsp.maze_questions import LETTERS, TASKS, Question, levels
from scorer.families.vsp.maze_text import parse_table, where
from scorer.families.vsp.shots import question_table
from scorer.families.vsp.vsp_import_blocks import ImportedBlocks, imported_blocks
from scorer.io import atomic
from scorer.registry.family import card_template

CONFIG = "vsp-original"
SPLIT = "test"
ARCHIVE = "vsp-text.jsonl.gz"
FOLDERS = {"main": "task-main", "T1": "task1", "T2": "task2", "T3": "task3", "T4": "task4"}
_CELL_QUESTION = re.compile(r"Is there a hole in row (\d+), column (\d+)\?")


@dataclass(frozen=True)
class Imported:
    question: Question
    source: str  # the folder and item, e.g. maze/task1/maps/level3/7
    dispute: str | None = None  # why our rules disagree with VSP's key


def read_archive(directory: Path) -> dict[str, str]:
    path = directory / ARCHIVE if directory.is_dir() else directory
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found; expected VSP's {ARCHIVE}")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return {entry["path"]: entry["text"] for entry in map(json.loads, lines)}


def vsp_level(level: str) -> str:
    """Our level name as VSP's folder: level3 stays, step3 is level_step3."""
    return f"level_{level}" if level.startswith("step") else level


def items(files: dict[str, str], folder: str) -> list[int]:
    """The item numbers under ``folder`` (any of its sub-folders), in number order."""
    numbers = (re.search(r"/(\d+)(\.txt)?$", path) for path in files if path.startswith(folder + "/"))
    return sorted({int(found[1]) for found in numbers if found})


def imported_questions(files: dict[str, str], part: str = "maps") -> Iterator[Imported]:
    """Every question of ``part`` (``maps``: the test questions, ``example``: the
    in-context examples), task by task and level by level."""
    for task in TASKS:
        for level in levels(task):
            folder = f"maze/{FOLDERS[task]}/{part}/{vsp_level(level)}"
            for item in items(files, folder):
                yield _import_one(task, level, _ItemFiles(files, folder, item), part == "example")


@dataclass(frozen=True)
class _ItemFiles:
    files: dict[str, str]
    folder: str
    item: int

    def text(self, kind: str) -> str:
        for name in (f"{self.folder}/{kind}/{self.item}.txt", f"{self.folder}/{kind}/{self.item}"):
            if name in self.files:
                return self.files[name]
        raise KeyError(f"{self.folder}: item {self.item} has no {kind} file")

    @property
    def source(self) -> str:
        return f"{self.folder}/{self.item}"


def _import_one(task: str, level: str, item: _ItemFiles, example: bool) -> Imported:
    solution = item.text("analysis" if task in ("T3", "T4") else "answer").strip() if example else ""
    if task == "T3":
        return _choice(level, item, solution)
    maze = parse_table(item.text("table"))
    if task == "main":
        plan = shortest_plan(maze)
        key = {
            "form": "plan",
            "maze": item.text("table").strip(),
            "optimal_plan": plan or "",
            "optimal_length": len(plan or ""),
        }
        dispute = None if plan is not None else "no safe path from the player to the goal"
        return Imported(
            Question(task, level, maze, key, solution, facts={"optimal_length": len(plan or "")}), item.source, dispute
        )
    if task == "T2":
        key = {"form": "relation", "answer": list(relative_position(maze))}
        return Imported(Question(task, level, maze, key, solution), item.source)
    if task == "T1":
        return _hole(level, maze, item, solution)
    return _safety(level, maze, item, solution)


def _yes(item: _ItemFiles) -> bool:
    answer = item.text("answer").strip()
    if answer.startswith("<Output>"):
        answer = answer[len("<Output>") :].strip()[:1]
    if answer[:1] not in ("Y", "N"):
        raise ValueError(f"{item.source}: answer {answer!r} is not Y or N")
    return answer[:1] == "Y"


def _word(yes: bool) -> str:
    return "Yes" if yes else "No"


def _hole(level: str, maze: Maze, item: _ItemFiles, solution: str) -> Imported:
    asked = item.text("question").strip()
    found = _CELL_QUESTION.fullmatch(asked)
    if found is None:
        raise ValueError(f"{item.source}: question {asked!r} is not 'Is there a hole in row r, column c?'")
    cell = (int(found[1]) - 1, int(found[2]) - 1)
    said = _yes(item)
    dispute = None
    if (cell in maze.holes) != said:
        shown = "a hole" if cell in maze.holes else "no hole"
        dispute = f"VSP's answer is {_word(said)}, but the table shows {shown} at {where(cell)}"
    key = {"form": "yes-no", "answer": said}
    return Imported(
        Question("T1", level, maze, key, solution, {"question": asked}, {"asked": [cell[0] + 1, cell[1] + 1]}),
        item.source,
        dispute,
    )


def _safety(level: str, maze: Maze, item: _ItemFiles, solution: str) -> Imported:
    moves = item.text("question").strip()
    said = _yes(item)
    walked, stopped = play(maze, moves, stop_at_goal=False), play(maze, moves)
    dispute = None
    if (walked.end != "hole") != said:
        walk = "enters a hole" if walked.end == "hole" else "never enters a hole"
        dispute = f"VSP's answer is {_word(said)}, but the sequence {walk}"
    elif (stopped.end != "hole") != said:
        dispute = (
            f'ambiguous: the sequence reaches the goal on move {stopped.steps} ("victory") and enters a hole '
            f"on move {walked.steps}; VSP's answer counts it unsafe"
        )
    key = {"form": "yes-no", "answer": said}
    sequence = ", ".join(MOVE_WORDS[m] for m in moves)
    return Imported(
        Question(
            "T4", level, maze, key, solution, {"sequence": sequence}, {"moves": moves, "sequence_length": len(moves)}
        ),
        item.source,
        dispute,
    )


def _choice(level: str, item: _ItemFiles, solution: str) -> Imported:
    text = item.text("question").strip()
    blocks = re.split(r"^\(([A-D])\)\s*$", text, flags=re.MULTILINE)[1:]
    candidates = [parse_table(table) for table in blocks[1::2]]
    if [letter for letter in blocks[0::2]] != list(LETTERS) or len(candidates) != 4:
        raise ValueError(f"{item.source}: the question does not hold candidates (A) to (D)")
    right = int(item.text("answer").strip().splitlines()[-1])
    maze = candidates[right]
    dispute = None
    same_size = [m for m in candidates if m.size == maze.size]
    if maze.size != int(level[5:]):
        dispute = f"the right candidate ({LETTERS[right]}) is {maze.size}x{maze.size}, not the level's size"
    elif same_size.count(maze) > 1:
        dispute = f"candidate {LETTERS[right]} appears twice among the candidates"
    key = {"form": "choice", "answer": LETTERS[right]}
    candidates_text = "\n\n".join(f"({LETTERS[k]})\n{block.strip()}" for k, block in enumerate(blocks[1::2]))
    return Imported(
        Question(
            "T3",
            level,
            maze,
            key,
            solution,
            {"candidates": candidates_text},
            {"candidate_sizes": [m.size for m in candidates]},
        ),
        item.source,
        dispute,
    )


def import_rows(
    files: dict[str, str], executor: Executor | None = None, progress: bool = False
) -> tuple[Rows, list[Imported | ImportedBlocks]]:
    """The test rows and the imported questions in row order (disputes among them):
    the maze questions, then the blocks questions. Drawing the rows' pictures is the work
    ``executor`` spreads; the rows are the same on every executor."""
    imported: list[Imported | ImportedBlocks] = [*imported_questions(files, "maps"), *imported_blocks(files)]
    shots = _shots(files)
    jobs = [(entry, shots.get(_shot_key(entry), [])[:FEWSHOT_K], index) for index, entry in enumerate(imported)]
    rows = (executor or in_process()).map(_row, jobs, f"{CONFIG} rows", progress)
    return {SPLIT: rows}, imported


BLOCKS = "blocks-"  # the prefix of the blocks questions' difficulty
Shot = Question | blocks_questions.BlocksQuestion


def _shots(files: dict[str, str]) -> dict[tuple[str, str, str], list[Shot]]:
    """The few-shot examples of each (kind, task, level), in file order."""
    shots: dict[tuple[str, str, str], list[Shot]] = {}
    examples: list[Imported | ImportedBlocks] = [
        *imported_questions(files, "example"),
        *imported_blocks(files, "example"),
    ]
    for shot in examples:
        shots.setdefault(_shot_key(shot), []).append(shot.question)
    return shots


def _shot_key(entry: Imported | ImportedBlocks) -> tuple[str, str, str]:
    return (type(entry).__name__, entry.question.task, entry.question.level)


def _row(job: tuple[Imported | ImportedBlocks, list[Shot], int]) -> dict[str, Any]:
    entry, shots, index = job
    if isinstance(entry, ImportedBlocks):
        blocks_shots = [s for s in shots if isinstance(s, blocks_questions.BlocksQuestion)]
        difficulty = BLOCKS + entry.question.task
        return blocks_vsp.make_row(entry.question, blocks_shots, SPLIT, index, CONFIG, _meta(entry), difficulty)
    maze_shots = [s for s in shots if isinstance(s, Question)]
    return make_row(entry.question, maze_shots, SPLIT, index, CONFIG, _meta(entry))


def _meta(entry: Imported | ImportedBlocks) -> dict[str, Any]:
    return {"source": entry.source} | ({"dispute": entry.dispute} if entry.dispute else {})


def disputes_text(imported: list[Imported | ImportedBlocks]) -> str:
    disputed = [(index, entry) for index, entry in enumerate(imported) if entry.dispute]
    lines = [
        "# vsp-original: rows where our rules disagree with VSP's key",
        "",
        "Written by `planarium import vsp DIR --disputes FILE`. Each row keeps VSP's answer as its key;",
        "the reason says what our simulation or reading of the maze or the blocks finds instead.",
        "",
        f"{len(disputed)} of {len(imported)} rows.",
        "",
        "| row | source | reason |",
        "|---|---|---|",
    ]
    lines += [f"| `{CONFIG}/{SPLIT}/{index:04d}` | `{entry.source}` | {entry.dispute} |" for index, entry in disputed]
    return "\n".join(lines) + "\n"


def original_card_facts(rows: Rows) -> dict[str, str]:
    """The maze facts (``maze-vsp``'s) and the blocks questions' table."""
    metas = [json.loads(row["meta"]) for row in rows.get(SPLIT, [])]
    blocks = [m for m in metas if m["question"].startswith(BLOCKS)]
    tasks = [BLOCKS + task for task in blocks_questions.TASKS]
    return card_facts(rows) | {
        "blocks_question_table": question_table(blocks, tasks, lambda t: blocks_questions.levels(t[len(BLOCKS) :])),
    }


SPEC = ConfigSpec(
    name=CONFIG,
    card=card_template(__file__, CONFIG),
    domain="maze, blocks-table",
    task=MAZE_SPEC.task,
    summary="VSP's own maze and blocks questions (main and T1-T4, imported), drawn by our views, VSP's keys.",
    features_of=MAZE_SPEC.features_of,
    build=lambda settings: {},
    importer="vsp",  # never built
    papers=("VSP",),
    license="mit",  # VSP's repository (UCSB-NLP-Chang/Visual-Spatial-Planning) is MIT-licensed
    card_facts=original_card_facts,
)


@click.command(name="vsp")
@import_arguments(f"config {CONFIG}", progress=True)
@click.option(
    "--disputes",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the rows where our rules disagree with VSP's answers to this markdown file.",
)
@click.option("--executor", "executor_spec", default=DEFAULT_EXECUTOR, show_default=True, help=EXECUTOR_HELP)
def vsp_import(directory: Path, out: Path, disputes: Path | None, executor_spec: str, quiet: bool) -> None:
    """Import VSP's maze and blocks questions from DIRECTORY/vsp-text.jsonl.gz as config vsp-original."""
    executor = make_executor(executor_spec)
    try:
        with source_errors((FileNotFoundError, KeyError, ValueError)):
            rows, imported = import_rows(read_archive(directory), executor, progress=not quiet)
    finally:
        executor.close()
    n_disputed = sum(1 for entry in imported if entry.dispute)
    write_imported_configs(out, {CONFIG: (SPEC, rows)}, directory, "question", note=f"{n_disputed} disputed")
    if disputes is not None:
        atomic.write_text(disputes, disputes_text(imported))
