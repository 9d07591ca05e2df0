"""The candidates grid the steps walk on, and what a grid's candidates follow from."""


from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.board import Board, Fact, Rules, cell_name
from ..techniques import cost_of
from .step import Step


def relation_partners(rules: Rules) -> list[dict[int, list[tuple[int, tuple[int, ...]]]]]:
    """For each cell (row-major), its partners under each relation of ``rules``: the relation's
    position past the units (``len(rules.units) + k`` for ``rules.constraints[k]``) to
    ``(j, gaps)`` pairs, a digit e in cell j forbidding ``e + g`` (g in gaps) here
    (the relation kind's ``gaps``). Empty dicts when ``rules`` have no relation."""
    n, u = rules.size, len(rules.units)
    out: list[dict[int, list[tuple[int, tuple[int, ...]]]]] = [{} for _ in range(n * n)]
    from ...constraints import kind_of

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
        if self.cells[i]:  # its own digit, unless a digit d already used rules it out through a unit used
            if not any(self.cells[j] == d and self.fact(j, d) in facts
                       for k in self.units_of[i] if k in units for j in self.units[k]):
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
        """The grid after ``step``: its candidates a new list (as :meth:`refresh` makes them), in which
        only the cells the step changes, their peers and their relation partners have new sets."""
        cands, n = list(self.cands), self.n
        for r, c, d in step.conclusion:
            i = r * n + c
            if d > 0:
                self.cells[i] = d
                cands[i] = set()
                for j in self.rules.peers[i]:
                    if d in cands[j]:
                        cands[j] = cands[j] - {d}
                for partners in self.related[i].values():
                    for j, gaps in partners:
                        cands[j] = cands[j] - {d + g for g in gaps}
            else:
                self.removed.add((i, -d))
                cands[i] = cands[i] - {-d}
        self.cands = cands

    def solved(self) -> bool:
        return 0 not in self.cells

    def step(self, conclusion: Iterable[Fact], reasons: Iterable[tuple[int, int]], units: Iterable[int],
             technique: str, focus: Sequence[int]) -> Step:
        """A named technique's step: ``reasons`` are (cell, digit) pairs that cannot hold, each
        turned into its fact and unit by :meth:`why_not`; the cost is the technique's."""
        facts: list[Fact] = []
        used = set(units)
        for i, d in sorted(reasons, key=lambda reason: self.cells[reason[0]] != 0):  # blank cells first:
            self.why_not(i, d, facts, used)  # (a digit placed in a peer of one may rule out a filled cell too)
        return Step(sorted(conclusion), sorted(set(facts)), sorted(used), technique, cost_of(technique),
                    list(focus))

    def whole_step(self, conclusion: Iterable[Fact], technique: str) -> Step:
        """A step that uses the whole grid: every current fact, every unit (a uniqueness step,
        which the rules alone do not imply: its check is that the one solution holds it)."""
        return Step(sorted(conclusion), self.facts(), list(range(len(self.units))), technique,
                    cost_of(technique))


# -- general deductions through the solver seam --------------------------------------------------



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

