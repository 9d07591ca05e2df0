"""Explain a solution step by step, the way a person solves, every step verified by its own solver call.

Words (as everywhere): a *cell* holds a *digit*; a blank cell keeps *candidates*, the digits no
peer holds, no relation partner forbids (anti-knight, anti-king, non-consecutive: a partner's
digit counts as a peer's, :class:`Grid`) and no earlier step removed. A :class:`Step` has a **conclusion** (digits placed, or
candidates removed: facts ``(row, col, digit)`` and ``(row, col, -digit)``), the **premises** it
uses (placed digits and earlier removals, as facts), the **constraints** it uses (units of the
puzzle's rules, by position in ``rules.units``; past them, a variant's killer cages and relations,
by position in ``rules.constraints``: :func:`part`), a **technique** name and a **cost**.

How the next step is found (:func:`next_step`): the named techniques of
:mod:`sudoku_cp.tasks.techniques` (one module per family, one registry with each technique's cost
and SE rating) are looked for directly on the candidates grid, cheapest first (:data:`COSTS`):
singles, intersections, subsets, fish, single-digit patterns, wings, uniqueness (only once the
count proved one solution: :attr:`Grid.unique`), colouring, chains. When none applies, the solver seam takes over (:meth:`Prover.general`). Every candidate is tried:
naked and hidden singles over all units and relations (:func:`singles_refute`), else the
propagation of the whole rules (a killer cage's too), from the current facts plus "this cell holds
this digit"; a contradiction removes the candidate. For each candidate singles refute, the units are shrunk by
deletion with all current facts (:func:`fewest_units`), then the premises by deletion under those
units: dropping any premise or any unit stops the propagation. These thousands of trials run as
unit propagation in one MiniSat solver holding every unit and constraint behind a guard
(:class:`~sudoku_cp.tasks.refutations.UnitPropagation`: over units and relations exactly naked and
hidden singles, tested so). The step is the candidate whose
explanation needs the fewest units, then the fewest facts: cheapest first, exactly, among these
explanations (each deletion-minimal, not the smallest possible). When singles refute none, a
refutation only the solver's propagation sees (a killer cage's) is shrunk the same way
with propagation over only some units and constraints (:meth:`Prover.propagates`), for the first :data:`TRIES`
such candidates only (cells with the fewest candidates first: not exactly the cheapest). Up
to :data:`BOUND` units it is a "deduction from k constraints"; beyond, it is a "what if": the
assumption and the contradiction propagation reaches, named in cells and units
(:func:`contradiction_text`), with its chain of singles link by link
(:func:`~sudoku_cp.tasks.techniques.forcing.trace`). When propagation refutes nothing, a bounded "what if, by cases"
assumes a candidate and splits on one cell left with at most :data:`CASES` candidates (or one
unit left with at most that many places for a digit), each case propagating to a named
contradiction; beyond that bound a full search refutes a candidate ("what
if, by search"), still with minimal premises. Never a silent jump. Once the steps have run half a
second, on Linux with two cores or more, a forked twin of the process asks half of the questions
whose answers depend on the grid alone (:mod:`sudoku_cp.tasks.twin`): the same steps, sooner.

How each step is checked (:func:`verify_step`), apart from the code that found it: a solver
holds only the step's units and premises (one solver per puzzle holding every unit behind a guard
of its own, only the step's units switched on, where the backend has it; else a fresh one per
step); the premises must hold together, and the negation of each conclusion fact must be impossible. At the end the grid must be the puzzle's unique solution
(the independent checker, and the one solution a count found).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> steps = explain_steps(parse_puzzle("..3..4.12......."))
>>> [s.text(steps.rules) for s in steps][:2]
['r1c2 = 2: hidden single in box 1', 'r1c1 = 1: hidden single in box 1']
>>> steps.techniques(), steps[0].to_json(steps.rules)["premises"]
({'full house': 8, 'hidden single': 4}, [[1, 1, 4], [2, 0, 2]])
"""

from ..techniques import COSTS
from .cases import ByCases, _cases_of
from .check import TimeLimitReached, new_cage_problems, verify_step
from .grid import Grid, relation_partners, snapshot
from .proofs import RACE_CONFLICTS, RACER, NotOneSolution, Proof, answer, proved, raced
from .propagation import ByPropagation
from .prover import Prover
from .seam import _BOTH_ENDS, _SHARED, CORE_CONFLICTS, SHARED_FROM, TWIN_AFTER, Seam, reasoning
from .search import BySearch
from .singles import contradiction, fewest_facts, fewest_units, singles_refute, where_stuck
from .step import (
    BOUND,
    CASES,
    CASES_COST,
    DEDUCTION_COST,
    GENERAL_COST,
    SEARCH_COST,
    SEARCHED,
    SHRINK_MOST,
    TRIAL_CONFLICTS,
    TRIES,
    WHAT_IF_COST,
    Step,
    _article,
    _or,
    _removal_names,
    _runs,
    contradiction_text,
    digit_names,
    over_whole_rules,
    part,
    step_name,
    unit_name,
    units_text,
)
from .walk import (
    AMPLE,
    FINDERS,
    YOUNG,
    Steps,
    VerificationError,
    _walk,
    count,
    explain_steps,
    fewer_collections,
    next_step,
    replay,
    shared_test,
    twin_of,
)

__all__ = ["AMPLE", "COSTS", "BOUND", "ByCases", "ByPropagation", "BySearch", "CASES", "CASES_COST", "CORE_CONFLICTS", "DEDUCTION_COST", "FINDERS", "GENERAL_COST", "Grid", "NotOneSolution", "Proof", "Prover", "RACER", "RACE_CONFLICTS", "SEARCHED", "SEARCH_COST", "SHARED_FROM", "SHRINK_MOST", "Seam", "Step", "Steps", "TRIAL_CONFLICTS", "TRIES", "TWIN_AFTER", "TimeLimitReached", "VerificationError", "WHAT_IF_COST", "YOUNG", "_BOTH_ENDS", "_SHARED", "_article", "_cases_of", "_or", "_removal_names", "_runs", "_walk", "answer", "contradiction", "contradiction_text", "count", "digit_names", "explain_steps", "fewer_collections", "fewest_facts", "fewest_units", "new_cage_problems", "next_step", "over_whole_rules", "part", "proved", "raced", "reasoning", "relation_partners", "replay", "shared_test", "singles_refute", "snapshot", "step_name", "twin_of", "unit_name", "units_text", "verify_step", "where_stuck"]
