"""The one registry of backends, and the one place backend names are read.

A backend is chosen by a short name with an optional option after a colon: ``sat`` (PySAT;
``sat:glucose4`` picks the SAT solver), ``cpsat`` (OR-Tools CP-SAT), ``dfs`` (bitmask
backtracking; ``dfs:plain`` keeps the classic exercise's order), ``external:BIN``. ``all`` names the
cross-check set, and a comma list several backends. Each :class:`Entry` declares the backend's
keyword options and its capabilities (see ``base.py``); backend modules import their solver
packages lazily, so reading this registry costs nothing. Adding a backend is one class and one
entry (:func:`register`).

>>> make("sat:glucose4").name, make("dfs:plain").name, names("all")
('sat:glucose4', 'dfs:plain', ['sat', 'cpsat', 'dfs'])
>>> make("dfs").can("core"), make("sat").can("core"), REGISTRY["dfs"].choices()
(False, True, ['mrv', 'plain'])
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .base import (
    CAPABILITIES,
    NO_DEADLINE,
    Backend,
    BackendError,
    BuildStopped,
    Deadline,
    Refutation,
    Session,
    Unsupported,
)

DEFAULT = "sat"


@dataclass(frozen=True)
class Entry:
    """A registered backend: how to make it and what it declares.

    ``factory`` is a class (or any callable) or ``"module:Name"`` imported on first use; it is
    called as ``factory(option, **options)``. ``options`` are the keyword options it takes
    (``encoding``, ``amo``, ...), ``capabilities`` what it can do besides counting.
    """

    factory: str | Callable[..., Backend]
    summary: str
    default_option: str | None = None
    options: tuple[str, ...] = ()
    capabilities: frozenset[str] = frozenset()
    suboptions: str | tuple[str, ...] | None = None  # what may follow the colon: a list, or
    # "module:function" returning one (None: anything the factory accepts, e.g. a binary name)

    def choices(self) -> list[str] | None:
        """The sub-solvers or variants this backend takes after a colon, when they are a known list."""
        if self.suboptions is None or isinstance(self.suboptions, tuple):
            return None if self.suboptions is None else list(self.suboptions)
        module, _, name = self.suboptions.partition(":")
        return list(getattr(importlib.import_module(module), name)())

    def unfit(self, option: str) -> str | None:
        """Why a sub-solver its library ships is not among :meth:`choices` (the listing module's
        ``UNFIT``), or None."""
        if not isinstance(self.suboptions, str):
            return None
        return getattr(importlib.import_module(self.suboptions.partition(":")[0]), "UNFIT", {}).get(option)

    def make(self, option: str | None, **options) -> Backend:
        factory = self.factory
        if isinstance(factory, str):
            module, _, name = factory.partition(":")
            factory = getattr(importlib.import_module(module), name)
        backend = factory(option or self.default_option, **options)
        if not backend.capabilities:
            backend.capabilities = self.capabilities
        return backend


SAT_OPTIONS = ("encoding", "amo", "simplify")
REGISTRY: dict[str, Entry] = {
    "sat": Entry("sudoku_cp.backends.sat:SatBackend",
                 "PySAT on the CNF encoding; sat:SOLVER picks a PySAT solver (cadical195, glucose4, "
                 "minisat22, ...); plain sat picks by size: cadical195 below 16x16, minicard with "
                 "native at-most-one from 16x16 up", None, SAT_OPTIONS,  # no option: SatBackend chooses
                 frozenset({"incremental", "core", "propagate", "exclude", "hint", "optimize", "proof"}),
                 "sudoku_cp.backends.sat:solver_names"),
    "cpsat": Entry("sudoku_cp.backends.cpsat:CpSatBackend",
                   "OR-Tools CP-SAT, one integer per cell and AllDifferent per unit", None, (),
                   frozenset({"incremental", "core", "exclude", "hint", "optimize", "export"})),
    "dfs": Entry("sudoku_cp.backends.dfs:DfsBackend",
                 "depth-first backtracking with bitmasks, fewest candidates first; dfs:plain tries "
                 "cells row by row", "mrv", suboptions=("mrv", "plain")),
    "external": Entry("sudoku_cp.backends.external:ExternalBackend",
                      "a SAT solver binary on PATH run on the DIMACS export (external:minisat, "
                      "external:picosat, external:cadical, external:kissat, ...)", "cadical",
                      SAT_OPTIONS + ("tmpdir",)),
    "mip": Entry("sudoku_cp.backends.mip:MipBackend",
                 "integer program over x(cell, digit), equality rows: HiGHS (mip), SCIP (mip:scip), or "
                 "only the LP relaxation (mip:lp, a solution when it comes out integral)", "highs",
                 suboptions=("highs", "scip", "lp")),
    "smt": Entry("sudoku_cp.backends.smt:SmtBackend",
                 "Z3 (SMT): integer cells with Distinct per unit (smt), the same model in Z3's "
                 "finite-domain solver (smt:fd), or the CNF's Booleans (smt:bool)",
                 "int", suboptions=("int", "fd", "bool")),
    "choco": Entry("sudoku_cp.backends.choco:ChocoBackend",
                   "the Choco CP solver, AllDifferent per unit at Choco's propagation level ac (choco), "
                   "bc (choco:bc) or default (choco:default)", "ac", suboptions=("ac", "bc", "default")),
    "xc": Entry("sudoku_cp.backends.xc:XcBackend",
                "exact cover (Knuth's Algorithm X with dancing links, by miniexact): cell and "
                "(unit, digit) items, one option per placement", "x", suboptions=("x",)),
}
CROSS_CHECK = ("sat", "cpsat", "dfs")  # what "all" names


def register(name: str, entry: Entry) -> None:
    """Add a backend to the registry (a name taken already, or not a plain name, is an error)."""
    if name in REGISTRY or name == "all":
        raise BackendError(f"backend name {name!r} is taken: expected a name other than "
                           f"{', '.join(REGISTRY)} and all")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name):
        raise BackendError(f"backend name {name!r} is not a plain name: expected a letter or digit, then "
                           f"letters, digits, '-' or '_' (an option goes after a colon when used)")
    REGISTRY[name] = entry


def backend_help() -> str:
    """One line per registered backend, for ``--help``."""
    return "; ".join(f"{name}: {entry.summary}" for name, entry in REGISTRY.items())


def spellings() -> list[str]:
    """Every name ``--backend`` takes alone: each registry entry, each with its listed options
    (``sat:glucose4``, ``dfs:plain``), and ``all`` (for shell completion).

    >>> {"sat", "cpsat", "dfs", "sat:glucose4", "dfs:plain", "all"} <= set(spellings())
    True
    """
    out = []
    for name, entry in REGISTRY.items():
        out.append(name)
        try:
            out += [f"{name}:{option}" for option in entry.choices() or ()]
        except ImportError:  # its package is missing: the bare name is still offered
            pass
    return out + ["all"]


def names(spec: str | Sequence[str]) -> list[str]:
    """The backend names in ``"all"``, ``"sat,cpsat"`` or a list; unknown names are an error.

    >>> names("sat:glucose4, cpsat")
    ['sat:glucose4', 'cpsat']
    """
    parts = [p.strip() for p in spec.split(",")] if isinstance(spec, str) else [str(p).strip() for p in spec]
    if parts == ["all"]:
        return list(CROSS_CHECK)
    if not parts or "" in parts:
        raise BackendError(f"backend list {spec!r} has an empty name: expected e.g. sat,cpsat")
    if any(part.partition(":")[0] == "all" for part in parts):
        raise BackendError(f"backend list {spec!r}: 'all' stands alone, without an option (it means "
                           f"{', '.join(CROSS_CHECK)}): expected all, or a comma list such as sat,cpsat")
    for part in parts:
        _entry(part)
    return parts


def _entry(spec: str) -> Entry:
    entry = REGISTRY.get(spec.partition(":")[0])
    if entry is None:
        raise BackendError(f"unknown backend {spec!r}: expected one of {', '.join(REGISTRY)}, all, or "
                           f"a comma list (with an option after a colon, e.g. sat:glucose4)")
    return entry


def takes(spec: str, option: str) -> bool:
    """Whether the backend ``spec`` names takes a keyword option (``encoding``, ``amo``, ...).

    >>> takes("sat:glucose4", "encoding"), takes("cpsat", "encoding")
    (True, False)
    """
    return option in _entry(spec.strip().partition(":")[0]).options


def make(spec: str, **options) -> Backend:
    """One backend from its name, ``name:option`` picking a sub-solver or variant.

    Options it does not take are an error.
    """
    name, _, option = spec.strip().partition(":")
    entry = _entry(name)
    if option and entry.suboptions is not None:  # checked now, not at the first solve
        choices = entry.choices()
        if choices is not None and option not in choices:
            listed = ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
            why = entry.unfit(option)
            raise BackendError(f"backend {name}: {option[:20]!r} is not available"
                               f"{f' ({why})' if why else ''}: expected {listed} ({name}:NAME)")
    extra = [k for k in options if k not in entry.options]
    if extra:
        raise BackendError(f"--{extra[0]} does not apply to backend {name}")
    return entry.make(option or None, **options)


def resolve(spec: str | Sequence[str | Backend] | Backend, **options) -> list[Backend]:
    """The backends named by ``"all"``, ``"sat,cpsat"``, a list of names or backends, or one backend.

    ``options`` (e.g. ``encoding="minimal"``; None values ignored) go to the backends that take
    them; naming an option that no chosen backend takes is an error.
    """
    if isinstance(spec, Backend):
        return [spec]
    if isinstance(spec, str):
        items: list[str | Backend] = list(names(spec))
    else:
        items = [s for item in spec for s in ([item] if isinstance(item, Backend) else names(item))]
    options = {k: v for k, v in options.items() if v is not None}
    made: list[Backend] = []
    used: set[str] = set()
    for item in items:
        if isinstance(item, Backend):
            made.append(item)
            continue
        taken = {k: v for k, v in options.items() if k in _entry(item).options}
        used.update(taken)
        made.append(make(item, **taken))
    unused = sorted(set(options) - used)
    if unused:
        takers = [n for n, e in REGISTRY.items() if unused[0] in e.options] or ["no"]
        who = " and ".join([", ".join(takers[:-1]), takers[-1]] if len(takers) > 1 else takers)
        raise BackendError(f"--{unused[0]} applies to the {who} backends only, not to {spec}")
    return made


def capable(backends: Sequence[Backend], capability: str, **options) -> Backend:
    """The first of ``backends`` with ``capability``, else the default backend (which has them all).

    Commands use this where a step needs more than counting (a core, a session): the chosen
    backend does it when it can, and the default does it otherwise.
    """
    for backend in backends:
        if backend.can(capability):
            return backend
    fallback = make(DEFAULT, **{k: v for k, v in options.items() if v is not None})
    fallback.require(capability)
    return fallback


def second_opinion(backend: Backend) -> Backend:
    """A backend of another registry entry than ``backend``, for re-checking its work.

    The first of the cross-check set (sat, cpsat, dfs) made by another class: sat's work is
    re-checked by cpsat, cpsat's (and any other backend's) by sat.

    >>> second_opinion(make("sat:glucose4")).name, second_opinion(make("cpsat")).name
    ('cpsat', 'sat:cadical195')
    """
    for name in CROSS_CHECK:
        other = make(name)
        if type(other) is not type(backend):
            return other
    raise BackendError(f"no backend besides {backend.name} to re-check its work")  # pragma: no cover


def hitting_set(sets: Sequence[set[int]], deadline: Deadline | None = None) -> list[int]:
    """A smallest set of non-negative integers meeting every set (a MaxSAT call on the default backend).

    Stopped at ``deadline`` (:class:`~sudoku_cp.core.results.TimeLimitReached`).

    >>> hitting_set([{1, 2}, {2, 3}, {4}])
    [2, 4]
    """
    from .sat import min_hitting_set

    return min_hitting_set(sets, deadline)


__all__ = ["Backend", "BackendError", "BuildStopped", "CAPABILITIES", "CROSS_CHECK", "DEFAULT", "Deadline", "Entry",
           "NO_DEADLINE", "REGISTRY", "Refutation", "Session", "Unsupported", "backend_help", "capable",
           "hitting_set",
           "make", "names", "register", "resolve", "second_opinion"]
