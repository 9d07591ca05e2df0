"""The three backends: known answers, counts, unsat, CNF arithmetic, time limits, the cross-check."""

from __future__ import annotations

import pytest

from sudoku_cp import Board, Outcome, Shape, count, cross_check, parse_puzzle, solve
from sudoku_cp.backends import REGISTRY, Backend, BackendError, make
from sudoku_cp.core.results import Status
from sudoku_cp.examples import CLASSIC_SOLUTION, classic
from sudoku_cp.formats.text import format_line
from sudoku_cp.model.cnf import decode, encode_puzzle, encode_rules, encode_simplified, var
from sudoku_cp.tasks.solving import DisagreementError, VerificationError

BACKENDS = ["sat", "sat:glucose4", "sat:minisat22", "cpsat", "dfs", "dfs:plain"]
assert {b.partition(":")[0] for b in BACKENDS} >= {"sat", "cpsat", "dfs"} and set(REGISTRY) >= {"sat", "cpsat", "dfs"}

# A solved grid whose cells r1c1, r1c2, r2c1, r2c2 hold 1 2 / 2 1... is built below: a "deadly
# rectangle": four cells in two rows, two columns and two boxes holding a, b / b, a.
DEADLY_SOLUTION = CLASSIC_SOLUTION


def deadly_rectangle() -> tuple[Board, list[int]]:
    """The classic solution with a deadly rectangle blanked: two solutions exactly."""
    sol = parse_puzzle(DEADLY_SOLUTION)
    n = 9
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            if r1 // 3 != r2 // 3:
                continue  # rows in one band: the rectangle spans two boxes side by side
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if c1 // 3 == c2 // 3:
                        continue
                    a, b = sol[r1, c1], sol[r1, c2]
                    if sol[r2, c1] == b and sol[r2, c2] == a:
                        cells = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                        return sol.with_givens([(r, c, 0) for r, c in cells]), cells
    raise AssertionError("no deadly rectangle in the classic solution")


@pytest.mark.parametrize("backend", BACKENDS)
def test_classic_solution_from_every_backend(backend):
    result = solve(classic(), backend=backend, unique=True)
    assert result.status is Status.UNIQUE
    assert format_line(result.solution) == CLASSIC_SOLUTION


@pytest.mark.parametrize("backend", BACKENDS)
def test_empty_4x4_has_288_solutions(backend):
    result = count(Board.empty(Shape(2, 2)), limit=1000, backend=backend)
    assert (result.count, result.complete, result.status) == (288, True, Status.MULTIPLE)
    assert len({s.cells for s in result.solutions}) == 288


@pytest.mark.parametrize("backend", BACKENDS)
def test_count_stops_at_the_limit_and_says_so(backend):
    result = count(Board.empty(Shape(2, 2)), limit=10, backend=backend)
    assert (result.count, result.complete) == (10, False)


@pytest.mark.parametrize("backend", BACKENDS)
def test_deadly_rectangle_has_two_solutions(backend):
    board, cells = deadly_rectangle()
    result = count(board, limit=5, backend=backend)
    assert (result.count, result.complete, result.status) == (2, True, Status.MULTIPLE)
    differing = {divmod(i, 9) for i, (a, b) in enumerate(zip(*(s.cells for s in result.solutions))) if a != b}
    assert differing == set(cells)


