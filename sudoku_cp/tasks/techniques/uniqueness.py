"""Uniqueness: deductions that hold only because the puzzle has exactly one solution.

The steps engine proves that first (a count by a solver); these steps are labelled
``(uniqueness)``, and since the rules alone do not imply them, their premises are every current
fact and their constraints every unit: the verifier's fresh solver then checks the conclusion
holds in every solution those facts allow, that is in the one solution.

Unique rectangle: four blank cells in two rows, two columns and two boxes, all holding {x, y}.
Type 1: three hold only {x, y}, so the fourth cannot be x or y (either would let the two digits
swap, a second solution). Type 4: two hold only {x, y} and the other two (the roof) share a unit
where x lies only in them: one of them is x, so neither is y. Type 2: two hold only {x, y} and the
roof cells hold one more digit z between them: one of them holds z, which leaves the cells seeing
both. Type 3: two hold only {x, y}, the roof cells share a unit, and their extra digits with
other cells of that unit form a naked subset (the roof standing for one cell: one of its cells
holds an extra digit): the subset's digits leave the unit's other cells. Hidden rectangle: a
corner holds only {x, y}, and in the row and the column through the opposite corner y lies only
in the rectangle: that corner cannot be x (x there makes both its neighbours y, the first corner
x: the digits could swap). BUG+1: every blank cell holds two candidates but one, which holds three; the digit of
those three that appears three times in that cell's row (column, box) goes there, otherwise each
digit would appear twice in every unit and the two could swap.
"""

from __future__ import annotations

import itertools

from .base import Grid, Misses, Step, bits_of, cand_bits, digit_places, lines, name, unit_label


LABEL = "(uniqueness)"


def _whole(g: Grid, conclusion, technique: str, chain: str) -> Step:
    step = g.whole_step(conclusion, technique)
    step.chain = chain
    return step


def _layout(g: Grid) -> tuple[list[int], list[int], dict[int, int]] | None:
    """Rows, columns and each cell's box, when uniqueness is proved and the grid has all three."""
    if not g.unique:
        return None
    rows, cols, boxes = lines(g, "row"), lines(g, "column"), lines(g, "box")
    if not (rows and cols and boxes):
        return None
    return rows, cols, {i: k for k in boxes for i in g.units[k]}


def unique_rectangle(g: Grid) -> Step | None:
    layout = _layout(g)
    if layout is None:
        return None
    n, box_of = g.n, layout[2]
    bits = cand_bits(g)
    for r1, r2 in itertools.combinations(range(n), 2):
        both = [bits[r1 * n + c] & bits[r2 * n + c] for c in range(n)]  # each column's digits in both rows
        for c1, c2 in itertools.combinations(range(n), 2):
            common = both[c1] & both[c2]
            if common & (common - 1) == 0:
                continue  # no two digits in all four corners
            cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
            if len({box_of[i] for i in cells}) != 2 or any(g.cells[i] for i in cells):
                continue
            step = _rectangle(g, cells, common)
            if step is not None:
                return step
    return None


RECTANGLE = f"unique rectangle {LABEL}"


def _rectangle(g: Grid, cells: list[int], common: int) -> Step | None:
    """Types 1, 4, 2 and 3 on one rectangle of four blank cells in two boxes (``common``: the digits
    all four hold, as bits)."""
    for x, y in itertools.combinations([d for d in sorted(g.cands[cells[0]]) if common >> d & 1], 2):
        floor = [i for i in cells if g.cands[i] == {x, y}]
        roof = [i for i in cells if i not in floor]
        words = f"{', '.join(name(g, i) for i in floor)} hold only {x} and {y}"
        if len(floor) == 3:
            return _type_1(g, roof[0], x, y, words, RECTANGLE)
        if len(floor) != 2:
            continue
        a, b = roof
        step = _type_4(g, a, b, x, y, words, RECTANGLE) or _type_2(g, roof, x, y, words, RECTANGLE)
        if step is not None:
            return step  # (4.5, as SE rates types 2 and 4)
        subset = _type_3(g, a, b, x, y, words)
        if subset is not None:
            return subset
    return None


