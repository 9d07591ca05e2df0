"""Parsing and formatting: every form round-trips, bad input names the place and what was expected."""

from __future__ import annotations

import json
import random

import pytest

from gridgen import random_solved_rows, blank_out
from sudoku_cp import Board, PuzzleError, Shape, format_grid, format_json_rows, format_line, parse_puzzle
from sudoku_cp.examples import CLASSIC_ROWS, classic
from sudoku_cp.formats.text import format_int_rows, iter_entries

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
