"""The SE-scale rating: its arithmetic, its level words, and its rank correlation with Sudoku
Explainer's published ratings on held-out puzzles (never used to tune it).

The full held-out figure comes from ``bench/bench_rating.py --sample heldout`` and is quoted in
``encodings/steps.md``; here the same computation runs on a slice of that sample (the first two
puzzles of each integer rating 5..9, in file order), at suite speed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudoku_cp.cli import main
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.rating import LEVELS, difficulty, level, spearman
from sudoku_cp.tasks.steps import explain_steps

ROOT = Path(__file__).resolve().parents[1]
FLOOR = 0.85


def rows(name: str) -> list[tuple[str, float]]:
    out = []
    for line in (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            puzzle, rating = line.split()
            out.append((puzzle, float(rating)))
    return out


def test_samples_are_disjoint_and_stratified():
    calibration, heldout = rows("se-calibration.txt"), rows("se-heldout.txt")
    assert not {p for p, _ in calibration} & {p for p, _ in heldout}
    for sample in (calibration, heldout):
        bands = [int(r) for _, r in sample]
        assert {b: bands.count(b) for b in set(bands)} == {5: 12, 6: 12, 7: 12, 8: 12, 9: 12}


def test_rank_correlation_on_a_held_out_slice():
    picked: dict[int, list[tuple[str, float]]] = {}
    for puzzle, rating in rows("se-heldout.txt"):
        if len(picked.setdefault(int(rating), [])) < 2:
            picked[int(rating)].append((puzzle, rating))
    ours, published = [], []
    for band in sorted(picked):
        for puzzle, rating in picked[band]:
            found = difficulty(explain_steps(parse_puzzle(puzzle), check=False))
            assert found is not None and found["level"] == level(found["se"])
            ours.append(found["se"])
            published.append(rating)
    assert spearman(ours, published) >= FLOOR, list(zip(published, ours))


def test_below_5_the_rating_follows_se_on_a_held_out_sample():
    """The bank's ratings 2.5 to 4.8 (tests/data/se-hard.txt, never used to tune): there SE's direct
    hidden triple and unique loops decide a rating, and each band's puzzles get SE's rating."""
    sample = rows("se-hard.txt")
    assert len(sample) == 51 and {r for _, r in sample} == {
        2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.1, 4.2, 4.3, 4.4, 4.5, 4.6, 4.7, 4.8}
    found = [difficulty(explain_steps(parse_puzzle(puzzle), check=False)) for puzzle, _ in sample]
    ours = [f["se"] for f in found]
    published = [rating for _, rating in sample]
    assert spearman(ours, published) >= FLOOR
    by_band = {r: [(o, f["hardest"]) for o, f, (_, p) in zip(ours, found, sample) if p == r] for r in (2.5, 4.8)}
    assert by_band[2.5] == [(2.5, "direct hidden triple")] * 3
    assert sorted(by_band[4.8]) == [(4.8, "unique loop"), (4.8, "unique loop"), (4.8, "unique rectangle")]


# 17-clue puzzles (data/17clue-half.txt.gz) with the rating Sukaku Explainer's serate gives them and
# its hardest technique: SE rates easy puzzles by its direct techniques (below a naked single)
EASY_SE = [
    ("000000001000002000001000034000045000060000000720000600000700200004010000080000005", 1.2, "hidden single"),
    ("000000000000000012003045000000006700010000000280050000007000400009200080600000000", 1.7, "direct pointing"),
    ("000000001000000023004005000000000036000057000020008000000000040010300000907000500", 2.0,
     "direct hidden pair"),
]


@pytest.mark.parametrize("puzzle, se, hardest", EASY_SE)
def test_an_easy_puzzle_gets_ses_rating_and_hardest_technique(puzzle, se, hardest):
    found = difficulty(explain_steps(parse_puzzle(puzzle)))
    assert found is not None and (found["se"], found["hardest"], found["level"]) == (se, hardest, "easy")


def test_the_guide_quotes_the_full_held_out_figure_above_the_floor():
    text = (ROOT / "encodings" / "steps.md").read_text(encoding="utf-8")
    found = re.search(r"heldout: (\d+) puzzles, Spearman (\d\.\d+)", text)
    assert found is not None and int(found.group(1)) == 60 and float(found.group(2)) >= FLOOR


def test_levels_cover_the_scale_in_order():
    assert [level(x) for x in (1.0, 2.3, 2.6, 4.0, 4.2, 6.5, 6.6, 7.4, 7.5, 11.0)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "unfair", "unfair", "extreme", "extreme"]
    assert [word for _, word in LEVELS] == ["easy", "medium", "hard", "unfair", "extreme"]


def test_json_and_text_carry_the_difficulty(capsys):
    import json

    assert main(["explain", "--steps", "--json", "..3..4.12......."]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["difficulty"] == {"se": 1.2, "level": "easy", "hardest": "hidden single",
                                    "techniques": {"full house": 8, "hidden single": 4}}
    assert main(["explain", "--json", "..3..4.12......."]) == 0
    assert json.loads(capsys.readouterr().out)["difficulty"] is None


def test_hints_in_three_levels(capsys):
    top = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    said = []
    for k in (1, 2, 3):
        assert main(["explain", "--hint", str(k), top]) == 0
        said.append(capsys.readouterr().out.splitlines()[-1])
    assert said[0].startswith("hint (level 1 of 3): look for a ") and "r" not in said[0].split(" in ")[0][-3:]
    assert said[1].startswith(said[0].replace("level 1", "level 2") + "; it concerns r")
    assert said[2].startswith("hint (level 3 of 3): r") and ": " in said[2]


def test_a_time_limit_keeps_the_steps_found_so_far(capsys, monkeypatch, tmp_path):
    """The limit ends the steps after three (simulated: the fourth search runs out of time): text,
    JSON and the page keep those three, status unknown, exit 4, no rating."""
    import json

    import sudoku_cp.tasks.steps as steps_module
    from sudoku_cp.core.results import TimeLimitReached

    real, calls = steps_module.next_step, []

    def slow(grid, prover=None):
        calls.append(1)
        if len(calls) > 3:
            raise TimeLimitReached("the time limit ended the search for the next step")
        return real(grid, prover)

    monkeypatch.setattr(steps_module.walk, "next_step", slow)
    page = tmp_path / "steps.html"
    assert main(["explain", "--steps", "--html", str(page), "..3..4.12......."]) == 4
    out = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("page written")]
    assert out[0].startswith("unknown") and out[1] == "1. r1c2 = 2: hidden single in box 1"
    assert "3 steps, each verified" in "\n".join(out)
    assert "difficulty: not rated (the time limit ended the steps)" in out
    assert '"partial":true' in page.read_text(encoding="utf-8")
    calls.clear()
    assert main(["explain", "--steps", "--json", "..3..4.12......."]) == 4
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unknown" and len(record["steps"]) == 3 and record["difficulty"] is None
