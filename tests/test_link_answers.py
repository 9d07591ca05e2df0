"""A SudokuPad link's read-time answer (the count to two that refuses a misreading) serves the command after it.

Reading a link counts its reading to two with the default backend; ``solve``, ``count``,
``candidates`` and ``explain`` of that board with the same backend take that verified answer
instead of solving the same formula again (issue 41: reading a link is not the slow part), while a
cross-check, another backend or another encoding still solves, and a wrong answer is still caught.
"""

from __future__ import annotations

import json

import pytest

from sudoku_cp.backends.cpsat import CpSatBackend
from sudoku_cp.backends.sat import SatBackend
from sudoku_cp.cli import main
from sudoku_cp.formats.sudokupad.link import zip_payload
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks import solving
from sudoku_cp.tasks.candidates import candidates
from sudoku_cp.tasks.explain import explain
from sudoku_cp.tasks.solving import VerificationError, count, solve

SOLUTION = "1234341221434321"
CELLS = [[{"value": int(ch)} if ch != "." else {} for ch in row] for row in ("1...", "..1.", ".1..", "...1")]
# a killer 4x4: the cages and the four 1s leave one solution (checked below by every backend)
LINK = zip_payload({"cells": CELLS, "cages": [
    {"cells": [[0, 1], [0, 2]], "value": 5, "unique": True},
    {"cells": [[1, 0], [1, 1]], "value": 7, "unique": True},
    {"cells": [[2, 2], [2, 3]], "value": 7, "unique": True},
    {"cells": [[3, 1], [3, 2]], "value": 5, "unique": True},
    {"value": f"solution: {SOLUTION}"}]})


@pytest.fixture
def counted(monkeypatch):
    """How many times each backend class counted (a solve of the formula), from here on."""
    calls = {"sat": 0, "cpsat": 0}
    for name, cls in (("sat", SatBackend), ("cpsat", CpSatBackend)):
        original = cls.count

        def spy(self, board, limit, time_limit=None, _original=original, _name=name):
            calls[_name] += 1
            return _original(self, board, limit, time_limit)

        monkeypatch.setattr(cls, "count", spy)
    return calls


def test_the_link_is_one_puzzle_every_backend_solves_the_same_way():
    board = parse_puzzle(LINK)
    assert solve(board, "all", unique=True).solution.cells == tuple(int(d) for d in SOLUTION)


@pytest.mark.parametrize("ask", [
    lambda b: solve(b, unique=True),
    lambda b: solve(b),
    lambda b: count(b, 1000),
    lambda b: candidates(b, limit=5),
    lambda b: explain(b),
])
def test_a_command_after_the_read_takes_its_answer_and_solves_nothing(counted, ask):
    board = parse_puzzle(LINK)
    assert counted == {"sat": 1, "cpsat": 0}  # the read's own check
    result = ask(board)
    assert counted == {"sat": 1, "cpsat": 0}
    assert result.solution.cells == tuple(int(d) for d in SOLUTION)
    assert result.backend == "sat:cadical195"


def test_the_answer_is_the_one_a_solve_gives_statuses_and_counts_included(counted):
    fresh = parse_puzzle(LINK)
    solving._KNOWN.clear()  # nothing known: these solve
    expected = [(r.status, r.count, r.complete, r.solution) for r in
                (solve(fresh), solve(fresh, unique=True), count(fresh, 1), count(fresh, 7))]
    got = []
    for ask in (lambda b: solve(b), lambda b: solve(b, unique=True), lambda b: count(b, 1), lambda b: count(b, 7)):
        r = ask(parse_puzzle(LINK))
        got.append((r.status, r.count, r.complete, r.solution))
    assert got == expected
    found = candidates(parse_puzzle(LINK), limit=3)
    assert (found.digits, found.counts, found.exact) == (lambda f: (f.digits, f.counts, f.exact))(
        candidates(fresh, limit=3))


def test_the_answer_serves_once(counted):
    board = parse_puzzle(LINK)
    solve(board, unique=True)
    solve(board, unique=True)
    assert counted["sat"] == 2


def test_a_cross_check_another_solver_or_encoding_solves_again(counted):
    solve(parse_puzzle(LINK), "sat,cpsat", unique=True)
    assert counted == {"sat": 2, "cpsat": 1}  # every backend a cross-check names runs
    solve(parse_puzzle(LINK), "sat:glucose4", unique=True)
    assert counted["sat"] == 4
    from sudoku_cp.backends import resolve

    solve(parse_puzzle(LINK), resolve("sat", encoding="cell-alo+unit-amo"), unique=True)
    assert counted["sat"] == 6


def test_a_wrong_known_answer_is_caught_by_the_checker(counted):
    board = parse_puzzle(LINK)
    known = solving._KNOWN[board]
    wrong = board.with_cells(tuple(int(d) for d in "1243341221434312"))
    solving._KNOWN[board] = solving.Known(known.backend, solving.Outcome([wrong], True), known.time_s)
    with pytest.raises(VerificationError):
        solve(board, unique=True)


def test_the_cli_answers_a_link_with_one_count(counted, capsys):
    assert main(["count", LINK, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["status"], record["count"], record["complete"]) == ("unique", 1, True)
    assert record["solution"] == SOLUTION
    assert counted == {"sat": 1, "cpsat": 0}
    assert main(["solve", LINK, "--backend", "sat,cpsat", "--unique", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [b["backend"] for b in record["backends"]] == ["sat:cadical195", "cpsat"]
    assert counted == {"sat": 3, "cpsat": 1}
