"""The CNF encoding: one boolean per (cell, digit), exactly-one constraints as clauses. Pure.

Variables: ``var(n, row, col, digit) = (row * n + col) * n + digit`` for 0-based row and column
and digit 1..N, so the N**3 cell variables are 1..N**3; :func:`unvar` is the inverse. The
``augmented`` preset numbers its triad variables next (:func:`triad_var`), and auxiliary variables
of the at-most-one encodings come last, in the order their constraints are emitted.

Clause families (each selectable; the presets name the combinations of the SAT literature:
``minimal``, ``natural`` and ``complete`` are Lynce and Ouaknine's *minimal*, *efficient* and
*extended* encodings, :data:`LITERATURE_NAMES`; the preset names are tdoku's):

========== ================================== ===========================================
family     meaning                            presets
========== ================================== ===========================================
cell-alo   each cell holds at least one digit minimal, natural, complete
cell-amo   each cell holds at most one digit  natural, complete
unit-alo   each unit holds each digit         complete
unit-amo   no unit holds a digit twice        minimal, natural, complete
triad-def  a triad holds d iff a cell does    augmented
triad-alo  each row/column/box has d in a     augmented
           triad
triad-amo  ... in at most one triad           augmented
========== ================================== ===========================================

Variant constraints add their own families whatever the preset: ``cage-amo`` (no digit twice in
a killer cage), the cage sum either as ``cage-sum`` (clauses over the digit combinations that
make the sum, one selector variable per combination; the default) or as ``cage-pb`` (PySAT's
pseudo-Boolean encoding of sum d * x[c, d] = total; ask for it as ``complete+cage-pb``), and one
family of binary clauses per relation (``antiknight``, ``antiking``, ``nonconsecutive``).

``augmented`` is ``complete`` plus every family above. A *triad* is the intersection of a row
(or column) with a box: C cells of a row, R cells of a column for R x C boxes (three cells on a
9x9, hence the name), so every box shape is covered. Triad variables make unit propagation
perform locked-candidate reasoning (pointing and claiming). An encoding may also be written as
families joined by ``+`` (``cell-alo+unit-amo`` is ``minimal``).

>>> cnf = encode_rules(Shape(3, 3))
>>> cnf.nvars, len(cnf.clauses), encode_rules(Shape(3, 3), "minimal").num_clauses
(729, 11988, 8829)
>>> unvar(9, var(9, 4, 7, 3))
(4, 7, 3)
>>> aug = encode_rules(Shape(3, 3), "augmented")
>>> aug.nvars, aug.num_clauses
(1215, 15228)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb

from ..constraints import by_kind
from ..constraints.sums import digit_sets
from ..core.board import Board, Rules, Shape
from ..core.packages import import_package
from ..core.results import SolverFailure

FAMILIES = ("cell-alo", "cell-amo", "unit-alo", "unit-amo", "triad-def", "triad-alo", "triad-amo")
CAGE_SUMS = ("cage-sum", "cage-sets", "cage-pb")  # the ways to encode a cage's sum; cage-sum by default
# (cage-sets: cage-sum's digit sets without its at-most-one over them, the propagation the steps reason with)
MAX_CAGE_SETS = 2_000  # more digit sets than this for one cage: cage-pb encodes that cage
SELECTORS_PAIRWISE = 16  # a cage's at-most-one selector: pairwise up to this many sets, else a counter
CONSTRAINT_FAMILIES = ("cage-amo",) + CAGE_SUMS  # killer's; every other kind's family is named after it
PRESETS: dict[str, tuple[str, ...]] = {
    "minimal": ("cell-alo", "unit-amo"),
    "natural": ("cell-alo", "cell-amo", "unit-amo"),
    "complete": ("cell-alo", "cell-amo", "unit-alo", "unit-amo"),
    "augmented": ("cell-alo", "cell-amo", "unit-alo", "unit-amo", "triad-def", "triad-alo",
                  "triad-amo"),
}
ENCODINGS = tuple(PRESETS)
# Lynce and Ouaknine, "Sudoku as a SAT Problem" (2006), name three encodings by these families:
# minimal (cell-alo, unit-amo), efficient (+ cell-amo) and extended (every exactly-one in full).
LITERATURE_NAMES = {"minimal": "minimal", "natural": "efficient", "complete": "extended"}
DEFAULT_ENCODING = "complete"
AMO_ENCODINGS = ("pairwise", "seqcounter", "ladder", "bitwise", "totalizer", "sortnetwrk",
                 "cardnetwrk", "mtotalizer", "kmtotalizer")
NATIVE = "native"  # at-most-one as a solver's own cardinality constraint (not clauses)
AMO_CHOICES = AMO_ENCODINGS + (NATIVE,)
DEFAULT_AMO = "pairwise"
FULL_RULES_MAX_SIZE = 25  # above this, only a puzzle's simplified formula is practical to build
LARGE_AMO = "seqcounter"  # the default above FULL_RULES_MAX_SIZE (see amo_for)
NATIVE_FROM = 16  # from this size up, a solver with native cardinality constraints uses them


def amo_for(size: int, amo: str | None = None, native: bool = False) -> str:
    """The at-most-one encoding of an N x N grid: ``amo`` when chosen, else the default for the size.

    In clauses: pairwise (no auxiliary variables) up to 25x25; above, the sequential counter,
    since pairwise clauses grow as N**4: on an empty simplified formula (encodings/README.md)
    36x36 has 3.3 million clauses pairwise against 0.54 million, 49x49 11.3 million against
    1.4 million, an empty 64x64 33 million (about 8 GB in Python) against 3.7 million.
    ``native`` says the solver takes cardinality constraints of its own (``sat:minicard``): from
    :data:`NATIVE_FROM` up the default is then ``native``, one constraint per group instead of
    clauses, which measured fastest from 16x16 to 64x64 (encodings/at-most-one.md).

    >>> amo_for(9), amo_for(25), amo_for(36), amo_for(36, "pairwise")
    ('pairwise', 'pairwise', 'seqcounter', 'pairwise')
    >>> amo_for(9, native=True), amo_for(16, native=True), amo_for(49, native=True)
    ('pairwise', 'native', 'native')
    """
    if amo is not None:
        return amo
    if native and size >= NATIVE_FROM:
        return NATIVE
    return DEFAULT_AMO if size <= FULL_RULES_MAX_SIZE else LARGE_AMO


def var(n: int, row: int, col: int, digit: int) -> int:
    """The variable that says "cell (row, col) holds digit" in an N x N grid (1-based)."""
    return (row * n + col) * n + digit


def unvar(n: int, v: int) -> tuple[int, int, int]:
    """The inverse of :func:`var`: ``(row, col, digit)`` of a cell variable 1..N**3."""
    if not 1 <= v <= n**3:
        raise ValueError(f"variable {v} is not a cell variable of a {n}x{n} grid (1..{n**3})")
    cell, digit0 = divmod(v - 1, n)
    row, col = divmod(cell, n)
    return row, col, digit0 + 1


def triad_count(shape: Shape) -> int:
    """How many triad variables the ``augmented`` preset adds: N * N * (R + C)."""
    n = shape.size
    return n * n * (shape.box_rows + shape.box_cols)


def triad_var(shape: Shape, kind: str, line: int, block: int, digit: int) -> int:
    """The variable "the triad of ``line`` in box ``block`` holds ``digit``" (numbered after the cells).

    ``kind`` ``"row"``: row ``line`` (0..N-1) meets the ``block``-th box of its band (0..R-1),
    ``N**3 + (line * R + block) * N + digit``; ``"column"``: column ``line`` meets the
    ``block``-th box of its stack (0..C-1), numbered after all row triads.

    >>> triad_var(Shape(3, 3), "row", 0, 0, 1), triad_var(Shape(3, 3), "column", 8, 2, 9)
    (730, 1215)
    """
    n, rows, cols = shape.size, shape.box_rows, shape.box_cols
    if kind == "row":
        return n**3 + (line * rows + block) * n + digit
    if kind == "column":
        return n**3 + n * n * rows + (line * cols + block) * n + digit
    raise ValueError(f"triad kind {kind!r}: expected 'row' or 'column'")


def untriad(shape: Shape, v: int) -> tuple[str, int, int, int]:
    """The inverse of :func:`triad_var`: ``(kind, line, block, digit)``.

    >>> untriad(Shape(2, 3), triad_var(Shape(2, 3), "column", 5, 2, 4))
    ('column', 5, 2, 4)
    """
    n, rows, cols = shape.size, shape.box_rows, shape.box_cols
    if not n**3 < v <= n**3 + triad_count(shape):
        raise ValueError(f"variable {v} is not a triad variable of a {shape}")
    index, digit0 = divmod(v - n**3 - 1, n)
    if index < n * rows:
        line, block = divmod(index, rows)
        return "row", line, block, digit0 + 1
    line, block = divmod(index - n * rows, cols)
    return "column", line, block, digit0 + 1


@dataclass
class Family:
    """A run of constraints of one kind: ``start`` .. ``start + count - 1`` (0-based).

    ``kind`` ``"clause"`` counts in :attr:`Cnf.clauses`; ``"atmost"`` in :attr:`Cnf.atmosts`
    (native cardinality constraints). ``new_vars``: the first and last auxiliary variable the
    family introduced (an at-most-one encoding's, cage-sum selectors, a pseudo-Boolean counter's),
    or None.
    """

    name: str
    start: int
    count: int
    kind: str = "clause"
    new_vars: tuple[int, int] | None = None


STOP_EVERY = 20_000  # clauses between two calls of a formula's stop() check


class EncodingStopped(Exception):
    """Building a formula was stopped by its ``stop`` check (a time limit ran out)."""


@dataclass
class Cnf:
    """A formula: clauses over variables 1..nvars, cell variables first, families recorded.

    ``atmosts`` holds native cardinality constraints ``(literals, bound)`` (``--amo native``
    only); ``box`` the box shape and ``rules`` the rules' name (``classic``, ``jigsaw``,
    ``killer+antiknight``, ...), for documentation of exports.
    """

    size: int
    nvars: int
    clauses: list[list[int]] = field(default_factory=list)
    families: list[Family] = field(default_factory=list)
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    box: tuple[int, int] | None = None
    rules: str = "classic"
    stop: Callable[[], bool] | None = field(default=None, repr=False, compare=False)

    @property
    def num_clauses(self) -> int:
        return len(self.clauses)

    def add(self, name: str, clauses: Iterable[Sequence[int]]) -> None:
        start, nvars = len(self.clauses), self.nvars
        if self.stop is None:
            self.clauses.extend(list(c) for c in clauses)
        else:  # a time limit: look at it every STOP_EVERY clauses
            for i, clause in enumerate(clauses, start=1):
                self.clauses.append(list(clause))
                if i % STOP_EVERY == 0 and self.stop():
                    raise EncodingStopped(f"stopped after {len(self.clauses)} clauses")
        if len(self.clauses) > start:
            made = (nvars + 1, self.nvars) if self.nvars > nvars else None
            self.families.append(Family(name, start, len(self.clauses) - start, new_vars=made))

    def add_atmost(self, name: str, groups: Iterable[Sequence[int]], bound: int = 1) -> None:
        """Native constraints "at most ``bound`` of these literals", one per group of 2+."""
        start = len(self.atmosts)
        self.atmosts.extend((list(g), bound) for g in groups if len(g) > bound)
        if len(self.atmosts) > start:
            self.families.append(Family(name, start, len(self.atmosts) - start, "atmost"))

    def copy(self) -> "Cnf":
        """A deep copy the caller may extend."""
        return Cnf(self.size, self.nvars, [list(c) for c in self.clauses],
                   [Family(f.name, f.start, f.count, f.kind, f.new_vars) for f in self.families],
                   [(list(g), k) for g, k in self.atmosts], self.box, self.rules)


def at_most_one(lits: Sequence[int], cnf: Cnf, amo: str = DEFAULT_AMO) -> list[list[int]]:
    """Clauses saying at most one of ``lits`` is true; auxiliary variables are taken from ``cnf``."""
    if len(lits) < 2:
        return []
    if amo == "pairwise":
        return [[-a, -b] for a, b in combinations(lits, 2)]
    if amo not in AMO_ENCODINGS:
        hint = " (native constraints are not clauses: use Cnf.add_atmost)" if amo == NATIVE else ""
        raise ValueError(f"unknown at-most-one encoding {amo!r}{hint}: expected one of "
                         f"{', '.join(AMO_ENCODINGS)}")
    card = import_package("pysat.card")  # an encoding library, not a solver
    CardEnc, EncType = card.CardEnc, card.EncType

    try:
        enc = CardEnc.atmost(lits=list(lits), bound=1, top_id=cnf.nvars,
                             encoding=getattr(EncType, amo))
    except Exception as exc:  # pycard turns a Ctrl-C inside its C code into `pycard.error`
        if type(exc).__module__ == "pycard" and "interrupt" in str(exc).lower():
            raise KeyboardInterrupt(str(exc)) from None
        raise
    cnf.nvars = max(cnf.nvars, enc.nv)
    return [list(c) for c in enc.clauses]


def families_of(encoding: str) -> tuple[str, ...]:
    """The families of a preset, or of ``family+family+...``; a cage-sum way may follow a preset.

    >>> families_of("cell-alo+unit-amo") == families_of("minimal")
    True
    >>> families_of("natural+cage-pb")
    ('cell-alo', 'cell-amo', 'unit-amo', 'cage-pb')
    """
    if encoding in PRESETS:
        return PRESETS[encoding]
    parts = tuple(encoding.split("+"))
    if len(parts) == 2 and parts[0] in PRESETS and parts[1] in CAGE_SUMS:
        return PRESETS[parts[0]] + parts[1:]
    if "+" in encoding and all(p in FAMILIES + CAGE_SUMS for p in parts) and not set(parts) <= set(CAGE_SUMS):
        return parts
    raise ValueError(f"unknown encoding {encoding!r}: expected one of {', '.join(PRESETS)}, "
                     f"families joined by '+' ({', '.join(FAMILIES)}), or a preset with a cage-sum "
                     f"way ({', '.join('complete+' + w for w in CAGE_SUMS)})")


def check_amo(amo: str) -> str:
    """``amo`` if it names an at-most-one encoding, else a ValueError listing the choices."""
    if amo not in AMO_CHOICES:
        raise ValueError(f"unknown at-most-one encoding {amo!r}: expected one of {', '.join(AMO_CHOICES)}")
    return amo


def as_rules(rules: Rules | Shape) -> Rules:
    """Rules as given, or the classic rules of a shape."""
    return rules if isinstance(rules, Rules) else Rules.classic(rules)


def _check_encodable(rules: Rules) -> None:
    by_kind(rules)  # an unknown kind is refused by name here, before any clause is made


def cage_combinations(n: int, size: int, total: int) -> list[tuple[int, ...]]:
    """The sets of ``size`` distinct digits 1..N adding up to ``total``, ascending (all of them).

    >>> cage_combinations(9, 2, 4), len(cage_combinations(9, 4, 20))
    ([(1, 3)], 12)
    """
    return digit_sets(range(1, n + 1), total, size, limit=comb(n, size)) or []


@lru_cache(maxsize=1024)
def count_combinations(n: int, size: int, total: int) -> int:
    """How many sets of ``size`` distinct digits 1..N add up to ``total`` (without listing them).

    >>> count_combinations(9, 4, 20), count_combinations(25, 12, 150)
    (12, 105430)
    """
    ways = [[0] * (total + 1) for _ in range(size + 1)]  # ways[k][s]: k digits so far, sum s
    ways[0][0] = 1
    for d in range(1, n + 1):
        for k in range(min(size, d), 0, -1):
            row, below = ways[k], ways[k - 1]
            for t in range(total, d - 1, -1):
                row[t] += below[t - d]
    return ways[size][total]


def _cage_sum_clauses(n: int, cells: Sequence[tuple[int, int]], total: int, cnf: Cnf,
                      one: bool = True) -> list[list[int]]:
    """A cage's sum over its digit combinations: a selector y per combination, exactly one true
    (``one`` False: at least one, ``cage-sets``); y says each of its digits is in the cage; a cell
    holding d needs a chosen combination with d.

    With the cage's digits distinct (``cage-amo``) these say exactly "the digits add up to
    ``total``". A digit in no combination gets the unit clause [-x] in every cage cell; a cage
    with one combination needs no selector. That two selectors are never both true follows (k
    distinct digits in k cells are one set), but a solver sees it only by search unless told:
    told, CaDiCaL found one solution of a published killer (flowers) in 9,097 conflicts, not 38,000.
    """
    combos = cage_combinations(n, len(cells), total)
    if len(combos) == 1:
        selectors: list[int | None] = [None]
    else:
        selectors = list(range(cnf.nvars + 1, cnf.nvars + 1 + len(combos)))
        cnf.nvars += len(combos)
    ys = [y for y in selectors if y is not None]
    out: list[list[int]] = []
    if ys:  # at least one; exactly one (pairwise up to SELECTORS_PAIRWISE of them, else a sequential counter)
        out.append(ys)
        if one:
            out += at_most_one(ys, cnf, "pairwise" if len(ys) <= SELECTORS_PAIRWISE else "seqcounter")
    for y, combo in zip(selectors, combos):
        for d in combo:
            lits = [var(n, r, c, d) for r, c in cells]
            out.append(lits if y is None else [-y] + lits)
    for r, c in cells:
        for d in range(1, n + 1):
            having = [y for y, combo in zip(selectors, combos) if d in combo]
            if not having:
                out.append([-var(n, r, c, d)])
            elif having[0] is not None:
                out.append([-var(n, r, c, d)] + [y for y in having if y is not None])
    return out


def _cage_pb_clauses(n: int, cells: Sequence[tuple[int, int]], total: int, cnf: Cnf) -> list[list[int]]:
    """A cage's sum as PySAT's pseudo-Boolean encoding of sum d * x[c, d] == total."""
    try:
        from pysat.pb import PBEnc  # an encoding library, not a solver
    except (ImportError, AssertionError):  # PySAT asserts its pseudo-Boolean backend is there
        raise ValueError("the cage-pb encoding needs PySAT's pseudo-Boolean encodings: pip install "
                         "'python-sat[pb]' (or use the default cage-sum)") from None

    lits = [var(n, r, c, d) for r, c in cells for d in range(1, n + 1)]
    weights = [d for _cell in cells for d in range(1, n + 1)]
    enc = PBEnc.equals(lits=lits, weights=weights, bound=total, top_id=cnf.nvars)
    cnf.nvars = max(cnf.nvars, enc.nv)
    return [list(c) for c in enc.clauses]


class ConstraintEncoder:
    """What a constraint kind's ``emit`` writes through (``constraints/base.py``): families of
    clauses, fresh variables, at-most-one groups in the formula's encoding, and killer cages."""

    def __init__(self, cnf: Cnf, rules: Rules, wanted: Sequence[str], amo: str):
        self.cnf, self.rules, self.wanted, self.amo_encoding = cnf, rules, wanted, amo

    def add(self, family: str, clauses: Iterable[Sequence[int]]) -> None:
        self.cnf.add(family, clauses)

    def new_vars(self, count: int) -> int:
        """``count`` fresh variables; returns the first."""
        first = self.cnf.nvars + 1
        self.cnf.nvars += count
        return first

    def amo(self, lits: Sequence[int]) -> list[list[int]]:
        return at_most_one(lits, self.cnf, self.amo_encoding if self.amo_encoding != NATIVE else DEFAULT_AMO)

    def cages(self, cages) -> None:
        """Killer cages: ``cage-amo``, then their sums as ``cage-sum`` (or ``cage-sets``) or ``cage-pb``."""
        cnf, n, amo = self.cnf, self.rules.size, self.amo_encoding
        groups = [[var(n, r, c, d) for r, c in cage.cells] for cage in cages for d in range(1, n + 1)]
        if amo == NATIVE:
            cnf.add_atmost("cage-amo", groups)
        else:
            cnf.add("cage-amo", (cl for g in groups for cl in at_most_one(g, cnf, amo)))
        summed = [(c.cells, c.value) for c in cages if c.value is not None]
        if "cage-pb" in self.wanted:
            by_pb, by_sets = summed, []
        else:  # a cage with too many digit sets (big grids, big cages) gets the counter instead
            by_sets = [(cells, total) for cells, total in summed
                       if count_combinations(n, len(cells), total) <= MAX_CAGE_SETS]
            by_pb = [cage for cage in summed if cage not in by_sets]
        one = "cage-sets" not in self.wanted
        cnf.add("cage-sum" if one else "cage-sets",
                (cl for cells, total in by_sets for cl in _cage_sum_clauses(n, cells, total, cnf, one)))
        cnf.add("cage-pb", (cl for cells, total in by_pb for cl in _cage_pb_clauses(n, cells, total, cnf)))


