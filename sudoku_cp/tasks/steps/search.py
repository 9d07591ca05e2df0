"""The "what if, by search": a candidate only a full search refutes."""

from __future__ import annotations

from ...core.board import Fact
from ...core.results import TimeLimitReached
from ..techniques.forcing import chain_se
from .cases import ByCases
from .grid import Grid
from .step import SEARCH_COST, Step


class BySearch(ByCases):
    """The general steps' last kind: a search refutes a candidate (:meth:`by_search`)."""

    def searched(self, facts: list[Fact], fact: Fact) -> bool:
        found = self.session.solve(facts + [fact], self.deadline)
        if found is None:
            raise TimeLimitReached("the time limit ended the search for the next step")
        return not found


    def by_search(self, g: Grid, facts: list[Fact], order: list[tuple[int, int]]) -> Step | None:
        """The first candidate, in the order of cells with the fewest candidates, that a search over
        the whole rules refutes (propagation is stuck even case by case), with the units and the
        premises its refutation needs; None when none is refuted."""
        if self.solution is None and self.awaiting is not None:
            self.awaiting()  # (the steps so far did without it: the same steps)
        for _, i in order:  # propagation is stuck even case by case: refute a candidate by search
            for d in self.refutable(g, i):  # (given the solution, each of these is refuted: not asked twice)
                if self.solution is not None or self.searched(facts, g.fact(i, d)):
                    units, premises, how = self._reason(g, facts, g.fact(i, d), None)
                    step = self._step(units, premises, how, g.fact(i, d), SEARCH_COST,
                                      "what if, by search")
                    if self.solution is not None:  # the cell's other digits these units refute too, in one step
                        step.conclusion = [g.fact(i, -e) for e in self.refutable(g, i)
                                           if e == d or self._refutes_too(step, g.fact(i, e))]
                    step.contradiction = self.dead_end(units, premises + [g.fact(i, d)])
                    step.se = chain_se(None)
                    return step
        return None
