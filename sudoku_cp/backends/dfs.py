"""The ``dfs`` backend: the classic backtracking exercise, made decent, and the solver-free opinion.

Per unit (row, column, box, or a variant's unit) a bitmask of the digits already "seen" (bit d-1
for digit d); a blank's candidates are the digits none of its units' masks has. ``dfs`` (option ``mrv``) fills the blank
with the fewest candidates next; ``dfs:plain`` keeps the exercise's exact order: blanks row by
row, digits ascending. Both try digits in ascending order and undo on failure.

With constraints of the catalogue beyond the relations (anti-knight, anti-king, non-consecutive:
the loop above already handles them as fast), ``dfs`` searches
over every cell's candidate mask instead (:func:`propagating`): at each node the masks are
narrowed by peers, pair rules and each kind's ``narrow`` until nothing changes, as a person
would before guessing; it stays a backtracking search, no solver inside.
"""

from __future__ import annotations

import sys

from ..constraints import by_kind
from ..core.board import Board
from ..core.results import Outcome
from ..core.variants import partners
from ..constraints.sums import digit_masks
from ..model.cnf import MAX_CAGE_SETS, count_combinations
from .base import Backend, BackendError, Deadline

# Dead ends a cell's narrowing rules must find before the search prefers it over a cell with one
# candidate less (weighted degree). Measured on the published puzzles (bench/bench_kinds.py):
# 64 finds "The Barbed Cross" (eight long little killers, no givens) in about 30k nodes where
# plain fewest-candidates did not in 490k, and keeps arrows and quadruples near their node counts;
# 1 to 8 lets early failures steer too hard (arrows and quadruples took 2 to 9 times the nodes).
HEAT_WEIGHT = 64
CHECK_WORK = 200_000  # cell scans between two looks at the clock (a node scans every open blank)


