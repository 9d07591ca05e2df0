"""Each step stands on its own premises (issue 43): a solver holding only a step's premises (as
unit facts) and its units derives its conclusion, and without any one premise it does not.

On puzzles of the forum's hardest collection (data/forum-hardest-1106.txt), two whose steps
include a "what if, by search": its premises were empty before (the whole rules were said to
imply every fact, which holds only with the givens and the earlier steps).
"""

from __future__ import annotations

import pytest

from gridgen import dataset_lines
from sudoku_cp.backends import make
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import Grid, explain_steps, singles_refute

HARDEST = dataset_lines("forum-hardest-1106.txt", 4, 50)[1::2]  # (lines 51 and 151: a search step each)


@pytest.fixture(scope="module", params=range(len(HARDEST)), ids=["line 51", "line 151"])
def explained(request):
    board = parse_puzzle(HARDEST[request.param])
    return board, explain_steps(board)


def test_each_step_follows_from_its_premises_and_units_and_needs_each_premise(explained):
    """A fresh guarded solver (not the finder's), only the step's units switched on: the premises
    and the negation of any conclusion fact cannot hold together; dropping any one premise, the
    negation of some conclusion fact can (a named technique's, a search's, a "what if, by cases": a
    search may do without a premise its cases' propagation used, and the step then stands on fewer).
    A "what if" refuted by singles is minimal under the rule it names: without any one premise,
    naked and hidden singles over its units no longer reach a contradiction."""
    board, steps = explained
    grid = Grid(board)  # (singles_refute reads only the units' cells from it)
    searched = [s for s in steps if s.technique == "what if, by search"]
    assert searched and all(s.premises for s in searched)  # (never an empty list: the givens are needed)
    assert any(s.technique == "what if, by cases" for s in steps)
    with make("sat").parts_session(board.rules) as held:
        for number, step in enumerate(steps, 1):
            guards = held.guards(step.constraints)

            def follows(premises):
                return all(held.solve(premises + [(r, c, -d)], guards=guards) is False for r, c, d in step.conclusion)

            where = f"step {number} ({step.text(board.rules)})"
            assert follows(step.premises), where
            if step.minimal_under == "solver propagation" and step.technique != "what if, by cases":
                continue  # (none on classic rules: a variant's what-if through the solver's propagation)
            if step.minimal_under == "propagation":
                def follows(premises):  # noqa: F811 (the rule the step names)
                    return singles_refute(grid, step.constraints, premises, step.assumption)
                assert follows(step.premises), where
            for k, premise in enumerate(step.premises):
                assert not follows(step.premises[:k] + step.premises[k + 1:]), f"{where}: {premise} not needed"


def test_a_search_step_premises_are_facts_of_the_grid_before_it(explained):
    """A search step's premises are placed digits and removals the grid held before it: givens,
    or the conclusions of earlier steps."""
    board, steps = explained
    known = set(board.givens())
    for step in steps:
        if step.technique == "what if, by search":
            assert set(step.premises) <= known
        known.update(step.conclusion)
