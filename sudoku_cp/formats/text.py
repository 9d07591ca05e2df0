"""Reading and writing puzzles: every form in CONTRACT.md, parsed and formatted as mirrors.

Forms, detected automatically:

- one line of N*N symbols (``53..7....6..195...``), ``.`` or ``0`` blank;
- one line of N*N integers separated by commas (the one-line form for N > 35);
- a grid over N lines; spaces, the separators ``| - +`` and the mark ``*`` of a given are
  ignored, so a printed board pastes back; rows of integers separated by spaces or commas are read as integers;
- JSON rows of strings (``[["5","3","."],...]``) or of integers (0 = blank);
- variants: a puzzle document (a JSON object, ``{"size": 9, "givens": ..., "constraints": [...]}``,
  see ``document.py``), a jigsaw as two lines (the givens, then N*N region labels), and an
  f-puzzles / SudokuPad share string or link (see ``fpuzzles.py``), a Penpa+ link (see ``penpa/``).

Symbols are ``1``-``9`` then ``A``-``Z`` (A = 10) unless ``symbols`` names another alphabet,
whose i-th character is digit i+1 (then only ``.`` is blank, or ``0`` when it is not a symbol).

>>> b = parse_puzzle("1.3...4.3.4.2.1.")
>>> format_line(b)
'1.3...4.3.4.2.1.'
>>> parse_puzzle(format_grid(b)) == b
True
"""

from __future__ import annotations

import json
import math
import re

from ..core.board import MAX_SIZE, MIN_SIZE, Board, PuzzleError, Rules, Shape, cell_name
from ..constraints import candidates as sukaku
from . import document, fpuzzles, penpa, sudocue, sudokupad
from .jsontext import MAX_JSON_DEPTH, SHOWN_CHARS, is_whole  # noqa: F401 (part of this module's interface)
from .jsontext import BigInt as _BigInt
from .jsontext import load_json
from .jsontext import show as _show

DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SEPARATORS = "|-+*"  # box lines, and the mark of a given in a printed solution (``5*``)

# Hard limits (the largest N is board.MAX_SIZE = 64). Anything beyond is refused with a message,
# never attempted. A 64x64 puzzle needs at most ~12,300 characters on one line (4096 cells,
# comma-separated) and ~30,000 as JSON, so these leave room for generous spacing. A file read
# as a stream (``puzzle_files.iter_entries``) has no size limit: only each line and each
# puzzle are bounded, and an over-long line is reported without being held in memory whole.
MAX_LINE_CHARS = 100_000  # longest line read
MAX_PUZZLE_CHARS = 1_000_000  # longest puzzle text read
# NUL, and the lone surrogates by which Python's "surrogateescape" marks bytes that are not UTF-8
_NOT_TEXT = re.compile("[\x00\udc80-\udcff]")


def _non_ascii_hint(ch: str) -> str:
    """Why a character that looks fine is refused: a non-ASCII digit or letter, or bytes not UTF-8."""
    if "\udc80" <= ch <= "\udcff":
        return f" (byte 0x{ord(ch) - 0xDC00:02X} is not UTF-8 text)"
    if not ch.isascii() and (ch.isdigit() or ch.isnumeric()):
        return " (a non-ASCII digit: write ASCII 0-9)"
    if not ch.isascii() and ch.isalpha():
        return " (a non-ASCII letter: write ASCII A-Z)"
    return ""


SYNTAX_CHARS = SEPARATORS + ".#,[]{}"  # blank, separators, comments, integer rows, JSON


