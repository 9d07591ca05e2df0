"""Write Penpa+ links of published puzzles, by Penpa+'s own code, beside their published solutions.

Not run by the tests: it needs a copy of Penpa+'s page (swaroopg92/penpa-edit at 7785887, its ``docs/``
directory: ``git archive 7785887 docs | tar -x -C DIR``), Debian's chromium and selenium. Each
published puzzle (its source cited in ``SOURCES`` below, or in ``tests/published_kinds.py`` and
``tests/test_variants.py``) is drawn the way a setter draws it in Penpa+: a new grid of the
``sudoku`` type (Penpa+ draws the boxes, and the diagonals when asked) or of the ``square`` type with
the region borders drawn as thick edges (jigsaws); givens as normal numbers; killer cages with
Penpa+'s Killer cage tool and their sums with its Killer number mode (Penpa+'s own functions
``mouse_cage`` and ``key_number`` run); thermometers and arrows as Penpa+'s Thermo and Sudoku Arrow
store them, an arrow's circle a white circle; kropki dots as small white and black circles on edges;
X and V as letters on edges; the rules text in the setter's words. The solution is typed in the
answer layer and Penpa+ writes the link (``maketext_solve_solution``: the link with its answer
check, ``a=``) or, for every third puzzle, the link without it (``maketext_solve``). Penpa+'s page
runs from a file, so the link's address is written as the public one.

    python tests/data/penpa/make_corpus.py --penpa DIR/docs > tests/data/penpa/converted.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE.parent.parent.parent))

RULES = {
    "classic": "Place a digit from 1 to 9 in each empty cell so that each row, column and 3x3 box contains every digit once.",
    "jigsaw": "Each row, column and outlined region contains every digit once.",
    "killer": "Digits in a cage sum to the small clue in its corner and do not repeat within the cage.",
    "diagonal": "Each main diagonal also contains every digit once.",
    "thermometer": "Digits along a thermometer strictly increase from the bulb end.",
    "arrow": "Digits along an arrow sum to the digit in its circle.",
    "kropki": "Digits separated by a white dot differ by 1; digits separated by a black dot are in a 1:2 ratio.",
    "kropki-negative": "All possible dots are given.",
    "xv": "Digits separated by an X sum to 10; digits separated by a V sum to 5.",
    "xv-negative": "All possible X and V are given.",
}
PUBLIC = "https://swaroopg92.github.io/penpa-edit/"


def entries() -> list[dict]:
    """The published puzzles drawn: source, kind, size, givens, regions (labels or None), constraints, solution."""
    from published_kinds import PUBLISHED
    from test_variants import JIGSAWS, KILLER1, KILLER1_SOLUTION, KILLER6

    out: list[dict] = []
    real = [json.loads(line) for line in (HERE.parent / "sudokupad" / "real.jsonl").read_text().splitlines()[:2]]
    for row in real:  # two Nikoli classics of Sudoku-Bench, their givens read from the SudokuPad link
        from sudoku_cp.formats.text import format_line, parse_puzzle

        out.append({"source": row["source"].split(";")[0], "kind": "classic", "size": 9,
                    "givens": format_line(parse_puzzle(row["link"])), "solution": row["solution"]})
    out.append({"source": "Wikipedia, Sudoku (https://en.wikipedia.org/wiki/Sudoku): the article's example puzzle "
                          "and its solution, as in this repository's README",
                "kind": "classic", "size": 9, "grid": "square",
                "givens": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                "solution": "534678912672195348198342567859761423426853791713924856961537284287419635345286179"})
    for n, (givens, regions, solution) in enumerate(JIGSAWS[:2]):
        out.append({"source": ("tests/test_variants.py JIGSAW: Janko's Chaos Sudoku 108 "
                               "(https://www.janko.at/Raetsel/Sudoku/Chaos/108.a.htm), as transcribed in "
                               "SmilingWayne/PuzzleSolver docs/puzzles/jigsaw_sudoku.md") if n == 0 else
                    ("tests/test_variants.py JIGSAWS: SmilingWayne/PuzzleSolver "
                     "assets/Sudoku/JigsawSudoku/problems/316_9x9.txt and solutions/316_9x9.txt"),
                    "kind": "jigsaw", "size": 9, "grid": "square", "givens": givens, "regions": regions,
                    "solution": solution})
    out.append({"source": "tests/test_variants.py KILLER1: ukpuzzles.org (https://ukpuzzles.org/file_download.php?"
                          "fileid=247), as transcribed in lisudoku/lisudoku_solver src/solver/tests/logical_solver/"
                          "puzzles/killer_9x9.rs",
                "kind": "killer", "size": 9, "givens": "." * 81, "solution": KILLER1_SOLUTION,
                "constraints": [{"type": "killer", "cells": [list(c) for c in cells], "sum": total}
                                for cells, total in KILLER1]})
    cages, givens, solution = KILLER6
    out.append({"source": "tests/test_variants.py KILLER6: the World Sudoku Championship 2022 instruction booklet "
                          "(https://uploads-ssl.webflow.com/62793457876c001d28edf162/6348945a45b06acb414391b7_WSC_2022"
                          "_IB_v2.1.pdf), as transcribed in lisudoku/lisudoku_solver killer_6x6.rs",
                "kind": "killer", "size": 6, "givens": givens, "solution": solution,
                "constraints": [{"type": "killer", "cells": [list(c) for c in cells], "sum": total}
                                for cells, total in cages]})
    from test_variants import DIAGONAL

    out.append({"source": "tests/test_variants.py DIAGONAL: https://www.sudopedia.org/wiki/Sudoku-X and ukpuzzles.org, "
                          "as transcribed in lisudoku/lisudoku_solver diagonal_9x9.rs",
                "kind": "diagonal", "size": 9, "givens": DIAGONAL[0][0], "solution": DIAGONAL[0][1],
                "constraints": [{"type": "diagonal", "which": "both"}]})
    for index in (4, 6, 7, 9, 14, 18, 21, 24):
        entry = PUBLISHED[index]
        data = json.loads(entry.puzzle)
        size = int(len(data["givens"]) ** 0.5)
        out.append({"source": f"tests/published_kinds.py: {entry.source}", "kind": entry.kind, "size": size,
                    "givens": data["givens"], "solution": entry.solution, "constraints": data["constraints"]})
    return out


def rules_text(entry: dict) -> str:
    kinds = [entry["kind"]] + [c["type"] for c in entry.get("constraints", [])]
    said = [RULES["classic"].replace("3x3 box", "box" if entry["size"] != 9 else "3x3 box")
            .replace("1 to 9", f"1 to {entry['size']}")]
    said += [RULES[k] for k in dict.fromkeys(kinds) if k in RULES and k != "classic"]
    return " ".join(said)


DRAW = """
const [entry, rules, answer] = arguments;
const n = entry.size, square = entry.grid === 'square' || entry.regions;
UserSettings.gridtype = square ? 'square' : 'sudoku';
document.getElementById('gridtype').value = UserSettings.gridtype;
changetype();
for (const id of ['nb_sudoku1', 'nb_sudoku2', 'nb_sudoku3', 'nb_sudoku4', 'nb_sudoku5', 'nb_sudoku6', 'nb_sudoku8'])
    if (document.getElementById(id)) document.getElementById(id).checked = false;
