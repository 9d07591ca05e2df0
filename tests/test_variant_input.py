"""Variant puzzles in and out: puzzle documents, two-line jigsaws, f-puzzles / SudokuPad share
strings, the CLI on them, text and pictures, and every bad variant input refused with exit 2 and
one line that names the place and what was expected."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lzstring
import pytest

from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, PuzzleError, Shape
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.variants import build
from sudoku_cp.formats.fpuzzles import decode, looks_like_share, share_link, share_string, to_fpuzzles
from sudoku_cp.formats.records import dumps, record
from sudoku_cp.formats.svg import board_svg, cage_outline
from sudoku_cp.formats.puzzle_files import iter_entries
from sudoku_cp.formats.text import format_document, format_grid, format_line, format_puzzle, parse_puzzle

EMPTY9 = "." * 81
# A 9x9 jigsaw layout: the boxes with four pairs of cells swapped between neighbouring regions.
JIGSAW9 = "aaabbbcccaaabbbcccdababbcccaddeeefffdddeeefffdddeehffiggghheiifggghhhiiiggghhhiii"
# The same layout on a 4x4 for quick solving: regions are not the 2x2 boxes.
JIGSAW4 = "aabbacbbaccdcddd"
X4 = json.dumps({"size": 4, "givens": "1...............", "constraints": [{"type": "diagonal"}]})
# A 4x4 killer with no givens and one solution (4312214334211234), checked by brute force when made.
KILLER4 = json.dumps({"givens": "." * 16, "constraints": [
    {"type": "killer", "cells": [[0, 0], [1, 0], [2, 0]], "sum": 9},
    {"type": "killer", "cells": [[0, 1], [0, 2]], "sum": 4},
    {"type": "killer", "cells": [[0, 3], [1, 3], [1, 2]], "sum": 9},
    {"type": "killer", "cells": [[1, 1], [2, 1], [2, 2]], "sum": 7},
    {"type": "killer", "cells": [[2, 3], [3, 3]], "sum": 5},
    {"type": "killer", "cells": [[3, 0], [3, 1], [3, 2]], "sum": 6}]})


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def every_rule() -> list[Board]:
    """One board for each rule and a few combinations, built by the factory."""
    s9, s4 = Shape(3, 3), Shape(2, 2)
    g9 = parse_puzzle("5" + EMPTY9[1:-1] + "9")
    out = [Board.unchecked(s9, g9.cells, build(s9, **options)) for options in (
        {"diagonal": "both"}, {"diagonal": "main"}, {"diagonal": "anti"}, {"windoku": True},
        {"regions": list(JIGSAW9)}, {"antiknight": True}, {"antiking": True}, {"nonconsecutive": True},
        {"cages": [([(0, 0), (0, 1), (1, 0)], 15), ([(8, 8), (8, 7)], None)]},
        {"regions": list(JIGSAW9), "diagonal": "both", "cages": [([(4, 4), (4, 5)], 9)], "antiking": True},
        {"windoku": True, "diagonal": "anti", "antiknight": True, "nonconsecutive": True})]
    out.append(Board.unchecked(s4, (1,) + (0,) * 15, build(s4, regions=list(JIGSAW4))))
    return out


# --- puzzle documents -------------------------------------------------------------------------

@pytest.mark.parametrize("board", every_rule(), ids=lambda b: b.rules.name + str(b.size))
def test_document_round_trip(board):
    text = format_document(board)
    back = parse_puzzle(text)
    assert back == board and back.rules == board.rules and back.rules.name == board.rules.name
    assert format_puzzle(board) == text and "\n" not in text


def test_document_forms_of_givens_and_regions():
    rows = [[1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]
    a = parse_puzzle(json.dumps({"givens": rows, "regions": ["aabb", "acbb", "accd", "cddd"]}))
    b = parse_puzzle(json.dumps({"size": 4, "givens": "1... .... .... ....", "regions": "aabb acbb accd cddd"}))
    c = parse_puzzle(json.dumps({"givens": "1" + "." * 15, "regions": [[0, 0, 1, 1], [0, 2, 1, 1],
                                                                        [0, 2, 2, 3], [2, 3, 3, 3]]}))
    assert a == b == c and a.rules == b.rules == c.rules and a.rules.name == "jigsaw"
    assert not a.rules.box and a.rules.region_of[5] == a.rules.region_of[9]


def test_document_diagonals_combine_and_default_to_both():
    both = parse_puzzle(json.dumps({"givens": EMPTY9, "constraints": [{"type": "diagonal"}]}))
    parts = parse_puzzle(json.dumps({"givens": EMPTY9, "constraints": [
        {"type": "diagonal", "which": "main"}, {"type": "diagonal", "which": "anti"}]}))
    assert both.rules == parts.rules
    assert [u.kind for u in both.rules.units[27:]] == ["diagonal", "anti-diagonal"]


def test_classic_document_is_the_classic_board():
    board = parse_puzzle(json.dumps({"givens": "1" + "." * 15}))
    assert board == parse_puzzle("1" + "." * 15) and board.rules.is_classic


def test_document_box_and_box_option():
    board = parse_puzzle(json.dumps({"givens": "." * 36, "box": [3, 2]}))
    assert board.box == (3, 2)
    assert parse_puzzle(json.dumps({"givens": "." * 36}), box=(3, 2)).box == (3, 2)
    with pytest.raises(PuzzleError, match=r"line 1: the document's box 3x2 differs from --box 2x3"):
        parse_puzzle(json.dumps({"givens": "." * 36, "box": [3, 2]}), box=(2, 3))


BAD_DOCUMENTS = [
    ({"givens": EMPTY9, "constraints": [{"type": "killer", "cells": [[0, 0], [9, 0]], "sum": 10}]},
     r"line 1: constraint 1 \(killer\): cell \[9, 0\] is outside the 9x9 grid: expected"),
    ({"givens": EMPTY9, "constraints": [{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 10},
                                        {"type": "killer", "cells": [[0, 1], [0, 2]]}]},
     r"line 1: cage 2 overlaps cage 1 at r1c2: expected"),
    ({"givens": EMPTY9, "regions": "a" * 10 + "b" * 8 + "".join(c * 9 for c in "cdefghi")},
     r"line 1: region 'a' \(first cell r1c1\) has 10 cells, expected 9"),
    ({"givens": EMPTY9, "regions": "abc"}, r"line 1: regions: got 3 labels, expected one per cell \(81\)"),
    ({"givens": EMPTY9, "constraints": [{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 18}]},
     r"line 1: cage 1 at r1c1: sum 18 is impossible .* \(expected 3..17\)"),
    ({"givens": EMPTY9, "constraints": [{"type": "killer", "cells": [[0, 0]], "sum": "5"}]},
     r"constraint 1 \(killer\) at r1c1: \"sum\" is '\"5\"': expected a whole number"),
    ({"givens": EMPTY9, "constraints": [{"type": "clock"}]},
     r"line 1: constraint 1: unknown constraint type 'clock': expected one of the \d+ types, such as lockout, clone "
     r"\(the README's puzzle documents list them all\)"),
    ({"givens": EMPTY9, "constraints": [{"type": "diagonal", "which": "up"}]},
     r"constraint 1 \(diagonal\): \"which\" is '\"up\"': expected \"main\", \"anti\" or \"both\""),
    ({"givens": EMPTY9, "constraints": [{"type": "antiking", "strength": 2}]},
     r"constraint 1 \(antiking\): unknown key 'strength': expected no other key"),
    ({"givens": EMPTY9, "constraints": [{"type": "antiking"}, {"type": "antiking"}]},
     r"constraint 2: antiking is given twice: expected each rule once"),
    ({"givens": EMPTY9, "constraints": [{"kind": "antiking"}]}, r"constraint 1: .*expected an object with a \"type\""),
    ({"givens": EMPTY9, "constraints": {"type": "antiking"}}, r"\"constraints\" is .*expected a list"),
    ({"givens": "." * 16, "constraints": [{"type": "windoku"}]}, r"line 1: windoku is defined on 9x9 .*expected"),
    ({"givens": EMPTY9, "size": 4}, r"\"size\" is '4' but the givens make a 9x9: expected 9"),
    ({"givens": EMPTY9, "constraint": []}, r"unknown key 'constraint' in the puzzle document: expected size, givens"),
    ({"size": 9}, r"the puzzle document has no \"givens\": expected"),
    ({"givens": 81}, r"\"givens\" is '81': expected a string"),
    ({"givens": EMPTY9, "box": "3x3"}, r"\"box\" is '\"3x3\"': expected \[rows, cols\]"),
    ({"givens": "x" * 81}, r"line 1, column 1 \(r1c1\): unknown symbol 'x'"),
]


@pytest.mark.parametrize("doc, message", BAD_DOCUMENTS, ids=[m[:40] for _, m in BAD_DOCUMENTS])
def test_bad_documents_name_the_place(doc, message):
    with pytest.raises(PuzzleError, match=message) as info:
        parse_puzzle(json.dumps(doc))
    assert "expected" in str(info.value) and "\n" not in str(info.value)


def test_document_errors_count_file_lines():
    lines = ["# variants", "1" + "." * 15, json.dumps({"givens": "." * 16, "constraints": [{"type": "x"}]})]
    entries = list(iter_entries(lines))
    assert [e.line for e in entries] == [2, 3]
    assert entries[1].error.startswith("line 3: constraint 1: unknown constraint type 'x'")


def test_malformed_document_json():
    with pytest.raises(PuzzleError, match=r"line 1, column \d+: malformed JSON: .*expected a puzzle document"):
        parse_puzzle('{"givens": "....", ')


# --- two-line jigsaws and files ---------------------------------------------------------------

def test_two_line_jigsaw_as_one_text():
    board = parse_puzzle("1...............\n" + JIGSAW4)
    assert board.rules.name == "jigsaw" and board.rules == every_rule()[-1].rules
    assert parse_puzzle("1...............\r\n" + " ".join(JIGSAW4)).rules == board.rules  # spaces, CRLF
    assert parse_puzzle("5" + EMPTY9[1:] + "\n" + "".join(str(1 + "abcdefghi".index(ch)) for ch in JIGSAW9)
                        ).rules == parse_puzzle(json.dumps({"givens": EMPTY9, "regions": JIGSAW9})).rules
    with pytest.raises(PuzzleError, match=r"line 2: region labels: got 15, expected one per cell \(16\)"):
        parse_puzzle("1...............\n" + JIGSAW4[:-1])


def test_file_of_variants_streams_each_form():
    doc = json.dumps({"givens": "." * 16, "constraints": [{"type": "antiknight"}]})
    pretty = json.dumps({"givens": "." * 16, "constraints": [{"type": "diagonal"}]}, indent=1).splitlines()
    lines = ["1.3...4.3.4.2.1.", "1...............", JIGSAW4, doc, doc, "", *pretty, "",
             "# a share string", share_link(parse_puzzle(X4)), "." * 16]
    entries = list(iter_entries(line + "\n" for line in lines))
    assert [(e.line, e.board.rules.name) for e in entries] == [
        (1, "classic"), (2, "jigsaw"), (4, "antiknight"), (5, "antiknight"), (7, "diagonal"),
        (7 + len(pretty) + 2, "diagonal"), (7 + len(pretty) + 3, "classic")]


def test_classic_files_read_as_before():
    # puzzle-then-solution pairs and digit lines are never region labels (labels are lower-case)
    solved = "1234341221434321"
    lines = ["12..............", solved, "1.3...4.3.4.2.1.", solved.lower().replace("1", "a")]
    entries = list(iter_entries(lines))
    assert [e.line for e in entries] == [1, 2, 3, 4] and entries[3].error is not None
    grid = ["1 2 | . .", "3 4 | . .", "----+----", ". . | . .", ". . | . ."]
    assert [e.line for e in iter_entries(grid)] == [1]


# --- share strings ----------------------------------------------------------------------------

@pytest.mark.parametrize("board", every_rule(), ids=lambda b: b.rules.name + str(b.size))
def test_share_string_round_trip(board):
    for text in (share_link(board), share_string(board), "https://sudokupad.app/fpuzzles" + share_string(board),
                 "https://www.f-puzzles.com/?load=" + share_string(board).replace("+", "%2B")):
        back = parse_puzzle(text)
        assert back == board and back.rules == board.rules, text[:40]


def test_share_string_of_another_box_shape_keeps_it():
    board = parse_puzzle("1" + "." * 35, box=(3, 2))
    data = to_fpuzzles(board)
    assert data["grid"][0][2]["region"] == 1  # f-puzzles would draw 2x3 boxes otherwise
    assert parse_puzzle(share_string(board), box=(3, 2)) == board


def test_share_string_with_solution_and_cosmetics():
    """What f-puzzles writes: title, author, colours, pencil marks, user digits, a solution."""
    cells = [[{} for _ in range(4)] for _ in range(4)]
    cells[0][0] = {"value": 1, "given": True, "c": "#FFA0A0"}
    cells[1][1] = {"value": 3, "centerPencilMarks": [3, 4]}  # a solver's digit, not a given
    data = {"size": 4, "title": "X", "author": "me", "ruleset": "Normal sudoku rules", "highlightConflicts": True,
            "grid": cells, "diagonal-": True, "diagonal+": False, "killercage": [
                {"cells": ["R4C3", "R4C4"], "value": "7", "outlineC": "#000"}, {"cells": ["R3C1"]}],
            "solution": [1] * 16, "arrow": [], "line": []}
    board = parse_puzzle(lzstring.LZString().compressToBase64(json.dumps(data)))
    assert board.givens() == [(0, 0, 1)] and board.rules.name == "diagonal+killer"
    assert [(c.cells, c.value) for c in board.rules.constraints] == [(((3, 2), (3, 3)), 7), (((2, 0),), None)]
    assert [u.kind for u in board.rules.units[12:]] == ["diagonal"]


def test_share_string_windoku_and_jigsaw_regions():
    windoku = every_rule()[3]
    assert decode(share_string(windoku))["extraregion"][0]["cells"][0] == "R2C2"
    jigsaw = every_rule()[4]
    assert decode(share_string(jigsaw))["grid"][2][0]["region"] == 3


BAD_SHARES = [
    ("https://f-puzzles.com/?load=garbage", r"line 1: share string: 'garbage' is not lz-string base64 data: expected"),
    ("https://f-puzzles.com/?load=", r"nothing after the link's prefix: expected lz-string"),
    ("https://sudokupad.app/fpuzzles" + lzstring.LZString().compressToBase64("not JSON"),
     r"it decompresses to 'not JSON', not JSON: expected f-puzzles JSON"),
    ("fpuzzles" + lzstring.LZString().compressToBase64("[1, 2]"), r"it holds '\[1, 2\]': expected f-puzzles JSON"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "clock": [
        {"lines": [["R1C1", "R1C2"]]}]})), r"the constraint 'clock' is not supported: expected only the \d+ rules the README lists"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "negative": ["sum"]})),
     r"negative 'sum' is not supported: expected ratio, difference or xv"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 9, "grid": [[{}] * 9] * 9, "extraregion": [
        {"cells": [f"R{1 + k // 9}C{1 + k % 9}" for k in range(10)]}]})),
     r"extra region at r1c1: 10 cells cannot hold distinct digits 1..9: expected at most 9"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [
        {"cells": ["R1C1", "R5C1"], "value": "3"}]})), r"killercage 1: cell R5C1 is outside the 4x4 grid: expected"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [
        {"cells": ["R1C1", "R1C2"], "value": "30"}]})), r"share string: cage 1 at r1c1: sum 30 is impossible"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 3})),
     r"\"grid\" is not 4 rows of 4 cells: expected"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{"region": None}] * 4] * 4})),
     r"cell r1c1: region 'null': expected a region 0..3"),
    (lzstring.LZString().compressToBase64(json.dumps({"size": 4, "grid": [[{"value": 7, "given": True}] * 4] * 4})),
     r"cell r1c1: given '7': expected 1..4"),
    # SudokuPad links that hold no puzzle: said, not read as a 45-cell puzzle (tests/test_sudokupad.py reads them)
    ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA",
     r"SudokuPad link: the data after scl/ctc is not SudokuPad's compressed puzzle: expected"),
    ("https://sudokupad.app/psxckmzs5x", r"the SudokuPad puzzle id 'psxckmzs5x' is on SudokuPad's server"),
]


@pytest.mark.parametrize("text, message", BAD_SHARES, ids=[m[:40] for _, m in BAD_SHARES])
def test_bad_share_strings_are_refused_by_name(text, message):
    assert looks_like_share(text)
    with pytest.raises(PuzzleError, match=message) as info:
        parse_puzzle(text)
    assert "expected" in str(info.value) and str(info.value).startswith("line 1")


@pytest.mark.parametrize("board", every_rule()[:6], ids=lambda b: b.rules.name)
def test_fpuzzles_json_itself_reads_as_its_share_string_does(board):
    # The JSON inside a share string (what f-puzzles exports and other tools pass around), pasted
    # as it is or as a line of a file, is the same puzzle as the share string.
    data = json.dumps(to_fpuzzles(board))
    back = parse_puzzle(data)
    assert back == board and back.rules == board.rules
    assert parse_puzzle(share_string(board)).rules == back.rules


@pytest.mark.parametrize("text, message", [(lzstring.LZString().decompressFromBase64(t), m)
                                           for t, m in BAD_SHARES[4:12]], ids=[m[:40] for _, m in BAD_SHARES[4:12]])
def test_bad_fpuzzles_json_is_refused_by_name(text, message):
    with pytest.raises(PuzzleError, match=message.replace("share string", "f-puzzles JSON")) as info:
        parse_puzzle(text)
    assert str(info.value).startswith("line 1: f-puzzles JSON: ") and "expected" in str(info.value)


def test_the_cli_solves_fpuzzles_json_from_a_file(tmp_path, capsys):
    board = parse_puzzle(KILLER4)
    path = tmp_path / "p.txt"
    path.write_text("# a killer, as f-puzzles JSON\n" + json.dumps(to_fpuzzles(board)) + "\n")
    code, out, _ = run(capsys, "solve", "-f", str(path), "--json")
    rec = json.loads(out)
    assert code == 0 and rec["rules"] == "killer" and rec["solution"] == "4312214334211234"


def test_a_sukaku_reads_back_from_its_share_link():
    # its candidates go out as f-puzzles' given pencil marks, and come back as the same rule
    sukaku = parse_puzzle(json.dumps({"givens": "." * 16, "candidates": ["12", "", "", "", "34"] + [""] * 11}))
    back = parse_puzzle(share_link(sukaku))
    assert back.rules == sukaku.rules and back.rules.name == "candidates"
    data = to_fpuzzles(sukaku)
    data["grid"][0][1]["givenPencilMarks"] = [7]
    with pytest.raises(PuzzleError, match=r"f-puzzles JSON: givenPencilMarks: cell r1c2: candidates \[7\]: "
                                          r"expected digits 1\.\.4"):
        parse_puzzle(json.dumps(data))


GAP4 = json.dumps({"givens": "." * 16, "constraints": [{"type": "whispers", "cells": [[0, 0], [0, 1]], "value": 3}]})


def test_solve_fpuzzles_says_which_puzzle_has_no_link_and_answers_the_rest(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(GAP4 + "\n1.3434.2.14343.1\n")
    code, out, err = run(capsys, "solve", "-f", str(path), "--fpuzzles")
    assert code == 2
    assert err.strip() == ("sudoku-cp: puzzle 1 (line 1): error: --fpuzzles: the whispers line at r1c1 differs by "
                           "at least 3: f-puzzles' whispers differ by at least 2 on a 4x4, so it has no f-puzzles form")
    assert "puzzle 2 (line 2): solved" in out and out.count("f-puzzles: https://f-puzzles.com/?load=") == 1
    code, out, err = run(capsys, "solve", GAP4, "--fpuzzles", "--certify")  # no answer, so nothing certified
    assert (code, out) == (2, "") and err.startswith("sudoku-cp: error: --fpuzzles: the whispers line")


def test_generate_fpuzzles_refuses_rules_it_cannot_link_before_any_work(capsys):
    code, out, err = run(capsys, "generate", "--rules", GAP4, "--fpuzzles", "--seed", "1")
    assert code == 2 and out == ""
    assert err.strip().startswith("sudoku-cp: error: --fpuzzles: the whispers line at r1c1 differs by at least 3")


def test_classic_lines_are_not_share_strings():
    assert not looks_like_share("1.3...4.3.4.2.1.") and not looks_like_share("N4Ig is a word")


# --- records, text, pictures ------------------------------------------------------------------

def test_records_name_the_rules_and_null_the_box_of_a_jigsaw(capsys):
    code, out, _ = run(capsys, "validate", "--json", "1...............\n" + JIGSAW4)
    rec = json.loads(out)
    assert code == 0 and rec["box"] is None and rec["rules"] == "jigsaw" and rec["puzzle"] == "1" + "." * 15
    code, out, _ = run(capsys, "validate", "--json", "1" + "." * 15)
    assert json.loads(out)["rules"] == "classic" and json.loads(out)["box"] == [2, 2]


def test_fast_record_line_speaks_of_the_rules():
    from sudoku_cp.core.results import Result, Status
    from sudoku_cp.formats.records import record_line
    board = parse_puzzle(X4)
    result = Result(Status.UNSAT, board, count=0, complete=True, time_s=0.1)
    assert record_line(result) == dumps(record(result)) and '"rules": "diagonal"' in record_line(result)


def test_jigsaw_grid_has_no_box_lines_and_parses_back():
    board = parse_puzzle("1...2...3...4...\n" + JIGSAW4)
    grid = format_grid(board)
    assert "|" not in grid and "-" not in grid
    assert parse_puzzle(grid).cells == board.cells
    classic = format_grid(parse_puzzle(X4))
    assert "|" in classic and parse_puzzle(classic).cells == parse_puzzle(X4).cells


def test_svg_draws_each_rule():
    boards = {b.rules.name: b for b in every_rule()[1:]}
    x = board_svg(every_rule()[0])  # both diagonals
    assert 'class="diagonal"' in x and 'class="anti-diagonal"' in x
    assert board_svg(boards["windoku"]).count('class="window"') == 36
    killer = board_svg(boards["killer"])
    assert killer.count('class="cage"') == 2 and killer.count('class="sum"') == 1 and ">15</text>" in killer
    assert "anti-knight" in board_svg(boards["antiknight"], title="t")
    assert "anti-knight" not in x and "<text x=\"2\" y=\"17\"" not in x  # no title without a reason
    # the jigsaw's thick borders follow its regions, not the boxes
    assert board_svg(boards["jigsaw"]) != board_svg(parse_puzzle(EMPTY9))


def test_cage_outline_meets_at_inner_corners():
    # an L of three cells: six outer sides, each segment joining the next; nothing crosses the middle
    segments = cage_outline([(0, 0), (0, 1), (1, 0)], 0.1)
    ends = [p for x1, y1, x2, y2 in segments for p in ((x1, y1), (x2, y2))]
    assert all(ends.count(p) == 2 for p in ends)  # a closed outline: every end meets another
    assert (0.9, 0.9) in ends and (1.9, 0.9) in ends  # the inner corner is turned inside the cage


# --- the CLI ----------------------------------------------------------------------------------

def test_validate_prints_the_variant_conflict(capsys):
    doc = json.dumps({"givens": "1" + "." * 14 + "1", "constraints": [{"type": "diagonal"}]})
    code, out, _ = run(capsys, "validate", doc)
    assert code == 1 and "invalid: 1 conflict" in out and "r1c1, r4c4" in out
    code, out, _ = run(capsys, "validate", X4)
    assert code == 0 and "valid: the givens break no rule of diagonal Sudoku" in out


def test_solve_x_sudoku_and_jigsaw_cross_checked(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", X4, "--backend", "all", "--json")
    rec = json.loads(out)
    board = parse_puzzle(X4)
    solution = board.with_cells(parse_puzzle(rec["solution"]).cells)
    assert code == 0 and rec["rules"] == "diagonal" and is_solution(solution, board)
    assert solution.cells[0] == 1 and len({solution.cells[i * 5] for i in range(4)}) == 4
    path = tmp_path / "jigsaws.txt"
    path.write_text("1...............\n" + JIGSAW4 + "\n" + X4 + "\n")
    code, out, _ = run(capsys, "count", "-f", str(path), "--backend", "all", "--limit", "1000", "--json")
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["rules"] for r in recs] == ["jigsaw", "diagonal"] and [r["line"] for r in recs] == [1, 3]
    assert all(r["complete"] for r in recs) and all(r["count"] > 1 for r in recs)


def test_solve_prints_a_share_link_that_reads_back(capsys):
    code, out, _ = run(capsys, "solve", "1...............\n" + JIGSAW4, "--fpuzzles")
    link = re.search(r"f-puzzles: (\S+)", out).group(1)
    assert code == 0 and link.startswith("https://f-puzzles.com/?load=") and "regions:\na a b b" in out
    back = parse_puzzle(link)
    assert back.rules.name == "jigsaw" and back.givens() == [(0, 0, 1)]
    assert is_solution(back.with_cells(tuple(decode(link)["solution"])), back)
    code, _, err = run(capsys, "solve", X4, "--fpuzzles", "--json")
    assert code == 2 and "not both" in err


def test_generate_variants_from_a_template(capsys):
    template = json.dumps({"givens": "." * 16, "constraints": [{"type": "diagonal"}]})
    code, out, _ = run(capsys, "generate", "--rules", template, "--seed", "3", "--fpuzzles")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("# seed 3: 4x4 (2x2 boxes) diagonal,")
    puzzle = parse_puzzle(lines[1])
    assert puzzle.rules.name == "diagonal" and parse_puzzle(lines[2].split(": ", 1)[1]) == puzzle
    code, out, _ = run(capsys, "generate", "--rules", template, "--seed", "3", "--json")
    assert json.loads(out)["rules"] == "diagonal" and json.loads(out)["puzzle"] == format_line(puzzle)
    code, _, err = run(capsys, "generate", "--rules", '{"givens": "..."}')
    assert code == 2 and err.startswith("sudoku-cp: error: --rules: line 1:")


@pytest.mark.parametrize("command", ["validate", "solve", "count", "explain", "repair", "minimize",
                                     "encode", "analyze", "batch"])
@pytest.mark.parametrize("bad", ["variant-cage-cell-outside", "share-unsupported-constraint"])
def test_every_command_refuses_bad_variants_in_one_line(command, bad, capsys):
    path = Path(__file__).parent / "bad_inputs" / f"{bad}.txt"
    argv = [command, str(path)] if command == "batch" else [command, "-f", str(path)]
    code, out, err = run(capsys, *argv)
    text = err + out
    assert "Traceback" not in text
    assert code == 2 or '"status": "error"' in out
    assert ("outside the 9x9 grid" if "cage" in bad else "'clock' is not supported") in text


def test_solve_small_killer_document(capsys):
    code, out, _ = run(capsys, "solve", KILLER4, "--backend", "all", "--unique", "--json")
    rec = json.loads(out)
    assert code == 0 and rec["status"] == "unique" and rec["rules"] == "killer"
    assert rec["solution"] == "4312214334211234"
    puzzle = parse_puzzle(KILLER4)
    assert is_solution(puzzle.with_cells(parse_puzzle(rec["solution"]).cells), puzzle)


def test_count_antiknight_from_a_share_string(capsys):
    board = Board.unchecked(Shape(2, 2), (1,) + (0,) * 15, build(Shape(2, 2), antiknight=True))
    code, out, _ = run(capsys, "count", share_link(board), "--backend", "all", "--limit", "300", "--json")
    rec = json.loads(out)
    assert rec["rules"] == "antiknight" and rec["complete"] and rec["count"] == brute_force_antiknight_4x4()
    assert code == (0 if rec["count"] == 1 else 1)


def brute_force_antiknight_4x4() -> int:
    """4x4 grids with r1c1 = 1, every row, column and box a permutation, no equal digits a knight's move apart."""
    from itertools import permutations
    rows = list(permutations(range(1, 5)))
    found = 0
    for grid in ((a, b, c, d) for a in rows if a[0] == 1 for b in rows for c in rows for d in rows):
        if any(len({grid[r][c] for r in range(4)}) < 4 for c in range(4)):
            continue
        if any(len({grid[r + i][c + j] for i in (0, 1) for j in (0, 1)}) < 4 for r in (0, 2) for c in (0, 2)):
            continue
        if all(grid[r][c] != grid[r + dr][c + dc] for r in range(4) for c in range(4)
               for dr, dc in ((1, 2), (2, 1), (2, -1), (1, -2)) if r + dr < 4 and 0 <= c + dc < 4):
            found += 1
    return found


