"""The one table of techniques: name, family, cost (the order they are looked for) and SE rating.

The *cost* orders the search (cheapest first); the *SE rating* is the number Sudoku Explainer gives
the same deduction (its table: full house 1.0, hidden single 1.2 in a box and 1.5 in a line, direct pointing 1.7,
direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden triple 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple
3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, naked quad 5.0, jellyfish 5.2,
hidden quad 5.4, X-cycles 6.5, forcing chains 6.6 (one kind of link) or 7.0 (both) plus a length
bonus, nishio 7.5, cell and region forcing chains 8.0, dynamic forcing chains 8.5, nested 9.0 and
up) and, for the patterns its successor Sukaku Explainer names, that one's (skyscraper 4.0,
two-string kite 4.1, turbot fish 4.2, grouped, as an empty rectangle or a finned X-wing, 4.3,
three strong links 5.4-5.6, four 5.8-6.0, BUG type 1 5.6). A W-wing, which neither names, is the
chain they find in its place (7.0); so are grouped nice loops (7.0 plus the length bonus) and
the almost locked sets (ALS-XZ 7.1, ALS-XY-wing 7.3, death blossom 7.4, in HoDoKu's order), while
multi-colouring and Sue de Coq, cheaper for HoDoKu than any chain, sit just above simple colouring
(6.6); a hidden rectangle rates as a unique rectangle with a triple (4.8). A puzzle's rating is its hardest step's (:mod:`..rating`).

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
    # name, family, SE rating; the cost is the position: the order of Sudoku Explainer's ratings,
    # so each step is the one with the lowest rating that exists, as SE rates
    ("full house", "singles", 1.0),
    ("hidden single", "singles", 1.5),   # 1.2 in a box (the step says which)
    # SE's direct forms (a subset or an intersection that leaves a hidden single, placed in one
    # step), classic rules only: they rate a puzzle below the naked single that SE would not need
    ("direct pointing", "intersections", 1.7),
    ("direct claiming", "intersections", 1.9),
    ("direct hidden pair", "subsets", 2.0),
    ("naked single", "singles", 2.3),
    # variant techniques (lines, cages): SE rates classic puzzles only; these sit between the
    # naked single and the intersection, as easy as a person finds them
    ("palindrome", "lines", 2.3),
    ("kropki", "lines", 2.3),
    ("XV", "lines", 2.3),
    ("German whispers", "lines", 2.3),
    ("thermometer", "lines", 2.3),
    ("renban", "lines", 2.4),
    ("arrow", "lines", 2.4),
    ("little killer", "lines", 2.5),
    ("constraint combinations", "lines", 2.5),
    ("cage combinations", "cages", 2.5),
    ("direct hidden triple", "subsets", 2.5),
    ("innies and outies", "cages", 2.6),
    ("locked candidates", "intersections", 2.6),   # pointing 2.6, claiming 2.8
    ("naked pair", "subsets", 3.0),
    ("X-wing", "fish", 3.2),
    ("hidden pair", "subsets", 3.4),
    ("naked triple", "subsets", 3.6),
    ("swordfish", "fish", 3.8),
    ("hidden triple", "subsets", 4.0),
    ("combination analysis", "cages", 4.0),   # a unit and its cages together: after the subsets it subsumes
    ("skyscraper", "single-digit patterns", 4.0),
    ("two-string kite", "single-digit patterns", 4.1),
    ("turbot fish", "single-digit patterns", 4.2),
    ("XY-wing", "wings", 4.2),
    ("empty rectangle", "single-digit patterns", 4.3),
    ("finned X-wing", "fish", 4.3),   # and sashimi
    ("XYZ-wing", "wings", 4.4),
    ("unique rectangle", "uniqueness", 4.5),   # type 3: 4.6-4.8 by its subset's size
    ("unique loop", "uniqueness", 4.6),   # 4.6 for six cells, 4.7 for eight, 5.0 for more
    ("hidden rectangle", "uniqueness", 4.8),
    ("naked quad", "subsets", 5.0),
    ("jellyfish", "fish", 5.2),
    ("hidden quad", "subsets", 5.4),
    ("X-chain", "chains", 5.5),   # 3 strong links 5.5, 4: 5.9, more: 6.6 + the length bonus
    ("WXYZ-wing", "wings", 5.5),   # 5.5-5.6 by the pivot's size
    ("BUG+1", "uniqueness", 5.6),
    ("finned swordfish", "fish", 5.7),
    ("finned jellyfish", "fish", 6.1),
    ("VWXYZ-wing", "wings", 6.2),   # 6.2-6.4
    ("simple colouring", "colouring", 6.5),
    ("multi-colouring", "colouring", 6.6),
    ("Sue de Coq", "Sue de Coq", 6.6),
    ("remote pair", "chains", 6.6),
    ("XY-chain", "chains", 6.6),
    ("W-wing", "wings", 7.0),
    ("AIC", "chains", 7.0),
    ("grouped nice loop", "nice loops", 7.0),   # + the length bonus
    ("ALS-XZ", "almost locked sets", 7.1),
    ("ALS-XY-wing", "almost locked sets", 7.3),
    ("death blossom", "almost locked sets", 7.4),
]

TECHNIQUES: dict[str, Technique] = {
    name: Technique(name, family, cost, se) for cost, (name, family, se) in enumerate(_TABLE, 1)}
COSTS: dict[str, int] = {name: t.cost for name, t in TECHNIQUES.items()}


def cost_of(technique: str) -> int:
    """The cost of a technique by its name as steps show it (``locked candidates (pointing)``,
    ``sashimi X-wing``: a sashimi fish costs what its finned form does)."""
    return COSTS[technique.split(" (")[0].replace("sashimi", "finned")]


def length_bonus(nodes: int) -> float:
    """Sudoku Explainer's length bonus for a chain of ``nodes`` candidates: 0.1 for each threshold
    that ``nodes - 2`` passes (4, 6, 8, 12, 16, 24, 32, ...: alternately times 3/2 and 4/3).

    >>> [length_bonus(k) for k in (6, 8, 10, 12, 22, 40)]
    [0.0, 0.1, 0.2, 0.3, 0.5, 0.7]
    """
    ceiling, added, odd, length = 4, 0.0, False, nodes - 2
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return round(added, 1)


__all__ = ["COSTS", "TECHNIQUES", "Technique", "cost_of", "length_bonus"]
