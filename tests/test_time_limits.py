"""A time limit is not a disagreement, and it bounds the whole command (issue 15, items 8-10).

Only statuses, exit codes and how much work was done are asserted, never how long anything took:
the timings are measured by ``bench/bench_limits.py``.
"""

from __future__ import annotations

import json
import re

import pytest

from sudoku_cp import Board, Outcome, Shape
from sudoku_cp.backends import Backend, make
from sudoku_cp.cli import main
from sudoku_cp.core.results import EXIT_DISAGREE, EXIT_NEGATIVE, EXIT_TIMEOUT, Status
from sudoku_cp.tasks.solving import DisagreementError, count, cross_check

EMPTY_4 = Board.empty(Shape(2, 2))  # 288 solutions


class FirstSolutions(Backend):
    """The first ``k`` solutions of the real enumeration; ``complete`` as told (a count cut short or not)."""

    def __init__(self, k: int, complete: bool = False, name: str | None = None):
        self.k, self.complete = k, complete
        self.name = name or f"first{k}"

    def count(self, board, limit, time_limit=None):
        found = make("dfs").count(board, min(self.k, limit), None).solutions
        return Outcome(found, complete=self.complete, timed_out=not self.complete)


class TimesOut(Backend):
    """A backend whose every search ends at the time limit, with ``found`` solutions (0 or 1)."""

    def __init__(self, found: int = 0, name: str = "slow"):
        self.found, self.name = found, name

    def count(self, board, limit, time_limit=None):
        solutions = make("dfs").count(board, self.found, None).solutions if self.found else []
        return Outcome(solutions, complete=False, timed_out=True)


# --- 8: a time limit is not a disagreement --------------------------------------------------------------


def test_two_counts_cut_short_agree():
    check = cross_check(EMPTY_4, [FirstSolutions(830 % 288), FirstSolutions(189)], limit=1000)
    assert check.agreed, check.problems
    assert check.result.count == 254 and check.result.complete is False  # the larger one


def test_a_count_cut_short_agrees_with_a_larger_exact_count():
    check = cross_check(EMPTY_4, [FirstSolutions(5), make("dfs")], limit=1000)
    assert check.agreed, check.problems
    assert (check.result.count, check.result.complete) == (288, True)  # the exact one speaks


@pytest.mark.parametrize("exact, cut", [(5, 9), (7, 8)])
def test_an_exact_count_below_another_count_is_a_disagreement(exact, cut):
    check = cross_check(EMPTY_4, [FirstSolutions(exact, complete=True, name="exact"), FirstSolutions(cut)],
                        limit=1000)
    assert check.problems == [f"exact counts {exact} (complete=True), first{cut} counts {cut} (complete=False)"]
    with pytest.raises(DisagreementError):
        count(EMPTY_4, 1000, [FirstSolutions(exact, complete=True), FirstSolutions(cut)])


def test_two_different_exact_counts_disagree():
    check = cross_check(EMPTY_4, [FirstSolutions(3, True, "a"), FirstSolutions(4, True, "b")], limit=1000)
    assert not check.agreed


def test_unknown_agrees_with_anything():
    result = count(EMPTY_4, 1000, [TimesOut(1), make("dfs"), TimesOut(0)])
    assert (result.status, result.count, result.complete) == (Status.MULTIPLE, 288, True)


def test_cli_count_all_with_a_time_limit_is_never_exit_3(capsys):
    empty_16 = "." * 256
    code = main(["count", "--json", "--backend", "all", "--time-limit", "0.3", "--limit", "1000000", empty_16])
    record = json.loads(capsys.readouterr().out)
    assert code != EXIT_DISAGREE
    assert record["complete"] is False and record["status"] in ("multiple", "unknown")


def _slow_cpsat(monkeypatch, found: int) -> None:
    from sudoku_cp.backends.cpsat import CpSatBackend

    monkeypatch.setattr(CpSatBackend, "count", lambda self, board, limit, time_limit=None:
                        TimesOut(found).count(board, limit, time_limit))


