"""Write tests/data/large-N.txt: fixed partial grids of large sizes, from a known solution.

Run: python bench/make_large_puzzles.py   (the files are in the repository; this remakes them)

Each file holds one puzzle for N = 25, 36, 49, 64: a solved grid (the shifted base pattern,
shuffled by the moves that keep the rules, from a fixed seed) of which a fixed random 30% of the
cells are kept as givens. Such a puzzle has a solution (the grid it came from) and usually many;
``solve`` finds one. Written as integer rows (one row per line), the form read for every N.
"""

from __future__ import annotations

import random
from pathlib import Path

from sudoku_cp.core.shape import Shape
from sudoku_cp.formats.text import format_int_rows
from sudoku_cp.tasks.generate import pattern_grid, shuffle_grid

OUT = Path(__file__).resolve().parents[1] / "tests" / "data"
SIZES = (25, 36, 49, 64)
KEEP = 0.30
SEED = 13


def make(size: int):
    rng = random.Random(SEED * 1000 + size)
    root = int(size ** 0.5)
    solution = shuffle_grid(pattern_grid(Shape(root, root)), rng)
    cells = list(solution.cells)
    kept = set(rng.sample(range(size * size), round(KEEP * size * size)))
    return solution, solution.with_cells(tuple(d if i in kept else 0 for i, d in enumerate(cells)))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        _, puzzle = make(size)
        (OUT / f"large-{size}.txt").write_text(
            f"# {size}x{size}, {round(KEEP * 100)}% of a shuffled pattern grid kept "
            f"(bench/make_large_puzzles.py, seed {SEED})\n{format_int_rows(puzzle)}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
