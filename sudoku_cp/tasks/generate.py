"""Unique puzzles of any supported size, reproducible from a seed, and an honest difficulty signal.

How a puzzle is made:

1. a solved grid: for N <= 16 a SAT solver fills the empty grid with random phases; for larger N
   the shifted base pattern ``(C * (r mod R) + r div R + c) mod N``; then random symmetry moves
   (relabel digits, permute rows inside bands, bands, columns inside stacks, stacks, and transpose
   when boxes are square), all drawn from ``random.Random(seed)``;
2. clue removal: cells (or symmetric pairs of cells) in random order, each removed when the
   puzzle stays unique, asked of one incremental SAT solver (:class:`~sudoku_cp.tasks.minimize.UniquenessOracle`);
   one pass gives a minimal puzzle (no clue, or symmetric pair, can go), ``clues`` stops early;
3. every puzzle is re-checked unique by another backend (CP-SAT by default) before it is returned.

>>> from sudoku_cp.core.board import Shape
>>> puzzle = generate_one(Shape(2, 2), seed=1)
>>> puzzle.puzzle.size, puzzle.puzzle.blanks > 0, puzzle.solution.is_full()
(4, True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..backends.base import Deadline
from ..core.board import Board, Shape
from ..core.check import solution_problems
from ..core.results import SolverFailure, Status
from ..core.results import TimeLimitReached

SYMMETRIES = ("none", "rotational", "diagonal")
SAT_FILL_MAX = 16  # up to this size the solved grid comes from a SAT solver with random phases


class GenerateError(ValueError):
    """The requested puzzle cannot be made (e.g. too few clues for this size)."""


@dataclass
class Generated:
    """One generated puzzle, its solution, how it was checked, and its difficulty signals."""

    puzzle: Board
    solution: Board
    seed: int
    minimal: bool
    verified_by: str
    time_s: float
    difficulty: dict[str, Any] = field(default_factory=dict)

    @property
    def clues(self) -> int:
        return len(self.puzzle.givens())

    def to_json(self, symbols: str | None = None) -> dict[str, Any]:
        from ..formats.text import format_line

        return {"size": self.puzzle.size, "box": list(self.puzzle.box),
                "puzzle": format_line(self.puzzle, symbols), "status": Status.UNIQUE.value,
                "solution": format_line(self.solution, symbols), "clues": self.clues,
                "minimal": self.minimal, "seed": self.seed, "backend": self.verified_by,
                "time_s": round(self.time_s, 6), "difficulty": self.difficulty}


def pattern_grid(shape: Shape) -> Board:
    """The shifted base pattern, a valid solved grid for every box shape.

    >>> pattern_grid(Shape(2, 2)).cells
    (1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3)
    """
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    return Board(shape, tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)))


def sat_filled_grid(shape: Shape, rng: random.Random) -> Board:
    """A solved grid from a SAT solver run on the empty grid with random phases."""
    from ..model.cnf import decode, var
    from .explain import rules_engine

    n = shape.size
    with rules_engine(shape) as engine:
        phases = [var(n, r, c, d) * rng.choice((1, -1))
                  for r in range(n) for c in range(n) for d in range(1, n + 1)]
        engine.solver.set_phases(phases)
        if not engine.solver.solve():
            raise SolverFailure("the SAT solver found no solution of the empty grid")
        return decode(engine.solver.get_model(), Board.empty(shape))


def shuffle_grid(grid: Board, rng: random.Random) -> Board:
    """Apply random validity-preserving moves: digits, rows in bands, bands, columns in stacks, stacks."""
    shape = grid.shape
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = rng.sample(range(n // br), n // br)
    rows = [b * br + i for b in bands for i in rng.sample(range(br), br)]
    stacks = rng.sample(range(n // bc), n // bc)
    cols = [s * bc + j for s in stacks for j in rng.sample(range(bc), bc)]
    transpose = br == bc and rng.random() < 0.5
    cells = []
    for r in range(n):
        for c in range(n):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            cells.append(digits[grid.cells[rr * n + cc] - 1])
    return Board(shape, tuple(cells))


def solved_grid(shape: Shape, rng: random.Random) -> Board:
    """A random solved grid of a shape (see the module text), checked by the independent checker."""
    base = sat_filled_grid(shape, rng) if shape.size <= SAT_FILL_MAX else pattern_grid(shape)
    grid = shuffle_grid(base, rng)
    problems = solution_problems(grid)
    if problems:
        raise SolverFailure(f"generated grid is not solved: {'; '.join(problems[:3])}")
    return grid


def orbits(n: int, symmetry: str) -> list[list[int]]:
    """Groups of cell indices removed together: singletons, rotation pairs, or diagonal mirror pairs.

    >>> orbits(4, "rotational")[:2], len(orbits(4, "diagonal"))
    ([[0, 15], [1, 14]], 10)
    """
    if symmetry not in SYMMETRIES:
        raise ValueError(f"symmetry {symmetry!r}: expected one of {', '.join(SYMMETRIES)}")
    seen, groups = set(), []
    for i in range(n * n):
        if i in seen:
            continue
        r, c = divmod(i, n)
        mate = {"none": i, "rotational": (n - 1 - r) * n + (n - 1 - c), "diagonal": c * n + r}[symmetry]
        group = sorted({i, mate})
        seen.update(group)
        groups.append(group)
    return groups


def carve(solution: Board, rng: random.Random, symmetry: str = "none", clues: int | None = None,
          deadline: Deadline | None = None, solver: str | None = None) -> Board:
    """Remove clues from a solved grid while the puzzle stays unique (one incremental SAT solver)."""
    from .minimize import UniquenessOracle, minimal_givens

    groups = orbits(solution.size, symmetry)
    rng.shuffle(groups)
    givens = solution.givens()  # row-major, so index i is cell i
    with UniquenessOracle(solution, solver) as oracle:
        kept = minimal_givens(givens, oracle, groups, deadline, keep_at_least=clues or 0)
    return Board.empty(solution.shape).with_givens(kept)


def difficulty(board: Board, dfs_max_size: int = 16, dfs_time_limit: float | None = 2.0) -> dict[str, Any]:
    """Difficulty signals, each saying what it measures (for a unique puzzle):

    - ``propagation_solves``: unit propagation on the ``complete`` encoding, givens assumed,
      fixes every cell (roughly: naked and hidden singles suffice); ``propagation_fixed`` counts
      the cells it fixes;
    - ``sat_conflicts`` / ``sat_decisions``: CaDiCaL's counters for solving and proving uniqueness;
    - ``dfs_nodes``: nodes of the ``dfs`` backend proving uniqueness (sizes up to ``dfs_max_size``;
      ``None`` beyond, or when ``dfs_time_limit`` stops it).

    >>> from sudoku_cp import examples
    >>> difficulty(examples.classic())["propagation_solves"]
    True
    """
    from ..backends.dfs import search
    from ..backends.sat import SatBackend
    from ..model.cnf import given_literals
    from .explain import rules_engine

    n = board.size
    with rules_engine(board.shape) as engine:
        ok, implied = engine.solver.propagate(assumptions=given_literals(board))
    fixed = len({(lit - 1) // n for lit in implied if 0 < lit <= n**3}) if ok else 0
    sat = SatBackend(simplify=False).count(board, 2)
    out: dict[str, Any] = {"propagation_solves": bool(ok) and fixed == n * n,
                           "propagation_fixed": fixed,
                           "sat_conflicts": sat.stats.get("conflicts"),
                           "sat_decisions": sat.stats.get("decisions"), "dfs_nodes": None}
    if n <= dfs_max_size:
        outcome = search(board, 2, Deadline(dfs_time_limit))
        if outcome.complete:
            out["dfs_nodes"] = outcome.stats["nodes"]
    return out


def generate_one(shape: Shape, seed: int, minimal: bool = True, clues: int | None = None,
                 symmetry: str = "none", verify_backend: str = "cpsat", attempts: int = 20,
                 deadline: Deadline | None = None, solver: str | None = None,
                 with_difficulty: bool = False) -> Generated:
    """One unique puzzle made from ``seed`` (the same seed gives the same puzzle), verified by ``verify_backend``.

    With ``clues`` the removal stops at that many clues; a grid whose removal gets stuck above it
    is replaced by a new one, up to ``attempts`` times, then :class:`GenerateError`. Without
    ``clues`` the puzzle is minimal (among puzzles with the chosen symmetry).
    """
    from .solving import count

    if clues is not None and not 0 <= clues <= shape.size**2:
        raise GenerateError(f"clues {clues}: expected 0..{shape.size**2} for a {shape.size}x{shape.size}")
    start = time.perf_counter()
    rng = random.Random(seed)
    deadline = deadline or Deadline(None)
    fewest = None
    for _ in range(attempts if clues is not None else 1):
        solution = solved_grid(shape, rng)
        puzzle = carve(solution, rng, symmetry, clues, deadline, solver)
        given_count = len(puzzle.givens())
        fewest = given_count if fewest is None else min(fewest, given_count)
        if clues is None or given_count == clues:
            break
        if deadline.expired():
            raise TimeLimitReached("the time limit ended the generation")
    else:
        raise GenerateError(f"no unique {shape.size}x{shape.size} puzzle with {clues} clues found in "
                            f"{attempts} attempts (fewest reached: {fewest}); ask for more clues")
    check = count(puzzle, 2, verify_backend, time_limit=deadline.remaining())
    if check.status is not Status.UNIQUE or check.solution != solution:
        raise SolverFailure(f"{check.backend} says the generated puzzle is {check.status}, "
                            f"not unique with the generator's solution")
    made = Generated(puzzle, solution, seed, clues is None, check.backend or verify_backend,
                     time.perf_counter() - start)
    if with_difficulty:
        made.difficulty = difficulty(puzzle)
    return made


def generate(shape: Shape, count: int = 1, seed: int | None = None, **options) -> Iterator[Generated]:
    """``count`` puzzles; puzzle k uses seed ``seed + k`` (a random seed when ``seed`` is None).

    Options are those of :func:`generate_one`.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    for k in range(count):
        yield generate_one(shape, seed + k, **options)
