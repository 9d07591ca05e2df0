"""Variant rules in every solver and check: counts agree with a brute force written here, backends
agree with each other, the checker and the duplicate scan know every rule, and published variant
puzzles solve to their published solutions."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from sudoku_cp.constraints import digit_symmetric, maps_to_itself
from sudoku_cp.backends import make
from sudoku_cp.core.board import Board
from sudoku_cp.core.check import find_conflicts, is_solution, solution_problems
from sudoku_cp.core.shape import Shape
from sudoku_cp.core.variants import build
from sudoku_cp.model.cnf import encode_puzzle, encode_rules

BACKENDS = ("sat", "sat:glucose4", "cpsat", "dfs", "dfs:plain")
S4, S6, S9 = Shape(2, 2), Shape(2, 3), Shape(3, 3)

# ---------------------------------------------------------------------------------------------
# The brute force: every 4x4 grid whose rows are permutations and whose columns repeat nothing,
# then each rule as a few lines of its own (no package code).

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2)]
KING = [(0, 1), (1, -1), (1, 0), (1, 1)]


def latin_squares(n: int):
    rows = list(permutations(range(1, n + 1)))

    def extend(grid):
        if len(grid) == n:
            yield grid
            return
        for row in rows:
            if all(row[c] != g[c] for g in grid for c in range(n)):
                yield from extend(grid + [row])

    yield from extend([])


def distinct(values) -> bool:
    return len(set(values)) == len(values)


def groups_hold(grid, groups) -> bool:
    return all(distinct([grid[r][c] for r, c in cells]) for cells in groups)


def moves_hold(grid, steps, bad) -> bool:
    n = len(grid)
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and bad(grid[r][c], grid[rr][cc]):
                    return False
    return True


BOXES4 = [[(r, c) for r in range(top, top + 2) for c in range(left, left + 2)] for top in (0, 2) for left in (0, 2)]
JIGSAW4 = "AAABABBBCCDDCCDD"  # four regions of four cells, not boxes
JIGSAW4_GROUPS = [[(i // 4, i % 4) for i, x in enumerate(JIGSAW4) if x == label] for label in "ABCD"]
SPLIT4 = "ABBAABBACDDCCDDC"  # regions need not be connected: A is r1c1, r2c1, r1c4, r2c4
SPLIT4_GROUPS = [[(i // 4, i % 4) for i, x in enumerate(SPLIT4) if x == label] for label in "ABCD"]
MAIN4, ANTI4 = [(i, i) for i in range(4)], [(i, 3 - i) for i in range(4)]
CAGES4 = [([(0, 0), (0, 1)], 3), ([(1, 2), (2, 2)], 7), ([(3, 0), (3, 1), (2, 0)], None)]
CAGES4_NO_SUMS = [(cells, None) for cells, _ in CAGES4]


def cages_hold(grid, cages) -> bool:
    for cells, total in cages:
        digits = [grid[r][c] for r, c in cells]
        if not distinct(digits) or (total is not None and sum(digits) != total):
            return False
    return True


# name -> (build keywords, the rule checked by hand)
RULES4 = {
    "classic": ({}, lambda g: groups_hold(g, BOXES4)),
    "jigsaw": ({"regions": JIGSAW4}, lambda g: groups_hold(g, JIGSAW4_GROUPS)),
    "jigsaw-disconnected": ({"regions": SPLIT4}, lambda g: groups_hold(g, SPLIT4_GROUPS)),
    "diagonal": ({"diagonal": "both"}, lambda g: groups_hold(g, BOXES4 + [MAIN4, ANTI4])),
    "diagonal-main": ({"diagonal": "main"}, lambda g: groups_hold(g, BOXES4 + [MAIN4])),
    "diagonal-anti": ({"diagonal": "anti"}, lambda g: groups_hold(g, BOXES4 + [ANTI4])),
    "killer": ({"cages": CAGES4}, lambda g: groups_hold(g, BOXES4) and cages_hold(g, CAGES4)),
    "killer-no-sums": ({"cages": CAGES4_NO_SUMS},
                       lambda g: groups_hold(g, BOXES4) and cages_hold(g, CAGES4_NO_SUMS)),
    "antiknight": ({"antiknight": True},
                   lambda g: groups_hold(g, BOXES4) and moves_hold(g, KNIGHT, int.__eq__)),
    "antiking": ({"antiking": True}, lambda g: groups_hold(g, BOXES4) and moves_hold(g, KING, int.__eq__)),
    "nonconsecutive": ({"nonconsecutive": True},
                       lambda g: groups_hold(g, BOXES4) and moves_hold(g, [(0, 1), (1, 0)],
                                                                       lambda a, b: abs(a - b) == 1)),
    "jigsaw-antiknight": ({"regions": JIGSAW4, "antiknight": True},
                          lambda g: groups_hold(g, JIGSAW4_GROUPS) and moves_hold(g, KNIGHT, int.__eq__)),
    "jigsaw-nonconsecutive": ({"regions": JIGSAW4, "nonconsecutive": True},
                              lambda g: groups_hold(g, JIGSAW4_GROUPS)
                              and moves_hold(g, [(0, 1), (1, 0)], lambda a, b: abs(a - b) == 1)),
    "diagonal-killer": ({"diagonal": "main", "cages": CAGES4},
                        lambda g: groups_hold(g, BOXES4 + [MAIN4]) and cages_hold(g, CAGES4)),
    "jigsaw-killer-antiking": ({"regions": JIGSAW4, "cages": CAGES4_NO_SUMS, "antiking": True},
                               lambda g: groups_hold(g, JIGSAW4_GROUPS) and cages_hold(g, CAGES4_NO_SUMS)
                               and moves_hold(g, KING, int.__eq__)),
}


@pytest.fixture(scope="module")
def squares4():
    return list(latin_squares(4))


def test_the_brute_force_finds_what_is_known(squares4):
    assert len(squares4) == 576  # Latin squares of order 4
    assert sum(RULES4["classic"][1](g) for g in squares4) == 288


def rules4(name):
    return build(S4, **RULES4[name][0])


def cells_of(grid) -> tuple[int, ...]:
    return tuple(d for row in grid for d in row)


@pytest.mark.parametrize("name", RULES4)
def test_the_empty_4x4_count_of_every_rule_equals_the_brute_force(name, squares4):
    rules, holds = rules4(name), RULES4[name][1]
    expected = sorted(cells_of(g) for g in squares4 if holds(g))
    blank = Board.empty(S4, rules)
    for backend in BACKENDS:
        outcome = make(backend).count(blank, 1000)
        assert outcome.complete, backend
        assert sorted(s.cells for s in outcome.solutions) == expected, backend


@pytest.mark.parametrize("name", RULES4)
def test_the_checker_agrees_with_the_brute_force_on_every_latin_square(name, squares4):
    rules, holds = rules4(name), RULES4[name][1]
    for grid in squares4:
        board = Board(S4, cells_of(grid), rules)
        assert is_solution(board) == holds(grid), grid
        assert bool(find_conflicts(board)) == (not holds(grid)), grid  # a full grid: the scan sees it all


def test_sessions_and_both_cage_encodings_count_the_same(squares4):
    for name in ("killer", "diagonal-killer", "jigsaw-killer-antiking", "nonconsecutive"):
        rules, holds = rules4(name), RULES4[name][1]
        expected = sum(holds(g) for g in squares4)
        blank = Board.empty(S4, rules)
        for encoding in ("complete", "minimal", "complete+cage-pb", "natural+cage-pb"):
            for simplify in (True, False):
                backend = make("sat", encoding=encoding, simplify=simplify)
                assert len(backend.count(blank, 1000).solutions) == expected, (name, encoding)
            with make("sat", encoding=encoding).session(rules) as session:
                assert len(session.count(blank, 1000).solutions) == expected, (name, encoding)
        with make("cpsat").session(rules) as session:
            assert len(session.count(blank, 1000).solutions) == expected, name


# ---------------------------------------------------------------------------------------------
# 6x6 (and 9x9 for windoku): puzzles cut from a solution, counted to completion by every backend


def random_puzzle(rules, rng: random.Random, keep: int) -> Board:
    blank = Board.empty(rules.shape, rules)
    solution = make("sat").count(blank, 1).solutions[0]
    cells = list(solution.cells)
    for i in rng.sample(range(len(cells)), len(cells) - keep):
        cells[i] = 0
    return Board(rules.shape, tuple(cells), rules)


def dominoes(shape, sums_from: Board | None):
    """Horizontal two-cell cages over the whole grid, with the sums of ``sums_from`` (or none)."""
    n = shape.size
    out = []
    for r in range(n):
        for c in range(0, n, 2):
            cells = [(r, c), (r, c + 1)]
            out.append((cells, None if sums_from is None else sum(sums_from[x] for x in cells)))
    return out


SIX = {
    "jigsaw": {"regions": "AAABBBAAABBBCCDDDDCCDDEECCFFEEFFFFEE"},
    "diagonal": {"diagonal": "both"},
    "diagonal-anti": {"diagonal": "anti"},
    "antiknight": {"antiknight": True},
    "antiking": {"antiking": True},
    "nonconsecutive": {"nonconsecutive": True},
    "jigsaw-nonconsecutive": {"regions": "AAABBBAAABBBCCDDDDCCDDEECCFFEEFFFFEE", "nonconsecutive": True},
    "jigsaw-antiknight": {"regions": "AAABBBAAABBBCCDDDDCCDDEECCFFEEFFFFEE", "antiknight": True},
}


@pytest.mark.parametrize("name", SIX)
def test_6x6_counts_agree_across_backends(name):
    rules = build(S6, **SIX[name])
    rng = random.Random(name)
    for keep in (6, 9):
        board = random_puzzle(rules, rng, keep)
        counts = {}
        for backend in BACKENDS:
            outcome = make(backend).count(board, 5000)
            assert outcome.complete, (backend, keep)
            assert all(is_solution(s, board) for s in outcome.solutions)
            counts[backend] = sorted(s.cells for s in outcome.solutions)
        assert len({tuple(v) for v in counts.values()}) == 1, {k: len(v) for k, v in counts.items()}
        assert counts["sat"], "a puzzle cut from a solution has it"


@pytest.mark.parametrize("with_sums", [True, False])
def test_6x6_killer_counts_agree_across_backends(with_sums):
    solution = make("sat").count(Board.empty(S6, build(S6, antiknight=True)), 1).solutions[0]
    rules = build(S6, cages=dominoes(S6, solution if with_sums else None))
    rng = random.Random(6)
    cells = [d if rng.random() < (0.2 if with_sums else 0.45) else 0 for d in solution.cells]
    board = Board(S6, tuple(cells), rules)
    counts = {}
    for backend in BACKENDS:
        outcome = make(backend).count(board, 5000)
        assert outcome.complete, backend
        counts[backend] = sorted(s.cells for s in outcome.solutions)
    assert len({tuple(v) for v in counts.values()}) == 1, {k: len(v) for k, v in counts.items()}
    assert solution.cells in counts["sat"]


def test_windoku_counts_agree_across_backends():
    rules = build(S9, windoku=True)
    puzzle, solution = WINDOKU[0][:2]
    cells = list(Board(S9, digits(solution), rules).cells)
    rng = random.Random(9)
    for i in rng.sample(range(81), 50):
        cells[i] = 0
    board = Board(S9, tuple(cells), rules)
    counts = {backend: sorted(s.cells for s in make(backend).count(board, 5000).solutions)
              for backend in ("sat", "cpsat", "dfs")}
    assert len({tuple(v) for v in counts.values()}) == 1
    assert digits(solution) in counts["sat"]
    classic = Board(S9, tuple(cells))
    assert len(make("sat").count(classic, 5000).solutions) > len(counts["sat"])  # the windows matter


# ---------------------------------------------------------------------------------------------
# The checker refuses what breaks a rule, and the duplicate scan says where


GOOD9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


def digits(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch not in ".0" else 0 for ch in text)


def test_the_checker_names_the_rule_a_solution_breaks():
    grid = Board(S9, digits(GOOD9))
    assert is_solution(grid)
    knight = Board(S9, grid.cells, build(S9, antiknight=True))
    assert any("knight" in p for p in solution_problems(knight))
    king = Board(S9, grid.cells, build(S9, antiking=True))
    assert not is_solution(king)
    apart = Board(S9, grid.cells, build(S9, nonconsecutive=True))
    assert any("consecutive" in p for p in solution_problems(apart))  # 1 next to 2
    caged = Board(S9, grid.cells, build(S9, cages=[([(0, 0), (0, 1)], 4)]))
    assert solution_problems(caged) == ["cage at r1c1 sums to 3, needs 4"]
    right_cage = Board(S9, grid.cells, build(S9, cages=[([(0, 0), (0, 1)], 3)]))
    assert is_solution(right_cage)
    diagonal = Board(S9, grid.cells, build(S9, diagonal="main"))
    assert solution_problems(diagonal) == ["diagonal 1 does not hold every digit 1..9 once"]


def test_the_checker_finds_relation_pairs_by_its_own_code(monkeypatch):
    """A slip in the pair lists the encoders read (here every pair lost) is caught by the checker
    and the duplicate scan, not repeated by them."""
    from sudoku_cp.constraints._relation import Relation
    from sudoku_cp.core.check import Checker

    monkeypatch.setattr(Relation, "pairs", lambda self, rules: ())  # the list the encoders read
    for kwargs, unit in (({"antiknight": True}, "knight"), ({"antiking": True}, "king"),
                         ({"nonconsecutive": True}, "consecutive")):
        rules = build(S9, **kwargs)
        board = Board(S9, digits(GOOD9), rules)  # GOOD9 breaks every relation somewhere
        assert any(unit in p for p in Checker(rules).problems(board)), unit
        assert any(c.unit == unit for c in find_conflicts(board)), unit
    rules = build(S4, antiknight=True)
    answers = make("sat").count(Board.empty(S4, rules), 1000).solutions  # from the broken clauses
    accepted = sum(not Checker(rules).problems(s) for s in answers)
    assert len(answers) == 288 and accepted == sum(map(RULES4["antiknight"][1], latin_squares(4)))


def test_the_checker_refuses_a_wrong_answer_to_a_published_puzzle():
    for rules, puzzle, solution in published():
        wrong = list(solution)
        # swap two digits of a row: still a permutation in that row, never a solution
        wrong[0], wrong[1] = wrong[1], wrong[0]
        assert not is_solution(Board(rules.shape, tuple(wrong), rules), puzzle)


def conflicts_of(rules, cells: dict) -> list[tuple[str, int, int, list, str]]:
    n = rules.size
    grid = [0] * (n * n)
    for (r, c), d in cells.items():
        grid[r * n + c] = d
    board = Board(rules.shape, tuple(grid), rules)
    return [(c.unit, c.index, c.digit, c.cells, c.describe()) for c in find_conflicts(board)]


def test_conflicts_name_their_unit_or_constraint():
    assert conflicts_of(build(S9, diagonal="both"), {(0, 0): 5, (6, 6): 5}) == [
        ("diagonal", 0, 5, [(0, 0), (6, 6)], "two 5s on the main diagonal (r1c1, r7c7)")]
    assert conflicts_of(build(S9, diagonal="anti"), {(0, 8): 5, (7, 1): 5}) == [
        ("anti-diagonal", 0, 5, [(0, 8), (7, 1)], "two 5s on the anti-diagonal (r1c9, r8c2)")]
    assert conflicts_of(build(S9, windoku=True), {(1, 5): 5, (3, 7): 5}) == [
        ("window", 1, 5, [(1, 5), (3, 7)], "two 5s in window 2 (r2c6, r4c8)")]
    jigsaw = build(S6, regions=SIX["jigsaw"]["regions"])
    assert conflicts_of(jigsaw, {(2, 2): 5, (3, 3): 5}) == [
        ("region", 3, 5, [(2, 2), (3, 3)], "two 5s in region 4 (r3c3, r4c4)")]
    cage = [([(0, 0), (0, 1), (1, 0)], 15)]
    assert conflicts_of(build(S9, cages=cage), {(0, 1): 5, (1, 0): 5}) == [
        ("box", 0, 5, [(0, 1), (1, 0)], "two 5s in box 1 (r1c2, r2c1)"),
        ("cage", 0, 5, [(0, 1), (1, 0)], "two 5s in the cage at r1c1 (r1c2, r2c1)")]
    assert conflicts_of(build(S9, cages=cage), {(0, 0): 9, (0, 1): 6, (1, 0): 2}) == [
        ("cage", 0, 17, [(0, 0), (0, 1), (1, 0)], "cage at r1c1 sums to 17, needs 15")]
    assert conflicts_of(build(S9, cages=cage), {(0, 0): 9, (0, 1): 6}) == []  # not full: no sum yet
    assert conflicts_of(build(S9, nonconsecutive=True), {(1, 2): 5, (1, 3): 6}) == [
        ("consecutive", 0, 5, [(1, 2), (1, 3)], "5 and 6 are neighbours at r2c3-r2c4")]
    assert conflicts_of(build(S9, antiknight=True), {(0, 0): 8, (1, 2): 8, (2, 1): 3, (4, 2): 3}) == [
        ("box", 0, 8, [(0, 0), (1, 2)], "two 8s in box 1 (r1c1, r2c3)"),
        ("knight", 0, 8, [(0, 0), (1, 2)], "two 8s a knight's move apart (r1c1, r2c3)"),
        ("knight", 0, 3, [(2, 1), (4, 2)], "two 3s a knight's move apart (r3c2, r5c3)")]
    assert conflicts_of(build(S9, antiking=True), {(3, 3): 8, (4, 4): 8}) == [
        ("box", 4, 8, [(3, 3), (4, 4)], "two 8s in box 5 (r4c4, r5c5)"),
        ("king", 0, 8, [(3, 3), (4, 4)], "two 8s a king's move apart (r4c4, r5c5)")]


def test_classic_conflict_messages_are_unchanged():
    assert conflicts_of(build(S4), {(0, 0): 1, (0, 1): 1})[0][4] == "two 1s in row 1 (r1c1, r1c2)"


@pytest.mark.parametrize("backend", BACKENDS)
def test_givens_that_break_a_relation_have_no_solution(backend):
    for rules, cells in ((build(S4, antiknight=True), {(0, 0): 1, (1, 2): 1}),
                         (build(S4, nonconsecutive=True), {(0, 0): 1, (0, 1): 2}),
                         (build(S4, cages=[([(0, 0), (0, 1)], 3)]), {(0, 0): 2, (0, 1): 3})):
        grid = [0] * 16
        for (r, c), d in cells.items():
            grid[r * 4 + c] = d
        outcome = make(backend).count(Board(S4, tuple(grid), rules), 10)
        assert outcome.solutions == [] and outcome.complete


# ---------------------------------------------------------------------------------------------
# Published variant puzzles with their published solutions


def cage(total, *cells):
    return (list(cells), total)


# Killer 1: ukpuzzles.org (https://ukpuzzles.org/file_download.php?fileid=247), as transcribed in
# the tests of lisudoku/lisudoku_solver (src/solver/tests/logical_solver/puzzles/killer_9x9.rs).
KILLER1 = [
    cage(20, (0, 0), (0, 1), (1, 0), (1, 1)), cage(9, (0, 2), (0, 3)), cage(22, (1, 2), (2, 2), (2, 1)),
    cage(17, (0, 4), (1, 4), (2, 4)), cage(9, (0, 5), (0, 6)), cage(18, (1, 6), (2, 6), (2, 7)),
    cage(20, (0, 7), (0, 8), (1, 7), (1, 8)), cage(8, (2, 0), (3, 0)),
    cage(16, (1, 3), (2, 3), (3, 3), (3, 2), (3, 1)), cage(27, (1, 5), (2, 5), (3, 5), (3, 6), (3, 7)),
    cage(11, (2, 8), (3, 8)), cage(12, (4, 0), (4, 1), (4, 2)), cage(22, (4, 6), (4, 7), (4, 8)),
    cage(15, (3, 4), (4, 3), (4, 4), (4, 5), (5, 4)), cage(8, (5, 0), (6, 0)),
    cage(30, (5, 1), (5, 2), (5, 3), (6, 3), (7, 3)), cage(17, (5, 7), (5, 6), (5, 5), (6, 5), (7, 5)),
    cage(11, (5, 8), (6, 8)), cage(11, (6, 1), (6, 2), (7, 2)), cage(24, (7, 0), (7, 1), (8, 0), (8, 1)),
    cage(16, (8, 2), (8, 3)), cage(19, (6, 4), (7, 4), (8, 4)), cage(10, (8, 5), (8, 6)),
    cage(16, (6, 7), (6, 6), (7, 6)), cage(17, (7, 7), (7, 8), (8, 7), (8, 8)),
]
KILLER1_SOLUTION = ("632798154478165392195324786724639815813452679569817243346571928981243567"
                    "257986431")
# Killer 2: https://www.killersudokuonline.com/tips.html, transcribed in the same lisudoku tests
# (its cages leave some cells out).
KILLER2 = [
    cage(6, (0, 0), (0, 1)), cage(18, (0, 2), (0, 3), (0, 4)), cage(14, (0, 5), (0, 6), (0, 7)),
    cage(16, (0, 8), (1, 8)), cage(17, (1, 0), (2, 0)), cage(6, (1, 1), (2, 1)),
    cage(17, (1, 2), (2, 2), (3, 2)), cage(16, (1, 3), (2, 3), (3, 3)), cage(4, (1, 4), (2, 4)),
    cage(12, (1, 5), (1, 6), (1, 7)), cage(16, (2, 5), (2, 6), (2, 7)), cage(9, (2, 8), (3, 8)),
    cage(4, (3, 0), (3, 1)), cage(23, (3, 5), (3, 6), (3, 7)), cage(15, (4, 0), (4, 1), (4, 2)),
    cage(16, (4, 6), (4, 7), (4, 8)), cage(21, (3, 4), (4, 3), (4, 4), (4, 5), (5, 4)),
    cage(9, (5, 0), (6, 0)), cage(24, (5, 1), (5, 2), (5, 3)), cage(9, (5, 5), (6, 5), (7, 5)),
    cage(14, (5, 6), (6, 6), (7, 6)), cage(6, (5, 7), (5, 8)), cage(7, (6, 1), (6, 2), (6, 3)),
    cage(17, (6, 4), (7, 4)), cage(12, (6, 7), (7, 7)), cage(14, (6, 8), (7, 8)), cage(12, (7, 0), (8, 0)),
    cage(11, (7, 1), (7, 2), (7, 3)), cage(23, (8, 1), (8, 2), (8, 3)), cage(13, (8, 4), (8, 5), (8, 6)),
    cage(4, (8, 7), (8, 8)),
]
KILLER2_SOLUTION = ("423968517856417329917532684134726895285149763679853142341285976762391458"
                    "598674231")
# Killer 6x6 with givens: the World Sudoku Championship 2022 instruction booklet
# (https://uploads-ssl.webflow.com/62793457876c001d28edf162/6348945a45b06acb414391b7_WSC_2022_IB_v2.1.pdf),
# as transcribed in the same lisudoku tests (killer_6x6.rs).
KILLER6 = (
    [cage(5, (0, 0), (1, 0)), cage(15, (0, 1), (0, 2), (0, 3), (0, 4), (1, 3)), cage(5, (1, 1)),
     cage(5, (1, 4), (1, 5)), cage(5, (2, 0), (2, 1)), cage(5, (2, 2), (3, 2)), cage(5, (3, 0)),
     cage(15, (2, 3), (2, 4), (2, 5)), cage(5, (3, 3), (3, 4)), cage(15, (4, 0), (4, 1), (4, 2), (5, 0)),
     cage(5, (4, 5)), cage(15, (5, 1), (5, 2), (5, 3), (5, 4), (5, 5))],
    "1.3..." "......" "......" "......" "......" "...3.2",
    "123456456123231564564231342615615342",
)

# Anti-knight: https://youtu.be/tHXXCW15bsk and
# https://www.funwithpuzzles.com/2018/02/no-knight-step-sudoku-puzzles.html, as transcribed in
# lisudoku/lisudoku_solver (src/solver/tests/logical_solver/puzzles/anti_knight_9x9.rs).
ANTIKNIGHT = [
    ("6......89"
     "........."
     "..123...."
     "..456...."
     "..789...."
     "......4.."
     ".....2..."
     "3......12"
     "7......45",
     "635471289472985631981236574214563897567894123893127456149352768356748912728619345"),
    ("143......"
     "..59..3.4"
     ".2.4...85"
     "......21."
     "........."
     ".32......"
     "35...7.2."
     "2.8..97.."
     "......85.",
     "143578962865921374927463185594736218781295436632184597359847621218659743476312859"),
    # With its solution, from the tests of KlimesovaLucie/SudokuGraphicCreator
    # (SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveAntiknightTests.cs,
    # its OneSolution test; the puzzle's origin is not named there).
    ("090000080108000305070000090000080000000906000000050000020000070407000906050000020",
     "293645781148297365675813492369482517514976238782351649826539174437128956951764823"),
    # With its solution, from the tests of kjytay/py-puzzles
    # (test/test_knightsudoku.py, test_backtracking_solve; the puzzle's origin is not named there).
    ("000000000080030090001205600003408700020060050007901200006803400040070010000000000",
     "635794182482136597791285634953428761124367958867951243576813429248679315319542876"),
]
# Anti-king 6x6 (2x3 boxes), from the tests of lisudoku/lisudoku_solver
# (src/solver/tests/logical_solver/puzzles/anti_king_6x6.rs; the puzzle's origin is not named there).
ANTIKING6 = ("4....." ".3..1." "....6." "62..5." "......" "3....1",
             "451326236415145263623154514632362541")
# Anti-king 9x9 ("untouchable": no digit repeats on a diagonal touch), with its solution, from the
# tests of KlimesovaLucie/SudokuGraphicCreator
# (SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveUntouchableTests.cs,
# its OneSolution test; the puzzle's origin is not named there).
ANTIKING = [
    ("080107050740000093000090000200000009004000300800000006000030000620000031050706040",
     "983167254746825193512493867267384519194652378835971426471239685629548731358716942"),
    # With its solution, from the tests of kjytay/py-puzzles
    # (test/test_kingsudoku.py, test_backtracking_solve; the puzzle's origin is not named there).
    ("000002000000400800000009700405000020009000100080000406004100000002006000000800000",
     "743582691956471832218369745465718329329645178187293456694157283872936514531824967"),
]
# Non-consecutive (orthogonal neighbours never differ by 1, no markers), with its solution, from
# the tests of KlimesovaLucie/SudokuGraphicCreator
# (SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveNonconsecutiveTests.cs,
# its OneSolution test; the puzzle's origin is not named there).
NONCONSECUTIVE = [
    ("090004000000000802080000000200000000000020000000000004000000050401000000000700060",
     "392584617157936842684271395246853179819427536573169284738642951461395728925718463"),
    # With its solution, from the tests of kjytay/py-puzzles
    # (test/test_nonconsecsudoku.py, test_backtracking_solve; the puzzle's origin is not named there).
    ("000000000000050000001030200000603000074000360000401000003040900000090000000000000",
     "952714836386259471741836259529683714174925368638471592863147925417592683295368147"),
    # From the British Army challenge book 2019, as transcribed in johnstaveley/GameSolver
    # (GameSolver/Problems/SudokuNonConsec.txt). Only the solution's first row is published there
    # (746318592, in GameSolver.Tests/GameProcessorTests.cs): the other 72 digits are our solvers'.
    ("000308000000504000000000000150000037000000000630000025000000000000603000000201000",
     "746318592283594716915726384159462837472835169638179425861947253524683971397251648"),
]
# Sudoku-X (both diagonals): https://www.sudopedia.org/wiki/Sudoku-X and ukpuzzles.org
# (https://ukpuzzles.org/file_download.php?fileid=247), as transcribed in lisudoku/lisudoku_solver
# (src/solver/tests/logical_solver/puzzles/diagonal_9x9.rs, the second one in a comment there).
DIAGONAL = [
    ("........." "........." "........." "........." "........."
     "7.4.5.3.9" ".5.6.7.8." "9.3.4.6.7" ".1.2.3.4.",
     "371865294265914738849732516536429871198376452724158369452697183983541627617283945"),
    (".....38.." "....47..." "6...2...." "89......." ".23...78." ".......36" "....3...4" "...16...." "..78.....",
     "259613847381947265674528913896371452123456789745289136518732694932164578467895321"),
    # With its solution, from the tests of KlimesovaLucie/SudokuGraphicCreator
    # (SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveDiagonalTests.cs,
    # its OneSolution test; the puzzle's origin is not named there).
    ("903000010000107009400500000045070090000209000080060140000002004300406000050000902",
     "973624815568137429421598736645871293137249658289365147716952384392486571854713962"),
    # With its solution, from the tests of kjytay/py-puzzles
    # (test/test_diagonalsudoku.py, test_backtracking_solve; the puzzle's origin is not named there).
    ("900000000058009400700050000803020500100005803000870120089210700605040980017500000",
     "936784215258139476741652398893421567172965843564873129389216754625347981417598632"),
]
# Windoku (hyper sudoku): the two puzzles of pravinthan/HyperSudokuSolver (Test.py); its README
# shows the first as Wikipedia's "Oceans Hypersudoku18".
WINDOKU = [
    ("....9.7.." ".61....4." ".....2..3" "..748...." ".8....6.." "..3...5.." "...5..2.." "9..1....." "5.2....86",
     "834691752261357849759842163627485391185973624493216578348569217976128435512734986"),
    ("..6.94..." "....5.89." "18......." "..2....3." "...9.5.2." "3...2...7" "6.3....7." ".9......." ".2.......",
     "536894712274156893189372546952687134741935628368421957613548279897213465425769381"),
    # With its solution, from the tests of KlimesovaLucie/SudokuGraphicCreator
    # (SudokuGraphicCreator/SudokuGraphicCreator.Tests/Rules/SolveWindokuTests.cs,
    # its OneSolution test; the puzzle's origin is not named there).
    ("000203080000000513004100060109040006000506000200030401010009800425000000060305000",
     "691253784872694513534178962159842376347516298286937451713469825425781639968325147"),
]
# Jigsaw: Janko's Chaos Sudoku 108 (https://www.janko.at/Raetsel/Sudoku/Chaos/108.a.htm), as
# transcribed in SmilingWayne/PuzzleSolver (docs/puzzles/jigsaw_sudoku.md).
JIGSAW = (
    "8........" "...1....." "2.....4.6" ".....8..5" "...62..18" ".3...4.2." "...5..1.7" "..2......" "...8...9.",
    "999998888" "555998888" "555998333" "555111333" "222111333" "222111444" "222766444" "777766444"
    "777766666",
    "845279361359162784281395476467918235574623918136754829928536147792481653613847592",
)
# More jigsaws, each with its solution, from the puzzle data of SmilingWayne/PuzzleSolver
# (assets/Sudoku/JigsawSudoku/problems/<n>_9x9.txt and solutions/<n>_9x9.txt, n = 316, 317, 318;
# its docs link Janko's Chaos Sudoku pages, and ianfhunter/Enigma's ATTRIBUTIONS name janko.at as
# the source of SmilingWayne's puzzle data; the page numbers are not checked against janko.at).
# (Its 249 and 250, with 9 givens each, are left out: the dfs baseline takes minutes on them.)
JIGSAWS = [
    JIGSAW,
    (".51...6.7" "....749.." "....8...5" "..7...41." "13.....28" ".74...1.." "9...6...." "..549...." "7.2...89.",
     "112222333" "111222363" "111123363" "445525366" "444555666" "447585566" "747789999" "747888999" "777888899",
     "451932687218674953396781245687253419139546728574829136943168572825497361762315894"),
    ("1..8.2..7" ".5.9...8." ".....5..." "2.61.3.49" "........." "83.4.97.6" "...6....." ".9...8.2." "3..2.4..1",
     "112222233" "111222333" "141255366" "144553366" "144753669" "447755669" "447558969" "777888999" "778888899",
     "164852397753961284948735162276183549429576813831429756512647938697318425385294671"),
    ("6..9...21" "4.2..8..." "..6...84." ".4.6.2..8" "....1...." "3..4.7.5." ".83...9.." "...8..2.4" "97...1..6",
     "111112333" "141222333" "144222333" "142255566" "444555666" "445558869" "777888669" "777888969" "777899999",
     "635984721412738695796125843149672538857319462328467159283546917561893274974251386"),
]
# Miracle sudoku (anti-knight, anti-king, nonconsecutive) by Mitchell Lee, the second one solved
# by Cracking the Cryptic (https://www.youtube.com/watch?v=Tv-48b-KuxI), grid and solution as
# transcribed in a public QUnit test of a variant solver ("strategies/misc_puzzles", "miracle").
MIRACLE = ("........." "........." "....4...." "..3......" + "." * 45,
           "948372615372615948615948372483726159726159483159483726837261594261594837594837261")


def published():
    """(rules, puzzle, solution digits) for every published puzzle above."""
    out = []
    empty = "." * 81
    for cages, solution in ((KILLER1, KILLER1_SOLUTION), (KILLER2, KILLER2_SOLUTION)):
        rules = build(S9, cages=cages)
        out.append((rules, Board(S9, digits(empty), rules), digits(solution)))
    for kwargs, puzzles in (({"antiknight": True}, ANTIKNIGHT), ({"diagonal": "both"}, DIAGONAL),
                            ({"windoku": True}, WINDOKU), ({"antiking": True}, ANTIKING),
                            ({"nonconsecutive": True}, NONCONSECUTIVE),
                            ({"antiknight": True, "antiking": True, "nonconsecutive": True}, [MIRACLE])):
        rules = build(S9, **kwargs)
        out += [(rules, Board(S9, digits(p), rules), digits(s)) for p, s in puzzles]
    rules = build(S6, antiking=True)
    out.append((rules, Board(S6, digits(ANTIKING6[0]), rules), digits(ANTIKING6[1])))
    for givens, regions, solution in JIGSAWS:
        rules = build(S9, regions=regions)
        out.append((rules, Board(S9, digits(givens), rules), digits(solution)))
    rules = build(S6, cages=KILLER6[0])
    out.append((rules, Board(S6, digits(KILLER6[1]), rules), digits(KILLER6[2])))
    return out


PUBLISHED = published()


@pytest.mark.parametrize("backend", ("sat", "cpsat", "dfs"))
@pytest.mark.parametrize("index", range(len(PUBLISHED)), ids=lambda i: PUBLISHED[i][0].name + str(i))
def test_published_puzzles_solve_to_their_published_solutions(backend, index):
    rules, puzzle, solution = PUBLISHED[index]
    assert is_solution(Board(rules.shape, solution, rules), puzzle)
    outcome = make(backend).count(puzzle, 2)
    assert outcome.complete
    assert [s.cells for s in outcome.solutions] == [solution]


def test_published_killer_solution_is_not_unique_without_its_sums():
    rules = build(S9, cages=[(cells, None) for cells, _ in KILLER1])
    assert len(make("sat").count(Board.empty(S9, rules), 2).solutions) == 2


# ---------------------------------------------------------------------------------------------
# The CNF families of each rule


def test_each_constraint_is_its_own_named_clause_family():
    rules = build(S9, cages=KILLER1, antiknight=True, antiking=True, nonconsecutive=True)
    names = [f.name for f in encode_rules(rules).families]
    assert names == ["cell-alo", "cell-amo", "unit-alo", "unit-amo", "cage-amo", "cage-sum",
                     "antiknight", "antiking", "nonconsecutive"]
    pb = [f.name for f in encode_rules(rules, "complete+cage-pb").families]
    assert "cage-pb" in pb and "cage-sum" not in pb
    sizes = {f.name: f.count for f in encode_rules(rules).families}
    assert sizes["antiknight"] == 224 * 9  # 4 (N-1)(N-2) knight pairs, one clause per digit
    assert sizes["antiking"] == (144 + 128) * 9  # orthogonal pairs and 2 (N-1)^2 diagonal ones
    assert sizes["nonconsecutive"] == 144 * 8 * 2  # 144 orthogonal pairs, digits d, d+1 both ways


def test_cage_sum_chooses_exactly_one_digit_set_and_cage_sets_at_least_one():
    """A cage of 4 cells adding up to 20 (12 digit sets): under ``cage-sum`` propagation from one
    set's selector rules out the other 11; under ``cage-sets`` it does not (both forbid two sets
    only by search). Past 16 sets (16x16, 5 cells adding up to 40) the at-most-one is a counter
    with variables of its own; both encodings have the same solutions."""
    from pysat.solvers import Solver

    cage = [(0, 0), (0, 1), (1, 0), (1, 1)]
    rules = build(S9, cages=[(cage, 20)])
    first = 9 ** 3 + 1  # (the first selector: the variables above the cell variables)
    for encoding, ruled_out in (("complete", 11), ("complete+cage-sets", 0)):
        cnf = encode_rules(rules, encoding)
        assert cnf.nvars == 9 ** 3 + 12
        with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
            ok, lits = solver.propagate(assumptions=[first])
            assert ok and len([x for x in lits if -cnf.nvars <= x < -9 ** 3]) == ruled_out
            assert solver.solve(assumptions=[first, first + 1]) is False
    big = build(Shape(4, 4), cages=[([(0, c) for c in range(5)], 40)])
    summed = encode_rules(big)
    family = next(f for f in summed.families if f.name == "cage-sum")
    sets = len([c for c in summed.clauses[family.start:family.start + family.count] if all(x > 0 for x in c)
                and all(x > 16 ** 3 for x in c)])
    assert sets == 1 and family.new_vars[1] - family.new_vars[0] + 1 > 16  # the selectors and the counter's
    grid = make("sat").count(Board.empty(Shape(4, 4), big), 1).solutions[0]
    assert sum(grid.cells[:5]) == 40 and len(set(grid.cells[:5])) == 5


def test_exports_say_what_each_auxiliary_variable_is_and_name_the_rules(capsys):
    """DIMACS comments and encode's stats of a variant: the rules named, a jigsaw without boxes,
    each family's own auxiliary variables (cage-sum selectors are not an at-most-one encoding's)."""
    import json

    from sudoku_cp.cli import main
    from sudoku_cp.model.dimacs import numbering_comments

    killer = build(S9, cages=KILLER1)
    cnf = encode_puzzle(Board.empty(S9, killer))
    assert [(f.name, f.new_vars) for f in cnf.families if f.new_vars] == [("cage-sum", (730, 858))]
    comments = numbering_comments(cnf)
    assert comments[0].startswith("grid 9x9 (3x3 boxes), rules killer;")
    assert ("auxiliary variables of cage-sum (one selector per set of distinct digits that makes a "
            "cage's sum (past 16 sets, also a sequential counter's: no two sets chosen)): 730..858") in comments
    assert not any("at-most-one" in line for line in comments)
    counted = encode_puzzle(Board.empty(S9, killer), amo="seqcounter")
    made = [f.new_vars for f in counted.families if f.new_vars]
    assert [f.name for f in counted.families if f.new_vars] == ["cell-amo", "unit-amo", "cage-amo", "cage-sum"]
    assert made[0][0] == 730 and made[-1][1] == counted.nvars
    assert all(a[1] + 1 == b[0] for a, b in zip(made, made[1:]))  # every auxiliary variable once
    jigsaw = next(puzzle for rules, puzzle, _ in PUBLISHED if rules.name == "jigsaw")
    assert numbering_comments(encode_puzzle(jigsaw))[0].startswith("grid 9x9 (jigsaw regions, no boxes), rules jigsaw;")
    doc = json.dumps({"givens": "." * 81, "regions": JIGSAW[1], "constraints": [{"type": "nonconsecutive"}]})
    assert main(["encode", doc, "--format", "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "9x9 (jigsaw regions, no boxes), rules jigsaw+nonconsecutive, encoding complete, at-most-one pairwise"
    header = out[3].split()
    assert header[:2] == ["family", "kind"] and out[3].index("kind") == out[-1].index("clause")  # aligned
    assert [line.split()[:2] for line in out[4:]][-1] == ["nonconsecutive", "clause"]
    assert main(["encode", doc, "--format", "stats", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["box"] is None and record["rules"] == "jigsaw+nonconsecutive"


def test_a_cage_with_one_combination_fixes_its_digits_by_unit_clauses():
    rules = build(S9, cages=[([(0, 0), (0, 1)], 3)])
    cnf = encode_rules(rules)
    family = next(f for f in cnf.families if f.name == "cage-sum")
    clauses = cnf.clauses[family.start:family.start + family.count]
    assert [c for c in clauses if len(c) == 1] == [[-d] for d in range(3, 10)] + [[-(9 + d)] for d in range(3, 10)]
    assert [c for c in clauses if len(c) > 1] == [[1, 10], [2, 11]]  # 1 and 2 both in the cage
    assert cnf.nvars == 729  # no selector for a single combination


def test_encode_puzzle_of_a_variant_has_the_rules_and_the_givens():
    rules, puzzle, solution = PUBLISHED[0]
    cnf = encode_puzzle(Board(S9, solution, rules))
    assert cnf.families[-1].name == "givens" and cnf.families[-1].count == 81


def test_augmented_refuses_a_jigsaw():
    with pytest.raises(ValueError, match="needs the boxes"):
        encode_rules(build(S4, regions=JIGSAW4), "augmented")


# ---------------------------------------------------------------------------------------------
# The generator: symmetry moves the rules allow, and killers carved down to no givens


def line_swap(n: int, a: int, b: int, rows: bool) -> list[int]:
    out = []
    for r in range(n):
        for c in range(n):
            rr = (b if r == a else a if r == b else r) if rows else r
            cc = c if rows else (b if c == a else a if c == b else c)
            out.append(rr * n + cc)
    return out


def test_moves_are_tested_against_cages_and_relations():
    n = 9
    flip = [c * n + r for r in range(n) for c in range(n)]
    rows01 = line_swap(n, 0, 1, True)
    bands = []
    for r in range(n):
        for c in range(n):
            rr = r + 3 if r < 3 else r - 3 if r < 6 else r
            bands.append(rr * n + c)
    for kwargs in ({"antiknight": True}, {"antiking": True}, {"nonconsecutive": True}):
        rules = build(S9, **kwargs)
        assert maps_to_itself(rules, flip)
        assert not maps_to_itself(rules, rows01) and not maps_to_itself(rules, bands)
    assert digit_symmetric(build(S9, antiknight=True)) and not digit_symmetric(build(S9, nonconsecutive=True))
    symmetric = build(S9, cages=[([(0, 1), (0, 2)], 5), ([(1, 0), (2, 0)], 5)])
    assert maps_to_itself(symmetric, flip) and not maps_to_itself(symmetric, rows01)
    lopsided = build(S9, cages=[([(0, 1), (0, 2)], 5), ([(1, 0), (2, 0)], 6)])
    assert not maps_to_itself(lopsided, flip)
    assert not digit_symmetric(lopsided) and digit_symmetric(build(S9, cages=[([(0, 1)], None)]))


@pytest.mark.parametrize("kwargs", [{"antiknight": True}, {"nonconsecutive": True},
                                    {"regions": SIX["jigsaw"]["regions"], "antiknight": True},
                                    {"diagonal": "anti"}])
def test_generate_keeps_the_rules(kwargs):
    from sudoku_cp.tasks.generate import generate_one

    rules = build(S6, **kwargs)
    for seed in (1, 2):
        made = generate_one(S6, seed, rules=rules)
        assert made.puzzle.rules == rules and is_solution(made.solution, made.puzzle)
        outcome = make("dfs").count(made.puzzle, 2)
        assert [s.cells for s in outcome.solutions] == [made.solution.cells]


def test_a_killer_is_carved_down_to_no_givens_when_its_cages_make_it_unique():
    from sudoku_cp.tasks.generate import generate_one

    rules = build(S9, cages=KILLER1)
    made = generate_one(S9, 3, rules=rules)
    assert made.puzzle.givens() == [] and made.solution.cells == digits(KILLER1_SOLUTION)


def test_session_propagation_reports_what_the_cage_clauses_settle():
    rules = build(S9, cages=[([(0, 0), (0, 1)], 3)])
    with make("sat").session(rules) as session:
        ok, facts = session.propagate([])
        assert ok and {(0, 0, -d) for d in range(3, 10)} <= set(facts)
        ok, facts = session.propagate([(0, 0, 1)])
        assert ok and (0, 1, 2) in facts


def test_a_cage_with_too_many_digit_sets_is_encoded_by_the_counter(monkeypatch):
    from sudoku_cp.model import cnf
    from sudoku_cp.model.cnf import count_combinations

    monkeypatch.setattr(cnf, "MAX_CAGE_SETS", 500)  # the real bound is met by bigger grids
    s16 = Shape(4, 4)
    big = [(r, c) for r in range(2) for c in range(4)]  # 8 cells of box 1
    assert count_combinations(16, 8, 68) == 526 and count_combinations(16, 2, 3) == 1
    rules = build(s16, cages=[(big, 68), ([(2, 0), (2, 1)], 3)])
    names = [f.name for f in encode_rules(rules).families]
    assert "cage-sum" in names and "cage-pb" in names
    solution = make("sat").count(Board.empty(s16, rules), 1).solutions[0]
    assert is_solution(solution) and sum(solution[c] for c in big) == 68
