"""The repository carries what it needs: no file points at paths beside the checkout or on this
machine (the collections once lived in a folder beside the checkout, which a newcomer's clone lacks)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIBLING = "sha" "red"  # the folder beside the checkout that once held the collections
OUTSIDE = re.compile("/work/|" + SIBLING + "/datasets|[.][.]/" + SIBLING)
SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".sh", ""}


def test_no_file_names_a_path_outside_the_repository():
    places = [ROOT / name for name in ("sudoku_cp", "tests", "bench", "encodings", "data", ".ci")]
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    files += [p for place in places for p in sorted(place.rglob("*"))
              if p.is_file() and p.suffix in SUFFIXES and p != Path(__file__).resolve()
              and "__pycache__" not in p.parts and not p.is_relative_to(ROOT / "bench" / "out")]
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in files for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert not found, "paths outside the repository:\n" + "\n".join(found)