const diagonal = (entry.constraints || []).some(c => c.type === 'diagonal');
if (!square) {
    if (n === 6) document.getElementById('nb_sudoku5').checked = true;
    if (n === 4) document.getElementById('nb_sudoku8').checked = true;
    if (diagonal) { document.getElementById('nb_sudoku1').checked = true; document.getElementById('nb_sudoku4').checked = true; }
}
document.getElementById('nb_size1').value = n; document.getElementById('nb_size2').value = n;
for (const id of ['nb_space1', 'nb_space2', 'nb_space3', 'nb_space4']) document.getElementById(id).value = 0;
create_newboard();
pu.mode.qa = 'pu_q';
const nx0 = pu.nx0, M = pu.nx0 * pu.ny0;
const cell = (r, c) => (r + 2) * nx0 + c + 2;
const vertex = (y, x) => M + (y + 1) * nx0 + x + 1;  // grid point (row line y, column line x)
const edge = (a, b) => a[0] === b[0] ? 3 * M + cell(a[0], Math.min(a[1], b[1])) : 2 * M + cell(Math.min(a[0], b[0]), a[1]);
if (entry.regions) {  // a jigsaw: its region borders as thick edges, as a setter draws them in Edge mode
    const label = (r, c) => entry.regions[r * n + c];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        if (c + 1 < n && label(r, c) !== label(r, c + 1)) pu.pu_q.lineE[vertex(r, c + 1) + ',' + vertex(r + 1, c + 1)] = 2;
        if (r + 1 < n && label(r, c) !== label(r + 1, c)) pu.pu_q.lineE[vertex(r + 1, c) + ',' + vertex(r + 1, c + 1)] = 2;
    }
} else if (square) {  // boxes drawn by hand on a square grid
    const rows = n === 6 ? 2 : Math.sqrt(n), cols = n / rows;
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        if ((c + 1) % cols === 0 && c + 1 < n) pu.pu_q.lineE[vertex(r, c + 1) + ',' + vertex(r + 1, c + 1)] = 2;
        if ((r + 1) % rows === 0 && r + 1 < n) pu.pu_q.lineE[vertex(r + 1, c) + ',' + vertex(r + 1, c + 1)] = 2;
    }
}
for (let k = 0; k < n * n; k++) {
    const d = entry.givens[k];
    if (d !== '.' && d !== '0') pu.pu_q.number[cell(Math.floor(k / n), k % n)] = [d, 1, '1'];
}
for (const c of entry.constraints || []) {
    if (c.type === 'killer') {  // Penpa+'s Killer cage tool, then its Killer number mode
        document.getElementById('sub_cage1').checked = true;
        pu.mode.pu_q.edit_mode = 'cage';
        pu.cageselection = []; pu.selection = [];
        const ks = c.cells.map(([r, q]) => cell(r, q));
        ks.forEach((k, i) => { pu.mouse_mode = i === 0 ? 'down_left' : 'move'; pu.mouse_cage(0, 0, k); });
        pu.mouse_mode = 'up'; pu.mouse_cage(0, 0, ks[ks.length - 1]);
        pu.cageselection = []; pu.selection = [];
        if (c.sum !== undefined) {
            pu.mode.pu_q.edit_mode = 'number'; pu.mode.pu_q.number = ['11', 1];
            pu.cursol = Math.min(...ks); pu.selection = [pu.cursol];
            for (const ch of String(c.sum)) pu.key_number(ch);
            pu.selection = [];
        }
    } else if (c.type === 'thermometer') {
        pu.pu_q.thermo.push(c.cells.map(([r, q]) => cell(r, q)));
    } else if (c.type === 'arrow') {
        const path = [cell(...c.circle[0])].concat(c.cells.map(([r, q]) => cell(r, q)));
        pu.pu_q.arrows.push(path);
        pu.pu_q.symbol[path[0]] = [1, 'circle_L', 1];
    } else if (c.type === 'kropki') {
        pu.pu_q.symbol[edge(c.cells[0], c.cells[1])] = [c.color === 'black' ? 2 : 8, 'circle_SS', 2];
    } else if (c.type === 'xv') {
        pu.pu_q.number[edge(c.cells[0], c.cells[1])] = [c.value, 1, '1'];
    }
}
document.getElementById('saveinfotitle').value = entry.title;
document.getElementById('saveinforules').value = rules;
pu.mode.qa = 'pu_a';
for (let k = 0; k < n * n; k++) {
    const d = entry.givens[k];
    if (d === '.' || d === '0') pu.pu_a.number[cell(Math.floor(k / n), k % n)] = [entry.solution[k], 2, '1'];
}
pu.redraw();
if (!answer) return pu.maketext_solve();
document.getElementById('sol_number').checked = true;
return pu.maketext_solve_solution();
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--penpa", required=True, help="the docs/ directory of a copy of swaroopg92/penpa-edit")
    args = parser.parse_args(argv)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        for n, entry in enumerate(entries()):
            driver.get((Path(args.penpa).resolve() / "index.html").as_uri())
            for _ in range(100):
                if driver.execute_script("return typeof pu !== 'undefined' && !!pu"):
                    break
                time.sleep(0.1)
            entry["title"] = f"{entry['kind'].capitalize()} sudoku"
            answer = n % 3 != 2
            link = driver.execute_script(DRAW, entry, rules_text(entry), answer)
            link = PUBLIC + link[link.index("#"):]
            print(json.dumps({"source": entry["source"], "kind": entry["kind"], "answer_embedded": answer,
                              "link": link, "solution": entry["solution"]}), flush=True)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