@pytest.mark.parametrize("found", [0, 1])
def test_generate_whose_recheck_runs_out_of_time_is_exit_4(found, monkeypatch, capsys):
    _slow_cpsat(monkeypatch, found)  # cpsat re-checks the generated puzzle: the limit ends it
    assert main(["generate", "--size", "4", "--seed", "3", "--time-limit", "100"]) == EXIT_TIMEOUT
    captured = capsys.readouterr()
    assert "time limit" in captured.err and "says" not in captured.err


@pytest.mark.parametrize("found", [0, 1])
def test_repair_whose_recheck_runs_out_of_time_is_exit_4(found, monkeypatch, capsys):
    _slow_cpsat(monkeypatch, found)  # cpsat re-checks the repaired puzzle: the limit ends it
    code = main(["repair", "--json", "--backend", "sat", "--time-limit", "100", "12.." + "." * 12])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_TIMEOUT and record["status"] == "unknown"


# --- 10: memory ----------------------------------------------------------------------------------------


def test_large_grids_get_an_at_most_one_encoding_that_does_not_explode():
    from sudoku_cp.model.cnf import amo_for, encode_simplified

    assert [amo_for(n) for n in (4, 9, 16, 25, 36, 49, 64)] == ["pairwise"] * 4 + ["seqcounter"] * 3
    empty_36 = Board.empty(Shape(6, 6))
    default, pairwise = encode_simplified(empty_36), encode_simplified(empty_36, amo="pairwise")
    assert (default.num_clauses, pairwise.num_clauses) == (544_320, 3_271_104)


def test_the_default_on_a_large_grid_still_solves_right():
    from sudoku_cp.core.check import is_solution
    from sudoku_cp.tasks.solving import solve

    board = Board.empty(Shape(6, 6))
    result = solve(board)
    assert result.status is Status.SOLVED and is_solution(result.solution, board)


