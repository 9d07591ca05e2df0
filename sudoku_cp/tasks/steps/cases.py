"""The "what if, by cases": a candidate refuted by propagation in every case of one cell or unit."""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.board import Fact
from ...core.results import TimeLimitReached
from ..techniques.base import bits_of, unit_bits
from ..techniques.forcing import chain_se, trace
from ..twin import first
from .grid import Grid, snapshot
from .propagation import ByPropagation
from .step import CASES, CASES_COST, Step, contradiction_text


class ByCases(ByPropagation):
    """The general steps' second kind: a bounded split (:meth:`by_cases`)."""

    def by_cases(self, g: Grid, facts: list[Fact], order) -> Step | None:
        """A bounded "what if": assume a candidate and propagate; then some cell has at most
        :data:`CASES` candidates left, or some unit at most :data:`CASES` places left for a digit,
        and propagation reaches a contradiction in each case.

        Candidates are tried in the order of cells with the fewest candidates; for each, the
        splits with the fewest cases first (a cell before a unit); the first refutation found is
        the step (every one costs more than any refutation by propagation alone). None when no
        candidate is refuted this way: beyond this bound only a search refutes one. With a
        :attr:`twin`, it tries every other candidate (propagation learns nothing: the same step).
        """
        n = g.n
        tried = [g.fact(i, d) for _, i in order for d in self.refutable(g, i)]
        found = first(len(tried), self.splits(g, facts, tried), self.twin, "cases", snapshot(g), (facts, tried),
                      range(1, len(tried), 2) if self.up is not None else ())
        if found is None:
            return None
        position, (kind, key, e, m) = found
        r, c, d = tried[position]
        self.ahead(g, [(r, c, -d)])  # (the twin starts on the next grid while this step is explained)
        cases = _cases_of(kind, key, e, m)
        whole = [g.fact(key, x) for x in range(1, n + 1)] if kind == 0 else [g.fact(j, e) for j in g.units[key]]
        return self._cases(g, facts, tried[position], [g.fact(j, x) for j, x in cases], whole, [key] if kind else [])

    def splits(self, g: Grid, facts: list[Fact], tried: list[Fact]) -> Callable[[int], tuple | None]:
        """:meth:`by_cases`'s test of candidate ``tried[p]``: the first split, ``(kind, cell or unit,
        digit, its cases as bits)`` (kind 0: a cell's digits; 1: a unit's places for the digit),
        in each of whose cases propagation reaches a contradiction with the candidate; or None."""
        n, units_of, up = g.n, g.units_of, self.up
        given = {(k, e) for j, e in enumerate(g.cells) if e for k in units_of[j]}  # (unit, digit) placed
        unit_masks = unit_bits(g)
        fixed = up.under(facts) if up is not None else None
        start = [sum(1 << e for e in c) for c in g.cands]  # (with what the facts alone derive, taken once)
        if up is not None:  # (the guarded solver reports what the facts derive: the fixed one holds them at its root)
            for r, c, e in up.propagate(up.every, facts)[1]:
                if e > 0:
                    start[r * n + c] = 0
                    given.update((k, e) for k in units_of[r * n + c])
                else:
                    start[r * n + c] &= ~(1 << -e)
        start_holders = [0] * (n + 1)
        for j, m in enumerate(start):
            for e in bits_of(m):
                start_holders[e] |= 1 << j
        # the units' splits before any assumption: an assumption changes those its propagation
        # touches (a unit with more places for a digit is split only when it loses some)
        start_splits = {}
        for k, cells in enumerate(unit_masks):
            for e in range(1, n + 1):
                where = start_holders[e] & cells
                if 2 <= where.bit_count() <= CASES and (k, e) not in given:
                    start_splits[k, e] = where
        start_cells = [(m.bit_count(), 0, j, -1, m) for j, m in enumerate(start) if 2 <= m.bit_count() <= CASES]
        pairs = [[tuple((k, e) for k in units_of[j]) for e in range(n + 1)] for j in range(n * n)]  # (unit, digit)s of a cell
        listed: dict[tuple, tuple[int, ...]] = {}  # each split's cases, as codes (:meth:`_refutes_with`)

        def split(p: int) -> tuple | None:
            if self.deadline.expired():
                raise TimeLimitReached("the time limit ended the search for the next step")
            fact = tried[p]
            i, d = fact[0] * n + fact[1], fact[2]
            _, derived = (fixed.propagate([fact], with_root=False) if fixed is not None
                          else self.session.propagate(facts + [fact]))
            left = list(start)  # each cell's digits left, as bits
            holders = list(start_holders)  # each digit's cells left, as bits
            held = set(given)
            touched: set[tuple[int, int]] = set()  # (unit, digit): its places changed
            moved = set()  # the cells whose digits changed
            for j, e in [(i, d)] + [(r * n + c, e) for r, c, e in derived]:
                if e > 0:  # decided: no case to split on here
                    for x in bits_of(left[j]):
                        holders[x] &= ~(1 << j)
                        touched.update(pairs[j][x])
                    left[j] = 0
                    moved.add(j)
                    held.update(pairs[j][e])
                elif left[j] >> -e & 1:
                    left[j] &= ~(1 << -e)
                    holders[-e] &= ~(1 << j)
                    touched.update(pairs[j][-e])
                    moved.add(j)
            splits = [t for t in start_cells if t[2] not in moved]
            splits += [(m.bit_count(), 0, j, -1, m) for j in moved if 2 <= (m := left[j]).bit_count() <= CASES]
            splits += [(where.bit_count(), 1, k, e, where) for (k, e), where in start_splits.items()
                       if (k, e) not in touched and (k, e) not in held]
            for k, e in touched:
                where = holders[e] & unit_masks[k]
                if 2 <= where.bit_count() <= CASES and (k, e) not in held:
                    splits.append((where.bit_count(), 1, k, e, where))
            refutes = self._refutes_with(g, facts, fact, fixed)
            known: dict[int, bool] = {}  # each case's answer (a case belongs to several splits)
            splits.sort()  # (the fewest cases first, a cell before a unit: no two splits tie before their cases)
            for option in splits:
                cases = listed.get(option)
                if cases is None:
                    _, kind, key, e, m = option
                    cases = listed[option] = tuple(j * n + x for j, x in _cases_of(kind, key, e, m))
                for case in cases:
                    found = known.get(case)
                    if found is None:
                        found = known[case] = refutes(case)
                    if not found:
                        break
                else:
                    return option[1:]
            return None
        return split

    def _refutes_with(self, g: Grid, facts: list[Fact], fact: Fact, fixed: Any) -> Callable[[int], bool]:
        """:meth:`refuted` of ``facts`` and ``fact`` plus one case, as a function of the case's code
        ``j * N + x`` (cell j holds digit x: the literal of the SAT sessions, whose first N**3
        variables are the cells'); by ``fixed`` when given (a session holding ``facts``)."""
        if fixed is not None:
            ask, first = fixed.contradicts_literals, fixed.literal(fact)
            return lambda case: ask([first, case])
        n, before = g.n, facts + [fact]

        def refutes(case: int) -> bool:
            j, x = divmod(case - 1, n)
            return self.refuted(before, g.fact(j, x + 1))
        return refutes

    def _cases(self, g: Grid, facts: list[Fact], fact: Fact, branches: list[Fact], whole: list[Fact],
               focus: list[int]) -> Step:
        """The step for a split: ``whole`` lists every case (the cell's digits, or the unit's cells
        for the digit), as the premises are shrunk; ``branches`` are the cases the text names.

        The premises are those propagation in each case needs (:meth:`_reason`), then shrunk again
        by a solver holding only the step's units (:meth:`solver_fewest`): a search may do without
        some of them (on four of the forum's hardest, 17 of 22 such steps), and a step stands on what it
        needs. Its cases then end by a search (``minimal_under`` "solver") unless propagation in
        each case still reaches a contradiction from the fewer premises."""
        order = list(whole)  # (the case that last survived a trial is asked first: the same answers, sooner)

        def refutes(premises: list[Fact], assumed: Fact) -> bool:
            for k, b in enumerate(order):
                if not self.refuted(premises + [assumed], b):
                    order.insert(0, order.pop(k))
                    return False
            return True

        def within(units: Sequence[int], premises: list[Fact]) -> bool:  # a unit's split needs the unit
            return all(k in units for k in focus) and self.propagates(units, premises + [fact], whole)

        units, premises, how = self._reason(g, facts, fact, refutes, within)
        fewer = self.solver_fewest(units, premises, fact)
        if fewer != premises:  # a search over the units does without some: the step stands on fewer, and
            premises = fewer  # its cases end by a search where propagation no longer reaches a contradiction
            how = how if within(units, premises) else "solver"
        step = self._step(units, premises, how, fact, CASES_COST, "what if, by cases")
        step.focus = focus
        chains = [trace(g, units, premises, fact, b) for b in branches]
        if all(chains):  # each case ends where its chain does
            step.cases = [(b, c.end) for b, c in zip(branches, chains) if c is not None]
            step.chain = "; ".join(f"{c.words()} so {contradiction_text(self.rules, c.end)}"
                                   for c in chains if c is not None)
            step.arrows = list(dict.fromkeys(a for c in chains if c is not None for a in c.arrows))  # cases share links
        else:
            step.cases = [(b, self.dead_end(units, premises + [fact, b])) for b in branches]
        step.se = chain_se(None, chains)
        return step


def _cases_of(kind: int, key: int, e: int, m: int) -> list[tuple[int, int]]:
    """A split's cases, (cell, digit): a cell's digits (kind 0, cell ``key``, digits ``m`` as
    bits), or a unit's places for digit ``e`` (kind 1, cells ``m`` as bits)."""
    return [(key, x) for x in bits_of(m)] if kind == 0 else [(j, e) for j in bits_of(m)]


