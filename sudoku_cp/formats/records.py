"""The one writer of JSON records (CONTRACT.md): every command's answers, ``batch`` included.

A record has every key its command can produce, in one order, ``null`` where a key does not apply
to this answer, and one JSON type per key. :data:`RESULT_KEYS` are the keys of every answer about
a puzzle; an explanation (``explain``, ``repair``, ``minimize``) adds :data:`EXPLAIN_KEYS`.

>>> from sudoku_cp.core.results import Result, Status
>>> from sudoku_cp.formats.text import parse_puzzle
>>> line = dumps(record(Result(Status.UNSAT, parse_puzzle("12.." + "." * 12), backend="dfs")))
>>> line[:75]
'{"index": null, "line": null, "size": 4, "box": [2, 2], "puzzle": "12......'
>>> json.loads(line)["solution"], json.loads(line)["conflicts"]
(None, None)
"""

from __future__ import annotations

import json
from typing import Any

from ..core.results import Result, Status
from .text import format_line

RESULT_KEYS = ("index", "line", "size", "box", "puzzle", "status", "solution", "count", "complete",
               "conflicts", "backend", "time_s", "stats", "error", "backends")
EXPLAIN_KEYS = ("solutions", "differences", "core", "remove", "add", "redundant", "repaired", "minimal",
                "difficulty", "notes")
GIVEN_LISTS = ("core", "remove", "add", "redundant")  # lists of [row, col, digit]


def record(result: Result, symbols: str | None = None) -> dict[str, Any]:
    """The JSON object of one answer: :data:`RESULT_KEYS`, plus :data:`EXPLAIN_KEYS` for an explanation."""
    puzzle = result.puzzle
    solution = result.solution
    out: dict[str, Any] = {
        "index": result.index,
        "line": result.line,
        "size": None if puzzle is None else puzzle.size,
        "box": list(puzzle.box) if puzzle is not None and puzzle.rules.box else None,
        "puzzle": None if puzzle is None else format_line(puzzle, symbols),
        "status": result.status.value,
        "solution": None if solution is None else format_line(solution, symbols),
        "count": result.count,
        "complete": result.complete,
        "conflicts": [c.to_json() for c in result.conflicts] if result.status is Status.INVALID else None,
        "backend": result.backend,
        "time_s": None if result.time_s is None else round(result.time_s, 6),
        "stats": result.stats or None,
        "error": result.error,
        "backends": [_backend_entry(r) for r in result.backends] if result.backends else None,
    }
    if hasattr(result, "core"):  # an explanation
        out["solutions"] = ([format_line(s, symbols) for s in result.solutions]
                            if len(result.solutions) >= 2 else None)
        out["differences"] = None if result.differences is None else [list(c) for c in result.differences]
        for key in GIVEN_LISTS:
            value = getattr(result, key)
            out[key] = None if value is None else [list(g) for g in value]
        for key in ("repaired", "minimal"):
            board = getattr(result, key)
            out[key] = None if board is None else format_line(board, symbols)
        out["difficulty"] = result.difficulty
        out["notes"] = list(result.notes)
    return out


def _backend_entry(result: Result) -> dict[str, Any]:
    """One backend's part of a cross-check (CONTRACT.md's ``backends`` key)."""
    return {"backend": result.backend, "status": result.status.value, "count": result.count,
            "complete": result.complete,
            "time_s": None if result.time_s is None else round(result.time_s, 6),
            "stats": result.stats or None, "error": result.error}


def dumps(obj: dict[str, Any]) -> str:
    """One JSON line (no newline), ``", "`` and ``": "`` between items."""
    return json.dumps(obj, separators=(", ", ": "))


__all__ = ["EXPLAIN_KEYS", "RESULT_KEYS", "dumps", "record"]
