"""Grouped nice loops: alternating chains whose nodes may be a *group*, the places of a digit where
a box meets a line (two or three cells; the group is true when one of them holds the digit).

Links are those of :mod:`.chains` with groups among the nodes: in a unit, two disjoint nodes of a
digit that cover all its places there are strongly linked, any two disjoint nodes of it weakly;
in a cell, its two digits (a bivalue cell) strongly, any two digits weakly. A chain starts with a
node assumed false and alternates strong and weak links. Discontinuous loop: the chain ends at a
node it makes true, so the first or the last node holds; a candidate weakly linked to both goes
(or, when the chain comes back to its first node made true, that candidate holds). Continuous
loop: the last node is weakly linked to the first, so every weak link of the loop has exactly one
true end, and any candidate weakly linked to both ends of one goes.

Without a group the same chains are the AIC of :mod:`.chains`, found before: a loop here has one.
"""

from __future__ import annotations

from collections import deque
from itertools import repeat
from .base import Grid, Step, bits_of, digit_places, lines, peer_bits, remembered, shared, unit_bits
from .registry import TECHNIQUES, length_bonus

Node = tuple[tuple[int, ...], int]  # (cells, digit)
MAX_LINKS = 11  # the longest loop looked for (links)


class GroupedLinks:
    """The strong and weak links between candidates and groups of the grid."""

    def __init__(self, g: Grid):
        self.g = g
        n = g.n
        peers, places = peer_bits(g), digit_places(g)
        units, groups = _groups(g)
        # each unit's nodes of each digit (two or more places), as cells in bits: its places, and its
        # groups short of all; then those places
        self._members: dict[tuple[int, int], tuple[list[int], int]] = {}
        every: set[tuple[int, int]] = set()  # (cells as bits, digit)
        for k in range(len(g.units)):
            for d in range(1, n + 1):
                where = places[d] & units[k]
                if where & (where - 1) == 0:
                    continue
                masks = []
                rest = where
                while rest:
                    low = rest & -rest
                    masks.append(low)
                    rest ^= low
                masks += {c for c in (m & where for m in groups[k]) if c & (c - 1) and c != where}
                self._members[k, d] = (masks, where)
                every.update(zip(masks, repeat(d)))
        every.update((1 << i, d) for i in range(n * n) if len(g.cands[i]) >= 2 for d in g.cands[i])
        # the search's view: nodes numbered in their sorted order, each one's partners as numbers;
        # a node's partners are kept as bits (bit k: node k), so they come out sorted
        made = sorted((_cells_of(m), d, m) for m, d in every)
        self.nodes = [(cells, d) for cells, d, _ in made]
        numbers: list[dict[int, int]] = [{} for _ in range(n + 1)]  # each digit's nodes' numbers, by their cells as bits
        for k, (_, d, m) in enumerate(made):
            numbers[d][m] = k
        self._cells = [m for _, _, m in made]  # each node's cells, as bits
        strong = [0] * len(made)
        for (_, d), (masks, where) in self._members.items():
            # two disjoint nodes of a digit in a unit: strongly linked when they cover its places
            mine = numbers[d]
            if len(masks) == 2:  # (two places, so no group: the two cells)
                a, b = mine[masks[0]], mine[masks[1]]
                strong[a] |= 1 << b
                strong[b] |= 1 << a
                continue
            held = set(masks)
            for m in masks:
                if where ^ m in held:
                    strong[mine[m]] |= 1 << mine[where ^ m]
        for i in range(n * n):  # two digits of a bivalue cell
            if len(g.cands[i]) == 2:
                a, b = (numbers[d][1 << i] for d in g.cands[i])
                strong[a] |= 1 << b
                strong[b] |= 1 << a
        self._strong = strong
        self._weak: list[int | None] = [None] * len(made)  # (made as the search asks: :meth:`weak`)
        self._numbers = numbers
        self._grouped = [len(cells) > 1 for cells, _ in self.nodes]
        self._starts = [k for k, m in enumerate(strong) if m]
        self._peers, self._places = peers, places
        self._seen: list[int | None] = [None] * len(made)  # (made as the search asks: :meth:`seen`)

    def weak(self, a: int) -> int:
        """The nodes weakly linked to node number ``a``, as bits: those of its digit disjoint from it
        in a unit it is in, and its cell's other digits (made on first ask: a search reads about
        one node in ten)."""
        made = self._weak[a]
        if made is None:
            cells, d = self.nodes[a]
            mine = self._cells[a]
            made = 0
            numbers = self._numbers
            for k in self.g.units_of[cells[0]]:  # the units it is a node of
                masks, _ = self._members.get((k, d), ((), 0))
                if mine in masks:
                    for m in masks:
                        if not m & mine:
                            made |= 1 << numbers[d][m]
            if len(cells) == 1 and len(self.g.cands[cells[0]]) >= 2:
                made |= sum(1 << numbers[e][mine] for e in self.g.cands[cells[0]] if e != d)
            self._weak[a] = made
        return made

    def seen(self, a: int) -> int:
        """The places of node number ``a``'s digit that see all its cells, as bits (made on first
        ask, as :meth:`weak`)."""
        made = self._seen[a]
        if made is None:
            cells, d = self.nodes[a]
            made = self._seen[a] = self._places[d] & _all(self._peers, cells)
        return made

    def unit(self, a: Node, b: Node, strong: bool) -> int | None:
        """The first unit linking two nodes (strongly: they are all its places for their digit);
        None for two digits of one cell."""
        if a[1] != b[1]:
            return None
        ma, mb = sum(1 << c for c in a[0]), sum(1 << c for c in b[0])
        for k in range(len(self.g.units)):
            masks, where = self._members.get((k, a[1]), ([], 0))
            if ma in masks and mb in masks and not ma & mb and (not strong or ma | mb == where):
                return k
        raise ValueError(f"no unit links {a} and {b}")

    def both(self, a: Node, b: Node) -> list[tuple[int, int]]:
        """The candidates (cell, digit) weakly linked to both nodes, in neither."""
        g = self.g
        if a[1] == b[1]:
            d = a[1]
            first, *rest = a[0] + b[0]
            seeing = g.peer_sets[first].intersection(*(g.peer_sets[c] for c in rest))  # (none of a, b)
            return [(j, d) for j in sorted(seeing) if d in g.cands[j]]
        if len(a[0]) > 1 or len(b[0]) > 1:
            return []
        (i,), (j,) = a[0], b[0]
        if i == j:
            return [(i, e) for e in sorted(g.cands[i]) if e not in (a[1], b[1])]
        if j not in g.peer_sets[i]:
            return []
        return [t for t in ((i, b[1]), (j, a[1])) if t[1] in g.cands[t[0]]]

    def find(self) -> tuple[list[Node], list[tuple[int, int]], list[tuple[int, int]], str] | None:
        """The shortest loop with a group and a conclusion: (chain, removals, placements, kind)."""
        best = None
        for start in self._starts:
            most = MAX_LINKS if best is None else len(best[0]) - 1
            found = self._from(start, most)
            if found is not None and (best is None or len(found[0]) < len(best[0])):
                best = found
        return best

    def _from(self, start: int, most: int):
        """Breadth first from the node numbered ``start`` assumed false. A state is a node's number
        times two, plus one when the chain makes it true; ``grouped``: the chain to it holds a group.
        A node is reached once (either way): ``reached`` holds them as bits, so a node's partners
        not reached yet are its partners' bits less those, in their order."""
        strong, weak, nodes = self._strong, self.weak, self.nodes
        parent: dict[int, int] = {2 * start: -1}
        grouped = {2 * start: self._grouped[start]}
        frontier = deque([(2 * start, 0)])
        closing, seen, reached = weak(start), self.seen, 1 << start  # (weak links are both ways)
        while frontier:
            state, depth = frontier.popleft()
            if depth >= most:
                continue
            node, had = state >> 1, grouped[state]
            if state & 1:  # a node made true: its weak links make the next ones false
                new = weak(node) & ~reached
                reached |= new
                for other in bits_of(new):
                    made = 2 * other
                    parent[made] = state
                    grouped[made] = had or self._grouped[other]
                    frontier.append((made, depth + 1))
                continue
            back = depth >= 2 and strong[node] >> start & 1  # back to the start, made true
            new = strong[node] & ~reached | (1 << start if back else 0)
            reached |= new
            for other in bits_of(new):  # a node made false: its strong links make the next ones true
                if other == start:
                    if not self._grouped[start] and had:
                        chain = self._chain(parent, state) + [nodes[start]]
                        return chain, [], [(nodes[start][0][0], nodes[start][1])], "discontinuous"
                    continue
                made = 2 * other + 1
                parent[made] = state
                grouped[made] = with_group = had or self._grouped[other]
                if with_group and (closing >> other & 1 and depth >= 2 or (
                        seen(start) & seen(other) if nodes[start][1] == nodes[other][1]
                        else self.both(nodes[start], nodes[other]))):  # a conclusion?
                    chain = self._chain(parent, made)
                    if len(set(chain)) == len(chain) and not _overlap(chain):
                        if len(chain) >= 4 and closing >> other & 1:  # it closes: a loop
                            gone = self._loop(chain)
                            if gone:
                                return chain, gone, [], "continuous"
                        gone = self.both(nodes[start], nodes[other])
                        if gone:
                            return chain, gone, [], "discontinuous"
                frontier.append((made, depth + 1))
        return None

    def _chain(self, parent: dict[int, int], state: int) -> list[Node]:
        """The nodes from the start to ``state``, read back through ``parent``."""
        out = []
        while state >= 0:
            out.append(self.nodes[state >> 1])
            state = parent[state]
        return out[::-1]

    def _loop(self, chain: list[Node]) -> list[tuple[int, int]]:
        """A continuous loop's removals: by each weak link (the last closes the loop)."""
        inside = {(c, d) for cells, d in chain for c in cells}
        gone: set[tuple[int, int]] = set()
        for a, b in list(zip(chain[1::2], chain[2::2])) + [(chain[-1], chain[0])]:
            gone |= {t for t in self.both(a, b) if t not in inside}
        return sorted(gone)

    def step(self, chain: list[Node], gone, placed, kind: str) -> Step:
        """The step: every strong link's reasons, every link's unit, each removal's units to the
        ends of the link (or loop ends) it sees."""
        g = self.g
        reasons: list[tuple[int, int]] = []
        units: set[int] = set()
        pairs = list(zip(chain, chain[1:]))
        if kind == "continuous":
            pairs.append((chain[-1], chain[0]))
        for k, (a, b) in enumerate(pairs):
            if k % 2 == 0:  # strong
                unit = self.unit(a, b, strong=True)
                if unit is None:
                    reasons += [(a[0][0], e) for e in range(1, g.n + 1) if e not in (a[1], b[1])]
                else:
                    units.add(unit)
                    reasons += [(j, a[1]) for j in g.units[unit] if j not in a[0] + b[0]]
            else:
                unit = self.unit(a, b, strong=False)
                if unit is not None:
                    units.add(unit)
        ends = set(chain) if kind == "continuous" else {chain[0], chain[-1]}
        for j, _ in gone:
            units |= {shared(g, j, c)[0] for cells, _ in ends for c in cells if c != j and c in g.peer_sets[j]}
        conclusion = [g.fact(j, -d) for j, d in gone] + [g.fact(j, d) for j, d in placed]
        step = g.step(conclusion, reasons, sorted(units), f"grouped nice loop ({kind})", [])
        if kind == "continuous":  # the last link back to the first node, false again
            step.chain = f"{words(g, chain)} so {_node(g, chain[0])}<>{chain[0][1]} (the loop closes)"
        else:
            step.chain = words(g, chain)
        step.se = round(TECHNIQUES["grouped nice loop"].se + length_bonus(len(chain)), 1)
        return step


