"""SudokuPad links (issue 41): every link form, SudokuPad's own format, its drawings read as rules, refusals.

The corpus is tests/data/sudokupad (links written by SudokuPad's own code from published puzzles, and
links as posted; see its README). Smaller puzzles are built here by SudokuPad's conventions
(``link.zip_payload``: its zipped JSON, lz-string base64).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from sudoku_cp.cli import main
from sudoku_cp.core.board import PuzzleError
from sudoku_cp.formats.sudokupad.link import zip_payload
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.solving import solve

DATA = Path(__file__).resolve().parent / "data" / "sudokupad"
CONVERTED, REAL = ([json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]
                   for name in ("converted.jsonl", "real.jsonl"))
CORPUS = CONVERTED + REAL
REAL_OPENED = 57  # of the real links, how many open with their published solution today: a floor, never lowered

# A 4x4 (boxes 2x2) with its published-style solution 1234/3412/2143/4321.
SOLUTION = "1234341221434321"


def grid(givens: str = "1" + "." * 15) -> list[list[dict]]:
    return [[{"value": int(ch)} if ch != "." else {} for ch in givens[r * 4:r * 4 + 4]] for r in range(4)]


def puzzle(rules: str = "", solution: str | None = SOLUTION, **parts) -> dict:
    cages = [{"value": f"rules: {rules}"}] if rules else []
    if solution:
        cages.append({"value": f"solution: {solution}"})
    cages += parts.pop("cages", [])
    return {"cells": grid(parts.pop("givens", ".." + SOLUTION[2:])), "cages": cages, **parts}


def line(cells: list[tuple[int, int]], colour: str, thickness: float = 10) -> dict:
    return {"color": colour, "thickness": thickness, "wayPoints": [[r + 0.5, c + 0.5] for r, c in cells]}


def read(p: dict) -> object:
    return parse_puzzle(zip_payload(p))


# --- link forms ------------------------------------------------------------------------------

def test_every_link_form_reads_the_same_board():
    link = zip_payload(puzzle(cages=[{"cells": [[3, 2], [3, 3]], "value": 3, "unique": True}]))
    data = link.split("/scl", 1)[1]
    forms = [link, "scl" + data, "https://app.crackingthecryptic.com/sudoku/scl" + data,
             "https://sudokupad.app/?puzzleid=scl" + data, "sudokupad.app/scl" + quote(data, safe=""),
             link.replace("+", " "), "https://beta.sudokupad.app/scl" + data,
             "https://sudokupad.svencodes.com/puzzle/scl" + data, link + "?setting-nogrid=1",
             link + "&setting-x=1#top", f"<{link}>", f"({link}).", "https://sudokupad.svencodes.com/puzzle/" + data]
    boards = [parse_puzzle(f) for f in forms]
    assert all(b == boards[0] and b.rules == boards[0].rules for b in boards)
    assert boards[0].rules.name == "killer" and boards[0][0, 2] == 3


def test_a_short_puzzle_id_and_a_penpa_link_are_refused_in_one_line():
    with pytest.raises(PuzzleError) as short:
        parse_puzzle("https://sudokupad.app/etg05f8sm8")
    assert "server" in str(short.value) and "\n" not in str(short.value)
    with pytest.raises(PuzzleError) as penpa:
        parse_puzzle("https://swaroopg92.github.io/penpa-edit/#m=solve&p=abc")
    assert "Penpa+" in str(penpa.value)


def test_the_ctc_form_and_the_fpuz_prefix_are_read():
    forms = {row.get("form") for row in CORPUS}
    assert {"scl", "ctc", "fpuzzles"} <= forms
    row = next(r for r in CORPUS if r.get("form") == "fpuzzles")
    link = row["link"].replace("fpuzzles", "fpuz", 1)
    assert parse_puzzle(link) == parse_puzzle(row["link"])
    bare = "https://sudokupad.svencodes.com/puzzle/" + row["link"].split("fpuzzles", 1)[1]  # no prefix at all
    assert parse_puzzle(bare) == parse_puzzle(row["link"])
    with pytest.raises(PuzzleError, match="on SudokuPad's server"):  # long, but no puzzle inside: an id
        parse_puzzle("https://sudokupad.app/" + "a" * 48)


# --- the corpus: published puzzles -----------------------------------------------------------

def outcome(row: dict) -> str:
    try:
        board = parse_puzzle(row["link"])
    except PuzzleError as exc:
        assert "\n" not in str(exc) and "SudokuPad" in str(exc)
        return "refused"
    result = solve(board, backend="sat", unique=True)
    answer = "".join(str(d) for d in result.solution.cells) if result.solution else ""
    return "correct" if result.status.value == "unique" and answer == row["solution"] else "WRONG: " + row["link"]


def test_published_links_give_their_published_solution_or_are_refused_never_another_answer():
    outcomes = [outcome(row) for row in CONVERTED]
    assert [o for o in outcomes if o.startswith("WRONG")] == []
    assert outcomes.count("correct") >= 0.85 * len(outcomes)


def test_real_links_as_posted_open_with_their_published_solution_or_are_refused_by_name():
    outcomes = [outcome(row) for row in REAL]
    assert [o for o in outcomes if o.startswith("WRONG")] == []
    assert outcomes.count("correct") >= REAL_OPENED


def without_solution(link: str) -> str:
    """The same link with the solution its puzzle carries taken out (the reading then has only its count)."""
    from lzstring import LZString

    from sudoku_cp.formats import fpuzzles
    from sudoku_cp.formats.sudokupad import decode, payload

    form, data = payload(link, "test")
    is_solution = lambda c: isinstance(c, dict) and str(c.get("value", "")).lower().startswith("solution")  # noqa: E731
    if form == "fpuzzles":
        p = fpuzzles.decode("fpuzzles" + data, 1)
        p.pop("solution", None)
        p["cage"] = [c for c in p.get("cage") or [] if not is_solution(c)]
        return "https://sudokupad.app/fpuzzles" + LZString().compressToBase64(json.dumps(p))
    p = decode(data, "test")
    if isinstance(p.get("metadata"), dict):
        p["metadata"].pop("solution", None)
    p["cages"] = [c for c in p.get("cages") or [] if not is_solution(c)]
    return zip_payload(p)


def test_without_their_solutions_real_links_still_never_give_another_answer():
    outcomes = [outcome(dict(row, link=without_solution(row["link"]))) for row in REAL]
    assert [o for o in outcomes if o.startswith("WRONG")] == []
    assert outcomes.count("correct") >= REAL_OPENED  # the count alone decides them: no opening leans on the solution


def test_a_background_image_is_refused_by_name():
    row = next(r for r in CORPUS if "bgimage" in r.get("note", ""))
    with pytest.raises(PuzzleError, match="background image"):
        parse_puzzle(row["link"])


# --- drawings, one family at a time ----------------------------------------------------------

def test_a_thermometer_is_a_line_with_a_bulb_at_one_end():
    bulb = {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True,
            "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}
    drawn = [line([(1, 0), (0, 0)], "#CFCFCF", 21)]  # drawn from its tip: the bulb says where it starts
    board = read(puzzle(givens="." + SOLUTION[1:4] + "." + SOLUTION[5:], lines=drawn, underlays=[bulb]))
    (thermo,) = board.rules.constraints
    assert thermo.kind == "thermometer" and thermo.cells == ((0, 0), (1, 0))


def test_kropki_and_xv_on_edges():
    white = {"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True,
             "backgroundColor": "#FFFFFF", "borderColor": "#000000"}
    v = {"center": [3.5, 2], "width": 0.25, "height": 0.25, "text": "V",
         "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF"}
    board = read(puzzle(givens=SOLUTION, overlays=[white, v]))
    kinds = {c.kind: c for c in board.rules.constraints}
    assert kinds["xv"].cells == ((3, 1), (3, 2))
    assert kinds["kropki"].data == ("white",)


def test_a_coloured_line_is_read_by_the_rules_text_and_refused_without_it():
    # r1c1=1, r1c2=2: renban holds on 1,2 (consecutive); palindrome would not.
    drawn = [line([(0, 0), (0, 1)], "#F067F0")]
    board = read(puzzle("Purple lines hold a set of consecutive digits in any order.", lines=drawn,
                        givens=".." + SOLUTION[2:]))
    assert [c.kind for c in board.rules.constraints] == ["renban"]
    with pytest.raises(PuzzleError, match=r"a pink line from r1c1 to r1c2 that the rules text does not explain"):
        read(puzzle("Normal sudoku rules apply.", lines=drawn))


def diamond(cell: tuple[int, int]) -> dict:
    """A lockout line's end as SudokuMaker draws it: a small square turned 45 degrees on the cell."""
    return {"center": [cell[0] + 0.5, cell[1] + 0.5], "width": 0.587, "height": 0.587, "angle": 45,
            "backgroundColor": "#ebeaffd6", "borderColor": "#490AA5"}


def test_a_lockout_line_is_a_line_with_diamonds_at_its_ends():
    # r2c2=4, r2c3=1, r1c2=2: the ends 4 and 2 differ by 2 (N // 2 on a 4x4), the 1 between them is outside 2..4
    drawn = line([(1, 1), (1, 2), (0, 1)], "#9b86ecff", 8)
    got = read(puzzle("Digits on a lockout line are not between the values in its diamonds.", lines=[drawn],
                      overlays=[diamond((1, 1)), diamond((0, 1))]))
    assert [(c.kind, c.cells, c.value) for c in got.rules.constraints] == [("lockout", ((1, 1), (1, 2), (0, 1)), None)]
    # its sentence also says "differ by at least", whispers' phrasing: the rule the sentence names first wins,
    # and its number is the lockout's gap (r2c2=4 and r2c3=1 differ by 3)
    p = puzzle("Orange lines are lockout lines: the ends of a line differ by at least 3, and no digit on the "
               "line is between them.", lines=[line([(1, 1), (1, 2)], "#F0A040")])
    assert [(c.kind, c.value) for c in read(p).rules.constraints] == [("lockout", 3)]
    with pytest.raises(PuzzleError, match=r"a blue line from r2c2 to r1c2 that the rules text does not explain \(and 2 more\)"):
        read(puzzle("Normal sudoku rules apply.", lines=[drawn], overlays=[diamond((1, 1)), diamond((0, 1))]))


def test_ten_lines_drawn_hollow_and_as_a_closed_loop():
    # SudokuMaker's hollow line: a grey outline with a white line inside it, the rules text naming white lines;
    # 1 4 1 4 along the open line, and box 1's loop 1 2 4 3 is one run of 10 passing its joint
    text = "Each white line can be divided into one or more segments that each sum to 10."
    drawn = []
    for cells in ([(0, 0), (1, 1), (1, 2), (0, 3)], [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]):
        drawn += [line(cells, "#aaaf", 9.6), line(cells, "#FFFFFF", 5.12)]
    got = read(puzzle(text, lines=drawn))
    assert sorted((c.kind, c.cells, c.data) for c in got.rules.constraints) == [
        ("tenline", ((0, 0), (0, 1), (1, 1), (1, 0)), ("loop",)), ("tenline", ((0, 0), (1, 1), (1, 2), (0, 3)), ())]


