"""The solver seam: the sessions the general steps ask, and the minimal premises and units of a refutation."""


from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Any

from ...backends import Backend, Deadline, Session, Unsupported
from ...backends.pool import borrow, give_back
from ...core.board import Fact, Rules, cell_name
from ...core.results import SolverFailure, TimeLimitReached
from ..cores import shrink_core
from ..refutations import UnitPropagation, reasoning
from ..techniques import FINDERS
from ..twin import Back, Twin
from .grid import Grid, snapshot
from .check import GUARDED_CONFLICTS
from .needed import Swaps
from .singles import singles_refute, where_stuck
from .step import BOUND, DEDUCTION_COST, SHRINK_MOST, TRIAL_CONFLICTS, Step, over_whole_rules, part

PREMISE_CONFLICTS = 10_000  # a search step's premise stays unless a search this long shows it is not needed
CORE_CONFLICTS = 1_000  # ... a solver's core, unless its search takes more conflicts (then all the units): on the
#                        published killers nearly every longer search's core held all its units or all but a few; at
#                        8,000, each of Hailstone's search steps spent 0.5 s reaching the bound, and at 3,000 Wecoc's
#                        #1 (A) spent 1.3 s on nine that did (encodings/steps.md)
# the first finder a twin (:mod:`.twin`) shares with this process: from it on, this process claims the finders
# from the front and the twin, from the back, singles' what-if and then the finders (the first ones, cheap and
# most often the step, stay here: the twin, asked ahead, works meanwhile)
SHARED_FROM = "combination analysis"
TWIN_AFTER = 0.5  # ... started once the steps have run this many seconds (an easy puzzle never needs one:
#                  starting it took about 10 to 20 ms, a tenth of a median top1465 puzzle's steps)


_SHARED = next(k for k, (name, _) in enumerate(FINDERS) if name == SHARED_FROM)
# the positions shared with the twin: the finders from _SHARED on, and the last, :meth:`Prover.what_if`, whose
# answer depends on the grid alone (the steps' general kind that took most of their time); claimed from both ends
_BOTH_ENDS = Back(len(FINDERS) - _SHARED + 1)



class _Unsettled(Exception):
    """A guarded session's search went past its bound (:meth:`Seam.tightened` asks a session of its own)."""