def _type_1(g: Grid, odd: int, x: int, y: int, words: str, technique: str) -> Step:
    """The one cell ``odd`` of a deadly pattern on ``x`` and ``y`` that holds more digits holds neither."""
    chain = f"{words}; {name(g, odd)} = {x} or {y} would let the two digits swap: a second solution"
    return _whole(g, [g.fact(odd, -d) for d in (x, y)], technique, chain)


def _type_4(g: Grid, a: int, b: int, x: int, y: int, words: str, technique: str) -> Step | None:
    """In a unit holding both cells ``a`` and ``b`` with more digits, ``x`` (or ``y``) lies only in
    them: one of them holds it, so neither holds the other digit."""
    for keep, drop in ((x, y), (y, x)):
        for k in sorted(set(g.units_of[a]) & set(g.units_of[b])):
            if all(keep not in g.cands[j] for j in g.units[k] if j not in (a, b)):
                chain = (f"{words}; {keep} lies in {unit_label(g, k)} only at {name(g, a)}, {name(g, b)}, "
                         f"so {drop} there would let the digits swap: a second solution")
                return _whole(g, [g.fact(a, -drop), g.fact(b, -drop)], technique, chain)
    return None


def _type_2(g: Grid, roof: list[int], x: int, y: int, words: str, technique: str) -> Step | None:
    """The cells ``roof`` with more digits hold one more digit z between them: one of them holds
    it, which leaves the cells seeing them all."""
    extra = set().union(*(g.cands[i] for i in roof)) - {x, y}
    if len(extra) != 1:
        return None
    (z,) = extra
    gone = [j for j in range(g.n * g.n) if z in g.cands[j] and j not in roof
            and all(j in g.peer_sets[i] for i in roof)]
    if not gone:
        return None
    chain = (f"{words}; without {z} at {' or '.join(name(g, i) for i in roof)} the two digits could swap: "
             f"a second solution, so one of them holds {z}")
    return _whole(g, [g.fact(j, -z) for j in gone], technique, chain)


def _type_3(g: Grid, a: int, b: int, x: int, y: int, words: str,
            technique: str = RECTANGLE, base: float = 4.5) -> Step | None:
    """The roof's extra digits and other cells of a unit they share form a naked subset (rated
    ``base`` plus 0.1 for each cell besides the roof's)."""
    extra = (g.cands[a] | g.cands[b]) - {x, y}
    for k in sorted(set(g.units_of[a]) & set(g.units_of[b])):
        others = [j for j in g.units[k] if not g.cells[j] and j not in (a, b)]
        small = [j for j in others if len(g.cands[j] | extra) <= 5]
        for size in range(1, 4):
            for group in itertools.combinations(small, size):
                digits = extra.union(*(g.cands[j] for j in group))
                if len(digits) != size + 1:
                    continue
                gone = [(j, d) for j in others if j not in group for d in sorted(digits & g.cands[j])]
                if gone:
                    chain = (f"{words}; one of {name(g, a)}, {name(g, b)} holds {_or(sorted(extra))} (else "
                             f"the two digits could swap: a second solution), so with "
                             f"{', '.join(name(g, j) for j in group)} they hold "
                             f"{', '.join(map(str, sorted(digits)))} in {unit_label(g, k)}")
                    step = _whole(g, [g.fact(j, -d) for j, d in gone], technique, chain)
                    step.se = round(base + 0.1 * size, 1)  # a naked pair 4.6, a triple 4.7, a quad 4.8
                    return step
    return None


LOOP_MOST = 14  # the longest unique loop looked for (cells)
LOOPLESS = Misses()  # (digits, their holders and each one's candidates): no loop there (:func:`_loops`)


