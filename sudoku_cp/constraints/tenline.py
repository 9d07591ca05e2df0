"""10 lines: the line divides into one or more runs of consecutive cells, each adding up to 10 (or the
constraint's ``value``); on a closed loop a run may pass the joint. As sigh's Interactive Sudoku Solver's
``SumLine`` (default sum 10, loops allowed) reads it.

Document: ``{"type": "tenline", "cells": [[r, c], ...]}``, optional ``value`` (the runs' sum, default 10) and
``"loop": true`` (the last cell touches the first and the line closes there). f-puzzles has no such line, so
such a puzzle has no f-puzzles link. Digits are positive, so an open line's runs are found by adding from its
start and cutting wherever the total reaches the sum: the rule is a small automaton whose state is the total of
the run so far. Clauses: one state variable per value after each cell (exactly one per layer), each cell's
digit moving the state forward and back; an open line starts and ends at 0, a loop's last state is its first.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("tenline", 0, ((0, 0), (0, 1), (1, 1)), 5)
>>> KIND.holds(line, [1, 4, 0, 0, 0, 3] + [0] * 10, Rules.classic(Shape(2, 2)))
['5 line at r1c1: 1 4 | 3 does not divide into runs adding up to 5']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index, lit
from .forms import LineIO, NoFpuzzlesIO, doc_int, show_value

SUM = 10  # the runs' sum when the puzzle does not give one


def _step(state: int, digit: int, total: int) -> int | None:
    """The run's total after adding ``digit`` (0 when the run is complete), or None when it passes the sum."""
    after = state + digit
    return 0 if after == total else after if after < total else None


def runs(digits: Sequence[int], total: int, loop: bool) -> list[list[int]] | None:
    """The digits cut into runs adding up to ``total`` (a loop's first run may start past its joint), or None.

    >>> runs([3, 7, 6, 4], 10, False), runs([7, 6, 4, 3], 10, True), runs([3, 6, 2], 10, False)
    ([[3, 7], [6, 4]], [[6, 4], [3, 7]], None)
    """
    for start in range(len(digits) if loop else 1):
        order = list(digits[start:]) + list(digits[:start])
        out: list[list[int]] = []
        run: list[int] = []
        state: int | None = 0
        for d in order:
            run.append(d)
            state = _step(state or 0, d, total)
            if state is None:
                break
            if state == 0:
                out.append(run)
                run = []
        else:
            if not run:
                return out
    return None


