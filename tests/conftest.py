"""Shared fixtures: one mini dataset built once per test run into a temp folder (one for all
pytest-xdist workers: see ``shared_folder``)."""

from __future__ import annotations

import fcntl
import gc
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from data_build.build import build
from data_build.spec import BuildSettings
from scorer.cli.gc_tuning import tune_collector
from scorer.executors.local import LocalExecutor

MINI = BuildSettings(size="mini", seed=0, show_progress=False)

# Property tests without their own max_examples run hypothesis's default number of examples in
# `make test`; `make fuzz` (HYPOTHESIS_PROFILE=fuzz) runs them fifty times longer.
settings.register_profile("ci", deadline=None)
settings.register_profile("fuzz", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    tune_collector()  # the commands' thresholds: at Python's defaults a worker spent 7% of its CPU collecting


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.freeze()  # the modules collected so far are never garbage: no full collection walks them again


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config.stash[_EXIT_STATUS] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """An xdist worker leaves as soon as its session is over. xdist sent its results at the end of
    the session, and the controller waits for every worker to exit before it reports: that was
    Python's teardown of a worker's heap (2 GB by the end of `make test`) and its wait for the
    threads and children tests left, 2.5-6.6 s of every run's end (the ``os._exit`` skips both)."""
    if hasattr(config, "workerinput"):  # xdist's mark of a worker (its children inherit its environment)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(config.stash.get(_EXIT_STATUS, 0))


_EXIT_STATUS = pytest.StashKey[int]()


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder ``make`` fills once per test run. Under pytest-xdist (`make test` runs
    ``-n``) the first worker that asks makes it in the run's own temp folder, the parent of
    every worker's, while the others wait on a lock (xdist's documented pattern); later
    asks, from any worker, get the same folder. Its users only read it (as they do a
    session fixture's in one process)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        folder = tmp_path_factory.mktemp(name)
        make(folder)
        return folder
    root = tmp_path_factory.getbasetemp().parent
    folder, done = root / name, root / f"{name}.done"
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # left by a worker that failed
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks (`--dist loadgroup`)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep on one xdist worker the tests that share what one process makes once: a test
    module's module-scoped fixtures, and the conformance suite's plays of one episode mode
    (``plays`` plays each mode once per process). Every other test goes wherever a worker is free;
    the tests marked ``long`` go first."""
    for item in items:
        group = _xdist_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        _name_group(item)
    # The tests of minutes first: started last, one would keep a worker busy alone at the end.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def _xdist_group(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    fixturenames = getattr(item, "fixturenames", ())
    if RAY in fixturenames:
        return RAY
    if callspec is not None and "plays" in fixturenames and "episode_mode" in callspec.params:
        return f"plays-{callspec.params['episode_mode']}"
    info = getattr(item, "_fixtureinfo", None)
    defined = [d for defs in info.name2fixturedefs.values() for d in defs] if info is not None else []
    if any(d.scope in ("module", "class") for d in defined):
        return item.nodeid.split("::")[0]
    return None


RAY = "ray_started"


@pytest.fixture
def ray_started() -> bool:
    """Ray running in this process (False where it is not installed): started by the first test
    that asks and shared by the next ones, which run one after another on one xdist worker
    (``_xdist_group``); shut down after the last of them (``pytest_runtest_teardown``), since
    an idle Ray instance costs 0.07 CPU s per second. Each start is 10-15 s of CPU."""
    try:
        import ray
    except ImportError:
        return False
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    return True


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    if RAY in getattr(item, "fixturenames", ()) and RAY not in getattr(nextitem, "fixturenames", ()):
        ray = sys.modules.get("ray")
        if ray is not None and ray.is_initialized():
            ray.shutdown()


def _build_mini(out: Path) -> None:
    # A pool of up to 4 processes (the same bytes as one process: tests/data_build/test_build.py,
    # and as two workers and Ray: tests/executors): the other xdist workers that need the build
    # wait for it meanwhile.
    executor = LocalExecutor(min(os.cpu_count() or 1, 4))
    try:
        build(out, None, BuildSettings(size=MINI.size, seed=MINI.seed, show_progress=False, executor=executor))
    finally:
        executor.close()


@pytest.fixture(scope="session")
def mini_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_folder(tmp_path_factory, "parquet", _build_mini)


EXTERNAL = Path(__file__).resolve().parents[2] / "shared" / "external"  # the papers' published data
VIPLAN = EXTERNAL / "viplan"


def _import(importer: str, source: Path, out: Path) -> None:
    from click.testing import CliRunner

    from scorer.cli import main

    result = CliRunner().invoke(main, ["import", importer, str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="session")
def episode_data(mini_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini build, plus the imported episode configs (``ConfigSpec.external``) whose
    papers' files ../shared/external holds: imported once per run (ViPlan's take minutes)."""
    from scorer.registry import configs

    imports = {
        str(spec.importer): EXTERNAL / spec.external
        for spec in configs().values()
        if spec.imported and spec.task == "episode" and spec.external is not None
    }

    def make(folder: Path) -> None:
        out = folder / "parquet"
        shutil.copytree(mini_data, out)
        for importer, source in imports.items():
            if source.is_dir():
                _import(importer, source, out)

    return shared_folder(tmp_path_factory, "episode-data", make) / "parquet"


@pytest.fixture(scope="session")
def viplan_import(request: pytest.FixtureRequest) -> Path:
    """A folder that holds `planarium import viplan`'s two configs, for every test that reads
    them (tests/released and the two families' import tests; each reads its config alone):
    the episode data, where they were imported once for the run (a second import of ViPlan's
    problems into a folder of their own was 17 CPU s)."""
    if not VIPLAN.is_dir():
        pytest.skip(f"ViPlan's repository files are not in {VIPLAN}")
    folder: Path = request.getfixturevalue("episode_data")  # asked after the check: it builds the mini set
    return folder


def _name_group(item: pytest.Item) -> None:
    """Put the test's groups in its id, where `--dist loadgroup` reads them: pytest-xdist 3.8
    sets ``item._nodeid`` from the marks (its ``remote.py``), which pytest 9 no longer reads
    (it keeps the id in ``_id``), so every group was spread over the workers and each worker
    made its module fixtures again. The name is xdist's: every group mark's, sorted, joined.
    Only in a loadgroup worker (``option.loadgroup``): a run without xdist keeps plain ids."""
    from _pytest.nodeid import NodeId

    if not getattr(item.config.option, "loadgroup", False) or hasattr(item, "_nodeid"):
        return
    names = {
        str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
        for mark in item.iter_markers("xdist_group")
    }
    if names:
        item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(names))}")  # type: ignore[attr-defined]
