"""JSON input read safely, and tokens quoted for messages: what every reader of puzzles shares.

>>> json_depth('{"a": [[1], "]]"]}'), is_whole('{"a": [1]}'), is_whole('{"a": [')
(3, True, False)
"""

from __future__ import annotations

import json

from ..core.shape import PuzzleError

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any

MAX_JSON_DEPTH = 8  # a puzzle is 2 deep, a puzzle document 5; deeper is refused before json.loads recurses
SHOWN_CHARS = 20  # how much of a bad token a message quotes


def show(token: str) -> str:
    """A token quoted for a message, cut short when long.

    >>> show("12345678901234567890123")
    "'12345678901234567890'... (23 characters)"
    """
    if len(token) <= SHOWN_CHARS:
        return repr(token)
    return f"{token[:SHOWN_CHARS]!r}... ({len(token)} characters)"


def _depths(text: str) -> tuple[int, int]:
    """(deepest, final) nesting of brackets in a JSON text, strings skipped, without recursing."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest, depth


def json_depth(text: str) -> int:
    """How deeply brackets nest in a JSON text (strings skipped), without recursing."""
    return _depths(text)[0]


def is_whole(text: str) -> bool:
    """Whether every bracket a JSON text opens it also closes (a document on one line)."""
    return _depths(text)[1] == 0


class BigInt(str):
    """A JSON integer too long to be a digit, kept as its text (``int()`` of huge text is slow)."""


def json_int(text: str) -> int | str:
    """``parse_int`` for ``json.loads``: small integers as ``int``, long ones as :class:`BigInt`."""
    return int(text) if len(text) <= 6 else BigInt(text)


def load_json(text: str, first_line: int, expected: str) -> Any:
    """``json.loads`` of a puzzle's text, refused (:class:`PuzzleError` naming the line and column,
    and saying ``expected``) when it nests too deep or is not JSON."""
    if json_depth(text) > MAX_JSON_DEPTH:
        raise PuzzleError(f"line {first_line}: JSON nested more than {MAX_JSON_DEPTH} deep: expected {expected}")
    try:
        return json.loads(text, parse_int=json_int)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"line {exc.lineno + first_line - 1}, column {exc.colno}: malformed JSON: "
                          f"{exc.msg}: expected {expected}") from None


__all__ = ["MAX_JSON_DEPTH", "SHOWN_CHARS", "BigInt", "is_whole", "json_depth", "json_int", "load_json", "show"]
