"""Killer cages: cage combinations, and innies and outies (the 45 rule).

Cage combinations: a cage's cells hold different digits adding up to its sum, so they hold one of
the digit sets of that size and sum that their candidates can take, one digit each ("cage of 17 in
r1c1-r1c2 is {8,9}"). Every candidate in no such set, or that no arrangement of a set gives that
cell, goes; a digit in every set that only some cells of the cage can hold is locked there and
leaves every other cell seeing them all. One step per cage, removing all of it.

Innies and outies: a unit, a run of adjacent rows (or columns), or two or four boxes making a
rectangle, holds N(N+1)/2 per unit (45 on a 9x9). Take away the cages inside it: the cells left over (the innies) add up to the rest.
Or, when the cages reaching into it cover it, add those cages up: the cells they hold outside it
(the outies) add up to the excess. One, two or three such cells with a known sum are a new cage
(the cells differ where they share a unit): a single innie is placed, a few lose every digit no
filling of that sum gives them.

Combination analysis: a unit and the cages meeting it, filled together: the unit's cells all
differ, and each cage's cells differ and add up to its sum. A candidate no such filling gives goes
("in column 1: the 3 cages meeting it fit in with it only when the cage of 15 at r1c1 is {1,5,9}
or {2,4,9}; ..."). It runs after the subsets, which it would otherwise swallow. This sees how the
cages of a unit share its digits, where each cage alone (cage combinations) does not, and adds up
the unit's innies and outies of any size, and their differences, without naming them.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

from ...core.board import Rules
from .base import Grid, NewCage, Step, name, remembered
from .lines import (Search, combinations_of, digits_of, distinct_sets, domains, filled_with, reasons_of,
                    removal_step, seeing, shared_units, spelled)

MOST = 3  # innies or outies: at most this many cells make a new cage
PARTS = 300     # combination analysis leaves a unit alone when a cage has more digit sets and parts to try
STATES = 20_000  # ... or its digits used so far times a cage's parts pass this (on a 9x9 at most 126 x 126)


def cage_combinations(g: Grid) -> Step | None:
    """The first cage whose combinations remove a candidate: inside it, and its locked digits outside."""
    n, u = g.n, len(g.units)
    for k, rule, cells, fits, kept_of in distinct_sets(g, "killer", lambda rule, size: sums(n, size, rule.value)):
        gone = [(i, d) for i in cells if not g.cells[i] for d in sorted(g.cands[i] - kept_of[i])]
        locked, units = [], {u + k}
        words = (f"cage {'' if rule.value is None else f'of {rule.value} '}in "
                 f"{'-'.join(name(g, i) for i in cells)} is {spelled(fits)}")
        by_holders: dict[tuple[int, ...], list[int]] = {}
        for d in sorted(frozenset.intersection(*fits)):
            by_holders.setdefault(tuple(i for i in cells if d in kept_of[i]), []).append(d)
        for holders, digits in by_holders.items():
            near = sorted(frozenset.intersection(*(g.peer_sets[i] for i in holders)) - set(cells))  # (sees them all)
            out = {d: [j for j in near if not g.cells[j] and d in g.cands[j]] for d in digits}
            if any(out.values()):
                locked += [(j, d) for d in digits for j in out[d]]
                units |= shared_units(g.rules, [(j, i) for js in out.values() for j in js for i in holders])
                these = [d for d in digits if out[d]]
                cells_out = sorted({j for js in out.values() for j in js})
                words += (f"; {', '.join(map(str, these))} {'is' if len(these) == 1 else 'are'} in every "
                          f"combination, only in {'-'.join(name(g, i) for i in holders)}, so "
                          f"{'it leaves' if len(these) == 1 else 'they leave'} {', '.join(name(g, j) for j in cells_out)}")
        if not gone and not locked:
            continue
        step = g.step([g.fact(i, -d) for i, d in gone + locked], reasons_of(g, cells), sorted(units),
                      "cage combinations", [u + k])
        step.chain = words
        return step
    return None


@remembered(1024)
def sums(n: int, size: int, total: int | None) -> tuple[frozenset[int], ...]:
    """The sets of ``size`` digits 1..N adding up to ``total`` (any total when None)."""
    return tuple(frozenset(s) for s in combinations(range(1, n + 1), size) if total is None or sum(s) == total)


@remembered(64)
def regions(rules: Rules) -> tuple[tuple[tuple[int, ...], frozenset[int]], ...]:
    """The regions the 45 rule is applied to, fewest units first: each unit, runs of 2 .. N-1
    adjacent rows and of adjacent columns, two or four boxes making a rectangle (units by position
    in ``rules.units``, and their cells)."""
    n = rules.size
    out: list[tuple[tuple[int, ...], frozenset[int]]] = [
        ((k,), frozenset(r * n + c for r, c in unit.cells)) for k, unit in enumerate(rules.units)]
    for kind in ("row", "column"):
        lines = {unit.index: k for k, unit in enumerate(rules.units) if unit.kind == kind}
        for size in range(2, n):
            for first in range(n - size + 1):
                ks = tuple(lines.get(first + j, -1) for j in range(size))
                if -1 not in ks:
                    out.append((ks, frozenset().union(*(out[k][1] for k in ks))))
    boxes = [k for k, unit in enumerate(rules.units) if unit.kind == "box"]
    for size in (2, 4):  # two boxes side by side, four in a square: a rectangle of cells
        for ks in combinations(boxes, size):
            area = frozenset().union(*(out[k][1] for k in ks))
            rows, cols = {i // n for i in area}, {i % n for i in area}
            if len(rows) * len(cols) == len(area) and max(rows) - min(rows) < len(rows) \
                    and max(cols) - min(cols) < len(cols):
                out.append((ks, area))
    return tuple(sorted(out, key=lambda r: len(r[0])))


@remembered(64)
def cages_of(rules: Rules) -> tuple[tuple[int, frozenset[int], int], ...]:
    """The cages with a sum: (position in ``rules.constraints``, cells, sum)."""
    n = rules.size
    return tuple((k, frozenset(r * n + c for r, c in rule.cells), rule.value)
                 for k, rule in enumerate(rules.constraints) if rule.kind == "killer" and rule.value is not None)


@remembered(64)
def new_cages(rules: Rules) -> tuple[tuple[str, tuple[int, ...], int, frozenset[int], tuple[int, ...], int, int, int], ...]:
    """Every innie and outie group the 45 rule makes, in the order they are looked for (region by
    region, fewest units first; innies before outies): (``innie`` or ``outie``, its cells, their
    sum, the units and cages used (positions as in :func:`~sudoku_cp.tasks.steps.unit_name`), the
    region's units, the region's total, the used cages' sum and count). They depend on the rules
    alone: made once per puzzle."""
    n, u = rules.size, len(rules.units)
    cages = cages_of(rules)
    if not cages:
        return ()
    whole = n * (n + 1) // 2
    out = []
    for ks, area in regions(rules):
        total = whole * len(ks)
        inside = [c for c in cages if c[1] <= area]
        reaching = [c for c in cages if c[1] & area and not c[1] <= area]
        left = area - frozenset().union(*(c[1] for c in inside))
        tries = [("innie", left, total - sum(c[2] for c in inside), inside)]
        covered = frozenset().union(*(c[1] for c in inside + reaching))
        if area <= covered and reaching:
            tries.append(("outie", covered - area, sum(c[2] for c in inside + reaching) - total, inside + reaching))
        for word, cells, rest, used in tries:
            if not 1 <= len(cells) <= MOST or sum(len(c[1]) for c in used) != len(frozenset().union(*(c[1] for c in used))):
                continue  # (cages that overlap do not add up)
            out.append((word, tuple(sorted(cells)), rest, frozenset(ks) | {u + c[0] for c in used}, ks, total,
                        sum(c[2] for c in used), len(used)))
    return tuple(out)


def innies_outies(g: Grid) -> Step | None:
    """The first region whose innies or outies, at most :data:`MOST` cells with a known sum, remove
    a candidate (or place the single innie's or outie's digit)."""
    for word, cells, rest, units, ks, total, cages_sum, count in new_cages(g.rules):
        step = _new_cage(g, list(cells), rest, set(units), ks, word, total, cages_sum, count)
        if step is not None:
            return step
    return None


def _new_cage(g: Grid, cells: list[int], rest: int, units: set[int], ks: tuple[int, ...], word: str,
              total: int, cages_sum: int, count: int) -> Step | None:
    """The step of innies or outies ``cells`` adding up to ``rest``."""
    doms = domains(g, cells)
    if doms is None or all(g.cells[i] for i in cells):
        return None
    found = sum_supported(g.rules, tuple(cells), rest, tuple(frozenset(doms[i]) for i in cells))
    if found is None or not all(found):
        return None
    kept = {i: set(ds) for i, ds in zip(cells, found)}
    near = seeing(g.rules, cells)
    where = _region_name(g, ks)
    plural = "s" if len(cells) > 1 else ""
    holds = "holds" if len(ks) == 1 else "hold"
    how = (f"{where} {holds} {total}, the {count} cage{'s' * (count != 1)} inside add up to {cages_sum}"
           if word == "innie" else
           f"{where} {holds} {total}, the {count} cage{'s' * (count != 1)} covering {'it' if len(ks) == 1 else 'them'} "
           f"add up to {cages_sum}")
    chain = (f"{how}, so the {word}{plural} {'-'.join(name(g, i) for i in cells)} "
             f"add{'' if plural else 's'} up to {rest}")
    cages = tuple(sorted(units - set(ks)))
    added, taken = (ks, cages) if word == "innie" else (cages, ks)
    new = NewCage(tuple(divmod(i, g.n) for i in cells), rest, added, taken)
    if len(cells) == 1:
        (i,) = cells
        (d,) = kept[i]
        step: Any = g.step([g.fact(i, d)], [], sorted(units), "innies and outies", list(ks))
        step.chain = chain
    else:
        step = removal_step(g, cells, kept, units | shared_units(g.rules, near), "innies and outies", None, chain)
    if step is not None:
        step.new_cages = [new]
    return step


@remembered(8192)
def sum_supported(rules: Rules, cells: tuple[int, ...], total: int, doms: tuple[frozenset[int], ...]) -> tuple[
        frozenset[int], ...] | None:
    """Each of ``cells``'s digits (they hold ``doms``) that some filling adding up to ``total``
    gives it, cells sharing a unit holding different digits (None past the search's budget). The
    answer depends on these alone, so it is not searched again while the cells keep their digits."""
    kept = Search(dict(zip(cells, map(set, doms))), distinct=seeing(rules, cells),
                  total=({i: 1 for i in cells}, total)).supported()
    return None if kept is None else tuple(frozenset(kept[i]) for i in cells)


def _region_name(g: Grid, ks: tuple[int, ...]) -> str:
    units = [g.rules.units[k] for k in ks]
    if len(units) == 1:
        return f"{units[0].kind} {units[0].index + 1}"
    if units[0].kind == "box":
        return f"boxes {', '.join(str(u.index + 1) for u in units)}"
    return f"{units[0].kind}s {units[0].index + 1}-{units[-1].index + 1}"


def combination_analysis(g: Grid) -> Step | None:
    """The first unit whose cells filled together with the cages meeting it remove a candidate, in
    the unit or in those cages (a unit past :data:`PARTS` or :data:`STATES` is left alone: big
    cages on a 16x16 took seconds)."""
    cages, u = cages_of(g.rules), len(g.units)
    for k, (meeting, cells) in _units_met(g.rules).items():
        doms = domains(g, cells)
        if doms is None or all(g.cells[i] for i in cells):
            continue
        found = _filled_together(g.rules, k, tuple(frozenset(doms[i]) for i in cells))
        if found is None:
            continue
        kept, fits = found
        keep = {i: set(ds) for i, ds in zip(cells, kept)}
        if all(keep[i] >= g.cands[i] for i in cells if not g.cells[i]):
            continue
        words = "; ".join(f"the cage of {cages[c][2]} at {name(g, min(cages[c][1]))} is {spelled(sets)}"
                          for c, sets in zip(meeting, fits))
        chain = f"the {len(meeting)} cage{'s' * (len(meeting) != 1)} meeting it fit in with it only when {words}"
        step = removal_step(g, cells, keep, {k} | {u + cages[c][0] for c in meeting}, "combination analysis",
                            k, chain)
        if step is not None:
            return step
    return None


@remembered(64)
def _units_met(rules: Rules) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each unit that cages meet, no two of them sharing a cell, by its position in ``rules.units``:
    the cages meeting it (by position in :func:`cages_of`), and the unit's cells and theirs."""
    n, cages, out = rules.size, cages_of(rules), {}
    for k, unit in enumerate(rules.units):
        area = frozenset(r * n + c for r, c in unit.cells)
        meeting = tuple(j for j, c in enumerate(cages) if c[1] & area)
        if meeting and sum(len(cages[j][1]) for j in meeting) == len(
                frozenset().union(*(cages[j][1] for j in meeting))):
            out[k] = (meeting, tuple(sorted(area.union(*(cages[j][1] for j in meeting)))))
    return out


Part = tuple[int, frozenset[int], dict[int, frozenset[int]]]  # (digits in a unit as bits, a cage's set, its cells' digits)


@remembered(16384)
def _cage_parts(rules: Rules, c: int, inside: tuple[int, ...], doms: tuple[frozenset[int], ...]) -> tuple[
        Part, ...] | None:
    """The ways cage ``c`` (position in :func:`cages_of`; its cells hold ``doms``) meets a unit where
    it has the cells ``inside``: each of its digit sets its cells can hold, with each part of it
    that the cells inside can hold while the others hold the rest, and each cell's digits then
    (None when there would be more than :data:`PARTS` to try)."""
    n = rules.size
    _, cage, total = cages_of(rules)[c]
    cells = sorted(cage)
    dom = dict(zip(cells, doms))
    outside = [i for i in cells if i not in inside]
    if len(sums(n, len(cells), total)) * comb(len(cells), len(inside)) > PARTS:
        return None
    fits, _ = combinations_of(doms, sums(n, len(cells), total))
    out = []
    reach_in = frozenset().union(*(dom[i] for i in inside))
    reach_out = frozenset().union(*(dom[i] for i in outside))
    bits_in = tuple(sum(1 << d for d in dom[i]) for i in inside)
    bits_out = tuple(sum(1 << d for d in dom[i]) for i in outside)
    for digits in fits:
        every = sum(1 << d for d in digits)
        for part in map(frozenset, combinations(sorted(digits & reach_in), len(inside))):
            if not digits - part <= reach_out:
                continue
            held = sum(1 << d for d in part)
            kept_in, kept_out = filled_with(bits_in, held), filled_with(bits_out, every & ~held)
            if kept_in is not None and kept_out is not None:
                out.append((held, digits, {i: digits_of(b) for i, b in zip(inside + tuple(outside), kept_in + kept_out)}))
    return tuple(out)


@remembered(16384)
def _filled_together(rules: Rules, k: int, doms: tuple[frozenset[int], ...]) -> tuple[
        tuple[frozenset[int], ...], tuple[tuple[frozenset[int], ...], ...]] | None:
    """How unit ``k`` and the cages meeting it fill together, its cells (in the order of
    :func:`_units_met`) holding ``doms``: each cell's digits in some filling, and each cage's digit
    sets in some filling (None when there is none, or past :data:`PARTS` or :data:`STATES`). The answer depends on
    these alone: a unit whose cells kept their candidates is not worked out again.

    Each cage takes one of its digit sets, and of it the digits its cells in the unit hold; these
    and the unit's other cells' digits all differ (and are every digit, for a unit of N cells): the
    choices some choice of the others completes (:func:`_completed`).
    """
    n = rules.size
    meeting, cells = _units_met(rules)[k]
    dom = dict(zip(cells, doms))
    area = frozenset(r * n + c for r, c in rules.units[k].cells)
    caged = [sorted(cages_of(rules)[c][1]) for c in meeting]
    found = [_cage_parts(rules, c, tuple(i for i in cage if i in area), tuple(dom[i] for i in cage))
             for c, cage in zip(meeting, caged)]
    if None in found:
        return None
    parts = [list(options) for options in found if options is not None]
    for i in sorted(area.difference(*caged)):
        parts.append([(1 << d, frozenset(), {i: frozenset({d})}) for d in sorted(dom[i])])
    goods = _completed(tuple(frozenset(o[0] for o in options) for options in parts),
                       sum(1 << d for d in range(1, n + 1)) if len(area) == n else None)
    if goods is None:
        return None
    chosen = [[x for x, o in enumerate(options) if o[0] in good] for options, good in zip(parts, goods)]
    kept: dict[int, set[int]] = {i: set() for i in cells}
    sets: list[tuple[frozenset[int], ...]] = []
    for j, options in enumerate(parts):
        for x in chosen[j]:
            for i, ds in options[x][2].items():
                kept[i] |= ds
        if j < len(meeting):
            sets.append(tuple(sorted({options[x][1] for x in chosen[j]}, key=sorted)))
    return tuple(frozenset(kept[i]) for i in cells), tuple(sets)


@remembered(16384)
def _completed(adds_of: tuple[frozenset[int], ...], every: int | None) -> tuple[frozenset[int], ...] | None:
    """Of each part's choices (the digits it adds, as bits), those some choice of the others
    completes: no digit twice and, given ``every``, all of its digits (None when there is none, or
    past :data:`STATES`). A pass forward over the digits used so far, and one back. Half the units
    worked out again after a step offer the same choices as some unit before, so the answer is
    kept."""
    reached = [{0}]
    for adds_here in adds_of:
        if len(reached[-1]) * len(adds_here) > STATES:
            return None
        reached.append({used | adds for used in reached[-1] for adds in adds_here if not used & adds})
    ends = reached[-1] if every is None else reached[-1] & {every}
    goods: list[frozenset[int]] = []
    for j in range(len(adds_of) - 1, -1, -1):
        good = frozenset(adds for adds in adds_of[j]
                         if any(not used & adds and used | adds in ends for used in reached[j]))
        goods.append(good)
        ends = {used for used in reached[j] if any(not used & adds and used | adds in ends for adds in good)}
    return tuple(goods[::-1]) if ends else None
