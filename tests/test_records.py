"""One JSON shape per command (issue 14): the same keys for every status, one JSON type per key;
and cross-checks that show every backend's own answer, time and counters."""

from __future__ import annotations

import json

import pytest

from sudoku_cp.cli import main
from sudoku_cp.formats.records import EXPLAIN_KEYS, RESULT_KEYS

CANDIDATE_KEYS = ("limit", "candidates", "counts", "undecided")  # what true candidates add to an answer

UNIQUE = "1.3....2.1..4..."
INVALID = "11" + "." * 14
UNSAT = "12....3........4"
MULTIPLE = "." * 16
BROKEN = "xyz"  # not a puzzle: an error record
EXPIRED = "1e-9"  # a time limit over before any solver starts: unknown


def _type(value) -> str:
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "array",
            dict: "object"}[type(value)]


def _records(capsys, argv) -> list[dict]:
    main(argv)
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([UNIQUE, INVALID, BROKEN, MULTIPLE, UNSAT]) + "\n")
    return str(path)




def _runs(command: str, mixed: str, tmp_path) -> list[list[str]]:
    runs = [[command, "--json", "-f", mixed]]
    if command != "validate":
        runs.append([command, "--json", "--time-limit", EXPIRED, UNIQUE])  # unknown
    if command in ("solve", "count", "explain", "candidates"):
        runs.append([command, "--json", "--backend", "sat,dfs", "-f", mixed])  # cross-checked
    if command == "solve":
        runs.append([command, "--json", "--unique", "-f", mixed])
    if command == "explain":
        runs.append([command, "--json", "--steps", "-f", mixed])
    return runs


@pytest.mark.parametrize("command", ["validate", "solve", "count", "explain", "repair", "minimize", "candidates"])
def test_answers_have_one_key_set_and_one_type_per_key_for_every_status(command, mixed, tmp_path, capsys):
    records = [r for argv in _runs(command, mixed, tmp_path) for r in _records(capsys, argv)]
    statuses = {r["status"] for r in records}
    assert {"invalid", "error"} <= statuses
    if command != "validate":
        assert "unknown" in statuses and ({"unsat"} <= statuses or command == "repair")
    expected = RESULT_KEYS + (EXPLAIN_KEYS if command in ("explain", "repair", "minimize") else
                              CANDIDATE_KEYS if command == "candidates" else ())
    for r in records:
        assert tuple(r) == expected, (r["status"], set(expected) ^ set(r))
    for key in expected:
        types = {_type(r[key]) for r in records if r[key] is not None}
        assert len(types) <= 1, (command, key, types)


def test_solve_and_count_cover_the_answer_statuses(mixed, capsys):
    solved = {r["status"] for r in _records(capsys, ["solve", "--json", "-f", mixed])}
    counted = {r["status"] for r in _records(capsys, ["count", "--json", "-f", mixed])}
    assert solved == {"solved", "invalid", "unsat", "error"}
    assert counted == {"unique", "multiple", "invalid", "unsat", "error"}
    assert {r["status"] for r in _records(capsys, ["validate", "--json", "-f", mixed])} == {"valid", "invalid", "error"}


def test_generate_records_have_the_explanation_keys_and_minimal_is_a_puzzle_or_null(capsys):
    minimal, = _records(capsys, ["generate", "--size", "4", "--seed", "1", "--json", "--difficulty"])
    stopped, = _records(capsys, ["generate", "--size", "4", "--seed", "1", "--json", "--clues", "8"])
    assert tuple(minimal) == tuple(stopped) == RESULT_KEYS + EXPLAIN_KEYS + ("clues", "seed")
    assert minimal["minimal"] == minimal["puzzle"] and stopped["minimal"] is None  # as in minimize: a puzzle
    assert isinstance(minimal["difficulty"], dict) and stopped["difficulty"] is None
    assert minimal["status"] == "unique" and minimal["count"] == 1 and minimal["complete"] is True
    for key in minimal:
        assert len({_type(r[key]) for r in (minimal, stopped) if r[key] is not None}) <= 1, key


def test_minimize_and_generate_agree_on_the_type_of_minimal(capsys):
    made, = _records(capsys, ["generate", "--size", "4", "--seed", "2", "--json"])
    done, = _records(capsys, ["minimize", "--json", made["puzzle"]])
    assert isinstance(made["minimal"], str) and isinstance(done["minimal"], str)


def test_encode_stats_records_and_their_errors_have_one_key_set(mixed, capsys):
    many = _records(capsys, ["encode", "--format", "stats", "--json", "-f", mixed])
    one = _records(capsys, ["encode", "--format", "stats", "--json", UNIQUE])
    assert [r["status"] for r in many] == [None, None, "error", None, None]
    keys = {tuple(r) for r in many + one}
    assert len(keys) == 1 and {"index", "line", "size", "box", "clauses", "families", "error"} <= set(keys.pop())
    assert (one[0]["index"], one[0]["line"], many[3]["index"], many[3]["line"]) == (None, None, 3, 4)
    assert many[2]["clauses"] is None and "expected" in many[2]["error"]
    for key in many[0]:
        assert len({_type(r[key]) for r in many + one if r[key] is not None}) <= 1, key


