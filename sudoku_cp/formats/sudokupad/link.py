"""SudokuPad links: SudokuPad's own format (``scl...``, ``ctc...``) read into a puzzle document.

Read: ``https://sudokupad.app/`` (``beta.``, ``www.``), ``https://app.crackingthecryptic.com/`` or
``https://sudokupad.svencodes.com/`` (also ``/sudoku/``, ``/puzzle/``) followed by ``scl`` or ``ctc``
and the payload, with or without ``?puzzleid=``, percent-encoded or not, ``+`` turned into a space
by a paste, SudokuPad's settings after it (``?setting-...``), inside ``<...>`` or before a full
stop as chats paste it; the bare ``scl...``/``ctc...`` payload too. Links of
f-puzzles strings (``fpuz``, ``fpuzzles``) go to :mod:`.fpuzzles`. A short puzzle id needs
SudokuPad's server (no network is used): it is refused in one line saying so. Penpa+ links have a
reader of their own (:mod:`..penpa`).

The payload is lz-string base64 (decompressed through :func:`.sharesize.decompress`, which
bounds it) of SudokuPad's "zipped" JSON: short keys (``ce`` cells, ``re`` regions, ``ca``
cages, ``l`` lines, ``a`` arrows, ``o``/``u`` overlays/underlays, ``ct`` centre, ``wp``
way points, ``c``/``c1``/``c2`` colours, ``v`` value, ``te`` text), unquoted keys, ``t``/``f``,
colours without ``#``, empty objects left out of arrays. Points are in cell units from the
grid's top-left corner: cell r1c1's centre is ``[0.5, 0.5]``.

Drawings become rules as SudokuPad's f-puzzles converter draws them: a cage with a number is a
killer cage, a small white/black circle on an edge a kropki dot, an ``X``/``V`` on an edge an XV
clue, an arrow from a circle an arrow sum, a line with a bulb (a circle at one end) a thermometer;
other lines by their colour's words in the rules text ("green lines are German whispers",
"purple renban"). A drawing no rule explains is named and the puzzle refused
(:class:`UnreadDrawing`), unless it is provably decoration (a title, a coloured cell when the
rules text names no colour). Where the puzzle carries its solution and the reading breaks it,
that is said, never a wrong answer.

>>> looks_like("https://sudokupad.app/sclN4Ig"), looks_like("scl"), looks_like("sudokupad.app/abc123")
(True, False, True)
>>> unzip("{ce:[[{v:1},,],[,,]],f:t,c:#0,c2:FF00FF}")
{'cells': [[{'value': 1}, {}, {}], [{}, {}, {}]], 'f': True, 'color': '#000000', 'backgroundColor': '#FF00FF'}
"""

from __future__ import annotations

import json
import re

from ...core.board import PuzzleError
from ..jsontext import show

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_HOST = (r"(?:https?://)?(?:www\.|beta\.)?(?:sudokupad\.app|sudokupad\.svencodes\.com|app\.crackingthecryptic\.com)"
         r"(?:/sudoku|/puzzle)?/?")
_LINK = re.compile(rf"^{_HOST}(?:\?puzzleid=)?(\S*)$", re.I)
_OWN = re.compile(r"^(scl|ctc)(.+)$", re.S)
_FPUZ = re.compile(r"^fpuz(?:zles)?", re.I)


class UnreadDrawing(PuzzleError):
    """A drawing no rule explains: the puzzle would be another puzzle without it."""


def _unwrapped(text: str) -> str:
    """A pasted link without what a chat or a sentence put around it: ``<...>``, quotes, brackets, a full stop
    after it (none of them is in a payload's alphabet).

    >>> _unwrapped("<https://sudokupad.app/sclN4Ig>."), _unwrapped('"sclN4Ig",')
    ('https://sudokupad.app/sclN4Ig', 'sclN4Ig')
    """
    return text.strip().lstrip("<([\"'“‘").rstrip(">)]\"'”’.,;:!")


