"""The negative rules, "all marks are given": between orthogonal neighbours with no kropki dot
the digits are neither consecutive nor in ratio 2 (``kropki-negative``); with no X or V they
add up to neither 10 nor 5 (``xv-negative``); with no sum dot they add up to none of the sum dots'
totals (``sumdot-negative``).

Each reads the other marks (:meth:`KropkiNegative.context`). A pair is marked for a sum's negative by
any mark that lets its digits add up to one of the totals the negative forbids: for the XV negative an
X, a V, or a sum dot of 5 or 10 ("green dots are either X or V"); for the sum dots' negative a sum
dot, an X or a V with one of its totals. Its totals are those of ``sums``, or, without it, every
total a sum dot uses ("all sum dots are given").

Dots of other values (a white dot of difference 3, a black dot of ratio 3) change what their
absence says, as f-puzzles' solver reads its ``negative``: no white dot means the digits differ by
none of the white dots' values (1 when there is no white dot); no black dot, that they are in
none of the black dots' ratios nor in ratio 2.

Document: ``{"type": "kropki-negative"}`` (optional ``"colors": ["white", "black"]``, both by
default), ``{"type": "xv-negative"}`` and ``{"type": "sumdot-negative", "sums": [7]}`` (``sums``
optional); f-puzzles ``"negative": ["ratio", "xv"]`` (``difference`` for white dots, ``ratio`` for
black; f-puzzles has no sum dot).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape
from .base import Kind, PairKind, PairTest, orthogonal_pairs
from .forms import no_fpuzzles
from .sumdot import allows, read_sums, totals_text


class KropkiNegative(PairKind):
    name = "kropki-negative"
    words = "kropki negative"
    fields: tuple[str, ...] = ("colors",)
    fpuzzles: tuple[str, ...] = ("negative",)
    whole_grid = True
    ordered = False
    marked_by = "kropki"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        colors = item.get("colors", ["white", "black"])
        if not isinstance(colors, list) or not colors or not set(colors) <= {"white", "black"}:
            raise PuzzleError(f"{where}: \"colors\" is {colors!r}: expected a list of \"white\", \"black\"")
        return [Constraint(self.name, 0, (), None, tuple(sorted(set(colors), reverse=True)))]

    def write(self, constraint: Constraint) -> dict:
        out: dict[str, Any] = {"type": self.name}
        if constraint.data != ("white", "black"):
            out["colors"] = list(constraint.data)
        return out

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        if not isinstance(value, list):
            raise PuzzleError(f"{where}: negative: expected a list such as [\"ratio\", \"xv\"]")
        out = []
        colors = tuple(c for c, key in (("white", "difference"), ("black", "ratio")) if key in value)
        if colors:
            out.append(Constraint(self.name, 0, (), None, colors))
        if "xv" in value:
            out.append(Constraint("xv-negative", 0, ()))
        unknown = set(value) - {"ratio", "difference", "xv"}
        if unknown:
            raise PuzzleError(f"{where}: negative {sorted(unknown)[0]!r} is not supported: expected "
                              f"ratio, difference or xv")
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        for constraint in constraints:
            out.setdefault("negative", []).extend(
                key for color, key in (("white", "difference"), ("black", "ratio")) if color in constraint.data)

    def marker(self, constraint: Constraint, rules: Rules) -> Callable[[Constraint], bool]:
        """Whether a constraint marks its pair for this negative (here: a dot of the positive kind)."""
        return lambda mark: mark.kind == self.marked_by

    def bare(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int]]:
        """The orthogonal pairs with no mark between them (:meth:`marker`)."""
        n = rules.size
        marks = self.marker(constraint, rules)
        marked = {frozenset(r * n + c for r, c in k.cells) for k in rules.constraints if marks(k)}
        return [p for p in orthogonal_pairs(n) if frozenset(p) not in marked]

    def context(self, constraint: Constraint, rules: Rules) -> tuple:
        """What the rule reads from the other marks: ``("marks", bare pairs, white values, black ratios)``."""
        values: dict[str, set[int]] = {"white": set(), "black": {2}}
        for k in rules.constraints:
            if k.kind == self.marked_by and k.value is not None and k.data[:1] in (("white",), ("black",)):
                values[k.data[0]].add(k.value)  # (a kropki dot's: an X or V has no colour)
        return ("marks", tuple(self.bare(constraint, rules)), tuple(sorted(values["white"])),
                tuple(sorted(values["black"])))

    def alone(self, constraint: Constraint, rules: Rules) -> Constraint:
        """The rule as it reads ``rules``' marks, those written into it (:func:`~sudoku_cp.constraints.alone`)."""
        return Constraint(constraint.kind, constraint.index, constraint.cells, constraint.value,
                          tuple(x for x in constraint.data if not isinstance(x, tuple))
                          + (self.context(constraint, rules),))

    def _context(self, constraint: Constraint, rules: Rules) -> tuple:
        return next((x for x in constraint.data if isinstance(x, tuple)), None) or self.context(constraint, rules)

    def test(self, constraint: Constraint, rules: Rules) -> PairTest:
        """No dot: the digits differ by no white dot's value (1 when there is no white dot) and
        are in no black dot's ratio, nor in ratio 2 (as f-puzzles' solver reads its negative)."""
        _, _, white, black = self._context(constraint, rules)
        differences = (set(white) or {1}) if "white" in constraint.data else set()
        ratios = set(black) if "black" in constraint.data else set()
        return lambda x, y: abs(x - y) not in differences and not any(x == r * y or y == r * x for r in ratios)

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        ok = self.test(constraint, rules)
        return [(a, b, ok) for a, b in self._context(constraint, rules)[1]]

    def maps_to_itself(self, constraints: Sequence[Constraint], cell_map: Sequence[int], rules: Rules) -> bool:
        return True  # the positive marks' own kind decides: its marks must map onto marks

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(range(rules.size ** 2))