def _emit_constraints(cnf: Cnf, rules: Rules, wanted: Sequence[str], amo: str) -> None:
    """The clause families of the rules' constraints, kind by kind in catalogue order."""
    enc = ConstraintEncoder(cnf, rules, wanted, amo)
    for kind, group in by_kind(rules):
        kind.emit(group, rules, enc)


@lru_cache(maxsize=32)
def _groups(rules: Rules) -> tuple[list[list[int]], list[list[int]]]:
    """The exactly-one groups: each cell's N digit variables, each (unit, digit)'s N cell variables."""
    n = rules.size
    cell_groups = [[var(n, r, c, d) for d in range(1, n + 1)] for r in range(n) for c in range(n)]
    unit_groups = [
        [var(n, r, c, d) for r, c in unit.cells] for unit in rules.units for d in range(1, n + 1)
    ]
    return cell_groups, unit_groups


def triads(rules: Rules | Shape) -> tuple[list[tuple[int, list[int]]], list[list[int]]]:
    """The triads of a set of rules (or of a shape's classic rules): see :func:`_triads`."""
    return _triads(as_rules(rules))


@lru_cache(maxsize=32)
def _triads(rules: Rules) -> tuple[list[tuple[int, list[int]]], list[list[int]]]:
    """The triads of a set of rules: ``(definitions, groups)``, read off its row, column and box units.

    A triad is where a row (or column) meets a box. A definition ``(t, cells)`` says triad variable
    ``t`` is true iff one of the cell variables is; each group lists the triads of one digit in a
    row, a column, or a box (row triads and column triads of a box separately), exactly one of
    which holds that digit. Triads are numbered by :func:`triad_var`: the ``block``-th box a line
    crosses, counted along the line.
    """
    if not rules.box:
        raise ValueError(NO_BOXES)
    shape, n = rules.shape, rules.size
    region = rules.region_of
    defs: list[tuple[int, list[int]]] = []
    lines: dict[str, list[list[tuple[int, list[tuple[int, int]]]]]] = {"row": [], "column": []}
    in_box: dict[tuple[str, int], list[tuple[int, int]]] = {}  # (kind, box) -> [(line, block)]
    for kind in ("row", "column"):
        for unit in (u for u in rules.units if u.kind == kind):
            crossed: dict[int, list[tuple[int, int]]] = {}  # box -> its cells on this line, in order
            for r, c in unit.cells:
                crossed.setdefault(region[r * n + c], []).append((r, c))
            lines[kind].append([(box, cells) for box, cells in crossed.items()])
            for block, box in enumerate(crossed):
                in_box.setdefault((kind, box), []).append((unit.index, block))
        for line, crossed_boxes in enumerate(lines[kind]):
            for block, (_box, cells) in enumerate(crossed_boxes):
                for d in range(1, n + 1):
                    defs.append((triad_var(shape, kind, line, block, d), [var(n, r, c, d) for r, c in cells]))
    boxes = sorted({box for _kind, box in in_box})
    groups = []
    for d in range(1, n + 1):
        for kind in ("row", "column"):
            groups += [[triad_var(shape, kind, line, block, d) for block in range(len(crossed))]
                       for line, crossed in enumerate(lines[kind])]
        for box in boxes:
            for kind in ("row", "column"):
                groups.append([triad_var(shape, kind, line, block, d) for line, block in in_box[kind, box]])
    return defs, groups