def unique_loop(g: Grid) -> Step | None:
    """A unique loop: six or more blank cells that all hold {x, y}, each unit meeting them meeting
    exactly two, one at an odd and one at an even place along the loop. With x and y alone in
    every cell the two digits could swap along it (a second solution), so, as for a unique
    rectangle: type 1, the one cell with more digits holds neither; type 2, the cells with more
    hold one more digit z between them, which leaves the cells seeing them all; types 3 and 4 on
    two such cells sharing a unit, as for a rectangle's roof. Rated as Sudoku Explainer does: 4.6
    for six cells, 4.7 for eight, 5.0 for more (type 3: plus 0.1 a subset cell); the easiest
    loop is the step.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> from sudoku_cp.tasks.steps import Grid
    >>> g = Grid(parse_puzzle("." * 81))
    >>> loop = [0, 3, 12, 15, 24, 18]  # r1c1 r1c4 r2c4 r2c7 r3c7 r3c1: two in each row and box
    >>> g.removed |= {(i, d) for i in loop[1:] for d in range(3, 10)} | {(0, d) for d in range(4, 10)}
    >>> g.refresh(); g.unique = True
    >>> step = unique_loop(g)
    >>> step.removals(), step.se
    ([(0, 0, -2), (0, 0, -1)], 4.6)
    """
    if _layout(g) is None:
        return None
    n = g.n
    bits = cand_bits(g)  # (a filled cell: none)
    kinds = [u.kind for u in g.rules.units]
    best: tuple | None = None
    places = digit_places(g)
    for x, y in itertools.combinations(range(1, n + 1), 2):
        pair = 1 << x | 1 << y
        both = places[x] & places[y]  # (the cells holding both, as bits)
        if both.bit_count() < 6:
            continue
        held = bits_of(both)
        holders = set(held)
        key = (pair, tuple((i, bits[i]) for i in held))  # (all that the loops' search reads)
        if LOOPLESS.known(g, key):
            continue
        loops = _loops(g, holders, bits, pair, kinds)
        if not loops:
            LOOPLESS.add(g, key)
        for loop in loops:
            found = _loop_step(g, loop, x, y)
            if found is not None and (best is None or found[:2] < best[:2]):
                best = found
    return best[2] if best else None


def _loops(g: Grid, holders: set[int], bits: list[int], pair: int, kinds: list[str]) -> list[tuple[int, ...]]:
    """The loops of six to :data:`LOOP_MOST` cells of ``holders`` (each from a cell holding the
    pair alone), each unit meeting one exactly twice, at an odd and an even place; at most two
    cells hold more digits, unless all of them hold the same one more."""
    found: dict[frozenset, tuple[int, ...]] = {}
    meets: dict[int, list[int]] = {}  # unit -> its loop cells so far, by parity (counts)

    def extend(path: list[int], last: str | None, extra: int, more: int) -> None:
        here = path[-1]
        for k in g.units_of[here]:
            if kinds[k] == last:
                continue
            for j in g.units[k]:
                if j == path[0] and len(path) >= 6 and len(path) % 2 == 0:
                    if all(odd == even for odd, even in meets.values()):
                        found.setdefault(frozenset(path), tuple(path))
                    continue
                if j not in holders or j in path or len(path) >= LOOP_MOST:
                    continue
                plus = bits[j] & ~pair
                seen = extra | plus
                if plus and more >= 2 and seen & (seen - 1):
                    continue  # (a third cell with more digits, not all the same one)
                parity = len(path) % 2
                if any(meets.get(u, (0, 0))[parity] for u in g.units_of[j]):
                    continue  # (a unit would meet the loop twice at one parity)
                for u in g.units_of[j]:
                    counts = meets.setdefault(u, [0, 0])
                    counts[parity] += 1
                path.append(j)
                extend(path, kinds[k], seen, more + bool(plus))
                path.pop()
                for u in g.units_of[j]:
                    meets[u][parity] -= 1
                    if meets[u] == [0, 0]:
                        del meets[u]

    for start in sorted(i for i in holders if bits[i] == pair):
        meets.update((u, [1, 0]) for u in g.units_of[start])
        extend([start], None, 0, 0)
        meets.clear()
    return list(found.values())


