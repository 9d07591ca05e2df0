"""Variant techniques (cage combinations, innies and outies, lines and dots): each on a position
where a person sees it, with its exact eliminations and the step verified by a solver that did not
find it, and on a position where it must not fire; the published 9x9 killers explained with them.

Positions are empty 9x9 grids with the listed constraints (puzzle documents, cells 0-based) whose
listed cells keep only some candidates, as if earlier steps removed the rest. Cells are written
``r1c2`` as in the steps' sentences.
"""

from __future__ import annotations

import json
import re
from math import comb

import pytest

from sudoku_cp.backends import make
from sudoku_cp.core.board import Board
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.shape import Shape
from sudoku_cp.core.variants import build
from sudoku_cp.formats.text import parse_puzzle
from dataclasses import replace

from sudoku_cp.backends import Deadline
from sudoku_cp.core.results import TimeLimitReached
from sudoku_cp.tasks.steps import SEARCHED, SHRINK_MOST, Grid, Prover, Step, explain_steps, new_cage_problems, reasoning, replay, unit_name, verify_step
from sudoku_cp.tasks.techniques import cages, lines
from sudoku_cp.tasks.techniques.base import forget, forget_unless

from gridgen import DATA
from test_variants import KILLER1, KILLER1_SOLUTION, KILLER2

ALL = set(range(1, 10))
ROW1 = [f"r1c{c}" for c in range(1, 10)]
BOX1 = [f"r{r}c{c}" for r in range(1, 4) for c in range(1, 4)]


def cell(name: str) -> int:
    r, c = map(int, re.fullmatch(r"r(\d)c(\d)", name).groups())
    return (r - 1) * 9 + c - 1


def position(constraints: list[dict], keep: dict[str, set[int]] | None = None) -> Grid:
    """An empty 9x9 with ``constraints`` whose cells in ``keep`` hold only those candidates."""
    g = Grid(parse_puzzle(json.dumps({"givens": "." * 81, "constraints": constraints})))
    for name, digits in (keep or {}).items():
        g.removed.update((cell(name), d) for d in ALL - digits)
    g.refresh()
    return g


def removed(step) -> set[str]:
    return {f"r{r + 1}c{c + 1}-{-d}" for r, c, d in step.removals()}


def gone(cells, digits) -> set[str]:
    return {f"{c}-{d}" for c in cells for d in digits}