def _uses_triads(wanted: Sequence[str]) -> bool:
    return any(f.startswith("triad-") for f in wanted)


NO_BOXES = ("the augmented encoding needs the boxes of the grid: triads are where a row or column "
            "meets a box, and a jigsaw has none (expected the minimal, natural or complete encoding)")


def refusal(rules: Rules, encoding: str) -> str | None:
    """Why ``encoding`` cannot say ``rules``, or None when it can (triads need boxes: no jigsaw).

    >>> from sudoku_cp.core.variants import build
    >>> refusal(build(Shape(2, 2), regions="aabbaabbccddccdd"), "augmented")[:39]
    'the augmented encoding needs the boxes '
    >>> refusal(build(Shape(2, 2), regions="aabbaabbccddccdd"), "complete") is None
    True
    """
    return NO_BOXES if _uses_triads(families_of(encoding)) and not rules.box else None


def _emit_exactly_one(cnf: Cnf, side: str, wanted, amo: str, groups) -> None:
    if f"{side}-alo" in wanted:
        cnf.add(f"{side}-alo", (g for g in groups))
    if f"{side}-amo" in wanted:
        if amo == NATIVE:
            cnf.add_atmost(f"{side}-amo", groups)
        else:
            cnf.add(f"{side}-amo", (cl for g in groups for cl in at_most_one(g, cnf, amo)))


