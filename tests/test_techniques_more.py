"""Multi-colouring, unique rectangle type 3, hidden rectangle, Sue de Coq, grouped nice loops,
ALS-XZ, ALS-XY-wing and death blossom: each on a position where a person sees it (its exact
eliminations, and the step verified by a solver that did not find it) and on a position close to
it that breaks one premise, where it must not fire.

Positions are candidate grids as in ``test_techniques.py``; the uniqueness steps also run on a
published puzzle, where the solver checks the one solution holds them.
"""

from __future__ import annotations

import pytest

from sudoku_cp.backends import make
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.solving import count
from sudoku_cp.tasks.steps import Grid, explain_steps, verify_step
from sudoku_cp.tasks.techniques import als, chains, colouring, nice_loops, sue_de_coq, uniqueness
from test_techniques import check, position, removed

# name: (finder, position where it fires, its eliminations as "cell-digit", position where it must not)
CASES = {
    # two clusters of 1: row 1 (r1c1, r1c5) and column 3 (r2c3, r7c3); r1c1 sees r2c3, so r1c5 or
    # r7c3 holds 1, and r7c5 sees both. Moved to r4c3, the second cluster sees nothing of the first.
    "multi-colouring": (colouring.multi_colouring,
                        dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("column 3", ["r2c3", "r7c3"])]}),
                        {"r7c5-1"},
                        dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("column 3", ["r4c3", "r7c3"])]})),
    # HoDoKu's basic shape: r1c1, r1c2 {1234} where row 1 meets box 1, r1c7 {12} in the row, r2c3
    # {34} in the box. With r2c3 {35} the five cells' digits outnumber them.
    "Sue de Coq": (sue_de_coq.sue_de_coq,
                   dict(keep={"r1c1": {1, 2, 3, 4}, "r1c2": {1, 2, 3, 4}, "r1c7": {1, 2}, "r2c3": {3, 4}}),
                   {f"r1c{c}-{d}" for c in (3, 4, 5, 6, 8, 9) for d in (1, 2)}
                   | {f"{cell}-{d}" for cell in ("r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3") for d in (3, 4)},
                   dict(keep={"r1c1": {1, 2, 3, 4}, "r1c2": {1, 2, 3, 4}, "r1c7": {1, 2}, "r2c3": {3, 5}})),
    # ALS r1c1 {12} and ALS r5c1, r5c2 {123}: 1 is a restricted common (column 1), so one of them
    # holds 2: r1c2, r2c2, r3c2 (column 2), r4c1, r6c1 (box 4) see both 2s. With r5c1 {34} they
    # share no restricted common.
    "ALS-XZ": (als.als_xz,
               dict(keep={"r1c1": {1, 2}, "r5c1": {1, 3}, "r5c2": {2, 3}}),
               {"r1c2-2", "r2c2-2", "r3c2-2", "r4c1-2", "r6c1-2"},
               dict(keep={"r1c1": {1, 2}, "r5c1": {4, 3}, "r5c2": {2, 3}})),
    # pivot r1c1 {12}; ALS r1c5, r1c6 {134} (restricted common 1) and r5c1 {23} (2): one of them
    # holds 3, r5c6 sees both. With r5c1 {25} the two ALS hold no digit in common.
    "ALS-XY-wing": (als.als_xy_wing,
                    dict(keep={"r1c1": {1, 2}, "r1c5": {1, 4}, "r1c6": {3, 4}, "r5c1": {2, 3}}),
                    {"r5c6-3"},
                    dict(keep={"r1c1": {1, 2}, "r1c5": {1, 4}, "r1c6": {3, 4}, "r5c1": {2, 5}})),
    # stem r1c1 {124}; petals r3c1, r9c1 {135}, r1c2, r9c2 {236}, r1c3, r9c3 {347}, each seeing the
    # stem with its digit; every petal holds 3 in row 9. Petal 4 at r4c3 does not see the stem.
    "death blossom": (als.death_blossom,
                      dict(keep={"r1c1": {1, 2, 4}, "r3c1": {1, 5}, "r9c1": {3, 5}, "r1c2": {2, 6},
                                 "r9c2": {3, 6}, "r1c3": {4, 7}, "r9c3": {3, 7}}),
                      {f"r9c{c}-3" for c in range(4, 10)} | {f"r{r}c{c}-3" for r in (7, 8) for c in (1, 2, 3)},
                      dict(keep={"r1c1": {1, 2, 4}, "r3c1": {1, 5}, "r9c1": {3, 5}, "r1c2": {2, 6},
                                 "r9c2": {3, 6}, "r4c3": {4, 7}, "r9c3": {3, 7}})),
    # 1 in column 7 only at r1c7, r7c7; in box 1 only in the group r1c12 and r3c3: r7c7<>1 so
    # r1c7=1 so r1c12<>1 so r3c3=1, and r7c3 sees both ends. A third 1 in column 7 breaks the chain.
    "grouped nice loop (discontinuous)": (nice_loops.grouped_nice_loop,
                          dict(only={1: [("column 7", ["r1c7", "r7c7"]), ("box 1", ["r1c1", "r1c2", "r3c3"])]}),
                          {"r7c3-1"},
                          dict(only={1: [("column 7", ["r1c7", "r5c7", "r7c7"]),
                                         ("box 1", ["r1c1", "r1c2", "r3c3"])]})),
    # 1 in box 1 only in the group r1c12 and r3c3, in box 3 only at r1c7, r3c7: r1c12=1 or r3c3=1,
    # r3c3 sees r3c7, r3c7=1 or r1c7=1, and r1c7 sees r1c12, closing the loop: each weak link (row
    # 1, row 3) has one true end, so row 1's and row 3's other 1s go. A third 1 in box 3 opens it.
    "grouped nice loop (continuous)": (nice_loops.grouped_nice_loop,
                                       dict(only={1: [("box 1", ["r1c1", "r1c2", "r3c3"]),
                                                      ("box 3", ["r1c7", "r3c7"])]}),
                                       {f"r{r}c{c}-1" for r in (1, 3) for c in (4, 5, 6)},
                                       dict(only={1: [("box 1", ["r1c1", "r1c2", "r3c3"]),
                                                      ("box 3", ["r1c7", "r2c8", "r3c7"])]})),
}


