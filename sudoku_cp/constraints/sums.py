"""The clauses of sums: weighted digits (or conjunctions of literals) adding up to a target, and digit sets with a sum."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..core.rules import Rules
from ..core.shape import Cell
from .base import index, lit, mask_of


Term = list[tuple[tuple[int, ...], int]]  # (a conjunction of literals, the value it adds); exactly one holds


def sum_clauses(terms: Sequence[Term], targets: set[int], enc: Any, at_most_one: bool = True) -> list[list[int]]:
    """Clauses saying the terms' values add up to one of ``targets``: partial sums as variables.

    Term k is a list of ``(literals, value)``: exactly one conjunction of literals holds in any
    assignment that keeps the other clauses (a cell's digit literals, say). Variable ``s[k][v]``
    says "the first k terms add up to v"; each conjunction moves s forward (and back: s[k][w] and
    a conjunction of value v need s[k-1][w-v]); exactly one ``s`` per layer; the last layer must
    be a target. Every assignment of the cells extends uniquely, and a
    wrong sum forces a forbidden last-layer variable, so the clauses say exactly the rule.
    ``at_most_one=False`` leaves out each layer's at-most-one: the backward clauses already imply
    it (by induction from the fixed start, a true ``s[k][w]`` is the sum of the first k digits),
    and on long sums its pairwise clauses are most of the formula.
    """
    reach = [{0}]
    for term in terms:
        reach.append({u + v for u in reach[-1] for _lits, v in term})
    # keep only values from which a target is still reachable
    back = [set(targets & reach[-1])]
    for k in range(len(terms) - 1, -1, -1):
        back.append({u for u in reach[k] if any(u + v in back[-1] for _lits, v in terms[k])})
    back.reverse()
    out: list[list[int]] = []
    if not back[0]:  # no target can be reached: x and not x (some solvers reject an empty clause)
        x = terms[0][0][0][0]
        return [[x], [-x]]
    layers: list[dict[int, int | None]] = [{0: None}]  # value -> variable (None: the true start)
    for k, term in enumerate(terms, start=1):
        values = sorted(back[k])
        if k == len(terms) and len(values) == 1:
            layer: dict[int, int | None] = {values[0]: None}  # the final value is known: no variable
        else:
            first = enc.new_vars(len(values))
            layer = {v: first + j for j, v in enumerate(values)}
        prev = layers[-1]
        for u, su in prev.items():
            for lits, v in term:
                head = [-x for x in lits] + ([] if su is None else [-su])
                target = layer.get(u + v, 0)
                if target == 0:
                    out.append(head)  # this step leaves every target behind
                elif target is not None:
                    out.append(head + [target])
        named = [x for x in layer.values() if x is not None]
        if at_most_one:
            out += _layer_amo(named, enc)  # exactly one partial sum per layer: at most one,
        if named:
            out.append(named)  # and at least one
        for w, sw in layer.items():  # and backwards: a partial sum and this term's step fix the one before
            for lits, v in term:
                su = prev.get(w - v, 0)
                if su is None:
                    continue
                clause = ([] if sw is None else [-sw]) + [-x for x in lits] + ([su] if su else [])
                out.append(clause)
        layers.append(layer)
    return out


MAX_DIGIT_SETS = 500  # more digit sets than this for one sum: its kind falls back to partial sums


def digit_sets(digits: Iterable[int], total: int, size: int | None = None,
               limit: int | None = None) -> list[tuple[int, ...]] | None:
    """The sets of distinct ``digits`` (``size`` of them, or any number) adding up to ``total``,
    ascending; None when there are more than ``limit`` (:data:`MAX_DIGIT_SETS` by default).

    >>> digit_sets(range(1, 10), 10, 3)
    [(1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5)]
    >>> digit_sets(range(2, 9), 5)
    [(2, 3), (5,)]
    """
    ds = sorted(set(digits))
    limit = MAX_DIGIT_SETS if limit is None else limit
    out: list[tuple[int, ...]] = []

    def extend(start: int, prefix: tuple[int, ...], rest: int) -> None:
        left = None if size is None else size - len(prefix)
        if rest == 0 and left in (None, 0):
            out.append(prefix)
            return
        if left == 0 or len(out) > limit:
            return
        if left is not None and sum(ds[len(ds) - left:]) < rest:
            return  # even the largest digits fall short
        for j in range(start, len(ds)):
            if ds[j] > rest or (left is not None and sum(ds[j:j + left]) > rest):
                break
            extend(j + 1, prefix + (ds[j],), rest - ds[j])

    extend(0, (), total)
    return out if len(out) <= limit else None


@lru_cache(maxsize=1024)
def digit_masks(n: int, size: int, total: int) -> tuple[int, ...]:
    """The sets of ``size`` distinct digits 1..N adding up to ``total``, as digit masks.

    >>> [bin(m) for m in digit_masks(9, 2, 4)]
    ['0b101']
    """
    return tuple(mask_of(ds) for ds in combinations(range(1, n + 1), size) if sum(ds) == total)


def is_unit(cells: Iterable[Cell], rules: Rules) -> bool:
    """Whether ``cells`` are exactly one unit's (so they hold distinct digits, all N of them)."""
    wanted = frozenset(cells)
    return any(frozenset(u.cells) == wanted for u in rules.units)


def whole_units(indices: Sequence[int], rules: Rules) -> tuple[int, list[int]]:
    """How many units lie wholly among cell ``indices`` (disjoint ones, taken in the rules'
    order), and the indices left outside them, in their order: a sum over a whole unit is
    1 + ... + N in every solution.

    >>> from sudoku_cp.core.shape import Shape
    >>> whole_units(list(range(4, 12)), Rules.classic(Shape(2, 2)))  # rows 2 and 3 of a 4x4
    (2, [])
    """
    n = rules.size
    left = set(indices)
    units = 0
    for unit in rules.units:
        cells = {index(n, c) for c in unit.cells}
        if cells <= left:
            left -= cells
            units += 1
    return units, [i for i in indices if i in left]


PAIRWISE_LAYER = 64  # a partial-sum layer of more values than this gets the ladder at-most-one


def _layer_amo(lits: Sequence[int], enc: Any) -> list[list[int]]:
    """At most one of ``lits`` (a partial-sum layer's values, in order): pairwise up to
    :data:`PAIRWISE_LAYER` values (a binary clause per pair propagates at once), sequentially
    beyond (``a[j]`` says "one of the first j + 1 holds"; 3 clauses and 1 variable per literal,
    where pairwise clauses grow with the square: a long arrow's layers have hundreds of values)."""
    if len(lits) <= PAIRWISE_LAYER:
        return [[-x, -y] for j, x in enumerate(lits) for y in lits[j + 1:]]
    first = enc.new_vars(len(lits) - 1)
    out = []
    for j, x in enumerate(lits[:-1]):
        a = first + j
        out += [[-x, a], [-a, -lits[j + 1]]] + ([[-(a - 1), a]] if j else [])
    return out


def count_clauses(lits: Sequence[int], counts: set[int], enc: Any) -> list[list[int]]:
    """Clauses that make how many of ``lits`` hold one of ``counts`` (partial sums of one-or-nothing terms)."""
    return sum_clauses([[((v,), 1), ((-v,), 0)] for v in lits], counts, enc)


def cell_term(n: int, i: int, weight: int = 1, digits: Iterable[int] | None = None) -> Term:
    """A cell's digit times ``weight`` as a term."""
    return [((lit(n, i, d),), weight * d) for d in (digits or range(1, n + 1))]