class Seam:
    """The solver seam's part: one session with the whole rules (propagation, cores, search) and
    fresh sessions holding only some units (what a step's units alone imply).

    Given the puzzle's ``solution`` (its cells, as the count found them), the general steps do not
    try to refute a candidate the solution holds: no refutation of it exists, so the steps found
    are the same, without a search per such candidate (on a hard killer, most of a "what if, by
    search" went to solving the whole puzzle once for each true candidate before it)."""

    def __init__(self, rules: Rules, backend: Backend, deadline: Deadline, solution: Sequence[int] | None = None):
        backend.require("propagate")
        backend.require("core")
        backend = reasoning(backend)
        self.rules, self.backend, self.deadline = rules, backend, deadline
        self.solution = solution
        # the givens with which a count proved :attr:`solution` the only one (set by the walk; None: not known)
        self.givens: list[Fact] | None = None
        self.awaiting: Callable[[], Any] | None = None  # sets :attr:`solution` once it has come (a twin finds it)
        self._session: Session | None = None  # (:attr:`session`: made on first use)
        # the deletions of the last general step (:meth:`_cheapest`), by the facts they were made with
        self._kept: dict[str, Any] = {"facts": set(), "units": {}, "premises": {}}
        self.parts: Session | None = None  # for implies, where the backend has it
        self.parted = False  # (asked for it)
        self._up: UnitPropagation | None = None  # (:meth:`up`)
        self._upped = False
        self._swaps: Swaps | None = None  # (:attr:`swaps`)
        self._asked: Session | None = None  # (:meth:`asked`)
        self._asked_for = False
        self._whole: Session | None = None  # (:meth:`asked` with ``whole``)
        self._whole_for = False
        self.twins: Callable[[], Twin | None] | None = None  # makes the twin (:attr:`twin`)
        self._twin: Twin | None = None
        self._began = time.perf_counter()
        # the last grid's facts and candidates (:meth:`_candidates`) and scan (:meth:`_scan`), each by
        # the grid's candidate list (a new one after each step: Grid.refresh)
        self._listed: tuple = (None, None)
        self._scanned: tuple = (None, None)

    @property
    def twin(self) -> Twin | None:
        """The twin that asks half of a step's questions (:mod:`.twin`), started by :attr:`twins`
        when it is wanted once the steps have run :data:`TWIN_AFTER` seconds (None before, and
        where there is none: one process asks them all; the steps are the same either way)."""
        if self._twin is None and self.twins is not None and time.perf_counter() - self._began >= TWIN_AFTER:
            make, self.twins = self.twins, None  # (cleared first: the twin, a copy, never makes one)
            self._twin = make()
        return self._twin

    @property
    def shares(self) -> bool:
        """A twin asks half of the questions, or will once the steps have run long enough."""
        return self._twin is not None or self.twins is not None

    def unwanted(self) -> None:
        """What the twin was asked ahead is not wanted (a first finder found the step)."""
        if self._twin is not None:
            self._twin.drop()

    def ahead(self, g: Grid, conclusion: Sequence[Fact]) -> None:
        """Have the twin (once started) try its finders on the grid a step concluding
        ``conclusion`` leads to, while this process explains, checks and applies that step and
        tries the first finders there (after a step found past them, the next one mostly is too)."""
        if self._twin is not None:
            shot = snapshot(g, conclusion)
            if 0 in shot[0]:
                self._twin.ahead("finders", shot, (), _BOTH_ENDS)

    def close(self) -> None:
        if self._twin is not None:
            self._twin.close()
        if self._session is not None:
            self._session.close()
        if self.parts is not None:
            self.parts.close()
        if self._asked is not None:
            give_back(self.backend, self.rules, self._asked)
        if self._whole is not None:
            give_back(self.backend, self.rules, self._whole, whole=True)
        if self._up is not None:
            self._up.close()

    @property
    def session(self) -> Session:
        """The solver holding the whole rules (propagation, cores, search), made on first use: a
        puzzle the named techniques solve never asks it (loading it was a tenth of such a
        puzzle's explanation)."""
        if self._session is None:
            self._session = self.backend.session(self.rules, stats=False)
        return self._session

    @property
    def up(self) -> UnitPropagation | None:
        """The solver that runs the general steps' propagations, over any parts of the rules (made
        on first use; None above 25x25, where :class:`~sudoku_cp.tasks.refutations.Propagation`
        runs singles, and the backend's sessions the rest)."""
        if not self._upped:
            self._upped = True
            self._up = UnitPropagation.of(self.rules)
        return self._up

    def refutable(self, g: Grid, i: int) -> list[int]:
        """Cell ``i``'s candidates a general step may refute, lowest first: all but the solution's."""
        return [d for d in sorted(g.cands[i]) if self.solution is None or self.solution[i] != d]

    def refuted(self, facts: list[Fact], fact: Fact) -> bool:
        """Propagation alone turns ``facts`` plus ``fact`` into a contradiction."""
        if self.up is not None:
            return self.up.contradicts(self.up.every, facts + [fact])
        return self.session.contradicts(facts + [fact])

    def parted_session(self) -> Session | None:
        """:attr:`parts`, made on first use: every unit behind a guard (None where the backend has none)."""
        if not self.parted:
            self.parted = True
            try:
                self.parts = self.backend.parts_session(self.rules)
            except Unsupported:
                pass
        return self.parts

    def implies(self, units: Sequence[int], premises: list[Fact], fact: Fact, budget: int | None = None) -> bool:
        """Only ``units`` and ``premises``: ``fact`` cannot hold (one solver holding every unit
        behind a guard, only these switched on, where the backend has it; else a fresh solver).
        With a conflict ``budget``, a search that does not settle it within it answers no."""
        parts = self.parted_session()
        if parts is not None:
            found = parts.solve(premises + [fact], self.deadline, budget, guards=parts.guards(units))
        else:
            with self.backend.session(part(self.rules, units), stats=False) as session:
                found = session.solve(premises + [fact], self.deadline, budget)
        if found is None and budget is not None and not self.deadline.expired():
            return False  # (not settled within the budget)
        return self._answer(found)

    def _core_units(self, units: Sequence[int]) -> set[int]:
        """After :meth:`implies` answered yes over ``units``: those its solver's core holds (they
        alone refute the fact with the premises), else all of them."""
        found = self.parts.core_parts() if self.parts is not None else None
        return set(units) if found is None else set(found) & set(units)

    def fresh(self) -> Session | None:
        """A new solver holding every unit and constraint behind a guard of its own, nothing learnt
        yet; None where the backend has none."""
        try:
            return self.backend.parts_session(self.rules)
        except Unsupported:
            return None

    def _using(self, fresh: Session | None) -> Any:
        """``fresh`` as a context that leaves it open, else a new :meth:`fresh` one closed after
        (or None, where the backend has none)."""
        return nullcontext(fresh) if fresh is not None else (self.fresh() or nullcontext(None))

    def fresh_core(self, units: list[int], premises: list[Fact], assumed: Fact,
                   fresh: Session | None = None) -> list[int]:
        """The units a fresh solver's refutation of ``assumed`` from ``premises`` over ``units``
        uses (its core), searched again on those until it uses them all or they are at most
        :data:`SHRINK_MOST` (a solver that refuted other facts before keeps what it learnt, and
        its core holds more), or a search takes more than :data:`CORE_CONFLICTS` conflicts (then
        the units it had). ``fresh``: that solver (:meth:`fresh`), else one made for the call."""
        with self._using(fresh) as session:
            if session is None:
                return units
            while len(units) > SHRINK_MOST:
                answer = session.solve(premises + [assumed], self.deadline, CORE_CONFLICTS, guards=session.guards(units))
                if answer is None and not self.deadline.expired():
                    break  # (a long refutation: its core holds about all of them)
                self._answer(answer)
                found = session.core_parts()
                used = set(units) if found is None else set(found)
                if used >= set(units):
                    break
                units = [k for k in units if k in used]
        return units

    def _answer(self, found: bool | None) -> bool:
        """A search's "impossible" (False found), or the time limit's end (None: no answer)."""
        if found is None:
            raise TimeLimitReached("the time limit ended the search for the next step")
        return found is False

    def fewest(self, units: Sequence[int], premises: list[Fact], fact: Fact, fresh: Session | None = None) -> list[Fact]:
        """A minimal subset of ``premises`` with which ``units`` alone still refute ``fact``
        (deletion, each answer's core refining the rest): in ``fresh`` (:meth:`fresh`) with only
        ``units`` switched on, else in a solver made for the call."""
        if not premises:  # (nothing to shrink: no solver made for it)
            return []
        with self._using(fresh) as session:
            if session is None:  # (no guarded solver: one holding only these units)
                with self.backend.session(part(self.rules, units), stats=False) as held:
                    return shrink_core(lambda s: self._answer(held.solve(s + [fact], self.deadline)), premises,
                                       lambda s: set(held.core()))
            guards = session.guards(units)
            return shrink_core(lambda s: self._answer(session.solve(s + [fact], self.deadline, guards=guards)),
                               premises, lambda s: set(session.core()))

    def solver_fewest(self, units: Sequence[int], premises: list[Fact], fact: Fact) -> list[Fact]:
        """A minimal subset of ``premises`` with which a solver holding only ``units`` refutes
        ``fact`` (:meth:`implies`, deletion, each answer's core refining the rest); a trial it does
        not settle within :data:`TRIAL_CONFLICTS` conflicts keeps its premise."""
        parts = self.parted_session()

        def core(kept: list[Fact]) -> set[Fact] | None:
            return set(parts.core()) if parts is not None else None

        return shrink_core(lambda s: self.implies(units, s, fact, TRIAL_CONFLICTS), premises, core)

    def propagates(self, units: Sequence[int], facts: list[Fact], cases: Sequence[Fact] = ()) -> bool:
        """Propagation over ``units`` alone (:attr:`up`'s parts, else a fresh solver) reaches a
        contradiction from ``facts`` (with ``cases``: from ``facts`` plus each case in turn)."""
        tries = [facts + [c] for c in cases] or [facts]
        if self.up is not None:
            return all(self.up.contradicts(units, t) for t in tries)
        with self.backend.session(part(self.rules, units), stats=False) as session:
            return all(session.contradicts(t) for t in tries)

    def dead_end(self, units: Sequence[int], facts: list[Fact]) -> tuple:
        """Where propagation over ``units`` alone (:attr:`up`'s parts, else a fresh solver) runs out from ``facts``: a cell or
        a unit (:func:`contradiction_text`), or ``("none", k)`` when it needs more than
        propagation: no arrangement of the k constraints fits the facts."""
        if self.up is not None:
            ok, derived = self.up.propagate(units, facts)
        else:
            with self.backend.session(part(self.rules, units), stats=False) as session:
                ok, derived = session.propagate(facts)
        found = None if ok else where_stuck(self.rules, units, list(facts) + derived)
        return found or ("none", len(units))

    def _reason(self, g: Grid, facts: list[Fact], assumed: Fact, refutes,
                within=None) -> tuple[list[int], list[Fact], str]:
        """Minimal premises (under ``refutes``), then the units they need, for refuting ``assumed``.

        ``refutes`` None: the whole rules refute it (a search step). The premises are the facts the
        refutation used: the core of the main session's search over the current facts (taken as
        assumptions), shrunk by deletion, each answer's core refining the rest (:meth:`searched_premises`);
        the units are then found as for any step, and the premises, minimal under the whole rules,
        stay minimal under any of their parts (no second deletion).

        How minimal (the third value): ``"propagation"``, dropping any unit or premise stops naked
        and hidden singles over the units (:func:`singles_refute`); ``"solver propagation"``, it
        stops ``within(units, premises)`` (the propagation of a fresh solver holding those units);
        ``"solver"``, a fresh solver holding those units then finds an arrangement, or does not
        settle it in :data:`TRIAL_CONFLICTS` conflicts (a search step's units start from the
        solver's core; without that bound one trial took seconds, a whole step a minute);
        ``"solver core"``, the units are those the solver's refutation used (its core, taken again
        from a search on them until it holds them all), when there are more than
        :data:`SHRINK_MOST`: a published killer's search step kept some 33 of 45 after 40 trials of
        up to 0.3 s each; or all of them, when the refutation takes the solver more than
        :data:`CORE_CONFLICTS` conflicts (on the published killers such a core held all of them,
        or all but a few).
        """
        searched = refutes is None
        if searched:  # the whole rules: the facts their search used, each one needed
            premises = self.searched_premises(facts, assumed)
        else:
            self._answer(self.session.solve(facts + [assumed], self.deadline))
            core = set(self.session.core())
            start = [f for f in facts if f in core]
            if not refutes(start, assumed):
                start = facts
            premises = shrink_core(lambda s: refutes(s, assumed), start)
        n = g.n
        touched = {f[0] * n + f[1] for f in premises} | {assumed[0] * n + assumed[1]}
        near = sorted({k for i in touched for k in g.units_of[i]})
        every = g.every
        if singles_refute(g, every, premises, assumed):  # find the units by plain propagation here
            units = shrink_core(lambda s: singles_refute(g, s, premises, assumed), every)
            return units, shrink_core(lambda s: singles_refute(g, units, s, assumed), premises), "propagation"
        # a refutation only the solver sees (or one needing a variant's constraints beyond the
        # units): ask it, a fresh solver per subset of units and constraints
        rest = [k for k in range(len(g.units), len(g.units) + len(self.rules.constraints)) if k not in every]
        every, near = every + rest, near + [k for k in every + rest if k >= len(g.units)]
        if within is not None and within(every, premises):  # by the solver's propagation alone
            if not within(near, premises):
                near = every
            units = shrink_core(lambda s: within(s, premises), near)
            return units, shrink_core(lambda s: within(units, s), premises), "solver propagation"
        if not self.implies(near, premises, assumed, TRIAL_CONFLICTS):  # (the units about the premises: a
            # search over them that does not settle it within the bound may not within minutes, as on a counting-
            # circles puzzle whose three premises took 124 s there, and its check 185 s: the whole rules then)
            near = every  # (they refute it: ``refutes`` asked the whole rules)
            if not self.implies(near, premises, assumed, CORE_CONFLICTS):  # a long refutation: no core
                return near, premises if searched else self.fewest(near, premises, assumed), "solver core"
        needed = self._core_units(near)
        near = [k for k in near if k in needed]  # (the core's units refute it too)
        if len(near) > SHRINK_MOST:  # too many to try one by one: a fresh solver's core
            with self._using(None) as fresh:
                near = self.fresh_core(near, premises, assumed, fresh)
                if len(near) > SHRINK_MOST:
                    return near, premises if searched else self.fewest(near, premises, assumed, fresh), "solver core"
        units = shrink_core(lambda s: self.implies(s, premises, assumed, TRIAL_CONFLICTS), near, self._core_units)
        return units, premises if searched else self.fewest(units, premises, assumed), "solver"

    def tightened(self, step: Step) -> Step:
        """A named technique's ``step`` with each premise needed: its pattern's facts shrunk by
        deletion while a solver holding only the step's units still refutes the negation of every
        conclusion fact from the rest (a fact a unit of the step already rules out, such as a
        cell's own digit beside a peer's, goes). A premise a swap of the solution's digits shows
        needed (:class:`~.needed.Swaps`) is not asked about. Over units alone the questions go to
        a borrowed guarded session (:meth:`asked`: by the answers alone, one premise at a time);
        with a variant's constraints, to :attr:`parts`, each answer's cores (over every conclusion
        fact) refining the rest, or past :data:`~.check.GUARDED_CONFLICTS` conflicts a question to
        a session holding only the step's parts (a guarded session's search can be a thousand
        times longer: an arrow's step, 51 s against 0.04 s). Unchanged where the backend has no
        guarded session, or the step adds up a cage of its own."""
        if len(step.premises) < 2 or step.new_cages or step.assumption is not None:
            return step  # (a general step's premises are minimal under the propagation it names: :meth:`_reason`)
        shown = self.swaps.needed(step.conclusion, step.premises, step.constraints) if self.swaps else set()
        rest = [p for p in step.premises if p not in shown]
        if not rest:
            return step
        units_only = all(k < len(self.rules.units) for k in step.constraints)
        every = units_only and over_whole_rules(step, self.rules)  # (a uniqueness step's: no guards)
        guarded = self.asked(every) if units_only else self.parted_session()
        if guarded is None:
            return step
        needed = sorted(shown)
        used: set[Fact] = set()  # (the cores of the last trial's answers)

        def shrunk(session: Session, guards: list, budget: int | None) -> list[Fact]:
            def follows(kept: list[Fact]) -> bool:
                used.clear()
                for r, c, d in step.conclusion:
                    found = session.solve(needed + kept + [(r, c, -d)], self.deadline, budget, guards=guards)
                    if found is None and not self.deadline.expired():
                        raise _Unsettled
                    if not self._answer(found):
                        return False
                    if not units_only:
                        used.update(session.core())
                return True
            return shrink_core(follows, rest, None if units_only else lambda kept: set(used))

        try:
            kept = set(shrunk(guarded, [] if every else guarded.guards(step.constraints),
                              None if units_only else GUARDED_CONFLICTS))
        except _Unsettled:
            with self.backend.session(part(self.rules, step.constraints), stats=False) as held:
                kept = set(shrunk(held, [], None))
        step.premises = [p for p in step.premises if p in shown or p in kept]
        return step

    def asked(self, whole: bool = False) -> Session | None:
        """A guarded session for yes-or-no questions over parts of the rules (:attr:`parts` asks
        for cores too), borrowed on first use from those kept between puzzles
        (:func:`~sudoku_cp.backends.pool.borrow`); None where the backend has none. ``whole``: one
        of the whole rules, no guards, for questions over all of them (a search there took about
        twice as long behind guards)."""
        if whole:
            if self._whole is None and not self._whole_for:
                self._whole_for = True
                try:
                    self._whole = borrow(self.backend, self.rules, whole=True)
                except Unsupported:
                    pass
            return self._whole
        if self._asked is None and not self._asked_for:
            self._asked_for = True
            try:
                self._asked = borrow(self.backend, self.rules)
            except Unsupported:
                pass
        return self._asked

    @property
    def swaps(self) -> Swaps | None:
        """The solution's swaps (:class:`~.needed.Swaps`), once the solution is known."""
        if self.solution is None:
            return None
        if self._swaps is None or self._swaps.solution is not self.solution:
            self._swaps = Swaps(self.rules, self.solution)
        return self._swaps

    def searched_premises(self, facts: list[Fact], assumed: Fact) -> list[Fact]:
        """A minimal subset of ``facts`` with which the whole rules refute ``assumed`` (a search step's
        premises): the main session's core over ``facts`` taken as assumptions, shrunk by deletion,
        each unsat answer's own core refining the rest (dropping any one of them lets the whole rules
        hold it). A trial the session does not settle within :data:`PREMISE_CONFLICTS` conflicts
        keeps its fact (needed, as far as the bound shows: never on the classic collections)."""
        session = self.session

        def unsat(kept: list[Fact]) -> bool:
            found = session.solve(kept + [assumed], self.deadline, PREMISE_CONFLICTS)
            if found is None and not self.deadline.expired():
                return False  # (not settled within the bound: the fact stays)
            return self._answer(found)

        if not self._answer(session.solve(facts + [assumed], self.deadline)):
            raise SolverFailure(f"search step: {cell_name(*assumed[:2])}={assumed[2]} is not refuted by the whole rules and the facts")
        core = set(session.core())
        start = [f for f in facts if f in core]
        if len(start) < len(facts) and not unsat(start):
            start = facts  # (a core the bound cannot confirm: all the facts)
        return shrink_core(unsat, start, lambda kept: set(session.core()))

    def _step(self, units: list[int], premises: list[Fact], how: str, assumed: Fact, cost: int,
              name: str) -> Step:
        r, c, d = assumed
        if name == "what if" and len(units) <= BOUND:
            name = f"deduction from {len(units)} constraint{'' if len(units) == 1 else 's'}"
            cost = DEDUCTION_COST
        return Step([(r, c, -d)], sorted(premises), sorted(units), name, cost + len(units),
                    assumption=assumed, minimal_under=how)


