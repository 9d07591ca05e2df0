"""What unit propagation alone derives from a puzzle's givens, per encoding.

For each encoding the rules are loaded once into a session of the sat backend; each puzzle's
givens are assumed and ``session.propagate`` returns every fact unit propagation forces.
A cell is *fixed* when propagation forces one of its digits; the puzzle is *solved by
propagation* when every cell is fixed (the grid is then checked independently), and a
*contradiction* shows when propagation derives a conflict. Optional failed-literal probing
tries each open cell literal, and when propagating it conflicts, asserts its negation, until
nothing changes.

The classic result this reproduces: ``minimal`` and ``natural`` propagation performs naked
singles only; ``complete`` adds hidden singles; ``augmented`` adds locked candidates.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from ..backends import Backend, Deadline, Session, make
from ..core.board import Board, Fact, Rules, Shape
from ..core.check import is_solution
from ..model.cnf import (
    AMO_CHOICES,
    DEFAULT_AMO,
    ENCODINGS,
    NATIVE,
    check_amo,
    encode_rules,
    families_of,
    refusal,
)

PROPAGATOR = "glucose4"  # any PySAT solver with propagate(); native constraints need minicard


@dataclass
class Propagation:
    """What propagation derived for one puzzle under one encoding."""

    encoding: str
    amo: str
    givens: int
    fixed: int            # cells with a known digit (givens included)
    solved: bool
    contradiction: bool
    probed_fixed: int | None = None  # cells fixed after failed-literal probing, if asked

    def to_json(self) -> dict:
        out = asdict(self)
        if self.probed_fixed is None:
            del out["probed_fixed"]
        return out


@dataclass
class Summary:
    """One encoding over a collection: sizes, propagation strength, and solve speed."""

    encoding: str
    amo: str
    variables: int
    clauses: int
    puzzles: int
    solved: int
    contradictions: int
    mean_fixed: float
    mean_probed_fixed: float | None
    solve_s: float | None  # total SAT solving time over the collection (None when not measured)
    native_atmosts: int = 0  # --amo native: cardinality constraints besides the clauses
    skipped: int = 0  # puzzles whose rules this encoding cannot say (augmented: a jigsaw)

    @property
    def solved_share(self) -> float:
        return self.solved / self.puzzles if self.puzzles else 0.0

    @property
    def puzzles_per_s(self) -> float | None:
        if self.solve_s is None or self.solve_s <= 0:
            return None
        return self.puzzles / self.solve_s

    def to_json(self) -> dict:
        out = asdict(self)
        out["solved_share"] = round(self.solved_share, 6)
        out["mean_fixed"] = round(self.mean_fixed, 4)
        if self.mean_probed_fixed is not None:
            out["mean_probed_fixed"] = round(self.mean_probed_fixed, 4)
        if self.solve_s is not None:
            out["solve_s"] = round(self.solve_s, 6)
            rate = self.puzzles_per_s
            out["puzzles_per_s"] = round(rate, 1) if rate is not None else None
        return out


def propagation_backend(encoding: str, amo: str, solver: str | None = None) -> Backend:
    """The sat backend that propagates: ``solver`` if named, else minicard for ``--amo native``
    (native cardinality constraints need it) and :data:`PROPAGATOR` otherwise."""
    solver = solver or ("minicard" if amo == NATIVE else PROPAGATOR)
    return make(f"sat:{solver}", encoding=encoding, amo=amo)


class Propagator:
    """One encoding's rules loaded in a session, answering "what does propagation force?"."""

    def __init__(self, rules: Rules | Shape, encoding: str, amo: str):
        self.rules = rules if isinstance(rules, Rules) else Rules.classic(rules)
        self.shape, self.encoding, self.amo = self.rules.shape, encoding, amo
        self.session = propagation_backend(encoding, amo).session(self.rules)

    def close(self) -> None:
        self.session.close()

    def forced(self, facts: Sequence[Fact]) -> tuple[bool, list[Fact]]:
        """(no conflict, facts forced, the assumed ones included) for these assumed facts."""
        ok, found = self.session.propagate(list(facts))
        return bool(ok), list(found)

    def cells(self, facts: Iterable[Fact]) -> dict[int, int]:
        """Cell index -> digit for the facts that fix a cell's digit."""
        n = self.shape.size
        return {r * n + c: d for r, c, d in facts if d > 0}

    def probe(self, board: Board, assumptions: list[Fact], forced: list[Fact]) -> tuple[bool, list[Fact]]:
        """Failed-literal probing over the open cell facts, to a fixpoint: a fact whose propagation
        conflicts has its negation assumed."""
        n = self.shape.size
        assumptions = list(assumptions)
        known = set(forced)
        changed = True
        while changed:
            changed = False
            for r in range(n):
                for c in range(n):
                    for d in range(1, n + 1):
                        if (r, c, d) in known or (r, c, -d) in known:
                            continue
                        ok, _ = self.forced(assumptions + [(r, c, d)])
                        if not ok:
                            assumptions.append((r, c, -d))
                            ok, facts = self.forced(assumptions)
                            if not ok:
                                return False, facts
                            known = set(facts)
                            changed = True
        return True, sorted(known)

    def analyse(self, board: Board, probe: bool = False) -> Propagation:
        """Propagate one puzzle's givens (and probe, if asked)."""
        n = board.size
        assumptions = board.givens()
        ok, facts = self.forced(assumptions)
        fixed = self.cells(facts) if ok else {}
        solved = ok and len(fixed) == n * n and is_solution(_grid(board, fixed), board)
        result = Propagation(self.encoding, self.amo, len(assumptions),
                             len(fixed) if ok else 0, solved, not ok)
        if probe:
            if ok:
                ok2, facts2 = self.probe(board, assumptions, facts)
                result.probed_fixed = len(self.cells(facts2)) if ok2 else 0
                result.contradiction = not ok2
            else:
                result.probed_fixed = 0
        return result


