"""Each named technique on a position where a person sees it (its exact eliminations, and the step
verified by a solver that did not find it), and on a position where it must not fire.

Positions are candidate grids: an empty 9x9 whose listed cells keep only some candidates (as if
earlier steps removed the rest), so each pattern stands alone. Cells are written ``r1c2`` as in the
steps' sentences.
"""

from __future__ import annotations

import re

import pytest

from sudoku_cp.backends import make
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import Grid, explain_steps, verify_step
from sudoku_cp.tasks.techniques import FINDERS, TECHNIQUES, chains, colouring, fish, patterns, singles
from sudoku_cp.tasks.techniques import intersections, subsets, uniqueness, wings
from sudoku_cp.tasks.techniques.forcing import chain_se, trace

ALL = set(range(1, 10))


def cell(name: str) -> int:
    r, c = map(int, re.fullmatch(r"r(\d)c(\d)", name).groups())
    return (r - 1) * 9 + c - 1


def position(keep: dict[str, set[int]] | None = None, only: dict[int, list[tuple[str, list[str]]]] | None = None,
             givens: str = "." * 81) -> Grid:
    """A grid whose cells in ``keep`` hold only those candidates, and where each digit of ``only``
    is left, in each listed unit (``"row 3"``, ``"column 2"``, ``"box 1"``), only in the listed cells."""
    g = Grid(parse_puzzle(givens))
    for name, digits in (keep or {}).items():
        g.removed.update((cell(name), d) for d in ALL - digits)
    rules = g.rules
    for d, units in (only or {}).items():
        for unit, cells in units:
            kind, index = unit.split()
            k = next(k for k, u in enumerate(rules.units) if u.kind == kind and u.index == int(index) - 1)
            kept = {cell(c) for c in cells}
            g.removed.update((i, d) for i in g.units[k] if i not in kept)
    g.refresh()
    return g


def removed(step) -> set[str]:
    return {f"r{r + 1}c{c + 1}-{-d}" for r, c, d in step.removals()}


def check(step, technique: str, gone: set[str], g: Grid) -> None:
    assert step is not None, f"{technique} not found"
    assert step.technique.split(" (")[0] == technique
    assert removed(step) == gone
    assert verify_step(step, g.rules, make("sat")) == []


