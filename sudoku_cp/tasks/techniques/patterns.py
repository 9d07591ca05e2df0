"""Single-digit patterns: skyscraper, two-string kite, turbot fish, empty rectangle.

The first three are chains of one digit with two strong links joined by a weak one (four
candidates, :mod:`.chains`), named by their shape: two parallel lines (skyscraper), a row and a
column joined in a box (two-string kite), anything else (turbot fish). An empty rectangle: a box
holds the digit only in one row and one column of it (a cross); a line's only two places for the
digit, one of them in the cross's row (column) outside the box, leave the digit out of the cell
where the other's row (column) meets the cross's column (row).
"""

from __future__ import annotations


from .base import Grid, Misses, Step, _for_rules, bits_of, digit_places, lines, name, peer_bits, shared, unit_bits
from .chains import links_of

MISSES = Misses()  # (shape, digit, its places) or (box, digit, its places): no pattern there


def _shape(g: Grid, k1: int, k2: int, weak_units: list[int]) -> str:
    kinds = g.rules.units
    a, b = kinds[k1].kind, kinds[k2].kind
    if a == b and a in ("row", "column"):
        return "skyscraper"
    if {a, b} == {"row", "column"} and any(kinds[k].kind == "box" for k in weak_units):
        return "two-string kite"
    return "turbot fish"


SHAPES = ("skyscraper", "two-string kite", "turbot fish")


def four(g: Grid, wanted: str) -> Step | None:
    """The first chain of one digit, strong-weak-strong, of the shape ``wanted``, with an elimination.
    A digit's search that finds none of that shape goes through all its chains, and records the
    other shapes it finds none of too (their finders, next, skip that digit's search)."""
    masks = digit_places(g)
    for d in range(1, g.n + 1):
        key = (wanted, d, masks[d])
        if MISSES.known(g, key):
            continue
        step, found = _four(g, wanted, d)
        if step is not None:
            return step
        for shape in SHAPES:
            if shape not in found:
                MISSES.add(g, (shape, d, masks[d]))
    return None


def _four(g: Grid, wanted: str, d: int) -> tuple[Step | None, set[str]]:
    """The first chain strong-weak-strong of the digit ``d`` of the shape ``wanted``, with an
    elimination; else None, and the shapes of the chains with one. The links are read from the
    digit's places as bits (the strong links and order of :func:`~.chains.links_of`'s, made only
    for the step)."""
    places, units, peers = digit_places(g)[d], unit_bits(g), peer_bits(g)
    strong: dict[int, dict[int, int]] = {}  # cell -> partner -> the first unit linking them
    for k, unit in enumerate(units):
        two = places & unit
        if two.bit_count() == 2 and not any(g.cells[i] == d for i in g.units[k]):
            x = (two & -two).bit_length() - 1
            y = two.bit_length() - 1
            strong.setdefault(x, {}).setdefault(y, k)
            strong.setdefault(y, {}).setdefault(x, k)
    found: set[str] = set()
    for a in sorted(strong):
        for b, k1 in sorted(strong[a].items()):
            for c in bits_of(peers[b] & places):
                if c == a:
                    continue
                for e, k2 in sorted(strong.get(c, {}).items()):
                    if e in (a, b, c) or k2 == k1:
                        continue
                    shape = _shape(g, k1, k2, shared(g, b, c))
                    if shape != wanted and shape in found:
                        continue
                    gone = peers[a] & peers[e] & places & ~(1 << a | 1 << e)
                    if gone:
                        if shape == wanted:
                            links = links_of(g, digit=d, bilocal_only=True)
                            return links.step([(a, d), (b, d), (c, d), (e, d)], [(i, d) for i in bits_of(gone)],
                                              wanted), found
                        found.add(shape)
    return None, found


def skyscraper(g: Grid) -> Step | None:
    return four(g, "skyscraper")


def two_string_kite(g: Grid) -> Step | None:
    return four(g, "two-string kite")


def turbot_fish(g: Grid) -> Step | None:
    return four(g, "turbot fish")


def _line_of(g: Grid, kind: str) -> list[int]:
    """Each cell's line of ``kind`` (row or column), by position in ``rules.units``, made once for the rules."""
    def make() -> list[int]:
        out = [0] * (g.n * g.n)
        for k in lines(g, kind):
            for i in g.units[k]:
                out[i] = k
        return out
    return _for_rules(g, f"{kind} of", make)


def empty_rectangle(g: Grid) -> Step | None:
    rules = g.rules
    row_of = _line_of(g, "row")
    col_of = _line_of(g, "column")
    masks, bits = digit_places(g), unit_bits(g)
    for b in lines(g, "box"):
        box = set(g.units[b])
        for d in range(1, g.n + 1):
            held = masks[d] & bits[b]
            if not held & (held - 1):
                continue  # (fewer than two places)
            key = ("empty rectangle", b, d, masks[d])
            if MISSES.known(g, key) or any(g.cells[i] == d for i in box):
                continue
            where = [i for i in g.units[b] if held >> i & 1]
            for r in sorted({row_of[i] for i in box}):
                for c in sorted({col_of[i] for i in box}):
                    if not all(row_of[i] == r or col_of[i] == c for i in where):
                        continue
                    if all(row_of[i] == r for i in where) or all(col_of[i] == c for i in where):
                        continue  # all in one line: locked candidates
                    # the strong link lies in a column (one end in row r) or a row (one end in column c)
                    for cross, other, line_of, across_of in ((r, c, row_of, col_of), (c, r, col_of, row_of)):
                        for p in g.units[cross]:
                            if p in box or d not in g.cands[p]:
                                continue
                            link = across_of[p]  # the line through p across the cross's line
                            two = [i for i in g.units[link] if d in g.cands[i]]
                            if len(two) != 2:
                                continue
                            q = two[0] if two[1] == p else two[1]
                            if q in box or line_of[q] in {line_of[i] for i in box}:
                                continue
                            t = next(i for i in g.units[line_of[q]] if i in g.units[other])
                            if d not in g.cands[t] or t in box:
                                continue
                            reasons = [(i, d) for i in g.units[b] if not (row_of[i] == r or col_of[i] == c)]
                            reasons += [(i, d) for i in g.units[link] if i not in (p, q)]
                            units = [b, link, cross, line_of[q], other]
                            step = g.step([g.fact(t, -d)], reasons, units, "empty rectangle", [b, link])
                            box_name = f"box {rules.units[b].index + 1}"
                            step.chain = (f"{box_name} holds {d} only in row {rules.units[r].index + 1} "
                                          f"and column {rules.units[c].index + 1}; {name(g, t)}={d} so "
                                          f"{name(g, q)}<>{d} so {name(g, p)}={d} so {box_name} "
                                          f"has no place for {d}")
                            return step
            MISSES.add(g, key)
    return None
