"""The repository's puzzle collections for the bench scripts: data/NAME.gz, read as text.

The scripts import this as ``_data`` (Python puts the script's own directory, bench/, on the path).
"""

from __future__ import annotations

import gzip
import os
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def data_path(name: str) -> Path:
    """``data/NAME``, or ``data/NAME.gz`` when that is the file there (``top1465.txt`` finds the .gz)."""
    path = DATA / name
    if not path.exists() and (DATA / f"{name}.gz").exists():
        path = DATA / f"{name}.gz"
    return path


def open_text(path: str | Path):
    """A puzzle file opened for reading as UTF-8 text, through gzip when its name ends in .gz."""
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def puzzle_lines(name: str) -> list[str]:
    """The puzzle lines of a collection in data/ (blank and ``#`` lines skipped)."""
    with open_text(data_path(name)) as handle:
        return [line.strip() for line in handle.read().splitlines()
                if line.strip() and not line.startswith("#")]


def machine() -> str:
    """One line naming the date, Python, the CPU and the load, printed above every bench table.

    Speed on a shared machine is only comparable within one run; the load says how shared it was.
    """
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next((line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")),
                         model)
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {os.cpu_count()} cores "
            f"({model}), load average {load} (1, 5, 15 min)")
