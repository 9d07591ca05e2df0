"""Variant rules: one factory turns a description of a variant into a :class:`Rules` value.

Unit kinds a variant adds (each unit N cells holding every digit once): ``region`` (jigsaw: the
regions replace the boxes), ``diagonal`` (r1c1 to rNcN), ``anti-diagonal`` (r1cN to rNc1),
``window`` (windoku: four extra 3x3 boxes of a 9x9). Constraint kinds: ``killer`` (a cage: its
cells hold distinct digits, summing to its value when it has one), and the relations
``antiknight`` (cells a knight's move apart differ), ``antiking`` (cells a king's move apart
differ) and ``nonconsecutive`` (orthogonal neighbours never differ by 1), which apply to the whole
grid (their constraint has no cells of its own; :func:`pairs` lists the pairs they bind).

>>> from sudoku_cp.core.shape import Shape
>>> x = build(Shape(3, 3), diagonal="both")
>>> x.name, [u.kind for u in x.units[27:]], x.units[28].cells[:2]
('diagonal', ['diagonal', 'anti-diagonal'], ((0, 8), (1, 7)))
>>> k = build(Shape(2, 2), cages=[([(0, 0), (0, 1)], 3)], antiknight=True)
>>> k.name, [(c.kind, c.value) for c in k.constraints], len(pairs(k, "antiknight"))
('killer+antiknight', [('killer', 3), ('antiknight', None)], 24)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache

from ..constraints import by_kind, kind_of, order, relation_pairs
from .rules import Constraint, Rules, Unit, _classic_units
from .shape import Cell, PuzzleError, Shape, cell_name

RELATIONS = ("antiknight", "antiking", "nonconsecutive")
DIAGONALS = ("both", "main", "anti")
UNIT_KINDS = ("row", "column", "box", "region", "diagonal", "anti-diagonal", "window")
# The constraint types of CONTRACT.md's puzzle document, in the order names are joined.
TYPES = ("jigsaw", "diagonal", "windoku", "killer") + RELATIONS
WINDOW_CORNERS = ((1, 1), (1, 5), (5, 1), (5, 5))  # 0-based top-left cells of windoku's windows


def build(shape: Shape, *, regions: Sequence[Hashable] | None = None, diagonal: str | None = None,
          windoku: bool = False, cages: Iterable[tuple[Sequence[Cell], int | None]] = (),
          antiknight: bool = False, antiking: bool = False, nonconsecutive: bool = False,
          constraints: Iterable[Constraint] = ()) -> Rules:
    """The rules of a variant: classic Sudoku on ``shape`` with the named changes, checked.

    ``regions``: N*N labels, one per cell in row-major order, N cells per label (replace the
    boxes). ``diagonal``: ``"both"``, ``"main"`` or ``"anti"``. ``windoku``: 9x9 only.
    ``cages``: ``(cells, sum)`` pairs, ``sum`` None for a cage without a sum; cages may not
    overlap. ``constraints``: further constraints of any kind in the catalogue
    (``sudoku_cp.constraints``), each checked by its kind; killer cages and the relations may
    come this way too. Anything that cannot be a valid rule is a :class:`PuzzleError` naming it.
    """
    cages = list(cages)
    others: list[Constraint] = []
    flags = {"antiknight": antiknight, "antiking": antiking, "nonconsecutive": nonconsecutive}
    for constraint in constraints:
        if constraint.kind == "killer":
            cages.append((constraint.cells, constraint.value))
        elif constraint.kind in flags:
            if flags[constraint.kind] and not constraint.cells:
                raise PuzzleError(f"{constraint.kind} is given twice: expected each rule once")
            flags[constraint.kind] = True
        else:
            others.append(constraint)
    n = shape.size
    classic = _classic_units(shape)
    units = list(classic[: 2 * n])
    names = []
    if regions is not None:
        units += _regions(shape, regions)
        names.append("jigsaw")
    else:
        units += classic[2 * n:]
    if diagonal is not None:
        if diagonal not in DIAGONALS:
            raise PuzzleError(f"diagonal {diagonal!r}: expected one of {', '.join(DIAGONALS)}")
        if diagonal in ("both", "main"):
            units.append(Unit("diagonal", 0, tuple((i, i) for i in range(n))))
        if diagonal in ("both", "anti"):
            units.append(Unit("anti-diagonal", 0, tuple((i, n - 1 - i) for i in range(n))))
        names.append("diagonal")
    if windoku:
        if n != 9:
            raise PuzzleError(f"windoku is defined on 9x9 grids (four 3x3 windows at r2c2, r2c6, "
                              f"r6c2, r6c6), not on a {n}x{n}")
        units += [Unit("window", k, tuple((top + i, left + j) for i in range(3) for j in range(3)))
                  for k, (top, left) in enumerate(WINDOW_CORNERS)]
        names.append("windoku")
    found = [Constraint("killer", k, tuple(cells), total) for k, (cells, total) in enumerate(_cages(shape, cages))]
    if found:
        names.append("killer")
    for kind in RELATIONS:
        if flags[kind]:
            found.append(Constraint(kind, 0, ()))
            names.append(kind)
    if others:
        found += _checked(shape, others)
        names += sorted({c.kind for c in others}, key=order)
    rules = Rules(shape, tuple(units), tuple(found), "+".join(names) or "classic")
    for constraint in others and rules.constraints:
        kind_of(constraint.kind).check_rules(constraint, rules)
    return rules


def _checked(shape: Shape, constraints: Sequence[Constraint]) -> list[Constraint]:
    """Constraints of the catalogue's other kinds, numbered within their kind and each checked by it."""
    out: list[Constraint] = []
    counts: dict[str, int] = {}
    for constraint in sorted(constraints, key=lambda c: order(c.kind)):
        kind = kind_of(constraint.kind)
        same = [c for c in out if c.kind == constraint.kind]
        if kind.whole_grid and same:
            raise PuzzleError(f"{kind.words} is given twice: expected each rule once")
        k = counts.get(constraint.kind, 0)
        counts[constraint.kind] = k + 1
        numbered = Constraint(constraint.kind, k, constraint.cells, constraint.value, constraint.data)
        kind.check_fits(numbered, shape, same)
        out.append(numbered)
    return out


