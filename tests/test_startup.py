"""Start-up (issue 29, item 1): listing configs imports no heavy module, and the commands
people wait on start within their CPU budget.

The goal is 0.5 CPU s of a command's own (bench/bench_cli.py prints it); the tests assert
1.0 CPU s, user + sys of the child, so a slow or loaded CI machine does not make them flaky.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.families.listing import IMPORTERS
from scorer.registry import configs, families, family_packages, listed_configs

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("datasets", "pandas", "scipy", "unified_planning")
BUDGET = 1.0  # CPU s; the goal printed by the bench is 0.5

LIST_CONFIGS = """
import json, sys
from scorer.registry import listed_configs
from data_build.catalog import catalog
from pathlib import Path
names = [entry.name for entry in catalog(Path(sys.argv[1]))]
assert names and len(names) == len(listed_configs()), names
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def _cpu_of(code: str, *args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=120
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done


def test_listing_configs_imports_no_heavy_module(tmp_path: Path) -> None:
    _, done = _cpu_of(LIST_CONFIGS.format(heavy=HEAVY), str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_eval_plays_episodes_without_importing_the_web_server() -> None:
    # planarium eval drives episodes through the service in its own process: Starlette and
    # uvicorn (0.15 CPU s) come only with the server itself.
    code = "import sys, scorer.rollout.service; print([m for m in ('starlette', 'uvicorn') if m in sys.modules])"
    _, done = _cpu_of(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    _, done = _cpu_of("from scorer.rollout import serve, RolloutServer; print(serve.__module__)")
    assert done.stdout.strip() == "scorer.rollout.server", done.stderr


def test_the_registry_imports_no_family() -> None:
    # the families' table (scorer.families.listing) is read by listing; no family package is
    loaded = "[m for m in sys.modules if m.startswith('scorer.families.') and m != 'scorer.families.listing']"
    code = f"import sys, scorer.registry, data_build.catalog; print({loaded})"
    _, done = _cpu_of(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_listing_is_what_the_families_declare() -> None:
    # configs() refuses a listing that differs; this names what to fix in one place
    specs = configs()
    assert [entry.name for entry in listed_configs()] == list(specs)
    owner = {spec.name: family.name for family in families().values() for spec in family.configs()}
    for entry in listed_configs():
        spec = specs[entry.name]
        assert (entry.family, entry.task, entry.papers, entry.importer) == (
            owner[spec.name],
            spec.task,
            spec.papers,
            spec.importer,
        )


def test_every_importer_is_listed_for_a_family_whose_configs_it_makes() -> None:
    parts = {(part.name, part.family) for part in IMPORTERS}
    made = {(entry.importer, entry.family) for entry in listed_configs() if entry.importer is not None}
    assert made == parts
    assert {part.family for part in IMPORTERS} <= set(family_packages())


@pytest.mark.parametrize(
    "code",
    [
        "import sys, scorer.cli; sys.argv = ['planarium', 'configs', '--data', sys.argv[1]]; scorer.cli.main()",
        "import sys, scorer.cli; sys.argv = ['score', '--help']; scorer.cli.score_main()",
        "import sys, scorer.cli; sys.argv = ['planarium', 'eval', '--help']; scorer.cli.main()",
        "import sys, scorer.cli; sys.argv = ['planarium', 'import', '--help']; scorer.cli.main()",
    ],
    ids=["configs", "score --help", "eval --help", "import --help"],
)
def test_command_starts_within_its_cpu_budget(code: str, tmp_path: Path) -> None:
    seconds, done = _cpu_of(code, str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert seconds < BUDGET, f"{seconds:.2f} CPU s (goal 0.5, asserted < {BUDGET})"


ONE_KIND = """
import json, sys
from scorer.registry import task_kind
kind = task_kind(sys.argv[1])
loaded = sorted(set(m.split('.')[2] for m in sys.modules if m.startswith('scorer.families.') and m.endswith('.family')))
print(json.dumps([kind.name, loaded, sorted(m for m in {heavy!r} if m in sys.modules)]))
"""


@pytest.mark.parametrize(("kind", "families_loaded"), [("ground", []), ("vsp", ["vsp"]), ("describe", ["slidegeom"])])
def test_one_task_kind_loads_only_what_defines_it(kind: str, families_loaded: list[str]) -> None:
    """eval's first request asks for its rows' kind: a ground question must not pay for the
    planners (the acp kind's) or for every family."""
    _, done = _cpu_of(ONE_KIND.format(heavy=HEAVY), kind)
    assert done.returncode == 0, done.stderr
    name, loaded, heavy = json.loads(done.stdout)
    assert (name, loaded) == (kind, families_loaded)
    assert "unified_planning" not in heavy


def test_every_configs_spec_loads_without_the_planners_engines() -> None:
    """Every command that lists the configs imports every family's importers: none may import
    unified-planning's engines (up_fast_downward: scipy.stats through ConfigSpace, 1 CPU s)."""
    code = "import sys, scorer.registry as r; r.configs(); print(sorted(m for m in {heavy!r} if m in sys.modules))"
    _, done = _cpu_of(code.format(heavy=("up_fast_downward", "unified_planning.engines", "ConfigSpace", "scipy")))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
