"""Certified answers (--certify, --proof): real DRAT proofs checked by dratify, tampered ones refused."""

from __future__ import annotations

import json
import os
import time

import dratify
import pytest
from gridgen import dataset_lines

from sudoku_cp.backends import Deadline, Refutation, make
from sudoku_cp.backends.sat import SatBackend
from sudoku_cp.cli import main
from sudoku_cp.core.results import Status
from sudoku_cp.examples import classic
from sudoku_cp.formats.text import format_line, parse_puzzle
from sudoku_cp.model.dimacs import write_dimacs
from sudoku_cp.tasks.certify import ProofRefused, certify, check_refutation
from sudoku_cp.tasks.solving import solve

CLASSIC = format_line(classic())
UNSAT_4 = "12....3...4....."  # r1c3 can hold no digit
MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
HARD = dataset_lines("top1465.txt", limit=1)[0]  # a proof with conflicts, so with lemmas that matter


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def contradicting(puzzle: str) -> str:
    """A unique puzzle plus one given that differs from its solution and repeats no given: unsat."""
    board = parse_puzzle(puzzle)
    solution = solve(board).solution
    n = board.size
    for i, given in enumerate(board.cells):
        if given:
            continue
        r, c = divmod(i, n)
        taken = {board.cells[j] for j in board.rules.peers[i]}
        for digit in range(1, n + 1):
            if digit != solution.cells[i] and digit not in taken:
                return format_line(board.with_givens([(r, c, digit)]))
    raise AssertionError(f"no contradicting given fits {puzzle}")


def steps(proof: str) -> list[str]:
    return proof.splitlines()


def refused(refutation: Refutation, proof_lines: list[str]) -> bool:
    try:
        check_refutation(Refutation(refutation.cnf, "\n".join(proof_lines) + "\n", 0, "tampered"))
    except ProofRefused:
        return True
    return False


@pytest.fixture(scope="module")
def hard_unique():
    """The first top1465 puzzle, its solution and the real proof of 'no other solution'."""
    board = parse_puzzle(HARD)
    result = solve(board, unique=True)
    assert result.status is Status.UNIQUE
    refutation = make("sat").refute(board, result.solution)
    assert check_refutation(refutation).kind == "drat"
    return board, result, refutation


# -- the API ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("puzzle, unique, status, kind", [
    (CLASSIC, True, Status.UNIQUE, "drat"),
    (UNSAT_4, True, Status.UNSAT, "drat"),
    (MULTI, True, Status.MULTIPLE, "two-solutions"),
    (CLASSIC, False, Status.SOLVED, "solution"),
])
def test_each_answer_gets_its_kind_of_certificate(puzzle, unique, status, kind):
    result = solve(parse_puzzle(puzzle), unique=unique)
    done = certify(result, [make("sat")])
    assert result.status is status
    assert result.certificate is done.certificate and done.certificate.kind == kind
    if kind == "drat":
        assert done.certificate.checker == f"dratify {dratify.__version__} (python)"
        added = [s for s in steps(done.refutation.proof) if not s.startswith("d")]
        assert done.certificate.lemmas == len(added)
    else:
        assert done.refutation is None and done.certificate.lemmas is None


def test_the_checked_formula_is_the_simplified_export_plus_differs(hard_unique):
    board, result, refutation = hard_unique
    backend = make("sat")
    cnf = backend.certified_formula(board, result.solution)
    assert cnf.families[-1].name == "differs"
    clauses = dratify.parse_dimacs(refutation.cnf, strict=True).clauses
    assert len(clauses) == cnf.num_clauses  # the DIMACS text holds exactly these clauses
    header = [line for line in refutation.cnf.splitlines() if line.startswith("p ")]
    assert header == [f"p cnf {cnf.nvars} {cnf.num_clauses}"]
    body = [line for line in refutation.cnf.splitlines() if not line.startswith(("c", "p"))]
    assert body == [" ".join(map(str, c + [0])) for c in cnf.clauses]


def test_a_backend_without_proofs_leaves_unique_uncertified_and_says_so():
    for name in ("cpsat", "dfs", "sat:minisat22"):
        result = solve(classic(), name, unique=True)
        done = certify(result, [make(name)])
        assert done.certificate is None and result.certificate is None
        assert "cannot give a checkable proof" in done.note
    assert not make("sat", amo="native").can("proof")


def test_a_cross_check_takes_its_proof_from_the_sat_member():
    result = solve(classic(), "cpsat,sat", unique=True)
    assert certify(result, [make("cpsat"), make("sat:glucose4")]).refutation.solver == "sat:glucose4"


# -- tampering: every damaged proof is refused ------------------------------------------------------