def test_sudokumakers_inequality_chevron_inside_the_smaller_cell():
    # the chevron sits in r1c2 with its open side on the edge to r1c1: it points into r1c2, the smaller digit
    chevron = {"color": "#000000", "thickness": 1.92, "wayPoints": [[0.38, 1.06], [0.5, 1.11], [0.62, 1.06]]}
    assert kinds(puzzle("The inequality sign points to the smaller digit.", lines=[chevron],
                        solution="2134341212434321", givens="2." + "34341212434321")) == [
        ("greaterthan", ((0, 0), (0, 1)))]


def test_a_real_puzzles_lockout_and_sequence_lines_and_grey_dots_give_its_published_solution():
    # "Pumpkin Wizard" (Lizzy01, SudokuMaker; real.jsonl): purple lockout lines between diamonds, grey sequence
    # lines, orange Dutch whispers, and grey dots whose rules text reads "Cells separated by a grey dot are either
    # consecutive or in a 1:2 ratio (or both)": read as grey kropki dots, the puzzle has its published solution
    row = next(r for r in REAL if "Pumpkin Wizard" in r["source"])
    board = parse_puzzle(row["link"])
    assert board.rules.name == "killer+arrow+kropki+dutchwhispers+lockout+sequence"
    assert sorted(c.cells for c in board.rules.constraints if c.kind in ("lockout", "sequence")) == [
        ((2, 0), (1, 1), (0, 1)), ((2, 5), (1, 4), (0, 4), (1, 3), (2, 2)), ((4, 3), (4, 2), (3, 2)), ((8, 2), (8, 1), (7, 0))]
    assert sorted(c.cells for c in board.rules.constraints if c.kind == "kropki" and c.data == ("grey",)) == [
        ((0, 7), (0, 8)), ((1, 5), (2, 5)), ((8, 7), (8, 8))]
    result = solve(board, backend="sat", unique=True)
    assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]


def test_a_grey_dot_is_read_only_where_the_rules_text_says_consecutive_or_1_to_2():
    dot = {"center": [0.5, 1.0], "width": 0.25, "height": 0.25, "rounded": True, "backgroundColor": "#A0A0A0"}
    got = read(puzzle("Cells separated by a gray dot are consecutive or in a 2:1 ratio.", overlays=[dot]))
    assert [(c.kind, c.cells, c.data) for c in got.rules.constraints] == [("kropki", ((0, 0), (0, 1)), ("grey",))]
    for text in ("Grey dots are special.", "Cells separated by a grey dot are neither consecutive nor in a 1:2 ratio."):
        with pytest.raises(PuzzleError, match="a grey circle between r1c1 and r1c2 that the rules text does not explain"):
            read(puzzle(text, overlays=[dot]))


def test_a_cage_marked_question_mark_is_a_cage_of_unknown_sum_when_its_digits_do_not_repeat():
    cage = {"cells": [[0, 0], [0, 1]], "value": "?"}
    got = read(puzzle("Digits cannot repeat in a cage. Cages marked ? have an unknown total.", cages=[cage]))
    assert [(c.kind, c.cells, c.value) for c in got.rules.constraints] == [("killer", ((0, 0), (0, 1)), None)]
    # a '?' the text gives another meaning, or a cage whose digits may repeat, is named, never read as a killer
    for text, drawn, words in (('Digits cannot repeat in cages. A "?" means a prime total.', cage, "marked '?'"),
                               ("Killer cages: digits in a cage may repeat.", {"cells": cage["cells"]},
                                "with no sum in which digits may repeat")):
        with pytest.raises(PuzzleError, match=words):
            read(puzzle(text, cages=[drawn]))


def fogged(link: str) -> str:
    """A SudokuPad link with fog of war added as SudokuPad's f-puzzles converter writes it: lit cells
    (``foglight``) and what lights more (``triggereffect``); the drawings stay in the puzzle."""
    from sudoku_cp.formats.sudokupad import decode
    from sudoku_cp.formats.sudokupad.link import payload

    p = decode(payload(link, "test")[1], "test")
    p["foglight"] = [[r, c] for r in range(3) for c in range(3)]
    p["triggereffect"] = [{"trigger": {"type": "cellvalue", "cell": "R1C1", "value": "1"},
                           "effect": {"type": "foglight", "cells": ["R4C4"]}}]
    return zip_payload(p)


def test_fog_of_war_hides_drawings_that_are_read_as_rules_and_the_board_says_so():
    # a published puzzle's link written by SudokuPad's own code (converted.jsonl), fog added: the same rules
    # are read, the rules name says the puzzle had fog, and it still solves to the published solution
    row = next(r for r in CONVERTED if r["kind"] == "thermometer" and r["solution_embedded"])
    clear, fog = parse_puzzle(row["link"]), parse_puzzle(fogged(row["link"]))
    assert fog.rules == clear.rules and fog.cells == clear.cells
    assert fog.rules.name == f"{clear.rules.name} (fog of war: the drawings under it read too)"
    result = solve(fog, backend="sat", unique=True)
    assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]
    # the misreading check stays: a fogged puzzle whose own solution breaks what was read is refused
    cage = {"cells": [[0, 0], [0, 1]], "value": 5, "unique": True}
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):
        read(puzzle(cages=[cage], foglight=[[0, 0]]))


def test_the_puzzles_own_solution_decides_a_misreading():
    cage = {"cells": [[0, 0], [0, 1]], "value": 5, "unique": True}  # the solution's 1 + 2 is 3, not 5
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):
        read(puzzle(cages=[cage]))
    assert read(puzzle(cages=[dict(cage, value=3)])).rules.name == "killer"


def test_a_reading_with_several_solutions_is_refused_not_answered():
    with pytest.raises(PuzzleError, match="more than one solution"):
        read(puzzle(givens="." * 16, solution=None))


def test_a_count_refusal_names_the_rules_texts_sentence_no_rule_read_speaks_of():
    rules = ("Normal sudoku rules apply. Digits in a cage sum to the total. In every row, digits on even squares "
             "form a rising run. Good luck, and enjoy!")
    with pytest.raises(PuzzleError) as error:
        read(puzzle(rules, givens="." * 16, solution=None, cages=[{"cells": [[0, 0], [0, 1]], "value": 3}]))
    assert "more than one solution" in str(error.value)
    assert "the rules text's 'In every row, digits on even squares form a rising run.' is likely a rule" in str(error.value)
    with pytest.raises(PuzzleError) as error:  # the cage's sentence, the grid's rules, a wish: nothing left to name
        read(puzzle(rules.replace("In every row, digits on even squares form a rising run. ", ""), givens="." * 16,
                    solution=None, cages=[{"cells": [[0, 0], [0, 1]], "value": 3}]))
    assert "a rule is drawn or said in a way this reader does not read" in str(error.value)
    # a real one: 'Mean Baby Snake' (real.jsonl), whose snake is drawn by the solver, never in the link
    row = next(r for r in REAL if "Mean Baby Snake" in r["source"])
    with pytest.raises(PuzzleError) as error:
        solve(parse_puzzle(row["link"]), backend="sat", unique=True)
    assert str(error.value).count("\n") == 0
    assert ("the rules text's 'Draw a 1-cell-wide snake of orthogonally connected cells in the grid.' (and 3 more) "
            "is likely a rule this reader does not read") in str(error.value)
    # and where the puzzle's own solution breaks the reading: 'NGN' (real.jsonl) fills its 4x4 from a subset of 1-9
    row = next(r for r in REAL if '"NGN"' in r["source"])
    with pytest.raises(PuzzleError) as error:
        parse_puzzle(row["link"])
    assert ("own solution breaks the rules as read (row 1 does not hold every digit 1..4 once), so the drawings were "
            "misread (the rules text's 'Place the same 4-digit subset from the digits 1 – 9 in each row, column and "
            "2 x 2 box.' is likely a rule this reader does not read)") in str(error.value)


# --- the options: --rules-text, --ignore-unread ----------------------------------------------

def test_rules_text_supplies_what_the_page_carried(capsys):
    link = zip_payload(puzzle(lines=[line([(0, 0), (0, 1)], "#67F067")], solution="2413314213244231",
                              givens="2." + "13314213244231"))
    assert main(["solve", link]) == 2
    err = capsys.readouterr().err
    assert "green line from r1c1 to r1c2" in err and "--ignore-unread" in err and err.count("\n") == 1
    assert main(["solve", link, "--rules-text", "Adjacent digits on green lines differ by at least 2.",
                 "--json"]) == 0


def test_ignore_unread_solves_what_was_read_and_says_so(capsys):
    link = zip_payload(puzzle(lines=[line([(0, 0), (0, 1)], "#FF0000")]))
    assert main(["solve", link, "--ignore-unread", "--json"]) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)
    assert record["rules"].endswith("(read in part: 1 ignored)") and "red line from r1c1 to r1c2" in err


# --- bounds ----------------------------------------------------------------------------------

def test_a_compression_bomb_in_a_sudokupad_link_is_refused_quickly():
    from test_rough_edges import lz_bomb

    with pytest.raises(PuzzleError, match="decompresses to more than") as bomb:  # 18 M letters: past the cap
        parse_puzzle("https://sudokupad.app/scl" + lz_bomb(6000))
    assert "\n" not in str(bomb.value)


def shaded(*cells: tuple[int, int]) -> list[dict]:
    return [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF"} for r, c in cells]


def test_shaded_groups_of_one_shape_are_clones_when_the_rules_text_names_clones():
    text = "Shaded cells are clones: they hold the same digits in the same places."
    board = read(puzzle(text, underlays=shaded((0, 0), (0, 1), (1, 2), (1, 3))))  # 1 2 and 1 2
    assert [(c.kind, c.cells) for c in board.rules.constraints] == [("clone", ((0, 0), (0, 1), (1, 2), (1, 3)))]
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):
        read(puzzle(text, underlays=shaded((0, 0), (0, 1), (2, 2), (2, 3))))  # 1 2 and 4 3
    with pytest.raises(PuzzleError, match="grey square at r1c1 that the rules text does not explain"):
        read(puzzle(text, underlays=shaded((0, 0), (0, 1), (1, 2))))  # no twin: not read as clones


def test_a_greater_than_sign_on_an_edge():
    sign = {"center": [0.5, 1], "width": 0.25, "height": 0.25, "text": "<"}  # r1c1 (1) < r1c2 (2)
    board = read(puzzle("The sign between two cells points at the smaller digit.", overlays=[sign]))
    assert [(c.kind, c.cells) for c in board.rules.constraints] == [("greaterthan", ((0, 1), (0, 0)))]
    with pytest.raises(PuzzleError, match="own solution"):
        read(puzzle("The sign between two cells points at the smaller digit.", overlays=[dict(sign, text=">")]))


def test_the_web_api_takes_rules_text_and_ignore_unread():
    from sudoku_cp.web.app import BadRequest, do_count

    link = zip_payload(puzzle(lines=[line([(0, 0), (0, 1)], "#F067F0")]))
    with pytest.raises(BadRequest, match="pink line from r1c1 to r1c2"):
        do_count({"puzzle": link})
    answer = do_count({"puzzle": link, "rules_text": "Purple lines are renban lines."})
    assert answer["status"] == "unique" and answer["rules"] == "renban"
    assert do_count({"puzzle": link, "ignore_unread": True})["rules"].endswith("(read in part: 1 ignored)")


