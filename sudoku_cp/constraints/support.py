"""Narrowing candidates by sums and digit sets: the digits of each cell that some filling still allows.

Cells are given as digit masks (bit ``d - 1`` for digit ``d``); each function returns the masks
narrowed to the digits some filling of the others completes, or None when no filling fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product
from math import comb

from ..core.rules import Rules
from .sums import digit_masks


def sum_support(terms: Sequence[tuple[int, int]], low: int, high: int) -> list[int] | None:
    """The digits of each term ``(candidate mask, weight)`` that some candidates of the other
    terms complete to a weighted sum in ``low..high`` (digits may repeat: a relaxation of any
    rule that also wants them distinct); None when no choice reaches it.

    >>> [bin(m) for m in sum_support([(0b111, 1), (0b111, 1)], 5, 5)]
    ['0b110', '0b110']
    >>> [bin(m) for m in sum_support([(0b111, 1), (0b011, -10)], -7, -7)]
    ['0b100', '0b1']
    """
    steps = []  # per term: (digit bit, its value less the term's least value)
    base = 0
    for mask, weight in terms:
        if not mask:
            return None
        least, digits = _steps(mask, weight)
        base += least
        steps.append(digits)
    low, high = max(low - base, 0), high - base
    if high < low:
        return None
    reach = [1]  # reach[k]: bit s set when the first k terms can add up to s (over base)
    for digits in steps:
        last = reach[-1]
        now = 0
        for _bit, v in digits:
            now |= last << v
        reach.append(now)
    back = ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)  # the sums that reach a target from here
    if not reach[-1] & back:
        return None
    out = [0] * len(steps)
    for k in range(len(steps) - 1, -1, -1):
        before, behind = reach[k], 0
        for bit, v in steps[k]:
            if (before << v) & back:
                out[k] |= bit
            behind |= back >> v
        back = behind
    return out


MAX_SETS = 512  # past this many digit sets of a group's size, narrow by its sum alone


def distinct_sum_support(masks: Sequence[int], n: int, total: int) -> list[int] | None:
    """The digits of each mask that some set of distinct digits adding up to ``total`` allows,
    the other masks still able to take the rest of the set (each one of it, all of it together);
    None when no set fits. Past :data:`MAX_SETS` sets, :func:`sum_support` (distinctness dropped).

    >>> [bin(m) for m in distinct_sum_support([0b1111, 0b1111], 4, 7)]
    ['0b1100', '0b1100']
    """
    k = len(masks)
    if comb(n, k) > MAX_SETS:
        return sum_support([(m, 1) for m in masks], total, total)
    return set_support(masks, digit_masks(n, k, total))


def set_support(masks: Sequence[int], ways: Iterable[int]) -> list[int] | None:
    """The digits of each mask that one of the digit sets ``ways`` (one digit per mask) allows,
    the other masks still able to take the rest of the set; None when a mask keeps none.

    >>> [bin(m) for m in set_support([0b11, 0b10], [0b11, 0b110])]
    ['0b1', '0b10']
    """
    k = len(masks)
    out = [0] * k
    for way in ways:
        union = 0
        for m in masks:
            if not m & way:
                break
            union |= m
        else:
            if union & way != way:
                continue
            for a in range(k):
                for bit in _each_bit(masks[a] & way & ~out[a]):
                    need = way ^ bit
                    cover = 0
                    for b in range(k):
                        if b != a:
                            if not masks[b] & need:
                                break
                            cover |= masks[b]
                    else:
                        if cover & need == need:
                            out[a] |= bit
    return out if all(out) else None


def grouped_sum_support(groups: Sequence[tuple[Sequence[int], int]], n: int, low: int, high: int) -> list[list[int]] | None:
    """:func:`sum_support` over groups of cells that hold distinct digits (cells sharing a unit):
    ``groups`` is ``(the cells' masks, weight)`` each; the result, each group's masks narrowed to
    the digits of some distinct filling whose weighted group sums reach ``low..high``.

    >>> [[bin(m) for m in g] for g in grouped_sum_support([([0b111, 0b111], 1), ([0b1111], -1)], 4, 0, 0)]
    [['0b111', '0b111'], ['0b1100']]
    """
    options = []  # per group: (its weighted sum less the group's least, the masks that allow it)
    base = 0
    for masks, weight in groups:
        least, values = _group_values(tuple(masks), n, weight)
        if not values:
            return None
        base += least
        options.append(values)
    low, high = max(low - base, 0), high - base
    if high < low:
        return None
    reach = [1]
    for values in options:
        now = 0
        for v, _got in values:
            now |= reach[-1] << v
        reach.append(now)
    back = ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)
    if not reach[-1] & back:
        return None
    out: list[list[int]] = [[] for _ in options]
    for g in range(len(options) - 1, -1, -1):
        behind, kept = 0, [0] * len(groups[g][0])
        for v, got in options[g]:
            if (reach[g] << v) & back:
                kept = [a | b for a, b in zip(kept, got)]
            behind |= back >> v
        back, out[g] = behind, kept
    return out


@lru_cache(maxsize=65536)
def _group_values(masks: tuple[int, ...], n: int, weight: int) -> tuple[int, tuple[tuple[int, list[int]], ...]]:
    """The group's least weighted sum, and each weighted sum less it with the masks that make it."""
    values = [(weight * s, got) for s, got in group_sums(masks, n)]
    least = min((v for v, _got in values), default=0)
    return least, tuple((v - least, got) for v, got in values)


@lru_cache(maxsize=65536)
def group_sums(masks: tuple[int, ...], n: int) -> tuple[tuple[int, list[int]], ...]:
    """Each sum distinct digits of the masks can make, with the masks narrowed to make it."""
    if len(masks) == 1:
        return tuple((bit.bit_length(), [bit]) for bit in _each_bit(masks[0]))
    k = len(masks)
    if k <= 3:  # few enough fillings to list
        found: dict[int, list[int]] = {}
        for bits in product(*(list(_each_bit(m)) for m in masks)):
            used = 0
            for bit in bits:
                used |= bit
            if used.bit_count() == k:
                kept = found.setdefault(sum(bit.bit_length() for bit in bits), [0] * k)
                for a, bit in enumerate(bits):
                    kept[a] |= bit
        return tuple(sorted(found.items()))
    out = []
    for total in range(k * (k + 1) // 2, k * (2 * n - k + 1) // 2 + 1):
        got = distinct_sum_support(masks, n, total)
        if got is not None:
            out.append((total, got))
    return tuple(out)


def distinct_runs(cells: Sequence[int], rules: Rules) -> list[list[int]]:
    """The cells split into groups of cells that share a unit (so hold distinct digits), in order:
    each cell joins the first group it shares a unit with every member of."""
    peers = rules.peers
    groups: list[list[int]] = []
    for i in cells:
        for g in groups:
            if all(j in peers[i] for j in g):
                g.append(i)
                break
        else:
            groups.append([i])
    return groups


@lru_cache(maxsize=65536)
def _steps(mask: int, weight: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A term's least value and its digits as (bit, value less the least)."""
    digits = [(bit, weight * bit.bit_length()) for bit in _each_bit(mask)]
    least = min(v for _bit, v in digits)
    return least, tuple((bit, v - least) for bit, v in digits)


def _each_bit(mask: int):
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit
