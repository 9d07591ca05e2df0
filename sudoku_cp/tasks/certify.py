"""Certified answers: each answer checked by something that did not find it, before it is printed.

=============  =================================================================================
answer         certificate
=============  =================================================================================
``solved``     ``solution``: the solution checked against the rules by the independent checker
``multiple``   ``two-solutions``: two distinct solutions, each checked
``unique``     ``drat``: the solution checked, and a DRAT proof that the puzzle's formula plus
               "some blank differs from this solution" is unsatisfiable, replayed by ``dratify``
``unsat``      ``drat``: a DRAT proof that the puzzle's formula is unsatisfiable, replayed
=============  =================================================================================

The proof comes from a backend with the ``proof`` capability (:meth:`Backend.refute`: a fresh
solver logging a proof on the formula with the givens as unit clauses, since assumptions leave no
trace in a proof); only the certified question pays for proof logging. The checker, ``dratify``,
shares no code with the solvers and reads the very DIMACS text and proof text that ``--proof DIR``
writes. A proof it refuses is a :class:`ProofRefused` (a :class:`SolverFailure`: exit 3, loudly).
``invalid`` and ``unknown`` answers get no certificate, nor does a ``unique``/``unsat`` answer when
no chosen backend can give a proof (:attr:`Certified.note` says why).

>>> from sudoku_cp.backends import make
>>> from sudoku_cp.formats.text import parse_puzzle
>>> from sudoku_cp.tasks.solving import solve
>>> board = parse_puzzle("12....3...4.....")
>>> result = solve(board, unique=True)
>>> done = certify(result, [make("sat")])
>>> result.status.value, done.certificate.kind, done.certificate.checker.startswith("dratify ")
('unsat', 'drat', True)
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from ..backends import Backend, Deadline, Refutation, Unsupported
from ..backends.base import run_until
from ..core.board import Board
from ..core.check import checker
from ..core.files import check_regular, open_regular, read_bounded
from ..core.results import Certificate, Result, SolverFailure, Status, TimeLimitReached
from .solving import VerificationError

SOLUTION_CHECKER = "sudoku-cp checker"  # core/check.py: every unit holds each digit once, givens kept


class ProofRefused(VerificationError):
    """The independent checker refused a solver's proof (or solution): the answer is not printed."""


@dataclass
class Certified:
    """What :func:`certify` did: the certificate (or None), the proof it checked, or why none."""

    certificate: Certificate | None
    refutation: Refutation | None = None
    note: str | None = None
    timed_out: bool = False  # the time limit ended the proof or its check: the answer became unknown


def drat_checker_name() -> str:
    """``dratify VERSION (python|native)``: who checks proofs here."""
    import dratify

    return f"dratify {dratify.__version__} ({'native' if dratify.native_available() else 'python'})"


def check_refutation(refutation: Refutation) -> Certificate:
    """Replay ``refutation.proof`` against ``refutation.cnf`` with dratify; :class:`ProofRefused` if it fails.

    The DIMACS text is read strictly (a header that does not match its clauses is refused too).

    >>> proof = Refutation("p cnf 2 4\\n1 2 0\\n-1 2 0\\n1 -2 0\\n-1 -2 0\\n", "2 0\\n0\\n", 2, "by hand")
    >>> check_refutation(proof).kind
    'drat'
    >>> check_refutation(Refutation(proof.cnf, "0\\n", 1, "by hand"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudoku_cp.tasks.certify.ProofRefused: by hand's proof was refused by dratify: step 1: clause is neither RUP nor RAT ...
    """
    import dratify

    start = time.perf_counter()
    try:
        formula = dratify.parse_dimacs(refutation.cnf, strict=True)
        result = dratify.check_proof(formula, refutation.proof)
    except ValueError as exc:  # unreadable text: refused too, never a traceback
        raise ProofRefused(f"{refutation.solver}'s proof was refused by dratify: {exc}") from None
    if not result.ok:
        where = f"step {result.failed_step}: " if result.failed_step > 0 else ""  # -1: no step failed
        raise ProofRefused(f"{refutation.solver}'s proof was refused by dratify: {where}{result.reason}")
    return Certificate("drat", drat_checker_name(), refutation.lemmas, time.perf_counter() - start)


