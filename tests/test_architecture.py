"""The floors of the package (docs/architecture.md): each imports only those below it.

engine (standard library only) → i18n → solver → bots → table → front ends (cli, tui, and
later server, web, concours, envs); the database floor ``db`` sits on engine, below concours
and server. The test reads every module's imports with ``ast`` (module
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
    "cli": {"engine", "i18n", "solver", "bots", "table", "tui", "server", "concours", "db"},
    "tui": {"engine", "i18n", "solver", "bots", "table"},
    # the database: one declarative base, the engine on a URL, the Alembic chain, the models
    "db": {"engine", "i18n"},
    # the club concours: its rules and data, below the server that serves its pages
    "concours": {"engine", "i18n", "solver", "bots", "table", "db"},
    "server": {"engine", "i18n", "solver", "bots", "table", "web", "concours", "db"},
    # the browser client: static files, and the path to them
    "web": set(),
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
    "db": {"sqlalchemy", "alembic"},
    "concours": {"sqlalchemy", "reportlab"},
    "server": {"fastapi", "starlette", "uvicorn", "pydantic", "sqlalchemy", "alembic", "limits",
               "psycopg"},
    "web": set(),
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


#: the calls that import a module by name at run time
_DYNAMIC = {"import_module", "__import__"}


def _imports(path: Path, module: str) -> list[str]:
    """Absolute names of what ``path`` imports (relative imports resolved): ``import a.b``
    gives ``a.b``; ``from p import n`` gives ``p`` and ``p.n`` (``n`` may be a module: ``from
    .. import tui``); ``importlib.import_module("x")`` / ``__import__("x")`` give ``x``, and
    ``<dynamic>`` when the name is not a literal."""
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
                where = ".".join(base + ([node.module] if node.module else []))
            else:
                where = node.module or ""
            names.append(where)
            names += [f"{where}.{a.name}" for a in node.names if a.name != "*"]
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else None
            if called in _DYNAMIC:
                arg = node.args[0] if node.args else None
                literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                names.append(arg.value if literal else "<dynamic>")  # type: ignore[union-attr]
    return names


def _violations(path: Path, module: str) -> list[str]:
    """What ``path`` (the module ``module``) imports that its floor may not."""
    floor = _floor(module)
    out = []
    for name in _imports(path, module):
        top = name.split(".")[0]
        if name == "<dynamic>":
            out.append(f"{module} imports a module named at run time")
        elif top == "belote":
            if name == "belote":
                continue
            other = _floor(name) if name in LOOSE else name.split(".")[1]
            if other in ALLOWED and other != floor and other not in ALLOWED[floor]:
                out.append(f"{module} (floor {floor}) imports {name} (floor {other})")
            elif other not in ALLOWED and name.count(".") == 1 and other not in LOOSE_NAMES:
                out.append(f"{module} (floor {floor}) imports {name}: no such floor")
        elif top not in sys.stdlib_module_names and top != "__future__" \
                and top not in THIRD_PARTY[floor]:
            out.append(f"{module} (floor {floor}) imports {name}")
    return out


#: names directly under ``belote`` that are not floors (``from belote import __version__``)
LOOSE_NAMES = {"__version__"}


MODULES = sorted(SRC.rglob("*.py"))


def test_every_module_is_in_a_floor():
    assert MODULES
    for path in MODULES:
        _floor(_module_name(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_a_floor_imports_only_those_below_it(path):
    assert _violations(path, _module_name(path)) == []


@pytest.mark.parametrize(("source", "caught"), [
    ("from ..tui import app\n", True),
    ("from .. import tui\n", True),
    ("from belote import tui\n", True),
    ("import belote.tui.app\n", True),
    ("import importlib\nimportlib.import_module('belote.tui.app')\n", True),
    ("__import__('belote.cli')\n", True),
    ("import importlib\nimportlib.import_module(name)\n", True),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..table import Table\n",
     True),
    ("import rich\n", True),
    ("from .cards import card_str\nfrom . import errors\nimport json\n", False),
])
def test_the_checker_sees_a_floor_reaching_up(tmp_path, source, caught):
    """The check itself, on an engine module written to reach up in each way Python allows
    (a check that could not fail would prove nothing)."""
    bad = tmp_path / "x.py"
    bad.write_text(source)
    assert bool(_violations(bad, "belote.engine.x")) is caught


# -- no import circle (issue 25 item 6) -------------------------------------------------------
# Every import counts, wherever it is written: at module level, inside a function (run when
# called) and under ``if TYPE_CHECKING:`` (read by the type checker, which must also resolve the
# circle). ``from p import n`` is an edge to the module ``p.n`` when there is one, else to
# ``p``; the packages a dotted import runs on its way (``p/__init__.py``) are not edges.

MODULE_NAMES = {_module_name(p) for p in MODULES}


def _import_edges(path: Path, module: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` (the module ``module``) imports, itself
    apart."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                where = ".".join(base + ([node.module] if node.module else []))
            else:
                where = node.module or ""
            out.update(f"{where}.{a.name}" if f"{where}.{a.name}" in modules else where
                       for a in node.names)
    return (out & modules) - {module}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (module → the modules it imports): each strongly
    connected set of more than one module, sorted (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return sorted(circles)


def test_the_package_has_no_import_circle():
    graph = {_module_name(p): _import_edges(p, _module_name(p), MODULE_NAMES) for p in MODULES}
    assert _circles(graph) == []


def test_the_circle_check_sees_every_kind_of_import(tmp_path):
    """The check itself: a function's import and a ``TYPE_CHECKING`` one each close a
    circle; ``from . import b`` is an edge to the module ``b``, not to the package."""
    (tmp_path / "a.py").write_text("def f():\n    from .b import g\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    from . import a\n")
    (tmp_path / "c.py").write_text("from . import a\n")
    (tmp_path / "__init__.py").write_text("from . import c\n")
    modules = {"p", "p.a", "p.b", "p.c"}
    graph = {m: _import_edges(tmp_path / ("__init__.py" if m == "p" else m[2:] + ".py"), m,
                              modules) for m in modules}
    assert graph == {"p": {"p.c"}, "p.a": {"p.b"}, "p.b": {"p.a"}, "p.c": {"p.a"}}
    assert _circles(graph) == [["p.a", "p.b"]]
    assert _circles({"x": {"y"}, "y": {"z"}, "z": {"x"}, "w": {"x"}}) == [["x", "y", "z"]]


#: the most lines a module of the package may have (one job a module, issue 25)
MAX_MODULE_LINES = 600
#: modules allowed more, and why (none: the numba kernel is a package whose cache follows all
#: of its files, belote.solver.kernel.cache)
LONG_MODULES: dict[str, str] = {}


def test_no_module_is_over_600_lines():
    long = {_module_name(p): n for p in MODULES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert {m: n for m, n in long.items() if m not in LONG_MODULES} == {}
    assert set(LONG_MODULES) <= set(long), "an exception no longer needed: remove it"


#: modules outside ``db/`` and the stores that may import SQLAlchemy, and why (none: the
#: front ends name the database's errors and engine type through :mod:`belote.db.errors`)
SQL_EXCEPTIONS: dict[str, str] = {}


def _sql_allowed(module: str) -> bool:
    """``db/`` (its models, engine, migrations) and the stores (``*.store``) hold every query."""
    return module.startswith("belote.db.") or module == "belote.db" or \
        module.endswith(".store") or module in SQL_EXCEPTIONS


def test_only_the_database_floor_and_the_stores_import_sqlalchemy():
    """Every query lives in the store that owns its table (issue 25): a front end calls the
    store's typed methods and never imports ``sqlalchemy`` itself."""
    found = sorted(_module_name(p) for p in MODULES
                   if any(name == "sqlalchemy" or name.startswith("sqlalchemy.")
                          for name in _imports(p, _module_name(p))))
    assert [m for m in found if not _sql_allowed(m)] == []
    assert {"belote.server.store", "belote.concours.store", "belote.db.errors"} <= set(found)


