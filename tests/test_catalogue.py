"""The constraint catalogue: every kind counted by sat, cpsat and dfs against a brute force
written here, read and written back (documents and f-puzzles), refused clearly when malformed,
and a kind registered from outside the package accepted by the commands."""

from __future__ import annotations

import json
from itertools import permutations

import pytest

from sudoku_cp.backends import make
from sudoku_cp.cli import main
from sudoku_cp.constraints import digit_symmetric, kind_of, maps_to_itself, names, register, unregister
from sudoku_cp.constraints.base import PairKind
from sudoku_cp.constraints.tenline import runs
from sudoku_cp.core.board import Board
from sudoku_cp.core.check import find_conflicts, is_solution
from sudoku_cp.core.rules import Constraint
from sudoku_cp.core.shape import PuzzleError, Shape
from sudoku_cp.core.variants import build
from sudoku_cp.formats.document import document
from sudoku_cp.formats.fpuzzles import from_fpuzzles, to_fpuzzles
from sudoku_cp.formats.text import parse_puzzle

S4 = Shape(2, 2)


def sudoku4():
    """Every 4x4 Sudoku grid (288), by brute force over rows."""
    rows = list(permutations(range(1, 5)))
    out = []

    def extend(grid):
        if len(grid) == 4:
            boxes = [[grid[r][c] for r in rr for c in cc] for rr in ((0, 1), (2, 3)) for cc in ((0, 1), (2, 3))]
            if all(len(set(b)) == 4 for b in boxes):
                out.append([list(r) for r in grid])
            return
        for row in rows:
            if all(row[c] != g[c] for g in grid for c in range(4)):
                extend(grid + [row])

    extend([])
    return out


GRIDS = sudoku4()
ORTH = [((r, c), (r, c + 1)) for r in range(4) for c in range(3)] + [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]


BLACK = [((0, 0), (0, 1)), ((1, 2), (1, 3)), ((1, 2), (2, 2)), ((1, 3), (2, 3)), ((2, 2), (2, 3)), ((3, 0), (3, 1))]
FIVES = [((r, 1), (r, 2)) for r in range(4)]


def sandwiched(line):
    a, b = sorted((line.index(1), line.index(len(line))))
    return sum(line[a + 1:b])


CIRCLES = [(0, 0), (1, 2), (2, 1), (3, 3), (0, 3)]


def seen_from(line):
    """Skyscrapers seen along a line: the digits greater than every one before them."""
    return sum(d > max(line[:k], default=0) for k, d in enumerate(line))


def at(g, cell):
    return g[cell[0]][cell[1]]


def windows(line, size=3):
    """Every run of ``size`` consecutive cells of a line (the whole line when it is shorter)."""
    return [line[k:k + size] for k in range(max(len(line) - size + 1, 1))]


