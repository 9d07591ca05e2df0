"""DIMACS CNF export and import, with comments that make the numbering readable. Pure.

An exported file starts with ``c`` lines that state the numbering function and its inverse,
where triad and auxiliary variables are, and, per clause family, the range of clause numbers
(1-based, in file order) it occupies; then ``p cnf VARIABLES CLAUSES`` and one clause per line.
With ``--amo native`` the file is PySAT's CNF+ (``p cnf+``): native at-most-one constraints
follow the clauses as ``l1 l2 ... <= 1`` lines, which plain DIMACS solvers cannot read.

>>> from sudoku_cp.core.board import Shape
>>> from sudoku_cp.model.cnf import encode_rules
>>> text = write_dimacs(encode_rules(Shape(2, 2), "minimal"), "minimal", "pairwise")
>>> [line for line in text.splitlines() if line.startswith("p ")]
['p cnf 64 304']
>>> parsed = read_dimacs(text)
>>> parsed.nvars, len(parsed.clauses), parsed.clauses[0]
(64, 304, [1, 2, 3, 4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.board import Shape
from ..core.shape import cell_name
from .cnf import Cnf, triad_count, unvar


class DimacsError(ValueError):
    """A DIMACS text that cannot be read; the message names the line."""


def _triads_present(cnf: Cnf) -> bool:
    return any(f.name.startswith("triad-") for f in cnf.families)


def numbering_comments(cnf: Cnf) -> list[str]:
    """The comment lines (without ``c ``) that explain a formula's variables.

    Rows and columns are 1-based, as in the names ``r1c1`` that people (and the text output)
    use; code and JSON count from 0 (:func:`~sudoku_cp.model.cnf.var`).

    >>> from sudoku_cp.model.cnf import encode_rules
    >>> numbering_comments(encode_rules(Shape(2, 2), "minimal"))[1:4]  # doctest: +NORMALIZE_WHITESPACE
    ['cell variable "rRcC holds d": v = ((R-1)*4 + (C-1))*4 + d, for v in 1..64',
     'inverse: d = (v-1) % 4 + 1, C = (v-1) // 4 % 4 + 1, R = (v-1) // 16 + 1',
     'e.g. v = 1 is r1c1 holds 1, v = 7 is r1c2 holds 3, v = 64 is r4c4 holds 4']
    """
    n = cnf.size
    rows, cols = cnf.box or (0, 0)
    box = f" ({rows}x{cols} boxes)" if rows else ""
    if cnf.rules.startswith("jigsaw"):  # irregular regions replace the boxes
        box = " (jigsaw regions, no boxes)"
    if cnf.rules != "classic":
        box += f", rules {cnf.rules}"
    example = min(n**3, n + 3)
    lines = [
        f"grid {n}x{n}{box}; rows R and columns C 1..{n}, named rRcC (r1c1 is the top left), "
        f"digits d 1..{n}",
        f'cell variable "rRcC holds d": v = ((R-1)*{n} + (C-1))*{n} + d, for v in 1..{n**3}',
        f"inverse: d = (v-1) % {n} + 1, C = (v-1) // {n} % {n} + 1, R = (v-1) // {n * n} + 1",
        f"e.g. v = 1 is r1c1 holds 1, v = {example} is {_cell_literal(n, example)}, "
        f"v = {n**3} is {_cell_literal(n, n**3)}",
    ]
    top = n**3
    if _triads_present(cnf) and rows:
        shape = Shape(rows, cols)
        lines += [
            f"row triad (row R, box b 1..{rows} of its band, digit d): v = {n**3} + ((R-1)*{rows} + "
            f"(b-1))*{n} + d, v in {n**3 + 1}..{n**3 + n * n * rows}",
            f"column triad (column C, box b 1..{cols} of its stack, digit d): v = {n**3 + n * n * rows} + "
            f"((C-1)*{cols} + (b-1))*{n} + d, v in {n**3 + n * n * rows + 1}..{n**3 + triad_count(shape)}",
        ]
        top += triad_count(shape)
    named = [f for f in cnf.families if f.new_vars]
    for f in named:
        first, last = f.new_vars or (0, 0)
        lines.append(f"auxiliary variables of {f.name} ({aux_what(f.name)}): {first}..{last}")
    if cnf.nvars > top and not named:
        lines.append(f"auxiliary variables of the at-most-one encoding: {top + 1}..{cnf.nvars}")
    return lines


# What the auxiliary variables of a family are, when they are not an at-most-one encoding's.
AUX_WHAT = {"cage-sum": "one selector per set of distinct digits that makes a cage's sum (past 16 sets, "
                        "also a sequential counter's: no two sets chosen)",
            "cage-sets": "one selector per set of distinct digits that makes a cage's sum",
            "cage-pb": "PySAT's pseudo-Boolean encoding of the cage sums"}


def aux_what(family: str) -> str:
    """What a family's auxiliary variables are: a cage sum's selectors, a kind's own, or an
    at-most-one encoding's."""
    if family in AUX_WHAT:
        return AUX_WHAT[family]
    from ..constraints import names, kind_of

    return kind_of(family).aux if family in names() else "the at-most-one encoding"


