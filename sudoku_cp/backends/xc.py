"""The ``xc`` backend: Sudoku as exact cover (Knuth's Algorithm X with dancing links, by miniexact).

Items to cover exactly once (primary): each cell (it holds one digit) and each (unit, digit)
pair (the unit holds the digit), 4 N^2 of them on a classic grid. Options: one per placement
"cell i holds digit d" (N^3; a given cell has only its digit's), covering the cell and the
(unit, d) pair of each unit holding the cell. Variants map onto *secondary* items, covered at
most once:

- a killer cage without a sum: one secondary item per (cage, digit), in every placement of that
  digit in the cage (no digit twice);
- a killer cage with a sum: its cells get no placement options of their own; instead one option
  per filling of the cage (distinct digits with that sum, in cell order), covering all that its
  placements cover;
- anti-knight, anti-king and nonconsecutive: for each related pair and each pair of digits it
  forbids there, one secondary item in both placements, so at most one of them is chosen.

Exact cover enumerates distinct solutions natively (distinct sets of options are distinct grids),
so counting stops after ``limit`` with no blocking. miniexact's search is one native call without
a stop switch: with a time limit it runs (the cover built there too) in a child process killed at
the deadline (:func:`~sudoku_cp.backends.base.run_until`), and without one Ctrl-C takes effect
when it returns.
miniexact keeps no node counter; stats give the model's size (``items``, ``options``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import permutations

from ..constraints import relation_pairs
from ..core.board import Board, Rules
from ..core.results import Outcome, SolverFailure, TimeLimitReached
from ..core.variants import GAPS
from .base import Backend, BackendError, Deadline, Unsupported, import_extra, refuse_unmodelled, run_until

MAX_FILLINGS = 50_000  # options one cage with a sum may add before exact cover is refused for it
SAT, UNSAT = 10, 20  # miniexact's answers (as SAT solvers report them)

Placement = tuple[int, int]  # (cell index, digit)


@lru_cache(maxsize=16)
def primary_items(rules: Rules) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """The primary items of ``rules`` (every cell, then each unit of ``rules.units`` with each digit),
    and for each placement (index ``i * N + d - 1``) the primary items it covers."""
    n = rules.size
    names = tuple(f"cell {i}" for i in range(n * n)) + tuple(
        f"{unit.kind} {unit.index} digit {d}" for unit in rules.units for d in range(1, n + 1))
    covers = tuple((i,) + tuple(n * n + u * n + d - 1 for u in rules.units_of[i])
                   for i in range(n * n) for d in range(1, n + 1))
    return names, covers


class Cover:
    """An exact cover problem as data: item names (primary first) and options (lists of item indices).

    Each placement "cell i holds d" (a given cell has only its digit's) covers its cell and the
    (unit, d) item of each unit holding the cell; kinds add secondary items to placements (numbered
    -1, -2, ...), or group placements into one option.
    """

    def __init__(self, board: Board):
        self.board = board
        n = board.size
        self.primary, covers = primary_items(board.rules)
        self.secondary: list[str] = []
        self.covers: dict[Placement, list[int]] = {
            (i, digit): list(covers[i * n + digit - 1])
            for i, d in enumerate(board.cells) for digit in ([d] if d else range(1, n + 1))}
        self.grouped: set[int] = set()  # cells whose placements are offered only as part of a group
        self.groups: list[list[Placement]] = []

    def shared(self, name: str, placements: list[Placement]) -> None:
        """One secondary item in each of ``placements`` that exists (at most one of them is chosen)."""
        present = [p for p in placements if p in self.covers]
        if len(present) > 1:
            self.secondary.append(name)
            for p in present:
                self.covers[p].append(-len(self.secondary))

    def options(self) -> list[tuple[list[Placement], list[int]]]:
        """Each option: its placements, and its items (primary indices as they are, secondary ones
        after all the primary items); an option that would cover an item twice is left out."""
        last = len(self.primary) - 1
        out = []
        for group in [[p] for p in self.covers if p[0] not in self.grouped] + self.groups:
            items = [k if k >= 0 else last - k for p in group for k in self.covers[p]]
            if len(group) == 1 or len(set(items)) == len(items):
                out.append((group, items))
        return out


# -- the rules as items, one small function per kind (units: in Cover itself) ------------------

def cover_killer(cover: Cover, rules: Rules, index: int, cells, total: int | None) -> None:
    n = rules.size
    idx = [r * n + c for r, c in cells]
    if total is None:
        for d in range(1, n + 1):
            cover.shared(f"cage {index} digit {d}", [(i, d) for i in idx])
        return
    from ..model.cnf import cage_combinations

    fillings = []
    for digits in cage_combinations(n, len(idx), total):
        for order in permutations(digits):
            if all((i, d) in cover.covers for i, d in zip(idx, order)):
                fillings.append(list(zip(idx, order)))
                if len(fillings) > MAX_FILLINGS:
                    raise Unsupported("xc", f"model cage {index + 1}'s sum: more than {MAX_FILLINGS:,} fillings")
    cover.grouped.update(idx)
    cover.groups.extend(fillings)


def cover_relation(cover: Cover, rules: Rules, kind: str) -> None:
    """For each related pair and each digit pair the kind forbids there, an item both placements share."""
    n = rules.size
    for a, b in relation_pairs(rules, kind):
        for d in range(1, n + 1):
            for g in GAPS[kind]:
                if 1 <= d + g <= n:
                    cover.shared(f"{kind} {a} {b} {d} {d + g}", [(a, d), (b, d + g)])


KINDS: dict[str, Callable[[Cover, Rules, object], None]] = {
    "killer": lambda cover, rules, c: cover_killer(cover, rules, c.index, c.cells, c.value),  # type: ignore[attr-defined]
    "antiknight": lambda cover, rules, c: cover_relation(cover, rules, "antiknight"),
    "antiking": lambda cover, rules, c: cover_relation(cover, rules, "antiking"),
    "nonconsecutive": lambda cover, rules, c: cover_relation(cover, rules, "nonconsecutive"),
}


def exact_cover(board: Board) -> Cover:
    """The exact cover problem of ``board``: cells, units, then each constraint's items."""
    cover = Cover(board)
    for constraint in board.rules.constraints:
        KINDS[constraint.kind](cover, board.rules, constraint)
    return cover


def verdict(answer: int) -> bool:
    """The one place miniexact's answers are read: True (a solution), False (no more)."""
    if answer == SAT:
        return True
    if answer == UNSAT:
        return False
    raise SolverFailure(f"miniexact answered {answer}")


def enumerate_covers(cover: Cover, options, limit: int) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions as cell lists, and whether the enumeration was exhausted."""
    miniexact = import_extra("miniexact", "miniexact")
    n = cover.board.size
    problem = miniexact.miniexacts_x()
    ids = [problem.primary(name) for name in cover.primary] + [problem.secondary(name) for name in cover.secondary]
    for _placements, items in options:
        problem.add([ids[k] for k in items])
    found: list[list[int]] = []
    while len(found) < limit:
        if not verdict(problem.solve()):
            return found, True
        cells = [0] * (n * n)
        for k in problem.selected_options():  # 1-based, in the order added
            for i, d in options[k - 1][0]:
                cells[i] = d
        found.append(cells)
    return found, False


class XcBackend(Backend):
    """Exact cover by miniexact's Algorithm X: cells and (unit, digit) items, placement options."""

    kinds = frozenset(KINDS)

    def __init__(self, option: str | None = None):
        if option not in (None, "", "x"):
            raise BackendError(f"xc option {option!r}: expected x (Algorithm X, the default)")
        self.name = "xc"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        refuse_unmodelled(self.name, board.rules, self.kinds)
        deadline = Deadline(time_limit)

        def work() -> tuple[list[list[int]], bool, dict[str, int]]:  # the cover is built there too
            cover = exact_cover(board)
            options = cover.options()
            found, complete = enumerate_covers(cover, options, limit)
            return found, complete, {"items": len(cover.primary) + len(cover.secondary), "options": len(options)}

        try:
            found, complete, stats = run_until(deadline if time_limit is not None else None, work)
        except TimeLimitReached:
            return Outcome([], False, True, {})
        return Outcome([board.with_cells(tuple(cells)) for cells in found], complete, False, stats)
