"""The twin: a forked copy that answers half of a step's questions, and the steps stay the same."""

from __future__ import annotations

import os
import time

import pytest

import sudoku_cp.tasks.steps as steps_module
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import explain_steps
from sudoku_cp.tasks.twin import Back, Twin, first

from test_variant_techniques import published_killers

# top1465 #2: a "what if, by cases" whose candidate the twin finds (an odd position of the split)
TOP2 = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."


def yes_at(where: set[int]):
    """A test answering (position, the answering process) at ``where``, else None."""
    return lambda p: (p, os.getpid()) if p in where else None


def mixed(yes: set[int], broken: set[int], pause: float = 0.0):
    """A test answering as :func:`yes_at` does, raising at ``broken``, after ``pause`` seconds each."""
    def test(p):
        time.sleep(pause)
        if p in broken:
            raise ValueError(f"broken at {p}")
        return (p, os.getpid()) if p in yes else None
    return test


@pytest.fixture
def twin():
    made = Twin({"yes": yes_at, "mixed": mixed, "state": lambda: lambda p: (p, SEEN[-1])}, SEEN.append)
    yield made
    made.close()


SEEN: list = [None]  # (the twin's state, as it last set it)


def test_the_first_yes_is_the_earliest_whichever_process_answers_it(twin):
    odd = range(1, 10, 2)  # the twin's positions
    found = first(10, yes_at({3, 6}), twin, "yes", None, ({3, 6},), odd)
    assert found == (3, (3, twin.pid)) and twin.won["yes"] == 1  # the twin's, at 3: before this one's at 6
    found = first(10, yes_at({2, 5}), twin, "yes", None, ({2, 5},), odd)
    assert found == (2, (2, os.getpid())) and twin.won["yes"] == 1  # this one's, at 2
    assert first(10, yes_at(set()), twin, "yes", None, (set(),), odd) is None
    assert first(10, yes_at({9}), twin, "yes", None, ({9},), odd) == (9, (9, twin.pid))
    assert twin.won["yes"] == 2


def test_positions_claimed_from_both_ends_give_the_first_yes(twin):
    """Each side claims the next position from its end; whoever tests a position, the answer is
    the first yes (which side claims which depends on timing: only the positions are asserted)."""
    sides = {os.getpid(), twin.pid}
    for where in ({3, 6}, {0}, {9}, set(), {0, 9}, {5}, {4, 5}):
        found = first(10, yes_at(where), twin, "yes", None, (where,), Back(10))
        assert (found and found[0]) == (min(where) if where else None)
        assert found is None or (found[1][0] == found[0] and found[1][1] in sides)
    assert first(10, yes_at(set()), twin, "yes", None, (set(),), Back(10)) is None  # (it waits: all read)
    assert twin.stale == 0 and twin.pending is None


def met(twin: Twin) -> bool:
    """Every position of the twin's last question is claimed (the two ends have met)."""
    return twin._claims[1] > twin._claims[2]


def until_met(twin: Twin) -> None:
    """Wait until the twin has claimed every position this process has not (however loaded the
    machine: a fixed pause would be a guess)."""
    while not met(twin):
        time.sleep(0.001)


def test_the_twin_claims_from_the_back_while_this_process_is_slow(twin):
    """This process answers a position only once the twin has claimed all the others: the twin
    tests the last ones meanwhile, and once the two ends meet this process claims no more."""
    tested = []

    def slow(where):
        def test(p):
            tested.append(p)
            until_met(twin)
            return mixed(where, set())(p)
        return test
    found = first(10, slow({8}), twin, "mixed", None, ({8}, set()), Back(10))
    assert found == (8, (8, twin.pid)) and twin.won["mixed"] == 1
    tested.clear()
    found = first(10, slow({1, 6}), twin, "mixed", None, ({1, 6}, set()), Back(10))
    assert found == (1, (1, twin.pid)) and tested == [0]


def test_an_error_claimed_from_either_end_counts_only_where_it_comes_first(twin):
    assert first(10, mixed({2}, {7}), twin, "mixed", None, ({2}, {7}), Back(10))[0] == 2
    assert first(10, mixed({3}, {8}), twin, "mixed", None, ({3}, {8}), Back(10))[0] == 3
    for yes, broken in ((set(), {7}), ({8}, {3}), ({9}, {0})):
        with pytest.raises(ValueError, match=f"broken at {min(broken)}"):
            first(10, mixed(yes, broken), twin, "mixed", None, (yes, broken), Back(10))
    assert first(10, mixed({5}, set()), twin, "mixed", None, ({5}, set()), Back(10))[0] == 5  # (still in step)


