"""The CNF encoding: one boolean per (cell, digit), exactly-one constraints as clauses. Pure.

Variables: ``var(n, row, col, digit) = (row * n + col) * n + digit`` for 0-based row and column
and digit 1..N, so the N**3 cell variables are 1..N**3; :func:`unvar` is the inverse. Auxiliary
variables of some at-most-one encodings are numbered after them.

Clause families (each selectable; the presets name the combinations of the SAT literature):

========== ================================== ===========================================
family     meaning                            presets
========== ================================== ===========================================
cell-alo   each cell holds at least one digit minimal, natural, complete
cell-amo   each cell holds at most one digit  natural, complete
unit-alo   each unit holds each digit         complete
unit-amo   no unit holds a digit twice        minimal, natural, complete
========== ================================== ===========================================

>>> cnf = encode_rules(Shape(3, 3))
>>> cnf.nvars, len(cnf.clauses), encode_rules(Shape(3, 3), "minimal").num_clauses
(729, 11988, 8829)
>>> unvar(9, var(9, 4, 7, 3))
(4, 7, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from .board import Board, Shape, peers, units
from .results import SolverFailure

FAMILIES = ("cell-alo", "cell-amo", "unit-alo", "unit-amo")
PRESETS: dict[str, tuple[str, ...]] = {
    "minimal": ("cell-alo", "unit-amo"),
    "natural": ("cell-alo", "cell-amo", "unit-amo"),
    "complete": ("cell-alo", "cell-amo", "unit-alo", "unit-amo"),
}
DEFAULT_ENCODING = "complete"
AMO_ENCODINGS = ("pairwise", "seqcounter", "ladder", "bitwise", "totalizer", "sortnetwrk",
                 "cardnetwrk", "mtotalizer", "kmtotalizer")
DEFAULT_AMO = "pairwise"


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


@dataclass
class Family:
    """A run of clauses of one kind: clauses ``start`` .. ``start + count - 1`` (0-based)."""

    name: str
    start: int
    count: int


@dataclass
class Cnf:
    """A formula: clauses over variables 1..nvars, cell variables first, families recorded."""

    size: int
    nvars: int
    clauses: list[list[int]] = field(default_factory=list)
    families: list[Family] = field(default_factory=list)

    @property
    def num_clauses(self) -> int:
        return len(self.clauses)

    @property
    def cell_vars(self) -> int:
        return self.size**3

    def add(self, name: str, clauses: Iterable[Sequence[int]]) -> None:
        start = len(self.clauses)
        self.clauses.extend(list(c) for c in clauses)
        if len(self.clauses) > start:
            self.families.append(Family(name, start, len(self.clauses) - start))

    def new_var(self) -> int:
        self.nvars += 1
        return self.nvars


def at_most_one(lits: Sequence[int], cnf: Cnf, amo: str = DEFAULT_AMO) -> list[list[int]]:
    """Clauses saying at most one of ``lits`` is true; auxiliary variables are taken from ``cnf``."""
    if len(lits) < 2:
        return []
    if amo == "pairwise":
        return [[-a, -b] for a, b in combinations(lits, 2)]
    if amo not in AMO_ENCODINGS:
        raise ValueError(f"unknown at-most-one encoding {amo!r}: expected one of {', '.join(AMO_ENCODINGS)}")
    from pysat.card import CardEnc, EncType  # an encoding library, not a solver

    enc = CardEnc.atmost(lits=list(lits), bound=1, top_id=cnf.nvars, encoding=getattr(EncType, amo))
    cnf.nvars = max(cnf.nvars, enc.nv)
    return [list(c) for c in enc.clauses]


def families_of(encoding: str) -> tuple[str, ...]:
    if encoding not in PRESETS:
        raise ValueError(f"unknown encoding {encoding!r}: expected one of {', '.join(PRESETS)}")
    return PRESETS[encoding]


@lru_cache(maxsize=32)
def _groups(shape: Shape):
    """The exactly-one groups: each cell's N digit variables, each (unit, digit)'s N cell variables."""
    n = shape.size
    cell_groups = [[var(n, r, c, d) for d in range(1, n + 1)] for r in range(n) for c in range(n)]
    unit_groups = [
        [var(n, r, c, d) for r, c in unit.cells] for unit in units(shape) for d in range(1, n + 1)
    ]
    return cell_groups, unit_groups


def _emit(cnf: Cnf, encoding: str, amo: str, cell_groups, unit_groups) -> None:
    wanted = families_of(encoding)
    for side, groups in (("cell", cell_groups), ("unit", unit_groups)):
        if f"{side}-alo" in wanted:
            cnf.add(f"{side}-alo", (g for g in groups))
        if f"{side}-amo" in wanted:
            cnf.add(f"{side}-amo", (cl for g in groups for cl in at_most_one(g, cnf, amo)))


@lru_cache(maxsize=32)
def _rules_cached(shape: Shape, encoding: str, amo: str) -> Cnf:
    cnf = Cnf(shape.size, shape.size**3)
    _emit(cnf, encoding, amo, *_groups(shape))
    return cnf


def encode_rules(shape: Shape, encoding: str = DEFAULT_ENCODING, amo: str = DEFAULT_AMO) -> Cnf:
    """The rules of an empty grid as CNF (no givens); a fresh copy the caller may extend."""
    cached = _rules_cached(shape, encoding, amo)
    return Cnf(cached.size, cached.nvars, [list(c) for c in cached.clauses],
               [Family(f.name, f.start, f.count) for f in cached.families])


def given_literals(board: Board) -> list[int]:
    """One positive literal per given: the assumptions (or unit clauses) that fix a puzzle."""
    n = board.size
    return [var(n, r, c, d) for r, c, d in board.givens()]


def encode_puzzle(board: Board, encoding: str = DEFAULT_ENCODING, amo: str = DEFAULT_AMO) -> Cnf:
    """The rules plus one unit clause per given (family ``givens``), as exported to DIMACS."""
    cnf = encode_rules(board.shape, encoding, amo)
    cnf.add("givens", ([lit] for lit in given_literals(board)))
    return cnf


def eliminated(board: Board) -> tuple[set[int], set[int]]:
    """Literals fixed by the givens: (true cell variables, false cell variables).

    A given fixes its variable true, the other digits of its cell false, and its digit false in
    every peer. With duplicate givens the two sets overlap, which makes the formula unsat.
    """
    n = board.size
    true_vars, false_vars = set(), set()
    peer_table = peers(board.shape)
    for r, c, d in board.givens():
        true_vars.add(var(n, r, c, d))
        false_vars.update(var(n, r, c, e) for e in range(1, n + 1) if e != d)
        false_vars.update(var(n, *divmod(p, n), d) for p in peer_table[r * n + c])
    return true_vars, false_vars


def encode_simplified(board: Board, encoding: str = DEFAULT_ENCODING, amo: str = DEFAULT_AMO) -> Cnf:
    """The puzzle's formula with what the givens settle removed: same numbering, far fewer clauses.

    Groups satisfied by a given are dropped; literals the givens make false are removed from the
    rest (and stated as unit clauses for blank cells). This is what makes 25x25 to 64x64 puzzles
    practical; it is equivalent to :func:`encode_puzzle` on the cell variables.
    """
    true_vars, false_vars = eliminated(board)
    cell_groups, unit_groups = _groups(board.shape)

    def open_groups(groups):
        for g in groups:
            if not any(v in true_vars for v in g):
                yield [v for v in g if v not in false_vars]

    cnf = Cnf(board.size, board.size**3)
    cnf.add("givens", ([v] for v in sorted(true_vars)))
    if true_vars & false_vars:
        cnf.add("contradiction", [[-v] for v in sorted(true_vars & false_vars)])
    _emit(cnf, encoding, amo, list(open_groups(cell_groups)), list(open_groups(unit_groups)))
    n = board.size
    blank_false = sorted(v for v in false_vars if board.cells[(v - 1) // n] == 0)
    cnf.add("eliminated", ([-v] for v in blank_false))
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
    return Board(board.shape, tuple(digits))


def blocking_clause(solution: Board, board: Board) -> list[int]:
    """Forbid one solution: the negated cell literals of the blank cells (auxiliaries never)."""
    n = board.size
    return [-var(n, i // n, i % n, d) for i, d in enumerate(solution.cells) if board.cells[i] == 0]
