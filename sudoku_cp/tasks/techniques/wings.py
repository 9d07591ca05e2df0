"""Wings: XY-wing, XYZ-wing, WXYZ-wing, VWXYZ-wing, W-wing.

XY-wing: a pivot holding {x, y} sees two pincers holding {x, z} and {y, z}: whatever the pivot
holds, a pincer holds z, so z leaves every cell seeing both pincers. XYZ-wing: the pivot holds
{x, y, z}, so z leaves the cells seeing the pivot and both pincers. WXYZ-wing and VWXYZ-wing: a
pivot and three (four) cells it sees hold four (five) digits between them, and every digit but
one, z, has all its places among them in one unit: each of those digits fills at most one of the
cells, so one of them holds z, and z leaves every cell seeing all of its places there. W-wing: two
cells holding the same {x, y}, and a unit whose only places for y are a cell seeing one of them and a cell seeing the
other: one of the two cells holds x, so x leaves the cells seeing both.
"""

from __future__ import annotations

import itertools

from .base import Grid, LastMiss, Step, bits_of, cand_bits, digit_places, name, peer_bits, sees, shared
from .registry import TECHNIQUES

WXYZ_MISS, VWXYZ_MISS = LastMiss(), LastMiss()  # the last position with no WXYZ-wing (VWXYZ-wing)


def _others(g: Grid, i: int, keep) -> list[tuple[int, int]]:
    return [(i, e) for e in range(1, g.n + 1) if e not in keep]


def _wing(g: Grid, cells: list[int], z: int, technique: str, chain: str) -> Step | None:
    seeing, peers = digit_places(g)[z], peer_bits(g)  # (the cells holding z that see every one holding it)
    for c in cells:
        seeing &= ~(1 << c)
        if z in g.cands[c]:
            seeing &= peers[c]
    if not seeing:
        return None
    gone = bits_of(seeing)
    pivot = cells[0]
    units = {shared(g, pivot, c)[0] for c in cells[1:]}
    units |= {shared(g, j, c)[0] for j in gone for c in cells if z in g.cands[c]}
    reasons = [r for c in cells for r in _others(g, c, g.cands[c])]
    step = g.step([g.fact(j, -z) for j in gone], reasons, sorted(units), technique, [])
    step.chain = chain
    return step


def xy_wing(g: Grid) -> Step | None:
    n = g.n
    two = [i for i in range(n * n) if len(g.cands[i]) == 2]
    for pivot in two:
        x, y = sorted(g.cands[pivot])
        near = [i for i in two if sees(g, pivot, i)]
        for a, b in itertools.combinations(near, 2):
            for p, q in ((a, b), (b, a)):
                if x in g.cands[p] and y in g.cands[q] and y not in g.cands[p] and x not in g.cands[q]:
                    (z,) = g.cands[p] - {x}
                    if g.cands[q] == {y, z}:
                        chain = (f"{name(g, pivot)} holds {x} or {y}: {x} makes {name(g, p)}={z}, "
                                 f"{y} makes {name(g, q)}={z}")
                        step = _wing(g, [pivot, p, q], z, "XY-wing", chain)
                        if step is not None:
                            return step
    return None


def xyz_wing(g: Grid) -> Step | None:
    n = g.n
    for pivot in range(n * n):
        if len(g.cands[pivot]) != 3:
            continue
        near = [i for i in range(n * n) if len(g.cands[i]) == 2 and g.cands[i] < g.cands[pivot]
                and sees(g, pivot, i)]
        for p, q in itertools.combinations(near, 2):
            common = g.cands[p] & g.cands[q]
            if len(common) != 1 or g.cands[p] == g.cands[q]:
                continue
            (z,) = common
            chain = (f"{name(g, pivot)} holds {', '.join(map(str, sorted(g.cands[pivot])))}: "
                     f"{z} there, or it makes {name(g, p)}={z} or {name(g, q)}={z}")
            step = _wing(g, [pivot, p, q], z, "XYZ-wing", chain)
            if step is not None:
                return step
    return None


