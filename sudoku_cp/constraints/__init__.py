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

from importlib import import_module

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
    return kind


def unregister(name: str) -> None:
    """Remove a kind registered with :func:`register` (tests that add a throwaway kind)."""
    _load().pop(name, None)


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


__all__ = ["BUILT_IN", "Kind", "Mark", "by_fpuzzles_key", "kind_of", "kinds", "names", "order",
           "register", "unregister"]
