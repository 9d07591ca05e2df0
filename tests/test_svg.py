"""board_svg: well-formed SVG, one text per filled cell, marked cells drawn, Jupyter hook."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sudoku_cp import examples
from sudoku_cp.core.board import Board, Shape
from sudoku_cp.formats.svg import board_svg
from sudoku_cp.formats.text import parse_puzzle

NS = "{http://www.w3.org/2000/svg}"


def parts(svg: str):
    root = ET.fromstring(svg)
    texts = [e.text for e in root.iter(f"{NS}text") if e.get("class") not in ("label", "candidate")]
    marks = [e for e in root.iter(f"{NS}rect") if e.get("class") == "mark"]
    seconds = [e for e in root.iter(f"{NS}rect") if e.get("class") == "mark2"]
    return texts, marks, seconds


def test_one_text_per_filled_cell_and_marks():
    board = examples.classic()
    texts, marks, _ = parts(board_svg(board, marked=[(0, 0), (4, 4)]))
    assert len(texts) == len(board.givens()) and sorted(texts) == sorted(str(d) for _, _, d in board.givens())
    assert {(int(m.get("y")) // 36, int(m.get("x")) // 36) for m in marks} == {(0, 0), (4, 4)}


def test_solution_fills_every_cell_and_title_escaped():
    solution = parse_puzzle(examples.CLASSIC_SOLUTION)
    texts, _, seconds = parts(board_svg(examples.classic(), solution, secondary=[(1, 1)], title="a < b"))
    assert len(texts) == 81 + 1 and "a < b" in texts and len(seconds) == 1


def test_large_boards_use_numbers_and_jupyter_hook():
    board = Board.empty(Shape(6, 6)).with_givens([(0, 0, 36), (1, 1, 10)])
    texts, _, _ = parts(board_svg(board))
    assert sorted(texts) == ["10", "36"]
    hexa = Board.empty(Shape(4, 4)).with_givens([(0, 0, 16)])
    assert parts(board_svg(hexa))[0] == ["G"]
    assert board._repr_svg_() == board_svg(board)
