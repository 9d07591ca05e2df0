"""Penpa+ links (issue 41): read where the drawing is a sudoku whose rules it determines, refused by name otherwise.

The corpus is tests/data/penpa (published puzzles drawn and written by Penpa+'s own code, and links as posted;
see its README). Variations are made here by decoding a link, changing its problem layer or answer, and writing
it back in Penpa+'s own form (``relink``).
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from urllib.parse import quote

import pytest

from sudoku_cp.cli import main
from sudoku_cp.core.board import PuzzleError
from sudoku_cp.formats.penpa.link import SHORT_KEYS, decode, inflated, parameters
from sudoku_cp.formats.sudokupad import PARTLY, UnreadDrawing, ignored, options
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.solving import solve

DATA = Path(__file__).resolve().parent / "data" / "penpa"
CONVERTED, REAL = ([json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]
                   for name in ("converted.jsonl", "real.jsonl"))


def packed(text: str) -> str:
    """Penpa+'s ``encrypt_data``: base64 of raw deflate."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(packer.compress(text.encode()) + packer.flush()).decode()


def relink(link: str, problem=None, answer=None) -> str:
    """``link`` with its problem layer changed by ``problem(pu_q)`` and/or its answer by ``answer(lists)``."""
    params = parameters(link)
    text = inflated(params["p"], "test", "puzzle")
    for long, short in reversed(SHORT_KEYS):
        text = text.replace(short, long)
    lines = text.split("\n")
    if problem is not None:
        q = json.loads(lines[3])
        problem(q)
        lines[3] = json.dumps(q, separators=(",", ":"))
    text = "\n".join(lines)
    for long, short in SHORT_KEYS:
        text = text.replace(long, short)
    out = link.split("#")[0] + "#m=solve&p=" + packed(text)
    if "a" in params:
        lists = json.loads(inflated(params["a"], "test", "answer"))
        if answer is not None:
            answer(lists)
        out += "&a=" + packed(json.dumps(lists, separators=(",", ":")))
    return out


def solution_of(link: str) -> tuple[str, str]:
    board = parse_puzzle(link)
    result = solve(board, backend="sat", unique=True)
    return result.status.value, "".join(str(d) for d in result.solution.cells) if result.solution else ""


# --- the corpus ------------------------------------------------------------------------------

@pytest.mark.parametrize("row", CONVERTED, ids=lambda r: r["kind"])
def test_published_puzzles_written_by_penpa_give_their_published_solution(row):
    assert solution_of(row["link"]) == ("unique", row["solution"])


def test_the_corpus_covers_a_classic_a_jigsaw_a_killer_and_the_drawn_rules():
    kinds = {row["kind"] for row in CONVERTED}
    assert {"classic", "jigsaw", "killer", "diagonal", "thermometer", "arrow", "kropki", "xv"} <= kinds
    assert {parse_puzzle(row["link"]).rules.name for row in CONVERTED if row["kind"] == "jigsaw"} == {"jigsaw"}
    assert any(row["answer_embedded"] for row in CONVERTED) and not all(row["answer_embedded"] for row in CONVERTED)


@pytest.mark.parametrize("row", REAL, ids=lambda r: r["expect"])
def test_real_links_as_posted_are_read_with_one_solution_or_refused_by_name(row):
    if row["expect"] == "refused":
        with pytest.raises(PuzzleError) as refused:
            parse_puzzle(row["link"])
        message = str(refused.value)
        assert "\n" not in message and message.startswith("line 1: Penpa+ link") and "expected" in message
    else:
        board = parse_puzzle(row["link"])
        assert board.rules.name == row["expect"]
        assert solution_of(row["link"])[0] == "unique"


def test_another_genre_is_refused_naming_what_it_is():
    messages = [str(pytest.raises(PuzzleError, parse_puzzle, row["link"]).value) for row in REAL
                if row["expect"] == "refused"]
    assert "'Pentopia - One-way Crossing': no region borders" in messages[0]
    assert "'Statue Park': no region borders" in messages[1]
    assert "a Penpa+ 'pyramid' grid: expected a square grid holding a sudoku" in messages[2]


