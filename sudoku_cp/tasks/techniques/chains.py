"""Chains of candidates: X-chain, XY-chain, remote pair, alternating inference chains (AIC).

A *candidate* is a cell and a digit. A **strong link** joins two candidates of which at least one
is true: the only two places of a digit in a unit, or the only two digits of a cell. A **weak
link** joins two that cannot both be true: one digit in two cells of a unit, or two digits of one
cell. An AIC starts and ends with strong links and alternates: if its first candidate is false,
the next is true, the next false, ..., the last true, so the first or the last is true, and any
candidate weakly linked to both ends goes. It is written as a person reads it: ``r1c4<>5 so
r1c8=5 so r3c8<>5 so r3c4=5``.

The search is breadth first from every candidate, so the shortest chain with an elimination is
the step (ties: the first start in row-major order). Kinds of chain are kinds of search: one
digit (X-chain, and with four candidates the skyscraper, two-string kite and turbot fish of
:mod:`.patterns`); bivalue cells only (XY-chain, remote pair); anything (AIC; a W-wing's shape is
named).
"""

from __future__ import annotations

from collections import deque

from .base import Grid, Misses, Step, bits_of, digit_places, name, shared, unit_bits
from .registry import TECHNIQUES, length_bonus


Node = tuple[int, int]  # (cell, digit)
MAX_LINKS = 13  # the longest chain looked for (links)
_MADE: dict[tuple, Links] = {}  # the links of the last candidates state seen (see :func:`links_of`)
_STATE: list = [None, None, None]  # the candidates list and grid :func:`links_of` last read, and their state
MISSES = Misses()  # ("X-chain", digit, its places, the most links): no chain that short there