class TenLine(NoFpuzzlesIO, LineIO, Kind):
    name = "tenline"
    words = "10 line"
    fields = ("cells", "value", "loop")
    aux = "the total of the run so far after each cell, one variable per value"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        (line,) = super().read(item, shape, where)
        loop = item.get("loop", False)
        if type(loop) is not bool:
            raise PuzzleError(f"{where}: \"loop\" is {show_value(loop)}: expected true or false")
        return [Constraint(self.name, 0, line.cells, doc_int(item, "value", where), ("loop",) if loop else ())]

    def write(self, constraint: Constraint) -> dict:
        out = super().write(constraint)
        if constraint.value is not None:
            out["value"] = constraint.value
        if constraint.data:
            out["loop"] = True
        return out

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        super().check_fits(constraint, shape, others)
        at, cells = self.label(constraint), constraint.cells
        total = self.total(constraint)
        if total < 1:
            raise PuzzleError(f"{at}: runs adding up to {total}: expected a sum of 1 or more")
        if constraint.data:
            (r1, c1), (r2, c2) = cells[-1], cells[0]
            if len(cells) < 3 or max(abs(r1 - r2), abs(c1 - c2)) != 1:
                raise PuzzleError(f"{at}: a loop's last cell {cell_name(r1, c1)} does not touch its first "
                                  f"{cell_name(r2, c2)}: expected a closed line of 3 cells or more")

    def label(self, constraint: Constraint) -> str:
        return f"10 line at {cell_name(*constraint.cells[0])}" if self.total(constraint) == SUM else \
            f"{self.total(constraint)} line at {cell_name(*constraint.cells[0])}"

    def total(self, constraint: Constraint) -> int:
        return constraint.value if constraint.value is not None else SUM

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        got = [digits[index(rules.size, c)] for c in constraint.cells]
        if not all(got) or runs(got, self.total(constraint), bool(constraint.data)) is not None:
            return []
        return [f"{self.label(constraint)}: {' | '.join(' '.join(map(str, r)) for r in _greedy(got, self.total(constraint)))} "
                f"does not divide into runs adding up to {self.total(constraint)}"]

    def layers(self, constraint: Constraint, n: int) -> list[list[int]]:
        """The states each layer may hold (layer j: the run's total after j cells), unreachable ones left out."""
        total, k, loop = self.total(constraint), len(constraint.cells), bool(constraint.data)
        every = list(range(total))
        if loop:
            return [every] * (k + 1)
        ahead = [{0}]
        for _ in range(k):
            ahead.append({w for u in ahead[-1] for d in range(1, n + 1) for w in [_step(u, d, total)] if w is not None})
        behind = [{0}]
        for _ in range(k):
            behind.append({u for u in every for d in range(1, n + 1) if _step(u, d, total) in behind[-1]})
        return [sorted(a & b) for a, b in zip(ahead, reversed(behind))]

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n, total = rules.size, self.total(constraint)
        idx = [index(n, c) for c in constraint.cells]
        layers = self.layers(constraint, n)
        if not all(layers):
            x = lit(n, idx[0], 1)
            return [[x], [-x]]
        state: list[dict[int, int]] = []
        for j, values in enumerate(layers):
            if constraint.data and j == len(idx):
                state.append(state[0])  # a loop ends where it starts
            else:
                first = enc.new_vars(len(values))
                state.append({v: first + m for m, v in enumerate(values)})
        out: list[list[int]] = []
        for layer in state[:len(idx) + (not constraint.data)]:
            out.append(list(layer.values()))
            out += enc.amo(list(layer.values()))
        if not constraint.data:
            out += [[state[0][0]], [state[-1][0]]]
        for j, i in enumerate(idx):
            before, after = state[j], state[j + 1]
            for d in range(1, n + 1):
                for u, su in before.items():  # forwards: a total and a digit fix the next total
                    w = _step(u, d, total)
                    out.append([-su, -lit(n, i, d)] + ([after[w]] if w in after else []))
                for w, sw in after.items():  # backwards: the next total and the digit fix this one
                    u = (total if w == 0 else w) - d
                    out.append([-sw, -lit(n, i, d)] + ([before[u]] if u in before else []))
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        """An open line: the run's total after each cell, from 0 back to 0, a table per cell. A loop: a chain of
        totals from each possible total at the joint (the sum itself standing for a run that passed the sum), and
        one chain must come back to where it started; every variable is fixed by the digits (CP-SAT counts
        assignments of all of them), where one chain with a free start would not be."""
        n, total = rules.size, self.total(constraint)
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        digits = range(1, n + 1)
        if not constraint.data:
            layers = self.layers(constraint, n)
            state = [spec.new_var(f"{name} run total {j}", min(v, default=0), max(v, default=0))
                     for j, v in enumerate(layers)]
            for j, i in enumerate(idx):
                spec.tables.append((name, (state[j], i, state[j + 1]),
                                    [(u, d, w) for u in layers[j] for d in digits
                                     for w in [_step(u, d, total)] if w is not None and w in layers[j + 1]]))
            return
        moves = [(u, d, total if u == total or _step(u, d, total) is None else _step(u, d, total))
                 for u in range(total + 1) for d in digits]
        back = []
        for start in range(total):
            state = spec.new_var(f"{name} run total at the joint from {start}", start, start)
            for i in idx:
                after = spec.new_var(f"{name} run total from {start}", 0, total)
                spec.tables.append((name, (state, i, after), moves))
                state = after
            closes = spec.new_var(f"{name} closes from {start}", 0, 1)
            spec.tables.append((name, (state, closes), [(w, int(w == start)) for w in range(total + 1)]))
            back.append((closes, 1))
        spec.linear.append((name, tuple(back), 1, total))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The digits of each cell on some way through the automaton that the candidates allow (a loop: from
        each starting total back to itself)."""
        n = rules.size
        got = self.support([masks[index(n, c)] for c in constraint.cells], constraint, n)
        if got is None:
            return None
        kept = {index(n, c): m for c, m in zip(constraint.cells, got)}
        return [kept[i] for i in self.touches(constraint, rules)]

    def support(self, masks: Sequence[int], constraint: Constraint, n: int) -> list[int] | None:
        total, k = self.total(constraint), len(masks)
        out = [0] * k
        for start in (range(total) if constraint.data else (0,)):
            ahead = [{start}]
            for m in masks:
                ahead.append({w for u in ahead[-1] for d in _digits(m) for w in [_step(u, d, total)] if w is not None})
            if start not in ahead[-1]:
                continue
            behind = {start}
            for j in range(k - 1, -1, -1):
                now = set()
                for u in ahead[j]:
                    for d in _digits(masks[j]):
                        if _step(u, d, total) in behind:
                            out[j] |= 1 << (d - 1)
                            now.add(u)
                behind = now
        return out if all(out) else None

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        full = (1 << n) - 1
        line = [index(n, c) for c in constraint.cells]
        got = self.support([full if j == i or not cells[j] else 1 << (cells[j] - 1) for j in line], constraint, n)
        return 0 if got is None else got[line.index(i)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        cells = constraint.cells + (constraint.cells[:1] if constraint.data else ())
        return [Mark("line", cells, "tenline")]


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _greedy(digits: Sequence[int], total: int) -> list[list[int]]:
    """The digits cut wherever the run's total reaches ``total`` or passes it (for a message)."""
    out, run, state = [], [], 0
    for d in digits:
        run.append(d)
        state += d
        if state >= total:
            out.append(run)
            run, state = [], 0
    return out + ([run] if run else [])


KIND = TenLine()