def test_dropping_a_lemma_the_refutation_needs_is_refused(hard_unique):
    _, _, refutation = hard_unique
    lines = steps(refutation.proof)
    lemmas = [i for i, s in enumerate(lines) if not s.startswith("d") and s != "0"]
    assert len(lemmas) > 20
    needed = [i for i in lemmas[:60] if refused(refutation, lines[:i] + lines[i + 1:])]
    assert needed, "no lemma among the first 60 is needed: the tamper test would prove nothing"
    assert not refused(refutation, lines)  # the untouched proof passes


def test_a_changed_literal_is_refused(hard_unique):
    _, _, refutation = hard_unique
    lines = steps(refutation.proof)
    first = next(i for i, s in enumerate(lines) if not s.startswith("d") and s != "0")
    lits = lines[first].split()
    changed = lines[:first] + [" ".join([str(-int(lits[0]))] + lits[1:])] + lines[first + 1:]
    assert refused(refutation, changed)


def test_a_truncated_proof_is_refused(hard_unique):
    _, _, refutation = hard_unique
    lines = steps(refutation.proof)
    end = lines.index("0")  # the empty clause
    assert refused(refutation, lines[:end])
    assert refused(refutation, lines[: end // 2])
    assert refused(refutation, [])


def test_a_proof_for_a_different_puzzle_is_refused(hard_unique):
    _, _, refutation = hard_unique
    other = parse_puzzle(dataset_lines("top1465.txt", limit=2)[1])
    other_result = solve(other, unique=True)
    other_cnf = make("sat").refute(other, other_result.solution).cnf
    with pytest.raises(ProofRefused, match="refused by dratify"):
        check_refutation(Refutation(other_cnf, refutation.proof, refutation.lemmas, "sat"))


def test_unreadable_text_is_refused_not_a_traceback():
    good = make("sat").refute(parse_puzzle(UNSAT_4))
    with pytest.raises(ProofRefused):
        check_refutation(Refutation(good.cnf, "1 x 0\n", 1, "garbled"))
    with pytest.raises(ProofRefused):  # a header that does not match the clauses
        check_refutation(Refutation(good.cnf.replace("p cnf 64 ", "p cnf 64 9"), good.proof, 1, "garbled"))


@pytest.fixture
def tampering(monkeypatch):
    """Make every proof of the sat backend lose its empty clause and the lemmas after the first."""
    real = SatBackend.refute

    def refute(self, board, solution=None):
        r = real(self, board, solution)
        kept = [s for s in steps(r.proof) if s != "0"][:1]
        return Refutation(r.cnf, "\n".join(kept) + "\n", r.lemmas, r.solver)

    monkeypatch.setattr(SatBackend, "refute", refute)


def test_the_cli_refuses_a_tampered_proof_with_exit_3(capsys, tampering):
    code, out, err = run(capsys, "solve", HARD, "--unique", "--certify")
    assert code == 3 and out == ""
    assert "CERTIFICATE REFUSED" in err and "never derives the empty clause" in err
    assert "step -1" not in err  # no step failed: the message names none
    unsat = contradicting(dataset_lines("top1465.txt", limit=2)[1])  # needs lemmas: UP alone fails
    code, out, err = run(capsys, "count", unsat, "--certify", "--json")
    record = json.loads(out)  # --json: one record per puzzle still, as for a disagreement
    assert code == 3 and "CERTIFICATE REFUSED" in err
    assert record["status"] == "error" and record["certificate"] is None
    assert record["error"].startswith("solver failure: certificate refused: ")
    code, out, _ = run(capsys, "count", UNSAT_4, "--certify", "--json")  # refuted by propagation
    assert code == 1 and json.loads(out)["certificate"]["kind"] == "drat"  # alone: any proof does
    code, out, _ = run(capsys, "solve", CLASSIC, "--certify", "--json")  # solved: no proof needed
    assert code == 0 and json.loads(out)["certificate"]["kind"] == "solution"


def test_a_file_with_json_keeps_one_record_per_puzzle_when_a_proof_is_refused(capsys, tmp_path, tampering):
    path = tmp_path / "p.txt"
    path.write_text(f"{MULTI}\n{HARD}\n{CLASSIC}\n")
    code, out, err = run(capsys, "solve", "-f", str(path), "--unique", "--certify", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 3 and "puzzle 2 (line 2): CERTIFICATE REFUSED" in err
    assert [(r["line"], r["status"]) for r in records] == [(1, "multiple"), (2, "error"), (3, "unique")]
    assert "certificate refused" in records[1]["error"] and records[1]["puzzle"] == HARD
    assert records[2]["certificate"]["kind"] == "drat"  # UP alone refutes it: even the damaged proof does


def _drop_a_needed_lemma(refutation: Refutation) -> str:
    lines = steps(refutation.proof)
    for i, s in enumerate(lines):
        if not s.startswith("d") and s != "0" and refused(refutation, lines[:i] + lines[i + 1:]):
            return "\n".join(lines[:i] + lines[i + 1:]) + "\n"
    raise AssertionError("no lemma is needed: the tamper test would prove nothing")


def _change_a_literal(refutation: Refutation) -> str:
    lines = steps(refutation.proof)
    first = next(i for i, s in enumerate(lines) if not s.startswith("d") and s != "0")
    lits = lines[first].split()
    return "\n".join(lines[:first] + [" ".join([str(-int(lits[0]))] + lits[1:])] + lines[first + 1:]) + "\n"


def _another_puzzles_proof(refutation: Refutation) -> str:
    other = parse_puzzle(dataset_lines("top1465.txt", limit=2)[1])
    return SatBackend.refute.__wrapped__(make("sat"), other, solve(other).solution).proof


@pytest.mark.parametrize("tamper", [_drop_a_needed_lemma, _change_a_literal, _another_puzzles_proof])
def test_each_kind_of_tampered_proof_is_exit_3_on_the_command_line(capsys, monkeypatch, tamper):
    real = SatBackend.refute

    def refute(self, board, solution=None):
        r = real(self, board, solution)
        return Refutation(r.cnf, tamper(r), r.lemmas, r.solver)

    refute.__wrapped__ = real
    monkeypatch.setattr(SatBackend, "refute", refute)
    code, out, err = run(capsys, "solve", HARD, "--unique", "--certify")
    assert code == 3 and out == "" and "CERTIFICATE REFUSED" in err and "refused by dratify" in err
    assert len(err.strip().splitlines()) == 1


def test_a_deadline_that_passes_before_the_proof_is_checked_makes_the_answer_unknown():
    result = solve(parse_puzzle(CLASSIC), unique=True)
    done = certify(result, [make("sat")], Deadline(0))
    assert done.timed_out and done.certificate is None and result.certificate is None
    assert result.status is Status.UNKNOWN and result.complete is False and result.exit_code == 4
    assert done.note == "uncertified: the time limit ended the work before the proof of 'unique' was checked"


@pytest.fixture
def slow_proofs(monkeypatch):
    """Make every proof of the sat backend take 20 s: only the time limit can end it sooner."""
    real = SatBackend.refute

    def refute(self, board, solution=None):
        time.sleep(20)
        return real(self, board, solution)

    monkeypatch.setattr(SatBackend, "refute", refute)


def test_the_time_limit_bounds_the_certification_too(capsys, tmp_path, slow_proofs):
    code, out, err = run(capsys, "solve", CLASSIC, "--unique", "--certify", "--time-limit", "1", "--json")
    record = json.loads(out)
    assert code == 4 and record["status"] == "unknown" and record["certificate"] is None
    assert record["solution"] is not None  # the checked solution is kept; 'unique' was not proved in time
    assert "before the proof of 'unique' was checked" in err
    path = tmp_path / "p.txt"
    path.write_text(f"{UNSAT_4}\n{MULTI}\n")
    code, out, _ = run(capsys, "batch", str(path), "--unique", "--certify", "--time-limit", "1")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0  # batch: 'unknown' records are a done command, as for a search the limit ended
    assert [(r["status"], r["certificate"] and r["certificate"]["kind"]) for r in records] == \
        [("unknown", None), ("multiple", "two-solutions")]


def test_batch_writes_an_error_record_for_a_refused_proof(capsys, tmp_path, tampering):
    path = tmp_path / "p.txt"
    path.write_text(f"{HARD}\n{MULTI}\n")
    code, out, err = run(capsys, "batch", str(path), "--unique", "--certify")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 3
    assert records[0]["status"] == "error" and "certificate refused" in records[0]["error"]
    assert records[1]["status"] == "multiple" and records[1]["certificate"]["kind"] == "two-solutions"


def test_a_wrong_unique_claim_is_refused(capsys, monkeypatch):
    """A backend that says 'unique' for a puzzle with two solutions: the prover finds the other."""
    from sudoku_cp.tasks import solving

    real = solving.answer

    def lying(board, *args, **kwargs):
        result = real(board, *args, **kwargs)
        result.status = Status.UNIQUE if result.status is Status.MULTIPLE else result.status
        return result

    monkeypatch.setattr(solving, "answer", lying)
    code, _, err = run(capsys, "solve", MULTI, "--unique", "--certify")
    assert code == 3 and "satisfiable: the claim is wrong" in err


# -- the command line -------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, code, status, kind", [
    (["solve", CLASSIC, "--unique"], 0, "unique", "drat"),
    (["count", contradicting(CLASSIC)], 1, "unsat", "drat"),
    (["count", MULTI], 1, "multiple", "two-solutions"),
    (["solve", CLASSIC], 0, "solved", "solution"),
    (["explain", UNSAT_4], 1, "unsat", "drat"),
    (["explain", MULTI], 1, "multiple", "two-solutions"),
])
def test_certified_answers_through_the_cli(capsys, argv, code, status, kind):
    got, out, _ = run(capsys, *argv, "--certify", "--json")
    record = json.loads(out)
    assert got == code and record["status"] == status
    assert record["certificate"]["kind"] == kind and record["certificate"]["check_s"] >= 0
    got, out, _ = run(capsys, *argv, "--certify")
    assert got == code and "certified: " in out


def test_without_certify_the_key_is_null(capsys):
    _, out, _ = run(capsys, "solve", CLASSIC, "--unique", "--json")
    assert json.loads(out)["certificate"] is None


def test_uncertified_backend_says_so(capsys):
    code, out, err = run(capsys, "solve", CLASSIC, "--unique", "--certify", "--backend", "dfs", "--json")
    assert code == 0 and json.loads(out)["certificate"] is None
    assert "uncertified: dfs cannot give a checkable proof" in err
    code, out, _ = run(capsys, "solve", CLASSIC, "--unique", "--certify", "--backend", "dfs")
    assert "uncertified: dfs cannot give a checkable proof" in out


def test_an_invalid_puzzle_is_not_called_uncertified(capsys):
    """Duplicate givens prove 'invalid' by themselves: no solver, no proof, nothing left uncertified."""
    code, out, _ = run(capsys, "solve", "11" + "." * 14, "--certify")
    assert code == 1 and "two 1s in row 1 (r1c1, r1c2)" in out
    assert "no proof needed: the duplicate givens listed are checkable by eye" in out
    assert "uncertified" not in out


def test_proof_dir_holds_the_exact_files_that_were_checked(capsys, tmp_path):
    proofs = tmp_path / "proofs"
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"# two claims\n{CLASSIC}\n{contradicting(CLASSIC)}\n{MULTI}\n")
    code, out, _ = run(capsys, "count", "-f", str(puzzles), "--proof", str(proofs), "--json")
    assert code == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records] == ["unique", "unsat", "multiple"]
    names = sorted(os.listdir(proofs))
    assert names == ["README.txt", "puzzle-2-unique.cnf", "puzzle-2-unique.drat",
                     "puzzle-3-unsat.cnf", "puzzle-3-unsat.drat"]
    assert "drat-trim NAME.cnf NAME.drat" in (proofs / "README.txt").read_text()
    for stem, record in (("puzzle-2-unique", records[0]), ("puzzle-3-unsat", records[1])):
        cnf = (proofs / f"{stem}.cnf").read_text()
        proof = (proofs / f"{stem}.drat").read_text()
        assert dratify.check_proof(dratify.parse_dimacs(cnf, strict=True), proof).ok
        assert record["certificate"]["lemmas"] == sum(1 for s in proof.splitlines() if not s.startswith("d"))
    board = parse_puzzle(CLASSIC)
    unique_cnf = make("sat").certified_formula(board, solve(board).solution)
    assert (proofs / "puzzle-2-unique.cnf").read_text().splitlines()[-unique_cnf.num_clauses:] == \
        write_dimacs(unique_cnf).splitlines()[-unique_cnf.num_clauses:]