# name: (finder, position where it fires, its eliminations as "cell-digit", position where it must not)
CASES = {
    "skyscraper": (patterns.skyscraper,
                   dict(only={1: [("column 1", ["r2c1", "r9c1"]), ("column 4", ["r3c4", "r9c4"])]}),
                   {"r2c5-1", "r2c6-1", "r3c2-1", "r3c3-1"},
                   dict(only={1: [("column 1", ["r2c1", "r9c1"]), ("column 4", ["r3c4", "r8c4"])]})),
    "two-string kite": (patterns.two_string_kite,
                        dict(only={1: [("row 1", ["r1c2", "r1c7"]), ("column 1", ["r3c1", "r7c1"])]}),
                        {"r7c7-1"},
                        dict(only={1: [("row 1", ["r1c5", "r1c7"]), ("column 1", ["r3c1", "r7c1"])]})),
    "turbot fish": (patterns.turbot_fish,
                    dict(only={1: [("box 1", ["r1c1", "r3c3"]), ("row 7", ["r7c3", "r7c8"])]}),
                    {"r1c8-1"},
                    dict(only={1: [("box 1", ["r1c1", "r3c3"]), ("row 7", ["r7c4", "r7c8"])]})),
    "empty rectangle": (patterns.empty_rectangle,
                        dict(keep={n: ALL - {1} for n in ("r1c1", "r1c3", "r3c1", "r3c3")},
                             only={1: [("column 7", ["r2c7", "r8c7"])]}),
                        {"r8c2-1"},
                        dict(keep={n: ALL - {1} for n in ("r1c3", "r3c1", "r3c3")},
                             only={1: [("column 7", ["r2c7", "r8c7"])]})),
    "XY-wing": (wings.xy_wing,
                dict(keep={"r1c1": {1, 2}, "r1c5": {1, 3}, "r5c1": {2, 3}}),
                {"r5c5-3"},
                dict(keep={"r1c1": {1, 2}, "r1c5": {1, 3}, "r5c1": {2, 4}})),
    "XYZ-wing": (wings.xyz_wing,
                 dict(keep={"r1c1": {1, 2, 3}, "r1c5": {1, 3}, "r2c2": {2, 3}}),
                 {"r1c2-3", "r1c3-3"},
                 dict(keep={"r1c1": {1, 2, 3}, "r1c5": {1, 3}, "r2c2": {2, 4}})),
    "W-wing": (wings.w_wing,
               dict(keep={"r1c1": {1, 2}, "r5c5": {1, 2}}, only={2: [("row 9", ["r9c1", "r9c5"])]}),
               {"r1c5-1", "r5c1-1"},
               dict(keep={"r1c1": {1, 2}, "r5c5": {1, 2}}, only={2: [("row 9", ["r9c1", "r9c5", "r9c9"])]})),
    "jellyfish": (lambda g: fish.fish(g, 4),
                  dict(only={1: [(f"row {r}", [f"r{r}c{c}" for c in (1, 3, 5, 7)]) for r in (1, 3, 5, 7)]}),
                  {f"r{r}c{c}-1" for r in (2, 4, 6, 8, 9) for c in (1, 3, 5, 7)},
                  dict(only={1: [(f"row {r}", [f"r{r}c{c}" for c in (1, 3, 5, 7)]) for r in (1, 3, 5)]
                             + [("row 7", ["r7c1", "r7c3", "r7c5", "r7c7", "r7c9"])]})),
    "finned X-wing": (lambda g: fish.finned_fish(g, 2),
                      dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c1", "r5c5", "r5c6"])]}),
                      {"r4c5-1", "r6c5-1"},
                      dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c1", "r5c5", "r5c7"])]})),
    "sashimi X-wing": (lambda g: fish.finned_fish(g, 2),
                       # the fin r1c5 (box 2) with the X-wing r1c1, r5c1 / r5c6: r2c6, r3c6 see r1c5 and
                       # lie in column 6 (the other reading, fin r5c6, removes r4c5, r6c5: found second)
                       dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c1", "r5c6"])]}),
                       {"r2c6-1", "r3c6-1"},
                       dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c1", "r5c7"])]})),
    "finned swordfish": (lambda g: fish.finned_fish(g, 3),
                         dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c5", "r5c9"]),
                                        ("row 9", ["r9c1", "r9c8", "r9c9"])]}),
                         {"r7c9-1", "r8c9-1"},
                         dict(only={1: [("row 1", ["r1c1", "r1c5"]), ("row 5", ["r5c5", "r5c9"]),
                                        ("row 9", ["r9c1", "r9c2", "r9c8", "r9c9"])]})),
    # r1c1 {1,2,3,4} with r1c5 {1,4}, r2c2 {2,4}, r3c3 {3,4}: only 4 is not confined to one unit
    "WXYZ-wing": (wings.wxyz_wing,
                  dict(keep={"r1c1": {1, 2, 3, 4}, "r1c5": {1, 4}, "r2c2": {2, 4}, "r3c3": {3, 4}}),
                  {"r1c2-4", "r1c3-4"},
                  dict(keep={"r1c1": {1, 2, 3, 4}, "r1c5": {1, 4}, "r2c2": {2, 4}, "r3c3": {3, 5}})),
    "VWXYZ-wing": (wings.vwxyz_wing,
                   dict(keep={"r1c1": {1, 2, 3, 4, 5}, "r1c5": {1, 5}, "r2c2": {2, 5}, "r3c3": {3, 5},
                              "r1c8": {4, 5}}),
                   {"r1c2-5", "r1c3-5"},
                   dict(keep={"r1c1": {1, 2, 3, 4, 5}, "r1c5": {1, 5}, "r2c2": {2, 5}, "r3c3": {3, 6},
                              "r1c8": {4, 5}})),
    "simple colouring": (colouring.simple_colouring,
                         dict(only={1: [("box 1", ["r1c1", "r3c3"]), ("column 3", ["r3c3", "r7c3"]),
                                        ("row 7", ["r7c3", "r7c8"])]}),
                         {"r1c8-1"},
                         dict(only={1: [("box 1", ["r1c1", "r3c3"])]})),
    "X-chain": (chains.x_chain,
                dict(only={1: [("column 1", ["r1c1", "r7c1"]), ("column 5", ["r7c5", "r4c5"]),
                               ("column 8", ["r4c8", "r2c8"])]}),
                {"r1c7-1", "r1c9-1", "r2c2-1", "r2c3-1"},
                dict(only={1: [("column 1", ["r1c1", "r7c1"]), ("column 5", ["r7c5", "r3c5"]),
                               ("column 8", ["r4c8", "r2c8"])]})),
    "XY-chain": (chains.xy_chain,
                 dict(keep={"r1c1": {1, 2}, "r1c5": {2, 3}, "r5c5": {3, 4}, "r5c9": {4, 1}}),
                 {"r1c9-1", "r5c1-1"},
                 dict(keep={"r1c1": {1, 2}, "r1c5": {2, 3}, "r5c5": {3, 4}, "r5c9": {4, 5}})),
    "remote pair": (chains.remote_pair,
                    dict(keep={"r1c1": {1, 2}, "r1c5": {1, 2}, "r5c5": {1, 2}, "r5c9": {1, 2}}),
                    {"r1c9-1", "r5c1-1"},
                    dict(keep={"r1c1": {1, 2}, "r1c5": {1, 2}, "r5c5": {1, 2}})),
    "AIC": (chains.aic,
            dict(keep={"r1c1": {1, 2}, "r6c5": {1, 2, 3}},
                 only={2: [("column 5", ["r1c5", "r6c5"])], 1: [("row 6", ["r6c5", "r6c9"])]}),
            {"r1c9-1"},
            dict(keep={"r1c1": {1, 2}, "r6c5": {1, 2, 3}}, only={2: [("column 5", ["r1c5", "r6c5"])]})),
}


