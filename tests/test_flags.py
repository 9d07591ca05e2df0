"""Flags mean one thing in every command (issue 14, CONTRACT.md's options table).

``--limit`` counts solutions and ``--first N`` takes puzzles; ``--backend``/``--encoding`` are
spelt alike everywhere; ``--json`` is a switch; files are named by ``-o``/``--csv``/``--plot``/
``--svg``/``--html``/``--proof``; no output may be an input; old spellings are one-line errors.
"""

from __future__ import annotations

import json
import os

import pytest
from gridgen import dataset_lines

from sudoku_cp.cli import build_parser, main

EXIT_USAGE = 2
UNIQUE_4 = ["....3..44.31....", "23...4.......2.3", "....14.......23.", "....12....31...."]
BAD_LINE = "1 2 3"  # not a puzzle: reading it would be an 'error' record or exit 2


@pytest.fixture
def puzzles(tmp_path):
    """Four unique 4x4 puzzles, then a line that does not parse (read only past --first 4)."""
    path = tmp_path / "in.txt"
    path.write_text("# four puzzles, then a bad line\n" + "\n".join(UNIQUE_4 + [BAD_LINE]) + "\n")
    return path


def one_line_error(capsys) -> tuple[str, str]:
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return out, err


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


# -- old spellings: one line naming the new one, exit 2, nothing done ------------------------------


@pytest.mark.parametrize("argv, says", [
    (["analyze", "-f", "{in}", "--limit", "2"], "--limit counts solutions; use --first N for the first N puzzles"),
    (["bench", "{in}", "--limit", "2"], "--limit counts solutions; use --first N for the first N puzzles"),
    (["bench", "{in}", "--backends", "dfs"], "--backends is now --backend"),
    (["bench", "{in}", "--encodings", "minimal"], "--encodings is now --encoding"),
    (["generate", "--size", "4", "--verify-backend", "dfs"], "--verify-backend is now --backend"),
    (["bench", "{in}", "--json", "{out}"], "--json is a switch now"),
    (["bench", "--json", "{out}", "{in}"], "--json is a switch now"),
])
def test_an_old_spelling_is_one_line_naming_the_new_one(argv, says, puzzles, tmp_path, capsys):
    out_path = tmp_path / "out.json"
    assert main([a.format(**{"in": str(puzzles), "out": str(out_path)}) for a in argv]) == EXIT_USAGE
    out, err = one_line_error(capsys)
    assert says in err and out == ""
    assert not out_path.exists()
    if "--json" in argv:
        assert "--json -o FILE" in err


@pytest.mark.parametrize("argv, says", [
    (["solve", "{one}", "--encoding", "minimal,complete"], "solve takes one name here"),
    (["count", "{one}", "--amo", "pairwise,bitwise"], "count takes one name here"),
    (["encode", "{one}", "--encoding", "minimal,complete"], "encode takes one name here"),
    (["batch", "{in}", "--encoding", "minimal,complete"], "batch takes one name here"),
    (["batch", "{in}", "--amo", "nope"], "unknown at-most-one encoding 'nope'"),
    (["batch", "{in}", "--encoding", "cell-alo+nope"], "unknown encoding"),
])
def test_where_one_formula_is_built_a_comma_list_or_bad_name_is_refused(argv, says, puzzles, capsys):
    argv = [a.format(**{"in": str(puzzles), "one": UNIQUE_4[0]}) for a in argv]
    assert main(argv) == EXIT_USAGE
    out, err = one_line_error(capsys)
    assert says in err and out == ""


# -- --first N takes exactly N puzzles, and reads no further ---------------------------------------


