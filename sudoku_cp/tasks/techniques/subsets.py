"""Naked and hidden subsets: pairs, triples, quads within one unit; and, as Sudoku Explainer rates
them, the direct hidden pair and triple (the subset leaves another digit one place in the unit)."""

from __future__ import annotations

import itertools

from .base import UNIT_MISSES as MISSES, Grid, Step, bits_of, boxes_first, digit_places, name, unit_bits


SUBSETS = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(g: Grid, size: int) -> Step | None:
    """``size`` cells of a unit hold only ``size`` digits between them: those digits leave the
    unit's other cells."""
    name = f"naked {SUBSETS[size]}"
    for k, unit in enumerate(g.units):
        if MISSES.known(g, ("naked", size, k), k):
            continue
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
        MISSES.add(g, ("naked", size, k), k)
    return None


def hidden_subset(g: Grid, size: int) -> Step | None:
    """``size`` digits of a unit have no place but ``size`` cells: the cells' other digits go."""
    name = f"hidden {SUBSETS[size]}"
    for k, unit in enumerate(g.units):
        if MISSES.known(g, ("hidden", size, k), k):
            continue
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
        MISSES.add(g, ("hidden", size, k), k)
    return None


def direct_hidden(g: Grid, size: int) -> Step | None:
    """A hidden pair (``size`` 2) or triple of a unit whose cells then leave another digit one
    place in the unit: it goes there (classic rules: a device of Sudoku Explainer's scale, which
    rates the two together 2.0, or 2.5, where the subset alone rates 3.4, or 4.0).

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> from sudoku_cp.tasks.steps import Grid
    >>> g = Grid(parse_puzzle("." * 81))
    >>> g.removed |= {(c, d) for c in range(2, 9) for d in (1, 2)} | {(c, 3) for c in (2, 4, 5, 6, 7, 8)}
    >>> g.refresh()
    >>> direct_hidden(g, 2).text(g.rules)
    'r1c4 = 3: direct hidden pair in row 1: 1 and 2 have no place but r1c1, r1c2, so 3 has one left'
    """
    if not g.rules.is_classic:
        return None
    technique = f"direct hidden {SUBSETS[size]}"
    held, bits = digit_places(g), unit_bits(g)
    for k in boxes_first(g):
        unit = g.units[k]
        if MISSES.known(g, ("direct", size, k), k):
            continue
        where = {d: held[d] & bits[k] for d in range(1, g.n + 1) if held[d] & bits[k]}  # (its open digits)
        if len(where) <= size:
            MISSES.add(g, ("direct", size, k), k)
            continue
        few = [d for d, cells in where.items() if cells.bit_count() <= size]
        for digits in itertools.combinations(few, size):
            cells = 0
            for d in digits:
                cells |= where[d]
            if cells.bit_count() != size:
                continue
            for d, places in where.items():
                left = places & ~cells
                if d not in digits and places & (places - 1) and left and not left & (left - 1):
                    i = left.bit_length() - 1
                    reasons = [(j, e) for e in digits for j in unit if not cells >> j & 1]
                    reasons += [(j, d) for j in unit if not cells >> j & 1 and j != i]
                    step = g.step([g.fact(i, d)], reasons, [k], technique, [k])
                    held_in = ", ".join(name(g, j) for j in bits_of(cells))
                    named = ", ".join(map(str, digits[:-1])) + f" and {digits[-1]}"
                    step.chain = f"{named} have no place but {held_in}, so {d} has one left"
                    return step
        MISSES.add(g, ("direct", size, k), k)
    return None
