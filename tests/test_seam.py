"""The solver seam: a backend that can only count, registered here and nowhere else, is accepted by
every command that takes a backend; the steps it cannot do go to a capable backend."""

from __future__ import annotations

import json

import pytest

from sudoku_cp import api
from sudoku_cp.backends import REGISTRY, Backend, Entry, Unsupported, capable, make, resolve
from sudoku_cp.cli import main
from sudoku_cp.core.board import Shape
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
UNSAT = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO = "12..34....12...."  # a 4x4 with two solutions


class ToyBackend(Backend):
    """Counts by asking dfs, and can do nothing else."""

    def __init__(self, option=None):
        self.name = "toy"
        self.calls = 0

    def count(self, board, limit, time_limit=None):
        type(self).calls += 1
        return make("dfs").count(board, limit, time_limit)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(REGISTRY, "toy", Entry(ToyBackend, "test only"))
    ToyBackend.calls = 0
    return ToyBackend


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_the_toy_can_only_count(toy):
    backend = make("toy")
    assert backend.capabilities == frozenset() and not backend.can("core")
    with pytest.raises(Unsupported, match="backend toy cannot solve under assumptions"):
        backend.session(parse_puzzle(CLASSIC).rules)
    assert capable(resolve("toy"), "core").name.startswith("sat")
    assert capable(resolve("cpsat"), "core").name == "cpsat"


def test_cli_solve_and_count(toy, capsys):
    code, out, _ = run(capsys, "solve", CLASSIC, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["backend"] == "toy"
    assert is_solution(parse_puzzle(data["solution"]), parse_puzzle(CLASSIC))
    code, out, _ = run(capsys, "count", TWO, "--backend", "toy", "--limit", "5", "--json")
    data = json.loads(out)
    assert code == 1 and (data["status"], data["count"], data["complete"]) == ("multiple", 2, True)
    code, out, _ = run(capsys, "solve", UNSAT, "--backend", "toy,sat")  # cross-checked
    assert code == 1
    assert toy.calls >= 3


def test_cli_explain(toy, capsys):
    code, out, _ = run(capsys, "explain", UNSAT, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "unsat" and data["backend"] == "toy"
    assert [0, 2, 1] in data["core"]  # the core comes from a capable backend (sat), re-checked
    code, out, _ = run(capsys, "explain", TWO, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "multiple" and data["count"] == 2 and len(data["differences"]) == 4
    code, out, _ = run(capsys, "explain", CLASSIC, "--backend", "toy")
    assert code == 0 and out.startswith("unique")


def test_cli_repair(toy, capsys):
    code, out, _ = run(capsys, "repair", UNSAT, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unsat" and data["remove"] == [[0, 2, 1]]
    assert is_solution(parse_puzzle(data["solution"]), parse_puzzle(data["repaired"]))
    code, out, _ = run(capsys, "repair", TWO, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "multiple" and len(data["add"]) == 1
    assert data["stats"]["verified_by"] == "toy"  # the chosen backend re-checks the sat oracle's work


def test_cli_minimize(toy, capsys):
    code, out, _ = run(capsys, "minimize", CLASSIC, "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unique" and data["backend"] == "toy"
    minimal = parse_puzzle(data["minimal"])
    assert api.count(minimal, 2, "dfs").status is Status.UNIQUE
    assert len(minimal.givens()) < len(parse_puzzle(CLASSIC).givens())
    code, _, _ = run(capsys, "minimize", TWO, "--backend", "toy")
    assert code == 1


def test_cli_generate_verified_by_the_toy(toy, capsys):
    code, out, _ = run(capsys, "generate", "--size", "4", "--seed", "3", "--backend", "toy", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unique" and data["backend"] == "toy"
    assert api.count(parse_puzzle(data["puzzle"]), 2, "cpsat").status is Status.UNIQUE
    assert toy.calls == 1


def test_python_api(toy):
    board = parse_puzzle(CLASSIC)
    assert api.solve(board, backend="toy").status is Status.SOLVED
    assert api.count(parse_puzzle(TWO), 10, backend="toy").count == 2
    explained = api.explain(parse_puzzle(UNSAT), backend="toy")
    assert explained.status is Status.UNSAT and (0, 2, 1) in explained.core
    repaired = api.repair(parse_puzzle(TWO), backend="toy")
    assert repaired.status is Status.MULTIPLE and repaired.stats["verified_by"] == "toy"
    minimized = api.minimize(board, backend="toy")
    assert minimized.status is Status.UNIQUE and minimized.minimal is not None
    [made] = api.generate(Shape(2, 2), seed=4, verify_backend="toy")
    assert made.verified_by == "toy" and is_solution(made.solution, made.puzzle)
    # and a backend object, not a name, works too
    assert api.explain(board, backend=make("toy")).status is Status.UNIQUE


def test_cli_batch_and_bench(toy, capsys, tmp_path):
    src = tmp_path / "in.txt"
    src.write_text(f"{CLASSIC}\n{UNSAT}\n{TWO}\nnot a puzzle\n")
    out = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "batch", str(src), "-o", str(out), "--backend", "toy", "--unique")
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 0 and [r["status"] for r in records] == ["unique", "unsat", "multiple", "error"]
    assert [r["backend"] for r in records[:3]] == ["toy"] * 3 and toy.calls >= 3
    code, _, _ = run(capsys, "batch", str(src), "-o", str(out), "--backend", "toy,sat", "--unique")
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 0 and [r["status"] for r in records] == ["unique", "unsat", "multiple", "error"]
    assert [b["backend"] for b in records[0]["backends"]] == ["toy", "sat:cadical195"]
    good = tmp_path / "good.txt"
    good.write_text(f"{CLASSIC}\n{UNSAT}\n")
    code, out_text, _ = run(capsys, "bench", str(good), "--backend", "toy,dfs", "--warmup", "0")
    rows = {line.split()[0]: line.split() for line in out_text.splitlines()[2:]}
    assert code == 0 and set(rows) == {"toy", "dfs"}
    assert rows["toy"][1:5] == rows["dfs"][1:5] == ["2", "1", "0", "1"]  # puzzles, solved, multiple, unsat


def test_register_adds_a_backend_and_refuses_names_that_cannot_be_typed(monkeypatch, capsys):
    from sudoku_cp import backends
    from sudoku_cp.backends import BackendError, register

    monkeypatch.setattr(backends, "REGISTRY", dict(REGISTRY))
    register("toy-2", Entry(ToyBackend, "test only"))
    code, out, _ = run(capsys, "count", TWO, "--backend", "toy-2", "--limit", "5", "--json")
    assert code == 1 and json.loads(out)["count"] == 2
    for taken in ("sat", "all", "toy-2"):
        with pytest.raises(BackendError, match=f"backend name '{taken}' is taken: expected a name other than"):
            register(taken, Entry(ToyBackend, "test only"))
    for bad in ("", "my solver", "toy:x", "a,b", " toy", "-x"):
        with pytest.raises(BackendError, match="is not a plain name: expected a letter or digit"):
            register(bad, Entry(ToyBackend, "test only"))
    assert set(backends.REGISTRY) == set(REGISTRY) | {"toy-2"}
