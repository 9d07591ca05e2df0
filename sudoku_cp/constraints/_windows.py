"""Whole-grid rules over small windows: every window of cells holds a digit of each of a few classes.

A *window* is a small group of cells the rule names everywhere on the grid (a run of K cells along a row or
column, every 2x2 area); the *classes* split the digits 1..N (odd and even; low, middle and high; the three
remainders mod 3). The rule: no window misses a class. Shared by ``parityrun``, ``globalentropy`` and
``globalmod``, which declare their windows (:meth:`Windows.windows`) and their classes (:meth:`Windows.group`).

Solving, written once here:

- clauses: one per window and class, the window's literals of that class's digits (a window of 4 cells and 3
  classes is 3 clauses of 12 literals);
- CP-SAT: a 0/1 variable per cell and class (a table ties it to the cell's digit, one tuple per digit) and a
  linear "at least 1" per window and class;
- ``dfs``: per window, the classes each cell may still take; a cell keeps only the classes that some choice
  covering every class gives it (exact for one window), the windows in turn until nothing changes.

The check (:meth:`Windows.holds`) reads each digit's class by the kind's arithmetic, not by the digit lists the
encoders use.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> from sudoku_cp.constraints import kind_of
>>> kind = kind_of("globalentropy")
>>> kind.holds(Constraint("globalentropy", 0, ()), [1, 2] + [0] * 7 + [3] + [0] * 71, Rules.classic(Shape(3, 3)))
['the global entropy rule: r1c1-r2c2 hold 1 2 3 and 1 blank, no room for a middle digit (4-6) and a high digit (7-9)']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from ..core.conflict import Conflict
from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import NarrowedKind, lit, mask_of
from .forms import NoFpuzzlesIO


class Windows(NoFpuzzlesIO, NarrowedKind):
    """Every window (:meth:`windows`) holds a digit of each class (:meth:`group` numbers a digit's class, 0 up)."""

    whole_grid = True
    ordered = False
    aux = "per cell and class, 'the cell's digit is of that class' (CP-SAT only: the clauses need none)"
    per_three = False  # the classes split 1..N into three: the grid's size must be a multiple of 3

    # -- what a kind declares -----------------------------------------------------------------
    def windows(self, constraint: Constraint, n: int) -> tuple[tuple[int, ...], ...]:
        """The windows, each its cell indices row-major."""
        raise NotImplementedError

    def group(self, d: int, n: int) -> int:
        """The class of digit ``d`` on an N x N grid."""
        raise NotImplementedError

    def class_names(self, n: int) -> tuple[str, ...]:
        """How a message names a digit of each class: ``low digit (1-3)``."""
        raise NotImplementedError

    # -- the rule --------------------------------------------------------------------------------
    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        n = shape.size
        if self.per_three and n % 3:
            raise PuzzleError(f"{self.label(constraint)}: the rule splits the digits into three equal classes, and "
                              f"{n} digits do not split so: expected a grid whose size is a multiple of 3 (6x6, 9x9, "
                              f"12x12, ...)")

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        return [text for _w, text in self._broken(constraint, digits, rules.size)]

    def conflicts(self, constraint: Constraint, board: Any) -> list[Conflict]:
        """The duplicate scan: each window the givens break, with its cells."""
        n = board.size
        return [Conflict(self.name, constraint.index, 0, [divmod(i, n) for i in w], text=text)
                for w, text in self._broken(constraint, board.cells, n)]

    def _broken(self, constraint: Constraint, digits: Sequence[int], n: int) -> list[tuple[tuple[int, ...], str]]:
        names = self.class_names(n)
        out = []
        for w in self.windows(constraint, n):
            got = [digits[i] for i in w]
            missing = [k for k in range(len(names)) if all(not d or self.group(d, n) != k for d in got)]
            blanks = got.count(0)
            if len(missing) > blanks:
                where = _span(w, n)
                out.append((w, f"{self.label(constraint)}: {self.describe(where, got, [names[k] for k in missing], n)}"))
        return out

    def describe(self, where: str, got: Sequence[int], missing: Sequence[str], n: int) -> str:
        """What one broken window holds and lacks (``got``: its digits, 0 blank; ``missing``: the classes it lacks)."""
        filled = " ".join(str(d) for d in got if d)
        blanks = got.count(0)
        if not blanks:
            return f"{where} hold {filled}, no {' and no '.join(missing)}"
        return (f"{where} hold {filled} and {blanks} blank{'s' if blanks > 1 else ''}, no room for "
                f"{' and '.join(_a(m) for m in missing)}")

    def maps_to_itself(self, constraints: Sequence[Constraint], cell_map: Sequence[int], rules: Rules) -> bool:
        found = {frozenset(w) for w in self.windows(constraints[0], rules.size)}
        return all(frozenset(cell_map[i] for i in w) in found for w in found)

    # -- solving ---------------------------------------------------------------------------------
    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        digits = _classes(self, n)
        return [[lit(n, i, d) for i in w for d in ds] for w in self.windows(constraint, n) for ds in digits]

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        names = self.class_names(n)
        label = self.label(constraint)
        of: dict[int, list[int]] = {}
        for w in self.windows(constraint, n):
            for i in w:
                if i not in of:
                    where = cell_name(*divmod(i, n))
                    of[i] = [spec.new_var(f"{label}: {where} holds {_a(name)}", 0, 1) for name in names]
                    spec.tables.append((f"{label}: the class of {where}", (i, *of[i]),
                                        [(d, *(int(self.group(d, n) == k) for k in range(len(names))))
                                         for d in range(1, n + 1)]))
            where = _span(w, n)
            for k, name in enumerate(names):
                spec.linear.append((f"{label}: {where} hold {_a(name)}", tuple((of[i][k], 1) for i in w), 1, len(w)))

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(range(rules.size ** 2))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        n = rules.size
        digits = [mask_of(ds) for ds in _classes(self, n)]
        got = list(masks)
        windows = self.windows(constraint, n)
        changed = True
        while changed:
            changed = False
            for w in windows:
                sets = tuple(sum(1 << k for k, m in enumerate(digits) if got[i] & m) for i in w)
                fit = _fit(len(digits), sets)
                if fit is None:
                    return None
                for i, before, after in zip(w, sets, fit):
                    if after != before:
                        got[i] &= sum(m for k, m in enumerate(digits) if after >> k & 1)
                        changed = True
        return got


class Areas(Windows):
    """The windows are every 2x2 area of the grid (overlapping), the classes three of the same size."""

    per_three = True

    def sets(self, n: int) -> tuple[str, ...]:
        """The three classes as setters write them (``1-3``; ``147``)."""
        raise NotImplementedError

    def title(self, constraint: Constraint, n: int) -> str:
        *first, last = self.sets(n)
        return f"{self.words} (each 2x2 area holds a digit of {', '.join(first)} and {last})"

    def windows(self, constraint: Constraint, n: int) -> tuple[tuple[int, ...], ...]:
        return squares(n)


def _span(window: Sequence[int], n: int) -> str:
    """A window named by its first and last cells: ``r1c1-r2c2``."""
    return f"{cell_name(*divmod(window[0], n))}-{cell_name(*divmod(window[-1], n))}"


def _a(name: str) -> str:
    """``a low digit``, ``an even digit``."""
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


@lru_cache(maxsize=64)
def squares(n: int) -> tuple[tuple[int, ...], ...]:
    """Every 2x2 area of an N x N grid (overlapping), its four cell indices row-major.

    >>> squares(3)
    ((0, 1, 3, 4), (1, 2, 4, 5), (3, 4, 6, 7), (4, 5, 7, 8))
    """
    return tuple((r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
                 for r in range(n - 1) for c in range(n - 1))


@lru_cache(maxsize=64)
def _classes(kind: Windows, n: int) -> tuple[tuple[int, ...], ...]:
    """The digits of each class, class by class."""
    count = len(kind.class_names(n))
    return tuple(tuple(d for d in range(1, n + 1) if kind.group(d, n) == k) for k in range(count))


@lru_cache(maxsize=65536)
def _fit(count: int, sets: tuple[int, ...]) -> tuple[int, ...] | None:
    """The classes each cell of a window keeps in some choice that covers all ``count`` classes, or None.

    ``sets``: the classes each cell may still take, a bit per class; None when no choice covers them all.

    >>> _fit(2, (0b01, 0b01, 0b11))  # two cells odd: the third must be even
    (1, 1, 2)
    >>> _fit(3, (0b001, 0b001, 0b110)) is None
    True
    """
    keep = [0] * len(sets)
    every = (1 << count) - 1
    options = [[k for k in range(count) if s >> k & 1] for s in sets]
    for choice in product(*options):
        if sum({1 << k for k in choice}) == every:
            for j, k in enumerate(choice):
                keep[j] |= 1 << k
    return tuple(keep) if all(keep) else None
