"""f-puzzles strings read by one reader with SudokuPad's fpuz links: their cosmetic drawings too (issue 41).

An f-puzzles string (an f-puzzles link, the bare string, its JSON, or SudokuPad's ``fpuz`` link)
has its rules read from its keys; its cosmetic lines, circles, rectangles, text and cages are read
as rules where the rules text explains them (``purple lines are renban``). A drawing that pictures
a rule the keys already give is that rule's picture. A drawing nothing explains is decoration
(f-puzzles' own meaning) only where that provably changes no answer: the puzzle carries its
solution and the rules read without the drawing have exactly that one solution; otherwise the
puzzle is refused in one line naming the drawing, and ``--ignore-unread`` solves what was read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lzstring import LZString

from sudoku_cp.cli import main
from sudoku_cp.core.board import PuzzleError
from sudoku_cp.formats.fpuzzles import decode
from sudoku_cp.formats.sudokupad.link import UnreadDrawing, payload
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.solving import solve

DATA = Path(__file__).resolve().parent / "data"
REAL = [json.loads(line) for line in (DATA / "fpuzzles" / "real.jsonl").read_text(encoding="utf-8").splitlines()]
CONVERTED = [json.loads(line) for line in (DATA / "sudokupad" / "converted.jsonl").read_text(encoding="utf-8")
             .splitlines()]
F_PUZZLES = "https://f-puzzles.com/?load="


def answer(text: str) -> tuple[str, str]:
    result = solve(parse_puzzle(text), unique=True)
    return result.status.value, "".join(str(d) for d in result.solution.cells) if result.solution else ""


def share(data: dict) -> str:
    return LZString().compressToBase64(json.dumps(data))


@pytest.mark.parametrize("entry", REAL, ids=[e["source"].split(" ", 4)[-1][:30] for e in REAL])
def test_published_f_puzzles_strings_whose_drawings_picture_their_rules_give_the_published_solution(entry):
    forms = [entry["string"], F_PUZZLES + entry["string"], "https://sudokupad.app/fpuzzles" + entry["string"]]
    assert all(answer(form) == ("unique", entry["solution"]) for form in forms)
    assert parse_puzzle(json.dumps(decode(entry["string"]))).rules == parse_puzzle(entry["string"]).rules  # the JSON


DRAWN = [row for row in CONVERTED if row["form"] == "fpuzzles" and row["kind"] in ("renban", "xsum", "skyscraper")]


@pytest.mark.parametrize("row", DRAWN, ids=[f"{r['kind']}-{k}" for k, r in enumerate(DRAWN)])
def test_an_f_puzzles_link_reads_the_drawings_its_rules_text_explains_as_its_sudokupad_link_does(row):
    data = payload(row["link"], "x")[1]
    drawings = {k for k in ("line", "text") if decode(data).get(k)}
    assert drawings and not any(k in decode(data) for k in ("renban", "xsum", "skyscraper"))  # only drawn
    link = parse_puzzle(row["link"])
    for form in (F_PUZZLES + data, data):
        board = parse_puzzle(form)
        assert board.rules == link.rules and row["kind"] in board.rules.name
        assert answer(form) == ("unique", row["solution"])


FORTRESS = next(e for e in REAL if "Slow Thermo" in e["source"])  # a real string to draw on


def drawn_on(extra: dict, solution: bool) -> str:
    data = decode(FORTRESS["string"])
    for key, items in extra.items():
        data[key] = list(data.get(key) or []) + items
    if solution:
        data["solution"] = [int(d) for d in FORTRESS["solution"]]
    return share(data)


RED_LINE = {"line": [{"lines": [["R1C1", "R2C2", "R3C3"]], "outlineC": "#FF0000", "width": 0.3}]}


def test_a_drawing_nothing_explains_is_refused_by_name_without_the_puzzles_solution(capsys):
    text = drawn_on(RED_LINE, solution=False)
    with pytest.raises(UnreadDrawing, match=r"^line 1: share string: a red line from r1c1 to r3c3 that the rules "
                                            r"text does not explain, so the puzzle is not read: expected "
                                            r"--rules-text .*, or --ignore-unread to solve what was read$"):
        parse_puzzle(text)
    assert main(["count", F_PUZZLES + text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a red line from r1c1 to r3c3" in err and "--ignore-unread" in err


def test_a_drawing_nothing_explains_is_decoration_where_the_puzzles_own_solution_is_the_only_one():
    assert answer(drawn_on(RED_LINE, solution=True)) == ("unique", FORTRESS["solution"])


def test_decoration_is_refused_where_the_reading_without_it_has_several_solutions():
    data = decode(drawn_on(RED_LINE, solution=True))
    data["slowthermometer"] = data["slowthermometer"][1:]  # a rule gone: the red line might have been it
    with pytest.raises(UnreadDrawing, match="a red line from r1c1 to r3c3"):
        parse_puzzle(share(data))


def test_a_solution_the_reading_breaks_is_said():
    data = decode(drawn_on(RED_LINE, solution=True))
    data["solution"][0], data["solution"][1] = data["solution"][1], data["solution"][0]
    with pytest.raises(PuzzleError, match="the puzzle's own solution breaks the rules as read"):
        parse_puzzle(share(data))


def test_ignore_unread_solves_what_was_read_and_says_so(capsys):
    assert main(["count", drawn_on(RED_LINE, solution=False), "--ignore-unread", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["rules"].endswith("(read in part: 1 ignored)")
    assert "a red line from r1c1 to r3c3" in captured.err


def test_rules_text_makes_a_drawing_a_rule(capsys):
    text = drawn_on({"line": [{"lines": [["R1C5", "R1C6"]], "outlineC": "#60C060", "width": 0.3}]}, solution=False)
    with pytest.raises(UnreadDrawing, match="a green line from r1c5 to r1c6"):
        parse_puzzle(text)
    assert main(["count", text, "--rules-text", "Green lines are German whispers.", "--json"]) == 0  # 9 and 3
    assert json.loads(capsys.readouterr().out)["rules"] == "whispers+slowthermo"
    text = drawn_on({"line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#60C060", "width": 0.3}]}, solution=False)
    assert main(["count", text, "--rules-text", "Green lines are German whispers."]) == 2  # 4 and 6: no solution
    assert "leave no solution" in capsys.readouterr().err


def test_a_picture_of_a_keyed_rule_is_no_second_rule():
    data = decode(FORTRESS["string"])
    assert all(e.get("fromConstraint") == "Slow Thermometer" for e in data["line"] + data["circle"])
    board = parse_puzzle(FORTRESS["string"])
    assert [c.kind for c in board.rules.constraints] == ["slowthermo", "slowthermo"]
    for entry in data["line"]:
        del entry["fromConstraint"]  # unmarked, on exactly the rule's cells: still the rule's picture
    assert parse_puzzle(share(data)).rules == board.rules
    del data["circle"][0]["fromConstraint"]  # a bulb on one cell of it is not exactly the rule's cells
    with pytest.raises(UnreadDrawing, match="a blue circle at r4c5 that the rules text does not explain"):
        parse_puzzle(share(data))