def _check_solutions(result: Result, board: Board, wanted: int) -> float:
    """Check ``wanted`` distinct solutions of ``result`` against the rules; the time it took."""
    start = time.perf_counter()
    solutions = result.solutions or ([result.solution] if result.solution is not None else [])
    if len(solutions) < wanted or len({s.cells for s in solutions[:wanted]}) < wanted:
        raise ProofRefused(f"{result.backend}: a {result.status.value} answer needs {wanted} distinct "
                           f"solutions to certify, it came with {len(solutions)}")
    problems = checker(board.rules).problems
    for solution in solutions[:wanted]:
        wrong = problems(solution, board)
        if wrong:
            raise ProofRefused(f"{result.backend} returned a wrong solution: {'; '.join(wrong[:3])}")
    return time.perf_counter() - start


def prover(backends: Sequence[Backend]) -> Backend | None:
    """The first of ``backends`` that can give a proof, or None."""
    return next((b for b in backends if b.can("proof")), None)


def _prove(backend: Backend, board: Board, solution: Board | None,
           deadline: Deadline | None) -> tuple[Refutation, Certificate]:
    """``backend``'s proof and its check; with an end to ``deadline`` in a child killed when it passes.

    Neither the proof-logging solver nor dratify can be interrupted, so a time limit needs the child
    (:func:`run_until`: :class:`TimeLimitReached`); without one the work runs here, at no extra cost.
    """
    def work() -> list:
        try:
            refutation = backend.refute(board, solution)
            cert = check_refutation(refutation)
        except Unsupported as exc:
            return ["unsupported", exc.backend, exc.what]
        except SolverFailure as exc:  # refused, or the prover found a (further) solution: the answer is wrong
            return ["refused", str(exc)]
        return ["ok", [refutation.cnf, refutation.proof, refutation.lemmas, refutation.solver],
                [cert.kind, cert.checker, cert.lemmas, cert.check_s]]

    answer = run_until(deadline, work)
    if answer[0] == "unsupported":
        raise Unsupported(answer[1], answer[2])
    if answer[0] == "refused":
        raise ProofRefused(answer[1])
    return Refutation(*answer[1]), Certificate(*answer[2])


def certify(result: Result, backends: Sequence[Backend], deadline: Deadline | None = None) -> Certified:
    """Certify ``result`` (an answer about ``result.puzzle``) and set ``result.certificate``.

    ``unique`` and ``unsat`` need a backend of ``backends`` with the ``proof`` capability; without
    one the answer stays uncertified with a note. Raises :class:`ProofRefused` when a proof or a
    solution fails its check, or when the prover contradicts the answer. When ``deadline`` passes
    before the proof is checked, the answer was not certified in time: its status becomes
    ``unknown`` (exit 4), with a note saying so (``Certified.timed_out``).
    """
    board = result.puzzle
    status = result.status
    if board is None or status not in (Status.SOLVED, Status.MULTIPLE, Status.UNIQUE, Status.UNSAT):
        return Certified(None)
    if status is Status.SOLVED:
        done = Certified(Certificate("solution", SOLUTION_CHECKER, None, _check_solutions(result, board, 1)))
    elif status is Status.MULTIPLE:
        done = Certified(Certificate("two-solutions", SOLUTION_CHECKER, None,
                                     _check_solutions(result, board, 2)))
    else:
        backend = prover(backends)
        if backend is None:
            names = ", ".join(b.name for b in backends)
            return Certified(None, note=f"uncertified: {names} cannot give a checkable proof "
                                        f"(--backend sat can)")
        solution = None
        extra = 0.0
        if status is Status.UNIQUE:
            extra = _check_solutions(result, board, 1)
            solution = result.solution
        try:
            refutation, certificate = _prove(backend, board, solution, deadline)
        except Unsupported as exc:
            return Certified(None, note=f"uncertified: {exc}")
        except TimeLimitReached:
            result.status, result.complete = Status.UNKNOWN, False
            return Certified(None, note=f"uncertified: the time limit ended the work before the proof of "
                                        f"'{status.value}' was checked", timed_out=True)
        certificate.check_s += extra
        done = Certified(certificate, refutation)
    result.certificate = done.certificate
    return done


