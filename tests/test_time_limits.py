"""A time limit is not a disagreement, and it bounds the whole command (issue 15, items 8-10).

Only statuses, exit codes and how much work was done are asserted, never how long anything took:
the timings are measured by ``bench/bench_limits.py``.
"""

from __future__ import annotations

import json

import pytest

from sudoku_cp import Board, Outcome, Shape, parse_puzzle
from sudoku_cp.backends import Backend, make
from sudoku_cp.cli import main
from sudoku_cp.core.results import EXIT_DISAGREE, EXIT_TIMEOUT, Status
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

    monkeypatch.setattr("sudoku_cp.cli.solve_cmd.solve", greedy)
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
    ["bench", "--backends", "dfs", "--warmup", "0"],
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
    assert main(["bench", "-", "--backends", "dfs,sat", "--repeat", "2", "--warmup", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 puzzles from -")
    assert [line.split()[1:3] for line in out.splitlines()[2:]] == [["2", "2"], ["2", "2"]]