def test_a_contest_answer_key_outside_the_grid_is_not_a_rule():
    # the Sudoku-X of the LMI contest marks its answer rows with letters and arrows outside the grid ("comp" mode)
    row = REAL[0]
    assert decode(row["link"], "x").contest
    without = relink(row["link"], problem=lambda q: q.update(number={k: v for k, v in q["number"].items()
                                                                        if v[0] not in "AB"}))
    assert parse_puzzle(without) == parse_puzzle(row["link"])
    # outside a contest link the same letter is text no rule reads
    text = inflated(parameters(row["link"])["p"], "x", "puzzle").replace('"comp"', '"x"')
    link = row["link"].split("?")[0] + "?m=solve&p=" + packed(text)
    with pytest.raises(UnreadDrawing, match="the text 'B' at outside the grid"):
        parse_puzzle(link)


# --- link forms -------------------------------------------------------------------------------

def test_every_link_form_reads_the_same_board():
    link = next(row["link"] for row in CONVERTED if row["kind"] == "killer")
    data = link.split("#m=solve&", 1)[1]
    forms = [link, "https://swaroopg92.github.io/penpa-edit/?m=solve&" + data,
             "https://opt-pan.github.io/penpa-edit/#m=solve&" + data,
             "https://logicmastersindia.com/penpa-edit/?m=solve&" + data,
             "m=solve&" + data, link.replace("+", " "),
             "https://swaroopg92.github.io/penpa-edit/#" + quote("m=solve&" + data, safe="&=")]
    boards = [parse_puzzle(f) for f in forms]
    assert all(b == boards[0] and b.rules == boards[0].rules for b in boards)
    assert boards[0].rules.name == "killer"


@pytest.mark.parametrize("link, message", [
    ("https://swaroopg92.github.io/penpa-edit/#m=solve", "a Penpa+ link with no puzzle (no p=)"),
    ("https://swaroopg92.github.io/penpa-edit/?m=solve&p=abc", "the puzzle data ('abc') is not Penpa+'s compressed text"),
    ("https://swaroopg92.github.io/penpa-edit/?m=edit&p=https://puzz.link/p?sudoku/4/4/g2j1h1j3g",
     "a Penpa+ link that imports another page"),
])
def test_links_with_no_puzzle_in_them_are_refused_in_one_line(link, message):
    with pytest.raises(PuzzleError) as refused:
        parse_puzzle(link)
    assert message in str(refused.value) and "\n" not in str(refused.value)


# --- what is read, and what is refused --------------------------------------------------------

def test_the_links_own_answer_must_keep_the_rules_as_read():
    link = next(row["link"] for row in CONVERTED if row["kind"] == "killer" and row["answer_embedded"])

    def swap(lists):  # two answer digits exchanged: no longer a solution
        first, second = lists[4][0].split(","), lists[4][1].split(",")
        lists[4][0], lists[4][1] = f"{first[0]},{second[1]}", f"{second[0]},{first[1]}"

    with pytest.raises(PuzzleError, match="the puzzle's own solution breaks the rules as read"):
        parse_puzzle(relink(link, answer=swap))


def test_a_killer_sum_changed_is_caught_by_the_answer_or_by_the_count():
    row = next(row for row in CONVERTED if row["kind"] == "killer" and row["answer_embedded"])

    def bump(q):
        key = next(iter(q["numberS"]))
        q["numberS"][key][0] = str(int(q["numberS"][key][0]) + 1)

    with pytest.raises(PuzzleError, match="breaks the rules as read|no solution"):
        parse_puzzle(relink(row["link"], problem=bump))


def test_killer_cages_are_sum_cages_where_the_rules_text_lets_cage_digits_repeat():
    row = next(row for row in CONVERTED if row["kind"] == "killer")
    killers = parse_puzzle(row["link"]).rules.constraints
    with options(rules_text="Digits in cages may repeat."):
        cages = parse_puzzle(row["link"]).rules.constraints
    assert [(c.kind, c.cells, c.value) for c in cages] == [("sumcage", c.cells, c.value) for c in killers]
    with options(rules_text="Digits may repeat in grey cages. Digits cannot repeat in white cages."):
        with pytest.raises(PuzzleError, match="in which the rules text lets digits repeat, though it also says"):
            parse_puzzle(row["link"])