@pytest.mark.parametrize("name", CASES)
def test_technique_fires_where_a_person_sees_it_and_nowhere_else(name):
    finder, where, gone, elsewhere = CASES[name]
    g = position(**where)
    step = finder(g)
    check(step, name.split(" (")[0], gone, g)
    assert "(" not in name or step.technique == name  # the kind, when the name gives it
    assert finder(position(**elsewhere)) is None


def test_grouped_nice_loops_are_written_link_by_link():
    """A group is written as its cells (``r1c12``); a continuous loop ends back at its first node."""
    for kind, chain in (("discontinuous", "r3c3<>1 so r1c12=1 so r1c7<>1 so r7c7=1"),
                        ("continuous", "r1c12<>1 so r3c3=1 so r3c7<>1 so r1c7=1 so r1c12<>1 (the loop closes)")):
        _, where, _, _ = CASES[f"grouped nice loop ({kind})"]
        step = nice_loops.grouped_nice_loop(position(**where))
        assert step.chain == chain and step.se == 7.0


def unique(**where) -> Grid:
    g = position(**where)
    g.unique = True  # as if the count had proved one solution (a candidate grid has many)
    return g


def test_unique_rectangle_type_3_only_after_uniqueness_is_proved():
    """Floor r1c1, r1c4 {12}; roof r2c1 {123}, r2c4 {124}: one roof cell holds 3 or 4, so with
    r2c7 {34} it is a naked pair of row 2."""
    floor = {"r1c1": {1, 2}, "r1c4": {1, 2}, "r2c1": {1, 2, 3}, "r2c4": {1, 2, 4}}
    g = position(keep={**floor, "r2c7": {3, 4}})
    assert uniqueness.unique_rectangle(g) is None  # nothing proved one solution
    step = uniqueness.unique_rectangle(unique(keep={**floor, "r2c7": {3, 4}}))
    assert step.technique == "unique rectangle (uniqueness)" and step.se == 4.6
    assert removed(step) == {f"r2c{c}-{d}" for c in (2, 3, 5, 6, 8, 9) for d in (3, 4)}
    assert uniqueness.unique_rectangle(unique(keep={**floor, "r2c7": {3, 5}})) is None  # no subset
    triple = {**floor, "r2c7": {3, 5}, "r2c8": {4, 5}}  # with two cells: a naked triple {345}, 4.7
    step = uniqueness.unique_rectangle(unique(keep=triple))
    assert removed(step) == {f"r2c{c}-{d}" for c in (2, 3, 5, 6, 9) for d in (3, 4, 5)} and step.se == 4.7


def test_hidden_rectangle_only_after_uniqueness_is_proved():
    """r1c1 {12}; row 2 and column 4 hold 2 only in the rectangle r12c14: r2c4=1 would make r2c1
    and r1c4 2, and r1c1 1, a deadly pattern."""
    only = {2: [("row 2", ["r2c1", "r2c4"]), ("column 4", ["r1c4", "r2c4"])]}
    assert uniqueness.hidden_rectangle(position(keep={"r1c1": {1, 2}}, only=only)) is None
    step = uniqueness.hidden_rectangle(unique(keep={"r1c1": {1, 2}}, only=only))
    assert step.technique == "hidden rectangle (uniqueness)" and removed(step) == {"r2c4-1"}
    broken = {2: [("row 2", ["r2c1", "r2c4"]), ("column 4", ["r1c4", "r2c4", "r5c4"])]}
    assert uniqueness.hidden_rectangle(unique(keep={"r1c1": {1, 2}}, only=broken)) is None


