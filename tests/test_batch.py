"""``sudoku-cp batch``: one verified record per puzzle, in order, resumable, the same with any pool."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import types
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from gridgen import blank_out, dataset_lines, random_solved_rows, rules_hold

from sudoku_cp import Board, Outcome
from sudoku_cp.backends import REGISTRY, Backend, Entry
from sudoku_cp.cli import main
from sudoku_cp.core.check import checker
from sudoku_cp.examples import CLASSIC_SOLUTION, classic, classic_invalid
from sudoku_cp.formats.records import RESULT_KEYS
from sudoku_cp.formats.text import format_line, parse_puzzle
from sudoku_cp.tasks import batch
from sudoku_cp.tasks.batch import BatchOptions, resume_point, run_batch

CLASSIC = format_line(classic())
# r1c3 needs 3 or 4, but column 3 already holds both (no unit repeats a digit): no solution
UNSAT_4 = "12........3...4."
EMPTY_4 = "." * 16  # 288 solutions


def mixed_lines() -> list[tuple[str, str | None]]:
    """Lines of a mixed file with the status each must get (None: not a puzzle)."""
    return [
        ("# a comment, then a blank line", None),
        ("", None),
        (CLASSIC, "unique"),
        (format_line(classic_invalid()), "invalid"),
        (UNSAT_4, "unsat"),
        (EMPTY_4, "multiple"),
        ("this is not a sudoku", "error"),
        (CLASSIC.replace(".", "0"), "unique"),  # 0 for blank
        ("5" * 80, "error"),  # 80 cells: no N*N
        ("", None),
        # a 4x4 grid over four lines, one puzzle starting at its first line
        ("1 2 | 3 .", "unique"),
        ("3 . | 1 2", None),
        ("-----+----", None),
        ("2 1 | . .", None),
        (". . | 2 .", None),
    ]


def records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def without_times(recs: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "time_s"} for r in recs]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_mixed_file_gives_one_record_per_puzzle_with_right_status_and_line(tmp_path, capsys):
    spec = mixed_lines()
    src = write(tmp_path / "mixed.txt", [text for text, _ in spec])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--unique"]) == 0
    got = records(out.read_text())
    expected = [(lineno, status) for lineno, (_, status) in enumerate(spec, start=1) if status]
    assert [(r["line"], r["status"]) for r in got] == expected
    assert all(tuple(r) == RESULT_KEYS for r in got)  # every key present, in one order
    assert [r["index"] for r in got] == list(range(len(expected)))
    by_line = {r["line"]: r for r in got}
    assert by_line[3]["solution"] == CLASSIC_SOLUTION and by_line[3]["count"] == 1
    assert by_line[3]["complete"] is True and by_line[3]["size"] == 9 and by_line[3]["box"] == [3, 3]
    assert by_line[8]["puzzle"] == CLASSIC  # one-line form, '.' blank
    assert by_line[4]["conflicts"][0]["digit"] == 8
    assert by_line[5]["solution"] is None and by_line[5]["count"] == 0 and by_line[5]["complete"]
    assert by_line[6]["count"] == 2 and by_line[6]["complete"] is False
    assert "line 7" in by_line[7]["error"] and by_line[7]["size"] is None and by_line[7]["puzzle"] is None
    assert "line 9" in by_line[9]["error"]
    grid = by_line[11]
    assert grid["size"] == 4 and rules_hold([[int(ch) for ch in grid["solution"][r * 4:r * 4 + 4]]
                                             for r in range(4)], 2, 2)
    for r in got:  # every solution kept its givens and obeys the rules
        if r.get("solution"):
            n = r["size"]
            rows = [[int(ch, 36) for ch in r["solution"][i * n:(i + 1) * n]] for i in range(n)]
            assert rules_hold(rows, *r["box"])
            assert all(p in ".0" or p == s for p, s in zip(r["puzzle"], r["solution"]))
    summary = capsys.readouterr().out
    assert "8 puzzles" in summary and "3 unique" in summary and "2 error" in summary


def test_without_unique_the_status_is_solved_and_no_count(tmp_path):
    out = io.StringIO()
    summary = run_batch([CLASSIC, UNSAT_4], out, BatchOptions())
    got = records(out.getvalue())
    assert [r["status"] for r in got] == ["solved", "unsat"]
    assert got[0]["count"] is None and got[0]["complete"] is None and got[0]["solution"] == CLASSIC_SOLUTION
    assert summary.counts == {"solved": 1, "unsat": 1} and summary.puzzles == 2


@pytest.mark.parametrize("backend", ["sat:minisat22", "cpsat", "dfs"])
def test_other_backends_give_the_same_records(backend):
    lines = [text for text, status in mixed_lines() if status]
    base, other = io.StringIO(), io.StringIO()
    run_batch(lines, base, BatchOptions(unique=True))
    run_batch(lines, other, BatchOptions(unique=True, backend=backend))

    def comparable(recs):  # multiple-solution grids may be any two of the solutions
        out = []
        for r in without_times(recs):
            r.pop("backend", None)
            if r["status"] == "multiple":
                r.pop("solution")
            out.append(r)
        return out

    assert comparable(records(other.getvalue())) == comparable(records(base.getvalue()))


def test_random_puzzles_of_several_sizes_in_one_file(rng):
    lines, solutions = [], []
    for box in [(2, 2), (2, 3), (3, 3), (2, 4), (4, 4)]:
        for _ in range(4):
            rows = random_solved_rows(*box, rng)
            puzzle = Board.from_rows(blank_out(rows, 0.6, rng), box)
            lines.append(format_line(puzzle))
            solutions.append(rows)
    out = io.StringIO()
    run_batch(lines, out, BatchOptions(unique=True))
    for rec, line in zip(records(out.getvalue()), lines):
        assert rec["status"] in ("unique", "multiple")
        n = rec["size"]
        rows = [[int(ch, 36) for ch in rec["solution"][r * n:(r + 1) * n]] for r in range(n)]
        assert rules_hold(rows, *rec["box"])
        assert all(p == "." or p == s for p, s in zip(line, rec["solution"]))


def test_checker_refuses_what_the_rules_refuse():
    puzzle = classic()
    good = parse_puzzle(CLASSIC_SOLUTION)
    check = checker(puzzle.rules)
    assert check.problems(good, puzzle) == []
    swapped = list(good.cells)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # breaks columns and changes givens
    assert check.problems(Board(good.shape, tuple(swapped)), puzzle)
    moved = CLASSIC_SOLUTION[9:18] + CLASSIC_SOLUTION[:9] + CLASSIC_SOLUTION[18:]  # rows swapped
    assert check.problems(parse_puzzle(moved), puzzle)  # units still fine, givens changed
    assert check.problems(parse_puzzle(moved), parse_puzzle("." * 81)) == []  # a grid all the same
    assert check.duplicates(classic_invalid().cells) and not check.duplicates(puzzle.cells)


# --- misbehaving solvers ------------------------------------------------------------------------

class Flaky(Backend):
    """Right answers from dfs, except: raises on 4x4 puzzles starting '1', lies on '2', dies on '3'."""

    def __init__(self, option=None):
        from sudoku_cp.backends.dfs import DfsBackend

        self.inner = DfsBackend()
        self.name = "flaky"

    def count(self, board, limit, time_limit=None):
        first = board.cells[0]
        if board.size == 4 and first == 1:
            raise RuntimeError("boom")
        if board.size == 4 and first == 2:
            return Outcome([Board(board.shape, tuple(d or 1 for d in board.cells))], complete=False)
        if board.size == 4 and first == 3:
            os._exit(7)  # the worker process dies
        return self.inner.count(board, limit, time_limit)


@pytest.fixture
def flaky(monkeypatch):
    module = types.ModuleType("batch_fakes")
    module.Flaky = Flaky
    monkeypatch.setitem(sys.modules, "batch_fakes", module)
    monkeypatch.setitem(REGISTRY, "flaky", Entry("batch_fakes:Flaky", "test only"))


def test_a_crashing_or_lying_solver_is_an_error_record_and_the_batch_goes_on(flaky):
    lines = [CLASSIC, "1...............", CLASSIC, "2...............", CLASSIC]
    out = io.StringIO()
    summary = run_batch(lines, out, BatchOptions(unique=True, backend="flaky"))
    got = records(out.getvalue())
    assert [r["status"] for r in got] == ["unique", "error", "unique", "error", "unique"]
    assert "boom" in got[1]["error"] and "wrong solution" in got[3]["error"]
    assert got[1]["line"] == 2 and got[3]["line"] == 4
    assert summary.failures == 2


def test_a_worker_that_dies_costs_only_its_puzzle(flaky):
    lines = [CLASSIC] * 150 + ["3..............."] + [CLASSIC] * 150
    out = io.StringIO()
    summary = run_batch(lines, out, BatchOptions(unique=True, backend="flaky"), jobs=2)
    got = records(out.getvalue())
    assert len(got) == 301 and [r["index"] for r in got] == list(range(301))
    assert got[150]["status"] == "error" and "worker" in got[150]["error"]
    assert all(r["status"] == "unique" for i, r in enumerate(got) if i != 150)
    assert summary.failures == 1


def test_backend_all_cross_checks_every_puzzle(tmp_path):
    lines = [text for text, status in mixed_lines() if status]
    src = write(tmp_path / "in.txt", lines)
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--unique", "--backend", "all"]) == 0
    got = records(out.read_text())
    base = io.StringIO()
    run_batch(lines, base, BatchOptions(unique=True))
    single = records(base.getvalue())
    assert [r["status"] for r in got] == [r["status"] for r in single]
    for rec, one in zip(got, single):
        assert tuple(rec) == RESULT_KEYS
        if rec["status"] in ("unique", "unsat", "multiple"):
            assert rec["backend"] == "all" and rec["count"] == one["count"]
            assert [b["backend"] for b in rec["backends"]] == ["sat:cadical195", "cpsat", "dfs"]
            assert all(b["status"] == rec["status"] and b["error"] is None for b in rec["backends"])
            if rec["status"] == "unique":
                assert rec["solution"] == one["solution"]
        else:  # invalid or unreadable: no backend was needed to answer
            assert rec["backends"] is None
    out2 = io.StringIO()
    run_batch(lines[:1], out2, BatchOptions(unique=True, backend="sat,dfs", encoding="minimal"))
    rec, = records(out2.getvalue())
    assert rec["backend"] == "sat,dfs"
    assert [b["backend"] for b in rec["backends"]] == ["sat:cadical195", "dfs"]


def test_a_lying_backend_in_a_cross_check_is_an_error_record_and_exit_3(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(REGISTRY, "liar", Entry("fakes:LiarBackend", "test only"))
    src = write(tmp_path / "in.txt", [CLASSIC, format_line(classic_invalid()), UNSAT_4])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--backend", "sat,liar"]) == 3
    got = records(out.read_text())
    assert [r["status"] for r in got] == ["error", "invalid", "error"]
    lie = got[0]
    assert lie["error"].startswith("backends disagree: liar: liar returned a wrong solution")
    assert lie["backend"] == "sat,liar" and lie["puzzle"] == CLASSIC
    assert [(b["backend"], b["status"]) for b in lie["backends"]] == [("sat:cadical195", "solved"),
                                                                      ("liar", "error")]
    assert "liar returned a wrong solution" in got[2]["error"]  # however wrong the other side is
    assert "3 puzzles" in capsys.readouterr().out
    monkeypatch.setitem(REGISTRY, "pessimist", Entry("fakes:PessimistBackend", "test only"))
    out2 = io.StringIO()
    summary = run_batch([CLASSIC, UNSAT_4], out2, BatchOptions(unique=True, backend="dfs,pessimist"))
    got = records(out2.getvalue())
    assert got[0]["error"] == "backends disagree: dfs says unique, pessimist says unsat"
    assert got[1]["status"] == "unsat" and got[1]["backends"][1]["backend"] == "pessimist"
    assert summary.failures == 1 and summary.counts == {"error": 1, "unsat": 1}
    assert main(["batch", str(src), "-o", str(out), "--backend", "dfs", "--encoding", "minimal"]) == 2
    assert "--encoding applies to the sat and external backends only" in capsys.readouterr().err


# --- order, pools, resume -----------------------------------------------------------------------

def test_jobs_2_output_equals_jobs_1(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "CHUNK", 64)  # several chunks, so both workers take part
    lines = dataset_lines("17clue-half.txt", limit=300, step=50) + [t for t, s in mixed_lines() if s]
    lines += dataset_lines("serg-benchmark.txt", limit=100, step=40)
    src = write(tmp_path / "in.txt", lines)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["batch", str(src), "-o", str(one), "--unique"]) == 0
    assert main(["batch", str(src), "-o", str(two), "--unique", "--jobs", "2"]) == 0
    a, b = records(one.read_text()), records(two.read_text())
    assert len(a) == len(b) > 400
    assert without_times(a) == without_times(b)


def test_any_executor_gives_the_same_output(monkeypatch):
    monkeypatch.setattr(batch, "CHUNK", 50)
    lines = dataset_lines("top1465.txt", limit=150) + dataset_lines("serg-benchmark.txt", limit=150)
    base, pooled = io.StringIO(), io.StringIO()
    run_batch(lines, base, BatchOptions(unique=True))
    with ThreadPoolExecutor(3) as pool:
        run_batch(lines, pooled, BatchOptions(unique=True), executor=pool)
    assert without_times(records(pooled.getvalue())) == without_times(records(base.getvalue()))


def test_killed_run_leaves_a_valid_prefix_and_resume_finishes_it(tmp_path):
    lines = dataset_lines("17clue-half.txt", limit=1500, step=8) * 2
    src = write(tmp_path / "in.txt", lines)
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    assert main(["batch", str(src), "-o", str(full), "--unique"]) == 0
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cp", "batch", str(src), "-o", str(cut),
                             "--unique"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while (not cut.exists() or cut.stat().st_size < 20_000) and proc.poll() is None:
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    text = cut.read_text()
    complete = text[: text.rfind("\n") + 1]
    prefix = records(complete)
    expected = records(full.read_text())
    assert 0 < len(prefix) < len(expected)
    assert without_times(prefix) == without_times(expected[: len(prefix)])
    with cut.open("a") as handle:  # as if the kill had torn a line in half
        handle.write('{"index": %d, "line": 3, "size": 9, "bo' % len(prefix))
    assert main(["batch", str(src), "-o", str(cut), "--unique", "--resume"]) == 0
    assert without_times(records(cut.read_text())) == without_times(expected)
    assert main(["batch", str(src), "-o", str(cut), "--unique", "--resume"]) == 0  # nothing left
    assert len(records(cut.read_text())) == len(expected)


def test_resume_refuses_a_file_that_is_not_this_batch(tmp_path, capsys):
    src = write(tmp_path / "in.txt", [CLASSIC])
    out = write(tmp_path / "out.jsonl", ["not json"])
    assert main(["batch", str(src), "-o", str(out), "--resume"]) == 2
    assert "line 1 is not a JSON record" in capsys.readouterr().err
    write(out, ['{"index": 5}'])
    with pytest.raises(ValueError, match="not record 0"):
        resume_point(str(out))


def test_summary_as_json_and_records_on_stdout(tmp_path, capsys):
    src = write(tmp_path / "in.txt", [CLASSIC, UNSAT_4, "oops"])
    assert main(["batch", str(src), "--json"]) == 0
    captured = capsys.readouterr()
    got = records(captured.out)
    assert [r["status"] for r in got] == ["solved", "unsat", "error"]
    summary = json.loads(captured.err.strip().splitlines()[-1])
    assert summary["counts"] == {"solved": 1, "unsat": 1, "error": 1} and summary["puzzles"] == 3
    assert summary["puzzles_per_s"] > 0


def test_usage_errors_exit_2(tmp_path, capsys):
    src = write(tmp_path / "in.txt", [CLASSIC])
    assert main(["batch", str(tmp_path / "missing.txt")]) == 2
    assert main(["batch", str(src), "--backend", "nope"]) == 2
    assert main(["batch", str(src), "--resume"]) == 2  # needs -o
    assert main(["batch", str(src), "--jobs", "0"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "unknown backend" in err and "--resume needs -o" in err


@pytest.mark.parametrize("spec", ["all,sat", "sat, all", "all:x", "all,all"])
def test_all_in_a_list_is_refused_without_offering_all(tmp_path, capsys, spec):
    """'all' is the cross-check set on its own: combined or with an option, the message says so
    (not "unknown backend 'all'" while listing all among the choices)."""
    src = write(tmp_path / "in.txt", [CLASSIC])
    assert main(["batch", str(src), "--backend", spec]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "unknown backend" not in err
    assert "'all' stands alone" in err and "sat,cpsat" in err


def test_time_limit_and_stats_reach_the_records():
    out = io.StringIO()
    run_batch(dataset_lines("top1465.txt", limit=5), out,
              BatchOptions(unique=True, stats=True, time_limit=60))
    got = records(out.getvalue())
    assert all(r["status"] == "unique" and r["stats"]["propagations"] > 0 for r in got)


@pytest.mark.parametrize("unique", [False, True])
def test_written_lines_are_exactly_the_one_writers_records(unique):
    from sudoku_cp.formats.records import dumps, record
    from sudoku_cp.tasks.batch import Worker, solve_items

    lines = [t for t, s in mixed_lines() if s] + dataset_lines("serg-benchmark.txt", limit=3)
    items = [(k, k + 1, text) for k, text in enumerate(lines)]
    options = BatchOptions(unique=unique)
    texts = list(solve_items(options, items))
    worker = Worker(options)
    results = [worker.result(*item) for item in items]
    worker.close()
    for text, result in zip(texts, results):  # the same record, timings aside
        result.time_s = json.loads(text)["time_s"]
        assert text == dumps(record(result))
        assert text == dumps(json.loads(text))  # the same spelling as json.dumps of the parsed record


def test_a_36x36_grid_goes_through_the_one_shot_path(rng):
    rows = random_solved_rows(6, 6, rng)
    puzzle = Board.from_rows(blank_out(rows, 0.6, rng))
    out = io.StringIO()
    run_batch([format_line(puzzle)], out, BatchOptions(unique=True))
    rec, = records(out.getvalue())
    assert rec["size"] == 36 and rec["status"] in ("unique", "multiple")
    digits = [int(d) for d in rec["solution"].split(",")]
    assert rules_hold([digits[r * 36:(r + 1) * 36] for r in range(36)], 6, 6)
    assert all(g in (0, d) for g, d in zip(puzzle.cells, digits))


@pytest.mark.parametrize("backend", ["sat", "sat:minisat22"])
def test_propagation_first_gives_the_same_answers(backend):
    lines = [t for t, s in mixed_lines() if s and "|" not in t] + [""]
    lines += dataset_lines("17clue-half.txt", limit=40, step=300)
    base, fast = io.StringIO(), io.StringIO()
    run_batch(lines, base, BatchOptions(unique=True))
    run_batch(lines, fast, BatchOptions(unique=True, backend=backend, propagate=True))

    def comparable(text):
        out = []
        for r in without_times(records(text)):
            r.pop("backend", None)
            if r["status"] == "multiple":
                r.pop("solution")
            out.append(r)
        return out

    assert comparable(fast.getvalue()) == comparable(base.getvalue())
    assert sum(r["status"] == "unique" for r in records(fast.getvalue())) >= 40


# --- the fast path against the plain one --------------------------------------------------------

COLLECTION_SAMPLES = [("top1465.txt", 37), ("17clue-half.txt", 997), ("serg-benchmark.txt", 401),
                      ("forum-hardest-1106.txt", 13)]  # (collection, step): 25 to 40 puzzles of each


def plain_record(index: int, text: str, unique: bool) -> dict:
    """The plain path's record: the puzzle alone, a fresh solver (no session), the one writer."""
    from sudoku_cp.backends import resolve
    from sudoku_cp.core.board import PuzzleError
    from sudoku_cp.core.results import Result, Status
    from sudoku_cp.formats.records import dumps, record
    from sudoku_cp.tasks.solving import answer

    try:
        board = parse_puzzle(text, first_line=index + 1)
    except PuzzleError as exc:
        result = Result(Status.ERROR, None, error=str(exc))
    else:
        result = answer(board, tuple(resolve("sat")), 2 if unique else 1, unique, None, None, False)
    result.index, result.line = index, index + 1
    return json.loads(dumps(record(result)))


