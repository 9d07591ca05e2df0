"""SudokuPad links read into puzzles: the link forms, SudokuPad's own format, its drawings as rules.

- :mod:`.link`: the link forms (``https://sudokupad.app/scl...``, ``ctc``, ``fpuz``, ``fpuzzles``,
  ``?puzzleid=``, percent-encoded, ``+`` pasted as a space), the refusal of a short id on
  SudokuPad's server, and SudokuPad's zipped JSON (:func:`.link.unzip`);
- :mod:`.puzzle`: the puzzle object to a board, the read options and the solution checks;
- :mod:`.drawings`: cages, lines, arrows, circles, dots and text read as the rules SudokuPad's
  f-puzzles converter draws them, then by colour words of the rules text (:mod:`.words`).

:func:`read` gives the board. Its rules text is the puzzle's own (a ``rules: ...`` cage or the
``metadata``), or the text :func:`options` supplies (``--rules-text``). A drawing that no rule
explains refuses the puzzle in one line naming it (:class:`.link.UnreadDrawing`), unless
``ignore_unread`` is set: then the rules read are solved and the board's rules name says so. When
the puzzle carries its solution and the reading breaks it, that is said and the puzzle refused.

>>> from sudoku_cp.formats.sudokupad.link import zip_payload
>>> cells = [[{"value": int(ch)} if ch != "." else {} for ch in row] for row in ("12..", "3412", "2143", "4321")]
>>> board = read(zip_payload({"cells": cells, "cages": [{"cells": [[0, 2], [0, 3]], "value": 7, "unique": True}]}))
>>> board.rules.name, board[0, 0]
('killer', 1)
"""

from __future__ import annotations

from ...core.board import Board, PuzzleError
from .link import UnreadDrawing, looks_like, payload, unzip
from .puzzle import PARTLY, UNIQUE_SECONDS, board_of, check_with, ignored, metadata, options


def read(text: str, box: tuple[int, int] | None = None, first_line: int = 1) -> Board:
    """The board of a SudokuPad link or payload (see the module's docstring); one-line :class:`PuzzleError`."""
    where = f"line {first_line}: SudokuPad link"
    form, data = payload(text, where)
    if form == "fpuzzles":
        from .. import fpuzzles
        from . import fpuz

        return fpuz.read(fpuzzles.decode("fpuzzles" + data, first_line), box, first_line, "SudokuPad link")
    puzzle = decode(data, where)
    return board_of(puzzle, box, where)


def decode(data: str, where: str) -> dict:
    """SudokuPad's puzzle object in a ``scl``/``ctc`` payload (lz-string base64, or the ``ctc`` 16-bit form)."""
    from ..sharesize import decompress

    raw = decompress(data, where, expected="expected a SudokuPad puzzle")
    if raw is None or raw[:1] not in "{[":
        other = _sixteen_bit(data)
        if other is not None:
            raw = decompress(other, where, expected="expected a SudokuPad puzzle") or raw
    if not raw:
        raise PuzzleError(f"{where}: the data after scl/ctc is not SudokuPad's compressed puzzle: expected the "
                          f"link as SudokuPad's Share gives it")
    from ..jsontext import MAX_JSON_DEPTH, json_depth

    if json_depth(raw) > MAX_JSON_DEPTH:
        raise PuzzleError(f"{where}: its puzzle is nested more than {MAX_JSON_DEPTH} deep: expected a SudokuPad puzzle")
    try:
        puzzle = unzip(raw)
    except (ValueError, RecursionError) as exc:
        raise PuzzleError(f"{where}: its puzzle text does not read ({exc}): expected SudokuPad's puzzle JSON") from None
    if not isinstance(puzzle, dict):
        raise PuzzleError(f"{where}: it holds no puzzle object: expected SudokuPad's puzzle JSON")
    return puzzle


def _sixteen_bit(data: str) -> str | None:
    """The ``ctc`` form (standard base64 of lz-string's 16-bit output) rewritten as lz-string base64: the same
    bits, six at a time, so that one bounded decompressor reads both."""
    import base64
    import binascii

    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    bits = "".join(f"{b:08b}" for b in raw) + "0" * 12
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(alphabet[int(bits[i:i + 6].ljust(6, "0"), 2)] for i in range(0, len(bits), 6))


__all__ = ["PARTLY", "UNIQUE_SECONDS", "check_with", "UnreadDrawing", "board_of", "decode", "ignored", "looks_like", "metadata",
           "options", "payload", "read", "unzip"]
