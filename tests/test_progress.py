"""Progress bars: on standard error when it is a terminal (a pty here), with a total and an ETA where the
total is known; never in pipes; the output files the same byte for byte either way."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import struct
import subprocess
import sys
import tempfile
import termios

import pytest
from gridgen import dataset_lines

from sudoku_cp.cli.progress import Progress, count_puzzles

SIXTEEN = ("..9...6....F1.E....79..........A.1...BC7...695......3...G.84....7....D.......2.E.2BA.7....."
           "D6FG.....F.8.2E..CD..3.D.....ACG...5....B...84.......9..2..D.B.75.6.88..4.E.F......3B.67CB"
           "....F...A1...8.7..5..6.B.A46A.E.3....B82.7..72..A..D.4..395..C5.4B...12.8..")  # generate --seed 1


def run(args: list[str], terminal: bool, cwd, columns: int | None = None) -> tuple[int, str, str]:
    """The command with standard error a terminal (a pty) or a pipe: (exit code, stdout, stderr).

    ``columns`` sets the terminal's width (0: a terminal that does not know it, as under ``script``).
    """
    cmd = [sys.executable, "-m", "sudoku_cp", *args]
    env = dict(os.environ, PYTHONPATH=os.getcwd(), TERM="xterm", SUDOKU_CP_PROGRESS_DELAY="0")
    if not terminal:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
        return proc.returncode, proc.stdout, proc.stderr
    main, sub = pty.openpty()
    if columns is not None:
        fcntl.ioctl(sub, termios.TIOCSWINSZ, struct.pack("HHHH", 0, columns, 0, 0))
    stdout = tempfile.TemporaryFile()  # not a pipe: a full pipe would stop the command
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=sub, env=env, cwd=cwd)
    os.close(sub)
    err = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the command closed its end
            break
        if not data:
            break
        err.append(data)
    proc.wait()
    stdout.seek(0)
    out = stdout.read().decode()
    stdout.close()
    os.close(main)
    return proc.returncode, out, b"".join(err).decode(errors="replace")


def untimed(data: bytes) -> bytes:
    """The bytes with every measured time (``"time_s": 0.0123``, ``2.17 s``) set to 0."""
    return re.sub(rb'("time_s": )[0-9.e-]+', rb"\g<1>0", re.sub(rb"\d+\.\d+ s\b", b"0 s", data))


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory):
    path = tmp_path_factory.mktemp("progress") / "puzzles.txt"
    path.write_text("# a comment line is not a puzzle\n" + "\n".join(dataset_lines("top1465.txt", limit=300)) + "\n")
    return path


def test_batch_shows_a_bar_with_total_and_eta_on_a_terminal_only(puzzles, tmp_path):
    code, out, err = run(["batch", str(puzzles), "-o", "tty.jsonl"], True, tmp_path)
    assert code == 0
    assert "batch" in err and "/300" in err and "puzzles" in err  # the total ...
    assert "<" in err  # ... and the ETA: tqdm's [elapsed<remaining]
    code, out, piped_err = run(["batch", str(puzzles), "-o", "pipe.jsonl"], False, tmp_path)
    assert code == 0 and "\r" not in piped_err and "/300" not in piped_err
    assert piped_err == "" and out.startswith("300 puzzles")
    tty, pipe = (tmp_path / "tty.jsonl").read_bytes(), (tmp_path / "pipe.jsonl").read_bytes()
    assert len(tty.splitlines()) == 300 and untimed(tty) == untimed(pipe)  # byte for byte, times aside


def test_batch_with_json_lines_on_stdout_keeps_stdout_clean(puzzles, tmp_path):
    code, out, err = run(["batch", str(puzzles)], True, tmp_path)
    assert code == 0 and "/300" in err and len(out.splitlines()) == 300 and "\r" not in out


def test_analyze_counts_against_the_total(puzzles, tmp_path):
    code, out, err = run(["analyze", "-f", str(puzzles)], True, tmp_path)
    assert code == 0 and "analyze" in err and "/300" in err
    code, piped, piped_err = run(["analyze", "-f", str(puzzles)], False, tmp_path)
    assert code == 0 and piped_err == "" and out.splitlines()[0] == piped.splitlines()[0]


def test_generate_says_what_it_is_doing(tmp_path):
    code, out, err = run(["generate", "--size", "16", "--seed", "1"], True, tmp_path)
    assert code == 0 and "seed 1: removing givens" in err and "/256" in err
    code, piped, piped_err = run(["generate", "--size", "16", "--seed", "1"], False, tmp_path)
    assert piped_err == "" and out.splitlines()[-1] == SIXTEEN
    assert untimed(out.encode()) == untimed(piped.encode())


def test_minimize_shows_each_pass_and_repair_the_search(tmp_path):
    code, out, err = run(["minimize", SIXTEEN], True, tmp_path)
    assert code == 0 and "finding redundant givens" in err and "removing givens" in err
    code, piped, piped_err = run(["minimize", SIXTEEN], False, tmp_path)
    assert piped_err == "" and piped == out
    two_gone = "............" + dataset_lines("top1465.txt", limit=1)[0][12:]  # needs 2 givens added
    code, out, err = run(["repair", two_gone], True, tmp_path)
    assert code == 0 and "trying each single given" in err and "/" in err and "add 2 givens" in out
    code, piped, piped_err = run(["repair", two_gone], False, tmp_path)
    assert piped_err == "" and piped == out


def test_the_helper_is_silent_off_a_terminal_and_counts_puzzles(puzzles):
    stream = io.StringIO()
    with Progress("puzzles", stage="batch", stream=stream) as bar:
        bar("stage", 5, 10)
        bar.update(3)
        bar.total = 20
    assert not bar.shown and stream.getvalue() == ""
    assert count_puzzles(str(puzzles))() == 300 and count_puzzles(str(puzzles), first=7)() == 7
    with pytest.raises(LookupError):
        count_puzzles("-")()