class Links:
    """The strong and weak links of the grid's candidates (``digit``: one digit only;
    ``bivalue_only``: the strong links of bivalue cells only, and the weak links of their
    candidates only, as an XY-chain uses; ``bilocal_only``: the strong links of units only)."""

    def __init__(self, g: Grid, digit: int | None = None, bivalue_only: bool = False,
                 bilocal_only: bool = False):
        self.g = g
        self.strong: dict[Node, dict[Node, int | None]] = {}  # partner -> unit (None: the cell)
        self._shortest: dict[tuple[int, int], tuple[list[Node], list[Node]] | None] = {}  # (see :meth:`shortest`)
        self._strongs: dict[Node, list[Node]] = {}  # a node's strong partners, sorted (made as the search asks)
        self._walks: dict[Node, list[Node]] = {}  # its walk partners, sorted
        n = g.n
        digits = [digit] if digit else list(range(1, n + 1))
        places, units = digit_places(g), unit_bits(g)
        if digit:  # (one digit: its places, and no cell's two digits are both nodes)
            nodes = [(i, digit) for i in bits_of(places[digit])]
        else:
            nodes = [(i, d) for i in range(n * n) for d in sorted(g.cands[i])]
        for node in nodes:
            self.strong[node] = {}
        for i in range(n * n) if not digit and not bilocal_only else ():
            c = g.cands[i]
            if len(c) == 2:
                a, b = sorted(c)
                self.strong[(i, a)][(i, b)] = None
                self.strong[(i, b)][(i, a)] = None
        if not bivalue_only:
            for k, unit in enumerate(g.units):
                for d in digits:
                    two = places[d] & units[k]
                    if two.bit_count() == 2 and not any(g.cells[i] == d for i in unit):
                        w = [i for i in unit if two >> i & 1]
                        self.strong[(w[0], d)].setdefault((w[1], d), k)
                        self.strong[(w[1], d)].setdefault((w[0], d), k)
        # the weak links, each node's made on first use (a search reaches some of them)
        self._digit, self._bivalue_only = digit, bivalue_only
        self._holding: dict[int, set[int]] = {d: set() for d in digits}  # the cells with d as a candidate
        for i, d in nodes:
            self._holding[d].add(i)
        self.weak: dict[Node, set[Node]] = _Made(self._weak_of)  # every weak link (for eliminations)
        self.walk: dict[Node, set[Node]] = _Made(self._walk_of)  # those a chain of this kind may take

    def _weak_of(self, node: Node) -> set[Node]:
        if node not in self.strong:
            raise KeyError(node)
        (i, d), g = node, self.g
        if self._bivalue_only and len(g.cands[i]) != 2:
            return set()  # (an XY-chain neither enters these nor ends at them)
        same = {(j, d) for j in g.peer_sets[i] & self._holding[d]}
        if self._digit is None:  # (every digit is a node: the cell's other digits are weak links)
            return same | {(i, e) for e in g.cands[i] if e != d}
        return same

    def _walk_of(self, node: Node) -> set[Node]:
        (i, d), g = node, self.g
        if not self._bivalue_only:
            return self.weak[node]
        if len(g.cands[i]) != 2:
            return set()
        # an XY-chain only enters and leaves bivalue cells through their digits
        return {(j, d) for j in g.peer_sets[i] & self._holding[d] if len(g.cands[j]) == 2}

    def targets(self, a: Node, b: Node) -> list[Node]:
        """The candidates weakly linked to both ends (they go)."""
        if a not in self.strong or b not in self.strong:
            return []
        both = self.weak[a] & self.weak[b]
        return sorted(x for x in both if x != a and x != b)

    def shortest(self, most: int = MAX_LINKS, least: int = 1) -> tuple[list[Node], list[Node]] | None:
        """The shortest alternating chain (at least ``least`` links) with an elimination: (chain,
        eliminated); asked again (a remote pair, then an XY-chain), the answer found before."""
        if (most, least) not in self._shortest:
            self._shortest[most, least] = self._search(most, least)
        return self._shortest[most, least]

    def _search(self, most: int, least: int) -> tuple[list[Node], list[Node]] | None:
        best: tuple[list[Node], list[Node]] | None = None
        for start in sorted(self.strong):
            if not self.strong[start]:
                continue
            found = self._from(start, most if best is None else len(best[0]) - 2, least)
            if found is not None:
                best = found
                if len(best[0]) - 1 <= least:
                    break
        return best

    def _from(self, start: Node, most: int, least: int) -> tuple[list[Node], list[Node]] | None:
        parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(start, False): None}
        frontier = deque([((start, False), 0)])
        while frontier:
            (node, true), depth = frontier.popleft()
            if depth >= most:
                continue
            ordered = self._walks if true else self._strongs
            nexts = ordered.get(node)
            if nexts is None:
                nexts = ordered[node] = sorted(self.walk[node] if true else self.strong[node])
            for other in nexts:
                state = (other, not true)
                if state in parent or (other, true) in parent and other != start:
                    continue
                parent[state] = (node, true)
                if not true and depth + 1 >= least:  # reached through a strong link: other is true
                    gone = self.targets(start, other)
                    if gone:
                        chain = _path(parent, state)
                        if len(set(chain)) == len(chain):
                            return chain, gone
                frontier.append((state, depth + 1))
        return None

    def step(self, chain: list[Node], gone: list[Node], technique: str) -> Step:
        """The step of a chain: its strong links' reasons are the premises, every link's unit and
        each elimination's units to the two ends are its constraints."""
        g = self.g
        reasons: list[tuple[int, int]] = []
        units: set[int] = set()
        for k, (a, b) in enumerate(zip(chain, chain[1:])):
            if k % 2 == 0:  # strong
                unit = self.strong[a][b]
                if unit is None:
                    reasons += [(a[0], e) for e in range(1, g.n + 1) if e not in (a[1], b[1])]
                else:
                    units.add(unit)
                    reasons += [(j, a[1]) for j in g.units[unit] if j not in (a[0], b[0])]
            elif a[0] != b[0]:
                units.add(shared(g, a[0], b[0])[0])
        for t in gone:
            for end in (chain[0], chain[-1]):
                if t[0] != end[0]:
                    units.add(shared(g, t[0], end[0])[0])
        step = g.step([g.fact(i, -d) for i, d in gone], reasons, sorted(units), technique, [])
        step.chain = chain_words(g, chain)
        facts = [g.fact(i, d if k % 2 else -d) for k, (i, d) in enumerate(chain)]
        step.arrows = list(zip(facts, facts[1:]))
        step.se = round(TECHNIQUES[technique.split(" (")[0]].se + length_bonus(len(chain)), 1)
        return step


