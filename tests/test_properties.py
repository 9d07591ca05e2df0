"""Properties over random boards (hypothesis), not only examples.

- parse/format round trip over every form, size and box shape;
- the duplicate scan agrees with the rules restated by brute force over pairs of cells;
- on random puzzles of sizes 4, 6 (2x3), 8 (2x4), 9 and 16 (random solved grids, random clues
  removed, some corrupted), every backend and encoding agrees on status and on the count up to 2,
  and every solution passes the independent checker;
- the exported DIMACS, solved by an external solver binary, decodes to a verified grid.

Example counts: small by default (the ``sudoku-cp-ci`` profile) so the suite stays fast; set
``SUDOKU_CP_HYPOTHESIS_EXAMPLES=N`` for a nightly run with N examples per property (profile
``sudoku-cp-nightly``, no example database shortcuts, random seeds).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import defaultdict
from itertools import combinations

import pytest
from gridgen import random_solved_rows
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_cp import Board, Shape, format_grid, format_json_rows, format_line, parse_puzzle
from sudoku_cp.core.check import find_conflicts, is_solution, solution_problems
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import DEFAULT_SYMBOLS, format_int_rows
from sudoku_cp.model.cnf import AMO_CHOICES, ENCODINGS, NATIVE, decode, encode_puzzle
from sudoku_cp.model.dimacs import write_dimacs
from sudoku_cp.tasks.solving import count, solve

NIGHTLY = int(os.environ.get("SUDOKU_CP_HYPOTHESIS_EXAMPLES", "0") or 0)
settings.register_profile("sudoku-cp-ci", deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("sudoku-cp-nightly", parent=settings.get_profile("sudoku-cp-ci"),
                          max_examples=max(NIGHTLY, 1))
PROFILE = settings.get_profile("sudoku-cp-nightly" if NIGHTLY else "sudoku-cp-ci")


def examples(ci: int) -> settings:
    """The profile's settings with ``ci`` examples, or the nightly count when it is set."""
    return settings(PROFILE, max_examples=NIGHTLY or ci)


# Every box shape up to N = 64 that the tests can afford: square and oblong, both orientations.
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5),
          (5, 5), (4, 6), (6, 6), (5, 7), (6, 7), (8, 8)]
SOLVE_SHAPES = [(2, 2), (2, 3), (2, 4), (3, 3), (4, 4)]  # the sizes 4, 6, 8, 9, 16


@st.composite
def boards(draw, shapes=SHAPES, blank=st.floats(0.0, 1.0)):
    """Any board of a shape: random digits (duplicates allowed) and random blanks."""
    br, bc = draw(st.sampled_from(shapes))
    n = br * bc
    rng = draw(st.randoms(use_true_random=False))
    p_blank = draw(blank)
    cells = tuple(0 if rng.random() < p_blank else rng.randint(1, n) for _ in range(n * n))
    return Board(Shape(br, bc), cells)


@st.composite
def puzzles(draw):
    """A random solved grid with random clues removed, and sometimes a given corrupted."""
    br, bc = draw(st.sampled_from(SOLVE_SHAPES))
    n = br * bc
    rng = draw(st.randoms(use_true_random=False))
    rows = random_solved_rows(br, bc, rng)
    # keep enough clues that the plain backtracking baseline stays quick on 16x16
    keep = draw(st.floats(0.55 if n == 16 else 0.2, 1.0))
    cells = [d if rng.random() < keep else 0 for row in rows for d in row]
    for _ in range(draw(st.integers(0, 2))):  # corrupt: a given becomes another digit
        i = rng.randrange(n * n)
        cells[i] = rng.choice([d for d in range(1, n + 1) if d != cells[i]])
    return Board(Shape(br, bc), tuple(cells))


# --- parse and format mirror each other -----------------------------------------------------------


@examples(150)
@given(boards())
def test_every_form_parses_back_to_the_same_board(board):
    box = board.box
    texts = [format_line(board), format_grid(board), format_int_rows(board),
             json.dumps(format_json_rows(board)), json.dumps(board.rows())]
    for text in texts:
        assert parse_puzzle(text, box) == board, text[:80]
        if Shape.for_size(board.size).box == box:  # the default shape needs no --box
            assert parse_puzzle(text) == board


