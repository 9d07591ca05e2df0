"""f-puzzles puzzles opened through SudokuPad (``fpuz``/``fpuzzles`` links): their drawings read too.

f-puzzles keeps rules it has under their keys (read by :mod:`..fpuzzles`), but setters draw many
rules as cosmetic lines, circles, rectangles, text and cages and say what they are in the rules
text ("purple lines are renban"); SudokuPad shows those drawings as its converter draws them. So
before the f-puzzles keys are read, the cosmetic drawings are drawn the converter's way
(``line``: a line of ``outlineC``, 32 x ``width`` thick; ``circle``/``rectangle``: an overlay;
``text``: a text overlay; ``cage``: a cage) and read like SudokuPad's own (:mod:`.drawings`).
"""

from __future__ import annotations

import re

from ...core.board import Board

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COSMETIC = ("line", "circle", "rectangle", "text", "cage")
_RC = re.compile(r"^R(\d+)C(\d+)$", re.I)


def _centre(names: Any) -> list[float] | None:
    cells = [_RC.match(str(x)) for x in names or []]
    if not cells or not all(cells):
        return None
    rows = [int(m.group(1)) - 0.5 for m in cells if m]
    cols = [int(m.group(2)) - 0.5 for m in cells if m]
    return [sum(rows) / len(rows), sum(cols) / len(cols)]


def drawn(data: dict) -> dict:
    """The cosmetic drawings of f-puzzles JSON as SudokuPad's converter draws them (its long keys)."""
    out: dict[str, list] = {"lines": [], "overlays": [], "cages": []}
    for entry in data.get("line") or []:
        if not isinstance(entry, dict):
            continue
        for points in entry.get("lines") or []:
            centres = [_centre([p]) for p in points or []]
            if centres and all(centres):
                out["lines"].append({"color": entry.get("outlineC"), "thickness": 32 * float(entry.get("width") or 0.5),
                                     "wayPoints": centres})
    for key in ("circle", "rectangle"):
        for entry in data.get(key) or []:
            centre = _centre(entry.get("cells") or [entry.get("cell")]) if isinstance(entry, dict) else None
            if centre is not None:
                out["overlays"].append({"backgroundColor": entry.get("baseC"), "borderColor": entry.get("outlineC"),
                                        "center": centre, "rounded": key == "circle",
                                        "width": entry.get("width", 0.5), "height": entry.get("height", 0.5),
                                        "text": entry.get("value", "")})
    for entry in data.get("text") or []:
        centre = _centre(entry.get("cells") or [entry.get("cell")]) if isinstance(entry, dict) else None
        if centre is not None and str(entry.get("value") or "").strip():
            out["overlays"].append({"color": entry.get("fontC"), "center": centre, "width": 0.25, "height": 0.25,
                                    "fontSize": round(32 * float(entry.get("size") or 1)), "text": entry.get("value")})
    for entry in data.get("cage") or []:
        if not isinstance(entry, dict):
            continue
        value = entry.get("value")
        if isinstance(value, str) and re.match(r"^[a-zA-Z]+:\s", value):
            out["cages"].append({"value": value})  # metadata (title: ..., rules: ...)
            continue
        cells = [_RC.match(str(x)) for x in entry.get("cells") or []]
        if cells and all(cells):
            out["cages"].append({"cells": [[int(m.group(1)) - 1, int(m.group(2)) - 1] for m in cells if m],
                                 "value": value})
    return out


def read(data: dict, box: tuple[int, int] | None, first_line: int, rules_text: str | None,
         ignore: bool) -> tuple[Board, list[str], str, bool]:
    """The board of f-puzzles JSON from a SudokuPad link with its drawings and its rules text's whole-grid rules
    read; what was not read; the solution; whether the puzzle says more than its keys (a rules text, or rules
    drawn), so that its reading is to be asked for one solution."""
    from .. import document, fpuzzles
    from .puzzle import _cages, _has_rule, _text_rules, metadata, refuse_unread, unknown_rules_read
    from .drawings import DrawingReader

    where = f"line {first_line}: SudokuPad link"
    cosmetic = drawn(data)
    keys = {k: v for k, v in data.items() if k not in COSMETIC}
    board = fpuzzles.from_fpuzzles(keys, box, first_line)
    meta = metadata(cosmetic)
    text = rules_text if rules_text is not None else (meta.get("rules") or str(data.get("ruleset") or ""))
    if data.get("ruleset") and rules_text is None and "rules" in meta:
        text = str(data["ruleset"]) + "\n" + meta["rules"]
    items: list[dict] = []
    unread: list[str] = unknown_rules_read(text)
    _cages(cosmetic, board.size, text, items, unread)
    units = [u for u in board.rules.units if u.kind == "region"]
    labels = [[next(k for k, u in enumerate(units) if (r, c) in u.cells) for c in range(board.size)]
              for r in range(board.size)] if units else None
    reading = DrawingReader(cosmetic, board.size, text, _has_rule, labels).read()
    items += reading.constraints
    unread += reading.unread
    have = {c.kind for c in board.rules.constraints}
    _text_rules(text, items)
    items = [c for c in items if c["type"] not in have or c.get("cells")]
    refuse_unread(where, reading.missing, unread, ignore)
    solution = data.get("solution") or meta.get("solution") or ""
    solution = "".join(str(d) for d in solution) if isinstance(solution, list) else str(solution)
    more = bool(text.strip()) or bool(items)
    if not items:
        return board, unread, solution, more
    options = document.rules_options(board.rules)
    extra = document._options(items, board.shape, where)
    if "diagonal" in extra:
        both = {options.get("diagonal"), extra["diagonal"]} - {None}
        options["diagonal"] = "both" if len(both) > 1 or "both" in both else extra["diagonal"]
    options["constraints"] = list(options.get("constraints") or []) + list(extra.get("constraints") or [])
    return Board.unchecked(board.shape, board.cells, document.build_rules(board.shape, options, where)), unread, solution, more
