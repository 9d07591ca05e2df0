"""Output files, Ctrl-C, SIGTERM, locks and worker processes (issue 15, items 1-7 and 11).

Each test reproduces a fault an adversarial run found: a device node deleted by ``batch -o``,
an interrupt written as a record, a traceback on Ctrl-C, two writers on one file, orphaned
workers, an input overwritten, temporary directories left behind, unbounded ``--jobs``.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from gridgen import dataset_lines
from procwait import has_loaded, wait_until_started

from sudoku_cp.cli import main
from sudoku_cp.tasks.batch import resume_point

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root (CI runs as root)")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as in a terminal, whatever the test runner ignores


def start(args: list[str], **kwargs) -> subprocess.Popen:
    """``sudoku-cp ARGS`` in its own process group, Ctrl-C acting as in a terminal."""
    return subprocess.Popen([sys.executable, "-m", "sudoku_cp", *args], cwd=ROOT, start_new_session=True,
                            preexec_fn=_default_sigint, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            **kwargs)


def wait_until(predicate, proc: subprocess.Popen | None = None, seconds: float = 120.0) -> bool:
    """Poll ``predicate`` until it holds (True), the process ended or a generous bound passed (False)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        if proc is not None and proc.poll() is not None:
            return False
        time.sleep(0.02)
    return False