def test_a_line_in_f_puzzles_colour_for_a_rule_the_text_names_is_that_rule():
    text = "Digits on a renban line are a set of consecutive digits. Whispers lines: neighbours differ by at least 2."
    drawn = [line([(0, 0), (0, 1)], "#F067F0"), line([(1, 0), (1, 1)], "#67F067")]  # 1 2 renban; 3 4 not a whisper
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):
        read(puzzle(text, lines=drawn))
    drawn[1] = line([(0, 1), (1, 1)], "#67F067")  # 2 4: a whisper of gap 2
    assert sorted(c.kind for c in read(puzzle(text, lines=drawn)).rules.constraints) == ["renban", "whispers"]


# --- setters' conventions (SudokuMaker's styles, rules in setters' words) ----------------------
# The 4x4 SOLUTION: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1.

def kinds(p: dict) -> list[tuple[str, tuple]]:
    return sorted((c.kind, c.cells) for c in read(p).rules.constraints)


def test_sudokumakers_xv_on_a_white_circle_and_colours_as_seen_through_their_alpha():
    from sudoku_cp.formats.sudokupad.words import colour_word

    v = {"center": [0.5, 2], "width": 0.35, "height": 0.35, "text": "V", "rounded": True, "backgroundColor": "#FFFFFF"}
    assert kinds(puzzle("Digits separated by a V sum to 5.", overlays=[v])) == [("xv", ((0, 1), (0, 2)))]
    # SudokuMaker's shading #0003 and a palindrome's #46386c45 are light grey on the page, #fcaf a peach line
    assert [colour_word(c) for c in ("#0003", "#46386c45", "#fcaf", "#fff3")] == ["grey", "grey", "orange", "white"]


