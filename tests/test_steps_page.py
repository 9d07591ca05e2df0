"""The step page in Chromium: every constraint kind drawn through the catalogue's marks (the SVG
writer's own picture), a chain's links as arrows between candidates, no horizontal scrolling on a
390-pixel phone or a desktop, and nothing fetched from a network."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from published_kinds import PUBLISHED, board as published_board
from sudoku_cp.core.board import Board
from sudoku_cp.formats.steps_html import steps_page
from sudoku_cp.formats.svg import board_svg, marks_of, rules_picture
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import Steps, explain_steps

PHONE, DESKTOP = 390, 1280
# Sukaku Explainer rates it 7.2 (tests/data/se-calibration.txt): its 10th step is an AIC
AIC_PUZZLE = "100200000050041002029530100310000804000000000802000067001079420900820070000006009"
# top1465 (as in test_techniques): its 31st step (after a grouped nice loop and an ALS-XY-wing) is a forcing chain, a "what if" written link by link
FORCING_PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# Made for these tests: each constraint read off the solution of the README's classic puzzle
# (534678912/672195348/...), then 44 givens of the unique solution `generate --rules` found for them.
MIXED = json.dumps({"givens": "57.19.6.2.92453..74.8...5.985..61......8.5.9.1.69247.8.6..472.....519.6.3.52.697.",
                    "constraints": [
                        {"type": "diagonal", "which": "main"},
                        {"type": "thermometer", "cells": [[0, 0], [0, 1]]},
                        {"type": "arrow", "circle": [[3, 3]], "cells": [[3, 4], [3, 5]]},
                        {"type": "kropki", "cells": [[7, 1], [7, 2]], "color": "white"},
                        {"type": "kropki", "cells": [[7, 6], [7, 7]], "color": "black"},
                        {"type": "kropki", "cells": [[8, 0], [8, 1]], "color": "white"},
                        {"type": "kropki", "cells": [[8, 1], [8, 2]], "color": "white"},
                        {"type": "xv", "cells": [[8, 3], [8, 4]], "value": "X"},
                        {"type": "whispers", "cells": [[0, 8], [1, 8]]},
                        {"type": "renban", "cells": [[3, 6], [3, 7], [3, 8]]},
                        {"type": "palindrome", "cells": [[2, 2], [3, 2], [4, 3]]},
                        {"type": "between", "cells": [[3, 4], [4, 4], [5, 4]]},
                        {"type": "killer", "cells": [[0, 3], [0, 4], [1, 3]], "sum": 14},
                        {"type": "little-killer", "clue": [-1, 1], "direction": "DR", "sum": 26},
                        {"type": "sandwich", "clue": [0, -1], "sum": 0},
                        {"type": "xsum", "clue": [9, 0], "sum": 14},
                        {"type": "odd", "cells": [[1, 5], [2, 6], [4, 4], [6, 2]]},
                        {"type": "even", "cells": [[6, 6]]},
                        {"type": "quadruple", "cells": [[4, 6], [4, 7], [5, 6], [5, 7]], "digits": [5, 7]}]})


def expected_marks(board: Board) -> Counter:
    """How many drawn elements of each class the rules call for, counted from the constraints
    themselves (not from their marks): one line per line-shaped constraint, one ring per circle
    cell, one shaded cell per odd, even, extra-region, clone or magic-square cell, one text per outside clue."""
    want: Counter = Counter()
    lines = {"thermometer": "thermo", "whispers": "whisper", "renban": "renban", "palindrome": "palindrome",
             "between": "between", "arrow": "arrow", "regionsum": "regionsum", "entropic": "entropic",
             "modular": "modular", "zipper": "zipper", "dutchwhispers": "whisper", "slowthermo": "slowthermo",
             "parityline": "parity", "nabner": "nabner", "doublearrow": "doublearrow", "lockout": "lockout",
             "tenline": "tenline", "sequence": "sequence", "diffcount": "diffcount", "fibonacci": "fibonacci",
             "indexline": "indexline"}
    for c in board.rules.constraints:
        k = c.kind
        if k in lines:
            want[f"polyline.{lines[k]}"] += 1
        if k in ("thermometer", "slowthermo"):
            want["circle.bulb"] += 1
        elif k == "arrow":
            want["circle.circle"] += c.data[0]
            want["polyline.arrowhead"] += 1
        elif k in ("between", "doublearrow"):
            want["circle.circle"] += 2
        elif k == "lockout":
            want["polygon.diamond"] += 2
        elif k == "indexline":
            want["polygon.diamond"] += 1
        elif k == "sunburn":
            want["circle.sun"] += len(c.cells)
        elif k == "countingcircles":
            want["circle.circle"] += len(c.cells)
        elif k == "killer":
            want["path.cage"] += 1
            want["text.sum"] += c.value is not None
        elif k == "boundcage":  # drawn as a killer cage, its clue as written ("<?", "??")
            want["path.cage"] += 1
            want["text.sum"] += 1
        elif k == "sumcage":  # dotted, a class of its own: digits may repeat
            want["path.cage repeat"] += 1
            want["text.sum"] += 1
        elif k == "extra-region":
            want["path.cage"] += 1
            want["rect.region"] += len(c.cells)
        elif k == "magicsquare":
            want["path.cage"] += 1
            want["rect.magic"] += len(c.cells)
        elif k == "kropki":
            want[f"circle.kropki-{c.data[0]}"] += 1
        elif k == "equalsum":  # each group a line, an "=" in a ring between consecutive groups that touch
            want["polyline.equalsum"] += len(c.data)
            want["circle.equalsum"] += len(c.data) - 1
            want["text.equalsum"] += len(c.data) - 1
        elif k == "sumdot":  # a small rounded square with its total(s)
            want["rect.sumdot"] += 1
            want["text.sumdot"] += 1
        elif k in ("xv", "greaterthan"):  # a greater-than sign is drawn as XV's letters are
            want["text.xv"] += 1
        elif k in ("little-killer", "sandwich", "xsum", "skyscraper", "numberedroom"):
            want["text.outside"] += 1
        elif k == "odd":
            want["circle.odd"] += len(c.cells)
        elif k in ("even", "clone"):
            want[f"rect.{k}"] += len(c.cells)
        elif k == "quadruple":
            want["circle.quad"] += 1
        elif k in ("minimum", "maximum", "indexer"):
            want["text.note"] += len(c.cells)
    for unit in board.rules.units:
        if unit.kind in ("diagonal", "anti-diagonal"):
            want[f"line.{unit.kind}"] += 1
    return want


def first_of_each_kind() -> list[tuple[str, Board]]:
    """One published puzzle (tests/published_kinds.py, sources named there) per kind drawn."""
    seen, out = set(), []
    for entry in PUBLISHED:
        b = published_board(entry)
        kinds = {c.kind for c in b.rules.constraints} - seen
        if kinds & set(KINDS_DRAWN):
            seen |= kinds
            out.append((entry.kind, b))
    return out


KINDS_DRAWN = ("killer", "arrow", "thermometer", "kropki", "xv", "little-killer", "sandwich", "xsum", "odd",
               "even", "whispers", "palindrome", "renban", "between", "quadruple", "extra-region", "clone",
               "maximum", "greaterthan", "skyscraper", "numberedroom", "countingcircles", "indexer",
               "regionsum", "entropic", "modular", "zipper", "dutchwhispers", "slowthermo", "nabner", "doublearrow",
               "lockout", "tenline", "sequence", "diffcount", "fibonacci", "indexline", "sunburn", "sumcage",
               "magicsquare", "sumdot", "boundcage", "equalsum")


def open_page(driver, path, width: int, step: int | None = None) -> None:
    driver.set_window_size(width, 1000)
    driver.get("about:blank")  # the same address again would only move to its #step, not load the page
    driver.get(path.as_uri() + (f"#step={step}" if step else ""))


def fits(driver) -> tuple[int, int]:
    return driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")


def drawn(driver) -> Counter:
    """The picture's elements by ``tag.class`` (the cells and arrows are not in it)."""
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll('svg.ss-picture [class]'))"
        ".map(e => e.tagName.toLowerCase() + '.' + e.getAttribute('class'))")
    return Counter(found)


