"""Teaching views: pencil marks (text and SVG), the grid after propagation, labelled pictures,
generate --svg, and 1-based cell names in every export."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from gridgen import dataset_lines

from sudoku_cp import examples
from sudoku_cp.backends import make
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, Shape
from sudoku_cp.core.candidates import candidates
from sudoku_cp.core.variants import build
from sudoku_cp.formats.pencil import format_candidates
from sudoku_cp.formats.svg import board_svg
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import LITERATURE_NAMES, PRESETS, encode_rules, unvar
from sudoku_cp.model.dimacs import numbering_comments
from sudoku_cp.tasks.show import propagated

NS = "{http://www.w3.org/2000/svg}"
CLASSIC = examples.classic()
# the first 17-clue puzzle of the collection: each encoding propagates a different amount
HARD17 = dataset_lines("17clue-half.txt", limit=1)[0]


def texts(svg: str, cls: str | None) -> list[str]:
    return [e.text for e in ET.fromstring(svg).iter(f"{NS}text") if e.get("class") == cls]


def brute_candidates(board: Board) -> dict:
    """Candidates straight from the definition: d is out when a filled cell of a unit holds it."""
    n = board.size
    out = {}
    for r in range(n):
        for c in range(n):
            if board[r, c]:
                continue
            seen = {board[x, y] for u in board.rules.units if (r, c) in u.cells for x, y in u.cells}
            out[(r, c)] = tuple(d for d in range(1, n + 1) if d not in seen)
    return out


# ---- pencil marks -------------------------------------------------------------------------

def test_candidates_of_the_classic_board_are_the_known_pencil_marks():
    marks = candidates(CLASSIC)
    assert len(marks) == CLASSIC.blanks == 51
    assert marks[(0, 2)] == (1, 2, 4)          # r1c3
    assert marks[(4, 4)] == (5,)               # r5c5: a naked single
    assert marks[(6, 2)] == (1, 3, 4, 5, 7, 9)  # r7c3
    assert (0, 0) not in marks                 # a given has no candidates
    assert sum(len(d) for d in marks.values()) == 153
    assert marks == brute_candidates(CLASSIC)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_candidates_match_the_definition_on_random_boards(box, rng):
    shape = Shape(*box)
    n = shape.size
    board = Board.empty(shape)
    for _ in range(n):  # scattered givens, duplicates allowed: the definition still holds
        board = board.with_givens([(rng.randrange(n), rng.randrange(n), rng.randrange(1, n + 1))])
    assert candidates(board) == brute_candidates(board)


def test_candidates_follow_variant_rules():
    s9 = Shape(3, 3)
    knight = Board.unchecked(s9, (0, 0, 5) + (0,) * 78, build(s9, antiknight=True))  # r1c3 = 5
    assert 5 not in candidates(knight)[(1, 4)]  # r2c5: a knight's move away, in no shared unit
    assert 5 in candidates(knight)[(1, 5)] and 5 in candidates(parse_puzzle("..5" + "." * 78))[(1, 4)]
    apart = Board.unchecked(s9, (5,) + (0,) * 80, build(s9, nonconsecutive=True))
    assert candidates(apart)[(0, 1)] == (1, 2, 3, 7, 8, 9)  # no 4 or 6 beside the 5, and no second 5
    assert 4 in candidates(apart)[(1, 1)]  # diagonal neighbours are not bound
    cage = Board.unchecked(s9, (5,) + (0,) * 80, build(s9, cages=[([(0, 0), (4, 4)], None)]))
    assert 5 not in candidates(cage)[(4, 4)]


def test_candidate_text_grid_of_a_known_4x4():
    board = parse_puzzle("12..34....12....")
    assert format_candidates(board, candidates(board)).splitlines() == [
        "=1  =2 | 34  34",
        "=3  =4 | 2   1",
        "-------+-------",
        "4   3  | =1  =2",
        "24  13 | 34  34",
    ]


def test_candidate_text_grid_of_the_classic_board_aligns_and_lists_every_cell():
    lines = format_candidates(CLASSIC, candidates(CLASSIC)).splitlines()
    assert len(lines) == 9 + 2
    assert lines[0].split() == ["=5", "=3", "124", "|", "26", "=7", "2468", "|", "1489", "1249", "248"]
    bars = {tuple(m.start() for m in re.finditer(r"[|+]", line)) for line in lines}
    assert len(bars) == 1  # box lines stand in the same columns on every line


def test_candidate_text_grid_for_16x16_and_above_35():
    hexa = Board.empty(Shape(4, 4)).with_givens([(0, 0, 16), (5, 5, 10)])
    lines = format_candidates(hexa, candidates(hexa)).splitlines()
    assert len(lines) == 16 + 3 and lines[0].startswith("=G ")
    assert lines[0].split()[1] == "123456789ABCDEF"  # one symbol per candidate, G (16) gone
    big = Board.empty(Shape(6, 6)).with_givens([(0, 0, 36)])
    first = format_candidates(big, candidates(big)).splitlines()[0].split()
    assert first[0] == "=36" and first[1] == ",".join(str(d) for d in range(1, 36))


def test_svg_pencil_marks_sit_in_their_slot_of_the_3x3_layout():
    marks = candidates(CLASSIC)
    svg = board_svg(CLASSIC, candidates=marks)
    small = [e for e in ET.fromstring(svg).iter(f"{NS}text") if e.get("class") == "candidate"]
    assert len(small) == sum(len(d) for d in marks.values())
    for e in small:  # digit d sits in row (d-1)//3, column (d-1)%3 of its cell's 3x3 layout
        d = int(e.text)
        x, y = float(e.get("x")), float(e.get("y"))
        col_in, row_in = int(x % 36 // 12), int((y - 1) % 36 // 12)
        assert (row_in, col_in) == divmod(d - 1, 3)
        assert d in marks[(int(y // 36), int(x // 36))]


# ---- labels -------------------------------------------------------------------------------

@pytest.mark.parametrize("size,box", [(4, (2, 2)), (9, (3, 3)), (12, (3, 4))])
def test_every_svg_labels_rows_and_columns_as_the_text_names_cells(size, box):
    svg = board_svg(Board.empty(Shape(*box)))
    labels = texts(svg, "label")
    assert labels == [x for k in range(1, size + 1) for x in (f"c{k}", f"r{k}")]
    assert texts(board_svg(Board.empty(Shape(*box)), labels=False), "label") == []


# ---- commands -----------------------------------------------------------------------------

def test_validate_candidates_prints_the_grid(capsys):
    assert main(["validate", "12..34....12....", "--candidates"]) == 0
    out = capsys.readouterr().out
    assert "pencil marks" in out and "4   3  | =1  =2" in out


def test_validate_svg_draws_conflicts_and_pencil_marks(tmp_path, capsys):
    out = tmp_path / "v.svg"
    assert main(["validate", "11..............", "--candidates", "--svg", str(out)]) == 1
    svg = out.read_text()
    assert svg.count('class="mark"') == 2 and "r4" in texts(svg, "label")
    assert len(texts(svg, "candidate")) == sum(len(d) for d in candidates(parse_puzzle("11" + "." * 14)).values())


def test_candidates_with_json_is_refused_in_one_line(capsys):
    assert main(["validate", "--candidates", "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--candidates" in err[0] and "--json" in err[0]


def test_solve_svg_draws_the_solution_and_several_puzzles_get_numbered_files(tmp_path, capsys):
    out = tmp_path / "s.svg"
    assert main(["solve", "--svg", str(out)]) == 0
    assert len(texts(out.read_text(), None)) == 81 + 1  # every cell, and the title
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("12..34....12....\n1.............2.\n")
    assert main(["solve", "-f", str(puzzles), "--candidates", "--svg", str(tmp_path / "m.svg")]) == 0
    assert (tmp_path / "m-1.svg").exists() and (tmp_path / "m-2.svg").exists()
    assert texts((tmp_path / "m-2.svg").read_text(), "candidate")


def test_svg_over_the_input_file_is_refused(tmp_path, capsys):
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("12..34....12....\n")
    assert main(["validate", "-f", str(puzzles), "--svg", str(puzzles)]) == 2
    assert puzzles.read_text() == "12..34....12....\n"


# ---- the grid after propagation -----------------------------------------------------------

def test_propagation_view_is_sound_and_grows_with_the_encoding():
    board = parse_puzzle(HARD17)
    solution = make("dfs").solve(board).solutions[0]
    seen = {}
    for encoding in ("minimal", "complete", "augmented"):
        view = propagated(board, encoding)
        assert not view.contradiction and not view.solved
        for (r, c), d in view.placed.items():  # placed digits are the solution's
            assert solution[r, c] == d and not board[r, c]
        for (r, c), digits in view.candidates.items():  # the solution's digit is never removed
            assert solution[r, c] in digits
        seen[encoding] = (len(view.placed), view.left)
    # the classic result: hidden singles need unit-alo, locked candidates need the triads
    assert seen == {"minimal": (1, 303), "complete": (8, 242), "augmented": (8, 221)}


def test_propagation_view_of_naked_singles_only_matches_pencil_marks():
    board = parse_puzzle(HARD17)
    view = propagated(board, "minimal")
    # minimal propagates naked singles: the one placed digit is a pencil-mark single
    (cell, digit), = view.placed.items()
    assert candidates(board)[cell] == (digit,)


def test_analyze_show_text_and_svg(tmp_path, capsys):
    out = tmp_path / "after.svg"
    assert main(["analyze", "--show", HARD17, "--encoding", "minimal,complete", "--svg", str(out)]) == 0
    text = capsys.readouterr().out
    assert "pencil marks from the givens alone: 312 candidates in 64 blank cells" in text
    assert "minimal/pairwise: unit propagation places 1 digit and leaves 303 candidates" in text
    assert "complete/pairwise: unit propagation places 8 digits and leaves 242 candidates" in text
    assert "+4" in text  # a digit placed by propagation, marked apart from the givens' =D
    svg = (tmp_path / "after-complete.svg").read_text()
    assert len(texts(svg, "candidate")) == 242
    assert len(texts(svg, None)) == 17 + 8 + 1  # givens, placed digits, title
    assert (tmp_path / "after-minimal.svg").exists() and not out.exists()


def test_analyze_show_of_a_contradiction(capsys):
    # no duplicate givens, but r1c3 has no digit left once its row and column are read
    assert main(["validate", "12....3...4....."]) == 0
    assert candidates(parse_puzzle("12....3...4....."))[(0, 2)] == ()
    capsys.readouterr()
    assert main(["analyze", "--show", "12....3...4.....", "--encoding", "minimal"]) == 0
    assert "derives a contradiction" in capsys.readouterr().out


@pytest.mark.parametrize("argv,fragment", [
    (["analyze", "--svg", "x.svg", "12..34....12...."], "--show"),
    (["analyze", "--show", "--json", "12..34....12...."], "--json"),
])
def test_analyze_show_misuse_is_one_line(argv, fragment, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and fragment in err[0]


def test_analyze_show_refuses_a_file(tmp_path, capsys):
    f = tmp_path / "p.txt"
    f.write_text("12..34....12....\n")
    assert main(["analyze", "--show", "-f", str(f)]) == 2
    assert "one puzzle" in capsys.readouterr().err


# ---- generate --svg -----------------------------------------------------------------------

def test_generate_svg_writes_one_labelled_file_per_puzzle(tmp_path, capsys):
    out = tmp_path / "g.svg"
    assert main(["generate", "--size", "4", "--count", "2", "--seed", "3", "--svg", str(out)]) == 0
    stdout = capsys.readouterr().out
    puzzles = [line for line in stdout.splitlines() if not line.startswith("#")]
    assert len(puzzles) == 2 and not out.exists()
    for k, line in enumerate(puzzles, 1):
        svg = (tmp_path / f"g-{k}.svg").read_text()
        board = parse_puzzle(line)
        assert sorted(texts(svg, None)[1:]) == sorted(str(d) for _, _, d in board.givens())
        assert "r4" in texts(svg, "label") and "c4" in texts(svg, "label")


def test_generate_svg_single_puzzle_keeps_the_name(tmp_path, capsys):
    out = tmp_path / "one.svg"
    assert main(["generate", "--size", "4", "--seed", "1", "--svg", str(out)]) == 0
    assert out.exists()


# ---- exports name cells 1-based ---------------------------------------------------------

def test_dimacs_comments_name_cells_one_based_for_every_variable():
    n = 4
    lines = numbering_comments(encode_rules(Shape(2, 2), "minimal"))
    assert "rows R and columns C 1..4" in lines[0] and "0-based" not in " ".join(lines)
    for v in range(1, n**3 + 1):  # the comment's inverse, evaluated, names the cell unvar names
        d, C, R = (v - 1) % n + 1, (v - 1) // n % n + 1, (v - 1) // (n * n) + 1
        row, col, digit = unvar(n, v)
        assert (R, C, d) == (row + 1, col + 1, digit)
    assert lines[3] == "e.g. v = 1 is r1c1 holds 1, v = 7 is r1c2 holds 3, v = 64 is r4c4 holds 4"


def test_cpsat_export_names_every_cell_givens_included_and_every_unit(capsys):
    assert main(["encode", ".2..3......34..1", "--format", "cpsat"]) == 0
    text = capsys.readouterr().out
    names = re.findall(r'^variables \{\n  name: "([^"]*)"', text, re.M)
    assert names == [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5)]
    assert re.search(r'name: "r1c2"\n  domain: 2\n  domain: 2', text)  # the given r1c2 = 2
    units = re.findall(r'^constraints \{\n  name: "([^"]*)"', text, re.M)
    assert units == [f"{kind} {k}" for kind in ("row", "column", "box") for k in range(1, 5)]


# ---- preset names -------------------------------------------------------------------------

def test_literature_names_match_the_clause_families():
    # Lynce and Ouaknine (2006): minimal = cell definedness + unit uniqueness; efficient adds cell
    # uniqueness; extended has every exactly-one in full (cells and units, both directions)
    by_name = {LITERATURE_NAMES[p]: set(PRESETS[p]) for p in LITERATURE_NAMES}
    assert by_name == {"minimal": {"cell-alo", "unit-amo"},
                       "efficient": {"cell-alo", "unit-amo", "cell-amo"},
                       "extended": {"cell-alo", "cell-amo", "unit-alo", "unit-amo"}}


def test_help_and_guide_do_not_call_natural_extended(capsys):
    """The literature's names are said where --help points (the README and encodings/presets.md)."""
    assert main(["encode", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "minimal, natural, complete, augmented" in text and "(encodings/presets.md)" in text
    assert "extended" not in text
    from pathlib import Path

    root = Path(__file__).parent.parent
    readme = " ".join((root / "README.md").read_text().split())
    assert "efficient and extended encodings are `minimal`, `natural` and `complete`" in readme
    guide = (root / "encodings" / "presets.md").read_text()
    assert "also called extended" not in guide
    assert "| `natural` | + cell-amo | efficient encoding |" in guide
    assert "| `complete` (the default) | + unit-alo | extended encoding |" in guide


def test_analyze_show_with_probe_goes_further(capsys):
    board = parse_puzzle(HARD17)
    probed = propagated(board, "complete", probe=True)
    assert probed.solved and probed.after == make("dfs").solve(board).solutions[0]
    assert main(["analyze", "--show", HARD17, "--probe"]) == 0
    out = capsys.readouterr().out
    assert ("complete/pairwise: unit propagation and failed-literal probing places 64 digits and "
            "leaves 0 candidates in 0 blank cells (the grid is full and checked: a solution)") in out


def test_cage_sum_cells_keep_their_pencil_marks_clear_of_the_sum():
    s9 = Shape(3, 3)
    board = Board.unchecked(s9, (0,) * 81, build(s9, cages=[([(4, 4), (4, 5)], 9)]))
    svg = board_svg(board, candidates=candidates(board))
    ys = [float(e.get("y")) for e in ET.fromstring(svg).iter(f"{NS}text")
          if e.get("class") == "candidate" and 4 * 36 <= float(e.get("x")) < 5 * 36
          and 4 * 36 <= float(e.get("y")) < 5 * 36]
    assert len(ys) == 9 and min(ys) > 4 * 36 + 36 * 0.3  # all below the sum in the corner (sums are not used)


def test_validate_json_with_svg_keeps_stdout_json(tmp_path, capsys):
    import json

    out = tmp_path / "v.svg"
    assert main(["validate", "11..............", "--json", "--svg", str(out)]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["status"] == "invalid" and "picture written" in captured.err
    assert out.read_text().count('class="mark"') == 2


def test_solve_json_with_svg_is_refused_before_work(tmp_path, capsys):
    out = tmp_path / "s.svg"
    assert main(["solve", "--json", "--svg", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--svg" in err[0] and not out.exists()
