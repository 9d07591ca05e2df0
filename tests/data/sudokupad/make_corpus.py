"""Write SudokuPad links of the published puzzles in tests/published_kinds.py, by SudokuPad's own code.

Not run by the tests: it needs a copy of SudokuPad's scripts (``puzpatcher.bundle.js``, which holds
SudokuPad's f-puzzles converter ``loadFPuzzle.parseFPuzzle``, its ``PuzzleZipper`` and both
lz-string codecs, and ``utilities.js`` beside it for ``md5Digest``; the copy used is in SakanaAI/Sudoku-Bench at 72423f6,
``src/sudokupad_interaction/sudoku_pad/sudoku_pad_scripts/``), Debian's chromium and selenium.
Each published puzzle is written as f-puzzles JSON the way setters write it (rules the converter
knows as their f-puzzles keys; whispers and renban as coloured lines, X-sums and skyscrapers as
text outside the grid, as f-puzzles has no key for them), with a rules text in the words setters
use, and with the published solution embedded in two of every three. SudokuPad's converter then
draws it (its styles: grey thermometers with bulbs, grey palindromes, kropki dots, ...) and the
link is written in one of SudokuPad's forms (``scl`` lz-string base64, ``ctc`` LZipper base64,
``fpuzzles``). The published solution stays beside each link, from the published source only.

    python tests/data/sudokupad/make_corpus.py --bundle PATH/puzpatcher.bundle.js > tests/data/sudokupad/converted.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

# The rules text a setter writes for each kind (the words the reader must understand).
RULES = {
    "arrow": "Digits along an arrow sum to the digit(s) in its circle; a 2-cell circle reads as a number left to right or top to bottom.",
    "thermometer": "Digits along a thermometer strictly increase from the bulb end.",
    "killer": "Digits in a cage sum to the small clue in its corner and do not repeat within the cage.",
    "between": "Digits on a line between two circles are strictly between the digits in the circles.",
    "clone": "Shaded clones contain the same digits in the same positions.",
    "disjoint": "Cells in the same position within their boxes contain different digits.",
    "extra-region": "The shaded regions also contain each digit once.",
    "kropki": "Digits separated by a white dot differ by 1; digits separated by a black dot are in a 1:2 ratio.",
    "kropki-negative": "All possible dots are given.",
    "little-killer": "Clues outside the grid give the sum of the digits along the indicated diagonal; digits may repeat along a diagonal.",
    "maximum": "Cells marked as maxima are greater than all orthogonally adjacent cells.",
    "minimum": "Cells marked as minima are less than all orthogonally adjacent cells.",
    "odd+even": "Cells with grey circles are odd; cells with grey squares are even.",
    "palindrome": "Grey lines are palindromes: they read the same in both directions.",
    "quadruple": "Digits in a circle at a corner must appear in the four cells around it.",
    "renban": "Purple lines contain a set of non-repeating consecutive digits in any order.",
    "sandwich": "Clues outside the grid give the sum of the digits sandwiched between the 1 and the 9 in that row or column.",
    "skyscraper": "Skyscraper clues outside the grid give the number of digits visible from that direction, where larger digits hide smaller ones.",
    "whispers": "Adjacent digits along green lines differ by at least 5.",
    "xsum": "Clues outside the grid give the sum of the first X digits from that side, where X is the first digit.",
    "xv": "Digits separated by an X sum to 10; digits separated by a V sum to 5.",
    "xv-negative": "All possible X and V are given.",
    "diagonal": "Digits may not repeat on the marked diagonals.",
    "antiknight": "Cells a chess knight's move apart cannot contain the same digit.",
    "antiking": "Cells a chess king's move apart cannot contain the same digit.",
}
# The addresses links are posted with: SudokuPad's, the Cracking the Cryptic app's, with ?puzzleid=.
ADDRESSES = ("https://sudokupad.app/", "https://sudokupad.app/", "https://app.crackingthecryptic.com/",
             "https://sudokupad.app/?puzzleid=", "https://sudokupad.app/")
LINE_STYLES = {"whispers": ("#67F067", 0.3, "whispers"), "renban": ("#F067F0", 0.4, "renban")}


def setter_fpuzzles(entry, board) -> dict:
    """The puzzle as a setter's f-puzzles JSON: rules the converter has no key for are drawn."""
    from sudoku_cp.formats.fpuzzles import to_fpuzzles

    data = to_fpuzzles(board)
    kinds = {entry.kind}
    for key in ("killercage", "thermometer", "arrow", "littlekillersum", "difference", "ratio", "xv"):
        if key in data:
            kinds.add({"killercage": "killer", "littlekillersum": "little-killer", "difference": "kropki",
                       "ratio": "kropki"}.get(key, key))
    for key, (colour, width, kind) in LINE_STYLES.items():
        for part in data.pop(key, []):
            data.setdefault("line", []).append({"lines": part["lines"], "outlineC": colour, "width": width})
            kinds.add(kind)
    size = data["size"]
    for key in ("xsum", "skyscraper"):
        for part in data.pop(key, []):
            data.setdefault("text", []).append({"cells": [part["cell"]], "value": str(part["value"]),
                                                "fontC": "#000000", "size": 0.8})
            kinds.add(key)
    if "diagonal+" in data or "diagonal-" in data:
        kinds.add("diagonal")
    for key in ("antiknight", "antiking"):
        if data.get(key):
            kinds.add(key)
    if "negative" in data:
        kinds.add("kropki-negative" if "difference" in data or "ratio" in data else "xv-negative")
    rules = ["Normal sudoku rules apply."] + [RULES[k] for k in sorted(kinds) if k in RULES]
    data["ruleset"] = " ".join(rules)
    data["title"] = entry.source.split()[-1]
    data["author"] = entry.source.split()[0]
    del size
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", required=True, help="SudokuPad's puzpatcher.bundle.js")
    args = parser.parse_args(argv)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    sys.path.insert(0, str(HERE.parent.parent / "tests"))
    from published_kinds import PUBLISHED, board

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get("data:text/html,<html><body></body></html>")
        utilities = Path(args.bundle).with_name("utilities.js")  # md5Digest, for the puzzle's id
        driver.execute_script(utilities.read_text() + "\nwindow.md5Digest = md5Digest;"
                              "window.triangularNumber = n => n * (n + 1) / 2;")  # utilities.js's, not exported
        driver.execute_script(Path(args.bundle).read_text() + "\nwindow.loadFPuzzle = loadFPuzzle;"
                              "window.PuzzleZipper = PuzzleZipper; window.LZipper = LZipper;")
        for n, entry in enumerate(PUBLISHED):
            try:
                data = setter_fpuzzles(entry, board(entry))
            except Exception as error:  # no f-puzzles form: say so on stderr, keep going
                print(f"skipped {entry.source}: {error}", file=sys.stderr)
                continue
            embed = n % 3 != 2
            if embed:
                data["solution"] = list(entry.solution)
            form = ("scl", "ctc", "fpuzzles", "scl")[n % 4]
            link = driver.execute_script("""
                const [fpuzzle, form] = arguments;
                if (form === 'fpuzzles') return 'fpuzzles' + loadFPuzzle.compressPuzzle(JSON.stringify(fpuzzle));
                const zipped = PuzzleZipper.zip(JSON.stringify(loadFPuzzle.parseFPuzzle(fpuzzle)));
                if (form === 'scl') return 'scl' + loadFPuzzle.compressPuzzle(zipped);
                return 'ctc' + encodeURIComponent(LZipper.compact64(zipped));""", data, form)
            print(json.dumps({"source": entry.source, "kind": entry.kind, "form": form,
                              "solution_embedded": embed, "link": ADDRESSES[n % len(ADDRESSES)] + link,
                              "solution": entry.solution}))
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