def _emit(cnf: Cnf, encoding: str, amo: str, cell_groups, unit_groups, triad_parts=None) -> None:
    wanted = families_of(encoding)
    check_amo(amo)
    for side, groups in (("cell", cell_groups), ("unit", unit_groups)):
        _emit_exactly_one(cnf, side, wanted, amo, groups)
    if triad_parts is not None:
        defs, groups = triad_parts
        if "triad-def" in wanted:
            cnf.add("triad-def", (cl for t, cells in defs for cl in _definition(t, cells)))
        _emit_exactly_one(cnf, "triad", wanted, amo, groups)


def _definition(t: int, cells: list[int] | None) -> list[list[int]]:
    """Clauses for "t iff one of cells"; ``None`` cells means t is known true (a given)."""
    if cells is None:
        return [[t]]
    return [[-t] + cells] + [[t, -x] for x in cells]


def _start(rules: Rules, encoding: str) -> Cnf:
    _check_encodable(rules)
    shape = rules.shape
    extra = triad_count(shape) if _uses_triads(families_of(encoding)) else 0
    return Cnf(shape.size, shape.size**3 + extra, box=shape.box, rules=rules.name)


@lru_cache(maxsize=32)
def _rules_cached(rules: Rules, encoding: str, amo: str) -> Cnf:
    cnf = _start(rules, encoding)
    parts = triads(rules) if _uses_triads(families_of(encoding)) else None
    _emit(cnf, encoding, amo, *_groups(rules), parts)
    _emit_constraints(cnf, rules, families_of(encoding), amo)
    return cnf


