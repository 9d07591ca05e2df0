"""sudoku-cp: validate Sudoku boards and solve them with real constraint solvers, cross-checked.

One function per command: ``validate``, ``solve``, ``count``, ``candidates``, ``cross_check``, ``explain``,
``repair``, ``minimize``, ``generate``, ``analyze``; each returns a typed result (a
:class:`Result`, an :class:`Explanation`, a list of :class:`Generated`, an :class:`Analyzed`),
shown as a table and grid in a notebook. Importing the package loads no solver: PySAT and
OR-Tools load on first use, and a missing one raises :class:`MissingPackage`.

>>> from sudoku_cp import parse_puzzle, solve, is_solution
>>> board = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> result = solve(board, backend="dfs")
>>> result.status.value, is_solution(result.solution, board)
('solved', True)
>>> from sudoku_cp import explain
>>> explain(parse_puzzle("11" + "." * 14)).status.value
'invalid'
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any

from ._version import __version__ as __version__  # noqa: E402
from .core.packages import defer_import  # noqa: E402

defer_import("inspect")  # before the first dataclass is made: see defer_import
defer_import("json")  # read and written only by some inputs and outputs (--json, documents)

from .core.board import Board, PuzzleError, Rules, Shape, Unit, cell_name
from .core.check import Conflict, find_conflicts, is_solution
from .core.packages import MissingPackage
from .core.results import Outcome, Result, SolverFailure, Status, TimeLimitReached
from .formats.puzzle_files import iter_entries
from .formats.text import format_grid, format_json_rows, format_line, parse_puzzle

if TYPE_CHECKING:  # loaded on first use (module __getattr__ below); named here for type checkers
    from .api import Analyzed, analyze, generate
    from .tasks.candidates import TrueCandidates, candidates
    from .tasks.explain import Explanation, explain
    from .tasks.generate import GenerateError, Generated
    from .tasks.minimize import minimize
    from .tasks.repair import repair
    from .tasks.solving import CrossCheck, DisagreementError, VerificationError, count, cross_check, solve, validate


def _repr_svg_(board: Board) -> str:
    from .formats.svg import board_svg

    return board_svg(board)


def _repr_html_(result: Result) -> str:
    from .formats.notebook import result_html

    return result_html(result)


# print(board) shows the grid and Jupyter shows the picture; a result shows as a table and grid.
# The hooks are set here, at the top of the package, so that core/ never imports the formats
# that are built on it; the pictures' modules load when a notebook first asks.
Board.__str__ = format_grid  # type: ignore[method-assign,assignment]
Board._repr_svg_ = _repr_svg_  # type: ignore[attr-defined]
Result._repr_html_ = _repr_html_  # type: ignore[attr-defined]

# name -> module: the functions that solve load their modules when first asked for
# (``sudoku-cp validate`` imports no backend)
_SOLVING = ("CrossCheck", "DisagreementError", "VerificationError", "count", "cross_check", "solve",
            "validate")
_LAZY = {
    **dict.fromkeys(_SOLVING, "sudoku_cp.tasks.solving"),
    "explain": "sudoku_cp.tasks.explain", "Explanation": "sudoku_cp.tasks.explain",
    "repair": "sudoku_cp.tasks.repair", "minimize": "sudoku_cp.tasks.minimize",
    "generate": "sudoku_cp.api", "GenerateError": "sudoku_cp.tasks.generate",
    "Generated": "sudoku_cp.tasks.generate", "analyze": "sudoku_cp.api", "Analyzed": "sudoku_cp.api",
    "candidates": "sudoku_cp.tasks.candidates", "TrueCandidates": "sudoku_cp.tasks.candidates",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once loaded, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Analyzed", "Board", "Conflict", "CrossCheck", "DisagreementError", "Explanation", "GenerateError",
    "Generated", "MissingPackage", "Outcome", "PuzzleError", "Result", "Rules", "Shape", "SolverFailure",
    "Status", "TimeLimitReached", "TrueCandidates", "Unit", "VerificationError", "analyze", "candidates",
    "cell_name", "count",
    "cross_check", "explain", "find_conflicts", "format_grid", "format_json_rows", "format_line",
    "generate", "is_solution", "iter_entries", "minimize", "parse_puzzle", "repair", "solve", "validate",
]
