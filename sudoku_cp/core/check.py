"""The duplicate scan and the independent solution checker; no solver is imported here.

Both read the board's rules (its units) and nothing else: the checker does not share code with the
encoders, it tests every unit with set arithmetic, so a wrong encoding or a lying solver is caught.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> board = parse_puzzle("11..........2..2")
>>> [(c.unit, c.index, c.digit, c.cells) for c in find_conflicts(board)]
[('row', 0, 1, [(0, 0), (0, 1)]), ('row', 3, 2, [(3, 0), (3, 3)]), ('box', 0, 1, [(0, 0), (0, 1)])]
"""

from __future__ import annotations

import operator
from functools import lru_cache
from itertools import repeat

from ..constraints import by_kind, kind_of
from .board import Board, Rules, cell_name
from .conflict import Conflict



def find_conflicts(board: Board) -> list[Conflict]:
    """Every repeated digit in every unit, units in the rules' order, digits ascending."""
    conflicts = []
    cells = board.cells
    n = board.size
    for unit in board.rules.units:
        seen: dict[int, list[tuple[int, int]]] = {}
        for r, c in unit.cells:
            d = cells[r * n + c]
            if d:
                seen.setdefault(d, []).append((r, c))
        for d in sorted(seen):
            if len(seen[d]) > 1:
                conflicts.append(Conflict(unit.kind, unit.index, d, seen[d]))
    for kind, group in by_kind(board.rules):
        for constraint in group:
            conflicts += _kind_conflicts(kind, board, constraint)
    return conflicts


def _constraint_conflicts(board: Board, constraint) -> list[Conflict]:
    """What the givens break of one constraint, as its kind sees it (``conflicts`` when the kind
    names conflicts itself, else one conflict per broken part it describes)."""

    return _kind_conflicts(kind_of(constraint.kind), board, constraint)


def _kind_conflicts(kind, board: Board, constraint) -> list[Conflict]:
    own = getattr(kind, "conflicts", None)
    if own is not None:
        return own(constraint, board)
    return [Conflict(kind.name, constraint.index, 0, list(constraint.cells), text=text)
            for text in kind.holds(constraint, board.cells, board.rules)]


ONE_PASS_MAX_SIZE = 16  # above it the one-pass table (N**2 * N big integers) grows too big: sets


