"""What every technique family reads from the candidates grid: each unit's places for a digit,
which cells see which, the grid's lines.

The grid is :class:`~sudoku_cp.tasks.steps.Grid` and a finder returns its
:class:`~sudoku_cp.tasks.steps.Step`; the families know them only by the protocols below (what
they read and set), so the engine imports the techniques and not the other way round.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar, cast

from ...core.board import Cell, Fact, Rules


@dataclass(frozen=True)
class NewCage:
    """A sum a step adds up (the 45 rule): ``cells`` add up to ``total``, since the units and cages
    ``added`` less those ``taken`` (positions as in :func:`~sudoku_cp.tasks.steps.unit_name`)
    cover each of these cells once and every other cell not at all; digits may repeat.

    The step's check (:func:`~sudoku_cp.tasks.steps.verify_step`) adds that up again from the
    rules, then gives the solver this sum beside the step's units.
    """

    cells: tuple[Cell, ...]
    total: int
    added: tuple[int, ...]
    taken: tuple[int, ...]


class Step(Protocol):
    """A step as a finder fills it in (:class:`~sudoku_cp.tasks.steps.Step`)."""

    technique: str
    chain: str | None
    arrows: list[tuple[Fact, Fact]]
    se: float | None
    new_cages: list[NewCage]

    def removals(self) -> list[Fact]: ...

    def placements(self) -> list[Fact]: ...


class Grid(Protocol):
    """The candidates grid as the finders read it (:class:`~sudoku_cp.tasks.steps.Grid`)."""

    rules: Rules
    n: int
    cells: list[int]
    cands: list[set[int]]
    units: list[list[int]]
    units_of: tuple[tuple[int, ...], ...]
    peer_sets: list[frozenset[int]]
    related: list[dict[int, list[tuple[int, tuple[int, ...]]]]]
    every: list[int]  # the units, then the relations: what naked and hidden singles propagate through
    unique: bool

    def fact(self, i: int, d: int) -> Fact: ...

    def step(self, conclusion: Iterable[Fact], reasons: Iterable[tuple[int, int]], units: Iterable[int],
             technique: str, focus: Sequence[int]) -> Step: ...

    def whole_step(self, conclusion: Iterable[Fact], technique: str) -> Step: ...


_REMEMBERED: list = []  # the finders' remembered answers (:func:`remembered`)
_FOR: list = [None]  # the rules they were last asked about (:func:`forget_unless`)


F = TypeVar("F", bound=Callable)


def remembered(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered so that :func:`forget_unless` empties it: a
    finder's answers that depend on its arguments alone (a cage's combinations given its cells'
    candidates), kept from step to step."""
    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _REMEMBERED.append(cached)
        return cast(F, cached)
    return wrap


def forget_unless(rules: Rules) -> None:
    """Empty every :func:`remembered` answer unless the last rules asked about were ``rules``:
    another puzzle's answers are of no use to these, and a process that kept them all ran the
    next puzzles up to a third slower (the garbage collector walks them)."""
    if _FOR[0] != rules:
        forget()
        _FOR[0] = rules


def forget() -> None:
    """Empty every :func:`remembered` answer."""
    for cached in _REMEMBERED:
        cached.cache_clear()


def lines(g: Grid, kind: str) -> list[int]:
    """The units of one kind (``row``, ``column``, ``box``), by position in ``rules.units``."""
    return [k for k, u in enumerate(g.rules.units) if u.kind == kind]


def unit_label(g: Grid, k: int) -> str:
    """``row 3``, ``box 5``: unit ``k`` by its kind and 1-based index, as a step's chain names it."""
    unit = g.rules.units[k]
    return f"{unit.kind} {unit.index + 1}"


def shared(g: Grid, i: int, j: int) -> list[int]:
    """The units holding both cells ``i`` and ``j`` (empty when they do not see each other)."""
    return sorted(set(g.units_of[i]) & set(g.units_of[j]))


def sees(g: Grid, i: int, j: int) -> bool:
    """Cells ``i`` and ``j`` share a unit (a cell does not see itself)."""
    return j in g.peer_sets[i]


def where(g: Grid, k: int, d: int) -> list[int]:
    """The cells of unit ``k`` that can still hold ``d``."""
    return [i for i in g.units[k] if d in g.cands[i]]


def name(g: Grid, i: int) -> str:
    """``r1c2``: a cell by its index."""
    return f"r{i // g.n + 1}c{i % g.n + 1}"


_MADE: dict[str, tuple[object, list[int]]] = {}  # what :func:`_for_rules` made last, by name, and for which rules


def _for_rules(g: Grid, what: str, make: Callable[[], list[int]]) -> list[int]:
    """``make()``, made once for the grid's rules (and again when the rules change)."""
    made = _MADE.get(what)
    if made is None or made[0] is not g.rules:
        made = _MADE[what] = (g.rules, make())
    return made[1]


def peer_bits(g: Grid) -> list[int]:
    """Each cell's peers as bits (bit ``j``: cell ``j`` sees it), made once for the grid's rules."""
    return _for_rules(g, "peers", lambda: [sum(1 << j for j in peers) for peers in g.peer_sets])


def boxes_first(g: Grid) -> list[int]:
    """The units, the boxes first, then the others in order: the order Sudoku Explainer looks in
    (a hidden single rates 1.2 in a box, 1.5 in a line), made once for the grid's rules."""
    return _for_rules(g, "boxes first", lambda: sorted(range(len(g.units)), key=lambda k: g.rules.units[k].kind != "box"))


