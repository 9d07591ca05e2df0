"""The finders' records of searches that found nothing (:class:`~sudoku_cp.tasks.techniques.base.Misses`,
:class:`~sudoku_cp.tasks.techniques.base.UnitMisses`: the units where a subset or a hidden single was
missed, and :class:`~sudoku_cp.tasks.techniques.base.LastMiss`: the last position with nothing found) change no step: on every position a hard puzzle's real steps reach, each finder that keeps such a
record answers what it answers with an empty record.

The positions are those of top1465 #2 (data/top1465.txt.gz), whose steps use fish, chains, wings,
colouring and almost locked sets, so the records fill up and are asked many times, then those of a
puzzle with a Sue de Coq.
"""

from __future__ import annotations

import pytest

from gridgen import dataset_lines
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import Grid, explain_steps
from sudoku_cp.tasks.techniques import FINDERS, als, chains, colouring, fish, patterns, sue_de_coq, uniqueness, wings
from sudoku_cp.tasks.techniques.base import UNIT_MISSES, LastMiss, Misses, UnitMisses, cand_bits

RECORDS = {"fish": fish.MISSES, "patterns": patterns.MISSES, "chains": chains.MISSES, "colouring": colouring.MISSES,
           "Sue de Coq": sue_de_coq.MISSES, "WXYZ-wing": wings.WXYZ_MISS, "VWXYZ-wing": wings.VWXYZ_MISS,
           "ALS-XZ": als.XZ_MISS, "ALS-XY-wing": als.XY_MISS, "death blossom": als.BLOSSOM_MISS,
           "units": UNIT_MISSES, "unique loop": uniqueness.LOOPLESS}
KEEPING = ["hidden single", "direct hidden pair", "direct hidden triple", "naked pair", "X-wing", "hidden pair",
           "naked triple", "swordfish", "hidden triple", "naked quad", "jellyfish", "hidden quad",
           "finned X-wing", "finned swordfish", "finned jellyfish", "skyscraper", "two-string kite", "turbot fish",
           "empty rectangle", "unique loop", "X-chain", "simple colouring", "multi-colouring", "Sue de Coq",
           "WXYZ-wing", "VWXYZ-wing", "ALS-XZ", "ALS-XY-wing", "death blossom"]
EVERY = 3  # positions compared with an empty record: every third (each finder is asked at all of them)


def said(step) -> tuple | None:
    """All a step says: what it concludes, from what, by which technique, its chain and rating."""
    if step is None:
        return None
    return (step.conclusion, step.premises, step.constraints, step.technique, step.chain, step.arrows, step.se)


# an SE 5.6 puzzle (tests/data/se-heldout.txt) whose steps hold a Sue de Coq
SUE_DE_COQ = "004003000100900807500000120030000700000709000009000050082000003301005006000100400"


def positions_of(*texts: str) -> list[Grid]:
    """The positions before each step past the singles of each puzzle, in order."""
    out = []
    for text in texts:
        board = parse_puzzle(text)
        grid = Grid(board)
        grid.unique = True  # explain_steps proves it by a count before any step
        for step in explain_steps(board, check=False):
            if step.technique not in ("full house", "hidden single", "naked single"):
                copy = Grid(board)
                copy.cells, copy.removed, copy.unique = list(grid.cells), set(grid.removed), True
                copy.refresh()
                out.append(copy)
            grid.apply(step)
    return out


@pytest.fixture(scope="module")
def positions() -> list[Grid]:
    return positions_of(dataset_lines("top1465.txt", limit=2)[1], SUE_DE_COQ)


def empty(monkeypatch) -> None:
    """Every record as new, for this test only."""
    for record in RECORDS.values():
        for attr, value in vars(type(record)()).items():
            monkeypatch.setattr(record, attr, value)


def test_a_finder_with_its_record_answers_as_with_an_empty_one(positions, monkeypatch):
    finders = dict(FINDERS)
    asked = {"known": 0, "skipped": 0}
    known = Misses.known

    def counting(self, g, key):
        found = known(self, g, key)
        asked["known"] += 1
        asked["skipped"] += found
        return found

    changed = LastMiss.changed

    def narrowing(self, g, bits):
        found = changed(self, g, bits)
        asked["last"] += 1
        asked["narrowed"] += found != -1
        return found

    monkeypatch.setattr(Misses, "known", counting)
    monkeypatch.setattr(LastMiss, "changed", narrowing)
    asked.update(last=0, narrowed=0)
    empty(monkeypatch)
    assert len(positions) > 30
    for k, grid in enumerate(positions):
        kept = {name: said(finders[name](grid)) for name in KEEPING}
        if k % EVERY:
            continue
        saved = {name: dict(vars(record)) for name, record in RECORDS.items()}
        for record in RECORDS.values():
            record.__init__()  # type: ignore[misc]
        fresh = {name: said(finders[name](grid)) for name in KEEPING}
        for name, record in RECORDS.items():
            vars(record).update(saved[name])
        assert kept == fresh, f"position {k}"
    # the records were asked and skipped searches: most digits' places outlive a step, and most
    # positions have only lost candidates since a wing's or an ALS's last miss
    assert asked["skipped"] > asked["known"] // 2
    assert asked["narrowed"] > asked["last"] // 2