def test_a_thermometer_branch_continues_the_thermometer_it_starts_on():
    bulb = {"center": [2.5, 1.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#cccf"}
    trunk = line([(2, 1), (3, 2), (3, 1), (3, 0)], "#cccf", 19)  # 1 2 3 4
    branch = line([(3, 2), (2, 3)], "#cccf", 19)  # from the trunk's 2 to a 3
    got = kinds(puzzle("Digits along a thermometer increase from the bulb.", lines=[trunk, branch], underlays=[bulb]))
    assert got == [("thermometer", ((2, 1), (3, 2), (2, 3))), ("thermometer", ((2, 1), (3, 2), (3, 1), (3, 0)))]


def test_rules_in_setters_words_choose_the_line_rule():
    bulb = {"center": [2.5, 1.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#cccf"}
    thermo = line([(2, 1), (3, 2), (3, 1)], "#cccf", 19)
    assert [k for k, _ in kinds(puzzle("Digits along a thermometer increase or stay the same from the bulb.",
                                       lines=[thermo], underlays=[bulb]))] == ["slowthermo"]
    blue = line([(0, 0), (0, 1), (0, 2)], "#2ecbffff")  # 1 + 2 in one box, 3 in the next
    assert kinds(puzzle("Box borders divide the blue line into segments with the same sum.", lines=[blue])) == [
        ("regionsum", ((0, 0), (0, 1), (0, 2)))]


def test_a_renban_drawn_in_two_strokes_is_one_set_of_digits():
    text = "Digits on a pink line are a set of consecutive, non-repeating digits in any order."
    strokes = [line([(0, 0), (0, 1), (1, 1)], "#f067f0ff"), line([(0, 1), (1, 0)], "#f067f0ff")]  # 1 2 4, 2 3
    assert kinds(puzzle(text, lines=strokes)) == [("renban", ((0, 0), (0, 1), (1, 1), (1, 0)))]


def test_an_arrow_drawn_as_a_line_with_a_head():
    circle = {"center": [1.5, 1.5], "width": 0.85, "height": 0.85, "rounded": True, "backgroundColor": "#FFFFFF",
              "borderColor": "#bbbf"}
    shaft = line([(1, 1), (0, 0), (1, 0)], "#bbbf", 3.2)  # 1 + 3 = 4
    head = {"color": "#bbbf", "thickness": 3.2, "wayPoints": [[1.25, 0.25], [1.5, 0.5], [1.25, 0.75]]}
    got = read(puzzle("Digits along an arrow sum to the digit in its circle.", lines=[shaft, head], overlays=[circle]))
    (arrow,) = got.rules.constraints
    assert arrow.kind == "arrow" and arrow.cells == ((1, 1), (0, 0), (1, 0))  # the circle, then the shaft


def test_sudokumakers_hidden_unique_cages_are_the_regions():
    boxes = [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)]
    cages = [{"cells": cells, "unique": True, "hidden": True} for cells in boxes]
    assert read(puzzle("Normal sudoku rules apply.", cages=cages)).rules.name == "classic"
    with pytest.raises(PuzzleError, match="hidden cage"):  # three of them are no partition of the grid
        read(puzzle("Normal sudoku rules apply.", cages=cages[:3]))


def test_a_rule_the_rules_text_names_and_this_reader_does_not_know_is_named():
    with pytest.raises(PuzzleError, match="the rules text's rule 'Negators', which this reader does not know"):
        read(puzzle("Normal sudoku rules apply.\nNegators: one cell in each row counts as its negative."))


@pytest.mark.parametrize("rules, kind", [
    ("Tentacles: Adjacent digits along a tentacle (green line) differ by at least 2.", "whispers"),
    ("Fish: The fish (pink line) consists of a set of consecutive, non-repeating digits in some order.", "renban"),
    ("Shell: Box borders divide the shell (blue line) into segments that add to the same sum.", "regionsum"),
])
def test_a_themes_name_for_a_rule_it_defines_in_the_usual_words_is_read_as_that_rule(rules, kind):
    from sudoku_cp.formats.sudokupad.words import unknown_rules

    assert unknown_rules("Normal sudoku rules apply.\n" + rules) == []
    colour = {"whispers": "#67f067ff", "renban": "#f067f0ff", "regionsum": "#2ecbffff"}[kind]
    cells = {"whispers": [(0, 0), (1, 0)], "renban": [(0, 0), (0, 1)], "regionsum": [(0, 0), (0, 1), (0, 2)]}[kind]
    assert kinds(puzzle(rules, lines=[line(cells, colour)])) == [(kind, tuple(cells))]  # 1 3; 1 2; 1+2 | 3


@pytest.mark.parametrize("rules", [
    "Hot/Cold: The value of a shaded cell is one more than its digit.",
    "Vampires: Digits on a green line differ by at least 2, but a vampire cell counts as 0.",
    "Mirrors: Digits on a pink line are consecutive. Digits on a green line differ by at least 2.",  # two rules
])
def test_a_themes_name_that_changes_how_digits_count_or_defines_several_rules_is_still_named(rules):
    with pytest.raises(PuzzleError, match=f"the rules text's rule '{rules.split(':')[0]}'"):
        read(puzzle("Normal sudoku rules apply.\n" + rules))


def test_a_region_sum_line_drawn_in_two_strokes_keeps_the_joint_in_the_other_strokes_segment():
    text = "Box borders divide a blue line into segments with the same sum."
    trunk = line([(0, 0), (0, 1), (0, 2)], "#2ecbffff")  # 1+2 | 3
    branch = line([(1, 3), (1, 2), (0, 1)], "#2ecbffff")  # 2+1 in box 2, then it joins the trunk's box 1 segment
    assert kinds(puzzle(text, lines=[trunk, branch])) == [("regionsum", ((0, 0), (0, 1), (0, 2))),
                                                           ("regionsum", ((1, 3), (1, 2)))]
    inside = line([(2, 0), (1, 0), (0, 1)], "#2ecbffff")  # r2c1 joins r1c2 in box 1: the trunk's segment grows
    with pytest.raises(PuzzleError, match="region-sum line from r3c1 to r1c2 that joins another inside one region"):
        read(puzzle(text, lines=[trunk, inside]))


def test_all_dots_given_after_dots_of_another_rule_is_no_kropki_negative():
    from sudoku_cp.formats.sudokupad.puzzle import text_rules

    def negatives(text: str) -> list[dict]:
        found: list[dict] = []
        text_rules(text, found)
        return [c for c in found if c["type"] == "kropki-negative"]

    assert negatives("Digits separated by a red dot are non-consecutive and of different parity. All dots are given!") == []
    assert negatives("Cells separated by a white dot are consecutive. All dots are given.") == [
        {"type": "kropki-negative", "colors": ["white"]}]
    assert negatives("Digits joined by a dot are consecutive. All dots are given.") == [
        {"type": "kropki-negative", "colors": ["white"]}]


def test_a_knights_move_rule_is_anti_knight_only_when_it_says_digits_differ():
    with pytest.raises(PuzzleError, match="own solution breaks"):  # r1c1 and r2c3 both hold 1
        read(puzzle("Digits separated by a knight's move may not repeat."))
    assert read(puzzle("A circled digit is in the same group as every cell a knight's move away.")).rules.name \
        == "classic"


def test_an_fpuz_link_whose_rules_say_more_than_its_keys_is_refused_not_answered():
    from lzstring import LZString

    data = {"size": 4, "grid": [[{"value": 1} if (r, c) == (0, 0) else {} for c in range(4)] for r in range(4)],
            "ruleset": "Each cell also has one of four colours, each colour once in every row, column and box."}
    with pytest.raises(PuzzleError, match="more than one solution"):
        parse_puzzle("https://sudokupad.app/fpuz" + LZString().compressToBase64(json.dumps(data)))


@pytest.mark.parametrize("sentence, colour, kind", [
    ("Digits on a pink line are consecutive.", "pink", "renban"),
    ("Digits along a purple line must be a set of consecutive digits (not necessarily in order).", "purple", "renban"),
    ("No two digits on a yellow line are consecutive, and digits do not repeat.", "yellow", "nabner"),
    ("Neighbouring digits on a green line must have a difference of 5 or greater.", "green", "whispers"),
    ("Digits along a red line alternate between odd and even.", "red", "parityline"),
    ("Adjacent digits on a red line have different parity.", "red", "parityline"),
    ("Digits equidistant from the centre of a lavender line sum to the digit in the centre.", "purple", "zipper"),
    ("Any three consecutive cells along a peach line contain one low (1-3), one middle (4-6) and one high (7-9) digit.",
     "orange", "entropic"),
    ("Every set of three sequential digits along a teal line contains one digit from each of {147}, {258} and {369}.",
     "cyan", "modular"),
    ("Digits on a blue line have an equal sum N within each 3x3 box it passes through.", "blue", "regionsum"),
    ("Digits on a black line must be strictly between the digits in the circles at its ends.", "black", "between"),
])
def test_a_line_rule_said_in_setters_words_without_its_name_is_read(sentence, colour, kind):
    from sudoku_cp.formats.sudokupad.words import line_kinds

    assert line_kinds(sentence) == {colour: kind}


@pytest.mark.parametrize("sentence", [
    "Digits on either side of a white dot are consecutive.",  # a kropki dot, not a line
    "Adjacent digits separated by a black dot have different parity.",
    "In each row, any three consecutive cells contain one low (1-3) and one middle (4-6) digit.",
])
def test_words_about_dots_or_rows_name_no_line_rule(sentence):
    from sudoku_cp.formats.sudokupad.words import mentions

    assert mentions(sentence) == []


def test_two_line_rules_in_one_sentence_each_keep_their_own_colour():
    # "pink ... renban, green ... whispers": green is not the sentence's first rule (renban), but its clause's
    from sudoku_cp.formats.sudokupad.words import line_kinds

    assert line_kinds("Pink lines are renbans, green lines are German whispers.") == {"pink": "renban", "green": "whispers"}
    assert line_kinds("Digits on a pink line are consecutive and adjacent digits on a green line differ by at least 5.") \
        == {"pink": "renban", "green": "whispers"}
    assert line_kinds("Orange lines are lockout lines: the ends differ by at least 2.") == {"orange": "lockout"}


def test_an_arrow_or_a_cage_whose_clue_the_rules_text_makes_a_product_or_a_difference_is_named_not_summed():
    circle = {"center": [1.5, 1.5], "width": 0.85, "height": 0.85, "rounded": True, "backgroundColor": "#FFFFFF",
              "borderColor": "#bbbf"}
    shaft = line([(1, 1), (0, 0), (1, 0)], "#bbbf", 3.2)
    head = {"color": "#bbbf", "thickness": 3.2, "wayPoints": [[1.25, 0.25], [1.5, 0.5], [1.25, 0.75]]}
    with pytest.raises(PuzzleError, match="an arrow from r2c2 to r2c1 whose circle the rules text makes other than a sum"):
        read(puzzle("Digits on an arrow have the DIFFERENCE of the digit in the circle.", lines=[shaft, head],
                    overlays=[circle]))
    cage = {"cells": [[3, 2], [3, 3]], "value": 2, "unique": True}  # 2 x 1
    with pytest.raises(PuzzleError, match="a cage of 2 cells from r4c3 marked 2 whose clue the rules text makes other"):
        read(puzzle("Digits in a cage multiply to the clue in its corner.", cages=[cage]))
    assert kinds(puzzle("Digits in a cage sum to the clue; their product is not given.", cages=[dict(cage, value=3)])) \
        == [("killer", ((3, 2), (3, 3)))]


def test_a_bulb_line_is_no_thermometer_where_the_rules_text_speaks_of_none():
    # the converter's thermometer style is read as one where the text says nothing or speaks of thermometers; a text
    # about arrows only leaves a line from a circle unread rather than guessing a thermometer
    bulb = {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True,
            "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}
    drawn = [line([(1, 0), (0, 0)], "#CFCFCF", 21)]
    with pytest.raises(PuzzleError, match="a grey line from r2c1 to r1c1 that the rules text does not explain"):
        read(puzzle("Digits along an arrow sum to the digit in its circle.", lines=drawn, underlays=[bulb]))
    assert kinds(puzzle("Digits increase from the bulb.", lines=drawn, underlays=[bulb])) == [
        ("thermometer", ((0, 0), (1, 0)))]


def test_sandwich_sums_between_other_digits_than_1_and_n_are_not_read_as_sandwiches():
    clue = {"center": [-0.5, 0.5], "width": 0.8, "height": 0.8, "text": "0", "fontSize": 20}
    with pytest.raises(PuzzleError, match="the text '0' above column 1"):
        read(puzzle("Sandwich sums: the clue is the sum of the digits between the 2 and the 3.", overlays=[clue]))
    assert kinds(puzzle("Sandwich sums: the clue is the sum of the digits between the 1 and the 4.",
                        overlays=[dict(clue, text="5")])) == [("sandwich", ((0, 0), (1, 0), (2, 0), (3, 0)))]


def test_a_line_between_two_circles_is_no_between_line_where_the_rules_text_speaks_of_none():
    ends = [{"center": [r + 0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True, "backgroundColor": "#FFFFFF",
             "borderColor": "#CFCFCF"} for r in (0, 2)]
    drawn = [line([(0, 0), (1, 0), (2, 0)], "#CFCFCF", 10)]  # 1, 3, 2: 3 is not between 1 and 2
    with pytest.raises(PuzzleError, match="that the rules text does not explain"):
        read(puzzle("Digits along an arrow sum to the digit in its circle.", lines=drawn, overlays=ends))
    drawn = [line([(0, 0), (0, 1), (0, 2)], "#CFCFCF", 10)]  # 1, 2, 3
    ends = [dict(e, center=[0.5, c + 0.5]) for e, c in zip(ends, (0, 2))]
    assert kinds(puzzle("Digits on a line between two circles lie between the digits in the circles.", lines=drawn,
                        overlays=ends)) == [("between", ((0, 0), (0, 1), (0, 2)))]


def test_the_converters_palindrome_and_odd_styles_are_not_guessed_where_the_rules_text_speaks_of_other_things():
    grey = line([(0, 0), (1, 0), (2, 0)], "#CFCFCF", 16)
    with pytest.raises(PuzzleError, match="a grey line from r1c1 to r3c1 that the rules text does not explain"):
        read(puzzle("Along a grey line, the digits form a Fibonacci sequence.", lines=[grey]))
    odd = {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#CFCFCF"}
    with pytest.raises(PuzzleError, match="a grey circle at r1c1 that the rules text does not explain"):
        read(puzzle("A digit in a circle counts the region borders it sees.", underlays=[odd]))
    assert kinds(puzzle("", underlays=[odd])) == [("odd", ((0, 0),))]


def test_the_one_line_rule_named_for_no_colour_goes_with_lines_of_one_colour_only():
    purple, orange = line([(0, 0), (0, 1)], "#C060F0"), line([(1, 2), (1, 3)], "#F0A040")  # 1 2 and 1 2: renban both
    assert kinds(puzzle("Digits on a renban line are consecutive.", lines=[purple])) == [("renban", ((0, 0), (0, 1)))]
    with pytest.raises(PuzzleError, match="line from r1c1 to r1c2 that the rules text does not explain"):
        read(puzzle("Digits on a renban line are consecutive.", lines=[purple, orange]))


def test_sudokupads_indexer_cage_styles_are_indexers():
    # SudokuPad draws f-puzzles' indexers as cages styled fpRowIndexer, fpColumnIndexer, fpBoxIndexer
    column = {"cells": [[r, 0] for r in range(4)], "style": "fpColumnIndexer"}  # 1 3 2 4: where each row's 1 is
    got = read(puzzle("Column 1 is a column indexer.", cages=[column]))
    assert [(c.kind, c.data) for c in got.rules.constraints] == [("indexer", ("column",))] * 4
    with pytest.raises(PuzzleError, match="breaks the rules as read"):
        read(puzzle("Row 1 is a row indexer.", cages=[{"cells": [[0, c] for c in range(4)], "style": "fpRowIndexer"}]))


def test_colour_words_beyond_the_basic_ones_name_their_family():
    from sudoku_cp.formats.sudokupad.words import line_kinds

    assert line_kinds("Crimson lines are renban lines. Adjacent digits on a mint line differ by at least 5. "
                      "Salmon lines are palindromes.") == {"red": "renban", "green": "whispers", "orange": "palindrome"}
    line_ = line([(0, 0), (0, 1), (0, 2)], "#FA8072")  # salmon: a red hue, nearest to the text's orange
    with pytest.raises(PuzzleError, match="breaks the rules as read"):  # 1 2 3 is no palindrome: read as one
        read(puzzle("Salmon lines are palindromes.", lines=[line_]))


def test_a_cage_styled_windoku_is_an_extra_region():
    window = {"cells": [[0, 1], [0, 2], [1, 1], [1, 2]], "style": "windoku"}  # 2 3 / 4 1
    assert kinds(puzzle("The shaded window is an extra region.", cages=[window])) == [
        ("extra-region", ((0, 1), (0, 2), (1, 1), (1, 2)))]


def test_shaded_cells_the_rules_text_calls_even_are_even():
    shade = {"center": [0.5, 1.5], "width": 1, "height": 1, "backgroundColor": "#CCCCCC"}  # r1c2 holds 2
    assert kinds(puzzle("Grey cells contain even digits.", underlays=[shade])) == [("even", ((0, 1),))]
    assert kinds(puzzle("Digits in shaded cells are even.", underlays=[shade])) == [("even", ((0, 1),))]
    for text in ("Even digits may not be placed in shaded cells.", "Shaded cells sum to an even total."):
        with pytest.raises(PuzzleError, match="a grey square at r1c2 that the rules text does not explain"):
            read(puzzle(text, underlays=[shade]))


def test_the_miracle_rules_in_words_are_read_as_whole_grid_rules():
    # r1c1 1 beside r1c2 2 (consecutive), r2c2 4 diagonal to r3c3 4: the solution breaks each rule, so each was read
    for text, rule in (("Orthogonally adjacent cells cannot contain consecutive digits.", "consecutive"),
                       ("Diagonally adjacent cells cannot contain the same digit.", "king")):
        with pytest.raises(PuzzleError, match=f"own solution breaks the rules as read \\({rule} rule broken"):
            read(puzzle(text))
    assert read(puzzle("Not all orthogonally adjacent consecutive digits are marked.")).rules.name == "classic"


def test_the_two_main_diagonals_said_in_words_are_read_without_a_drawing():
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):  # the main diagonal: 1 4 4 1
        read(puzzle("Digits may not repeat on the two main diagonals."))
    assert read(puzzle("Digits along both diagonals marked by little killer arrows sum to the clue.")).rules.name \
        == "classic"


def test_disjoint_groups_said_in_words_are_read():
    # the 4x4 solution keeps the rule (each place of the boxes holds 1 3 2 4, 2 4 1 3, ...)
    assert read(puzzle("Normal sudoku rules apply.")).rules.name == "classic"
    assert read(puzzle("Digits in the same position in each box may not repeat.")).rules.name == "disjoint"


def test_shaded_regions_of_n_cells_are_extra_regions_where_the_rules_text_says_each_digit_once():
    window = [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": "#CCCCCC"}
              for r, c in ((0, 1), (0, 2), (1, 1), (1, 2))]  # 2 3 / 4 1
    assert kinds(puzzle("The shaded region also contains the digits 1-4 once each.", underlays=window)) == [
        ("extra-region", ((0, 1), (0, 2), (1, 1), (1, 2)))]
    with pytest.raises(PuzzleError, match="a grey square at r1c2 that the rules text does not explain"):
        read(puzzle("The shaded region also contains the digits 1-4 once each.", underlays=window[:3]))


def test_real_differences_count_and_fibonacci_puzzles_give_their_published_solutions():
    # "Differences Count - part 1" and "part 2" (Sujoyku and Marty Sears): lines of four colours, the rules text
    # saying "a coloured line" and no colour; "Fibonacci Lines" (Matt Tressel): "Blue lines", drawn cyan #6adaed
    for title, name, lines in (("Differences Count - part 1", "kropki+diffcount", 2),
                               ("Differences Count - part 2", "kropki+diffcount", 5),
                               ("Fibonacci Lines", "fibonacci", 11)):
        row = next(r for r in REAL if f'"{title}"' in r["source"])
        board = parse_puzzle(row["link"])
        assert board.rules.name == name
        assert sum(c.kind in ("diffcount", "fibonacci") for c in board.rules.constraints) == lines
        result = solve(board, backend="sat", unique=True)
        assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]


RULE = ("The difference between two adjacent digits on a coloured line indicates exactly how many pairs of adjacent "
        "digits along that line have that exact difference.")


def test_every_coloured_line_is_a_differences_count_line_where_the_rules_text_says_a_coloured_line():
    # 1 3 1 down r1c1-r2c1-r3c2 and 3 1 3 down r1c3-r2c3-r3c4: both differences 2, on two pairs
    green, purple = line([(0, 0), (1, 0), (2, 1)], "#b7f68cff"), line([(0, 2), (1, 2), (2, 3)], "#dfb1f4ff")
    assert kinds(puzzle(RULE, lines=[green, purple])) == [("diffcount", ((0, 0), (1, 0), (2, 1))),
                                                        ("diffcount", ((0, 2), (1, 2), (2, 3)))]
    assert kinds(puzzle("Differences count: " + RULE.replace("a coloured line", "a green line"), lines=[green])) == [
        ("diffcount", ((0, 0), (1, 0), (2, 1)))]
    # a grey line is no coloured line; a sentence naming no rule gives coloured lines none
    with pytest.raises(PuzzleError, match="a grey line from r1c1 to r3c2 that the rules text does not explain"):
        read(puzzle(RULE, lines=[line([(0, 0), (1, 0), (2, 1)], "#A0A0A0")]))
    with pytest.raises(PuzzleError, match="a green line from r1c1 to r3c2 that the rules text does not explain"):
        read(puzzle("Digits on a coloured line do something else.", lines=[green]))


def test_a_fibonacci_line_is_read_by_its_name_or_its_definition():
    from sudoku_cp.formats.sudokupad.words import line_kinds, mentions, unknown_rules

    text = ("Fibonacci Lines: Blue lines strictly increase from one end to the other where any digit on the line beyond "
            "the lowest 2 digits is the sum of the previous 2 digits in the sequence.")
    assert line_kinds(text) == {"blue": "fibonacci"} and unknown_rules(text) == []
    assert line_kinds(text.replace("Fibonacci Lines: ", "")) == {"blue": "fibonacci"}
    assert mentions("Digits on a line form a sequence whose first two digits are given.") == []
    # 1 3 4 down r1c1-r2c1-r2c2 (r2c1=3, r2c2=4): rising, 4 = 1 + 3; drawn cyan, the text's blue is the nearest
    assert kinds(puzzle(text, lines=[line([(0, 0), (1, 0), (1, 1)], "#6adaedff")])) == [
        ("fibonacci", ((0, 0), (1, 0), (1, 1)))]
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):  # 1 2 3 4 along row 1
        read(puzzle(text, lines=[line([(0, 0), (0, 1), (0, 2), (0, 3)], "#6adaedff")]))
    assert mentions(RULE) == ["diffcount"] and unknown_rules("Differences Count: " + RULE) == []
    assert mentions("The difference between two adjacent digits on a green line is at least 5.") == []


def test_an_index_line_is_counted_from_its_diamond_end():
    # r2c3=1, r3c4=3, r4c3=2 from the diamond on r2c3 (drawn as the line's last point): 1 names itself, 3 and 2
    # name each other; read from the other end (2 3 1) it would break the rule
    drawn = line([(3, 2), (2, 3), (1, 2)], "#71ded2ff", 9.6)
    text = "Index lines: the digit in the Nth cell along a turquoise line (from its diamond) is where N is on the line."
    got = read(puzzle(text, lines=[drawn], underlays=[diamond((1, 2))]))
    assert [(c.kind, c.cells) for c in got.rules.constraints] == [("indexline", ((1, 2), (2, 3), (3, 2)))]
    # a turquoise line with no diamond has no start: named, never read from whichever end was drawn first
    with pytest.raises(PuzzleError, match="a cyan line from r4c3 to r2c3 that the rules text does not explain"):
        read(puzzle(text, lines=[drawn]))
    # the row, column and box indexers' words are not index lines
    with pytest.raises(PuzzleError, match="a cyan line from r4c3 to r2c3 that the rules text does not explain"):
        read(puzzle("Row indexers: the digit in column 1 gives the column of 1 in its row.", lines=[drawn],
                    underlays=[diamond((1, 2))]))


def test_a_sun_is_read_where_the_rules_text_names_sunburn_or_says_what_a_sun_counts():
    # r1c2=2 has two smaller neighbours (r1c1=1, r2c3=1)
    sun = {"center": [0.5, 1.5], "width": 0, "height": 1.05, "text": "\u2600\ufe0f", "fontSize": 36, "rounded": True}
    for text in ("SUNBURN - A digit on a sun counts its smaller neighbours.",
                 "A digit on a sun indicates how many surrounding cells contain smaller digits."):
        got = read(puzzle(text, underlays=[sun]))
        assert [(c.kind, c.cells) for c in got.rules.constraints] == [("sunburn", ((0, 1),))]
    with pytest.raises(PuzzleError, match="the text '\u2600\ufe0f' at r1c2"):
        read(puzzle("Normal sudoku rules apply.", underlays=[sun]))


def test_real_puzzles_index_lines_and_suns_give_their_published_solutions():
    # "Who knew?" (sujoyku) and "Clear Skies" (Michael Lefkowitz), real.jsonl (Sudoku-Bench challenge_100): turquoise
    # index lines counted from their diamonds (the first drawn from its far end), and three suns on a 4x4
    who = next(r for r in REAL if '"Who knew?"' in r["source"])
    board = parse_puzzle(who["link"])
    assert board.rules.name == "whispers+renban+indexline"
    assert [c.cells[0] for c in board.rules.constraints if c.kind == "indexline"] == [(0, 5), (8, 3), (1, 0), (4, 2)]
    skies = next(r for r in REAL if '"Clear Skies"' in r["source"])
    board2 = parse_puzzle(skies["link"])
    assert [(c.kind, c.cells) for c in board2.rules.constraints] == [("sunburn", ((1, 1),)), ("sunburn", ((1, 3),)),
                                                                     ("sunburn", ((2, 3),))]
    for b, row in ((board, who), (board2, skies)):
        result = solve(b, backend="sat", unique=True)
        assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]


def test_a_cage_with_a_sum_is_a_sum_cage_where_the_rules_text_says_cage_digits_may_repeat():
    # r1c1 + r2c3 (no shared row, column or box: 1 + 1 in SOLUTION) and r1c4 + r4c2 + r2c1 (4 + 3 + 3)
    cages = [{"cells": [[0, 0], [1, 2]], "value": "2"}, {"cells": [[0, 3], [3, 1], [1, 0]], "value": 10}]
    for text in ("Digits in cages MAY repeat.", "Killer cages: the digits in a cage sum to its clue. Digits can repeat "
                 "within cages.", "Normal sudoku rules apply. Digits may repeat in a cage if other rules allow."):
        got = read(puzzle(text, cages=cages))
        assert [(c.kind, c.cells, c.value) for c in got.rules.constraints] == [
            ("sumcage", ((0, 0), (1, 2)), 2), ("sumcage", ((0, 3), (3, 1), (1, 0)), 10)], text
    # silent, or saying they do not repeat: killer cages (3 distinct digits 1..4 never add up to 10: refused)
    for text in ("Killer cages.", "Digits cannot repeat in cages."):
        with pytest.raises(PuzzleError, match="cage 1 at r1c4: sum 10 is impossible for 3 distinct digits"):
            read(puzzle(text, cages=cages[1:]))
        killer = read(puzzle(text, cages=[{"cells": [[0, 0], [0, 1]], "value": 3}]))
        assert [c.kind for c in killer.rules.constraints] == ["killer"]
    # a cage with no sum (a prime killer's, say) is named; so is every cage when the text also says digits do not
    # repeat in cages (some cages may be killers)
    for text, drawn, words in (
            ("Digits in a cage sum to a prime. Digits in a cage MAY repeat.", [{"cells": [[0, 0], [1, 2]]}],
             "a cage of 2 cells from r1c1 with no sum in which digits may repeat"),
            ("Digits may repeat in grey cages. Digits cannot repeat in white cages.", cages[:1],
             "a cage of 2 cells from r1c1 in which digits may repeat, though the rules text also says")):
        with pytest.raises(PuzzleError, match=words):
            read(puzzle(text, cages=drawn))
    # the real "Prime Killer Snack" (Jordan Oliver; real.jsonl): its cages have no sums (each sums to a different
    # prime) and their digits may repeat, so they are no sum cages: named
    row = next(r for r in REAL if "Prime Killer Snack" in r["source"])
    with pytest.raises(PuzzleError, match="a cage of 3 cells from r1c2 with no sum in which digits may repeat"):
        parse_puzzle(row["link"])


def test_fpuzzles_killer_cages_are_sum_cages_where_its_ruleset_says_cage_digits_may_repeat():
    # f-puzzles has one cage key (killercage, digits distinct); a setter whose ruleset lets them repeat means sum
    # cages: read as a SudokuPad cage is (r1c1 + r2c3 = 1 + 1 in SOLUTION), one with no sum named
    from lzstring import LZString

    def link(rules: str, cages: list, given: bool = True) -> str:  # every digit given but r1c1, r1c2 and r2c3
        grid = [[{} if (r, c) in ((0, 0), (0, 1), (1, 2)) or not given else
                 {"value": int(SOLUTION[r * 4 + c]), "given": True} for c in range(4)] for r in range(4)]
        data = {"size": 4, "grid": grid, "ruleset": rules, "solution": [int(d) for d in SOLUTION], "killercage": cages}
        return "https://sudokupad.app/fpuzzles" + LZString().compressToBase64(json.dumps(data))

    got = parse_puzzle(link("Digits may repeat in cages.", [{"cells": ["R1C1", "R2C3"], "value": "2"}]))
    assert [(c.kind, c.cells, c.value) for c in got.rules.constraints] == [("sumcage", ((0, 0), (1, 2)), 2)]
    with pytest.raises(PuzzleError, match="a cage of 2 cells from r1c1 with no sum in which digits may repeat"):
        parse_puzzle(link("Digits may repeat in cages.", [{"cells": ["R1C1", "R1C2"]}], given=False))
    got = parse_puzzle(link("Killer cages.", [{"cells": ["R1C1", "R1C2"], "value": "3"}]))
    assert [(c.kind, c.value) for c in got.rules.constraints] == [("killer", 3)]


# issue 41, magic squares (branch magic): the published "Magic square" (tests/published_kinds.py cites it): its
# anti-knight rule and diagonals, and the central box read from the words or from its shading
MAGIC_GIVENS = "...........................384..................................................2"
MAGIC_SOLUTION = "843567219275913846619428375384672951726159483951834627537286194462791538198345762"


def magic_puzzle(rules: str, **parts) -> dict:
    cells = [[{"value": int(ch)} if ch != "." else {} for ch in MAGIC_GIVENS[r * 9:r * 9 + 9]] for r in range(9)]
    rules = ("Cells a knight's move apart cannot contain the same digit. Digits may not repeat on the marked "
             "diagonals. " + rules)
    diagonals = [{"color": "#34BBE6", "thickness": 4, "wayPoints": ends} for ends in ([[0, 0], [9, 9]], [[0, 9], [9, 0]])]
    cages = [{"value": f"rules: {rules}"}, {"value": f"solution: {MAGIC_SOLUTION}"}] + parts.pop("cages", [])
    return {"cells": cells, "cages": cages, "lines": diagonals, **parts}


def test_a_magic_square_is_read_from_the_box_the_rules_text_names_or_its_shading():
    from sudoku_cp.core.board import Board
    from sudoku_cp.core.check import is_solution

    centre = tuple((r, c) for r in range(3, 6) for c in range(3, 6))
    for text, parts in [("Normal sudoku rules apply. The central box is a magic square: every row, column and main "
                         "diagonal of it sums to 15.", {}),
                        ("Box 5 is a magic square.", {}),
                        ("The shaded box is a magic square.", {"underlays": shaded(*centre)})]:
        board = read(magic_puzzle(text, **parts))
        assert [(c.kind, c.cells) for c in board.rules.constraints if c.kind != "antiknight"] == [("magicsquare", centre)]
        assert board.rules.name == "diagonal+antiknight+magicsquare", text
        assert is_solution(Board(board.shape, tuple(map(int, MAGIC_SOLUTION)), board.rules), board)
    with pytest.raises(PuzzleError, match="the shaded cells from r1c2 the rules text may call a magic square"):
        read(magic_puzzle("The shaded cells form a magic square.",
                          underlays=shaded(*((r, c) for r in range(3) for c in range(1, 4)))))  # not a box
    with pytest.raises(PuzzleError, match="no box named and no shaded block of cells for it"):
        read(magic_puzzle("Some 3x3 block is a magic square."))
    with pytest.raises(PuzzleError, match="own solution breaks the rules as read"):
        read(magic_puzzle("Box 1 is a magic square."))  # 843/275/619: rows add up to 15, 14, 16


def test_a_magic_square_in_a_cage_is_read_where_the_rules_text_says_the_caged_cells_form_it():
    block = [[r, c] for r in range(3, 6) for c in range(3, 6)]
    board = read(magic_puzzle("Cage digits cannot repeat. The caged cells form a magic square.", cages=[{"cells": block}]))
    assert sorted((c.kind, c.cells) for c in board.rules.constraints if c.kind != "antiknight") == [
        ("killer", tuple(map(tuple, block))), ("magicsquare", tuple(map(tuple, block)))]
    with pytest.raises(PuzzleError, match="no cage of a square block of cells"):
        read(magic_puzzle("Cage digits cannot repeat. The caged cells form a magic square.",
                          cages=[{"cells": block[:6]}]))


# --- whole-grid rules over small windows, from the rules text (issue 41, branch windows) -------------------------

PARITY_RUNS = ("In every row and column, strings of 3 digits are never all even nor all odd.",
               "No three consecutive digits in a row or column have the same parity.",
               "Three consecutive cells in a row or column cannot all be odd or all be even.",
               "There are never three odd digits or three even digits in a row in any row or column.",
               "Horizontally or vertically, no 3 adjacent cells may all share the same parity.")
ENTROPY = ("Every 2x2 box contains a low, middle and high digit.",
           "Each 2x2 area of the grid must contain a low digit (1-3), a middle digit (4-6) and a high digit (7-9).",
           "Any 2x2 square contains at least one low (123), one medium (456) and one high (789) digit.",
           "Global Entropy: each 2x2 region contains a digit from 1-3, 4-6 and 7-9.")
MOD_3 = ("Each 2x2 area contains digits from each of 147, 258, 369.",
         "Every 2x2 box contains one digit from each of {1,4,7}, {2,5,8} and {3,6,9}.",
         "Every 2x2 area contains three digits with different remainders when divided by 3.",
         "Global mod 3 applies.")
# Sentences that speak of parity, runs or 2x2 areas and state none of these rules (some from real puzzles' texts)
NOT_WINDOWS = ("In every row, no three consecutive digits have the same parity.",  # rows only: not read
               "No three consecutive digits in a row, column or diagonal have the same parity.",  # and diagonals
               "No three consecutive odd digits in a row or column.",
               "Adjacent digits along a red line have different parity.",
               "Each cell with arrows counts the number of digits it sees with the same parity as itself.",
               "Each 2x2 area of the grid contains shaded and unshaded cells.",
               "The snake starts in the top-left cell, visits every 2x2 box at least once.",
               "Digits on a blue line have an equal sum N within each 2x2 box the line passes through.",
               "A digit in a circle must belong to the same entropic group (high [789], medium [456] or low [123]).",
               # one parity only, or one remainder twice: a rule, but not these
               "No two adjacent digits in a row or column are both even (odd digits may be adjacent).",
               "No three consecutive digits in a row or column are even, as odd digits are.",
               "Every 2x2 box contains two digits with the same remainder mod 3.",
               "In any 2x2 box, a low digit never appears with a middle or high digit.")


def test_window_rules_are_read_from_the_words_setters_use():
    from sudoku_cp.formats.sudokupad.words import area_rules, mentions, parity_run, unknown_rules

    assert [parity_run(t) for t in PARITY_RUNS] == [3] * len(PARITY_RUNS)
    assert parity_run("No two adjacent cells in a row or column have the same parity.") == 2
    assert [area_rules(t) for t in ENTROPY] == [["globalentropy"]] * len(ENTROPY)
    assert [area_rules(t) for t in MOD_3] == [["globalmod"]] * len(MOD_3)
    assert [(parity_run(t), area_rules(t)) for t in NOT_WINDOWS] == [(None, [])] * len(NOT_WINDOWS)
    # the names are no entropic or modular line (a line drawn beside them is not read as one), nor an unknown rule
    assert mentions(" ".join(ENTROPY + MOD_3)) == [] and unknown_rules("\n".join(ENTROPY + MOD_3)) == []


def test_a_parity_run_said_in_the_rules_text_is_read_and_a_2x2_rule_is_refused_where_it_does_not_fit():
    for text in PARITY_RUNS:  # (on a 4x4, runs of 3 hold in every grid: the text is what is read)
        got = read(puzzle("Normal sudoku rules apply. " + text))
        assert [(c.kind, c.value) for c in got.rules.constraints] == [("parityrun", 3)]
    for text in (ENTROPY[0], MOD_3[0]):
        with pytest.raises(PuzzleError, match="4 digits do not split so: expected a grid whose size is a multiple of 3"):
            read(puzzle(text))


def test_the_real_cornered_parity_gives_its_published_solution():
    # "Cornered Parity" (Lulero), real.jsonl (Sudoku-Bench challenge_100): "In every row and column, strings of 3
    # digits are never all even nor all odd", beside cages and thermometers; more than one solution without it
    row = next(r for r in REAL if '"Cornered Parity"' in r["source"])
    board = parse_puzzle(row["link"])
    assert board.rules.name == "killer+thermometer+parityrun"
    for backend in ("sat", "cpsat", "dfs"):
        result = solve(board, backend=backend, unique=True)
        assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"], backend


def test_f_puzzles_json_in_a_sudokupad_link_reads_a_2x2_rule_from_its_ruleset():
    # a 6x6 (classes 14, 25, 36) keeping global mod 3, r1c1-r1c2 left blank; the ruleset names the rule
    from lzstring import LZString

    solution = "564213312645231564456132645321123456"
    grid = [[{} if r == 0 and c < 2 else {"value": int(solution[r * 6 + c]), "given": True} for c in range(6)]
            for r in range(6)]
    data = {"size": 6, "grid": grid, "solution": [int(d) for d in solution],
            "ruleset": "Normal sudoku rules apply. Every 2x2 area contains one digit from each of {1,4}, {2,5} and {3,6}."}
    link = "https://sudokupad.app/fpuzzles" + LZString().compressToBase64(json.dumps(data))
    assert parse_puzzle(link).rules.name == "classic"  # {1,4}, {2,5}, {3,6} are not 147, 258, 369: not read
    data["ruleset"] = "Normal sudoku rules apply. Global mod 3: each 2x2 area holds a digit of each remainder mod 3."
    board = parse_puzzle("https://sudokupad.app/fpuzzles" + LZString().compressToBase64(json.dumps(data)))
    assert board.rules.name == "globalmod"


def test_a_real_puzzles_green_dots_are_x_or_v_and_its_blue_squares_sum_to_7_with_both_negatives():
    # "Stolen Numerals XVII-5" (NurglesGift; real.jsonl, an f-puzzles payload in a SudokuPad link): "The green dots
    # are either X or V. All X's and V's are given. Cells connected by an blue square must sum to 7. All blue squares
    # are given." Its green circles are sum dots of 5 or 10, which the XV negative counts as marks (the solution's 4
    # and 1 at r9c6-r9c7 sit under one); its cyan rectangles sum to 7, and no other neighbours do
    row = next(r for r in REAL if "Stolen Numerals XVII-5" in r["source"])
    board = parse_puzzle(row["link"])
    assert board.rules.name == "xv-negative+sumdot-negative+sumdot"
    dots = sorted((c.cells, c.data) for c in board.rules.constraints if c.kind == "sumdot")
    assert len(dots) == 18 and [d for d in dots if d[1] != (7,)] == [(((7, 5), (8, 5)), (5, 10)), (((8, 5), (8, 6)), (5, 10))]
    assert [c.data for c in board.rules.constraints if c.kind == "sumdot-negative"] == [(7,)]
    result = solve(board, backend="sat", unique=True)
    assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]


def test_a_dot_or_square_is_a_sum_dot_where_the_rules_text_gives_its_colour_a_total():
    # 1234/3412/...: r1c2 + r1c3 = 5 under a grey dot, r1c3 + r1c4 = 7 under a cyan square the text calls blue
    dot = {"center": [0.5, 2.0], "width": 0.25, "height": 0.25, "rounded": True, "backgroundColor": "#A0A0A0"}
    square = {"center": [0.5, 3.0], "width": 0.25, "height": 0.25, "backgroundColor": "#00E1FF"}
    got = read(puzzle("Cells joined by a grey dot sum to 5. Cells connected by a blue square must sum to 7.",
                      overlays=[dot, square]))
    assert sorted((c.kind, c.cells, c.data) for c in got.rules.constraints) == [
        ("sumdot", ((0, 1), (0, 2)), (5,)), ("sumdot", ((0, 2), (0, 3)), (7,))]
    # a text that ties no total to their colour and form names them, as before
    for text in ("Cells joined by a grey dot sum to 5.", "Blue dots sum to 7. Grey dots sum to 5."):
        with pytest.raises(PuzzleError, match="a cyan square between r1c3 and r1c4 that the rules text does not explain"):
            read(puzzle(text, overlays=[dot, square]))


def test_a_numbered_circle_on_an_edge_is_a_sum_only_where_the_rules_text_says_so():
    circle = {"center": [0.5, 2.0], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF",
              "borderColor": "#000000", "text": "5"}
    got = read(puzzle("A number in a circle between two cells is their sum.", overlays=[circle]))
    assert [(c.kind, c.cells, c.data) for c in got.rules.constraints] == [("sumdot", ((0, 1), (0, 2)), (5,))]
    green = dict(circle, backgroundColor="#38DE00")
    with pytest.raises(PuzzleError, match="the text '5' at r1c3"):  # (its centre's cell) named, not guessed
        read(puzzle("Normal sudoku rules apply.", overlays=[green]))


def test_the_rules_texts_sum_marks_and_their_negatives():
    from sudoku_cp.formats.sudokupad.puzzle import merged, text_rules
    from sudoku_cp.formats.sudokupad.words import sum_marks

    assert sum_marks("The green dots are either X or V. Cells joined by a grey dot sum to 9.") == {
        ("green", "dot"): (5, 10), ("grey", "dot"): (9,)}
    # X and V of other totals than 10 and 5 leave "either X or V" unread; a sum said with another relation too
    assert sum_marks("Cells separated by an X add up to 7. Green dots are either X or V.") == {}
    assert sum_marks("Cells joined by a blue square sum to 7 and are not consecutive.") == {}
    # a range is no total: "10 or more", "5-10", "10 or less" are not read as 10, 5 and 10
    assert [sum_marks(f"Cells joined by a blue square sum to {said}.") for said in
            ("10 or more", "5-10", "5 to 10", "10 or less", "10+", "at least 10")] == [{}] * 6

    def negatives(text: str) -> list[dict]:
        found: list[dict] = []
        text_rules(text, found)
        return merged([c for c in found if c["type"].endswith("negative")])

    assert negatives("Cells connected by an blue square must sum to 7. All blue squares are given.") == [
        {"type": "sumdot-negative", "sums": [7]}]
    assert negatives("Blue squares sum to 7. Grey dots sum to 9. All blue squares are given. All grey dots are given.") \
        == [{"type": "sumdot-negative", "sums": [7, 9]}]
    assert negatives("Cells joined by a grey dot sum to 9. All dots are given.") == [
        {"type": "sumdot-negative", "sums": [9]}]
    assert negatives("All blue squares are given.") == []  # no total for them: nothing read (their squares named)
def test_a_cage_whose_clue_is_a_bound_is_a_bound_cage_where_the_rules_text_explains_its_marks():
    # r1c1 + r1c2 = 1 + 2 and r4c3 + r4c4 = 2 + 1 in SOLUTION
    def cages(first: str, second: str = "?") -> list[dict]:
        return [{"cells": [[0, 0], [0, 1]], "value": first}, {"cells": [[3, 2], [3, 3]], "value": second}]

    said = 'Killer cages: digits cannot repeat (note that "<" means less than). A "?" means a single digit total.'
    for text, first, low, high in ((said, "<5", None, 4), (said, "<?", None, 8),
                                   ("A cage marked >n sums to more than n. Each ? cage has a single digit total.",
                                    ">2", 3, None),
                                   ("Some cage clues are inequalities; ? means a one-digit sum.", "≤3", None, 3),
                                   # (a "?" the text explains is that, never a cage of no sum)
                                   ('Killer cages: digits cannot repeat; "<" means less than. ? marks stand for '
                                    "single-digit totals.", "<5", None, 4)):
        got = read(puzzle(text, cages=cages(first)))
        assert [(c.kind, c.cells, c.data[:2]) for c in got.rules.constraints] == [
            ("boundcage", ((0, 0), (0, 1)), (low, high)), ("boundcage", ((3, 2), (3, 3)), (1, 9))], text
    # a mark the text does not explain, a bound on a cage whose digits may repeat, a '??' the text leaves out: named
    for text, drawn, words in (
            ("Normal killer rules.", cages("<5"), "a cage of 2 cells from r1c1 marked '<5' that the rules text does not"),
            (said, cages(">2"), "marked '>2' that the rules text does not explain"),
            (said, cages("5", "??"), "a cage of 2 cells from r4c3 marked '??' that the rules text does not explain"),
            ('Digits may repeat in cages ("<" means less than).', cages("<5", "3"),
             "a cage of 2 cells from r1c1 marked '<5' that the rules text does not explain")):
        with pytest.raises(PuzzleError, match=re.escape(words)):
            read(puzzle(text, cages=drawn))


def test_real_killer_with_bound_clues_gives_its_published_solution():
    # "Killer Sudoku..." (Sayori; real.jsonl row 48, an f-puzzles payload in a SudokuPad link): no givens, six cages
    # with no sum, six "?", four "??", four "<?" and a ">??", as its rules text explains them
    row = REAL[48]
    assert "Killer Sudoku..." in row["source"]
    board = parse_puzzle(row["link"])
    clues = sorted(c.data[2] or {(1, 9): "?", (10, 99): "??"}[c.data[:2]] for c in board.rules.constraints
                   if c.kind == "boundcage")
    assert clues == ["<?"] * 4 + [">??"] + ["?"] * 6 + ["??"] * 4
    assert [c.value for c in board.rules.constraints if c.kind == "killer"] == [None] * 6
    result = solve(board, backend="sat", unique=True)
    assert result.status.value == "unique" and "".join(map(str, result.solution.cells)) == row["solution"]
    # without its rules text the clues are named, never read as sums
    assert main(["solve", "--rules-text", "Killer cages.", row["link"]]) == 2


def test_fpuzzles_killer_cages_with_bound_values_read_where_the_ruleset_explains_them_and_write_back():
    from sudoku_cp.constraints.boundcage import FPUZZLES_RULESET
    from sudoku_cp.formats.fpuzzles import share_link, to_fpuzzles
    from sudoku_cp.formats.sudokupad.words import cage_bounds

    def fpuz(rules: str, cages: list) -> str:
        data = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "ruleset": rules, "killercage": cages}
        return "https://f-puzzles.com/?load=" + LZString().compressToBase64(json.dumps(data))

    from lzstring import LZString

    cages = [{"cells": ["R1C1", "R1C2"], "value": "<5"}, {"cells": ["R4C3", "R4C4"], "value": "3"}]
    got = parse_puzzle(fpuz('"<" means less than.', cages))
    assert [(c.kind, c.data[:2] if c.data else c.value) for c in got.rules.constraints] == [
        ("killer", 3), ("boundcage", (None, 4))]
    with pytest.raises(PuzzleError, match="killercage 1: value '<5' bounds the cage's sum with '<', which the ruleset"):
        parse_puzzle(fpuz("Killer cages.", cages))
    # a bound no digits meet is named by its own place among the killercages (the second here), not among the bounds
    with pytest.raises(PuzzleError, match=r"share string: killercage 2 at r1c1: 2 distinct digits 1\.\.4 add up to 3\.\.7, "
                                          r"never at most 2"):
        parse_puzzle(fpuz('"<" means less than.', [cages[1], dict(cages[0], value="<3")]))
    with pytest.raises(PuzzleError, match=r"share string: killercage 2: sum '\"abc\"'"):  # (after a bound, in its place)
        parse_puzzle(fpuz('"<" means less than.', [cages[0], dict(cages[1], value="abc")]))
    # our f-puzzles output writes the clues as f-puzzles values, and a ruleset that explains every mark
    assert cage_bounds(FPUZZLES_RULESET) == {"<", ">", "≤", "≥", "?", "??"}
    # inequalities between cells are no inequality cage clues, though the clause speaks of killer cages too
    assert cage_bounds("Inequality signs between cells point to the smaller digit, and killer cages sum to their clue.") \
        == set()
    doc = {"givens": "." * 16, "constraints": [{"type": "boundcage", "cells": [[0, 0], [0, 1]], "clue": "<?"},
                                               {"type": "boundcage", "cells": [[2, 2], [3, 3]], "low": 6}]}
    board = parse_puzzle(json.dumps(doc))
    assert [c["value"] for c in to_fpuzzles(board)["killercage"]] == ["<?", ">5"]
    assert parse_puzzle(share_link(board)).rules == board.rules
    # a range bounded on both sides that no one clue says has no f-puzzles form
    both = parse_puzzle(json.dumps(dict(doc, constraints=[{"type": "boundcage", "cells": [[0, 0], [0, 1]],
                                                           "low": 4, "high": 6}])))
    with pytest.raises(PuzzleError, match="bound cage at r1c1: a sum of 4..6 is no one f-puzzles clue"):
        to_fpuzzles(both)


