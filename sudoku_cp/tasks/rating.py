"""A puzzle's difficulty on the Sudoku Explainer (SE) scale, and in words.

Sudoku Explainer rates a puzzle by its hardest step, each step being the easiest one available:
so does this. Each step carries the SE rating of its technique (:data:`~.techniques.TECHNIQUES`;
a chain adds SE's length bonus; a forcing chain, net or split is rated by its shape,
:func:`~.techniques.forcing.chain_se`), and the puzzle's rating is the largest. The level in
words follows HoDoKu's: easy (singles, SE up to 2.3), medium (intersections, subsets, X-wing,
swordfish: up to 4.0), hard (wings, quads, jellyfish: up to 6.5), unfair (single-digit patterns,
colouring, chains: below 7.5), extreme (forcing chains and nets).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> from sudoku_cp.tasks.steps import explain_steps
>>> difficulty(explain_steps(parse_puzzle("..3..4.12.......")))
{'se': 1.2, 'level': 'easy', 'hardest': 'hidden single', 'techniques': {'full house': 8, 'hidden single': 4}}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .techniques import TECHNIQUES

LEVELS = [(2.3, "easy"), (4.0, "medium"), (6.5, "hard"), (7.4, "unfair"), (99.0, "extreme")]
GENERAL = {"deduction": 7.0, "what if": 7.0, "what if, by cases": 8.2, "what if, by search": 9.5}


def step_se(step: Any) -> float:
    """The SE-scale rating of one step: its own (chains, forcing), else its technique's."""
    if step.se is not None:
        return float(step.se)
    name = step.technique.split(" (")[0].replace("sashimi", "finned")
    if name in TECHNIQUES:
        return TECHNIQUES[name].se
    return GENERAL["deduction" if name.startswith("deduction") else name]


def level(se: float) -> str:
    """The level in words of an SE rating."""
    return next(word for top, word in LEVELS if se <= top + 1e-9)


def difficulty(steps: Sequence[Any]) -> dict[str, Any] | None:
    """CONTRACT.md's ``difficulty``: the hardest step's SE rating, its level, the technique, and how
    often each technique was used; None without steps."""
    if not steps:
        return None
    hardest = max(steps, key=step_se)  # the first of the hardest
    se = round(step_se(hardest), 1)
    used = steps.techniques() if hasattr(steps, "techniques") else {}
    return {"se": se, "level": level(se), "hardest": hardest.technique.split(" (")[0], "techniques": used}


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties take their average rank).

    >>> spearman([1, 2, 3, 4], [10, 20, 20, 40])
    0.9486832980505138
    """
    def ranks(v: Sequence[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        out = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return out

    a, b = ranks(xs), ranks(ys)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a) ** 0.5
    vb = sum((y - mb) ** 2 for y in b) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


__all__ = ["LEVELS", "difficulty", "level", "spearman", "step_se"]
