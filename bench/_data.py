"""The repository's puzzle collections for the bench scripts: data/NAME.gz, read as text.

The scripts import this as ``_data`` (Python puts the script's own directory, bench/, on the path).
"""

from __future__ import annotations

import gzip
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
