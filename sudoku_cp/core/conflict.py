"""A broken rule as a value: a digit a unit holds twice, or a constraint the digits break.

Below the constraint catalogue (whose kinds name their own conflicts) and the checker
(:mod:`sudoku_cp.core.check`, which re-exports it) alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from .shape import cell_name

MOVES = {"knight": "a knight's move", "king": "a king's move"}


@dataclass(frozen=True)
class Conflict:
    """A digit that a unit holds more than once, with every cell holding it; or a broken constraint.

    ``unit`` is a unit kind (``row``, ``column``, ``box``, ``region``, ``diagonal``,
    ``anti-diagonal``, ``window``) or a constraint's (``cage``, ``knight``, ``king``,
    ``consecutive``). A full cage with the wrong sum has ``digit`` = the sum it holds and
    ``needs`` = its sum; two neighbours one apart have ``digit`` = the smaller digit. ``anchor``
    is a cage's first cell (how people name a cage).
    """

    unit: str
    index: int
    digit: int
    cells: list[tuple[int, int]]
    anchor: tuple[int, int] | None = None
    needs: int | None = None
    text: str | None = None  # a constraint kind's own words for what is broken

    def to_json(self) -> dict:
        out = {"unit": self.unit, "index": self.index, "digit": self.digit,
               "cells": [list(c) for c in self.cells]}
        if self.text is not None:
            out["text"] = self.text
        return out

    def describe(self, digit_text: str | None = None) -> str:
        """``two 8s in column 1 (r1c1, r4c1)``, ``cage at r1c1 sums to 17, needs 15``, ...

        >>> Conflict("knight", 0, 8, [(0, 0), (1, 2)]).describe()
        "two 8s a knight's move apart (r1c1, r2c3)"
        >>> Conflict("consecutive", 0, 5, [(1, 2), (1, 3)]).describe()
        '5 and 6 are neighbours at r2c3-r2c4'
        """
        if self.text is not None:
            return self.text
        count = {2: "two", 3: "three", 4: "four"}.get(len(self.cells), str(len(self.cells)))
        where = ", ".join(cell_name(r, c) for r, c in self.cells)
        digit = digit_text or self.digit
        anchor = cell_name(*(self.anchor or self.cells[0]))
        if self.unit == "cage" and self.needs is not None:
            return f"cage at {anchor} sums to {self.digit}, needs {self.needs}"
        if self.unit == "consecutive":
            (r1, c1), (r2, c2) = self.cells
            return f"{self.digit} and {self.digit + 1} are neighbours at {cell_name(r1, c1)}-{cell_name(r2, c2)}"
        if self.unit in MOVES:
            return f"{count} {digit}s {MOVES[self.unit]} apart ({where})"
        place = {"diagonal": "on the main diagonal", "anti-diagonal": "on the anti-diagonal",
                 "cage": f"in the cage at {anchor}"}.get(self.unit, f"in {self.unit} {self.index + 1}")
        return f"{count} {digit}s {place} ({where})"
