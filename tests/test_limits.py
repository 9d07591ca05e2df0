"""Limits and faults: time limits give ``unknown`` (exit 4), memory stays flat, Ctrl-C exits 130.

Only correctness is asserted (statuses, exit codes, messages, memory growth): how soon after the
limit the answer comes is measured by ``bench/bench_limits.py``, never asserted here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gridgen import dataset_lines
from procwait import reading_standard_input, wait_until_started

from sudoku_cp import Board, Shape, parse_puzzle
from sudoku_cp.backends.dfs import check_interval
from sudoku_cp.cli import main
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.results import EXIT_INTERRUPTED, EXIT_TIMEOUT, Status
from sudoku_cp.tasks.solving import count, solve

HARD = dataset_lines("top1465.txt", limit=12)
EXPIRED = 1e-6  # a limit that is over before any solver starts: the answer must be 'unknown'
EMPTY_64 = ",".join(["0"] * 64 * 64)
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


# --- time limits ------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sat", "sat:glucose4", "cpsat", "external:minisat"])
def test_an_expired_limit_on_hard_9x9s_is_unknown(backend):
    for line in HARD:
        result = solve(parse_puzzle(line), backend=backend, time_limit=EXPIRED)
        assert result.status is Status.UNKNOWN, (backend, line)
        assert result.solution is None and result.exit_code == EXIT_TIMEOUT


@pytest.mark.parametrize("backend", ["dfs", "dfs:plain"])
def test_backtracking_with_an_expired_limit_is_unknown_or_right(backend):
    # dfs looks at the clock every check_interval() nodes: a puzzle it finishes before its first look
    # is answered (correctly); every other one is unknown.
    for line in HARD:
        board = parse_puzzle(line)
        result = count(board, limit=2, backend=backend, time_limit=EXPIRED)
        if result.status is Status.UNKNOWN:
            assert result.complete is False
        else:
            assert result.stats["nodes"] < check_interval(board.blanks, backend == "dfs"), (backend, line)
            assert result.status is Status.UNIQUE and is_solution(result.solution, board)


@pytest.mark.parametrize("backend", ["sat", "cpsat", "dfs"])
def test_an_empty_64x64_under_a_limit_is_unknown_or_incomplete(backend):
    result = count(Board.empty(Shape(8, 8)), limit=10**9, backend=backend, time_limit=0.3)
    assert result.complete is False
    assert result.status in (Status.UNKNOWN, Status.MULTIPLE)
    for solution in result.solutions:
        assert is_solution(solution)


def test_cli_time_limit_exit_4_and_json_unknown(capsys):
    code = main(["solve", "--json", "--time-limit", str(EXPIRED), HARD[0]])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_TIMEOUT
    assert record["status"] == "unknown" and record["solution"] is None


def test_cli_count_on_empty_64x64_under_a_limit_exits_4(capsys):
    # CaDiCaL with clauses, which finds no solution within the limit; the default (MiniCard with
    # native at-most-one) may find two, and then the answer is 'multiple', exit 1
    code = main(["count", "--json", "--backend", "sat:cadical195", "--time-limit", "0.3", "--limit",
                 "1000000", EMPTY_64])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_TIMEOUT
    assert record["status"] == "unknown" and record["complete"] is False


# --- memory stays flat ----------------------------------------------------------------------------

# VmHWM, not ru_maxrss: on Linux ru_maxrss keeps the forking parent's peak across exec, so it
# would measure pytest; VmHWM is the peak of this process's own memory since exec.
PEAK = ("import re, sys; from sudoku_cp.cli import main; code = main(sys.argv[1:]); "
        "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1); "
        "print(hwm, code, file=sys.stderr)")


def peak_kb(args: list[str]) -> tuple[int, int]:
    """Peak resident memory (KB) and exit code of one command run in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True,
                          check=False, timeout=600)
    kb, code = done.stderr.strip().splitlines()[-1].split()
    return int(kb), int(code)


def test_memory_does_not_grow_with_the_file(tmp_path):
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    line = "1.3.3.1.2.4.4.2.\n"
    small.write_text(line * 1_000)
    big.write_text(line * 60_000)  # 1 MB with no blank line: one block if the reader held blocks
    small_kb, small_code = peak_kb(["validate", "-f", str(small)])
    big_kb, big_code = peak_kb(["validate", "-f", str(big)])
    assert small_code == big_code == 0
    # holding the 60,000-line block (as the reader once did) costs about 11 MB more
    assert big_kb - small_kb < 5_000, (small_kb, big_kb)


