"""Parsing and formatting: every form round-trips, bad input names the place and what was expected."""

from __future__ import annotations

import json
import random

import pytest
from gridgen import blank_out, random_solved_rows

from sudoku_cp import Board, PuzzleError, Shape, format_grid, format_json_rows, format_line, parse_puzzle
from sudoku_cp.examples import CLASSIC_ROWS, classic
from sudoku_cp.formats.puzzle_files import iter_entries
from sudoku_cp.formats.text import format_int_rows

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8)]


def boards(seed=1):
    rng = random.Random(seed)
    for br, bc in SHAPES:
        yield Board.from_rows(blank_out(random_solved_rows(br, bc, rng), 0.5, rng), (br, bc))


@pytest.mark.parametrize("board", list(boards()), ids=lambda b: f"{b.size}x{b.size}-{b.box}")
def test_every_form_round_trips(board):
    box = board.box
    assert parse_puzzle(format_line(board), box) == board
    assert parse_puzzle(format_grid(board), box) == board
    assert parse_puzzle(format_int_rows(board), box) == board
    assert parse_puzzle(json.dumps(format_json_rows(board)), box) == board
    assert parse_puzzle(json.dumps(board.rows()), box) == board


def test_classic_json_rows_parse_to_the_classic_board():
    board = parse_puzzle(json.dumps(CLASSIC_ROWS))
    assert board == classic()
    assert format_json_rows(board) == CLASSIC_ROWS


def test_symbols_alphabet_round_trips():
    hexa = "0123456789ABCDEF"
    board = next(b for b in boards(3) if b.size == 16)
    text = format_line(board, hexa)
    assert "0" in text  # digit 1 is written 0 in this alphabet
    assert parse_puzzle(text, symbols=hexa) == board
    assert parse_puzzle(format_grid(board, hexa), symbols=hexa) == board


def test_large_grids_use_integers_in_one_line_form():
    board = next(b for b in boards(4) if b.size == 49)
    line = format_line(board)
    assert "," in line and parse_puzzle(line) == board


def test_pasted_grid_with_separators_and_crlf_and_bom():
    text = "\ufeff" + format_grid(classic()).replace("\n", "\r\n")
    assert parse_puzzle(text) == classic()


def test_default_box_shapes():
    assert parse_puzzle("." * 36).box == (2, 3)
    assert parse_puzzle("." * 36, box=(3, 2)).box == (3, 2)
    assert parse_puzzle("." * 144).box == (3, 4)


@pytest.mark.parametrize("text, box, fragment", [
    ("1" * 80, None, "got 80 cells"),
    ("." * 82, None, "got 82 cells"),
    ("A" + "." * 80, None, "out of range for a 9x9"),
    ("a" + "." * 80, None, "unknown symbol 'a' (letters are upper-case)"),
    ("?" + "." * 80, None, "line 1, column 1 (r1c1): unknown symbol '?'"),
    ("\uff11" + "." * 80, None, "unknown symbol"),
    ("12.4\n3.1\n....\n....", None, "line 2: row 2 has 3 symbols: expected 4"),
    ("." * 49, None, "fits no box shape"),
    ("." * 36, (2, 2), "box shape 2x2 does not fit a 6x6 grid"),
    ("." * 9, None, "N from 4 to 64"),
    ("\n".join(["0 " * 65] * 65), None, "65 rows"),
    ("", None, "empty input"),
    ("   \n \n", None, "empty input"),
    ('[["1", "2"], ["3"]]', None, "outside the supported range"),
    ('[[1,2,3,4],[1,2,3,4],[1,2,3,4],[1,2,3,5]]', None, "cell r4c4: 5 is out of range"),
    ('[[1,2,3,4],[1,2,3,4],[1,2,3,4],[1,2,3]]', None, "JSON row 4 has 3 cells: expected 4"),
    ('[[1,2,3,4],[1,2', None, "malformed JSON"),
])
def test_bad_input_says_where_and_what(text, box, fragment):
    with pytest.raises(PuzzleError) as err:
        parse_puzzle(text, box)
    assert isinstance(err.value, ValueError)
    assert fragment in str(err.value)


def test_shape_bounds():
    with pytest.raises(PuzzleError, match="N from 4 to 64"):
        Shape.for_size(100)
    with pytest.raises(PuzzleError, match="R \\* C = 12"):
        Shape.for_size(12, (3, 3))


