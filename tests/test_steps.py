"""Step-by-step explanations: every step follows from its premises and units, the steps end at the
solution, easy puzzles need only singles, and the page steps forward and back in a real browser."""

from __future__ import annotations

import json
import random
from itertools import compress

import pytest

from gridgen import blank_out, dataset_lines, random_solved_rows
from sudoku_cp.backends import Deadline, make
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, Shape
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.variants import partners
from sudoku_cp.examples import classic
from sudoku_cp.formats.text import format_line, parse_puzzle
from sudoku_cp.tasks import steps as steps_module
from sudoku_cp.tasks.cores import shrink_core
from sudoku_cp.tasks.techniques import FINDERS, TECHNIQUES
from sudoku_cp.tasks.refutations import Deletion, Propagation, refutation
from sudoku_cp.tasks.solving import count
from sudoku_cp.tasks.steps import (
    BOUND,
    CASES_COST,
    COSTS,
    DEDUCTION_COST,
    SEARCH_COST,
    SEARCHED,
    SHRINK_MOST,
    TRIAL_CONFLICTS,
    WHAT_IF_COST,
    Grid,
    Prover,
    Step,
    contradiction,
    contradiction_text,
    explain_steps,
    fewest_facts,
    fewest_units,
    next_step,
    replay,
    singles_refute,
    verify_step,
    where_stuck,
)

SINGLES = {"full house", "hidden single", "naked single"}
PUZZLES = dataset_lines("17clue-half.txt", 10, 301) + dataset_lines("top1465.txt", 10, 139)


def ends_at_solution(board: Board, steps) -> None:
    cells, _ = replay(board, steps)[-1]
    final = board.with_cells(tuple(cells))
    assert is_solution(final, board)
    assert final == count(board, 2, "cpsat").solution  # the unique solution, by another backend


def test_classic_board_every_step_verified_by_cpsat_too():
    board = classic()
    steps = explain_steps(board)
    assert steps and set(steps.techniques()) <= SINGLES
    cpsat = make("cpsat")
    for step in steps:
        assert verify_step(step, board.rules, cpsat) == []
    ends_at_solution(board, steps)


@pytest.mark.parametrize("line", PUZZLES, ids=[f"p{k}" for k in range(len(PUZZLES))])
def test_collection_puzzles_reach_the_solution_with_verified_steps(line):
    board = parse_puzzle(line)
    steps = explain_steps(board)  # raises VerificationError if any step fails its own check
    ends_at_solution(board, steps)
    sat = make("sat:glucose4")  # another SAT solver than the default, asked again
    for step in steps:
        assert verify_step(step, board.rules, sat) == []
        assert step.conclusion and step.cost >= 1
        placed = step.placements()
        assert len(placed) <= 1 and (not placed or not step.removals())
    costs = [s.cost for s in steps]
    assert all(isinstance(c, int) for c in costs)


def test_general_steps_have_minimal_premises_and_units():
    """A deduction found through the seam: a solver holding only its units refutes the assumption
    from its premises, and every premise and every unit is needed (by propagation through those
    units, or by the solver when propagation alone does not see it)."""
    seen = 0
    for line in dataset_lines("top1465.txt", 3, 139):
        board = parse_puzzle(line)
        steps = explain_steps(board)
        prover = Prover(board.rules, make("sat"), Deadline(None))
        try:
            for step in steps:
                if step.assumption is None:
                    continue
                seen += 1
                (fact,) = step.conclusion
                assumed = (fact[0], fact[1], -fact[2])
                assert assumed == step.assumption
                assert prover.implies(step.constraints, step.premises, assumed)  # a solver agrees
                grid = Grid(board)  # (singles_refute reads only the units' cells from it)
                if step.minimal_under == "propagation":
                    def refutes(units, premises):
                        return singles_refute(grid, units, premises, assumed)
                elif step.minimal_under == "solver propagation":
                    def refutes(units, premises):
                        return prover.propagates(units, premises + [assumed])
                else:
                    assert step.minimal_under in SEARCHED

                    def refutes(units, premises):
                        return prover.implies(units, premises, assumed)
                assert refutes(step.constraints, step.premises)
                for k in range(len(step.premises)):  # every premise is needed
                    assert not refutes(step.constraints, step.premises[:k] + step.premises[k + 1:])
                if step.minimal_under == "solver":  # every unit: a search of TRIAL_CONFLICTS cannot do without it
                    def refutes(units, premises):
                        return prover.implies(units, premises, assumed, TRIAL_CONFLICTS)
                if step.minimal_under == "solver core":  # the units a fresh solver's refutation used
                    assert len(step.constraints) > SHRINK_MOST
                    assert set(prover.fresh_core(step.constraints, step.premises, assumed)) == set(step.constraints)
                    continue
                for k in range(len(step.constraints)):  # and every unit
                    assert not refutes(step.constraints[:k] + step.constraints[k + 1:], step.premises)
        finally:
            prover.close()
    assert seen >= 1  # these puzzles need at least one general step


TOP = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def first_general_position(line: str) -> tuple[Board, Grid]:
    """The grid where the named techniques run out for the first time (the seam's first step)."""
    board = parse_puzzle(line)
    grid = Grid(board)
    while (step := next_step(grid)) is not None:
        grid.apply(step)
    return board, grid