def test_a_ten_megabyte_line_is_not_held_whole(tmp_path):
    plain, long = tmp_path / "plain.txt", tmp_path / "long.txt"
    plain.write_text("1.3.3.1.2.4.4.2.\n")
    long.write_text("1" * 50_000_000 + "\n1.3.3.1.2.4.4.2.\n")  # 50 MB on one line
    plain_kb, _ = peak_kb(["validate", "-f", str(plain)])
    long_kb, code = peak_kb(["validate", "-f", str(long)])
    assert code == 2
    assert long_kb - plain_kb < 20_000, (plain_kb, long_kb)


# --- Ctrl-C -----------------------------------------------------------------------------------------


def interrupt_all(runs: dict[str, list[str]], wait: float, env: dict | None = None,
                  started=lambda pid: True) -> dict[str, tuple]:
    """Start every command at once, wait, send each SIGINT as a terminal's Ctrl-C would, and
    collect how each one ended: ``{label: (exit code, stdout, stderr)}``."""
    processes = {
        label: subprocess.Popen([sys.executable, "-m", "sudoku_cp", *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, **(env or {})})
        for label, args in runs.items()
    }
    for process in processes.values():  # past start-up: a SIGINT then would land in Python's imports
        wait_until_started(process, started)
    time.sleep(wait)  # let them get into their work (not a speed check)
    for process in processes.values():
        process.send_signal(signal.SIGINT)
    ended = {}
    for label, process in processes.items():
        try:
            out, err = process.communicate(timeout=120)  # a hang detector, not a speed check
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            err += "\n(hung after SIGINT)"
        ended[label] = (process.returncode, out, err)
    return ended


def _input_commands() -> dict[str, list[str]]:
    """Every command that reads a puzzle, told to read standard input (which never ends here)."""
    import argparse

    from sudoku_cp.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = {}
    for name, p in sub.choices.items():
        dests = {a.dest: a for a in p._actions}
        if "directory" in dests:  # check-proof DIR -f -: the proofs' directory, then the puzzles
            found[name] = [name, ".", "-f", "-"]
        elif "puzzle" in dests:
            found[name] = [name, "-"]
        elif "file" in dests:
            flag = dests["file"].option_strings
            found[name] = [name] + ([flag[0], "-"] if flag else ["-"])
    return found


def broken(ended: dict[str, tuple]) -> list[str]:
    """The runs that did not end with exit 130 and exactly the one line 'sudoku-cp: interrupted'."""
    return [f"{label}: exit {code}, stderr {err[-300:]!r}, stdout {out[:100]!r}"
            for label, (code, out, err) in ended.items()
            if code != EXIT_INTERRUPTED or err.strip().splitlines() != ["sudoku-cp: interrupted"]
            or out != ""]


def test_ctrl_c_in_every_command_while_it_reads_input_exits_130_with_one_line():
    runs = _input_commands()
    assert {"validate", "solve", "count"} <= set(runs)
    assert not broken(interrupt_all(runs, wait=0.5, started=reading_standard_input))


def test_ctrl_c_while_solving_exits_130_and_leaves_nothing_behind(tmp_path):
    runs = {backend: ["count", "--backend", backend, "--limit", "1000000000", EMPTY_64]
            for backend in ("sat", "sat:glucose4", "cpsat", "dfs", "external:minisat")}
    assert not broken(interrupt_all(runs, wait=4.0, env={"TMPDIR": str(tmp_path)}))
    assert list(Path(tmp_path).iterdir()) == []  # temporary directories are cleaned up


def test_ctrl_c_inside_pysats_cardinality_encoder_is_an_interrupt(monkeypatch, capsys):
    """pycard turns a SIGINT inside its C code into `pycard.error`; that is a Ctrl-C, not a failure."""
    import pysat.card

    error = type("error", (Exception,), {"__module__": "pycard"})

    def interrupted(*args, **kwargs):
        raise error("Caught keyboard interrupt")

    monkeypatch.setattr(pysat.card.CardEnc, "atmost", interrupted)
    code = main(["count", "--backend", "external:minisat", "--encoding", "natural",
                 "--amo", "seqcounter", "--limit", "2", "0" * 81])
    assert code == EXIT_INTERRUPTED
    assert capsys.readouterr().err.strip() == "sudoku-cp: interrupted"


