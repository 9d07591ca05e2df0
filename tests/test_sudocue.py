"""SudoCue killer strings (``3x3::k:...``, ``3x3:d:k:...``): the form the killer forums post in."""

from __future__ import annotations

import json

import pytest

from sudoku_cp.backends import make
from sudoku_cp.cli import main
from sudoku_cp.core.board import PuzzleError
from sudoku_cp.core.check import is_solution
from sudoku_cp.formats.sudocue import looks_like_sudocue
from sudoku_cp.formats.text import format_line, parse_puzzle
from test_variant_techniques import published_killers

# 'Human-solvable zero' killer #1 as posted (http://forum.enjoysudoku.com/human-solvable-zero-t33357.html,
# transcribed in GitHub sigh/Interactive-Sudoku-Solver data/killers.js): killer X, ':d:'.
HS1 = ("3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847:"
       "3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3848:"
       "3844:3843:4621:4114:4114:5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:3850:3844:"
       "4878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:3350:4632:4632:4367:4367:"
       "4625:4625:4372:34:4375:4375:4375:")
# Wecoc's "Killing with flowers" #1, modification B (http://forum.enjoysudoku.com/killing-with-flowers-t36181-15.html#p279072,
# same transcription): posted to show that the change leaves more than one solution.
WECOC1B = ("3x3::k:6144:6144:6401:6401:6401:6658:6658:6658:6658:6144:6401:6401:5123:4868:4868:4868:6661:"
           "6658:6144:5126:5126:5123:5123:5123:4868:6661:6661:6144:5126:5127:3342:2312:2312:5130:5130:"
           "6661:6155:5126:5127:3342:4627:1289:5130:5133:6661:6155:5127:5127:4627:4627:1289:5130:5133:"
           "6671:6155:6155:5392:5137:5137:5137:5133:5133:6671:6162:6155:5392:5392:5392:5137:6412:6412:"
           "6671:6162:6162:6162:6162:6412:6412:6412:6671:6671:")


def cage_of(code: int) -> str:
    return ":".join([str(code)] * 2 + ["0"] * 79)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_killer_x_string_is_the_puzzle_it_encodes():
    board = parse_puzzle(HS1)
    assert board.rules.name == "diagonal+killer" and board.size == 9 and not any(board.cells)
    cages = sorted((c.cells, c.value) for c in board.rules.constraints)
    # the forum's numbers, read by hand: cage 1 (3841 = 15 * 256 + 1) is r1c1, r2c1, r3c1 with 15;
    # cage 25 (7705 = 30 * 256 + 25) is r1c2-r1c6 and r2c6 with 30
    assert (((0, 0), (1, 0), (2, 0)), 15) in cages
    assert (((0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5)), 30) in cages
    # the nine cells with sum 0 (their numbers 26 to 34) are in no cage
    caged = {cell for cells, _ in cages for cell in cells}
    assert (0, 6) not in caged and (1, 1) not in caged and len(caged) == 81 - 9
    # the same puzzle as the document the published collection holds, and its published solution
    (_, doc, solution), = [k for k in published_killers() if k[0] == "hs1"]
    assert board == parse_puzzle(doc) and board.rules == parse_puzzle(doc).rules
    found = make("sat").count(board, 2)
    assert [format_line(s) for s in found.solutions] == [solution]


def test_without_d_no_diagonals_and_the_last_colon_is_optional():
    board = parse_puzzle("3x3::k:" + cage_of(3073))  # 12 * 256 + 1: cage 1, sum 12
    assert board.rules.name == "killer"
    assert [(c.cells, c.value) for c in board.rules.constraints] == [(((0, 0), (0, 1)), 12)]
    assert parse_puzzle("3x3::k:" + cage_of(3073) + ":") == board
    assert parse_puzzle("  3x3::k:" + cage_of(3073) + "\n").rules == board.rules
    assert parse_puzzle("3x3:d:k:" + cage_of(3073)).rules.name == "diagonal+killer"


