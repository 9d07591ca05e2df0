"""The arithmetic and the meaning of every CNF variant: sizes, numbering, models, counts, agreement.

Expected sizes are computed here from the definitions (binomials per group), not read from the
encoder; model counts are checked against the known numbers of Sudoku grids (288 for 4x4,
28,200,960 for 6x6 with 2x3 boxes) and against CP-SAT on real puzzles.
"""

from __future__ import annotations

from math import comb

import pytest
from gridgen import dataset_lines

from sudoku_cp import api
from sudoku_cp.backends.base import Deadline
from sudoku_cp.backends.cpsat import CpSatBackend
from sudoku_cp.backends.sat import SatBackend, SatSession
from sudoku_cp.core.board import Board, Shape
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import (
    AMO_CHOICES,
    AMO_ENCODINGS,
    ENCODINGS,
    NATIVE,
    Cnf,
    at_most_one,
    blocking_clause,
    encode_puzzle,
    encode_rules,
    encode_simplified,
    families_of,
    triad_count,
    triad_var,
    untriad,
    unvar,
    var,
)

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(3, 4), Shape(4, 4)]
VARIANTS = [(e, a) for e in ENCODINGS for a in AMO_CHOICES]


def solver_for(amo: str) -> str:
    return "minicard" if amo == NATIVE else "cadical195"


def expected_pairwise(shape: Shape, encoding: str) -> tuple[int, int]:
    """(variables, clauses) of a preset with pairwise at-most-one, from the definitions."""
    n, r, c = shape.size, shape.box_rows, shape.box_cols
    per_family = {
        "cell-alo": n * n,                       # one clause per cell
        "cell-amo": n * n * comb(n, 2),          # a pair of digits per cell
        "unit-alo": 3 * n * n,                   # 3N units, N digits each
        "unit-amo": 3 * n * n * comb(n, 2),      # a pair of cells per unit and digit
        # N*N*R row triads of C cells, N*N*C column triads of R cells: 1 + size clauses each
        "triad-def": n * n * r * (1 + c) + n * n * c * (1 + r),
        # per digit: a row has R row triads, a box R row triads; a column C, a box C column triads
        "triad-alo": 4 * n * n,
        "triad-amo": 2 * n * n * comb(r, 2) + 2 * n * n * comb(c, 2),
    }
    wanted = families_of(encoding)
    triads = n * n * (r + c) if "triad-def" in wanted else 0
    return n**3 + triads, sum(per_family[f] for f in wanted)


def test_classic_9x9_counts():
    nine = Shape(3, 3)
    assert encode_rules(nine, "minimal").num_clauses == 8829
    complete = encode_rules(nine, "complete")
    assert (complete.nvars, complete.num_clauses) == (729, 11988)
    assert [f.name for f in complete.families] == ["cell-alo", "cell-amo", "unit-alo", "unit-amo"]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_pairwise_sizes_match_the_definitions(shape, encoding):
    cnf = encode_rules(shape, encoding)
    assert (cnf.nvars, cnf.num_clauses) == expected_pairwise(shape, encoding)
    assert sum(f.count for f in cnf.families) == cnf.num_clauses
    if encoding == "augmented":
        assert triad_count(shape) == shape.size**2 * (shape.box_rows + shape.box_cols)


@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(3, 3)], ids=str)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_native_keeps_alo_clauses_and_one_constraint_per_group(shape, encoding):
    n = shape.size
    cnf = encode_rules(shape, encoding, NATIVE)
    wanted = families_of(encoding)
    groups = {"cell-amo": n * n, "unit-amo": 3 * n * n, "triad-amo": 4 * n * n}
    assert len(cnf.atmosts) == sum(groups[f] for f in wanted if f in groups)
    pairwise = encode_rules(shape, encoding)
    amo_clauses = sum(f.count for f in pairwise.families if f.name.endswith("-amo"))
    assert cnf.num_clauses == pairwise.num_clauses - amo_clauses
    assert all(bound == 1 for _, bound in cnf.atmosts)


