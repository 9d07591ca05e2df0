"""Intersections: locked candidates, pointing (a box's places for a digit lie in one line) and
claiming (a line's places lie in one box)."""

from __future__ import annotations


from .base import Grid, Step, places



def locked_candidates(g: Grid) -> Step | None:
    """Pointing (a box's candidates for a digit lie in one line) and claiming (the other way)."""
    units = g.rules.units
    for a, unit, d, where in places(g):
        if len(where) < 2:
            continue
        common = set(g.units_of[where[0]]).intersection(*(g.units_of[i] for i in where[1:])) - {a}
        for b in sorted(common):
            gone = [i for i in g.units[b] if i not in unit and d in g.cands[i]]
            if gone:
                inside = set(g.units[b])
                kind = ("pointing" if units[a].kind == "box" else
                        "claiming" if units[b].kind == "box" else "locked")
                step = g.step([g.fact(i, -d) for i in gone], [(j, d) for j in unit if j not in inside],
                              [a, b], f"locked candidates ({kind})", [a, b])
                step.se = 2.8 if kind == "claiming" else 2.6
                return step
    return None
