"""What a constraint kind declares, in its own module: the :class:`Kind` interface and its helpers.

A *constraint* (``core.rules.Constraint``) is one rule beyond the units: a killer cage, a
thermometer, a kropki dot, or a whole-grid rule such as anti-knight. Its *kind* is a
:class:`Kind` registered once in the catalogue (``constraints/__init__.py``). The kind alone
knows the rule: how a puzzle document and an f-puzzles string write it, the independent check
(the rule evaluated on digits, no clauses), what the duplicate scan can see among givens, its CNF
clause family, its CP-SAT formulation, the digits a cell may still hold (``dfs`` and pencil
marks), and its drawing in a small shape vocabulary. Everything else (checker, encoders,
backends, readers, pictures) asks the kind and never tests ``kind == "..."``.

Cells are ``(row, col)`` 0-based; *indices* are row-major ``r * N + c``; a digit mask has bit
``d - 1`` for digit ``d``. The CNF variable of (cell index ``i``, digit ``d``) is ``i * N + d``
(``model/cnf.py``'s numbering, restated here so that this layer imports no encoder).

Most kinds take one of two shapes, each with a base class that does the solving side once:

- :class:`PairKind`: a list of cell pairs, each with a test on its two digits (thermometer
  steps, kropki dots, XV, whispers, palindromes, clones, minimum/maximum cells);
- :class:`TableKind`: a few cells whose digit tuples are listed (quadruple, between line);

the others write their own clauses (killer, renban, sandwich, X-sum, arrow, little killer). What
kinds share beside these classes lives in its own module: ``forms.py`` (reading and writing
documents and f-puzzles, lines, dots and single cells), ``sums.py`` (the clauses of sums) and
``support.py`` (narrowing candidates by sums and digit sets).

>>> pair_ok = lambda a, b: a < b
>>> sorted(digit_pairs(4, pair_ok))[:3]
[(1, 2), (1, 3), (1, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, Shape, cell_name

PairTest = Callable[[int, int], bool]


@dataclass(frozen=True)
class Mark:
    """One drawn element, in the shape vocabulary both the SVG writer and the step page render.

    ``shape``: ``line`` (through cell centres; ``style`` ``thermo``, ``whisper``, ``renban``,
    ``palindrome``, ``between``, ``arrow``, ``lockout``, ...), ``bulb`` / ``circle`` (a cell's
    ring; ``text`` inside), ``diamond`` (a square on its corner in each cell: a lockout line's
    ends), ``dot`` (between two cells; ``style`` ``white`` or ``black``, ``text`` e.g. ``X``),
    ``cage`` (a dashed outline; ``text`` its sum), ``outside`` (a clue beside the grid: ``cells``
    holds the clue's position just off the grid, ``text`` the number, ``style`` an arrow
    direction), ``shade`` (cells tinted; ``style`` ``odd``, ``even``, ``region``, ``clone``),
    ``quad`` (four digits at a corner), ``sun`` (a sun behind a cell's digit: sunburn), ``text`` (small text in
    a cell).
    """

    shape: str
    cells: tuple[Cell, ...]
    style: str = ""
    text: str = ""


def digit_pairs(n: int, ok: PairTest) -> set[tuple[int, int]]:
    """The digit pairs ``(a, b)`` in 1..N that ``ok`` allows."""
    return {(a, b) for a in range(1, n + 1) for b in range(1, n + 1) if ok(a, b)}


def mask_of(digits: Iterable[int]) -> int:
    """A digit mask: bit ``d - 1`` for each digit.

    >>> bin(mask_of([1, 3]))
    '0b101'
    """
    out = 0
    for d in digits:
        out |= 1 << (d - 1)
    return out


def index(n: int, cell: Cell) -> int:
    return cell[0] * n + cell[1]


def lit(n: int, i: int, d: int) -> int:
    """The CNF variable "cell index ``i`` holds ``d``" (``model/cnf.var``'s numbering)."""
    return i * n + d


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of orthogonal neighbours ``(i, j)``, ``i < j`` row-major."""
    return [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)] + \
           [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]


class Kind:
    """A constraint kind: one module declares one (see the module docstring for the contract).

    Subclasses set :attr:`name` (the document ``type`` and ``Constraint.kind``), :attr:`words`
    (how people say it), :attr:`fields` (document keys beyond ``type``), :attr:`fpuzzles` (the
    f-puzzles keys read), and implement :meth:`read`, :meth:`write`, :meth:`holds` and the
    solving side. ``whole_grid`` kinds are one rule over the grid (given at most once).
    """

    name: str = ""
    words: str = ""
    fields: tuple[str, ...] = ()
    fpuzzles: tuple[str, ...] = ()
    whole_grid: bool = False
    ordered: bool = True  # the order of ``cells`` matters (symmetry moves must keep it)
    values_matter: bool = True  # relabelling digits breaks it (False: clones, extra regions)
    aux: str = "the at-most-one encoding"  # what its auxiliary CNF variables are, for DIMACS comments

    # -- reading and writing ------------------------------------------------------------------
    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        """The constraints of one document object ``{"type": name, ...}``."""
        if self.whole_grid:
            return [Constraint(self.name, 0, ())]
        raise NotImplementedError

    def write(self, constraint: Constraint) -> dict:
        """The document object of one constraint (the inverse of :meth:`read`)."""
        return {"type": self.name}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        """The constraints of f-puzzles key ``key`` (one of :attr:`fpuzzles`)."""
        if self.whole_grid:
            return [Constraint(self.name, 0, ())] if value else []
        raise NotImplementedError

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        """Add this kind's constraints to an f-puzzles object."""
        if self.whole_grid and constraints:
            out[self.fpuzzles[0]] = True
            return
        raise NotImplementedError

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        """Refuse what cannot be a rule on this grid (a :class:`PuzzleError` naming the cell);
        ``others`` are the constraints of the same kind before this one."""

    def check_rules(self, constraint: Constraint, rules: Rules) -> None:
        """Refuse what cannot be a rule given the whole rules (a :class:`PuzzleError`), e.g. a rule
        that needs the grid's boxes on a jigsaw."""

    # -- meaning ------------------------------------------------------------------------------
    def label(self, constraint: Constraint) -> str:
        """How a message names one constraint: ``thermometer from r2c3``."""
        if self.whole_grid or not constraint.cells:
            return f"the {self.words} rule"
        return f"{self.words} at {cell_name(*constraint.cells[0])}"

    def title(self, constraint: Constraint, n: int) -> str:
        """How a picture names a whole-grid rule it cannot draw (``anti-knight``).

        The SVG title and the step page's "Everywhere: ..." use it.
        """
        return self.words

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        """What a grid breaks of the rule, in words (``cells`` row-major, 0 for a blank, which
        breaks nothing): the independent check on full grids and the scan of givens."""
        raise NotImplementedError

    def check_of(self, constraint: Constraint, rules: Rules) -> Callable[[Sequence[int]], list[str]]:
        """:meth:`holds` for one constraint as a function of the digits alone (the checker builds
        these once per rules value; a kind may precompute what it needs)."""
        return lambda digits: self.holds(constraint, digits, rules)

    def values_matter_in(self, constraint: Constraint) -> bool:
        return self.values_matter

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        """The constraint's identity after moving cell i to ``cell_map[i]`` (symmetry moves)."""
        idx = tuple(cell_map[index(n, c)] for c in constraint.cells)
        return (constraint.kind, idx if self.ordered else frozenset(idx), constraint.value, constraint.data)

    def identity(self, constraint: Constraint, n: int) -> Any:
        return self.moved(constraint, range(n * n), n)

    def maps_to_itself(self, constraints: Sequence[Constraint], cell_map: Sequence[int], rules: Rules) -> bool:
        """True when the move maps this kind's constraints onto themselves."""
        n = rules.size
        have = {self.identity(c, n) for c in constraints}
        return all(self.moved(c, cell_map, n) in have for c in constraints)

    # -- solving ------------------------------------------------------------------------------
    def emit(self, constraints: Sequence[Constraint], rules: Rules, enc: Any) -> None:
        """Add this kind's clauses to a formula: ``enc`` is the encoder's context
        (``enc.add(family, clauses)``, ``enc.new_vars(k)``, ``enc.amo(literals)``,
        ``enc.wanted``); by default one family named after the kind."""
        enc.add(self.name, (cl for c in constraints for cl in self.clauses(c, rules, enc)))

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> Iterable[list[int]]:
        raise NotImplementedError

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        """Add the CP formulation to a ``CpModelSpec`` (``spec.linear``, ``spec.tables``, ...)."""
        raise NotImplementedError

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """The digit mask cell index ``i`` may hold under this constraint, given the filled
        ``cells`` (0 blank): what a person crosses out at once, used by pencil marks and ``dfs``."""
        return (1 << rules.size) - 1

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The candidates of :meth:`touches`'s cells, in that order, narrowed against the others'
        candidates (``masks``: every cell's digit mask, a given's its one digit); None when a cell
        is left with none. Only digits that no solution within ``masks`` has may go (``dfs``
        counts with it). By default :meth:`allowed`, a cell with one candidate counting as filled."""
        cells = [m.bit_length() if m and not m & (m - 1) else 0 for m in masks]
        out = []
        for i in self.touches(constraint, rules):
            mask = masks[i] & self.allowed(constraint, cells, i, rules)
            if not mask:
                return None
            out.append(mask)
        return out

    def pair_tables(self, constraint: Constraint, rules: Rules) -> dict[int, list[tuple[int, list[int]]]] | None:
        """When the rule is exactly a test on cell pairs: for each cell, ``(partner, table)`` with
        ``table[y]`` the digits the cell may hold beside a partner's y (``dfs`` propagates them
        pair by pair); else None."""
        return None

    def distinct_groups(self, constraint: Constraint, rules: Rules) -> list[list[int]] | None:
        """The groups of cell indices when the rule is exactly "each group holds distinct digits"
        (``dfs`` then treats each group as a unit); else None."""
        return None

    def distinct_sum(self, constraint: Constraint, rules: Rules) -> tuple[list[int], int | None] | None:
        """``(cell indices, sum or None)`` when the rule is exactly "these cells hold distinct
        digits (adding up to the sum)": ``dfs`` then keeps a digit mask for them, as for a unit."""
        return None

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        """The cell indices whose candidates this constraint can narrow."""
        n = rules.size
        return tuple(index(n, c) for c in constraint.cells)

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        """The drawing, in :class:`Mark` shapes."""
        return []