def cells_apart(encoding: str) -> bool:
    """Whether ``encoding`` writes the cells' clauses apart from the units' and constraints' (not
    so with triads, whose groups mix them): :func:`beyond_cells` takes those alone.

    >>> cells_apart("complete"), cells_apart("augmented")
    (True, False)
    """
    return not _uses_triads(families_of(encoding))


def beyond_cells(rules: Rules, encoding: str = DEFAULT_ENCODING, amo: str | None = None) -> Cnf:
    """The clauses :func:`encode_rules` writes for ``rules`` after the cells' own (the same for
    every rules of the shape, so left out), numbered as it numbers them: its units' groups, then
    its constraints. Only for encodings with the cells apart (:func:`cells_apart`, else ValueError).

    >>> from sudoku_cp.core.shape import Shape
    >>> rules = Rules.classic(Shape(2, 2))
    >>> whole = encode_rules(rules)
    >>> whole.clauses[-len(beyond_cells(rules).clauses):] == beyond_cells(rules).clauses
    True
    """
    if not cells_apart(encoding):
        raise ValueError(f"the {encoding} encoding's triads are not kept apart from the cells")
    wanted = families_of(encoding)
    amo = check_amo(amo_for(rules.size, amo))
    cnf = _start(rules, encoding)
    cnf.nvars = _rules_cached(Rules(rules.shape, (), (), name="part"), encoding, amo).nvars  # (after the cells')
    _emit_exactly_one(cnf, "unit", wanted, amo, _groups(rules)[1])
    _emit_constraints(cnf, rules, wanted, amo)
    return cnf