@pytest.mark.parametrize("command", [
    ["validate", "--json"], ["solve", "--json"], ["count", "--json"], ["explain", "--json"],
    ["repair", "--json"], ["minimize", "--json"], ["encode", "--format", "stats", "--json"],
    ["analyze", "--no-speed", "--encoding", "minimal", "--per-puzzle", "--json"],
])
@pytest.mark.parametrize("first", [1, 3])
def test_first_takes_exactly_n_puzzles(command, first, puzzles, capsys):
    assert main([*command, "-f", str(puzzles), "--first", str(first)]) == 0  # the bad line is unread
    records = [r for r in json_lines(capsys.readouterr().out) if "summary" not in r]
    assert [r["index"] for r in records] == list(range(first))
    assert [r["line"] for r in records] == [k + 2 for k in range(first)]


def test_first_reads_standard_input_too(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(UNIQUE_4 + [BAD_LINE]) + "\n"))
    assert main(["validate", "-f", "-", "--first", "2", "--json"]) == 0
    assert len(json_lines(capsys.readouterr().out)) == 2


def test_without_first_the_whole_input_is_read(puzzles, capsys):
    assert main(["validate", "-f", str(puzzles), "--json"]) == EXIT_USAGE  # the bad line counts
    assert len(json_lines(capsys.readouterr().out)) == 5


@pytest.mark.parametrize("how", [["{in}"], ["-f", "{in}"]])
def test_batch_first_writes_one_record_per_puzzle_taken(how, puzzles, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    argv = ["batch", *[a.format(**{"in": str(puzzles)}) for a in how], "--first", "3", "--unique",
            "-o", str(out)]
    assert main(argv) == 0
    records = json_lines(out.read_text())
    assert [r["index"] for r in records] == [0, 1, 2]
    assert all(r["status"] == "unique" for r in records)
    summary = capsys.readouterr().out
    assert summary.startswith("3 puzzles (--first 3: the rest of the input was not read)")


def test_batch_first_with_resume_continues_up_to_n(puzzles, tmp_path):
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(puzzles), "--first", "2", "-o", str(out)]) == 0
    assert main(["batch", str(puzzles), "--first", "4", "-o", str(out), "--resume"]) == 0
    assert [r["index"] for r in json_lines(out.read_text())] == [0, 1, 2, 3]


def test_bench_first_takes_n_puzzles_and_json_is_a_switch(puzzles, capsys):
    assert main(["bench", "-f", str(puzzles), "--first", "4", "--backend", "dfs", "--warmup", "0",
                 "--json"]) == 0  # a bad line is refused by bench, but it is never read
    out, err = capsys.readouterr()
    data = json.loads(out)  # standard output is the JSON document only
    assert data["meta"]["puzzles"] == 4 and len(data["records"]["dfs"]) == 4
    assert err.startswith("4 puzzles from")  # the table, for people, on stderr


def test_bench_output_file_holds_the_main_output(puzzles, tmp_path, capsys):
    table, doc = tmp_path / "table.txt", tmp_path / "bench.json"
    common = ["bench", str(puzzles), "--first", "2", "--backend", "dfs", "--warmup", "0"]
    assert main([*common, "-o", str(table)]) == 0
    assert capsys.readouterr().out == ""
    assert table.read_text().startswith("2 puzzles from") and "dfs" in table.read_text()
    assert main([*common, "--json", "--output", str(doc)]) == 0
    assert capsys.readouterr().out.startswith("2 puzzles from")  # the table stays on stdout
    assert json.loads(doc.read_text())["meta"]["puzzles"] == 2


@pytest.mark.parametrize("command", ["batch", "bench"])
def test_batch_and_bench_take_one_file_in_either_form(command, puzzles, capsys):
    assert main([command, str(puzzles), "-f", str(puzzles)]) == EXIT_USAGE
    assert "give FILE or -f FILE, not both" in one_line_error(capsys)[1]
    assert main([command]) == EXIT_USAGE
    assert "no puzzle file given" in one_line_error(capsys)[1]


# -- batch takes solve's --encoding and --amo names, and answers as solve does -------------------