def test_general_steps_come_cheapest_first():
    """Among every candidate propagation refutes here, the step is the cheapest full explanation:
    the fewest units, then the fewest facts (brute force over all of them). The old choice (the
    first cell with a refuted candidate) took a what-if through 18 units; some need 10 or fewer."""
    board, grid = first_general_position(TOP)
    prover = Prover(board.rules, make("sat"), Deadline(None))
    try:
        step = prover.general(grid)
        facts = grid.facts()
        refuted = [grid.fact(i, d) for i in range(81) for d in sorted(grid.cands[i])
                   if prover.refuted(facts, grid.fact(i, d))]
        assert len(refuted) > 20
        full = []
        for fact in refuted:  # each one explained fully: units, then the premises under them
            units = fewest_units(grid, facts, fact)
            premises = shrink_core(lambda s, u=units, f=fact: singles_refute(grid, u, s, f), facts)
            full.append((len(units), len(premises)))
        assert (len(step.constraints), len(step.premises)) == min(full)
        assert step.cost == WHAT_IF_COST + min(full)[0]
        # and no cheaper than the premises-first explanation of any candidate (the old way)
        old = [len(prover._reason(grid, facts, f, prover.refuted)[0]) for f in refuted[:12]]
        assert len(step.constraints) <= min(old) <= 18
    finally:
        prover.close()
    assert verify_step(step, board.rules, make("cpsat")) == []
    text = step.text(board.rules)
    assert f"reaches a contradiction: {contradiction_text(board.rules, step.contradiction)} (" in text
    r, c, d = step.assumption
    assert f"; the chain: r{r + 1}c{c + 1}={d} so " in text  # a forcing chain, link by link


def test_fast_refutations_answer_as_plain_singles_do():
    """The refutations of :mod:`sudoku_cp.tasks.refutations` (a worklist, the facts propagated
    once, deletions that skip what the last refutation did not use) answer what
    :func:`singles_refute` and a plain :func:`shrink_core` deletion answer, candidate by candidate."""
    _, grid = first_general_position(TOP)
    facts, every = grid.facts(), grid.every
    candidates = [grid.fact(i, d) for i in range(81) for d in sorted(grid.cands[i])]
    fast = Propagation(grid, every).refuted(facts, candidates)
    assert fast == [singles_refute(grid, every, facts, f) for f in candidates]
    refuted = list(compress(candidates, fast))
    assert 20 < len(refuted) < len(candidates)
    for fact in refuted[:5]:
        units = shrink_core(lambda s, f=fact: singles_refute(grid, s, facts, f), every)
        assert fewest_units(grid, facts, fact) == units
        assert fewest_units(grid, facts, fact, len(units) - 1) is None  # cut short past the bound
        premises = shrink_core(lambda s, u=units, f=fact: singles_refute(grid, u, s, f), facts)
        assert fewest_facts(grid, units, facts, fact) == premises
        used, needed = refutation(grid, units, premises, fact)  # its cone: every unit and fact
        assert used == set(units) and needed == set(premises)
    assert refutation(grid, every, facts, candidates[fast.index(False)]) is None


def test_general_steps_kept_from_step_to_step_are_the_fresh_ones(monkeypatch):
    """A prover keeps its deletions from one general step to the next while they hold with the new
    facts (:meth:`Deletion.holds`): each step is the one a fresh prover finds on the same grid, and
    kept deletions were used (named steps in between, a placed digit among them, included)."""
    held = []
    holds = Deletion.holds
    monkeypatch.setattr(Deletion, "holds", lambda self, added: held.append(holds(self, added)) or held[-1])
    board, grid = first_general_position(TOP)
    kept = Prover(board.rules, make("sat"), Deadline(None))
    try:
        for _ in range(5):
            step = kept.general(grid)
            fresh = Prover(board.rules, make("sat"), Deadline(None))
            try:
                again = fresh.general(grid)
            finally:
                fresh.close()
            assert step is not None and again is not None
            assert ((step.conclusion, step.premises, step.constraints, step.technique, step.chain)
                    == (again.conclusion, again.premises, again.constraints, again.technique, again.chain))
            grid.apply(step)
            while (named := next_step(grid)) is not None:
                grid.apply(named)
    finally:
        kept.close()
    assert any(held)


# Anti-knight 9x9 positions where propagation refutes no candidate any more (candidates removed
# by earlier steps, as "row col digit"): before the bounded case split, only a search went on.
# In the first the split is on a cell's digits, in the second on a unit's places for a digit.
KNIGHT = [
    ("6............72......1......4........3......4......5....58.1..2.................9",
     "131 137 177 182 214 215 221 234 245 283 313 315 333 337 377 382 384 443 447 452 456 465 467 "
     "472 531 538 545 551 555 558 571 572 582 587 627 628 643 652 659 668 681 713 784 811 828 836 "
     "839 854 855 865 873 881 883 885 938 945 971"),
    ("6.........8..72......1......4........3......4......5....58.1..2.................9",
     "131 137 154 165 177 178 182 185 195 214 215 221 225 229 234 245 281 283 286 288 313 315 318 "
     "333 337 377 378 382 384 385 395 417 418 438 443 447 452 456 465 467 472 478 517 531 538 545 "
     "551 555 558 566 571 572 577 582 586 587 627 628 643 652 656 659 668 681 713 784 811 828 834 "
     "836 839 844 846 854 855 865 873 876 881 883 885 887 893 896 898 938 945 946 963 966 971 983 987"),
]


