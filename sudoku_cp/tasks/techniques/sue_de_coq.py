"""Sue de Coq (two-sector disjoint subsets): where a line crosses a box.

Two or three blank cells C where a line meets a box hold digits V, at least two more than the
cells. A few other cells L of the line and B of the box (outside the crossing) hold digits V_L
and V_B with no digit in common, and the cells of C, L and B together hold exactly as many digits
as there are cells. Then they hold each of those digits once: the cells of C and L all see each
other (the line), so do C and B (the box), and L and B share no digit. So V_L's digits leave the
rest of the line, V_B's the rest of the box, and the digits of V in neither leave both.
"""

from __future__ import annotations

import itertools

from .base import Grid, Misses, Step, lines, name

MOST = 3  # cells of the line (and of the box) outside the crossing taken into the pattern
MISSES = Misses()  # (line, box, their cells' digits and candidates): no Sue de Coq there


def sue_de_coq(g: Grid) -> Step | None:
    boxes = lines(g, "box")
    bits = [sum(1 << d for d in c) for c in g.cands]
    inside = {box: set(g.units[box]) for box in boxes}
    for line in lines(g, "row") + lines(g, "column"):
        for box in boxes:
            cross = [i for i in g.units[line] if i in inside[box] and not g.cells[i]]
            if len(cross) < 2:
                continue
            # all a pattern here reads: the line's and the box's cells and candidates
            key = (line, box, tuple((g.cells[i], bits[i]) for i in g.units[line] + g.units[box]))
            if MISSES.known(g, key):
                continue
            for size in (2, 3):
                for cells in itertools.combinations(cross, size):
                    step = _at(g, line, box, list(cells))
                    if step is not None:
                        return step
            MISSES.add(g, key)
    return None


def _at(g: Grid, line: int, box: int, cells: list[int]) -> Step | None:
    v = set().union(*(g.cands[i] for i in cells))
    if len(v) < len(cells) + 2:
        return None
    in_line = [i for i in g.units[line] if not g.cells[i] and i not in g.units[box]]
    in_box = [i for i in g.units[box] if not g.cells[i] and i not in g.units[line]]
    sides = [list(_groups(g, in_line, v, len(cells))), list(_groups(g, in_box, v, len(cells)))]
    for ls, vl in sides[0]:
        for bs, vb in sides[1]:
            if vl & vb or len(v | vl | vb) != len(cells) + len(ls) + len(bs):
                continue
            rest = v - vl - vb
            from_line, from_box = vl | rest, vb | rest
            used = set(cells) | set(ls) | set(bs)
            gone = sorted({(j, d) for j in g.units[line] if j not in used for d in from_line & g.cands[j]}
                          | {(j, d) for j in g.units[box] if j not in used for d in from_box & g.cands[j]})
            if not gone:
                continue
            pattern = sorted(used)
            digits = v | vl | vb
            reasons = [(i, e) for i in pattern for e in range(1, g.n + 1) if e not in g.cands[i]]
            step = g.step([g.fact(j, -d) for j, d in gone], reasons, [line, box], "Sue de Coq", [line, box])
            step.chain = (f"{_names(g, cells)} hold {_digits(v)}, {_names(g, ls)} {_digits(vl)}, "
                          f"{_names(g, bs)} {_digits(vb)}: {len(pattern)} cells for the {len(digits)} "
                          f"digits {_digits(digits)}, each once, {_digits(from_line)} in the line and "
                          f"{_digits(from_box)} in the box")
            return step
    return None


def _groups(g: Grid, cells: list[int], v: set[int], crossing: int):
    """Sets of 1..MOST cells, each holding a digit of ``v`` and two to MOST + 1 digits, that leave
    the crossing's cells and them still short of digits (the other side must take some): (cells,
    their digits)."""
    near = [i for i in cells if g.cands[i] & v and 2 <= len(g.cands[i]) <= MOST + 1]
    for size in range(1, MOST + 1):
        for group in itertools.combinations(near, size):
            digits = set().union(*(g.cands[i] for i in group))
            if 1 <= len(v | digits) - crossing - size <= MOST:
                yield group, digits


def _names(g: Grid, cells) -> str:
    return ", ".join(name(g, i) for i in sorted(cells))


def _digits(ds) -> str:
    return "{" + "".join(map(str, sorted(ds))) + "}"