def test_file_entries_keep_line_numbers_and_errors():
    lines = ["# comment", "1234341221434321", "", "12.4", "3.1.", "....", "....", "", "bad"]
    entries = list(iter_entries(lines))
    assert [(e.index, e.line) for e in entries] == [(0, 2), (1, 4), (2, 9)]
    assert entries[0].board is not None and entries[1].board.size == 4
    assert entries[2].board is None and "line 9" in entries[2].error


@pytest.mark.parametrize("good", [3, 25, 50, 70])
def test_a_bad_line_among_one_line_puzzles_costs_only_itself(good):
    line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    lines = [line] * (good // 2) + ["12345"] + [line] * (good - good // 2)
    entries = list(iter_entries(lines))
    assert len(entries) == good + 1
    assert [e.line for e in entries if e.error] == [good // 2 + 1]


# --- the fast paths: the same answers as the general code --------------------------------------

def _parsed(parse, text, box, first_line):
    try:
        return parse(text, box, None, first_line=first_line)
    except PuzzleError as exc:
        return str(exc)


def test_the_one_line_fast_path_gives_the_general_parsers_board_or_error():
    from sudoku_cp.formats.text import parse_general, parse_symbol_line

    rng = random.Random(5)
    alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.0" * 4 + "az #|-+,[{\n\r\t\x00\ufeff\u00e9\u0663"
    texts = ["." * 16, "0" * 81, "1.3...4.3.4.2.1.", "5" * 80, "", "#" + "." * 15, "." * 1296, "Z" * 1225]
    for _ in range(3000):
        n = rng.choice([4, 5, 6, 8, 9, 10, 12, 16, 25, 35, 36])
        cells = n * n + rng.choice([0, 0, 0, 0, -1, 1])
        pool = rng.choice([alphabet, ".123456789", ".1234", ".123456789ABCDEFG"])
        texts.append("".join(rng.choice(pool) for _ in range(max(cells, 0))))
    fast = 0
    for text in texts:
        for box in (None, (2, 2), (2, 3), (3, 3), (4, 4), (2, 5)):
            line = rng.randint(1, 99)
            general = _parsed(parse_general, text, box, line)
            assert _parsed(parse_puzzle, text, box, line) == general, (text, box)
            board = parse_symbol_line(text, box)
            if board is not None:
                fast += 1
                assert board == general and board.rules is general.rules
    assert fast > 500  # the fast path took part


def test_record_line_is_the_general_writers_text():
    from sudoku_cp import Result, Status
    from sudoku_cp.core.check import find_conflicts
    from sudoku_cp.examples import classic_invalid
    from sudoku_cp.formats.records import dumps, record, record_line

    puzzle, solution = classic(), parse_puzzle(format_line(classic()).replace(".", "1"))  # any grid will do
    big = Board.empty(Shape(6, 6))
    results = []
    for status in Status:
        for board in (puzzle, big, Board.empty(Shape(2, 3))):
            results += [
                Result(status, board),
                Result(status, board, solution=board, count=2, complete=False, backend="sat:cadical195",
                       time_s=0.000123456789, index=7, line=9),
                Result(status, board, solution=None, count=0, complete=True, backend='external:/odd "path"',
                       time_s=1.5, index=0, line=1),
                Result(status, board, count=1, complete=True, backend="dfs", time_s=2, stats={"nodes": 3}),
                Result(status, board, backend="sat", error="solver failure: boom"),
                Result(status, board, backend="all", time_s=0.1,
                       backends=[Result(Status.UNIQUE, board, backend="dfs")]),
                Result(status, board, count=True, complete=1, index=False, time_s=1e-9),
            ]
    results.append(Result(Status.ERROR, None, error="line 3: bad", index=2, line=3))
    results.append(Result(Status.INVALID, classic_invalid(), conflicts=find_conflicts(classic_invalid())))
    results.append(Result(Status.SOLVED, puzzle, solution=solution, backend="sat", time_s=0.25))
    for result in results:
        for symbols in (None, "ABCDEFGHI"):
            if symbols and result.puzzle is not None and result.puzzle.size != 9:
                continue
            assert record_line(result, symbols) == dumps(record(result, symbols)), result