@pytest.mark.parametrize("givens, removed", KNIGHT, ids=["cell", "unit"])
def test_when_propagation_refutes_nothing_a_bounded_what_if_splits_cases(givens, removed):
    board = parse_puzzle('{"givens": "%s", "box": [3, 3], "constraints": [{"type": "antiknight"}]}'
                         % givens)
    grid = Grid(board)
    grid.removed = {((int(t[0]) - 1) * 9 + int(t[1]) - 1, int(t[2])) for t in removed.split()}
    grid.refresh()
    prover = Prover(board.rules, make("sat"), Deadline(None))
    try:
        facts = grid.facts()
        assert not any(prover.refuted(facts, grid.fact(i, d)) for i in range(81) for d in grid.cands[i])
        step = next_step(grid, prover)
        assert step.technique == "what if, by cases" and step.cost == CASES_COST + len(step.constraints)
        assert 2 <= len(step.cases) <= 3
        (cell_r, cell_c, digit), _ = step.cases[0]
        if step.focus:  # a unit's places for the digit: the unit is among the step's constraints
            (unit,) = step.focus
            assert unit in step.constraints and {c[2] for c, _ in step.cases} == {digit}
            whole = [(r, c, digit) for r, c in board.rules.units[unit].cells]
        else:  # a cell's digits
            assert {c[:2] for c, _ in step.cases} == {(cell_r, cell_c)}
            whole = [(cell_r, cell_c, e) for e in range(1, 10)]
        assert step.minimal_under in ("solver propagation", "solver")
        if step.minimal_under == "solver propagation":
            for fact in whole:  # each case (and each one the split leaves out) fails by propagation
                assert prover.propagates(step.constraints, step.premises + [step.assumption, fact])
            assert all(end[0] != "none" for _, end in step.cases)  # so the text says where
            for k in range(len(step.constraints)):  # every unit is needed
                fewer = step.constraints[:k] + step.constraints[k + 1:]
                assert step.constraints[k] in step.focus or not all(
                    prover.propagates(fewer, step.premises + [step.assumption, c]) for c in whole)
    finally:
        prover.close()
    assert verify_step(step, board.rules, make("cpsat")) == []
    text = step.text(board.rules)
    assert ("could hold only" in text or " only in " in text) and "a contradiction in each case (" in text
    for (r, c, e), end in step.cases:  # e.g. "r4c4 = 6: column 3 would hold 6 twice"
        assert f"r{r + 1}c{c + 1} = {e}: {contradiction_text(board.rules, end)}" in text


def test_what_ifs_only_the_solver_sees_name_their_contradiction(monkeypatch):
    """On variants, a what-if through a cage names where propagation over the step's units and
    constraints runs out, in cells and units. (The anti-king rule is seen by naked and hidden
    singles now, which propagate through relations: its puzzle needs no what-if any more, and its
    general steps are minimal under that propagation, the rule named among their constraints.
    Cage combinations explain the killer now: it is explained without the variant techniques, so
    that its cages enter through the solver seam.)"""
    board = parse_puzzle(ANTIKING)
    general = [s for s in explain_steps(board) if s.assumption is not None]
    assert general and all(s.minimal_under == "propagation" and len(board.rules.units) in s.constraints
                           for s in general)
    grid = Grid(board)
    for step in general:  # every premise and every unit or rule is needed by that propagation
        facts, used = step.premises, step.constraints
        assert singles_refute(grid, used, facts, step.assumption)
        assert not any(singles_refute(grid, used, facts[:k] + facts[k + 1:], step.assumption)
                       for k in range(len(facts)))
        assert not any(singles_refute(grid, used[:k] + used[k + 1:], facts, step.assumption)
                       for k in range(len(used)))
    monkeypatch.setattr(steps_module.walk, "FINDERS", [f for f in FINDERS if TECHNIQUES[f[0]].family not in ("lines", "cages")])
    for text in (KILLER,):
        board = parse_puzzle(text)
        steps = explain_steps(board)
        seen = [s for s in steps if s.technique.startswith("what if") and s.minimal_under != "propagation"]
        assert seen
        for step in seen:
            assert step.contradiction is not None
            words = step.text(board.rules)
            assert "reaches a contradiction: " in words
            if step.minimal_under == "solver propagation":  # propagation found it: a named place
                assert step.contradiction[0] != "none"
                assert where_stuck(board.rules, step.constraints,
                                   step.premises + [step.assumption]) is None  # the assumption breaks it
    board = parse_puzzle(ANTIKING)
    prover = Prover(board.rules, make("sat"), Deadline(None))
    try:
        assert prover.dead_end([0], [(0, 0, 1), (0, 1, 1)]) == ("twice", 0, 1)
        assert contradiction_text(board.rules, ("twice", 0, 1)) == "row 1 would hold 1 twice"
        assert contradiction_text(board.rules, ("none", 5)) == "no arrangement of these 5 constraints fits the facts"
    finally:
        prover.close()


KILLER = ('{"givens": "................", "box": [2, 2], "constraints": ['
          '{"type": "killer", "cells": [[0,0],[1,0],[2,0]], "sum": 9}, '
          '{"type": "killer", "cells": [[0,1],[0,2]], "sum": 4}, '
          '{"type": "killer", "cells": [[0,3],[1,3],[1,2]], "sum": 9}, '
          '{"type": "killer", "cells": [[1,1],[2,1],[2,2]], "sum": 7}, '
          '{"type": "killer", "cells": [[2,3],[3,3]], "sum": 5}, '
          '{"type": "killer", "cells": [[3,0],[3,1],[3,2]], "sum": 6}]}')
ANTIKING = ('{"size": 6, "givens": "..4..6....4.6.......1..........3...2", "box": [2, 3], '
            '"constraints": [{"type": "antiking"}]}')


@pytest.mark.parametrize("text", [KILLER, ANTIKING], ids=["killer", "antiking"])
def test_variants_beyond_units_use_their_constraints_by_name(text):
    """A killer cage or an anti-king rule is a constraint of its own: a step that needs it names it
    and is verified with it (a fresh solver holding only the step's units and constraints)."""
    board = parse_puzzle(text)
    steps = explain_steps(board)
    ends_at_solution(board, steps)
    cpsat = make("cpsat")
    names = set()
    for step in steps:
        assert verify_step(step, board.rules, cpsat) == []
        names.update(step.to_json(board.rules)["constraints"])
    wanted = "cage at r1c1 (sum 9)" if "killer" in text else "the antiking rule"
    assert wanted in names


# Relation variants (published puzzles of tests/test_variants.py, and the 6x6 anti-king above).
RELATED = [
    ('{"givens": "000000000080030090001205600003408700020060050007901200006803400040070010000000000", '
     '"box": [3, 3], "constraints": [{"type": "antiknight"}]}'),
    ANTIKING,
    ('{"givens": "000000000000050000001030200000603000074000360000401000003040900000090000000000000", '
     '"box": [3, 3], "constraints": [{"type": "nonconsecutive"}]}'),
]


