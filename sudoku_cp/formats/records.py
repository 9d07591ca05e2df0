"""The one writer of JSON records (CONTRACT.md): every command's answers, ``batch`` included.

A record has every key its command can produce, in one order, ``null`` where a key does not apply
to this answer, and one JSON type per key. ``box`` is null when the rules have no boxes (a
jigsaw); ``rules`` (our addition to CONTRACT.md) names the rules, ``classic`` or the variant's
rules joined by ``+`` (``diagonal+killer``). :data:`RESULT_KEYS` are the keys of every answer about
a puzzle; an explanation (``explain``, ``repair``, ``minimize``) adds :data:`EXPLAIN_KEYS`.

>>> from sudoku_cp.core.results import Result, Status
>>> from sudoku_cp.formats.text import parse_puzzle
>>> line = dumps(record(Result(Status.UNSAT, parse_puzzle("12.." + "." * 12), backend="dfs")))
>>> line[:94]
'{"index": null, "line": null, "size": 4, "box": [2, 2], "rules": "classic", "puzzle": "12.....'
>>> json.loads(line)["solution"], json.loads(line)["conflicts"]
(None, None)
"""

from __future__ import annotations

import json
from typing import Any

from ..core.results import Result, Status
from .text import _LINE_TABLE, DEFAULT_SYMBOLS, format_line

_FAST_MAX = len(DEFAULT_SYMBOLS)

RESULT_KEYS = ("index", "line", "size", "box", "rules", "puzzle", "status", "solution", "count", "complete",
               "conflicts", "backend", "time_s", "stats", "error", "backends", "certificate")
EXPLAIN_KEYS = ("solutions", "differences", "core", "remove", "add", "redundant", "repaired", "minimal",
                "difficulty", "notes", "steps")
GIVEN_LISTS = ("core", "remove", "add", "redundant")  # lists of [row, col, digit]


def record(result: Result, symbols: str | None = None, explain: bool | None = None) -> dict[str, Any]:
    """The JSON object of one answer: :data:`RESULT_KEYS`, plus :data:`EXPLAIN_KEYS` for an explanation.

    ``explain`` True gives the explanation keys (null) to a plain result too (an ``explain``,
    ``repair`` or ``minimize`` record about a puzzle that did not parse, or whose backends
    disagreed), so that every record of one command has the same keys; None decides by the result.
    """
    puzzle = result.puzzle
    solution = result.solution
    out: dict[str, Any] = {
        "index": result.index,
        "line": result.line,
        "size": None if puzzle is None else puzzle.size,
        "box": list(puzzle.box) if puzzle is not None and puzzle.rules.box else None,
        "rules": None if puzzle is None else puzzle.rules.name,
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
        "certificate": None if result.certificate is None else result.certificate.to_json(),
    }
    if explain or (explain is None and hasattr(result, "core")):  # an explanation
        out["solutions"] = ([format_line(s, symbols) for s in result.solutions]
                            if len(result.solutions) >= 2 else None)
        differences = getattr(result, "differences", None)
        out["differences"] = None if differences is None else [list(c) for c in differences]
        for key in GIVEN_LISTS:
            value = getattr(result, key, None)
            out[key] = None if value is None else [list(g) for g in value]
        for key in ("repaired", "minimal"):  # one-line puzzles; ``minimal``: a minimal puzzle, or null
            board = getattr(result, key, None)
            out[key] = None if board is None else format_line(board, symbols)
        out["difficulty"] = getattr(result, "difficulty", None) or None
        out["notes"] = list(getattr(result, "notes", ()))
        steps = getattr(result, "steps", None)  # explain --steps: the steps' own JSON (CONTRACT.md)
        out["steps"] = None if steps is None else steps.to_json()
    more = getattr(result, "more_json", None)  # an answer with keys of its own (candidates)
    if more is not None:
        out.update(more(symbols))
    return out


def _backend_entry(result: Result) -> dict[str, Any]:
    """One backend's part of a cross-check (CONTRACT.md's ``backends`` key)."""
    return {"backend": result.backend, "status": result.status.value, "count": result.count,
            "complete": result.complete,
            "time_s": None if result.time_s is None else round(result.time_s, 6),
            "stats": result.stats or None, "error": result.error}


