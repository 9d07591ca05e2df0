"""The constraint catalogue: every constraint kind, one module each, registered once here.

To add a kind: write ``constraints/<kind>.py`` with a :class:`~.base.Kind` subclass and a
module-level ``KIND = TheKind()``, then add its module name to :data:`BUILT_IN`. A kind from
outside the package calls :func:`register` with its instance, and every command accepts it.

The built-in modules are imported on the first call that needs the catalogue (a classic puzzle
never does), so ``sudoku-cp validate`` on a classic grid starts as fast as before.

>>> kind_of("killer").words, kind_of("thermometer").fpuzzles
('killer cage', ('thermometer',))
>>> "antiknight" in names()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import import_module

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError
from .base import Kind, Mark

# The built-in kinds, in the order their names are joined in a rules name (``killer+thermometer``)
# and their clause families are emitted. One line per kind.
BUILT_IN = (
    "killer",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "arrow",
    "thermometer",
    "kropki",
    "xv",
    "negative",
    "little_killer",
    "parity",
    "whispers",
    "palindrome",
    "renban",
    "sandwich",
    "xsum",
    "between",
    "extremum",
    "quadruple",
    "extra_region",
    "clone",
    "disjoint",
    "candidates",
    # issue 41, cells and outside clues (branch kinds-cells)
    "greaterthan",
    "skyscraper",
    "numberedroom",
    "countingcircles",
    "indexer",
    # issue 41, lines (branch kinds-lines)
    "regionsum",
    "entropic",
    "modular",
    "zipper",
    "dutchwhispers",
    "slowthermo",
    "parityline",
    "nabner",
    "doublearrow",
    # issue 41, more kinds setters use (branch kinds-more)
    "lockout",
    "tenline",
    "sequence",
    # issue 41, differences-count and Fibonacci lines (branch kinds-diff)
    "diffcount",
    "fibonacci",
    # issue 41, index lines and sunburn (branch kinds-index)
    "indexline",
    "sunburn",
    # issue 41, cages whose digits may repeat (branch sumcage)
    "sumcage",
    # issue 41, magic squares (branch magic)
    "magicsquare",
    # issue 41, whole-grid rules over small windows: parity runs, global entropy, global mod 3 (branch windows)
    "parityrun",
    "globalentropy",
    "globalmod",
    # issue 41, dots of a sum other than X and V, and their negative (branch sumdots)
    "sumdot",
    # issue 41, killer cages whose clue is a bound ("<15", "?") (branch boundcage)
    "boundcage",
    # issue 41, groups of cells with one sum, a line's two halves (branch equalsum)
    "equalsum",
)

_CATALOGUE: dict[str, Kind] = {}
_loaded = False


def _load() -> dict[str, Kind]:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILT_IN:
            mod = import_module(f"{__name__}.{module}")
            for kind in getattr(mod, "KINDS", (getattr(mod, "KIND", None),)):
                if kind is not None:
                    _CATALOGUE.setdefault(kind.name, kind)
    return _CATALOGUE


def register(kind: Kind) -> Kind:
    """Add a kind to the catalogue (from outside the package, say); its name must be new."""
    catalogue = _load()
    if not kind.name or kind.name in catalogue:
        raise ValueError(f"constraint kind {kind.name!r} is already registered or has no name")
    catalogue[kind.name] = kind
    by_kind.cache_clear()  # (rules read before may hold this kind now)
    return kind


def unregister(name: str) -> None:
    """Remove a kind registered with :func:`register` (tests that add a throwaway kind)."""
    _load().pop(name, None)
    by_kind.cache_clear()


def kind_of(name: str) -> Kind:
    """The kind called ``name``; a :class:`PuzzleError` listing the kinds when there is none."""
    catalogue = _load()
    kind = catalogue.get(name)
    if kind is None:
        raise PuzzleError(f"unknown constraint type {name!r}: expected one of {', '.join(catalogue)}")
    return kind


def names() -> tuple[str, ...]:
    """Every kind's name, built-in ones first in :data:`BUILT_IN` order."""
    return tuple(_load())


def kinds() -> tuple[Kind, ...]:
    return tuple(_load().values())


