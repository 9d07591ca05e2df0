"""``sudoku-cp encode`` and the --encoding/--amo options of solve and count, through ``main``."""

from __future__ import annotations

import json

import pytest

from sudoku_cp.cli import main
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import encode_puzzle, encode_simplified, var
from sudoku_cp.model.dimacs import DimacsError, read_dimacs, write_dimacs

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_dimacs_export_reads_back_to_the_same_clauses(tmp_path):
    out = tmp_path / "p.cnf"
    assert main(["encode", PUZZLE, "--encoding", "augmented", "--amo", "ladder", "-o", str(out)]) == 0
    text = out.read_text()
    parsed = read_dimacs(text)
    cnf = encode_puzzle(parse_puzzle(PUZZLE), "augmented", "ladder")
    assert (parsed.nvars, parsed.clauses) == (cnf.nvars, cnf.clauses)
    assert f"puzzle {PUZZLE}" in parsed.comments
    # each family's documented first clause is where that family starts
    for family in cnf.families:
        line = next(c for c in parsed.comments if c.startswith(family.name + " "))
        first = int(line.split("clauses ")[1].split("..")[0])
        assert parsed.clauses[first - 1] == cnf.clauses[family.start]
    assert 'cell variable "rRcC holds d": v = ((R-1)*9 + (C-1))*9 + d, for v in 1..729' in parsed.comments


def test_numbering_comment_is_a_working_formula():
    text = write_dimacs(encode_puzzle(parse_puzzle("." * 36, box=(2, 3))), "complete", "pairwise")
    assert 'cell variable "rRcC holds d": v = ((R-1)*6 + (C-1))*6 + d, for v in 1..216' in text
    assert "inverse: d = (v-1) % 6 + 1, C = (v-1) // 6 % 6 + 1, R = (v-1) // 36 + 1" in text
    for v in (1, 77, 216):  # the comment's formulas, evaluated; R, C are 1-based, var() 0-based
        d, C, R = (v - 1) % 6 + 1, (v - 1) // 6 % 6 + 1, (v - 1) // 36 + 1
        assert ((R - 1) * 6 + (C - 1)) * 6 + d == v
        assert var(6, R - 1, C - 1, d) == v
    assert "e.g. v = 1 is r1c1 holds 1, v = 9 is r1c2 holds 3, v = 216 is r6c6 holds 6" in text


def test_native_export_is_cnf_plus(tmp_path):
    out = tmp_path / "n.cnf"
    assert main(["encode", "." * 16, "--encoding", "complete", "--amo", "native", "-o", str(out)]) == 0
    parsed = read_dimacs(out.read_text())
    assert out.read_text().count("\np cnf+ 64 ") == 1
    assert len(parsed.atmosts) == 16 + 48 and all(k == 1 for _, k in parsed.atmosts)
    assert len(parsed.clauses) == 16 + 48


def test_stats_json_matches_the_formula(capsys):
    assert main(["encode", PUZZLE, "--encoding", "minimal", "--format", "stats", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    givens = sum(ch != "." for ch in PUZZLE)
    assert record["clauses"] == 81 + 27 * 9 * 36 + givens
    assert record["variables"] == record["cell_variables"] == 729
    assert [f["name"] for f in record["families"]] == ["cell-alo", "unit-amo", "givens"]
    assert record["families"][1]["literals"] == 2 * 27 * 9 * 36


def test_stats_for_many_puzzles_and_simplified(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(PUZZLE + "\n" + "." * 81 + "\n")
    assert main(["encode", "-f", str(path), "--format", "stats", "--json", "--simplify"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["index"] for r in records] == [0, 1]
    assert records[0]["clauses"] == encode_simplified(parse_puzzle(PUZZLE)).num_clauses
    assert records[1]["clauses"] == 11988
    assert main(["encode", "-f", str(path)]) == 2
    assert "writes one puzzle" in capsys.readouterr().err


def test_cpsat_export(capsys):
    assert main(["encode", PUZZLE, "--format", "cpsat"]) == 0
    text = capsys.readouterr().out
    assert text.count("all_diff {") == 27


def test_bad_encoding_and_amo_are_usage_errors(capsys):
    assert main(["encode", PUZZLE, "--encoding", "extended"]) == 2
    assert "unknown encoding 'extended'" in capsys.readouterr().err
    assert main(["encode", PUZZLE, "--amo", "pairs"]) == 2
    assert "unknown at-most-one encoding 'pairs'" in capsys.readouterr().err


def test_count_and_solve_take_encoding_options(capsys):
    assert main(["count", "." * 16, "--limit", "500", "--encoding", "augmented", "--amo", "bitwise",
                 "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert (record["count"], record["complete"]) == (288, True)
    assert record["stats"]["variables"] > 128  # triads and bitwise auxiliaries were in the formula
    assert main(["solve", PUZZLE, "--encoding", "minimal", "--backend", "sat,cpsat", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "solved"
    assert main(["solve", PUZZLE, "--encoding", "minimal", "--backend", "cpsat"]) == 2
    assert "--encoding applies to the sat and external backends only" in capsys.readouterr().err
    assert main(["count", "." * 16, "--amo", "native", "--backend", "sat:minicard", "--limit", "300"]) == 1
    assert "exactly 288 solutions" in capsys.readouterr().out
    assert main(["solve", PUZZLE, "--amo", "native"]) == 2
    assert "sat:minicard" in capsys.readouterr().err


def test_dimacs_reader_names_the_line():
    with pytest.raises(DimacsError, match="line 3: 'x' is not a literal"):
        read_dimacs("c hi\np cnf 2 1\n1 x 0\n")
    with pytest.raises(DimacsError, match="line 2: literal 3 is beyond the 2 variables"):
        read_dimacs("p cnf 2 1\n1 3 0\n")
    with pytest.raises(DimacsError, match="declares 2 clauses, the file holds 1"):
        read_dimacs("p cnf 2 2\n1 2 0\n")
    with pytest.raises(DimacsError, match="no 'p cnf"):
        read_dimacs("c only comments\n")
    assert read_dimacs("p cnf 3 1\n1 -2\n 3 0\n").clauses == [[1, -2, 3]]