@pytest.mark.parametrize("time_limit", [None, 0.001])
def test_external_solver_runs_leave_no_temporary_files(time_limit, tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    board = parse_puzzle(HARD[0])
    result = solve(board, backend="external:minisat", time_limit=time_limit)
    if time_limit is None:
        assert result.status is Status.SOLVED and is_solution(result.solution, board)
    else:
        assert result.status in (Status.SOLVED, Status.UNKNOWN)
    assert list(tmp_path.iterdir()) == []



@pytest.mark.parametrize("step", ["mkdtemp", "rmtree"])
def test_a_ctrl_c_while_the_external_backends_directory_is_made_or_removed_leaves_nothing(step, tmp_path,
                                                                                           monkeypatch):
    import shutil
    import tempfile

    real = getattr({"mkdtemp": tempfile, "rmtree": shutil}[step], step)

    def interrupted(*args, **kwargs):
        made = real(*args, **kwargs) if step == "mkdtemp" else None  # made, not yet handed back
        signal.raise_signal(signal.SIGINT)  # a (second) Ctrl-C lands as the directory is made or removed
        sum(range(1000))  # Python code runs (a handler not held back would raise here)
        return made if step == "mkdtemp" else real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr({"mkdtemp": tempfile, "rmtree": shutil}[step], step, interrupted)
    with pytest.raises(KeyboardInterrupt):
        solve(parse_puzzle(CLASSIC), backend="external:minisat")
    assert list(tmp_path.iterdir()) == []

class _NativeSolver:
    """A stand-in for a PySAT solver whose native delete is hit by a Ctrl-C before PySAT forgets it."""

    def __init__(self):
        self.handle = "native"
        self.frees = 0

    def delete(self):
        if self.handle is not None:
            self.frees += 1  # the native delete has run ...
            signal.raise_signal(signal.SIGINT)  # ... and a Ctrl-C lands as it returns
            sum(range(1000))  # Python code runs (a handler not held back would raise here)
            self.handle = None  # PySAT forgets the handle only now


def test_ctrl_c_as_a_solver_is_deleted_is_delivered_after_the_delete_completes():
    """A delete cut short leaves the handle for the destructor to free again (CI saw exit -11)."""
    from sudoku_cp.backends.sat import release

    solver = _NativeSolver()
    with pytest.raises(KeyboardInterrupt):
        release(solver)
    assert solver.handle is None and solver.frees == 1
    solver.delete()  # what the destructor does later: nothing left to free
    assert solver.frees == 1
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is back


def test_a_pysat_solver_used_for_one_block_is_abandoned_not_deleted_after_a_ctrl_c():
    from sudoku_cp.backends.sat import used

    solver = _NativeSolver()
    solver.solver = None
    with pytest.raises(KeyboardInterrupt):
        with used(solver):
            raise type("error", (Exception,), {"__module__": "pysolvers"})("Caught keyboard interrupt")
    assert solver.frees == 0  # an interrupted CaDiCaL aborts on any further call, its delete included


class _NativeSolve:
    """A stand-in for a native solve that catches no signal: no Python handler runs inside it, and
    it runs until stopped (``interrupt`` / ``stop_search``) or a generous bound passes."""

    def __init__(self, signum: int):
        import threading

        self.signum = signum
        self.stopping = threading.Lock()
        self.stopping.acquire()  # released by a stop
        self.stopped_early = None
        self.running = False

    def run(self):
        import threading

        both = {signal.SIGINT, signal.SIGTERM}
        main = threading.get_ident()
        wait_line = next(n for n, line in enumerate(Path(__file__).read_text().splitlines(), 1)
                         if line.endswith("# the native call: a hang guard, not a measured time"))

        def signal_while_blocked():  # the signal lands once the call is under way
            while getattr(sys._current_frames().get(main), "f_lineno", None) != wait_line:
                time.sleep(0.001)
            time.sleep(0.05)
            os.kill(os.getpid(), self.signum)

        signal.pthread_sigmask(signal.SIG_BLOCK, both)  # only other threads take the signal, as in native code
        self.running = True
        try:
            threading.Thread(target=signal_while_blocked, daemon=True).start()
            self.stopping.acquire(True, 60)  # the native call: a hang guard, not a measured time
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, both)  # the handler runs (and raises) now

    def stop(self):
        if self.running and self.stopping.locked():  # the call is under way
            self.stopped_early = True
            self.stopping.release()

    # PySAT's names
    def interrupt(self):
        self.stop()

    def clear_interrupt(self):
        pass

    def conf_budget(self, budget):
        pass

    def solve_limited(self, assumptions=(), expect_interrupt=False):
        self.run()

    def delete(self):
        pass

    # CP-SAT's names
    parameters = type("Parameters", (), {"catch_sigint_signal": True})()

    def solve(self, *args, **kwargs):  # CP-SAT's solve(model, callback), PySAT's solve(assumptions)
        self.run()

    def stop_search(self):
        self.stop()