LAST = ["WXYZ-wing", "VWXYZ-wing", "ALS-XZ", "ALS-XY-wing", "death blossom"]  # the finders keeping a LastMiss


def test_a_search_narrowed_by_the_last_miss_answers_as_a_full_one(positions, monkeypatch):
    """At every position of top1465 #2 and #7 (an ALS in most of #7's), each finder keeping a
    :class:`LastMiss` answers as it does with no record (a full search), many times after a miss;
    the ALS of units unchanged since the last position are kept."""
    finders = dict(FINDERS)
    empty(monkeypatch)
    narrowed = {name: 0 for name in LAST}
    later = positions_of(dataset_lines("top1465.txt", limit=7)[6])
    for k, grid in enumerate(positions + later):
        # the ALS list, its units' sets kept from before where their cells are as they were, is
        # the one made from nothing
        kept_sets = [(s.unit, s.cells, s.bits, s.reach) for s in als._board(grid).sets]
        als._UNIT_SETS[:] = [None, {}]
        assert [(s.unit, s.cells, s.bits, s.reach) for s in als._Board(grid).sets] == kept_sets, f"position {k}"
        for name in LAST:
            record = RECORDS[name]
            after_miss = record.changed(grid, cand_bits(grid)) != -1  # type: ignore[attr-defined]
            kept = said(finders[name](grid))
            saved = dict(vars(record))
            record.__init__()  # type: ignore[misc]
            assert said(finders[name](grid)) == kept, f"{name}, position {k}"
            vars(record).update(saved)
            narrowed[name] += after_miss and kept is not None
    # each finds a step after a miss, from a search narrowed to the cells changed since
    assert min(narrowed.values()) >= 2, narrowed


def test_a_record_is_for_one_set_of_rules():
    record = Misses()
    one, other = Grid(parse_puzzle("." * 81)), Grid(parse_puzzle("." * 16))
    record.add(one, ("fish", 2, 0, 1, 5))
    assert record.known(one, ("fish", 2, 0, 1, 5)) and not record.known(one, ("fish", 2, 0, 1, 6))
    assert not record.known(other, ("fish", 2, 0, 1, 5))
    assert not record.known(one, ("fish", 2, 0, 1, 5))  # other rules emptied it


def test_a_unit_miss_holds_while_the_units_cells_hold_the_same_candidates():
    record = UnitMisses()
    one = Grid(parse_puzzle("." * 81))
    mine = one.units_of[0][0]  # a unit holding r1c1, and one not
    far = next(k for k in range(len(one.units)) if 0 not in one.units[k])
    record.add(one, ("naked", 2, mine), mine)
    record.add(one, ("naked", 2, far), far)
    assert record.known(one, ("naked", 2, mine), mine) and not record.known(one, ("hidden", 2, mine), mine)
    one.cands = list(one.cands)  # (as a step leaves them: a new list, new sets where they changed)
    one.cands[0] = one.cands[0] - {5}
    assert not record.known(one, ("naked", 2, mine), mine)  # r1c1 changed
    assert record.known(one, ("naked", 2, far), far)
    one.refresh()  # (every set new)
    assert not record.known(one, ("naked", 2, far), far)
    record.add(one, ("naked", 2, far), far)
    assert not record.known(Grid(parse_puzzle("." * 16)), ("naked", 2, far), far)  # other rules
    assert not record.known(one, ("naked", 2, far), far)  # other rules emptied it


def test_a_unit_miss_is_kept_for_the_thread_that_recorded_it():
    import threading

    record = UnitMisses()
    one = Grid(parse_puzzle("." * 81))
    record.add(one, ("naked", 2, 0), 0)
    seen = []
    other = threading.Thread(target=lambda: seen.append(record.known(one, ("naked", 2, 0), 0)))
    other.start()
    other.join()
    assert seen == [False] and record.known(one, ("naked", 2, 0), 0)


def test_the_last_miss_names_the_cells_changed_since():
    record = LastMiss()
    one, other = Grid(parse_puzzle("." * 81)), Grid(parse_puzzle("." * 16))
    bits = [0b1110] * 81
    assert record.changed(one, bits) == -1  # no miss yet: every cell
    record.add(one, bits)
    assert record.changed(one, bits) == 0
    fewer = bits[:3] + [0b0110] + bits[4:]
    assert record.changed(one, fewer) == 1 << 3
    assert record.changed(one, bits[:3] + [0b10110] + bits[4:]) == -1  # a candidate came back
    assert record.changed(other, [0b110] * 16) == -1  # other rules


def cases() -> dict:
    from test_techniques import CASES
    from test_techniques_more import CASES as MORE

    return {**CASES, **MORE}


@pytest.mark.parametrize("name", sorted(cases()))
def test_a_miss_does_not_hide_the_pattern_one_change_makes(name, monkeypatch):
    """Each technique's position where it must not fire, then the one close to it where it fires:
    the record of the first search's miss leaves the second its step."""
    from test_techniques import position

    finder, where, gone, nowhere = cases()[name]
    empty(monkeypatch)
    assert finder(position(**nowhere)) is None
    step = finder(position(**where))
    assert step is not None and {f"r{r + 1}c{c + 1}-{-d}" for r, c, d in step.removals()} == gone
