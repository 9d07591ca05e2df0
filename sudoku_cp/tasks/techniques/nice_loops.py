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
from .base import Grid, Step, bits_of, digit_places, lines, peer_bits, shared, unit_bits
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
        # each unit's nodes of each digit (two or more places): its places, and its groups short of all
        self._members: dict[tuple[int, int], tuple[set[Node], int]] = {}
        for k in range(len(g.units)):
            for d in range(1, n + 1):
                where = places[d] & units[k]
                if where & (where - 1) == 0:
                    continue
                nodes: set[Node] = {((i,), d) for i in bits_of(where)}
                nodes |= {(tuple(bits_of(c)), d) for c in {m & where for m in groups[k]}
                          if c & (c - 1) and c != where}
                self._members[k, d] = (nodes, where.bit_count())
        every = {node for nodes, _ in self._members.values() for node in nodes}
        every |= {((i,), d) for i in range(n * n) if len(g.cands[i]) >= 2 for d in g.cands[i]}
        # the search's view: nodes numbered in their sorted order, each one's partners as numbers
        self.nodes = sorted(every)
        number = {node: k for k, node in enumerate(self.nodes)}
        strong: list[set[int]] = [set() for _ in self.nodes]
        weak: list[set[int]] = [set() for _ in self.nodes]
        bits = [sum(1 << i for i in cells) for cells, _ in self.nodes]
        for nodes, count in self._members.values():  # two disjoint nodes of a digit in a unit
            ids = [number[node] for node in nodes]
            for x, a in enumerate(ids):
                for b in ids[x + 1:]:
                    if not bits[a] & bits[b]:
                        weak[a].add(b)
                        weak[b].add(a)
                        if (bits[a] | bits[b]).bit_count() == count:
                            strong[a].add(b)
                            strong[b].add(a)
        for i in range(n * n):  # two digits of a cell
            ids = [number[(i,), d] for d in sorted(g.cands[i])] if len(g.cands[i]) >= 2 else []
            for x, a in enumerate(ids):
                for b in ids[x + 1:]:
                    weak[a].add(b)
                    weak[b].add(a)
                    if len(ids) == 2:
                        strong[a].add(b)
                        strong[b].add(a)
        self._strong = [sorted(m) for m in strong]
        self._weak = [sorted(m) for m in weak]
        self._grouped = [len(cells) > 1 for cells, _ in self.nodes]
        self._starts = [k for k, m in enumerate(strong) if m]
        self._seen = [places[d] & _all(peers, cells) for cells, d in self.nodes]  # (see :meth:`both`)

    def unit(self, a: Node, b: Node, strong: bool) -> int | None:
        """The first unit linking two nodes (strongly: they are all its places for their digit);
        None for two digits of one cell."""
        if a[1] != b[1]:
            return None
        for k in range(len(self.g.units)):
            nodes, count = self._members.get((k, a[1]), (set(), 0))
            if a in nodes and b in nodes and not set(a[0]) & set(b[0]) and (
                    not strong or len(a[0]) + len(b[0]) == count):
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
        times two, plus one when the chain makes it true; ``grouped``: the chain to it holds a group."""
        strong, weak, nodes = self._strong, self._weak, self.nodes
        parent: dict[int, int] = {2 * start: -1}
        grouped = {2 * start: self._grouped[start]}
        frontier = deque([(2 * start, 0)])
        closing, seen = set(weak[start]), self._seen  # (weak links are both ways)
        while frontier:
            state, depth = frontier.popleft()
            if depth >= most:
                continue
            node, had = state >> 1, grouped[state]
            if state & 1:  # a node made true: its weak links make the next ones false
                for other in weak[node]:
                    made = 2 * other
                    if made in parent or made + 1 in parent:
                        continue
                    parent[made] = state
                    grouped[made] = had or self._grouped[other]
                    frontier.append((made, depth + 1))
                continue
            for other in strong[node]:  # a node made false: its strong links make the next ones true
                if other == start and depth >= 2:  # back to the start, made true
                    if not self._grouped[start] and had:
                        chain = self._chain(parent, state) + [nodes[start]]
                        return chain, [], [(nodes[start][0][0], nodes[start][1])], "discontinuous"
                    continue
                made = 2 * other + 1
                if made in parent or made - 1 in parent:
                    continue
                parent[made] = state
                grouped[made] = with_group = had or self._grouped[other]
                if with_group and (other in closing and depth >= 2 or (
                        seen[start] & seen[other] if nodes[start][1] == nodes[other][1]
                        else self.both(nodes[start], nodes[other]))):  # a conclusion?
                    chain = self._chain(parent, made)
                    if len(set(chain)) == len(chain) and not _overlap(chain):
                        if len(chain) >= 4 and other in closing:  # it closes: a loop
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