def check_symbols(symbols: str, size: int | None = None) -> str:
    """``symbols`` if it can be an alphabet (of at least ``size`` digits), else a :class:`PuzzleError`.

    Symbols are distinct characters, none of them whitespace or syntax: the blank ``.``, the
    separators ``|-+*``, ``#`` (comments), ``,`` (integer rows), brackets (JSON).

    >>> check_symbols("0123456789ABCDEF", 16)
    '0123456789ABCDEF'
    >>> check_symbols("#234")
    Traceback (most recent call last):
    ...
    sudoku_cp.core.shape.PuzzleError: --symbols '#234': '#' cannot be a symbol (it is part of the syntax: blank '.', separators '|-+*', '#', ',', brackets)
    """
    if not symbols:
        raise PuzzleError("--symbols '': expected distinct characters, one per digit")
    bad = next((s for s in symbols if s.isspace() or s in SYNTAX_CHARS), None)
    if bad is not None:
        raise PuzzleError(f"--symbols {_show(symbols)}: {bad!r} cannot be a symbol (it is part of the "
                          f"syntax: blank '.', separators '|-+*', '#', ',', brackets)")
    if len(set(symbols)) != len(symbols):
        twice = next(s for i, s in enumerate(symbols) if s in symbols[:i])
        raise PuzzleError(f"--symbols {_show(symbols)}: {twice!r} appears twice: expected distinct "
                          f"characters, one per digit")
    if size is not None and len(symbols) < size:
        raise PuzzleError(f"--symbols {_show(symbols)}: {len(symbols)} symbols: expected at least "
                          f"{size} for a {size}x{size} grid")
    return symbols


def _alphabet(symbols: str | None) -> tuple[dict[str, int], str]:
    """Map symbol -> digit (0 for blank) and the blanks' description for messages."""
    if symbols is None:
        table = {s: i + 1 for i, s in enumerate(DEFAULT_SYMBOLS)}
        table["."] = table["0"] = 0
        return table, "'.' or '0'"
    check_symbols(symbols)
    table = {s: i + 1 for i, s in enumerate(symbols)}
    table["."] = 0
    blanks = "'.'"
    if "0" not in table:
        table["0"] = 0
        blanks = "'.' or '0'"
    return table, blanks


def _symbol_digit(ch: str, table: dict[str, int], blanks: str, size: int, where: str,
                  symbols: str | None) -> int:
    digit = table.get(ch)
    if digit is None:
        hint = _non_ascii_hint(ch)
        if ch.isascii() and ch.isalpha() and ch.upper() in table and ch != ch.upper():
            hint = " (letters are upper-case)"
        allowed = (symbols or DEFAULT_SYMBOLS)[:size]
        raise PuzzleError(
            f"{where}: unknown symbol {ch!r}{hint}: expected one of {allowed!r} or {blanks} for blank"
        )
    if digit > size:
        raise PuzzleError(
            f"{where}: symbol {ch!r} means {digit}, out of range for a {size}x{size} grid: "
            f"expected a digit 1..{size} ({(symbols or DEFAULT_SYMBOLS)[:size]!r}) or {blanks} for blank"
        )
    return digit


def _size_from_count(count: int, what: str) -> int:
    n = math.isqrt(count)
    if n * n != count or not MIN_SIZE <= n <= MAX_SIZE:
        near = ", ".join(str(k * k) for k in (4, 6, 9, 16, 25))
        raise PuzzleError(
            f"{what}: got {count} cells, expected N*N for N from {MIN_SIZE} to {MAX_SIZE} "
            f"({near}, ...)"
        )
    return n


def _int_token(tok: str, size: int, where: str) -> int:
    if tok == ".":
        return 0
    if not (tok.isascii() and tok.isdigit()):
        hint = next((h for h in map(_non_ascii_hint, tok) if h), "")
        raise PuzzleError(f"{where}: {_show(tok)} is not a number{hint}: "
                          f"expected an integer 0..{size} (0 or '.' = blank)")
    digits = tok.lstrip("0") or "0"
    if len(digits) > len(str(size)) or int(digits) > size:  # no int() of a 10,000-digit token
        raise PuzzleError(f"{where}: {_show(tok)} is out of range for a {size}x{size} grid: "
                          f"expected 0..{size}")
    return int(digits)


def _shape(size: int, box: tuple[int, int] | None, where: str) -> Shape:
    """The shape of a size, its error (no box shape fits, --box does not match) naming the place."""
    try:
        return Shape.for_size(size, box)
    except PuzzleError as exc:
        raise PuzzleError(f"{where}: {exc}") from None