def line_count(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def without_times(text: str) -> list[dict]:
    recs = [json.loads(line) for line in text.splitlines()]
    for rec in recs:
        rec.pop("time_s")
    return recs


def null_device(path: Path) -> Path:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


# -- 1. writing never removes or replaces what is not a regular file we created ---------------


@needs_root
def test_batch_with_no_puzzle_keeps_a_device_given_as_output(tmp_path):
    src = tmp_path / "c.txt"
    src.write_text("# only a comment\n")
    device = null_device(tmp_path / "null")
    assert main(["batch", str(src), "-o", str(device)]) == 2
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_batch_with_no_puzzle_keeps_a_previous_results_file(tmp_path):
    src = tmp_path / "c.txt"
    src.write_text("# only a comment\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(tmp_path / "p.txt"), "-o", str(out)]) == 2  # no such input: nothing made
    assert not out.exists()
    out.write_text('{"index": 0}\n')
    assert main(["batch", str(src), "-o", str(out)]) == 2
    assert out.read_text() == '{"index": 0}\n'
    fresh = tmp_path / "fresh.jsonl"
    assert main(["batch", str(src), "-o", str(fresh)]) == 2
    assert not fresh.exists()  # the run created it and wrote nothing: removed


@needs_root
def test_batch_writes_records_to_a_device_in_place(tmp_path):
    src = tmp_path / "p.txt"
    src.write_text(CLASSIC + "\n")
    device = null_device(tmp_path / "null")
    assert main(["batch", str(src), "-o", str(device)]) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)


@needs_root
def test_encode_onto_a_device_writes_in_place(tmp_path):
    device = null_device(tmp_path / "null")
    assert main(["encode", CLASSIC, "-o", str(device)]) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_encode_onto_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "target.cnf"
    target.write_text("old\n")
    link = tmp_path / "link.cnf"
    link.symlink_to(target)
    assert main(["encode", CLASSIC, "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("c ") and "p cnf" in target.read_text()


def test_encode_onto_a_fifo_writes_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    assert main(["encode", CLASSIC, "-o", str(fifo)]) == 0
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # (replaced, the reader would wait forever: a daemon)
    reader.join()
    assert "p cnf" in got[0]


def test_encode_keeps_the_mode_of_a_file_it_replaces(tmp_path):
    out = tmp_path / "out.cnf"
    out.write_text("old\n")
    out.chmod(0o640)
    assert main(["encode", CLASSIC, "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640 and "p cnf" in out.read_text()


# -- 2. Ctrl-C during batch: never a record; 130, then --resume finishes -------------------------


@pytest.mark.parametrize("jobs, puzzles", [([], 6000), (["--jobs", "2", "--force-jobs"], 20000)],
                         ids=["one process", "two workers"])
def test_repeated_interrupts_of_batch_then_resume_give_the_uninterrupted_records(tmp_path, capsys, jobs,
                                                                                 puzzles):
    src = tmp_path / "17clue.txt"
    src.write_text("\n".join(dataset_lines("17clue-half.txt", limit=puzzles)) + "\n")
    whole = tmp_path / "whole.jsonl"
    assert main(["batch", str(src), "-o", str(whole), "--unique"]) == 0
    capsys.readouterr()
    out = tmp_path / "out.jsonl"
    rng = random.Random(15)
    interrupted = 0
    for round_ in range(40):
        before = line_count(out)
        proc = start(["batch", str(src), "-o", str(out), "--unique", *jobs] + (["--resume"] if round_ else []))
        workers = []
        wait_until(lambda: line_count(out) > before, proc)  # solving (and writing) has begun
        time.sleep(rng.uniform(0.0, 0.15))
        if proc.poll() is None:
            workers = children(proc.pid)
            os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C in a terminal: the batch and its workers
        try:  # a generous bound: an exit that hangs fails the test instead of hanging it
            err = proc.communicate(timeout=120)[1].decode()
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise AssertionError(f"round {round_}: the batch did not exit after Ctrl-C") from None
        if proc.returncode == 0 or (proc.returncode == -signal.SIGINT and line_count(out) == puzzles):
            break  # done before the signal (or signalled while exiting, its work complete)
        interrupted += 1
        assert proc.returncode == 130, err
        assert err == "sudoku-cp: interrupted\n"
        assert "interrupt" not in out.read_text().lower()  # never a record
        resume_point(out)  # a valid prefix: raises on a line that is not the next record
        assert wait_until(lambda: not any(alive(w) for w in workers))
    else:
        assert main(["batch", str(src), "-o", str(out), "--unique", "--resume", *jobs]) == 0
    assert interrupted >= 3
    assert without_times(out.read_text()) == without_times(whole.read_text())


# -- 3. Ctrl-C in count: one line, exit 130 ------------------------------------------------------


def test_a_ctrl_c_while_a_chunks_sessions_close_stops_the_batch(tmp_path, capsys, monkeypatch):
    """The Ctrl-C held back while a solver is deleted is delivered as the chunk's sessions close:
    it must stop the batch (130), not vanish in a garbage-collected generator's close (exit 0)."""
    from sudoku_cp.tasks import batch

    src = tmp_path / "in.txt"
    src.write_text(CLASSIC + "\n" + CLASSIC + "\n")
    close = batch.Worker.close
    calls = []

    def interrupted_close(self):
        calls.append(1)
        close(self)
        if len(calls) == 2:  # the close after the chunk's last record (the first opens it afresh)
            raise KeyboardInterrupt

    monkeypatch.setattr(batch.Worker, "close", interrupted_close)
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out)]) == 130
    assert line_count(out) == 2  # both records written before the interrupt
    assert "interrupted" in capsys.readouterr().err


@pytest.mark.parametrize("delay", [0.05, 0.3, 0.8])
@pytest.mark.parametrize("backend", ["sat", "sat:cadical195"])  # plain sat is MiniCard from 16x16 up
def test_ctrl_c_in_count_with_sat_is_one_line_and_130(delay, backend):
    proc = start(["count", "." * 256, "--limit", "100000000", "--backend", backend])
    wait_until_started(proc, lambda pid: has_loaded(pid, "pysolvers"))  # past the start-up, into the count
    time.sleep(delay)  # then somewhere in the solver's work
    os.killpg(proc.pid, signal.SIGINT)
    err = proc.communicate()[1].decode()
    assert (proc.returncode, err) == (130, "sudoku-cp: interrupted\n")


# -- 4. one writer per output file ---------------------------------------------------------------


@pytest.mark.parametrize("resume", [False, True])
def test_a_second_writer_on_the_same_output_is_refused_before_writing(tmp_path, capsys, resume):
    src = tmp_path / "p.txt"
    src.write_text(CLASSIC + "\n" + CLASSIC + "\n")
    out = tmp_path / "out.jsonl"
    out.write_text("partial line of the first writer")  # no newline: --resume would cut it
    with open(out, "a") as first:
        fcntl.flock(first, fcntl.LOCK_EX | fcntl.LOCK_NB)  # what a running batch holds
        code = main(["batch", str(src), "-o", str(out)] + (["--resume"] if resume else []))
        err = capsys.readouterr().err
    assert code == 2
    assert "another sudoku-cp is writing to it" in err and err.count("\n") == 1
    assert out.read_text() == "partial line of the first writer"
    assert main(["batch", str(src), "-o", str(out)]) == 0  # the lock went with its holder
    assert line_count(out) == 2


def test_two_concurrent_batches_on_one_output(tmp_path):
    src = tmp_path / "p.txt"
    src.write_text("\n".join(dataset_lines("17clue-half.txt", limit=20000)) + "\n")
    out = tmp_path / "out.jsonl"
    first = start(["batch", str(src), "-o", str(out), "--unique"])
    assert wait_until(lambda: line_count(out) > 0, first)
    second = subprocess.run([sys.executable, "-m", "sudoku_cp", "batch", str(src), "-o", str(out), "--resume"],
                            cwd=ROOT, capture_output=True, text=True)
    still_running = first.poll() is None
    first.kill()
    first.communicate()
    assert still_running  # 20,000 puzzles: the first is still writing
    assert second.returncode == 2 and "another sudoku-cp is writing to it" in second.stderr


# -- 5. workers die with their parent ------------------------------------------------------------


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_their_batch(tmp_path, how):
    src = tmp_path / "p.txt"
    src.write_text("\n".join(dataset_lines("17clue-half.txt", limit=20000)) + "\n")
    out = tmp_path / "out.jsonl"
    proc = start(["batch", str(src), "-o", str(out), "--unique", "--jobs", "2", "--force-jobs"])
    assert wait_until(lambda: len(children(proc.pid)) >= 2 and line_count(out) > 0, proc)
    workers = children(proc.pid)
    os.kill(proc.pid, how)  # the parent only, as `kill` does
    err = proc.communicate()[1].decode()
    assert wait_until(lambda: not any(alive(w) for w in workers)), "a worker outlived its batch"
    if how == signal.SIGTERM:
        assert (proc.returncode, err) == (143, "sudoku-cp: terminated\n")
        done, _ = resume_point(out)
        assert done == line_count(out) > 0
    else:
        assert proc.returncode == -signal.SIGKILL


# -- 6. no command writes over its input ---------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["encode", "-f", "{src}", "-o", "{src}"],
    ["encode", "-f", "{src}", "-o", "{link}"],
    ["bench", "{src}", "--csv", "{src}"],
    ["bench", "{src}", "--json", "-o", "{src}"],
    ["bench", "-f", "{link}", "-o", "{src}"],
    ["bench", "{src}", "--plot", "{png}"],
    ["explain", "-f", "{src}", "--svg", "{src}"],
    ["batch", "{src}", "-o", "{src}"],
])
def test_an_output_that_is_the_input_is_refused(tmp_path, capsys, args):
    src = tmp_path / "in.txt"
    src.write_text(CLASSIC + "\n")
    png = tmp_path / "in.png"
    png.write_text(CLASSIC + "\n")
    (tmp_path / "link.txt").symlink_to(src)
    names = {"src": str(src), "link": str(tmp_path / "link.txt"), "png": str(png)}
    if "{png}" in args:
        args = [a.replace("{src}", "{png}") for a in args]
    before = {p: p.read_text() for p in (src, png)}
    assert main([a.format(**names) for a in args]) == 2
    err = capsys.readouterr().err
    assert "is the input file" in err and err.count("\n") == 1
    assert {p: p.read_text() for p in (src, png)} == before


