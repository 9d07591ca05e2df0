"""The encodings/ guide cannot drift from the code: every table, code block and number is regenerated.

- A region ``<!-- begin NAME -->`` .. ``<!-- end NAME -->`` must equal what ``RENDERERS[NAME]``
  produces now (run ``python tests/test_guide.py`` to rewrite the regions after a change).
- A ```console block is a session: each ``$ sudoku-cp ...`` line is run with ``main`` from the
  repository root and its standard output must match the lines under it exactly.
- A ```python block is a doctest and must pass.
- The measured table (speeds from a real run) is checked for everything but the speeds: its
  sizes are recomputed and its propagation columns are recomputed for top1465.txt.
- Any other number in the prose must appear in the page's checked content.
- Each example file ``encodings/examples/*.cnf`` is exactly what ``sudoku-cp encode`` writes.
"""

from __future__ import annotations

import doctest
import re
import shlex
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GUIDE = ROOT / "encodings"
sys.path.insert(0, str(HERE))

from gridgen import DATA, dataset_lines  # noqa: E402

from sudoku_cp.cli import main  # noqa: E402
from sudoku_cp.core.board import Board, Shape  # noqa: E402
from sudoku_cp.model.cnf import AMO_ENCODINGS, ENCODINGS, PRESETS, Cnf, at_most_one, encode_rules  # noqa: E402

EXAMPLE_PUZZLE = ".2..3......34..1"
SAMPLE_FILE = "encodings/examples/sample.txt"
BEGIN = re.compile(r"<!-- begin ([\w-]+) -->")


def table(head, rows) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def render_counts() -> str:
    rows = []
    for name, families in PRESETS.items():
        four, nine = encode_rules(Shape(2, 2), name), encode_rules(Shape(3, 3), name)
        rows.append((f"`{name}`", ", ".join(families), f"{four.nvars:,}", f"{four.num_clauses:,}",
                     f"{nine.nvars:,}", f"{nine.num_clauses:,}"))
    return table(("preset", "families", "4x4 variables", "4x4 clauses", "9x9 variables",
                  "9x9 clauses"), rows)


def render_families() -> str:
    cnf = encode_rules(Shape(3, 3), "augmented")
    rows = [(f"`{f.name}`", f"{f.start + 1:,}", f"{f.count:,}",
             f"{sum(len(c) for c in cnf.clauses[f.start:f.start + f.count]):,}") for f in cnf.families]
    return table(("family (9x9 `augmented`)", "first clause", "clauses", "literals"), rows)


SIZES = (4, 9, 16, 25, 36, 49, 64)


def render_amo_sizes() -> str:
    rows = []
    for amo in AMO_ENCODINGS:
        cells = []
        for n in SIZES:
            cnf = Cnf(1, n)
            clauses = at_most_one(list(range(1, n + 1)), cnf, amo)
            cells.append(f"{len(clauses):,} / {cnf.nvars - n:,}")
        rows.append([f"`{amo}`"] + cells)
    rows.append(["`native`"] + ["1 constraint / 0"] * len(SIZES))
    return table(["at-most-one over N literals"] + [f"N = {n}" for n in SIZES], rows)


def render_amo_9x9() -> str:
    rows = []
    for amo in AMO_ENCODINGS + ("native",):
        cnf = encode_rules(Shape(3, 3), "complete", amo)
        rows.append((f"`{amo}`", f"{cnf.nvars:,}", f"{cnf.num_clauses:,}",
                     f"{sum(len(c) for c in cnf.clauses):,}", f"{len(cnf.atmosts):,}"))
    return table(("9x9 `complete` with", "variables", "clauses", "literals", "native constraints"), rows)


def render_sample_propagation() -> str:
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.analyze import analyse

    out = []
    for name in ("17clue-half.txt", "top1465.txt"):
        boards = [parse_puzzle(line) for line in dataset_lines(name, limit=200)]
        _, summaries = analyse(boards, [(e, "pairwise") for e in ENCODINGS], probe=False,
                               measure_speed=False)
        out.append(f"First 200 puzzles of `{name}`:\n")
        out.append(table(("encoding", "solved by propagation", "mean cells fixed"),
                         [(f"`{s.encoding}`", f"{s.solved} ({100 * s.solved_share:.1f}%)",
                           f"{s.mean_fixed:.2f}") for s in summaries]))
        out.append("")
    return "\n".join(out).rstrip()