PROOF_README = """\
Each certified claim of sudoku-cp has two files here: NAME.cnf, the exact formula (DIMACS, the
puzzle simplified by its givens as `sudoku-cp encode --simplify` writes it, plus for a 'unique'
claim the clause "some blank differs from the solution"), and NAME.drat, the solver's DRAT proof
that the formula is unsatisfiable. NAME is puzzle-LINE-STATUS: LINE is the puzzle's line in the
input. Re-check them all, with the input they were made from:
  sudoku-cp check-proof DIR -f PUZZLES      (or: sudoku-cp check-proof DIR PUZZLE, for one puzzle)
It derives each NAME.cnf again from the puzzle on line LINE (so a file edited, or swapped with
another puzzle's, is caught), replays each proof with dratify, and exits 3 when any is refused.
Another checker reads the same files, e.g.:
  drat-trim NAME.cnf NAME.drat          (https://github.com/marijnheule/drat-trim, built from source)
"""

PROOF_NAME = re.compile(r"puzzle-(\d+)-(unique|unsat)\.(cnf|drat)")
CNF_HEADER = re.compile(r"c sudoku-cp CNF: encoding (\S+), at-most-one (\S+)\n")


@dataclass
class Rechecked:
    """One proof of a directory checked again (:func:`recheck_proofs`): ``error`` says why it was refused."""

    name: str  # puzzle-LINE-STATUS
    line: int
    status: str
    certificate: Certificate | None = None
    error: str | None = None


def recheck_proofs(directory: str, puzzles: dict[int, Board]) -> list[Rechecked]:
    """Check every proof that ``--proof`` wrote to ``directory`` again, against ``puzzles`` (by input line).

    Each ``puzzle-LINE-STATUS.cnf`` must be, to the byte, the formula derived again from the puzzle
    on line LINE (its encoding and at-most-one read from its first line; for ``unique``, the
    puzzle's solution found again), and its ``.drat`` must be accepted by dratify on it. Anything
    else is refused with the reason: a missing half, a file that is not the puzzle's formula
    (edited, or swapped with another puzzle's), a proof larger than :func:`proof_bound` of its
    formula, a proof dratify refuses. A name that is not a regular file (a device, a FIFO, a
    directory, through a symlink or not) is a :class:`~sudoku_cp.core.files.NotAFile` before any
    proof is checked; every file is read in chunks, never past its bound.
    """
    pairs: dict[tuple[int, str], set[str]] = {}
    for name in sorted(os.listdir(directory)):
        match = PROOF_NAME.fullmatch(name)
        if match:
            check_regular(os.path.join(directory, name), PROOF_FILE)
            pairs.setdefault((int(match[1]), match[2]), set()).add(match[3])
    out = []
    for (line, status), kinds in sorted(pairs.items()):
        done = Rechecked(f"puzzle-{line}-{status}", line, status)
        try:
            done.certificate = _recheck(directory, done, kinds, puzzles.get(line))
        except ProofRefused as exc:
            done.error = str(exc)
        out.append(done)
    return out


PROOF_FILE = "expected the regular file that --proof wrote"
PROOF_FACTOR = 64  # a proof may be this many times its formula (1 MiB more): the largest seen was 0.63


def proof_bound(cnf: str) -> int:
    """The most bytes a proof of formula ``cnf`` may have to be read: :data:`PROOF_FACTOR` times it, plus 1 MiB.

    The proofs --proof writes are a fraction of their formula (0.15 on average for top1465's
    first 30, at most 0.63 over 40 17-clue puzzles, 0.2-0.3 for 16x16 minimal puzzles), so the
    bound refuses only a file that cannot be the proof and keeps check-proof's memory bounded.

    >>> proof_bound("p cnf 1 1\\n1 0\\n")
    1049472
    """
    return PROOF_FACTOR * len(cnf) + (1 << 20)


@contextmanager
def _proof_file(path: str, name: str, kind: str):
    """``path`` opened as a regular file (:func:`open_regular`); :class:`ProofRefused` when it cannot be read."""
    try:
        handle = open_regular(path, PROOF_FILE)
    except OSError as exc:
        raise ProofRefused(f"cannot read {name}.{kind}: {exc.strerror}") from None
    with handle:
        try:
            yield handle
        except OSError as exc:
            raise ProofRefused(f"cannot read {name}.{kind}: {exc.strerror}") from None


