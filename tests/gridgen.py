"""Test helpers: dataset paths and random solved grids, made independently of the package."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"  # the repository's puzzle collections


def dataset_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Puzzle lines of a collection in data/ (comments skipped), every ``step``-th, at most ``limit``.

    ``name`` is the collection's plain name (``top1465.txt``); the gzip file ``data/top1465.txt.gz``
    is read when no plain file of that name is there.
    """
    path = DATA / name
    if not path.exists() and not name.endswith(".gz"):
        path = DATA / f"{name}.gz"
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such collection in the repository (see data/README.md)")
    data = path.read_bytes()
    text = (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.startswith("#")]
    lines = lines[::step]
    return lines[:limit] if limit else lines


def random_solved_rows(box_rows: int, box_cols: int, rng: random.Random) -> list[list[int]]:
    """A random solved grid: the shifted base pattern, then digit, row, band, column and stack shuffles."""
    n = box_rows * box_cols
    base = [[(box_cols * (r % box_rows) + r // box_rows + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(box_cols))  # n // box_rows bands of box_rows rows
    rng.shuffle(bands)
    rows = [b * box_rows + r for b in bands for r in rng.sample(range(box_rows), box_rows)]
    stacks = list(range(box_rows))  # n // box_cols stacks of box_cols columns
    rng.shuffle(stacks)
    cols = [s * box_cols + c for s in stacks for c in rng.sample(range(box_cols), box_cols)]
    return [[digits[base[r][c] - 1] for c in cols] for r in rows]


def blank_out(rows: list[list[int]], keep: float, rng: random.Random) -> list[list[int]]:
    """A copy with each cell kept with probability ``keep``, blank (0) otherwise."""
    return [[d if rng.random() < keep else 0 for d in row] for row in rows]


def rules_hold(rows: list[list[int]], box_rows: int, box_cols: int) -> bool:
    """The Sudoku rules restated plainly, for checking the test helpers themselves."""
    n = box_rows * box_cols
    want = set(range(1, n + 1))
    units = [set(row) for row in rows] + [{rows[r][c] for r in range(n)} for c in range(n)]
    units += [{rows[br + i][bc + j] for i in range(box_rows) for j in range(box_cols)}
              for br in range(0, n, box_rows) for bc in range(0, n, box_cols)]
    return all(u == want for u in units)