def relation_only(board: Board, steps) -> list[int]:
    """The steps (1-based) that only remove candidates a placed relation partner already forbids:
    no placement, and for every removed (cell, d) some partner of the cell under the puzzle's
    relations (:func:`partners`, not the grid's own code) holds, before the step, a digit e with
    d - e among the relation's gaps (e itself for anti-knight and anti-king, e +- 1 for
    non-consecutive)."""
    n = board.size
    near = partners(board.rules)
    found = []
    for k, (step, (cells, _)) in enumerate(zip(steps, replay(board, steps)), 1):
        if not step.placements() and all(
                any(cells[j] and -d - cells[j] in gaps for j, gaps in near[r * n + c])
                for r, c, d in step.removals()):
            found.append(k)
    return found


@pytest.mark.parametrize("text, most", list(zip(RELATED, (56, 32, 65))), ids=["antiknight", "antiking", "nonconsecutive"])
def test_relation_partners_lose_their_forbidden_candidates_as_digits_are_placed(text, most):
    """A placed digit leaves its relation partners' candidates at once, as it leaves its peers':
    no step only crosses out what a placed partner forbids (the old grid took 4, 2 and 17 such
    steps here, and general deductions and what-ifs for more: 86, 45 and 113 steps for 56, 29 and
    65 blanks), and the explanation is much shorter for it (hidden singles alone place every digit
    of the anti-knight and non-consecutive ones), each step verified and the last grid the solution."""
    board = parse_puzzle(text)
    steps = explain_steps(board)
    ends_at_solution(board, steps)
    assert relation_only(board, steps) == []
    assert board.cells.count(0) <= len(steps) <= most


@pytest.mark.parametrize("text", [TOP] + RELATED, ids=["classic", "antiknight", "antiking", "nonconsecutive"])
def test_a_step_applied_leaves_the_candidates_a_grid_made_afresh_has(text):
    """:meth:`Grid.apply` changes only the cells a step touches, their peers and relation partners:
    after each step of an explanation, the candidates are those of a grid built from the same
    digits and removals (:meth:`Grid.refresh`), and a new list (what the steps' caches key on)."""
    board = parse_puzzle(text)
    grid, again = Grid(board), Grid(board)
    for step in explain_steps(board):
        before = grid.cands
        grid.apply(step)
        again.cells, again.removed = list(grid.cells), set(grid.removed)
        again.refresh()
        assert grid.cands is not before and grid.cands == again.cands, step.text(board.rules)


@pytest.mark.parametrize("kind, partner, forbidden", [("antiknight", (3, 4), {5}), ("antiking", (3, 3), {5}),
                                                      ("nonconsecutive", (2, 3), {4, 6})])
def test_a_relation_partner_is_a_reason_like_a_peer(kind, partner, forbidden):
    """r3c3 = 5 on an otherwise empty 9x9: its partner's candidates lose what the rule forbids,
    and why one is missing is r3c3's digit under that rule (its position past the units)."""
    board = parse_puzzle('{"givens": "%s5%s", "box": [3, 3], "constraints": [{"type": "%s"}]}'
                         % ("." * 20, "." * 60, kind))
    grid = Grid(board)
    i = partner[0] * 9 + partner[1]
    peer = {5} if kind == "nonconsecutive" else set()  # r3c4 is in r3c3's row too
    assert grid.cands[i] == set(range(1, 10)) - forbidden - peer
    for d in sorted(forbidden):
        facts, used = [], set()
        grid.why_not(i, d, facts, used)
        assert facts == [(2, 2, 5)] and used == {27}
    assert grid.cands[8 * 9 + 8] == set(range(1, 10))  # r9c9: no partner, no peer


def test_a_step_through_a_relation_names_it_and_its_partners_digit():
    """A named technique that uses a candidate a relation partner removed names the rule among its
    constraints and the partner's digit among its premises; it is verified, and fails without the
    rule."""
    board = parse_puzzle(RELATED[0])
    rules = board.rules
    rule = len(rules.units)
    near = partners(rules)
    sat = make("cpsat")
    seen = 0
    for step in explain_steps(board, limit=40):
        assert verify_step(step, rules, sat) == []
        if step.technique not in COSTS or rule not in step.constraints:
            continue
        seen += 1
        placed = {r * 9 + c for r, c, d in step.premises if d > 0}
        cells = {r * 9 + c for r, c, _ in step.conclusion}
        cells |= {r * 9 + c for k in step.focus for r, c in rules.units[k].cells}
        assert any(j in placed for i in cells for j, _ in near[i])  # a partner's digit is a premise
        without = Step(step.conclusion, step.premises, [k for k in step.constraints if k != rule],
                       step.technique, step.cost)
        assert verify_step(without, rules, sat)
    assert seen >= 5


def test_the_general_steps_skip_the_solutions_candidates_and_find_the_same_steps(monkeypatch):
    """Given the solution, the prover does not try to refute a candidate it holds (none can be):
    the steps are the same as without it, what-ifs included."""
    board = parse_puzzle(TOP)
    given = explain_steps(board)
    solution = given.solution.cells
    prover = Prover(board.rules, make("sat"), Deadline(None), solution)
    try:
        grid = Grid(board)
        assert all(solution[i] not in prover.refutable(grid, i) and
                   set(prover.refutable(grid, i)) == grid.cands[i] - {solution[i]} for i in range(81))
    finally:
        prover.close()
    init = Prover.__init__
    monkeypatch.setattr(Prover, "__init__", lambda self, rules, backend, deadline, solution=None:
                        init(self, rules, backend, deadline, None))
    blind = explain_steps(board)
    assert [s.text(board.rules) for s in blind] == [s.text(board.rules) for s in given]
    assert any(s.technique == "what if" for s in given)