class _Made(dict):
    """A dict whose missing entries are made on first use, by ``make(key)``."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


def links_of(g: Grid, digit: int | None = None, bivalue_only: bool = False,
             bilocal_only: bool = False) -> Links:
    """:class:`Links` of ``g`` as it stands, made once per candidates state: the finders that
    ask for the same links on one grid (fish-shaped patterns, colourings, chains) share them."""
    if _STATE[0] is not g.cands or _STATE[1] is not g:  # (a grid's candidates: a new list after each step)
        _STATE[:] = [g.cands, g, (id(g), tuple(g.cells), tuple(map(frozenset, g.cands)))]
    state = _STATE[2]
    key = (state, digit, bivalue_only, bilocal_only)
    made = _MADE.get(key)
    if made is None:
        if any(k[0] != state for k in _MADE):
            _MADE.clear()
        made = _MADE[key] = Links(g, digit, bivalue_only, bilocal_only)
    return made


def _path(parent, state) -> list[Node]:
    out = []
    while state is not None:
        out.append(state[0])
        state = parent[state]
    return out[::-1]


def chain_words(g: Grid, chain: list[Node]) -> str:
    """``r1c4<>5 so r1c8=5 so r3c8<>5 so r3c4=5``: the chain read from its first candidate false."""
    return " so ".join(f"{name(g, i)}{'=' if k % 2 else '<>'}{d}" for k, (i, d) in enumerate(chain))


def kind_of(g: Grid, links: Links, chain: list[Node]) -> str:
    """The name a person gives this chain's shape."""
    digits = {d for _, d in chain}
    cells = [i for i, _ in chain]
    pairs = [chain[k:k + 2] for k in range(0, len(chain), 2)]
    if len(digits) == 1:
        return "X-chain"
    if all(a[0] == b[0] for a, b in pairs):
        if len({frozenset(g.cands[i]) for i in cells}) == 1 and len(pairs) >= 4:
            return "remote pair"
        return "XY-chain"
    if (len(pairs) == 3 and pairs[0][0][0] == pairs[0][1][0] and pairs[2][0][0] == pairs[2][1][0]
            and pairs[1][0][0] != pairs[1][1][0] and g.cands[pairs[0][0][0]] == g.cands[pairs[2][0][0]]):
        return "W-wing"
    return "AIC"


def x_chain(g: Grid) -> Step | None:
    """One digit's strong and weak links: the shortest chain of at least 5 links with an elimination."""
    best = None
    masks = digit_places(g)
    for d in range(1, g.n + 1):
        most = MAX_LINKS if best is None else len(best[1][0]) - 2
        if MISSES.known(g, ("X-chain", d, masks[d], MAX_LINKS)) or MISSES.known(g, ("X-chain", d, masks[d], most)):
            continue  # (no chain within some links: none within fewer, the search being breadth first)
        links = links_of(g, digit=d)
        found = links.shortest(most, 5)
        if found is not None:
            best = (links, found)
        else:
            MISSES.add(g, ("X-chain", d, masks[d], most))
    if best is None:
        return None
    links, (chain, gone) = best
    step = links.step(chain, gone, "X-chain")
    strong = len(chain) // 2  # Sukaku Explainer's strong-linked fishes, then its forcing X-chain
    step.se = {3: 5.5, 4: 5.9}.get(strong, round(6.6 + length_bonus(len(chain)), 1))
    return step


def xy_chain(g: Grid) -> Step | None:
    """Bivalue cells linked by a shared digit: an XY-chain (a remote pair when every cell holds the
    same two digits). Three cells are the XY-wing of :mod:`.wings`, found before."""
    links = links_of(g, bivalue_only=True)
    found = links.shortest(least=5)
    if found is None:
        return None
    chain, gone = found
    return links.step(chain, gone, kind_of(g, links, chain))


def remote_pair(g: Grid) -> Step | None:
    """An XY-chain whose cells all hold the same two digits (four cells at least: :func:`kind_of`)."""
    pairs: dict[frozenset[int], int] = {}
    for c in g.cands:
        if len(c) == 2:
            pairs[frozenset(c)] = pairs.get(frozenset(c), 0) + 1
    if max(pairs.values(), default=0) < 4:
        return None
    step = xy_chain(g)
    return step if step is not None and step.technique == "remote pair" else None


def aic(g: Grid) -> Step | None:
    """Any alternating chain: strong links of units and of bivalue cells, weak links of both kinds."""
    links = links_of(g)
    found = links.shortest(least=3)
    if found is None:
        return None
    chain, gone = found
    return links.step(chain, gone, kind_of(g, links, chain))