def write(tmp_path, name: str, steps: Steps) -> object:
    path = tmp_path / f"{name}.html"
    path.write_text(steps_page(steps, title=name), encoding="utf-8")
    return path


def test_the_page_and_the_svg_writer_draw_the_same_picture():
    """One renderer: the step page's picture is the SVG writer's, element for element."""
    for _kind, b in first_of_each_kind():
        picture = rules_picture(b, marks_of(b), 36, 9)
        assert "\n".join(picture) in board_svg(b)
        page = steps_page(Steps(b))
        assert "".join(picture) in page


def test_whole_grid_window_rules_draw_nothing_and_are_named_over_the_picture():
    """Parity runs, global entropy and global mod 3 (issue 41, branch windows) hold everywhere: nothing is drawn,
    the SVG's title and the step page's "Everywhere:" line name each with its classes."""
    from html import escape

    from sudoku_cp.formats.svg import page_picture

    b = parse_puzzle(json.dumps({"givens": "." * 81, "constraints": [
        {"type": "parityrun"}, {"type": "globalentropy"}, {"type": "globalmod"}]}))
    title = ("no 3 in a row or column all odd or all even, global entropy (each 2x2 area holds a digit of 1-3, 4-6 "
             "and 7-9), global mod 3 (each 2x2 area holds a digit of 147, 258 and 369)")
    assert marks_of(b) == [] and page_picture(b)["rules"] == title
    assert f">{escape(title)}</text>" in board_svg(b)
    assert f'"rules":"{title}"' in steps_page(Steps(b))  # the page data its "Everywhere:" line shows


