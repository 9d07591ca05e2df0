"""Naked and hidden subsets: pairs, triples, quads within one unit."""

from __future__ import annotations

import itertools

from .base import Grid, Step


SUBSETS = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(g: Grid, size: int) -> Step | None:
    """``size`` cells of a unit hold only ``size`` digits between them: those digits leave the
    unit's other cells."""
    name = f"naked {SUBSETS[size]}"
    for k, unit in enumerate(g.units):
        open_cells = [i for i in unit if not g.cells[i]]
        small = [i for i in open_cells if 2 <= len(g.cands[i]) <= size]
        for group in itertools.combinations(small, size):
            digits = set().union(*(g.cands[i] for i in group))
            if len(digits) != size:
                continue
            gone = [(i, d) for i in open_cells if i not in group for d in sorted(digits & g.cands[i])]
            if gone:
                reasons = [(i, e) for i in group for e in range(1, g.n + 1) if e not in digits]
                return g.step([g.fact(i, -d) for i, d in gone], reasons, [k], name, [k])
    return None


def hidden_subset(g: Grid, size: int) -> Step | None:
    """``size`` digits of a unit have no place but ``size`` cells: the cells' other digits go."""
    name = f"hidden {SUBSETS[size]}"
    for k, unit in enumerate(g.units):
        placed = {g.cells[i] for i in unit}
        where = {d: [i for i in unit if d in g.cands[i]] for d in range(1, g.n + 1) if d not in placed}
        few = [d for d, cells in where.items() if 1 <= len(cells) <= size]
        for digits in itertools.combinations(few, size):
            cells = set().union(*(where[d] for d in digits))
            if len(cells) != size:
                continue
            gone = [(i, e) for i in sorted(cells) for e in sorted(g.cands[i]) if e not in digits]
            if gone:
                reasons = [(j, d) for d in digits for j in unit if j not in cells]
                return g.step([g.fact(i, -e) for i, e in gone], reasons, [k], name, [k])
    return None