@pytest.mark.parametrize("name", CASES)
def test_technique_fires_where_a_person_sees_it_and_nowhere_else(name):
    finder, where, gone, elsewhere = CASES[name]
    g = position(**where)
    check(finder(g), name, gone, g)
    assert finder(position(**elsewhere)) is None


def test_full_house():
    g = position(givens="12345678." + "." * 72)
    step = singles.full_house(g)
    assert step.technique == "full house" and step.placements() == [(0, 8, 9)]
    assert verify_step(step, g.rules, make("sat")) == []
    assert singles.full_house(position(givens="1234567.." + "." * 72)) is None


def test_unique_rectangle_only_after_uniqueness_is_proved():
    keep = {"r1c1": {1, 2}, "r1c4": {1, 2}, "r2c1": {1, 2}, "r2c4": {1, 2, 3}}
    g = position(keep=keep)
    assert uniqueness.unique_rectangle(g) is None  # nothing proved this grid has one solution
    g.unique = True
    step = uniqueness.unique_rectangle(g)
    assert step.technique == "unique rectangle (uniqueness)" and removed(step) == {"r2c4-1", "r2c4-2"}
    g.removed.add((cell("r2c4"), 3))  # the fourth corner holds only {1, 2} too: a deadly pattern, no step
    g.refresh()
    assert uniqueness.unique_rectangle(g) is None


def test_every_technique_in_the_registry_has_a_finder_in_cost_order():
    names = [name for name, _ in FINDERS]
    assert names == [t for t in TECHNIQUES]
    costs = [TECHNIQUES[n].cost for n in names]
    assert costs == sorted(costs)
    ratings = [TECHNIQUES[n].se for n in names]
    assert ratings == sorted(ratings)  # cheapest first is lowest SE rating first, as SE rates


TOP = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_forcing_steps_are_written_as_chains_that_hold_link_by_link():
    """Every what-if of a hard top1465 puzzle carries its chain: the assumption first, then facts
    each following (by a single) from the premises and the links before it, to a contradiction."""
    board = parse_puzzle(TOP)
    steps = explain_steps(board, check=False)
    general = [s for s in steps if s.assumption is not None]
    assert general and all(s.chain for s in general)
    first = general[0]
    r, c, d = first.assumption
    assert first.chain.startswith(f"r{r + 1}c{c + 1}={d} so ")
    grid = Grid(board)
    found = trace(grid, first.constraints, first.premises, first.assumption)
    assert found is not None and found.links[0] == first.assumption
    assert chain_se(found) >= 6.6
    sat = make("sat")
    for k in range(1, len(found.links)):  # each link follows from the premises, the assumption and the links before
        with sat.session(__import__("sudoku_cp.tasks.steps", fromlist=["part"]).part(board.rules, first.constraints),
                         stats=False) as session:
            r, c, d = found.links[k]
            assert session.solve(first.premises + found.links[:k] + [(r, c, -d)]) is False