# kind -> (document constraints on a 4x4, the rule said directly on a grid)
CASES = {
    "thermometer": ([{"type": "thermometer", "cells": [[0, 0], [1, 1], [2, 1]]}],
                    lambda g: g[0][0] < g[1][1] < g[2][1]),
    "arrow": ([{"type": "arrow", "circle": [[0, 3]], "cells": [[1, 3], [2, 2]]}],
              lambda g: g[1][3] + g[2][2] == g[0][3]),
    "kropki": ([{"type": "kropki", "cells": [[0, 0], [0, 1]]},
                {"type": "kropki", "cells": [[2, 2], [3, 2]], "color": "black"}],
               lambda g: abs(g[0][0] - g[0][1]) == 1 and (g[2][2] == 2 * g[3][2] or g[3][2] == 2 * g[2][2])),
    "kropki-negative": ([{"type": "kropki", "cells": [list(a), list(b)], "color": "black"} for a, b in BLACK]
                        + [{"type": "kropki-negative", "colors": ["black"]}],
                        lambda g: all((at(g, a) == 2 * at(g, b) or at(g, b) == 2 * at(g, a)) == ((a, b) in BLACK)
                                      for a, b in ORTH)),
    "xv": ([{"type": "xv", "cells": [[1, 0], [1, 1]], "value": "V"}], lambda g: g[1][0] + g[1][1] == 5),
    "xv-negative": ([{"type": "xv", "cells": [list(a), list(b)], "value": "V"} for a, b in FIVES]
                    + [{"type": "xv-negative"}],
                    lambda g: all((at(g, a) + at(g, b) in (5, 10)) == ((a, b) in FIVES) for a, b in ORTH)),
    "little-killer": ([{"type": "little-killer", "clue": [-1, 0], "direction": "DR", "sum": 6}],
                      lambda g: g[0][1] + g[1][2] + g[2][3] == 6),
    "odd": ([{"type": "odd", "cells": [[0, 0], [2, 3]]}], lambda g: g[0][0] % 2 == 1 and g[2][3] % 2 == 1),
    "even": ([{"type": "even", "cells": [[3, 3]]}], lambda g: g[3][3] % 2 == 0),
    "whispers": ([{"type": "whispers", "cells": [[0, 0], [0, 1], [1, 2]]}],
                 lambda g: abs(g[0][0] - g[0][1]) >= 2 and abs(g[0][1] - g[1][2]) >= 2),
    "palindrome": ([{"type": "palindrome", "cells": [[0, 1], [1, 2], [2, 3]]}], lambda g: g[0][1] == g[2][3]),
    "renban": ([{"type": "renban", "cells": [[0, 0], [1, 1], [2, 2]]}],
               lambda g: len({g[0][0], g[1][1], g[2][2]}) == 3 and max(g[0][0], g[1][1], g[2][2]) - min(
                   g[0][0], g[1][1], g[2][2]) == 2),
    "between": ([{"type": "between", "cells": [[0, 0], [1, 1], [1, 2]]}],
                lambda g: min(g[0][0], g[1][2]) < g[1][1] < max(g[0][0], g[1][2])),
    "minimum": ([{"type": "minimum", "cells": [[1, 1]]}],
                lambda g: all(g[1][1] < at(g, c) for c in ((0, 1), (2, 1), (1, 0), (1, 2)))),
    "maximum": ([{"type": "maximum", "cells": [[0, 0]]}], lambda g: g[0][0] > g[0][1] and g[0][0] > g[1][0]),
    "quadruple": ([{"type": "quadruple", "cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "digits": [1, 1]}],
                  lambda g: [g[1][1], g[1][2], g[2][1], g[2][2]].count(1) >= 2),
    "extra-region": ([{"type": "extra-region", "cells": [[0, 0], [1, 2], [2, 1], [3, 3]]}],
                     lambda g: len({g[0][0], g[1][2], g[2][1], g[3][3]}) == 4),
    "clone": ([{"type": "clone", "cells": [[0, 0], [0, 1]], "clone": [[2, 2], [2, 3]]}],
              lambda g: g[0][0] == g[2][2] and g[0][1] == g[2][3]),
    "disjoint": ([{"type": "disjoint"}],
                 lambda g: all(len({g[br * 2 + i][bc * 2 + j] for br in (0, 1) for bc in (0, 1)}) == 4
                               for i in (0, 1) for j in (0, 1))),
    "sandwich": ([{"type": "sandwich", "clue": [-1, 0], "sum": 5}, {"type": "sandwich", "clue": [1, 4], "sum": 0}],
                 lambda g: sandwiched([g[r][0] for r in range(4)]) == 5 and sandwiched(g[1]) == 0),
    "xsum": ([{"type": "xsum", "clue": [0, -1], "sum": 6}, {"type": "xsum", "clue": [4, 2], "sum": 10}],
             lambda g: sum(g[0][:g[0][0]]) == 6 and sum([g[r][2] for r in (3, 2, 1, 0)][:g[3][2]]) == 10),
    "killer": ([{"type": "killer", "cells": [[0, 0], [0, 1], [1, 1]], "sum": 7}],
               lambda g: g[0][0] + g[0][1] + g[1][1] == 7 and len({g[0][0], g[0][1], g[1][1]}) == 3),
}
# issue 41, cells and outside clues (branch kinds-cells)
CASES.update({
    "greaterthan": ([{"type": "greaterthan", "cells": [[0, 0], [0, 1]]}, {"type": "greaterthan", "cells": [[1, 1], [2, 1]]}],
                    lambda g: g[0][0] > g[0][1] and g[1][1] > g[2][1]),
    "skyscraper": ([{"type": "skyscraper", "clue": [-1, 0], "value": 2}, {"type": "skyscraper", "clue": [1, 4], "value": 3}],
                   lambda g: seen_from([g[r][0] for r in range(4)]) == 2 and seen_from(g[1][::-1]) == 3),
    "numberedroom": ([{"type": "numberedroom", "clue": [-1, 1], "value": 3}, {"type": "numberedroom", "clue": [2, 4], "value": 1}],
                     lambda g: g[g[0][1] - 1][1] == 3 and g[2][4 - g[2][3]] == 1),
    "countingcircles": ([{"type": "countingcircles", "cells": [[0, 0], [1, 2], [2, 1], [3, 3], [0, 3]]}],
                        lambda g: all([at(g, c) for c in CIRCLES].count(d) == d for d in {at(g, c) for c in CIRCLES})),
    "indexer": ([{"type": "indexer", "which": "row", "cells": [[3, 2]]},  # (f-puzzles' order: row, column, box)
                 {"type": "indexer", "which": "column", "cells": [[0, 0], [1, 0]]},
                 {"type": "indexer", "which": "box", "cells": [[2, 3]]}],
                lambda g: all(g[r][g[r][0] - 1] == 1 for r in (0, 1)) and g[g[3][2] - 1][2] == 4
                and [g[2][2], g[2][3], g[3][2], g[3][3]][g[2][3] - 1] == 2),
})
# issue 41, lines (branch kinds-lines); entropic lines need a size divisible by 3: tested on a 6x6 below
CASES.update({
    "regionsum": ([{"type": "regionsum", "cells": [[0, 1], [0, 2], [1, 2]]}], lambda g: g[0][1] == g[0][2] + g[1][2]),
    "modular": ([{"type": "modular", "cells": [[0, 0], [0, 1], [1, 1], [2, 1]]}],
                lambda g: all(len({at(g, c) % 3 for c in w}) == len(w) for w in windows([(0, 0), (0, 1), (1, 1), (2, 1)]))),
    "zipper": ([{"type": "zipper", "cells": [[0, 0], [0, 1], [1, 1]]}, {"type": "zipper", "cells": [[2, 2], [2, 3], [3, 2], [3, 3]]}],
               lambda g: g[0][0] + g[1][1] == g[0][1] and g[2][2] + g[3][3] == g[2][3] + g[3][2]),
    "dutchwhispers": ([{"type": "dutchwhispers", "cells": [[1, 1], [2, 2], [3, 1]]}],  # gap 1 on a 4x4 (4 on a 9x9)
                      lambda g: g[1][1] != g[2][2] != g[3][1]),
    "slowthermo": ([{"type": "slowthermo", "cells": [[0, 0], [1, 1], [2, 2], [3, 3]]}],
                   lambda g: g[0][0] <= g[1][1] <= g[2][2] <= g[3][3]),
    "parityline": ([{"type": "parityline", "cells": [[0, 0], [0, 1], [1, 2]]}],
                   lambda g: g[0][0] % 2 != g[0][1] % 2 != g[1][2] % 2),
    "nabner": ([{"type": "nabner", "cells": [[0, 0], [3, 3]]}], lambda g: abs(g[0][0] - g[3][3]) >= 2),
    "doublearrow": ([{"type": "doublearrow", "cells": [[0, 0], [1, 1], [2, 1], [3, 2]]}],
                    lambda g: g[1][1] + g[2][1] == g[0][0] + g[3][2]),
})
# issue 41, more kinds setters use (branch kinds-more); a lockout line's ends differ by at least 2 on a 4x4 (N // 2)
CASES.update({
    "lockout": ([{"type": "lockout", "cells": [[0, 0], [0, 1], [1, 1]]}, {"type": "lockout", "cells": [[2, 0], [3, 0]], "value": 3}],
                lambda g: abs(g[0][0] - g[1][1]) >= 2 and not min(g[0][0], g[1][1]) <= g[0][1] <= max(g[0][0], g[1][1])
                and abs(g[2][0] - g[3][0]) >= 3),
    # runs adding up to 5 along an open line, and around a loop (a run may pass its joint)
    "tenline": ([{"type": "tenline", "cells": [[0, 0], [0, 1], [1, 1], [1, 0]], "value": 5},
                 {"type": "tenline", "cells": [[2, 1], [2, 2], [3, 2], [3, 1]], "value": 5, "loop": True}],
                lambda g: runs([g[0][0], g[0][1], g[1][1], g[1][0]], 5, False) is not None
                and runs([g[2][1], g[2][2], g[3][2], g[3][1]], 5, True) is not None),
    # an arithmetic sequence, rising or falling, never constant (the two cells of r4c1-r3c2 only differ)
    "sequence": ([{"type": "sequence", "cells": [[0, 0], [1, 1], [2, 2]]}, {"type": "sequence", "cells": [[3, 0], [2, 1]]}],
                 lambda g: g[1][1] - g[0][0] == g[2][2] - g[1][1] != 0 and g[3][0] != g[2][1]),
})


def counted(line):
    """Whether each difference between neighbours on the line appears on exactly that many pairs."""
    ds = [abs(a - b) for a, b in zip(line, line[1:])]
    return all(ds.count(d) == d for d in ds)


def fibonacci(line):
    """Whether the line rises or falls strictly, each digit past the lowest two the sum of the two before."""
    up = sorted(line)
    return (list(line) in (up, up[::-1]) and len(set(up)) == len(up)
            and all(c == a + b for a, b, c in zip(up, up[1:], up[2:])))


def indexed(digits) -> bool:
    """An index line's digits, from its diamond: the Kth names where K is (1-based), within the line."""
    return all(d <= len(digits) and digits[d - 1] == k for k, d in enumerate(digits, start=1))


def sun_holds(g, r: int, c: int) -> bool:
    """The sun's digit at (r, c) counts its king-move neighbours that hold smaller digits."""
    return g[r][c] == sum(g[r + dr][c + dc] < g[r][c] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and 0 <= r + dr < 4 and 0 <= c + dc < 4)


# issue 41, differences-count and Fibonacci lines (branch kinds-diff): three cells (both differences 2), four
# cells (a 1 and two 2s, or three 3s); a Fibonacci line of three cells and one of two (any two digits)
CASES.update({
    "diffcount": ([{"type": "diffcount", "cells": [[0, 0], [1, 1], [2, 1]]},
                   {"type": "diffcount", "cells": [[3, 0], [3, 1], [2, 2], [2, 3]]}],
                  lambda g: counted([g[0][0], g[1][1], g[2][1]]) and counted([g[3][0], g[3][1], g[2][2], g[2][3]])),
    "fibonacci": ([{"type": "fibonacci", "cells": [[0, 0], [1, 1], [2, 2]]}, {"type": "fibonacci", "cells": [[3, 0], [2, 1]]}],
                  lambda g: fibonacci([g[0][0], g[1][1], g[2][2]]) and fibonacci([g[3][0], g[2][1]])),
    # issue 41, index lines and sunburn (branch kinds-index)
    # a line of three from its diamond at r1c1, and one of two from r4c1
    "indexline": ([{"type": "indexline", "cells": [[0, 0], [1, 1], [2, 2]]}, {"type": "indexline", "cells": [[3, 0], [2, 1]]}],
                  lambda g: indexed([g[0][0], g[1][1], g[2][2]]) and indexed([g[3][0], g[2][1]])),
    # a sun in the middle (eight neighbours) and one on the edge (five)
    "sunburn": ([{"type": "sunburn", "cells": [[1, 1], [0, 2]]}], lambda g: sun_holds(g, 1, 1) and sun_holds(g, 0, 2)),
    # issue 41, magic squares (branch magic): the whole grid as the block (its rows and columns add up to 10
    # anyway, so both diagonals must too); no smaller block can hold on a 4x4: a 2x2's rows, columns and
    # diagonals need its four digits equal, and no 3x3 of a 4x4 grid has them all with one sum
    "magicsquare": ([{"type": "magicsquare", "cells": [[r, c] for r in range(4) for c in range(4)]}],
                    lambda g: sum(g[i][i] for i in range(4)) == sum(g[3 - i][i] for i in range(4)) == 10),
})
# issue 41, cages whose digits may repeat (branch sumcage): r1c1 and r2c3 share no unit (2 + 2 is one way to 4), nor
# do r3c1 and r4c2 beside r3c3 (1 + 4 + 1, 2 + 2 + 2, ...)
CASES.update({
    "sumcage": ([{"type": "sumcage", "cells": [[0, 0], [1, 2]], "sum": 4},
                 {"type": "sumcage", "cells": [[2, 0], [3, 1], [2, 2]], "sum": 6}],
                lambda g: g[0][0] + g[1][2] == 4 and g[2][0] + g[3][1] + g[2][2] == 6),
})
# issue 41, whole-grid rules over small windows (branch windows): on a 4x4 every run of 3 cells in a row already
# mixes parity (two odd and two even digits a row), so runs of 2 (neighbours differ in parity: a checkerboard);
# runs of 3, global entropy and global mod 3 are counted on a 6x6 below (test_window_rules_...)
CASES.update({
    "parityrun": ([{"type": "parityrun", "length": 2}],
                  lambda g: all(g[r][c] % 2 != g[r][c + 1] % 2 and g[c][r] % 2 != g[c + 1][r] % 2
                                for r in range(4) for c in range(3))),
})
# issue 41, dots of other sums and their negative (branch sumdots): a dot of one total and a dot of two; the
# negative over 7 with every pair that adds up to 7 in one grid marked (a 5|10-style dot of 3|7 among them, which
# lets 7 and so marks its pair), four grids keep it
SEVENS = [((1, 1), (1, 2)), ((0, 1), (1, 1)), ((2, 0), (3, 0))]
CASES.update({
    "sumdot": ([{"type": "sumdot", "cells": [[0, 0], [0, 1]], "sums": [5]},
                {"type": "sumdot", "cells": [[2, 1], [3, 1]], "sums": [3, 7]}],
               lambda g: g[0][0] + g[0][1] == 5 and g[2][1] + g[3][1] in (3, 7)),
    "sumdot-negative": ([{"type": "sumdot", "cells": [list(a), list(b)], "sums": [7]} for a, b in SEVENS]
                        + [{"type": "sumdot", "cells": [[2, 1], [2, 2]], "sums": [3, 7]},
                           {"type": "sumdot-negative", "sums": [7]}],
                        lambda g: all(at(g, a) + at(g, b) == 7 for a, b in SEVENS) and g[2][1] + g[2][2] in (3, 7)
                        and all(at(g, a) + at(g, b) != 7 for a, b in ORTH if (a, b) not in SEVENS + [((2, 1), (2, 2))])),
})
# issue 41, killer cages whose clue is a bound (branch boundcage): r1c1 and r2c3 share no unit, so only the cage keeps
# 3 + 3 out of "> 5"; r4c1 + r4c2 "< 5" (1 + 2, 1 + 3)
CASES.update({
    "boundcage": ([{"type": "boundcage", "cells": [[0, 0], [1, 2]], "clue": ">5"},
                   {"type": "boundcage", "cells": [[3, 0], [3, 1]], "high": 4}],
                  lambda g: g[0][0] != g[1][2] and g[0][0] + g[1][2] > 5 and g[3][0] + g[3][1] < 5),
})
# issue 41, groups of cells with one sum (branch equalsum): a line's halves r1c1 r1c2 and r3c3 r4c4; three groups, two
# of one cell each (r2c1 and r3c2 share no unit, so may repeat) and a pair of row 4
CASES.update({
    "equalsum": ([{"type": "equalsum", "groups": [[[0, 0], [0, 1]], [[2, 2], [3, 3]]]},
                  {"type": "equalsum", "groups": [[[1, 0]], [[2, 1]], [[3, 0], [3, 1]]]}],
                 lambda g: g[0][0] + g[0][1] == g[2][2] + g[3][3] and g[1][0] == g[2][1] == g[3][0] + g[3][1]),
})
NO_FPUZZLES = {"greaterthan": "f-puzzles has no greater-than sign", "numberedroom": "f-puzzles has no numbered room",
               "countingcircles": "f-puzzles has no counting circles", "parityline": "f-puzzles has no parity line",
               "lockout": "f-puzzles has no lockout line", "tenline": "f-puzzles has no 10 line",
               "sequence": "f-puzzles has no sequence line", "diffcount": "f-puzzles has no differences-count line",
               "fibonacci": "f-puzzles has no Fibonacci line",
               "indexline": "f-puzzles has no index line", "sunburn": "f-puzzles has no sun",
               "sumcage": "f-puzzles has no sum cage",
               "magicsquare": "f-puzzles has no magic square",
               "parityrun": "f-puzzles has no parity runs",
               "sumdot": "f-puzzles has no sum dot", "sumdot-negative": "f-puzzles has no sum dot",
               "equalsum": "f-puzzles has no equal sums"}  # kinds f-puzzles has no rule for


def board_of(constraints) -> Board:
    return parse_puzzle(json.dumps({"givens": "." * 16, "constraints": constraints}))


def test_every_built_in_kind_has_a_case():
    assert set(names()) - {"antiknight", "antiking", "nonconsecutive", "candidates", "entropic", "globalentropy",
                           "globalmod"} == set(CASES)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_counts_agree_with_a_brute_force_on_every_backend(kind):
    constraints, rule = CASES[kind]
    board = board_of(constraints)
    expected = sorted(tuple(v for row in g for v in row) for g in GRIDS if rule(g))
    assert 0 < len(expected) < 288, kind  # the case says something, and can be met
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete
        got = sorted(s.cells for s in found.solutions)
        assert got == expected, (kind, backend)
        assert all(is_solution(s, board) for s in found.solutions)
    # the checker refuses a grid that keeps the units but breaks the rule
    broken = next(g for g in GRIDS if not rule(g))
    assert not is_solution(Board(S4, tuple(v for row in broken for v in row), board.rules))


@pytest.mark.parametrize("kind", sorted(CASES))
def test_documents_and_fpuzzles_strings_round_trip(kind):
    board = board_of(CASES[kind][0])
    again = parse_puzzle(json.dumps(document(board, "." * 16)))
    assert again.rules == board.rules
    if kind in NO_FPUZZLES:  # no f-puzzles form: the link is refused, saying why
        from sudoku_cp.formats.fpuzzles import no_share_link

        assert NO_FPUZZLES[kind] in (no_share_link(board) or "")
        return
    assert from_fpuzzles(to_fpuzzles(board)).rules == board.rules


BAD = [
    ({"type": "thermometer", "cells": [[0, 0], [0, 1], [0, 0]]}, "turns back on itself at r1c1"),
    ({"type": "thermometer", "cells": [[0, 0], [0, 2]]}, "r1c1 and r1c3 do not touch"),
    ({"type": "arrow", "circle": [], "cells": [[0, 1]]}, "\"circle\""),
    ({"type": "kropki", "cells": [[0, 0], [1, 1]]}, "r1c1 and r2c2 are not neighbours"),
    ({"type": "little-killer", "clue": [1, 1], "direction": "DR", "sum": 5}, "the clue at r2c2 is inside the grid"),
    ({"type": "little-killer", "clue": [-1, 0], "direction": "DR", "sum": 80}, "sum 80 is impossible"),
    ({"type": "sandwich", "clue": [3, 3], "sum": 5}, "the clue at r4c4 is inside the grid"),
    ({"type": "sandwich", "clue": [-1, 3], "sum": 36}, "sum 36 is impossible"),
    ({"type": "xsum", "clue": [-1, -1], "sum": 5}, "not beside a row or column"),
    ({"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 40}, "sum 40 is impossible"),
    ({"type": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [2, 2]], "digits": [1]}, "a 2x2 square"),
    ({"type": "sumcage", "cells": [[0, 0], [1, 2]]}, "(sumcage) at r1c1: no \"sum\": expected the cage's total"),
    ({"type": "sumcage", "cells": [[0, 0], [1, 2]], "sum": 19}, "sum 19 is impossible for 2 digits 1..9"),
    ({"type": "parityrun", "length": 10}, '(parityrun): "length" is \'10\': expected a whole number from 2 to 9'),
    ({"type": "sumdot", "cells": [[0, 0], [0, 1]]}, "\"sums\" is 'null': expected a list of whole numbers"),
    ({"type": "sumdot", "cells": [[0, 0], [0, 1]], "sums": [5, 18]}, "sum 18 is impossible for two different digits 1..9"),
    ({"type": "sumdot", "cells": [[0, 0], [1, 1]], "sums": [5]}, "r1c1 and r2c2 are not neighbours"),
    ({"type": "sumdot-negative", "sums": [2]}, "sum 2 is impossible for two different digits 1..9"),
    ({"type": "boundcage", "cells": [[0, 0], [1, 2]]}, "(boundcage) at r1c1: no \"low\" or \"high\": expected a bound"),
    ({"type": "boundcage", "cells": [[0, 0], [1, 2]], "low": 18}, "2 distinct digits 1..9 add up to 3..17, never at least 18"),
    ({"type": "boundcage", "cells": [[0, 0], [1, 2]], "low": 9, "high": 5}, "add up to 3..17, never 9..5"),
    ({"type": "boundcage", "cells": [[0, 0], [1, 2]], "clue": "<15", "high": 15}, "clue '<15' means at most 14, not at most 15"),
    ({"type": "boundcage", "cells": [[0, 0], [1, 2]], "clue": "15"}, "\"clue\" is '\"15\"': expected a bound such as"),
    ({"type": "equalsum", "groups": [[[0, 0], [0, 1]]]}, "(equalsum): \"groups\" is '[[[0, 0], [0, 1]]]': expected a list of two or more groups"),
    ({"type": "equalsum", "groups": [[[0, 0]], [[1, 1], [0, 0]]]}, "(equalsum) at r1c1: r1c1 is in two groups: expected separate groups"),
    ({"type": "equalsum", "groups": [[[0, 0]], []]}, "group 2: \"cells\" is '[]': expected a list of at least 1"),
]


def test_a_kind_where_it_makes_no_sense_is_refused(capsys):
    x4 = json.dumps({"givens": "." * 16, "constraints": [{"type": "xv", "cells": [[0, 0], [0, 1]], "value": "X"}]})
    jigsaw = json.dumps({"givens": "." * 16, "regions": "aabbaabbccddccdd", "constraints": [{"type": "disjoint"}]})
    for doc, words in ((x4, "never add up to 10"), (jigsaw, "disjoint groups need the grid's boxes")):
        assert main(["solve", doc]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("item, words", BAD, ids=[b[1][:24] for b in BAD])
def test_bad_variant_input_is_refused_with_one_line_naming_the_constraint_and_cell(item, words, capsys):
    doc = json.dumps({"givens": "." * 81, "constraints": [item]})
    assert main(["solve", doc]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words in err and "Traceback" not in err, err


def test_fpuzzles_decoration_is_not_a_rule_and_unsupported_kinds_are_named_in_one_line():
    grid = [[{} for _ in range(4)] for _ in range(4)]
    data = {"size": 4, "grid": grid, "title": "t", "author": "a", "ruleset": "r", "activeConstraints": ["x"],
            "line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#000", "width": 0.1}],
            "rectangle": [{"cells": ["R1C1"]}], "circle": [{"cells": ["R2C2"]}], "text": [{"cells": ["R3C3"], "value": "hi"}],
            "cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}
    assert from_fpuzzles(data).rules.is_classic
    data.update({"clock": [{"lines": [["R1C1", "R1C2"]]}], "sumdot(intersection)": [{"cells": ["R1C1"], "value": "3"}]})
    with pytest.raises(PuzzleError) as info:
        from_fpuzzles(data)
    assert "'clock', 'sumdot(intersection)' are not supported" in str(info.value)


def test_fpuzzles_cell_names_and_numbers_are_read_whole():
    grid = [[{} for _ in range(9)] for _ in range(9)]
    with pytest.raises(PuzzleError, match="R00011C1 is outside"):
        from_fpuzzles({"size": 9, "grid": grid, "killercage": [{"cells": ["R00011C1"], "value": "5"}]})
    with pytest.raises(PuzzleError, match="sum 99999999999999 is out of range"):
        from_fpuzzles({"size": 9, "grid": grid, "killercage": [{"cells": ["R1C1"], "value": "99999999999999"}]})


def test_the_scan_names_what_the_givens_break():
    board = parse_puzzle(json.dumps({"givens": "21" + "." * 14,
                                     "constraints": [{"type": "thermometer", "cells": [[0, 0], [0, 1]]}]}))
    (conflict,) = find_conflicts(board)
    assert conflict.describe() == "thermometer from r1c1: 2 then 1"


class Apart2(PairKind):
    """A throwaway kind from outside the package: two cells whose digits differ by exactly 2."""

    name = "apart2"
    words = "two apart"
    fields = ("cells",)
    fpuzzles = ("apart2",)

    def read(self, item, shape, where):
        return [Constraint(self.name, 0, tuple(tuple(c) for c in item["cells"]))]

    def write(self, constraint):
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def pairs(self, constraint, rules):
        (r1, c1), (r2, c2) = constraint.cells
        n = rules.size
        return [(r1 * n + c1, r2 * n + c2, lambda x, y: abs(x - y) == 2)]


@pytest.fixture
def apart2():
    kind = register(Apart2())
    yield kind
    unregister("apart2")


def test_a_kind_registered_from_outside_works_in_every_command(apart2, capsys, tmp_path):
    doc = json.dumps({"givens": "." * 16, "constraints": [{"type": "apart2", "cells": [[0, 0], [3, 3]]}]})
    board = parse_puzzle(doc)
    assert kind_of("apart2") is apart2 and board.rules.name == "apart2"
    expected = sum(abs(g[0][0] - g[3][3]) == 2 for g in GRIDS)
    for backend in ("sat", "cpsat", "dfs"):
        assert len(make(backend).count(board, 1000).solutions) == expected
    assert main(["validate", doc]) == 0
    assert main(["solve", doc, "--backend", "all"]) == 0
    assert main(["count", doc, "--backend", "all", "--json"]) == 1  # many solutions: not unique
    out = capsys.readouterr().out
    assert f'"count": {expected}' in out.replace('"solutions": ', '"count": ') or str(expected) in out
    assert main(["encode", doc, "-o", str(tmp_path / "f.cnf")]) == 0
    assert "apart2" in (tmp_path / "f.cnf").read_text()
    capsys.readouterr()
    assert main(["generate", "--rules", doc, "--seed", "2"]) == 0
    made = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert len(made) == 1 and '"apart2"' in made[0]
    puzzle = parse_puzzle(made[0])
    assert puzzle.rules == board.rules and len(make("sat").count(puzzle, 2).solutions) == 1
    (tmp_path / "p.txt").write_text(made[0] + "\n" + doc + "\n")
    assert main(["batch", str(tmp_path / "p.txt"), "-o", str(tmp_path / "out.jsonl")]) == 0
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [r["status"] for r in records] == ["solved", "solved"] and records[0]["rules"] == "apart2"
    assert main(["explain", made[0]]) == 0 and "unique" in capsys.readouterr().out
    assert main(["minimize", made[0]]) == 0 and "minimal puzzle" in capsys.readouterr().out
    assert main(["analyze", "-f", str(tmp_path / "p.txt"), "--no-speed"]) == 0
    assert "apart2" not in capsys.readouterr().err


def test_symmetry_moves_keep_a_thermometer_only_when_it_runs_the_same_way():
    rules = build(S4, constraints=[Constraint("thermometer", 0, ((0, 0), (0, 1), (0, 2)))])
    flip = [r * 4 + (3 - c) for r in range(4) for c in range(4)]
    assert maps_to_itself(rules, list(range(16))) and not maps_to_itself(rules, flip)
    assert not digit_symmetric(rules)


SUKAKU_FROM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # Norvig's hard example, as pencil marks
SUKAKU_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def sukaku_line(givens: str) -> str:
    return "".join("".join(str(d) if str(d) == ch else "." for d in range(1, 10)) if ch != "." else "123456789"
                   for ch in givens)


def test_a_pencil_mark_puzzle_reads_in_729_characters_and_solves_the_same_everywhere():
    line = sukaku_line(SUKAKU_FROM)
    board = parse_puzzle(line)
    assert board.rules.name == "candidates" and not any(board.cells)
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 2)
        assert [s.cells for s in found.solutions] == [tuple(map(int, SUKAKU_SOLUTION))], backend
    # narrower marks than the givens: r1c2 may only be 1 or 2 -> still the same solution
    narrowed = line[9:18].replace("123456789", "12.......")
    assert parse_puzzle(line[:9] + narrowed + line[18:]).rules != board.rules


def test_pencil_marks_in_a_document_and_a_bad_place_named():
    marks = ["12", "", "3"] + [""] * 13
    board = parse_puzzle(json.dumps({"givens": "." * 16, "candidates": marks}))
    expected = sum(g[0][0] in (1, 2) and g[0][2] == 3 for g in GRIDS)
    assert len(make("sat").count(board, 1000).solutions) == expected
    assert parse_puzzle(json.dumps(document(board, "." * 16))).rules == board.rules
    bad = sukaku_line(SUKAKU_FROM)
    bad = bad[:10] + "5" + bad[11:]  # r1c2's place 2 holds a 5
    with pytest.raises(PuzzleError, match=r"column 11 \(r1c2\): '5' at place 2"):
        from sudoku_cp.constraints.candidates import from_line

        from_line(bad)


def test_explain_names_the_constraints_that_contradict_each_other(capsys):
    doc = json.dumps({"givens": "." * 16, "constraints": [
        {"type": "thermometer", "cells": [[0, 0], [0, 1]]}, {"type": "odd", "cells": [[3, 3]]},
        {"type": "thermometer", "cells": [[0, 1], [0, 0]]}]})
    assert main(["explain", doc]) == 1
    out = capsys.readouterr().out
    assert ("constraints that contradict each other (each one needed for it): "
            "thermometer from r1c1; thermometer from r1c2") in out


def test_fpuzzles_non_consecutive_beside_white_dots_is_the_white_negative():
    """f-puzzles writes "all white dots are given" as non-consecutive beside white dots (lisudoku's
    kropki_9x9_1, GP 2023 R1, is written so); read as the negative, not as a whole-grid rule."""
    grid = [[{} for _ in range(4)] for _ in range(4)]
    data = {"size": 4, "grid": grid, "nonconsecutive": True, "negative": ["ratio"],
            "difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R2C1", "R3C1"]}]}
    rules = from_fpuzzles(data).rules
    assert "nonconsecutive" not in rules.name
    (negative,) = [c for c in rules.constraints if c.kind == "kropki-negative"]
    assert negative.data == ("white", "black")


