"""The "what if" refuted by propagation: the cheapest candidate singles (or the solver's propagation) refute."""


from __future__ import annotations

from itertools import compress

from ...core.board import Fact
from ...core.results import TimeLimitReached
from ..refutations import Propagation, facts_deletion, units_deletion
from ..techniques.forcing import chain_se, trace
from .grid import Grid
from .seam import Seam
from .singles import contradiction
from .step import SEARCHED, TRIAL_CONFLICTS, WHAT_IF_COST, Step, contradiction_text, over_whole_rules


class ByPropagation(Seam):
    """The general steps' first kind: a candidate propagation refutes (:meth:`what_if`)."""

    def what_if(self, g: Grid) -> Step | None:
        """:meth:`general`'s first kind of step: the cheapest candidate naked and hidden singles
        refute (a "what if", or a deduction from a few units), or None. Its answer depends on the
        grid alone (propagation, which learns nothing), so a twin may look for it."""
        facts, _, candidates = self._candidates(g)
        seen = self._scan(g, facts, candidates)[1]
        return self._what_if_step(g, self._cheapest(g, facts, seen)) if seen else None

    def scanned(self, g: Grid, whole: list[Fact] | None = None) -> list[Fact]:
        """The candidates propagation over all the rules refutes on ``g`` (:meth:`_scan`; with
        ``whole``, those a twin found, kept for :meth:`general`; singles refuted none of them)."""
        if whole is not None:
            self._scanned = (g.cands, (whole, []))
        facts, _, candidates = self._candidates(g)
        return self._scan(g, facts, candidates)[0]

    def _candidates(self, g: Grid) -> tuple[list[Fact], list[tuple[int, int]], list[Fact]]:
        """The grid's facts, its blank cells by (candidates, cell), and the candidates a general
        step may refute, in that order (made once per grid: :meth:`what_if`, the twin's question
        and :meth:`general` each ask)."""
        if self.deadline.expired():
            raise TimeLimitReached("the time limit ended the search for the next step")
        if self._listed[0] is not g.cands:
            n = g.n
            order = sorted((len(g.cands[i]), i) for i in range(n * n) if not g.cells[i])
            self._listed = (g.cands, (g.facts(), order, [g.fact(i, d) for _, i in order for d in self.refutable(g, i)]))
        return self._listed[1]

    def _scan(self, g: Grid, facts: list[Fact], candidates: list[Fact]) -> tuple[list[Fact], list[Fact]]:
        """The candidates propagation over all the rules refutes (where :attr:`up` runs; else none
        listed), and those naked and hidden singles refute, for ``g``'s ``facts`` and
        ``candidates`` (:meth:`_candidates`; kept for the grid: :meth:`general` asks again after
        :meth:`what_if`)."""
        if self._scanned[0] is g.cands:
            return self._scanned[1]
        up = self.up
        if up is not None:  # propagation over all the rules refutes every candidate singles do, and
            # maybe more (more clauses, more propagation): singles are asked about those alone
            whole = list(compress(candidates, up.refuted(up.every, facts, candidates)))
            seen = list(compress(whole, up.refuted(g.every, facts, whole))) if whole else []
        else:
            whole, seen = [], list(compress(candidates, Propagation(g, g.every).refuted(facts, candidates)))
        self._scanned = (g.cands, (whole, seen))
        return whole, seen

    def _what_if_step(self, g: Grid, tried: list[tuple]) -> Step:
        """The step of the cheapest of ``tried`` (units, premises, how minimal, candidate): the
        fewest units, then the fewest premises; told as a chain where singles give one."""
        units, premises, how, fact = min(tried, key=lambda t: (len(t[0]), len(t[1])))
        self.ahead(g, [(fact[0], fact[1], -fact[2])])  # (the twin starts on the next grid while this one is told)
        step = self._step(units, premises, how, fact, WHAT_IF_COST, "what if")
        if step.technique == "what if":
            step.contradiction = (contradiction(g, units, premises, fact) if how == "propagation"
                                  else self.dead_end(units, premises + [fact]))
        found = trace(g, units, premises, fact) if how not in SEARCHED else None
        if found is not None:  # the chain's own end (singles may reach more than one)
            step.chain = f"{found.words()} so {contradiction_text(self.rules, found.end)}"
            step.arrows = found.arrows
            if step.contradiction is not None:
                step.contradiction = found.end
        if how == "propagation":  # (a variant's refutation the solver sees is not rated)
            step.se = chain_se(found)
        return step

    def _refutes_too(self, step: Step, fact: Fact) -> bool:
        """A search step's units and premises also refute ``fact`` (a digit of its cell the solution
        does not hold): by the whole rules and premises holding every given (:attr:`givens`), surely
        (the solution is their only one: no search asked); else when a solver shows it within
        :data:`TRIAL_CONFLICTS` conflicts, the main session by the whole rules, the guarded one by
        fewer. One step then removes each such digit, where a round of every finder came before
        each one (flowers: 18 search steps to 6)."""
        if over_whole_rules(step, self.rules) and self.givens is not None and set(self.givens) <= set(step.premises):
            return True
        if over_whole_rules(step, self.rules):
            found = self.session.solve(step.premises + [fact], self.deadline, TRIAL_CONFLICTS)
            if found is None and self.deadline.expired():
                raise TimeLimitReached("the time limit ended the search for the next step")
            return found is False
        return self.implies(step.constraints, step.premises, fact, TRIAL_CONFLICTS)

    def _cheapest(self, g: Grid, facts: list[Fact], seen: list[Fact]) -> list[tuple]:
        """The full explanations (units, premises, ``"propagation"``, candidate) of the candidates
        of ``seen`` with the fewest units, in the order of ``seen``: :func:`fewest_units` for each,
        then :func:`fewest_facts` under those units for the ones with the fewest.

        The deletions are kept from one call to the next (a run of what-ifs removes one candidate
        each) while every trial so far answers the same with the new facts
        (:meth:`~sudoku_cp.tasks.refutations.Deletion.holds`): the same explanations as computed
        afresh, at the cost of a check. The facts' deletions hold only while the steps between
        remove candidates: a placed digit takes its cell's removals out of the facts. Candidates
        known to need more units than others are tried after them (the bound then cuts them short)."""
        kept, now = self._kept, set(facts)
        added, gone = sorted(now - kept["facts"]), kept["facts"] - now
        placed = {(r, c) for r, c, d in added if d > 0}
        if any(d > 0 or (r, c) not in placed for r, c, d in gone):
            kept.update(units={}, premises={})  # (never so: facts only go when a digit is placed)
        if placed:  # the units' deletions hold with more facts; the facts' take the facts' order
            kept["premises"] = {}
        removed = [f for f in added if f[2] < 0]  # a placed digit: its cell's other digits removed
        removed += [(r, c, -e) for r, c, d in added if d > 0 for e in range(1, g.n + 1) if e != d]
        kept["facts"] = now
        least = None
        deletions = {}
        up = self.up
        for fact in seen:
            deletion = kept["units"].get(fact)
            if deletion is None or not deletion.holds(removed):
                deletion = units_deletion(g, facts, fact, up)
            else:
                deletion.trial = units_deletion(g, facts, fact, up).trial  # (resumed with these facts)
            deletions[fact] = deletion
        kept["units"] = deletions
        found = {}
        for fact in sorted(seen, key=lambda f: deletions[f].needed):
            units = deletions[fact].run(least)
            if units is not None:
                found[fact] = units
                least = len(units) if least is None else min(least, len(units))
        tried = []
        premises = {}
        for fact in seen:
            units = found.get(fact)
            if units is None or len(units) != least:
                continue
            key = (fact, tuple(units))
            deletion = kept["premises"].get(key)
            if deletion is None or not deletion.holds(removed):
                deletion = facts_deletion(g, units, facts, fact, up)
            premises[key] = deletion
            tried.append((units, deletion.run() or [], "propagation", fact))
        kept["premises"] = premises
        return tried

