"""Almost locked sets: ALS-XZ, ALS-XY-wing, death blossom.

An *almost locked set* (ALS) is N blank cells of one unit holding N + 1 digits between them (a
cell with two candidates is the smallest): take one digit away and the rest fill the cells. A
digit x is a *restricted common* of two ALS with no cell in common when both hold it and each of
its places in one sees each of its places in the other: x lies in at most one of them.

ALS-XZ: two ALS with a restricted common x: one of them lacks x, so it is locked and holds every
other digit it has; for a digit z both hold (not x), one of them holds z, so z leaves every cell
seeing all of z's places in both. ALS-XY-wing: a pivot ALS C shares a restricted common x with A
and y with B: at most one of x and y is in C, so A lacks x or B lacks y, and one of them is
locked: a digit z both A and B hold (not x or y) leaves the cells seeing all its places in them.
Death blossom: a stem cell and, for each of its digits d, an ALS (a petal) whose places for d all
see the stem: whichever digit the stem holds, that petal lacks it and is locked, so a digit z
every petal holds (and the stem does not) leaves the cells seeing all its places in the petals.

Cells are sets as bits (bit i: cell i) so the many pairs of ALS cost a few integer operations.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from .base import Grid, LastMiss, Step, bits_of, cand_bits, digit_places, name, peer_bits, shared

LARGEST = 4  # the most cells of an ALS looked for
# the last position where each finder found nothing (:class:`LastMiss`): a find from a position
# with fewer candidates holds an ALS (or a stem) with a changed cell, since an ALS of unchanged
# cells is the same ALS there, with the same restricted commons and fewer targets
XZ_MISS, XY_MISS, BLOSSOM_MISS = LastMiss(), LastMiss(), LastMiss()


@dataclass(frozen=True)
class Als:
    """An almost locked set: its unit, its cells (and as bits), its digits, each digit's places as
    bits and the cells seeing all of them."""

    unit: int
    cells: tuple[int, ...]
    mask: int
    digits: frozenset[int]
    places: dict[int, int]
    seen: dict[int, int]
    bits: int  # its digits as bits (bit d: digit d)
    reach: int  # the cells seeing all places of one of its digits (where another ALS's restricted common lies)


class _Board:
    """The candidates as bits: each digit's places, each cell's peers."""

    def __init__(self, g: Grid):
        self.g = g
        self.peers = peer_bits(g)
        self.where = digit_places(g)
        self.bits = cand_bits(g)
        self.sets = self._find()

    def _find(self) -> list[Als]:
        """Each unit's ALS, by size, each size's sets of cells in the order of the unit's cells; a
        set of cells that two units hold is taken once. A unit's ALS are made again only when its
        cells' digits or candidates changed (:data:`_UNIT_SETS`)."""
        g, seen, out, bits = self.g, set(), [], self.bits
        if _UNIT_SETS[0] is not g.rules:
            _UNIT_SETS[:] = [g.rules, {}]
        made = _UNIT_SETS[1]
        for k, unit in enumerate(g.units):
            key = tuple((g.cells[i], bits[i]) for i in unit)
            got = made.get(k)
            if got is None or got[0] != key:
                got = made[k] = (key, self._in_unit(k, unit))
            for cells, s in got[1]:
                if cells not in seen:
                    seen.add(cells)
                    out.append(s)
        return out

    def _in_unit(self, k: int, unit: list[int]) -> list[tuple[frozenset[int], Als]]:
        """The ALS of unit ``k``, by size, each size's in the order of the unit's cells (with their cells)."""
        g, out, bits = self.g, [], self.bits
        blank = [i for i in unit if not g.cells[i] and len(g.cands[i]) <= LARGEST + 1]
        # the sets of one size, grown from those of the size before: (cells, digits as bits, last index)
        level: list[tuple[tuple[int, ...], int, int]] = [((), 0, -1)]
        for size in range(1, LARGEST + 1):
            grown = []
            for before, had, last in level:
                for x in range(last + 1, len(blank)):
                    cells, digits = before + (blank[x],), had | bits[blank[x]]
                    count = digits.bit_count()
                    if count > LARGEST + 1:
                        continue  # (so has every set holding these cells)
                    grown.append((cells, digits, x))
                    if count != size + 1:
                        continue
                    mask = sum(1 << i for i in cells)
                    places = {d: self.where[d] & mask for d in range(1, g.n + 1) if digits >> d & 1}
                    sees = {d: self._all_see(m) for d, m in places.items()}
                    reach = 0
                    for m in sees.values():
                        reach |= m
                    out.append((frozenset(cells), Als(k, cells, mask, frozenset(places), places, sees, digits, reach)))
            level = grown
        return out

    def _all_see(self, mask: int) -> int:
        out = -1
        for i in bits_of(mask):
            out &= self.peers[i]
        return out

    def restricted(self, a: Als, b: Als) -> list[int]:
        """The restricted commons of two ALS without a common cell, in order."""
        if a.mask & b.mask:
            return []
        return [x for x in sorted(a.digits & b.digits) if b.places[x] & ~a.seen[x] == 0]

    def targets(self, z: int, sets: list[Als]) -> int:
        """The cells (bits) outside ``sets`` holding ``z`` and seeing its every place in them."""
        out = self.where[z]
        for s in sets:
            out &= s.seen[z] & ~s.mask
        return out


