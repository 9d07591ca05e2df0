"""Unit propagation in a guarded SAT solver answers what naked and hidden singles answer.

The general steps (:mod:`sudoku_cp.tasks.steps`) run their thousands of trials as a MiniSat
solver's unit propagation (:class:`~sudoku_cp.tasks.refutations.UnitPropagation`) instead of the
Python singles of :class:`~sudoku_cp.tasks.refutations.Propagation`; these tests hold the two to the
same answers on real positions, over every unit and over random sets of units and relations, and
the deletions built on them to the same minimal sets.
"""

from __future__ import annotations

import copy
import random

import pytest

from gridgen import blank_out, random_solved_rows
from sudoku_cp.core.board import Board
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.refutations import Propagation, UnitPropagation, facts_deletion, units_deletion
from sudoku_cp.tasks.steps import Grid, next_step, singles_refute
from test_steps import ANTIKING, KILLER, RELATED, TOP

WINDOKU = ('{"size": 9, "givens": ".2......15...........9.......4.7...................6..2.3....9.......8..96...4..2", '
           '"box": [3, 3], "constraints": [{"type": "windoku"}]}')
PUZZLES = {"classic": TOP, "antiknight": RELATED[0], "antiking 6x6": ANTIKING, "nonconsecutive": RELATED[2],
           "windoku": WINDOKU}


def positions(text: str, every: int = 4):
    """Grids along a puzzle's named steps: the start, then every ``every``-th step's result (copies)."""
    board = parse_puzzle(text)
    grid = Grid(board)
    yield snapshot(grid)
    done = 0
    while (step := next_step(grid)) is not None:
        grid.apply(step)
        done += 1
        if done % every == 0 and not grid.solved():
            yield snapshot(grid)


def snapshot(grid: Grid) -> Grid:
    held = copy.copy(grid)
    held.cells, held.removed, held.cands = list(grid.cells), set(grid.removed), [set(c) for c in grid.cands]
    return held


@pytest.mark.parametrize("text", PUZZLES.values(), ids=PUZZLES.keys())
def test_unit_propagation_refutes_what_singles_refute(text):
    """Candidate by candidate, over every unit and over random unit sets (relations included)."""
    pick = random.Random(7)
    up = None
    tried = refuted = 0
    try:
        for grid in positions(text):
            if up is None:
                up = UnitPropagation(grid.rules)
            facts = grid.facts()
            candidates = [grid.fact(i, d) for i in range(grid.n ** 2) for d in sorted(grid.cands[i])]
            for units in [grid.every] + [pick.sample(grid.every, pick.randrange(1, len(grid.every)))
                                         for _ in range(3)]:
                fast = up.refuted(units, facts, candidates)
                assert fast == Propagation(grid, units).refuted(facts, candidates)
                for fact in pick.sample(candidates, min(8, len(candidates))):
                    assert up.contradicts(units, facts + [fact]) == singles_refute(grid, units, facts, fact)
                tried += len(candidates)
                refuted += sum(fast)
    finally:
        if up is not None:
            up.close()
    assert 0 < refuted < tried  # both answers met


