"""Uniqueness: deductions that hold only because the puzzle has exactly one solution.

The steps engine proves that first (a count by a solver); these steps are labelled
``(uniqueness)``, and since the rules alone do not imply them, their premises are every current
fact and their constraints every unit: the verifier's fresh solver then checks the conclusion
holds in every solution those facts allow, that is in the one solution.

Unique rectangle type 1: four cells in two rows, two columns and two boxes; three hold only
{x, y}: the fourth cannot be x or y (both would allow the two digits to swap, a second
solution). BUG+1: every blank cell holds two candidates but one, which holds three; the digit of
those three that appears three times in that cell's row (column, box) goes there, otherwise each
digit would appear twice in every unit and the two could swap.
"""

from __future__ import annotations

import itertools

from .base import Grid, Step, lines, name


LABEL = "(uniqueness)"


def _whole(g: Grid, conclusion, technique: str, chain: str) -> Step:
    step = g.whole_step(conclusion, technique)
    step.chain = chain
    return step


def unique_rectangle(g: Grid) -> Step | None:
    if not g.unique:
        return None
    rows, cols, boxes = lines(g, "row"), lines(g, "column"), lines(g, "box")
    if not (rows and cols and boxes):
        return None
    n = g.n
    box_of = {i: k for k in boxes for i in g.units[k]}
    for r1, r2 in itertools.combinations(range(n), 2):
        for c1, c2 in itertools.combinations(range(n), 2):
            cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
            if len({box_of[i] for i in cells}) != 2 or any(g.cells[i] for i in cells):
                continue
            two = [i for i in cells if len(g.cands[i]) == 2]
            if len(two) != 3 or len({frozenset(g.cands[i]) for i in two}) != 1:
                continue
            (odd,) = [i for i in cells if i not in two]
            pair = g.cands[two[0]]
            if not pair <= g.cands[odd]:
                continue
            x, y = sorted(pair)
            chain = (f"{', '.join(name(g, i) for i in two)} hold only {x} and {y}; {name(g, odd)} = {x} "
                     f"or {y} would let the two digits swap: a second solution")
            return _whole(g, [g.fact(odd, -d) for d in (x, y)], f"unique rectangle {LABEL}", chain)
    return None


def bug_plus_one(g: Grid) -> Step | None:
    if not g.unique:
        return None
    n = g.n
    blank = [i for i in range(n * n) if not g.cells[i]]
    three = [i for i in blank if len(g.cands[i]) != 2]
    if len(three) != 1 or len(g.cands[three[0]]) != 3:
        return None
    i = three[0]
    for d in sorted(g.cands[i]):
        for k in g.units_of[i]:
            if sum(1 for j in g.units[k] if d in g.cands[j]) == 3:
                chain = (f"every blank cell but {name(g, i)} holds two candidates, and {d} appears three "
                         f"times in {g.rules.units[k].kind} {g.rules.units[k].index + 1}: without "
                         f"{name(g, i)}={d} the puzzle would have two solutions")
                return _whole(g, [g.fact(i, d)], f"BUG+1 {LABEL}", chain)
    return None