def w_wing(g: Grid) -> Step | None:
    n = g.n
    two = [i for i in range(n * n) if len(g.cands[i]) == 2]
    for a, b in itertools.combinations(two, 2):
        if g.cands[a] != g.cands[b] or sees(g, a, b):
            continue
        for y in sorted(g.cands[a]):
            (x,) = g.cands[a] - {y}
            gone = [j for j in range(n * n) if x in g.cands[j] and j not in (a, b)
                    and sees(g, j, a) and sees(g, j, b)]
            if not gone:
                continue
            for k, unit in enumerate(g.units):
                if any(g.cells[i] == y for i in unit):
                    continue
                w = [i for i in unit if y in g.cands[i]]
                if len(w) != 2 or a in w or b in w:
                    continue
                for p, q in (w, w[::-1]):
                    if sees(g, p, a) and sees(g, q, b):
                        reasons = _others(g, a, {x, y}) + _others(g, b, {x, y})
                        reasons += [(i, y) for i in unit if i not in w]
                        units = {k, shared(g, p, a)[0], shared(g, q, b)[0]}
                        units |= {shared(g, j, c)[0] for j in gone for c in (a, b)}
                        step = g.step([g.fact(j, -x) for j in gone], reasons, sorted(units), "W-wing", [k])
                        step.chain = (f"{name(g, a)}<>{x} so {name(g, a)}={y} so {name(g, p)}<>{y} so "
                                      f"{name(g, q)}={y} so {name(g, b)}<>{y} so {name(g, b)}={x}")
                        links = [g.fact(a, -x), g.fact(a, y), g.fact(p, -y), g.fact(q, y), g.fact(b, -y),
                                 g.fact(b, x)]
                        step.arrows = list(zip(links, links[1:]))
                        step.se = TECHNIQUES["W-wing"].se
                        return step
    return None


def _bent(g: Grid, size: int, technique: str, base: float, last: LastMiss, pivot: bool = False) -> Step | None:
    """``size`` cells, each seeing one of the others (``pivot``: all seeing the first), with
    ``size`` digits between them, every digit but at most one (z) restricted (its places there all
    see each other): z leaves the cells seeing all its places there (every digit, when all are
    restricted). Only sets holding a cell changed since ``last`` missed are tried (:class:`LastMiss`)."""
    bits = cand_bits(g)
    found = _bent_from(g, size, technique, base, bits, last.changed(g, bits), pivot)
    if found is None:
        last.add(g, bits)
    return found


def _bent_from(g: Grid, size: int, technique: str, base: float, bits: list[int], fresh: int,
               pivot: bool) -> Step | None:
    """:func:`_bent` over the sets holding a cell of ``fresh`` (as bits), in the order of all sets."""
    n = g.n
    small = [i for i in range(n * n) if 2 <= bits[i].bit_count() <= size]
    smallest = sum(1 << i for i in small)
    peers = peer_bits(g)
    near = {i: peers[i] & smallest for i in small}  # (as bits)
    places = digit_places(g)
    seen: set[int] = set()  # the sets met, as bits

    def whole(cells: list[int], mask: int, digits: int) -> Step | None:
        """The step of a set of ``size`` cells (``mask``, as bits; their candidates: ``digits``),
        the first time it is met."""
        if mask in seen:
            return None
        seen.add(mask)
        if digits.bit_count() != size or not _removes(mask, digits, places, peers):
            return None
        return _restricted(g, cells, size, technique, base)

    def grow(cells: list[int], mask: int, digits: int, loose: int, above: int) -> Step | None:
        """The first step of a set grown from ``cells`` (``mask``, as bits; their candidates:
        ``digits``, as bits; ``loose``, as :func:`fan` has it; ``above``: the cells after the first)."""
        if len(cells) == size:
            return whole(cells, mask, digits)
        reach = 0
        for c in cells:
            reach |= near[c]
        reach &= above & ~mask
        last = len(cells) + 1 == size and not mask & fresh
        if last:
            reach &= fresh  # (a set of unchanged cells)
        while reach:
            low = reach & -reach
            reach ^= low
            j = low.bit_length() - 1
            more = digits | bits[j]
            if more.bit_count() > size:
                continue
            now = _blind(cells, j, bits, peers, loose)
            if now & (now - 1):
                continue
            grown = mask | low
            # a set of cells grown once, whatever the order (a pivot's sets differ)
            if grown in seen:
                continue
            if len(cells) + 1 < size:
                seen.add(grown)
            found = grow(cells + [j], grown, more, now, above)
            if found is not None:
                return found
        return None

    def fan(cells: list[int], digits: int, loose: int, reach: list[int], later: dict[int, list[int]],
            hit: bool) -> Step | None:
        """The first step of a set of the pivot ``cells[0]`` and cells it sees, each after the last
        (``later``: the cells it sees after each one); ``loose``: the digits (as bits) with two
        places among ``cells`` that do not see each other. A set with two loose digits has none
        (nor has any set holding it). ``hit``: ``cells`` hold a cell of ``fresh``."""
        for j in reach:
            if not hit and not fresh >> j & 1 and (len(cells) + 1 == size or not ahead[j] & fresh):
                continue  # (only unchanged cells to come)
            more = digits | bits[j]
            if more.bit_count() > size:
                continue
            now = _blind(cells, j, bits, peers, loose)
            if now & (now - 1):
                continue
            if len(cells) + 1 == size:
                found = whole(cells + [j], sum(1 << c for c in cells) | 1 << j, more)
            else:
                found = fan(cells + [j], more, now, later[j], later, hit or bool(fresh >> j & 1))
            if found is not None:
                return found
        return None

    ahead: dict[int, int] = {}  # (pivot) the cells after each one that the pivot sees, as bits
    for first in small:
        if not pivot and fresh >> first == 0:
            break  # (a set grown from here on holds only cells from ``first`` on)
        if pivot:
            reach = [j for j in g.rules.peers[first] if near[first] >> j & 1]
            hit = bool(fresh >> first & 1)
            if not hit and not any(fresh >> j & 1 for j in reach):
                continue
            ahead.clear()
            mask = 0
            for j in reversed(reach):
                ahead[j] = mask
                mask |= 1 << j
            found = fan([first], bits[first], 0, reach, {j: [x for x in reach if x > j] for j in reach}, hit)
        else:
            found = grow([first], 1 << first, bits[first], 0, -1 << (first + 1))
        if found is not None:
            return found
    return None