def _regions(shape: Shape, labels: Sequence[Hashable]) -> list[Unit]:
    n = shape.size
    if len(labels) != n * n:
        raise PuzzleError(f"regions: got {len(labels)} labels, expected one per cell ({n * n})")
    cells: dict[Hashable, list[Cell]] = {}
    for i, label in enumerate(labels):
        cells.setdefault(label, []).append((i // n, i % n))
    if len(cells) != n:
        raise PuzzleError(f"regions: got {len(cells)} regions, expected {n} of {n} cells each")
    for label, members in cells.items():
        if len(members) != n:
            raise PuzzleError(f"region {label!r} (first cell {cell_name(*members[0])}) has "
                              f"{len(members)} cells, expected {n}")
    return [Unit("region", k, tuple(members)) for k, members in enumerate(cells.values())]


def _cages(shape: Shape, cages: Iterable[tuple[Sequence[Cell], int | None]]) -> list[tuple[tuple[Cell, ...], int | None]]:
    n = shape.size
    out: list[tuple[tuple[Cell, ...], int | None]] = []
    owner: dict[Cell, int] = {}
    for k, (cells, total) in enumerate(cages):
        where = f"cage {k + 1}"
        cells = tuple((int(r), int(c)) for r, c in cells)
        if not cells:
            raise PuzzleError(f"{where}: has no cells, expected 1 to {n}")
        for r, c in cells:
            if not (0 <= r < n and 0 <= c < n):
                raise PuzzleError(f"{where}: cell [{r}, {c}] is outside the {n}x{n} grid "
                                  f"(rows and columns 0..{n - 1})")
        if len(set(cells)) != len(cells):
            raise PuzzleError(f"{where}: names a cell twice")
        if len(cells) > n:
            raise PuzzleError(f"{where}: {len(cells)} cells cannot hold distinct digits 1..{n}")
        for cell in cells:
            if cell in owner:
                raise PuzzleError(f"{where} overlaps cage {owner[cell] + 1} at {cell_name(*cell)}")
            owner[cell] = k
        if total is not None:
            size = len(cells)
            low, high = size * (size + 1) // 2, size * n - size * (size - 1) // 2
            if isinstance(total, bool) or not isinstance(total, int) or not low <= total <= high:
                raise PuzzleError(f"{where} at {cell_name(*cells[0])}: sum {total!r} is impossible for "
                                  f"{size} distinct digits 1..{n} (expected {low}..{high})")
        out.append((cells, total))
    return out


def pairs(rules: Rules, kind: str) -> tuple[tuple[int, int], ...]:
    """The cell pairs ``(i, j)``, ``i < j`` row-major indices, that a relation binds (empty when
    ``rules`` do not have it): a knight's move, a king's move, or orthogonal neighbours."""
    return relation_pairs(rules, kind)


# How far apart two related digits may not be: the same digit (knight, king), or one apart.
GAPS = {"antiknight": (0,), "antiking": (0,), "nonconsecutive": (-1, 1)}  # as the relations' kinds declare


@lru_cache(maxsize=64)
def partners(rules: Rules) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """For each cell (row-major), its relation partners ``(j, gaps)``: a digit d in cell j forbids
    the digits ``d + g`` (g in gaps) here. Empty tuples when ``rules`` have no relation.

    >>> from sudoku_cp.core.shape import Shape
    >>> partners(build(Shape(2, 2), antiking=True, nonconsecutive=True))[0]
    ((1, (-1, 0, 1)), (4, (-1, 0, 1)), (5, (0,)))
    """
    n = rules.size
    found: list[dict[int, set[int]]] = [{} for _ in range(n * n)]
    for kind, _group in by_kind(rules):
        gaps = getattr(kind, "gaps", None)
        if gaps is None or not hasattr(kind, "steps"):
            continue
        for a, b in kind.pairs(rules):  # type: ignore[attr-defined]
            found[a].setdefault(b, set()).update(gaps)
            found[b].setdefault(a, set()).update(gaps)
    return tuple(tuple((j, tuple(sorted(g))) for j, g in sorted(f.items())) for f in found)


__all__ = ["DIAGONALS", "GAPS", "RELATIONS", "TYPES", "UNIT_KINDS", "build", "pairs", "partners"]
