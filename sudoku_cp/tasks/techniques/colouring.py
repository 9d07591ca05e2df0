"""Simple colouring: a digit's strong links (its only two places in a unit) chain cells into
clusters coloured in two alternating colours; one colour holds the digit everywhere, the other
nowhere. Wrap: two cells of one colour see each other, so that colour is false everywhere. Trap: a
cell sees both colours, so it cannot hold the digit.
"""

from __future__ import annotations


from .base import Grid, Step, name, sees, shared
from .chains import Links, Node



def _clusters(links: Links) -> list[dict]:
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
        if len(colour) > 2:
            out.append({"colour": colour, "parent": parent})
    return out


def _path(parent, node) -> list:
    out = []
    while node is not None:
        out.append(node)
        node = parent[node]
    return out


def simple_colouring(g: Grid) -> Step | None:
    for d in range(1, g.n + 1):
        links = Links(g, digit=d, bilocal_only=True)
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


def _step(g: Grid, links: Links, tree, gone, units: list[int]) -> Step:
    reasons, used = [], set(units)
    for a, b in tree:
        k = links.strong[a][b]
        if k is None:  # (only units link a digit's places)
            continue
        used.add(k)
        reasons += [(j, a[1]) for j in g.units[k] if j not in (a[0], b[0])]
    return g.step([g.fact(i, -d) for i, d in gone], reasons, sorted(used), "simple colouring", [])
