"""Naked and hidden singles over some units: the cheapest refutation, and where propagation runs out."""


from __future__ import annotations

from collections.abc import Sequence

from ...constraints import relation_pairs
from ...core.board import Fact, Rules
from ..refutations import facts_deletion, places, units_deletion
from .grid import Grid


def fewest_units(g: Grid, facts: Sequence[Fact], assumed: Fact, most: int | None = None) -> list[int] | None:
    """A minimal set of units (and relations) over which naked and hidden singles refute ``assumed``
    with all of ``facts`` (deletion over every unit, then every relation, in order): the units of that candidate's step. None as
    soon as more than ``most`` units are known to be needed (a unit found needed stays needed)."""
    return units_deletion(g, facts, assumed).run(most)


def fewest_facts(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> list[Fact]:
    """A minimal subset of ``facts`` with which naked and hidden singles over ``units`` still refute
    ``assumed``: deletion in order, as :func:`~sudoku_cp.tasks.cores.shrink_core` does with
    :func:`singles_refute` (:func:`~sudoku_cp.tasks.refutations.facts_deletion`)."""
    return facts_deletion(g, units, facts, assumed).run() or []  # (no bound: never None)


def where_stuck(rules: Rules, units: Sequence[int], facts: Sequence[Fact]) -> tuple | None:
    """Where ``facts`` (what propagation over ``units`` reached, up to its conflict) break a rule:
    a cell with two digits, no candidate or a digit it cannot hold, a unit with a digit twice or
    no place for it, two related cells (a knight's or king's move apart) with the same digit;
    None if none shows (a cage's sum, say)."""
    n = rules.size
    placed: dict[int, set[int]] = {}
    out: set[tuple[int, int]] = set()
    for r, c, d in facts:
        if d > 0:
            placed.setdefault(r * n + c, set()).add(d)
        else:
            out.add((r * n + c, -d))
    for i, ds in sorted(placed.items()):
        if len(ds) > 1:
            return ("two", i, *sorted(ds)[:2])
    ours = [k for k in units if k < len(rules.units)]
    cells_of = {k: [r * n + c for r, c in rules.units[k].cells] for k in ours}
    for k in ours:
        for d in range(1, n + 1):
            if sum(d in placed.get(i, ()) for i in cells_of[k]) > 1:
                return ("twice", k, d)
    kinds = {rules.constraints[k - len(rules.units)].kind for k in units if k >= len(rules.units)}
    from ...constraints import kind_of

    for kind in sorted(k for k in kinds if getattr(kind_of(k), "gaps", None) == (0,) and hasattr(kind_of(k), "steps")):
        for i, j in relation_pairs(rules, kind):
            same = placed.get(i, set()) & placed.get(j, set())
            if same:
                return ("clash", kind, i, j, min(same))
    for i in range(n * n):
        if i not in placed and all((i, d) in out for d in range(1, n + 1)):
            return ("empty", i)
    for k in ours:
        for d in range(1, n + 1):
            if all((i, d) in out or (i in placed and d not in placed[i]) for i in cells_of[k]):
                return ("nowhere", k, d)
    for i, ds in sorted(placed.items()):
        (d,) = ds
        if (i, d) in out:
            return ("forced", i, d)
    return None


def singles_refute(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> bool:
    """Naked and hidden singles over ``units`` alone reach a contradiction from ``facts`` and
    ``assumed`` (what unit propagation does on the CNF of those units): used to find which units a
    general step needs; the step itself is then checked by a solver."""
    return contradiction(g, units, facts, assumed) is not None


def contradiction(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> tuple | None:
    """The contradiction naked and hidden singles over ``units`` reach from ``facts`` and
    ``assumed``: ``("empty", cell)`` (no candidate left), ``("nowhere", unit, digit)`` (no place
    for the digit) or ``("ruled out", cell, digit)``; None when they reach none. A relation among
    ``units`` (its position past the units) takes a decided cell's forbidden digits out of its
    partners, as a unit takes the digit out of its other cells."""
    n = g.n
    relations = [k for k in units if k >= len(g.units)]
    units = [k for k in units if k < len(g.units)]
    full = (1 << n) - 1
    cands = [full] * (n * n)
    queue = []
    for r, c, d in list(facts) + [assumed]:
        i = r * n + c
        if d > 0:
            if not cands[i] >> (d - 1) & 1:
                return ("ruled out", i, d)
            cands[i] = 1 << (d - 1)
            queue.append(i)
        else:
            cands[i] &= ~(1 << (-d - 1))
            if not cands[i]:
                return ("empty", i)
    cells_of = [g.units[k] for k in units]
    mine: list[list[int]] = [[] for _ in range(n * n)]
    for k, cells in enumerate(cells_of):
        for i in cells:
            mine[i].append(k)
    partners: list[list[tuple[int, tuple[int, ...]]]] = [
        [p for k in relations for p in g.related[i].get(k, ())] for i in range(n * n)]
    done = [False] * (n * n)
    changed = True
    while changed:
        changed = False
        while queue:  # a decided cell leaves its digit out of its units' other cells
            i = queue.pop()
            if done[i]:
                continue
            done[i] = True
            bit = cands[i]
            for k in mine[i]:
                for j in cells_of[k]:
                    if j != i and cands[j] & bit:
                        cands[j] &= ~bit
                        if not cands[j]:
                            return ("empty", j)
                        if cands[j] & (cands[j] - 1) == 0:
                            queue.append(j)
            d = bit.bit_length()
            for j, gaps in partners[i]:
                for e in gaps:
                    if 1 <= d + e <= n and cands[j] >> (d + e - 1) & 1:
                        cands[j] &= ~(1 << (d + e - 1))
                        if not cands[j]:
                            return ("empty", j)
                        if cands[j] & (cands[j] - 1) == 0:
                            queue.append(j)
        for i in range(n * n):  # naked singles found by the eliminations
            if not done[i] and cands[i] & (cands[i] - 1) == 0:
                queue.append(i)
                changed = True
        for k, cells in zip(units, cells_of):  # hidden singles; a digit with no place is a contradiction
            once, lone = places(cands, cells)
            if once == full and not lone:
                continue  # every digit has a place and none is newly a hidden single here
            for d in range(n):
                bit = 1 << d
                where = [i for i in cells if cands[i] & bit]
                if not where:
                    return ("nowhere", k, d + 1)
                if len(where) == 1 and cands[where[0]] != bit:
                    cands[where[0]] = bit
                    queue.append(where[0])
                    changed = True
        changed = changed or bool(queue)
    return None


# -- the sequence --------------------------------------------------------------------------------