def render_examples() -> str:
    rows = []
    for name in ENCODINGS:
        path = GUIDE / "examples" / f"4x4-{name}.cnf"
        header = next(line for line in path.read_text().splitlines() if line.startswith("p "))
        _, _, nvars, nclauses = header.split()
        rows.append((f"[`examples/4x4-{name}.cnf`](examples/4x4-{name}.cnf)",
                     f"`sudoku-cp encode {EXAMPLE_PUZZLE} --encoding {name}`", nvars, nclauses))
    return table(("file", "made by", "variables", "clauses (5 givens included)"), rows)


def render_dimacs_header() -> str:
    lines = (GUIDE / "examples" / "4x4-minimal.cnf").read_text().splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("p ")) + 3
    return "```text\n" + "\n".join(lines[:end]) + "\n...\n```"


def render_augmented_header() -> str:
    lines = (GUIDE / "examples" / "4x4-augmented.cnf").read_text().splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("p "))
    return "```text\n" + "\n".join(lines[:end + 1]) + "\n```"


def variant_examples():
    """The 9x9 rules the variants page measures: each rule alone, killer on a published layout."""
    from test_variants import JIGSAW, KILLER1

    from sudoku_cp.core.variants import build

    s9 = Shape(3, 3)
    return [("classic", build(s9)), ("diagonal (both)", build(s9, diagonal="both")),
            ("windoku", build(s9, windoku=True)), ("jigsaw (Janko 108)", build(s9, regions=JIGSAW[1])),
            ("killer (ukpuzzles, 25 cages)", build(s9, cages=KILLER1)),
            ("antiknight", build(s9, antiknight=True)), ("antiking", build(s9, antiking=True)),
            ("nonconsecutive", build(s9, nonconsecutive=True))]


def render_variant_families() -> str:
    rows = []
    for name, rules in variant_examples():
        for encoding in ("complete", "complete+cage-sets", "complete+cage-pb") if "killer" in name else ("complete",):
            cnf = encode_rules(rules, encoding)
            for f in cnf.families:
                if f.name in ("cell-alo", "cell-amo") and name != "classic":
                    continue
                lits = sum(len(c) for c in cnf.clauses[f.start:f.start + f.count])
                rows.append((name, f"`{encoding}`", f"`{f.name}`", f"{f.count:,}", f"{lits:,}"))
            rows.append((name, f"`{encoding}`", "**total**", f"{cnf.num_clauses:,}",
                         f"{cnf.nvars:,} variables"))
    return table(("9x9 rules", "encoding", "family", "clauses", "literals"), rows)


def unit_propagation(cnf: Cnf, assumptions: list[int]) -> tuple[bool, set[int]]:
    """What unit propagation alone derives from the formula and the assumptions (cell literals).

    Every clause gets a guard literal t assumed first, so what the formula's own unit clauses
    imply is on the trail too (a solver reports only what follows its assumptions).
    """
    from pysat.solvers import Solver

    t = cnf.nvars + 1
    with Solver(name="glucose4", bootstrap_with=[c + [-t] for c in cnf.clauses]) as solver:
        ok, lits = solver.propagate(assumptions=[t] + assumptions)
    n3 = cnf.size ** 3
    return bool(ok), {lit for lit in lits if 0 < abs(lit) <= n3}


def render_variant_propagation() -> str:
    from test_variants import PUBLISHED

    from sudoku_cp.model.cnf import given_literals

    rows = []
    for index, (rules, puzzle, _solution) in enumerate(PUBLISHED):
        for encoding in ("complete", "complete+cage-sets", "complete+cage-pb") if any(
                c.kind == "killer" for c in rules.constraints) else ("complete",):
            ok, lits = unit_propagation(encode_rules(rules, encoding), given_literals(puzzle))
            fixed = len([lit for lit in lits if lit > 0]) - len(puzzle.givens())
            removed = len([lit for lit in lits if lit < 0])
            rows.append((f"{index + 1}. {rules.name} {puzzle.size}x{puzzle.size}", f"`{encoding}`", len(puzzle.givens()),
                         puzzle.blanks, fixed if ok else "conflict", removed))
    return table(("published puzzle", "encoding", "givens", "blanks", "blanks fixed by propagation",
                  "candidates removed"), rows)


