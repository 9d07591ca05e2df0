"""The Python API: one function per command, typed results, every answer verified.

Most functions live in the task modules (``sudoku_cp.tasks``); this module gathers them in one
place for callers, and adds :func:`generate` and :func:`analyze` with the options of their
commands. The same names are at the top of the package (``from sudoku_cp import explain``).

>>> from sudoku_cp import examples
>>> board = examples.classic()
>>> validate(board).status, solve(board, backend="dfs").status, count(board, backend="dfs").status
(<Status.VALID: 'valid'>, <Status.SOLVED: 'solved'>, <Status.UNIQUE: 'unique'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .backends import Deadline
from .core.board import Board, Rules, Shape
from .formats.notebook import records_table
from .tasks.analyze import Analysis, Propagation, Summary, analyse, variants
from .tasks.batch import BatchOptions, run_batch
from .tasks.bench import run_bench
from .tasks.candidates import TrueCandidates, candidates
from .tasks.explain import Explanation, explain
from .tasks.generate import GenerateError, Generated
from .tasks.generate import generate as generate_puzzles
from .tasks.minimize import minimize
from .tasks.repair import repair
from .tasks.solving import (CrossCheck, DisagreementError, VerificationError,
    count, cross_check, solve, validate)


def generate(size: int | Shape = 9, count: int = 1, seed: int | None = None, *,
             box: tuple[int, int] | None = None, clues: int | None = None, symmetry: str = "none",
             verify_backend: str = "cpsat", difficulty: bool = False, rules: Rules | Board | None = None,
             time_limit: float | None = None) -> list[Generated]:
    """Make ``count`` unique puzzles, as ``sudoku-cp generate`` does; puzzle k uses seed ``seed + k``.

    ``size`` is N (or a :class:`Shape`), ``box`` the box shape when it is not square; without
    ``clues`` each puzzle is minimal (no clue, or ``symmetry`` pair, can go), with it the removal
    stops at that many clues. ``rules`` (a puzzle's :class:`Rules`, or a board whose rules to
    take) makes variant puzzles. Each puzzle is re-checked unique by ``verify_backend``;
    ``difficulty`` adds the difficulty signals. Raises :class:`GenerateError` when the clue
    count cannot be reached, :class:`~sudoku_cp.core.results.TimeLimitReached` after ``time_limit``
    seconds in total.

    >>> [made] = generate(4, seed=7, verify_backend="dfs")
    >>> made.minimal, made.verified_by, made.puzzle.size, made.clues < 16
    (True, 'dfs', 4, True)
    >>> generate(4, seed=7, verify_backend="dfs")[0].puzzle == made.puzzle  # the same seed, the same puzzle
    True
    """
    if isinstance(rules, Board):
        rules = rules.rules
    if rules is not None:
        shape = rules.shape
    elif isinstance(size, Shape):
        shape = size
    else:
        shape = Shape.for_size(size, box)
    return list(generate_puzzles(shape, count, seed, clues=clues, symmetry=symmetry,
                                 verify_backend=verify_backend, deadline=Deadline(time_limit),
                                 with_difficulty=difficulty, rules=rules))


@dataclass
class Analyzed:
    """What ``analyze`` measured: per puzzle one :class:`Propagation` per variant, one :class:`Summary` per variant.

    A variant is an (encoding, at-most-one encoding) pair; ``per_puzzle[k][v]`` is puzzle k under variant v.
    """

    per_puzzle: list[list[Propagation]]
    summaries: list[Summary]

    def _repr_html_(self) -> str:
        head = ("encoding", "amo", "vars", "clauses", "puzzles", "solved by UP", "mean fixed",
                "contradictions", "probed fixed", "puzzles/s")
        rows = [(s.encoding, s.amo, s.variables, s.clauses, s.puzzles,
                 f"{s.solved} ({100 * s.solved_share:.1f}%)", f"{s.mean_fixed:.2f}", s.contradictions,
                 None if s.mean_probed_fixed is None else f"{s.mean_probed_fixed:.2f}",
                 None if s.puzzles_per_s is None else f"{s.puzzles_per_s:,.0f}")
                for s in self.summaries]
        return records_table(head, rows)


def analyze(puzzles: Board | Iterable[Board], encoding: str | Sequence[str] = "all",
            amo: str | Sequence[str] | None = None, probe: bool = False, speed: bool = True) -> Analyzed:
    """What unit propagation alone derives under each encoding, as ``sudoku-cp analyze`` measures it.

    ``encoding`` and ``amo`` are one name, a comma list, a list of names, or ``"all"``;
    ``probe`` adds failed-literal probing, ``speed`` times the SAT solving of every puzzle.

    >>> from sudoku_cp import examples
    >>> report = analyze(examples.classic(), ["minimal", "complete"], speed=False)
    >>> [(s.encoding, s.puzzles) for s in report.summaries]
    [('minimal', 1), ('complete', 1)]
    >>> report.per_puzzle[0][1].solved  # complete propagates hidden singles too: enough here
    True
    """
    boards = [puzzles] if isinstance(puzzles, Board) else puzzles
    chosen = variants(encoding if isinstance(encoding, str) else ",".join(encoding),
                      amo if amo is None or isinstance(amo, str) else ",".join(amo))
    per_puzzle, summaries = analyse(boards, chosen, probe=probe, measure_speed=speed)
    return Analyzed(per_puzzle, summaries)


__all__ = ["Analysis", "Analyzed", "BatchOptions", "CrossCheck", "DisagreementError", "Explanation",
           "GenerateError", "Generated", "Propagation", "Summary", "VerificationError", "analyse", "analyze",
           "count", "cross_check", "explain", "generate", "minimize", "repair", "run_batch", "run_bench",
           "solve", "validate", "candidates", "TrueCandidates"]
