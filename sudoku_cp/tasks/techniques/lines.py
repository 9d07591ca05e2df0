"""Lines and dots: what one variant constraint removes on its own, as one named step.

For one constraint (a thermometer, an arrow, a German whispers line, a renban line, a kropki dot,
an XV mark, a palindrome, a little killer diagonal; any other kind drawn as pairs of cells or as a
table of digit tuples: "constraint combinations"), a candidate goes when no filling of the
constraint's cells keeps the rule: each cell holds one of its candidates (a placed cell its
digit), cells that share a unit differ, and the kind's own rule holds (its cell pairs, its sum,
its run, its tuples). The step removes every such candidate at once. :func:`supported` finds, for
each cell, the digits some filling gives it: one search per digit not yet seen in a filling, with
forward checking, within a budget of :data:`BUDGET` nodes per constraint (past it the constraint
gives no step).

A thermometer's bulb on 4 cells of a 9x9 holds at most 6; 5 is never on a whispers line; a white
dot beside a cell holding 1 or 2 holds 1, 2 or 3; the mirrored cells of a palindrome keep only the
digits both can hold; an arrow's circle is at least its shaft's smallest sum.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import prod
from typing import Any, cast

from ...core.board import Rules
from .base import Grid, Step, bits_of, name, remembered

BUDGET = 20000  # search nodes per constraint and step
# an arrow over more than this many times N cells is not searched: a sum one filling at a time
# over them ends past the budget at each try (a published arrow through all 81 cells: 1.4 s a try,
# 37 of its 42 tries, 60 of the explanation's 70 s)
LONGEST_SUM = 2
GROUP_FILLINGS = 4096  # a sum's group of cells all different is listed when it has at most this many fillings
# each kind's technique (the registry's names); other kinds of pairs or tuples: constraint combinations
NAMED = {"thermometer": "thermometer", "arrow": "arrow", "whispers": "German whispers", "renban": "renban",
         "kropki": "kropki", "xv": "XV", "palindrome": "palindrome", "little-killer": "little killer"}
GENERIC = "constraint combinations"

PairTest = Callable[[int, int], bool]
Sum = tuple[dict[int, int], int]  # weights by cell, and the total: sum of weight * digit equals it


class Search:
    """The fillings of a few cells: candidates, pair tests, cells that differ, an optional sum."""

    def __init__(self, domains: dict[int, set[int]], pairs: Sequence[tuple[int, int, PairTest]] = (),
                 distinct: Sequence[tuple[int, int]] = (), total: Sum | None = None,
                 tuples: tuple[tuple[int, ...], list[tuple[int, ...]]] | None = None):
        self.domains = domains
        self.arcs: dict[int, list[tuple[int, PairTest]]] = {i: [] for i in domains}
        for a, b, ok in pairs:
            self.arcs[a].append((b, ok))
            self.arcs[b].append((a, _flip(ok)))
        for a, b in distinct:
            self.arcs[a].append((b, _differ))
            self.arcs[b].append((a, _differ))
        self.total = total
        self.tuples = tuples
        self.nodes = 0
        self._only_distinct = not pairs  # (every arc: two cells that differ)

    def supported(self) -> dict[int, set[int]] | None:
        """Each cell's digits that some filling gives it; None past the budget."""
        summed = self._summed_by_groups()
        if summed is not None:
            return summed
        seen: dict[int, set[int]] = {i: set() for i in self.domains}
        for i, digits in self.domains.items():
            for d in sorted(digits - seen[i]):
                if d in seen[i]:
                    continue
                found = self._fill({j: set(ds) if j != i else {d} for j, ds in self.domains.items()})
                if self.nodes > BUDGET:
                    return None
                if found is not None:
                    for j, e in found.items():
                        seen[j].add(e)
        return seen

    def _summed_by_groups(self) -> dict[int, set[int]] | None:
        """:meth:`supported` for a sum over cells that differ only within groups, each group's cells
        all different (a little killer crossing boxes, a cage): each group's fillings listed, the sums
        the groups before it and after it can reach added up, and a group's filling kept when they
        complete it to the total. None when the cells are not such groups, or a group has more than
        :data:`GROUP_FILLINGS` ways to try (the search then runs; on Hailstone, searching the little
        killers one filling at a time was a fifth of the explanation)."""
        if self.total is None or self.tuples is not None or not self._only_distinct:
            return None
        weights, target = self.total
        groups: list[list[int]] = []
        group_of: dict[int, int] = {}
        for i in self.domains:  # each cell joins the group of the cells it must differ from
            near = {group_of[b] for b, _ in self.arcs[i] if b in group_of}
            if len(near) > 1:
                return None
            k = near.pop() if near else len(groups)
            if k == len(groups):
                groups.append([])
            groups[k].append(i)
            group_of[i] = k
        for cells in groups:
            if any({b for b, _ in self.arcs[i]} != set(cells) - {i} for i in cells):
                return None  # (not all different within the group, or linked beyond it)
            if prod(len(self.domains[i]) for i in cells) > GROUP_FILLINGS:
                return None
        options = []  # each group's fillings: (their weighted sum, the digits)
        for cells in groups:
            fillings = [t for t in product(*(sorted(self.domains[i]) for i in cells)) if len(set(t)) == len(t)]
            options.append([(sum(weights.get(i, 0) * d for i, d in zip(cells, t)), t) for t in fillings])
        before = [{0}]  # the sums the groups before each one reach
        for found in options:
            before.append({a + s for a in before[-1] for s, _ in found})
        wanted = {target}  # the sums the groups up to each one must reach, from the last back
        seen: dict[int, set[int]] = {i: set() for i in self.domains}
        for k in range(len(groups) - 1, -1, -1):
            fits = [(s, t) for s, t in options[k] if any(a + s in wanted for a in before[k])]
            for _, t in fits:
                for i, d in zip(groups[k], t):
                    seen[i].add(d)
            if k:
                wanted = {w - s for w in wanted for s, _ in options[k]}
        return seen

    def _fill(self, doms: dict[int, set[int]]) -> dict[int, int] | None:
        """One filling within ``doms`` (forward checking on the pairs, bounds on the sum)."""
        self.nodes += 1
        if self.nodes > BUDGET or not self._bounded(doms):
            return None
        open_cells = [i for i, ds in doms.items() if len(ds) > 1]
        if not open_cells:
            done = {i: next(iter(ds)) for i, ds in doms.items()}
            return done if self._whole(done) else None
        i = min(open_cells, key=lambda j: len(doms[j]))
        for d in sorted(doms[i]):
            trial = dict(doms)
            trial[i] = {d}
            if self._narrow(trial, i, d):
                found = self._fill(trial)
                if found is not None:
                    return found
        return None

    def _narrow(self, doms: dict[int, set[int]], i: int, d: int) -> bool:
        """Take out what ``i = d`` forbids in its partners, deciding them in turn; False on an empty cell."""
        queue = [(i, d)]
        while queue:
            a, x = queue.pop()
            for b, ok in self.arcs[a]:
                kept = {y for y in doms[b] if ok(x, y)}
                if len(kept) < len(doms[b]):
                    if not kept:
                        return False
                    doms[b] = kept
                    if len(kept) == 1:
                        queue.append((b, next(iter(kept))))
        return True

    def _bounded(self, doms: dict[int, set[int]]) -> bool:
        if self.total is None:
            return True
        weights, target = self.total
        low = high = 0
        for i, w in weights.items():
            ds = doms[i]
            least, most = min(ds), max(ds)
            if w < 0:
                least, most = most, least
            low += w * least
            high += w * most
        return low <= target <= high

    def _whole(self, done: dict[int, int]) -> bool:
        for a, arcs in self.arcs.items():
            if any(not ok(done[a], done[b]) for b, ok in arcs):
                return False
        if self.tuples is not None:
            scope, allowed = self.tuples
            if tuple(done[i] for i in scope) not in allowed:
                return False
        return self.total is None or sum(w * done[i] for i, w in self.total[0].items()) == self.total[1]


