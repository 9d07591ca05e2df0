"""Intersections: locked candidates, pointing (a box's places for a digit lie in one line) and
claiming (a line's places lie in one box); and, as Sudoku Explainer rates them, their direct forms
(the removals leave a digit one place in another box, or line: it goes there, in one step)."""

from __future__ import annotations


from .base import Grid, Step, boxes_first, digit_places, lines, name, unit_bits, unit_label


def locked_candidates(g: Grid) -> Step | None:
    """Pointing (a box's candidates for a digit lie in one line) and claiming (the other way):
    pointing first, as Sudoku Explainer takes the easier (2.6 against 2.8)."""
    held, bits = digit_places(g), unit_bits(g)
    for a in boxes_first(g):
        for d in range(1, g.n + 1):
            where = held[d] & bits[a]
            if where & (where - 1) == 0:
                continue  # (fewer than two places)
            first = (where & -where).bit_length() - 1
            for b in sorted(b for b in g.units_of[first] if b != a and where & ~bits[b] == 0):
                if held[d] & bits[b] & ~bits[a]:  # the digit leaves b's other cells
                    return _locked(g, a, b, d)
    return None


def _locked(g: Grid, a: int, b: int, d: int) -> Step:
    """The step where the places of ``d`` in unit ``a`` all lie in unit ``b``, which has others."""
    units, unit = g.rules.units, g.units[a]
    gone = [i for i in g.units[b] if i not in unit and d in g.cands[i]]
    inside = set(g.units[b])
    kind = "pointing" if units[a].kind == "box" else "claiming" if units[b].kind == "box" else "locked"
    step = g.step([g.fact(i, -d) for i in gone], [(j, d) for j in unit if j not in inside],
                  [a, b], f"locked candidates ({kind})", [a, b])
    step.se = 2.8 if kind == "claiming" else 2.6
    return step


def direct_locking(g: Grid, pointing: bool) -> Step | None:
    """Direct pointing (``pointing``) or direct claiming: a box's places for a digit lie in one
    line (a line's in one box), and in another box crossing that line (another line crossing that
    box) the digit then has one place left: it goes there (classic rules: a device of Sudoku
    Explainer's scale, which rates the two together 1.7, or 1.9, below a naked single).

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> from sudoku_cp.tasks.steps import Grid
    >>> g = Grid(parse_puzzle("." * 9 + "234" + "." * 6 + "567" + "." * 6 + "...1....." + "....1...." + "." * 36))
    >>> g.removed.add((2 * 9 + 5, 1))  # (a step removed 1 from r3c6)
    >>> g.refresh()
    >>> direct_locking(g, True).text(g.rules)
    'r2c6 = 1: direct pointing in box 1, row 1, box 2: box 1 has 1 only in row 1, so box 2 has it only in r2c6'
    """
    if not g.rules.is_classic:
        return None
    held, bits = digit_places(g), unit_bits(g)
    outer, inner = (lines(g, "box"), lines(g, "row") + lines(g, "column"))
    if not pointing:
        outer, inner = inner, outer
    kind, crossing = {k: g.rules.units[k].kind for k in outer}, set(inner)
    for d in range(1, g.n + 1):
        for a in outer:
            where = held[d] & bits[a]
            if where & (where - 1) == 0:
                continue  # (fewer than two places)
            first = (where & -where).bit_length() - 1
            for b in g.units_of[first]:
                if b not in crossing or where & ~bits[b] or not held[d] & bits[b] & ~bits[a]:
                    continue  # (not a unit of the other kind holding them all, or nothing leaves it)
                for c in outer:
                    others = held[d] & bits[c]
                    if c == a or kind[c] != kind[a] or not others & bits[b]:
                        continue
                    left = others & ~bits[b]
                    if left and left & (left - 1) == 0:
                        return _direct_locked(g, a, b, c, d, left.bit_length() - 1, pointing)
    return None


def _direct_locked(g: Grid, a: int, b: int, c: int, d: int, i: int, pointing: bool) -> Step:
    """The step placing ``d`` at cell ``i``, its one place in unit ``c`` outside unit ``b``, where
    unit ``a``'s places for ``d`` all lie."""
    inside = set(g.units[b])
    reasons = [(j, d) for j in g.units[a] if j not in inside]
    reasons += [(j, d) for j in g.units[c] if j not in inside and j != i]
    kind = "pointing" if pointing else "claiming"
    step = g.step([g.fact(i, d)], reasons, [a, b, c], f"direct {kind}", [a, b, c])
    step.chain = (f"{unit_label(g, a)} has {d} only in {unit_label(g, b)}, so {unit_label(g, c)} has it only "
                  f"in {name(g, i)}")
    return step