@examples(60)
@given(boards(shapes=[s for s in SHAPES if s[0] * s[1] <= 35]), st.randoms(use_true_random=False))
def test_any_alphabet_round_trips(board, rng):
    # --symbols: a shuffled alphabet of letters and digits (0 may be a digit, '.' is blank)
    pool = list("0" + DEFAULT_SYMBOLS + "abcdefghijklmnopqrstuvwxyz")
    rng.shuffle(pool)
    symbols = "".join(pool[: board.size])
    for text in (format_line(board, symbols), format_grid(board, symbols),
                 json.dumps(format_json_rows(board, symbols))):
        assert parse_puzzle(text, board.box, symbols) == board


@examples(60)
@given(boards(), st.sampled_from(["\r\n", "\n"]), st.booleans())
def test_line_endings_and_bom_do_not_matter(board, newline, bom):
    text = ("\ufeff" if bom else "") + format_grid(board).replace("\n", newline) + newline
    assert parse_puzzle(text, board.box) == board


# --- the duplicate scan is the rules -------------------------------------------------------------


def brute_force_conflicts(board: Board) -> set[tuple[str, int, int, frozenset]]:
    """The rules restated: two filled cells with one digit clash when they share a row, a column or
    a box (box found by arithmetic), gathered per unit and digit."""
    n, (br, bc) = board.size, board.box
    clashes: dict[tuple[str, int, int], set] = defaultdict(set)
    filled = [(i // n, i % n, d) for i, d in enumerate(board.cells) if d]
    for (r1, c1, d1), (r2, c2, d2) in combinations(filled, 2):
        if d1 != d2:
            continue
        b1 = (r1 // br) * (n // bc) + c1 // bc
        b2 = (r2 // br) * (n // bc) + c2 // bc
        for kind, i, j in (("row", r1, r2), ("column", c1, c2), ("box", b1, b2)):
            if i == j:
                clashes[(kind, i, d1)] |= {(r1, c1), (r2, c2)}
    return {(kind, i, d, frozenset(cells)) for (kind, i, d), cells in clashes.items()}


@examples(200)
@given(boards(blank=st.floats(0.3, 1.0)))
def test_duplicate_scan_agrees_with_brute_force(board):
    found = {(c.unit, c.index, c.digit, frozenset(c.cells)) for c in find_conflicts(board)}
    assert found == brute_force_conflicts(board)


@examples(100)
@given(boards(shapes=SOLVE_SHAPES, blank=st.just(0.0)))
def test_a_full_board_is_a_solution_exactly_when_nothing_repeats(board):
    assert is_solution(board) == (not brute_force_conflicts(board))


# --- every backend and encoding agrees, every answer is verified -----------------------------------


def backend_specs() -> list[tuple[str, dict]]:
    """Every backend, several PySAT solvers, and every encoding and at-most-one choice of sat."""
    from sudoku_cp.backends.sat import solver_names

    specs = [("cpsat", {}), ("dfs", {}), ("dfs:plain", {})]
    available = set(solver_names())
    specs += [(f"sat:{s}", {}) for s in ("cadical195", "glucose4", "minisat22", "lingeling", "maplechrono")
              if s in available]
    specs += [("sat", {"encoding": e}) for e in ENCODINGS]
    specs += [("sat:minicard" if a == NATIVE else "sat", {"amo": a}) for a in AMO_CHOICES]
    return specs


def answer(board: Board, name: str, options: dict):
    from sudoku_cp.backends import resolve

    (backend,) = resolve(name, **options)
    return count(board, limit=2, backend=backend)


@examples(25)
@given(puzzles())
def test_every_backend_and_encoding_agrees_and_every_solution_checks(board):
    results = {}
    for name, options in backend_specs():
        result = answer(board, name, options)
        label = f"{name} {options}" if options else name
        assert result.status is not Status.UNKNOWN, label  # no time limit: always decided
        for solution in result.solutions:
            assert solution_problems(solution, board) == [], label
        if result.status in (Status.UNIQUE, Status.MULTIPLE):
            assert len({s.cells for s in result.solutions}) == result.count
        results[label] = (result.status, result.count, result.complete)
    assert len(set(results.values())) == 1, results
    status, found, _ = next(iter(results.values()))
    # and the statuses mean what they say
    assert (status is Status.INVALID) == bool(find_conflicts(board))
    assert status is not Status.UNSAT or found == 0
    assert status is not Status.UNIQUE or found == 1
    assert status is not Status.MULTIPLE or found == 2


@examples(25)
@given(puzzles())
def test_solve_agrees_with_count(board):
    counted = count(board, limit=2, backend="dfs")
    for name in ("sat", "cpsat", "dfs"):
        solved = solve(board, backend=name)
        expected = {Status.UNIQUE: Status.SOLVED, Status.MULTIPLE: Status.SOLVED}.get(counted.status,
                                                                                     counted.status)
        assert solved.status is expected, name
        if solved.solution is not None:
            assert is_solution(solved.solution, board)


# --- exported DIMACS, solved outside, decodes to a verified grid ------------------------------------

EXTERNAL = [s for s in ("minisat", "picosat", "cadical") if shutil.which(s)]


def run_external(solver: str, dimacs: str, workdir) -> tuple[bool, list[int]]:
    """Run a solver binary on a DIMACS text (argument list, no shell, a time limit) and read its
    verdict and model: MiniSat's result file, or SAT-competition ``s``/``v`` lines."""
    cnf = workdir / "puzzle.cnf"
    out = workdir / "model.txt"
    cnf.write_text(dimacs)
    args = [shutil.which(solver), str(cnf)] + ([str(out)] if solver == "minisat" else [])
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)
    if solver == "minisat":
        words = out.read_text().split()
        return words[0] == "SAT", [int(w) for w in words[1:] if w != "0"]
    verdict, model = None, []
    for line in done.stdout.splitlines():
        if line.startswith("s "):
            verdict = line.strip() == "s SATISFIABLE"
        elif line.startswith("v "):
            model += [int(w) for w in line.split()[1:] if w != "0"]
    assert verdict is not None, done.stdout[-300:]
    return verdict, model


@pytest.mark.parametrize("solver", EXTERNAL or ["(none installed)"])
@examples(12)
@given(board=puzzles(), encoding=st.sampled_from(ENCODINGS),
       amo=st.sampled_from([a for a in AMO_CHOICES if a != NATIVE]))
def test_exported_dimacs_solved_outside_decodes_to_a_verified_grid(solver, board, encoding, amo,
                                                                   tmp_path_factory):
    assert EXTERNAL, "no external SAT solver binary (minisat, picosat, cadical) on PATH"
    workdir = tmp_path_factory.mktemp("dimacs")
    sat, model = run_external(solver, write_dimacs(encode_puzzle(board, encoding, amo), encoding, amo),
                              workdir)
    truth = solve(board, backend="dfs")
    if truth.status is Status.INVALID:
        assert not sat  # duplicate givens are unit clauses that clash
        return
    assert sat == (truth.status is Status.SOLVED)
    if sat:
        assert is_solution(decode(model, board), board)


# --- the checker's one pass says what the unit sets say ---------------------------------------------


def _rules_for(shape, kind: str):
    from sudoku_cp.core.variants import build

    if kind == "classic":
        return Board(shape, (0,) * shape.size ** 2).rules
    if kind == "diagonal":
        return build(shape, diagonal="both")
    n = shape.size  # a jigsaw: the rows' cells regrouped by columns bands, still N cells each
    return build(shape, regions=[(c // shape.box_cols, r // shape.box_rows) for r in range(n) for c in range(n)])


@examples(300)
@given(st.sampled_from(SOLVE_SHAPES + [(2, 5), (5, 5)]), st.sampled_from(["classic", "diagonal", "jigsaw"]),
       st.randoms(use_true_random=False), st.sampled_from(["none", "swap", "blank", "beyond", "negative",
                                                             "huge", "other", "given changed"]))
def test_the_checkers_fast_yes_agrees_with_unit_sets_and_givens(shape, kind, rng, change):
    """``Checker.solves`` (one pass of bytes and bit weights up to 16x16, sets above) says yes
    exactly when every unit holds 1..N once and every given is kept, however the grid is wrong."""
    from sudoku_cp.core.check import Checker

    br, bc = shape
    shape = Shape(br, bc)
    n = shape.size
    rules = _rules_for(shape, kind)
    cells = [d for row in random_solved_rows(br, bc, rng) for d in row]
    puzzle = [d if rng.random() < 0.4 else 0 for d in cells]
    i, j = rng.sample(range(n * n), 2)
    if change == "swap":
        cells[i], cells[j] = cells[j], cells[i]
    elif change == "blank":
        cells[i] = 0
    elif change in ("beyond", "negative", "huge", "other"):
        cells[i] = {"beyond": n + 1, "negative": -cells[i], "huge": 2**70 + cells[i],
                    "other": rng.choice([d for d in range(1, n + 1) if d != cells[i]])}[change]
    elif change == "given changed":
        puzzle[i] = rng.choice([d for d in range(1, n + 1) if d != cells[i]])
    expected = (all(sorted(cells[r * n + c] for r, c in unit.cells) == list(range(1, n + 1)) for unit in rules.units)
                and all(g in (0, d) for g, d in zip(puzzle, cells)))
    checker = Checker(rules)
    assert (checker.weights is not None) == (n <= 16)  # the one pass up to 16x16
    solution = Board.unchecked(shape, tuple(cells), rules)
    given = Board.unchecked(shape, tuple(puzzle), rules)
    assert checker.solves(tuple(cells), given) == expected
    assert (not checker.problems(solution, given)) == expected
    assert (not checker.problems(solution)) == all(sorted(cells[r * n + c] for r, c in unit.cells) ==
                                                   list(range(1, n + 1)) for unit in rules.units)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sets(st.integers(0, 39), min_size=1, max_size=6), min_size=1, max_size=4),
       st.permutations(list(range(40))))
def test_shrinking_by_runs_answers_as_member_by_member(cores, order):
    """:func:`~sudoku_cp.tasks.cores.shrink_core` without a refine drops runs of members at once:
    on a monotone question (here: the subset holds one of some cores) its answer is the one
    dropping member by member gives, and it asks no more than about twice as often."""
    from sudoku_cp.tasks.cores import shrink_core

    def unsat(subset) -> bool:
        asked.append(1)
        return any(core <= set(subset) for core in cores)

    def one_by_one(members: list) -> list:
        kept, i = list(members), 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1:]
            if any(core <= set(trial) for core in cores):
                kept = trial
            else:
                i += 1
        return kept

    asked: list[int] = []
    assert shrink_core(unsat, order) == one_by_one(order)
    assert len(asked) <= 2 * len(order)


@st.composite
def grouped_sums(draw):
    """A sum over groups of cells, each group's cells all different (a little killer crossing
    boxes): random digit sets, weights (an arrow's circle weighs -1, -10) and a total some filling
    may or may not reach."""
    sizes = draw(st.lists(st.integers(1, 3), min_size=1, max_size=4))
    cells, distinct, start = [], [], 0
    for size in sizes:
        group = list(range(start, start + size))
        cells += group
        distinct += list(combinations(group, 2))
        start += size
    doms = {i: set(draw(st.sets(st.integers(1, 9), min_size=1, max_size=9))) for i in cells}
    weights = {i: draw(st.sampled_from([1, 1, 1, -1, 2, -10])) for i in cells}
    return doms, distinct, weights, draw(st.integers(-60, 60))


@examples(200)
@given(grouped_sums())
def test_a_grouped_sum_keeps_what_the_search_keeps(case):
    """A sum whose cells differ only within groups is worked out group by group (each group's
    fillings, the sums before and after it): each cell keeps exactly the digits the filling by
    filling search keeps, when that search ends within its budget."""
    from sudoku_cp.tasks.techniques.lines import Search  # noqa: PLC0415

    doms, distinct, weights, total = case
    grouped = Search({i: set(d) for i, d in doms.items()}, distinct=distinct, total=(weights, total))
    assert grouped._summed_by_groups() is not None
    searched = Search({i: set(d) for i, d in doms.items()}, distinct=distinct, total=(weights, total))
    searched._only_distinct = False  # (the search, filling by filling)
    found = searched.supported()
    assume(found is not None)  # (the search gave up past its budget of nodes: no answer to compare)
    assert grouped.supported() == found
