"""Input and option checks found by an adversarial run (issue 15, items 12-16).

Signed numbers, symbols that collide with the syntax, out-of-range generate options, backend
names checked first, output paths checked before any work, bounded messages that name the file.
"""

from __future__ import annotations

import pytest

from sudoku_cp.cli import main
from sudoku_cp.core.results import EXIT_USAGE
from sudoku_cp.core.shape import PuzzleError
from sudoku_cp.formats.text import check_symbols, parse_puzzle

GRID_4 = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1"
DUPLICATES_4 = "1134341221434321"
UNSAT_4 = "1........4....23"


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# --- 12: signed numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, place", [
    ("1 -2 3 +4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "line 1, column 3: '-2'"),
    ("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 +1", "line 4, column 7: '+1'"),
    ("1,-2,3,4,3,4,1,2,2,1,4,3,4,3,2,1", "'-2'"),
])
def test_signed_numbers_are_refused_where_they_stand(text, place):
    with pytest.raises(PuzzleError, match="signed number|not a number") as info:
        parse_puzzle(text)
    assert place in str(info.value)


def test_separators_next_to_digits_in_a_pasted_grid_still_read():
    board = parse_puzzle("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1")
    assert board == parse_puzzle(GRID_4)


def test_cli_signed_number_exit_2_one_line(capsys):
    assert main(["validate", "1 -2 3 +4\n3 4 1 2\n2 1 4 3\n4 3 2 1"]) == EXIT_USAGE
    assert "line 1, column 3: '-2' is a signed number" in one_error_line(capsys)


# --- 13: symbols that collide with the syntax ----------------------------------------------------------


@pytest.mark.parametrize("symbols", ["#234", "1,34", "[234", "12]4", "12 4", "1\t34", "12.4", "1|34",
                                     "{234", "1123"])
def test_symbols_colliding_with_syntax_are_refused(symbols, capsys, tmp_path):
    with pytest.raises(PuzzleError):
        check_symbols(symbols)
    assert main(["validate", "--symbols", symbols, "1234341221434321"]) == EXIT_USAGE
    assert "--symbols" in one_error_line(capsys)
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("#234341221434321\n")  # with '#' a digit this line would vanish as a comment
    assert main(["batch", str(puzzles), "--symbols", symbols, "-o", str(tmp_path / "out.jsonl")]) == EXIT_USAGE
    assert not (tmp_path / "out.jsonl").exists()
    one_error_line(capsys)


def test_good_symbols_still_read():
    assert check_symbols("0123456789ABCDEF", 16) == "0123456789ABCDEF"
    assert parse_puzzle("ABCDCDABBADCDCBA", symbols="ABCD") == parse_puzzle("1234341221434321")


# --- 14: generate's options, backend names first -------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "4", "--clues", "-1"],
    ["generate", "--size", "4", "--clues", "100000"],
    ["generate", "--size", "4", "--clues", "17"],
    ["generate", "--size", "4", "--symbols", "11"],
    ["generate", "--size", "9", "--symbols", "1234"],
    ["generate", "--size", "4", "--backend", "sat:bogus"],
])
def test_generate_bad_options_exit_2(argv, capsys):
    assert main(argv) == EXIT_USAGE
    one_error_line(capsys)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("command", ["solve", "count", "explain", "repair", "minimize"])
@pytest.mark.parametrize("backend", ["sat:bogus", "dfs:fast", "nosuch"])
def test_the_backend_name_is_checked_before_the_puzzle(command, backend, capsys):
    assert main([command, "--backend", backend, DUPLICATES_4]) == EXIT_USAGE  # not 1 (invalid)
    err = one_error_line(capsys)
    assert f"{backend.partition(':')[2]!r} is not available" in err or f"unknown backend {backend!r}" in err


# --- 15: output paths first; empty backend lists --------------------------------------------------------


@pytest.fixture
def puzzle_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1234341221434321\n12.4...2....4..1\n")
    return path


@pytest.mark.parametrize("option, name", [("--csv", "x.csv"), ("-o", "x.json"), ("--plot", "x.png")])
def test_bench_checks_output_paths_before_any_work(option, name, puzzle_file, capsys):
    code = main(["bench", str(puzzle_file), "--backend", "dfs", option, f"/no/such/dir/{name}"])
    captured = capsys.readouterr()
    assert code == EXIT_USAGE
    assert captured.out == ""  # no table: nothing ran
    assert f"{option} /no/such/dir/{name}: no such directory" in captured.err
    assert captured.err.count("\n") == 1


def test_bench_refuses_an_output_path_that_is_a_directory(puzzle_file, tmp_path, capsys):
    assert main(["bench", str(puzzle_file), "--backend", "dfs", "--csv", str(tmp_path)]) == EXIT_USAGE
    assert capsys.readouterr().out == ""


def test_explain_checks_svg_path_before_any_work(capsys):
    assert main(["explain", "--svg", "/no/such/dir/x.svg", UNSAT_4]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and "--svg /no/such/dir/x.svg" in captured.err


@pytest.mark.parametrize("option, value", [("--backend", ","), ("--backend", "sat,,dfs"),
                                           ("--encoding", ",")])
def test_bench_refuses_empty_lists(option, value, puzzle_file, capsys):
    assert main(["bench", str(puzzle_file), option, value]) == EXIT_USAGE
    assert capsys.readouterr().out == ""


# --- 16: bounded messages; write errors name the file ---------------------------------------------------


def test_a_huge_symbols_string_gives_a_short_message(capsys):
    huge = "x" * 100_000
    assert main(["validate", "--symbols", huge, "1234341221434321"]) == EXIT_USAGE
    err = one_error_line(capsys)
    assert len(err) < 300 and "100000 characters" in err


def test_a_huge_bad_backend_option_gives_a_short_message(capsys):
    assert main(["solve", "--backend", "sat:" + "z" * 100_000, "1234341221434321"]) == EXIT_USAGE
    assert len(one_error_line(capsys)) < 1000


def test_a_full_disk_names_the_file(puzzle_file, capsys):
    # /dev/full answers every write with ENOSPC; --csv writes in place (never replaces the device)
    code = main(["bench", str(puzzle_file), "--backend", "dfs", "--csv", "/dev/full"])
    assert code == EXIT_USAGE
    assert "sudoku-cp: error: /dev/full: No space left on device" in capsys.readouterr().err


def test_a_full_standard_output_says_so(monkeypatch, capsys):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("sudoku_cp.cli.solve_cmd.answer_each", full)
    assert main(["solve", "1234341221434321"]) == EXIT_USAGE
    assert "error: standard output: No space left on device" in capsys.readouterr().err


def test_batch_on_a_full_disk_names_the_file(puzzle_file, capsys):
    import stat
    from pathlib import Path

    assert main(["batch", str(puzzle_file), "-o", "/dev/full"]) == EXIT_USAGE  # written in place
    assert capsys.readouterr().err == "sudoku-cp: error: /dev/full: No space left on device\n"
    assert stat.S_ISCHR(Path("/dev/full").stat().st_mode)