def test_a_line_whose_halves_the_rules_text_says_have_one_sum_is_two_groups_of_equal_sums():
    text = "In each line of four cells the sum of the first two digits equals the sum of the last two digits."
    green = "#6bab4cff"
    diagonal = line([(0, 0), (1, 1), (2, 2), (3, 3)], green)  # 1 4 | 4 1
    board = read(puzzle(text, lines=[diagonal]))
    assert [(c.kind, c.cells, c.data) for c in board.rules.constraints] == [
        ("equalsum", ((0, 0), (1, 1), (2, 2), (3, 3)), (2, 2))]
    # drawn the other way and short of its end cells' centres (where another line meets it): the same four cells
    short = {"color": green, "thickness": 10, "wayPoints": [[3.25, 3.25], [0.75, 0.75]]}
    assert kinds(puzzle(text, lines=[short])) == [("equalsum", ((3, 3), (2, 2), (1, 1), (0, 0)))]
    # the halves said in other words
    for words in ("The two halves of each green line have the same sum.",
                  "On each line, the first two digits add up to the same total as the last two digits.",
                  "The digits on the first half of each line sum to the same total as those on the second half."):
        assert [k for k, _ in kinds(puzzle(words, lines=[diagonal]))] == ["equalsum"], words
    # a line of three cells has no halves, one of six is not "the first two and the last two": named, not read
    odd = line([(0, 3), (1, 3), (2, 3)], green)
    with pytest.raises(PuzzleError, match="a green line from r1c4 to r3c4 of 3 cells, which has no two halves"):
        read(puzzle(text, lines=[diagonal, odd]))
    six = line([(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2)], green)
    with pytest.raises(PuzzleError, match="of 6 cells, where the rules text speaks of the first 2 and the last 2"):
        read(puzzle(text, lines=[six]))
    # a sentence that says more of the halves than one sum is not read
    with pytest.raises(PuzzleError, match="a green line from r1c1 to r4c4 that the rules text does not explain"):
        read(puzzle("On each line the sum of the first two digits is twice the sum of the last two.", lines=[diagonal]))


