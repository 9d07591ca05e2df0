"""The layout shows the layers, and imports run one way: cli -> tasks -> backends -> model -> core.

Read from the source text (``ast``), not by importing, so a lazy import counts like any other.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sudoku_cp"

# Lower layers never import higher ones; a layer may import itself and anything below it.
LAYERS = {
    "core": 0,      # shape, rules, board, check, results
    "constraints": 0,  # the constraint catalogue: one module per kind, beside core (imports only core)
    "formats": 1,   # text, svg, records: beside core, above it
    "data": 1,
    "examples": 1,
    "model": 2,     # cnf, cpmodel, dimacs
    "backends": 3,
    "tasks": 4,
    "api": 5,
    "cli": 6,
    "web": 6,       # the web app: a face over the tasks, beside the CLI
    "__init__": 7,
    "__main__": 8,
    "_version": 0,
}
SOLVERS = re.compile(r"^(pysat\.solvers|pysat\.examples|ortools)\b")


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path) -> list[tuple[str, bool, int]]:
    """(imported module, inside a function, line) for every first-party and solver import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, in_function, child.lineno) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if child.level and not child.module:  # from . import x: x may be a module
                    found.extend((f"{target}.{alias.name}", in_function, child.lineno) for alias in child.names)
                else:
                    found.append((target, in_function, child.lineno))
            visit(child, inner)

    visit(tree, False)
    return found


def layer(module: str) -> int:
    parts = module.split(".")
    key = parts[1] if len(parts) > 1 else "__init__"
    return LAYERS[key]


def first_party_graph() -> dict[str, set[str]]:
    mods = modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        edges = set()
        for target, _lazy, _line in imports(name, path):
            while target and target not in mods:
                target = target.rpartition(".")[0]
            if target.startswith("sudoku_cp") and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def test_every_module_has_a_layer():
    assert all(isinstance(layer(m), int) for m in modules())


def test_imports_run_one_way():
    wrong = []
    for module, targets in first_party_graph().items():
        for target in targets:
            if target == "sudoku_cp" or target.startswith("sudoku_cp.") and layer(target) > layer(module):
                if not (target == "sudoku_cp" and module == "sudoku_cp.__main__"):
                    wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one module
    (or one importing itself), each sorted (Tarjan's algorithm). Every edge counts: a lazy import
    inside a function, and a package's ``__init__`` importing its own submodules (importing the
    package runs it, so a submodule that imports back through the package closes a circle).

    >>> circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    >>> circles({"p": {"p.x"}, "p.x": {"q"}, "q": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1 or node in graph.get(node, ()):
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found)


def test_no_import_cycles():
    """No import circle at all, function-level imports and package-submodule edges included."""
    real = circles(first_party_graph())
    assert not real, "import circles:\n" + "\n".join(" <-> ".join(c) for c in real)


def test_a_circle_through_a_package_and_a_lazy_import_is_found():
    """The circle issue 43 names (core/rules.py asking constraints/ for a kind inside a method,
    constraints/__init__ importing its base, which imports core/rules.py) is one the test sees."""
    graph = first_party_graph()
    graph["sudoku_cp.core.rules"] = graph["sudoku_cp.core.rules"] | {"sudoku_cp.constraints"}
    assert ["sudoku_cp.constraints", "sudoku_cp.constraints.base", "sudoku_cp.core.rules"] in [
        [m for m in c if m in ("sudoku_cp.constraints", "sudoku_cp.constraints.base", "sudoku_cp.core.rules")]
        for c in circles(graph)]


def test_only_backends_import_a_solver():
    """The issue's check: grep -rE "^\\s*(import|from) (pysat\\.solvers|pysat\\.examples|ortools)" outside backends/."""
    wrong = [f"{name}:{line} {target}" for name, path in modules().items() if ".backends" not in name
             for target, _lazy, line in imports(name, path) if SOLVERS.match(target)]
    assert not wrong, wrong


def test_outside_backends_no_module_imports_a_concrete_backend():
    concrete = re.compile(r"^sudoku_cp\.backends\.(sat|cpsat|dfs|external)\b")
    wrong = [f"{name}:{line} {target}" for name, path in modules().items() if ".backends" not in name
             for target, _lazy, line in imports(name, path) if concrete.match(target)]
    assert not wrong, wrong


def test_solver_packages_are_imported_lazily():
    """Backends import their solver inside functions, so reading the registry costs nothing."""
    eager = [f"{name}:{line} {target}" for name, path in modules().items()
             for target, lazy, line in imports(name, path)
             if not lazy and (SOLVERS.match(target) or target.startswith("pysat"))]
    assert not eager, eager


def test_validate_imports_no_solver_package():
    import subprocess
    import sys

    code = ("import sys; from sudoku_cp.cli import main; main(['validate', '1...............']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pysat', 'ortools')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_pyflakes_finds_nothing():
    """ruff's F rules (pyflakes: unused imports, undefined names, ...) over the package, tests and bench."""
    import shutil
    import subprocess
    import sys

    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    root = PACKAGE.parent
    done = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", "sudoku_cp", "tests", "bench"],
                          cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