@pytest.mark.parametrize("encoding, amo", [
    ("cell-alo+unit-amo", "bitwise"), ("natural+cage-pb", "seqcounter"), ("minimal", "ladder"),
    ("cell-alo+cell-amo+unit-alo+unit-amo", None),
])
def test_batch_takes_solves_encodings_and_agrees_with_solve(encoding, amo, tmp_path, capsys):
    path = tmp_path / "mix.txt"
    lines = dataset_lines("top1465.txt", limit=3) + ["12..34....12....", "11..............", "1...2...3...4..."]
    path.write_text("\n".join(lines) + "\n")
    options = ["--encoding", encoding] + (["--amo", amo] if amo else [])
    assert main(["batch", str(path), "--unique", *options, "-o", str(tmp_path / "b.jsonl")]) == 0
    batch = json_lines((tmp_path / "b.jsonl").read_text())
    main(["solve", "-f", str(path), "--unique", *options, "--json"])
    solved = json_lines(capsys.readouterr().out)
    assert len(batch) == len(solved) == 6
    assert [r["status"] for r in batch] == [r["status"] for r in solved]
    unique = [k for k, r in enumerate(batch) if r["status"] == "unique"]  # one answer to agree on
    assert len(unique) >= 3 and all(batch[k]["solution"] == solved[k]["solution"] for k in unique)
    assert [r["status"] for r in batch][3:] == ["multiple", "invalid", batch[5]["status"]]


# -- no command writes over its input --------------------------------------------------------------


OVERWRITES = [
    ["encode", "-f", "{in}", "-o", "{out}"],
    ["encode", "-", "-o", "{out}"],  # standard input redirected from the file
    ["batch", "{in}", "-o", "{out}"],
    ["batch", "-f", "-", "-o", "{out}"],
    ["bench", "{in}", "-o", "{out}"],
    ["bench", "-f", "{in}", "--json", "-o", "{out}"],
    ["bench", "{in}", "--csv", "{out}"],
    ["bench", "{in}", "--plot", "{out}"],
    ["explain", "-f", "{in}", "--svg", "{out}"],
    ["explain", "-f", "{in}", "--steps", "--html", "{out}"],
]


