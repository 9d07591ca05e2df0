"""Intersections: locked candidates, pointing (a box's places for a digit lie in one line) and
claiming (a line's places lie in one box)."""

from __future__ import annotations


from .base import Grid, Step, digit_places, unit_bits


def locked_candidates(g: Grid) -> Step | None:
    """Pointing (a box's candidates for a digit lie in one line) and claiming (the other way)."""
    held, bits = digit_places(g), unit_bits(g)
    for a in range(len(g.units)):
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