@pytest.mark.parametrize("kind, change, named", [
    ("classic", lambda q: q["line"].update({"28,29": 3}), "a line from r1c1 (Penpa+'s Line)"),
    ("classic", lambda q: q["surface"].update({"28": 1}), "shading in r1c1"),
    ("classic", lambda q: q["symbol"].update({"28": [1, "circle_L", 1]}), "a circle_L symbol at r1c1"),
    ("classic", lambda q: q["number"].update({"28": [[1, 0, 1, 0, 0, 0, 0, 0, 0], 1, "7"]}), "pencil marks in r1c1"),
    ("thermometer", lambda q: q.update(nobulbthermo=q.pop("thermo")), "a line without a bulb drawn with the thermometer tool"),
    ("kropki", lambda q: q["symbol"].update({k: [3, v[1], v[2]] for k, v in q["symbol"].items()}), "a circle_SS symbol at the edge r1c8-r2c8"),
])
def test_a_drawing_no_rule_explains_is_named_and_refuses_the_puzzle(kind, change, named):
    link = relink(next(row["link"] for row in CONVERTED if row["kind"] == kind), problem=change)
    with pytest.raises(UnreadDrawing) as refused:
        parse_puzzle(link)
    assert named in str(refused.value) and "--ignore-unread" in str(refused.value)
    with options(ignore_unread=True):
        board = parse_puzzle(link)
    assert PARTLY in board.rules.name
    assert ignored() == []  # what the block left out is its own: a later command does not report it


def test_a_jigsaw_whose_borders_do_not_make_regions_is_refused():
    link = next(row["link"] for row in CONVERTED if row["kind"] == "jigsaw")
    with pytest.raises(PuzzleError, match=r"its thick borders divide the grid into 7 regions of 9, 9, 9, 9, 9, 9, 27 cells: expected 9 regions of 9"):
        parse_puzzle(relink(link, problem=lambda q: q.update(lineE=dict(list(q["lineE"].items())[4:]))))


def test_drawn_boxes_and_box_disagree_by_name():
    link = next(row["link"] for row in CONVERTED if row["kind"] == "killer" and "WSC" in row["source"])
    assert parse_puzzle(link).box == (2, 3)
    with pytest.raises(PuzzleError, match="draw 2x3 boxes, not the 3x2 of --box"):
        parse_puzzle(link, box=(3, 2))


