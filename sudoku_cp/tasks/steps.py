"""Explain a solution step by step, the way a person solves, every step verified by its own solver call.

Words (as everywhere): a *cell* holds a *digit*; a blank cell keeps *candidates*, the digits no
peer holds, no relation partner forbids (anti-knight, anti-king, non-consecutive: a partner's
digit counts as a peer's, :class:`Grid`) and no earlier step removed. A :class:`Step` has a **conclusion** (digits placed, or
candidates removed: facts ``(row, col, digit)`` and ``(row, col, -digit)``), the **premises** it
uses (placed digits and earlier removals, as facts), the **constraints** it uses (units of the
puzzle's rules, by position in ``rules.units``; past them, a variant's killer cages and relations,
by position in ``rules.constraints``: :func:`part`), a **technique** name and a **cost**.

How the next step is found (:func:`next_step`): the named techniques of
:mod:`sudoku_cp.tasks.techniques` (one module per family, one registry with each technique's cost
and SE rating) are looked for directly on the candidates grid, cheapest first (:data:`COSTS`):
singles, intersections, subsets, fish, single-digit patterns, wings, uniqueness (only once the
count proved one solution: :attr:`Grid.unique`), colouring, chains. When none applies, the solver seam takes over (:meth:`Prover.general`). Every candidate is tried:
naked and hidden singles over all units and relations (:func:`singles_refute`), else the
propagation of the whole rules (a killer cage's too), from the current facts plus "this cell holds
this digit"; a contradiction removes the candidate. For each candidate singles refute, the units are shrunk by
deletion with all current facts (:func:`fewest_units`), then the premises by deletion under those
units: dropping any premise or any unit stops the propagation. These thousands of trials run as
unit propagation in one MiniSat solver holding every unit and constraint behind a guard
(:class:`~sudoku_cp.tasks.refutations.UnitPropagation`: over units and relations exactly naked and
hidden singles, tested so). The step is the candidate whose
explanation needs the fewest units, then the fewest facts: cheapest first, exactly, among these
explanations (each deletion-minimal, not the smallest possible). When singles refute none, a
refutation only the solver's propagation sees (a killer cage's) is shrunk the same way
with propagation over only some units and constraints (:meth:`Prover.propagates`), for the first :data:`TRIES`
such candidates only (cells with the fewest candidates first: not exactly the cheapest). Up
to :data:`BOUND` units it is a "deduction from k constraints"; beyond, it is a "what if": the
assumption and the contradiction propagation reaches, named in cells and units
(:func:`contradiction_text`), with its chain of singles link by link
(:func:`~sudoku_cp.tasks.techniques.forcing.trace`). When propagation refutes nothing, a bounded "what if, by cases"
assumes a candidate and splits on one cell left with at most :data:`CASES` candidates (or one
unit left with at most that many places for a digit), each case propagating to a named
contradiction; beyond that bound a full search refutes a candidate ("what
if, by search"), still with minimal premises. Never a silent jump. Once the steps have run half a
second, on Linux with two cores or more, a forked twin of the process asks half of the questions
whose answers depend on the grid alone (:mod:`sudoku_cp.tasks.twin`): the same steps, sooner.

How each step is checked (:func:`verify_step`), apart from the code that found it: a solver
holds only the step's units and premises (one solver per puzzle holding every unit behind a guard
of its own, only the step's units switched on, where the backend has it; else a fresh one per
step); the premises must hold together, and the negation of each conclusion fact must be impossible. At the end the grid must be the puzzle's unique solution
(the independent checker, and the one solution a count found).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> steps = explain_steps(parse_puzzle("..3..4.12......."))
>>> [s.text(steps.rules) for s in steps][:2]
['r1c2 = 2: hidden single in box 1', 'r1c1 = 1: hidden single in box 1']
>>> steps.techniques(), steps[0].to_json(steps.rules)["premises"]
({'full house': 8, 'hidden single': 4}, [[1, 1, 4], [2, 0, 2]])
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from itertools import compress
from typing import Any, cast

from ..backends import Backend, Deadline, Session, Unsupported, make
from ..core.board import Board, Constraint, Fact, Rules, cell_name
from ..core.check import is_solution
from ..core.results import Result, SolverFailure, Status, TimeLimitReached
from ..formats.svg import page_picture
from ..formats.text import DEFAULT_SYMBOLS
from .cores import shrink_core
from .refutations import Propagation, UnitPropagation, places, facts_deletion, reasoning, units_deletion
from .solving import Sessions, VerificationError, answer, count
from .techniques import COSTS, FINDERS, cost_of
from .techniques.base import NewCage, bits_of, forget_unless, unit_bits
from .techniques.forcing import chain_se, trace
from .twin import Back, Failed, Twin, first

# The general steps come after every named technique: their costs start past the last of :data:`COSTS`
# (a tens boundary, so that adding a technique moves them only when it crosses one).
GENERAL_COST = (max(COSTS.values()) // 10 + 1) * 10
DEDUCTION_COST = GENERAL_COST       # + the number of units: "deduction from k constraints"
WHAT_IF_COST = GENERAL_COST + 10    # + the number of units: an assumption refuted by propagation
CASES_COST = GENERAL_COST + 40      # + the number of units: an assumption refuted by propagation in every case of a split
SEARCH_COST = GENERAL_COST + 70     # an assumption refuted only by a full search
TRIES = 1            # refutations only the solver sees: this many explained before the cheapest is chosen
TRIAL_CONFLICTS = 2_000  # a search step's units: a unit stays unless a search this long shows it is not needed
SHRINK_MOST = 12     # ... tried one by one only when the solver's core holds at most this many (else the core)
CORE_CONFLICTS = 1_000  # ... a solver's core, unless its search takes more conflicts (then all the units): on the
#                        published killers nearly every longer search's core held all its units or all but a few; at
#                        8,000, each of Hailstone's search steps spent 0.5 s reaching the bound, and at 3,000 Wecoc's
#                        #1 (A) spent 1.3 s on nine that did (encodings/steps.md)
SEARCHED = ("solver", "solver core")  # how minimal a search step is (:meth:`Prover._reason`)
BOUND = 4            # a general deduction over more units than this is shown as a "what if"
YOUNG = 20_000       # the garbage collector's youngest pass during the steps, every this many objects (Python: 700)
CASES = 3            # a "what if, by cases" splits a cell (or a unit's places for a digit) into at most this many cases
# the first finder a twin (:mod:`.twin`) shares with this process: from it on, this process claims the finders
# from the front and the twin, from the back, singles' what-if and then the finders (the first ones, cheap and
# most often the step, stay here: the twin, asked ahead, works meanwhile)
SHARED_FROM = "combination analysis"
TWIN_AFTER = 0.5  # ... started once the steps have run this many seconds (an easy puzzle never needs one:
#                  starting it took about 10 to 20 ms, a tenth of a median top1465 puzzle's steps)
AMPLE = 10  # a variant's uniqueness proof runs beside the steps while this many times the solve's time is left


@dataclass
class Step:
    """One step: ``conclusion`` facts follow from ``premises`` facts under the units ``constraints``."""

    conclusion: list[Fact]
    premises: list[Fact]
    constraints: list[int]
    technique: str
    cost: int
    focus: list[int] = field(default_factory=list)  # the units the technique is about (named in text)
    assumption: Fact | None = None  # for a "what if": the assumed fact
    minimal_under: str | None = None  # general steps: "propagation" or "solver" (see _reason)
    contradiction: tuple | None = None  # a "what if": where it ends (see contradiction_text)
    cases: list | None = None  # a "what if, by cases": (each case's fact, where it ends)
    chain: str | None = None  # the chain a person follows: "r1c2=5 so r1c7<>5 so ..."
    arrows: list[tuple[Fact, Fact]] = field(default_factory=list)  # the chain's links: (a fact, one it gives)
    se: float | None = None  # the SE-scale rating, when it is not the technique's (tasks.rating)
    new_cages: list[NewCage] = field(default_factory=list)  # sums it adds up (innies and outies)

    def placements(self) -> list[Fact]:
        return [f for f in self.conclusion if f[2] > 0]

    def removals(self) -> list[Fact]:
        return [f for f in self.conclusion if f[2] < 0]

    def text(self, rules: Rules, symbols: str | None = None) -> str:
        """One line for people: ``r1c3 = 4: hidden single in box 1`` (digits as ``symbols`` show
        them; by default 1-9 then A-Z, as grids are printed)."""
        name = digit_names(rules.size, symbols)
        what = ", ".join(f"{cell_name(r, c)} = {name(d)}" for r, c, d in self.placements())
        removed = self.removals()
        if removed:
            what = (what + "; " if what else "") + "remove " + _removal_names(removed, name)
        where = " in " + ", ".join(unit_name(rules, k) for k in self.focus) if self.focus else ""
        if self.technique == "what if, by cases" and self.cases and self.assumption is not None:
            r, c, d = self.assumption
            used = units_text(rules, self.constraints)
            (j, k, e), _ = self.cases[0]
            if self.focus:  # a unit's places for a digit
                held = [cell_name(a, b) for (a, b, _), _ in self.cases]
                split = f"{unit_name(rules, self.focus[0])} has {name(e)} only in {_or(held)}"
            else:  # a cell's digits
                split = f"{cell_name(j, k)} could hold only {_or([name(x) for (_, _, x), _ in self.cases])}"
            each = "; ".join(f"{cell_name(a, b)} = {name(x)}: {contradiction_text(rules, end, name)}"
                             for (a, b, x), end in self.cases)
            how = "a search" if self.minimal_under in SEARCHED else "propagation"
            return (f"{what}: what if {cell_name(r, c)} were {name(d)}? then {split}, and {how} "
                    f"through {used} reaches a contradiction in each case ({each}) "
                    f"({len(self.premises)} facts used)" + self._chain_text())
        if self.technique.startswith("what if") and self.assumption is not None:
            r, c, d = self.assumption
            how = ("propagation" if self.technique == "what if" and self.minimal_under not in SEARCHED
                   else "a search")
            used = units_text(rules, self.constraints)
            end = f": {contradiction_text(rules, self.contradiction, name)}" if self.contradiction else ""
            digits = [name(-e) for _, _, e in removed] if len(removed) > 1 else [name(d)]  # (a search's: one cell)
            each = " in each case" if len(digits) > 1 else ""
            return (f"{what}: what if {cell_name(r, c)} were {_or(digits)}? {how} through {used} "
                    f"reaches a contradiction{each}{end} ({len(self.premises)} facts used)" + self._chain_text())
        if self.technique.startswith("deduction"):
            used = units_text(rules, self.constraints)
            return (f"{what}: {self.technique} ({used}; {len(self.premises)} facts used)"
                    + self._chain_text())
        return f"{what}: {self.technique}{where}" + (f": {self.chain}" if self.chain else "")

    def hint(self, rules: Rules, level: int, symbols: str | None = None) -> str:
        """A teacher's hint at ``level``: 1 the technique and where (its units), 2 also the cells
        it concludes about and the cells it uses, 3 the whole step (:meth:`text`)."""
        if level >= 3:
            return self.text(rules, symbols)
        base = self.technique.split(" (")[0]
        told = " ".join(filter(None, ("look for", _article(base), base)))
        if self.assumption is not None:
            told = "look for a candidate whose assumption leads, by singles, to a contradiction"
        where = self.focus or [k for k in self.constraints if k < len(rules.units)][:3]
        if where:
            told += " in " + ", ".join(unit_name(rules, k) for k in where)
        if level == 1:
            return told
        about = sorted({(r, c) for r, c, _ in self.conclusion})
        used = sorted({(r, c) for r, c, _ in self.premises} - set(about))
        told += f"; it concerns {', '.join(cell_name(r, c) for r, c in about)}"
        if used and len(used) <= 12:
            told += f", using {', '.join(cell_name(r, c) for r, c in used)}"
        return told

    def _chain_text(self) -> str:
        return f"; the chain: {self.chain}" if self.chain else ""

    def to_json(self, rules: Rules) -> dict[str, Any]:
        """CONTRACT.md's step: conclusion and premises as ``[row, col, digit]`` (negative: removed)."""
        return {"conclusion": [list(f) for f in self.conclusion],
                "premises": [list(f) for f in self.premises],
                "constraints": [unit_name(rules, k) for k in self.constraints],
                "technique": self.technique, "cost": self.cost}