def test_bug_plus_one_on_a_published_puzzle():
    """A puzzle the Sudoku Exchange bank rates 5.6 (SE's BUG type 1): after its first 36 steps every
    blank cell holds two candidates but r2c6 {..7..}, and 7 is three times in row 2."""
    board = parse_puzzle("006804900005000400300050006024705690800109004000040000759000368002000700080000040")
    steps = explain_steps(board, check=False, limit=36)
    grid = Grid(board)
    for step in steps:
        grid.apply(step)
    assert uniqueness.bug_plus_one(grid) is None  # not before uniqueness is proved
    grid.unique = True
    step = uniqueness.bug_plus_one(grid)
    assert step.technique == "BUG+1 (uniqueness)" and step.placements() == [(1, 5, 7)]
    assert verify_step(step, board.rules, make("sat")) == []  # it holds in the one solution
    earlier = Grid(board)
    earlier.unique = True
    assert uniqueness.bug_plus_one(earlier) is None  # the givens alone: far from a BUG


def test_unique_rectangle_types_4_and_2():
    floor = {"r1c1": {1, 2}, "r1c4": {1, 2}}
    g = position(keep={**floor, "r2c1": {1, 2, 3}, "r2c4": {1, 2, 5}}, only={1: [("row 2", ["r2c1", "r2c4"])]})
    g.unique = True  # type 4: row 2 has its 1 in the roof, so neither roof cell is 2
    assert removed(uniqueness.unique_rectangle(g)) == {"r2c1-2", "r2c4-2"}
    g = position(keep={**floor, "r2c1": {1, 2, 3}, "r2c4": {1, 2, 3}})
    g.unique = True  # type 2: one roof cell holds 3
    step = uniqueness.unique_rectangle(g)
    assert removed(step) == {f"r2c{c}-3" for c in (2, 3, 5, 6, 7, 8, 9)}
    assert step.se is None and step.cost == TECHNIQUES["unique rectangle"].cost  # (4.5, as Sukaku Explainer rates type 2)
    g = position(keep={**floor, "r2c1": {1, 2, 3}, "r2c4": {1, 2, 5}})
    g.unique = True  # two different extras, no unit holding a digit of the pair only in the roof
    assert uniqueness.unique_rectangle(g) is None


def test_finned_fish_in_a_jigsaw_takes_its_fins_in_a_region():
    """A jigsaw has no boxes: a fin lies in one of its regions (the one of variants.txt, solved)."""
    board = parse_puzzle(".....6..55.9.........9.1....91......7.3.............24..7.......5....8.3....3..12\n"
                         "aaabbbcccaaabbcbccaaabdbeccfffdbdceefffdddeeefffdddeeeggghhhiiiggghhhiiiggghhihii")
    steps = explain_steps(board, check=False)
    assert steps.difficulty() is None  # not rated: the SE scale rates classic puzzles
    grid = Grid(board)
    for step in steps:
        found = fish.finned_fish(grid, 2)  # every position of the solve: looked for, no error
        if found is not None:
            assert verify_step(found, board.rules, make("sat")) == []
        grid.apply(step)
    assert grid.solved()


# Sudoku Explainer's direct forms (classic rules): (finder, position where it fires, the placement
# as "cell=digit", position where it must not)
DIRECT = {
    # box 1's 1s lie in row 1, so box 2's 1 is r2c5
    "direct pointing": (lambda g: intersections.direct_locking(g, True),
                        dict(only={1: [("box 1", ["r1c1", "r1c2"]), ("box 2", ["r1c4", "r2c5"])]}), "r2c5=1",
                        dict(only={1: [("box 1", ["r1c1", "r1c2"]), ("box 2", ["r1c4", "r2c5", "r3c6"])]})),
    # row 1's 1s lie in box 1, so row 2's 1 is r2c7
    "direct claiming": (lambda g: intersections.direct_locking(g, False),
                        dict(only={1: [("row 1", ["r1c1", "r1c2"]), ("row 2", ["r2c3", "r2c7"])]}), "r2c7=1",
                        dict(only={1: [("row 1", ["r1c1", "r1c2"]), ("row 2", ["r2c3", "r2c7", "r2c8"])]})),
    # in row 1, 1 and 2 have no place but r1c1, r1c2, so 3 (r1c1, r1c2 or r1c4) is r1c4
    "direct hidden pair": (lambda g: subsets.direct_hidden(g, 2),
                           dict(only={1: [("row 1", ["r1c1", "r1c2"])], 2: [("row 1", ["r1c1", "r1c2"])],
                                      3: [("row 1", ["r1c1", "r1c2", "r1c4"])]}), "r1c4=3",
                           dict(only={1: [("row 1", ["r1c1", "r1c2"])], 2: [("row 1", ["r1c1", "r1c2"])],
                                      3: [("row 1", ["r1c1", "r1c2", "r1c4", "r1c5"])]})),
    # in row 1, 1, 2 and 3 have no place but r1c1..r1c3, so 4 is r1c5
    "direct hidden triple": (lambda g: subsets.direct_hidden(g, 3),
                             dict(only={**{d: [("row 1", ["r1c1", "r1c2", "r1c3"])] for d in (1, 2, 3)},
                                        4: [("row 1", ["r1c1", "r1c2", "r1c3", "r1c5"])]}), "r1c5=4",
                             dict(only={**{d: [("row 1", ["r1c1", "r1c2", "r1c3"])] for d in (1, 2, 3)},
                                        4: [("row 1", ["r1c1", "r1c2", "r1c3", "r1c5", "r1c6"])]})),
}


