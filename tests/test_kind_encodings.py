"""The clause families of the sum kinds: each says exactly its rule (solutions counted on a 4x4
against a brute force, on every path an encoding can take) and stays small where the old ones
blew up (clause counts of a long arrow, a pill, an X-sum, a sandwich); and kropki dots of other
values than 1 and 2 with their negative, read, written and solved as f-puzzles' solver reads them."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from sudoku_cp.backends import make
from sudoku_cp.constraints import sums
from sudoku_cp.constraints.sums import digit_sets
from sudoku_cp.core.check import find_conflicts
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import encode_rules
from sudoku_cp.formats.fpuzzles import from_fpuzzles, to_fpuzzles
from test_catalogue import GRIDS, ORTH, at, sandwiched


def board_of(constraints, size=4, givens=None):
    return parse_puzzle(json.dumps({"givens": givens or "." * size * size, "constraints": constraints}))


def sat_solutions(board) -> list[tuple[int, ...]]:
    found = make("sat").count(board, 1000)
    assert found.complete
    return sorted(s.cells for s in found.solutions)


def brute(rule) -> list[tuple[int, ...]]:
    return sorted(tuple(v for row in g for v in row) for g in GRIDS if rule(g))


def family_size(board, name: str) -> int:
    return sum(f.count for f in encode_rules(board.rules).families if f.name == name)


def xsum(line, total):
    return sum(line[:line[0]]) == total


def test_digit_sets_are_every_set_with_the_sum():
    for size in (None, 0, 1, 2, 3, 4):
        for total in range(0, 40):
            want = sorted(c for k in range(10) for c in combinations(range(2, 9), k)
                          if sum(c) == total and size in (None, k))
            assert digit_sets(range(2, 9), total, size) == want, (size, total)
    assert digit_sets(range(1, 10), 20, 4, limit=3) is None  # 12 sets, more than the limit


# every X-sum clue of a 4x4 row or column: (clue, sum) for sums that some grid meets
XSUM_CLUES = [([-1, 1], 3), ([4, 2], 6), ([1, -1], 10), ([2, 4], 5), ([-1, 3], 1)]


@pytest.mark.parametrize("sets", [True, False], ids=["digit-sets", "partial-sums"])
@pytest.mark.parametrize("clue, total", XSUM_CLUES)
def test_xsum_clauses_count_what_a_brute_force_counts(clue, total, sets, monkeypatch):
    """Both ways of saying an X-sum, the digit sets and (past MAX_DIGIT_SETS) partial sums under
    each first digit, give exactly the grids whose line meets the clue."""
    if not sets:
        monkeypatch.setattr(sums, "MAX_DIGIT_SETS", 0)
    board = board_of([{"type": "xsum", "clue": clue, "sum": total}])
    (constraint,) = board.rules.constraints
    cells = constraint.cells
    expected = brute(lambda g: xsum([g[r][c] for r, c in cells], total))
    assert 0 < len(expected) < 288
    assert sat_solutions(board) == expected


def test_an_xsum_is_under_300_clauses_on_a_9x9():
    """A 9x9 X-sum of 15: 9 first digits, each with its few digit sets (95 clauses; it was 2,934 of
    partial sums when every first digit shared one chain)."""
    board = board_of([{"type": "xsum", "clue": [-1, 0], "sum": 15}], 9)
    assert family_size(board, "xsum") < 300


def test_an_arrow_through_a_whole_row_counts_what_a_brute_force_counts():
    """A pill r1c1-r1c2 whose shaft runs through all of row 2 and on to r3c4: the row is the
    constant 10 in the clauses, and the count is still the brute force's."""
    shaft = [[1, 0], [1, 1], [1, 2], [1, 3], [2, 3]]
    board = board_of([{"type": "arrow", "circle": [[0, 0], [0, 1]], "cells": shaft}])
    expected = brute(lambda g: 10 * g[0][0] + g[0][1] == sum(g[r][c] for r, c in shaft))
    assert 0 < len(expected) < 288
    assert sat_solutions(board) == expected


def test_a_long_arrow_and_a_three_cell_pill_stay_small():
    """The published "I Bet Someone Did This Already" (a pill of 3 with a 78-cell shaft, eight
    whole rows of it) was 5,501,147 arrow clauses: every partial-sum layer's at-most-one was
    pairwise over hundreds of values. A pill of 3 with a 20-cell shaft was 58,819 (32,631 now)."""
    from published_kinds import PUBLISHED, board

    (entry,) = [p for p in PUBLISHED if "I Bet Someone" in p.source]
    assert family_size(board(entry), "arrow") < 10_000
    shaft = [[0, 3]] + [[1, c] for c in range(4, 9)] + [[2, c] for c in range(8, 1, -1)] + [[3, c] for c in range(2, 9)]
    pill = board_of([{"type": "arrow", "circle": [[0, 0], [0, 1], [0, 2]], "cells": shaft}], 9)
    assert family_size(pill, "arrow") < 35_000


