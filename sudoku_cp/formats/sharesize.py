"""Share strings decompressed within a bound: lz-string's decoder and raw deflate, stopped once the text passes a cap.

lz-string output can grow with the square of its input: a 99,000-character share string spells
849 million characters, which the lzstring package builds whole before anything can look at it.
:func:`decompress` is lz-string's decoder written to stop as soon as its text passes a cap (in
time and memory proportional to the input plus the cap: a bomb is refused in milliseconds), and
every share reader decompresses through it, so no reader can build more than the cap. Penpa+
links are raw deflate, whose output can be a thousand times its input: :func:`inflate` asks zlib
for at most the cap (``max_length``), a piece at a time, and stops there.
"""

from __future__ import annotations

from ..core.board import PuzzleError

ALPHABET = {ch: i for i, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")}
_REVERSED = [int(f"{v:06b}"[::-1], 2) for v in range(64)]  # a character's six bits in the order they are read
MAX_SHARE_TEXT = 1 << 24  # 16 M characters: a 64x64 f-puzzles document with every cell written is ~0.3 M


class _TooLong(Exception):
    """The text being decompressed passed its cap."""


def _decode(payload: str, cap: int) -> str | None:
    """lz-string's ``decompressFromBase64`` of ``payload``, stopped by :class:`_TooLong` past ``cap`` characters.

    The same text as the lzstring package, or None where it gives None or raises (a character
    outside base64, a code past the dictionary, data that ends early; like the package, a read of
    the very last bit counts as one past the end). Bits are taken from a small buffer that each
    character's six bits refill (low bit first, as the package reads them), and every dictionary
    entry is at most one character longer than text already written, so time and memory stay
    proportional to the input plus ``cap``.
    """
    try:
        values = [_REVERSED[ALPHABET[ch] & 63] for ch in payload]  # '=' (64) reads as six zero bits
    except KeyError:
        return None
    if not values:
        return None
    left = 6 * len(values) - 1  # the bits a read may take (the package loads a sextet ahead: not the last)
    values.reverse()  # popped from the end: the first character first
    buffer = held = 0

    def read(count: int) -> int:
        nonlocal buffer, held, left
        left -= count
        if left < 0:
            raise IndexError
        while held < count:
            buffer |= values.pop() << held
            held += 6
        value = buffer & ((1 << count) - 1)
        buffer >>= count
        held -= count
        return value

    try:
        first = read(2)
        if first >= 2:
            return None  # 2: the package's "" (decompress gives None for it); 3: not its data
        w = chr(read(8 if first == 0 else 16))
        entries = ["", "", "", w]  # 0-2 are codes, not entries
        out, total = [w], 1
        enlarge, bits = 4, 3
        while True:
            code = read(bits)
            if code < 2:
                entries.append(chr(read(8 if code == 0 else 16)))
                code = len(entries) - 1
                enlarge -= 1
            elif code == 2:
                return "".join(out)
            if enlarge == 0:
                enlarge, bits = 1 << bits, bits + 1
            if code < len(entries):
                entry = entries[code]
            elif code == len(entries):
                entry = w + w[0]
            else:
                return None
            total += len(entry)
            if total > cap:
                raise _TooLong
            out.append(entry)
            entries.append(w + entry[0])
            enlarge -= 1
            w = entry
            if enlarge == 0:
                enlarge, bits = 1 << bits, bits + 1
    except IndexError:
        return None


def decompressed_length(payload: str, cap: int = MAX_SHARE_TEXT) -> int:
    """The length of lz-string base64 ``payload`` decompressed, or ``cap + 1`` as soon as it passes ``cap``.

    Data that is not lz-string base64 gives 0 (the reader then reports it as it does). It costs
    what decompressing costs, up to the cap (:func:`decompress`).

    >>> decompressed_length("N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA")  # '{"size":4,"grid":[[{}]]}'
    24
    """
    try:
        return len(_decode(payload, cap) or "")
    except _TooLong:
        return cap + 1


def decompress(payload: str, where: str, cap: int = MAX_SHARE_TEXT,
               expected: str = "expected a puzzle") -> str | None:
    """The text of lz-string base64 ``payload`` (f-puzzles' and SudokuPad's compression), or None
    when it is not such data; a :class:`PuzzleError` naming ``where`` (and what the reader
    ``expected``) as soon as the text passes ``cap``.

    Every share reader (f-puzzles, SudokuPad) decompresses through here, so one bound holds for all.

    >>> decompress("N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA", "line 1")
    '{"size":4,"grid":[[{}]]}'
    """
    try:
        return _decode(payload, cap) or None
    except _TooLong:
        raise PuzzleError(f"{where}: it decompresses to more than {cap:,} characters: "
                          f"{expected} (a 64x64 one is far smaller)") from None


def inflate(data: bytes, where: str, cap: int = MAX_SHARE_TEXT, expected: str = "expected a puzzle") -> bytes | None:
    """The bytes of raw deflate ``data`` (Penpa+'s compression), or None when it is not such data (or ends
    early); a :class:`PuzzleError` naming ``where`` as soon as they pass ``cap`` bytes.

    zlib gives at most the bytes asked for (``max_length``) and keeps the rest of its input unread, so
    memory stays within the input plus ``cap`` however far the data would inflate.

    >>> import zlib
    >>> packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    >>> packed = packer.compress(b"a" * 1000) + packer.flush()
    >>> len(inflate(packed, "line 1")), len(packed) < 20
    (1000, True)
    >>> inflate(packed, "line 1", cap=999)
    Traceback (most recent call last):
    ...
    sudoku_cp.core.shape.PuzzleError: line 1: it decompresses to more than 999 bytes: expected a puzzle (a 64x64 one is far smaller)
    """
    import zlib

    unpacker = zlib.decompressobj(-15)
    out: list[bytes] = []
    total = 0
    pending = data
    try:
        while True:
            piece = unpacker.decompress(pending, cap + 1 - total)
            out.append(piece)
            total += len(piece)
            if total > cap:
                raise PuzzleError(f"{where}: it decompresses to more than {cap:,} bytes: "
                                  f"{expected} (a 64x64 one is far smaller)")
            pending = unpacker.unconsumed_tail
            if unpacker.eof or not pending and not piece:
                break
    except zlib.error:
        return None
    if not unpacker.eof:
        return None  # the data ends before its last block
    return b"".join(out)


__all__ = ["MAX_SHARE_TEXT", "decompress", "decompressed_length", "inflate"]
