"""The floors of the package (docs/architecture.md): each imports only those below it.

engine (standard library only) → i18n → solver → bots → table → front ends (cli, tui, and
later server, web, concours, envs). The test reads every module's imports with ``ast`` (module
level and inside functions alike) and fails on one that reaches up or sideways."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "belote"

#: floor → the floors of the package it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "i18n": {"engine"},
    "solver": {"engine"},
    "bots": {"engine", "solver"},
    "table": {"engine", "i18n", "solver", "bots"},
    "cli": {"engine", "i18n", "solver", "bots", "table", "tui"},
    "tui": {"engine", "i18n", "solver", "bots", "table"},
}
#: modules of the package outside any floor's folder, and the floor each belongs to
LOOSE: dict[str, str] = {
    "belote": "engine",          # __init__.py: the version only
}
#: what the package may take from outside the standard library, floor by floor
THIRD_PARTY: dict[str, set[str]] = {
    "engine": set(),
    "i18n": set(),
    "solver": {"numba", "numpy", "llvmlite"},
    "bots": {"numba", "numpy"},
    "table": {"numpy", "platformdirs"},
    "cli": {"typer", "click", "rich", "platformdirs", "textual"},
    "tui": {"textual", "rich", "platformdirs"},
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _floor(module: str) -> str:
    if module in LOOSE:
        return LOOSE[module]
    floor = module.split(".")[1]
    assert floor in ALLOWED, f"{module}: not in a known floor (tests/test_architecture.py)"
    return floor


def _imports(path: Path, module: str) -> list[str]:
    """Absolute names of what ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                names.append(".".join(base + ([node.module] if node.module else [])))
            else:
                names.append(node.module or "")
    return names


MODULES = sorted(SRC.rglob("*.py"))


def test_every_module_is_in_a_floor():
    assert MODULES
    for path in MODULES:
        _floor(_module_name(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_a_floor_imports_only_those_below_it(path):
    module = _module_name(path)
    floor = _floor(module)
    for name in _imports(path, module):
        top = name.split(".")[0]
        if top == "belote":
            if name == "belote":
                continue
            other = _floor(name) if name in LOOSE else name.split(".")[1]
            assert other == floor or other in ALLOWED[floor], \
                f"{module} (floor {floor}) imports {name} (floor {other})"
        elif top not in sys.stdlib_module_names and top != "__future__":
            assert top in THIRD_PARTY[floor], f"{module} (floor {floor}) imports {name}"


def test_the_checker_sees_a_floor_reaching_up(tmp_path):
    """The walk above resolves relative imports: a relative import of a front end from the
    engine is named as such (a check that could not fail would prove nothing)."""
    fake = SRC / "engine" / "deal.py"
    names = _imports(fake, "belote.engine.deal")
    assert any(n.startswith("belote.engine.") for n in names)
    bad = tmp_path / "x.py"
    bad.write_text("from ..tui import app\nimport rich\n")
    assert _imports(bad, "belote.engine.x") == ["belote.tui", "rich"]