_UNIT_SETS: list = [None, {}]  # the rules, and by unit: its cells' digits and candidates, and its ALS then
_last: list = [None, None]  # the last grid's state and its board: the three finders run on one grid


def _board(g: Grid) -> _Board:
    """The ALS of the grid, found once for the three finders that run in a row on it."""
    state = (id(g), tuple(frozenset(c) for c in g.cands))
    if _last[0] != state:
        _last[:] = [state, _Board(g)]
    return _last[1]


def _step(b: _Board, sets: list[Als], links: list[tuple[int, Als, Als]], z: int, gone: int,
          technique: str, chain: str, stem: tuple[int, list[int]] | None = None, holding: int = 0) -> Step:
    """The step: each ALS's cells and why they hold no other digit, each link's units, each removal's
    units to z's places in the sets (the first ``holding`` of them, when a pivot follows)."""
    g = b.g
    reasons = [(i, e) for s in sets for i in s.cells for e in range(1, g.n + 1) if e not in g.cands[i]]
    units = {s.unit for s in sets}
    for x, p, q in links:
        for i in bits_of(p.places[x]):
            units |= {shared(g, i, j)[0] for j in bits_of(q.places[x])}
    if stem is not None:  # the stem cell and the digit linking it to each petal
        cell, digits = stem
        reasons += [(cell, e) for e in range(1, g.n + 1) if e not in g.cands[cell]]
        for d, s in zip(digits, sets):
            units |= {shared(g, cell, j)[0] for j in bits_of(s.places[d])}
    for t in bits_of(gone):
        units |= {shared(g, t, j)[0] for s in sets[:holding or None]
                  for j in bits_of(s.places[z])}
    step = g.step([g.fact(t, -z) for t in bits_of(gone)], reasons, sorted(units), technique, [])
    step.chain = chain
    return step


def _words(g: Grid, s: Als) -> str:
    return f"{', '.join(name(g, i) for i in s.cells)} {{{''.join(map(str, sorted(s.digits)))}}}"


def _pairs(items: list, moved: list[bool]) -> Iterator[tuple]:
    """The pairs of ``items`` in the order of :func:`itertools.combinations`, only those holding an
    item marked in ``moved``."""
    later = [k for k, m in enumerate(moved) if m]
    for a, x in enumerate(items):
        if moved[a]:
            for y in items[a + 1:]:
                yield x, y
        else:
            for k in later[bisect_right(later, a):]:
                yield x, items[k]


def als_xz(g: Grid) -> Step | None:
    b = _board(g)
    fresh = XZ_MISS.changed(g, b.bits)
    for p, q in _pairs(b.sets, [bool(s.mask & fresh) for s in b.sets]):
        if p.mask & q.mask or (p.bits & q.bits).bit_count() < 2 or not q.mask & p.reach:
            continue  # a common cell, no digit z beside a restricted common x, or none
        for x in b.restricted(p, q):
            for z in sorted((p.digits & q.digits) - {x}):
                gone = b.targets(z, [p, q])
                if gone:
                    chain = (f"ALS {_words(g, p)} and ALS {_words(g, q)}: {x} is in at most one of them, so "
                             f"the other is locked and one of them holds {z}")
                    return _step(b, [p, q], [(x, p, q)], z, gone, "ALS-XZ", chain)
    XZ_MISS.add(g, b.bits)
    return None


