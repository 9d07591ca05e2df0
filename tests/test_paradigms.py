"""The paradigm backends (issue 21): mip (HiGHS, SCIP, the LP relaxation), smt (Z3), choco, xc.

Each agrees with sat on counts to completion on small grids of every kind it models, on the
built-in examples (cross-checked, every answer verified) and on slices of top1465 and serg; an
unmodelled kind is refused by name, a missing package names the extra, a time limit is kept.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gridgen import dataset_lines

from sudoku_cp import api, cross_check, parse_puzzle
from sudoku_cp.backends import REGISTRY, Unsupported, base, make
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board
from sudoku_cp.core.packages import MissingPackage
from sudoku_cp.core.results import Status
from sudoku_cp.core.rules import Constraint, Rules
from sudoku_cp.core.shape import Shape
from sudoku_cp.core.variants import build

PACKAGES = {"mip": "highspy", "mip:scip": "pyscipopt", "mip:lp": "highspy", "smt": "z3", "smt:fd": "z3", "smt:bool": "z3",
            "choco": "pychoco", "choco:bc": "pychoco", "choco:default": "pychoco", "xc": "miniexact"}
COUNTING = [spec for spec in PACKAGES if spec != "mip:lp"]
SLOW = ("mip", "mip:scip")  # one solver call per solution: counted on the smaller grids only
S4, S6 = Shape(2, 2), Shape(2, 3)
ROOT = Path(__file__).resolve().parents[1]


def available(spec: str) -> str:
    """The backend's package must be there: the test command installs the paradigms extra, and a
    missing one is a failure, not a skip."""
    import importlib

    importlib.import_module(PACKAGES[spec])
    return spec


def sat_count(board: Board, limit: int = 100_000) -> int:
    outcome = make("sat").count(board, limit)
    assert outcome.complete
    return outcome.count


def agrees_with_sat(spec: str, board: Board, limit: int = 100_000) -> int:
    outcome = make(available(spec)).count(board, limit)
    expected = sat_count(board, limit)
    assert outcome.complete and not outcome.timed_out, (spec, outcome)
    assert outcome.count == expected, (spec, outcome.count, expected)
    assert len({s.cells for s in outcome.solutions}) == expected  # distinct grids, none twice
    return expected


def test_registry_names_every_paradigm():
    assert {"mip", "smt", "choco", "xc"} <= set(REGISTRY)
    for spec in PACKAGES:
        backend = make(spec)
        assert backend.name == spec and backend.kinds == {"killer", "antiknight", "antiking", "nonconsecutive"}


@pytest.mark.parametrize("spec", [s for s in COUNTING if s not in SLOW])
def test_empty_4x4_has_288_solutions(spec):
    assert agrees_with_sat(spec, Board.empty(S4)) == 288


@pytest.mark.parametrize("spec", COUNTING)
def test_small_grids_agree_with_sat(spec):
    assert agrees_with_sat(spec, parse_puzzle("12..............")) == 24
    assert agrees_with_sat(spec, parse_puzzle(".3.4.1...2...64...5......4.1........", box=(2, 3))) == 34


VARIANTS = {  # name: (shape, rules keywords, solutions)
    "killer with sums": (S4, dict(cages=[([(0, 0), (1, 0)], 3), ([(0, 1), (0, 2)], 5),
                                         ([(2, 2), (2, 3), (3, 3)], None)]), 12),
    "killer without sums": (S4, dict(cages=[([(0, 1), (1, 2)], None), ([(2, 0), (3, 1), (3, 2)], None)]), 24),
    "killer and antiknight": (S4, dict(cages=[([(0, 0), (1, 0)], 3), ([(1, 2), (2, 2)], None)],
                                       antiknight=True), 4),
    "antiknight": (S4, dict(antiknight=True), 24),
    "antiking": (S4, dict(antiking=True), 0),
    "nonconsecutive 4x4": (S4, dict(nonconsecutive=True), 0),
    "nonconsecutive 6x6": (S6, dict(nonconsecutive=True), 48),
}


# One MIP call per solution: the MIP backends count the variants with at most 30 solutions, the
# other paradigms every one (the pairs are not generated, rather than skipped).
PAIRS = [(spec, variant) for spec in COUNTING for variant in VARIANTS
         if not (spec in SLOW and VARIANTS[variant][2] > 30)]


@pytest.mark.parametrize("spec, variant", PAIRS)
def test_variants_agree_with_sat(spec, variant):
    shape, keywords, expected = VARIANTS[variant]
    assert agrees_with_sat(spec, Board.empty(shape, build(shape, **keywords))) == expected


@pytest.mark.parametrize("spec", COUNTING)
def test_builtin_examples_cross_checked(spec):
    available(spec)
    # Z3's default solver takes 5 to 30 s on each 9x9 variant (smt:fd and smt:bool take under
    # one): the variants are checked with those
    for name in ("examples.txt",) if spec == "smt" else ("examples.txt", "variants.txt"):
        for board in builtin(name):
            check = cross_check(board, f"{spec},sat", limit=2)
            assert check.agreed, (spec, board.cells, check.problems)


def builtin(name: str) -> list[Board]:
    """The puzzles of a built-in file, duplicate givens left out (the scan answers those, no backend)."""
    from sudoku_cp.core.check import find_conflicts
    from sudoku_cp.formats.puzzle_files import iter_entries

    path = ROOT / "sudoku_cp" / "data" / name
    boards = [entry.board for entry in iter_entries(path.read_text(encoding="utf-8").splitlines())]
    assert boards and all(b is not None for b in boards)
    return [b for b in boards if b is not None and not find_conflicts(b)]


SLICE = {"mip": 6, "mip:scip": 4, "smt": 2, "smt:fd": 6, "smt:bool": 6}  # puzzles per collection; 12 for the others


@pytest.mark.parametrize("spec", COUNTING)
def test_collection_slices_agree_with_sat(spec):
    available(spec)
    k = SLICE.get(spec, 12)
    lines = dataset_lines("top1465.txt", limit=k) + dataset_lines("serg-benchmark.txt", limit=k)
    statuses = []
    for line in lines:
        check = cross_check(parse_puzzle(line), f"{spec},sat", limit=2)
        assert check.agreed, (spec, line, check.problems)
        statuses.append(check.result.status)
    assert statuses == [Status.UNIQUE] * k + [Status.MULTIPLE] * k


def test_lp_relaxation_reports_integral_or_unknown():
    available("mip:lp")
    classic = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    outcome = make("mip:lp").count(classic, 2)
    assert outcome.stats["integral"] == 1 and outcome.count == 1 and not outcome.complete
    assert api.solve(classic, backend="mip:lp").status is Status.SOLVED
    assert api.solve(classic, backend="mip:lp", unique=True).status is Status.UNKNOWN  # cannot prove it
    unsat = parse_puzzle("12........3...4.")
    outcome = make("mip:lp").count(unsat, 2)
    assert outcome.complete and outcome.count == 0 or outcome.stats.get("integral") == 0


@pytest.mark.parametrize("spec", COUNTING)
def test_an_unmodelled_kind_is_refused_by_name(spec):
    available(spec)
    rules = Rules(S4, Rules.classic(S4).units, (Constraint("thermometer", 0, ((0, 0), (0, 1))),), "thermometer")
    with pytest.raises(Unsupported, match=f"backend {spec} cannot model the constraint 'thermometer'"):
        make(spec).count(Board.empty(S4, rules), 1)


def test_a_missing_package_names_the_extra(monkeypatch):
    def missing(module):
        raise MissingPackage(module, ModuleNotFoundError(f"No module named {module!r}", name=module))

    monkeypatch.setattr(base, "import_solver", missing)
    with pytest.raises(MissingPackage) as caught:
        make("smt").count(Board.empty(S4), 1)
    text = str(caught.value)
    assert "\n" not in text and "pip install z3-solver" in text and "sudoku-cp[paradigms]" in text


@pytest.mark.parametrize("spec", COUNTING)
def test_time_limit_ends_the_work(spec):
    available(spec)
    outcome = make(spec).count(Board.empty(Shape(3, 3)), 10_000, time_limit=0.0)
    assert outcome.timed_out and not outcome.complete


def test_xc_time_limit_stops_a_long_enumeration():
    available("xc")
    outcome = make("xc").count(Board.empty(Shape(3, 3)), 10**9, time_limit=0.5)
    assert outcome.timed_out and outcome.count == 0


def test_bench_across_paradigms_keeps_each_ones_counters(tmp_path, capsys):
    for spec in ("mip", "smt", "choco", "xc"):
        available(spec)
    src = tmp_path / "in.txt"
    src.write_text("\n".join(dataset_lines("top1465.txt", limit=2) + dataset_lines("serg-benchmark.txt", limit=1))
                   + "\n")
    out = tmp_path / "bench.json"
    assert main(["bench", str(src), "--backend", "sat,mip,smt,choco,xc", "--warmup", "0", "--json", "-o",
                 str(out)]) == 0
    data = json.loads(out.read_text())
    rows = {row["config"]: row for row in data["configurations"]}
    assert {"mip", "smt", "choco", "xc"} <= set(rows)
    assert all(row["solved"] == 2 and row["multiple"] == 1 and row["disagree"] == 0 for row in rows.values())
    assert rows["mip"]["lp_iterations"] is not None and rows["smt"]["conflicts"] is not None
    assert rows["choco"]["backtracks"] is not None


def test_a_ctrl_c_inside_a_finalizer_is_noted_and_not_printed(capsys, monkeypatch):
    """A Ctrl-C that lands in an object's ``__del__`` (a Z3 object's, as the solver's are freed) is
    lost by Python and was printed as "Exception ignored" with a traceback: inside
    ``noted_interrupts`` it is noted, nothing is printed, and another error there still goes to
    the hook that prints it; afterwards that hook is back."""
    import signal
    import sys

    from sudoku_cp.backends.smt import noted_interrupts

    printed: list[BaseException] = []

    def hook(found):
        printed.append(found.exc_value)
    monkeypatch.setattr(sys, "unraisablehook", hook)

    class Freed:
        def __init__(self, error):
            self.error = error

        def __del__(self):
            if self.error is KeyboardInterrupt:
                signal.raise_signal(signal.SIGINT)  # (the handler raises it here, inside __del__)
            else:
                raise self.error

    with noted_interrupts() as noted:
        Freed(KeyboardInterrupt)
        assert noted == [signal.SIGINT] and printed == [] and capsys.readouterr().err == ""
        Freed(ValueError("not a Ctrl-C"))
        assert [str(e) for e in printed] == ["not a Ctrl-C"]
    assert sys.unraisablehook is hook


def test_a_ctrl_c_as_ctypes_converts_a_finalizers_argument_is_noted_and_not_printed(monkeypatch):
    """A Ctrl-C that lands while ctypes converts an argument of a native call in ``__del__`` (Z3's
    ``Z3_dec_ref``) comes out as ``ctypes.ArgumentError: argument 2: KeyboardInterrupt``: inside
    ``noted_interrupts`` that is not printed either; outside, or another ArgumentError, is."""
    import ctypes
    import signal
    import sys

    from sudoku_cp.backends.smt import noted_interrupts

    printed: list[BaseException] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda found: printed.append(found.exc_value))

    class Reference:  # converted as the call is made, as Z3's AstRef is
        @classmethod
        def from_param(cls, value):
            if value == "ctrl-c":
                signal.raise_signal(signal.SIGINT)
            elif value == "wrong":
                raise TypeError("not a reference")
            return 0

    native = ctypes.CDLL(None).abs
    native.argtypes = [ctypes.c_int, Reference]

    class Freed:
        def __init__(self, value):
            self.value = value

        def __del__(self):
            native(1, self.value)

    with noted_interrupts() as noted:
        Freed("ctrl-c")
        assert noted == [signal.SIGINT] and printed == []
        Freed("wrong")
        assert [str(e) for e in printed] == ["argument 2: TypeError: not a reference"]
    printed.clear()
    Freed("ctrl-c")  # (outside: Python's own handler, and the lost Ctrl-C is printed)
    assert [type(e) for e in printed] == [ctypes.ArgumentError]


def test_an_object_a_ctrl_c_left_half_made_is_freed_quietly(capsys, monkeypatch):
    """A Ctrl-C inside an object's ``__init__`` (a Z3 expression's, during a count) leaves it
    without the attributes its ``__del__`` reads: that ``__del__``'s error is not printed, and the
    object is freed before ``noted_interrupts`` ends, though the Ctrl-C's traceback held it;
    without a Ctrl-C such an error is printed."""
    import signal
    import sys

    from sudoku_cp.backends.smt import noted_interrupts

    printed: list[BaseException] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda found: printed.append(found.exc_value))
    freed: list[str] = []

    class HalfMade:
        def __init__(self, interrupted: bool):
            if interrupted:
                signal.raise_signal(signal.SIGINT)  # (before ctx is set, as in Z3's AstRef)
            self.ctx = "context"

        def __del__(self):
            freed.append("freed")
            self.ctx.upper()  # AttributeError when __init__ did not get here

    def make() -> None:
        HalfMade(True)

    with pytest.raises(KeyboardInterrupt) as caught:
        with noted_interrupts() as noted:
            make()
    assert noted == [signal.SIGINT] and freed == ["freed"] and printed == []
    assert caught.value.__traceback__ is not None and capsys.readouterr().err == ""
    quiet = HalfMade.__new__(HalfMade)  # (no Ctrl-C noted: the same error is printed)
    del quiet
    assert [type(e) for e in printed] == [AttributeError]


def test_ctrl_c_ends_each_paradigm_with_exit_130():
    """Ctrl-C in the middle of a long count (native search under way) ends the command as for the
    other backends: exit 130 and the one line 'sudoku-cp: interrupted', nothing from the solver."""
    from test_limits import broken, interrupt_all

    specs = [available(spec) for spec in COUNTING if not spec.startswith("choco:")]
    runs = {spec: ["count", "." * 81, "--limit", "1000000000", "--backend", spec] for spec in specs}
    assert not broken(interrupt_all(runs, wait=12.0))  # past start-up (a shared machine), into the search


@pytest.mark.parametrize("spec", ["mip", "mip:scip", "smt", "choco", "xc"])
def test_json_output_is_clean_in_a_fresh_process(spec):
    """HiGHS prints a banner on standard output when a process makes its first solver: hidden."""
    import subprocess
    import sys

    available(spec)
    done = subprocess.run([sys.executable, "-m", "sudoku_cp", "count", "12..............", "--limit", "30",
                           "--backend", spec, "--json"], capture_output=True, text=True)
    data = json.loads(done.stdout)
    assert done.returncode == 1 and (data["status"], data["count"], data["complete"]) == ("multiple", 24, True)