def test_a_question_claimed_from_both_ends_asked_ahead_is_taken_up_or_dropped(twin):
    twin.ahead("yes", "next grid", ({3},), Back(10))
    until_met(twin)  # (the twin alone claims every position meanwhile)
    assert first(10, yes_at(set()), twin, "yes", "next grid", ({3},), Back(10)) == (3, (3, twin.pid))
    twin.ahead("yes", "a grid", ({5},), Back(10))
    twin.drop()
    assert twin.stale == 1
    assert first(10, yes_at({7}), twin, "yes", None, ({7},), Back(10))[0] == 7
    assert first(10, yes_at(set()), twin, "yes", None, ({3},), range(1, 10, 2)) == (3, (3, twin.pid))  # (in step)


def test_a_yes_whose_test_asks_the_next_question_ahead_leaves_that_question_whole(twin):
    """Singles' what-if, tested here, asks the next grid's question ahead as it finds its step: the
    yes then closes its own question's positions, not the new one's (which once left both sides
    nothing to claim: the next question had no answer)."""
    def asking(p):
        if p == 0:  # (this process's first claim: the twin takes 50 ms a position from the back)
            twin.ahead("mixed", "next grid", ({4}, set()), Back(10))
            return (0, os.getpid())
        return None
    found = first(10, asking, twin, "mixed", "this grid", ({0}, set(), 0.05), Back(10))
    assert found == (0, (0, os.getpid()))
    assert first(10, mixed({4}, set()), twin, "mixed", "next grid", ({4}, set()), Back(10))[0] == 4


def test_a_question_asked_ahead_is_taken_up_or_dropped(twin):
    odd = (1, 3, 5, 7, 9)
    twin.ahead("yes", "next grid", ({3},), odd)
    assert first(10, yes_at(set()), twin, "yes", "next grid", ({3},), odd) == (3, (3, twin.pid))
    twin.ahead("yes", "a grid", ({5},), odd)
    twin.drop()  # (not wanted: its answer is read and dropped on the way to the next one)
    assert twin.stale == 1
    assert first(10, yes_at(set()), twin, "yes", None, ({7},), odd) == (7, (7, twin.pid)) and twin.stale == 0
    twin.ahead("yes", "a grid", ({1},), odd)
    found = first(10, yes_at({2}), twin, "yes", "another grid", ({9},), odd)  # (another question: the first dropped)
    assert found == (2, (2, os.getpid())) and twin.stale == 0 and twin.pending is None


def test_the_twin_answers_on_the_grid_it_is_sent(twin):
    assert first(2, lambda p: None, twin, "state", ("cells", 1), (), [1]) == (1, (1, ("cells", 1)))
    assert first(2, lambda p: None, twin, "state", ("cells", 2), (), [1]) == (1, (1, ("cells", 2)))
    assert SEEN == [None]  # (set in the twin only)


def test_an_error_counts_only_where_its_question_comes_first(twin):
    def broken_at(where: set[int]):
        def test(p):
            if p in where:
                raise ValueError(f"broken at {p}")
            return None
        return test
    made = Twin({"broken": broken_at}, lambda shot: None)
    try:
        assert first(10, yes_at({2}), made, "broken", None, ({7},), range(1, 10, 2)) == (2, (2, os.getpid()))
        with pytest.raises(ValueError, match="broken at 1"):
            first(10, yes_at({4}), made, "broken", None, ({1},), range(1, 10, 2))
        with pytest.raises(ValueError, match="broken at 4"):  # (this process's own error)
            first(10, broken_at({4}), made, "broken", None, (set(),), range(1, 10, 2))
        assert first(10, yes_at({6}), made, "broken", None, (set(),), range(1, 10, 2)) == (6, (6, os.getpid()))
    finally:
        made.close()


def test_a_closed_twin_is_gone(twin):
    twin.close()
    with pytest.raises(ProcessLookupError):
        os.kill(twin.pid, 0)
    twin.close = lambda: None  # (the fixture closes it once more)


def made_twins(monkeypatch) -> list[Twin]:
    """The twins the steps make, recorded; each made at once, and never outrun by this process on
    the finders' question (see :func:`twin_claims_first`)."""
    made: list[Twin] = []
    real = steps_module.twin_of
    twin_claims_first(monkeypatch)

    def recorded(grid, prover):
        found = real(grid, prover)
        made.append(found)
        return found
    monkeypatch.setattr(steps_module.walk, "twin_of", recorded)
    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    monkeypatch.setattr(steps_module.seam, "TWIN_AFTER", 0)  # (from the start, however fast the machine)
    return made


