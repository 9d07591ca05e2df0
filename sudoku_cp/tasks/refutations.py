"""Refutations by naked and hidden singles over some units, fast enough to try them by the thousand.

The steps engine (:mod:`sudoku_cp.tasks.steps`) explains a "what if" by the fewest units, then the
fewest facts, over which naked and hidden singles turn an assumed candidate into a contradiction:
a deletion over the units, then over the facts, each trial one propagation. This module does those
trials. Words as in :mod:`~sudoku_cp.tasks.steps`; candidates are bitsets here (bit ``d - 1``: digit
``d``), a *unit set* is the units (and relations, past the units) a propagation may use.

Propagation only removes candidates, so its answer (a contradiction or not) does not depend on the
order of its work, and facts added to a propagation that reached no contradiction can continue from
where it ended. Three uses of that:

- :class:`Propagation` works from a list of changed cells and units, not by rescanning the grid;
- :meth:`Propagation.refuted` runs the facts once and each candidate from there;
- :class:`Deletion` keeps where each failed trial ended, so a deletion outlives new removals (a run
  of what-ifs, each removing one candidate) at the cost of continuing those trials
  (:meth:`Deletion.holds`): it answers what a fresh deletion would.

The trials that only ask whether a unit set refutes (:func:`units_deletion`,
:func:`facts_deletion`, :meth:`UnitPropagation.refuted`) can run instead as a SAT solver's unit
propagation (:class:`UnitPropagation`), which answers the same about ten times faster.

A refutation's *cone* (:func:`cone`) is the units and facts its derivation uses; any larger set
refutes too, so a deletion never tries dropping what the last refutation did not use.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, cast

from ..backends import Backend, Unsupported, make
from ..core.board import Fact, Rules
from ..model.cnf import PRESETS
from .techniques.base import Grid


Reason = tuple  # (0, fact position) | (1, unit, cell, digit - 1) | (2, unit, digit - 1)


class Propagation:
    """Naked and hidden singles over one unit set of a grid (``g.units`` and ``g.related``)."""

    def __init__(self, g: Grid, units: Sequence[int]):
        self.g, self.n = g, g.n
        self.units = list(units)
        self.on = bytearray(len(g.units) + len(g.rules.constraints))
        for k in self.units:
            self.on[k] = 1

    def start(self, facts: Sequence[Fact], why: dict | None = None) -> tuple[tuple | None, list[int]]:
        """Candidates from ``facts`` (a fact placing a digit already removed ends it: ``("ruled
        out", cell, digit)``, the fact's position in ``why[-1]``), then propagated to a
        contradiction or a fixpoint: (the contradiction or None, the candidates). With ``why``,
        each removal's reason (:meth:`close`; a fact's ``(0, position)``, -1 for the last when it
        is an assumption the caller names so)."""
        n = self.n
        cands = [(1 << n) - 1] * (n * n)
        for x, (r, c, d) in enumerate(facts):
            i = r * n + c
            if d > 0:
                bit = 1 << (d - 1)
                if not cands[i] & bit:
                    if why is not None:
                        why[-1] = (0, x)
                    return ("ruled out", i, d), cands
                if why is not None:
                    _because(why, i, cands[i] & ~bit, (0, x), n)
                cands[i] = bit
            elif cands[i] >> (-d - 1) & 1:
                cands[i] &= ~(1 << (-d - 1))
                if why is not None:
                    why[i * n - d - 1] = (0, x)
                if not cands[i]:
                    return ("empty", i), cands
        queue = [i for i, c in enumerate(cands) if c & (c - 1) == 0]
        ours = [k for k in self.units if k < len(self.g.units)]  # (relations hold no hidden singles)
        return self.close(cands, queue, [False] * (n * n), ours, why), cands

    def close(self, cands: list[int], queue: list[int], done: list[bool], dirty: list[int],
              why: dict | None = None) -> tuple | None:
        """Propagate from the decided cells in ``queue`` and the units in ``dirty`` (hidden singles
        to look for) until a contradiction, ``("empty", cell)`` or ``("nowhere", unit, digit)``, or
        a fixpoint (None); ``cands`` and ``done`` change in place. With ``why``, each removal's
        reason (key ``cell * n + digit - 1``): ``(1, unit, cell, digit - 1)`` that cell of the unit
        (or relation) holds the digit, ``(2, unit, digit - 1)`` a hidden single of the unit."""
        g, n, on = self.g, self.n, self.on
        units, units_of, related = g.units, g.units_of, g.related
        full = (1 << n) - 1
        flagged = bytearray(len(on))
        for k in dirty:
            flagged[k] = 1
        while True:
            while queue:  # each decided cell, once: its digit leaves the other cells of its units
                i = queue.pop()
                if done[i]:
                    continue
                done[i] = True
                bit, d = cands[i], cands[i].bit_length() - 1
                targets = [(k, j, bit) for k in units_of[i] if on[k] for j in units[k] if cands[j] & bit and j != i]
                for k, partners in related[i].items():
                    if on[k]:
                        targets += [(k, j, 1 << (d + e)) for j, gaps in partners for e in gaps if 0 <= d + e < n]
                for k, j, out in targets:
                    c = cands[j]
                    if c & out:
                        c &= ~out
                        cands[j] = c
                        if why is not None:
                            why[j * n + out.bit_length() - 1] = (1, k, i, d)
                        if not c:
                            return ("empty", j)
                        if c & (c - 1) == 0:
                            queue.append(j)
                        for k2 in units_of[j]:
                            if on[k2] and not flagged[k2]:
                                flagged[k2] = 1
                                dirty.append(k2)
            if not dirty:
                return None
            k = dirty.pop()  # hidden singles; a digit with no place is a contradiction
            flagged[k] = 0
            cells = units[k]
            once, lone = places(cands, cells)
            if once != full:
                d = (full & ~once).bit_length() - 1
                return ("nowhere", k, d + 1)
            while lone:
                bit = lone & -lone
                lone ^= bit
                where = [i for i in cells if cands[i] & bit]
                if not where:  # (the last placement took it)
                    return ("nowhere", k, bit.bit_length())
                w = where[0]
                if why is not None:
                    _because(why, w, cands[w] & ~bit, (2, k, bit.bit_length() - 1), n)
                cands[w] = bit
                queue.append(w)
                for k2 in units_of[w]:
                    if on[k2] and not flagged[k2]:
                        flagged[k2] = 1
                        dirty.append(k2)

    def extend(self, cands: list[int], removals: Sequence[Fact]) -> tuple | None:
        """Continue a propagation that ended at the fixpoint ``cands`` (changed in place) with the
        ``removals`` added: the contradiction it reaches now, or None."""
        n, on, units_of = self.n, self.on, self.g.units_of
        done = [c & (c - 1) == 0 for c in cands]
        queue, dirty = [], []
        for r, c, d in removals:
            i = r * n + c
            if cands[i] >> (-d - 1) & 1:
                cands[i] &= ~(1 << (-d - 1))
                if not cands[i]:
                    return ("empty", i)
                if cands[i] & (cands[i] - 1) == 0:
                    queue.append(i)
                dirty += [k for k in units_of[i] if on[k] and k not in dirty]
        return self.close(cands, queue, done, dirty) if queue or dirty else None

    def refuted(self, facts: Sequence[Fact], candidates: Sequence[Fact]) -> list[bool]:
        """For each of ``candidates`` (placements), whether propagation refutes it with ``facts``:
        the facts are propagated once, each candidate from there."""
        n, on, units_of = self.n, self.on, self.g.units_of
        found, cands = self.start(facts)
        if found is not None:
            return [True] * len(candidates)
        done = [c & (c - 1) == 0 for c in cands]
        out = []
        for r, c, d in candidates:
            i, bit = r * n + c, 1 << (d - 1)
            if not cands[i] & bit:
                out.append(True)
                continue
            mine = cands[:]
            mine[i] = bit
            out.append(self.close(mine, [i], done[:], [k for k in units_of[i] if on[k]]) is not None)
        return out


def places(cands: list[int], cells: Sequence[int]) -> tuple[int, int]:
    """The digits with a place among ``cells`` and those with exactly one, in an undecided cell
    (a hidden single), as bitsets."""
    once = twice = solo = 0
    for i in cells:
        c = cands[i]
        twice |= once & c
        once |= c
        if c & (c - 1) == 0:
            solo |= c
    return once, once & ~twice & ~solo


def _because(why: dict, i: int, gone: int, reason: Reason, n: int) -> None:
    while gone:
        low = gone & -gone
        why[i * n + low.bit_length() - 1] = reason
        gone ^= low


def cone(g: Grid, found: tuple, why: dict, facts: Sequence[Fact]) -> tuple[set[int], set[Fact]]:
    """The units and the facts (of ``facts``, by the positions in the reasons ``why``; -1 is no
    fact) that the contradiction ``found`` depends on."""
    n = g.n
    used: set[int] = set()
    premises: set[int] = set()
    if found[0] == "ruled out":
        keys = [found[1] * n + found[2] - 1]
        premises.add(why[-1][1])
    elif found[0] == "empty":
        keys = list(range(found[1] * n, found[1] * n + n))
    else:  # ("nowhere", unit, digit)
        _, k, d = found
        used.add(k)
        keys = [j * n + d - 1 for j in g.units[k]]
    seen: set[int] = set()
    while keys:
        key = keys.pop()
        if key in seen:
            continue
        seen.add(key)
        reason = why[key]
        if reason[0] == 0:
            premises.add(reason[1])
        elif reason[0] == 1:
            _, k, i, d = reason
            used.add(k)
            keys.extend(i * n + e for e in range(n) if e != d)
        else:
            _, k, d = reason
            used.add(k)
            keys.extend(j * n + d for j in g.units[k] if j != key // n)
    return used, {facts[x] for x in premises if 0 <= x < len(facts)}


def refutation(g: Grid, units: Sequence[int], facts: Sequence[Fact],
               assumed: Fact) -> tuple[set[int], set[Fact]] | None:
    """The cone (:func:`cone`) of the contradiction naked and hidden singles over ``units`` reach
    from ``facts`` and ``assumed``; None when they reach none."""
    why: dict[int, Reason] = {}
    listed = list(facts)
    found, _ = Propagation(g, units).start([*listed, assumed], why)
    return None if found is None else cone(g, found, why, listed)


def reasoning(backend: Backend) -> Backend:
    """The backend the general steps reason with: a SAT backend on a preset encoding says a killer's
    sums as ``cage-sets`` (each cage's digit sets, at least one chosen), not its default
    ``cage-sum`` (exactly one). The at-most-one over the sets lets its propagation refute more
    candidates alone, and the steps then chose more what-ifs through the solver where a person's
    combination analysis or a case split came before (on flowers, 39 what-ifs where there were 15);
    a search, the count before the steps, is faster with it."""
    if getattr(backend, "encoding", None) not in PRESETS:
        return backend
    sets = copy.copy(backend)
    sets.encoding = f"{backend.encoding}+cage-sets"  # type: ignore[attr-defined]
    return sets


class UnitPropagation:
    """Unit propagation over some parts of the rules (units, relations, a variant's constraints),
    one MiniSat solver holding every part behind a guard of its own
    (:meth:`~sudoku_cp.backends.sat.SatBackend.parts_session`): a query assumes its facts and its
    parts' guards. It never searches, so it learns nothing: its answers are the rules' own.

    Over units and relations it is naked and hidden singles: on the direct encoding (each cell and
    each unit: a clause "at least one" and clauses "at most one" of a digit; a relation: a clause
    per pair of digits its partners may not hold), unit propagation derives exactly what naked
    singles (a cell's clause), hidden singles (a unit's) and a decided cell's eliminations (the
    "at most one" clauses, a relation's) derive, so it reaches a conflict exactly when
    :class:`Propagation` reaches a contradiction (``tests/test_refutations.py`` compares the two on
    real positions), about ten times faster a trial.
    """

    def __init__(self, rules: Rules):
        self.n, self.rules = rules.size, rules
        # the registry's SAT backend (MiniSat propagates fastest); its literal-level calls are the
        # SAT backend's own (SatBackend.parts_session, fixed_session), hence Any
        self.backend: Any = cast(Any, reasoning(make("sat:minisat22")))
        self.session: Any = self.backend.parts_session(rules)
        self.guards = self.session.selectors
        self.every = list(range(len(self.guards)))  # (all the rules)
        n = self.n
        self._literal = {(r, c, s * d): s * ((r * n + c) * n + d)  # each fact's literal, looked up
                         for r in range(n) for c in range(n) for d in range(1, n + 1) for s in (1, -1)}
        self._fixed: dict[tuple[int, ...], tuple[Any, set[Fact]]] = {}  # (see :meth:`under`)

    @classmethod
    def of(cls, rules: Rules) -> UnitPropagation | None:
        """One for ``rules``, or None where no guarded solver holds them (above 25x25)."""
        try:
            return cls(rules)
        except Unsupported:
            return None

    def close(self) -> None:
        self.session.close()
        for session, _ in self._fixed.values():
            session.close()
        self._fixed.clear()

    def literals(self, facts: Sequence[Fact]) -> list[int]:
        table = self._literal
        return [table[f] for f in facts]

    def refutes(self, parts: Sequence[int], literals: list[int]) -> bool:
        """Propagation over ``parts`` reaches a conflict from the facts whose :meth:`literals` these are."""
        guards = self.guards
        return self.session.contradicts_literals(literals + [guards[k] for k in parts])

    def contradicts(self, parts: Sequence[int], facts: Sequence[Fact]) -> bool:
        return self.refutes(parts, self.literals(facts))

    def propagate(self, parts: Sequence[int], facts: Sequence[Fact]) -> tuple[bool, list[Fact]]:
        """``(no conflict, every fact propagation over ``parts`` derives from ``facts``)``."""
        return self.session.propagate(facts, self.session.guards(parts))

    def under(self, facts: Sequence[Fact], parts: Sequence[int] | None = None) -> Any:
        """A solver holding the rules' ``parts`` (all of them by default) switched on and ``facts``
        as unit clauses: queries that add to the same facts propagate only what they add
        (:meth:`~sudoku_cp.backends.sat.SatBackend.fixed_session`). Kept, one per set of parts:
        the facts of a run of steps only grow (a digit placed drops its cell's removals from the
        facts, and the cell's own clause derives them again), so the next call adds the new ones
        as unit clauses; a call whose facts drop any other starts a new solver."""
        key = tuple(self.every if parts is None else parts)
        session, held = self._fixed.get(key, (None, set()))
        now = set(facts)
        placed = {(r, c): d for r, c, d in now if d > 0}
        if session is not None and any(d > 0 or placed.get((r, c), -d) == -d for r, c, d in held - now):
            session.close()
            session = None
        if session is None:
            session, held = self.backend.fixed_session(self.rules, facts, parts), set(now)
        for fact in sorted(now - held):
            session.solver.add_clause([self._literal[fact]])
        self._fixed[key] = (session, held | now)
        return session

    def refuted(self, parts: Sequence[int], facts: Sequence[Fact], candidates: Sequence[Fact]) -> list[bool]:
        """For each of ``candidates``, whether propagation over ``parts`` refutes it with ``facts``
        (over units and relations: :meth:`Propagation.refuted`'s answers)."""
        contradicts = self.under(facts, parts).contradicts_literals
        if contradicts([]):
            return [True] * len(candidates)
        return [contradicts([lit]) for lit in self.literals(candidates)]


Trial = Callable[[list], tuple[bool, Any]]


class Deletion:
    """A deletion in progress, as :func:`~sudoku_cp.tasks.cores.shrink_core` does it: drop each
    member in turn while the rest still refutes; it can stop at a bound and resume.

    ``trial(kept)`` answers ``(True, used)`` when ``kept`` refutes (``used``: the members its
    refutation depends on, so the others go without a trial; None: unknown) or ``(False, still)``:
    ``still(added)`` continues that trial with the removals ``added`` and says whether it still
    refutes nothing."""

    def __init__(self, members: Sequence, trial: Trial, named: dict | None = None):
        """``named``: what each member stands for, the answer's members (facts deleted as their
        solver literals, which no trial then looks up again)."""
        self.kept, self.i, self.trial, self.named = list(members), 0, trial, named
        self.used: set | None = None
        self.ends: list[Callable[[Sequence[Fact]], bool]] = []

    def run(self, most: int | None = None) -> list | None:
        """The minimal members; None as soon as more than ``most`` are known to be needed."""
        kept = self.kept
        while self.i < len(kept) and (most is None or self.i <= most):
            if self.used is not None and kept[self.i] not in self.used:
                del kept[self.i]
                continue
            refutes, info = self.trial(kept[:self.i] + kept[self.i + 1:])
            if refutes:
                self.used = info
                del kept[self.i]
            else:
                self.ends.append(info)
                self.i += 1
        if most is not None and self.i > most:
            return None
        return list(kept) if self.named is None else [self.named[m] for m in kept]

    @property
    def needed(self) -> int:
        """How many members are known to be needed (all of them once finished)."""
        return self.i if self.i < len(self.kept) else len(self.kept)

    def holds(self, added: Sequence[Fact]) -> bool:
        """Whether the deletion so far is the one the facts with the removals ``added`` give (a
        trial that refuted still does; each that did not must still not, with them added: its
        propagation continues where it ended). The facts keep their order, ``added`` among them."""
        return all(still(added) for still in self.ends)


def units_deletion(g: Grid, facts: Sequence[Fact], assumed: Fact, up: UnitPropagation | None = None) -> Deletion:
    """The deletion over ``g.every`` of the units naked and hidden singles refute ``assumed`` over,
    with all of ``facts`` (not yet run; its trials by ``up`` when given)."""
    if up is not None:
        literals = up.literals([*facts, assumed])
        return Deletion(g.every, lambda units: _by_solver(up, units, literals))

    def trial(units):
        propagation = Propagation(g, units)
        found, cands = propagation.start([*facts, assumed])
        return (True, None) if found is not None else (False, _continued(propagation, cands))

    return Deletion(g.every, trial)


def _by_solver(up: UnitPropagation, units: Sequence[int], literals: list[int]) -> tuple[bool, Any]:
    """A :class:`Deletion`'s trial by unit propagation (``used`` unknown: it names no cone)."""
    if up.refutes(units, literals):
        return True, None
    held = list(literals)

    def still(added):
        held.extend(up.literals(added))
        return not up.refutes(units, held)
    return False, still


def _continued(propagation: Propagation, cands: list[int]) -> Callable[[Sequence[Fact]], bool]:
    """A failed trial's ``still`` (:class:`Deletion`): its propagation continued with more removals."""
    return lambda added: propagation.extend(cands, added) is None


def facts_deletion(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact,
                   up: UnitPropagation | None = None) -> Deletion:
    """The deletion of the facts with which naked and hidden singles over ``units`` still refute
    ``assumed`` (not yet run; its trials by ``up`` when given, else by :class:`Propagation`, whose
    cones let the facts a refutation does not use go without a trial)."""
    if up is not None:
        assumption, literals = up.literals([assumed]), up.literals(facts)
        return Deletion(literals, lambda kept: _by_solver(up, units, kept + assumption), dict(zip(literals, facts)))
    propagation = Propagation(g, units)

    def trial(kept):
        why: dict[int, Reason] = {}
        found, cands = propagation.start([*kept, assumed], why)
        if found is None:
            return False, _continued(propagation, cands)
        return True, cone(g, found, why, kept)[1]

    deletion = Deletion(facts, trial)
    refutes, info = trial(list(facts))
    deletion.used = info if refutes else None
    return deletion