@pytest.mark.parametrize("spelling", ["same", "dot", "symlink", "hardlink"])
@pytest.mark.parametrize("argv", OVERWRITES, ids=[" ".join(a[:1] + a[-2:-1] + a[1:2]) for a in OVERWRITES])
def test_an_output_that_is_an_input_is_refused_before_any_work(argv, spelling, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    src = tmp_path / ("in.png" if "--plot" in argv else "in.txt")
    src.write_text("\n".join(UNIQUE_4) + "\n")
    out = {"same": src.name, "dot": f"./{src.name}", "symlink": "link" + src.suffix,
           "hardlink": "hard" + src.suffix}[spelling]
    if spelling == "symlink":
        os.symlink(src.name, out)
    elif spelling == "hardlink":
        os.link(src, out)
    if "-" in argv:
        monkeypatch.setattr("sys.stdin", open(src, encoding="utf-8"))  # noqa: SIM115 - closed below
    before = src.read_text()
    try:
        code = main([a.format(**{"in": src.name, "out": out}) for a in argv])
    finally:
        if "-" in argv:
            import sys

            sys.stdin.close()
    assert code == EXIT_USAGE
    stdout, err = one_line_error(capsys)
    assert "no command writes over its input" in err and stdout == ""
    assert src.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({src.name, out.removeprefix("./")})


@pytest.mark.parametrize("command", [["count"], ["solve", "--unique"], ["batch", "--unique"]])
def test_a_proof_directory_may_not_hold_an_input_it_would_overwrite(command, tmp_path, capsys):
    proofs = tmp_path / "proofs"
    proofs.mkdir()
    src = proofs / "README.txt"
    src.write_text("\n".join(UNIQUE_4) + "\n")
    source = [str(src)] if command[0] == "batch" else ["-f", str(src)]
    assert main([command[0], *source, *command[1:], "--proof", str(proofs)]) == EXIT_USAGE
    assert "no command writes over its input" in one_line_error(capsys)[1]
    assert src.read_text() == "\n".join(UNIQUE_4) + "\n"


def test_numbered_pictures_may_not_be_an_input(tmp_path, capsys):
    src = tmp_path / "x-1.svg"  # explain -f FILE --svg x.svg writes x-1.svg, x-2.svg, ...
    src.write_text("\n".join(UNIQUE_4) + "\n")
    assert main(["explain", "-f", str(src), "--svg", str(tmp_path / "x.svg")]) == EXIT_USAGE
    assert "--svg" in capsys.readouterr().err
    assert src.read_text() == "\n".join(UNIQUE_4) + "\n"


# -- --help teaches the new flags ------------------------------------------------------------------


COMMANDS = ["validate", "solve", "count", "explain", "repair", "minimize", "generate", "encode",
            "analyze", "batch", "bench"]
READERS = [c for c in COMMANDS if c != "generate"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_ends_with_examples_and_shows_no_old_spelling(command, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    text = capsys.readouterr().out
    examples = text[text.index("\nexample"):]
    assert f"sudoku-cp {command} " in examples
    for old in ("--backends", "--encodings", "--verify-backend"):
        assert old not in text
    if command in READERS:
        assert "--first N" in text and "-f FILE" in text
    if command in ("analyze", "bench"):
        assert "--limit" not in text.replace("--time-limit", "")


@pytest.mark.parametrize("command", READERS)
def test_help_examples_use_the_new_flags(command, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    examples = capsys.readouterr().out.split("\nexample")[-1]
    assert any(flag in examples for flag in ("--first", "--backend", "--encoding", "-f ", " - "))


def test_bench_takes_family_combinations_as_solve_does(puzzles, capsys):
    assert main(["bench", str(puzzles), "--first", "4", "--backend", "sat", "--warmup", "0",
                 "--encoding", "minimal,cell-alo+unit-amo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {row["config"]: row for row in data["configurations"]}
    assert sorted(rows) == ["sat:cadical195/cell-alo+unit-amo", "sat:cadical195/minimal"]
    assert all(row["solved"] == 4 and row["errors"] == 0 for row in rows.values())


def test_encode_checks_its_output_path_before_reading(monkeypatch, capsys):
    def unread(*args, **kwargs):
        raise AssertionError("the input was read before the output path was checked")

    monkeypatch.setattr("sudoku_cp.cli.encode_cmd.read_entries", unread)
    assert main(["encode", UNIQUE_4[0], "-o", "/no/such/dir/x.cnf"]) == EXIT_USAGE
    assert "-o /no/such/dir/x.cnf: no such directory" in one_line_error(capsys)[1]


UNSAT_9 = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("command, puzzle, status, key", [
    ("explain", UNSAT_9, "unsat", "core"), ("repair", UNSAT_9, "unsat", "remove"),
    ("minimize", CLASSIC, "unique", "minimal"),
])
def test_explain_repair_minimize_take_encoding_and_amo_as_solve_does(command, puzzle, status, key, capsys):
    main([command, puzzle, "--json"])
    plain = json.loads(capsys.readouterr().out)
    main([command, puzzle, "--encoding", "cell-alo+unit-amo", "--amo", "bitwise", "--json"])
    other = json.loads(capsys.readouterr().out)
    assert plain["status"] == other["status"] == status
    assert other[key] and plain[key]
    if key == "remove":  # a smallest set, proved: its size does not depend on the encoding
        assert len(other[key]) == len(plain[key]) == 1
    assert main([command, puzzle, "--encoding", "minimal,complete"]) == EXIT_USAGE
    assert f"{command} takes one name here" in one_line_error(capsys)[1]
    assert main([command, puzzle, "--backend", "cpsat", "--encoding", "minimal"]) == EXIT_USAGE
    assert "--encoding applies to the sat and external backends only" in one_line_error(capsys)[1]