# Rules that have no solution even on the empty grid (the 4x4 nonconsecutive: the test of
# tests/test_variants.py counts it 0 against a brute force): a negative answer that says so, never
# a "solver failure" (exit 3) and never a core that claims its givens are to blame.
NO_GRID4 = json.dumps({"givens": "1" + "." * 15, "constraints": [{"type": "nonconsecutive"}]})


def test_repair_says_when_the_rules_have_no_solution_at_all(capsys):
    code, out, err = run(capsys, "repair", NO_GRID4)
    assert code == 1 and err == ""
    assert "unsat" in out and "have no solution even with every given removed" in out
    assert "repaired puzzle" not in out
    code, out, _ = run(capsys, "repair", NO_GRID4, "--json")
    rec = json.loads(out)
    assert code == 1 and rec["status"] == "unsat" and rec["repaired"] is None and rec["remove"] is None
    assert any("no removal of givens repairs it" in note for note in rec["notes"])


def test_explain_names_the_rules_when_the_core_is_empty(capsys):
    code, out, _ = run(capsys, "explain", NO_GRID4)
    assert code == 1 and "core (0 givens): the rules have no solution even on the empty grid" in out
    assert "without any one of them" not in out
    code, out, _ = run(capsys, "explain", NO_GRID4, "--json")
    assert code == 1 and json.loads(out)["core"] == []