def test_validate_sees_a_thermometer_given_with_no_room():
    board = parse_puzzle(json.dumps({"givens": "1" + "." * 15, "constraints": [
        {"type": "thermometer", "cells": [[0, 1], [0, 0]]}]}))
    (conflict,) = find_conflicts(board)
    assert conflict.describe() == "thermometer from r1c2: 1 at r1c1 leaves no room for 1 lower cell and 0 higher"


ISSUE_41_CELLS = ("greaterthan", "skyscraper", "numberedroom", "countingcircles", "indexer")  # (branch kinds-cells)


@pytest.mark.parametrize("kind", ISSUE_41_CELLS)
def test_generate_makes_a_unique_puzzle_of_each_new_kind(kind, capsys):
    doc = json.dumps({"givens": "." * 16, "constraints": CASES[kind][0]})
    assert main(["generate", "--rules", doc, "--seed", "5"]) == 0
    made = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert len(made) == 1
    puzzle = parse_puzzle(made[0])
    assert puzzle.rules == board_of(CASES[kind][0]).rules
    found = make("sat").count(puzzle, 2).solutions
    assert len(found) == 1 and CASES[kind][1]([list(found[0].cells[r * 4:r * 4 + 4]) for r in range(4)])


def test_fpuzzles_whispers_keep_their_gap():
    """A whispers line with another value is read with that gap, never as German whispers: value 4
    (on a 9x9) is Dutch whispers, as the f-puzzles userscripts write them, and Dutch whispers are
    written back so; a bad gap is named."""
    grid = [[{} for _ in range(9)] for _ in range(9)]
    board = from_fpuzzles({"size": 9, "grid": grid, "whispers": [
        {"lines": [["R1C1", "R1C2", "R1C3"]], "value": "4"}, {"lines": [["R5C1", "R5C2"]]},
        {"lines": [["R7C1", "R7C2"]], "value": "3"}]})
    assert sorted((c.kind, c.cells, c.value) for c in board.rules.constraints) == [
        ("dutchwhispers", ((0, 0), (0, 1), (0, 2)), None), ("whispers", ((4, 0), (4, 1)), None),
        ("whispers", ((6, 0), (6, 1)), 3)]
    dutch = parse_puzzle(json.dumps({"givens": "." * 81, "constraints": [
        {"type": "dutchwhispers", "cells": [[0, 0], [0, 1]]}, {"type": "whispers", "cells": [[4, 0], [4, 1]]}]}))
    assert to_fpuzzles(dutch)["whispers"] == [{"lines": [["R5C1", "R5C2"]]}, {"lines": [["R1C1", "R1C2"]], "value": "4"}]
    assert from_fpuzzles(to_fpuzzles(dutch)).rules == dutch.rules
    with pytest.raises(PuzzleError, match="whispers 1: gap"):
        from_fpuzzles({"size": 9, "grid": grid, "whispers": [{"lines": [["R1C1", "R1C2"]], "value": "x"}]})