def unit_bits(g: Grid) -> list[int]:
    """Each unit's cells as bits, made once for the grid's rules."""
    return _for_rules(g, "units", lambda: [sum(1 << i for i in unit) for unit in g.units])


def bits_of(mask: int) -> list[int]:
    """The positions of the bits set in ``mask``, lowest first: the cells of a set of cells as bits,
    the digits of a set of digits."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_PLACES: list = [None, ()]  # the candidates :func:`digit_places` last read, and its answer


def digit_places(g: Grid) -> tuple[int, ...]:
    """Each digit's places as bits (bit ``i``: cell ``i`` can still hold it), by digit (index 0 unused).

    A single-digit pattern (fish, skyscraper, X-chain, colouring) reads nothing else of the grid
    but its units, so these bits are what :class:`Misses` keys it by. Made once per position: a
    step's finders ask for them about ten times, and the grid's candidates are a new list after
    each step (:meth:`~sudoku_cp.tasks.steps.Grid.refresh`), never changed in place.
    """
    if _PLACES[0] is not g.cands:
        out = [0] * (g.n + 1)
        for i, ds in enumerate(g.cands):
            for d in ds:
                out[d] |= 1 << i
        _PLACES[:] = [g.cands, tuple(out)]
    return _PLACES[1]


def cand_bits(g: Grid) -> list[int]:
    """Each cell's candidates as bits (bit ``d``: digit ``d``)."""
    return [sum(1 << d for d in c) for c in g.cands]


class LastMiss:
    """The candidates of the last position where a search found nothing, for a search whose every
    find is a few cells' candidates as they stand (an ALS, a wing's cells) with a removal that
    removing other candidates cannot create: from a position whose candidates are all among that
    miss's (steps only remove), a find holds a cell whose candidates changed since, so the search
    need only try what holds one, in its own order, and returns what a full search returns.

    The record holds for one set of rules (the units and peers the search reads).
    """

    def __init__(self) -> None:
        self.rules: object = None
        self.bits: list[int] = []

    def changed(self, g: Grid, bits: list[int]) -> int:
        """The cells (as bits) whose candidates (``bits``, as :func:`cand_bits`) changed since the
        last miss; every cell (-1) when there is none, or a candidate came back."""
        if g.rules is not self.rules or len(bits) != len(self.bits):
            return -1
        out = 0
        for i, (now, then) in enumerate(zip(bits, self.bits)):
            if now != then:
                if now & ~then:
                    return -1
                out |= 1 << i
        return out

    def add(self, g: Grid, bits: list[int]) -> None:
        """Record that the search found nothing on these candidates."""
        self.rules, self.bits = g.rules, list(bits)


class Misses:
    """Searches known to find nothing, by everything they read: a finder skips a search whose key
    it has seen fail (a digit's places unchanged since, or a unit's candidates), so the step it
    returns is the one a full search returns.

    The keys hold for one set of rules (the units the searches walk): other rules empty the record.
    """

    LARGEST = 200_000  # keys kept before the record starts again (a long run's memory stays small)

    def __init__(self) -> None:
        self.rules: object = None
        self.keys: set[tuple] = set()

    def _for(self, g: Grid) -> set[tuple]:
        if g.rules is not self.rules or len(self.keys) > self.LARGEST:
            self.rules, self.keys = g.rules, set()
        return self.keys

    def known(self, g: Grid, key: tuple) -> bool:
        """The search ``key`` found nothing before, under the same rules."""
        return key in self._for(g)

    def add(self, g: Grid, key: tuple) -> None:
        """Record that the search ``key`` found nothing."""
        self._for(g).add(key)


class UnitMisses(threading.local):
    """Units where a search found nothing, by their cells' candidates: the very sets, since a grid's
    candidates are new sets where they change and are never changed in place
    (:meth:`~sudoku_cp.tasks.steps.Grid.apply`). A finder whose search in a unit reads only that
    unit's candidates skips a unit none of whose cells holds another set than when it missed
    there, so the step it returns is the one a full search returns (after a single, most units
    are unchanged). Each unit has a version, counted up when a cell of it changes set (found once
    per candidates list, against the last one seen); a miss is kept with the unit's version.

    The record holds for one set of rules, and for one thread: the versions follow the grids one
    thread walks (the web app explains puzzles in several at once), where a miss recorded against
    another thread's half-counted versions would skip a unit that changed.
    """

    def __init__(self) -> None:
        self.rules: object = None
        self.last: list[set[int]] = []  # the candidates list the versions are for
        self.version: list[int] = []
        self.missed: dict[tuple, int] = {}

    def _sync(self, g: Grid) -> list[int]:
        """The units' versions for ``g``'s candidates."""
        cands = g.cands
        if g.rules is not self.rules or len(cands) != len(self.last):
            self.rules, self.last, self.missed = g.rules, cands, {}
            self.version = [0] * len(g.units)
        elif cands is not self.last:
            version, units_of = self.version, g.units_of
            for i, (now, then) in enumerate(zip(cands, self.last)):
                if now is not then:
                    for k in units_of[i]:
                        version[k] += 1
            self.last = cands
        return self.version

    def known(self, g: Grid, key: tuple, k: int) -> bool:
        """The search ``key`` missed in unit ``k`` when its cells held these candidates."""
        return self.missed.get(key) == self._sync(g)[k]

    def add(self, g: Grid, key: tuple, k: int) -> None:
        """Record that the search ``key`` found nothing in unit ``k`` as its cells stand."""
        self.missed[key] = self._sync(g)[k]


UNIT_MISSES = UnitMisses()  # the unit finders' record, one versioning for all: (finder, ..., unit) keys
