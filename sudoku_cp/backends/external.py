"""The ``external`` backend: any SAT solver binary on PATH, fed the exported DIMACS file.

``external:cadical``, ``external:minisat``, ``external:picosat``, ``external:kissat``, or any
other binary that reads a DIMACS file named on its command line and prints the SAT-competition
output (``s SATISFIABLE`` then ``v`` lines of literals ending in 0). MiniSat writes its model
to a result file instead (``SAT`` then the literals); that format is read too. Each run gets a
temporary directory that is always removed, and a time limit enforced by killing the process.

Every model is checked against every clause before it is decoded (and, above the backend, the
grid by the independent checker). Counting re-runs the solver with one blocking clause per
solution found, over the blank cells' literals only.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..core.board import Board
from ..core.packages import held_interrupts
from ..core.results import Outcome, SolverFailure
from ..model.cnf import (
    DEFAULT_ENCODING,
    FULL_RULES_MAX_SIZE,
    NATIVE,
    Cnf,
    EncodingStopped,
    amo_for,
    blocking_clause,
    decode,
    encode_puzzle,
    encode_simplified,
)
from ..model.dimacs import write_dimacs
from .base import Backend, BackendError, Deadline

DEFAULT_SOLVER = "cadical"


@dataclass(frozen=True)
class Recipe:
    """How to run one solver: arguments (``{cnf}``, ``{out}`` filled in) and its time-limit flag."""

    args: tuple[str, ...]
    time_flag: str | None = None  # e.g. "-t {s}"; the process is killed at the limit regardless
    result_file: bool = False     # MiniSat: the model goes to {out}, not to standard output


RECIPES = {
    "minisat": Recipe(("-verb=0", "{cnf}", "{out}"), "-cpu-lim={s}", result_file=True),
    "cadical": Recipe(("-q", "{cnf}"), "-t {s}"),
    "kissat": Recipe(("-q", "{cnf}"), "--time={s}"),
    "picosat": Recipe(("{cnf}",)),
}
GENERIC = Recipe(("{cnf}",))


def parse_competition_output(text: str) -> tuple[bool | None, list[int]]:
    """Read SAT-competition output: the ``s`` line's verdict and the ``v`` lines' literals.

    >>> parse_competition_output("c hello\\ns SATISFIABLE\\nv 1 -2\\nv 3 0\\n")
    (True, [1, -2, 3])
    >>> parse_competition_output("s UNSATISFIABLE\\n")
    (False, [])
    """
    verdict: bool | None = None
    model: list[int] = []
    for line in text.splitlines():
        if line.startswith("s "):
            word = line[2:].strip().upper()
            verdict = {"SATISFIABLE": True, "UNSATISFIABLE": False}.get(word)
        elif line.startswith("v "):
            model.extend(int(tok) for tok in line[2:].split() if tok != "0")
    return verdict, model


def parse_minisat_result(text: str) -> tuple[bool | None, list[int]]:
    """Read MiniSat's result file: ``SAT`` and a line of literals, ``UNSAT``, or ``INDET``.

    >>> parse_minisat_result("SAT\\n1 -2 3 0\\n")
    (True, [1, -2, 3])
    """
    lines = text.split("\n", 1)
    word = lines[0].strip()
    if word == "SAT":
        rest = lines[1] if len(lines) > 1 else ""
        return True, [int(tok) for tok in rest.split() if tok != "0"]
    return {"UNSAT": False}.get(word), []


def unsatisfied_clause(clauses: list[list[int]], model: list[int]) -> list[int] | None:
    """The first clause the model does not satisfy (a literal absent from it counts as false)."""
    true = set(model)
    for clause in clauses:
        if not any(lit in true for lit in clause):
            return clause
    return None


@contextmanager
def work_directory(parent: str | None) -> Iterator[str]:
    """A temporary ``sudoku-cp-XXXX`` directory for one count, removed however the count ends.

    A Ctrl-C or SIGTERM landing while it is made or removed is held back until that is done (a
    second Ctrl-C during the removal of a 25x25's 11 MB ``puzzle.cnf`` would leave it behind).
    """
    path = None
    try:
        with held_interrupts():
            path = tempfile.mkdtemp(prefix="sudoku-cp-", dir=parent)
        yield path
    finally:
        if path is not None:
            with held_interrupts():
                shutil.rmtree(path, ignore_errors=True)


class ExternalBackend(Backend):
    """A SAT solver binary on PATH, run on the DIMACS export of a puzzle."""

    def __init__(self, solver: str | None = None, encoding: str = DEFAULT_ENCODING,
                 amo: str | None = None, simplify: bool = False, tmpdir: str | None = None):
        self.solver = solver or DEFAULT_SOLVER
        if amo == NATIVE:
            raise BackendError("external solvers read plain DIMACS: --amo native needs sat:minicard")
        binary = shutil.which(self.solver)
        if binary is None:
            raise BackendError(f"no SAT solver binary {self.solver!r} on PATH: install one (Debian: "
                               f"apt-get install -y minisat picosat cadical) or name another, "
                               f"e.g. external:picosat")
        self.binary: str = binary
        self.recipe = RECIPES.get(Path(self.solver).name, GENERIC)
        self.encoding, self.amo, self.simplify, self.tmpdir = encoding, amo, simplify, tmpdir
        self.name = f"external:{self.solver}"

    def formula(self, board: Board, deadline: Deadline | None = None) -> Cnf:
        """The exported formula: rules plus givens (``sudoku-cp encode``), or the simplified one.

        Grids above 25x25 always get the simplified formula (the full rules of a 64x64 have 33
        million clauses); building it stops at the ``deadline`` (:class:`EncodingStopped`).
        """
        if self.simplify or board.size > FULL_RULES_MAX_SIZE:
            stop = deadline.expired if deadline is not None and deadline.end is not None else None
            return encode_simplified(board, self.encoding, self.amo, stop=stop)
        return encode_puzzle(board, self.encoding, self.amo)

    def command(self, cnf_path: str, out_path: str, seconds: float | None) -> list[str]:
        """The argument list for one run."""
        fill = {"cnf": cnf_path, "out": out_path}
        args = [self.binary] + [a.format(**fill) for a in self.recipe.args]
        if seconds is not None and self.recipe.time_flag:
            args[1:1] = self.recipe.time_flag.format(s=max(1, math.ceil(seconds))).split()
        return args

    def run_once(self, cnf: Cnf, workdir: str, deadline: Deadline) -> tuple[bool | None, list[int]]:
        """Write the formula, run the solver, and read its verdict and model (the one status map)."""
        cnf_path, out_path = str(Path(workdir, "puzzle.cnf")), str(Path(workdir, "model.txt"))
        if deadline.expired():
            return None, []
        Path(cnf_path).write_text(write_dimacs(cnf, self.encoding, amo_for(cnf.size, self.amo)), encoding="ascii")
        remaining = deadline.remaining()
        if remaining is not None and remaining <= 0:
            return None, []
        try:
            proc = subprocess.run(self.command(cnf_path, out_path, remaining), capture_output=True,
                                  text=True, timeout=remaining, cwd=workdir)
        except subprocess.TimeoutExpired:
            return None, []
        if self.recipe.result_file and Path(out_path).exists():
            verdict, model = parse_minisat_result(Path(out_path).read_text(encoding="ascii"))
        else:
            verdict, model = parse_competition_output(proc.stdout)
        # Exit codes 10 and 20 are the convention; a verdict must agree with them when both exist.
        by_code = {10: True, 20: False}.get(proc.returncode)
        if verdict is None and by_code is None:
            if proc.returncode not in (0, 10, 20) and not deadline.expired():
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
                raise SolverFailure(f"{self.name} failed (exit {proc.returncode}): {tail[0]}")
            return None, []
        if verdict is not None and by_code is not None and verdict != by_code:
            raise SolverFailure(f"{self.name} printed {verdict} but exited {proc.returncode}")
        verdict = verdict if verdict is not None else by_code
        if verdict:
            bad = unsatisfied_clause(cnf.clauses, model)
            if bad is not None:
                raise SolverFailure(f"{self.name} returned a model that falsifies clause {bad}")
        return verdict, model

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        deadline = Deadline(time_limit)
        try:
            base = self.formula(board, deadline)
        except EncodingStopped:
            return Outcome([], False, True, {})
        cnf, blocks = base, []
        solutions: list[Board] = []
        complete = timed_out = False
        runs = 0
        start = time.perf_counter()
        with work_directory(self.tmpdir) as workdir:
            while len(solutions) < limit:
                runs += 1
                verdict, model = self.run_once(cnf, workdir, deadline)
                if verdict is None:
                    timed_out = True
                    break
                if not verdict:
                    complete = True
                    break
                solution = decode(model, board)
                solutions.append(solution)
                block = blocking_clause(solution, board)
                if not block:
                    complete = True
                    break
                blocks.append(block)
                cnf = base.copy()
                cnf.add("blocking", blocks)
        stats = {"variables": cnf.nvars, "clauses": cnf.num_clauses, "runs": runs,
                 "solver_s": round(time.perf_counter() - start, 6)}
        return Outcome(solutions, complete, timed_out, stats)


__all__ = ["ExternalBackend", "RECIPES", "parse_competition_output", "parse_minisat_result"]