def _grid(board: Board, fixed: dict[int, int]) -> Board:
    n = board.size
    return board.with_givens([(i // n, i % n, d) for i, d in fixed.items()])


def variants(encodings: str | None, amos: str | None) -> list[tuple[str, str]]:
    """The (encoding, amo) pairs named by two comma lists ('all' = every one).

    >>> variants("minimal,complete", None)
    [('minimal', 'pairwise'), ('complete', 'pairwise')]
    """
    encs = list(ENCODINGS) if encodings in (None, "all") else [e.strip() for e in encodings.split(",")]
    amo_list = [DEFAULT_AMO] if amos is None else \
        list(AMO_CHOICES) if amos == "all" else [a.strip() for a in amos.split(",")]
    for e in encs:
        families_of(e)
    for a in amo_list:
        check_amo(a)
    return [(e, a) for e in encs for a in amo_list]


class Analysis:
    """Propagation and solve time over a stream of puzzles, one at a time, summed per variant.

    :meth:`add` analyses one board under every variant ``(encoding, amo)`` and returns its
    rows; :meth:`summaries` gives the totals so far. Only sessions (one per variant and set of
    rules) and running sums are kept, never the boards: ``analyze -f`` on a million-line file
    needs no more memory than on ten lines. Use it as a context manager (it closes the sessions).
    A variant that cannot say a puzzle's rules (``augmented`` on a jigsaw) skips that puzzle and
    counts it in ``skipped``; each summary counts only the puzzles its variant analysed.
    """

    def __init__(self, variants: Sequence[tuple[str, str]], probe: bool = False,
                 measure_speed: bool = True, progress=None):
        self.variants, self.probe, self.measure_speed, self.progress = list(variants), probe, measure_speed, progress
        self.propagators: dict[tuple[int, Rules], Propagator] = {}
        self.sessions: dict[tuple[int, Rules], Session] = {}
        self.firsts: list[Rules | None] = [None] * len(self.variants)  # sizes: each variant's first rules
        self.puzzles = 0
        self.sums = [{"puzzles": 0, "skipped": 0, "solved": 0, "contradictions": 0, "fixed": 0, "probed": 0,
                      "solve_s": 0.0} for _ in self.variants]
        self.reasons: dict[tuple[str, str], str] = {}  # why a variant skipped puzzles

    def add(self, board: Board) -> list[Propagation]:
        """The rows of one board, one per variant that can say its rules, added to the sums."""
        self.puzzles += 1
        rows = []
        for k, (encoding, amo) in enumerate(self.variants):
            why = refusal(board.rules, encoding)
            if why is not None:
                self.sums[k]["skipped"] += 1
                self.reasons[encoding, amo] = why
                self._tick()  # the progress counts the puzzle as done for this variant
                if self.measure_speed:
                    self._tick()
                continue
            if self.firsts[k] is None:
                self.firsts[k] = board.rules
            self.sums[k]["puzzles"] += 1
            key = (k, board.rules)
            if key not in self.propagators:
                self.propagators[key] = Propagator(board.rules, encoding, amo)
            row = self.propagators[key].analyse(board, self.probe)
            rows.append(row)
            sums = self.sums[k]
            sums["solved"] += row.solved
            sums["contradictions"] += row.contradiction
            sums["fixed"] += row.fixed
            sums["probed"] += row.probed_fixed or 0
            self._tick()
            if self.measure_speed:
                sums["solve_s"] += self._solve_time(key, board, encoding, amo)
                self._tick()
        return rows

    def _tick(self) -> None:
        if self.progress is not None:
            self.progress.update(1)

    def _solve_time(self, key, board: Board, encoding: str, amo: str) -> float:
        session = self.sessions.get(key)
        if session is None:
            solver = "minicard" if amo == NATIVE else None
            backend = make("sat" if solver is None else f"sat:{solver}", encoding=encoding, amo=amo)
            session = self.sessions[key] = backend.session(board.rules)
        start = time.perf_counter()
        session.count(board, 1, Deadline(None))
        return time.perf_counter() - start

    def summaries(self) -> list[Summary]:
        """One summary per variant; sizes are those of the first puzzle's rules (no givens)."""
        out = []
        for (encoding, amo), sums, rules in zip(self.variants, self.sums, self.firsts):
            count = int(sums["puzzles"]) or 1
            first = encode_rules(rules, encoding, amo) if rules is not None else None
            out.append(Summary(
                encoding, amo,
                variables=first.nvars if first else 0,
                clauses=first.num_clauses if first else 0,
                native_atmosts=len(first.atmosts) if first else 0,
                puzzles=int(sums["puzzles"]), solved=int(sums["solved"]),
                contradictions=int(sums["contradictions"]),
                mean_fixed=sums["fixed"] / count,
                mean_probed_fixed=sums["probed"] / count if self.probe else None,
                solve_s=sums["solve_s"] if self.measure_speed else None,
                skipped=int(sums["skipped"]),
            ))
        return out

    def close(self) -> None:
        for p in self.propagators.values():
            p.close()
        for session in self.sessions.values():
            session.close()
        self.propagators, self.sessions = {}, {}

    def __enter__(self) -> Analysis:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def analyse(boards: Iterable[Board], variants: Sequence[tuple[str, str]], probe: bool = False,
            measure_speed: bool = True, progress=None) -> tuple[list[list[Propagation]], list[Summary]]:
    """Propagation per puzzle per variant ``(encoding, amo)``, and one summary per variant.

    Sizes in the summary are those of the rules of the first puzzle's shape (no givens).
    ``progress`` (e.g. a tqdm bar) gets ``update(1)`` per puzzle propagated and per puzzle solved.
    For a stream too long to keep the rows of, use :class:`Analysis` directly.
    """
    with Analysis(variants, probe, measure_speed, progress) as analysis:
        per_puzzle = [analysis.add(b) for b in boards]
        return per_puzzle, analysis.summaries()