def _parse_json(text: str, box, symbols, first_line: int = 1) -> Board:
    data = load_json(text, first_line, "a list of rows, each a list of cells")
    if not isinstance(data, list) or not data or not all(isinstance(row, list) for row in data):
        raise PuzzleError(f"line {first_line}: JSON puzzle: expected a list of rows, each a list of cells")
    for r, row in enumerate(data):
        for c, value in enumerate(row):
            if isinstance(value, (list, dict)):
                raise PuzzleError(f"cell {cell_name(r, c)}: JSON nested too deep ({_show(json.dumps(value))}): "
                                  f"expected a list of rows, each a list of cells (digit strings or integers)")
    shape = _shape(len(data), box, f"line {first_line}: JSON puzzle")
    n = shape.size
    table, blanks = _alphabet(symbols)
    cells: list[int] = []
    for r, row in enumerate(data):
        if len(row) != n:
            raise PuzzleError(f"JSON row {r + 1} has {len(row)} cells: expected {n}")
        for c, value in enumerate(row):
            where = f"cell {cell_name(r, c)}"
            if isinstance(value, _BigInt):
                raise PuzzleError(f"{where}: {_show(value)} is out of range: expected 0..{n} (0 = blank)")
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise PuzzleError(f"{where}: {_show(json.dumps(value))} is neither a digit string nor "
                                  f"an integer: expected 0..{n} or a symbol")
            if isinstance(value, int):
                if not 0 <= value <= n:
                    raise PuzzleError(f"{where}: {value} is out of range: expected 0..{n} (0 = blank)")
                cells.append(value)
            elif len(value) == 1:
                cells.append(_symbol_digit(value, table, blanks, n, where, symbols))
            else:
                cells.append(_int_token(value, n, where))
    return Board(shape, tuple(cells))


def _strip_row(line: str) -> list[tuple[int, str]]:
    """The (column, character) pairs of a grid row, separators and spaces dropped."""
    return [(i, ch) for i, ch in enumerate(line) if not ch.isspace() and ch not in SEPARATORS]


_SIGNED = re.compile(r"(?<![^\s,])[-+]\d+(?![^\s,])")  # a whole token: a sign, then digits


def _refuse_signed(line: str, lineno: int) -> None:
    """A signed number (``-2``, ``+4``) is an error naming its place, not a separator and a digit."""
    signed = _SIGNED.search(line)
    if signed:
        raise PuzzleError(f"line {lineno}, column {signed.start() + 1}: {_show(signed.group())} is a "
                          f"signed number: expected a digit or an integer without a sign "
                          f"(0 or '.' = blank)")


def _int_tokens(line: str) -> list[tuple[int, str]]:
    return [
        (m.start(), m.group())
        for m in re.finditer(r"[^\s,]+", line)
        if not all(ch in SEPARATORS for ch in m.group())
    ]


def cell_count(line: str) -> int:
    """How many cells a line of a grid holds: tokens when spaced or comma-separated, else symbols."""
    stripped = line.strip()
    if any(ch.isspace() or ch == "," for ch in stripped):
        return len(_int_tokens(stripped))
    return len(_strip_row(stripped))


# The fast path of the common form: one line of N*N default symbols (N <= 35), nothing else.
_FAST_MAX = len(DEFAULT_SYMBOLS)
_FAST_TABLE = bytes(0 if chr(b) in ".0" else DEFAULT_SYMBOLS.find(chr(b)) + 1 or 0xFF
                    for b in range(256))  # byte -> digit; 0xFF: not a symbol of the fast path
_FAST_SHAPES: dict[tuple[int, tuple[int, int] | None], tuple[Shape, Rules] | None] = {}