def _loop_step(g: Grid, loop: tuple[int, ...], x: int, y: int) -> tuple | None:
    """(rating, type, step) of the unique loop ``loop`` on digits ``x`` and ``y``, or None."""
    size = len(loop)
    base = 4.6 if size == 6 else 4.7 if size == 8 else 5.0
    technique = f"unique loop {LABEL}"
    roof = [i for i in loop if g.cands[i] != {x, y}]
    words = f"the loop {', '.join(name(g, i) for i in loop)} holds {x} and {y} in every cell"
    found: list[tuple[int, Step | None]]
    if len(roof) == 1:
        found = [(1, _type_1(g, roof[0], x, y, words, technique))]
    else:  # (types 2 and 4 first: they rate lower than a type 3)
        found = [(2, _type_2(g, roof, x, y, words, technique))]
        if len(roof) == 2:
            found.append((4, _type_4(g, roof[0], roof[1], x, y, words, technique)))
    for kind, step in found:
        if step is not None:
            step.se = base
            return base, kind, step
    subset = _type_3(g, roof[0], roof[1], x, y, words, technique, base) if len(roof) == 2 else None
    return (subset.se, 3, subset) if subset is not None else None


def _or(digits: list[int]) -> str:
    return " or ".join(map(str, digits))


def hidden_rectangle(g: Grid) -> Step | None:
    layout = _layout(g)
    if layout is None:
        return None
    n, (rows, cols, box_of) = g.n, layout
    row_at = {g.rules.units[k].index: k for k in rows}
    col_at = {g.rules.units[k].index: k for k in cols}
    for corner in (i for i in range(n * n) if len(g.cands[i]) == 2):
        r1, c1 = divmod(corner, n)
        for r2, c2 in itertools.product(range(n), range(n)):
            far = r2 * n + c2  # the corner opposite
            if r2 == r1 or c2 == c1 or not g.cands[corner] <= g.cands[far]:
                continue
            cells = [corner, r1 * n + c2, r2 * n + c1, far]
            if len({box_of[i] for i in cells}) != 2 or any(g.cells[i] for i in cells):
                continue
            for x, y in itertools.permutations(sorted(g.cands[corner]), 2):
                if not all({x, y} <= g.cands[i] for i in cells):
                    continue
                row, col = row_at[r2], col_at[c2]
                if all(y not in g.cands[j] for j in g.units[row] if j not in (far, r2 * n + c1)) and \
                        all(y not in g.cands[j] for j in g.units[col] if j not in (far, r1 * n + c2)):
                    chain = (f"{name(g, corner)} holds only {x} and {y}; row {r2 + 1} and column {c2 + 1} have "
                             f"{y} only in the rectangle, so {name(g, far)}={x} would make "
                             f"{name(g, r2 * n + c1)}={y}, {name(g, r1 * n + c2)}={y}, {name(g, corner)}={x}: "
                             f"the two digits could swap, a second solution")
                    return _whole(g, [g.fact(far, -x)], f"hidden rectangle {LABEL}", chain)
    return None


def bug_plus_one(g: Grid) -> Step | None:
    if not g.unique:
        return None
    n = g.n
    blank = [i for i in range(n * n) if not g.cells[i]]
    three = [i for i in blank if len(g.cands[i]) != 2]
    if len(three) != 1 or len(g.cands[three[0]]) != 3:
        return None
    i = three[0]
    for d in sorted(g.cands[i]):
        for k in g.units_of[i]:
            if sum(1 for j in g.units[k] if d in g.cands[j]) == 3:
                chain = (f"every blank cell but {name(g, i)} holds two candidates, and {d} appears three "
                         f"times in {unit_label(g, k)}: without "
                         f"{name(g, i)}={d} the puzzle would have two solutions")
                return _whole(g, [g.fact(i, d)], f"BUG+1 {LABEL}", chain)
    return None