def render_literature_names() -> str:
    from sudoku_cp.model.cnf import LITERATURE_NAMES

    why = {"minimal": "naked singles", "natural": "naked singles",
           "complete": "naked and hidden singles", "augmented": "singles and locked candidates"}
    rows, before = [], ()
    for name, families in PRESETS.items():
        added = [f for f in families if f not in before]
        rows.append((f"`{name}`" + (" (the default)" if name == "complete" else ""),
                     ", ".join(added) if not before else "+ " + ", ".join(added),
                     f"{LITERATURE_NAMES[name]} encoding" if name in LITERATURE_NAMES
                     else "(tdoku's name; beyond their three)", why[name]))
        before = families
    return table(("preset", "families", "Lynce and Ouaknine (2006)",
                  "unit propagation from the givens performs"), rows)


# One 9x9 layout per kind of the catalogue beyond the classic rules (documents' constraints).
KIND_EXAMPLES = [
    ("arrow", "circle r1c1, shaft of 3", [{"type": "arrow", "circle": [[0, 0]], "cells": [[0, 1], [0, 2], [1, 3]]}]),
    ("arrow", "pill r1c1-r1c2, shaft of 4", [{"type": "arrow", "circle": [[0, 0], [0, 1]],
                                              "cells": [[1, 2], [2, 3], [3, 4], [4, 5]]}]),
    ("arrow", "pill r1c1-r1c3, shaft of 20", [{"type": "arrow", "circle": [[0, 0], [0, 1], [0, 2]],
                                               "cells": [[0, 3]] + [[1, c] for c in range(4, 9)]
                                               + [[2, c] for c in range(8, 1, -1)] + [[3, c] for c in range(2, 9)]}]),
    ("thermometer", "5 cells", [{"type": "thermometer", "cells": [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]}]),
    ("kropki", "a white and a black dot", [{"type": "kropki", "cells": [[0, 0], [0, 1]]},
                                           {"type": "kropki", "cells": [[1, 0], [2, 0]], "color": "black"}]),
    ("kropki-negative", "the two dots above, all others absent",
     [{"type": "kropki", "cells": [[0, 0], [0, 1]]}, {"type": "kropki", "cells": [[1, 0], [2, 0]], "color": "black"},
      {"type": "kropki-negative"}]),
    ("xv", "an X and a V", [{"type": "xv", "cells": [[0, 0], [0, 1]], "value": "X"},
                            {"type": "xv", "cells": [[1, 0], [2, 0]], "value": "V"}]),
    ("xv-negative", "the X and V above, all others absent",
     [{"type": "xv", "cells": [[0, 0], [0, 1]], "value": "X"}, {"type": "xv", "cells": [[1, 0], [2, 0]], "value": "V"},
      {"type": "xv-negative"}]),
    ("little-killer", "sum 20 along 8 cells", [{"type": "little-killer", "clue": [-1, 0], "direction": "DR", "sum": 20}]),
    ("odd", "3 cells", [{"type": "odd", "cells": [[0, 0], [4, 4], [8, 8]]}]),
    ("even", "3 cells", [{"type": "even", "cells": [[0, 8], [4, 5], [8, 0]]}]),
    ("whispers", "5 cells", [{"type": "whispers", "cells": [[0, 0], [0, 1], [0, 2], [1, 3], [2, 3]]}]),
    ("palindrome", "5 cells", [{"type": "palindrome", "cells": [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]}]),
    ("renban", "4 cells", [{"type": "renban", "cells": [[0, 0], [1, 1], [2, 2], [3, 3]]}]),
    ("sandwich", "sum 15 on column 1", [{"type": "sandwich", "clue": [-1, 0], "sum": 15}]),
    ("xsum", "sum 15 on row 1", [{"type": "xsum", "clue": [0, -1], "sum": 15}]),
    ("between", "5 cells", [{"type": "between", "cells": [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]}]),
    ("minimum", "r2c2", [{"type": "minimum", "cells": [[1, 1]]}]),
    ("maximum", "r2c2", [{"type": "maximum", "cells": [[1, 1]]}]),
    ("quadruple", "1, 2 at r1c1", [{"type": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "digits": [1, 2]}]),
    ("extra-region", "9 cells", [{"type": "extra-region", "cells": [[r, 8 - r] for r in range(9)]}]),
    ("clone", "3 cells twice", [{"type": "clone", "cells": [[0, 0], [0, 1], [0, 2]], "clone": [[8, 6], [8, 7], [8, 8]]}]),
    ("disjoint", "9 groups", [{"type": "disjoint"}]),
]


