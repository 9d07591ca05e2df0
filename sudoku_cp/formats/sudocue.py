"""SudoCue's killer strings, the form the killer forums share puzzles in: ``3x3::k:`` then 81 numbers.

Read only. After ``3x3:`` comes ``d`` for killer X (both diagonals) or nothing, then ``k`` (a
killer), then one number per cell, row by row, each ``sum * 256 + cage`` joined by ``:`` (a
trailing ``:`` is allowed): the cage's number (0-255) and the sum of the cage it is in. A cell
with sum 0 is in no cage; its number tells it apart from the others. The forums' puzzles have no
givens: the cages are the clues. The board is the puzzle document's (``formats/document.py``): the
cages are ``killer`` constraints, their sums checked there, and ``d`` adds ``diagonal``.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> b = parse_puzzle("3x3::k:" + ":".join(["3073", "3073"] + ["0"] * 79))
>>> b.rules.name, [(c.cells, c.value) for c in b.rules.constraints]
('killer', [(((0, 0), (0, 1)), 12)])
"""

from __future__ import annotations

from ..core.board import Board, PuzzleError, cell_name
from .document import board_from_document

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any

    from .document import GivensReader

PREFIX = "3x3:"
CELLS = 81


def looks_like_sudocue(text: str) -> bool:
    """Whether ``text`` is meant as a SudoCue string: it starts ``3x3:`` (a string pasted wrapped
    over several lines is one string: whitespace is dropped)."""
    return text.lstrip().startswith(PREFIX)


def parse_sudocue(text: str, read_givens: GivensReader, box: tuple[int, int] | None = None,
                  first_line: int = 1) -> Board:
    """The board of a SudoCue killer string; :class:`PuzzleError` naming the line, field and cell."""
    where = f"line {first_line}: SudoCue string"
    parts = "".join(text.split()).split(":")
    if parts[-1] == "" and len(parts) > 3:
        parts.pop()  # (the forums' strings end with ':')
    if len(parts) < 3:
        raise PuzzleError(f"{where}: it ends after {':'.join(parts)!r}: expected '3x3::k:' (or '3x3:d:k:' "
                          f"for killer X) then {CELLS} numbers")
    if parts[1] not in ("", "d"):
        raise PuzzleError(f"{where}: {parts[1]!r} after '3x3:': expected 'd' (killer X) or nothing, as "
                          f"in '3x3::k:' or '3x3:d:k:'")
    if parts[2] != "k":
        raise PuzzleError(f"{where}: kind {parts[2]!r}: expected 'k' (a killer), the only kind read")
    fields = parts[3:]
    if len(fields) != CELLS:
        raise PuzzleError(f"{where}: {len(fields)} cells: expected {CELLS} numbers (sum * 256 + cage) "
                          f"after '3x3:{parts[1]}:k:', one per cell row by row")
    cages: dict[int, tuple[int, list[list[int]]]] = {}
    for i, field in enumerate(fields):
        r, c = divmod(i, 9)
        if not (field.isascii() and field.isdigit()) or len(field) > 6:
            raise PuzzleError(f"{where}: cell {cell_name(r, c)} is {field!r}: expected a number, "
                              f"the cage's sum * 256 + its number")
        total, cage = divmod(int(field), 256)
        if not total:
            continue  # in no cage
        if cage in cages and cages[cage][0] != total:
            first = cages[cage][1][0]
            raise PuzzleError(f"{where}: cell {cell_name(r, c)} gives cage {cage} the sum {total}, "
                              f"{cell_name(*first)} gave it {cages[cage][0]}: expected one "
                              f"sum per cage")
        cages.setdefault(cage, (total, []))[1].append([r, c])
    constraints: list[dict[str, Any]] = [{"type": "diagonal"}] if parts[1] == "d" else []
    constraints += [{"type": "killer", "cells": cells, "sum": total} for total, cells in cages.values()]
    return board_from_document({"givens": "." * CELLS, "box": [3, 3], "constraints": constraints},
                               read_givens, box, None, first_line)