class Checker:
    """The independent check of boards under one set of rules, fast enough for every answer of a batch.

    Each unit becomes a C-level item getter over the row-major cells; a unit is right when the set
    of its digits is exactly 1..N. Up to 16x16 a full grid is first checked in one pass: unit ``j``
    and digit ``d`` own bit ``j * N + d - 1``, a cell holding ``d`` weighs the bits of its units
    for ``d``, and the grid's weights add up to all U * N bits set exactly when no bit comes twice
    (U * N powers of two sum to 2**(U*N) - 1 only when they are all different: a repeat carries
    and leaves a bit clear), that is when no unit holds a digit twice; its N cells then hold each
    digit once. The sets name what is wrong. Each constraint is checked by its kind's ``holds``,
    which evaluates the rule on the digits and shares nothing with the kind's clauses or model:
    a cage's digits are distinct and add up to its sum, the two cells of a relation's pair (found
    by an offset test, not the encoders' pair lists) hold different digits or digits not one
    apart, a thermometer's digits rise from its bulb.
    """

    def __init__(self, rules: Rules):
        n = rules.size
        self.rules = rules
        self.getters = [operator.itemgetter(*[r * n + c for r, c in u.cells]) for u in rules.units]
        self.full = frozenset(range(1, n + 1))
        self.weights: list[int] | None = None  # cell * N + digit - 1 -> the bits it sets (one pass)
        if n <= ONE_PASS_MAX_SIZE and all(len(u.cells) == n for u in rules.units):
            self.weights = [0] * (n * n * n)
            for j, unit in enumerate(rules.units):
                for r, c in unit.cells:
                    for d in range(n):
                        self.weights[(r * n + c) * n + d] |= 1 << (j * n + d)
            self.all_bits = (1 << (len(rules.units) * n)) - 1
            self.slots = [i * n - 1 for i in range(n * n)]  # + digit: the weight's index
            self.digit_bytes = bytes(range(1, n + 1))
            self.given_mask = bytes([0] + [255] * 255)  # a given's byte -> 0xff, a blank stays 0
        self.kinds = by_kind(rules)  # ((kind, constraints), ...): each kind checks its own
        self.checks = [kind.check_of(c, rules) for kind, group in self.kinds for c in group]

    def constraint_problems(self, cells: tuple[int, ...]) -> list[str]:
        """What a full grid breaks of the constraints beyond the units (empty list: nothing)."""
        return [problem for check in self.checks for problem in check(cells)]

    def units_ok(self, cells: tuple[int, ...]) -> bool:
        """Every unit holds exactly the digits 1..N (N cells, so each once)."""
        return all(map(self.full.__eq__, map(set, map(operator.call, self.getters, repeat(cells)))))

    def solves(self, cells: tuple[int, ...], puzzle: Board | None) -> bool:
        """The fast yes: every cell a digit 1..N, every unit holds each once, every given kept.

        Up to 16x16 in one pass (see the class), as bytes and integers in C: the digits are bytes
        1..N, the weights add up to all bits, and the cells masked where the puzzle has givens
        are the givens. Larger grids: a set per unit, and ``g * (g - d) == 0`` in every cell.
        False says only "look closer" (:meth:`problems` names what is wrong).
        """
        if self.weights is None:
            return self.units_ok(cells) and (puzzle is None or not any(
                map(operator.mul, puzzle.cells, map(operator.sub, puzzle.cells, cells))))
        try:
            grid = bytes(cells)
            given = b"" if puzzle is None else bytes(puzzle.cells)
        except (ValueError, TypeError):  # a cell that is not a small whole number
            return False
        if grid.translate(None, self.digit_bytes):  # something besides the digits 1..N
            return False
        if sum(map(self.weights.__getitem__, map(operator.add, self.slots, grid))) != self.all_bits:
            return False
        return puzzle is None or (int.from_bytes(grid, "big") & int.from_bytes(given.translate(self.given_mask), "big")
                                  == int.from_bytes(given, "big"))

    def duplicates(self, cells: tuple[int, ...]) -> bool:
        """True when some unit holds a digit twice (:func:`find_conflicts` says where)."""
        for got in map(operator.call, self.getters, repeat(cells)):
            blanks = got.count(0)
            if len(set(got)) - (blanks > 0) != len(got) - blanks:
                return True
        if self.kinds:
            board = Board.unchecked(self.rules.shape, tuple(cells), self.rules)
            return any(_kind_conflicts(kind, board, c) for kind, group in self.kinds for c in group)
        return False

    def problems(self, solution: Board, puzzle: Board | None = None) -> list[str]:
        """Why ``solution`` is not a solution of ``puzzle`` (empty list when it is)."""
        cells = solution.cells
        n = solution.size
        if puzzle is not None and (puzzle.shape != solution.shape or puzzle.rules != solution.rules):
            return [f"shape or rules of the solution ({solution.shape}) differ from the puzzle's "
                    f"({puzzle.shape})"]
        if len(cells) != n * n:
            return [f"{len(cells)} cells, expected {n * n}"]
        if self.solves(cells, puzzle) and (not self.kinds or not self.constraint_problems(cells)):
            return []
        problems = []
        blanks = [cell_name(i // n, i % n) for i, d in enumerate(cells) if d == 0]
        if blanks:
            problems.append(f"blank cells: {', '.join(blanks[:5])}{'...' if len(blanks) > 5 else ''}")
        for unit, got in zip(self.rules.units, map(operator.call, self.getters, repeat(cells))):
            if set(got) != self.full:
                problems.append(f"{unit.kind} {unit.index + 1} does not hold every digit 1..{n} once")
        if not blanks:
            problems += self.constraint_problems(cells)
        if puzzle is not None:
            for i, (given, d) in enumerate(zip(puzzle.cells, cells)):
                if given and given != d:
                    problems.append(f"given {given} at {cell_name(i // n, i % n)} changed to {d}")
        return problems or ["the check failed for no reason it can name"]  # pragma: no cover


@lru_cache(maxsize=64)
def checker(rules: Rules) -> Checker:
    """The checker of a set of rules (built once per rules value)."""
    return Checker(rules)


def solution_problems(solution: Board, puzzle: Board | None = None) -> list[str]:
    """Why ``solution`` is not a solution of ``puzzle`` (empty list when it is)."""
    return checker(solution.rules).problems(solution, puzzle)


def is_solution(solution: Board, puzzle: Board | None = None) -> bool:
    """True when every unit of ``solution`` holds each digit once, every constraint of its rules
    holds, and every given of ``puzzle`` is kept.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> is_solution(parse_puzzle("1234341221434321"), parse_puzzle("1...............")), \
is_solution(parse_puzzle("1234341221434312"))
    (True, False)
    """
    return not solution_problems(solution, puzzle)