def encode_rules(rules: Rules | Shape, encoding: str = DEFAULT_ENCODING, amo: str | None = None) -> Cnf:
    """The rules of an empty grid as CNF (no givens); a fresh copy the caller may extend.

    ``rules`` may be a :class:`Shape`, meaning classic Sudoku on it; ``amo`` None is
    :func:`amo_for` the size.
    """
    rules = as_rules(rules)
    return _rules_cached(rules, encoding, amo_for(rules.size, amo)).copy()


def rules_formula(rules: Rules, encoding: str = DEFAULT_ENCODING, amo: str | None = None) -> Cnf:
    """:func:`encode_rules`' formula itself, made once per rules: for a caller that only reads it
    (a solver loaded with it), which must not change it."""
    return _rules_cached(rules, encoding, amo_for(rules.size, amo))


def given_literals(board: Board) -> list[int]:
    """One positive literal per given: the assumptions (or unit clauses) that fix a puzzle."""
    n = board.size
    return [var(n, r, c, d) for r, c, d in board.givens()]


def encode_puzzle(board: Board, encoding: str = DEFAULT_ENCODING, amo: str | None = None) -> Cnf:
    """The rules plus one unit clause per given (family ``givens``), as exported to DIMACS."""
    cnf = encode_rules(board.rules, encoding, amo)
    cnf.add("givens", ([lit] for lit in given_literals(board)))
    return cnf