@pytest.mark.parametrize("backend", BACKENDS)
def test_no_duplicates_but_no_solution_is_unsat(backend):
    # The classic board with a 1 at r1c3: no unit repeats a digit, but the unique solution has 4 there.
    board = classic().with_givens([(0, 2, 1)])
    assert solve(board, backend="dfs").status is Status.UNSAT
    from sudoku_cp import validate

    assert validate(board).status is Status.VALID
    result = count(board, backend=backend)
    assert (result.status, result.count, result.complete) == (Status.UNSAT, 0, True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_full_grid_is_its_own_unique_solution(backend):
    board = parse_puzzle(CLASSIC_SOLUTION)
    result = count(board, backend=backend)
    assert (result.status, result.count, result.complete) == (Status.UNIQUE, 1, True)


def test_duplicate_givens_never_reach_a_solver():
    from sudoku_cp.examples import classic_invalid

    assert solve(classic_invalid(), backend="all").status is Status.INVALID


@pytest.mark.parametrize("shape, nvars, clauses", [
    (Shape(2, 2), 64, 16 + 16 * 6 + 48 + 48 * 6),
    (Shape(2, 3), 216, 36 + 36 * 15 + 108 + 108 * 15),
    (Shape(3, 3), 729, 11_988),
])
def test_cnf_arithmetic(shape, nvars, clauses):
    cnf = encode_rules(shape)
    assert (cnf.nvars, cnf.num_clauses) == (nvars, clauses)
    n = shape.size
    assert {f.name: f.count for f in cnf.families} == {
        "cell-alo": n * n, "cell-amo": n * n * n * (n - 1) // 2,
        "unit-alo": 3 * n * n, "unit-amo": 3 * n * n * n * (n - 1) // 2}
    assert encode_rules(Shape(3, 3), "minimal").num_clauses == 8_829


def test_simplified_formula_has_the_same_solutions():
    from sudoku_cp.backends.sat import SatBackend

    board, _ = deadly_rectangle()
    full = SatBackend(simplify=False).count(board, 10)
    small = SatBackend(simplify=True).count(board, 10)
    assert {s.cells for s in full.solutions} == {s.cells for s in small.solutions}
    assert encode_simplified(board).num_clauses < encode_puzzle(board).num_clauses


def test_decode_refuses_a_model_with_two_digits_in_a_cell():
    from sudoku_cp.core.results import SolverFailure

    board = Board.empty(Shape(2, 2))
    model = [var(4, 0, 0, 1), var(4, 0, 0, 2)]
    with pytest.raises(SolverFailure, match="r1c1"):
        decode(model, board)


@pytest.mark.parametrize("backend", ["sat", "cpsat", "dfs"])
def test_time_limit_gives_unknown_never_a_wrong_answer(backend):
    # Counting the solutions of an empty 25x25 cannot finish: the limit must stop it, and what
    # was found so far is reported as incomplete (unknown when nothing, multiple when two or more).
    result = count(Board.empty(Shape(5, 5)), limit=10**9, backend=backend, time_limit=0.3)
    assert result.complete is False
    assert result.status in (Status.UNKNOWN, Status.MULTIPLE)
    assert (result.status is Status.MULTIPLE) == (result.count >= 2)
    assert result.exit_code in (1, 4)


class WrongBackend(Backend):
    """A backend that lies: it returns the classic solution with two cells swapped."""

    name = "liar"

    def count(self, board, limit, time_limit=None):
        cells = list(parse_puzzle(CLASSIC_SOLUTION).cells)
        cells[3], cells[4] = cells[4], cells[3]
        return Outcome([Board(board.shape, tuple(cells))], complete=False)


class OtherSolutionBackend(Backend):
    """A backend that claims the puzzle is unsat."""

    name = "pessimist"

    def count(self, board, limit, time_limit=None):
        return Outcome([], complete=True)


def test_cross_check_catches_a_wrong_grid():
    check = cross_check(classic(), [make("sat"), WrongBackend()])
    assert not check.agreed
    assert any("liar returned a wrong solution" in p for p in check.problems)
    with pytest.raises(DisagreementError):
        solve(classic(), backend=[make("sat"), WrongBackend()])
    with pytest.raises(VerificationError):
        solve(classic(), backend=WrongBackend())


def test_cross_check_catches_a_disagreement():
    check = cross_check(classic(), [make("cpsat"), OtherSolutionBackend()])
    assert not check.agreed
    assert check.problems == ["cpsat says unique, pessimist says unsat"]


def test_unknown_backend_names_are_clear_errors():
    with pytest.raises(BackendError, match="unknown backend 'z3'"):
        make("z3")
    with pytest.raises(BackendError, match="not available"):
        solve(classic(), backend="sat:nosuchsolver")
    with pytest.raises(BackendError, match="expected mrv"):
        make("dfs:fast")


def _pysat_solvers() -> list[str]:
    from sudoku_cp.backends.sat import solver_names

    return solver_names()


@pytest.mark.parametrize("solver", _pysat_solvers())
def test_every_listed_pysat_solver_counts_and_explains(solver):
    # Each name `sat:NAME` offers answers a count (a clause added between two solves, givens
    # assumed) and a step's questions: none may crash, repeat a solution or print a traceback.
    board, _ = deadly_rectangle()
    result = count(board, limit=5, backend=f"sat:{solver}")
    assert (result.count, result.complete, result.status) == (2, True, Status.MULTIPLE)
    from sudoku_cp.tasks.explain import explain

    found = explain(parse_puzzle("1.3434.2.14343.1"), backend=f"sat:{solver}", steps=True)
    assert (found.status, len(found.steps)) == (Status.UNIQUE, 4)


def test_pysat_solvers_that_cannot_answer_are_refused_with_the_reason():
    from pysat.solvers import SolverNames

    from sudoku_cp.backends.sat import UNFIT, solver_names

    shipped = {k for k in vars(SolverNames) if not k.startswith("_")}
    assert set(solver_names()) <= shipped - set(UNFIT)
    assert "cadical195" in solver_names()
    for name in sorted(set(UNFIT) & shipped):  # (Kissat: one solve, no assumptions)
        with pytest.raises(BackendError, match=f"'{name}' is not available \\(PySAT's Kissat solves once"):
            make(f"sat:{name}")


@pytest.mark.parametrize("solver", ["cadical195", "minisat22", "glucose4"])
def test_a_deadline_stops_any_pysat_solver(solver):
    # Pigeonhole 12 -> 11 is famously hard for CDCL: only the deadline can end this search.
    # CaDiCaL cannot be interrupted through PySAT, so it runs in slices of conflicts.
    import itertools

    from sudoku_cp.backends.base import Deadline
    from sudoku_cp.backends.sat import SatSession
    from sudoku_cp.model.cnf import Cnf

    def v(i, j):
        return i * 11 + j + 1

    clauses = [[v(i, j) for j in range(11)] for i in range(12)]
    clauses += [[-v(i, j), -v(k, j)] for j in range(11) for i, k in itertools.combinations(range(12), 2)]
    with SatSession(Cnf(0, 132, clauses), solver) as engine:
        assert engine.solve_literals([], Deadline(0.3)) is None
        assert engine.solve_literals([v(0, 0), -v(0, 0)], Deadline(0.3)) is False  # still usable after


def test_ctrl_c_during_a_solver_import_comes_after_the_import(monkeypatch):
    """A Ctrl-C inside a native extension's initialisation broke OR-Tools ("initialization failed",
    a traceback instead of exit 130): import_solver holds it back until the import is done."""
    import importlib
    import os
    import signal
    import sys

    from sudoku_cp.backends.base import import_solver

    done = []

    def slow_import(name):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C arrives in the middle of the import
        done.append(name)
        return sys.modules["json"]

    monkeypatch.setattr(importlib, "import_module", slow_import)
    monkeypatch.delitem(sys.modules, "no_such_solver_package", raising=False)
    with pytest.raises(KeyboardInterrupt):
        import_solver("no_such_solver_package")
    assert done == ["no_such_solver_package"]  # the import finished before the interrupt came
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_new_cadical_gets_its_options_before_its_clauses(monkeypatch):
    """SOLVER_OPTIONS (chrono=0, measured faster in bench/) reach CaDiCaL before any clause, as
    CaDiCaL asks; other solvers, and options given explicitly, are left as asked."""
    from pysat.solvers import Solver

    from sudoku_cp.backends import sat

    calls: list = []
    monkeypatch.setattr(Solver, "configure", lambda self, options: calls.append(("configure", options)))
    real_append = Solver.append_formula
    monkeypatch.setattr(Solver, "append_formula",
                        lambda self, clauses, **kw: (calls.append(("clauses", len(clauses))),
                                                     real_append(self, clauses, **kw)))
    cnf = encode_rules(classic().rules)
    with sat.used(sat.new_solver("cadical195", cnf.clauses)) as solver:
        assert calls == [("configure", {"chrono": 0}), ("clauses", len(cnf.clauses))]
        assert solver.solve(assumptions=[var(9, 0, 0, 5)])
    calls.clear()
    with sat.used(sat.new_solver("cadical195", cnf.clauses, {"chrono": 1, "elim": 0})):
        assert calls == [("configure", {"chrono": 1, "elim": 0}), ("clauses", len(cnf.clauses))]
    calls.clear()
    with sat.used(sat.new_solver("minisat22", cnf.clauses)):
        assert calls == []  # bootstrapped as PySAT does, no options
    assert sat.SOLVER_OPTIONS == {"cadical195": {"chrono": 0}}


@pytest.mark.parametrize("source", ["Hailstone", "Tribute"])
def test_the_guarded_formula_encodes_each_part_without_the_cells_again(source, monkeypatch):
    """``parts_formula`` takes each unit's and constraint's clauses beyond the cells' (encoded once)
    instead of encoding the whole grid again per part: the same formula, variables and selectors
    as encoding each part whole and dropping the cells' clauses, on published killers with little
    killers and arrows, for two at-most-one encodings."""
    import sys

    from sudoku_cp.backends import sat

    sys.path.insert(0, "tests")
    from published_kinds import PUBLISHED

    rules = parse_puzzle(next(p.puzzle for p in PUBLISHED if source in p.source)).rules
    built = sat.parts_formula.__wrapped__
    for amo in (None, "seqcounter"):
        cnf, selectors = built(rules, "complete", amo)

        with monkeypatch.context() as patched:  # (the whole grid, part by part)
            patched.setattr(sat, "cells_apart", lambda encoding: False)
            whole, whole_selectors = built(rules, "complete", amo)
        assert (cnf.nvars, cnf.clauses, selectors) == (whole.nvars, whole.clauses, whole_selectors)
        assert len(selectors) == len(rules.units) + len(rules.constraints)