class _Terminated(KeyboardInterrupt):
    pass


@pytest.fixture
def sigterm_raises():
    """SIGTERM raises, as under the command line (``sudoku_cp.cli.main``)."""
    def terminate(signum, frame):
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminate)
    yield
    signal.signal(signal.SIGTERM, previous)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_an_interruptible_pysat_solve_under_a_time_limit(signum, sigterm_raises):
    """Such a solve runs with PySAT's Ctrl-C handling off: the signal, not the deadline, must stop it
    (Ctrl-C in ``solve 49x49 --backend sat:glucose4 --time-limit 100`` waited the whole limit)."""
    from sudoku_cp.backends.base import Deadline
    from sudoku_cp.backends.sat import SatBackend

    session = SatBackend("glucose4").session(parse_puzzle(CLASSIC).rules)
    session.solver.delete()
    session.solver = native = _NativeSolve(signum)
    session._interruptible = True
    with pytest.raises(_Terminated if signum == signal.SIGTERM else KeyboardInterrupt):
        session.solve_literals([], Deadline(3600))
    assert native.stopped_early is True
    assert session.interrupted
    session.close()


def test_sigterm_stops_a_one_shot_pysat_solve_without_a_limit(monkeypatch, sigterm_raises):
    """PySAT catches only Ctrl-C in a native solve: SIGTERM waited for its end (``solve`` on an
    empty 49x49 with sat:glucose4, or plain sat's MiniCard, over a minute)."""
    import sudoku_cp.backends.sat as sat

    native = _NativeSolve(signal.SIGTERM)
    native.add_clause = lambda clause: None
    native.accum_stats = lambda: {}
    monkeypatch.setattr(sat, "new_solver", lambda name, clauses: native)
    with pytest.raises(_Terminated):
        sat.SatBackend("glucose4").count(parse_puzzle("1234341221434321"[:-1] + "."), 2)
    assert native.stopped_early is True

@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_a_cpsat_search(signum, sigterm_raises):
    """CP-SAT's own SIGINT handler is off; SIGTERM waited for the search's end (18 s on an empty 49x49)."""
    from sudoku_cp.backends.cpsat import _solve_interruptibly

    native = _NativeSolve(signum)
    with pytest.raises(_Terminated if signum == signal.SIGTERM else KeyboardInterrupt):
        _solve_interruptibly(native, None, None)
    assert native.stopped_early is True
    assert native.parameters.catch_sigint_signal is False


@pytest.mark.parametrize("timeout", [1e-9, 0.05])  # (over before the watcher looks, or while it waits)
@pytest.mark.parametrize("main_thread", [True, False])
def test_a_time_limit_stops_a_native_call(timeout, main_thread):
    import threading

    from sudoku_cp.core.packages import stopped_by_signals

    stopped = threading.Event()

    def work():
        with stopped_by_signals(stopped.set, timeout=timeout):
            stopped.wait(60)  # a hang guard, not a measured time

    if main_thread:
        work()
    else:
        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
    assert stopped.is_set()



def test_a_ctrl_c_as_a_native_call_ends_leaves_no_wakeup_fd_nor_watcher(monkeypatch):
    """A signal landing as the block is left (before Ctrl-C is held back) must not leave Python's
    wakeup fd on a socket that is then closed (its number reused by the next file opened)."""
    import threading
    from contextlib import contextmanager

    import sudoku_cp.core.packages as packages

    hold = packages.held_interrupts
    calls = []

    @contextmanager
    def cut_short():
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt  # Ctrl-C lands just before the hold begins
        with hold():
            yield

    monkeypatch.setattr(packages, "held_interrupts", cut_short)
    before = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(before)
    with pytest.raises(KeyboardInterrupt):
        with packages.stopped_by_signals(lambda: None):
            pass
    assert signal.set_wakeup_fd(before) == before  # restored
    assert not any(t.name == "stop-on-signal" for t in threading.enumerate())