def test_the_command_line_solves_a_penpa_link_and_refuses_one_in_a_line(capsys):
    row = next(row for row in CONVERTED if row["kind"] == "jigsaw")
    assert main(["solve", row["link"], "--unique", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "unique" and out["solution"] == row["solution"]
    assert main(["solve", REAL[2]["link"]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Penpa+ link 'Pentopia - One-way Crossing'" in err


def test_a_killer_cage_numbered_with_a_bound_is_a_bound_cage_where_the_rules_text_explains_it():
    # the converted killer whose five-cell cage from r4c5 sums to 15, the least five digits can: "<16" says the same
    row = CONVERTED[5]

    def bounded(q):
        for value in q["numberS"].values():
            if value[0].strip() == "15":
                value[0] = "<16"

    link = relink(row["link"], problem=bounded)
    with pytest.raises(PuzzleError, match="a killer cage of 5 cells from r4c5 marked '<16'"):
        parse_puzzle(link)
    with options(rules_text='Killer cages: "<" means less than.'):
        board = parse_puzzle(link)
        assert [(c.cells[0], c.data) for c in board.rules.constraints if c.kind == "boundcage"] == [((3, 4), (None, 15, ""))]
        assert solution_of(link) == ("unique", row["solution"])


# a rules text that gives a drawn mark or line another meaning, denies it, excepts some, or only allows it: the
# drawing is named, never read by its look (the SudokuPad reader's words.marks_qualified, qualified, refuted)
KEEP = "Place a digit from 1 to 9 in each empty cell so that each row, column and 3x3 box contains every digit once. "


@pytest.mark.parametrize("kind, text, named", [
    ("kropki", "Digits separated by a white dot differ by 2; digits separated by a black dot are in a 1:2 ratio.",
     "a white dot between"),
    ("kropki-negative", "Digits separated by a white dot differ by 1. Black dots: one digit is three times the other.",
     "a black dot between"),
    ("kropki", "Digits separated by a white dot differ by 1, except in box 5. Black dots: a 1:2 ratio.",
     "a white dot between"),
    ("xv", "Digits separated by an X sum to 7.", "an X between"),
    ("thermometer", "Digits along a thermometer increase from the bulb end, but digits may repeat.",
     "a thermometer from"),
    ("thermometer", "Digits along a thermometer need not increase.", "a thermometer from"),
    ("thermometer", "Digits along a thermometer increase or stay the same from the bulb end.", "a thermometer from"),
    ("arrow", "Digits along an arrow multiply to the digit in its circle.", "an arrow from"),
    ("arrow", "Digits along an arrow sum to at least the digit in its circle.", "an arrow from"),
    ("killer", "Digits in a cage multiply to the small clue in its corner and do not repeat within the cage.",
     "a killer cage of"),
    ("killer", "Digits in a cage sum to the small clue in its corner, except in box 5. Digits do not repeat in cages.",
     "a killer cage of"),
    ("diagonal", "Digits may repeat on the diagonals.", "the diagonal"),
    ("diagonal", "This is not a diagonal sudoku.", "the diagonal"),
    ("diagonal", "Digits on the diagonals need not differ.", "the diagonal"),
    ("diagonal", "Each diagonal line is a German whisper.", "the diagonal"),
    ("diagonal", "Digits on the diagonals differ only in rows 1-3.", "the diagonal"),
    ("kropki", "Digits separated by a white dot need not be consecutive.", "a white dot between"),
    ("kropki", "Digits separated by a white dot may be consecutive.", "a white dot between"),
    ("kropki", "White dots are only between consecutive digits in box 5.", "a white dot between"),
    ("kropki", "White dots do not mark consecutive digits.", "a white dot between"),
    ("kropki-negative", "Digits separated by a black dot need not be in a 1:2 ratio.", "a black dot between"),
    ("xv", "Digits separated by an X need not sum to 10.", "an X between"),
    ("xv", "Digits separated by an X may sum to 10.", "an X between"),
    ("xv", "Digits separated by an X sum to 10 or more.", "an X between"),
    ("killer", "Digits in a cage need not sum to the small clue.", "a killer cage of"),
    ("killer", "Cage sums only apply in box 5.", "a killer cage of"),
    ("killer", "Digits in a cage sum to at least the small clue in its corner.", "a killer cage of"),
    ("thermometer", "Digits along a thermometer decrease from the bulb end.", "a thermometer from"),
])
def test_a_mark_or_line_the_rules_text_redefines_denies_or_only_allows_is_named_not_read(kind, text, named):
    row = next(row for row in CONVERTED if row["kind"] == kind)
    with options(rules_text=KEEP + text):
        with pytest.raises(UnreadDrawing) as refused:
            parse_puzzle(row["link"])
    message = str(refused.value)
    assert named in message and "rules text" in message and "\n" not in message


@pytest.mark.parametrize("kind, text, named", [
    ("jigsaw", "Each row and column contains every digit once. Digits may repeat in the outlined regions.",
     "the jigsaw regions"),
    ("jigsaw", "Each row and column contains every digit once. Outlined regions need not contain every digit.",
     "the jigsaw regions"),
    ("classic", "Each row and column contains every digit once. Digits may repeat within boxes.", "the 3x3 boxes"),
    ("classic", "Each row and column contains every digit once; digits can repeat in a 3x3 box.", "the 3x3 boxes"),
])
def test_boxes_or_regions_the_rules_text_lets_digits_repeat_in_are_named_not_read(kind, text, named):
    row = next(row for row in CONVERTED if row["kind"] == kind)
    with options(rules_text=text):
        with pytest.raises(UnreadDrawing) as refused:
            parse_puzzle(row["link"])
    message = str(refused.value)
    assert named in message and "rules text" in message and "\n" not in message
    with options(rules_text="Each row and column contains every digit once. Digits may repeat in cages, not in boxes."):
        assert parse_puzzle(row["link"]).rules.name == kind  # said of cages: the boxes or regions stay
