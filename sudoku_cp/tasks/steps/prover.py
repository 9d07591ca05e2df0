"""The prover: the cheapest general step, by propagation, then by cases, then by search."""

from __future__ import annotations

from ...core.results import TimeLimitReached
from .grid import Grid
from .search import BySearch
from .step import TRIES, Step


class Prover(BySearch):
    """The solver seam's part: one session with the whole rules (propagation, cores, search) and
    fresh sessions holding only some units (what a step's units alone imply).

    Given the puzzle's ``solution`` (its cells, as the count found them), the general steps do not
    try to refute a candidate the solution holds: no refutation of it exists, so the steps found
    are the same, without a search per such candidate (on a hard killer, most of a "what if, by
    search" went to solving the whole puzzle once for each true candidate before it)."""

    def general(self, g: Grid, asked: bool = False) -> Step | None:
        """The cheapest general step: a candidate refuted by propagation, else by propagation in
        every case of one cell, else by a search; with minimal premises and units.

        Cheapest, exactly, among the refutations naked and hidden singles over the units see (all of
        them on a puzzle with units only): every candidate is tried; for each one singles refute,
        the units are shrunk by deletion with all current facts (:func:`singles_refute`, no solver
        call), so the step's unit count is known for every candidate before any premise is shrunk;
        the premises are then shrunk (under those units) for the candidates with the fewest units,
        and the one needing the fewest facts is the step. Dropping a premise never lets a unit go,
        so every candidate's full explanation has exactly the unit count ranked on. Refutations
        only the solver's propagation sees (a variant's constraints) cost a fresh solver per subset
        of units: when there are only those, the first :data:`TRIES` in the order of cells with the
        fewest candidates are explained and the cheapest is taken (by estimate, not exactly).

        When propagation refutes nothing, a bounded "what if, by cases" (:meth:`by_cases`) comes
        before the unbounded "what if, by search". ``asked``: the refutations singles see were
        looked for already (:meth:`what_if`, maybe by the twin), and there were none.
        """
        if not asked:
            step = self.what_if(g)
            if step is not None:
                return step
        facts, order, candidates = self._candidates(g)
        other = self._scan(g, facts, candidates)[0]  # the whole rules' refutations: singles refute none
        if self.up is None:
            other = []
            for fact in candidates:
                if self.deadline.expired():
                    raise TimeLimitReached("the time limit ended the search for the next step")
                if self.refuted(facts, fact):
                    other.append(fact)
        tried = [self._reason(g, facts, fact, self.refuted, lambda u, s, f=fact: self.propagates(u, s + [f])) + (fact,)
                 for fact in other[:TRIES]]
        if tried:
            return self._what_if_step(g, tried)
        split = self.by_cases(g, facts, order)
        if split is not None:
            return split
        return self.by_search(g, facts, order)