# Puzzles of the Sudoku Exchange bank (tests/data/se-*.txt), each with the step where the technique
# is seen: (finder, puzzle, steps before it, its eliminations). Each elimination was checked
# against the puzzle's one solution (the removed digit is not the solution's) and is re-checked here.
PUBLISHED = {
    # SE 5.6 (calibration): after 6 steps, r4c3, r6c3 {46} with roof r4c5, r6c5; with r7c5, r8c5
    # the roof's 7, 8, 9 form a naked triple in column 5
    "unique rectangle type 3": (uniqueness.unique_rectangle,
                                "090000080608000107007802900010000030905000408000305000002503600000406000003020800",
                                6, {"r1c5-7", "r5c5-7"}),
    # SE 5.6 (calibration): the engine's step 16, r1c2 {46}, row 3 and column 8 hold 6 only in the
    # rectangle r1c2, r1c8, r3c2, r3c8
    "hidden rectangle": (uniqueness.hidden_rectangle,
                         "002805300070060010500030002800509006000010000000207000006000200010906030089000650",
                         15, {"r3c8-4"}),
    # SE 4.7 (tests/data/se-hard.txt): the engine's step 35, eight cells r4c5, r4c6, r7c6, r7c7, r8c7,
    # r8c3, r9c3, r9c5 all {45} but r8c3 (type 1)
    "unique loop": (uniqueness.unique_loop,
                    "000060000000203000900000002020000070061000240409000603100070009070908010200106008",
                    34, {"r8c3-4", "r8c3-5"}),
    # SE 8.4 (held out): the engine's steps 11 and 16
    "ALS-XZ": (als.als_xz, "010300006097008005000000780002503000040901030000407800089000000400800170500002040",
               10, {"r7c7-3"}),
    "ALS-XY-wing": (als.als_xy_wing, "010300006097008005000000780002503000040901030000407800089000000400800170500002040",
                    15, {"r3c2-2", "r7c1-2"}),
    # SE 8.3 (held out): the engine's step 9, through the group r5c89
    "grouped nice loop": (nice_loops.grouped_nice_loop,
                          "500300000300008070040000032020605003003070100100903060230000090060700004000009007",
                          8, {"r5c2-8"}),
    # SE 8.3 (held out): the engine's step 28, stem r9c8 {247} and three petals
    "death blossom": (als.death_blossom,
                      "008159000000004090010000007000000031005307200290000000600000050040500000000613800",
                      27, {"r5c9-6"}),
    # SE 7.2 (calibration): the engine's step 26, r2c7, r2c8 {3789} where row 2 meets box 3, with
    # r2c1, r2c4 {679} and r1c8, r1c9, r3c8 {3458}: seven cells for seven digits
    "Sue de Coq": (sue_de_coq.sue_de_coq,
                   "100200000050041002029530100310000804000000000802000067001079420900820070000006009",
                   25, {"r1c7-3", "r1c7-5", "r2c3-6", "r2c3-7"}),
    # SE 5.6 (calibration), at the givens: the clusters of 4 in rows 1 and 3 wrap
    "multi-colouring": (colouring.multi_colouring,
                        "007500000038009760060080053090000004006010800300000010940050070015800390000007100",
                        0, {"r1c8-4"}),
}


@pytest.mark.parametrize("name", PUBLISHED)
def test_technique_on_a_published_puzzle(name):
    finder, puzzle, before, gone = PUBLISHED[name]
    board = parse_puzzle(puzzle)
    grid = Grid(board)
    grid.unique = True  # explain_steps proves it by a count before any step
    for step in explain_steps(board, check=False, limit=before) if before else []:
        grid.apply(step)
    step = finder(grid)
    assert step is not None and removed(step) == gone
    sat = make("sat")
    assert verify_step(step, board.rules, sat) == []
    solution = count(board, 2, sat).solution
    assert all(solution.cells[r * 9 + c] != -d for r, c, d in step.removals())


def test_links_are_made_once_per_candidates_state():
    """The finders share one grid state's links; a step that changes the candidates gets new ones."""
    board = parse_puzzle("007500000038009760060080053090000004006010800300000010940050070015800390000007100")
    grid = Grid(board)
    first = chains.links_of(grid, digit=4, bilocal_only=True)
    assert chains.links_of(grid, digit=4, bilocal_only=True) is first
    assert chains.links_of(grid, digit=4) is not first
    step = next(s for s in explain_steps(board, check=False) if any(abs(d) == 4 for _, _, d in s.conclusion))
    grid.apply(step)
    again = chains.links_of(grid, digit=4, bilocal_only=True)
    assert again is not first and again.strong != first.strong
    assert again.strong == chains.Links(grid, digit=4, bilocal_only=True).strong