def parse_symbol_line(text: str, box: tuple[int, int] | None = None) -> Board | None:
    """The board of ``text`` when it is exactly one line of N*N default symbols (``.``/``0`` blank)
    that :func:`parse_puzzle` accepts, built without per-cell work; None for anything else.

    It never raises: whatever it does not accept outright (another form, a bad symbol, a digit
    too large for N, a box shape that does not fit) is left to the general parser, which gives
    the same board or the error naming the place. :func:`parse_puzzle` tries it first.

    >>> parse_symbol_line("1.3...4.3.4.2.1.") == parse_puzzle("1.3...4.3.4.2.1."), parse_symbol_line("1 3.")
    (True, None)
    """
    n = math.isqrt(len(text))
    if n * n != len(text) or not MIN_SIZE <= n <= _FAST_MAX or not text.isascii():
        return None
    if len(text) == 729 and sukaku.looks_like_sukaku(text):  # pencil marks, not a 27x27
        return None
    cells = tuple(text.encode("ascii").translate(_FAST_TABLE))
    if max(cells) > n:  # a character that is not a symbol, or a digit above N
        return None
    if box is not None:
        rows, cols = box
        box = (rows, cols)
    known = _FAST_SHAPES.get((n, box), False)
    if isinstance(known, bool):  # not seen yet
        try:
            shape = Shape.for_size(n, box)
            known = (shape, Rules.classic(shape))
        except PuzzleError:
            known = None
        if len(_FAST_SHAPES) < 1024:
            _FAST_SHAPES[n, box] = known
    if known is None:
        return None
    return Board.unchecked(known[0], cells, known[1])


def parse_puzzle(text: str, box: tuple[int, int] | None = None, symbols: str | None = None,
                 first_line: int = 1) -> Board:
    """Parse one puzzle in any supported form; raise :class:`PuzzleError` naming where it is wrong.

    ``first_line`` is the file line the text starts on, so messages point into the file. The
    common one-line form goes through :func:`parse_symbol_line` first (the same board, faster).

    >>> parse_puzzle('[[1,0,0,0],[0,0,1,0],[0,1,0,0],[0,0,0,1]]').givens()[:2]
    [(0, 0, 1), (1, 2, 1)]
    """
    if symbols is None:
        board = parse_symbol_line(text, box)
        if board is not None:
            return board
    return parse_general(text, box, symbols, first_line)


def _read_fpuzzles(data: dict, box: tuple[int, int] | None, first_line: int) -> Board:
    """f-puzzles' JSON itself, pasted or on a line of a file (its keys and drawings: :func:`.sudokupad.fpuz.read`)."""
    from .sudokupad import fpuz

    return fpuz.read(data, box, first_line, "f-puzzles JSON")


def _read_givens(givens: str | list, box: tuple[int, int] | None, symbols: str | None,
                 first_line: int) -> Board:
    """The givens of a puzzle document: a string in any classic form, or JSON rows."""
    if isinstance(givens, list):
        return _parse_json(json.dumps(givens), box, symbols, first_line)
    if givens.lstrip()[:1] == "{":
        raise PuzzleError(f"line {first_line}: \"givens\" holds a puzzle document: expected the "
                          f"givens in one-line form or as JSON rows")
    return parse_general(givens, box, symbols, first_line)