_GROUPS: list = [None, None]  # the last rules seen and their groups (see :func:`_groups`)


def _groups(g: Grid) -> tuple[list[int], list[list[int]]]:
    """Each unit's cells as bits, and its groups: the cells (two or more) it shares with a crossing
    box (a box: with a crossing line), as bits; made once for the grid's rules."""
    if _GROUPS[0] is not g.rules:
        units = unit_bits(g)
        boxes = set(lines(g, "box"))
        groups: list[list[int]] = [[] for _ in g.units]
        for k in range(len(g.units)):
            for m in boxes:
                both = units[k] & units[m]
                if k not in boxes and both.bit_count() >= 2:
                    groups[k].append(both)
                    groups[m].append(both)
        _GROUPS[:] = [g.rules, (units, groups)]
    return _GROUPS[1]


@remembered(1 << 16)
def _cells_of(mask: int) -> tuple[int, ...]:
    """The cells of a set of cells as bits, lowest first (a node's cells: the same few sets on every call)."""
    return tuple(bits_of(mask))


def _all(peers: list[int], cells: tuple[int, ...]) -> int:
    """The cells seeing all of ``cells``, as bits."""
    out = peers[cells[0]]
    for c in cells[1:]:
        out &= peers[c]
    return out


def _overlap(chain: list[Node]) -> bool:
    """Two nodes of the chain share a candidate (a group and one of its cells)."""
    seen: set[tuple[int, int]] = set()
    for cells, d in chain:
        for c in cells:
            if (c, d) in seen:
                return True
        seen |= {(c, d) for c in cells}
    return False


def _node(g: Grid, node: Node) -> str:
    cells, d = node
    rows = sorted({c // g.n + 1 for c in cells})
    cols = sorted({c % g.n + 1 for c in cells})
    return f"r{''.join(map(str, rows))}c{''.join(map(str, cols))}"


def words(g: Grid, chain: list[Node]) -> str:
    """``r1c4<>5 so r1c78=5 so ...``: the chain from its first node false (a group: one of its cells)."""
    return " so ".join(f"{_node(g, node)}{'=' if k % 2 else '<>'}{node[1]}" for k, node in enumerate(chain))


def grouped_nice_loop(g: Grid) -> Step | None:
    links = GroupedLinks(g)
    found = links.find()
    if found is None:
        return None
    return links.step(*found)
