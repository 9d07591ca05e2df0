"""sudoku-cp: validate Sudoku boards and solve them with real constraint solvers, cross-checked.

>>> from sudoku_cp import parse_puzzle, solve, is_solution
>>> board = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> result = solve(board, backend="dfs")
>>> result.status.value, is_solution(result.solution, board)
('solved', True)
"""

from ._version import __version__ as __version__  # noqa: E402
from .core.board import Board, PuzzleError, Rules, Shape, Unit, cell_name
from .core.check import Conflict, find_conflicts, is_solution
from .core.results import Outcome, Result, Status
from .formats.text import format_grid, format_json_rows, format_line, iter_entries, parse_puzzle

_SOLVING = ("CrossCheck", "DisagreementError", "VerificationError", "count", "cross_check", "solve",
            "validate")


def __getattr__(name: str):
    """The solving functions, imported on first use (``sudoku-cp validate`` imports no backend)."""
    if name in _SOLVING:
        from .tasks import solving

        return getattr(solving, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _repr_svg_(board: Board) -> str:
    from .formats.svg import board_svg

    return board_svg(board)


# print(board) shows the grid and Jupyter shows the picture. The hooks are set here, at the top
# of the package, so that core/ never imports the formats that are built on it.
Board.__str__ = format_grid  # type: ignore[method-assign,assignment]
Board._repr_svg_ = _repr_svg_  # type: ignore[attr-defined]

__all__ = [
    "Board", "Conflict", "CrossCheck", "DisagreementError", "Outcome", "PuzzleError", "Result",
    "Rules", "Shape", "Status", "Unit", "VerificationError", "cell_name", "count", "cross_check",
    "find_conflicts", "format_grid", "format_json_rows", "format_line", "is_solution",
    "iter_entries", "parse_puzzle", "solve", "validate",
]
