"""The one registry of backends, chosen by short names with an optional option after a colon.

``sat`` (PySAT; ``sat:glucose4`` picks the SAT solver), ``cpsat`` (OR-Tools CP-SAT), ``dfs``
(bitmask backtracking; ``dfs:plain`` keeps the classic exercise's order). Backend modules import
their solver packages lazily, so reading this registry costs nothing.

>>> get_backend("sat:glucose4").name, get_backend("dfs:plain").name
('sat:glucose4', 'dfs:plain')
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .base import Backend, Deadline


@dataclass(frozen=True)
class Entry:
    module: str
    factory: str
    summary: str
    default_option: str | None


REGISTRY: dict[str, Entry] = {
    "sat": Entry("sudoku_cp.backends.sat", "SatBackend",
                 "PySAT on the CNF encoding; sat:SOLVER picks a PySAT solver (cadical195, glucose4, "
                 "minisat22, ...)", "cadical195"),
    "cpsat": Entry("sudoku_cp.backends.cpsat", "CpSatBackend",
                   "OR-Tools CP-SAT, one integer per cell and AllDifferent per unit", None),
    "dfs": Entry("sudoku_cp.backends.dfs", "DfsBackend",
                 "depth-first backtracking with bitmasks, fewest candidates first; dfs:plain tries "
                 "cells row by row", "mrv"),
    "external": Entry("sudoku_cp.backends.external", "ExternalBackend",
                      "a SAT solver binary on PATH run on the DIMACS export (external:minisat, "
                      "external:picosat, external:cadical, external:kissat, ...)", "cadical"),
}
CROSS_CHECK = ("sat", "cpsat", "dfs")  # what --backend all runs


class BackendError(ValueError):
    """An unknown backend name or option."""


def backend_help() -> str:
    """One line per registered backend, for ``--help``."""
    return "; ".join(f"{name}: {entry.summary}" for name, entry in REGISTRY.items())


def get_backend(spec: str, **options) -> Backend:
    """Make a backend from its name, ``name:option`` picking a sub-solver or variant."""
    name, _, option = spec.partition(":")
    entry = REGISTRY.get(name)
    if entry is None:
        raise BackendError(
            f"unknown backend {spec!r}: expected one of {', '.join(REGISTRY)} or all "
            f"(with an option after a colon, e.g. sat:glucose4)"
        )
    factory = getattr(importlib.import_module(entry.module), entry.factory)
    return factory(option or entry.default_option, **options)


__all__ = ["Backend", "BackendError", "CROSS_CHECK", "Deadline", "REGISTRY", "backend_help", "get_backend"]