def twin_claims_first(monkeypatch) -> None:
    """This process tests its first finder only once the twin has claimed a position, the last
    (singles' what-if): on a loaded machine this process could otherwise claim every position
    before the twin claims one, and the twin would answer nothing, by chance, not by a fault."""
    parent, real = os.getpid(), steps_module.shared_test
    last = steps_module._BOTH_ENDS.count - 1

    def waiting(grid, prover):
        test = real(grid, prover)

        def waited(p):
            made = prover._twin
            if p == 0 and os.getpid() == parent and made is not None:
                while made._claims[0] == made.question and made._claims[2] == last:
                    time.sleep(0.001)  # (the twin claims from the back: the last position first)
            return test(p)
        return waited
    monkeypatch.setattr(steps_module.walk, "shared_test", waiting)


def test_steps_with_a_twin_are_the_steps_without(monkeypatch):
    """A killer whose cage combinations and grouped nice loops the twin finds, and a classic whose
    case split it finds: the same steps, texts and all, as one process finds alone."""
    made = made_twins(monkeypatch)
    hs3 = next(k for k in published_killers() if k[0] == "hs3")[1]
    for text, asked in ((hs3, "finders"), (TOP2, "cases")):
        board = parse_puzzle(text)
        alone = explain_steps(board, twin=False)
        assert not made
        paired = explain_steps(board)
        assert made and made[-1].won[asked] >= 1
        assert [s.text(board.rules) for s in paired] == [s.text(board.rules) for s in alone]
        assert [s.to_json(board.rules) for s in paired] == [s.to_json(board.rules) for s in alone]
        made.clear()


def test_a_variant_is_proved_unique_beside_its_steps(monkeypatch):
    """A killer's count runs in a twin while the steps start: the same steps; a killer with two
    solutions still ends in the error that says so; with a time limit the count comes first."""
    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    made: list = []

    class Recorded(steps_module.Proof):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)
    monkeypatch.setattr(steps_module.walk, "Proof", Recorded)
    hs2 = parse_puzzle(next(k for k in published_killers() if k[0] == "hs2")[1])
    alone = explain_steps(hs2, twin=False)
    assert not made
    paired = explain_steps(hs2)
    assert len(made) == 1 and made[0].counted.status.value == "unique"
    assert made[0].counted.solution == paired.solution == alone.solution
    assert [s.text(hs2.rules) for s in paired] == [s.text(hs2.rules) for s in alone]
    two = parse_puzzle('{"givens": "' + "." * 16 + '", "constraints": [{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}]}')
    with pytest.raises(ValueError, match="the puzzle is multiple: steps need exactly one solution"):
        explain_steps(two)
    assert len(made) == 2 and made[1].counted.status.value == "multiple"
    explain_steps(hs2, time_limit=60)  # (a time limit with room to spare: the proof beside the steps)
    assert len(made) == 3 and made[2].counted.status.value == "unique"
    proofs, settle = [], Recorded.settle
    monkeypatch.setattr(Recorded, "settle", lambda self, wait=True: proofs.append(wait) or settle(self, wait))
    monkeypatch.setattr(steps_module.walk, "AMPLE", 10 ** 9)  # (as if the time limit were near)
    explain_steps(hs2, time_limit=60)
    assert proofs[0] is True  # the proof waited for before the steps


def slow_first_count(monkeypatch, tmp_path, entered: bool = False):
    """The twin's count up to one solution answers only once this process has its solution by
    another way (a file says so), or with ``entered``, once it has begun to race for it: the race
    is decided by that, not by timing. Returns the list of what
    :func:`~sudoku_cp.tasks.steps.raced` gave."""
    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    parent, real_answer, real_raced = os.getpid(), steps_module.answer, steps_module.raced
    done = tmp_path / "raced"
    given: list = []

    def answer(board, backends, limit, *args):
        found = real_answer(board, backends, limit, *args)
        while os.getpid() != parent and limit == 1 and not done.exists():
            time.sleep(0.001)
        return found

    def raced(board, proof):
        if entered:
            done.touch()
        found = real_raced(board, proof)
        given.append(found)
        done.touch()
        return found
    monkeypatch.setattr(steps_module.proofs, "answer", answer)
    monkeypatch.setattr(steps_module.walk, "raced", raced)
    return given