def looks_like(text: str) -> bool:
    """Whether ``text`` is meant as a SudokuPad link (any form) or a bare ``scl``/``ctc`` payload."""
    token = _unwrapped(text)
    if not token or "\n" in token:
        return False
    if _LINK.match(token.replace(" ", "+")):
        return True
    if re.match(r"^fpuz(?:zles)?N4Ig[A-Za-z0-9+/=%\-$]+$", token):
        return True
    own = _OWN.match(token)
    return own is not None and len(own.group(2)) >= 8 and bool(re.fullmatch(r"[A-Za-z0-9+/=%\- $]+", own.group(2)))


def payload(text: str, where: str) -> tuple[str, str]:
    """``("scl"|"fpuzzles", data)`` of a link; one-line :class:`PuzzleError` for what has none."""
    token = _unwrapped(text)
    link = _LINK.match(token.replace(" ", "+"))
    rest = link.group(1) if link else token
    from urllib.parse import unquote

    # SudokuPad's settings follow the puzzle as a query (``scl...?setting-nogrid=1``), a fragment may too
    rest = unquote(re.split(r"[?&#]", rest)[0]).replace(" ", "+")
    if _FPUZ.match(rest):
        return "fpuzzles", rest[_FPUZ.match(rest).end():]  # type: ignore[union-attr]
    own = _OWN.match(rest)
    if own:
        return "scl", own.group(2)
    if not rest:
        raise PuzzleError(f"{where}: a SudokuPad link with no puzzle: expected scl..., ctc... or fpuzzles... after it")
    unnamed = _unnamed(rest, where)
    if unnamed:
        return unnamed, rest
    raise PuzzleError(f"{where}: the SudokuPad puzzle id {show(rest)} is on SudokuPad's server, not in the "
                      f"link (no network is used): expected the long link (Share, 'scl...' or 'fpuzzles...')")


def _unnamed(rest: str, where: str) -> str | None:
    """``"fpuzzles"`` or ``"scl"`` for a long payload that came without its prefix (apps that link
    ``sudokupad.svencodes.com/puzzle/N4Ig...``), by what it decompresses to; None for anything else (a puzzle id).
    """
    if len(rest) < 40 or not re.fullmatch(r"[A-Za-z0-9+/=\-$]+", rest):
        return None
    from ..sharesize import decompress

    text = decompress(rest, where, expected="expected a SudokuPad puzzle") or ""
    if not text.lstrip().startswith("{"):
        return None
    from ..jsontext import MAX_JSON_DEPTH, json_depth

    if json_depth(text) > MAX_JSON_DEPTH:
        return None
    try:
        puzzle = unzip(text)  # SudokuPad's zipped JSON, or f-puzzles' plain JSON
    except (ValueError, RecursionError):
        return None
    if isinstance(puzzle, dict) and "grid" in puzzle:
        return "fpuzzles"
    return "scl" if isinstance(puzzle, dict) and "cells" in puzzle else None


# --- the zipped JSON -------------------------------------------------------------------------

_KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
         "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
         "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
         "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
         "te": "text", "d": "duration"}
_TOKEN = re.compile(r"""([{}\[\],:])|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^\s{}\[\],:'"]+)|(\S)""",
                    re.S)  # punctuation, a '' or "" string, a bare word, anything else (an error); spaces between
_COLOUR = re.compile(r"[0-9a-fA-F]{6}")


