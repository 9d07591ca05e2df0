"""A step: its conclusion, premises and constraints, its cost, and its wording."""


from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...constraints import alone
from ...core.board import Fact, Rules, cell_name
from ...formats.text import DEFAULT_SYMBOLS
from ..techniques import COSTS
from ..techniques.base import NewCage

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
SEARCHED = ("solver", "solver core")  # how minimal a search step is (:meth:`Prover._reason`)
BOUND = 4            # a general deduction over more units than this is shown as a "what if"
CASES = 3            # a "what if, by cases" splits a cell (or a unit's places for a digit) into at most this many cases




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
    from ...constraints import kind_of

    kind = kind_of(rule.kind)
    if kind.whole_grid:
        return f"the {rule.kind} rule"
    total = f" (sum {rule.value})" if rule.value is not None and kind.name == "killer" else ""
    return kind.label(rule) + total


def part(rules: Rules, ks: Iterable[int]) -> Rules:
    """The rules holding only the units and constraints numbered ``ks`` (as in :func:`unit_name`),
    each constraint as it means among all of ``rules`` (:func:`~sudoku_cp.constraints.alone`)."""
    u = len(rules.units)
    ks = sorted(ks)
    return Rules(rules.shape, tuple(rules.units[k] for k in ks if k < u),
                 tuple(alone(rules.constraints[k - u], rules) for k in ks if k >= u), name="part")


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


def over_whole_rules(step: Step, rules: Rules) -> bool:
    """``step`` names every unit and constraint of ``rules`` (and adds no cage of its own): its
    check is a question to the whole rules."""
    return not step.new_cages and len(set(step.constraints)) == len(rules.units) + len(rules.constraints)