def test_the_steps_start_before_the_solution_and_a_second_solver_races_the_twin_for_it(monkeypatch, tmp_path):
    """Where a twin counts, the steps start without the solution; the first step that needs it
    has a second solver look for it meanwhile (here it wins): the same steps, each checked with
    the solution as witness once it has come, and the twin still proves it the only one."""
    hs3 = parse_puzzle(next(k for k in published_killers() if k[0] == "hs3")[1])
    alone = explain_steps(hs3, twin=False)
    given = slow_first_count(monkeypatch, tmp_path)
    checked, real_verify = [], steps_module.verify_step

    def verify(step, rules, backend, parts=None, deadline=None, solution=None, *args, **kwargs):
        checked.append((step, solution))
        return real_verify(step, rules, backend, parts, deadline, solution, *args, **kwargs)
    monkeypatch.setattr(steps_module.walk, "verify_step", verify)
    paired = explain_steps(hs3)
    assert len(given) == 1 and given[0] == alone.solution  # a Board: this process's solver found it
    assert paired.solution == alone.solution
    assert [s.text(hs3.rules) for s in paired] == [s.text(hs3.rules) for s in alone]
    assert sorted(id(s) for s, _ in checked) == sorted(id(s) for s in paired)  # every step checked, once
    assert all(solution == tuple(alone.solution.cells) for _, solution in checked)


def test_a_racer_that_cannot_load_the_rules_waits_for_the_twin(monkeypatch, tmp_path):
    """A racing solver that cannot hold the rules (as SAT above 25x25): the twin's count gives
    the solution, and the steps are the same."""
    hs3 = parse_puzzle(next(k for k in published_killers() if k[0] == "hs3")[1])
    alone = explain_steps(hs3, twin=False)
    given = slow_first_count(monkeypatch, tmp_path, entered=True)
    monkeypatch.setattr(steps_module.proofs, "RACER", "dfs")  # (no sessions: Unsupported)
    paired = explain_steps(hs3)
    assert len(given) == 1 and given[0].solution == alone.solution  # a Result: the twin's count
    assert [s.text(hs3.rules) for s in paired] == [s.text(hs3.rules) for s in alone]


def test_a_step_found_before_the_solution_that_fails_its_check_still_fails(monkeypatch, tmp_path):
    """The steps found while the solution was awaited are checked when it comes: a wrong one
    raises then, naming its number."""
    hs3 = parse_puzzle(next(k for k in published_killers() if k[0] == "hs3")[1])
    slow_first_count(monkeypatch, tmp_path)
    real_verify = steps_module.verify_step

    def verify(step, *args, **kwargs):
        return ["planted"] if step.technique == "cage combinations" else real_verify(step, *args, **kwargs)
    monkeypatch.setattr(steps_module.walk, "verify_step", verify)
    with pytest.raises(steps_module.VerificationError, match=r"^step 1 \(.*\): planted$"):
        explain_steps(hs3)


def test_a_variant_without_a_solution_says_so_though_its_steps_started(monkeypatch):
    """Two cages that each need {1, 2} in one 4x4 box: no solution; the steps began before the
    count said so, and the error is the count's."""
    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    none = parse_puzzle('{"givens": "' + "." * 16 + '", "constraints": ['
                        '{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}, '
                        '{"type": "killer", "cells": [[1, 0], [1, 1]], "sum": 3}]}')
    with pytest.raises(ValueError, match="the puzzle is unsat: steps need exactly one solution"):
        explain_steps(none)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that run now (from Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


@pytest.mark.parametrize("whom", ["group", "process"])
def test_a_ctrl_c_during_the_steps_ends_them_and_their_twins(whom):
    """A Ctrl-C while a killer's steps run with twins (a terminal's reaches the whole group; a
    ``kill -INT`` only the command): exit 130, the one line, and no process left behind."""
    import signal
    import subprocess
    import sys
    import time

    text = next(k for k in published_killers() if k[0] == "hs4")[1]
    process = subprocess.Popen([sys.executable, "-m", "sudoku_cp", "explain", "--steps", text],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    end = time.monotonic() + 120  # (a bound far beyond start-up, not a speed check)
    while time.monotonic() < end and process.poll() is None and not children(process.pid):
        time.sleep(0.02)
    assert children(process.pid), "no twin started"
    if whom == "group":
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)  # (a hang detector)
    assert process.returncode == 130 and err.strip().splitlines() == ["sudoku-cp: interrupted"], err
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # nothing of its group runs


def test_no_twin_where_forking_is_unsafe_or_useless(monkeypatch):
    """A process with another thread running forks no twin (the thread's locks would stay held in
    it), nor one allowed a single core; else one starts."""
    import threading

    import sudoku_cp.tasks.twin as twin_module

    tests = {"yes": yes_at}
    real = twin_module.threading.active_count
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})  # (two cores, whatever runs the test)
    monkeypatch.setattr(twin_module.threading, "active_count", lambda: 1)  # (no thread an earlier test left)
    made = Twin.start(tests, SEEN.append)
    assert made is not None
    made.close()
    monkeypatch.setattr(twin_module.threading, "active_count", real)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert Twin.start(tests, SEEN.append) is None
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert Twin.start(tests, SEEN.append) is None