def test_family_list_and_errors():
    assert families_of("cell-alo+unit-amo") == ("cell-alo", "unit-amo")
    with pytest.raises(ValueError, match="unknown encoding 'extended'"):
        encode_rules(Shape(2, 2), "extended")
    with pytest.raises(ValueError, match="unknown at-most-one encoding 'pairs'"):
        encode_rules(Shape(2, 2), "complete", "pairs")


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_every_literal_round_trips(shape):
    n = shape.size
    seen = set()
    for r in range(n):
        for c in range(n):
            for d in range(1, n + 1):
                v = var(n, r, c, d)
                assert unvar(n, v) == (r, c, d)
                seen.add(v)
    assert seen == set(range(1, n**3 + 1))
    triads = set()
    for kind, lines, blocks in (("row", n, shape.box_rows), ("column", n, shape.box_cols)):
        for line in range(lines):
            for block in range(blocks):
                for d in range(1, n + 1):
                    t = triad_var(shape, kind, line, block, d)
                    assert untriad(shape, t) == (kind, line, block, d)
                    triads.add(t)
    assert triads == set(range(n**3 + 1, n**3 + triad_count(shape) + 1))
    with pytest.raises(ValueError):
        unvar(n, n**3 + 1)


def test_triads_cover_the_row_box_intersections():
    """Each row triad is the cells a row shares with one box; each box holds R row triads."""
    shape = Shape(2, 3)
    n = shape.size
    from sudoku_cp.model.cnf import triads

    defs, _groups = triads(shape)
    for t, cells in defs:
        kind, line, block, d = untriad(shape, t)
        where = [unvar(n, x) for x in cells]
        assert {dd for _, _, dd in where} == {d}
        boxes = {shape.box_index(r, c) for r, c, _ in where}
        assert len(boxes) == 1
        if kind == "row":
            assert len(cells) == shape.box_cols and {r for r, _, _ in where} == {line}
        else:
            assert len(cells) == shape.box_rows and {c for _, c, _ in where} == {line}


@pytest.mark.parametrize("amo", AMO_ENCODINGS)
@pytest.mark.parametrize("k", [1, 2, 3, 5, 7])
def test_exactly_one_over_k_literals_has_k_models(amo, k):
    from pysat.solvers import Solver

    cnf = Cnf(1, k)
    lits = list(range(1, k + 1))
    clauses = [lits] + at_most_one(lits, cnf, amo)
    models = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        while s.solve():
            m = s.get_model()
            projected = tuple(l for l in m if abs(l) <= k)
            models.add(projected)
            s.add_clause([-l for l in projected])  # block the projection only
    assert len(models) == k
    assert all(sum(l > 0 for l in m) == 1 for m in models)


@pytest.mark.parametrize("encoding,amo", VARIANTS)
def test_empty_4x4_has_288_solutions(encoding, amo):
    board = Board.empty(Shape(2, 2))
    backend = SatBackend(solver_for(amo), encoding, amo)
    result = api.count(board, limit=1000, backend=backend)
    assert (result.count, result.complete) == (288, True)


def test_blocking_uses_blank_cell_literals_only():
    board = parse_puzzle("1.3...4.3.4.2.1.")
    solution = parse_puzzle("1432231434214123")
    block = blocking_clause(solution, board)
    assert len(block) == board.blanks
    assert all(-board.size**3 <= lit < 0 for lit in block)


def less_than(n: int, a, b) -> list[list[int]]:
    """Clauses: the digit of cell ``a`` is smaller than the digit of cell ``b``."""
    return [[-var(n, *a, da), -var(n, *b, db)] for da in range(1, n + 1) for db in range(1, da + 1)]


