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
from typing import cast

from .base import Grid, Step, lines, shared
from .chains import _path
from .registry import TECHNIQUES, length_bonus

Node = tuple[tuple[int, ...], int]  # (cells, digit)
MAX_LINKS = 11  # the longest loop looked for (links)


class GroupedLinks:
    """The strong and weak links between candidates and groups of the grid."""

    def __init__(self, g: Grid):
        self.g = g
        n = g.n
        self.strong: dict[Node, dict[Node, int | None]] = {}  # partner -> unit (None: the cell)
        self.weak: dict[Node, dict[Node, int | None]] = {}
        boxes = set(lines(g, "box"))
        crossing = [(k, m) for k in range(len(g.units)) if k not in boxes for m in boxes
                    if len(set(g.units[k]) & set(g.units[m])) >= 2]
        groups: dict[int, list[tuple[int, ...]]] = {k: [] for k in range(len(g.units))}
        for k, m in crossing:
            both = sorted(set(g.units[k]) & set(g.units[m]))
            groups[k].append(tuple(both))
            groups[m].append(tuple(both))
        for k, unit in enumerate(g.units):
            for d in range(1, n + 1):
                where = [i for i in unit if d in g.cands[i]]
                if len(where) < 2:
                    continue
                nodes: list[Node] = [((i,), d) for i in where]
                nodes += [(cells, d) for cells in {tuple(i for i in both if d in g.cands[i]) for both in groups[k]}
                          if len(cells) >= 2 and len(cells) < len(where)]
                for a in nodes:
                    for b in nodes:
                        if a < b and not set(a[0]) & set(b[0]):
                            self._add(self.weak, a, b, k)
                            if len(a[0]) + len(b[0]) == len(where):
                                self._add(self.strong, a, b, k)
        for i in range(n * n):
            digits = sorted(g.cands[i])
            for x in digits:
                for y in digits:
                    if x < y:
                        self._add(self.weak, ((i,), x), ((i,), y), None)
                        if len(digits) == 2:
                            self._add(self.strong, ((i,), x), ((i,), y), None)

    @staticmethod
    def _add(table, a: Node, b: Node, k: int | None) -> None:
        table.setdefault(a, {}).setdefault(b, k)
        table.setdefault(b, {}).setdefault(a, k)

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
        for start in sorted(self.strong):
            most = MAX_LINKS if best is None else len(best[0]) - 1
            found = self._from(start, most)
            if found is not None and (best is None or len(found[0]) < len(best[0])):
                best = found
        return best

    def _from(self, start: Node, most: int):
        parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(start, False): None}
        frontier = deque([((start, False), 0)])
        while frontier:
            (node, true), depth = frontier.popleft()
            if depth >= most:
                continue
            nexts = self.strong.get(node, {}) if not true else self.weak.get(node, {})
            for other in sorted(nexts):
                state = (other, not true)
                if not true and other == start and depth >= 2:  # back to the start, made true
                    chain = _nodes(parent, (node, true)) + [start]
                    if len(start[0]) == 1 and _grouped(chain):
                        return chain, [], [(start[0][0], start[1])], "discontinuous"
                    continue
                if state in parent or (other, true) in parent:
                    continue
                parent[state] = (node, true)
                if not true:  # other is made true
                    chain = _nodes(parent, state)
                    if len(set(chain)) == len(chain) and _grouped(chain) and not _overlap(chain):
                        if len(chain) >= 4 and start in self.weak.get(other, {}):  # it closes: a loop
                            gone = self._loop(chain)
                            if gone:
                                return chain, gone, [], "continuous"
                        gone = self.both(start, other)
                        if gone:
                            return chain, gone, [], "discontinuous"
                frontier.append((state, depth + 1))
        return None

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
                unit = self.strong[a][b]
                if unit is None:
                    reasons += [(a[0][0], e) for e in range(1, g.n + 1) if e not in (a[1], b[1])]
                else:
                    units.add(unit)
                    reasons += [(j, a[1]) for j in g.units[unit] if j not in a[0] + b[0]]
            else:
                unit = self.weak[a][b]
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


def _nodes(parent, state) -> list[Node]:
    """The chain to ``state``, read back through ``parent`` (as :mod:`.chains` reads its own)."""
    return cast(list[Node], _path(parent, state))


def _grouped(chain: list[Node]) -> bool:
    return any(len(cells) > 1 for cells, _ in chain)


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