@pytest.mark.parametrize("sets", [True, False], ids=["digit-sets", "partial-sums"])
@pytest.mark.parametrize("clue, total", [([-1, 0], 5), ([2, 4], 2), ([4, 3], 0), ([0, -1], 3)])
def test_sandwich_clauses_count_what_a_brute_force_counts(clue, total, sets, monkeypatch):
    """The digit sets between the crusts and (past MAX_DIGIT_SETS) the partial sums of the cells
    between both give exactly the grids whose line has the sum between its 1 and its 4."""
    if not sets:
        monkeypatch.setattr(sums, "MAX_DIGIT_SETS", 0)
    board = board_of([{"type": "sandwich", "clue": clue, "sum": total}])
    (constraint,) = board.rules.constraints
    cells = constraint.cells
    expected = brute(lambda g: sandwiched([g[r][c] for r, c in cells]) == total)
    assert 0 < len(expected) < 288
    assert sat_solutions(board) == expected


def test_a_sandwich_is_under_600_clauses_on_a_9x9():
    """A 9x9 sandwich of 15: the crust and between variables, 7 "digit between" variables and a
    selector per set of 2..8 adding up to 15 (3,248 clauses when the sum was partial sums)."""
    board = board_of([{"type": "sandwich", "clue": [-1, 0], "sum": 15}], 9)
    assert family_size(board, "sandwich") < 600


def fpuzzles_4x4(**keys) -> dict:
    return dict({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]}, **keys)


def fp(cell) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


RELATIONS = {"difference": lambda x, y, v: abs(x - y) == v, "ratio": lambda x, y, v: x == v * y or y == v * x}


@pytest.mark.parametrize("key, values, default, forbidden", [
    # white dots of difference 2, "all white dots given": no dot, no difference 2 (1 is allowed)
    ("difference", (2,), 1, (2,)),
    # black dots of ratio 3 and 2, "all black dots given": no dot, neither ratio 3 nor ratio 2
    ("ratio", (3, 2), 2, (3, 2)),
])
def test_a_negative_beside_dots_of_other_values_forbids_those_values(key, values, default, forbidden):
    """Dots where one grid shows the relations (a value each), with the negative, as f-puzzles
    writes them: every backend counts what a brute force of the rule counts, and the string
    written back reads to the same rules."""
    related = RELATIONS[key]

    def value_of(g, a, b, among):
        return next((v for v in among if related(at(g, a), at(g, b), v)), None)

    grid = next(g for g in GRIDS if all(value_of(g, a, b, forbidden) in values for a, b in ORTH
                                        if value_of(g, a, b, forbidden)))
    dots = {(a, b): value_of(grid, a, b, values) for a, b in ORTH if value_of(grid, a, b, values)}
    assert set(dots.values()) == set(values)
    data = fpuzzles_4x4(**{key: [dict({"cells": [fp(a), fp(b)]}, **({} if v == default else {"value": str(v)}))
                                 for (a, b), v in dots.items()], "negative": [key]})
    board = from_fpuzzles(data)
    expected = brute(lambda g: all(related(at(g, a), at(g, b), dots[a, b]) if (a, b) in dots
                                   else value_of(g, a, b, forbidden) is None for a, b in ORTH))
    assert 0 < len(expected) < 288 and tuple(v for row in grid for v in row) in expected
    for backend in ("sat", "cpsat", "dfs"):
        found = make(backend).count(board, 1000)
        assert found.complete and sorted(s.cells for s in found.solutions) == expected, backend
    written = to_fpuzzles(board)
    assert written[key] == data[key] and written["negative"] == [key]
    assert from_fpuzzles(written).rules == board.rules
    # the scan of givens names two undotted neighbours that show the first value (3 apart, 1 and 3)
    (r1, c1), (r2, c2) = next(p for p in ORTH if p not in dots)
    x, y = next((x, y) for x in range(1, 5) for y in range(1, 5) if related(x, y, values[0]))
    data["grid"][r1][c1], data["grid"][r2][c2] = {"value": x, "given": True}, {"value": y, "given": True}
    assert [c.describe() for c in find_conflicts(from_fpuzzles(data))] == [
        f"the kropki negative rule: {x} at r{r1 + 1}c{c1 + 1} and {y} at r{r2 + 1}c{c2 + 1}"]


def test_partial_sums_without_at_most_one_have_one_model_per_filling():
    """sum_clauses(at_most_one=False), as a little killer's diagonal uses: every filling of three
    cells with digits 1..4 that adds up to 6 or 7 extends to exactly one model (the backward
    clauses fix the partial sums without the at-most-one), and no other filling to any."""
    from pysat.solvers import Solver

    class Vars:
        top = 12  # cells 0..2, digit d of cell i is variable 4 * i + d

        def new_vars(self, k: int) -> int:
            self.top += k
            return self.top - k + 1

    cells = [[4 * i + d for d in range(1, 5)] for i in range(3)]
    clauses = sums.sum_clauses([[((x,), d) for d, x in enumerate(c, start=1)] for c in cells], {6, 7}, Vars(),
                               at_most_one=False)
    clauses += [c for c in cells] + [[-x, -y] for c in cells for x, y in combinations(c, 2)]
    fillings = []
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        for model in solver.enum_models():
            fillings.append(tuple(d for c in cells for d, x in enumerate(c, start=1) if model[x - 1] > 0))
    want = sorted((a, b, c) for a in range(1, 5) for b in range(1, 5) for c in range(1, 5) if a + b + c in (6, 7))
    assert sorted(fillings) == want  # one model each: a repeated filling would be a second model
