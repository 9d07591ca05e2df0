"""Forcing chains and nets, written as chains: what naked and hidden singles derive from an
assumption, link by link, up to the contradiction they reach (``r6c6=4 so r6c8<>4 so r4c8=4 so
... so box 6 has no place for 4``).

The steps engine finds a refuted candidate and its minimal units and premises
(:meth:`~sudoku_cp.tasks.steps.Prover.general`); :func:`trace` replays the propagation over
those units alone, recording why each fact follows, and keeps only the facts the contradiction
depends on through the assumption (the premises are the step's, not links of its chain). A chain
is *linear* when every link follows from the one before it and the premises (Sudoku Explainer's
forcing chain); otherwise it is a *net* (its dynamic forcing chain): the rating of
:mod:`sudoku_cp.tasks.rating` tells them apart.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from .base import Grid


Fact = tuple[int, int, int]


@dataclass
class Chain:
    """The links of a refutation (the assumption first), where it ends, and its shape."""

    links: list[Fact]
    end: tuple
    branches: int  # links that follow from two or more earlier links (0: a linear chain)
    arrows: list[tuple[Fact, Fact]] = field(default_factory=list)  # (earlier link, a link it gives)

    def words(self) -> str:
        """The links as a person writes them, joined by "so"; removals next to each other that follow
        from the same links are one: a digit leaving several cells (``r1c4,r4c4,r8c4<>7``), or a
        cell losing several digits (``r5c1<>3,5,6``).

        >>> Chain([(2, 3, 7), (0, 3, -7), (3, 3, -7), (3, 3, 3)], ("nowhere",), 0,
        ...       [((2, 3, 7), (0, 3, -7)), ((2, 3, 7), (3, 3, -7)), ((3, 3, -7), (3, 3, 3))]).words()
        'r3c4=7 so r1c4,r4c4<>7 so r4c4=3'
        """
        ante: dict[Fact, set[Fact]] = {}
        for a, f in self.arrows:
            ante.setdefault(f, set()).add(a)
        links, out, j = self.links, [], 0

        def run(j: int, same) -> int:  # past the removals from links[j] on that are ``same`` and follow from its links
            k = j + 1
            while k < len(links) and links[k][2] < 0 and same(links[k]) and ante.get(links[k]) == ante.get(links[j]):
                k += 1
            return k
        while j < len(links):
            r, c, d = links[j]
            by_digit = run(j, lambda f: f[2] == d) if d < 0 else j + 1
            by_cell = run(j, lambda f: f[:2] == (r, c)) if d < 0 else j + 1
            if by_digit - j > 1 and by_digit >= by_cell:
                out.append(",".join(f"r{x + 1}c{y + 1}" for x, y, _ in links[j:by_digit]) + f"<>{-d}")
                j = by_digit
            elif by_cell - j > 1:
                out.append(f"r{r + 1}c{c + 1}<>" + ",".join(str(-e) for _, _, e in links[j:by_cell]))
                j = by_cell
            else:
                out.append(f"r{r + 1}c{c + 1}{'=' if d > 0 else '<>'}{abs(d)}")
                j += 1
        return " so ".join(out)

    @property
    def digits(self) -> set[int]:
        return {abs(d) for _, _, d in self.links}


def trace(g: Grid, units: Sequence[int], facts: Sequence[Fact], assumed: Fact,
          case: Fact | None = None) -> Chain | None:
    """Naked and hidden singles over ``units`` from ``facts`` and ``assumed`` (and one ``case`` of a
    split, assumed too), each derived fact with its reasons: the chain to the first contradiction,
    or None when they reach none."""
    n = g.n
    ours = [k for k in units if k < len(g.units)]
    relations = [k for k in units if k >= len(g.units)]
    narrowing = _narrowing(g, relations)
    cands = [set(range(1, n + 1)) for _ in range(n * n)]
    placed = [0] * (n * n)
    why: dict[Fact, tuple[Fact, ...]] = {}
    order: dict[Fact, int] = {}
    tainted: set[Fact] = set()
    members: list[list[int]] = [[] for _ in range(n * n)]
    for k in ours:
        for i in g.units[k]:
            members[i].append(k)
    queue: deque[int] = deque()
    # (unit, digit) whose places changed since the hidden singles last looked there: only these
    # can hold a new one, so the others are not looked at again (the same singles, in the same order)
    dirty = {(k, d) for k in ours for d in range(1, n + 1)}
    masks = [(1 << n) - 1] * (n * n)  # each cell's digits as bits (bit d - 1), for the constraints' narrowing

    def fact(i: int, d: int) -> Fact:
        return (i // n, i % n, d)

    def note(f: Fact, ante: tuple[Fact, ...]) -> None:
        why[f] = ante
        order[f] = len(order)
        if any(a in tainted for a in ante):
            tainted.add(f)

    def absent(j: int, d: int) -> Fact | None:
        f = fact(j, -d)
        if f in why:
            return f
        return fact(j, placed[j]) if placed[j] and placed[j] != d else None

    def remove(i: int, d: int, ante: tuple[Fact, ...], unit: int | None = None) -> tuple | None:
        if d not in cands[i] or placed[i]:
            if placed[i] != d:
                return None
            if unit is not None:  # the unit would hold d twice
                return ("twice", unit, d, (fact(i, d),) + ante)
            return ("ruled out", i, d, (fact(i, d),) + ante)
        cands[i].discard(d)
        masks[i] &= ~(1 << (d - 1))
        dirty.update((k, d) for k in members[i])
        note(fact(i, -d), ante)
        if not cands[i]:
            return ("empty", i, tuple(fact(i, -e) for e in range(1, n + 1)))
        return None

    def put(i: int, d: int, ante: tuple[Fact, ...]) -> tuple | None:
        if placed[i]:
            return None if placed[i] == d else ("two", i, *sorted((placed[i], d)), (fact(i, placed[i]),) + ante)
        if d not in cands[i]:
            return ("ruled out", i, d, (fact(i, -d),) + ante)
        placed[i] = d
        dirty.update((k, e) for e in cands[i] for k in members[i])
        cands[i] = {d}
        masks[i] = 1 << (d - 1)
        note(fact(i, d), ante)
        queue.append(i)
        return None

    for r, c, d in facts:
        end = put(r * n + c, d, ()) if d > 0 else remove(r * n + c, -d, ())
        if end:
            return None
    end = None
    for f in (assumed, case):
        if f is not None and end is None:
            tainted.add(f)
            r, c, d = f
            end = put(r * n + c, d, ()) if d > 0 else remove(r * n + c, -d, ())
    while end is None:
        while queue and end is None:
            i = queue.popleft()
            d = placed[i]
            f = fact(i, d)
            for k in members[i]:
                for j in g.units[k]:
                    if j != i and end is None:
                        end = remove(j, d, (f,), k)
            for k in relations:
                for j, gaps in g.related[i].get(k, ()):
                    for e in gaps:
                        if end is None and 1 <= d + e <= n:
                            end = remove(j, d + e, (f,))
        if end is not None:
            break
        progress = False
        for i in range(n * n):
            if end is None and not placed[i] and len(cands[i]) == 1:
                (d,) = cands[i]
                end = put(i, d, tuple(x for e in range(1, n + 1) if e != d and (x := absent(i, e))))
                progress = True
        for k in ours:
            for d in range(1, n + 1):
                if end is not None:
                    break
                if (k, d) not in dirty:
                    continue
                dirty.discard((k, d))
                w = [j for j in g.units[k] if d in cands[j] and placed[j] in (0, d)]
                if len(w) > 1 or (w and placed[w[0]]):
                    continue  # (no hidden single: its reasons are not needed)
                ante = tuple(x for j in g.units[k] if j not in w and (x := absent(j, d)))
                if not w:
                    end = ("nowhere", k, d, ante)
                else:
                    end = put(w[0], d, ante)
                    progress = True
        if end is None and not progress and not queue:
            for k, kind, rule, cells in narrowing:  # a constraint's own reasoning (a cage's sums)
                if end is not None:
                    break
                got = kind.narrow(rule, masks, g.rules)
                if got is not None and all(masks[j] & ~mask == 0 for j, mask in zip(cells, got)):
                    continue  # (it removes nothing: its reasons are not needed)
                ante = tuple(x for j in cells for e in range(1, n + 1) if e not in cands[j] and (x := absent(j, e)))
                if got is None:
                    end = ("broken", k, ante)
                    break
                for j, mask in zip(cells, got):
                    for e in sorted(cands[j]):
                        if end is None and not mask >> (e - 1) & 1:
                            end = remove(j, e, ante)
                            progress = True
                if progress:
                    break  # (singles first again)
            if end is None and not progress:
                return None
    return _cone(end, why, order, tainted, [f for f in (assumed, case) if f is not None])


def _narrowing(g: Grid, parts: Sequence[int]) -> list:
    """The constraints among ``parts`` that narrow candidates by their own rule (not a relation's
    pairs, which the singles take): (position, kind, constraint, cells)."""
    from ...constraints import kind_of  # noqa: PLC0415 (the catalogue loads on first use)

    u, related = len(g.units), set(g.every)  # (the units, then the relations)
    out = []
    for k in parts:
        if k not in related:
            rule = g.rules.constraints[k - u]
            kind = kind_of(rule.kind)
            out.append((k, kind, rule, kind.touches(rule, g.rules)))
    return out


def _cone(end: tuple, why, order, tainted, assumed: list[Fact]) -> Chain:
    seen: set[Fact] = set()
    stack = [a for a in end[-1] if a in tainted]
    while stack:
        f = stack.pop()
        if f in seen:
            continue
        seen.add(f)
        stack.extend(a for a in why.get(f, ()) if a in tainted)
    seen.update(assumed)
    links = sorted(seen, key=lambda f: order.get(f, -1))
    branches = sum(1 for f in links if sum(a in tainted for a in why.get(f, ())) > 1)
    arrows = [(a, f) for f in links for a in why.get(f, ()) if a in seen]
    return Chain(links, end[:-1], branches, arrows)


# Sudoku Explainer's bases: a static forcing chain of one kind of link (one digit) 6.6, of both
# 7.0; a nishio (one digit, dynamic) 7.5; a dynamic forcing chain 8.5; a split into cases after an
# assumption (a nested chain) 8.5; a refutation only a search finds 9.5 (nested forcing chains).
X_CHAIN, CHAIN, NISHIO, NET, CASES, SEARCH = 6.6, 7.0, 7.5, 8.5, 8.5, 9.5


def chain_se(chain: Chain | None, cases: Sequence[Chain | None] = ()) -> float:
    """The SE-scale rating of a refutation: a linear chain (every link from the one before) of one
    digit 6.6, of several 7.0; a net of one digit 7.5 (a nishio), of several 8.5; a split into cases
    8.5; each plus the length bonus of its links. Without a chain (a refutation only a search
    finds): 9.5."""
    from .registry import length_bonus  # noqa: PLC0415 (kept beside its use)

    if cases:
        if any(c is None for c in cases):
            return SEARCH
        links = sum(len(c.links) for c in cases if c is not None)
        return round(CASES + length_bonus(links), 1)
    if chain is None:
        return SEARCH
    one = len(chain.digits) == 1
    base = (NISHIO if one else NET) if chain.branches > 1 else (X_CHAIN if one else CHAIN)
    return round(base + length_bonus(len(chain.links)), 1)
