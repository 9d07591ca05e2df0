"""Singles: full house (the last blank of a unit), hidden single (a digit's one place in a unit),
naked single (a cell's one candidate)."""

from __future__ import annotations


from .base import UNIT_MISSES as MISSES, Grid, Step, boxes_first, digit_places, unit_bits



def full_house(g: Grid) -> Step | None:
    """The only blank cell of a unit takes the unit's missing digit."""
    cells = g.cells
    blanks = 0  # the blank cells, as bits
    for i, d in enumerate(cells):
        if not d:
            blanks |= 1 << i
    for k, bits in enumerate(unit_bits(g)):
        blank = blanks & bits
        if blank and not blank & (blank - 1):
            unit = g.units[k]
            i = blank.bit_length() - 1
            missing = set(range(1, g.n + 1)) - {g.cells[j] for j in unit}
            if len(missing) == 1:
                d = missing.pop()
                if d in g.cands[i]:
                    return g.step([g.fact(i, d)], [(j, d) for j in unit if j != i], [k],
                                  "full house", [k])
    return None


def hidden_single(g: Grid) -> Step | None:
    """A digit's one place in a unit: in a box first (Sudoku Explainer rates it 1.2 there, 1.5 in a
    line, and takes the easier), each kind of unit in order, digits in order."""
    held, bits = digit_places(g), unit_bits(g)
    for k in boxes_first(g):
        if MISSES.known(g, ("hidden single", k), k):
            continue
        unit = bits[k]
        for d in range(1, g.n + 1):
            where = held[d] & unit
            if where and not where & (where - 1):
                i = where.bit_length() - 1
                step = g.step([g.fact(i, d)], [(j, d) for j in g.units[k] if j != i], [k], "hidden single", [k])
                step.se = 1.2 if g.rules.units[k].kind == "box" else 1.5
                return step
        MISSES.add(g, ("hidden single", k), k)
    return None


def naked_single(g: Grid) -> Step | None:
    for i, cands in enumerate(g.cands):
        if not g.cells[i] and len(cands) == 1:
            d = next(iter(cands))
            return g.step([g.fact(i, d)], [(i, e) for e in range(1, g.n + 1) if e != d], [],
                          "naked single", [])
    return None