# --- older readings that stated a stronger rule than the text (audit): a negation, an exception, a range ------------

@pytest.mark.parametrize("text, kind", [
    ("Cells a knight's move apart must be different, except in box 5.", "antiknight"),
    ("This is not an anti-knight puzzle.", "antiknight"),
    ("Anti-knight does not apply.", "antiknight"),
    ("Digits one knight's move apart never repeat, unless they are odd.", "antiknight"),
    ("Unlike anti-king puzzles, diagonally adjacent cells may contain the same digit.", "antiking"),
    ("Adjacent digits along the orange line are non-consecutive.", "nonconsecutive"),
    ("Digits in a cage are non-consecutive.", "nonconsecutive"),
    ("Some orthogonally adjacent cells are non-consecutive.", "nonconsecutive"),
    ("Digits in the same position in each box are not necessarily different.", "disjoint"),
    ("Digits on the two main diagonals need not be different.", "diagonal"),
    ("All the dots are given except in box 5.", "kropki-negative"),
    ("All possible X's and V's are given, except for cells in shaded boxes.", "xv-negative"),
    # said of some cells only, or quoted from another puzzle
    ("E.g. in an anti-knight sudoku, cells a knight's move apart differ.", "antiknight"),
    ("This works like anti-knight, but only for 1s.", "antiknight"),
    ("Anti-knight applies to odd digits only.", "antiknight"),
    ("Anti-king only applies within the shaded cells.", "antiking"),
    ("Cells a knight's move apart in the same box cannot contain the same digit.", "antiknight"),
    ("Digits a knight's move apart within a cage must differ.", "antiknight"),
    ("Orthogonally adjacent cells in the grey region cannot contain consecutive digits.", "nonconsecutive"),
    ("Digits cannot repeat on the two main diagonals in the 6x6 version.", "diagonal"),
    ("Digits in the same position in each box cannot repeat, only in the shaded boxes.", "disjoint"),
    ("Digits in the same position of any two shaded boxes must differ.", "disjoint"),
    ("All dots are given only in the shaded area.", "kropki-negative"),
    ("All possible dots are given in rows 1-3.", "kropki-negative"),
])
def test_a_whole_grid_rule_negated_excepted_said_of_some_cells_or_of_a_drawing_is_not_read(text, kind):
    from sudoku_cp.formats.sudokupad.puzzle import text_rules

    found: list[dict] = []
    text_rules(text, found)
    assert kind not in [c["type"] for c in found]


