# Everything runs inside .venv, created on first use: a fresh machine needs only Python >= 3.11 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO := demo-out
# Python writes its bytecode caches: with PYTHONDONTWRITEBYTECODE set (some containers set it), every
# process of the demo and the suite compiled Planarium's sources again (the README's 25 commands:
# 132.6 s against 124.1 s with the caches).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test suite test-openenv test-inspect lint fuzz bench clean

# The demo needs Planarium alone; the contributor's toolchain (the dev extra) comes with `make test`,
# in one install (not after the demo's). uv installs: it resolves the same versions as pip and
# unpacks in parallel; both venvs from a cold cache took 64 s of wall (102 CPU s) with pip, 22 s
# (29 CPU s) with uv. Neither compiles what it installs: Python compiles what it imports, on first
# import, and keeps the caches (above). The venv is made without pip (ensurepip's install and
# compile of pip took 6 s) and the Python's own pip puts uv in it (`pip --python`, pip >= 22.3),
# 9.4 -> 4.0 s; where that pip is missing or older, the venv gets its own pip as before.
DEMO_STAMP := $(VENV)/.installed-demo
UV := $(BIN)/uv
UV_INSTALL = $(UV) pip install --quiet --python

$(UV):
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(BIN)/python install --quiet uv \
	  || ($(BIN)/python -m ensurepip --default-pip && $(BIN)/python -m pip install --quiet uv)

$(DEMO_STAMP): pyproject.toml | $(UV)
	$(UV_INSTALL) $(BIN)/python -e .
	touch $(DEMO_STAMP)

$(STAMP): pyproject.toml | $(UV)
	$(UV_INSTALL) $(BIN)/python -e '.[dev]'
	touch $(STAMP) $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	$(BIN)/planarium build --size mini --out parquet
	mkdir -p $(DEMO)
	$(BIN)/planarium answers --kind gold --data parquet -o $(DEMO)/gold.jsonl
	$(BIN)/score $(DEMO)/gold.jsonl --data parquet --out $(DEMO)/gold-results.json --summary
	$(BIN)/planarium answers --kind wrong --data parquet -o $(DEMO)/wrong.jsonl
	$(BIN)/score $(DEMO)/wrong.jsonl --data parquet --out $(DEMO)/wrong-results.json --summary

# openenv-core's client plays the rollout server from a venv of its own (through gradio it pins
# pillow<13, which would change the build's PNG bytes). Installed best-effort: where it cannot be,
# the tests that need it skip and say why.
OPENENV_VENV := .venv-openenv
OPENENV_STAMP := $(OPENENV_VENV)/.installed
OPENENV_PYTHON = $$(test -f $(OPENENV_STAMP) && echo $(abspath $(OPENENV_VENV))/bin/python)

$(OPENENV_STAMP): | $(UV)
	($(PYTHON) -m venv --without-pip $(OPENENV_VENV) && $(UV_INSTALL) $(OPENENV_VENV)/bin/python 'openenv-core>=0.3' && touch $@) \
	  || echo "warning: openenv-core could not be installed; the tests of its client will skip" >&2

# The two venvs side by side, then the suite with lint beside it
# (mostly mypy on one core: alone, it left the other idle for half a minute). Lint's report comes
# after the suite's (the suite's progress stays live), and either failing fails `make test`.
test:
	$(MAKE) --no-print-directory --jobs=2 --output-sync=target $(STAMP) $(OPENENV_STAMP)
	$(MAKE) --no-print-directory lint > $(VENV)/lint.log 2>&1 & lint=$$!; \
	  $(MAKE) --no-print-directory suite; suite=$$?; \
	  wait $$lint; linted=$$?; cat $(VENV)/lint.log; test $$suite -eq 0 && test $$linted -eq 0

# A new venv holds no bytecode (uv compiles nothing), and each xdist worker compiles what its
# collection imports: three cold collections at once, beside lint's mypy, took 54-67 s of wall and
# 115-135 machine CPU s to the first test. One collection first compiles it once, beside mypy:
# 52 s and 102 CPU s. It runs once per install; a failing one is left to the suite to report.
BYTECODE := $(VENV)/.bytecode
$(BYTECODE): $(STAMP)
	$(BIN)/pytest -p no:cacheprovider --collect-only -q > /dev/null 2>&1 && touch $@ || true

# pytest-xdist workers: one per core and one more, since many tests wait (on a server, a child,
# a planner) and the extra worker runs meanwhile; on 2 cores, 3 workers ran the suite in 484 s
# against 604 s for 2 (4: 552 s). loadgroup keeps together what one process makes once (a
# module's module-scoped fixtures, the conformance plays of one mode: tests/conftest.py); the
# session's builds and imports are made once for all workers (tests/conftest.py's shared_folder).
WORKERS ?= $(shell $(PYTHON) -c "import os; print(len(getattr(os, 'sched_getaffinity', lambda _: range(os.cpu_count() or 1))(0)) + 1)")
suite: $(STAMP) $(BYTECODE)
	PLANARIUM_OPENENV_PYTHON=$(OPENENV_PYTHON) $(BIN)/pytest -n $(WORKERS) --dist loadgroup

test-openenv: $(STAMP) $(OPENENV_STAMP)
	PLANARIUM_OPENENV_PYTHON=$(OPENENV_PYTHON) $(BIN)/pytest tests/rollout/test_openenv.py

# inspect_ai in a venv of its own (in the dev extra it would move fsspec past what datasets
# accepts; its install and tests took 95 s, so not part of `make test`, whose inspect tests skip).
INSPECT_VENV := .venv-inspect
INSPECT_STAMP := $(INSPECT_VENV)/.installed

$(INSPECT_STAMP): pyproject.toml | $(UV)
	$(PYTHON) -m venv --without-pip $(INSPECT_VENV)
	$(UV_INSTALL) $(INSPECT_VENV)/bin/python -e '.[harness]'
	touch $@

test-inspect: $(STAMP) $(INSPECT_STAMP)
	PLANARIUM_INSPECT=$(abspath $(INSPECT_VENV))/bin/inspect $(BIN)/pytest tests/adapters/test_inspect_command.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# The property-based and fault tests with many more hypothesis examples (a few minutes).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -p no:cacheprovider tests/faults tests/io/test_predictions.py

# One benchmark at a time, each with the load average it started under (on 2 cores other jobs
# multiply every wall figure; CPU seconds are the steadier part).
bench: $(STAMP)
	for b in bench/bench_*.py; do echo "== $$b (load average $$(cut -d' ' -f1-3 /proc/loadavg))"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) $(OPENENV_VENV) $(INSPECT_VENV) $(DEMO) parquet/data parquet/README.md parquet/checksums.json