@pytest.mark.parametrize("text", [TOP, RELATED[0], RELATED[2]], ids=["classic", "antiknight", "nonconsecutive"])
def test_deletions_by_unit_propagation_are_those_of_singles(text):
    """The units, then the facts, of a refutation: the same minimal sets by either propagation,
    and a kept deletion holds (or not) alike once more removals come."""
    grids = list(positions(text, every=3))
    grid = grids[len(grids) // 2]
    up = UnitPropagation(grid.rules)
    try:
        facts = grid.facts()
        candidates = [grid.fact(i, d) for i in range(grid.n ** 2) for d in sorted(grid.cands[i])]
        refuted = [f for f, r in zip(candidates, up.refuted(grid.every, facts, candidates)) if r]
        assert refuted
        for fact in refuted[:6]:
            slow, fast = units_deletion(grid, facts, fact), units_deletion(grid, facts, fact, up)
            units = slow.run()
            assert fast.run() == units
            assert facts_deletion(grid, units, facts, fact, up).run() == facts_deletion(grid, units, facts, fact).run()
            others = [f for f in candidates if f[:2] != fact[:2]][:4]  # more removals, as later steps bring
            added = [(r, c, -d) for r, c, d in others]
            assert fast.holds(added) == slow.holds(added)
    finally:
        up.close()


def test_sixteen_by_sixteen_agrees_too():
    """A 16x16 position: a random solved grid with about half its cells kept."""
    rng = random.Random(16)
    board = Board.from_rows(blank_out(random_solved_rows(4, 4, rng), 0.45, rng))
    grid = Grid(board)
    up = UnitPropagation(board.rules)
    try:
        facts = grid.facts()
        candidates = [grid.fact(i, d) for i in range(256) for d in sorted(grid.cands[i])]
        fast = up.refuted(grid.every, facts, candidates)
        assert fast == Propagation(grid, grid.every).refuted(facts, candidates)
        assert 0 < sum(fast) < len(fast)
    finally:
        up.close()


@pytest.mark.parametrize("text", [TOP, RELATED[0]], ids=["classic", "antiknight"])
def test_a_solver_holding_the_facts_answers_as_one_assuming_them(text):
    """:meth:`UnitPropagation.under` (the facts as unit clauses, a query adding one or two facts)
    refutes what assuming the facts every time refutes, and derives the same facts where it
    reaches no conflict."""
    grid = list(positions(text, every=3))[1]
    up = UnitPropagation(grid.rules)
    try:
        facts = grid.facts()
        candidates = [grid.fact(i, d) for i in range(grid.n ** 2) for d in sorted(grid.cands[i])]
        pick = random.Random(3)
        fixpoints = 0
        fixed = up.under(facts)
        for a in pick.sample(candidates, 12):
            ok, derived = fixed.propagate([a])
            again, whole = up.propagate(up.every, facts + [a])
            assert ok == again
            if ok:  # (at a conflict, how far each got depends on the order it went)
                assert sorted(derived) == sorted(whole)
                fixpoints += 1
            for b in pick.sample(candidates, 12):
                assert fixed.contradicts([a, b]) == up.contradicts(up.every, facts + [a, b])
        assert fixpoints
    finally:
        up.close()


@pytest.mark.parametrize("text", [TOP, KILLER], ids=["classic", "killer 4x4"])
def test_the_solver_holding_the_facts_is_kept_while_they_grow(text):
    """Along a solve the facts only grow: :meth:`UnitPropagation.under` keeps its solver and adds
    the new facts, and its refutations (over every part, and over the units and relations alone)
    are those of assuming the facts each time; facts that drop one it holds get a new solver."""
    grids = list(positions(text, every=1))[:4]
    up = UnitPropagation(grids[0].rules)
    try:
        assert len(grids) == 4 and (text != KILLER or len(up.every) > len(grids[0].every))  # (the cages: parts beyond)
        refuted = tried = 0
        for parts in (up.every, grids[0].every):
            first = up.under(grids[0].facts(), parts)
            for grid in grids:
                facts = grid.facts()
                candidates = [grid.fact(i, d) for i in range(grid.n ** 2) for d in sorted(grid.cands[i])]
                base = up.literals(facts) + [up.guards[k] for k in parts]
                assumed = [up.session.contradicts_literals(base + [lit]) for lit in up.literals(candidates)]
                assert up.refuted(parts, facts, candidates) == assumed
                assert up.under(facts, parts) is first  # (kept: the facts grew)
                refuted, tried = refuted + sum(assumed), tried + len(assumed)
            assert up.under(grids[0].facts(), parts) is not first  # (the later facts dropped: a new one)
        assert 0 < refuted < tried
    finally:
        up.close()
