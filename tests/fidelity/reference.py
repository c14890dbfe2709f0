"""Loading the papers' own code from ``../shared/external/reference-code/`` for differential tests.

The authors' files are never copied into the repository: a test loads a whole module with
``load_module`` when its imports are installed here, or lifts the functions it needs out of
a module with ``lift`` (``ast``) when the rest of the module needs packages we do not install
(torch, a simulator, their client libraries). Tests skip with a clear message when the folder
is absent.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import types
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "external" / "reference-code"


def reference_path(relative: str) -> Path:
    """``reference-code/<relative>``, or skip the test saying what is missing."""
    path = REFERENCE / relative
    if not path.exists():
        pytest.skip(f"the papers' code is not here: {path} is absent (../shared/external/reference-code/)")
    return path


def load_module(relative: str, name: str | None = None) -> types.ModuleType:
    """Import a reference file as a module (its own imports must be installed here)."""
    path = reference_path(relative)
    module_name = name or f"reference_{path.stem}_{abs(hash(str(path)))}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def lift(relative: str, names: Iterable[str], namespace: Mapping[str, Any] | None = None) -> types.SimpleNamespace:
    """The top-level functions, classes and assignments ``names`` of a reference file, executed
    on their own in a namespace holding ``namespace`` (the imports they need), unchanged."""
    path = reference_path(relative)
    wanted = set(names)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    picked: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name in wanted:
            picked.append(node)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id in wanted for target in node.targets
        ):
            picked.append(node)
    found = {getattr(node, "name", None) for node in picked} | {
        target.id
        for node in picked
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    missing = wanted - found
    if missing:
        raise LookupError(f"{path}: no top-level {sorted(missing)}")
    scope: dict[str, Any] = {"__name__": f"reference_{path.stem}", **(namespace or {})}
    exec(compile(ast.Module(body=picked, type_ignores=[]), str(path), "exec"), scope)  # noqa: S102 - the authors' code, as published
    return types.SimpleNamespace(**{name: scope[name] for name in wanted})