def by_fpuzzles_key() -> dict[str, Kind]:
    """The f-puzzles keys the catalogue reads, each with its kind."""
    out: dict[str, Kind] = {}
    for kind in _load().values():
        for key in kind.fpuzzles:
            out.setdefault(key, kind)
    return out


def order(name: str) -> int:
    """Where a kind stands in the catalogue (how names are joined and families emitted)."""
    catalogue = list(_load())
    return catalogue.index(name) if name in catalogue else len(catalogue)


# What a board's rules hold, read through the catalogue (the rules themselves, in core, do not ask it)

@lru_cache(maxsize=1024)
def by_kind(rules: Rules) -> tuple[tuple[Kind, tuple[Constraint, ...]], ...]:
    """The rules' constraints grouped by kind, in catalogue order: ``((kind, constraints), ...)``;
    a :class:`PuzzleError` naming an unknown kind."""
    if not rules.constraints:
        return ()
    groups: dict[str, list[Constraint]] = {}
    for constraint in rules.constraints:
        groups.setdefault(constraint.kind, []).append(constraint)
    return tuple((kind_of(name), tuple(group)) for name, group in sorted(groups.items(), key=lambda g: order(g[0])))


def relation_pairs(rules: Rules, kind: str) -> tuple[tuple[int, int], ...]:
    """The cell pairs ``(i, j)``, ``i < j`` row-major indices, that a whole-grid relation binds
    (empty when ``rules`` do not have it): a knight's move, a king's move, or orthogonal
    neighbours."""
    relation = kind_of(kind)
    if not hasattr(relation, "steps"):
        raise ValueError(f"{kind!r} is not a relation: expected anti-knight, anti-king, non-consecutive")
    return relation.pairs(rules) if any(c.kind == kind for c in rules.constraints) else ()  # type: ignore[attr-defined]


def alone(constraint: Constraint, rules: Rules) -> Constraint:
    """``constraint`` written to mean on its own what it means among ``rules``' constraints: a
    negative rule reads which neighbours carry no mark (and the marks' values), a minimum or
    maximum cell which neighbours are not marked too, so rules holding only some constraints (a
    step's parts, a guarded part) take it with those written in; any other constraint as it is."""
    resolve = getattr(kind_of(constraint.kind), "alone", None)
    return constraint if resolve is None else resolve(constraint, rules)


def maps_to_itself(rules: Rules, cell_map: Sequence[int]) -> bool:
    """True when moving cell i to ``cell_map[i]`` (row-major) maps ``rules`` onto themselves.

    Every unit must land on a unit and each kind's constraints on constraints of that kind
    (a killer cage on a cage with the same sum, a thermometer on one running the same way,
    a relation's pairs on its pairs: each kind says). This is how the generator knows which
    symmetry moves a variant allows: a move keeps every solution a solution exactly when it
    keeps the rules.

    >>> from sudoku_cp.core.shape import Shape
    >>> from sudoku_cp.core.rules import Rules
    >>> from sudoku_cp.core.variants import build
    >>> flip = [c * 4 + r for r in range(4) for c in range(4)]
    >>> swap_rows = [4 + c if r == 0 else c if r == 1 else r * 4 + c for r in range(4) for c in range(4)]
    >>> rules = build(Shape(2, 2), antiknight=True)
    >>> maps_to_itself(rules, flip), maps_to_itself(rules, swap_rows), maps_to_itself(Rules.classic(Shape(2, 2)), swap_rows)
    (True, False, True)
    """
    n = rules.size
    groups = {frozenset(r * n + c for r, c in u.cells) for u in rules.units}
    if not all(frozenset(cell_map[r * n + c] for r, c in u.cells) in groups for u in rules.units):
        return False
    return all(kind.maps_to_itself(group, cell_map, rules) for kind, group in by_kind(rules))


def digit_symmetric(rules: Rules) -> bool:
    """True when relabelling digits keeps ``rules``: no constraint speaks of the digits' values (a
    cage's sum, non-consecutive, a thermometer), only of their being equal."""
    return not any(kind.values_matter_in(c) for kind, group in by_kind(rules) for c in group)


__all__ = ["BUILT_IN", "Kind", "Mark", "alone", "by_fpuzzles_key", "by_kind", "digit_symmetric", "kind_of", "kinds",
           "maps_to_itself", "names", "order", "register", "relation_pairs", "unregister"]