@pytest.mark.parametrize("unique", [True, False])
def test_the_batch_path_gives_the_plain_paths_records(unique):
    """run_batch (one loaded solver, givens assumed, guarded blocking clauses) against each puzzle
    answered alone by a fresh solver: the same records on samples of every collection and on
    invalid, unsat, multiple and unparsable lines, timings aside; a multi-solution puzzle may
    show another of its solutions, which the independent checker then accepts."""
    lines = [t for t, s in mixed_lines() if s and "|" not in t]
    for name, step in COLLECTION_SAMPLES:
        lines += dataset_lines(name, step=step)
    out = io.StringIO()
    summary = run_batch(lines, out, BatchOptions(unique=unique))
    got = without_times(records(out.getvalue()))
    want = without_times([plain_record(k, text, unique) for k, text in enumerate(lines)])
    assert len(got) == len(want) == len(lines) > 120 and summary.failures == 0
    statuses = {r["status"] for r in want}
    assert statuses == ({"unique", "multiple", "invalid", "unsat", "error"} if unique
                        else {"solved", "invalid", "unsat", "error"})
    for fast, plain in zip(got, want):
        if fast["status"] in ("multiple", "solved") and fast["solution"] != plain["solution"]:
            # two different checked solutions: the puzzle has several, either may be shown
            puzzle = parse_puzzle(fast["puzzle"])
            assert checker(puzzle.rules).problems(parse_puzzle(fast["solution"]), puzzle) == []
            fast = dict(fast, solution=plain["solution"])
        assert fast == plain
