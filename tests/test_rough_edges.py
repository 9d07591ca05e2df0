"""Issue 22's faults: closed streams, proof files, clashing outputs, FIFOs, workers, share-string bombs.

Each test reproduces what an adversarial run saw and fails on the tree before the fix.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parent.parent
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"  # top1465's first
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def shell(command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``command`` in sh, ``sudoku-cp`` standing for this interpreter's ``-m sudoku_cp``."""
    command = command.replace("sudoku-cp", f"{sys.executable} -m sudoku_cp")
    return subprocess.run(["sh", "-c", command], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("command", [
    "sudoku-cp solve - <&-",
    f"sudoku-cp solve {CLASSIC} >&-",
    "sudoku-cp batch - <&-",
    "sudoku-cp batch FILE >&-",
    "sudoku-cp validate - <&-",
    f"sudoku-cp count {CLASSIC} --json >&-",
])
def test_a_closed_standard_stream_is_one_line_and_exit_2(command, tmp_path):
    """Fault 2: ``<&-`` / ``>&-`` printed an AttributeError traceback and exited 1."""
    (tmp_path / "f.txt").write_text(CLASSIC + "\n")
    done = shell(command.replace("FILE", str(tmp_path / "f.txt")))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku-cp: error: standard ")
    assert "closed" in lines[0]


def test_a_closed_stream_the_command_does_not_use_is_no_error(tmp_path):
    done = shell(f"sudoku-cp solve {CLASSIC} <&- 2>&-")
    assert done.returncode == 0 and "5* 3* 4" in done.stdout


def test_main_restores_the_closed_streams(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["solve", "-"]) == 2
    assert sys.stdin is None


@pytest.fixture
def full_dir(tmp_path):
    """A directory on a tiny tmpfs filled to the last block (needs root, as the README's test command has)."""
    mount = tmp_path / "full"
    mount.mkdir()
    assert os.geteuid() == 0, "a full disk is a 64 KiB tmpfs, and mounting it needs root (run the README's test command as root)"
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True)
    assert mounted.returncode == 0, f"mount failed as root: {mounted.stderr!r}"
    try:
        (mount / "fill").write_bytes(b"\0" * 60 * 1024)
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_solve_proof_on_a_full_disk_names_the_file_and_leaves_nothing(full_dir, capsys):
    """Fault 4: ``solve --proof`` blamed "standard output" for a proof file it could not write."""
    proofs = full_dir / "p"
    assert main(["solve", CLASSIC, "--unique", "--proof", str(proofs)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"sudoku-cp: error: {proofs / 'puzzle-1-unique.cnf'}: No space left on device"
    assert list(proofs.iterdir()) == []


def test_batch_proof_on_a_full_disk_names_the_file_in_the_record_and_exits_2(full_dir, tmp_path, capsys):
    """Fault 4: batch exited 0 with records that named no file and left truncated .cnf files."""
    source = tmp_path / "two.txt"
    source.write_text(f"{CLASSIC}\n12....3...4.....\n")
    proofs = full_dir / "p"
    assert main(["batch", str(source), "--unique", "--proof", str(proofs)]) == 2
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records] == ["error", "error"]
    for r in records:
        assert r["error"].startswith(f"cannot write the proof file {proofs}/puzzle-{r['line']}-")
        assert r["error"].endswith(": No space left on device")
    assert "2 proof file(s) could not be written" in err
    assert list(proofs.iterdir()) == []  # no truncated file, no formula without its proof


@pytest.mark.parametrize("command", [["encode", CLASSIC, "-o", "/dev/full"],
                                     ["explain", CLASSIC, "--steps", "--html", "/dev/full"]])
def test_a_full_device_is_named_not_standard_output(command, capsys):
    """Fault 4: ``encode -o /dev/full`` and ``explain --html /dev/full`` blamed standard output."""
    assert main(command) == 2
    assert capsys.readouterr().err.strip() == "sudoku-cp: error: /dev/full: No space left on device"


def test_a_symlink_planted_in_the_proof_directory_is_replaced_not_written_through(tmp_path, capsys):
    """Fault 5: ``ln -s ../victim.txt P/puzzle-1-unique.cnf`` made ``solve --proof P`` overwrite the victim."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    proofs = tmp_path / "P"
    proofs.mkdir()
    (proofs / "puzzle-1-unique.cnf").symlink_to("../victim.txt")
    (proofs / "puzzle-1-unique.drat").symlink_to("../victim.txt")
    (proofs / "README.txt").symlink_to("../missing.txt")  # dangling: once created its target
    assert main(["solve", CLASSIC, "--unique", "--proof", str(proofs)]) == 0
    capsys.readouterr()
    assert victim.read_text() == "precious\n"
    assert not (tmp_path / "missing.txt").exists()
    for name in ("puzzle-1-unique.cnf", "puzzle-1-unique.drat", "README.txt"):
        path = proofs / name
        assert path.is_file() and not path.is_symlink()
    assert (proofs / "puzzle-1-unique.cnf").read_text().startswith(("c ", "p cnf"))
    assert sorted(p.name for p in proofs.iterdir()) == ["README.txt", "puzzle-1-unique.cnf", "puzzle-1-unique.drat"]


def _proofs(tmp_path, capsys) -> tuple[Path, Path]:
    """A puzzle file (a hard 9x9, an unsat 4x4, a unique 4x4) and the proofs ``solve --proof`` wrote.

    The hard one needs a real proof: the others are refuted by unit propagation, so that even an
    empty proof of them is correct.
    """
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{HARD}\n12....3...4.....\n# a comment\n12.4..1221.3.32.\n")
    proofs = tmp_path / "proofs"
    main(["solve", "-f", str(source), "--unique", "--proof", str(proofs)])
    capsys.readouterr()
    return source, proofs


def test_check_proof_verifies_what_solve_wrote(tmp_path, capsys):
    """Fault 6: the documented re-check is a command that can fail (and passes on honest proofs)."""
    source, proofs = _proofs(tmp_path, capsys)
    assert main(["check-proof", str(proofs), "-f", str(source)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:-1]] == ["puzzle-1-unique", "puzzle-2-unsat", "puzzle-4-unique"]
    assert all(": verified (" in line for line in out[:-1]) and out[-1] == "3 of 3 proofs verified"


def test_check_proof_refuses_a_forged_proof_with_exit_3(tmp_path, capsys):
    """Fault 6: the dratify one-liner printed "s NOT VERIFIED" and exited 0."""
    source, proofs = _proofs(tmp_path, capsys)
    (proofs / "puzzle-1-unique.drat").write_text("0\n")  # the empty clause, claimed at once
    assert main(["check-proof", str(proofs), "-f", str(source)]) == 3
    out, err = capsys.readouterr()
    assert err.startswith("puzzle-1-unique: REFUSED: puzzle-1-unique's proof was refused by dratify")
    assert out.splitlines()[-1] == "2 of 3 proofs verified, 1 refused"


def test_check_proof_catches_files_swapped_between_puzzles(tmp_path, capsys):
    """Fault 6: each formula is derived again from its puzzle, so a valid pair under another name fails."""
    source, proofs = _proofs(tmp_path, capsys)
    for kind in ("cnf", "drat"):  # two 'unique' claims swap their formula and proof together
        first, second = proofs / f"puzzle-1-unique.{kind}", proofs / f"puzzle-4-unique.{kind}"
        text = first.read_text()
        first.write_text(second.read_text())
        second.write_text(text)
    assert main(["check-proof", str(proofs), "-f", str(source), "--json"]) == 3
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["name"], r["verified"]) for r in records] == [
        ("puzzle-1-unique", False), ("puzzle-2-unsat", True), ("puzzle-4-unique", False)]
    assert "is not the formula of the puzzle on line 1" in records[0]["error"]


def test_check_proof_refuses_a_missing_half_and_an_empty_directory(tmp_path, capsys):
    source, proofs = _proofs(tmp_path, capsys)
    (proofs / "puzzle-2-unsat.drat").unlink()
    assert main(["check-proof", str(proofs), "-f", str(source)]) == 3
    assert "puzzle-2-unsat: REFUSED: puzzle-2-unsat.drat is missing" in capsys.readouterr().err
    assert main(["check-proof", str(tmp_path), "-f", str(source)]) == 2
    assert "no proof found" in capsys.readouterr().err


def test_the_proof_readme_documents_check_proof_not_the_one_liner(tmp_path, capsys):
    _, proofs = _proofs(tmp_path, capsys)
    readme = (proofs / "README.txt").read_text()
    assert "sudoku-cp check-proof DIR -f PUZZLES" in readme and "dratify.check_proof" not in readme


@pytest.mark.parametrize("options", [["--csv", "X", "-o", "X"], ["-o", "X", "--csv", "./X"],
                                     ["--csv", "X", "--plot", "L"]])
def test_bench_refuses_two_outputs_naming_one_file(options, tmp_path, capsys):
    """Fault 8: ``bench --csv X -o X`` exited 0 and the table was lost under the CSV."""
    source = tmp_path / "p.txt"
    source.write_text(f"{CLASSIC}\n")
    (tmp_path / "L").symlink_to("X")
    argv = ["bench", str(source), "--backend", "dfs", "--warmup", "0"]
    argv += [str(tmp_path / o) if o in ("X", "./X", "L") else o for o in options]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("sudoku-cp: error: ") and "both name" in err and "expected two different files" in err
    assert not (tmp_path / "X").exists()  # refused before any work


@pytest.mark.parametrize("command", [
    ["batch", "PUZZLES", "-o", "FIFO"],
    ["encode", "12..............", "-o", "FIFO"],
    ["bench", "PUZZLES", "--backend", "dfs", "--warmup", "0", "--csv", "FIFO"],
    ["bench", "PUZZLES", "--backend", "dfs", "--warmup", "0", "-o", "FIFO"],
    ["solve", CLASSIC, "--svg", "FIFO"],
])
def test_a_fifo_with_no_reader_is_refused_not_waited_for(command, tmp_path, capsys, monkeypatch):
    """Fault 9: ``-o FIFO`` and ``--csv FIFO`` with no reader blocked forever (a time limit too)."""
    monkeypatch.setenv("SUDOKU_CP_FIFO_WAIT", "0.1")  # how long a reader may take to start
    (tmp_path / "p.txt").write_text(f"{CLASSIC}\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    argv = [str(fifo) if a == "FIFO" else str(tmp_path / "p.txt") if a == "PUZZLES" else a for a in command]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (f"sudoku-cp: error: {fifo}: a FIFO that no process opened for reading within 0.1 s: "
                       f"expected its reader started first (e.g. cat {fifo} &), or a regular file")


def test_a_fifo_with_a_reader_gets_the_records(tmp_path, capsys):
    (tmp_path / "p.txt").write_text(f"{CLASSIC}\n12....3...4.....\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)  # opens it when it can
    try:
        assert main(["batch", str(tmp_path / "p.txt"), "-o", str(fifo)]) == 0  # waits for cat to open it
    finally:
        out, _ = reader.communicate()
    assert [json.loads(line)["status"] for line in out.decode().splitlines()] == ["solved", "unsat"]


def test_force_jobs_starts_no_more_workers_than_chunks(tmp_path, capsys, monkeypatch):
    """Fault 10: ``--jobs 200 --force-jobs`` on 3 puzzles started 149+ processes."""
    import concurrent.futures

    made = []
    real = concurrent.futures.ProcessPoolExecutor

    def recording(max_workers=None, **kwargs):
        made.append(max_workers)
        return real(max_workers, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", recording)
    src = tmp_path / "p.txt"
    src.write_text(f"{CLASSIC}\n" * 3)
    jobs = 4 * (os.cpu_count() or 1)  # the most --force-jobs allows
    assert main(["batch", str(src), "-o", str(tmp_path / "out.jsonl"), "--jobs", str(jobs), "--force-jobs"]) == 0
    assert made == [1]  # one chunk of puzzles: one worker
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3


def test_force_jobs_has_a_ceiling(tmp_path, capsys):
    """Fault 10: ``--jobs 1000000 --force-jobs`` hung starting processes."""
    src = tmp_path / "p.txt"
    src.write_text(f"{CLASSIC}\n")
    cap = 4 * (os.cpu_count() or 1)
    assert main(["batch", str(src), "--jobs", "1000000", "--force-jobs"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"sudoku-cp: error: --jobs 1000000: expected at most {cap} even with --force-jobs "
                   f"(4 worker processes per CPU; more only wait for each other)")
    assert main(["batch", str(src), "--jobs", str(cap + 1), "--force-jobs"]) == 2


BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def lz_bomb(steps: int) -> str:
    """lz-string base64 whose every code is the previous entry plus one letter: (steps+1)(steps+2)/2 letters."""
    out: list[int] = []

    def emit(value: int, count: int) -> None:
        out.extend((value >> k) & 1 for k in range(count))

    emit(0, 2)  # an 8-bit character follows
    emit(ord("a"), 8)
    size, enlarge, bits = 4, 4, 3
    for _ in range(steps):
        emit(size, bits)  # the code one past the dictionary: the previous entry and its first letter
        size, enlarge = size + 1, enlarge - 1
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1
    emit(2, bits)  # the end
    out += [0] * (-len(out) % 6 + 6)
    text = "".join(BASE64[sum(b << (5 - i) for i, b in enumerate(out[j:j + 6]))] for j in range(0, len(out), 6))
    return text + "=" * (-len(text) % 4)


def test_the_bomb_is_what_lz_string_decompresses():
    from lzstring import LZString

    from sudoku_cp.formats.sharesize import decompressed_length

    for steps in (1, 5, 50, 700):
        n = (steps + 1) * (steps + 2) // 2
        assert LZString().decompressFromBase64(lz_bomb(steps)) == "a" * n
        assert decompressed_length(lz_bomb(steps), 10**12) == n


def test_decompressed_length_agrees_with_lz_string(rng):
    from lzstring import LZString

    from sudoku_cp.formats.sharesize import decompressed_length

    for size in (1, 2, 30, 300, 3000):
        for _ in range(4):
            text = "".join(rng.choice('{}[]"ab:,019 é\u20ac') for _ in range(size))
            packed = LZString().compressToBase64(text)
            assert decompressed_length(packed, 10**9) == len(text)
            assert decompressed_length(packed, size // 2) > size // 2  # stopped past the cap


@pytest.mark.parametrize("prefix", ["https://f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles", "fpuzzles"])
@pytest.mark.parametrize("form", ["file", "argument"])
def test_an_lz_string_bomb_is_refused_before_it_is_decompressed(prefix, form, tmp_path, capsys):
    """Fault 1: a 69,583-character share string took 25 s and 1.34 GB under --time-limit 2."""
    share = prefix + lz_bomb(30000)  # 450 million letters once decompressed
    assert 60_000 < len(share) < 100_000
    source = tmp_path / "bomb.txt"
    source.write_text(share + "\n")
    given = ["-f", str(source)] if form == "file" else [share]
    assert main(["solve", *given, "--time-limit", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("line 1: share string: it decompresses to more than 16,777,216 characters: "
                        "expected an f-puzzles document (a 64x64 one is far smaller)")
    assert err.count("\n") == 0


def test_a_64x64_share_string_is_far_below_the_cap():
    from sudoku_cp.formats.fpuzzles import share_link
    from sudoku_cp.formats.sharesize import MAX_SHARE_TEXT, decompressed_length
    from sudoku_cp.formats.text import parse_puzzle

    board = parse_puzzle("\n".join(" ".join(str((r * 8 + r // 8 + c) % 64 + 1) for c in range(64)) for r in range(64)))
    link = share_link(board)
    assert parse_puzzle(link).cells == board.cells
    assert decompressed_length(link.split("load=", 1)[1]) < MAX_SHARE_TEXT // 20


@pytest.mark.parametrize("form", ["file", "stdin", "argument"])
def test_a_json_line_over_the_line_limit_gets_the_length_message_everywhere(form, tmp_path, capsys, monkeypatch):
    """Fault 7: in a file it was "column 100002: malformed JSON"; on standard input it was accepted."""
    import io

    from sudoku_cp.formats.text import MAX_LINE_CHARS

    document = json.dumps({"givens": "." * 81, "constraints": [{"type": "killer", "cells": [[0, 0], [0, 1]]}] * 7000})
    assert len(document) > MAX_LINE_CHARS
    path = tmp_path / "long.json"
    path.write_text(document + "\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    given = {"file": ["-f", str(path)], "stdin": ["-"], "argument": [document]}[form]
    assert main(["validate", *given]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"line 1 is longer than {MAX_LINE_CHARS} characters: expected a puzzle line of at "
                        f"most {MAX_LINE_CHARS}")


def test_repair_above_25x25_says_why_no_givens_were_added(capsys):
    """Fault 3: ``repair`` on an empty 49x49 ended with an error about sat:cadical195, a backend never chosen."""
    empty = "." * 36 * 36
    assert main(["repair", empty, "--json"]) == 1
    out, err = capsys.readouterr()
    record = json.loads(out)
    assert record["status"] == "multiple" and record["add"] is None and record["repaired"] is None
    assert record["notes"] == ["no givens added: the search for them holds the whole rules in one solver, and "
                               "backend sat:cadical195 cannot load the full rules of a grid above 25x25 "
                               "(--backend cpsat can hold them)"]
    assert err == ""


def _subparsers():
    import argparse

    from sudoku_cp.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(n for n, p in _subparsers().items()
                                         if any(a.dest == "time_limit" for a in p._actions)))
def test_time_limit_has_one_meaning_in_every_help(name):
    """--time-limit said "bound the whole command", "per puzzle" and "stop after SECONDS in total".
    What the time covers is said once, in the README's table of shared options."""
    actions = {a.dest: a for a in _subparsers()[name]._actions}
    text = actions["time_limit"].help
    assert text.startswith("the time ") and "may take, every backend and step on it sharing these SECONDS" in text
    assert text.endswith("then 'unknown', exit 4")
    readme = (ROOT / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `--time-limit SECONDS` |"))
    assert row.startswith("| `--time-limit SECONDS` | the time each puzzle's answer may take")
    assert "Not counted: start-up and loading a solver package" in row and "Building the model counts" in row


@pytest.mark.parametrize("name, old, new", [(name, old, new) for name, p in sorted(_subparsers().items())
                                            for old, new in (("--backends", "--backend"), ("--encodings", "--encoding"))
                                            if new in p._option_string_actions])
def test_old_spellings_are_refused_naming_the_new_one_in_every_command(name, old, new, capsys):
    """The README said so; only bench did it (solve --backends said "unrecognized arguments")."""
    assert main([name, old, "sat", "12.............."]) == 2
    assert capsys.readouterr().err == (f"sudoku-cp {name}: error: {old} is now {new} "
                                       f"(see sudoku-cp {name} --help)\n")


@pytest.mark.parametrize("command, option", [(["solve"], "--svg"), (["validate"], "--svg"),
                                             (["explain", "--steps"], "--html"), (["explain"], "--svg")])
def test_a_file_of_one_puzzle_writes_x_not_x_1(command, option, tmp_path, capsys):
    """``-f FILE`` holding one puzzle wrote X-1.svg / X-1.html; X-1, X-2, ... stay for several."""
    suffix = option.lstrip("-")
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text(f"# a comment\n{CLASSIC}\n")
    two.write_text(f"{CLASSIC}\n{CLASSIC}\n")
    main([*command, "-f", str(one), option, str(tmp_path / f"a.{suffix}")])
    main([*command, "-f", str(two), option, str(tmp_path / f"b.{suffix}")])
    main([*command, "-f", str(two), "--first", "1", option, str(tmp_path / f"c.{suffix}")])
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == f".{suffix}") == [
        f"a.{suffix}", f"b-1.{suffix}", f"b-2.{suffix}", f"c.{suffix}"]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_offers_the_registered_backends_encodings_and_amo(shell, capsys):
    """Completion offered no values for --backend, --encoding, --amo."""
    from sudoku_cp.backends import REGISTRY
    from sudoku_cp.model.cnf import AMO_CHOICES, ENCODINGS

    assert main(["--print-completion", shell]) == 0
    script = capsys.readouterr().out
    if shell == "bash":
        backends = script.split("_shtab_sudoku_cp_solve___backend_choices=(", 1)[1].split(")", 1)[0].split()
        assert script.split("_shtab_sudoku_cp_batch___amo_choices=(", 1)[1].split(")", 1)[0].split() == list(AMO_CHOICES)
        assert script.split("_shtab_sudoku_cp_analyze___encoding_choices=(", 1)[1].split(")", 1)[0].split() == list(ENCODINGS)
        assert set(REGISTRY) | {"all", "sat:glucose4", "dfs:plain"} <= set(backends)
    else:
        assert f":NAME:({' '.join(AMO_CHOICES)})" in script and f":NAME:({' '.join(ENCODINGS)})" in script
        backends = script.split('"--backend[', 1)[1].split("]:", 1)[1].split(":(", 1)[1].split(")", 1)[0].split()
        assert set(REGISTRY) | {"all", "sat:glucose4", "dfs:plain"} <= set(backends)


def test_the_python_explain_can_ask_for_steps():
    """``sudoku_cp.explain()`` had no way to ask for steps: the API reaches every CLI feature."""
    import sudoku_cp
    from sudoku_cp.formats.text import parse_puzzle

    every = sudoku_cp.explain(parse_puzzle(CLASSIC), steps=True)
    assert every.status.value == "unique" and len(every.steps) == CLASSIC.count(".")
    assert len(sudoku_cp.explain(parse_puzzle(CLASSIC), steps=1).steps) == 1
    assert sudoku_cp.explain(parse_puzzle(CLASSIC)).steps is None
    several = sudoku_cp.explain(parse_puzzle("12.............."), steps=True)
    assert several.steps is None and several.notes == ["steps need a puzzle with exactly one solution"]


def test_batch_documents_its_exit_rule_and_keeps_it(tmp_path, capsys):
    """batch exited 0 with 'unknown' and 'error' records where solve -f exits 2: one rule, documented
    (in batch --help's exit line, and at length in the README's part on batch)."""
    readme = (ROOT / "README.md").read_text()
    part = readme.split("\n### batch\n", 1)[1].split("\n### ", 1)[0]
    assert "The answers are the records, not the exit code" in part
    assert "`batch` (and `bench`) answer in their records, not in the exit code" in readme
    assert main(["batch", "--help"]) == 0
    assert "exit 0 every puzzle has its record" in " ".join(capsys.readouterr().out.split())
    source = tmp_path / "p.txt"
    source.write_text(f"{HARD}\n1 2 3\n")
    assert main(["batch", str(source), "--time-limit", "0.001"]) == 0
    first, second = [json.loads(line)["status"] for line in capsys.readouterr().out.splitlines()]
    assert first in ("unknown", "solved") and second == "error"  # unknown unless 1 ms was enough
    assert main(["solve", "-f", str(source), "--time-limit", "0.001"]) == 2


class _Terminal(__import__("io").StringIO):
    def isatty(self) -> bool:
        return True


def _left_on_screen(written: str) -> str:
    """What a terminal's last line shows after ``written`` (each carriage return starts the line again)."""
    line = ""
    for part in written.split("\r"):
        line = part + line[len(part):]
    return line.strip()


@pytest.mark.parametrize("delay", ["0", "1000"])
def test_a_closed_bar_leaves_nothing_for_the_next_output_to_be_glued_to(delay, monkeypatch):
    """repair, minimize and generate left a stale "0/328" bar on the line their answer was printed on."""
    from sudoku_cp.cli.progress import Progress

    monkeypatch.setenv("SUDOKU_CP_PROGRESS_DELAY", delay)
    screen = _Terminal()
    bar = Progress("steps", stream=screen)
    bar("trying each single given", 0, 328)
    bar("removing givens", 0, 328)  # a new stage: the first bar goes too
    bar.total = 300
    bar.close()
    assert _left_on_screen(screen.getvalue()) == ""
    if delay == "0":
        assert "removing givens" in screen.getvalue()  # it was drawn, then cleared


def test_explain_steps_shows_a_bar_with_its_elapsed_time(monkeypatch, capsys):
    """``explain --steps`` showed no progress at all (193 s of silence on a killer)."""
    monkeypatch.setenv("SUDOKU_CP_PROGRESS_DELAY", "0")
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["explain", CLASSIC, "--steps"]) == 0
    # the bar and its clock, as a count of steps or (between steps) ticking alone, however fast the machine
    assert re.search(r"explaining step by step(: \d+ steps?)? \[\d\d:\d\d", screen.getvalue())
    assert _left_on_screen(screen.getvalue()) == ""  # cleared before the steps were printed
    assert capsys.readouterr().out.startswith("unique")