def test_a_what_if_names_the_contradiction_it_reaches():
    board = parse_puzzle(TOP)
    steps = explain_steps(board)
    what_if = next(s for s in steps if s.technique == "what if")
    assert what_if.minimal_under == "propagation"
    assert what_if.contradiction == ("twice", 9 + 1, 2)  # column 2
    assert what_if.text(board.rules) == (
        "remove 7 from r3c4: what if r3c4 were 7? propagation through row 1, row 4, row 8, column 2, "
        "column 4, column 7, box 7 reaches a contradiction: column 2 would hold 2 twice (22 facts "
        "used); the chain: r3c4=7 so r1c4,r4c4,r8c4<>7 so r8c4=8 so r1c4,r4c4<>8 so r4c4=3 so "
        "r4c2,r4c7<>3 so r4c7=2 so r4c2,r1c7<>2 so r1c7=5 so r1c2,r1c4<>5 so r1c4=9 so r1c2<>9 so "
        "r1c2=6 so r4c2,r7c2,r8c2,r9c2<>6 so r8c2=1 so r4c2,r7c2,r9c2<>1 so r4c2=4 so r7c2,r9c2<>4 so "
        "r7c2=2 so r9c2=2 so column 2 would hold 2 twice")
    grid = Grid(board)
    # the premises alone are no contradiction: the assumption is what breaks them
    assert contradiction(grid, what_if.constraints, what_if.premises, what_if.premises[0]) is None
    assert singles_refute(grid, what_if.constraints, what_if.premises, what_if.assumption)


def test_easy_puzzles_need_only_singles():
    rng = random.Random(11)
    for _ in range(5):
        rows = blank_out(random_solved_rows(3, 3, rng), 0.6, rng)
        board = Board.from_rows(rows)
        steps = explain_steps(board)
        assert set(steps.techniques()) <= SINGLES, steps.techniques()
        ends_at_solution(board, steps)


def test_a_step_without_its_reason_fails_verification():
    board = classic()
    step = explain_steps(board, limit=1)[0]
    assert verify_step(step, board.rules, make("sat")) == []
    weaker = Step(step.conclusion, step.premises[1:], step.constraints, step.technique, step.cost)
    assert verify_step(weaker, board.rules, make("sat"))
    wrong = Step([(step.conclusion[0][0], step.conclusion[0][1], step.conclusion[0][2] % 9 + 1)],
                 step.premises, step.constraints, step.technique, step.cost)
    assert verify_step(wrong, board.rules, make("sat"))


def test_the_solution_witnesses_premises_it_holds_and_the_solver_checks_the_rest():
    """With the puzzle's solution, premises it holds hold together without a search (it satisfies
    every rule); premises it does not hold are still put to the solver, and a digit twice in the
    step's unit fails;
    the conclusions are always put to the solver."""
    board = classic()
    step = explain_steps(board, limit=1)[0]
    solution = count(board, 2, make("sat")).solution.cells
    rules = board.rules
    asked = []
    with make("sat").parts_session(rules) as parts:
        solve = parts.solve

        def recorded(facts, *args, **kwargs):
            asked.append(list(facts))
            return solve(facts, *args, **kwargs)
        parts.solve = recorded
        assert verify_step(step, rules, make("sat"), parts, solution=solution) == []
        assert step.premises not in asked and len(asked) == len(step.conclusion)  # (only the conclusions)
        asked.clear()
        assert verify_step(step, rules, make("sat"), parts) == [] and asked[0] == step.premises
        r, c, d = step.conclusion[0]
        others = [cell for cell in rules.units[step.focus[0]].cells if cell != (r, c)]  # (the step's unit)
        twice = Step(step.conclusion, [(*others[0], d), (*others[1], d)], step.constraints, step.technique, step.cost)
        assert "its premises cannot hold together" in verify_step(twice, rules, make("sat"), parts, solution=solution)


def _grid(rows: list[str]) -> Grid:
    return Grid(parse_puzzle("".join(rows)))


def test_named_techniques_are_found_where_a_person_sees_them():
    # Locked candidates, pointing: in box 1 the 1s can only be in row 1 (rows 2 and 3 of box 1
    # are full), so 1 leaves the rest of row 1.
    g = _grid(["." * 9, "234" + "." * 6, "567" + "." * 6] + ["." * 9] * 6)
    step = next_step(g)
    assert step.technique == "locked candidates (pointing)"
    assert step.removals() == [(0, c, -1) for c in range(3, 9)]
    assert verify_step(step, g.rules, make("sat")) == []


def test_x_wing():
    # Digit 1 in rows 1 and 5 only in columns 1 and 9: an X-wing removes 1 from the other rows
    # of those columns.
    g = _grid(["." * 9] * 9)
    for i in range(81):
        r, c = divmod(i, 9)
        if r in (0, 4) and c not in (0, 8):
            g.removed.add((i, 1))
    g.refresh()
    step = next_step(g)
    assert step.technique == "X-wing" and COSTS["X-wing"] == step.cost
    assert {(r, c) for r, c, _ in step.removals()} == {(r, c) for r in range(9) if r not in (0, 4)
                                                        for c in (0, 8)}
    assert verify_step(step, g.rules, make("sat")) == []


def _empty_with(keep: dict[tuple[int, int], set[int]]) -> Grid:
    """An empty 9x9 whose cells in ``keep`` hold only the given candidates (removed by steps)."""
    g = _grid(["." * 9] * 9)
    for (r, c), digits in keep.items():
        g.removed.update((r * 9 + c, d) for d in range(1, 10) if d not in digits)
    g.refresh()
    return g


