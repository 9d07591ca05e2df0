"""The one table of techniques: name, family, cost (the order they are looked for) and SE rating.

The *cost* orders the search (cheapest first); the *SE rating* is the number Sudoku Explainer gives
the same deduction (its table: full house 1.0, hidden single 1.2 in a box and 1.5 in a line, naked
single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple
3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, naked quad 5.0, jellyfish 5.2,
hidden quad 5.4, turbot fish 6.6, chains 6.6-7.0 plus a length bonus, forcing chains from 7.0).
Patterns Sudoku Explainer does not name (skyscraper, W-wing, finned fish, ...) carry the rating of
the chain it finds in their place. A puzzle's rating is its hardest step's (:mod:`..rating`).

>>> TECHNIQUES["X-wing"].cost < TECHNIQUES["swordfish"].cost, TECHNIQUES["X-wing"].se
(True, 3.2)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Technique:
    """One named technique: its family (the module that finds it), cost and SE-scale rating."""

    name: str
    family: str
    cost: int
    se: float


_TABLE = [
    # name, family, SE rating (the cost is the position: cheapest first)
    ("full house", "singles", 1.0),
    ("hidden single", "singles", 1.5),   # 1.2 in a box (the step says which)
    ("naked single", "singles", 2.3),
    ("locked candidates", "intersections", 2.6),   # pointing 2.6, claiming 2.8
    ("naked pair", "subsets", 3.0),
    ("X-wing", "fish", 3.2),
    ("hidden pair", "subsets", 3.4),
    ("naked triple", "subsets", 3.6),
    ("swordfish", "fish", 3.8),
    ("hidden triple", "subsets", 4.0),
    ("XY-wing", "wings", 4.2),
    ("XYZ-wing", "wings", 4.4),
    ("unique rectangle", "uniqueness", 4.5),
    ("naked quad", "subsets", 5.0),
    ("jellyfish", "fish", 5.2),
    ("hidden quad", "subsets", 5.4),
    ("BUG+1", "uniqueness", 5.6),
    ("skyscraper", "single-digit patterns", 6.6),
    ("two-string kite", "single-digit patterns", 6.6),
    ("turbot fish", "single-digit patterns", 6.6),
    ("empty rectangle", "single-digit patterns", 6.6),
    ("W-wing", "wings", 6.6),
    ("finned fish", "fish", 6.6),
    ("sashimi fish", "fish", 6.6),
    ("simple colouring", "colouring", 6.6),
    ("remote pair", "chains", 6.6),
    ("X-chain", "chains", 6.6),
    ("XY-chain", "chains", 6.6),
    ("AIC", "chains", 7.0),
]

TECHNIQUES: dict[str, Technique] = {
    name: Technique(name, family, cost, se) for cost, (name, family, se) in enumerate(_TABLE, 1)}
COSTS: dict[str, int] = {name: t.cost for name, t in TECHNIQUES.items()}


def cost_of(technique: str) -> int:
    """The cost of a technique by its name as steps show it (``locked candidates (pointing)``)."""
    return COSTS[technique.split(" (")[0]]


def length_bonus(links: int) -> float:
    """Sudoku Explainer's length bonus for a chain of ``links`` links: 0.1 for each threshold
    passed (4, 6, 8, 12, 16, 24, 32, ...: alternately times 3/2 and 4/3).

    >>> [length_bonus(k) for k in (3, 5, 7, 9, 20)]
    [0.0, 0.1, 0.2, 0.3, 0.5]
    """
    ceiling, added, odd = 4, 0.0, False
    while links > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return round(added, 1)


__all__ = ["COSTS", "TECHNIQUES", "Technique", "cost_of", "length_bonus"]
