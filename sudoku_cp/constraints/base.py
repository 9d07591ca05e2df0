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

Most kinds are one of four shapes, each with a base class that does the solving side once:

- :class:`PairKind`: a list of cell pairs, each with a test on its two digits (thermometer
  steps, kropki dots, XV, whispers, palindromes, clones, minimum/maximum cells);
- :class:`SumKind`: weighted sums of digits equal a target (little killer, arrow);
- :class:`TableKind`: a few cells whose digit tuples are listed (quadruple, between line);
- kinds with their own clauses (killer, renban, sandwich, X-sum).

>>> pair_ok = lambda a, b: a < b
>>> sorted(digit_pairs(4, pair_ok))[:3]
[(1, 2), (1, 3), (1, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, PuzzleError, Shape, cell_name

PairTest = Callable[[int, int], bool]


@dataclass(frozen=True)
class Mark:
    """One drawn element, in the shape vocabulary both the SVG writer and the step page render.

    ``shape``: ``line`` (through cell centres; ``style`` ``thermo``, ``whisper``, ``renban``,
    ``palindrome``, ``between``, ``arrow``), ``bulb`` / ``circle`` (a cell's ring; ``text``
    inside), ``dot`` (between two cells; ``style`` ``white`` or ``black``, ``text`` e.g. ``X``),
    ``cage`` (a dashed outline; ``text`` its sum), ``outside`` (a clue beside the grid: ``cells``
    holds the clue's position just off the grid, ``text`` the number, ``style`` an arrow
    direction), ``shade`` (cells tinted; ``style`` ``odd``, ``even``, ``region``, ``clone``),
    ``quad`` (four digits at a corner), ``text`` (small text in a cell).
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


def no_fpuzzles(kind: Kind, constraints: Sequence[Constraint], what: str) -> None:
    """Refuse to write a rule f-puzzles does not have (``no_share_link`` gives the message)."""
    if constraints:
        raise PuzzleError(f"{kind.label(constraints[0])}: f-puzzles has no {what}, so the puzzle has no "
                          f"f-puzzles form")


# --------------------------------------------------------------------------------------------
# Reading helpers shared by kinds
# --------------------------------------------------------------------------------------------

def doc_cells(item: dict, key: str, n: int, at: str, low: int = 1, distinct: bool = True) -> tuple[Cell, ...]:
    """A document's ``[[row, col], ...]`` list under ``key``, checked on an N x N grid."""
    cells = item.get(key)
    if not isinstance(cells, list) or len(cells) < low:
        raise PuzzleError(f"{at}: \"{key}\" is {_show(cells)}: expected a list of at least {low} "
                          f"[row, col] pairs, 0-based")
    out = []
    for cell in cells:
        if not isinstance(cell, list) or len(cell) != 2 or not all(type(v) is int for v in cell):
            raise PuzzleError(f"{at}: cell {_show(cell)}: expected [row, col], 0-based integers")
        r, c = cell
        if not (0 <= r < n and 0 <= c < n):
            raise PuzzleError(f"{at}: cell [{r}, {c}] is outside the {n}x{n} grid: expected rows and "
                              f"columns 0..{n - 1}")
        out.append((r, c))
    if distinct and len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise PuzzleError(f"{at}: cell {cell_name(*twice)} is named twice: expected distinct cells")
    return tuple(out)


def doc_int(item: dict, key: str, at: str, default: int | None = None, required: bool = False) -> int | None:
    value = item.get(key, default)
    if value is None and not required:
        return None
    if type(value) is not int:
        raise PuzzleError(f"{at}: \"{key}\" is {_show(value)}: expected a whole number")
    return value


def fp_cell(name: Any, n: int, at: str, outside: bool = False) -> Cell:
    """An f-puzzles cell name ``R1C1`` (1-based) as a 0-based cell; ``outside`` also accepts
    row or column 0 and N+1 (clues beside the grid)."""
    import re

    match = re.fullmatch(r"R(\d+)C(\d+)", name, re.I) if isinstance(name, str) else None
    if match is None:
        raise PuzzleError(f"{at}: cell {_show(name)}: expected R<row>C<col>, 1-based")
    r, c = int(match.group(1)[-6:]) - 1, int(match.group(2)[-6:]) - 1  # the whole number (6 digits suffice)
    if len(match.group(1).lstrip("0")) > 6 or len(match.group(2).lstrip("0")) > 6:
        r = c = 10**6
    low, high = (-1, n) if outside else (0, n - 1)
    if not (low <= r <= high and low <= c <= high):
        raise PuzzleError(f"{at}: cell {name} is outside the {n}x{n} grid: expected R1C1..R{n}C{n}")
    return r, c


def fp_cells(names: Any, n: int, at: str, low: int = 1, distinct: bool = True) -> tuple[Cell, ...]:
    if not isinstance(names, list) or len(names) < low:
        raise PuzzleError(f"{at}: expected \"cells\": a list of at least {low} cells such as [\"R1C1\", \"R1C2\"]")
    out = tuple(fp_cell(name, n, at) for name in names)
    if distinct and len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise PuzzleError(f"{at}: cell {cell_name(*twice)} is named twice: expected distinct cells")
    return out


def fp_number(value: Any, at: str, what: str = "value", low: int = 0, high: int = 10**6) -> int | None:
    """An f-puzzles number (a string or an integer); None when empty; refuses what is out of range."""
    if value in (None, ""):
        return None
    if type(value) is int:
        number = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        raise PuzzleError(f"{at}: {what} {_show(value)}: expected a whole number")
    if not low <= number <= high:
        raise PuzzleError(f"{at}: {what} {number} is out of range: expected {low}..{high}")
    return number


def fp_name(cell: Cell) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def fp_lines(entry: Any, n: int, at: str, low: int = 2) -> list[tuple[Cell, ...]]:
    """The ``lines`` of an f-puzzles line entry (``{"lines": [["R1C1", "R1C2"], ...]}``)."""
    lines = entry.get("lines") if isinstance(entry, dict) else None
    if not isinstance(lines, list) or not lines:
        raise PuzzleError(f"{at}: expected \"lines\": a list of cell lists such as [[\"R1C1\", \"R1C2\"]]")
    return [fp_cells(line, n, at, low) for line in lines]


def fp_clues(value: Any, key: str, shape: Shape, where: str):
    """The numbered clues beside the grid of an f-puzzles key: ``(entry, at, number, clue cell)``
    for each entry with a number (one without is decoration)."""
    for k, entry in enumerate(entries(value, f"{where}: {key}")):
        at = f"{where}: {key} {k + 1}"
        entry = entry if isinstance(entry, dict) else {}
        total = fp_number(entry.get("value"), at, "sum", high=shape.size ** 3)
        if total is not None:
            yield entry, at, total, fp_cell(entry.get("cell"), shape.size, at, outside=True)


def entries(value: Any, at: str) -> list:
    if not isinstance(value, list):
        raise PuzzleError(f"{at}: expected a list of objects")
    return value


def _show(value: Any) -> str:
    """A JSON value quoted for a message as ``formats.jsontext.show`` quotes tokens."""
    import json

    token = json.dumps(value)
    return repr(token) if len(token) <= 20 else f"{token[:20]!r}... ({len(token)} characters)"


def check_path(cells: Sequence[Cell], at: str, diagonal: bool = True) -> None:
    """Consecutive cells of a line must touch (king's move; orthogonal only when not ``diagonal``)
    and a line may not visit a cell twice."""
    seen: set[Cell] = set()
    for k, cell in enumerate(cells):
        if cell in seen:
            raise PuzzleError(f"{at}: the line turns back on itself at {cell_name(*cell)}: expected "
                              f"each cell once")
        seen.add(cell)
        if k:
            (r1, c1), (r2, c2) = cells[k - 1], cell
            step = max(abs(r1 - r2), abs(c1 - c2)) if diagonal else abs(r1 - r2) + abs(c1 - c2)
            if step != 1:
                raise PuzzleError(f"{at}: {cell_name(r1, c1)} and {cell_name(r2, c2)} do not touch: "
                                  f"expected neighbouring cells along the line")


def check_connected(cells: Sequence[Cell], at: str) -> None:
    """The cells of an unordered line are distinct and connected (each reached from the first by king's moves
    within the line), though not necessarily one path: a line drawn with a branch."""
    if len(set(cells)) != len(cells):
        twice = next(c for k, c in enumerate(cells) if c in cells[:k])
        raise PuzzleError(f"{at}: {cell_name(*twice)} is on the line twice: expected each cell once")
    left, stack = set(cells[1:]), list(cells[:1])
    while stack:
        r, c = stack.pop()
        near = {x for x in left if max(abs(x[0] - r), abs(x[1] - c)) == 1}
        left -= near
        stack.extend(near)
    if left:
        raise PuzzleError(f"{at}: {cell_name(*min(left))} does not touch the rest of the line: expected "
                          f"neighbouring cells along the line")


def check_neighbours(a: Cell, b: Cell, at: str) -> None:
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise PuzzleError(f"{at}: {cell_name(*a)} and {cell_name(*b)} are not neighbours: expected "
                          f"two orthogonally adjacent cells")


# --------------------------------------------------------------------------------------------
# Pair kinds: a list of (cell, cell, test on their digits)
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Sums: sum of weighted digits (optionally only where a condition holds) equals a target
# --------------------------------------------------------------------------------------------

Term = list[tuple[tuple[int, ...], int]]  # (a conjunction of literals, the value it adds); exactly one holds


def sum_clauses(terms: Sequence[Term], targets: set[int], enc: Any, at_most_one: bool = True) -> list[list[int]]:
    """Clauses saying the terms' values add up to one of ``targets``: partial sums as variables.

    Term k is a list of ``(literals, value)``: exactly one conjunction of literals holds in any
    assignment that keeps the other clauses (a cell's digit literals, say). Variable ``s[k][v]``
    says "the first k terms add up to v"; each conjunction moves s forward (and back: s[k][w] and
    a conjunction of value v need s[k-1][w-v]); exactly one ``s`` per layer; the last layer must
    be a target. Every assignment of the cells extends uniquely, and a
    wrong sum forces a forbidden last-layer variable, so the clauses say exactly the rule.
    ``at_most_one=False`` leaves out each layer's at-most-one: the backward clauses already imply
    it (by induction from the fixed start, a true ``s[k][w]`` is the sum of the first k digits),
    and on long sums its pairwise clauses are most of the formula.
    """
    reach = [{0}]
    for term in terms:
        reach.append({u + v for u in reach[-1] for _lits, v in term})
    # keep only values from which a target is still reachable
    back = [set(targets & reach[-1])]
    for k in range(len(terms) - 1, -1, -1):
        back.append({u for u in reach[k] if any(u + v in back[-1] for _lits, v in terms[k])})
    back.reverse()
    out: list[list[int]] = []
    if not back[0]:  # no target can be reached: x and not x (some solvers reject an empty clause)
        x = terms[0][0][0][0]
        return [[x], [-x]]
    layers: list[dict[int, int | None]] = [{0: None}]  # value -> variable (None: the true start)
    for k, term in enumerate(terms, start=1):
        values = sorted(back[k])
        if k == len(terms) and len(values) == 1:
            layer: dict[int, int | None] = {values[0]: None}  # the final value is known: no variable
        else:
            first = enc.new_vars(len(values))
            layer = {v: first + j for j, v in enumerate(values)}
        prev = layers[-1]
        for u, su in prev.items():
            for lits, v in term:
                head = [-x for x in lits] + ([] if su is None else [-su])
                target = layer.get(u + v, 0)
                if target == 0:
                    out.append(head)  # this step leaves every target behind
                elif target is not None:
                    out.append(head + [target])
        named = [x for x in layer.values() if x is not None]
        if at_most_one:
            out += _layer_amo(named, enc)  # exactly one partial sum per layer: at most one,
        if named:
            out.append(named)  # and at least one
        for w, sw in layer.items():  # and backwards: a partial sum and this term's step fix the one before
            for lits, v in term:
                su = prev.get(w - v, 0)
                if su is None:
                    continue
                clause = ([] if sw is None else [-sw]) + [-x for x in lits] + ([su] if su else [])
                out.append(clause)
        layers.append(layer)
    return out


MAX_DIGIT_SETS = 500  # more digit sets than this for one sum: its kind falls back to partial sums


def digit_sets(digits: Iterable[int], total: int, size: int | None = None,
               limit: int | None = None) -> list[tuple[int, ...]] | None:
    """The sets of distinct ``digits`` (``size`` of them, or any number) adding up to ``total``,
    ascending; None when there are more than ``limit`` (:data:`MAX_DIGIT_SETS` by default).

    >>> digit_sets(range(1, 10), 10, 3)
    [(1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5)]
    >>> digit_sets(range(2, 9), 5)
    [(2, 3), (5,)]
    """
    ds = sorted(set(digits))
    limit = MAX_DIGIT_SETS if limit is None else limit
    out: list[tuple[int, ...]] = []

    def extend(start: int, prefix: tuple[int, ...], rest: int) -> None:
        left = None if size is None else size - len(prefix)
        if rest == 0 and left in (None, 0):
            out.append(prefix)
            return
        if left == 0 or len(out) > limit:
            return
        if left is not None and sum(ds[len(ds) - left:]) < rest:
            return  # even the largest digits fall short
        for j in range(start, len(ds)):
            if ds[j] > rest or (left is not None and sum(ds[j:j + left]) > rest):
                break
            extend(j + 1, prefix + (ds[j],), rest - ds[j])

    extend(0, (), total)
    return out if len(out) <= limit else None


def is_unit(cells: Iterable[Cell], rules: Rules) -> bool:
    """Whether ``cells`` are exactly one unit's (so they hold distinct digits, all N of them)."""
    wanted = frozenset(cells)
    return any(frozenset(u.cells) == wanted for u in rules.units)


def whole_units(indices: Sequence[int], rules: Rules) -> tuple[int, list[int]]:
    """How many units lie wholly among cell ``indices`` (disjoint ones, taken in the rules'
    order), and the indices left outside them, in their order: a sum over a whole unit is
    1 + ... + N in every solution.

    >>> from sudoku_cp.core.shape import Shape
    >>> whole_units(list(range(4, 12)), Rules.classic(Shape(2, 2)))  # rows 2 and 3 of a 4x4
    (2, [])
    """
    n = rules.size
    left = set(indices)
    units = 0
    for unit in rules.units:
        cells = {index(n, c) for c in unit.cells}
        if cells <= left:
            left -= cells
            units += 1
    return units, [i for i in indices if i in left]


PAIRWISE_LAYER = 64  # a partial-sum layer of more values than this gets the ladder at-most-one


def _layer_amo(lits: Sequence[int], enc: Any) -> list[list[int]]:
    """At most one of ``lits`` (a partial-sum layer's values, in order): pairwise up to
    :data:`PAIRWISE_LAYER` values (a binary clause per pair propagates at once), sequentially
    beyond (``a[j]`` says "one of the first j + 1 holds"; 3 clauses and 1 variable per literal,
    where pairwise clauses grow with the square: a long arrow's layers have hundreds of values)."""
    if len(lits) <= PAIRWISE_LAYER:
        return [[-x, -y] for j, x in enumerate(lits) for y in lits[j + 1:]]
    first = enc.new_vars(len(lits) - 1)
    out = []
    for j, x in enumerate(lits[:-1]):
        a = first + j
        out += [[-x, a], [-a, -lits[j + 1]]] + ([[-(a - 1), a]] if j else [])
    return out


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
    values = [(weight * s, got) for s, got in _group_sums(masks, n)]
    least = min((v for v, _got in values), default=0)
    return least, tuple((v - least, got) for v, got in values)


@lru_cache(maxsize=65536)
def _group_sums(masks: tuple[int, ...], n: int) -> tuple[tuple[int, list[int]], ...]:
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


@lru_cache(maxsize=1024)
def digit_masks(n: int, size: int, total: int) -> tuple[int, ...]:
    """The sets of ``size`` distinct digits 1..N adding up to ``total``, as digit masks.

    >>> [bin(m) for m in digit_masks(9, 2, 4)]
    ['0b101']
    """
    return tuple(mask_of(ds) for ds in combinations(range(1, n + 1), size) if sum(ds) == total)


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


def cell_term(n: int, i: int, weight: int = 1, digits: Iterable[int] | None = None) -> Term:
    """A cell's digit times ``weight`` as a term."""
    return [((lit(n, i, d),), weight * d) for d in (digits or range(1, n + 1))]


# --------------------------------------------------------------------------------------------
# Tables: the allowed digit tuples of a few cells
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Reading and writing shared by kinds: lines, cell pairs, single cells
# --------------------------------------------------------------------------------------------

class LineIO:
    """A line through cells: document ``{"type": ..., "cells": [[r, c], ...]}``, f-puzzles
    ``{"lines": [["R1C1", ...], ...]}`` (each line one constraint), touching cells, 2..``longest``."""

    name: str
    fields: tuple[str, ...] = ("cells",)
    min_cells = 2

    def longest(self, n: int) -> int:
        return n * n

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, doc_cells(item, "cells", shape.size, where, self.min_cells, distinct=False))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            number = self.fpuzzles_value(entry, shape, at)
            for line in fp_lines(entry, shape.size, at, self.min_cells):
                out.append(Constraint(self.name, 0, line, number))
        return out

    def fpuzzles_value(self, entry: Any, shape: Shape, at: str) -> int | None:
        """The constraint ``value`` an f-puzzles line entry gives its lines (None: the kind has none)."""
        return None

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out.setdefault(self.fpuzzles[0], []).extend(  # type: ignore[attr-defined]
            {"lines": [[fp_name(c) for c in k.cells]]} for k in constraints)

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        at = self.label(constraint)  # type: ignore[attr-defined]
        if getattr(self, "ordered", True):
            check_path(constraint.cells, at)
        else:  # a rule on the set of the line's digits: a drawing that branches (a fish, a cross) is one line
            check_connected(constraint.cells, at)
        if len(constraint.cells) > self.longest(shape.size):
            raise PuzzleError(f"{at}: {len(constraint.cells)} cells cannot follow the rule on a "
                              f"{shape.size}x{shape.size}: expected at most {self.longest(shape.size)}")


class CellsIO:
    """Single cells: document ``{"type": ..., "cells": [[r, c], ...]}`` (one constraint per cell),
    f-puzzles ``[{"cell": "R1C1"}, ...]``."""

    name: str
    fields: tuple[str, ...] = ("cells",)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, (c,)) for c in doc_cells(item, "cells", shape.size, where)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            name = entry.get("cell") if isinstance(entry, dict) else None
            out.append(Constraint(self.name, 0, (fp_cell(name, shape.size, at),)))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out.setdefault(self.fpuzzles[0], []).extend(  # type: ignore[attr-defined]
            {"cell": fp_name(k.cells[0])} for k in constraints)


class DotIO:
    """A mark between two orthogonal neighbours: document ``{"type": ..., "cells": [[r, c], [r, c]]}``
    plus ``value``; f-puzzles ``{"cells": ["R1C1", "R1C2"], "value": ...}``."""

    name: str
    fields: tuple[str, ...] = ("cells", "value")

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        a, b = constraint.cells
        check_neighbours(a, b, self.label(constraint))  # type: ignore[attr-defined]
        for other in others:
            if set(other.cells) == {a, b}:
                raise PuzzleError(f"{self.label(constraint)}: two marks between {cell_name(*a)} and "  # type: ignore[attr-defined]
                                  f"{cell_name(*b)}: expected one")


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of orthogonal neighbours ``(i, j)``, ``i < j`` row-major."""
    return [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)] + \
           [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
