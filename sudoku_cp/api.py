"""The Python API: one function per command, typed results, every answer verified.

The functions live in the task modules (``sudoku_cp.tasks``); this module gathers them in one
place for callers.

>>> from sudoku_cp import examples
>>> board = examples.classic()
>>> validate(board).status, solve(board, backend="dfs").status, count(board, backend="dfs").status
(<Status.VALID: 'valid'>, <Status.SOLVED: 'solved'>, <Status.UNIQUE: 'unique'>)
"""

from __future__ import annotations

from .tasks.analyze import analyse
from .tasks.batch import BatchOptions, run_batch
from .tasks.bench import run_bench
from .tasks.explain import explain
from .tasks.generate import generate
from .tasks.minimize import minimize
from .tasks.repair import repair
from .tasks.solving import (CrossCheck, DisagreementError, VerificationError,
    count, cross_check, solve, validate)

__all__ = ["BatchOptions", "CrossCheck", "DisagreementError", "VerificationError", "analyse", "count",
           "cross_check", "explain", "generate", "minimize", "repair", "run_batch", "run_bench", "solve",
           "validate"]
