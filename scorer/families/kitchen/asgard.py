"""Reading AsgardBench's published tasks: ``magt_benchmark.jsonl.gz`` (its 108 plans, one
JSON object per line: ``folder``, ``path``, ``plan``) and ``item_cache.json.gz`` (the
object names of every AI2-THOR scene).

A plan becomes a ``KitchenTask``: its type and variation from its name (AsgardBench
encodes them there: ``cook__Egg_Pan(d)_FloorPlan10_V1``), its instruction, scene, goals
(without the generation-time ``outcome`` fields), setup actions (on object types: the
instance names are AI2-THOR's), the types its target setup places in view, and its
expert step count. A line that does not fit raises ``AsgardTaskError`` naming the line
and the field.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.families.kitchen import catalog
from scorer.families.kitchen.goals import clean_goals
from scorer.families.kitchen.tasks import KitchenTask

TASKS_FILE = "magt_benchmark.jsonl.gz"
SCENES_FILE = "item_cache.json.gz"
# Name prefix -> task type, longest first (cook__PotatoSliced before cook__Potato).
PREFIXES = (
    ("cook__PotatoSliced", "cook_potato_slice"),
    ("cook__Potato", "cook_potato"),
    ("cook__Bread", "cook_bread"),
    ("cook__Egg", "cook_egg"),
    ("putaway__Dishes", "putaway_dishes"),
    ("putaway__Food", "putaway_food"),
    ("putaway__Silverware", "putaway_silverware"),
    ("clean_mirror", "clean_mirror"),
    ("turn_on_tv", "turn_on_tv"),
    ("distribute", "distribute"),
    ("settable", "settable"),
    ("coffee", "coffee"),
)


class AsgardTaskError(ValueError):
    def __init__(self, where: str, field: str, expected: str) -> None:
        super().__init__(f"{where}: field {field!r}: expected {expected}")


@dataclass(frozen=True)
class AsgardTask:
    task: KitchenTask
    folder: str  # e.g. "coffee__Mug(d)_FloorPlan12_V1 [38]"
    seed: int  # AsgardBench's randomization seed (its spawn seed; ours seeds the layout)


def read_scenes(folder: Path) -> dict[str, Counter[str]]:
    """Scene -> object type -> count, from AsgardBench's item cache."""
    path = folder / SCENES_FILE
    try:
        names = json.loads(gzip.decompress(path.read_bytes()))["names"]
    except FileNotFoundError:
        raise FileNotFoundError(f"{path} not found (AsgardBench's item cache)") from None
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path}: not AsgardBench's item cache ({error})") from None
    return {scene: Counter(name.rsplit("_", 1)[0] for name in listed) for scene, listed in names.items()}


def read_tasks(folder: Path) -> Iterator[AsgardTask | AsgardTaskError]:
    """Every line of the task file, as a task or as the error that stops it."""
    path = folder / TASKS_FILE
    if not path.exists():
        raise FileNotFoundError(f"{path} not found (AsgardBench's benchmark tasks)")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            where = f"{path.name} line {number}"
            try:
                yield _task(json.loads(line), where)
            except AsgardTaskError as error:
                yield error
            except json.JSONDecodeError:
                yield AsgardTaskError(where, "(line)", "one JSON object")


def _get(data: Any, key: str, where: str, kind: type) -> Any:
    value = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, kind):
        raise AsgardTaskError(where, key, f"a {kind.__name__}")
    return value


def task_type_of(name: str, where: str) -> str:
    for prefix, task_type in PREFIXES:
        if name.startswith(prefix):
            return task_type
    raise AsgardTaskError(where, "name", "a name starting with one of " + ", ".join(p for p, _ in PREFIXES))


def _task(line: dict[str, Any], where: str) -> AsgardTask:
    plan = _get(line, "plan", where, dict)
    name = _get(plan, "name", where, str)
    task_type = task_type_of(name, where)
    scene = _get(plan, "scene", where, str)
    goals = clean_goals(_get(plan, "goal", where, dict))
    setup = tuple(_setup(a, where) for a in _get(plan, "setup_actions", where, list))
    target = _get(_get(plan, "object_setup", where, dict), "target_setup", where, dict)
    specifier = _get(target, "object_specifier", where, dict)
    targets = tuple(specifier.get("types") or ()) + _class_types(specifier.get("classes") or ())
    serve_in: tuple[str, ...] = ()
    if task_type == "distribute":
        pieces = [g["object_type"] for g in goals["location_goals"]]
        whole = catalog.SLICED_TO_WHOLE.get(pieces[0]) if pieces else None
        if whole is None:
            raise AsgardTaskError(where, "goal.location_goals", "sliced food going into containers")
        serve_in = (whole, *(g["destination_type"] for g in goals["location_goals"]))
    variation = name[len(next(p for p, t in PREFIXES if t == task_type)) :].split("_FloorPlan")[0].strip("_")
    task = KitchenTask(
        task_type=task_type,
        variation=variation,
        description=_get(plan, "task_description", where, str),
        scene=scene,
        goals=goals,
        setup=setup,
        targets=tuple(dict.fromkeys(targets + serve_in)),
        serve_in=serve_in,
        step_count=_get(plan, "step_count", where, int),
        source=name,
        name=name,
    )
    seed = _get(_get(plan, "randomization", where, dict), "seed", where, int)
    return AsgardTask(task, str(line.get("folder", name)), seed)


def _setup(action: Any, where: str) -> tuple[str, str, str | None]:
    kind = _get(action, "action", where, str)
    if kind not in ("dirty", "fill", "empty"):
        raise AsgardTaskError(where, "setup_actions.action", "dirty, fill or empty")
    object_type = _get(action, "object_name", where, str).rsplit("_", 1)[0]
    argument = action.get("argument")
    return kind, object_type, argument if isinstance(argument, str) else None


def _class_types(classes: Any) -> tuple[str, ...]:
    return tuple(t for c in classes if isinstance(c, str) for t in catalog.CLASS_TO_TYPES.get(c, ()))
