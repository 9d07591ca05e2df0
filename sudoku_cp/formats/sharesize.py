"""How long a share string's text is once decompressed, found without decompressing it.

lz-string output can grow with the square of its input: a 70,000-character share string spells
over a gigabyte of text, which the decompressor builds whole before anything can look at it.
:func:`decompressed_length` runs lz-string's decoding on lengths only (each dictionary entry is
kept as its length, never as text), in memory proportional to the input, and stops as soon as
the text would pass a cap; :func:`check_share_size` refuses such a string before it is read.
"""

from __future__ import annotations

from ..core.board import PuzzleError

ALPHABET = {ch: i for i, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")}
MAX_SHARE_TEXT = 1 << 24  # 16 M characters: a 64x64 f-puzzles document with every cell written is ~0.3 M


def decompressed_length(payload: str, cap: int = MAX_SHARE_TEXT) -> int:
    """The length of lz-string base64 ``payload`` decompressed, or some number above ``cap``.

    Data that is not lz-string base64 gives whatever length was decoded before it broke (the
    reader then reports it as it does).

    >>> decompressed_length("N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA")  # '{"size":4,"grid":[[{}]]}'
    24
    """
    values = [ALPHABET.get(ch, -1) for ch in payload]
    if not values or -1 in values:
        return 0
    position, where = 0, 0  # the bit read next: bit ``position`` (from the top, of 6) of values[where]

    def read(count: int) -> int:
        nonlocal position, where
        bits = 0
        for k in range(count):
            if where >= len(values):
                raise IndexError
            if values[where] & (32 >> position):
                bits |= 1 << k
            position += 1
            if position == 6:
                position, where = 0, where + 1
        return bits

    try:
        first = read(2)
        if first == 2:
            return 0
        if first > 2:
            return 0
        read(8 if first == 0 else 16)
        sizes = [0, 0, 0, 1]  # the dictionary's entries, as lengths: 0-2 are codes, 3 the first character
        enlarge, bits, previous, total = 4, 3, 1, 1
        while total <= cap:
            code = read(bits)
            if code in (0, 1):
                read(8 if code == 0 else 16)
                sizes.append(1)
                code = len(sizes) - 1
                enlarge -= 1
            elif code == 2:
                return total
            if enlarge == 0:
                enlarge, bits = 1 << bits, bits + 1
            if code < len(sizes):
                entry = sizes[code]
            elif code == len(sizes):
                entry = previous + 1
            else:
                return total
            total += entry
            sizes.append(previous + 1)
            enlarge -= 1
            previous = entry
            if enlarge == 0:
                enlarge, bits = 1 << bits, bits + 1
    except IndexError:
        return total
    return total


def check_share_size(text: str, where: str, cap: int = MAX_SHARE_TEXT) -> None:
    """A :class:`PuzzleError` when a share string or link ``text`` decompresses to more than ``cap`` characters.

    Every long run of base64 characters in it (after percent-decoding) is measured, and so are
    the part after its ``fpuzzles`` (SudokuPad's prefix, which ``/`` joins to the run) and the part
    from its ``N4Ig`` (how the compressed ``{"`` of every f-puzzles document begins), so whichever
    part the reader takes as the payload, none can pass the cap.
    """
    import re
    from urllib.parse import unquote

    for run in re.findall(r"[A-Za-z0-9+/]{64,}=*", unquote(text)):
        prefix = run.lower().rfind("fpuzzles")
        for candidate in {run, run[prefix + 8:] if prefix >= 0 else run, run[max(0, run.find("N4Ig")):]}:
            if decompressed_length(candidate, cap) > cap:
                raise PuzzleError(f"{where}: it decompresses to more than {cap:,} characters: "
                                  f"expected an f-puzzles document (a 64x64 one is far smaller)")


def decompress(payload: str, where: str, cap: int = MAX_SHARE_TEXT) -> str | None:
    """The text of lz-string base64 ``payload`` (f-puzzles' and SudokuPad's compression), or None
    when it is not such data; a :class:`PuzzleError` naming ``where`` when it would pass ``cap``.

    Every share reader (f-puzzles, SudokuPad) decompresses through here, so one bound holds for all.

    >>> decompress("N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA", "line 1")
    '{"size":4,"grid":[[{}]]}'
    """
    if decompressed_length(payload, cap) > cap:
        raise PuzzleError(f"{where}: it decompresses to more than {cap:,} characters: "
                          f"expected a puzzle (a 64x64 one is far smaller)")
    from lzstring import LZString  # a third-party module; loaded only for share strings

    try:
        return LZString().decompressFromBase64(payload) or None
    except Exception:  # the package raises IndexError, KeyError, ... on bad data
        return None


__all__ = ["MAX_SHARE_TEXT", "check_share_size", "decompress", "decompressed_length"]
