"""Marks that survive without colour: ``[5]`` marked cells and ``5*`` givens, one legend line, the same
marks piped, with NO_COLOR and on a colour terminal (where colour only adds to them)."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

from sudoku_cp.cli.printing import show_board
from sudoku_cp.formats.text import parse_puzzle

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO = "12..34....12...."  # two solutions
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def sudoku_cp(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The installed command, output piped."""
    return subprocess.run([sys.executable, "-m", "sudoku_cp", *args], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), cwd=os.getcwd())


def on_terminal(*args: str) -> str:
    """Standard output of the command when it is a terminal (a pty: colour on), colour codes kept."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"
    main, sub = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cp", *args], stdout=sub,
                            stderr=subprocess.DEVNULL, env=env)
    os.close(sub)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the other end closed
            break
        if not data:
            break
        chunks.append(data)
    proc.wait()
    os.close(main)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def grids(text: str, n: int) -> list[tuple[list[int], set, set]]:
    """Every marked grid in ``text``: (digits row-major, 0 blank; [marked] cells; starred cells)."""
    found, rows = [], []
    for line in text.splitlines():
        body = line.replace("|", "")
        if set(line) <= set("-+") and line:
            continue
        if len(body.rstrip()) > 3 * n - 2 and len(body) <= 3 * n and re.fullmatch(r"[ \[\]*.0-9]+", body):
            rows.append(body.ljust(3 * n))
            if len(rows) == n:
                digits, marked, starred = [], set(), set()
                for r, row in enumerate(rows):
                    for c in range(n):
                        slot = row[3 * c:3 * c + 3]
                        digits.append(0 if slot[1] == "." else int(slot[1]))
                        if slot[0] == "[" and slot[2] == "]":
                            marked.add((r, c))
                        elif slot[2] == "*":
                            starred.add((r, c))
                        else:
                            assert slot[0] == " " and slot[2] == " ", slot
                found.append((digits, marked, starred))
                rows = []
        else:
            rows = []
    return found


def test_explain_marks_the_differing_cells_piped_and_with_no_color():
    for env in ({}, {"NO_COLOR": "1"}):
        proc = sudoku_cp("explain", TWO, env=env)
        data = json.loads(sudoku_cp("explain", TWO, "--json").stdout)
        differing = {tuple(cell) for cell in data["differences"]}
        shown = grids(proc.stdout, 4)
        assert proc.returncode == 1 and "\x1b[" not in proc.stdout
        assert len(shown) == 2 and len(differing) == 4
        for (digits, marked, starred), solution in zip(shown, data["solutions"]):
            assert marked == differing  # the legend is true: exactly the differing cells
            assert starred == {(i // 4, i % 4) for i, ch in enumerate(TWO) if ch != "."}
            assert "".join(map(str, digits)) == solution
        assert proc.stdout.count("marks: ") == 1  # explained once
        assert re.search(r"marks: \[\d\] = differs between the two solutions; \d\* = given", proc.stdout)


def test_minimize_prints_the_minimal_puzzle_and_marks_the_redundant_givens():
    proc = sudoku_cp("minimize", CLASSIC, env={"NO_COLOR": "1"})
    data = json.loads(sudoku_cp("minimize", CLASSIC, "--json").stdout)
    assert proc.returncode == 0
    minimal = parse_puzzle(data["minimal"])
    lines = proc.stdout.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("minimal puzzle"))
    assert parse_puzzle("\n".join(lines[start + 1:start + 12])) == minimal  # the grid, pasteable
    (digits, marked, starred), = grids(proc.stdout, 9)
    assert "".join(str(d or ".") for d in digits) == CLASSIC and not starred
    assert marked == {(r, c) for r, c, _ in data["redundant"]} and marked
    assert "marks: [5] = redundant: dropping it alone keeps the puzzle unique" in proc.stdout


def test_solve_stars_the_givens_and_validate_marks_the_conflicts():
    proc = sudoku_cp("solve", CLASSIC, env={"NO_COLOR": "1"})
    (digits, marked, starred), = grids(proc.stdout, 9)
    assert not marked and starred == {(i // 9, i % 9) for i, ch in enumerate(CLASSIC) if ch != "."}
    assert "marks: 5* = given (the other digits were filled in)" in proc.stdout
    bad = "11" + TWO[2:]
    proc = sudoku_cp("validate", bad, env={"NO_COLOR": "1"})
    (digits, marked, starred), = grids(proc.stdout, 4)
    assert proc.returncode == 1 and marked == {(0, 0), (0, 1)} and not starred
    assert "marks: [1] = a given in a conflict" in proc.stdout


def test_colour_adds_to_the_marks_and_never_replaces_them():
    board = parse_puzzle(TWO)
    solution = parse_puzzle("1243341243122131")
    for marked in ([], [(0, 2), (0, 3)]):
        coloured = show_board(board, solution, marked, color=True, meaning="m")
        assert "\x1b[" in coloured
        assert ANSI.sub("", coloured) == show_board(board, solution, marked, color=False, meaning="m")
    for args in (("explain", TWO), ("minimize", CLASSIC), ("solve", CLASSIC), ("repair", "1" + "." * 15)):
        terminal = on_terminal(*args)
        assert "\x1b[" in terminal, args  # a terminal gets colour ...
        piped = sudoku_cp(*args).stdout
        timing = re.compile(r"\d+\.\d+ s\]")  # solve's time differs from run to run
        assert timing.sub("", ANSI.sub("", terminal)) == timing.sub("", piped)  # ... and the same text


def test_a_grid_without_marks_is_the_plain_board():
    board = parse_puzzle(CLASSIC)
    shown = show_board(board, color=False)
    assert "marks:" not in shown and "[" not in shown and parse_puzzle(shown) == board


def test_a_printed_solution_with_its_given_marks_pastes_back(capsys, monkeypatch):
    """solve marks givens with '*' (no colour needed); the printed grid still parses, as the contract asks."""
    from sudoku_cp import parse_puzzle
    from sudoku_cp.cli import main

    monkeypatch.setenv("NO_COLOR", "1")
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    assert main(["solve", puzzle]) == 0
    grid = capsys.readouterr().out.splitlines()[1:12]
    assert "5*" in grid[0]
    pasted = parse_puzzle("\n".join(grid))
    assert pasted.givens() and all(pasted.cells) and pasted.cells[:2] == (5, 3)