def parse_general(text: str, box: tuple[int, int] | None = None, symbols: str | None = None,
                  first_line: int = 1) -> Board:
    """:func:`parse_puzzle` without the fast path: every form, every check, one cell at a time."""
    if len(text) > MAX_PUZZLE_CHARS:
        raise PuzzleError(f"line {first_line}: a puzzle text of more than {MAX_PUZZLE_CHARS} characters: "
                          f"expected at most {MAX_PUZZLE_CHARS}")
    text = text.lstrip("\ufeff")
    if len(text) > MAX_LINE_CHARS:  # every form, JSON too: a file cuts such a line, so one message for both
        for lineno, line in enumerate(text.split("\n"), start=first_line):
            if len(line.rstrip("\r")) > MAX_LINE_CHARS:
                raise PuzzleError(f"line {lineno} is longer than {MAX_LINE_CHARS} characters: expected a "
                                  f"puzzle line of at most {MAX_LINE_CHARS}")
    bad = _NOT_TEXT.search(text)
    if bad:
        at = bad.start()
        bad_line = text.count("\n", 0, at) + first_line
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        what = "a NUL byte" if bad.group() == "\x00" else f"byte 0x{ord(bad.group()) - 0xDC00:02X}, not UTF-8,"
        raise PuzzleError(f"line {bad_line}, column {col}: {what} in the input: expected UTF-8 text")
    if not text.strip():
        raise PuzzleError(f"line {first_line}: empty input: expected a puzzle (81 symbols for a 9x9, "
                          f"or a grid, or JSON rows)")
    start = text.lstrip()[:1]
    if start == "{":
        return document.parse_document(text, _read_givens, box, symbols, first_line, _read_fpuzzles)
    if start == "[":
        return _parse_json(text, box, symbols, first_line)
    if penpa.looks_like(text):
        return penpa.read(text, box, first_line)
    if sudokupad.looks_like(text):
        return sudokupad.read(text, box, first_line)
    if fpuzzles.looks_like_share(text):
        from .sudokupad import fpuz

        return fpuz.read(fpuzzles.decode(text, first_line), box, first_line)
    if sudocue.looks_like_sudocue(text):
        return sudocue.parse_sudocue(text, _read_givens, box, first_line)
    numbered = [
        (first_line + i, line.rstrip("\r"))
        for i, line in enumerate(text.split("\n"))
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not numbered:
        raise PuzzleError(f"line {first_line}: only comments: expected a puzzle after the '#' lines")
    for lineno, line in numbered:
        _refuse_signed(line, lineno)
    if len(numbered) == 2 and cell_count(numbered[0][1]) >= MIN_SIZE * MIN_SIZE:
        (lineno, givens), (_, regions) = numbered  # a jigsaw: the givens, then the region labels
        return document.parse_two_lines(givens, regions, _read_givens, box, symbols, lineno)
    table, blanks = _alphabet(symbols)
    if len(numbered) == 1:
        lineno, line = numbered[0]
        if sukaku.looks_like_sukaku(line):  # pencil marks: 9 places per cell
            from ..core.variants import build

            marks = sukaku.from_line(line.strip(), f"line {lineno}")
            shape = _shape(9, box, f"line {lineno}")
            return Board.unchecked(shape, (0,) * 81, build(shape, constraints=[marks]))
        if "," in line:
            tokens = _int_tokens(line)
            n = _size_from_count(len(tokens), f"line {lineno}")
            shape = _shape(n, box, f"line {lineno}")
            cells = [
                _int_token(tok, n, f"line {lineno}, column {col + 1} ({cell_name(k // n, k % n)})")
                for k, (col, tok) in enumerate(tokens)
            ]
            return Board(shape, tuple(cells))
        chars = _strip_row(line)
        n = _size_from_count(len(chars), f"line {lineno}: a one-line puzzle")
        shape = _shape(n, box, f"line {lineno}")
        cells = [
            _symbol_digit(ch, table, blanks, n,
                          f"line {lineno}, column {col + 1} ({cell_name(k // n, k % n)})", symbols)
            for k, (col, ch) in enumerate(chars)
        ]
        return Board(shape, tuple(cells))
    # A grid: rows are the lines that keep something once separators are dropped.
    rows = [(lineno, line) for lineno, line in numbered if _strip_row(line)]
    if not rows:
        raise PuzzleError(f"lines {numbered[0][0]}-{numbered[-1][0]}: only separators ({SEPARATORS!r}): "
                          f"expected a puzzle")
    n = len(rows)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise PuzzleError(
            f"a grid of {n} rows (lines {rows[0][0]}-{rows[-1][0]}): expected N rows for N from "
            f"{MIN_SIZE} to {MAX_SIZE}, or one puzzle per line"
        )
    shape = _shape(n, box, f"lines {rows[0][0]}-{rows[-1][0]}")
    integer_rows = any("," in line for _, line in rows) or any(
        len(toks) == n and any(len(tok) > 1 and tok.isdigit() for _, tok in toks)
        for toks in (_int_tokens(line) for _, line in rows)
    )
    cells = []
    for r, (lineno, line) in enumerate(rows):
        tokens = _int_tokens(line) if integer_rows else _strip_row(line)
        if len(tokens) != n:
            unit = "numbers" if integer_rows else "symbols"
            raise PuzzleError(
                f"line {lineno}: row {r + 1} has {len(tokens)} {unit}: expected {n} "
                f"(the grid has {n} rows; rows must be equally long)"
            )
        for c, (col, tok) in enumerate(tokens):
            where = f"line {lineno}, column {col + 1} ({cell_name(r, c)})"
            if integer_rows:
                cells.append(_int_token(tok, n, where))
            else:
                cells.append(_symbol_digit(tok, table, blanks, n, where, symbols))
    return Board(shape, tuple(cells))


_LINE_TABLE = bytes.maketrans(bytes(range(len(DEFAULT_SYMBOLS) + 1)), b"." + DEFAULT_SYMBOLS.encode())


def _symbol_table(size: int, symbols: str | None) -> str | None:
    alphabet = symbols or DEFAULT_SYMBOLS
    return alphabet if len(alphabet) >= size else None


def format_line(board: Board, symbols: str | None = None) -> str:
    """The one-line form: N*N symbols with ``.`` for blank, or comma-separated integers when N > 35.

    >>> format_line(parse_puzzle("1234341221434321"))
    '1234341221434321'
    """
    if symbols is None and board.size <= len(DEFAULT_SYMBOLS):  # the fast path: a byte table
        return bytes(board.cells).translate(_LINE_TABLE).decode("ascii")
    alphabet = _symbol_table(board.size, symbols)
    if alphabet is None:
        return ",".join(str(d) for d in board.cells)
    return "".join(alphabet[d - 1] if d else "." for d in board.cells)


def format_grid(board: Board, symbols: str | None = None, style=None) -> str:
    """A printed board with box lines; ``style(row, col, text)`` may decorate each cell.

    Box lines only when the rules have boxes (a jigsaw's grid has none: see
    :func:`format_regions`). The result parses back to the same givens.
    """
    n = board.size
    alphabet = _symbol_table(n, symbols)
    width = 1 if alphabet is not None else len(str(n))
    box_r, box_c = board.box if board.rules.box else (n, n)
    lines = []
    for r in range(n):
        if r and r % box_r == 0:
            group = "-" * (box_c * (width + 1) - 1)
            lines.append("-+-".join([group] * (n // box_c)))
        parts = []
        for c in range(n):
            d = board[r, c]
            text = (alphabet[d - 1] if alphabet is not None else str(d)) if d else "."
            text = text.rjust(width)
            if style is not None:
                text = style(r, c, text)
            if c and c % box_c == 0:
                parts.append("|")
            parts.append(text)
        lines.append(" ".join(parts))
    return "\n".join(lines)


def format_regions(board: Board) -> str | None:
    """A jigsaw's regions as a grid of labels (``a``, ``b``, ... as in its two-line form), or None
    when the rules have no irregular regions.

    >>> print(format_regions(parse_puzzle("." * 16 + "\\n" + "aabbaabbccddccdd")))
    a a b b
    a a b b
    c c d d
    c c d d
    """
    if not any(u.kind == "region" for u in board.rules.units):
        return None
    n = board.size
    region = board.rules.region_of
    labels = document.LABELS if n <= len(document.LABELS) else None
    width = 1 if labels else len(str(n))
    return "\n".join(" ".join((labels[region[r * n + c]] if labels else str(region[r * n + c] + 1)).rjust(width)
                              for c in range(n)) for r in range(n))


def format_document(board: Board, symbols: str | None = None) -> str:
    """A board as a one-line puzzle document (what files of variant puzzles hold)."""
    return json.dumps(document.document(board, format_line(board, symbols)), separators=(", ", ": "))


def format_puzzle(board: Board, symbols: str | None = None) -> str:
    """The one line that reads back as this puzzle: the one-line form for classic rules, a puzzle
    document for variants (so a printed puzzle keeps its rules).

    >>> format_puzzle(parse_puzzle("1.3...4.3.4.2.1."))
    '1.3...4.3.4.2.1.'
    """
    if board.rules.is_classic:
        return format_line(board, symbols)
    return format_document(board, symbols)


def format_json_rows(board: Board, symbols: str | None = None) -> list[list[str]]:
    """Rows of one-symbol strings, ``"."`` for blank (the classic "valid sudoku" exercise form)."""
    alphabet = _symbol_table(board.size, symbols)
    return [
        [(alphabet[d - 1] if alphabet is not None else str(d)) if d else "." for d in row]
        for row in board.rows()
    ]


def format_int_rows(board: Board) -> str:
    """Rows of space-separated integers, 0 for blank (the form for any N)."""
    width = len(str(board.size))
    return "\n".join(" ".join(str(d).rjust(width) for d in row) for row in board.rows())
