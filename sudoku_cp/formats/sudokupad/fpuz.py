"""f-puzzles puzzles (its links, strings, JSON, and SudokuPad's ``fpuz`` links): keys and drawings read as one.

f-puzzles keeps rules it has under their keys (read by :mod:`..fpuzzles`), but setters draw many
rules as cosmetic lines, circles, rectangles, text and cages and say what they are in the rules
text ("purple lines are renban"); SudokuPad shows those drawings as its converter draws them. So
before the f-puzzles keys are read, the cosmetic drawings are drawn the converter's way
(``line``: a line of ``outlineC``, 32 x ``width`` thick; ``circle``/``rectangle``: an overlay;
``text``: a text overlay; ``cage``: a cage) and read like SudokuPad's own (:mod:`.drawings`).
A drawing of a rule the keys already give is that rule's picture, not another rule: one f-puzzles
(or a userscript) marks ``fromConstraint`` (naming the key) or ``isNewConstraint``, or one on
exactly the cells of a keyed rule (an inequality sign written on a two-cell thermometer).
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


def _footprint(entry: dict, *keys: str) -> set[frozenset[str]]:
    """The cell sets an f-puzzles entry covers: each of its ``lines``, its ``cells``, its ``cell``."""
    out = {frozenset(str(x).upper() for x in line) for line in entry.get("lines") or [] if isinstance(line, list)}
    for key in keys:
        value = entry.get(key)
        cells = value if isinstance(value, list) else [value] if isinstance(value, str) else []
        if cells:
            out.add(frozenset(str(x).upper() for x in cells))
    return out - {frozenset()}


def keyed(data: dict) -> Any:
    """Whether a cosmetic entry of ``data`` pictures a rule its keys give (see the module's docstring)."""
    names = {re.sub(r"[^a-z0-9]", "", str(k).lower()) for k, v in data.items()
             if k not in COSMETIC and v not in (None, False, [], {}, "")}
    rules = set().union(*(_footprint(e, "cells", "cell") for k, v in data.items() if k not in COSMETIC
                          and isinstance(v, list) for e in v if isinstance(e, dict)))

    def pictures(entry: dict) -> bool:
        named = entry.get("fromConstraint")
        if named and re.sub(r"[^a-z0-9]", "", str(named).lower()) in names:
            return True
        shown = _footprint(entry, "cells", "cell")
        return bool(shown) and shown <= rules  # each of its lines (or its cells) exactly a keyed rule's

    return pictures


def drawn(data: dict) -> dict:
    """The cosmetic drawings of f-puzzles JSON as SudokuPad's converter draws them (its long keys), less
    those that picture a rule its keys give (:func:`keyed`)."""
    out: dict[str, list] = {"lines": [], "overlays": [], "cages": []}
    pictures = keyed(data)
    data = {k: [e for e in v if not (isinstance(e, dict) and pictures(e))] if k in COSMETIC and isinstance(v, list)
            else v for k, v in data.items()}
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


def read(data: dict, box: tuple[int, int] | None = None, first_line: int = 1, what: str = "share string") -> Board:
    """The board of f-puzzles JSON (from an f-puzzles link or string, its JSON, or a SudokuPad ``fpuz`` link).

    Its keys are read exactly (:func:`..fpuzzles.from_fpuzzles`); its cosmetic drawings as SudokuPad
    draws them (:func:`drawn`), by the rules text (the ``ruleset``, or :func:`.puzzle.options`'
    ``--rules-text``). A rule this build lacks refuses the puzzle. A drawing the rules text does not
    explain is decoration (f-puzzles' own meaning of cosmetic drawings) only where that provably
    changes no answer: the puzzle carries its solution and the rules read without the drawing have
    exactly that one solution; otherwise the puzzle is refused in one line naming the drawing
    (:class:`.link.UnreadDrawing`), unless ``--ignore-unread`` (then the rules name says it was read
    in part). Where drawings were read or left, the reading is checked as a SudokuPad link's is: the
    puzzle's own solution must keep it, and it must have one solution (that one, when it carries one).
    """
    from .puzzle import _OPTIONS, check_solution, check_unique, partly, refuse_unread

    where = f"line {first_line}: {what}"
    rules_text, ignore = _OPTIONS.get()
    board, unread, missing, solution, from_drawings, text = _reading(data, box, first_line, rules_text, what)
    refuse_unread(where, missing, [], ignore)
    if ignore:
        board = partly(board, unread)
    # a SudokuPad link is a shared puzzle: one whose rules text may say more than its keys (an Euler colouring,
    # a rule drawn as nothing) is asked for one solution, its own; an f-puzzles string with nothing read beyond
    # its keys is read from them exactly (a setter's puzzle with several solutions stays open to count)
    said_more = what == "SudokuPad link" and bool(text.strip())
    if not unread and not from_drawings and not said_more:
        return board  # f-puzzles' own keys, read exactly (as f-puzzles strings always were)
    check_solution(board, solution, where, unread, text)
    if unread and not ignore:
        if not _decoration(board, solution):
            refuse_unread(where, {}, unread, False)
    elif from_drawings or said_more:
        check_unique(board, solution, where, ignore, text)
    return board


def _decoration(board: Board, solution: str) -> bool:
    """Whether drawings left unread provably change no answer: the puzzle carries its solution, and the rules
    read without them have exactly that one solution (a count to two, kept for the command that asks next)."""
    from .puzzle import _COUNTER

    digits = re.sub(r"[\s,]", "", solution or "")
    if len(digits) != board.size ** 2 or not digits.isdigit() or not _COUNTER:
        return False
    status, found = _COUNTER[0](board)
    return status == "unique" and found is not None and found.cells == tuple(int(d) for d in digits)


def _reading(data: dict, box: tuple[int, int] | None, first_line: int, rules_text: str | None,
             what: str) -> tuple[Board, list[str], dict[str, str], str, bool, str]:
    """The board of f-puzzles JSON with its drawings read; the drawings not read; the rules this build lacks
    (rule -> its drawing); the puzzle's solution; whether any rule came from a drawing or the rules text; the
    rules text."""
    from .. import document, fpuzzles
    from .drawings import DrawingReader
    from . import words
    from .puzzle import _cages, _has_rule, merged, text_rules, metadata, unknown_rules_read

    cosmetic = drawn(data)
    keys = {k: v for k, v in data.items() if k not in COSMETIC}
    where = f"line {first_line}: {what}"
    meta = metadata(cosmetic)
    text = rules_text if rules_text is not None else (meta.get("rules") or str(data.get("ruleset") or ""))
    if data.get("ruleset") and rules_text is None and "rules" in meta:
        text = str(data["ruleset"]) + "\n" + meta["rules"]
    if words.cage_digits(text) in ("repeat", "both") and isinstance(keys.get("killercage"), list):
        # f-puzzles' killer cages where the rules text lets the digits in cages repeat: read as SudokuPad's cages
        # are there (a sum cage, or named), never as killer cages (whose digits differ)
        cosmetic["cages"] += drawn({"cage": keys.pop("killercage")})["cages"]
    board = fpuzzles.from_fpuzzles(keys, box, first_line, what, text)
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
    text_rules(text, items)  # whole-grid rules the rules text names (anti-knight, diagonals, ...)
    items = merged([c for c in items if c["type"] not in have or c.get("cells")])
    solution = data.get("solution") or meta.get("solution") or ""
    solution = "".join(str(d) for d in solution) if isinstance(solution, list) else str(solution)
    if not items:
        return board, unread, reading.missing, solution, False, text
    options = document.rules_options(board.rules)
    extra = document._options(items, board.shape, where)
    if "diagonal" in extra:
        both = {options.get("diagonal"), extra["diagonal"]} - {None}
        options["diagonal"] = "both" if len(both) > 1 or "both" in both else extra["diagonal"]
    options["constraints"] = list(options.get("constraints") or []) + list(extra.get("constraints") or [])
    rules = document.build_rules(board.shape, options, where)
    return Board.unchecked(board.shape, board.cells, rules), unread, reading.missing, solution, True, text