def test_the_whole_grid_rules_in_plain_words_are_still_read():
    from sudoku_cp.formats.sudokupad.puzzle import text_rules

    for text, kind in (("Anti-knight: cells a knight's move apart cannot contain the same digit.", "antiknight"),
                       ("Non-consecutive: orthogonally adjacent cells may not contain consecutive digits.",
                        "nonconsecutive"),
                       ("Digits cannot repeat on the two main diagonals.", "diagonal"),
                       ("Digits in the same position in each box may not repeat.", "disjoint"),
                       ("All possible kropki dots are given.", "kropki-negative")):
        found: list[dict] = []
        text_rules(text, found)
        assert kind in [c["type"] for c in found], text


def test_grey_dots_and_cage_digits_said_with_an_exception_are_not_read_as_the_rule():
    from sudoku_cp.formats.sudokupad.words import cage_digits, grey_dots

    assert not grey_dots("Grey dots: the digits are consecutive or in a 1:2 ratio, except on the diagonal.")
    assert not grey_dots("A grey dot may be read as a white or black kropki dot, unless it touches a cage.")
    # "may not repeat unless", "need not be distinct": not the killer rule (digits distinct) for every cage
    assert cage_digits("Digits in cages may not repeat unless the cage is grey.") == "both"
    assert cage_digits("Cage digits need not be distinct.") == "both"
    assert cage_digits("Digits in a cage are not necessarily different.") == "both"