def test_a_string_pasted_wrapped_over_lines_is_one_string():
    wrapped = "\n".join(WECOC1B[k:k + 64] for k in range(0, len(WECOC1B), 64))  # breaks inside numbers too
    assert len(wrapped.splitlines()) > 2
    board = parse_puzzle(wrapped)
    assert board == parse_puzzle(WECOC1B) and board.rules == parse_puzzle(WECOC1B).rules


def test_every_killer_string_in_the_published_collection_reads_and_keeps_its_solution():
    strings = [(name, text, solution) for name, text, solution in published_killers() if looks_like_sudocue(text)]
    assert [name for name, _, _ in strings] == ["wecoc1", "wecoc1a", "wecoc2"]
    for name, text, solution in strings:
        board = parse_puzzle(text)
        assert board.rules.name == "killer", name
        answer = board.with_cells(tuple(int(ch) for ch in solution))
        assert is_solution(answer, board), name


def test_an_ill_posed_forum_killer_is_counted_and_each_answer_checked(capsys):
    code, out, _ = run(capsys, "count", WECOC1B, "--limit", "10", "--backend", "sat:cadical195,sat:glucose4",
                       "--json")
    rec = json.loads(out)
    assert code == 1 and rec["status"] == "multiple" and rec["rules"] == "killer"
    assert rec["complete"] and rec["count"] == 6  # all of them: two solvers agree, and neither found a seventh
    assert [(b["backend"], b["count"]) for b in rec["backends"]] == [("sat:cadical195", 6), ("sat:glucose4", 6)]
    board = parse_puzzle(WECOC1B)
    found = make("sat").count(board, 10)
    assert len({s.cells for s in found.solutions}) == 6
    assert all(is_solution(s, board) for s in found.solutions)


@pytest.mark.parametrize(("text", "message"), [
    ("3x3:", r"line 1: SudoCue string: it ends after '3x3:': expected '3x3::k:' \(or '3x3:d:k:' for killer X\) "
             r"then 81 numbers"),
    ("3x3:x:k:" + cage_of(3073), r"line 1: SudoCue string: 'x' after '3x3:': expected 'd' \(killer X\) or nothing"),
    ("3x3::s:" + cage_of(3073), r"SudoCue string: kind 's': expected 'k' \(a killer\), the only kind read"),
    ("3x3::k:3073:3073", r"SudoCue string: 2 cells: expected 81 numbers \(sum \* 256 \+ cage\)"),
    ("3x3::k:" + cage_of(3073) + ":0", r"SudoCue string: 82 cells: expected 81"),
    ("3x3::k:" + cage_of(3073).replace("0:0:0", "0:x1:0", 1),
     r"SudoCue string: cell r1c4 is 'x1': expected a number, the cage's sum \* 256 \+ its number"),
    ("3x3::k:" + ":".join(["3073", "3329"] + ["0"] * 79),
     r"cell r1c2 gives cage 1 the sum 13, r1c1 gave it 12: expected one sum per cage"),
    ("3x3::k:" + cage_of(25601), r"line 1: cage 1 at r1c1: sum 100 is impossible for 2 distinct digits 1..9 "
                                 r"\(expected 3..17\)"),
])
def test_bad_killer_strings_say_where_and_what_was_expected(text, message, capsys):
    with pytest.raises(PuzzleError, match=message):
        parse_puzzle(text)
    code, out, err = run(capsys, "solve", text)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("sudoku-cp: error: ") and len(err.strip().splitlines()) == 1


def test_a_file_of_killer_strings_answers_every_line(capsys, tmp_path):
    strings = [text for _, text, _ in published_killers() if looks_like_sudocue(text)]
    path = tmp_path / "forum.txt"
    path.write_text("\n".join(["# killers as the forum posts them", *strings, "3x3::k:1:2", WECOC1B]) + "\n")
    code, out, err = run(capsys, "batch", str(path), "--unique")
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [(r["line"], r["status"]) for r in records] == [
        (2, "unique"), (3, "unique"), (4, "unique"), (5, "error"), (6, "multiple")]
    assert "line 5: SudoCue string: 2 cells: expected 81" in records[3]["error"]
    assert code == 0 and "5 puzzles: 1 error, 1 multiple, 3 unique;" in err  # every line accounted for