def eliminated(board: Board) -> tuple[set[int], set[int]]:
    """Literals fixed by the givens: (true cell variables, false cell variables).

    A given fixes its variable true, the other digits of its cell false, and its digit false in
    every peer, every cage-mate, and in its relation partners the digits the relation forbids
    there. With duplicate givens the two sets overlap, which makes the formula unsat.
    """
    n = board.size
    true_vars: set[int] = set()
    false_vars: set[int] = set()
    rules = board.rules
    peer_table = rules.peers
    for r, c, d in board.givens():
        i = r * n + c
        true_vars.add(var(n, r, c, d))
        false_vars.update(var(n, r, c, e) for e in range(1, n + 1) if e != d)
        false_vars.update(var(n, *divmod(p, n), d) for p in peer_table[i])
    if rules.constraints and any(board.cells):
        full = (1 << n) - 1
        for kind, group in by_kind(rules):  # what each constraint lets the givens cross out
            for constraint in group:
                for j in kind.touches(constraint, rules):
                    gone = full & ~kind.allowed(constraint, board.cells, j, rules)
                    false_vars.update(j * n + d for d in range(1, n + 1) if gone >> (d - 1) & 1)
    return true_vars, false_vars


def encode_simplified(board: Board, encoding: str = DEFAULT_ENCODING, amo: str | None = None,
                      stop: Callable[[], bool] | None = None) -> Cnf:
    """The puzzle's formula with what the givens settle removed: same numbering, far fewer clauses.

    Groups satisfied by a given are dropped; literals the givens make false are removed from the
    rest (and stated as unit clauses for blank cells). This is what makes 25x25 to 64x64 puzzles
    practical; it is equivalent to :func:`encode_puzzle` on the cell variables. ``stop``, when
    given, is called now and then and ends the work with :class:`EncodingStopped` when it says so
    (an empty 64x64 has 33 million pairwise clauses: a time limit must reach into encoding).
    """
    amo = amo_for(board.size, amo)
    true_vars, false_vars = eliminated(board)
    cell_groups, unit_groups = _groups(board.rules)

    dead: list[int] = []  # a group with no literal left: the puzzle is unsat

    def open_groups(groups):
        for g in groups:
            if not any(v in true_vars for v in g):
                rest = [v for v in g if v not in false_vars]
                if rest:
                    yield rest
                else:
                    dead.append(g[0])

    cnf = _start(board.rules, encoding)
    cnf.stop = stop
    cnf.add("givens", ([v] for v in sorted(true_vars)))
    if true_vars & false_vars:
        cnf.add("contradiction", [[-v] for v in sorted(true_vars & false_vars)])
    parts = None
    if _uses_triads(families_of(encoding)):
        # Triad clauses keep their triad literals; only cell literals the givens settle go.
        defs, groups = triads(board.rules)
        kept = [(t, None) if any(x in true_vars for x in cells)
                else (t, [x for x in cells if x not in false_vars]) for t, cells in defs]
        parts = (kept, groups)
    _emit(cnf, encoding, amo, list(open_groups(cell_groups)), list(open_groups(unit_groups)), parts)
    # Constraints are not simplified: their full clauses, with every literal the givens settle
    # stated below (a given cell's other digits too, which the clauses of a cage mention).
    _emit_constraints(cnf, board.rules, families_of(encoding), amo)
    n = board.size
    constrained = bool(board.rules.constraints)
    blank_false = sorted(v for v in false_vars if constrained or board.cells[(v - 1) // n] == 0)
    cnf.add("eliminated", ([-v] for v in blank_false))
    if dead:  # x and not x rather than an empty clause, which some solvers reject
        cnf.add("contradiction", [[dead[0]], [-dead[0]]])
    cnf.stop = None
    return cnf


def decode(model: Iterable[int], board: Board) -> Board:
    """The grid a model describes (givens from ``board``); raise if a cell has not exactly one digit."""
    n = board.size
    digits = list(board.cells)
    seen = [0] * (n * n)
    for lit in model:
        if 0 < lit <= n**3:
            r, c, d = unvar(n, lit)
            i = r * n + c
            seen[i] += 1
            if board.cells[i] == 0:
                digits[i] = d
    bad = [i for i in range(n * n) if board.cells[i] == 0 and seen[i] != 1]
    if bad:
        r, c = divmod(bad[0], n)
        raise SolverFailure(f"model gives cell r{r + 1}c{c + 1} {seen[bad[0]]} digits: expected exactly one")
    return board.with_cells(tuple(digits))


def blocking_clause(solution: Board, board: Board) -> list[int]:
    """Forbid one solution: the negated cell literals of the blank cells (auxiliaries never)."""
    n = board.size
    return [-var(n, i // n, i % n, d) for i, d in enumerate(solution.cells) if board.cells[i] == 0]
