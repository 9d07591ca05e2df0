"""Wings: XY-wing, XYZ-wing, W-wing.

XY-wing: a pivot holding {x, y} sees two pincers holding {x, z} and {y, z}: whatever the pivot
holds, a pincer holds z, so z leaves every cell seeing both pincers. XYZ-wing: the pivot holds
{x, y, z}, so z leaves the cells seeing the pivot and both pincers. W-wing: two cells holding the
same {x, y}, and a unit whose only places for y are a cell seeing one of them and a cell seeing the
other: one of the two cells holds x, so x leaves the cells seeing both.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from .base import name, sees, shared
from .registry import TECHNIQUES

if TYPE_CHECKING:
    from ..steps import Grid, Step


def _others(g: Grid, i: int, keep) -> list[tuple[int, int]]:
    return [(i, e) for e in range(1, g.n + 1) if e not in keep]


def _wing(g: Grid, cells: list[int], z: int, technique: str, chain: str) -> Step | None:
    gone = [j for j in range(g.n * g.n) if z in g.cands[j] and j not in cells
            and all(sees(g, j, c) for c in cells if z in g.cands[c])]
    if not gone:
        return None
    pivot = cells[0]
    units = {shared(g, pivot, c)[0] for c in cells[1:]}
    units |= {shared(g, j, c)[0] for j in gone for c in cells if z in g.cands[c]}
    reasons = [r for c in cells for r in _others(g, c, g.cands[c])]
    step = g.step([g.fact(j, -z) for j in gone], reasons, sorted(units), technique, [])
    step.chain = chain
    return step


def xy_wing(g: Grid) -> Step | None:
    n = g.n
    two = [i for i in range(n * n) if len(g.cands[i]) == 2]
    for pivot in two:
        x, y = sorted(g.cands[pivot])
        near = [i for i in two if sees(g, pivot, i)]
        for a, b in itertools.combinations(near, 2):
            for p, q in ((a, b), (b, a)):
                if x in g.cands[p] and y in g.cands[q] and y not in g.cands[p] and x not in g.cands[q]:
                    (z,) = g.cands[p] - {x}
                    if g.cands[q] == {y, z}:
                        chain = (f"{name(g, pivot)} holds {x} or {y}: {x} makes {name(g, p)}={z}, "
                                 f"{y} makes {name(g, q)}={z}")
                        step = _wing(g, [pivot, p, q], z, "XY-wing", chain)
                        if step is not None:
                            return step
    return None


def xyz_wing(g: Grid) -> Step | None:
    n = g.n
    for pivot in range(n * n):
        if len(g.cands[pivot]) != 3:
            continue
        near = [i for i in range(n * n) if len(g.cands[i]) == 2 and g.cands[i] < g.cands[pivot]
                and sees(g, pivot, i)]
        for p, q in itertools.combinations(near, 2):
            common = g.cands[p] & g.cands[q]
            if len(common) != 1 or g.cands[p] == g.cands[q]:
                continue
            (z,) = common
            chain = (f"{name(g, pivot)} holds {', '.join(map(str, sorted(g.cands[pivot])))}: "
                     f"{z} there, or it makes {name(g, p)}={z} or {name(g, q)}={z}")
            step = _wing(g, [pivot, p, q], z, "XYZ-wing", chain)
            if step is not None:
                return step
    return None


def w_wing(g: Grid) -> Step | None:
    n = g.n
    two = [i for i in range(n * n) if len(g.cands[i]) == 2]
    for a, b in itertools.combinations(two, 2):
        if g.cands[a] != g.cands[b] or sees(g, a, b):
            continue
        for y in sorted(g.cands[a]):
            (x,) = g.cands[a] - {y}
            gone = [j for j in range(n * n) if x in g.cands[j] and j not in (a, b)
                    and sees(g, j, a) and sees(g, j, b)]
            if not gone:
                continue
            for k, unit in enumerate(g.units):
                if any(g.cells[i] == y for i in unit):
                    continue
                w = [i for i in unit if y in g.cands[i]]
                if len(w) != 2 or a in w or b in w:
                    continue
                for p, q in (w, w[::-1]):
                    if sees(g, p, a) and sees(g, q, b):
                        reasons = _others(g, a, {x, y}) + _others(g, b, {x, y})
                        reasons += [(i, y) for i in unit if i not in w]
                        units = {k, shared(g, p, a)[0], shared(g, q, b)[0]}
                        units |= {shared(g, j, c)[0] for j in gone for c in (a, b)}
                        step = g.step([g.fact(j, -x) for j in gone], reasons, sorted(units), "W-wing", [k])
                        step.chain = (f"{name(g, a)}<>{x} so {name(g, a)}={y} so {name(g, p)}<>{y} so "
                                      f"{name(g, q)}={y} so {name(g, b)}<>{y} so {name(g, b)}={x}")
                        step.se = TECHNIQUES["W-wing"].se
                        return step
    return None
