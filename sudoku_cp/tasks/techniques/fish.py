"""Fish: X-wing (2 lines), swordfish (3), jellyfish (4), and their finned and sashimi forms.

A digit's places in ``size`` base lines (rows, or columns) lie in ``size`` cover lines: the digit
leaves the cover lines' other cells. Finned: the base lines also hold the digit in a few *fin*
cells, all in one box; then only the cover cells in that box (outside the base lines) lose it,
since either a fin holds the digit (and sees them) or the fish stands. Sashimi: finned, where a
base line keeps at most one place outside the fins.
"""

from __future__ import annotations

import itertools

from .base import Grid, Misses, Step, bits_of, digit_places, lines, unit_bits


NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
MISSES = Misses()  # (finder, size, orientation, digit, its places): no fish there


def _bases(g: Grid, base: list[int], d: int, most: int) -> list[tuple[int, list[int]]]:
    """The lines of ``base`` with one to ``most`` places for ``d``, and those places."""
    out = []
    places, units = digit_places(g)[d], unit_bits(g)
    for k in base:
        where = places & units[k]
        if not where or where.bit_count() > most:
            continue
        if any(g.cells[i] == d for i in g.units[k]):
            continue
        out.append((k, bits_of(where)))
    return out


def _by_box(cells: list[int], line_of: dict[int, int], box_of: dict[int, int]) -> dict[int, int]:
    """The cover lines of ``cells`` in each box they meet, as bits (bit ``k``: line ``k``)."""
    out: dict[int, int] = {}
    for i in cells:
        out[box_of[i]] = out.get(box_of[i], 0) | 1 << line_of[i]
    return out


def _orientations(g: Grid):
    rows, cols = lines(g, "row"), lines(g, "column")
    for base, cover in ((rows, cols), (cols, rows)):
        line_of = {i: k for k in cover for i in g.units[k]}
        yield base, cover, line_of


def fish(g: Grid, size: int) -> Step | None:
    """The basic fish of ``size`` lines (X-wing, swordfish, jellyfish)."""
    masks = digit_places(g)
    for way, (base, _, line_of) in enumerate(_orientations(g)):
        for d in range(1, g.n + 1):
            key = ("fish", size, way, d, masks[d])
            if MISSES.known(g, key):
                continue
            step = _fish(g, size, base, line_of, d)
            if step is not None:
                return step
            MISSES.add(g, key)
    return None


def _fish(g: Grid, size: int, base: list[int], line_of: dict[int, int], d: int) -> Step | None:
    """The basic fish of ``size`` lines of ``base`` for the digit ``d``."""
    bases = [(k, c) for k, c in _bases(g, base, d, size) if len(c) >= 2]
    for group in itertools.combinations(bases, size):
        covers = {line_of[i] for _, cells in group for i in cells}
        if len(covers) != size:
            continue
        base_cells = {i for k, _ in group for i in g.units[k]}
        gone = sorted(i for c in covers for i in g.units[c] if i not in base_cells and d in g.cands[i])
        if gone:
            reasons = [(i, d) for k, _ in group for i in g.units[k] if line_of[i] not in covers]
            focus = [k for k, _ in group] + sorted(covers)
            return g.step([g.fact(i, -d) for i in gone], reasons, focus, NAMES[size], focus)
    return None


def finned_fish(g: Grid, size: int) -> Step | None:
    """Finned and sashimi X-wing, swordfish or jellyfish (``size`` 2, 3, 4): the fins all in one box."""
    boxes = lines(g, "box") or lines(g, "region")  # (a jigsaw's regions hold fins as boxes do)
    box_of = {i: k for k in boxes for i in g.units[k]}
    if len(box_of) < g.n * g.n:
        return None
    masks = digit_places(g)
    for way, (base, _, line_of) in enumerate(_orientations(g)):
        span = max(len({line_of[i] for i in g.units[b]}) for b in boxes)  # a box's cover lines
        for d in range(1, g.n + 1):
            key = ("finned", size, way, d, masks[d])
            if MISSES.known(g, key):
                continue
            step = _finned(g, size, base, line_of, box_of, span, d)
            if step is not None:
                return step
            MISSES.add(g, key)
    return None


def _finned(g: Grid, size: int, base: list[int], line_of: dict[int, int], box_of: dict[int, int], span: int,
            d: int) -> Step | None:
    """The finned or sashimi fish of ``size`` lines of ``base`` for the digit ``d``."""
    bases = _bases(g, base, d, size + 3)
    masks = [_by_box(cs, line_of, box_of) for _, cs in bases]
    units, places = unit_bits(g), digit_places(g)[d]
    spread: list[int] = []  # each base line's cover lines, as bits
    outs: list[dict[int, int]] = []  # ... and for each box it meets, those of its places outside that box
    for m in masks:
        every = 0
        for bits in m.values():
            every |= bits
        spread.append(every)
        out: dict[int, int] = {}
        for b in m:
            out[b] = 0
            for x, bits in m.items():
                if x != b:
                    out[b] |= bits
        outs.append(out)
    boxes_of = [sum(1 << b for b in m) for m in masks]  # the boxes each base line meets, as bits
    for picked in itertools.combinations(range(len(bases)), size):
        every = boxes = 0
        for k in picked:
            every |= spread[k]
            boxes |= boxes_of[k]
        if every.bit_count() > size + span:
            continue  # no box's fins leave the rest in only ``size`` cover lines
        inside = -1  # the base lines' cells, as bits (made when first wanted)
        for b in bits_of(boxes):
            outside = fin = 0  # the cover lines of the cells outside box b, and of those in it, as bits
            for k in picked:
                outside |= outs[k].get(b, spread[k])
                fin |= masks[k].get(b, 0)
            if outside.bit_count() != size or not fin & ~outside:
                continue  # not ``size`` cover lines, or no fin (a basic fish, found before)
            if inside < 0:
                inside = 0
                for k in picked:
                    inside |= units[bases[k][0]]
            crossed = 0  # the cover lines' cells, as bits
            for c in bits_of(outside):
                crossed |= units[c]
            if not places & crossed & units[b] & ~inside:
                continue  # (nothing leaves)
            group = [bases[k] for k in picked]
            cells = [i for _, cs in group for i in cs]
            covers = {line_of[i] for i in cells if box_of[i] != b}
            fins = [i for i in cells if box_of[i] == b and line_of[i] not in covers]
            base_cells = {i for k, _ in group for i in g.units[k]}
            gone = sorted(i for c in covers for i in g.units[c]
                          if i not in base_cells and d in g.cands[i] and box_of[i] == b)
            if not gone:
                continue
            sashimi = any(sum(1 for i in cs if i not in fins) <= 1 for _, cs in group)
            kind = "sashimi" if sashimi else "finned"
            reasons = [(i, d) for k, _ in group for i in g.units[k]
                       if line_of[i] not in covers and i not in fins]
            focus = [k for k, _ in group] + sorted(covers) + [b]
            return g.step([g.fact(i, -d) for i in gone], reasons, focus,
                          f"{kind} {NAMES[size]}", focus)
    return None