def unit_name(rules: Rules, k: int) -> str:
    """``row 3``, ``box 5``: a unit by its kind and 1-based index; past the units, a variant's
    constraint (``cage at r1c1 (sum 9)``, ``the antiknight rule``)."""
    if k >= len(rules.units):
        rule = rules.constraints[k - len(rules.units)]
        return step_name(rule)
    unit = rules.units[k]
    return f"{unit.kind} {unit.index + 1}"


def units_text(rules: Rules, ks: Sequence[int]) -> str:
    """The units and constraints ``ks`` as a step names them, one by one; past
    :data:`SHRINK_MOST` of them (a search's), by kind: units by their numbers, cages counted.

    >>> from sudoku_cp.core.board import Board
    >>> rules = Board.from_rows([[0] * 9] * 9).rules
    >>> units_text(rules, [0, 2, 9])
    'row 1, row 3, column 1'
    >>> units_text(rules, list(range(0, 4)) + [5] + list(range(9, 18)) + [18])
    '15 constraints (rows 1-4, 6; columns 1-9; box 1)'
    """
    if len(ks) <= SHRINK_MOST:
        return ", ".join(unit_name(rules, k) for k in ks)
    u = len(rules.units)
    numbers: dict[str, list[int]] = {}
    others: dict[str, int] = {}
    for k in ks:
        if k < u:
            numbers.setdefault(rules.units[k].kind, []).append(rules.units[k].index + 1)
        else:
            label = "cage" if rules.constraints[k - u].kind == "killer" else unit_name(rules, k)
            others[label] = others.get(label, 0) + 1
    words = [f"{kind}{'es' if kind.endswith('x') else 's'} {_runs(ns)}" if len(ns) > 1 else f"{kind} {ns[0]}"
             for kind, ns in numbers.items()]
    words += [label if count == 1 and label != "cage" else f"{count} {label}{'s' * (count != 1)}"
              for label, count in others.items()]
    return f"{len(ks)} constraints ({'; '.join(words)})"


def _runs(numbers: list[int]) -> str:
    """``1-4, 6``: numbers as runs."""
    out: list[list[int]] = []
    for x in sorted(numbers):
        if out and x == out[-1][-1] + 1:
            out[-1].append(x)
        else:
            out.append([x])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in out)


def step_name(rule) -> str:
    """How a step names a constraint: ``cage at r1c1 (sum 9)``, ``the antiknight rule``, or its kind's label."""
    from ..constraints import kind_of

    kind = kind_of(rule.kind)
    if kind.whole_grid:
        return f"the {rule.kind} rule"
    total = f" (sum {rule.value})" if rule.value is not None and kind.name == "killer" else ""
    return kind.label(rule) + total


def part(rules: Rules, ks: Iterable[int]) -> Rules:
    """The rules holding only the units and constraints numbered ``ks`` (as in :func:`unit_name`)."""
    u = len(rules.units)
    ks = sorted(ks)
    return Rules(rules.shape, tuple(rules.units[k] for k in ks if k < u),
                 tuple(rules.constraints[k - u] for k in ks if k >= u), name="part")


def digit_names(size: int, symbols: str | None = None):
    """How a digit is written: its symbol (``symbols``, else 1-9 then A-Z) when there are enough,
    else its number, as grids of that size are printed."""
    alphabet = symbols or DEFAULT_SYMBOLS
    return (lambda d: alphabet[d - 1]) if size <= len(alphabet) else str


def _article(word: str) -> str:
    """The article before a technique's name: none for a plural (``locked candidates``, ``cage
    combinations``, ``innies and outies``), else ``a`` or ``an`` as it is spoken."""
    if word.endswith("s"):
        return ""
    return "an" if word[:1].lower() in "aeiox" and not word.startswith("unique") else "a"