def _recheck(directory: str, done: Rechecked, kinds: set[str], board: Board | None) -> Certificate:
    """One proof of :func:`recheck_proofs`: its certificate, or :class:`ProofRefused` saying why not."""
    from ..backends import make
    from .solving import solve

    if kinds != {"cnf", "drat"}:
        raise ProofRefused(f"{done.name}.{({'cnf', 'drat'} - kinds).pop()} is missing: expected the "
                           f"formula and its proof")
    if board is None:
        raise ProofRefused(f"no puzzle on line {done.line} of the input: expected the input the proofs "
                           f"were made from")
    cnf_path, proof_path = (os.path.join(directory, f"{done.name}.{kind}") for kind in ("cnf", "drat"))
    with _proof_file(cnf_path, done.name, "cnf") as handle:
        first = handle.readline(256)  # the header line: a few dozen bytes
        header = CNF_HEADER.match(first.decode("ascii", "replace"))
        if header is None:
            raise ProofRefused(f"{done.name}.cnf does not start with sudoku-cp's 'c sudoku-cp CNF: "
                               f"encoding ...' line")
        solution = solve(board).solution if done.status == "unique" else None
        if done.status == "unique" and solution is None:
            raise ProofRefused(f"the puzzle on line {done.line} has no solution: the claim 'unique' is wrong")
        try:
            derived = make("sat", encoding=header[1], amo=header[2]).certified_text(board, solution)[1]  # type: ignore[attr-defined]
        except ValueError as exc:
            raise ProofRefused(f"{done.name}.cnf: {exc}") from None
        rest = read_bounded(handle, max(0, len(derived) - len(first)))  # never more than the formula
    if rest is None or (first + rest).decode("ascii", "replace") != derived:
        raise ProofRefused(f"{done.name}.cnf is not the formula of the puzzle on line {done.line} "
                           f"(derived again, it differs: the file was edited or belongs to another puzzle)")
    cnf = derived
    limit = proof_bound(cnf)
    with _proof_file(proof_path, done.name, "drat") as handle:
        data = read_bounded(handle, limit)
    if data is None:
        raise ProofRefused(f"{done.name}.drat is larger than {limit:,} bytes ({PROOF_FACTOR} times its "
                           f"formula, plus 1 MiB): expected a proof of this puzzle (they are a fraction "
                           f"of their formula)")
    try:
        proof = data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ProofRefused(f"cannot read {done.name}.drat: {exc}") from None
    lemmas = sum(1 for step in proof.splitlines() if step and not step.startswith("d"))
    return check_refutation(Refutation(cnf, proof, lemmas, done.name))


def write_proof(directory: str, name: str, refutation: Refutation) -> tuple[str, str]:
    """Write ``NAME.cnf`` and ``NAME.drat`` (the exact texts that were checked) and the README.

    The files are written whole beside their names and renamed onto them (:func:`replace_files`):
    a full disk leaves no truncated file and no formula without its proof, and a symlink planted
    under one of the names is replaced, never written through. An :class:`OSError` names the
    file it was writing.
    """
    cnf_path = os.path.join(directory, f"{name}.cnf")
    proof_path = os.path.join(directory, f"{name}.drat")
    files = [(cnf_path, refutation.cnf), (proof_path, refutation.proof)]
    readme = os.path.join(directory, "README.txt")
    if not os.path.isfile(readme) or os.path.islink(readme):
        files.append((readme, PROOF_README))
    replace_files(files)
    return cnf_path, proof_path


def replace_files(files: Sequence[tuple[str, str]]) -> None:
    """Write each ``(path, text)`` (ASCII) to a temporary file beside ``path``, then rename them all.

    Whatever a path was (nothing, a file, a symlink to anywhere) it becomes a new regular file,
    mode 0666 less the umask; when any write fails, every path stays as it was.
    """
    import tempfile  # here: only proofs need it (start-up time)

    umask = os.umask(0)
    os.umask(umask)
    written: list[tuple[str, str]] = []
    try:
        for path, text in files:
            try:
                fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".sudoku-cp-", suffix=".part")
                written.append((tmp, path))
                os.fchmod(fd, 0o666 & ~umask)
                with os.fdopen(fd, "w", encoding="ascii", newline="\n") as out:
                    out.write(text)
            except OSError as exc:
                exc.filename = path
                raise
        for tmp, path in written:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _ in written:
            with suppress(OSError):
                os.unlink(tmp)
        raise


__all__ = ["Certified", "PROOF_FACTOR", "PROOF_README", "proof_bound", "ProofRefused", "Rechecked", "recheck_proofs", "SOLUTION_CHECKER", "certify", "check_refutation",
           "drat_checker_name", "prover", "replace_files", "write_proof"]