def als_xy_wing(g: Grid) -> Step | None:
    b = _board(g)
    fresh = XY_MISS.changed(g, b.bits)
    moved = [s for s in b.sets if s.mask & fresh]
    for c in b.sets:
        ok = c.mask & fresh
        if not ok and not any(not c.mask & s.mask and c.bits & s.bits and s.mask & c.reach and b.restricted(c, s)
                              for s in moved):
            continue  # (no ALS linked to it changed)
        near = [(s, x) for s in b.sets if not c.mask & s.mask and c.bits & s.bits and s.mask & c.reach
                for x in b.restricted(c, s)]
        for (p, x), (q, y) in _pairs(near, [bool(ok or s.mask & fresh) for s, _ in near]):
            if x == y or p.mask & q.mask or not p.bits & q.bits & ~(1 << x | 1 << y):
                continue
            for z in sorted((p.digits & q.digits) - {x, y}):
                gone = b.targets(z, [p, q]) & ~c.mask
                if gone:
                    chain = (f"pivot ALS {_words(g, c)} holds at most one of {x}, {y}: ALS {_words(g, p)} "
                             f"lacks {x} or ALS {_words(g, q)} lacks {y}, so one of them is locked and "
                             f"holds {z}")
                    return _step(b, [p, q, c], [(x, p, c), (y, q, c)], z, gone, "ALS-XY-wing", chain, holding=2)
    XY_MISS.add(g, b.bits)
    return None


def death_blossom(g: Grid) -> Step | None:
    b = _board(g)
    n = g.n
    fresh = BLOSSOM_MISS.changed(g, b.bits)
    if not fresh:
        return None  # (the position of the last miss)
    moved = [s for s in b.sets if s.mask & fresh]
    for stem in range(n * n):
        digits = sorted(g.cands[stem])
        if not 2 <= len(digits) <= 3:
            continue
        need = 0 if fresh >> stem & 1 else fresh  # (a stem unchanged: a petal must have changed)
        if need and not any(not s.mask >> stem & 1 and d in s.digits and s.places[d] & ~b.peers[stem] == 0
                            for s in moved for d in digits):
            continue
        petals = {d: [s for s in b.sets if not s.mask >> stem & 1 and d in s.digits
                      and s.places[d] & ~b.peers[stem] == 0] for d in digits}
        for z in range(1, n + 1):
            if z in digits:
                continue
            options = [[s for s in petals[d] if z in s.digits and d != z] for d in digits]
            if need and not any(s.mask & need for o in options for s in o):
                continue
            found = _bloom(b, z, options, [], b.where[z] & ~(1 << stem), 0, need)
            if found is not None:
                chosen, gone = found
                words = "; ".join(f"{d}: ALS {_words(g, s)}" for d, s in zip(digits, chosen))
                chain = (f"{name(g, stem)} holds {', '.join(map(str, digits))}, each leaving its petal "
                         f"locked ({words}), so one of them holds {z}")
                return _step(b, chosen, [], z, gone, "death blossom", chain, stem=(stem, digits))
    BLOSSOM_MISS.add(g, b.bits)
    return None


def _bloom(b: _Board, z: int, options: list[list[Als]], chosen: list[Als], reach: int, used: int, need: int):
    """One petal from each of ``options``, without common cells, leaving cells that see every z;
    ``need``: cells (as bits) one of the petals still to choose must hold (0: none needed)."""
    if not options:
        return (chosen, reach) if reach else None
    for s in options[0]:
        if s.mask & used or len(options) == 1 and need and not s.mask & need:
            continue
        more = reach & s.seen[z] & ~s.mask
        if more:
            found = _bloom(b, z, options[1:], chosen + [s], more, used | s.mask, 0 if s.mask & need else need)
            if found is not None:
                return found
    return None