@pytest.mark.parametrize("text, kind", [
    ("Green lines are not German whispers.", "whispers"),
    ("Adjacent digits along green lines must not differ by at least 5.", "whispers"),
    ("Adjacent digits along green lines differ by at least 5, except at box borders.", "whispers"),
    ("Purple lines are not renbans.", "renban"),
    ("Digits along the grey line do not read the same forwards and backwards.", "palindrome"),
    ("Each line is a palindrome, unless it crosses a box border.", "palindrome"),
    ("Box borders divide the blue line into segments with the same sum, except the first.", "regionsum"),
    ("Thermometer digits increase from the bulb, but digits may repeat.", "thermometer"),
    ("Each white line can be divided into one or more segments that each sum to 10 or more.", "tenline"),
    ("Each white line can be divided into segments that each sum to 5 or 10.", "tenline"),
    ("Digits on a renban line need not be consecutive.", "renban"),
    ("Purple lines may be renbans.", "renban"),
    ("Adjacent digits on a green line may differ by at least 5.", "whispers"),
    ("Green lines: adjacent digits differ by at least 5 or at most 1.", "whispers"),
    ("Along grey lines digits read the same from both ends only where the line is shaded.", "palindrome"),
])
def test_a_line_rule_negated_excepted_or_given_a_range_is_qualified(text, kind):
    from sudoku_cp.formats.sudokupad.words import qualified

    assert kind in qualified(text)


def test_plain_line_rules_are_not_qualified():
    from sudoku_cp.formats.sudokupad.words import qualified

    assert qualified("Adjacent digits on a green line differ by 5 or more. Digits may not repeat on a renban. "
                     "Digits may repeat along an arrow if permitted by other rules. Digits along a thermometer "
                     "increase from the bulb. Each white line can be divided into one or more segments that each "
                     "sum to 10. Digits on slow thermometers may repeat.") == {}


def test_a_line_whose_rule_the_text_negates_is_named_not_read():
    green = line([(0, 0), (0, 1), (0, 2)], "#67F067")
    with pytest.raises(PuzzleError, match="a green line from r1c1 to r1c3, where the rules text says 'Green lines"):
        read(puzzle("Green lines are not German whispers.", lines=[green]))
    bulb = {"center": [2.5, 1.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#cccf"}
    thermo = line([(2, 1), (3, 2), (3, 1), (3, 0)], "#cccf", 19)
    with pytest.raises(PuzzleError, match="thermometer from r3c2 to r4c1, where the rules text says"):
        read(puzzle("Thermometer digits increase from the bulb, but digits may repeat.", lines=[thermo],
                    underlays=[bulb]))


@pytest.mark.parametrize("text", ["Digits in circles are not even.", "Digits in circles are odd, except in box 4.",
                                  "A circle may contain an odd digit."])
def test_a_parity_said_of_circles_with_a_negation_an_exception_or_may_is_not_read(text):
    circle = {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#FFD0D0"}
    with pytest.raises(PuzzleError, match="r1c1"):
        read(puzzle(text, solution=None, underlays=[circle]))


@pytest.mark.parametrize("text", ["Digits in grey cells are even, unless they are in a cage.",
                                  "Grey cells may contain even digits."])
def test_a_parity_said_of_shaded_cells_with_an_exception_or_may_is_not_read(text):
    grey = {"center": [0.5, 1.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF"}
    with pytest.raises(PuzzleError, match="r1c2"):
        read(puzzle(text, solution=None, underlays=[grey]))


def test_a_colour_a_line_rules_sentence_contrasts_or_negates_does_not_take_the_rule():
    from sudoku_cp.formats.sudokupad.words import line_kinds

    assert line_kinds("Digits on a purple line form a set of consecutive digits in any order, unlike the green lines. "
                      "Green lines are German whispers.") == {"purple": "renban", "green": "whispers"}
    assert line_kinds("Purple lines are renbans (a purple line may not cross a green line). "
                      "Green lines are German whispers.") == {"purple": "renban", "green": "whispers"}
    assert line_kinds("Renban lines are purple, not green.") == {"purple": "renban"}
    assert line_kinds("Green lines are whispers, but blue lines are not.") == {"green": "whispers"}
    # colours said together, with no contrast, share the rule
    assert line_kinds("A purple line is a renban, and so is the red line.") == {"purple": "renban", "red": "renban"}


def test_line_gaps_that_differ_between_sentences_or_lines_are_not_one_gap():
    from sudoku_cp.formats.sudokupad.words import line_gap, qualified

    two = "Adjacent digits along a green line differ by 5 or more; on the red line they differ by 2 or more."
    assert "whispers" in qualified(two)  # the red line is no whisper of gap 5
    assert "whispers" in qualified("Digits in cages differ by at least 6. Green lines: adjacent digits differ by at "
                                   "least 3.")
    assert "whispers" in qualified("Adjacent digits on green lines differ by at least 4 in the 6x6 grid, by at least 5 "
                                   "in the 9x9 grid.")
    one = "Green lines are German whispers: adjacent digits differ by at least 4. Whispers digits differ by 4 or more."
    assert line_gap(one, "whispers") == 4 and qualified(one) == {}


@pytest.mark.parametrize("text", ["Digits may repeat in the shaded regions.",
                                  "The shaded regions are not extra regions: digits can repeat in them.",
                                  "Digits in the grey areas need not be different."])
def test_shaded_regions_the_text_lets_repeat_are_no_extra_regions(text):
    shades = [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF"}
              for r, c in ((1, 1), (1, 2), (2, 1), (2, 2))]  # 4 1 / 1 4 in SOLUTION: a repeat
    with pytest.raises(PuzzleError) as refused:
        read(puzzle(text, underlays=shades))
    assert "own solution breaks" not in str(refused.value)


def test_a_magic_square_the_text_negates_or_excepts_is_named():
    with pytest.raises(PuzzleError, match="magic square"):
        read(puzzle("Box 1 is not a magic square.", solution=None))


def test_clones_the_text_negates_are_not_read():
    shades = [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF"}
              for r, c in ((0, 0), (3, 3))]  # 1 and 1 in SOLUTION: clones would hold
    with pytest.raises(PuzzleError, match="r1c1|r4c4"):
        read(puzzle("Shaded cells are not clones.", underlays=shades))


@pytest.mark.parametrize("text", ["Digits in cages sum to the clue, except in the grey cage.",
                                  "Cages are not killer cages: the clue is the count of odd digits."])
def test_cages_whose_rule_the_text_negates_or_excepts_are_named(text):
    with pytest.raises(PuzzleError, match="a cage of 2 cells from r4c3 marked 3 whose rule the rules text denies"):
        read(puzzle(text, solution=None, cages=[{"cells": [[3, 2], [3, 3]], "value": 3}]))


@pytest.mark.parametrize("text", ["Digits on an arrow sum to the circle, unless the arrow is red.",
                                  "Arrows: digits along an arrow do not sum to the digit in the circle.",
                                  "A digit in a circle is at least the sum of the digits on its arrow.",
                                  "Digits on an arrow sum to at most the circle."])
def test_an_arrow_whose_sum_the_text_negates_excepts_or_bounds_is_named(text):
    from sudoku_cp.formats.sudokupad.words import qualified

    assert "arrow" in qualified(text)
    assert "arrow" not in qualified("Digits along an arrow sum to the digit in its circle. Digits may repeat on "
                                    "arrows if allowed by other rules.")


@pytest.mark.parametrize("text, mark", [
    ("Digits separated by a white dot differ by 2.", "white"),
    ("Cells separated by a white dot are not consecutive.", "white"),
    ("Digits separated by a white dot are consecutive, unless the dot is on a line.", "white"),
    ("Digits separated by a black dot are in a 1:3 ratio.", "black"),
    ("Cells separated by an X sum to 7.", "X"),
])
def test_a_kropki_dot_or_xv_the_text_gives_another_meaning_is_named(text, mark):
    dot = {"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True,
           "backgroundColor": "#000000" if mark == "black" else "#FFFFFF", "borderColor": "#000000"}
    if mark == "X":
        dot = {"center": [0.5, 1], "width": 0.35, "height": 0.35, "text": "X", "rounded": True, "backgroundColor": "#FFFFFF"}
    with pytest.raises(PuzzleError, match="r1c1 and r1c2, where the rules text says"):
        read(puzzle(text, solution=None, overlays=[dot]))


def test_kropki_and_xv_in_their_usual_words_are_not_qualified():
    from sudoku_cp.formats.sudokupad.words import marks_qualified

    assert marks_qualified("Cells separated by a white dot are consecutive. Cells separated by a black dot are in a 1:2 "
                           "ratio. Not all dots are given. If there is no dot between two cells, they are not "
                           "consecutive. Cells separated by an X sum to 10, by a V to 5.") == {}
