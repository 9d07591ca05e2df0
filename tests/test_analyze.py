"""``analyze`` against values computed here: a naive unit propagation over the clause list, and
a plain singles solver (naked singles; naked + hidden singles) restated from the rules."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from gridgen import dataset_lines

from sudoku_cp.cli import main
from sudoku_cp.core.board import Shape
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import ENCODINGS, encode_rules, given_literals
from sudoku_cp.tasks.analyze import Propagator, analyse

SAMPLE = dataset_lines("17clue-half.txt", limit=12, step=997) + dataset_lines("top1465.txt", limit=6, step=211)


def naive_unit_propagation(clauses, units):
    """Assign the unit literals and propagate with occurrence lists: (ok, set of true literals)."""
    occurs = defaultdict(list)
    for i, clause in enumerate(clauses):
        for lit in clause:
            occurs[lit].append(i)
    value = {}
    queue = list(units)
    while queue:
        lit = queue.pop()
        if value.get(abs(lit)) is not None:
            if value[abs(lit)] != (lit > 0):
                return False, set()
            continue
        value[abs(lit)] = lit > 0
        for i in occurs[-lit]:  # clauses that just lost a literal
            open_lits, satisfied = [], False
            for other in clauses[i]:
                v = value.get(abs(other))
                if v is None:
                    open_lits.append(other)
                elif v == (other > 0):
                    satisfied = True
                    break
            if satisfied:
                continue
            if not open_lits:
                return False, set()
            if len(open_lits) == 1:
                queue.append(open_lits[0])
    return True, {v if t else -v for v, t in value.items()}


def singles(board, hidden: bool) -> int:
    """Cells known after naked singles (and hidden singles when asked), to a fixpoint."""
    n, shape = board.size, board.shape
    cand = {(r, c): ({board[r, c]} if board[r, c] else set(range(1, n + 1)))
            for r in range(n) for c in range(n)}
    units = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + i, bc + j) for i in range(shape.box_rows) for j in range(shape.box_cols)]
              for br in range(0, n, shape.box_rows) for bc in range(0, n, shape.box_cols)]
    changed = True
    while changed:
        changed = False
        for unit in units:
            for cell in unit:
                if len(cand[cell]) == 1:
                    for other in unit:
                        if other != cell and cand[cell] <= cand[other]:
                            cand[other] -= cand[cell]
                            changed = True
            if hidden:
                for d in range(1, n + 1):
                    places = [cell for cell in unit if d in cand[cell]]
                    if len(places) == 1 and len(cand[places[0]]) > 1:
                        cand[places[0]] = {d}
                        changed = True
    return sum(len(v) == 1 for v in cand.values())


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_propagation_matches_a_naive_unit_propagation(encoding):
    shape = Shape(3, 3)
    clauses = encode_rules(shape, encoding).clauses
    prop = Propagator(shape, encoding, "pairwise")
    try:
        for line in SAMPLE:
            board = parse_puzzle(line)
            ok, true_lits = naive_unit_propagation(clauses, given_literals(board))
            fixed = {(l - 1) // 9 for l in true_lits if 0 < l <= 729}
            got = prop.analyse(board)
            assert got.contradiction is (not ok)
            assert got.fixed == len(fixed)
            assert got.solved is (len(fixed) == 81)
    finally:
        prop.close()


def test_minimal_and_natural_do_naked_singles_complete_adds_hidden_singles():
    boards = [parse_puzzle(line) for line in SAMPLE]
    per_puzzle, _ = analyse(boards, [(e, "pairwise") for e in ENCODINGS], measure_speed=False)
    for board, (minimal, natural, complete, augmented) in zip(boards, per_puzzle):
        assert minimal.fixed == natural.fixed == singles(board, hidden=False)
        assert complete.fixed == singles(board, hidden=True)
        assert augmented.fixed >= complete.fixed


def test_augmented_performs_locked_candidates():
    """Pointing: box 1's rows 2-3 are full without a 1, so its 1 is in row 1, and no other cell of
    row 1 can hold 1. No 1 is given anywhere, so singles never remove 1 from r1c9."""
    board = parse_puzzle("........." "234......" "567......" + "." * 54)
    prop = {e: Propagator(board.shape, e, "pairwise") for e in ("complete", "augmented")}
    try:
        not_1 = (0, 8, -1)  # r1c9 is not 1
        ok_c, facts_c = prop["complete"].forced(board.givens())
        ok_a, facts_a = prop["augmented"].forced(board.givens())
        assert ok_c and ok_a
        assert not_1 not in facts_c
        assert not_1 in facts_a
    finally:
        for p in prop.values():
            p.close()


def test_probing_fixes_at_least_what_propagation_fixes():
    boards = [parse_puzzle(line) for line in SAMPLE[:4]]
    per_puzzle, summaries = analyse(boards, [("minimal", "pairwise"), ("complete", "pairwise")],
                                    probe=True, measure_speed=False)
    for rows in per_puzzle:
        for r in rows:
            assert r.probed_fixed >= r.fixed
    assert summaries[1].mean_probed_fixed >= summaries[0].mean_probed_fixed


def test_analyze_command_summary_matches_independent_counts(tmp_path, capsys):
    path = tmp_path / "sample.txt"
    path.write_text("# a sample\n" + "\n".join(SAMPLE) + "\n")
    code = main(["analyze", "-f", str(path), "--encoding", "minimal,complete", "--json", "--no-speed",
                 "--per-puzzle"])
    assert code == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == len(SAMPLE) + 1
    summary = records[-1]["summary"]
    boards = [parse_puzzle(line) for line in SAMPLE]
    naked = [singles(b, hidden=False) for b in boards]
    both = [singles(b, hidden=True) for b in boards]
    assert [s["encoding"] for s in summary] == ["minimal", "complete"]
    assert summary[0]["mean_fixed"] == pytest.approx(sum(naked) / len(boards), abs=1e-4)
    assert summary[1]["mean_fixed"] == pytest.approx(sum(both) / len(boards), abs=1e-4)
    assert summary[1]["solved"] == sum(k == 81 for k in both)
    assert summary[0]["clauses"] == 81 + 27 * 9 * 36
    for record, n1, n2 in zip(records, naked, both):
        assert [p["fixed"] for p in record["propagation"]] == [n1, n2]
        assert record["line"] == SAMPLE.index(record["puzzle"]) + 2


def test_analyze_table_and_errors(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(SAMPLE[0] + "\n" + "12" + "\n")
    code = main(["analyze", "-f", str(path), "--encoding", "augmented", "--amo", "pairwise,native"])
    out, err = capsys.readouterr()
    assert code == 2  # the bad line is reported, the rest analysed
    assert "line 2" in err
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["encoding", "amo", "vars", "clauses"]
    assert [l.split()[:2] for l in lines[1:]] == [["augmented", "pairwise"], ["augmented", "native"]]
    assert main(["analyze", SAMPLE[0], "--encoding", "bogus"]) == 2
    assert "unknown encoding 'bogus'" in capsys.readouterr().err