def _or(words: Sequence[str]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def _removal_names(facts: Sequence[Fact], name=str) -> str:
    """``4 from r1c2, r1c3; 7 from r1c3``: the removed digits and their cells, by digit (``4, 5, 8
    from r1c6`` when they are all one cell's)."""
    if len(facts) > 1 and len({(r, c) for r, c, _ in facts}) == 1:
        r, c, _ = facts[0]
        return f"{', '.join(name(d) for d in sorted(-e for _, _, e in facts))} from {cell_name(r, c)}"
    by_digit: dict[int, list[str]] = {}
    for r, c, d in facts:
        by_digit.setdefault(-d, []).append(cell_name(r, c))
    return "; ".join(f"{name(d)} from {', '.join(cells)}" for d, cells in sorted(by_digit.items()))


def contradiction_text(rules: Rules, found: tuple, name=str) -> str:
    """A :func:`contradiction` (or :func:`where_stuck`) in words: ``r2c3 has no candidate left``,
    ``box 5 has no place for 7``; ``("none", k)``: no arrangement of the k constraints fits."""
    n = rules.size
    if found[0] == "nowhere":
        return f"{unit_name(rules, found[1])} has no place for {name(found[2])}"
    if found[0] == "twice":
        return f"{unit_name(rules, found[1])} would hold {name(found[2])} twice"
    if found[0] == "none":
        return f"no arrangement of these {found[1]} constraints fits the facts"
    if found[0] == "broken":
        return f"{unit_name(rules, found[1])} cannot be filled"
    if found[0] == "clash":
        _, kind, i, j, d = found
        return (f"{cell_name(i // n, i % n)} and {cell_name(j // n, j % n)} would both hold "
                f"{name(d)}, against the {kind} rule")
    where = cell_name(found[1] // n, found[1] % n)
    if found[0] == "forced":
        return f"{where} would have to hold {name(found[2])}, which it cannot"
    if found[0] == "two":
        return f"{where} would hold both {name(found[2])} and {name(found[3])}"
    if found[0] == "ruled out":
        return f"{where} cannot hold {name(found[2])}, already ruled out"
    return f"{where} has no candidate left"


def relation_partners(rules: Rules) -> list[dict[int, list[tuple[int, tuple[int, ...]]]]]:
    """For each cell (row-major), its partners under each relation of ``rules``: the relation's
    position past the units (``len(rules.units) + k`` for ``rules.constraints[k]``) to
    ``(j, gaps)`` pairs, a digit e in cell j forbidding ``e + g`` (g in gaps) here
    (the relation kind's ``gaps``). Empty dicts when ``rules`` have no relation."""
    n, u = rules.size, len(rules.units)
    out: list[dict[int, list[tuple[int, tuple[int, ...]]]]] = [{} for _ in range(n * n)]
    from ..constraints import kind_of

    for k, rule in enumerate(rules.constraints):
        kind = kind_of(rule.kind)
        gaps = getattr(kind, "gaps", None)
        if gaps is None or not hasattr(kind, "steps"):
            continue
        for a, b in kind.pairs(rules):  # type: ignore[attr-defined]
            out[a].setdefault(u + k, []).append((b, gaps))
            out[b].setdefault(u + k, []).append((a, gaps))
    return out


class Grid:
    """Digits placed so far and candidates removed by steps; candidates are derived from both: a
    placed digit leaves its peers, and its relation partners lose the digits the relation forbids
    (the digit itself for anti-knight and anti-king, the digits one apart for non-consecutive)."""

    def __init__(self, board: Board):
        self.rules = board.rules
        self.n = board.size
        self.cells = list(board.cells)
        self.removed: set[tuple[int, int]] = set()  # (cell index, digit)
        self.units = [[r * self.n + c for r, c in u.cells] for u in self.rules.units]
        self.units_of = self.rules.units_of
        self.related = relation_partners(self.rules)
        # what naked and hidden singles propagate through (:func:`contradiction`): units, relations
        self.every = list(range(len(self.units))) + sorted({k for ks in self.related for k in ks})
        self.unique = False  # proved to have one solution: uniqueness techniques may be used
        self.peer_sets = [frozenset(p) for p in self.rules.peers]  # (the techniques ask often)
        self.refresh()

    def refresh(self) -> None:
        n, cells = self.n, self.cells
        full = set(range(1, n + 1))
        cands: list[set[int]] = []
        for i in range(n * n):
            if cells[i]:
                cands.append(set())
                continue
            s = full - {cells[j] for j in self.rules.peers[i]}
            s -= {cells[j] + g for partners in self.related[i].values()
                  for j, gaps in partners if cells[j] for g in gaps}
            cands.append({d for d in s if (i, d) not in self.removed})
        self.cands = cands

    def fact(self, i: int, d: int) -> Fact:
        return (i // self.n, i % self.n, d)

    def facts(self) -> list[Fact]:
        """The current state as facts: every placed digit and every removal made by a step."""
        out = [self.fact(i, d) for i, d in enumerate(self.cells) if d]
        out += sorted(self.fact(i, -d) for i, d in self.removed if not self.cells[i])
        return out

    def why_not(self, i: int, d: int, facts: list[Fact], units: set[int]) -> None:
        """Add the reason why cell ``i`` cannot hold ``d`` (it holds another digit, a peer holds
        ``d``, a relation partner holds a digit the relation forbids beside ``d``, or a step
        removed it) to ``facts`` and ``units`` (a relation: its position past the units, as in
        :func:`unit_name`). Units and relations the step already uses come first, then units."""
        if self.cells[i]:
            facts.append(self.fact(i, self.cells[i]))
            return
        related = self.related[i]
        for k in sorted((*self.units_of[i], *related), key=lambda k: (k not in units, k in related)):
            if k in related:
                found = [j for j, gaps in related[k] if self.cells[j] and d - self.cells[j] in gaps]
            else:
                found = [j for j in self.units[k] if j != i and self.cells[j] == d]
            if found:
                facts.append(self.fact(found[0], self.cells[found[0]]))
                units.add(k)
                return
        if (i, d) in self.removed:
            facts.append(self.fact(i, -d))
            return
        raise ValueError(f"{cell_name(i // self.n, i % self.n)} can still hold {d}")

    def apply(self, step: Step) -> None:
        for r, c, d in step.conclusion:
            i = r * self.n + c
            if d > 0:
                self.cells[i] = d
            else:
                self.removed.add((i, -d))
        self.refresh()

    def solved(self) -> bool:
        return 0 not in self.cells

    def step(self, conclusion: Iterable[Fact], reasons: Iterable[tuple[int, int]], units: Iterable[int],
             technique: str, focus: Sequence[int]) -> Step:
        """A named technique's step: ``reasons`` are (cell, digit) pairs that cannot hold, each
        turned into its fact and unit by :meth:`why_not`; the cost is the technique's."""
        facts: list[Fact] = []
        used = set(units)
        for i, d in reasons:
            self.why_not(i, d, facts, used)
        return Step(sorted(conclusion), sorted(set(facts)), sorted(used), technique, cost_of(technique),
                    list(focus))

    def whole_step(self, conclusion: Iterable[Fact], technique: str) -> Step:
        """A step that uses the whole grid: every current fact, every unit (a uniqueness step,
        which the rules alone do not imply: its check is that the one solution holds it)."""
        return Step(sorted(conclusion), self.facts(), list(range(len(self.units))), technique,
                    cost_of(technique))


# -- general deductions through the solver seam --------------------------------------------------

class Prover:
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
        self.awaiting: Callable[[], Any] | None = None  # sets :attr:`solution` once it has come (a twin finds it)
        self.session = backend.session(rules, stats=False)
        # the deletions of the last general step (:meth:`_cheapest`), by the facts they were made with
        self._kept: dict[str, Any] = {"facts": set(), "units": {}, "premises": {}}
        self.parts: Session | None = None  # for implies, where the backend has it
        self.parted = False  # (asked for it)
        self._up: UnitPropagation | None = None  # (:meth:`up`)
        self._upped = False
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
        self.session.close()
        if self.parts is not None:
            self.parts.close()
        if self._up is not None:
            self._up.close()

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

    def searched(self, facts: list[Fact], fact: Fact) -> bool:
        found = self.session.solve(facts + [fact], self.deadline)
        if found is None:
            raise TimeLimitReached("the time limit ended the search for the next step")
        return not found

    def implies(self, units: Sequence[int], premises: list[Fact], fact: Fact, budget: int | None = None) -> bool:
        """Only ``units`` and ``premises``: ``fact`` cannot hold (one solver holding every unit
        behind a guard, only these switched on, where the backend has it; else a fresh solver).
        With a conflict ``budget``, a search that does not settle it within it answers no."""
        if not self.parted:  # (made on first use)
            self.parted = True
            try:
                self.parts = self.backend.parts_session(self.rules)
            except Unsupported:
                pass
        if self.parts is not None:
            found = self.parts.solve(premises + [fact], self.deadline, budget, guards=self.parts.guards(units))
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

    def general(self, g: Grid, asked: bool = False) -> Step | None:
        """The cheapest general step: a candidate refuted by propagation, else by propagation in
        every case of one cell, else by a search; with minimal premises and units.

        Cheapest, exactly, among the refutations naked and hidden singles over the units see (all of
        them on a puzzle with units only): every candidate is tried; for each one singles refute,
        the units are shrunk by deletion with all current facts (:func:`singles_refute`, no solver
        call), so the step's unit count is known for every candidate before any premise is shrunk;
        the premises are then shrunk (under those units) for the candidates with the fewest units,
        and the one needing the fewest facts is the step. Dropping a premise never lets a unit go,
        so every candidate's full explanation has exactly the unit count ranked on. Refutations
        only the solver's propagation sees (a variant's constraints) cost a fresh solver per subset
        of units: when there are only those, the first :data:`TRIES` in the order of cells with the
        fewest candidates are explained and the cheapest is taken (by estimate, not exactly).

        When propagation refutes nothing, a bounded "what if, by cases" (:meth:`by_cases`) comes
        before the unbounded "what if, by search". ``asked``: the refutations singles see were
        looked for already (:meth:`what_if`, maybe by the twin), and there were none.
        """
        if not asked:
            step = self.what_if(g)
            if step is not None:
                return step
        facts, order, candidates = self._candidates(g)
        other = self._scan(g, facts, candidates)[0]  # the whole rules' refutations: singles refute none
        if self.up is None:
            other = []
            for fact in candidates:
                if self.deadline.expired():
                    raise TimeLimitReached("the time limit ended the search for the next step")
                if self.refuted(facts, fact):
                    other.append(fact)
        tried = [self._reason(g, facts, fact, self.refuted, lambda u, s, f=fact: self.propagates(u, s + [f])) + (fact,)
                 for fact in other[:TRIES]]
        if tried:
            return self._what_if_step(g, tried)
        split = self.by_cases(g, facts, order)
        if split is not None:
            return split
        if self.solution is None and self.awaiting is not None:
            self.awaiting()  # (the steps so far did without it: the same steps)
        for _, i in order:  # propagation is stuck even case by case: refute a candidate by search
            for d in self.refutable(g, i):  # (given the solution, each of these is refuted: not asked twice)
                if self.solution is not None or self.searched(facts, g.fact(i, d)):
                    units, premises, how = self._reason(g, facts, g.fact(i, d), None)
                    step = self._step(units, premises, how, g.fact(i, d), SEARCH_COST,
                                      "what if, by search")
                    if self.solution is not None:  # the cell's other digits these units refute too, in one step
                        step.conclusion = [g.fact(i, -e) for e in self.refutable(g, i)
                                           if e == d or self._refutes_too(step, g.fact(i, e))]
                    step.contradiction = self.dead_end(units, premises + [g.fact(i, d)])
                    step.se = chain_se(None)
                    return step
        return None

    def what_if(self, g: Grid) -> Step | None:
        """:meth:`general`'s first kind of step: the cheapest candidate naked and hidden singles
        refute (a "what if", or a deduction from a few units), or None. Its answer depends on the
        grid alone (propagation, which learns nothing), so a twin may look for it."""
        facts, _, candidates = self._candidates(g)
        seen = self._scan(g, facts, candidates)[1]
        return self._what_if_step(g, self._cheapest(g, facts, seen)) if seen else None

    def scanned(self, g: Grid, whole: list[Fact] | None = None) -> list[Fact]:
        """The candidates propagation over all the rules refutes on ``g`` (:meth:`_scan`; with
        ``whole``, those a twin found, kept for :meth:`general`; singles refuted none of them)."""
        if whole is not None:
            self._scanned = (g.cands, (whole, []))
        facts, _, candidates = self._candidates(g)
        return self._scan(g, facts, candidates)[0]

    def _candidates(self, g: Grid) -> tuple[list[Fact], list[tuple[int, int]], list[Fact]]:
        """The grid's facts, its blank cells by (candidates, cell), and the candidates a general
        step may refute, in that order (made once per grid: :meth:`what_if`, the twin's question
        and :meth:`general` each ask)."""
        if self.deadline.expired():
            raise TimeLimitReached("the time limit ended the search for the next step")
        if self._listed[0] is not g.cands:
            n = g.n
            order = sorted((len(g.cands[i]), i) for i in range(n * n) if not g.cells[i])
            self._listed = (g.cands, (g.facts(), order, [g.fact(i, d) for _, i in order for d in self.refutable(g, i)]))
        return self._listed[1]

    def _scan(self, g: Grid, facts: list[Fact], candidates: list[Fact]) -> tuple[list[Fact], list[Fact]]:
        """The candidates propagation over all the rules refutes (where :attr:`up` runs; else none
        listed), and those naked and hidden singles refute, for ``g``'s ``facts`` and
        ``candidates`` (:meth:`_candidates`; kept for the grid: :meth:`general` asks again after
        :meth:`what_if`)."""
        if self._scanned[0] is g.cands:
            return self._scanned[1]
        up = self.up
        if up is not None:  # propagation over all the rules refutes every candidate singles do, and
            # maybe more (more clauses, more propagation): singles are asked about those alone
            whole = list(compress(candidates, up.refuted(up.every, facts, candidates)))
            seen = list(compress(whole, up.refuted(g.every, facts, whole))) if whole else []
        else:
            whole, seen = [], list(compress(candidates, Propagation(g, g.every).refuted(facts, candidates)))
        self._scanned = (g.cands, (whole, seen))
        return whole, seen

    def _what_if_step(self, g: Grid, tried: list[tuple]) -> Step:
        """The step of the cheapest of ``tried`` (units, premises, how minimal, candidate): the
        fewest units, then the fewest premises; told as a chain where singles give one."""
        units, premises, how, fact = min(tried, key=lambda t: (len(t[0]), len(t[1])))
        self.ahead(g, [(fact[0], fact[1], -fact[2])])  # (the twin starts on the next grid while this one is told)
        step = self._step(units, premises, how, fact, WHAT_IF_COST, "what if")
        if step.technique == "what if":
            step.contradiction = (contradiction(g, units, premises, fact) if how == "propagation"
                                  else self.dead_end(units, premises + [fact]))
        found = trace(g, units, premises, fact) if how not in SEARCHED else None
        if found is not None:  # the chain's own end (singles may reach more than one)
            step.chain = f"{found.words()} so {contradiction_text(self.rules, found.end)}"
            step.arrows = found.arrows
            if step.contradiction is not None:
                step.contradiction = found.end
        if how == "propagation":  # (a variant's refutation the solver sees is not rated)
            step.se = chain_se(found)
        return step

    def _refutes_too(self, step: Step, fact: Fact) -> bool:
        """A search step's units and premises also refute ``fact`` (a digit of its cell the solution
        does not hold): by the whole rules, surely (no search asked); by fewer, when the guarded
        solver shows it within :data:`TRIAL_CONFLICTS` conflicts. One step then removes each such
        digit, where a round of every finder came before each one (flowers: 18 search steps to 6)."""
        if over_whole_rules(step, self.rules):
            return True
        return self.implies(step.constraints, step.premises, fact, TRIAL_CONFLICTS)

    def _cheapest(self, g: Grid, facts: list[Fact], seen: list[Fact]) -> list[tuple]:
        """The full explanations (units, premises, ``"propagation"``, candidate) of the candidates
        of ``seen`` with the fewest units, in the order of ``seen``: :func:`fewest_units` for each,
        then :func:`fewest_facts` under those units for the ones with the fewest.

        The deletions are kept from one call to the next (a run of what-ifs removes one candidate
        each) while every trial so far answers the same with the new facts
        (:meth:`~sudoku_cp.tasks.refutations.Deletion.holds`): the same explanations as computed
        afresh, at the cost of a check. The facts' deletions hold only while the steps between
        remove candidates: a placed digit takes its cell's removals out of the facts. Candidates
        known to need more units than others are tried after them (the bound then cuts them short)."""
        kept, now = self._kept, set(facts)
        added, gone = sorted(now - kept["facts"]), kept["facts"] - now
        placed = {(r, c) for r, c, d in added if d > 0}
        if any(d > 0 or (r, c) not in placed for r, c, d in gone):
            kept.update(units={}, premises={})  # (never so: facts only go when a digit is placed)
        if placed:  # the units' deletions hold with more facts; the facts' take the facts' order
            kept["premises"] = {}
        removed = [f for f in added if f[2] < 0]  # a placed digit: its cell's other digits removed
        removed += [(r, c, -e) for r, c, d in added if d > 0 for e in range(1, g.n + 1) if e != d]
        kept["facts"] = now
        least = None
        deletions = {}
        up = self.up
        for fact in seen:
            deletion = kept["units"].get(fact)
            if deletion is None or not deletion.holds(removed):
                deletion = units_deletion(g, facts, fact, up)
            else:
                deletion.trial = units_deletion(g, facts, fact, up).trial  # (resumed with these facts)
            deletions[fact] = deletion
        kept["units"] = deletions
        found = {}
        for fact in sorted(seen, key=lambda f: deletions[f].needed):
            units = deletions[fact].run(least)
            if units is not None:
                found[fact] = units
                least = len(units) if least is None else min(least, len(units))
        tried = []
        premises = {}
        for fact in seen:
            units = found.get(fact)
            if units is None or len(units) != least:
                continue
            key = (fact, tuple(units))
            deletion = kept["premises"].get(key)
            if deletion is None or not deletion.holds(removed):
                deletion = facts_deletion(g, units, facts, fact, up)
            premises[key] = deletion
            tried.append((units, deletion.run() or [], "propagation", fact))
        kept["premises"] = premises
        return tried

    def by_cases(self, g: Grid, facts: list[Fact], order) -> Step | None:
        """A bounded "what if": assume a candidate and propagate; then some cell has at most
        :data:`CASES` candidates left, or some unit at most :data:`CASES` places left for a digit,
        and propagation reaches a contradiction in each case.

        Candidates are tried in the order of cells with the fewest candidates; for each, the
        splits with the fewest cases first (a cell before a unit); the first refutation found is
        the step (every one costs more than any refutation by propagation alone). None when no
        candidate is refuted this way: beyond this bound only a search refutes one. With a
        :attr:`twin`, it tries every other candidate (propagation learns nothing: the same step).
        """
        n = g.n
        tried = [g.fact(i, d) for _, i in order for d in self.refutable(g, i)]
        found = first(len(tried), self.splits(g, facts, tried), self.twin, "cases", snapshot(g), (facts, tried),
                      range(1, len(tried), 2) if self.up is not None else ())
        if found is None:
            return None
        position, (kind, key, e, m) = found
        r, c, d = tried[position]
        self.ahead(g, [(r, c, -d)])  # (the twin starts on the next grid while this step is explained)
        cases = _cases_of(kind, key, e, m)
        whole = [g.fact(key, x) for x in range(1, n + 1)] if kind == 0 else [g.fact(j, e) for j in g.units[key]]
        return self._cases(g, facts, tried[position], [g.fact(j, x) for j, x in cases], whole, [key] if kind else [])

    def splits(self, g: Grid, facts: list[Fact], tried: list[Fact]) -> Callable[[int], tuple | None]:
        """:meth:`by_cases`'s test of candidate ``tried[p]``: the first split, ``(kind, cell or unit,
        digit, its cases as bits)`` (kind 0: a cell's digits; 1: a unit's places for the digit),
        in each of whose cases propagation reaches a contradiction with the candidate; or None."""
        n, units_of, up = g.n, g.units_of, self.up
        given = {(k, e) for j, e in enumerate(g.cells) if e for k in units_of[j]}  # (unit, digit) placed
        unit_masks = unit_bits(g)
        fixed = up.under(facts) if up is not None else None
        start = [sum(1 << e for e in c) for c in g.cands]  # (with what the facts alone derive, taken once)
        if up is not None:  # (the guarded solver reports what the facts derive: the fixed one holds them at its root)
            for r, c, e in up.propagate(up.every, facts)[1]:
                if e > 0:
                    start[r * n + c] = 0
                    given.update((k, e) for k in units_of[r * n + c])
                else:
                    start[r * n + c] &= ~(1 << -e)
        start_holders = [0] * (n + 1)
        for j, m in enumerate(start):
            for e in bits_of(m):
                start_holders[e] |= 1 << j
        # the units' splits before any assumption: an assumption changes those its propagation
        # touches (a unit with more places for a digit is split only when it loses some)
        start_splits = {}
        for k, cells in enumerate(unit_masks):
            for e in range(1, n + 1):
                where = start_holders[e] & cells
                if 2 <= where.bit_count() <= CASES and (k, e) not in given:
                    start_splits[k, e] = where
        start_cells = [(m.bit_count(), 0, j, -1, m) for j, m in enumerate(start) if 2 <= m.bit_count() <= CASES]
        pairs = [[tuple((k, e) for k in units_of[j]) for e in range(n + 1)] for j in range(n * n)]  # (unit, digit)s of a cell
        listed: dict[tuple, tuple[int, ...]] = {}  # each split's cases, as codes (:meth:`_refutes_with`)

        def split(p: int) -> tuple | None:
            if self.deadline.expired():
                raise TimeLimitReached("the time limit ended the search for the next step")
            fact = tried[p]
            i, d = fact[0] * n + fact[1], fact[2]
            _, derived = (fixed.propagate([fact], with_root=False) if fixed is not None
                          else self.session.propagate(facts + [fact]))
            left = list(start)  # each cell's digits left, as bits
            holders = list(start_holders)  # each digit's cells left, as bits
            held = set(given)
            touched: set[tuple[int, int]] = set()  # (unit, digit): its places changed
            moved = set()  # the cells whose digits changed
            for j, e in [(i, d)] + [(r * n + c, e) for r, c, e in derived]:
                if e > 0:  # decided: no case to split on here
                    for x in bits_of(left[j]):
                        holders[x] &= ~(1 << j)
                        touched.update(pairs[j][x])
                    left[j] = 0
                    moved.add(j)
                    held.update(pairs[j][e])
                elif left[j] >> -e & 1:
                    left[j] &= ~(1 << -e)
                    holders[-e] &= ~(1 << j)
                    touched.update(pairs[j][-e])
                    moved.add(j)
            splits = [t for t in start_cells if t[2] not in moved]
            splits += [(m.bit_count(), 0, j, -1, m) for j in moved if 2 <= (m := left[j]).bit_count() <= CASES]
            splits += [(where.bit_count(), 1, k, e, where) for (k, e), where in start_splits.items()
                       if (k, e) not in touched and (k, e) not in held]
            for k, e in touched:
                where = holders[e] & unit_masks[k]
                if 2 <= where.bit_count() <= CASES and (k, e) not in held:
                    splits.append((where.bit_count(), 1, k, e, where))
            refutes = self._refutes_with(g, facts, fact, fixed)
            known: dict[int, bool] = {}  # each case's answer (a case belongs to several splits)
            splits.sort()  # (the fewest cases first, a cell before a unit: no two splits tie before their cases)
            for option in splits:
                cases = listed.get(option)
                if cases is None:
                    _, kind, key, e, m = option
                    cases = listed[option] = tuple(j * n + x for j, x in _cases_of(kind, key, e, m))
                for case in cases:
                    found = known.get(case)
                    if found is None:
                        found = known[case] = refutes(case)
                    if not found:
                        break
                else:
                    return option[1:]
            return None
        return split

    def _refutes_with(self, g: Grid, facts: list[Fact], fact: Fact, fixed: Any) -> Callable[[int], bool]:
        """:meth:`refuted` of ``facts`` and ``fact`` plus one case, as a function of the case's code
        ``j * N + x`` (cell j holds digit x: the literal of the SAT sessions, whose first N**3
        variables are the cells'); by ``fixed`` when given (a session holding ``facts``)."""
        if fixed is not None:
            ask, first = fixed.contradicts_literals, fixed.literal(fact)
            return lambda case: ask([first, case])
        n, before = g.n, facts + [fact]

        def refutes(case: int) -> bool:
            j, x = divmod(case - 1, n)
            return self.refuted(before, g.fact(j, x + 1))
        return refutes

    def _cases(self, g: Grid, facts: list[Fact], fact: Fact, branches: list[Fact], whole: list[Fact],
               focus: list[int]) -> Step:
        """The step for a split: ``whole`` lists every case (the cell's digits, or the unit's cells
        for the digit), as the premises are shrunk; ``branches`` are the cases the text names."""
        order = list(whole)  # (the case that last survived a trial is asked first: the same answers, sooner)

        def refutes(premises: list[Fact], assumed: Fact) -> bool:
            for k, b in enumerate(order):
                if not self.refuted(premises + [assumed], b):
                    order.insert(0, order.pop(k))
                    return False
            return True

        def within(units: Sequence[int], premises: list[Fact]) -> bool:  # a unit's split needs the unit
            return all(k in units for k in focus) and self.propagates(units, premises + [fact], whole)

        units, premises, how = self._reason(g, facts, fact, refutes, within)
        step = self._step(units, premises, how, fact, CASES_COST, "what if, by cases")
        step.focus = focus
        chains = [trace(g, units, premises, fact, b) for b in branches]
        if all(chains):  # each case ends where its chain does
            step.cases = [(b, c.end) for b, c in zip(branches, chains) if c is not None]
            step.chain = "; ".join(f"{c.words()} so {contradiction_text(self.rules, c.end)}"
                                   for c in chains if c is not None)
            step.arrows = list(dict.fromkeys(a for c in chains if c is not None for a in c.arrows))  # cases share links
        else:
            step.cases = [(b, self.dead_end(units, premises + [fact, b])) for b in branches]
        step.se = chain_se(None, chains)
        return step

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

        ``refutes`` None: the whole rules refute it (a search step). They imply every fact (the
        puzzle has one solution, and each fact is a checked step's conclusion), so the premises are
        none, and no search is asked to drop them one by one (on Hailstone that was 0.48 s a step).

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
        if refutes is None:  # the whole rules: they imply every fact, so deletion would drop each one
            premises: list[Fact] = []
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
        if not self.implies(near, premises, assumed):
            near = every  # (they refute it: ``refutes`` asked the whole rules)
            if not self.implies(near, premises, assumed, CORE_CONFLICTS):  # a long refutation: no core
                return near, self.fewest(near, premises, assumed), "solver core"
        needed = self._core_units(near)
        near = [k for k in near if k in needed]  # (the core's units refute it too)
        if len(near) > SHRINK_MOST:  # too many to try one by one: a fresh solver's core
            with self._using(None) as fresh:
                near = self.fresh_core(near, premises, assumed, fresh)
                if len(near) > SHRINK_MOST:
                    return near, self.fewest(near, premises, assumed, fresh), "solver core"
        units = shrink_core(lambda s: self.implies(s, premises, assumed, TRIAL_CONFLICTS), near, self._core_units)
        return units, self.fewest(units, premises, assumed), "solver"

    def _step(self, units: list[int], premises: list[Fact], how: str, assumed: Fact, cost: int,
              name: str) -> Step:
        r, c, d = assumed
        if name == "what if" and len(units) <= BOUND:
            name = f"deduction from {len(units)} constraint{'' if len(units) == 1 else 's'}"
            cost = DEDUCTION_COST
        return Step([(r, c, -d)], sorted(premises), sorted(units), name, cost + len(units),
                    assumption=assumed, minimal_under=how)


def _cases_of(kind: int, key: int, e: int, m: int) -> list[tuple[int, int]]:
    """A split's cases, (cell, digit): a cell's digits (kind 0, cell ``key``, digits ``m`` as
    bits), or a unit's places for digit ``e`` (kind 1, cells ``m`` as bits)."""
    return [(key, x) for x in bits_of(m)] if kind == 0 else [(j, e) for j in bits_of(m)]


def fewest_units(g: Grid, facts: Sequence[Fact], assumed: Fact, most: int | None = None) -> list[int] | None:
    """A minimal set of units (and relations) over which naked and hidden singles refute ``assumed``
    with all of ``facts`` (deletion over every unit, then every relation, in order): the units of that candidate's step. None as
    soon as more than ``most`` units are known to be needed (a unit found needed stays needed)."""
    return units_deletion(g, facts, assumed).run(most)


def fewest_facts(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> list[Fact]:
    """A minimal subset of ``facts`` with which naked and hidden singles over ``units`` still refute
    ``assumed``: deletion in order, as :func:`~sudoku_cp.tasks.cores.shrink_core` does with
    :func:`singles_refute` (:func:`~sudoku_cp.tasks.refutations.facts_deletion`)."""
    return facts_deletion(g, units, facts, assumed).run() or []  # (no bound: never None)


def where_stuck(rules: Rules, units: Sequence[int], facts: Sequence[Fact]) -> tuple | None:
    """Where ``facts`` (what propagation over ``units`` reached, up to its conflict) break a rule:
    a cell with two digits, no candidate or a digit it cannot hold, a unit with a digit twice or
    no place for it, two related cells (a knight's or king's move apart) with the same digit;
    None if none shows (a cage's sum, say)."""
    n = rules.size
    placed: dict[int, set[int]] = {}
    out: set[tuple[int, int]] = set()
    for r, c, d in facts:
        if d > 0:
            placed.setdefault(r * n + c, set()).add(d)
        else:
            out.add((r * n + c, -d))
    for i, ds in sorted(placed.items()):
        if len(ds) > 1:
            return ("two", i, *sorted(ds)[:2])
    ours = [k for k in units if k < len(rules.units)]
    cells_of = {k: [r * n + c for r, c in rules.units[k].cells] for k in ours}
    for k in ours:
        for d in range(1, n + 1):
            if sum(d in placed.get(i, ()) for i in cells_of[k]) > 1:
                return ("twice", k, d)
    kinds = {rules.constraints[k - len(rules.units)].kind for k in units if k >= len(rules.units)}
    from ..constraints import kind_of

    for kind in sorted(k for k in kinds if getattr(kind_of(k), "gaps", None) == (0,) and hasattr(kind_of(k), "steps")):
        for i, j in rules.relation_pairs(kind):
            same = placed.get(i, set()) & placed.get(j, set())
            if same:
                return ("clash", kind, i, j, min(same))
    for i in range(n * n):
        if i not in placed and all((i, d) in out for d in range(1, n + 1)):
            return ("empty", i)
    for k in ours:
        for d in range(1, n + 1):
            if all((i, d) in out or (i in placed and d not in placed[i]) for i in cells_of[k]):
                return ("nowhere", k, d)
    for i, ds in sorted(placed.items()):
        (d,) = ds
        if (i, d) in out:
            return ("forced", i, d)
    return None


def singles_refute(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> bool:
    """Naked and hidden singles over ``units`` alone reach a contradiction from ``facts`` and
    ``assumed`` (what unit propagation does on the CNF of those units): used to find which units a
    general step needs; the step itself is then checked by a solver."""
    return contradiction(g, units, facts, assumed) is not None


def contradiction(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact) -> tuple | None:
    """The contradiction naked and hidden singles over ``units`` reach from ``facts`` and
    ``assumed``: ``("empty", cell)`` (no candidate left), ``("nowhere", unit, digit)`` (no place
    for the digit) or ``("ruled out", cell, digit)``; None when they reach none. A relation among
    ``units`` (its position past the units) takes a decided cell's forbidden digits out of its
    partners, as a unit takes the digit out of its other cells."""
    n = g.n
    relations = [k for k in units if k >= len(g.units)]
    units = [k for k in units if k < len(g.units)]
    full = (1 << n) - 1
    cands = [full] * (n * n)
    queue = []
    for r, c, d in list(facts) + [assumed]:
        i = r * n + c
        if d > 0:
            if not cands[i] >> (d - 1) & 1:
                return ("ruled out", i, d)
            cands[i] = 1 << (d - 1)
            queue.append(i)
        else:
            cands[i] &= ~(1 << (-d - 1))
            if not cands[i]:
                return ("empty", i)
    cells_of = [g.units[k] for k in units]
    mine: list[list[int]] = [[] for _ in range(n * n)]
    for k, cells in enumerate(cells_of):
        for i in cells:
            mine[i].append(k)
    partners: list[list[tuple[int, tuple[int, ...]]]] = [
        [p for k in relations for p in g.related[i].get(k, ())] for i in range(n * n)]
    done = [False] * (n * n)
    changed = True
    while changed:
        changed = False
        while queue:  # a decided cell leaves its digit out of its units' other cells
            i = queue.pop()
            if done[i]:
                continue
            done[i] = True
            bit = cands[i]
            for k in mine[i]:
                for j in cells_of[k]:
                    if j != i and cands[j] & bit:
                        cands[j] &= ~bit
                        if not cands[j]:
                            return ("empty", j)
                        if cands[j] & (cands[j] - 1) == 0:
                            queue.append(j)
            d = bit.bit_length()
            for j, gaps in partners[i]:
                for e in gaps:
                    if 1 <= d + e <= n and cands[j] >> (d + e - 1) & 1:
                        cands[j] &= ~(1 << (d + e - 1))
                        if not cands[j]:
                            return ("empty", j)
                        if cands[j] & (cands[j] - 1) == 0:
                            queue.append(j)
        for i in range(n * n):  # naked singles found by the eliminations
            if not done[i] and cands[i] & (cands[i] - 1) == 0:
                queue.append(i)
                changed = True
        for k, cells in zip(units, cells_of):  # hidden singles; a digit with no place is a contradiction
            once, lone = places(cands, cells)
            if once == full and not lone:
                continue  # every digit has a place and none is newly a hidden single here
            for d in range(n):
                bit = 1 << d
                where = [i for i in cells if cands[i] & bit]
                if not where:
                    return ("nowhere", k, d + 1)
                if len(where) == 1 and cands[where[0]] != bit:
                    cands[where[0]] = bit
                    queue.append(where[0])
                    changed = True
        changed = changed or bool(queue)
    return None


# -- the sequence --------------------------------------------------------------------------------

class Steps(list):
    """A list of :class:`Step` from a puzzle to its solution; in a notebook, the page to step through."""

    def __init__(self, puzzle: Board, steps: Iterable[Step] = (), solution: Board | None = None):
        super().__init__(steps)
        self.puzzle = puzzle
        self.rules = puzzle.rules
        self.solution = solution
        self.complete = True  # False: a time limit ended the steps (these are the ones found)
        self.counted: Result | None = None  # the count that proved the one solution (:func:`explain_steps`)

    def difficulty(self) -> dict[str, Any] | None:
        """CONTRACT.md's ``difficulty`` (:func:`~sudoku_cp.tasks.rating.difficulty`); None when the
        steps are cut short (the rest may be harder) or the rules are not classic Sudoku's (the SE
        scale rates classic puzzles; variant techniques come with the constraint catalogue)."""
        from .rating import difficulty  # noqa: PLC0415 (rating imports the techniques, as we do)

        return difficulty(self) if self.complete and self.rules.is_classic else None

    def techniques(self) -> dict[str, int]:
        """How often each technique was used, cheapest first: the difficulty summary."""
        used: dict[str, int] = {}
        for step in sorted(self, key=lambda s: s.cost):
            key = step.technique.split(" (")[0]  # locked candidates (pointing), finned fish (X-wing)
            key = "deduction from k constraints" if key.startswith("deduction") else key
            used[key] = used.get(key, 0) + 1
        return used

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json(self.rules) for s in self]

    def page_data(self, symbols: str | None = None) -> dict[str, Any]:
        """What the step-through page shows: units, the grid before each step, each step's
        sentence and highlights, and the difficulty summary (plain JSON values); digits are
        written with ``symbols`` (default 1-9 then A-Z) when there are enough, else as numbers."""
        rules, n = self.rules, self.puzzle.size
        alphabet = symbols or DEFAULT_SYMBOLS
        states = replay(self.puzzle, self)
        steps = []
        for step, (cells, cands) in zip(self, states):
            data = step.to_json(rules)
            data["text"] = step.text(rules, symbols)
            data["units"] = step.constraints
            data["focus"] = step.focus
            data["arrows"] = [[list(a), list(b)] for a, b in step.arrows]
            steps.append(data)
        return {
            "size": n, "box": list(self.puzzle.box), "givens": list(self.puzzle.cells),
            "symbols": alphabet[:n] if n <= len(alphabet) else None,
            "region": list(rules.region_of),
            "units": [{"name": unit_name(rules, k), "cells": [r * n + c for r, c in u.cells]}
                      for k, u in enumerate(rules.units + rules.constraints)],
            "states": [{"cells": cells, "cands": [sorted(c) for c in cands]} for cells, cands in states],
            "steps": steps, "techniques": self.techniques(), "difficulty": self.difficulty(), "partial": not self.complete,
            "solved": bool(states[-1][0]) and 0 not in states[-1][0],
            "picture": page_picture(self.puzzle),
            "true_candidates": _true_candidates(self.puzzle),
        }

    def _repr_html_(self) -> str:
        from ..formats.steps_html import steps_page  # noqa: PLC0415 (only a notebook needs it)
        return steps_page(self, embedded=True)


PAGE_CANDIDATES_SECONDS = 10.0  # the page's true candidates are left out (null) past this


def _true_candidates(puzzle: Board) -> list[list[int]] | None:
    """Each cell's true candidates (the digits some solution puts there) for the page, row-major;
    None when the puzzle has duplicate givens or they take longer than PAGE_CANDIDATES_SECONDS."""
    from .candidates import candidates  # noqa: PLC0415 (the page only)

    found = candidates(puzzle, time_limit=PAGE_CANDIDATES_SECONDS)
    if found.undecided or not found.digits:
        return None
    return [list(d) for d in found.digits]


def next_step(grid: Grid, prover: Prover | None = None) -> Step | None:
    """The cheapest step from ``grid``: a named technique, else a general deduction (``prover``).
    With the prover's twin, from :data:`SHARED_FROM` on, this process tries the finders from the
    front and the twin singles' what-if and then the finders from the back
    (:func:`~sudoku_cp.tasks.twin.first`: the same step); a step found
    from there on has the twin ask them of the grid it leads to at once (:meth:`Prover.ahead`)."""
    shared = _SHARED if prover is not None and prover.shares else len(FINDERS)
    for _, finder in FINDERS[:shared]:
        found = finder(grid)
        if found is not None:
            if prover is not None:
                prover.unwanted()
            return cast(Step, found)  # built by the grid's own step methods
    if prover is None:
        return None
    asked = shared < len(FINDERS)
    if asked:  # the rest of the finders, then singles' what-if (the last position), with the twin
        named = cast(tuple, first(len(FINDERS) - shared + 1, shared_test(grid, prover), prover.twin, "finders",
                                  snapshot(grid), (), _BOTH_ENDS))  # (the last position always answers)
        if isinstance(named[1], Step):
            prover.ahead(grid, named[1].conclusion)
            return named[1]
        prover.scanned(grid, named[1])
    step = prover.general(grid, asked)
    if step is not None:
        prover.ahead(grid, step.conclusion)
    return step


_SHARED = next(k for k, (name, _) in enumerate(FINDERS) if name == SHARED_FROM)
# the positions shared with the twin: the finders from _SHARED on, and the last, :meth:`Prover.what_if`, whose
# answer depends on the grid alone (the steps' general kind that took most of their time); claimed from both ends
_BOTH_ENDS = Back(len(FINDERS) - _SHARED + 1)


def shared_test(grid: Grid, prover: Prover) -> Callable[[int], Step | list[Fact] | None]:
    """The test of position p of the questions shared with a twin: the finder ``_SHARED + p``,
    and past the last, singles' what-if (:meth:`Prover.what_if`), else the candidates the whole
    rules' propagation refutes (:meth:`Prover.scanned`: the general step goes on from them)."""
    def test(p: int) -> Step | list[Fact] | None:
        if _SHARED + p < len(FINDERS):
            return cast("Step | None", FINDERS[_SHARED + p][1](grid))
        return prover.what_if(grid) or prover.scanned(grid)  # (none: what the whole rules refute, for the rest)
    return test


def snapshot(grid: Grid, conclusion: Sequence[Fact] = ()) -> tuple:
    """What a grid's candidates follow from (its digits and removals; with ``conclusion``, as a
    step concluding it leaves them): a twin's grid set to it (:func:`twin_of`) has the same
    candidates."""
    cells, removed = list(grid.cells), set(grid.removed)
    for r, c, d in conclusion:
        if d > 0:
            cells[r * grid.n + c] = d
        else:
            removed.add((r * grid.n + c, -d))
    return tuple(cells), frozenset(removed)


def twin_of(grid: Grid, prover: Prover) -> Twin | None:
    """A twin of this process for the steps from ``grid`` (where one runs: :meth:`Twin.start`):
    it tries some finders and singles' what-if (:func:`shared_test`), and some candidates of a
    case split (:meth:`Prover.splits`)."""
    def state(shot: tuple) -> None:
        grid.cells, grid.removed = list(shot[0]), set(shot[1])
        grid.refresh()

    return Twin.start({"finders": lambda: shared_test(grid, prover),
                       "cases": lambda facts, tried: prover.splits(grid, facts, tried)}, state)


def verify_step(step: Step, rules: Rules, backend: Backend, parts: Session | None = None,
                deadline: Deadline | None = None, solution: Sequence[int] | None = None,
                whole: Session | None = None, unique: bool = False) -> list[str]:
    """Why ``step`` does not follow from its premises and units alone (empty when it does).

    A fresh session of ``backend`` holds only the step's units (or ``parts``, a session of
    :meth:`~sudoku_cp.backends.Backend.parts_session`, with only their guards assumed: the same
    questions, one solver loaded once); the premises must hold together, and with them the
    negation of each conclusion fact must be impossible. A step that adds up a new cage (the 45
    rule, :class:`~sudoku_cp.tasks.techniques.base.NewCage`) has that sum added up again from the
    rules, and its session holds the sum too (a fresh one): a solver alone adds sums of units up
    only by a long search. Raises :class:`TimeLimitReached` when ``deadline`` ends a question.

    Given a ``solution`` of the whole rules (each cell's digit, checked by the caller), premises
    it holds do hold together: it is their witness, and the solver is not asked (on a hard killer
    that question was a search through most of the puzzle, nine tenths of a step's check). A step
    over every unit and constraint is asked of ``whole`` when given (a session of ``backend``
    holding the whole rules, no guards: a search step's check, in a third of the time).

    With ``unique`` (a count proved ``solution`` the rules' only one), a step over every unit and
    constraint is checked against it, no solver asked: the whole rules with the premises have a
    solution only if it holds them, and then it is the only one, so a conclusion follows exactly
    when it holds it (the count's search is the proof; on Hailstone the searches it replaces were
    3 s of its run).
    """
    n = rules.size

    def witnessed(facts: Sequence[Fact]) -> bool:  # ``solution`` holds each of ``facts``
        return solution is not None and all(
            solution[r * n + c] == d if d > 0 else solution[r * n + c] != -d for r, c, d in facts)

    problems = [p for cage in step.new_cages for p in new_cage_problems(cage, rules)]
    if unique and solution is not None and over_whole_rules(step, rules):
        if not witnessed(step.premises):
            return ["its premises cannot hold together"]
        return [f"{cell_name(r, c)} {'=' if d > 0 else '!='} {abs(d)} does not follow"
                for r, c, d in step.conclusion if not witnessed([(r, c, d)])]
    held = part(rules, step.constraints)
    if step.new_cages:
        parts = None
        held = Rules(held.shape, held.units, held.constraints + tuple(
            Constraint("little-killer", len(held.constraints) + j, cage.cells, cage.total, ((-1, -1), "sum"))
            for j, cage in enumerate(step.new_cages)), name="part")  # a sum, digits may repeat
    end = deadline or Deadline(None)

    def holds(facts: list[Fact]) -> bool | None:
        answer = session.solve(facts, deadline=end, guards=guards)
        if answer is None:
            raise TimeLimitReached("the time limit ended a step's check")
        return answer

    if whole is not None and over_whole_rules(step, rules):
        asked: Any = nullcontext(whole)
        parts = None
    else:
        asked = nullcontext(parts) if parts is not None else backend.session(held, stats=False)
    with asked as session:
        guards = session.guards(step.constraints) if parts is not None else []
        if not witnessed(step.premises) and holds(step.premises) is not True:
            problems.append("its premises cannot hold together")
        for r, c, d in step.conclusion:
            if holds(step.premises + [(r, c, -d)]) is not False:
                problems.append(f"{cell_name(r, c)} {'=' if d > 0 else '!='} {abs(d)} does not follow")
    return problems


def over_whole_rules(step: Step, rules: Rules) -> bool:
    """``step`` names every unit and constraint of ``rules`` (and adds no cage of its own): its
    check is a question to the whole rules."""
    return not step.new_cages and len(set(step.constraints)) == len(rules.units) + len(rules.constraints)


def new_cage_problems(cage: NewCage, rules: Rules) -> list[str]:
    """Why ``cage``'s sum does not follow from the rules' units and cages it names (empty when it
    does): each unit of N cells holds N(N+1)/2, each killer cage its sum; added and taken away,
    they must cover the cage's cells once each and no other cell."""
    n, u = rules.size, len(rules.units)
    times: dict[tuple[int, int], int] = {}
    total = 0
    for sign, ks in ((1, cage.added), (-1, cage.taken)):
        for k in ks:
            rule = rules.constraints[k - u] if k >= u else None
            if rule is None and len(rules.units[k].cells) == n:
                cells, value = rules.units[k].cells, n * (n + 1) // 2
            elif rule is not None and rule.kind == "killer" and rule.value is not None:
                cells, value = rule.cells, rule.value
            else:
                return [f"{unit_name(rules, k)} has no known sum"]
            for cell in cells:
                times[cell] = times.get(cell, 0) + sign
            total += sign * value
    counted = {cell for cell, t in times.items() if t}
    if counted != set(cage.cells) or any(times[cell] != 1 for cell in cage.cells):
        return [f"the units and cages added up do not cover exactly {', '.join(cell_name(*c) for c in cage.cells)}"]
    if total != cage.total:
        return [f"they add up to {total}, not {cage.total}"]
    return []


@contextmanager
def fewer_collections(young: int = YOUNG) -> Iterator[None]:
    """Python's cyclic garbage collector runs its youngest pass less often while the block runs
    (every ``young`` objects made and not freed, at least): the steps make millions of short-lived
    objects, and each pass that reaches the oldest generation walks every remembered answer; on
    two published killers that was 13% and 30% of the run."""
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, young), *rest)
    try:
        yield
    finally:
        gc.set_threshold(first, *rest)


def explain_steps(board: Board, backend: str | Backend = "sat", verify: str | Backend = "sat",
                  time_limit: float | None = None, limit: int | None = None,
                  check: bool = True, keep: bool = False, progress=None, twin: bool = True,
                  counted: Result | None = None) -> Steps:
    """The steps from ``board`` to its unique solution, each verified (``limit``: only the first few).

    ``backend`` finds the general deductions (it needs ``propagate`` and ``core``); ``verify``
    checks every step with fresh sessions and the final grid by a count. Raises
    :class:`VerificationError` if a step fails its check, :class:`NotOneSolution` (a ``ValueError``)
    unless the puzzle has exactly one solution, :class:`TimeLimitReached` at the time limit (with ``keep``, once the
    count is done: the steps found so far, ``complete`` False). ``progress(stage, done, total)``
    hears the cells filled after each step. ``twin``: a forked copy of this process asks half of
    each step's questions on a second core, where there is one (:mod:`.twin`; the same steps).
    ``counted``: a verified count that found the one solution and proved it so (``explain``'s,
    status ``unique``): the steps then make no count of their own.
    """
    deadline = Deadline(time_limit)
    finder = make(backend) if isinstance(backend, str) else backend
    checker = make(verify) if isinstance(verify, str) else verify
    # a variant's count can take seconds (a published killer's: up to 1.2 s here, 2 s before cage-sum chose
    # exactly one digit set): where a twin runs, it finds the solution and then proves it the only one while
    # this process starts the steps (the named techniques need no solution); the first step that needs it
    # waits for it, with a second solver racing the twin's (:func:`raced`), and the steps found before are
    # checked then (none is returned unchecked or unproved). With a time limit this process finds the
    # solution first, as before: the steps kept at the limit are checked ones
    if counted is not None:
        proved(counted)  # (a count up to 2 at least, with its one solution)
    proof = Proof(board, checker, time_limit) if twin and board.rules.constraints and counted is None else None
    try:
        if counted is None and (proof is None or proof.twin is None or time_limit is not None):
            counted = count(board, 2 if proof is None or proof.twin is None else 1, checker, time_limit=time_limit)
            if counted.status is not Status.SOLVED:
                proved(counted)
        left = deadline.remaining()
        if proof is not None and time_limit is not None and left is not None and left < AMPLE * (time_limit - left):
            proof.settle()  # (a near time limit: the proof first, not sharing the machine with the steps)
        steps = _walk(board, counted, finder, checker, deadline, limit, check, keep, progress, twin, proof)
        if proof is not None:
            proof.settle()
    except BaseException as error:
        if proof is not None and not isinstance(error, (KeyboardInterrupt, ValueError)):
            proof.settle()  # (a puzzle without one solution says so, whatever the steps ran into)
        raise
    finally:
        if proof is not None:
            proof.close()
    if proof is not None and proof.counted is not None and proof.counted.solution != steps.solution:
        raise VerificationError("the count proved another solution than the one the steps were checked against")
    steps.counted = proof.counted if proof is not None and proof.counted is not None else counted
    return steps


class NotOneSolution(ValueError):
    """The puzzle has no solution, or more than one: steps need exactly one."""


def proved(counted: Result) -> None:
    """Raise unless ``counted`` (a count up to 2) found exactly one solution: :class:`TimeLimitReached`
    when the time limit ended it, else :class:`NotOneSolution`."""
    if counted.status is Status.UNKNOWN:
        raise TimeLimitReached("the time limit ended the count before the steps")
    if counted.status is not Status.UNIQUE:
        raise NotOneSolution(f"the puzzle is {counted.status.value}: steps need exactly one solution")


class Proof:
    """The count that proves a puzzle has one solution, in a twin (:class:`~sudoku_cp.tasks.twin.Twin`)
    while the steps start: first one solution (:meth:`solution`), then, on the same solver, that no
    other exists (:meth:`settle`); :attr:`twin` None where none runs (then the caller counts)."""

    def __init__(self, board: Board, checker: Backend, time_limit: float | None):
        sessions = Sessions()  # (opened in the twin: the proof goes on from what the first search learnt)
        deadline = Deadline(time_limit)  # (one for both questions; a point in time, the same in the twin)

        def counting(limit: int) -> Callable[[int], Result]:
            return lambda p: answer(board, [checker], limit, True, deadline, sessions)
        self.twin = Twin.start({"count": counting}, lambda shot: None)
        self.found: Result | None = None  # the count up to one solution
        self.counted: Result | None = None  # the count up to two: the proof
        if self.twin is not None:
            self.twin.ask("count", None, (1,), [0])

    def solution(self, wait: bool = True) -> Result | None:
        """The count up to one solution (None while it runs, unless ``wait``); once it has found one,
        the twin goes on to the proof."""
        if self.found is None and self.twin is not None and (wait or self.twin.ready()):
            _, found = self.twin.answer()
            if isinstance(found, Failed):
                self.close()
                raise found.error
            self.found = found
            if found.status is Status.SOLVED:
                self.twin.ask("count", None, (2,), [0])
            else:  # (no solution, or the time limit: nothing to go on with)
                self.counted = found
                self.close()
                proved(found)
        return self.found

    def settle(self, wait: bool = True) -> None:
        """Read the count (when it is done, unless ``wait``) and raise unless it proved one solution
        (:func:`proved`)."""
        if self.counted is None and self.twin is not None:
            self.solution(wait)  # (first the solution: a count that found none ends here, closed)
        if self.found is not None and self.twin is not None and (wait or self.twin.ready()):
            _, found = self.twin.answer()
            self.close()
            if isinstance(found, Failed):
                raise found.error
            # the counters of both searches (a variant's explain answers the count with them)
            first = self.found.stats or {}
            self.counted = replace(found, stats={k: v + first.get(k, 0) for k, v in (found.stats or {}).items()})
        if self.counted is not None:
            proved(self.counted)

    def close(self) -> None:
        if self.twin is not None:
            self.twin.close()
            self.twin = None


RACER = "sat:glucose3"  # the solver that looks for the solution here while a twin's count does (another search)
RACE_CONFLICTS = 2000  # its conflicts between two looks at the twin


def raced(board: Board, proof: Proof) -> Board | Result:
    """The solution from whichever finds it first: ``proof``'s twin (its count, a :class:`Result`)
    or a second solver here (:data:`RACER`, a search unlike the twin's: on a published killer one
    took 1.2 s where the other took 0.1 s), in slices of :data:`RACE_CONFLICTS` conflicts with a
    look at the twin between two. Uniqueness is the twin's to prove either way."""
    try:
        racing = make(RACER).session(board.rules, stats=False)
    except Unsupported:  # (rules too big to load whole: the twin's count alone)
        return cast(Result, proof.solution(True))
    with racing as racer:
        givens = board.givens()
        while True:
            found = proof.solution(False)
            if found is not None:
                return found
            answered = racer.solve(givens, budget=RACE_CONFLICTS)
            if answered:
                return racer.solution(board)
            if answered is False:  # (no solution: the twin's count says so, and how)
                return cast(Result, proof.solution(True))


def _walk(board: Board, counted: Result | None, finder: Backend, checker: Backend, deadline: Deadline,
          limit: int | None, check: bool, keep: bool, progress, twin: bool, proof: Proof | None) -> Steps:
    """:func:`explain_steps`' steps from ``board``, given the solution ``counted`` found (its
    uniqueness proved already, or by ``proof`` as they run: asked between steps), or to come from
    ``proof`` (``counted`` None: the steps start without it, and are checked once it has come)."""
    forget_unless(board.rules)
    grid = Grid(board)
    grid.unique = board.rules.is_classic  # the count proved it (uniqueness steps: classic rules only)
    steps = Steps(board)
    prover = Prover(board.rules, finder, deadline)
    if twin:  # (started when a step first needs it: an easy puzzle never does)
        prover.twins = lambda: twin_of(grid, prover)
    try:  # one verifying solver for every step, each step's units switched on alone
        parts: Session | None = checker.parts_session(board.rules) if check else None
    except Unsupported:
        parts = None
    whole: Session | None = None  # (and one holding the whole rules, for the steps that need them all)
    waiting: list[tuple[int, Step]] = []  # the steps found before the solution came, to check then
    witness: Sequence[int] | None = None

    def checked(number: int, step: Step) -> None:  # raise unless ``step`` (the step ``number``) is verified
        nonlocal whole
        if not check:
            return
        if witness is None and whole is None and over_whole_rules(step, board.rules):
            whole = checker.session(board.rules, stats=False)
        problems = verify_step(step, board.rules, checker, parts, deadline, witness, whole, unique=True)
        if problems:
            raise VerificationError(f"step {number} ({step.text(board.rules)}): " + "; ".join(problems))

    def solved(found: Board) -> None:  # the solution, found: from here on the steps use it
        nonlocal witness
        # checked here: the witness that each step's premises hold together, and what a step over
        # the whole rules is checked against
        witness = found.cells if is_solution(found, board) else None
        prover.solution, steps.solution = witness, found
        for number, step in waiting:
            checked(number, step)
        waiting.clear()

    def arrived(wait: bool) -> bool:  # the solution is known (waited for, if ``wait``)
        if steps.solution is None and proof is not None:
            found = proof.solution(False) or (raced(board, proof) if wait else None)
            if found is None:
                return False
            solved(found if isinstance(found, Board) else cast(Board, found.solution))
        return steps.solution is not None

    if counted is not None:
        solved(cast(Board, counted.solution))
    else:
        prover.awaiting = lambda: arrived(True)
    with fewer_collections():
        try:
            while not grid.solved() and (limit is None or len(steps) < limit):
                if proof is not None:
                    proof.settle(wait=False)  # (a second solution ends the steps when the count finds it)
                    arrived(False)
                if deadline.expired():
                    if not keep:
                        raise TimeLimitReached("the time limit ended the steps")
                    steps.complete = False
                    return steps
                try:  # (the search for a step and its check both stop at the time limit)
                    step = next_step(grid, prover)
                    if step is None:
                        raise SolverFailure("no step found on a puzzle with a unique solution")
                    if steps.solution is None:
                        waiting.append((len(steps) + 1, step))
                    else:
                        checked(len(steps) + 1, step)
                except TimeLimitReached:
                    if not keep:
                        raise
                    steps.complete = False
                    return steps
                steps.append(step)
                grid.apply(step)
                if progress is not None:
                    progress("steps: cells filled", sum(1 for d in grid.cells if d), len(grid.cells))
            arrived(True)  # (the steps before it came are checked now)
        finally:
            prover.close()
            for session in (parts, whole):
                if session is not None:
                    session.close()
    if grid.solved():
        final = board.with_cells(tuple(grid.cells))
        if not is_solution(final, board) or final != steps.solution:
            raise VerificationError("the steps end at a grid that is not the puzzle's solution")
    return steps


def replay(puzzle: Board, steps: Sequence[Step]) -> list[tuple[list[int], list[set[int]]]]:
    """The grid after each step (the puzzle first): digits and candidates per cell."""
    grid = Grid(puzzle)
    states = [(list(grid.cells), [set(c) for c in grid.cands])]
    for step in steps:
        grid.apply(step)
        states.append((list(grid.cells), [set(c) for c in grid.cands]))
    return states


__all__ = ["BOUND", "COSTS", "Grid", "NotOneSolution", "Prover", "Step", "Steps", "explain_steps", "next_step",
           "replay", "contradiction", "contradiction_text", "digit_names", "fewest_units", "singles_refute",
           "unit_name", "verify_step", "where_stuck"]