@pytest.mark.parametrize("name", DIRECT)
def test_a_direct_technique_places_its_digit_where_a_person_sees_it_and_nowhere_else(name):
    finder, where, placed, elsewhere = DIRECT[name]
    g = position(**where)
    step = finder(g)
    assert step is not None and step.technique == name and not step.removals()
    assert [f"r{r + 1}c{c + 1}={d}" for r, c, d in step.placements()] == [placed]
    assert step.cost == TECHNIQUES[name].cost and step.chain
    assert verify_step(step, g.rules, make("sat")) == []
    assert finder(position(**elsewhere)) is None
    killer = Grid(parse_puzzle('{"givens": "' + "." * 81 + '", "constraints": [{"type": "killer", '
                               '"cells": [[8, 7], [8, 8]], "sum": 17}]}'))
    killer.removed, killer.cands = g.removed, g.cands  # (the same candidates, but not classic rules)
    assert finder(killer) is None  # SE's rating devices: a variant takes the two steps apart


def test_a_hidden_single_in_a_box_comes_first_and_rates_1_2():
    g = position(only={1: [("row 1", ["r1c1"])], 2: [("box 9", ["r9c9"])]})
    step = singles.hidden_single(g)
    assert step.placements() == [(8, 8, 2)] and step.se == 1.2
    g = position(only={1: [("row 1", ["r1c1"])]})
    step = singles.hidden_single(g)
    assert step.placements() == [(0, 0, 1)] and step.se == 1.5


def test_pointing_comes_before_claiming():
    g = position(only={1: [("row 1", ["r1c1", "r1c2"])], 2: [("box 9", ["r9c7", "r9c8"])]})
    step = intersections.locked_candidates(g)
    assert step.technique == "locked candidates (pointing)" and removed(step) == {f"r9c{c}-2" for c in range(1, 7)}
    assert step.se == 2.6


LOOP = ["r1c1", "r1c4", "r2c4", "r2c7", "r3c7", "r3c1"]  # two cells in each of rows 1-3, boxes 1-3 and columns


def test_unique_loop_type_1():
    g = position(keep={**{n: {1, 2} for n in LOOP[1:]}, "r1c1": {1, 2, 3}})
    assert uniqueness.unique_loop(g) is None  # uniqueness not proved: no step
    g.unique = True
    step = uniqueness.unique_loop(g)
    assert step.technique == "unique loop (uniqueness)" and removed(step) == {"r1c1-1", "r1c1-2"}
    assert step.se == 4.6 and "the loop" in step.chain
    # six cells where each box meets the loop once: no deadly pattern (the digits cannot swap), no step
    wrong = ["r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c1"]
    g = position(keep={**{n: {1, 2} for n in wrong[1:]}, "r1c1": {1, 2, 3}})
    g.unique = True
    assert uniqueness.unique_loop(g) is None


def test_unique_loop_type_2():
    g = position(keep={**{n: {1, 2} for n in LOOP[1:5]}, "r1c1": {1, 2, 3}, "r3c1": {1, 2, 3}})
    g.unique = True  # one of r1c1, r3c1 holds 3: it leaves column 1 and box 1
    step = uniqueness.unique_loop(g)
    assert removed(step) == {f"r{r}c1-3" for r in (2, 4, 5, 6, 7, 8, 9)} | {f"r{r}c{c}-3" for r in (1, 2, 3) for c in (2, 3)}
    assert step.se == 4.6