ROW1 = [(0, c) for c in range(9)]
ALL = set(range(1, 10))
PATTERNS = {
    # row 1's 1s lie in box 1 only, so 1 leaves the rest of box 1
    "locked candidates (claiming)": (
        {(0, c): ALL - {1} for c in range(3, 9)},
        {(r, c, -1) for r in (1, 2) for c in range(3)}),
    # r1c1..r1c3 hold {1,2}, {2,3}, {1,3}: 1, 2 and 3 leave the rest of row 1 (and box 1)
    "naked triple": (
        {(0, 0): {1, 2}, (0, 1): {2, 3}, (0, 2): {1, 3}},
        {(0, c, -d) for c in range(3, 9) for d in (1, 2, 3)}),
    # in row 1 (and box 1) 1, 2 and 3 have no place but r1c1..r1c3: the other digits leave them
    "hidden triple": (
        {**{(0, c): ALL - {1, 2, 3} for c in range(3, 9)},
         **{(r, c): ALL - {1, 2, 3} for r in (1, 2) for c in range(3)}},
        {(0, c, -d) for c in range(3) for d in range(4, 10)}),
    # r1c1..r1c4 hold {1,2}, {2,3}, {3,4}, {1,4}: 1..4 leave the rest of row 1
    "naked quad": (
        {(0, 0): {1, 2}, (0, 1): {2, 3}, (0, 2): {3, 4}, (0, 3): {1, 4}},
        {(0, c, -d) for c in range(4, 9) for d in (1, 2, 3, 4)}),
    # in row 1, 1..4 have no place but r1c1..r1c4: the other digits leave them
    "hidden quad": (
        {(0, c): ALL - {1, 2, 3, 4} for c in range(4, 9)},
        {(0, c, -d) for c in range(4) for d in range(5, 10)}),
    # the 1s of rows 1, 5, 9 lie in columns 1, 5, 9 (two each, no two rows in two columns)
    "swordfish": (
        {**{(0, c): ALL - {1} for c in range(9) if c not in (0, 4)},
         **{(4, c): ALL - {1} for c in range(9) if c not in (4, 8)},
         **{(8, c): ALL - {1} for c in range(9) if c not in (0, 8)}},
        {(r, c, -1) for r in range(9) if r not in (0, 4, 8) for c in (0, 4, 8)}),
}


@pytest.mark.parametrize("name", PATTERNS)
def test_each_named_technique_is_found_and_named_where_a_person_sees_it(name):
    keep, removed = PATTERNS[name]
    g = _empty_with(keep)
    step = next_step(g)
    assert step.technique == name
    assert set(step.removals()) == removed and not step.placements()
    assert step.cost == COSTS[name.split(" (")[0]]
    assert verify_step(step, g.rules, make("sat")) == []


# -- the command ---------------------------------------------------------------------------------

EASY = "..3..4.12......."