class NarrowedKind(Kind):
    """A kind whose :meth:`~Kind.narrow` is its own and exact: :meth:`allowed` asks it, the filled cells as their
    one candidate (a kind that keeps the default narrow must not be one: that narrow asks allowed)."""

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        full = (1 << rules.size) - 1
        got = self.narrow(constraint, [full if j == i or not d else 1 << (d - 1) for j, d in enumerate(cells)], rules)
        return 0 if got is None else got[self.touches(constraint, rules).index(i)]


class PairKind(Kind):
    """A rule that is a list of cell pairs, each with a test on the pair's digits.

    Subclasses give :meth:`pairs`; the check, the clauses (a binary clause per forbidden digit
    pair), the CP model (a table of allowed pairs) and the candidate filter follow from it.
    """

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        raise NotImplementedError

    def describe_break(self, constraint: Constraint, a: int, b: int, x: int, y: int, n: int) -> str:
        return (f"{self.label(constraint)}: {x} at {cell_name(*divmod(a, n))} and {y} at "
                f"{cell_name(*divmod(b, n))}")

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        out = []
        n = rules.size
        for a, b, ok in self.pairs(constraint, rules):
            x, y = digits[a], digits[b]
            if x and y and not ok(x, y):
                out.append(self.describe_break(constraint, a, b, x, y, n))
        return out

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> Iterable[list[int]]:
        n = rules.size
        for a, b, ok in self.pairs(constraint, rules):
            for x in range(1, n + 1):
                for y in range(1, n + 1):
                    if not ok(x, y):
                        yield [-lit(n, a, x), -lit(n, b, y)]

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        for a, b, ok in self.pairs(constraint, rules):
            spec.tables.append((f"{self.label(constraint)}", (a, b), sorted(digit_pairs(n, ok))))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        mask = (1 << rules.size) - 1
        for j, table in _pair_tables(self, constraint, rules).get(i, ()):
            if cells[j]:
                mask &= table[cells[j]]
        return mask

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(sorted({i for a, b, _ in self.pairs(constraint, rules) for i in (a, b)}))

    def pair_tables(self, constraint: Constraint, rules: Rules) -> dict[int, list[tuple[int, list[int]]]] | None:
        return _pair_tables(self, constraint, rules)

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each cell keeps the digits some candidate of every partner allows, until nothing changes."""
        tables = _pair_tables(self, constraint, rules)
        got = {i: masks[i] for i in tables}
        changed = True
        while changed:
            changed = False
            for i, arcs in tables.items():
                mask = got[i]
                for j, table in arcs:
                    mask &= support(table, got[j])
                if mask != got[i]:
                    if not mask:
                        return None
                    got[i], changed = mask, True
        return [got.get(i, masks[i]) for i in self.touches(constraint, rules)]  # (a touched cell in no pair keeps its)


def support(table: Sequence[int], mask: int) -> int:
    """The digits ``table`` allows beside any digit of ``mask`` (``table[y]``: beside y)."""
    out = 0
    while mask:
        bit = mask & -mask
        out |= table[bit.bit_length()]
        mask ^= bit
    return out


@lru_cache(maxsize=1024)
def _pair_tables(kind: PairKind, constraint: Constraint, rules: Rules) -> dict[int, list[tuple[int, list[int]]]]:
    """For each cell of a pair kind's pairs: ``(partner, table)``, ``table[y]`` the digit mask the
    cell may hold when the partner holds y (built once: pencil marks and dfs ask per node)."""
    n = rules.size
    out: dict[int, list[tuple[int, list[int]]]] = {}
    for a, b, ok in kind.pairs(constraint, rules):
        out.setdefault(a, []).append((b, [0] + [mask_of(x for x in range(1, n + 1) if ok(x, y)) for y in range(1, n + 1)]))
        out.setdefault(b, []).append((a, [0] + [mask_of(y for y in range(1, n + 1) if ok(x, y)) for x in range(1, n + 1)]))
    return out


class TableKind(Kind):
    """A rule on a few cells given as a test on their digit tuple (enumerated: keep it small)."""

    aux = "one selector per allowed digit tuple"

    def ok(self, constraint: Constraint, digits: Sequence[int], n: int) -> bool:
        raise NotImplementedError

    def scope(self, constraint: Constraint, n: int) -> tuple[int, ...]:
        return tuple(index(n, c) for c in constraint.cells)

    def tuples(self, constraint: Constraint, n: int) -> list[tuple[int, ...]]:
        return _tuples(self, constraint, n)

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[i] for i in self.scope(constraint, n)]
        if all(got) and not self.ok(constraint, got, n):
            return [f"{self.label(constraint)}: {' '.join(map(str, got))}"]
        if not all(got) and any(got):
            fits = any(all(g in (0, t) for g, t in zip(got, tup)) for tup in self.tuples(constraint, n))
            if not fits:
                return [f"{self.label(constraint)}: {' '.join(str(g or '.') for g in got)} cannot be completed"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> Iterable[list[int]]:
        """Support clauses: a selector per allowed tuple, one must hold, each implies its digits."""
        n = rules.size
        scope = self.scope(constraint, n)
        allowed = self.tuples(constraint, n)
        if not allowed:
            return [[lit(n, scope[0], 1)], [-lit(n, scope[0], 1)]]
        first = enc.new_vars(len(allowed))
        selectors = list(range(first, first + len(allowed)))
        out = [selectors]
        for y, tup in zip(selectors, allowed):
            out += [[-y, lit(n, i, d)] for i, d in zip(scope, tup)]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        spec.tables.append((self.label(constraint), self.scope(constraint, n), self.tuples(constraint, n)))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        scope = self.scope(constraint, n)
        k = scope.index(i)
        got = [0 if j == i else cells[j] for j in scope]
        if not any(got):
            return _first_digits(self, constraint, n, k)
        return mask_of({t[k] for t in self.tuples(constraint, n)
                        if all(g in (0, x) for g, x in zip(got, t))})


@lru_cache(maxsize=1024)
def _first_digits(kind: TableKind, constraint: Constraint, n: int, k: int) -> int:
    """The digits place k takes in any allowed tuple (nothing else filled)."""
    return mask_of({t[k] for t in kind.tuples(constraint, n)})


@lru_cache(maxsize=256)
def _tuples(kind: TableKind, constraint: Constraint, n: int) -> list[tuple[int, ...]]:
    k = len(kind.scope(constraint, n))
    return [t for t in product(range(1, n + 1), repeat=k) if kind.ok(constraint, t, n)]