def render_kind_sizes() -> str:
    """Per kind: its CNF family on the example layout (clauses, literals, auxiliary variables) and
    its CP-SAT formulation (AllDifferents, tables and their tuples, linear constraints, integers)."""
    import json

    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.model.cpmodel import build_model

    base = encode_rules(Shape(3, 3))
    rows = []
    for kind, layout, constraints in KIND_EXAMPLES:
        board = parse_puzzle(json.dumps({"givens": "." * 81, "constraints": constraints}))
        cnf = encode_rules(board.rules)
        (family,) = [f for f in cnf.families if f.name == kind]
        lits = sum(len(c) for c in cnf.clauses[family.start:family.start + family.count])
        spec, classic = build_model(board), build_model(Board.empty(Shape(3, 3)))
        mine = spec.tables  # classic Sudoku has none
        rows.append((f"`{kind}`", layout, f"{family.count:,}", f"{lits:,}", f"{cnf.nvars - base.nvars:,}",
                     len(spec.all_different) - len(classic.all_different), len(mine),
                     f"{sum(len(t[2]) for t in mine):,}", len(spec.linear), len(spec.aux)))
    return table(("kind", "9x9 example", "clauses", "literals", "aux. variables", "AllDifferent", "tables",
                  "tuples", "linear", "aux. integers"), rows)


RENDERERS = {
    "kind-sizes": render_kind_sizes,
    "literature-names": render_literature_names,
    "variant-families": render_variant_families,
    "variant-propagation": render_variant_propagation,
    "counts": render_counts,
    "families": render_families,
    "amo-sizes": render_amo_sizes,
    "amo-9x9": render_amo_9x9,
    "sample-propagation": render_sample_propagation,
    "examples": render_examples,
    "dimacs-header": render_dimacs_header,
    "augmented-header": render_augmented_header,
}


def pages() -> list[Path]:
    return sorted(GUIDE.glob("*.md"))


def regions(text: str):
    """(name, start, end) of each generated region's body."""
    for m in BEGIN.finditer(text):
        name = m.group(1)
        end_marker = f"<!-- end {name} -->"
        end = text.index(end_marker, m.end())
        yield name, m.end(), end


def fenced_blocks(text: str):
    """(language, body, start) of each fenced code block."""
    for m in re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M):
        yield m.group(1), m.group(2), m.start()


def regenerate(text: str) -> str:
    out, pos = [], 0
    for name, start, end in regions(text):
        out.append(text[pos:start])
        out.append("\n" + RENDERERS[name]() + "\n" if name in RENDERERS else text[start:end])
        pos = end
    out.append(text[pos:])
    return "".join(out)