def _cell_literal(n: int, v: int) -> str:
    """``rRcC holds d`` for a cell variable, 1-based as people name cells."""
    row, col, digit = unvar(n, v)
    return f"{cell_name(row, col)} holds {digit}"


def family_comments(cnf: Cnf) -> list[str]:
    """One comment line per family: where its clauses (or native constraints) start and end."""
    lines = ["families (clause numbers 1-based, in file order):"]
    width = max([13] + [len(f.name) for f in cnf.families])  # nonconsecutive is 14 letters
    offset = cnf.num_clauses
    for f in cnf.families:
        if f.kind == "atmost":
            first = offset + f.start + 1
            what = "native at-most-one lines"
        else:
            first = f.start + 1
            what = "clauses"
        lines.append(f"  {f.name:<{width}} {what} {first}..{first + f.count - 1} ({f.count})")
    return lines


def write_dimacs(cnf: Cnf, encoding: str | None = None, amo: str | None = None,
                 comments: Sequence[str] = ()) -> str:
    """The formula as DIMACS text (CNF+ when it holds native at-most-one constraints)."""
    head = ["sudoku-cp CNF"
            + (f": encoding {encoding}" if encoding else "")
            + (f", at-most-one {amo}" if amo else "")]
    head += list(comments) + numbering_comments(cnf) + family_comments(cnf)
    out = [f"c {line}".rstrip() for line in head]
    if cnf.atmosts:
        out.append(f"p cnf+ {cnf.nvars} {cnf.num_clauses + len(cnf.atmosts)}")
    else:
        out.append(f"p cnf {cnf.nvars} {cnf.num_clauses}")
    out += [" ".join(map(str, clause + [0])) for clause in cnf.clauses]
    out += [f"{' '.join(map(str, lits))} <= {bound}" for lits, bound in cnf.atmosts]
    return "\n".join(out) + "\n"


@dataclass
class Dimacs:
    """A DIMACS file read back: variables, clauses, native at-most-k lines, comments."""

    nvars: int
    clauses: list[list[int]]
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


def _ints(tokens: list[str], lineno: int) -> list[int]:
    try:
        return [int(t) for t in tokens]
    except ValueError:
        bad = next(t for t in tokens if not t.lstrip("-").isdigit())
        raise DimacsError(f"line {lineno}: {bad!r} is not a literal: expected integers ending in 0") from None


def read_dimacs(text: str) -> Dimacs:
    """Read DIMACS CNF (or CNF+) text; clauses may span lines, each ends with ``0``."""
    header = None
    clauses: list[list[int]] = []
    atmosts: list[tuple[list[int], int]] = []
    comments: list[str] = []
    pending: list[int] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if line.startswith("c"):
            comments.append(line[1:].strip())
            continue
        if line.startswith("p"):
            parts = line.split()
            if header or len(parts) != 4 or parts[1] not in ("cnf", "cnf+") \
                    or not (parts[2].isdigit() and parts[3].isdigit()):
                raise DimacsError(f"line {lineno}: {line!r}: expected one header 'p cnf VARIABLES CLAUSES'")
            header = (int(parts[2]), int(parts[3]))
            continue
        if header is None:
            raise DimacsError(f"line {lineno}: a clause before the 'p cnf' header")
        tokens = line.split()
        if "<=" in tokens:
            at = tokens.index("<=")
            lits, bound = _ints(tokens[:at], lineno), _ints(tokens[at + 1:], lineno)
            if len(bound) != 1:
                raise DimacsError(f"line {lineno}: expected 'l1 l2 ... <= K'")
            atmosts.append((lits, bound[0]))
            continue
        for lit in _ints(tokens, lineno):
            if lit == 0:
                clauses.append(pending)
                pending = []
            elif abs(lit) > header[0]:
                raise DimacsError(f"line {lineno}: literal {lit} is beyond the {header[0]} variables "
                                  f"the header declares")
            else:
                pending.append(lit)
    if header is None:
        raise DimacsError("no 'p cnf VARIABLES CLAUSES' header")
    if pending:
        raise DimacsError("the last clause does not end with 0")
    if len(clauses) + len(atmosts) != header[1]:
        raise DimacsError(f"the header declares {header[1]} clauses, the file holds "
                          f"{len(clauses) + len(atmosts)}")
    return Dimacs(header[0], clauses, atmosts, comments)