def test_analyze_per_puzzle_records_and_their_errors_have_one_key_set(mixed, capsys):
    records = _records(capsys, ["analyze", "--json", "--per-puzzle", "--no-speed", "-f", mixed])
    summary = records.pop()
    assert list(summary) == ["summary"]
    assert len({tuple(r) for r in records}) == 1 and len(records) == 5
    assert records[2]["status"] == "error" and records[2]["propagation"] is None
    assert all(r["status"] is None and r["propagation"] for r in records if r["index"] != 2)


def test_batch_records_have_one_key_set(mixed, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    records = []
    for extra in ([], ["--unique", "--backend", "sat,dfs"], ["--time-limit", EXPIRED]):
        assert main(["batch", mixed, "-o", str(out), *extra]) in (0, 1, 2, 4)
        records += [json.loads(line) for line in out.read_text().splitlines()]
        out.unlink()
    capsys.readouterr()
    assert {r["status"] for r in records} >= {"solved", "unique", "multiple", "unsat", "invalid", "error", "unknown"}
    assert {tuple(r) for r in records} == {RESULT_KEYS}
    for key in RESULT_KEYS:
        assert len({_type(r[key]) for r in records if r[key] is not None}) <= 1, key


# --- cross-checks: every backend's own answer ---------------------------------------------------


BACKEND_KEYS = {"backend", "status", "count", "complete", "time_s", "stats"}


@pytest.mark.parametrize("command", ["solve", "count", "explain"])
def test_a_cross_check_record_lists_each_backend(command, capsys):
    record, = _records(capsys, [command, "--json", "--backend", "sat,cpsat,dfs", MULTIPLE])
    entries = record["backends"]
    assert [e["backend"] for e in entries] == ["sat:cadical195", "cpsat", "dfs"]
    assert all(BACKEND_KEYS <= set(e) and e["status"] == record["status"] for e in entries)
    assert "propagations" in entries[0]["stats"] and entries[2]["stats"]["nodes"] > 0
    assert set(entries[1]["stats"]) >= {"conflicts", "branches"}  # CP-SAT's own counters
    assert record["stats"] is None  # counters belong to one solver: only in 'backends'
    # the answer's time is the wall time of the whole cross-check, not one backend's
    assert record["time_s"] >= sum(e["time_s"] for e in entries) - 1e-5  # (each rounded to a microsecond)


def test_cross_check_text_lists_each_backend_with_status_time_and_counters(capsys):
    assert main(["count", "--backend", "sat,dfs", MULTIPLE]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("multiple") and "backends agree" in lines[0]
    sat, dfs = lines[1].split(), lines[2].split()
    assert sat[:4] == ["sat:cadical195", "multiple", "count", ">="] and sat[5:7][1] == "s"
    assert any(w.startswith("propagations=") for w in sat)
    assert dfs[:2] == ["dfs", "multiple"] and any(w.startswith("nodes=") for w in dfs)
    header_time = float(lines[0].split("[")[1].split(",")[-1].split()[0])
    assert header_time >= float(sat[5]) + float(dfs[5]) - 0.002  # the whole cross-check (rounded to ms)


def test_a_disagreement_under_json_is_one_error_record_with_every_answer(monkeypatch, capsys):
    from sudoku_cp.backends import REGISTRY, Entry

    monkeypatch.setitem(REGISTRY, "liar", Entry("fakes:LiarBackend", "test only"))
    assert main(["solve", "--json", "--backend", "dfs,liar", UNIQUE]) == 3
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert tuple(record) == RESULT_KEYS and record["status"] == "error"
    assert "backends disagree" in record["error"] and [e["backend"] for e in record["backends"]] == ["dfs", "liar"]
    assert "DISAGREEMENT" in captured.err


def test_batch_cross_check_records_list_each_backend(tmp_path, capsys):
    src, out = tmp_path / "in.txt", tmp_path / "out.jsonl"
    src.write_text(f"{UNIQUE}\n{MULTIPLE}\n")
    assert main(["batch", str(src), "-o", str(out), "--unique", "--stats", "--backend", "sat,cpsat"]) == 0
    capsys.readouterr()
    for line in out.read_text().splitlines():
        record = json.loads(line)
        assert [e["backend"] for e in record["backends"]] == ["sat:cadical195", "cpsat"]
        assert all(BACKEND_KEYS <= set(e) and e["stats"] for e in record["backends"])