def _flip(ok: PairTest) -> PairTest:
    return lambda x, y: ok(y, x)


def _differ(x: int, y: int) -> bool:
    return x != y


def domains(g: Grid, cells: Sequence[int]) -> dict[int, set[int]] | None:
    """Each cell's digits as the grid stands: its candidates, or the digit placed there (None when
    a blank cell has no candidate left)."""
    out = {i: ({g.cells[i]} if g.cells[i] else set(g.cands[i])) for i in cells}
    return out if all(out.values()) else None


def seeing(rules: Rules, cells: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs of ``cells`` that share a unit (so hold different digits)."""
    return [(a, b) for a, b in combinations(cells, 2) if b in rules.peers[a]]


def shared_units(rules: Rules, pairs: Sequence[tuple[int, int]]) -> set[int]:
    """One unit for each pair of cells that must differ because they share it."""
    return {min(set(rules.units_of[a]) & set(rules.units_of[b])) for a, b in pairs}


@dataclass(frozen=True)
class Plan:
    """What searching one constraint needs apart from the candidates: its technique, its cells,
    its pair tests, the pairs of its cells that share a unit, its sum or its tuples, and the units
    the search uses beyond the constraint (one per such pair)."""

    technique: str
    cells: tuple[int, ...]
    pairs: tuple[tuple[int, int, PairTest], ...]
    near: tuple[tuple[int, int], ...]
    units: frozenset[int]
    total: Sum | None = None
    tuples: tuple[tuple[int, ...], frozenset[tuple[int, ...]]] | None = None

    def search(self, doms: dict[int, set[int]]) -> Search:
        return Search(doms, self.pairs, self.near, self.total, self.tuples)  # type: ignore[arg-type]


@remembered(1024)
def plan_of(rules: Rules, k: int) -> Plan | None:
    """How constraint ``k`` (position in ``rules.constraints``) is searched (:class:`Plan`); None
    for kinds this family does not read (cages, relations over the whole grid, rules beyond pairs
    and tuples). It depends on the rules alone: made once per puzzle and constraint."""
    from ...constraints import kind_of
    from ...constraints.base import PairKind, TableKind

    rule = rules.constraints[k]
    kind: Any = kind_of(rule.kind)
    n = rules.size
    if kind.whole_grid or rule.kind == "killer":
        return None
    technique = NAMED.get(rule.kind, GENERIC)
    total: Sum | None = None
    tuples = None
    pairs: list[tuple[int, int, PairTest]] = []
    if rule.kind == "arrow":
        circle, shaft = kind.parts(rule, n)
        weights = {i: 1 for i in shaft}
        for i, w in zip(circle, kind.weights(rule)):
            weights[i] = weights.get(i, 0) - w
        cells = circle + shaft
        if (len(circle) > 1 and n > 9) or len(cells) > LONGEST_SUM * n:
            return None
        total = (weights, 0)
    elif rule.kind == "little-killer":
        cells = [r * n + c for r, c in rule.cells]
        if rule.value is None:
            return None
        total = ({i: 1 for i in cells}, rule.value)
    elif isinstance(kind, PairKind):
        pairs = kind.pairs(rule, rules)
        cells = sorted({i for a, b, _ in pairs for i in (a, b)})
    elif isinstance(kind, TableKind):
        scope = kind.scope(rule, n)
        cells = list(scope)
        tuples = (tuple(scope), frozenset(kind.tuples(rule, n)))
    else:
        return None
    if not cells:
        return None
    near = seeing(rules, cells)
    return Plan(technique, tuple(cells), tuple(pairs), tuple(near), frozenset(shared_units(rules, near)), total,
                tuples)


@remembered(8192)
def supported(rules: Rules, k: int, doms: tuple[frozenset[int], ...]) -> tuple[frozenset[int], ...] | None:
    """:meth:`Search.supported` for constraint ``k`` whose cells (:attr:`Plan.cells`) hold the digits
    ``doms``: each cell's digits some filling gives it, in the order of the cells (None past the
    budget). The answer depends on these alone, so a constraint whose cells kept their candidates
    since the last step is not searched again."""
    plan = cast(Plan, plan_of(rules, k))
    kept = plan.search(dict(zip(plan.cells, map(set, doms)))).supported()
    return None if kept is None else tuple(frozenset(kept[i]) for i in plan.cells)


def eliminations(g: Grid, technique: str) -> Step | None:
    """The first constraint whose technique is ``technique`` and that removes a candidate: every
    candidate of its cells that no filling of them keeps, in one step."""
    u = len(g.units)
    for k, rule in enumerate(g.rules.constraints):
        if NAMED.get(rule.kind, GENERIC) != technique or rule.kind == "renban":
            continue
        plan = plan_of(g.rules, k)
        if plan is None:
            continue
        doms = domains(g, plan.cells)
        if doms is None:
            continue
        found = supported(g.rules, k, tuple(frozenset(doms[i]) for i in plan.cells))
        if found is None:
            continue
        kept = {i: set(ds) for i, ds in zip(plan.cells, found)}
        step = removal_step(g, plan.cells, kept, set(plan.units) | {u + k}, technique, u + k)
        if step is not None:
            return step
    return None


def removal_step(g: Grid, cells: Sequence[int], kept: dict[int, set[int]], units: set[int], technique: str,
                 focus: int | None, chain: str | None = None) -> Step | None:
    """The step removing each blank cell's candidates outside ``kept``; its reasons are every digit
    the cells could not hold before (None when nothing goes)."""
    gone = [(i, d) for i in cells if not g.cells[i] for d in sorted(g.cands[i] - kept[i])]
    if not gone:
        return None
    step = g.step([g.fact(i, -d) for i, d in gone], reasons_of(g, cells), sorted(units), technique,
                  [] if focus is None else [focus])
    step.chain = chain or f"{_cells(g, cells)} keep only {_kept(g, cells, kept)}"
    return step


def reasons_of(g: Grid, cells: Sequence[int]) -> list[tuple[int, int]]:
    """Every digit ``cells`` cannot hold as the grid stands (a step's reasons, :meth:`Grid.step`)."""
    return [(i, e) for i in cells for e in range(1, g.n + 1)
            if (g.cells[i] and e != g.cells[i]) or (not g.cells[i] and e not in g.cands[i])]


def _cells(g: Grid, cells: Sequence[int]) -> str:
    return "-".join(name(g, i) for i in cells)


def _kept(g: Grid, cells: Sequence[int], kept: dict[int, set[int]]) -> str:
    return ", ".join(f"{name(g, i)} {{{','.join(map(str, sorted(kept[i])))}}}" for i in cells
                     if not g.cells[i])


@remembered(65536)
def filled_with(doms: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """Each cell's digits in some filling of the cells (their digits ``doms``, as bits: bit ``d``
    for digit ``d``) with ``digits`` (as bits), one each, all of them; None when there is none. A
    pass forward over the digits used so far and one back.

    >>> filled_with((0b110, 0b110, 0b1010), 0b1110)  # {1,2}, {1,2}, {1,3} with {1,2,3}
    (6, 6, 8)
    """
    reached = [{0}]
    for dom in doms:
        here = set()
        for used in reached[-1]:
            free = dom & digits & ~used
            while free:
                low = free & -free
                here.add(used | low)
                free ^= low
        reached.append(here)
    if digits not in reached[-1]:
        return None
    kept = [0] * len(doms)
    ends = {digits}
    for j in range(len(doms) - 1, -1, -1):
        before = set()
        for used in reached[j]:
            free = doms[j] & digits & ~used
            while free:
                low = free & -free
                if used | low in ends:
                    kept[j] |= low
                    before.add(used)
                free ^= low
        ends = before
    return tuple(kept)


@remembered(1024)
def digits_of(bits: int) -> frozenset[int]:
    """The digits of a set of digits as bits (bit ``d``: digit ``d``)."""
    return frozenset(bits_of(bits))


@remembered(8192)
def combinations_of(doms: tuple[frozenset[int], ...], sets: tuple[frozenset[int], ...]) -> tuple[
        tuple[frozenset[int], ...], tuple[frozenset[int], ...]]:
    """Which digit ``sets`` the cells (their digits ``doms``) can hold (one digit each, all
    different), and each cell's digits in some of them (:func:`filled_with`). The answer depends on
    these alone, so a constraint whose cells kept their candidates since the last step is not
    matched again."""
    bits = tuple(sum(1 << d for d in ds) for ds in doms)
    fits: list[frozenset[int]] = []
    kept = [0] * len(doms)
    for digits in sets:
        held = filled_with(bits, sum(1 << d for d in digits))
        if held is not None:
            fits.append(digits)
            kept = [a | b for a, b in zip(kept, held)]
    return tuple(fits), tuple(digits_of(b) for b in kept)


def spelled(sets: Sequence[frozenset[int]]) -> str:
    """``{8,9}``, ``{1,7,9} or {2,6,9}``: digit sets as a person writes them."""
    words = ["{" + ",".join(map(str, sorted(s))) + "}" for s in sorted(sets, key=sorted)]
    return " or ".join(words) if len(words) <= 6 else f"one of {len(words)} combinations"


def distinct_sets(g: Grid, kind: str, sets_of: Callable[[Any, int], tuple[frozenset[int], ...]]) -> Iterator[
        tuple[int, Any, list[int], list[frozenset[int]], dict[int, set[int]]]]:
    """For each constraint of ``kind`` whose cells hold different digits, one of the digit sets
    ``sets_of(constraint, size)``: (position in ``rules.constraints``, the constraint, its cells,
    the sets they can still hold, each cell's digits in some arrangement of them)."""
    n = g.n
    for k, rule in enumerate(g.rules.constraints):
        if rule.kind != kind:
            continue
        cells = [r * n + c for r, c in rule.cells]
        doms = domains(g, cells)
        if doms is None:
            continue
        fits, kept = combinations_of(tuple(frozenset(doms[i]) for i in cells), sets_of(rule, len(cells)))
        if fits:
            yield k, rule, cells, list(fits), {i: set(ds) for i, ds in zip(cells, kept)}


def renban(g: Grid) -> Step | None:
    """A renban line's digits are a run of consecutive digits: each cell keeps the digits of the runs
    its line can still hold."""
    n, u = g.n, len(g.units)
    for k, _, cells, fits, kept in distinct_sets(g, "renban", lambda rule, size: runs(n, size)):
        step = removal_step(g, cells, kept, {u + k}, "renban", u + k,
                            f"{_cells(g, cells)} is a run of {spelled(fits)}")
        if step is not None:
            return step
    return None


@remembered(256)
def runs(n: int, size: int) -> tuple[frozenset[int], ...]:
    """The runs of ``size`` consecutive digits 1..N."""
    return tuple(frozenset(range(s, s + size)) for s in range(1, n - size + 2))