def error_record(error: str, index: int | None, line: int | None, keys: tuple[str, ...]) -> dict[str, Any]:
    """The ``error`` record of a command whose records have ``keys`` (not answers): every key null but
    ``index``, ``line``, ``status`` and ``error`` (``encode --format stats``, ``analyze --per-puzzle``).

    >>> error_record("line 3: bad", 2, 3, ("index", "line", "size", "status", "error", "clauses"))
    {'index': 2, 'line': 3, 'size': None, 'status': 'error', 'error': 'line 3: bad', 'clauses': None}
    """
    out: dict[str, Any] = dict.fromkeys(keys)
    out.update({"index": index, "line": line, "status": Status.ERROR.value, "error": error})
    return out


def dumps(obj: dict[str, Any]) -> str:
    """One JSON line (no newline), ``", "`` and ``": "`` between items."""
    return json.dumps(obj, separators=(", ", ": "))


_JSON = {None: "null", True: "true", False: "false"}
_INT = {int: True, type(None): True}  # the types the fast path spells itself
_BOOL = {bool: True, type(None): True}
_FLOAT = {float: True, type(None): True}
_NAMES: dict[str, str] = {}  # backend name -> its JSON string
_BOXES: dict[Any, str] = {}  # rules -> '"size": N, "box": [R, C], "rules": "classic"'
_FAST_STATUSES = frozenset({Status.SOLVED, Status.UNIQUE, Status.MULTIPLE, Status.UNSAT, Status.UNKNOWN})


def record_line(result: Result, symbols: str | None = None) -> str:
    """``dumps(record(result, symbols))``: the same text, written directly for a batch's usual answers.

    The usual answer (a plain :class:`Result` about a one-line board of default symbols, solved,
    unique, multiple, unsat or unknown, no stats, error, cross-check or certificate) is spelt out
    here, the rest goes through :func:`record`; tests hold the two to the same bytes.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> r = Result(Status.UNSAT, parse_puzzle("12........3...4."), count=0, complete=True, time_s=0.5)
    >>> record_line(r) == dumps(record(r))
    True
    """
    puzzle = result.puzzle
    if (symbols is not None or puzzle is None or type(result) is not Result or result.stats
            or result.backends or result.error is not None or result.certificate is not None
            or result.status not in _FAST_STATUSES or puzzle.size > _FAST_MAX):
        return dumps(record(result, symbols))
    head = _BOXES.get(puzzle.rules)
    if head is None:
        head = dumps({"size": puzzle.size, "box": list(puzzle.box) if puzzle.rules.box else None,
                      "rules": puzzle.rules.name})[1:-1]
        if len(_BOXES) < 256:
            _BOXES[puzzle.rules] = head
    backend = result.backend
    name = _NAMES.get(backend) if type(backend) is str else None
    if name is None:
        name = json.dumps(backend)
        if type(backend) is str and len(_NAMES) < 256:
            _NAMES[backend] = name
    index, line, count, complete = result.index, result.line, result.count, result.complete
    time_s = result.time_s
    if not (_INT.get(type(index)) and _INT.get(type(line)) and _INT.get(type(count))
            and _BOOL.get(type(complete)) and _FLOAT.get(type(time_s))):
        return dumps(record(result, symbols))  # a number of another type: let json spell it
    solution = result.solution
    return (f'{{"index": {_JSON[None] if index is None else index}, '
            f'"line": {_JSON[None] if line is None else line}, {head}, '
            f'"puzzle": "{bytes(puzzle.cells).translate(_LINE_TABLE).decode("ascii")}", '
            f'"status": "{result.status.value}", '
            f'"solution": {_JSON[None] if solution is None else _quoted(solution)}, '
            f'"count": {_JSON[None] if count is None else count}, '
            f'"complete": {_JSON[complete]}, "conflicts": null, "backend": {name}, '
            f'"time_s": {_JSON[None] if time_s is None else float.__repr__(round(time_s, 6))}, '
            f'"stats": null, "error": null, "backends": null, "certificate": null}}')


def _quoted(board) -> str:
    return f'"{bytes(board.cells).translate(_LINE_TABLE).decode("ascii")}"'


__all__ = ["EXPLAIN_KEYS", "RESULT_KEYS", "dumps", "error_record", "record", "record_line"]
