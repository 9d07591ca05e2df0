"""Unique puzzles of any supported size, reproducible from a seed, and an honest difficulty signal.

How a puzzle is made:

1. a solved grid: for N <= 16 (and for any rules but classic Sudoku's, at any size) a SAT
   session fills the empty grid with random phases; for larger classic N the shifted base pattern
   ``(C * (r mod R) + r div R + c) mod N``; then random symmetry moves (relabel digits, permute
   rows inside bands, bands, columns inside stacks, stacks, and transpose), each applied only when
   the rules allow it (:func:`~sudoku_cp.constraints.maps_to_itself`; for classic Sudoku all
   of them, transpose when boxes are square), all drawn from ``random.Random(seed)``;
2. clue removal: cells (or symmetric pairs of cells) in random order, each removed when the
   puzzle stays unique, asked of one incremental session (:class:`~sudoku_cp.tasks.minimize.UniquenessOracle`);
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

from ..constraints import digit_symmetric, maps_to_itself
from ..backends import DEFAULT, Backend, Deadline, make
from ..core.board import Board, Rules, Shape
from ..core.check import solution_problems
from ..core.results import SolverFailure, Status, TimeLimitReached
from ..formats.records import record
from ..formats.notebook import facts_table, grid_html
from .cores import backend_for, recheck_unique
from .explain import Explanation
from .minimize import Progress, UniquenessOracle, minimal_givens

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

    def _repr_html_(self) -> str:
        """The puzzle and its solution side by side, with the facts, for a notebook."""
        facts = facts_table([("seed", self.seed), ("clues", self.clues), ("minimal", self.minimal),
                             ("unique, re-checked by", self.verified_by), ("time", f"{self.time_s:.3f} s")]
                            + [(k, v) for k, v in self.difficulty.items()])
        return (f'<div class="sudoku-cp-generated">{facts}<table><tr><td>{grid_html(self.puzzle)}</td>'
                f'<td>{grid_html(self.puzzle, self.solution)}</td></tr></table></div>')


def generated_record(made: Generated, symbols: str | None = None) -> dict[str, Any]:
    """The JSON object of one generated puzzle (``generate --json``): an explanation's record, then
    ``clues`` and ``seed``.

    Keys and types are those of ``minimize``'s records: ``status`` ``unique`` (count 1, complete),
    ``backend`` the one that re-checked uniqueness, ``minimal`` the puzzle itself when no clue can
    be dropped, null when it was not made minimal (``--clues``), ``difficulty`` null without
    ``--difficulty``.
    """
    answer = Explanation(Status.UNIQUE, made.puzzle, solution=made.solution, count=1, complete=True,
                         backend=made.verified_by, time_s=made.time_s,
                         minimal=made.puzzle if made.minimal else None, difficulty=made.difficulty or None)
    return {**record(answer, symbols, explain=True), "clues": made.clues, "seed": made.seed}


def pattern_grid(shape: Shape) -> Board:
    """The shifted base pattern, a valid solved grid of classic Sudoku for every box shape.

    >>> pattern_grid(Shape(2, 2)).cells
    (1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3)
    """
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    return Board(shape, tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)))


def _rules(rules: Rules | Shape) -> Rules:
    return rules if isinstance(rules, Rules) else Rules.classic(rules)


def sat_filled_grid(rules: Rules | Shape, rng: random.Random, backend: str | Backend | None = None) -> Board:
    """A solved grid from a session (the SAT backend's unless ``backend`` takes hints) run on the
    empty grid with random preferred values (phases); :class:`GenerateError` when variant rules
    have no solution at all (4x4 nonconsecutive, say)."""
    rules = _rules(rules)
    n = rules.size
    blank = Board.empty(rules.shape, rules)
    filler = backend_for(backend, "hint")
    with filler.session(rules) as session:
        session.hint([(r, c, d * rng.choice((1, -1))) for r in range(n) for c in range(n) for d in range(1, n + 1)])
        if not session.solve([]):
            if rules.is_classic:  # every classic grid has solutions: the solver is wrong
                raise SolverFailure(f"{filler.name} found no solution of the empty grid")
            raise GenerateError(f"the rules ({rules.name} on a {rules.shape}) have no solution even on "
                                f"the empty grid (by {filler.name}): no puzzle can be made")
        return session.solution(blank)


def _line_map(n: int, src: list[int], rows: bool) -> list[int]:
    """The cell map of a row (or column) permutation: line ``src[k]`` moves to line ``k``."""
    cell_map = [0] * (n * n)
    for k, old in enumerate(src):
        for j in range(n):
            if rows:
                cell_map[old * n + j] = k * n + j
            else:
                cell_map[j * n + old] = j * n + k
    return cell_map


def shuffle_grid(grid: Board, rng: random.Random) -> Board:
    """Apply random moves that keep the rules: digits, rows in bands, bands, columns in stacks,
    stacks, transpose. Each move is drawn, then applied only if the rules map onto themselves
    under it (:func:`~sudoku_cp.constraints.maps_to_itself`; relabelling digits: when :func:`~sudoku_cp.constraints.digit_symmetric`,
    i.e. no cage sum and no nonconsecutive rule), so every move of classic Sudoku is taken and a
    variant keeps its rules.
    The random numbers drawn do not depend on the rules, except that transposing is drawn only
    when it is allowed.
    """
    rules = grid.rules
    shape = grid.shape
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    identity = list(range(n))
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    if not digit_symmetric(rules):
        digits = list(range(1, n + 1))
    bands = rng.sample(range(n // br), n // br)
    in_bands = [rng.sample(range(br), br) for _ in bands]
    stacks = rng.sample(range(n // bc), n // bc)
    in_stacks = [rng.sample(range(bc), bc) for _ in stacks]

    def allowed(src: list[int], rows: bool) -> list[int]:
        return src if maps_to_itself(rules, _line_map(n, src, rows)) else identity

    band_src = allowed([bands[k // br] * br + k % br for k in range(n)], True)
    row_src = allowed([(k // br) * br + in_bands[k // br][k % br] for k in range(n)], True)
    stack_src = allowed([stacks[k // bc] * bc + k % bc for k in range(n)], False)
    col_src = allowed([(k // bc) * bc + in_stacks[k // bc][k % bc] for k in range(n)], False)
    rows = [band_src[i] for i in row_src]
    cols = [stack_src[j] for j in col_src]
    flip = [c * n + r for r in range(n) for c in range(n)]
    transpose = maps_to_itself(rules, flip) and rng.random() < 0.5
    cells = []
    for r in range(n):
        for c in range(n):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            cells.append(digits[grid.cells[rr * n + cc] - 1])
    return grid.with_cells(tuple(cells))


def solved_grid(rules: Rules | Shape, rng: random.Random) -> Board:
    """A random solved grid under ``rules`` (or a shape's classic rules; see the module text),
    checked by the independent checker."""
    rules = _rules(rules)
    if rules.is_classic and rules.size > SAT_FILL_MAX:
        base = pattern_grid(rules.shape)
    else:
        base = sat_filled_grid(rules, rng)
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
          deadline: Deadline | None = None, backend: str | Backend | None = None,
          progress: Progress | None = None) -> Board:
    """Remove clues from a solved grid while the puzzle stays unique (one incremental session).

    ``progress(stage, done, total)`` hears each clue (or symmetric pair) tried.
    """
    groups = orbits(solution.size, symmetry)
    rng.shuffle(groups)
    givens = solution.givens()  # row-major, so index i is cell i
    with UniquenessOracle(solution, backend) as oracle:
        kept = minimal_givens(givens, oracle, groups, deadline, keep_at_least=clues or 0, progress=progress)
    return solution.blank().with_givens(kept)


DFS_MAX_SIZE = 16  # difficulty's dfs node count: grids up to this size ...
DFS_SECONDS = 2.0  # ... within this many seconds


def difficulty(board: Board, dfs_max_size: int = DFS_MAX_SIZE, dfs_time_limit: float | None = DFS_SECONDS,
               steps_time_limit: float | None = 60.0) -> dict[str, Any]:
    """Difficulty signals, each saying what it measures (for a unique puzzle):

    - ``propagation_solves``: unit propagation on the ``complete`` encoding, givens assumed,
      fixes every cell (roughly: naked and hidden singles suffice); ``propagation_fixed`` counts
      the cells it fixes;
    - ``sat_conflicts`` / ``sat_decisions``: CaDiCaL's counters for solving and proving uniqueness;
    - ``dfs_nodes``: nodes of the ``dfs`` backend proving uniqueness (sizes up to ``dfs_max_size``;
      ``None`` beyond, or when ``dfs_time_limit`` stops it);
    - ``se``, ``level``, ``hardest``, ``techniques``: the rating of the step-by-step explanation
      (:mod:`~sudoku_cp.tasks.rating`: the SE-scale rating of its hardest step, the level in words,
      that step's technique, how often each technique was used), for classic puzzles up to 9x9
      (``None`` otherwise, or when ``steps_time_limit`` ends the steps first).

    >>> from sudoku_cp import examples
    >>> difficulty(examples.classic())["propagation_solves"]
    True
    """
    n = board.size
    with backend_for(None, "propagate").session(board.rules) as session:
        ok, implied = session.propagate(board.givens())
    fixed = len({(r, c) for r, c, d in implied if d > 0}) if ok else 0
    sat = make(DEFAULT, simplify=False).count(board, 2)
    out: dict[str, Any] = {"propagation_solves": bool(ok) and fixed == n * n,
                           "propagation_fixed": fixed,
                           "sat_conflicts": sat.stats.get("conflicts"),
                           "sat_decisions": sat.stats.get("decisions"), "dfs_nodes": None}
    if n <= dfs_max_size:
        outcome = make("dfs").count(board, 2, dfs_time_limit)
        if outcome.complete:
            out["dfs_nodes"] = outcome.stats["nodes"]
    out.update(se=None, level=None, hardest=None, techniques=None)
    if board.rules.is_classic and n <= 9:
        from .steps import explain_steps  # noqa: PLC0415 (only --difficulty needs the steps)

        # the rating reads the steps only: each step's own check (a solver call) is skipped here
        try:
            steps = explain_steps(board, time_limit=steps_time_limit, check=False, keep=True)
        except TimeLimitReached:  # (the count before the steps ran out of time: not rated)
            return out
        out.update(steps.difficulty() or {})
    return out


def generate_one(shape: Shape, seed: int, minimal: bool = True, clues: int | None = None,
                 symmetry: str = "none", verify_backend: str | Backend = "cpsat", attempts: int = 20,
                 deadline: Deadline | None = None, backend: str | Backend | None = None,
                 with_difficulty: bool = False, rules: Rules | None = None,
                 progress: Progress | None = None) -> Generated:
    """One unique puzzle made from ``seed`` (the same seed gives the same puzzle), verified by ``verify_backend``.

    With ``clues`` the removal stops at that many clues; a grid whose removal gets stuck above it
    is replaced by a new one, up to ``attempts`` times, then :class:`GenerateError`. Without
    ``clues`` the puzzle is minimal (among puzzles with the chosen symmetry). ``rules`` (default:
    classic Sudoku on ``shape``) may be a variant's; ``backend`` fills and carves (default sat).
    ``progress(stage, done, total)`` hears each stage: the solved grid, the clues removed, the
    re-check.
    """
    rules = Rules.classic(shape) if rules is None else rules
    if rules.shape != shape:
        raise GenerateError(f"rules for a {rules.shape} do not fit a {shape}")
    if clues is not None and not 0 <= clues <= shape.size**2:
        raise GenerateError(f"clues {clues}: expected 0..{shape.size**2} for a {shape.size}x{shape.size}")
    start = time.perf_counter()
    rng = random.Random(seed)
    deadline = deadline or Deadline(None)
    fewest = None
    say = progress or (lambda stage, done, total: None)
    for _ in range(attempts if clues is not None else 1):
        say(f"seed {seed}: making a solved grid", 0, None)
        solution = solved_grid(rules, rng)
        puzzle = carve(solution, rng, symmetry, clues, deadline, backend,
                       lambda stage, done, total: say(f"seed {seed}: {stage}", done, total))
        given_count = len(puzzle.givens())
        fewest = given_count if fewest is None else min(fewest, given_count)
        if clues is None or given_count == clues:
            break
        if deadline.expired():
            raise TimeLimitReached("the time limit ended the generation")
    else:
        raise GenerateError(f"no unique {shape.size}x{shape.size} puzzle with {clues} clue{'' if clues == 1 else 's'} found in "
                            f"{attempts} attempts (fewest reached: {fewest}); ask for more clues")
    say(f"seed {seed}: re-checking uniqueness with {getattr(verify_backend, 'name', verify_backend)}", 0, None)
    check = recheck_unique(puzzle, solution, verify_backend, deadline.remaining(), "generated puzzle")
    made = Generated(puzzle, solution, seed, clues is None, check.backend or str(verify_backend),
                     time.perf_counter() - start)
    if with_difficulty:
        say(f"seed {seed}: measuring difficulty", 0, None)
        made.difficulty = difficulty(puzzle)
    return made


def generate(shape: Shape, count: int = 1, seed: int | None = None, **options) -> Iterator[Generated]:
    """``count`` puzzles; puzzle k uses seed ``seed + k`` (a random seed when ``seed`` is None).

    Options are those of :func:`generate_one`; with several puzzles, the stages ``progress``
    hears start with ``puzzle k/count``.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    progress = options.pop("progress", None)
    for k in range(count):
        say = progress
        if progress is not None and count > 1:
            def say(stage, done, total, k=k):
                progress(f"puzzle {k + 1}/{count}, {stage}", done, total)
        yield generate_one(shape, seed + k, progress=say, **options)