def test_cli_steps_text_next_and_json(capsys):
    assert main(["explain", "--steps", EASY]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("unique")
    assert out[1] == "1. r1c2 = 2: hidden single in box 1"  # (a box first, as Sudoku Explainer rates: 1.2)
    assert out[-2] == "12 steps, each verified; techniques: full house 8, hidden single 4"
    assert out[-1] == "difficulty: SE 1.2 (easy), hardest step: hidden single"
    assert main(["explain", "--next", EASY]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "next step: r1c2 = 2: hidden single in box 1"
    assert main(["explain", "--steps", "--json", EASY]) == 0
    record = json.loads(capsys.readouterr().out)
    assert len(record["steps"]) == 12
    first = record["steps"][0]
    assert first == {"conclusion": [[0, 1, 2]], "premises": [[1, 1, 4], [2, 0, 2]],
                     "constraints": ["column 1", "box 1"], "technique": "hidden single", "cost": 2}
    assert main(["explain", "--json", EASY]) == 0
    assert json.loads(capsys.readouterr().out)["steps"] is None


def test_step_sentences_write_digits_as_the_grid_shows_them(tmp_path, capsys):
    rules16 = Board.empty(Shape.for_size(16)).rules
    assert Step([(4, 8, 11)], [], [], "naked single", 2).text(rules16) == "r5c9 = B: naked single"
    assert Step([(0, 0, -16)], [], [], "naked pair", 4).text(rules16) == "remove G from r1c1: naked pair"
    page = tmp_path / "abcd.html"
    assert main(["explain", "--steps", "--symbols", "ABCD", "--html", str(page), "..C..D.AB......."]) == 0
    assert "1. r1c2 = B: hidden single in box 1" in capsys.readouterr().out.splitlines()
    data = _embedded(page.read_text(encoding="utf-8"))
    assert data["symbols"] == "ABCD" and data["steps"][0]["text"] == "r1c2 = B: hidden single in box 1"


def test_cli_steps_on_a_puzzle_without_one_solution(capsys):
    assert main(["explain", "--steps", "12..34....12...."]) == 1
    assert "steps need a puzzle with exactly one solution" in capsys.readouterr().out


def test_cli_steps_cut_by_the_time_limit_say_so_only(capsys, monkeypatch):
    import sudoku_cp.tasks.explain as explain_task
    from sudoku_cp.core.results import Status

    real = explain_task.explain

    def out_of_time(*args, **kwargs):  # the count ended by the time limit, as on a slow machine
        result = real(*args, **kwargs)
        result.status = Status.UNKNOWN
        return result

    monkeypatch.setattr("sudoku_cp.cli.explain_cmd.explain", out_of_time)
    assert main(["explain", "--steps", EASY]) == 4
    out = capsys.readouterr().out
    assert out.startswith("unknown: the time limit ended the work")
    assert "exactly one solution" not in out


def test_cli_html_path_is_checked_before_work(capsys, tmp_path):
    assert main(["explain", "--html", str(tmp_path / "no" / "page.html"), EASY]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no such directory" in err[0]
    assert main(["explain", "--html", str(tmp_path), EASY]) == 2
    capsys.readouterr()
    same = tmp_path / "out.html"
    assert main(["explain", "--html", str(same), "--svg", str(tmp_path / "." / "out.html"), EASY]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--svg and --html both name" in err[0] and not same.exists()


def test_cli_html_is_self_contained(tmp_path, capsys):
    page = tmp_path / "page.html"
    assert main(["explain", "--html", str(page), EASY]) == 0
    text = page.read_text(encoding="utf-8")
    assert "<script src" not in text and "<link" not in text and "http://" not in text
    assert "https://" not in text
    data = _embedded(text)
    assert len(data["steps"]) == 12 and {s["technique"] for s in data["steps"]} == {"hidden single", "full house"}
    assert data["difficulty"] == {"se": 1.2, "level": "easy", "hardest": "hidden single",
                                  "techniques": {"full house": 8, "hidden single": 4}}
    assert data["solved"] is True


def _embedded(text: str) -> dict:
    start = text.index('id="steps-data">') + len('id="steps-data">')
    return json.loads(text[start:text.index("</script>", start)])


def test_notebook_view_is_the_page():
    steps = explain_steps(parse_puzzle(EASY))
    fragment = steps._repr_html_()
    assert fragment.startswith('<div class="sudoku-steps">') and 'id="steps-data"' in fragment


# -- the page in a real browser (Debian's chromium, driven by Selenium) --------------------------

def _shown(driver, n: int) -> list[int]:
    cells = driver.find_elements("css selector", "#ss-grid .cell")
    assert len(cells) == n * n
    return [int(c.get_attribute("data-digit")) for c in cells]


def _expected(data: dict, k: int) -> list[int]:
    """The grid after ``k`` steps, computed here from the JSON steps alone."""
    cells = list(data["givens"])
    n = data["size"]
    for step in data["steps"][:k]:
        for r, c, d in step["conclusion"]:
            if d > 0:
                cells[r * n + c] = d
    return cells


def test_page_steps_forward_and_back_in_chromium(browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    board = parse_puzzle(dataset_lines("top1465.txt", 1, 139)[0])
    page = tmp_path / "steps.html"
    assert main(["explain", "--html", str(page), format_line(board)]) == 0
    data = _embedded(page.read_text(encoding="utf-8"))
    total = len(data["steps"])
    browser.get(page.as_uri())
    n = data["size"]
    assert _shown(browser, n) == _expected(data, 0)
    text = browser.find_element(By.ID, "ss-text").text
    assert text == data["steps"][0]["text"]
    nxt, prev = browser.find_element(By.ID, "ss-next"), browser.find_element(By.ID, "ss-prev")
    for k in range(1, 6):  # forward with clicks
        nxt.click()
        assert _shown(browser, n) == _expected(data, k)
        assert browser.find_element(By.ID, "ss-counter").text == f"Step {k + 1} of {total}"
    prev.click()  # back with a click
    assert _shown(browser, n) == _expected(data, 4)
    assert browser.find_element(By.ID, "ss-root").get_attribute("data-pos") == "4"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)  # and with the arrow keys
    assert _shown(browser, n) == _expected(data, 6)
    body.send_keys(Keys.ARROW_LEFT)
    assert _shown(browser, n) == _expected(data, 5)
    # the step's target is highlighted, and a removal is struck out in its cell
    removal = next(k for k, s in enumerate(data["steps"]) if s["conclusion"][0][2] < 0)
    body.send_keys(Keys.HOME)
    for _ in range(removal):
        body.send_keys(Keys.ARROW_RIGHT)
    r, c, d = data["steps"][removal]["conclusion"][0]
    cell = browser.find_element(By.ID, f"cell-{r}-{c}")
    assert "target" in cell.get_attribute("class")
    assert str(-d) in [s.text for s in cell.find_elements(By.CSS_SELECTOR, "span.gone")]
    body.send_keys(Keys.END)
    assert _shown(browser, n) == _expected(data, total)
    assert 0 not in _shown(browser, n)
    assert browser.find_element(By.ID, "ss-next").get_attribute("disabled") is not None
    summary = browser.find_element(By.ID, "ss-summary").text
    for technique in data["techniques"]:
        assert technique in summary


def test_notebook_views_step_independently_and_leave_typing_alone(browser, tmp_path):
    """Two step sequences in one notebook: each view steps alone, and arrow keys typed elsewhere
    (in a cell's editor) move no view."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    small, big = explain_steps(parse_puzzle(EASY)), explain_steps(classic())
    page = tmp_path / "notebook.html"
    page.write_text("<!DOCTYPE html><html><body><textarea id='editor'></textarea>"
                    f"{small._repr_html_()}{big._repr_html_()}</body></html>", encoding="utf-8")
    browser.get(page.as_uri())
    views = browser.find_elements(By.CSS_SELECTOR, ".sudoku-steps")
    assert len(views) == 2

    def shown(k: int) -> tuple[int, str]:
        view = views[k]
        return (len(view.find_elements(By.CSS_SELECTOR, ".cell")),
                view.find_element(By.CSS_SELECTOR, "#ss-counter").text)

    assert shown(0) == (16, f"Step 1 of {len(small)}") and shown(1) == (81, f"Step 1 of {len(big)}")
    views[1].find_element(By.CSS_SELECTOR, "#ss-next").click()
    assert shown(0) == (16, f"Step 1 of {len(small)}") and shown(1) == (81, f"Step 2 of {len(big)}")
    editor = browser.find_element(By.ID, "editor")
    editor.send_keys("ab", Keys.ARROW_LEFT, Keys.ARROW_LEFT, "c")
    assert editor.get_attribute("value") == "cab"  # the key reached the editor, not a view
    assert shown(0)[1] == f"Step 1 of {len(small)}" and shown(1)[1] == f"Step 2 of {len(big)}"
    button = views[0].find_element(By.CSS_SELECTOR, "#ss-next")
    button.click()
    button.send_keys(Keys.ARROW_RIGHT)  # keys move the view that has the focus
    assert shown(0)[1] == f"Step 3 of {len(small)}" and shown(1)[1] == f"Step 2 of {len(big)}"
    roots = [view.find_element(By.CSS_SELECTOR, ".ss-root") for view in views]
    assert [root.get_attribute("data-pos") for root in roots] == ["2", "1"]  # show() ran to its end
    cells = views[0].find_elements(By.CSS_SELECTOR, ".cell")
    assert [int(c.get_attribute("data-digit")) for c in cells] == replay(small.puzzle, small)[2][0]


def test_every_named_technique_costs_less_than_any_general_step():
    """The general steps come after the named ones, however many techniques the registry holds."""
    assert max(COSTS.values()) < DEDUCTION_COST < WHAT_IF_COST < CASES_COST < SEARCH_COST
    assert WHAT_IF_COST - DEDUCTION_COST > BOUND  # a deduction over at most BOUND units stays below a what-if


def test_one_guarded_solver_checks_steps_as_fresh_solvers_do():
    """``verify_step`` with a parts session (every unit behind a guard of its own, one solver per
    puzzle) answers what a fresh solver holding only the step's units answers: nothing against the
    steps, and the same problems for each step with its first unit dropped or its digit changed."""
    board = parse_puzzle(dataset_lines("top1465.txt", 1, 139)[0])
    sat = make("sat")
    steps = explain_steps(board)
    parts = sat.parts_session(board.rules)
    flagged = 0
    try:
        for step in steps:
            assert verify_step(step, board.rules, sat, parts) == []
            (r, c, d), n = step.conclusion[0], board.size
            other = d % n + 1 if d > 0 else -(-d % n + 1)
            wrong = [Step([(r, c, other)], step.premises, step.constraints, step.technique, step.cost)]
            if step.constraints:
                wrong.append(Step(step.conclusion, step.premises, step.constraints[1:], step.technique, step.cost))
            for bad in wrong:
                found = verify_step(bad, board.rules, sat, parts)
                assert found == verify_step(bad, board.rules, sat)
                flagged += bool(found)
    finally:
        parts.close()
    assert flagged > len(steps)


@pytest.mark.parametrize("technique, told", [
    ("locked candidates (pointing)", "look for locked candidates in row 1"),
    ("cage combinations", "look for cage combinations in row 1"),
    ("innies and outies", "look for innies and outies in row 1"),
    ("X-wing", "look for an X-wing in row 1"),
    ("skyscraper", "look for a skyscraper in row 1"),
])
def test_a_first_hint_names_the_technique_with_its_article(technique, told):
    """"look for a cage combinations" was the hint for a plural technique name."""
    rules = parse_puzzle(".." * 40 + ".").rules
    step = Step([(0, 3, -4)], [(0, 0, 4)], [0], technique, 1)
    assert step.hint(rules, 1) == told


def test_a_search_inside_a_step_stops_at_the_time_limit(monkeypatch):
    """A "what if, by search" shrinks its units with searches over only some constraints, which can
    take far longer than the whole puzzle's (a published little killer: hours). Each such search
    stops at the time limit, which then ends the steps with the ones found so far kept. The clock
    the deadlines read jumps past the limit as Hailstone's first search step starts (not a wall
    clock: under load the count alone once took the whole second an earlier version allowed)."""
    import sudoku_cp.backends.base as base
    from published_kinds import PUBLISHED

    class Clock:  # the real clock, plus a jump
        jump = 0.0

        def monotonic(self):
            return real.monotonic() + self.jump

        def __getattr__(self, name):
            return getattr(real, name)

    real, clock = base.time, Clock()
    monkeypatch.setattr(base, "time", clock)
    reason, searched = steps_module.Prover._reason, []

    def searching(self, g, facts, assumed, refutes, within=None):
        if refutes is None:  # a search step: its searches run under a deadline now past
            clock.jump = 10_000.0
            try:
                return reason(self, g, facts, assumed, refutes, within)
            except steps_module.TimeLimitReached:
                searched.append("stopped")
                raise
        return reason(self, g, facts, assumed, refutes, within)

    monkeypatch.setattr(steps_module.Prover, "_reason", searching)
    text = next(p.puzzle for p in PUBLISHED if "Hailstone" in p.source)
    steps = explain_steps(parse_puzzle(text), time_limit=600, keep=True)
    assert searched == ["stopped"]  # (the search itself stopped, once; no step after it)
    assert steps.complete is False and steps.difficulty() is None  # (a cut explanation is not rated)
    assert len(steps) > 0 and all(step.technique != "what if, by search" for step in steps)


def test_a_parts_session_names_the_parts_its_core_holds():
    """After a no, ``core_parts`` names parts whose guards alone still refute the facts (the
    what-if's units are shrunk from them); a session without parts does not say."""
    board = parse_puzzle(dataset_lines("top1465.txt", 1, 1)[0])
    sat = make("sat")
    facts = [(0, 0, 5), (1, 1, 5)]  # two 5s in box 1
    with sat.parts_session(board.rules) as parts:
        everything = list(range(len(board.rules.units)))
        assert parts.solve(facts, guards=parts.guards(everything)) is False
        core = parts.core_parts()
        assert core and set(core) <= set(everything)
        assert len(core) < len(everything)
        assert parts.solve(facts, guards=parts.guards(core)) is False
    with sat.session(board.rules) as whole:
        assert whole.solve(facts) is False and whole.core_parts() is None


def test_the_steps_run_the_garbage_collector_less_often_and_restore_it(monkeypatch):
    """During the steps the collector's youngest pass waits for :data:`YOUNG` objects (the steps
    make millions); after them, finished or stopped by an error, Python's setting is back."""
    import gc

    before = gc.get_threshold()
    seen = []
    explain_steps(parse_puzzle(TOP), progress=lambda *_: seen.append(gc.get_threshold()[0]))
    assert seen and set(seen) == {max(before[0], steps_module.YOUNG)} and gc.get_threshold() == before

    def broken(grid, prover=None):
        raise RuntimeError("a finder broke")
    monkeypatch.setattr(steps_module.walk, "next_step", broken)
    with pytest.raises(RuntimeError):
        explain_steps(parse_puzzle(TOP))
    assert gc.get_threshold() == before