def cage(total, *names):
    return {"type": "killer", "cells": [[cell(n) // 9, cell(n) % 9] for n in names], "sum": total}


def line(kind, *names, **more):
    return dict({"type": kind, "cells": [[cell(n) // 9, cell(n) % 9] for n in names]}, **more)


def run(technique):
    return lambda g: lines.eliminations(g, technique)


ROW1_CAGES = [cage(11, *ROW1[:3]), cage(16, *ROW1[3:5]), cage(7, *ROW1[5:7]), cage(11, *ROW1[7:])]
ROW1_KEEP = dict({c: ALL - {7, 9} for c in ROW1[:3]}, r1c4={7, 9}, r1c5={7, 9}, r1c6=set(range(1, 7)),
                 r1c7=set(range(1, 7)), r1c8={3, 5, 6, 8}, r1c9={3, 5, 6, 8})

# name: (finder, position where it fires, its eliminations as "cell-digit", position where it must not)
CASES = {
    # a cage of 17 in two cells is {8,9}: both lose 1-7, and 8 and 9 leave the rest of row 1 and box 1
    "cage combinations": (cages.cage_combinations, ([cage(17, "r1c1", "r1c2")], {}),
                          gone(["r1c1", "r1c2"], range(1, 8))
                          | gone(sorted(set(ROW1 + BOX1) - {"r1c1", "r1c2"}), [8, 9]),
                          ([cage(10, "r1c1", "r1c2")], {"r1c1": ALL - {5}, "r1c2": ALL - {5}})),
    # 1+2+3: two cells hold only 1 and 2, so the third holds 3; 1 and 2 leave the rest of box 1,
    # 3 the rest of row 3, column 3 and box 1 (a cage of 15 in three cells apart can hold any digit)
    "cage combinations (arranged)": (cages.cage_combinations,
                                     ([cage(6, "r1c1", "r2c2", "r3c3")], {"r1c1": {1, 2}, "r2c2": {1, 2}}),
                                     gone(["r3c3"], ALL - {3})
                                     | gone(sorted(set(BOX1) - {"r1c1", "r2c2", "r3c3"}), [1, 2])
                                     | gone(sorted(set(BOX1 + [f"r3c{c}" for c in range(1, 10)]
                                                       + [f"r{r}c3" for r in range(1, 10)])
                                                   - {"r1c1", "r2c2", "r3c3"}), [3]),
                                     ([cage(15, "r1c1", "r5c5", "r9c9")], {})),
    # row 1 holds 45, its cages 17 + 17: the innies r1c8-r1c9 add up to 11, so r1c9 is 7-9 beside 2-4
    # (five cells left over: no innie sum to use)
    "innies and outies": (cages.innies_outies,
                          ([cage(17, *ROW1[:4]), cage(17, *ROW1[4:7])], {"r1c8": {2, 3, 4}}),
                          gone(["r1c9"], range(1, 7)),
                          ([cage(17, *ROW1[:4])], {"r1c8": {2, 3, 4}})),
    # row 1 is four cages: 16 in two cells is {7,9}, so the 11 in three cells is {1,2,8}, {1,4,6},
    # {2,4,5} or one with 3: {2,3,6} leaves the 7 in two cells no pair ({1,6}, {2,5}, {3,4} each
    # take a digit used), and {1,3,7} needs the 7: 3 leaves r1c1-r1c3 (each cage alone keeps it;
    # with it gone, and 7 and 9 gone from the rest of box 2, nothing more goes)
    "combination analysis": (cages.combination_analysis, (ROW1_CAGES, ROW1_KEEP), gone(ROW1[:3], [3]),
                             (ROW1_CAGES, dict(ROW1_KEEP, **{c: ROW1_KEEP[c] - {3} for c in ROW1[:3]},
                                               **{f"r{r}c{c}": ALL - {7, 9} for r in (2, 3) for c in (4, 5, 6)}))),
    # a 4-cell thermometer: the bulb at most 6, each cell one more than the one before at least
    "thermometer": (run("thermometer"), ([line("thermometer", *ROW1[:4])], {}),
                    gone(["r1c1"], [7, 8, 9]) | gone(["r1c2"], [1, 8, 9]) | gone(["r1c3"], [1, 2, 9])
                    | gone(["r1c4"], [1, 2, 3]),
                    ([line("thermometer", *ROW1[:4])],
                     {"r1c1": set(range(1, 7)), "r1c2": set(range(2, 8)), "r1c3": set(range(3, 9)),
                      "r1c4": set(range(4, 10))})),
    # circle = two different digits of its row: at least 3, and neither shaft cell is 9
    "arrow": (run("arrow"), ([{"type": "arrow", "circle": [[0, 0]], "cells": [[0, 1], [0, 2]]}], {}),
              gone(["r1c1"], [1, 2]) | gone(["r1c2", "r1c3"], [9]),
              ([{"type": "arrow", "circle": [[0, 0]], "cells": [[0, 1], [0, 2]]}],
               {"r1c1": ALL - {1, 2}, "r1c2": ALL - {9}, "r1c3": ALL - {9}})),
    # 5 is never on a whispers line; the middle of three cells in a row is not 4 or 6 either (both
    # ends would be 9, or both 1)
    "German whispers": (run("German whispers"), ([line("whispers", *ROW1[:3])], {}),
                        gone(["r1c1", "r1c3"], [5]) | gone(["r1c2"], [4, 5, 6]),
                        ([line("whispers", *ROW1[:2])], {"r1c1": ALL - {5}, "r1c2": ALL - {5}})),
    # a run of three from 1 is 1, 2, 3
    "renban": (lines.renban, ([line("renban", *ROW1[:3])], {"r1c1": {1}}),
               gone(["r1c2", "r1c3"], [1, 4, 5, 6, 7, 8, 9]),
               ([line("renban", *ROW1[:3])], {})),
    # a black dot: one digit twice the other, so 5, 7 and 9 never (a white dot takes every digit)
    "kropki": (run("kropki"), ([line("kropki", "r1c1", "r1c2", color="black")], {}),
               gone(["r1c1", "r1c2"], [5, 7, 9]),
               ([line("kropki", "r1c1", "r1c2", color="white")], {})),
    # a V adds up to 5: 1+4 or 2+3
    "XV": (run("XV"), ([line("xv", "r1c1", "r1c2", value="V")], {}),
           gone(["r1c1", "r1c2"], range(5, 10)),
           ([line("xv", "r1c1", "r1c2", value="X")], {"r1c1": ALL - {5}, "r1c2": ALL - {5}})),
    # the ends of a palindrome hold the same digit: each keeps what both can hold
    "palindrome": (run("palindrome"), ([line("palindrome", "r1c3", "r2c4", "r3c5")],
                                       {"r1c3": {1, 2, 3}, "r3c5": {2, 3, 4}}),
                   {"r1c3-1", "r3c5-4"},
                   ([line("palindrome", "r1c3", "r2c4", "r3c5")], {"r1c3": {2, 3}, "r3c5": {2, 3}})),
    # a little killer of 3 along r1c2-r2c1 (one box: different digits) is 1+2
    "little killer": (run("little killer"),
                      ([{"type": "little-killer", "clue": [-1, 2], "direction": "DL", "sum": 3}], {}),
                      gone(["r1c2", "r2c1"], range(3, 10)),
                      ([{"type": "little-killer", "clue": [-1, 2], "direction": "DL", "sum": 10}],
                       {"r1c2": ALL - {5}, "r2c1": ALL - {5}})),
    # an odd cell loses the even digits
    "constraint combinations": (run("constraint combinations"), ([{"type": "odd", "cells": [[0, 0]]}], {}),
                                gone(["r1c1"], [2, 4, 6, 8]),
                                ([{"type": "odd", "cells": [[0, 0]]}], {"r1c1": {1, 3, 5, 7, 9}})),
}


@pytest.mark.parametrize("name", CASES)
def test_variant_technique_fires_where_a_person_sees_it_and_nowhere_else(name):
    finder, (constraints, keep), eliminated, (other, other_keep) = CASES[name]
    g = position(constraints, keep)
    step = finder(g)
    assert step is not None, f"{name} not found"
    assert step.technique == name.split(" (")[0]
    assert removed(step) == eliminated
    assert verify_step(step, g.rules, make("sat")) == []
    assert finder(position(other, other_keep)) is None


def test_combination_analysis_sees_what_each_cage_alone_does_not():
    """On row 1 of four cages, each cage alone keeps 3 in r1c1-r1c3 (and innies have no cell left
    over); together they remove it, and the step names each cage's sets that fit with the others."""
    g = position(ROW1_CAGES, ROW1_KEEP)
    alone = cages.cage_combinations(g)
    assert alone is None or not removed(alone) & gone(ROW1[:3], [3])
    assert cages.innies_outies(g) is None
    step = cages.combination_analysis(g)
    assert step.text(g.rules) == (
        "remove 3 from r1c1, r1c2, r1c3: combination analysis in row 1: the 4 cages meeting it fit in with "
        "it only when the cage of 11 at r1c1 is {1,2,8} or {1,4,6} or {2,4,5}; the cage of 16 at "
        "r1c4 is {7,9}; the cage of 7 at r1c6 is {1,6} or {2,5} or {3,4}; the cage of 11 at r1c8 is {3,8} "
        "or {5,6}")
    assert sorted(unit_name(g.rules, k) for k in step.constraints) == [
        "cage at r1c1 (sum 11)", "cage at r1c4 (sum 16)", "cage at r1c6 (sum 7)", "cage at r1c8 (sum 11)", "row 1"]


def test_combination_analysis_leaves_alone_a_unit_with_too_many_sets_to_try():
    """A cage of 8 cells summing to 68 on a 16x16 has hundreds of digit sets, each split eight ways
    where it meets a column: past PARTS, its units are left alone (one such search took seconds).
    Every cage of a 9x9 stays within it, however it meets a unit."""
    row = [[0, c] for c in range(8)]
    g = Grid(parse_puzzle(json.dumps({"givens": "." * 256, "box": [4, 4],
                                      "constraints": [{"type": "killer", "cells": row, "sum": 68}]})))
    full = tuple(frozenset(range(1, 17)) for _ in row)
    assert len(cages.sums(16, 8, 68)) * 8 > cages.PARTS
    assert cages._cage_parts(g.rules, 0, (0,), full) is None
    assert cages.combination_analysis(g) is None
    assert max(len(cages.sums(9, size, total)) * comb(size, size // 2)
               for size in range(2, 10) for total in range(3, 46)) <= cages.PARTS
    nine = position([cage(35, *ROW1[:7])])  # a 7-cell cage: 4 digit sets, each split 35 ways by 3 cells
    assert len(cages._cage_parts(nine.rules, 0, (0, 1, 2), tuple(frozenset(ALL) for _ in range(7)))) > 35


def test_a_single_innie_is_placed_and_an_outie_found_past_the_region():
    """Row 1 less cages of 10 and 30 leaves r1c9 = 5; a cage of 36 reaching from row 1 to r2c9
    leaves the outie r2c9 = 10 + 36 - 45 = 1."""
    g = position([cage(10, *ROW1[:4]), cage(30, *ROW1[4:8])])
    step = cages.innies_outies(g)
    assert step.placements() == [(0, 8, 5)] and not step.removals()
    assert "row 1 holds 45" in step.chain and "innie r1c9 adds up to 5" in step.chain
    assert verify_step(step, g.rules, make("sat")) == []
    g = position([cage(10, *ROW1[:4]), cage(36, *ROW1[4:], "r2c9")])
    step = cages.innies_outies(g)
    assert step.placements() == [(1, 8, 1)] and "outie r2c9" in step.chain
    assert verify_step(step, g.rules, make("sat")) == []


def test_innies_of_two_boxes_side_by_side():
    """Boxes 1 and 2 hold 90; four cages inside them, none inside one row or one box with three
    cells or fewer left over, add up to 85: the innies r3c1 and r3c6 add up to 5, so 1+4 or 2+3."""
    g = position([cage(22, "r1c1", "r1c2", "r1c3", "r1c4", "r2c1"), cage(25, "r2c2", "r2c3", "r2c4", "r3c2"),
                  cage(28, "r1c5", "r1c6", "r2c5", "r2c6"), cage(10, "r3c3", "r3c4", "r3c5")])
    step = cages.innies_outies(g)
    assert removed(step) == gone(["r3c1", "r3c6"], range(5, 10))
    assert step.chain.startswith("boxes 1, 2 hold 90, the 4 cages inside add up to 85")
    assert verify_step(step, g.rules, make("sat")) == []


def test_a_new_cage_is_added_up_again_from_the_rules():
    """An innies step carries its new cage (the 45 rule); the check adds its units and cages up
    again from the rules, and reports a wrong total, a cover that is not exactly the cells, or a
    part with no known sum."""
    g = position([cage(22, "r1c1", "r1c2", "r1c3", "r1c4", "r2c1"), cage(25, "r2c2", "r2c3", "r2c4", "r3c2"),
                  cage(28, "r1c5", "r1c6", "r2c5", "r2c6"), cage(10, "r3c3", "r3c4", "r3c5"),
                  {"type": "killer", "cells": [[8, 8], [8, 7]]}])
    step = cages.innies_outies(g)
    (new,) = step.new_cages
    assert (new.cells, new.total) == (((2, 0), (2, 5)), 5)
    assert [g.rules.units[k].kind for k in new.added] == ["box", "box"] and len(new.taken) == 4
    assert new_cage_problems(new, g.rules) == [] and verify_step(step, g.rules, make("sat")) == []
    assert new_cage_problems(replace(new, total=6), g.rules) == ["they add up to 5, not 6"]
    assert new_cage_problems(replace(new, taken=new.taken[1:]), g.rules) == [
        "the units and cages added up do not cover exactly r3c1, r3c6"]
    unsummed = len(g.rules.units) + 4  # the cage with no sum
    assert new_cage_problems(replace(new, added=new.added + (unsummed,)), g.rules) == [
        "cage at r9c9 has no known sum"]
    bad = replace(step, new_cages=[replace(new, total=6)])
    assert "they add up to 5, not 6" in verify_step(bad, g.rules, make("sat"))


def test_the_check_gives_the_solver_the_new_cage():
    """With its new cage, a step whose units are only row 3 (the cells' own) follows: the solver
    holds the sum beside the row. Without it, the same step does not follow."""
    g = position([cage(22, "r1c1", "r1c2", "r1c3", "r1c4", "r2c1"), cage(25, "r2c2", "r2c3", "r2c4", "r3c2"),
                  cage(28, "r1c5", "r1c6", "r2c5", "r2c6"), cage(10, "r3c3", "r3c4", "r3c5")])
    step = cages.innies_outies(g)
    row3 = [k for k, unit in enumerate(g.rules.units) if unit.kind == "row" and unit.index == 2]
    narrow = Step(step.conclusion, [], row3, step.technique, step.cost, new_cages=step.new_cages)
    assert verify_step(narrow, g.rules, make("sat")) == []
    assert verify_step(replace(narrow, new_cages=[]), g.rules, make("sat")) != []


def test_a_step_check_stops_at_the_deadline():
    g = position([cage(17, "r1c1", "r1c2")])
    step = cages.cage_combinations(g)
    with pytest.raises(TimeLimitReached):
        verify_step(step, g.rules, make("sat"), deadline=Deadline(0))


def test_cage_step_names_the_combinations():
    g = position([cage(17, "r1c1", "r1c2")])
    step = cages.cage_combinations(g)
    assert step.chain.startswith("cage of 17 in r1c1-r1c2 is {8,9}")
    assert "cage combinations in cage at r1c1 (sum 17)" in step.text(g.rules)


def test_classic_grids_have_no_variant_step():
    g = Grid(parse_puzzle("." * 81))
    for finder in [cages.cage_combinations, cages.innies_outies, lines.renban,
                   *(run(t) for t in set(lines.NAMED.values()) | {lines.GENERIC})]:
        assert finder(g) is None


@pytest.mark.parametrize("cage_list", [KILLER1, KILLER2], ids=["killer1", "killer2"])
def test_published_killer_starts_with_cage_combinations(cage_list):
    """The published 9x9 killers (no givens) open with cage combinations, not a what-if through
    many cages; the first steps are each verified by a fresh solver (explain_steps checks them)."""
    s9 = Shape(3, 3)
    board = Board(s9, (0,) * 81, build(s9, cages=cage_list))
    steps = explain_steps(board, limit=12)
    assert steps[0].technique == "cage combinations"
    assert not [s.technique for s in steps if s.technique.startswith(("what if", "deduction"))]


def test_published_killer_explained_without_what_ifs():
    """All of a published killer, every step named (no general deduction) and verified, ending at
    its published solution."""
    s9 = Shape(3, 3)
    board = Board(s9, (0,) * 81, build(s9, cages=KILLER2))
    steps = explain_steps(board)
    used = steps.techniques()
    assert "cage combinations" in used
    assert not [t for t in used if t.startswith(("what if", "deduction"))]



VARIANT_FINDERS = [cages.cage_combinations, cages.innies_outies, cages.combination_analysis, lines.renban,
                   *(run(t) for t in sorted(set(lines.NAMED.values()) | {lines.GENERIC}))]


def positions(board: Board, solution: str):
    """The grid before each step of a walk from ``board`` to its ``solution``: named techniques
    (no solver call), and where none applies the solution's digit placed in a cell with the
    fewest candidates."""
    from sudoku_cp.tasks.steps import next_step

    g = Grid(board)
    while not g.solved():
        yield g
        step = next_step(g)
        if step is not None:
            g.apply(step)
            continue
        i = min((len(g.cands[i]), i) for i in range(81) if not g.cells[i])[1]
        g.cells[i] = int(solution[i])
        g.refresh()


@pytest.mark.parametrize("which", ["KILLER1", "CTC Tribute"])
def test_remembered_answers_equal_fresh_ones_on_published_positions(which):
    """The variant finders remember what a constraint's cells allow by their candidates (searches,
    cage combinations, innie and outie sums): on each position of a published killer as named
    techniques solve it, with the memory of the positions before, each finder gives the step it
    gives with that memory emptied."""
    from published_kinds import PUBLISHED, board as published_board

    if which == "KILLER1":
        s9 = Shape(3, 3)
        board, solution = Board(s9, (0,) * 81, build(s9, cages=KILLER1)), KILLER1_SOLUTION
    else:
        (entry,) = [p for p in PUBLISHED if which in p.source]
        board, solution = published_board(entry), entry.solution

    def steps(g):
        return [None if s is None else (s.text(g.rules), s.premises, s.constraints) for s in
                (finder(g) for finder in VARIANT_FINDERS)]
    fired = []
    for g in positions(board, solution):
        remembered = steps(g)
        forget()
        assert steps(g) == remembered
        fired += [s for s in remembered if s is not None]
    assert len(fired) > 20


def test_remembered_answers_are_forgotten_when_other_rules_come():
    """The finders' remembered answers (a cage's parts, a unit filled with its cages) last while
    the rules do: explaining a puzzle with other rules starts with none, the same rules keep them."""
    s9 = Shape(3, 3)
    killer = Board(s9, (0,) * 81, build(s9, cages=KILLER1))
    explain_steps(killer, check=False)
    held = lines.combinations_of.cache_info().currsize
    assert held > 0
    forget_unless(killer.rules)
    assert lines.combinations_of.cache_info().currsize == held
    forget_unless(parse_puzzle("." * 81).rules)
    assert lines.combinations_of.cache_info().currsize == 0


def published_killers(file: str = "killers-published.txt") -> list[tuple[str, str, str]]:
    """data/killers-published.txt (or ``file``): (name, puzzle text (a document or a SudoCue
    string), solution), from each puzzle's ``#`` line."""
    out, about = [], None
    for line in (DATA / file).read_text(encoding="utf-8").splitlines():
        if line.startswith("# ") and "; solution " in line:
            about = (line[2:].split(":", 1)[0], line.rsplit(" ", 1)[1])
        elif line and not line.startswith("#"):
            out.append((about[0], line, about[1]))
    return out


def test_the_published_killers_have_their_published_solutions():
    killers = published_killers()
    assert len(killers) == 34
    for name, text, solution in killers:
        found = make("sat").count(parse_puzzle(text), 2)
        assert len(found.solutions) == 1, name
        assert "".join(map(str, found.solutions[0].cells)) == solution, name


def test_the_hardest_generated_killers_keep_their_recorded_solutions():
    """data/killers-hardest.txt (a bench collection: killers generated to be hard for a solver):
    each recorded solution keeps every cage and unit, and only a solution of that puzzle does.
    Proving each the only one took CaDiCaL 2 to 11 s (and Glucose agreed when they were recorded):
    too long for the suite."""
    killers = published_killers("killers-hardest.txt")
    assert len(killers) == 14 and len({text for _, text, _ in killers}) == 14
    for name, text, solution in killers:
        board = parse_puzzle(text)
        assert is_solution(board.with_cells(tuple(map(int, solution))), board), name
    board = parse_puzzle(killers[0][1])  # (and the check can fail: another puzzle's solution)
    assert not is_solution(board.with_cells(tuple(map(int, killers[1][2]))), board)


def test_a_published_killer_with_innies_is_explained_and_checked():
    """A "human-solvable zero" killer: every step verified, the innies and outies steps with their
    new cages added up again, each what-if a chain through the cages, ending at its published
    solution."""
    name, text, solution = next(k for k in published_killers() if k[0] == "hs8")
    steps = explain_steps(parse_puzzle(text))
    innies = [s for s in steps if s.technique == "innies and outies"]
    assert len(innies) >= 5 and all(len(s.new_cages) == 1 for s in innies)
    assert all(new_cage_problems(s.new_cages[0], steps.rules) == [] for s in innies)
    assert "".join(map(str, replay(steps.puzzle, steps)[-1][0])) == solution
    general = [s for s in steps if s.technique.startswith(("what if", "deduction"))]
    assert general and all(s.chain for s in general if s.minimal_under not in SEARCHED)  # told link by link


def test_the_steps_reason_with_cage_sets_and_leave_the_backend_asked_alone():
    """The general steps' solver says a killer's sums as ``cage-sets`` (its propagation decides
    which what-ifs come first); the backend given, and one on families of its own, are unchanged."""
    sat = make("sat")
    assert reasoning(sat).encoding == "complete+cage-sets" and sat.encoding == "complete"
    assert reasoning(make("sat", encoding="natural")).encoding == "natural+cage-sets"
    assert reasoning(make("sat", encoding="complete+cage-pb")).encoding == "complete+cage-pb"
    cpsat = make("cpsat")
    assert reasoning(cpsat) is cpsat
    board = parse_puzzle(next(k for k in published_killers() if k[0] == "hs4")[1])
    prover = Prover(board.rules, sat, Deadline(None))
    try:
        assert prover.backend.encoding == "complete+cage-sets"
    finally:
        prover.close()


def test_a_search_step_with_many_units_names_those_its_refutation_used():
    """A "what if, by search" on a published killer: a solver holding only its units refutes the
    assumption from its premises, each premise needed; with more than SHRINK_MOST units they are a
    fresh solver's core, its refutation on exactly them using each one."""
    name, text, solution = next(k for k in published_killers() if k[0] == "hs4")
    board = parse_puzzle(text)
    steps = explain_steps(board, limit=45)
    (step,) = [s for s in steps if s.technique == "what if, by search"]
    assert step.minimal_under == "solver core" and len(step.constraints) > SHRINK_MOST
    assert "a search through" in step.text(board.rules)
    prover = Prover(board.rules, make("sat"), Deadline(None))
    try:
        assumed = step.assumption
        assert prover.implies(step.constraints, step.premises, assumed)
        for k in range(len(step.premises)):
            assert not prover.implies(step.constraints, step.premises[:k] + step.premises[k + 1:], assumed)
    finally:
        prover.close()
    with reasoning(make("sat")).parts_session(board.rules) as fresh:  # (the sums as the steps say them)
        assert fresh.solve(step.premises + [assumed], guards=fresh.guards(step.constraints)) is False
        assert set(fresh.core_parts()) >= set(step.constraints)


def test_a_search_step_whose_refutation_runs_long_names_the_whole_rules(monkeypatch):
    """Past :data:`CORE_CONFLICTS` a search step takes no core (on the published killers such a
    core held all the constraints, or all but a few): it names every constraint, refutes the same
    candidate, and is checked like any other step."""
    from sudoku_cp.tasks import steps as steps_module  # noqa: PLC0415

    name, text, solution = next(k for k in published_killers() if k[0] == "flowers")
    board = parse_puzzle(text)
    (cored,) = [s for s in explain_steps(board, limit=3) if s.technique == "what if, by search"]
    monkeypatch.setattr(steps_module.seam, "CORE_CONFLICTS", 1)
    (whole,) = [s for s in explain_steps(board, limit=3) if s.technique == "what if, by search"]
    everything = len(board.rules.units) + len(board.rules.constraints)
    assert whole.assumption == cored.assumption and whole.minimal_under == "solver core"
    assert len(whole.constraints) == everything > len(cored.constraints)
    assert f"a search through {everything} constraints" in whole.text(board.rules)


def test_a_step_over_the_whole_rules_is_checked_by_a_session_holding_them():
    """A step that names every constraint is put to one session of the whole rules (no guards, kept
    from step to step) when it is given: the same answers as the guarded session, a wrong conclusion
    still caught; a step over fewer constraints is never asked of it."""
    name, text, solution = next(k for k in published_killers() if k[0] == "hs4")
    board = parse_puzzle(text)
    rules, sat = board.rules, make("sat")
    n, everything = board.size, list(range(len(rules.units) + len(rules.constraints)))
    first = explain_steps(board, limit=1)[0]
    r, c = divmod(next(i for i in range(n * n) if not board.cells[i]), n)
    right = Step([(r, c, -e) for e in range(1, n + 1) if e != int(solution[r * n + c])], [], everything,
                 "what if, by search", 1)
    wrong = Step([(r, c, -int(solution[r * n + c]))], [], everything, "what if, by search", 1)
    asked = []
    with sat.session(rules) as whole, sat.parts_session(rules) as parts:
        solve = whole.solve

        def recorded(facts, *args, **kwargs):
            asked.append(list(facts))
            return solve(facts, *args, **kwargs)
        whole.solve = recorded
        assert verify_step(right, rules, sat, parts, whole=whole) == [] == verify_step(right, rules, sat, parts)
        assert len(asked) == n  # (the premises and each conclusion)
        found = verify_step(wrong, rules, sat, parts, whole=whole)
        assert found == verify_step(wrong, rules, sat, parts) and "does not follow" in found[0]
        asked.clear()
        assert verify_step(first, rules, sat, parts, whole=whole) == [] and asked == []



def test_a_step_over_the_whole_rules_is_checked_against_the_only_solution():
    """Given the solution a count proved the only one, a step naming every constraint is checked
    against it with no solver asked: the same answers as the whole-rules session, a wrong conclusion
    or premise caught; a step over fewer constraints is still asked of a solver, and fails where its
    constraints alone do not imply what the solution holds."""
    name, text, solution = next(k for k in published_killers() if k[0] == "hs4")
    board = parse_puzzle(text)
    rules, sat = board.rules, make("sat")
    n, everything = board.size, list(range(len(rules.units) + len(rules.constraints)))
    cells = [int(d) for d in solution]
    i = next(i for i in range(n * n) if not board.cells[i])
    r, c = divmod(i, n)
    right = Step([(r, c, -e) for e in range(1, n + 1) if e != cells[i]], [], everything, "what if, by search", 1)
    wrong = Step([(r, c, -cells[i])], [], everything, "what if, by search", 1)
    j = next(j for j in range(n * n) if j != i and not board.cells[j])
    false_premise = Step([(r, c, -e) for e in range(1, n + 1) if e != cells[i]],
                         [(j // n, j % n, -cells[j])], everything, "what if, by search", 1)

    class Unasked:  # a backend that must not be asked
        def session(self, *args, **kwargs):
            raise AssertionError("a solver was asked")
        parts_session = session

    with sat.session(rules) as whole:
        for step in (right, wrong):
            assert verify_step(step, rules, Unasked(), solution=cells, givens=board.givens()) == verify_step(
                step, rules, sat, whole=whole)
    assert verify_step(right, rules, Unasked(), solution=cells, givens=board.givens()) == []
    assert verify_step(wrong, rules, Unasked(), solution=cells, givens=board.givens()) == [
        f"r{r + 1}c{c + 1} != {cells[i]} does not follow"]
    assert verify_step(false_premise, rules, Unasked(), solution=cells, givens=board.givens()) == [
        "its premises cannot hold together"]
    few = Step(right.conclusion, [], [0], "?", 1)  # row 1 alone
    with pytest.raises(AssertionError, match="a solver was asked"):  # fewer constraints: a solver decides
        verify_step(few, rules, Unasked(), solution=cells, givens=board.givens())
    assert verify_step(few, rules, sat, solution=cells, givens=board.givens()) != []  # one row alone implies none of it


def test_a_search_step_has_no_premises_and_no_search_for_them(monkeypatch):
    """A "what if, by search"'s premises are the facts its refutation used: on flowers (a killer
    with no givens, steps 3 to 6) the whole rules refute each candidate from no fact at all, so
    they are none, and no search is asked before the solution has come (it has: no ``searched``)."""
    name, text, solution = next(k for k in published_killers() if k[0] == "flowers")
    board = parse_puzzle(text)
    asked = []
    searched = Prover.searched

    def recorded(self, facts, fact):
        asked.append(fact)
        return searched(self, facts, fact)
    monkeypatch.setattr(Prover, "searched", recorded)
    found = [s for s in explain_steps(board, limit=6) if s.technique == "what if, by search"]
    assert len(found) == 2 and all(s.premises == [] for s in found) and asked == []


def test_a_search_step_removes_each_of_its_cells_digits_its_constraints_refute():
    """A search step removes at once each digit of its cell the solution does not hold that its
    constraints refute: through the whole rules, all of them (no search asked); through fewer,
    those the guarded solver refutes there within its bound. On flowers: r1c6 loses 2 and 3
    through 19 constraints (a fresh solver's core: a search past :data:`CORE_CONFLICTS` stops
    its shrinking), then 4, 5, 6, 8 and 9 through all 44; each
    step is checked by another solver as it is found."""
    name, text, solution = next(k for k in published_killers() if k[0] == "flowers")
    board = parse_puzzle(text)
    everything = len(board.rules.units) + len(board.rules.constraints)
    searched = [s for s in explain_steps(board, limit=6) if s.technique == "what if, by search"]
    assert [s.conclusion for s in searched] == [[(0, 5, -2), (0, 5, -3)], [(0, 5, -e) for e in (4, 5, 6, 8, 9)]]
    assert [len(s.constraints) for s in searched] == [19, everything] and int(solution[5]) == 7
    assert searched[0].text(board.rules).startswith(
        "remove 2, 3 from r1c6: what if r1c6 were 2 or 3? a search through 19 constraints (rows 1-4; columns 1-4, 6; "
        "boxes 1, 2, 4; 7 cages) reaches a contradiction in each case: no arrangement of these 19 constraints fits the "
        "facts (0 facts used)")
    assert searched[1].text(board.rules).startswith(
        "remove 4, 5, 6, 8, 9 from r1c6: what if r1c6 were 4, 5, 6, 8 or 9? a search through 44 constraints "
        "(rows 1-9; columns 1-9; boxes 1-9; 17 cages) reaches a contradiction in each case: no arrangement of "
        "these 44 constraints fits the facts (0 facts used)")

def test_a_what_if_through_a_cage_is_told_as_a_chain():
    """A refutation through a cage's sum reads link by link: r1c3=1 takes 1 from the cage of 3 in
    row 1, which then cannot be filled."""
    from sudoku_cp.tasks.steps import contradiction_text  # noqa: PLC0415
    from sudoku_cp.tasks.techniques.forcing import trace  # noqa: PLC0415

    g = position([cage(3, "r1c1", "r1c2")])
    row1, the_cage = 0, len(g.rules.units)
    assert g.rules.units[row1].kind == "row" and g.rules.units[row1].index == 0
    chain = trace(g, [row1, the_cage], [], (0, 2, 1))
    assert chain.words() == "r1c3=1 so r1c1,r1c2<>1"
    assert contradiction_text(g.rules, chain.end) == "cage at r1c1 (sum 3) cannot be filled"
    assert chain.arrows == [((0, 2, 1), (0, 0, -1)), ((0, 2, 1), (0, 1, -1))]
    assert trace(g, [row1], [], (0, 2, 1)) is None  # the row alone reaches nothing


@pytest.mark.parametrize("marks, negative, pair", [
    ([{"type": "xv", "cells": [[0, 0], [0, 1]], "value": "V"}], {"type": "xv-negative"}, ((0, 0, 1), (0, 1, 4))),
    ([{"type": "kropki", "cells": [[0, 0], [0, 1]], "color": "black"}], {"type": "kropki-negative"}, ((0, 0, 1), (0, 1, 2))),
    ([{"type": "minimum", "cells": [[0, 0]]}, {"type": "minimum", "cells": [[0, 1]]}], None, ((0, 0, 2), (0, 1, 1))),
])
def test_a_constraint_held_apart_from_the_others_means_what_it_means_among_them(marks, negative, pair):
    """A negative rule reads which neighbours carry no mark, a minimum cell which neighbours are
    minimum cells too: a step's parts (``part``) and a guarded session's parts hold such a rule as
    all the rules read it, whatever else they hold. Held alone, the negative rule took every pair as
    bare, so that it and the mark together had no solution, and steps followed from that alone."""
    from sudoku_cp.tasks.steps import part

    rules = parse_puzzle(json.dumps({"givens": "." * 81, "constraints": marks + ([negative] if negative else [])})).rules
    u = len(rules.units)
    sat = make("sat")
    for ks in [[u + k for k in range(len(rules.constraints))], [u + len(rules.constraints) - 1]]:
        with sat.session(part(rules, ks), stats=False) as alone:
            assert alone.solve(list(pair)) is True, ks
        with sat.parts_session(rules) as held:
            assert held.solve(list(pair), guards=held.guards(ks)) is True, ks