def unzip(text: str) -> Any:
    """The value of SudokuPad's zipped JSON (plain JSON is read too), long keys; ValueError when it is not."""
    kinds: list[str] = []  # per token: its punctuation character, "s" a quoted string, "w" a bare word
    texts: list[str] = []
    for punct, single, double, word, other in _TOKEN.findall(text):
        if punct:
            kinds.append(punct)
            texts.append("")
        elif word:
            kinds.append("w")
            texts.append(word)
        elif other:  # (found again to show what follows it)
            at = next(m.start(5) for m in _TOKEN.finditer(text) if m.group(5))
            raise ValueError(f"unexpected {text[at:at + 10]!r}")
        else:
            kinds.append("s")
            texts.append(_unescape(single or double))
    kinds.append("")  # the end: no token matches it
    pos = 0

    def value(after_colon: bool) -> Any:
        nonlocal pos
        kind, tok = kinds[pos], texts[pos] if pos < len(texts) else ""
        pos += 1
        if kind == "s":
            return "#" + tok if after_colon and _COLOUR.fullmatch(tok) else tok
        if kind == "w":
            if tok.isdigit() and tok.isascii() and not (after_colon and len(tok) == 6):
                return int(tok)  # (most words: coordinates and sizes; six digits after a colon are a colour)
            return _word(tok, after_colon)
        if kind == "{":
            out: dict[str, Any] = {}
            while kinds[pos] != "}":
                if kinds[pos] not in ("s", "w") or kinds[pos + 1] != ":":
                    raise ValueError("the text ends early" if "" in kinds[pos:pos + 2] else "expected a key")
                key = texts[pos]
                pos += 2
                out[_KEYS.get(key, key)] = value(True)
                if kinds[pos] == ",":
                    pos += 1
            pos += 1
            return out
        if kind == "[":
            items: list[Any] = []
            open_slot = True  # an empty slot between commas is an empty object
            while True:
                kind = kinds[pos]
                if kind == ",":
                    if open_slot:
                        items.append({})
                    open_slot = True
                    pos += 1
                elif kind == "]":
                    if open_slot and kinds[pos - 1] != "[":
                        items.append({})
                    pos += 1
                    return items
                elif not kind:
                    raise ValueError("the text ends early")
                elif not open_slot:
                    raise ValueError("expected , or ]")
                else:
                    items.append(value(False))
                    open_slot = False
        raise ValueError("the text ends early" if not kind else f"unexpected {kind!r}")

    try:
        result = value(False)
    except IndexError:
        raise ValueError("the text ends early") from None
    if pos != len(texts):
        raise ValueError("text after the puzzle")
    return result


def _unescape(raw: str) -> str:
    if "\\" not in raw:
        return raw
    try:
        return json.loads('"' + raw.replace("\\'", "'").replace('"', '\\"').replace('\\\\"', '\\"') + '"')
    except json.JSONDecodeError:
        return raw.replace("\\'", "'")


def _word(tok: str, after_colon: bool) -> Any:
    if tok in ("t", "true"):
        return True
    if tok in ("f", "false"):
        return False
    if tok == "null":
        return None
    if tok == "#0":
        return "#000000"
    if tok == "#F":
        return "#FFFFFF"
    if after_colon and re.fullmatch(r"[0-9a-fA-F]{6}", tok):
        return "#" + tok.upper() if not tok.isdigit() else "#" + tok
    if tok.startswith("#"):
        return tok
    try:
        return int(tok)
    except ValueError:
        pass
    try:
        return float(tok)
    except ValueError:
        return tok


def zipped(o: Any) -> str:
    """SudokuPad's zipped JSON of a puzzle object (what :func:`unzip` reads): short keys unquoted, ``t``/``f``,
    colours without ``#``, empty arrays dropped, empty objects in arrays left out, quotes as ``'``.

    >>> zipped({"cells": [[{"value": 1}, {}], [{}, {}]], "lines": [], "color": "#FF00FF", "rounded": True})
    '{ce:[[{v:1},],[,]],c:FF00FF,r:t}'
    """
    short = {v: k for k, v in _KEYS.items()}

    def walk(v: Any) -> Any:
        if isinstance(v, dict):
            return {short.get(k, k): walk(x) for k, x in v.items() if x != []}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    text = json.dumps(walk(o), separators=(",", ":"), ensure_ascii=False)
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = re.sub(r":false(?=[,}\]])", ":f", text)
    text = re.sub(r":true(?=[,}\]])", ":t", text)
    text = re.sub(r':"#000000"(?=[,}\]])', ":#0", text)
    text = re.sub(r':"#FFFFFF"(?=[,}\]])', ":#F", text)
    text = re.sub(r':"#([0-9a-fA-F]{6})"(?=[,}\]])', r":\1", text)
    return text.replace("'", "\\'").replace('"', "'")


def zip_payload(o: Any, prefix: str = "https://sudokupad.app/scl") -> str:
    """A SudokuPad link of a puzzle object: ``prefix`` + lz-string base64 of :func:`zipped` (as SudokuPad writes)."""
    from lzstring import LZString

    return prefix + LZString().compressToBase64(zipped(o))