def _removes(mask: int, digits: int, places: tuple[int, ...], peers: list[int]) -> bool:
    """The set ``mask`` of cells (as bits) holding ``digits`` (as bits, their candidates) has at
    most one loose digit (two places there that do not see each other), and the loose one (else
    some digit) has a place outside the set seeing all its places in it: :func:`_restricted` then
    finds a step, and otherwise it finds none."""
    loose: list[int] = []  # what each digit's places remove (cells as bits): the loose one's
    tight: list[int] = []  # ... the others'
    rest = digits
    while rest:
        low = rest & -rest
        rest ^= low
        d = low.bit_length() - 1
        holders = mask & places[d]
        seeing = -1
        free = False
        h = holders
        while h:
            one = h & -h
            h ^= one
            i = one.bit_length() - 1
            if holders & ~peers[i] & ~one:
                free = True
            seeing &= peers[i]
        if free:
            if loose:
                return False
            loose.append(seeing & places[d] & ~mask)
        else:
            tight.append(seeing & places[d] & ~mask)
    return any(loose) if loose else any(tight)


def _blind(cells: list[int], j: int, bits: list[int], peers: list[int], loose: int) -> int:
    """``loose`` (digits as bits) and the digits cell ``j`` shares with a cell of ``cells`` it does not see."""
    for c in cells:
        if not peers[j] >> c & 1:
            loose |= bits[c] & bits[j]
    return loose


def _restricted(g: Grid, cells: list[int], size: int, technique: str, base: float) -> Step | None:
    """The step of ``size`` cells holding ``size`` digits, when all digits but at most one are restricted."""
    digits = set().union(*(g.cands[i] for i in cells))
    places = {d: [i for i in cells if d in g.cands[i]] for d in digits}
    loose = [d for d in sorted(digits)
             if not all(sees(g, a, b) for a, b in itertools.combinations(places[d], 2))]
    if len(loose) > 1:
        return None
    for z in loose or sorted(digits):
        holders = places[z]
        seeing = g.peer_sets[holders[0]].intersection(*(g.peer_sets[h] for h in holders[1:]))
        gone = [j for j in sorted(seeing) if z in g.cands[j] and j not in cells]
        if not gone:
            continue
        units = {shared(g, a, b)[0] for d in digits if d != z
                 for a, b in itertools.combinations(places[d], 2)}
        units |= {shared(g, j, h)[0] for j in gone for h in holders}
        reasons = [r for c in cells for r in _others(g, c, g.cands[c])]
        step = g.step([g.fact(j, -z) for j in gone], reasons, sorted(units), technique, [])
        step.chain = (f"{', '.join(name(g, i) for i in sorted(cells))} hold only "
                      f"{', '.join(map(str, sorted(digits)))}; each digit but {z} fills at most "
                      f"one of them, so one of {', '.join(name(g, i) for i in holders)} holds {z}")
        biggest = max(len(g.cands[i]) for i in cells)
        middle = (size + 2) // 2  # Sukaku Explainer: the middle pivot size is the hardest
        step.se = round(base + ((size - middle) - abs(middle - biggest)) * 0.1, 1)
        return step
    return None


def wxyz_wing(g: Grid) -> Step | None:
    return _bent(g, 4, "WXYZ-wing", 5.5, WXYZ_MISS)


def vwxyz_wing(g: Grid) -> Step | None:
    return _bent(g, 5, "VWXYZ-wing", 6.2, VWXYZ_MISS, pivot=True)  # (any connected five: too many to try)