def test_proof_dir_that_is_a_file_is_a_usage_error(capsys, tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("")
    code, out, err = run(capsys, "solve", CLASSIC, "--proof", str(taken))
    assert code == 2 and out == "" and "is a file: expected a directory" in err
    assert len(err.strip().splitlines()) == 1


def test_batch_certifies_every_record_and_writes_proofs(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{CLASSIC}\n{UNSAT_4}\n{MULTI}\nnot a puzzle\n")
    code, out, _ = run(capsys, "batch", str(path), "--unique", "--certify", "--proof", str(tmp_path / "d"))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(r["status"], r["certificate"] and r["certificate"]["kind"]) for r in records] == \
        [("unique", "drat"), ("unsat", "drat"), ("multiple", "two-solutions"), ("error", None)]
    assert sorted(os.listdir(tmp_path / "d")) == ["README.txt", "puzzle-1-unique.cnf", "puzzle-1-unique.drat",
                                                  "puzzle-2-unsat.cnf", "puzzle-2-unsat.drat"]


# -- samples of the full runs (bench/bench_certify.py runs them whole) ---------------------

def test_samples_of_each_kind_are_all_certified():
    sat = [make("sat")]
    kinds = {"unique": dataset_lines("top1465.txt", limit=8, step=180),
             "multiple": dataset_lines("serg-benchmark.txt", limit=8, step=1000),
             "unsat": [contradicting(p) for p in dataset_lines("top1465.txt", limit=8, step=177)]}
    for status, puzzles in kinds.items():
        for puzzle in puzzles:
            result = solve(parse_puzzle(puzzle), unique=True)
            assert result.status.value == status, puzzle
            assert certify(result, sat).certificate is not None, puzzle
