"""Bound cages: a killer cage whose clue is a bound, not a total ("<15", ">20", "≤9", "?", "??").

The cells hold distinct digits (a killer cage) whose sum lies in ``low..high`` (inclusive; either
bound may be missing). Named for what the clue is, a bound on the cage's sum: an "inequality
cage" would leave out "?" (a one-digit total, 1..9) and "??" (a two-digit total, 10..99), which
bound the sum on both sides.

Document: ``{"type": "boundcage", "cells": [[0, 0], [0, 1]], "high": 14}`` (``low``, ``high``:
at least one), optionally with ``"clue"``: the clue as written (``"<15"``), drawn in the cage's
corner; a clue alone gives the bounds, and beside bounds it must mean exactly them. Clues
(:func:`clue_range`): ``<``, ``>``, ``≤``/``<=``, ``≥``/``>=`` before a number or before ``?``
marks (one per digit of an unknown number: ``<?`` is below some one-digit number, at most 8), or
the ``?`` marks alone. f-puzzles: a ``killercage`` whose value is such a clue, where the ruleset
says what the marks mean (our f-puzzles output writes that sentence,
:data:`FPUZZLES_RULESET`). Clauses: no digit twice in the cage, and the partial sums of
:func:`~.sums.sum_clauses` reaching any total in the range; CP-SAT: all different and a bounded
linear row; dfs: the digits of some distinct filling with a sum in the range.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> clue_range("<15"), clue_range(">=20"), clue_range("?"), clue_range("<?"), clue_range("15")
((None, 14), (20, None), (1, 9), (None, 8), None)
>>> cage = KIND.read({"cells": [[0, 0], [0, 1]], "clue": "<5"}, Shape(2, 2), "constraint 1")[0]
>>> KIND.holds(cage, [2, 3] + [0] * 14, Rules.classic(Shape(2, 2)))
['bound cage at r1c1 sums to 5, needs at most 4']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Mark, NarrowedKind, index, lit
from .forms import doc_cells, doc_int, entries, fp_cells, fp_name, show_value
from .sums import cell_term, sum_clauses
from .support import grouped_sum_support

# The inequality signs a clue may carry, as written (a regular expression; "<=" and ">=" are "≤" and "≥": sign_of()).
SIGN = r"<=|>=|≤|≥|<|>"
# A clue: an inequality sign (or none) before a number or one "?" per digit of an unknown number.
_CLUE = re.compile(rf"\s*({SIGN})?\s*(\d+|\?+)\s*")
# What our f-puzzles output says of its bound clues (f-puzzles has no such cage: a killercage whose value is a
# bound means one where the ruleset says so; sudokupad.words.cage_bounds reads this sentence as it reads setters').
FPUZZLES_RULESET = ('Digits in a cage cannot repeat. A cage clue may be an inequality: "<" means less than, ">" '
                    'means greater than, "≤" means at most and "≥" means at least. A "?" means a single digit '
                    'total, and a "??" means a double digit total.')


def clue_range(clue: Any) -> tuple[int | None, int | None] | None:
    """The bounds ``(low, high)`` a bound clue sets on a cage's sum (None: no bound that side), or None.

    None when ``clue`` is no bound (a plain number is a killer's sum). ``k`` marks ``?`` stand for a k-digit
    number (``?``: 1..9).
    """
    match = _CLUE.fullmatch(clue) if isinstance(clue, str) else None
    if match is None or (match.group(1) is None and match.group(2).isdigit()):
        return None
    sign, number = match.group(1) and sign_of(match.group(1)), match.group(2)
    low, high = (int(number), int(number)) if number.isdigit() else (10 ** (len(number) - 1), 10 ** len(number) - 1)
    return {"<": (None, high - 1), "≤": (None, high), ">": (low + 1, None), "≥": (low, None)}.get(sign, (low, high))


def sign_of(written: str) -> str:
    """An inequality sign as clues and rules texts write it, as one character: ``<=`` is ``≤``, ``>=`` is ``≥``."""
    return {"<=": "≤", ">=": "≥"}.get(written, written)


def clue_marks(clue: Any) -> set[str]:
    """What a bound clue needs the rules text to explain: its sign (``<=`` as ``≤``) and its run of ``?``.

    >>> sorted(clue_marks("<??")), sorted(clue_marks(">=12"))
    (['<', '??'], ['≥'])
    """
    match = _CLUE.fullmatch(clue) if isinstance(clue, str) else None
    if match is None:
        return set()
    sign, number = match.groups()
    return ({sign_of(sign)} if sign else set()) | ({number} if not number.isdigit() else set())


def explained(clue: Any, marks: set[str]) -> bool:
    """Whether ``clue`` is a bound whose every mark is among ``marks`` (those a rules text explains).

    >>> explained("<?", {"<", "?"}), explained("<??", {"<", "?"}), explained("15", {"<"})
    (True, False, False)
    """
    return clue_range(clue) is not None and clue_marks(clue) <= marks


def written(low: int | None, high: int | None) -> str:
    """A clue meaning exactly ``low..high``, or "" when no clue does (a range bounded both ways, not ``?``)."""
    if low is None or high is None:
        return f"<{high + 1}" if low is None else f">{low - 1}"  # type: ignore[operator]
    return next((marks for marks in ("?", "??", "???") if clue_range(marks) == (low, high)), "")


class BoundCage(NarrowedKind):
    name = "boundcage"
    words = "bound cage"
    fields = ("cells", "low", "high", "clue")
    ordered = False
    aux = "partial sums over the cage's cells"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where)
        at = f"{where} at {cell_name(*cells[0])}"
        low, high = doc_int(item, "low", at), doc_int(item, "high", at)
        clue = item.get("clue")
        if clue is not None:
            bounds = clue_range(clue)
            if bounds is None:
                raise PuzzleError(f"{at}: \"clue\" is {show_value(clue)}: expected a bound such as \"<15\", \">20\", "
                                  f"\"≤9\", \"?\" or \"??\"")
            if (low, high) != (None, None) and (low, high) != bounds:
                raise PuzzleError(f"{at}: clue {clue!r} means {_between(*bounds)}, not {_between(low, high)}: "
                                  f"expected bounds that agree with the clue, or one of them")
            low, high = bounds
        return [self.made(cells, low, high, clue or "", shape.size, at)]

    def made(self, cells: Sequence[tuple[int, int]], low: int | None, high: int | None, clue: str, n: int,
             at: str) -> Constraint:
        """The constraint of a cage of ``cells`` with these bounds; refused, naming ``at``, where none can hold."""
        k = len(cells)
        least, most = k * (k + 1) // 2, k * n - k * (k - 1) // 2
        if low is None and high is None:
            raise PuzzleError(f"{at}: no \"low\" or \"high\": expected a bound on the cage's sum (a cage with "
                              f"none is a killer cage with no sum)")
        if k > n or max(low or least, least) > min(most if high is None else high, most):
            raise PuzzleError(f"{at}: {k} distinct digits 1..{n} add up to {least}..{most}, never "
                              f"{_between(low, high)}: expected a range they can meet")
        clue = "" if clue == written(low, high) else clue  # (kept where it says more than the bounds' own clue)
        return Constraint(self.name, 0, tuple(map(tuple, cells)), None, (low, high, clue))  # type: ignore[arg-type]

    def write(self, constraint: Constraint) -> dict:
        low, high, clue = constraint.data
        out: dict[str, Any] = {"type": self.name, "cells": [list(c) for c in constraint.cells]}
        out.update({k: v for k, v in (("low", low), ("high", high), ("clue", clue)) if v not in (None, "")})
        return out

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        """Bound cages of f-puzzles ``killercage`` entries whose values are bound clues.

        The f-puzzles reader hands over those its ruleset explains: f-puzzles has no key of its own for them.
        """
        return [self.fpuzzles_cage(cage, shape, f"{where}: {key} {k + 1}")
                for k, cage in enumerate(entries(value, f"{where}: {key}"))]

    def fpuzzles_cage(self, cage: Any, shape: Shape, at: str) -> Constraint:
        """The bound cage of one f-puzzles ``killercage`` entry (``at`` names it: ``killercage 3``)."""
        cells = fp_cells(cage.get("cells") if isinstance(cage, dict) else None, shape.size, at)
        clue = cage.get("value") if isinstance(cage, dict) else None
        bounds = clue_range(clue)
        if bounds is None:
            raise PuzzleError(f"{at}: value {show_value(clue)}: expected a bound such as \"<15\" or \"?\"")
        return self.made(cells, *bounds, str(clue).strip(), shape.size, f"{at} at {cell_name(*cells[0])}")

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        """Each cage as a ``killercage`` with its clue as the value, and the ruleset saying what clues mean.

        The cages follow the killer's (catalogue order); the ruleset gains :data:`FPUZZLES_RULESET`.
        """
        cages = []
        for constraint in constraints:
            low, high, clue = constraint.data
            clue = clue or written(low, high)
            if not clue:
                raise PuzzleError(f"{self.label(constraint)}: a sum of {_between(low, high)} is no one f-puzzles "
                                  f"clue (a bound or ?), so the puzzle has no f-puzzles form")
            cages.append({"cells": [fp_name(c) for c in constraint.cells], "value": clue})
        out.setdefault("killercage", []).extend(cages)
        out["ruleset"] = (str(out.get("ruleset") or "") + " " + FPUZZLES_RULESET).strip()

    def label(self, constraint: Constraint) -> str:
        return f"bound cage at {cell_name(*constraint.cells[0])}"

    def bounds(self, constraint: Constraint, n: int) -> tuple[int, int]:
        """The sums the cage may have, both ends filled in (by the least and most sums of its cells' digits)."""
        low, high, _clue = constraint.data
        k = len(constraint.cells)
        return max(low or 0, k), min(k * n if high is None else high, k * n)

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        got = [digits[index(rules.size, c)] for c in constraint.cells]
        filled = [d for d in got if d]
        out = []
        if len(set(filled)) != len(filled):
            out.append(f"{self.label(constraint)} repeats a digit ({', '.join(map(str, got))})")
        low, high, _clue = constraint.data
        if filled and len(filled) == len(got) and not (low or 0) <= sum(got) <= (sum(got) if high is None else high):
            out.append(f"{self.label(constraint)} sums to {sum(got)}, needs {_between(low, high)}")
        return out

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        low, high = self.bounds(constraint, n)
        out = [cl for d in range(1, n + 1) for cl in enc.amo([lit(n, i, d) for i in idx])]
        return out + sum_clauses([cell_term(n, i) for i in idx], set(range(low, high + 1)), enc, at_most_one=False)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        """AllDifferent over the cage and its sum as a row bounded both ways (:meth:`bounds`)."""
        terms = tuple((index(rules.size, c), 1) for c in constraint.cells)
        spec.all_different.append((self.label(constraint), tuple(i for i, _one in terms)))
        spec.linear.append((self.label(constraint), terms, *self.bounds(constraint, rules.size)))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The digits of some filling of distinct digits whose sum is in the range.

        :func:`~.support.grouped_sum_support` of the cage as one group: a killer cage's narrowing over a range.
        """
        n = rules.size
        got = grouped_sum_support([([masks[index(n, c)] for c in constraint.cells], 1)], n, *self.bounds(constraint, n))
        return None if got is None else got[0]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        low, high, clue = constraint.data
        return [Mark("cage", constraint.cells, text=clue or written(low, high) or f"{low}..{high}")]


def _between(low: int | None, high: int | None) -> str:
    if low is None:
        return f"at most {high}"
    if high is None:
        return f"at least {low}"
    return f"{low}..{high}"


KIND = BoundCage()