def test_a_ticking_bar_is_redrawn_until_its_block_ends(monkeypatch):
    import threading

    from sudoku_cp.cli.progress import Progress

    monkeypatch.setenv("SUDOKU_CP_PROGRESS_DELAY", "0")
    screen = _Terminal()
    drawn = threading.Event()
    write = screen.write

    def counting(text: str) -> int:
        if screen.getvalue().count("working [") >= 3:
            drawn.set()
        return write(text)

    monkeypatch.setattr(screen, "write", counting)
    with Progress("steps", stream=screen) as bar, bar.ticking("working", every=0.01):
        drawn.wait()  # the ticker redraws on its own while the work says nothing
    assert _left_on_screen(screen.getvalue()) == ""


def test_bench_draws_its_bar_on_a_terminal_of_unknown_width(tmp_path):
    """``bench`` under ``script -qc`` (a pty that reports 0 columns) showed no bar."""
    from test_progress import run

    source = tmp_path / "p.txt"
    source.write_text(f"{CLASSIC}\n12....3...4.....\n")
    code, _, err = run(["bench", str(source), "--backend", "dfs", "--warmup", "0"], True, ROOT, columns=0)
    assert code == 0
    assert "bench:" in err and "/2 [" in err  # a bar with its total
    assert _left_on_screen(err.split("\n")[0]) == ""  # and cleared


def test_mypy_outside_the_checkout_finds_the_editable_install(tmp_path):
    """After ``pip install -e .`` a user's mypy could not find sudoku_cp (setuptools' import hook)."""
    import site
    import sysconfig

    pth = [p for d in {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
           for p in Path(d).glob("__editable__.sudoku_cp-*.pth")]
    assert pth, "the README's test command installs sudoku-cp in editable mode (pip install -e .); here it is not"
    assert pth[0].read_text().strip() == str(ROOT)  # a plain path, which type checkers follow
    (tmp_path / "user.py").write_text(
        "from sudoku_cp.api import count\nfrom sudoku_cp.formats.text import parse_puzzle\n\n"
        "result = count(parse_puzzle('.' * 16), limit=2)\nfound: int | None = result.count\n"
        "wrong: str = result.complete\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "user.py"], cwd=tmp_path,
                          capture_output=True, text=True, env=env)
    assert "Cannot find implementation or library stub" not in done.stdout, done.stdout
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and errors[0].startswith("user.py:6: error: Incompatible types in assignment"), done.stdout