def test_guide_layout():
    names = {p.name for p in pages()}
    assert {"README.md", "at-most-one.md", "presets.md", "alldifferent.md", "counting.md",
            "dimacs.md", "variants.md"} <= names
    assert not (GUIDE / "__init__.py").exists()
    readme = (GUIDE / "README.md").read_text()
    for name in names - {"README.md"}:
        assert f"({name})" in readme, f"README.md does not link {name}"


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_generated_regions_are_current(page):
    text = page.read_text()
    for name, _, _ in regions(text):
        assert name in RENDERERS or name == "measured", f"{page.name}: unknown region {name}"
    assert regenerate(text) == text, f"{page.name} is stale: run python tests/test_guide.py"


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_code_blocks_run(page, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = page.read_text()
    inside = [(s, e) for _, s, e in regions(text)]
    namespace: dict = {}  # the python blocks of a page form one session, like a doctest file
    for lang, body, start in fenced_blocks(text):
        if any(s <= start < e for s, e in inside):
            continue  # regenerated above
        if lang == "console":
            sessions = re.split(r"^\$ ", body, flags=re.M)[1:]
            assert sessions, f"{page.name}: console block without a '$ ' command"
            for session in sessions:
                command, _, expected = session.partition("\n")
                argv = shlex.split(command.split("  #")[0])
                assert argv[0] == "sudoku-cp", f"{page.name}: only sudoku-cp commands are checked"
                capsys.readouterr()
                main(argv[1:])
                assert capsys.readouterr().out == expected, f"{page.name}: $ {command}"
        elif lang == "python":
            parser = doctest.DocTestParser()
            test = parser.get_doctest(body, namespace, page.name, str(page), 0)
            assert test.examples, f"{page.name}: python block without >>> examples"
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            namespace.update(test.globs)
            assert runner.failures == 0, "".join(report)
        else:
            pytest.fail(f"{page.name}: a ```{lang} block outside a generated region is not checked")


def checked_text(text: str) -> str:
    parts = [text[s:e] for _, s, e in regions(text)]
    parts += [body for _, body, _ in fenced_blocks(text)]
    return "\n".join(parts)


NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_prose_numbers_are_backed_by_checked_content(page):
    text = page.read_text()
    checked = checked_text(text)
    allowed = {n.rstrip(",") for n in NUMBER.findall(checked)} | {str(k) for k in range(0, 11)}
    prose = text
    for _, s, e in sorted(regions(text), key=lambda r: -r[1]):
        prose = prose[:s] + prose[e:]
    prose = re.sub(r"^```.*?^```$", "", prose, flags=re.S | re.M)
    prose = re.sub(r"`[^`]*`", "", prose)  # inline code: names and commands
    prose = re.sub(r"\]\([^)]*\)", "]", prose)  # link targets
    strays = [n for n in NUMBER.findall(prose) if n.rstrip(",") not in allowed]
    assert not strays, f"{page.name}: numbers in prose that no checked content shows: {strays}"


def test_example_files_are_what_encode_writes(tmp_path):
    for name in ENCODINGS:
        out = tmp_path / f"{name}.cnf"
        assert main(["encode", EXAMPLE_PUZZLE, "--encoding", name, "-o", str(out)]) == 0
        assert out.read_text() == (GUIDE / "examples" / f"4x4-{name}.cnf").read_text(), name


def test_sample_file_is_from_the_collections():
    lines = [line for line in (ROOT / SAMPLE_FILE).read_text().splitlines()
             if line and not line.startswith("#")]
    assert set(lines) <= set(dataset_lines("17clue-half.txt", limit=200))


def measured_rows(text: str):
    name, start, end = next(r for r in regions(text) if r[0] == "measured")
    body = text[start:end]
    commands = re.findall(r"^\$ (sudoku-cp analyze .*)$", body, re.M)
    rows = [[c.strip().strip("`") for c in line.strip("|").split("|")]
            for line in body.splitlines() if line.startswith("| ") and not line.startswith("| collection")]
    return commands, rows


def test_measured_table_matches_what_can_be_recomputed():
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.analyze import analyse

    commands, rows = measured_rows((GUIDE / "presets.md").read_text())
    assert commands, "the measured table names the command that produced it"
    seen = set()
    top = [parse_puzzle(line) for line in dataset_lines("top1465.txt")]
    _, top_summary = analyse(top, [(e, "pairwise") for e in ENCODINGS], measure_speed=False)
    by_encoding = {s.encoding: s for s in top_summary}
    for collection, encoding, nvars, nclauses, puzzles, solved, fixed, rate in rows:
        cnf = encode_rules(Shape(3, 3), encoding)
        assert (nvars, nclauses) == (f"{cnf.nvars:,}", f"{cnf.num_clauses:,}")
        assert int(puzzles.replace(",", "")) == len(dataset_lines(collection))
        assert float(rate.replace(",", "")) > 0
        seen.add((collection, encoding))
        if collection == "top1465.txt":
            s = by_encoding[encoding]
            assert solved == f"{s.solved:,} ({100 * s.solved_share:.1f}%)"
            assert fixed == f"{s.mean_fixed:.2f}"
    assert seen == {(c, e) for c in ("17clue-half.txt", "top1465.txt") for e in ENCODINGS}
    assert (DATA / "17clue-half.txt.gz").exists()


if __name__ == "__main__":  # rewrite the generated regions in place
    for page in pages():
        new = regenerate(page.read_text())
        if new != page.read_text():
            page.write_text(new)
            print(f"updated {page.relative_to(ROOT)}")