def test_every_kind_is_drawn_on_the_page_under_the_digits(browser, tmp_path):
    boards = first_of_each_kind() + [("mixed", parse_puzzle(MIXED))]
    assert {c.kind for _, b in boards for c in b.rules.constraints} >= set(KINDS_DRAWN)
    for name, b in boards:
        path = write(tmp_path, name, Steps(b))
        want = expected_marks(b)
        for width in (PHONE, DESKTOP):
            open_page(browser, path, width)
            got = drawn(browser)
            assert {k: got[k] for k in want} == dict(want), (name, width)
            scroll, inner = fits(browser)
            assert scroll <= inner, (name, width)
            # the picture lies under the cells: at a line's first cell the point hits the cell
            for c in b.rules.constraints:
                if c.kind in ("thermometer", "whispers", "renban", "palindrome", "between", "arrow"):
                    r, col = c.cells[0]
                    hit = browser.execute_script(
                        "const e = document.getElementById(arguments[0]).getBoundingClientRect();"
                        "const h = document.elementFromPoint(e.left + e.width / 2, e.top + e.height / 2);"
                        "return h && h.closest('.cell') ? h.closest('.cell').id : null;", f"cell-{r}-{col}")
                    assert hit == f"cell-{r}-{col}", (name, c.kind)
            # outside clues are on the screen, not cut off at its edge
            boxes = browser.execute_script(
                "return Array.from(document.querySelectorAll('svg.ss-picture text.outside'))"
                ".map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right]; })")
            assert all(0 <= left and right <= width for left, right in boxes), (name, width, boxes)


def test_a_phone_shows_the_grid_at_a_readable_size(browser, tmp_path):
    b = parse_puzzle(MIXED)
    path = write(tmp_path, "mixed", explain_steps(b, limit=2, check=False))
    open_page(browser, path, PHONE)
    sizes = browser.execute_script(
        "const c = document.getElementById('cell-0-2').getBoundingClientRect();"
        "const s = parseFloat(getComputedStyle(document.querySelector('.cands span')).fontSize);"
        "const d = parseFloat(getComputedStyle(document.getElementById('cell-0-0')).fontSize);"
        "return [c.width, s, d, document.getElementById('ss-board').getBoundingClientRect().right];")
    cell, candidate, digit, right = sizes
    assert cell >= 30 and candidate >= 7 and digit >= 18 and right <= PHONE
    assert browser.find_element("id", "ss-tech").text.startswith("Technique: ")


def chain_step(puzzle: str, limit: int, technique: str) -> tuple[Steps, int]:
    steps = explain_steps(parse_puzzle(puzzle), limit=limit, check=False)
    k = next(k for k, s in enumerate(steps) if s.technique.startswith(technique))
    return steps, k


def test_an_aic_carries_its_chain_as_arrows_link_by_link():
    steps, k = chain_step(AIC_PUZZLE, 10, "AIC")
    step = steps[k]
    arrows = step.arrows
    assert arrows and all(a[1] == b[0] for a, b in zip(arrows, arrows[1:]))  # one path
    facts = [arrows[0][0]] + [b for _, b in arrows]
    assert [f[2] > 0 for f in facts] == [j % 2 == 1 for j in range(len(facts))]  # false, true, false, ...
    words = " so ".join(f"r{r + 1}c{c + 1}{'=' if d > 0 else '<>'}{abs(d)}" for r, c, d in facts)
    assert words == step.chain


@pytest.mark.parametrize("name", ["X-chain", "XY-chain", "remote pair", "AIC", "W-wing", "skyscraper",
                                  "two-string kite", "turbot fish"])
