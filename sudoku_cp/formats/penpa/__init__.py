"""Penpa+ links read into puzzles, only where the puzzle is a sudoku whose rules its drawing determines.

Penpa+ (github.com/swaroopg92/penpa-edit) is a drawing editor for any grid puzzle: a link holds what
was drawn, not which rules apply. A link is read when it is a sudoku the drawing settles
(:mod:`.reading`): a square board, its givens, its thick region borders (boxes, or jigsaw regions),
whole main diagonals, killer cages with their sums, thermometers, arrows with their circles,
kropki dots and XV, and the whole-grid rules the rules text states. Anything else drawn is named and
the puzzle refused in one line (:class:`..sudokupad.UnreadDrawing`), unless ``--ignore-unread``
(:func:`..sudokupad.options`): then what was read is solved and the rules name says it was read in
part. Another grid (hexagonal, a board that is not square), another genre, a rotated board, a link
that imports a puzz.link page, are refused by name.

The rules text is the link's own (its header's rules), or ``--rules-text``. When the link carries
its answer (``a=``: the answer Penpa+ checks a solve against, givens left out), the reading must keep
it; and the reading must have exactly one solution (that one), as a SudokuPad link's must
(:func:`..sudokupad.puzzle.check_unique`): a misreading is said, never answered.

Choices where Penpa+ and the contract are silent: a contest link's letters and arrows outside the
board (Penpa+'s ``comp`` mode: where to read the answer key) are not rules; shading, lines and
symbols wholly outside the board are not rules (nothing outside the board holds a digit); a link
whose answer allows several solutions (``multisolution``) is checked for one solution only; a
board drawn rotated or mirrored (``theta``, ``reflect``) is refused rather than turned.

>>> import base64, zlib
>>> text = "square,4,4,38,0,1,1,0,0,0,0,0,0,0,0,Title: tiny,Author: ,,,OFF,false\\n[0,0,0,0]\\n\\n" + \\
...     '{"number":{"18":["1",1,"1"]},"lineE":{"75,83":2,"83,91":2,"91,99":2,"99,107":2,' + \\
...     '"89,90":2,"90,91":2,"91,92":2,"92,93":2}}'
>>> packer = zlib.compressobj(9, zlib.DEFLATED, -15)
>>> link = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + base64.b64encode(
...     packer.compress(text.replace("z", "zZ").encode()) + packer.flush()).decode()
>>> import sudoku_cp.tasks.solving  # (sets how a read asks for one solution)
>>> board = read(link)
Traceback (most recent call last):
...
sudoku_cp.core.shape.PuzzleError: line 1: Penpa+ link 'tiny': the rules as read leave more than one solution, but a shared puzzle has one: a rule is drawn or said in a way this reader does not read: expected --rules-text with the puzzle's rules, or --ignore-unread to solve what was read
>>> from sudoku_cp.formats.sudokupad import options
>>> with options(ignore_unread=True):
...     board = read(link)
>>> board.box, board[0, 0], board.rules.name
((2, 2), 1, 'classic')
"""

from __future__ import annotations

from ...core.board import Board, PuzzleError
from .link import Link, decode, looks_like


def read(text: str, box: tuple[int, int] | None = None, first_line: int = 1) -> Board:
    """The board of a Penpa+ link (see the module's docstring); a one-line :class:`PuzzleError` for what is not read."""
    from ..sudokupad.puzzle import (build, check_solution, check_unique, current_options, merged, partly,
                                    refuse_unread, text_rules, unknown_rules_read)
    from .reading import Reader, read_board, regions

    where = f"line {first_line}: Penpa+ link"
    link = decode(text, where)
    if link.title:
        where += f" {link.title[:60]!r}" + ("..." if len(link.title) > 60 else "")
    rules_text, ignore = current_options()
    text = rules_text if rules_text is not None else link.rules
    grid = read_board(link, where)
    reader = Reader(link, grid, text, where).read()
    shape, labels = regions(reader)
    unread = unknown_rules_read(text) + reader.unread
    refuse_unread(where, {}, unread, ignore)
    n = grid.size
    document: dict = {"size": n, "givens": [[reader.givens.get((r, c), 0) for c in range(n)] for r in range(n)]}
    if labels is not None:
        document["regions"] = labels
    elif shape is not None:
        if box is not None and tuple(box) != shape:
            raise PuzzleError(f"{where}: its thick borders draw {shape[0]}x{shape[1]} boxes, not the "
                              f"{box[0]}x{box[1]} of --box: expected --box {shape[0]}x{shape[1]} or no --box")
        document["box"] = list(shape)
    constraints = list(reader.constraints)
    text_rules(text, constraints)
    document["constraints"] = merged(constraints)
    board = partly(build(document, box, where), unread)
    solution = answer(link, grid, reader.givens)
    check_solution(board, solution, where, unread, text)
    check_unique(board, solution, where, ignore, text)
    return board


def answer(link: Link, grid, givens: dict) -> tuple[int, ...] | None:
    """The link's own answer (``a=``) with its givens, cell by cell, or None when it has none that fills the board.

    Penpa+'s answer is a list of six lists (shading, lines, edges, walls, numbers, symbols); the numbers are
    ``"point,digit"`` for each cell the solver fills (its givens left out). Several answers (``multisolution``)
    are not one solution: None.
    """
    data = link.answer
    if link.field(20) == "true" or not isinstance(data, list) or len(data) < 5 or not isinstance(data[4], list):
        return None
    cells = dict(givens)
    for entry in data[4]:
        point, _, digit = str(entry).partition(",")
        cell = grid.cell(int(point)) if point.isdigit() and len(point) < 10 else None
        if cell is None or not digit.isdigit() or len(digit) > 2:
            return None
        cells[cell] = int(digit)
    n = grid.size
    return tuple(cells.get((r, c), 0) for r in range(n) for c in range(n))


__all__ = ["PuzzleError", "answer", "looks_like", "read"]
