"""Simple colouring: a digit's strong links (its only two places in a unit) chain cells into
clusters coloured in two alternating colours; one colour holds the digit everywhere, the other
nowhere. Wrap: two cells of one colour see each other, so that colour is false everywhere. Trap: a
cell sees both colours, so it cannot hold the digit.

Multi-colouring: two clusters of one digit, A (colours a, a') and B (b, b'). When a cell of colour
a sees a cell of colour b, a and b are not both true, so a' or b' is. Wrap: colour a sees both b
and b', so a is false everywhere. Trap: a sees b, so a cell seeing both a' and b' cannot hold the
digit.
"""

from __future__ import annotations

import itertools

from .base import Grid, Misses, Step, digit_places, name, sees, shared
from .chains import Links, Node, links_of

MISSES = Misses()  # (technique, digit, its places): no colouring step there


def _clusters(links: Links, least: int = 3) -> list[dict]:
    seen: set = set()
    out = []
    for start in sorted(links.strong):
        if start in seen or not links.strong[start]:
            continue
        colour = {start: 0}
        parent: dict[Node, Node | None] = {start: None}
        queue = [start]
        for node in queue:
            for other in sorted(links.strong[node]):
                if other not in colour:
                    colour[other] = 1 - colour[node]
                    parent[other] = node
                    queue.append(other)
        seen |= set(colour)
        if len(colour) >= least:
            out.append({"colour": colour, "parent": parent})
    return out


def _path(parent, node) -> list:
    out = []
    while node is not None:
        out.append(node)
        node = parent[node]
    return out


def simple_colouring(g: Grid) -> Step | None:
    masks = digit_places(g)
    for d in range(1, g.n + 1):
        key = ("simple colouring", d, masks[d])
        if MISSES.known(g, key):
            continue
        step = _simple(g, d)
        if step is not None:
            return step
        MISSES.add(g, key)
    return None


def _simple(g: Grid, d: int) -> Step | None:
    """A colour wrap or trap in one cluster of the digit ``d``."""
    links = links_of(g, digit=d, bilocal_only=True)
    for cluster in _clusters(links):
        colour, parent = cluster["colour"], cluster["parent"]
        nodes = sorted(colour)
        tree = [(m, parent[m]) for m in nodes if parent[m] is not None]
        for c in (0, 1):  # wrap
            same = [m for m in nodes if colour[m] == c]
            clash = next(((u, v) for k, u in enumerate(same) for v in same[k + 1:] if sees(g, u[0], v[0])), None)
            if clash is not None:
                u, v = clash
                step = _step(g, links, tree, [m for m in same], [shared(g, u[0], v[0])[0]])
                step.chain = (f"colour wrap: {name(g, u[0])} and {name(g, v[0])} take one colour and see "
                              f"each other, so that colour does not hold {d}")
                return step
        for t in range(g.n * g.n):  # trap
            if d not in g.cands[t] or (t, d) in colour:
                continue
            a = next((m for m in nodes if colour[m] == 0 and sees(g, t, m[0])), None)
            b = next((m for m in nodes if colour[m] == 1 and sees(g, t, m[0])), None)
            if a is None or b is None:
                continue
            pa, pb = _path(parent, a), _path(parent, b)
            common = next(m for m in pa if m in pb)
            chain = pa[:pa.index(common) + 1] + pb[:pb.index(common)][::-1]
            used = [(m, parent[m]) for m in chain if parent[m] is not None and parent[m] in chain]
            step = _step(g, links, used, [(t, d)], [shared(g, t, a[0])[0], shared(g, t, b[0])[0]])
            step.chain = (f"colour trap: {name(g, t)} sees {name(g, a[0])} and {name(g, b[0])}, of "
                          f"opposite colours, one of which holds {d}")
            return step
    return None


def multi_colouring(g: Grid) -> Step | None:
    masks = digit_places(g)
    for d in range(1, g.n + 1):
        key = ("multi-colouring", d, masks[d])
        if MISSES.known(g, key):
            continue
        links = links_of(g, digit=d, bilocal_only=True)
        clusters = _clusters(links, least=2)
        for one, two in itertools.permutations(clusters, 2):
            step = _two_clusters(g, links, d, one, two)
            if step is not None:
                return step
        MISSES.add(g, key)
    return None


def _two_clusters(g: Grid, links: Links, d: int, one: dict, two: dict) -> Step | None:
    """Wrap or trap across clusters ``one`` (colours a, a') and ``two`` (b, b')."""
    colours = [[sorted(m for m, c in cl["colour"].items() if c == k) for k in (0, 1)] for cl in (one, two)]
    tree = [(m, cl["parent"][m]) for cl in (one, two) for m in sorted(cl["colour"]) if cl["parent"][m] is not None]

    def seeing(xs, ys):
        return next(((u, v) for u in xs for v in ys if sees(g, u[0], v[0])), None)

    (a0, a1), (b0, b1) = colours
    for a, other in ((a0, a1), (a1, a0)):  # wrap: a sees both colours of the other cluster
        first, second = seeing(a, b0), seeing(a, b1)
        if first is not None and second is not None:
            units = [shared(g, u[0], v[0])[0] for u, v in (first, second)]
            step = _step(g, links, tree, a, units, "multi-colouring")
            step.chain = (f"{name(g, first[0][0])} sees {name(g, first[1][0])} and {name(g, second[0][0])} sees "
                          f"{name(g, second[1][0])}, of the other cluster's two colours, one of which holds {d}: "
                          f"the colour of {name(g, a[0][0])} does not hold {d}")
            return step
    for a, a_other in ((a0, a1), (a1, a0)):  # trap: a sees b, so a' or b' holds d
        for b, b_other in ((b0, b1), (b1, b0)):
            link = seeing(a, b)
            if link is None:
                continue
            inside = set(one["colour"]) | set(two["colour"])
            for t in range(g.n * g.n):
                if d not in g.cands[t] or (t, d) in inside:
                    continue
                p = next((m for m in a_other if sees(g, t, m[0])), None)
                q = next((m for m in b_other if sees(g, t, m[0])), None)
                if p is None or q is None:
                    continue
                units = [shared(g, link[0][0], link[1][0])[0], shared(g, t, p[0])[0], shared(g, t, q[0])[0]]
                step = _step(g, links, tree, [(t, d)], units, "multi-colouring")
                step.chain = (f"{name(g, link[0][0])} sees {name(g, link[1][0])}, so their colours are not both "
                              f"true: {name(g, p[0])} or {name(g, q[0])} holds {d}, and {name(g, t)} sees both")
                return step
    return None


def _step(g: Grid, links: Links, tree, gone, units: list[int], technique: str = "simple colouring") -> Step:
    reasons, used = [], set(units)
    for a, b in tree:
        k = links.strong[a][b]
        if k is None:  # (only units link a digit's places)
            continue
        used.add(k)
        reasons += [(j, a[1]) for j in g.units[k] if j not in (a[0], b[0])]
    return g.step([g.fact(i, -d) for i, d in gone], reasons, sorted(used), technique, [])
