"""The finders' records of searches that found nothing (:class:`~sudoku_cp.tasks.techniques.base.Misses`)
change no step: on every position a hard puzzle's real steps reach, each finder that keeps such a
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
from sudoku_cp.tasks.techniques import FINDERS, chains, colouring, fish, patterns, sue_de_coq
from sudoku_cp.tasks.techniques.base import Misses

RECORDS = {"fish": fish.MISSES, "patterns": patterns.MISSES, "chains": chains.MISSES, "colouring": colouring.MISSES,
           "Sue de Coq": sue_de_coq.MISSES}
KEEPING = ["X-wing", "swordfish", "jellyfish", "finned X-wing", "finned swordfish", "finned jellyfish",
           "skyscraper", "two-string kite", "turbot fish", "empty rectangle", "X-chain", "simple colouring",
           "multi-colouring", "Sue de Coq"]
EVERY = 3  # positions compared with an empty record: every third (each finder is asked at all of them)


def said(step) -> tuple | None:
    """All a step says: what it concludes, from what, by which technique, its chain and rating."""
    if step is None:
        return None
    return (step.conclusion, step.premises, step.constraints, step.technique, step.chain, step.arrows, step.se)


# an SE 5.6 puzzle (tests/data/se-heldout.txt) whose steps hold a Sue de Coq
SUE_DE_COQ = "004003000100900807500000120030000700000709000009000050082000003301005006000100400"


@pytest.fixture(scope="module")
def positions() -> list[Grid]:
    out = []
    for text in (dataset_lines("top1465.txt", limit=2)[1], SUE_DE_COQ):
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


def test_a_finder_with_its_record_answers_as_with_an_empty_one(positions, monkeypatch):
    finders = dict(FINDERS)
    asked = {"known": 0, "skipped": 0}
    known = Misses.known

    def counting(self, g, key):
        found = known(self, g, key)
        asked["known"] += 1
        asked["skipped"] += found
        return found

    monkeypatch.setattr(Misses, "known", counting)
    for record in RECORDS.values():
        monkeypatch.setattr(record, "keys", set())
        monkeypatch.setattr(record, "rules", None)
    assert len(positions) > 30
    for k, grid in enumerate(positions):
        kept = {name: said(finders[name](grid)) for name in KEEPING}
        if k % EVERY:
            continue
        saved = {name: (record.rules, record.keys) for name, record in RECORDS.items()}
        for record in RECORDS.values():
            record.rules, record.keys = None, set()
        fresh = {name: said(finders[name](grid)) for name in KEEPING}
        for name, record in RECORDS.items():
            record.rules, record.keys = saved[name]
        assert kept == fresh, f"position {k}"
    # the records were asked and skipped searches: most digits' places outlive a step
    assert asked["skipped"] > asked["known"] // 2


def test_a_record_is_for_one_set_of_rules():
    record = Misses()
    one, other = Grid(parse_puzzle("." * 81)), Grid(parse_puzzle("." * 16))
    record.add(one, ("fish", 2, 0, 1, 5))
    assert record.known(one, ("fish", 2, 0, 1, 5)) and not record.known(one, ("fish", 2, 0, 1, 6))
    assert not record.known(other, ("fish", 2, 0, 1, 5))
    assert not record.known(one, ("fish", 2, 0, 1, 5))  # other rules emptied it


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
    for record in RECORDS.values():
        monkeypatch.setattr(record, "keys", set())
        monkeypatch.setattr(record, "rules", None)
    assert finder(position(**nowhere)) is None
    step = finder(position(**where))
    assert step is not None and {f"r{r + 1}c{c + 1}-{-d}" for r, c, d in step.removals()} == gone