def check_interval(blanks: int, mrv: bool = True) -> int:
    """Nodes between two looks at the clock: about the same work whatever the grid size."""
    return max(16, CHECK_WORK // max(blanks, 1)) if mrv else CHECK_WORK // 8


def search(board: Board, limit: int, deadline: Deadline, mrv: bool = True) -> Outcome:
    """Depth-first search for up to ``limit`` solutions; exhaustive unless a limit stops it.

    One bitmask per unit of the board's rules; a cell's candidates are the digits none of its
    units holds (its first three units are looked up directly, any further ones in a loop).
    """
    rules = board.rules
    if mrv and any(not hasattr(kind, "gaps") for kind, _group in by_kind(rules)):  # beyond the relations
        return propagating(board, limit, deadline)
    n = board.size
    units_of = rules.units_of
    units = len(rules.units)
    cages = []  # (cell indices, sum or None) of each group of distinct digits (a killer cage)
    others = []  # (kind, constraint) of every other kind but the relations: filtered by the kind
    for kind, group in by_kind(rules):
        for constraint in group:
            cage = kind.distinct_sum(constraint, rules)
            if cage is not None:
                cages.append(cage)
            elif not hasattr(kind, "gaps"):
                others.append((kind, constraint))
    narrowed: list[list] = [[] for _ in range(n * n)]  # the other constraints that narrow each cell
    for kind, constraint in others:
        for i in kind.touches(constraint, rules):
            narrowed[i].append((kind, constraint))
    if cages:  # each cage one more mask, after the units
        with_cage = [list(u) for u in units_of]
        for k, (idx, _total) in enumerate(cages):
            for i in idx:
                with_cage[i].append(units + k)
        units_of = tuple(tuple(u) for u in with_cage)
        units += len(cages)
    full = (1 << n) - 1
    masks = [0] * (units + 3 * n * n)  # after the units: a private pad per cell in fewer than 3
    first = [tuple(u[:3]) + tuple(units + 3 * i + k for k in range(len(u), 3))
             for i, u in enumerate(units_of)]
    ua, ub, uc = ([f[k] for f in first] for k in range(3))
    extra = [u[3:] for u in units_of]
    cells = list(board.cells)
    for i, d in enumerate(cells):
        if d:
            bit = 1 << (d - 1)
            if any(masks[u] & bit for u in units_of[i]):
                return Outcome([], True, False, {"nodes": 0, "backtracks": 0})  # duplicate givens
            for u in units_of[i]:
                masks[u] |= bit
    near = partners(rules) if rules.constraints else ()
    if not _constraints_hold(cells, cages, near, n) or any(
            kind.holds(constraint, cells, rules) for kind, constraint in others):
        return Outcome([], True, False, {"nodes": 0, "backtracks": 0})
    # for each cell: (partner, forbidden[d]) = the digits a d in the partner rules out here
    forbid = {gaps: [0] + [sum(1 << (d + g - 1) for g in gaps if 1 <= d + g <= n) for d in range(1, n + 1)]
              for gaps in {g for cell in near for _j, g in cell}}
    related = [[(j, forbid[gaps]) for j, gaps in cell] for cell in near] or [[] for _ in cells]
    summed: list[tuple[list[int], int] | None] = [None] * (n * n)  # for a cell in a cage with a sum: (its cells, the sum)
    sets: list[list[int] | None] = [None] * (n * n)  # its cage's digit sets as masks, when few enough
    for idx, total in cages:
        if total is not None:
            ways = (list(digit_masks(n, len(idx), total))
                    if count_combinations(n, len(idx), total) <= MAX_CAGE_SETS else None)
            for i in idx:
                summed[i] = (idx, total)
                sets[i] = ways

    def candidates(i: int) -> int:  # cells in more than three units, or in variants' constraints
        seen = masks[ua[i]] | masks[ub[i]] | masks[uc[i]]
        for u in extra[i]:
            seen |= masks[u]
        for j, table in related[i]:
            seen |= table[cells[j]]
        mask = full & ~seen
        for kind, constraint in narrowed[i]:
            if mask:
                mask &= kind.allowed(constraint, cells, i, rules)
        cage = summed[i]
        if cage is not None and mask:
            idx, total = cage
            rest, left, placed = total, 0, 0
            for j in idx:
                rest -= cells[j]
                left += not cells[j]
                if cells[j]:
                    placed |= 1 << (cells[j] - 1)
            ways = sets[i]
            if ways is not None:  # the digits of the sets that hold every digit placed so far and
                # that the cage's other blanks can still take (each one of them, all of them together)
                room = [full & ~(masks[ua[j]] | masks[ub[j]] | masks[uc[j]]) for j in idx if j != i and not cells[j]]
                union = 0
                for way in ways:
                    if way & placed != placed:
                        continue
                    todo = way & ~placed
                    for d_bit in _bits(todo & mask & ~union):
                        need = todo & ~d_bit
                        cover = 0
                        for r in room:
                            if not r & need:
                                break
                            cover |= r
                        else:
                            if cover & need == need:
                                union |= d_bit
                mask &= union
                if not mask:
                    return 0
            if left == 1:
                return mask & (1 << (rest - 1)) if 1 <= rest <= n else 0
            others = left - 1  # the blanks after this one: their least and greatest distinct sums
            low, high = rest - (others * n - others * (others - 1) // 2), rest - others * (others + 1) // 2
            if high < 1 or low > n:
                return 0
            mask &= ((1 << min(high, n)) - 1) & ~((1 << (max(low, 1) - 1)) - 1)
        return mask

    few = not any(extra) and not rules.constraints  # at most three units a cell: the fast expression
    # cages and the catalogue's other kinds: each unit's cells, to find a digit with a single place
    # (a killer without them is hopeless for plain backtracking; units and relations do not need it)
    seen: dict[int, int] = {}  # each open cell's candidates at this node (the scan's, reused)
    places = [(k, [r * n + c for r, c in u.cells]) for k, u in enumerate(rules.units)] if cages or others else []
    order = [i for i, d in enumerate(cells) if d == 0]
    m = len(order)
    left = [0] * m  # candidates not yet tried at each depth
    solutions: list[Board] = []
    nodes = backtracks = 0
    check_every = check_interval(m, mrv)
    timed_out = complete = False
    k = 0
    descend = True
    while True:
        if descend:
            if k == m:
                if not others or not any(kind.holds(constraint, cells, rules) for kind, constraint in others):
                    solutions.append(board.with_cells(tuple(cells)))  # (a kind's filter may be loose)
                    if len(solutions) >= limit:
                        break
                k -= 1
            else:
                if mrv:  # bring the blank with the fewest candidates to depth k
                    best, best_mask, best_count = k, 0, n + 1
                    seen.clear()
                    for j in range(k, m):
                        i = order[j]
                        mask = full & ~(masks[ua[i]] | masks[ub[i]] | masks[uc[i]]) if few else candidates(i)
                        seen[i] = mask
                        count = mask.bit_count()
                        if count < best_count:
                            best, best_mask, best_count = j, mask, count
                            if count <= 1:
                                break
                    if best_count > 1 and places:  # variants: a digit with one place (or none) in a unit
                        best, best_mask = _hidden_single(order, k, best, best_mask, seen, places, masks, full)
                    order[k], order[best] = order[best], order[k]
                    left[k] = best_mask
                else:
                    left[k] = candidates(order[k])
        # advance: undo the cell at depth k, then try its next candidate or back up
        while k >= 0:
            i = order[k]
            d = cells[i]
            if d:
                bit = ~(1 << (d - 1))
                masks[ua[i]] &= bit
                masks[ub[i]] &= bit
                masks[uc[i]] &= bit
                for u in extra[i]:
                    masks[u] &= bit
                cells[i] = 0
            mask = left[k]
            if mask:
                bit = mask & -mask
                left[k] = mask ^ bit
                cells[i] = bit.bit_length()
                masks[ua[i]] |= bit
                masks[ub[i]] |= bit
                masks[uc[i]] |= bit
                for u in extra[i]:
                    masks[u] |= bit
                nodes += 1
                k += 1
                break
            backtracks += 1
            k -= 1
        if k < 0:
            complete = True
            break
        descend = True
        if nodes % check_every == 0 and deadline.expired():
            timed_out = True
            break
    return Outcome(solutions, complete, timed_out, {"nodes": nodes, "backtracks": backtracks})


def propagating(board: Board, limit: int, deadline: Deadline) -> Outcome:
    """Depth-first search over candidate masks, propagated at every node until nothing changes.

    A cell left with one digit takes it from its peers (units and distinct cages); relation and
    pair rules (thermometers, dots, whispers, ...) keep each cell's digits that some candidate of
    its partner allows; every other constraint narrows its cells through its kind's ``narrow``
    when one of them changed; a digit with one place in a unit goes there. An empty mask is a dead
    end. Propagation only removes digits no solution has, so the search still finds every
    solution; each full grid is checked against every constraint before it counts. It guesses in
    the cell with the fewest candidates, the more so where rules keep finding dead ends
    (:data:`HEAT_WEIGHT`).
    """
    rules = board.rules
    n = board.size
    size = n * n
    full = (1 << n) - 1
    groups = [[r * n + c for r, c in u.cells] for u in rules.units]
    units = [g for g in groups if len(g) == n]  # where each digit has a place: hidden singles
    arcs: list[list[tuple[int, list[int]]]] = [[] for _ in range(size)]
    narrowing = []  # (kind, constraint, the cells it touches) of the rules that narrow by ``narrow``
    for kind, group in by_kind(rules):
        for constraint in group:
            cage = kind.distinct_sum(constraint, rules)
            if cage is not None:
                groups.append(cage[0])
            distinct = kind.distinct_groups(constraint, rules)
            tables = kind.pair_tables(constraint, rules)
            if distinct is not None:
                groups += distinct
                units += [g for g in distinct if len(g) == n]
            elif tables is not None:
                for i, pairs in tables.items():
                    for j, table in pairs:
                        arcs[j].append((i, table))  # a change at j narrows i
            elif not hasattr(kind, "gaps") and not (cage is not None and cage[1] is None):
                narrowing.append((kind, constraint, kind.touches(constraint, rules)))
    forbid = {gaps: [0] + [full & ~sum(1 << (d + g - 1) for g in gaps if 1 <= d + g <= n) for d in range(1, n + 1)]
              for gaps in {g for cell in partners(rules) for _j, g in cell}}
    for i, cell in enumerate(partners(rules)):
        for j, gaps in cell:
            arcs[j].append((i, forbid[gaps]))
    peers: list[set[int]] = [set() for _ in range(size)]
    for g in groups:
        for i in g:
            peers[i].update(g)
    peer = [tuple(p - {i}) for i, p in enumerate(peers)]
    watch: list[list[int]] = [[] for _ in range(size)]
    for k, (_kind, _constraint, touched) in enumerate(narrowing):
        for i in touched:
            watch[i].append(k)
    checks = [(kind, constraint) for kind, group in by_kind(rules) for constraint in group]
    cells = board.cells
    if any(kind.holds(constraint, cells, rules) for kind, constraint in checks):
        return Outcome([], True, False, {"nodes": 0, "backtracks": 0})
    queued = [False] * len(narrowing)
    heat = [0] * size  # per cell: dead ends found by a narrowing rule on it (the search turns there)

    def blame(touched: tuple[int, ...]) -> None:
        for i in touched:
            heat[i] += 1

    def settle(masks: list[int], changed: list[int], dirty: list[int]) -> bool:
        """Propagate from the ``changed`` cells and the ``dirty`` constraints; False at a dead end."""
        stack = changed
        while True:
            while stack:
                j = stack.pop()
                m = masks[j]
                if not m & (m - 1):
                    for p in peer[j]:
                        if masks[p] & m:
                            left = masks[p] & ~m
                            if not left:
                                return False
                            masks[p] = left
                            stack.append(p)
                for i, table in arcs[j]:
                    if m & (m - 1):
                        allow = 0
                        rest = m
                        while rest:
                            bit = rest & -rest
                            allow |= table[bit.bit_length()]
                            rest ^= bit
                    else:
                        allow = table[m.bit_length()]
                    mask = masks[i]
                    if mask & ~allow:
                        mask &= allow
                        if not mask:
                            return False
                        masks[i] = mask
                        stack.append(i)
                for k in watch[j]:
                    if not queued[k]:
                        queued[k] = True
                        dirty.append(k)
            if dirty:
                k = dirty.pop()
                queued[k] = False
                kind, constraint, touched = narrowing[k]
                got = kind.narrow(constraint, masks, rules)
                if got is None:
                    blame(touched)
                    return False
                for i, mask in zip(touched, got):
                    mask &= masks[i]
                    if mask != masks[i]:
                        if not mask:
                            blame(touched)
                            return False
                        masks[i] = mask
                        stack.append(i)
                continue
            for u in units:  # a digit with one place in a unit goes there; with none, a dead end
                once = twice = 0
                for i in u:
                    m = masks[i]
                    twice |= once & m
                    once |= m
                if once != full:
                    return False
                single = once & ~twice
                if single:
                    for i in u:
                        m = masks[i] & single
                        if m and m != masks[i]:
                            if m & (m - 1):
                                return False  # two digits with this one place
                            masks[i] = m
                            stack.append(i)
            if not stack:
                return True

    def clear(dirty: list[int]) -> None:
        for k in dirty:
            queued[k] = False
        dirty.clear()

    start = [1 << (d - 1) if d else full for d in cells]
    solutions: list[Board] = []
    stats = {"nodes": 0, "backtracks": 0}
    check_every = 16  # a node here is a whole propagation: look at the clock often
    if sys.getrecursionlimit() < size + 200:  # one frame per guess, at most one per cell
        sys.setrecursionlimit(size + 200)
    stopped = [False, False]  # limit reached, time out

    degree = [len(watch[i]) + len(arcs[i]) for i in range(size)]  # the rules beyond units a cell is in

    def dive(masks: list[int]) -> None:
        # fewest candidates, divided by the dead ends its rules found (1 + heat / HEAT_WEIGHT, as
        # dom/wdeg does); among equals, in the most rules
        best, score, most = -1, n + 1.0, -1
        for i, m in enumerate(masks):
            if m & (m - 1):
                value = m.bit_count() / (1 + heat[i] / HEAT_WEIGHT)
                if value < score or (value == score and degree[i] > most):
                    best, score, most = i, value, degree[i]
        if best < 0:
            digits = tuple(m.bit_length() for m in masks)
            if not any(kind.holds(constraint, digits, rules) for kind, constraint in checks):
                solutions.append(board.with_cells(digits))
                stopped[0] = len(solutions) >= limit
            return
        for bit in _bits(masks[best]):
            stats["nodes"] += 1
            if stats["nodes"] % check_every == 0 and deadline.expired():
                stopped[1] = True
            if stopped[0] or stopped[1]:
                return
            child = masks[:]
            child[best] = bit
            dirty: list[int] = []
            if settle(child, [best], dirty):
                dive(child)
            else:
                clear(dirty)
                stats["backtracks"] += 1

    dirty = list(range(len(narrowing)))
    for k in dirty:
        queued[k] = True
    if settle(start, [i for i in range(size)], dirty):
        dive(start)
    else:
        clear(dirty)
    timed_out = stopped[1]
    return Outcome(solutions, not stopped[0] and not timed_out, timed_out, stats)


def _bits(mask: int):
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def _hidden_single(order, k, best, best_mask, cand, places, masks, full):
    """The open cell and digit to try next when a unit has a digit with one place left; a dead end
    (``mask`` 0) when a unit has a digit with no place; else ``(best, best_mask)`` unchanged.
    ``cand``: every open cell's candidates, as the fewest-candidates scan just found them."""
    for u, idx in places:
        once = twice = 0
        for i in idx:
            mk = cand.get(i)
            if mk:
                twice |= once & mk
                once |= mk
        need = full & ~masks[u]
        if need & ~once:
            return best, 0
        single = need & ~twice
        if single:
            bit = single & -single
            i = next(i for i in idx if cand.get(i, 0) & bit)
            return order.index(i, k), bit
    return best, best_mask


def _constraints_hold(cells: list[int], cages, near, n: int) -> bool:
    """The givens keep every relation, and a cage of givens only has its sum."""
    for i, d in enumerate(cells):
        if d:
            for j, gaps in near[i] if near else ():
                if cells[j] and cells[j] - d in gaps:
                    return False
    for idx, total in cages:
        digits = [cells[i] for i in idx]
        if total is not None and (sum(digits) > total or (all(digits) and sum(digits) != total)):
            return False
    return True


class DfsBackend(Backend):
    """Bitmask backtracking: ``mrv`` (fewest candidates first, default) or ``plain`` (row by row)."""

    def __init__(self, option: str | None = None):
        option = option or "mrv"
        if option not in ("mrv", "plain"):
            raise BackendError(f"dfs option {option!r}: expected mrv (default) or plain")
        self.mrv = option == "mrv"
        self.name = "dfs" if self.mrv else "dfs:plain"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        return search(board, limit, Deadline(time_limit), self.mrv)