# -- the terminal reads views, not deals (issue 25 item 2) ------------------------------------
#: what a :class:`~belote.engine.deal.Deal` has that no view has: its hands, its judge and
#: search, its private state (a front end that reads one of them reads the deal's insides)
DEAL_INSIDES = {"hands", "initial_hands", "stock", "legal_actions", "check_declaration",
                "belote_cards_of", "belote_pending", "declared", "plays", "trick_points",
                "judge", "clone", "best", "doubled", "leader", "last_deal"}
#: the modules that hold a deal
DEAL_MODULES = {"belote.engine.deal", "belote.engine.Deal", "belote.engine.game.Deal"}


def _deal_reads(path: Path, module: str) -> list[str]:
    """Where ``path`` imports the deal or reads an attribute of :data:`DEAL_INSIDES`."""
    found = [f"imports {name}" for name in _imports(path, module)
             if name in DEAL_MODULES or name.startswith("belote.engine.deal.")]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in DEAL_INSIDES:
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


TUI_MODULES = sorted((SRC / "tui").glob("*.py"))


@pytest.mark.parametrize("path", TUI_MODULES, ids=lambda p: p.name)
def test_the_terminal_draws_from_views_and_reads_no_deal(path):
    """The TUI (table and replay) draws ``SeatView``s as the page does: it imports no deal
    and reads none of a deal's insides (the replay's steps come from ``table.replay``)."""
    assert _deal_reads(path, _module_name(path)) == []


def test_the_deal_check_sees_a_deal_read(tmp_path):
    """The check itself: each of its names is a deal's, and a module that imports the deal
    or reads its hands is caught."""
    from belote.engine import Rules
    from belote.engine.deal import Deal
    deal = Deal.deal(Rules.preset("coinche"), 0, list(range(32)))
    assert all(hasattr(deal, name) for name in DEAL_INSIDES)
    for source in ("from ..engine.deal import Deal\n", "from ..engine import Deal\n",
                   "def f(d):\n    return d.hands[0]\n", "def f(d):\n    return d.stock\n"):
        bad = tmp_path / "x.py"
        bad.write_text(source)
        assert _deal_reads(bad, "belote.tui.x"), source
    (tmp_path / "ok.py").write_text("def f(view):\n    return view.hand, view.bid_moves\n")
    assert _deal_reads(tmp_path / "ok.py", "belote.tui.ok") == []