def test_generate_refuses_rules_with_no_solution(capsys):
    code, out, err = run(capsys, "generate", "--rules", NO_GRID4, "--seed", "1")
    assert code == 1 and out == ""
    assert err.startswith("sudoku-cp: generate: the rules (nonconsecutive on a 4x4") and err.count("\n") == 1
    assert "no puzzle can be made" in err


def test_analyze_skips_augmented_for_a_jigsaw_and_says_so(capsys, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("1...............\n" + JIGSAW4 + "\n" + X4 + "\n")
    code, out, err = run(capsys, "analyze", "-f", str(path), "--no-speed", "--json")
    rows = {r["encoding"]: r for r in json.loads(out)["summary"]}
    assert code == 0 and set(rows) == {"minimal", "natural", "complete", "augmented"}
    assert [(rows[e]["puzzles"], rows[e]["skipped"]) for e in ("complete", "augmented")] == [(2, 0), (1, 1)]
    assert err == ("sudoku-cp: note: augmented/pairwise skipped 1 puzzle: the augmented encoding needs the "
                   "boxes of the grid: triads are where a row or column meets a box, and a jigsaw has none "
                   "(expected the minimal, natural or complete encoding)\n")
    code, out, err = run(capsys, "analyze", "1...............\n" + JIGSAW4, "--encoding", "augmented")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("sudoku-cp: error: --encoding augmented: the augmented encoding needs the boxes")
