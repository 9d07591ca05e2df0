"""dfs propagation: each kind's ``narrow`` on hand-made positions (the exact candidates left), and
on random positions never a digit that some filling of the constraint's cells still allows."""

from __future__ import annotations

import random
from itertools import product

import pytest

from sudoku_cp.backends import make
from sudoku_cp.constraints import kind_of
from sudoku_cp.constraints.base import mask_of
from sudoku_cp.core.rules import Rules
from sudoku_cp.core.shape import Shape
from sudoku_cp.formats.text import parse_puzzle
from test_catalogue import GRIDS

S9, S4 = Shape(3, 3), Shape(2, 2)


def digits(mask: int) -> list[int]:
    return [d for d in range(1, 33) if mask >> (d - 1) & 1]


def narrowed(item: dict, given: dict, shape: Shape = S9):
    """The candidates ``narrow`` leaves on the constraint's cells, each as a digit list (None: a
    dead end); ``given`` sets some cells' candidates, every other cell has all digits."""
    n = shape.size
    rules = Rules.classic(shape)
    kind = kind_of(item["type"])
    (constraint,) = kind.read(item, shape, "test")
    masks = [(1 << n) - 1] * (n * n)
    for (r, c), ds in given.items():
        masks[r * n + c] = mask_of(ds)
    got = kind.narrow(constraint, masks, rules)
    if got is None:
        return None
    return {divmod(i, n): digits(m) for i, m in zip(kind.touches(constraint, rules), got)}


def line(*cells):
    return [list(c) for c in cells]


def test_a_killer_cage_keeps_the_digits_of_its_sets():
    cage = {"type": "killer", "cells": line((0, 0), (0, 1)), "sum": 3}
    assert narrowed(cage, {}) == {(0, 0): [1, 2], (0, 1): [1, 2]}
    cage = {"type": "killer", "cells": line((0, 0), (0, 1), (1, 0)), "sum": 6}
    assert narrowed(cage, {(0, 0): [1]}) == {(0, 0): [1], (0, 1): [2, 3], (1, 0): [2, 3]}
    # 17 in two cells is 8 + 9 only: a cell without either is a dead end
    assert narrowed({"type": "killer", "cells": line((0, 0), (0, 1)), "sum": 17}, {(0, 0): [1, 2, 7]}) is None


def test_an_arrow_balances_its_circle_and_shaft():
    arrow = {"type": "arrow", "circle": line((0, 0)), "cells": line((0, 1), (0, 2))}
    # the shaft is in one row: two distinct digits, 3 at least
    assert narrowed(arrow, {}) == {(0, 0): list(range(3, 10)), (0, 1): list(range(1, 9)), (0, 2): list(range(1, 9))}
    assert narrowed(arrow, {(0, 0): [4]}) == {(0, 0): [4], (0, 1): [1, 3], (0, 2): [1, 3]}
    # not in one unit, the shaft may repeat a digit: 2 + 2 or 3 + 1
    bent = {"type": "arrow", "circle": line((1, 2)), "cells": line((2, 3), (3, 4))}
    assert narrowed(bent, {(1, 2): [4], (2, 3): [2, 3]}) == {(1, 2): [4], (2, 3): [2, 3], (3, 4): [1, 2]}


def test_a_pill_arrow_reads_its_digits_as_a_number():
    pill = {"type": "arrow", "circle": line((0, 0), (0, 1)), "cells": line((1, 0), (2, 0))}
    # a number of 11..18 (digits are 1..9) from two digits of at most 9: each at least 2
    assert narrowed(pill, {}) == {(0, 0): [1], (0, 1): list(range(1, 9)),
                                  (1, 0): list(range(2, 10)), (2, 0): list(range(2, 10))}


def test_a_little_killer_diagonal_reaches_its_sum():
    clue = {"type": "little-killer", "clue": [-1, 5], "direction": "DR", "sum": 24}  # r1c7, r2c8, r3c9
    assert narrowed(clue, {}) == {(0, 6): [6, 7, 8, 9], (1, 7): [6, 7, 8, 9], (2, 8): [6, 7, 8, 9]}
    assert narrowed(clue, {(0, 6): [6, 7]}) == {(0, 6): [6, 7], (1, 7): [8, 9], (2, 8): [8, 9]}


def test_a_thermometer_rises_from_its_bulb():
    thermo = {"type": "thermometer", "cells": line((0, 0), (0, 1), (0, 2))}
    assert narrowed(thermo, {}) == {(0, 0): list(range(1, 8)), (0, 1): list(range(2, 9)), (0, 2): list(range(3, 10))}
    assert narrowed(thermo, {(0, 1): [3]}) == {(0, 0): [1, 2], (0, 1): [3], (0, 2): list(range(4, 10))}