# -- 7. SIGTERM removes the external backend's temporary directory ------------------------------


@pytest.mark.skipif(not any(os.access(os.path.join(d, "cadical"), os.X_OK)
                            for d in os.environ.get("PATH", "").split(os.pathsep)),
                    reason="needs the cadical binary (apt-get install cadical)")
def test_sigterm_removes_the_external_backends_temporary_directory(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = start(["count", "." * 625, "--backend", "external:cadical", "--limit", "100000"],
                 env={**os.environ, "TMPDIR": str(tmp)})
    assert wait_until(lambda: any((d / "puzzle.cnf").exists() for d in tmp.glob("sudoku-cp-*")), proc)
    os.kill(proc.pid, signal.SIGTERM)
    err = proc.communicate()[1].decode()
    assert (proc.returncode, err) == (143, "sudoku-cp: terminated\n")
    assert list(tmp.iterdir()) == []


# -- 11. --jobs is capped at the CPU count unless forced -----------------------------------------


def test_jobs_above_the_cpu_count_are_refused_unless_forced(tmp_path, capsys):
    src = tmp_path / "p.txt"
    src.write_text(CLASSIC + "\n")
    out = tmp_path / "out.jsonl"
    cap = os.cpu_count() or 1
    assert main(["batch", str(src), "-o", str(out), "--jobs", "300"]) == 2
    err = capsys.readouterr().err
    assert f"expected at most {cap}" in err and "--force-jobs" in err and err.count("\n") == 1
    assert not out.exists()
    assert main(["batch", str(src), "-o", str(out), "--jobs", str(cap + 1), "--force-jobs"]) == 0
    assert line_count(out) == 1
