"""Penpa+ links: their forms, and the puzzle text inside them, decompressed within a bound.

Read: any address whose path names Penpa+ (``https://swaroopg92.github.io/penpa-edit/``,
``opt-pan.github.io/penpa-edit``, ``logicmastersindia.com/penpa-edit``, ...) followed by ``?`` or
``#`` and the parameters ``m=solve`` or ``m=edit``, ``p=`` the puzzle and optionally ``a=`` its
answer; the bare parameters (``m=solve&p=...``); percent-encoded or not, ``+`` turned into a space
by a paste. Penpa+ splits the parameters at ``&`` and ``=`` itself, so a ``p=`` without its ``=``
padding reads the same.

``p`` is standard base64 of raw deflate (Penpa+'s ``encrypt_data``) of a text of lines: line 0 the
header ``gridtype,nx,ny,size,theta,reflect0,reflect1,canvasx,canvasy,center_n,center_n0,
sudoku0..3,Title: ...,Author: ...,source,rules,border,multisolution,bg_image`` (commas in the
texts written ``%2C``, new lines ``%2D``); line 1 the margins ``[over, under, left, right]``; line 3
the problem layer ``pu_q`` (JSON); line 5 the board's cells (delta-coded); line 9 ``"comp"`` in a
contest link; line 13 whether custom colours are on, line 14 their layer ``pu_q_col``. Before
compressing, Penpa+ shortens keys (``"number"`` to ``zN``, ...) after escaping ``z`` as ``zZ``;
:func:`decode` undoes that in reverse, as Penpa+'s ``load`` does. ``a`` is the same compression of
the answer Penpa+ checks a solve against (:func:`answer`).

Every inflate goes through :func:`..sharesize.inflate`, which stops at its cap.

>>> looks_like("https://swaroopg92.github.io/penpa-edit/#m=solve&p=7VRd"), looks_like("https://sudokupad.app/scl")
(True, False)
>>> parameters("https://opt-pan.github.io/penpa-edit/?m=edit&p=ab%2Bc==&a=x")
{'m': 'edit', 'p': 'ab+c', 'a': 'x'}
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ...core.board import PuzzleError
from ..jsontext import json_depth, json_int
from ..jsontext import show as _show

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# An address that names Penpa+ and carries parameters; or the bare parameters.
_LINK = re.compile(r"^(?:https?://)?[^\s?#]*penpa[^\s?#]*[?#]", re.I)
_BARE = re.compile(r"^[?#]?m=(?:edit|solve)&", re.I)
_ANY_HOST = re.compile(r"^(?:https?://)?[^\s?#]+[?#]m=(?:edit|solve)&p=", re.I)
# Penpa+'s key shortening (class_p.js COMPRESS_SUB), undone last to first: "z" was escaped as "zZ" first.
SHORT_KEYS = (("z", "zZ"), ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"),
              ('"edit_mode"', "zM"), ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"), ('"wall"', "zW"),
              ('"cage"', "zC"), ('"number"', "zN"), ('"symbol"', "zY"), ('"special"', "zP"), ('"board"', "zB"),
              ('"command_redo"', "zR"), ('"command_undo"', "zU"), ('"command_replay"', "z8"), ('"numberS"', "z1"),
              ('"freeline"', "zF"), ('"freelineE"', "z2"), ('"thermo"', "zT"), ('"arrows"', "z3"),
              ('"direction"', "zD"), ('"squareframe"', "z0"), ('"polygon"', "z5"), ('"deletelineE"', "z4"),
              ('"killercages"', "z6"), ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"))
MAX_PENPA_DEPTH = 12  # the problem layer nests 5 deep (with its undo history); deeper is refused before json.loads
EXPECTED = "expected a Penpa+ link as Penpa+'s Share gives it"


def looks_like(text: str) -> bool:
    """Whether ``text`` is meant as a Penpa+ link (one line: an address naming Penpa+ with parameters, any
    address with ``?m=solve&p=`` or ``#m=edit&p=``, or the bare ``m=solve&p=...``)."""
    token = text.strip()
    if not token or "\n" in token:
        return False
    return bool(_LINK.match(token) or _BARE.match(token) or _ANY_HOST.match(token))


def parameters(text: str) -> dict[str, str]:
    """The parameters of a link, as Penpa+ splits them (after the first ``?`` or ``#``, at ``&``, then ``=``):
    percent-decoded, spaces (a paste's ``+``) back to ``+``, base64 padding dropped."""
    from urllib.parse import unquote

    token = text.strip()
    cut = re.search(r"[?#]", token)
    rest = token[cut.end():] if cut else token
    out: dict[str, str] = {}
    for item in re.split(r"[&?#]", rest):
        key, sep, value = item.partition("=")
        if sep and key not in out:
            out[key] = unquote(value.split("=")[0]).replace(" ", "+")
    return out


@dataclass
class Link:
    """What a Penpa+ link holds, as Penpa+'s ``load`` reads it."""

    mode: str  # "solve" or "edit"
    header: list[str]
    lines: list[str]
    problem: dict  # pu_q: the puzzle's drawing
    colours: dict = field(default_factory=dict)  # pu_q_col: custom colours of its elements (when they are on)
    answer: Any = None  # the a= answer, decoded JSON, or None

    def field(self, index: int) -> str:
        """A header field, Penpa+'s escapes undone (``%2C`` a comma, ``%2D`` a new line, ...), or ''."""
        raw = self.header[index] if index < len(self.header) else ""
        return raw.replace("%2C", ",").replace("%2D", "\n").replace("%2E", "&").replace("%2F", "=")

    @property
    def grid_type(self) -> str:
        return self.header[0]

    @property
    def title(self) -> str:
        return re.sub(r"^Title:\s?", "", self.field(15)).strip()

    @property
    def rules(self) -> str:
        return self.field(18).replace("<br>", "\n").strip()

    @property
    def contest(self) -> bool:
        """A contest link (Penpa+'s "comp" mode, line 9): its letters outside the grid mark the answer to enter."""
        return len(self.lines) > 9 and self.lines[9].strip() == '"comp"'


def decode(text: str, where: str) -> Link:
    """The :class:`Link` of a Penpa+ link; a one-line :class:`PuzzleError` naming ``where`` for what is not one."""
    params = parameters(text)
    data = params.get("p", "")
    if not data:
        raise PuzzleError(f"{where}: a Penpa+ link with no puzzle (no p=): {EXPECTED}")
    if re.match(r"^https?:", data, re.I) or data.startswith("http"):
        raise PuzzleError(f"{where}: a Penpa+ link that imports another page ({_show(data)}), which is not read "
                          f"(no network is used): {EXPECTED}")
    raw = inflated(data, where, "puzzle")
    for long, short in reversed(SHORT_KEYS):
        raw = raw.replace(short, long)
    lines = raw.split("\n")
    if lines[0][:1].isdigit():
        raise PuzzleError(f"{where}: a Penpa+ link of the first version (before 2020), which is not read: {EXPECTED}")
    mode = params.get("m", "edit").lower()
    link = Link(mode, lines[0].split(","), lines, _json(lines, 3, where, "the problem layer", dict))
    if len(lines) > 14 and lines[13].strip() == "1":
        link.colours = _json(lines, 14, where, "the custom colours", dict)
    if params.get("a"):
        link.answer = _answer(params["a"], where)
    return link


def inflated(data: str, where: str, what: str, cap: int | None = None) -> str:
    """The text of base64 raw-deflate ``data`` (``encrypt_data``), inflated within ``cap`` bytes."""
    import base64
    import binascii

    from ..sharesize import MAX_SHARE_TEXT, inflate

    try:
        packed = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        packed = b""
    raw = inflate(packed, where, MAX_SHARE_TEXT if cap is None else cap,
                  expected=f"expected a Penpa+ {what}") if packed else None
    if raw is None:
        raise PuzzleError(f"{where}: the {what} data ({_show(data)}) is not Penpa+'s compressed text (base64 of raw "
                          f"deflate): {EXPECTED}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleError(f"{where}: the {what} data decompresses to bytes that are not UTF-8 text: {EXPECTED}") from None


def _answer(data: str, where: str) -> Any:
    """The a= answer: Penpa+'s answer lists (JSON), or None when it is not that."""
    text = inflated(data, where, "answer")
    if json_depth(text) > MAX_PENPA_DEPTH:
        return None
    try:
        return json.loads(text, parse_int=json_int)
    except ValueError:
        return None


def _json(lines: list[str], index: int, where: str, what: str, kind: type) -> Any:
    """Line ``index`` of the text as JSON of ``kind``; refused by name when it is not."""
    line = lines[index] if index < len(lines) else ""
    if json_depth(line) > MAX_PENPA_DEPTH:
        raise PuzzleError(f"{where}: {what} nests more than {MAX_PENPA_DEPTH} deep: {EXPECTED}")
    try:
        value = json.loads(line, parse_int=json_int)
    except ValueError:
        value = None
    if not isinstance(value, kind):
        raise PuzzleError(f"{where}: {what} (line {index + 1} of the link's text) is not Penpa+'s JSON: {EXPECTED}")
    return value


def header_int(link: Link, index: int, where: str, what: str) -> int:
    """An integer field of the header (``nx``, ``ny``, ``theta``, ...), refused by name when it is not one."""
    raw = link.header[index].strip() if index < len(link.header) else ""
    if not re.fullmatch(r"-?\d{1,6}", raw):
        raise PuzzleError(f"{where}: the header's {what} is {_show(raw)}: {EXPECTED}")
    return int(raw)


def line_json(link: Link, index: int, where: str, what: str, kind: type) -> Any:
    """Line ``index`` of a link's text as JSON of ``kind`` (the margins, the board's cells)."""
    return _json(link.lines, index, where, what, kind)


__all__ = ["EXPECTED", "Link", "SHORT_KEYS", "decode", "header_int", "inflated", "line_json", "looks_like", "parameters"]
