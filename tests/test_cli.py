"""The sudoku-cp command: outputs, JSON keys, exit codes and one-line errors (CONTRACT.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp.backends import REGISTRY, Entry
from sudoku_cp.cli import main
from sudoku_cp.examples import CLASSIC_SOLUTION, INVALID_ROWS, classic, example_file
from sudoku_cp.formats.text import format_line

CLASSIC = format_line(classic())
UNSAT = "531" + CLASSIC[3:]
MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
JSON_KEYS = ("index", "line", "size", "box", "rules", "puzzle", "status", "solution", "count", "complete",
             "conflicts", "backend", "time_s", "stats", "error", "backends", "certificate")  # all, always


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_with_no_puzzle_uses_the_example_and_cross_checks(capsys):
    code, out, err = run(capsys, "solve", "--backend", "sat,cpsat")
    assert code == 0
    assert "built-in example" in err
    assert "backends agree" in out
    # the grid with box lines; each cell a slot of 3 so that givens can be starred (5*)
    assert out.count("|") == 18 and "---------+---------+---------" in out
    assert out.count("*") == 30 + 1 and "5* = given" in out  # the 30 givens, then the legend


def test_solve_json_has_contract_keys(capsys):
    code, out, _ = run(capsys, "solve", CLASSIC, "--json", "--backend", "cpsat")
    record = json.loads(out)
    assert code == 0 and tuple(record) == JSON_KEYS
    assert record["status"] == "solved" and record["solution"] == CLASSIC_SOLUTION
    assert record["size"] == 9 and record["box"] == [3, 3] and record["puzzle"] == CLASSIC
    assert record["backend"] == "cpsat"
    assert [record[k] for k in ("index", "line", "count", "complete", "conflicts", "error", "backends")] == \
        [None] * 7  # keys that do not apply are null
    code, out, _ = run(capsys, "count", CLASSIC, "--json", "--backend", "sat,dfs")
    record = json.loads(out)
    assert code == 0 and tuple(record) == JSON_KEYS and record["backend"] == "sat,dfs"
    assert [(b["backend"], b["status"], b["count"]) for b in record["backends"]] == [
        ("sat:cadical195", "unique", 1), ("dfs", "unique", 1)]


@pytest.mark.parametrize("argv, code, status", [
    (["solve", CLASSIC, "--unique"], 0, "unique"),
    (["solve", MULTI, "--unique"], 1, "multiple"),
    (["solve", MULTI], 0, "solved"),
    (["solve", UNSAT], 1, "unsat"),
    (["count", MULTI, "--limit", "3", "--backend", "all"], 1, "multiple"),
    (["count", CLASSIC, "--backend", "dfs"], 0, "unique"),
    (["validate", json.dumps(INVALID_ROWS)], 1, "invalid"),
    (["validate", CLASSIC], 0, "valid"),
    (["solve", json.dumps(INVALID_ROWS)], 1, "invalid"),
])
def test_statuses_and_exit_codes(capsys, argv, code, status):
    got, out, _ = run(capsys, *argv, "--json")
    assert got == code
    assert json.loads(out)["status"] == status


def test_invalid_board_reports_both_conflicts(capsys):
    code, out, _ = run(capsys, "validate", json.dumps(INVALID_ROWS), "--json")
    conflicts = json.loads(out)["conflicts"]
    assert code == 1
    assert conflicts == [
        {"unit": "column", "index": 0, "digit": 8, "cells": [[0, 0], [3, 0]]},
        {"unit": "box", "index": 0, "digit": 8, "cells": [[0, 0], [2, 2]]},
    ]
    code, out, _ = run(capsys, "validate", json.dumps(INVALID_ROWS))
    assert "two 8s in column 1 (r1c1, r4c1)" in out and "two 8s in box 1 (r1c1, r3c3)" in out


def test_count_reports_exactness(capsys):
    code, out, _ = run(capsys, "count", "." * 16, "--limit", "300", "--json", "--backend", "all")
    record = json.loads(out)
    assert (record["count"], record["complete"], record["status"]) == (288, True, "multiple")
    code, out, _ = run(capsys, "count", "." * 16, "--limit", "5", "--json")
    record = json.loads(out)
    assert (record["count"], record["complete"]) == (5, False)


@pytest.mark.parametrize("backend", ["sat", "cpsat", "dfs", "all"])
def test_count_with_limit_1_is_solved_not_a_time_limit(capsys, backend):
    """One solution asked for cannot answer "is it unique?": 'solved', exit 0 (not 'unknown', exit 4)."""
    code, out, _ = run(capsys, "count", "." * 16, "--limit", "1", "--json", "--backend", backend)
    record = json.loads(out)
    assert (code, record["status"], record["count"], record["complete"]) == (0, "solved", 1, False)
    code, out, _ = run(capsys, "count", "." * 16, "--limit", "1", "--backend", backend)
    assert code == 0 and "solved" in out and "time limit" not in out


def test_time_limit_is_exit_4(capsys):
    code, out, _ = run(capsys, "count", "." * 625, "--limit", "1000000000", "--backend", "dfs",
                       "--time-limit", "0.2", "--json")
    assert code in (1, 4) and json.loads(out)["complete"] is False
    code, out, _ = run(capsys, "solve", "." * 625, "--backend", "dfs", "--time-limit", "0.05", "--json")
    assert (code, json.loads(out)["status"]) in ((4, "unknown"), (0, "solved"))


def test_file_of_puzzles_gives_one_record_each(capsys, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(example_file() + "\nnot a puzzle\n")
    code, out, err = run(capsys, "count", "-f", str(path), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records] == ["unique", "unique", "unique", "multiple", "unsat",
                                              "invalid", "unique", "error"]
    assert [r["index"] for r in records] == list(range(8))
    assert records[-1]["line"] == example_file().count("\n") + 2
    assert code == 2  # an input error outranks the negative answers


@pytest.mark.parametrize("argv, fragment", [
    (["solve", "1" * 80], "got 80 cells"),
    (["solve", "A" + "." * 80], "line 1, column 1 (r1c1): symbol 'A' means 10, out of range"),
    (["solve", "." * 36, "--box", "2x2"], "box shape 2x2 does not fit a 6x6 grid"),
    (["solve", "." * 36, "--box", "2by3"], "expected ROWSxCOLS"),
    (["solve", CLASSIC, "--backend", "z3"], "unknown backend 'z3'"),
    (["solve", CLASSIC, "--time-limit", "-1"], "expected a number of seconds > 0"),
    (["count", CLASSIC, "--limit", "0"], "expected a whole number >= 1"),
    (["solve", "-f", "/nonexistent/file"], "/nonexistent/file: no such file"),
    (["solve", "-f", "/"], "is a directory"),
    (["solve", "."], "expected N*N"),
    (["solve", CLASSIC, "-f", "x"], "not both"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_exit_2_with_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.fixture
def liar(monkeypatch):
    monkeypatch.setitem(REGISTRY, "liar", Entry("fakes:LiarBackend", "test only"))
    monkeypatch.setitem(REGISTRY, "pessimist", Entry("fakes:PessimistBackend", "test only"))


def test_wrong_answer_and_disagreement_are_exit_3(capsys, liar):
    code, out, err = run(capsys, "solve", CLASSIC, "--backend", "sat,liar")
    assert code == 3 and "DISAGREEMENT" in err and "liar returned a wrong solution" in err
    assert "sat:cadical195: solved" in err  # both answers are shown
    code, out, err = run(capsys, "solve", CLASSIC, "--backend", "liar")
    assert code == 3 and "VERIFICATION FAILED" in err
    code, out, err = run(capsys, "count", CLASSIC, "--backend", "cpsat,pessimist")
    assert code == 3 and "cpsat says unique, pessimist says unsat" in err


def test_help_lists_every_backend(capsys):
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0
    listed = out.split("\nbackends (--backend NAME, NAME:OPTION):\n", 1)[1].split("\n\n", 1)[0]
    for name, entry in REGISTRY.items():
        assert re.search(rf"^  {re.escape(name)}\s+{re.escape(entry.summary.split()[0])}", listed, re.M), name


@pytest.mark.parametrize("command", ["solve", "count", "explain", "repair", "minimize", "generate",
                                     "batch", "bench"])
def test_every_backend_option_reads_the_same(capsys, command):
    """Every command that takes --backend takes a comma list and says so the same way (CONTRACT.md)."""
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "--backend NAME[,NAME...]" in out


def test_installed_command_and_module_run():
    env = dict(os.environ, NO_COLOR="1")
    bindir = Path(sys.executable).parent
    for cmd in ([str(bindir / "sudoku-cp")], [sys.executable, "-m", "sudoku_cp"]):
        proc = subprocess.run(cmd + ["solve", CLASSIC, "--json"], capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["solution"] == CLASSIC_SOLUTION


def test_validate_imports_no_solver():
    code = ("import sys; from sudoku_cp.cli import main; rc = main(['validate', %r]); "
            "loaded = [m for m in ('pysat', 'ortools') if m in sys.modules]; "
            "print(rc, loaded)") % CLASSIC
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout.strip().splitlines()[-1] == "0 []"


def test_stdin_puzzle(monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(INVALID_ROWS, indent=1)))
    code, out, _ = run(capsys, "validate", "-", "--json")
    assert code == 1 and json.loads(out)["status"] == "invalid"