class XvNegative(KropkiNegative):
    name = "xv-negative"
    words = "XV negative"
    fields = ()
    fpuzzles = ()
    marked_by = "xv"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, ())]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name}

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        if constraints:
            out.setdefault("negative", []).append("xv")

    def marker(self, constraint: Constraint, rules: Rules) -> Callable[[Constraint], bool]:
        return lambda mark: allows(mark, (5, 10))  # an X, a V, or a sum dot of 5 or 10 ("green dots are either X or V")

    def test(self, constraint: Constraint, rules: Rules) -> PairTest:
        return lambda x, y: x + y not in (5, 10)


class SumDotNegative(KropkiNegative):
    """No sum dot: the digits add up to none of the negative's totals (``sums``, else every sum dot's)."""

    name = "sumdot-negative"
    words = "sum dot negative"
    fields = ("sums",)
    fpuzzles = ()
    marked_by = "sumdot"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, (), None, read_sums(item, shape.size, where, required=False))]

    def write(self, constraint: Constraint) -> dict:
        sums = [x for x in constraint.data if not isinstance(x, tuple)]
        return {"type": self.name, **({"sums": sums} if sums else {})}

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, constraints, "sum dot")

    def totals(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        """The totals the rule forbids on bare pairs: its ``sums``, else every total a sum dot uses."""
        said = tuple(x for x in constraint.data if not isinstance(x, tuple))
        return said or tuple(sorted({s for k in rules.constraints if k.kind == self.marked_by for s in k.data}))

    def marker(self, constraint: Constraint, rules: Rules) -> Callable[[Constraint], bool]:
        totals = self.totals(constraint, rules)
        return lambda mark: allows(mark, totals)

    def context(self, constraint: Constraint, rules: Rules) -> tuple:
        """``("marks", bare pairs, the totals forbidden there)``."""
        return ("marks", tuple(self.bare(constraint, rules)), self.totals(constraint, rules))

    def label(self, constraint: Constraint) -> str:
        sums = [x for x in constraint.data if not isinstance(x, tuple)]
        return f"the sum dot negative rule{f' (sums {totals_text(sums)})' if sums else ''}"

    def test(self, constraint: Constraint, rules: Rules) -> PairTest:
        totals = frozenset(self._context(constraint, rules)[2])
        return lambda x, y: x + y not in totals


KINDS: tuple[Kind, ...] = (KropkiNegative(), XvNegative(), SumDotNegative())