def completions(givens: list[int], n: int, box: tuple[int, int]) -> list[tuple[int, ...]]:
    """Every filling of a grid's blanks (0) that keeps rows, columns and boxes, by brute force."""
    def fits(g, i, d):
        r, c = divmod(i, n)
        br, bc = r - r % box[0], c - c % box[1]
        return all(g[r * n + k] != d and g[k * n + c] != d for k in range(n)) and all(
            g[(br + a) * n + bc + b] != d for a in range(box[0]) for b in range(box[1]))

    out: list[tuple[int, ...]] = []

    def extend(g, blanks):
        if not blanks:
            out.append(tuple(g))
            return
        i = blanks[0]
        for d in range(1, n + 1):
            if fits(g, i, d):
                g[i] = d
                extend(g, blanks[1:])
                g[i] = 0

    extend(list(givens), [i for i, d in enumerate(givens) if not d])
    return out


def test_entropic_lines_count_as_a_brute_force_on_a_6x6_and_need_a_size_divisible_by_3(capsys):
    # a 6x6 whose first two rows are blank: the runs are 1-2, 3-4, 5-6
    grid = [(3 * (r % 2) + r // 2 + c) % 6 + 1 for r in range(6) for c in range(6)]
    givens = [0] * 12 + grid[12:]
    line = [(0, 0), (0, 1), (1, 2), (1, 3)]
    doc = {"givens": "".join(str(d or ".") for d in givens), "box": [2, 3],
           "constraints": [{"type": "entropic", "cells": [list(c) for c in line]}]}
    board = parse_puzzle(json.dumps(doc))
    every = completions(givens, 6, (2, 3))
    expected = sorted(g for g in every if all(len({(g[r * 6 + c] - 1) // 2 for r, c in w}) == len(w) for w in windows(line)))
    assert 0 < len(expected) < len(every)
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete and sorted(s.cells for s in found.solutions) == expected, backend
    assert from_fpuzzles(to_fpuzzles(board)).rules == board.rules
    four = json.dumps({"givens": "." * 16, "constraints": [{"type": "entropic", "cells": [[0, 0], [0, 1]]}]})
    assert main(["solve", four]) == 2
    err = capsys.readouterr().err
    assert "4 digits do not split so: expected a grid whose size is a multiple of 3" in err and err.count("\n") == 1


ISSUE_41_LINES = ("regionsum", "modular", "zipper", "dutchwhispers", "slowthermo", "parityline", "nabner",
                  "doublearrow")  # (branch kinds-lines; entropic needs a size divisible by 3)
ISSUE_41_MORE = ("lockout", "tenline", "sequence")  # (branch kinds-more)
ISSUE_41_DIFF = ("diffcount", "fibonacci")  # (branch kinds-diff)
ISSUE_41_INDEX = ("indexline", "sunburn")  # (branch kinds-index)
ISSUE_41_SUMCAGE = ("sumcage",)  # (branch sumcage)
ISSUE_41_MAGIC = ("magicsquare",)  # (branch magic)
ISSUE_41_WINDOWS = ("parityrun",)  # (branch windows; global entropy and global mod 3 need a size divisible by 3)
ISSUE_41_SUMDOT = ("sumdot",)  # (branch sumdots)
ISSUE_41_BOUNDCAGE = ("boundcage",)  # (branch boundcage)


@pytest.mark.parametrize("kind", ISSUE_41_LINES + ISSUE_41_MORE + ISSUE_41_DIFF + ISSUE_41_INDEX + ISSUE_41_SUMCAGE
                         + ISSUE_41_MAGIC + ISSUE_41_WINDOWS + ISSUE_41_SUMDOT + ISSUE_41_BOUNDCAGE)
def test_generate_makes_a_unique_puzzle_of_each_new_line(kind, capsys):
    test_generate_makes_a_unique_puzzle_of_each_new_kind(kind, capsys)


def test_fpuzzles_region_sum_lines_read_in_both_spellings():
    grid = [[{} for _ in range(4)] for _ in range(4)]
    line = [{"lines": [["R1C2", "R1C3", "R2C3"]]}]
    (one,) = from_fpuzzles({"size": 4, "grid": grid, "regionsumline": line}).rules.constraints
    (other,) = from_fpuzzles({"size": 4, "grid": grid, "regionSumLine": line}).rules.constraints
    assert one == other and one.kind == "regionsum" and one.cells == ((0, 1), (0, 2), (1, 2))


def test_a_grey_dot_is_either_a_white_or_a_black_dot_on_every_backend():
    """A grey kropki dot (as SudokuMaker setters use it: consecutive or 1:2, or both): counted against a brute
    force by every backend, read back from its document, drawn, and refused an f-puzzles form by name."""
    from sudoku_cp.formats.fpuzzles import no_share_link
    from sudoku_cp.formats.svg import board_svg

    board = board_of([{"type": "kropki", "cells": [[0, 0], [0, 1]], "color": "grey"},
                      {"type": "kropki", "cells": [[2, 1], [3, 1]], "color": "grey"}])
    either = lambda x, y: abs(x - y) == 1 or x == 2 * y or y == 2 * x  # noqa: E731
    expected = sorted(tuple(v for row in g for v in row) for g in GRIDS
                      if either(g[0][0], g[0][1]) and either(g[2][1], g[3][1]))
    assert 0 < len(expected) < 288
    assert len(expected) > len([g for g in GRIDS if abs(g[0][0] - g[0][1]) == 1 and abs(g[2][1] - g[3][1]) == 1])
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete and sorted(s.cells for s in found.solutions) == expected, backend
    assert parse_puzzle(json.dumps(document(board, "." * 16))).rules == board.rules
    assert "grey dot at r1c1-r1c2: f-puzzles has no grey dot" in (no_share_link(board) or "")
    assert 'class="kropki-grey"' in board_svg(board)
    with pytest.raises(PuzzleError, match="a grey dot with the value 3: expected no value"):
        board_of([{"type": "kropki", "cells": [[0, 0], [0, 1]], "color": "grey", "value": 3}])


def test_a_move_keeps_sunburn_only_when_each_sun_keeps_its_neighbours():
    # r3c2's sun: swapping rows 1 and 2 keeps it in place but brings row 1's digits beside it; a transpose of suns
    # on the main diagonal keeps each sun and its neighbours
    rows = lambda src: [src[r] * 4 + c for r in range(4) for c in range(4)]  # noqa: E731
    flip = [c * 4 + r for r in range(4) for c in range(4)]
    off = build(S4, constraints=[Constraint("sunburn", 0, ((2, 1),))])
    assert maps_to_itself(off, list(range(16))) and not maps_to_itself(off, rows([1, 0, 2, 3]))
    assert not maps_to_itself(off, flip)
    on = build(S4, constraints=[Constraint("sunburn", 0, ((1, 1),)), Constraint("sunburn", 0, ((2, 2),))])
    assert maps_to_itself(on, flip) and not maps_to_itself(on, rows([0, 1, 3, 2]))
    assert not digit_symmetric(on)


def test_a_sum_cage_is_drawn_apart_from_a_killer_and_names_what_breaks_it():
    """A sum cage (digits may repeat): drawn dotted with its own class and a sigma before its sum; a repeat that
    adds up is no conflict, a full cage with another sum is, and so is a digit the others cannot complete."""
    from sudoku_cp.formats.svg import board_svg

    def cage(givens: str) -> Board:
        return parse_puzzle(json.dumps({"givens": givens, "constraints": [
            {"type": "sumcage", "cells": [[0, 0], [1, 2]], "sum": 2}]}))

    svg = board_svg(cage("." * 16))
    assert 'class="cage repeat"' in svg and "\u03a32</text>" in svg and "digits may repeat in this cage" in svg
    assert find_conflicts(cage("1.....1" + "." * 9)) == []  # 1 + 1
    assert [c.describe() for c in find_conflicts(cage("1.....2" + "." * 9))] == ["sum cage at r1c1 sums to 3, needs 2"]
    assert [c.describe() for c in find_conflicts(cage("2" + "." * 15))] == ["sum cage at r1c1: 2 . cannot add up to 2"]


def window_grid(rows: str) -> list[int]:
    """A 6x6 whose first four rows are blank and whose last two are ``rows``."""
    return [0] * 24 + [int(ch) for ch in rows]


def runs_of(g, n: int, k: int):
    return [[g[r * n + c + j] for j in range(k)] for r in range(n) for c in range(n - k + 1)] + \
           [[g[(r + j) * n + c] for j in range(k)] for c in range(n) for r in range(n - k + 1)]


def areas(g, n: int):
    return [[g[r * n + c], g[r * n + c + 1], g[(r + 1) * n + c], g[(r + 1) * n + c + 1]]
            for r in range(n - 1) for c in range(n - 1)]


# issue 41, whole-grid rules over small windows (branch windows): each on a 6x6 (2x3 boxes) whose last two rows are
# given, against every completion found by brute force; on a 6x6 global entropy's classes are 1-2, 3-4, 5-6 and
# global mod 3's 14, 25, 36
WINDOW_CASES = {
    "parityrun": ({"type": "parityrun"}, "345612612345",
                  lambda g: all(len({d % 2 for d in w}) == 2 for w in runs_of(g, 6, 3))),
    "globalentropy": ({"type": "globalentropy"}, "546231231456",
                      lambda g: all(len({(d - 1) // 2 for d in w}) == 3 for w in areas(g, 6))),
    "globalmod": ({"type": "globalmod"}, "645321123456",
                  lambda g: all(len({(d - 1) % 3 for d in w}) == 3 for w in areas(g, 6))),
}


@pytest.mark.parametrize("kind", sorted(WINDOW_CASES))
def test_window_rules_count_as_a_brute_force_on_a_6x6(kind):
    item, rows, rule = WINDOW_CASES[kind]
    givens = window_grid(rows)
    board = parse_puzzle(json.dumps({"givens": "".join(str(d or ".") for d in givens), "box": [2, 3],
                                     "constraints": [item]}))
    every = completions(givens, 6, (2, 3))
    expected = sorted(g for g in every if rule(g))
    assert 0 < len(expected) < len(every)
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete and sorted(s.cells for s in found.solutions) == expected, backend
        assert all(is_solution(s, board) for s in found.solutions)
    broken = next(g for g in every if not rule(g))
    assert not is_solution(Board(board.shape, broken, board.rules))
    assert parse_puzzle(json.dumps(document(board, "." * 36))).rules == board.rules
    # a half turn keeps every window a window; swapping rows 1 and 2 breaks the runs and areas across them
    swap = [(1 - r if r < 2 else r) * 6 + c for r in range(6) for c in range(6)]
    assert maps_to_itself(board.rules, [35 - i for i in range(36)]) and not maps_to_itself(board.rules, swap)


def test_window_rules_name_the_window_they_break_and_refuse_sizes_they_do_not_fit(capsys):
    from sudoku_cp.formats.fpuzzles import no_share_link

    def scan(item, givens: str) -> list[str]:
        board = parse_puzzle(json.dumps({"givens": givens, "box": [2, 3], "constraints": [item]}))
        return [c.describe() for c in find_conflicts(board)]

    assert scan({"type": "parityrun"}, "135" + "." * 33) == ["no 3 in a row of one parity: r1c1-r1c3 are all odd (1 3 5)"]
    assert scan({"type": "parityrun"}, "2" + "." * 5 + "4" + "." * 5 + "6" + "." * 23) == [
        "no 3 in a row of one parity: r1c1-r3c1 are all even (2 4 6)"]
    assert scan({"type": "globalentropy"}, "13" + "." * 4 + "42" + "." * 28) == [
        "the global entropy rule: r1c1-r2c2 hold 1 3 4 2, no high digit (5-6)"]
    assert scan({"type": "globalmod"}, "14" + "." * 4 + "25" + "." * 28) == [
        "the global mod 3 rule: r1c1-r2c2 hold 1 4 2 5, no digit of 36"]
    assert scan({"type": "globalmod"}, "14" + "." * 4 + "2" + "." * 29) == []  # r2c2 may still hold 3 or 6
    board = parse_puzzle(json.dumps({"givens": "." * 36, "box": [2, 3], "constraints": [{"type": "globalmod"}]}))
    assert "global mod 3 rule: f-puzzles has no global mod 3" in (no_share_link(board) or "")
    for kind in ("globalentropy", "globalmod"):
        doc = json.dumps({"givens": "." * 16, "constraints": [{"type": kind}]})
        assert main(["solve", doc]) == 2
        err = capsys.readouterr().err
        assert "4 digits do not split so: expected a grid whose size is a multiple of 3" in err and err.count("\n") == 1


# The negatives beside sum dots (branch sumdots): the XV negative counts a sum dot that lets 5 (or 10) add up as
# a mark, and the sum dots' negative with no "sums" forbids every total a sum dot uses on unmarked neighbours (the
# pairs of one grid that add up to 3 or 7 all marked)
THREES = [((2, 1), (2, 2)), ((0, 0), (1, 0)), ((2, 1), (3, 1))]
NEGATIVES_BESIDE_SUM_DOTS = {
    "xv-negative": ([{"type": "xv", "cells": [list(a), list(b)], "value": "V"} for a, b in FIVES[1:]]
                    + [{"type": "sumdot", "cells": [list(c) for c in FIVES[0]], "sums": [5, 7]}, {"type": "xv-negative"}],
                    lambda g: all(at(g, a) + at(g, b) == 5 for a, b in FIVES[1:]) and at(g, FIVES[0][0]) + at(g, FIVES[0][1])
                    in (5, 7) and all(at(g, a) + at(g, b) != 5 for a, b in ORTH if (a, b) not in FIVES)),
    "sumdot-negative": ([{"type": "sumdot", "cells": [list(a), list(b)], "sums": [7]} for a, b in SEVENS]
                        + [{"type": "sumdot", "cells": [list(a), list(b)], "sums": [3]} for a, b in THREES]
                        + [{"type": "sumdot-negative"}],
                        lambda g: all(at(g, a) + at(g, b) == 7 for a, b in SEVENS)
                        and all(at(g, a) + at(g, b) == 3 for a, b in THREES)
                        and all(at(g, a) + at(g, b) not in (3, 7) for a, b in ORTH if (a, b) not in SEVENS + THREES)),
}


@pytest.mark.parametrize("kind", sorted(NEGATIVES_BESIDE_SUM_DOTS))
def test_the_negatives_read_sum_dots_as_marks_on_every_backend(kind):
    constraints, rule = NEGATIVES_BESIDE_SUM_DOTS[kind]
    board = board_of(constraints)
    expected = sorted(tuple(v for row in g for v in row) for g in GRIDS if rule(g))
    assert 0 < len(expected) < 288, kind
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete and sorted(s.cells for s in found.solutions) == expected, (kind, backend)
    assert kind_of("sumdot-negative").label(board.rules.constraints[-1]).startswith("the sum dot negative rule")


def test_equal_sums_are_drawn_as_lines_with_an_equals_sign_and_name_what_breaks_them():
    """Equal sums: each group a line, an "=" in a ring between groups that touch (a line's halves), else an "=" in
    each group's first cell; a full grid names each group's sum, a partial one the groups no common sum can fill;
    a move keeps the rule when it maps the groups onto the groups, in any order."""
    from sudoku_cp.formats.svg import board_svg

    def groups(givens: str, *gs: list) -> Board:
        return parse_puzzle(json.dumps({"givens": givens, "constraints": [{"type": "equalsum", "groups": list(gs)}]}))

    halves = ([[0, 0], [0, 1]], [[1, 2], [1, 3]])  # r1c2 and r2c3 touch at a corner
    svg = board_svg(groups("." * 16, *halves))
    assert svg.count('<polyline class="equalsum"') == 2 and svg.count('<circle class="equalsum"') == 1
    apart = board_svg(groups("." * 16, [[0, 0]], [[3, 3]]))
    assert apart.count('class="note"') == 2 and "=</text>" in apart and '<circle class="equalsum"' not in apart
    assert [c.describe() for c in find_conflicts(groups("12....43" + "." * 8, *halves))] == [
        "equal sums at r1c1: 3 (r1c1 r1c2), 7 (r2c3 r2c4)"]
    assert [c.describe() for c in find_conflicts(groups("12....4." + "." * 8, *halves))] == [
        "equal sums at r1c1: 1 2, 4 . cannot have one sum"]
    assert find_conflicts(groups("14....3." + "." * 8, *halves)) == []  # 5 = 3 + 2: a blank breaks nothing yet
    rows = lambda src: [src[r] * 4 + c for r in range(4) for c in range(4)]  # noqa: E731
    flip = [c * 4 + r for r in range(4) for c in range(4)]
    square = build(S4, constraints=[Constraint("equalsum", 0, ((0, 0), (0, 1), (1, 0), (1, 1)), None, (2, 2))])
    assert maps_to_itself(square, rows([1, 0, 2, 3])) and not maps_to_itself(square, flip)
    assert not digit_symmetric(square)
