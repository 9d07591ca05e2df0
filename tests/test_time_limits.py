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