def test_a_variant_explained_step_by_step_is_counted_by_its_steps_alone(monkeypatch):
    """``explain --steps`` on a variant: the steps' proof (in the twin, while they start) is the
    count, not a count made here first, one after the other (a published killer spent `1.5 s` of
    `5.2 s` on it). The answer is the count's: status, solution, count and the solver's counters
    of both its searches; a puzzle with no solution or several, a cross-check or a time limit
    still counts first, and says why, and then the steps go on from that count."""
    import sudoku_cp.tasks.explain as explain_module  # noqa: PLC0415

    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    hs2 = parse_puzzle(next(k for k in published_killers() if k[0] == "hs2")[1])
    counted = explain_module.explain(hs2)
    asked, real = [], explain_module.count
    monkeypatch.setattr(explain_module, "count", lambda *args, **kw: asked.append(args[2]) or real(*args, **kw))
    stepped = explain_module.explain(hs2, steps=True)
    assert asked == [] and stepped.status.value == "unique" and stepped.steps.complete
    assert (stepped.solution, stepped.count, stepped.complete, stepped.backend) == (
        counted.solution, 1, True, counted.backend) and stepped.steps.solution == counted.solution
    # the same solver on the same question: its counters are the count's, over both searches
    assert stepped.stats == {k: counted.stats[k] for k in ("conflicts", "decisions", "propagations")}
    assert stepped.difficulty is None and stepped.steps.counted.status.value == "unique"
    assert len(explain_module.explain(hs2, steps=2).steps) == 2 and asked == []
    two = parse_puzzle('{"givens": "' + "." * 16 + '", "constraints": [{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}]}')
    several = explain_module.explain(two, steps=True)
    assert several.status.value == "multiple" and len(several.solutions) == 2 and several.differences
    assert several.steps is None and several.notes == ["steps need a puzzle with exactly one solution"]
    none = parse_puzzle('{"givens": "1' + "." * 15 + '", "constraints": ['
                        '{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}, '
                        '{"type": "killer", "cells": [[1, 0], [1, 1]], "sum": 3}]}')
    unsat = explain_module.explain(none, steps=True)
    assert unsat.status.value == "unsat" and unsat.core == [] and unsat.steps is None
    assert unsat.rules_core == ["cage at r1c1", "cage at r2c1"]
    assert len(asked) == 2  # (each counted once it was found not to have one solution)
    # where explain counts first, the steps go on from its count: none of their own
    theirs, own = [], steps_module.count
    monkeypatch.setattr(steps_module.walk, "count", lambda *args, **kw: theirs.append(args[1]) or own(*args, **kw))
    assert explain_module.explain(hs2, backend="all", steps=True).backends and len(asked) == 3
    timed = explain_module.explain(hs2, time_limit=60, steps=True)
    assert timed.steps.complete and timed.steps.counted.status.value == "unique" and len(asked) == 4
    assert theirs == [] and [s.text(hs2.rules) for s in timed.steps] == [s.text(hs2.rules) for s in stepped.steps]
    # only "not one solution" sends explain to its count: any other error is the steps' answer
    from sudoku_cp.backends import BackendError  # noqa: PLC0415

    def broken(*args, **kw):
        raise BackendError("planted")
    monkeypatch.setattr(steps_module, "explain_steps", broken)
    with pytest.raises(BackendError, match="planted"):
        explain_module.explain(hs2, steps=True)
    assert len(asked) == 4


def test_a_ctrl_c_just_after_a_twin_forks_still_ends_it(monkeypatch, capsys):
    """A Ctrl-C that comes as a twin is forked, before its caller holds it (here, as the proof's
    twin's start returns), still ends it: the command exits 130 and no twin is left running."""
    from sudoku_cp.cli import main  # noqa: PLC0415

    monkeypatch.setattr(Twin, "start", classmethod(lambda cls, tests, state: cls(tests, state)))  # (one core too)
    forked, real = [], Twin.__init__

    def interrupted(self, *args):
        real(self, *args)
        forked.append(self.pid)
        raise KeyboardInterrupt
    monkeypatch.setattr(Twin, "__init__", interrupted)
    text = next(k for k in published_killers() if k[0] == "hs2")[1]
    assert main(["explain", "--steps", text]) == 130
    assert capsys.readouterr().err == "sudoku-cp: interrupted\n" and len(forked) == 1
    with pytest.raises(ProcessLookupError):
        os.kill(forked[0], 0)  # ended, and reaped