def test_whispers_keep_five_apart_and_five_has_no_partner():
    whisper = {"type": "whispers", "cells": line((0, 0), (0, 1))}
    assert narrowed(whisper, {(0, 0): [1]}) == {(0, 0): [1], (0, 1): [6, 7, 8, 9]}
    assert narrowed(whisper, {(0, 0): [5]}) is None


def test_dots_and_their_negatives():
    x = {"type": "xv", "cells": line((0, 0), (0, 1)), "value": "X"}
    assert narrowed(x, {(0, 0): [3, 4]}) == {(0, 0): [3, 4], (0, 1): [6, 7]}
    black = {"type": "kropki", "cells": line((0, 0), (0, 1)), "color": "black"}
    assert narrowed(black, {(0, 0): [3, 5]}) == {(0, 0): [3], (0, 1): [6]}
    white = {"type": "kropki", "cells": line((0, 0), (0, 1)), "color": "white"}
    assert narrowed(white, {(0, 0): [5]}) == {(0, 0): [5], (0, 1): [4, 6]}
    negative = narrowed({"type": "xv-negative"}, {(0, 0): [4], (0, 1): [1, 6, 7]})
    assert negative[(0, 0)] == [4] and negative[(0, 1)] == [7] and negative[(1, 0)] == [2, 3, 4, 5, 7, 8, 9]


def test_renban_between_and_palindrome():
    renban = {"type": "renban", "cells": line((0, 0), (0, 1), (0, 2))}
    assert narrowed(renban, {(0, 0): [1]}) == {(0, 0): [1], (0, 1): [2, 3], (0, 2): [2, 3]}
    between = {"type": "between", "cells": line((0, 0), (0, 1), (0, 2))}
    assert narrowed(between, {(0, 0): [1], (0, 2): [4, 9]}) == {(0, 0): [1], (0, 1): list(range(2, 9)), (0, 2): [4, 9]}
    assert narrowed(between, {(0, 0): [1], (0, 1): [6]}) == {(0, 0): [1], (0, 1): [6], (0, 2): [7, 8, 9]}
    palindrome = {"type": "palindrome", "cells": line((0, 0), (0, 1), (0, 2))}
    assert narrowed(palindrome, {(0, 0): [1, 2], (0, 2): [2, 3]}) == {(0, 0): [2], (0, 2): [2]}


def test_outside_clues_sandwich_and_x_sum():
    sandwich = {"type": "sandwich", "clue": [0, -1], "sum": 35}  # 2..8 between: 1 and 9 at the ends
    got = narrowed(sandwich, {})
    assert got[(0, 0)] == got[(0, 8)] == [1, 9]
    assert all(got[(0, c)] == list(range(2, 9)) for c in range(1, 8))
    xsum = {"type": "xsum", "clue": [-1, 0], "sum": 1}  # the first digit is 1, counting itself
    got = narrowed(xsum, {})
    assert got[(0, 0)] == [1] and all(got[(r, 0)] == list(range(2, 10)) for r in range(1, 9))
    xsum = {"type": "xsum", "clue": [-1, 0], "sum": 6}  # 3 + 1 + 2 or 2 + 4
    got = narrowed(xsum, {})
    assert got[(0, 0)] == [2, 3] and got[(1, 0)] == [1, 2, 4] and got[(2, 0)] == list(range(1, 10))


# On a 4x4, random candidates: a digit narrow removes has no filling of the constraint's cells
# (distinct in each unit, the rule holding) with it; each case has something to remove or not.
CASES = [
    {"type": "killer", "cells": line((0, 0), (0, 1), (1, 0)), "sum": 7},
    {"type": "arrow", "circle": line((0, 0)), "cells": line((0, 1), (1, 2), (2, 2))},
    {"type": "arrow", "circle": line((3, 3)), "cells": line((3, 2), (3, 1))},
    {"type": "little-killer", "clue": [-1, -1], "direction": "DR", "sum": 10},
    {"type": "thermometer", "cells": line((0, 0), (1, 1), (1, 2))},
    {"type": "whispers", "cells": line((0, 0), (0, 1), (1, 1)), "value": 2},
    {"type": "kropki", "cells": line((0, 0), (0, 1)), "color": "black"},
    {"type": "renban", "cells": line((0, 0), (0, 1), (1, 1))},
    {"type": "between", "cells": line((0, 0), (0, 1), (1, 2), (1, 3))},
    {"type": "palindrome", "cells": line((0, 0), (1, 1), (2, 2))},
    {"type": "sandwich", "clue": [-1, 1], "sum": 2},
    {"type": "sandwich", "clue": [2, 4], "sum": 0},
    {"type": "xsum", "clue": [4, 2], "sum": 6},
    {"type": "odd", "cells": line((1, 1))},
]