def test_a_chain_technique_carries_the_arrows_its_words_name(name):
    """Where a person sees the chain (test_techniques' positions), its arrows read as its words."""
    from test_techniques import CASES, position

    finder, where, _gone, _elsewhere = CASES[name]
    step = finder(position(**where))
    facts = [step.arrows[0][0]] + [b for _, b in step.arrows]
    assert all(a[1] == b[0] for a, b in zip(step.arrows, step.arrows[1:]))
    words = " so ".join(f"r{r + 1}c{c + 1}{'=' if d > 0 else '<>'}{abs(d)}" for r, c, d in facts)
    assert words == step.chain


def test_a_forcing_chain_carries_the_arrows_of_its_links():
    steps, k = chain_step(FORCING_PUZZLE, 36, "what if")
    step = steps[k]
    links = []  # each word: a link, or removals grouped (r1c4,r4c4<>7: each cell; r5c1<>3,5: each digit)
    for m in re.finditer(r"((?:r\d+c\d+,?)+)(=|<>)([\d,]+)", step.chain):
        for r, c in re.findall(r"r(\d+)c(\d+)", m.group(1)):
            links += [(int(r) - 1, int(c) - 1, int(d) if m.group(2) == "=" else -int(d))
                      for d in m.group(3).split(",")]
    order = {f: i for i, f in enumerate(links)}
    assert step.arrows and links[0] == step.assumption
    assert all(a in order and b in order and order[a] < order[b] for a, b in step.arrows)  # earlier to later
    given = {b for _, b in step.arrows}
    assert given == set(links[1:])  # every link but the assumption follows from an earlier one


def candidate_centres(driver) -> list[dict]:
    """Each chain node on the screen beside the candidate it stands for (found by its cell and digit)."""
    return driver.execute_script("""
      const data = JSON.parse(document.getElementById('steps-data').textContent);
      const root = document.getElementById('ss-root'), step = data.steps[parseInt(root.dataset.pos, 10)];
      const out = [], seen = {};
      step.arrows.forEach(p => p.forEach(f => {
        const key = f.join(','); if (seen[key]) return; seen[key] = true;
        const cell = document.getElementById('cell-' + f[0] + '-' + f[1]);
        const span = cell.querySelectorAll('.cands span')[Math.abs(f[2]) - 1];
        const b = (span || cell).getBoundingClientRect();
        out.push({fact: f, x: b.left + b.width / 2, y: b.top + b.height / 2, cell: cell.getBoundingClientRect().width});
      }));
      const nodes = Array.from(document.querySelectorAll('#ss-arrows circle.ss-node')).map(e => {
        const b = e.getBoundingClientRect(); return {on: e.classList.contains('on'), x: b.left + b.width / 2, y: b.top + b.height / 2};
      });
      return [out, nodes];""")


@pytest.mark.parametrize("puzzle, limit, technique", [(AIC_PUZZLE, 10, "AIC"), (FORCING_PUZZLE, 36, "what if")],
                         ids=["AIC", "forcing chain"])
def test_a_chain_step_shows_its_arrows_between_candidates(browser, tmp_path, puzzle, limit, technique):
    steps, k = chain_step(puzzle, limit, technique)
    step = steps[k]
    path = write(tmp_path, "chain", steps)
    between_cells = [(a, b) for a, b in step.arrows if a[:2] != b[:2]]
    for width in (PHONE, DESKTOP):
        open_page(browser, path, width, step=k + 1)
        links = browser.find_elements("css selector", "#ss-arrows path.ss-link")
        assert len(between_cells) <= len(links) <= len(step.arrows)
        solid = sum("strong" in e.get_attribute("class") for e in links)
        assert solid <= sum(1 for _, b in step.arrows if b[2] > 0) and 0 < solid < len(links)
        spots, nodes = candidate_centres(browser)
        assert len(nodes) == len(spots) == len({f for a in step.arrows for f in a})
        for spot, node in zip(spots, nodes):  # each ring on its candidate, green when true
            assert node["on"] == (spot["fact"][2] > 0)
            assert abs(node["x"] - spot["x"]) < spot["cell"] * 0.12 and abs(node["y"] - spot["y"]) < spot["cell"] * 0.12
        assert fits(browser)[0] <= width
        browser.find_element("id", "ss-next").click()  # past the chain (the end, or a step without one)
        if k + 1 == len(steps) or not steps[k + 1].arrows:
            assert browser.find_elements("css selector", "#ss-arrows path.ss-link") == []


def test_the_page_works_with_no_network(browser, tmp_path):
    steps, k = chain_step(AIC_PUZZLE, 10, "AIC")
    path = write(tmp_path, "offline", steps)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        open_page(browser, path, PHONE, step=k + 1)
        assert len(browser.find_elements("css selector", "#ss-grid .cell")) == 81
        assert browser.find_elements("css selector", "#ss-arrows path.ss-link")
        assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