@pytest.mark.parametrize("time_limit, code", [(None, 2), ("5", EXIT_TIMEOUT)])
def test_memory_error_is_one_line(time_limit, code, monkeypatch, capsys):
    def greedy(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr("sudoku_cp.tasks.solving.solve", greedy)  # solve_cmd imports it when it runs
    argv = ["solve", "1234341221434321"] + ([] if time_limit is None else ["--time-limit", time_limit])
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.startswith("sudoku-cp: error: out of memory") and err.count("\n") == 1


def test_a_real_out_of_memory_under_rlimit_as_is_one_line():
    import subprocess
    import sys

    # pairwise on an empty 64x64 wants about 8 GB; the address space is cut to 400 MB
    script = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20)); "
              "from sudoku_cp.cli import main; sys.exit(main(sys.argv[1:]))")
    empty_64 = ",".join(["0"] * 64 * 64)
    done = subprocess.run([sys.executable, "-c", script, "encode", "--format", "stats", "--amo", "pairwise",
                           empty_64], capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.startswith("sudoku-cp: error: out of memory") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("command", [
    ["analyze", "--no-speed", "--encoding", "minimal", "-f"],
    ["encode", "--format", "stats", "--json", "-f"],
    ["bench", "--backend", "dfs", "--warmup", "0"],
])
def test_commands_over_a_file_stream_it(command, tmp_path):
    from test_limits import peak_kb  # VmHWM of a fresh interpreter

    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    line = "1.3.3.1.2.4.4.2.\n"
    small.write_text(line * 200)
    big.write_text(line * 40_000)
    small_kb, small_code = peak_kb(command + [str(small)])
    big_kb, big_code = peak_kb(command + [str(big)])
    assert small_code == big_code == 0
    # a list of 40,000 boards (as these commands once held) costs about 20 MB more
    assert big_kb - small_kb < 8_000, (small_kb, big_kb)


def test_bench_reads_standard_input_once_and_keeps_texts(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1234341221434321\n12.4...2....4..1\n"))
    assert main(["bench", "-", "--backend", "dfs,sat", "--repeat", "2", "--warmup", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 puzzles from -")
    assert [line.split()[1:3] for line in out.splitlines()[2:]] == [["2", "2"], ["2", "2"]]


# --- 9: --time-limit bounds the whole command -------------------------------------------------------------


class Sleeper(Backend):
    """Uses all the time it is given, finds nothing, and remembers what it was given."""

    def __init__(self, name: str):
        self.name, self.given = name, []

    def count(self, board, limit, time_limit=None):
        import time

        self.given.append(time_limit)
        time.sleep(time_limit)
        return Outcome([], complete=False, timed_out=True)


def test_backends_of_one_answer_share_one_deadline():
    first, second, third = Sleeper("a"), Sleeper("b"), Sleeper("c")
    result = count(EMPTY_4, 2, [first, second, third], time_limit=0.2)
    assert result.status is Status.UNKNOWN
    assert 0 < first.given[0] <= 0.2
    assert second.given == third.given == []  # nothing left: not started (not 0.2 s each)


def test_verification_stops_at_the_deadline_and_reports_only_what_it_checked():
    from sudoku_cp.tasks.solving import ALWAYS_VERIFIED

    class Late(FirstSolutions):
        def count(self, board, limit, time_limit=None):
            import time

            time.sleep(time_limit)  # the search used all its time
            return super().count(board, limit, time_limit)

    # 200 solutions come back when the limit is over: only the first ones are checked
    result = count(EMPTY_4, 1000, Late(200), time_limit=0.05)
    assert (result.status, result.count, result.complete) == (Status.MULTIPLE, ALWAYS_VERIFIED, False)
    assert count(EMPTY_4, 1000, FirstSolutions(200)).count == 200  # no limit: every one, checked


def test_run_until_stops_work_that_cannot_be_interrupted():
    import time

    from sudoku_cp.backends.base import Deadline, run_until
    from sudoku_cp.core.results import SolverFailure, TimeLimitReached

    with pytest.raises(TimeLimitReached):
        run_until(Deadline(0.2), lambda: time.sleep(60))
    assert run_until(Deadline(60), lambda: [1, 2, 3]) == [1, 2, 3]
    with pytest.raises(SolverFailure, match="ZeroDivisionError: integer division or modulo by zero"):
        run_until(Deadline(60), lambda: 1 // 0)
    with pytest.raises(MemoryError):
        run_until(Deadline(60), lambda: [0] * (1 << 62))
    assert run_until(None, lambda: "here") == "here"


def test_repair_stops_rc2_at_the_limit(monkeypatch, capsys):
    import time

    import sudoku_cp.backends.sat as sat

    monkeypatch.setattr(sat, "maxsat", lambda hard, soft: time.sleep(60))  # an RC2 that never ends
    code = main(["repair", "--json", "--backend", "sat", "--time-limit", "0.5", "1........4....23"])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_TIMEOUT and record["status"] == "unknown" and record["remove"] is None


def test_the_uniqueness_oracle_above_25x25_asks_one_shot_counts():
    from sudoku_cp.tasks.generate import pattern_grid
    from sudoku_cp.tasks.minimize import UniquenessOracle

    solution = pattern_grid(Shape(6, 6))  # 36x36: SAT holds no session of these rules
    givens = solution.givens()
    with UniquenessOracle(solution) as oracle:
        assert oracle.session is None
        assert oracle.unique(givens[1:]) is True
        other = oracle.other_solution(givens[36 * 30:])  # the first 30 rows blank
        assert other is not None and other != solution
    assert oracle.fresh_calls == 2


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "64", "--seed", "1", "--time-limit", "1"],
    ["generate", "--size", "36", "--seed", "1", "--time-limit", "1"],
])
def test_large_generate_under_a_limit_is_exit_4_not_a_refusal(argv, capsys):
    assert main(argv) == EXIT_TIMEOUT
    assert "time limit" in capsys.readouterr().err


def test_minimize_a_36x36_under_a_limit_is_unknown(tmp_path, capsys):
    from sudoku_cp.formats.text import format_line
    from sudoku_cp.tasks.generate import pattern_grid

    solution = pattern_grid(Shape(6, 6))
    puzzle = solution.blank().with_givens([g for g in solution.givens() if (g[0] + g[1]) % 7])  # unique
    path = tmp_path / "p.txt"
    path.write_text(format_line(puzzle) + "\n")
    code = main(["minimize", "--json", "--time-limit", "1", "-f", str(path)])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_TIMEOUT and record["status"] == "unknown" and record["redundant"] is None


def test_explain_an_unsat_36x36_under_a_limit_is_unknown(tmp_path, capsys):
    cells = [0] * 36 * 36
    cells[1:36] = range(1, 36)  # r1c1 can hold no digit: 1..35 in its row, 36 in its column
    cells[36] = 36
    path = tmp_path / "p.txt"
    path.write_text(",".join(map(str, cells)) + "\n")
    code = main(["explain", "--json", "--time-limit", "1", "-f", str(path)])
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert code == EXIT_TIMEOUT and record["status"] == "unknown" and record["core"] is None
    assert "cannot load" not in captured.err


def test_a_cpsat_session_asked_after_the_deadline_is_undecided_not_a_crash():
    from sudoku_cp.backends.base import Deadline

    with make("cpsat").session(EMPTY_4.rules) as session:
        assert session.solve([(0, 0, 1)], Deadline(0)) is None
        assert session.counters() == {"conflicts": 0, "branches": 0}
        assert session.solve([(0, 0, 1)], Deadline(60)) is True


# --- issue 44, part 3: the limit binds building the model too, on every backend ---------------------------

STOPPED = re.compile(r"unknown: (the time limit ended the search|the time limit ended the count \(1 solution found\)|"
                     r"time limit reached while building the model \(\d[\d,]* of \d[\d,]* constraints added\)) \[")
CUT_SHORT = re.compile(r"multiple: more than one solution \(at least \d+ solutions; the time limit ended the "
                       r"count\) \[")
NEEDS = {"mip": "highspy", "mip:scip": "pyscipopt", "mip:lp": "highspy", "smt": "z3", "smt:fd": "z3",
         "smt:bool": "z3", "choco": "pychoco", "choco:bc": "pychoco", "choco:default": "pychoco",
         "xc": "miniexact"}
EVERY_BACKEND = ["sat", "sat:glucose4", "cpsat", "dfs", "external:minisat", *NEEDS]
# Choco's GraalVM image reserves 32 GB of address space at start: its bound is on data (writable
# memory) instead, which holds every other backend's model too
LIMITED = ("import resource, sys; resource.setrlimit(resource.RLIMIT_{}, (3 << 30, 3 << 30)); "
           "from sudoku_cp.cli import main; sys.exit(main(sys.argv[1:]))")


@pytest.mark.parametrize("backend", EVERY_BACKEND)
def test_every_backend_on_an_empty_64x64_stops_at_a_short_limit(backend):
    import importlib
    import shutil
    import subprocess
    import sys

    # the README's test command installs every one of these (the paradigms extra, Debian's solvers)
    if backend in NEEDS:
        importlib.import_module(NEEDS[backend])
    if backend.startswith("external:"):
        assert shutil.which(backend.partition(":")[2]), f"{backend.partition(':')[2]} is not on PATH"
    # under 3 GB (smt:bool once took 4.6 GB and more than 60 s here); the bound
    # on its time is only a generous one: how soon each backend stops is bench/bench_limits.py --build's
    # count far more solutions than any backend finds in a second: a fast machine cannot answer before the
    # limit (a plain solve of the empty grid once took sat 0.9 s on an idle machine: exit 0, not 4)
    empty_64 = ",".join(["0"] * 64 * 64)
    limited = LIMITED.format("DATA" if backend.startswith("choco") else "AS")
    done = subprocess.run([sys.executable, "-c", limited, "count", "--limit", "100000", "--backend", backend,
                           "--time-limit", "1", empty_64], capture_output=True, text=True, timeout=60)
    # the limit came before any solution, or after one (unknown, exit 4: uniqueness was not shown), or it cut
    # the count short after two or more: "multiple" is then a fact (exit 1), said with the limit that ended it
    first = done.stdout.splitlines()[0] if done.stdout else ""
    if done.returncode == EXIT_TIMEOUT:
        assert STOPPED.match(first), done.stdout[:300]
    else:
        assert done.returncode == EXIT_NEGATIVE, done.stderr[-2000:]
        assert CUT_SHORT.match(first), done.stdout[:300]
    assert done.stderr == ""


def test_a_count_the_limit_cut_short_after_two_solutions_is_multiple_and_says_why():
    from fakes import TwoThenTimeBackend

    from sudoku_cp.cli.solve_cmd import describe

    result = count(EMPTY_4, 1000, TwoThenTimeBackend())
    assert (result.status, result.count, result.complete) == (Status.MULTIPLE, 2, False)
    assert result.stats == {"stopped": "the time limit ended the count"}
    assert describe(result).startswith("multiple: more than one solution (at least 2 solutions; the time "
                                       "limit ended the count) [two-then-time, ")
    # a count that reached its own limit is not said to be cut short by the time
    assert "stopped" not in count(EMPTY_4, 2, make("dfs")).stats


def test_a_count_the_limit_cut_short_after_one_solution_is_unknown_and_says_one_was_found():
    from fakes import OneThenTimeBackend

    from sudoku_cp.cli.solve_cmd import describe

    result = count(EMPTY_4, 1000, OneThenTimeBackend())
    assert (result.status, result.count) == (Status.UNKNOWN, 1)
    assert describe(result).startswith("unknown: the time limit ended the count (1 solution found) [one-then-time, ")


def test_a_build_past_the_deadline_says_how_far_it_got():
    from sudoku_cp.backends.base import BuildStopped, Deadline

    build = Deadline(0).build(10)
    with pytest.raises(BuildStopped, match=r"^time limit reached while building the model \(0 of 10 "
                                           r"constraints added\)$"):
        list(build.each(range(4)))
    more = Deadline(60).build(3)
    assert list(more.each("ab")) == ["a", "b"] and more.added == 2


@pytest.mark.parametrize("backend, module", [("choco", "pychoco"), ("smt", "z3")])
def test_the_model_builders_look_at_the_deadline(backend, module):
    pytest.importorskip(module)
    from sudoku_cp.backends.base import BuildStopped, Deadline

    board = Board.empty(Shape(3, 3))
    if backend == "choco":
        from sudoku_cp.backends.choco import build

        with pytest.raises(BuildStopped) as stopped:
            build(board, "AC", Deadline(0))
        assert (stopped.value.added, stopped.value.total) == (0, 27)  # 27 units
        assert len(build(board, "AC", Deadline(60))[1]) == 81
    else:
        import z3

        from sudoku_cp.backends.smt import int_model

        with pytest.raises(BuildStopped) as stopped:
            int_model(board, z3.Solver(), Deadline(0))
        assert (stopped.value.added, stopped.value.total) == (0, 81 + 27)  # cells, then units
        solver = z3.Solver()
        int_model(board, solver, Deadline(60))
        assert len(solver.assertions()) == 81 + 27


def test_a_stopped_build_is_unknown_with_its_reason():
    from sudoku_cp.backends.base import Deadline
    from sudoku_cp.tasks.solving import run_backend

    class SlowBuilder(Backend):
        name = "slow-builder"

        def count(self, board, limit, time_limit=None):
            build = Deadline(0).build(len(board.rules.units))
            for _unit in build.each(board.rules.units):
                pass
            return make("dfs").count(board, limit, time_limit)

    result = run_backend(EMPTY_4, SlowBuilder(), 1, False, 5)
    assert result.status is Status.UNKNOWN and result.solution is None
    assert result.stats == {"stopped": "time limit reached while building the model (0 of 12 constraints added)"}


def test_a_worker_says_its_build_stopped():
    from sudoku_cp.backends.base import BuildStopped, Deadline, count_stoppably, run_until

    with pytest.raises(BuildStopped, match=r"\(0 of 2 constraints added\)"):
        run_until(Deadline(60), lambda: list(Deadline(0).each([1, 2])))
    empty_25 = Board.empty(Shape(5, 5))  # from 25x25 up a limited count runs in a worker
    outcome = count_stoppably(empty_25, Deadline(60), lambda: make("dfs").count(empty_25, 1))
    assert outcome.count == 1 and outcome.solutions[0].size == 25
    assert count_stoppably(empty_25, Deadline(0), lambda: make("dfs").count(empty_25, 1)).timed_out