@pytest.mark.parametrize("item", CASES, ids=[c["type"] for c in CASES])
def test_narrow_removes_only_what_no_filling_has(item):
    n, rules = 4, Rules.classic(S4)
    kind = kind_of(item["type"])
    (constraint,) = kind.read(item, S4, "test")
    touched = kind.touches(constraint, rules)
    rng = random.Random(item["type"])
    removed = 0
    for _ in range(60):
        masks = [rng.randrange(1, 16) for _ in range(n * n)]
        got = kind.narrow(constraint, masks, rules)
        fillings = []
        for ds in product(*(digits(masks[i]) for i in touched)):
            grid = [0] * (n * n)
            for i, d in zip(touched, ds):
                grid[i] = d
            if any(grid[i] == grid[j] for i in touched for j in rules.peers[i] if grid[j]):
                continue
            if not kind.holds(constraint, grid, rules):
                fillings.append(ds)
        if got is None:
            assert not fillings, f"{item}: a dead end with fillings {fillings[:3]} ({masks})"
            continue
        for k, i in enumerate(touched):
            assert got[k] & ~masks[i] == 0
            had = mask_of(ds[k] for ds in fillings)
            assert had & ~got[k] == 0, f"{item}: cell {divmod(i, n)} lost {digits(had & ~got[k])} ({masks})"
            removed += got[k] != masks[i]
    assert removed  # the positions do exercise the narrowing


def test_dfs_counts_a_sum_puzzle_with_its_propagation():
    """Every solution of a 4x4 with an arrow, a little killer and a cage is found: the grids a
    brute force keeps, no more, no fewer (propagation removed no digit a solution has)."""

    doc = ('{"givens": "................", "constraints": ['
           '{"type": "arrow", "circle": [[0, 0]], "cells": [[0, 1], [1, 2]]}, '
           '{"type": "little-killer", "clue": [-1, 0], "direction": "DR", "sum": 6}, '
           '{"type": "killer", "cells": [[3, 0], [3, 1]], "sum": 6}]}')
    puzzle = parse_puzzle(doc)

    def keeps(g):
        return (g[0][0] == g[0][1] + g[1][2] and g[0][1] + g[1][2] + g[2][3] == 6
                and g[3][0] + g[3][1] == 6)

    want = sorted(tuple(d for row in g for d in row) for g in GRIDS if keeps(g))
    outcome = make("dfs").count(puzzle, 1000)
    assert outcome.complete
    assert len(want) == 5 and sorted(b.cells for b in outcome.solutions) == want


def test_dfs_turns_to_the_rules_that_keep_failing():
    """The choice of cell weighs the dead ends each rule found: dfs proves "Hailstone" (little
    killers on a nearly empty grid) unique in about 2100 nodes, where fewest candidates alone took over 4000
    (a node count, the same on any machine)."""
    from published_kinds import PUBLISHED, board

    (entry,) = [p for p in PUBLISHED if "Hailstone" in p.source]
    outcome = make("dfs").count(board(entry), 2)
    assert outcome.complete and ["".join(map(str, s.cells)) for s in outcome.solutions] == [entry.solution]
    assert outcome.stats["nodes"] < 3000


# Whole-grid rules over small windows (issue 41, branch windows) touch every cell: a grid keeping the rule with a
# few cells opened to random candidates (the rest one digit each), so that the fillings can be listed
WINDOW_GRIDS = [({"type": "parityrun", "length": 2}, S4, "1234341221434321"),  # (breaks it: narrow finds dead ends)
                ({"type": "parityrun", "length": 2}, S4, "1234432134122143"),
                ({"type": "parityrun"}, Shape(2, 3), "632541541236365412214365456123123654"),
                ({"type": "globalentropy"}, Shape(2, 3), "652314413625365142124563546231231456"),
                ({"type": "globalmod"}, Shape(2, 3), "564213312645231564456132645321123456")]


@pytest.mark.parametrize("item, shape, grid", WINDOW_GRIDS, ids=[f"{w[0]['type']}-{k}" for k, w in enumerate(WINDOW_GRIDS)])
def test_window_rules_narrow_only_what_no_filling_has(item, shape, grid):
    n, rules = shape.size, Rules.classic(shape)
    kind = kind_of(item["type"])
    (constraint,) = kind.read(item, shape, "test")
    rng = random.Random(grid)
    removed = dead = 0
    for _ in range(40):
        masks = [1 << (int(ch) - 1) for ch in grid]
        for i in rng.sample(range(n * n), 5):
            masks[i] |= mask_of(rng.sample(range(1, n + 1), 2))
        got = kind.narrow(constraint, masks, rules)
        fillings = [ds for ds in product(*(digits(m) for m in masks)) if not kind.holds(constraint, list(ds), rules)]
        if got is None:
            assert not fillings, f"{item}: a dead end with fillings ({masks})"
            dead += 1
            continue
        for i in range(n * n):
            had = mask_of(ds[i] for ds in fillings)
            assert got[i] & ~masks[i] == 0 and had & ~got[i] == 0, f"{item}: cell {divmod(i, n)} ({masks})"
            removed += got[i] != masks[i]
    assert removed or dead  # the positions do exercise the narrowing