def count_6x6(encoding: str, amo: str, order: bool) -> int:
    """Solutions of the empty 6x6 (2x3 boxes) with the first row 123456 (and the order constraints)."""
    shape = Shape(2, 3)
    cnf = encode_rules(shape, encoding, amo)
    if order:
        cnf.add("order", less_than(6, (2, 0), (3, 0)) + less_than(6, (4, 0), (5, 0))
                + less_than(6, (2, 0), (4, 0)))
    board = Board(shape, (1, 2, 3, 4, 5, 6) + (0,) * 30)
    with SatSession(cnf, solver_for(amo)) as engine:
        outcome = engine.count(board, 10**6, Deadline(None))
    assert outcome.complete
    return outcome.count


def test_empty_6x6_by_fixing_the_first_row():
    """Relabelling digits maps solutions to solutions one-to-one, and exactly one relabelling of
    each solution has first row 123456: so the count is 6! times the count with that row fixed."""
    assert count_6x6("complete", "pairwise", order=False) * 720 == 28_200_960


@pytest.mark.parametrize("encoding,amo", [(e, "pairwise") for e in ENCODINGS]
                         + [("augmented", "seqcounter"), ("augmented", NATIVE)])
def test_empty_6x6_with_row_swaps_fixed_too(encoding, amo):
    """Also fixing the order of column 1 in rows 3-6 divides by 8 (see encodings/counting.md):
    swapping rows 3 and 4, rows 5 and 6, or band 2 with band 3 keeps row 1 and the rules, and
    those 8 moves give 8 different grids because column 1 holds distinct digits."""
    assert count_6x6(encoding, amo, order=True) * 8 * 720 == 28_200_960


REAL = ([(line, 1) for line in dataset_lines("top1465.txt", limit=150, step=9)]
        + [(line, 1) for line in dataset_lines("17clue-half.txt", limit=150, step=163)]
        + [(line, None) for line in dataset_lines("serg-benchmark.txt", limit=60, step=167)])


@pytest.fixture(scope="module")
def reference():
    """CP-SAT's answer (count up to 2 and the solutions) for every real puzzle."""
    answers = []
    backend = CpSatBackend()
    for line, _ in REAL:
        board = parse_puzzle(line)
        r = api.count(board, limit=2, backend=backend)
        answers.append((board, r.count, {s.cells for s in r.solutions}))
    return answers


def test_reference_is_sane(reference):
    for (line, unique), (_, count, _) in zip(REAL, reference):
        if unique:
            assert count == 1
    assert any(count == 2 for _, count, _ in reference)


@pytest.mark.parametrize("index,variant", list(enumerate(VARIANTS)))
def test_every_variant_agrees_with_cpsat(reference, index, variant):
    encoding, amo = variant
    # the four pairwise presets see every puzzle; the others a distinct slice of 30
    picked = reference if amo == "pairwise" else reference[index * 7 % 300::10][:30] + reference[300::12]
    backend = SatBackend(solver_for(amo), encoding, amo)
    for board, count, solutions in picked:
        r = api.count(board, limit=2, backend=backend)
        assert r.count == count, (encoding, amo, board)
        if count == 1:
            assert {s.cells for s in r.solutions} == solutions


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_simplified_and_full_formulas_agree(reference, encoding):
    """The formula with givens simplified away has the same solutions as rules + unit givens."""
    for board, count, solutions in reference[::40]:
        results = []
        for simplify in (True, False):
            r = api.count(board, limit=2, backend=SatBackend("cadical195", encoding, simplify=simplify))
            results.append((r.count, {s.cells for s in r.solutions} if r.count == 1 else None))
        assert results[0] == results[1]
        assert results[0][0] == count


def test_givens_are_unit_clauses_after_the_rules():
    board = parse_puzzle("1.3...4.3.4.2.1.")
    cnf = encode_puzzle(board, "augmented")
    assert cnf.families[-1].name == "givens"
    tail = cnf.clauses[cnf.families[-1].start:]
    assert tail == [[var(4, r, c, d)] for r, c, d in board.givens()]


def test_duplicate_givens_make_every_variant_unsat():
    board = parse_puzzle("11..............")
    for encoding in ENCODINGS:
        for simplified in (encode_simplified(board, encoding), encode_puzzle(board, encoding)):
            with SatSession(simplified) as engine:
                assert engine.solve_literals([]) is False
