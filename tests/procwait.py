"""Wait until a child process is past its start-up, by what Linux shows of it, not by a guessed sleep.

A SIGINT that lands while Python is still importing is a KeyboardInterrupt before ``main`` runs:
on a busy machine a fixed sleep sends it there. These predicates look at ``/proc`` instead.
"""

from __future__ import annotations

import platform
import subprocess
import time

READ_SYSCALL = {"x86_64": 0, "aarch64": 63}.get(platform.machine())  # the number of read(2)


def reading_standard_input(pid: int) -> bool:
    """The process sits in ``read(0, ...)``: it got as far as reading its input."""
    try:
        with open(f"/proc/{pid}/syscall", encoding="ascii") as handle:
            fields = handle.read().split()
    except OSError:
        return False
    return len(fields) > 1 and fields[0] == str(READ_SYSCALL) and int(fields[1], 16) == 0


def has_loaded(pid: int, library: str) -> bool:
    """The process has mapped a shared library whose path contains ``library`` (e.g. ``pysolvers``)."""
    try:
        with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as handle:
            return library in handle.read()
    except OSError:
        return False


def wait_until_started(proc: subprocess.Popen, started, seconds: float = 120.0) -> None:
    """Poll ``started(pid)`` until it holds; a bound far beyond any start-up, then the test goes on.

    Where ``/proc`` does not tell (another system), fall back to a few seconds' sleep.
    """
    if READ_SYSCALL is None:
        time.sleep(4.0)
        return
    end = time.monotonic() + seconds
    while time.monotonic() < end and proc.poll() is None and not started(proc.pid):
        time.sleep(0.02)
