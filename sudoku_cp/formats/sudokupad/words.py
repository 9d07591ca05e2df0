"""The rules text of a SudokuPad puzzle: colour names of drawings, and what the text says they are.

A setter writes "green lines are German whispers", "the purple line is a renban", "cyan lines
are region-sum lines": :func:`line_kinds` reads, sentence by sentence, which colour words go with
which line rule. :func:`colour_word` names a drawing's colour (``#67F067`` is green) the way a
person would, so the two meet. Line rules are catalogue type names (:data:`LINE_RULES`); the
caller asks the catalogue whether this build has them.

>>> colour_word("#67F067"), colour_word("#CFCFCF"), colour_word("#F067F0"), colour_word("#000")
('green', 'grey', 'pink', 'black')
>>> line_kinds("Green lines are German whispers. Purple lines are renban lines.")
{'green': 'whispers', 'purple': 'renban'}
>>> mentions("Along a grey line, digits form a palindrome.")
['palindrome']
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Callable, Iterable

from ...constraints.boundcage import SIGN, sign_of

# Line rules a rules text may name: (words, catalogue type), the more specific words first
# ("slow thermometer" before "thermometer", "Dutch whispers" before "whispers").
LINE_RULES: tuple[tuple[str, str], ...] = (
    (r"slow[- ]?thermo|thermo[^.;]*\b(?:or stays? the same|or remains? the same|or (?:are|be|is) equal|never decrease)",
     "slowthermo"),
    (r"thermo", "thermometer"),
    (r"dutch[- ]?whisper", "dutchwhispers"),
    (r"whisper|differ by (?:at least|a minimum of) \d|differ (?:in value )?by \d+ or more|difference of (?:at least )?\d+ "
     r"or (?:more|greater|larger)", "whispers"),
    (r"renban|consecutive,? (?:non-?repeating )?(?:digits|numbers)[^.]{0,30}in (?:any|some) order|"
     r"non-?repeating,? consecutive|consecutive,? non-?repeating|"
     r"(?<!no two )\b(?:digits|numbers) (?:on|along) [^.;]{0,25}\blines? (?:are|must be|form) (?:a set of )?consecutive\b"
     r"(?! (?:cells|positions|to)\b)", "renban"),
    (r"region[- ]?sum|segments?\b[^.;]{0,60}\b(?:sum|add|total)[^.;]{0,20}\bsame|segments? (?:with|of) the same (?:sum|total)|"
     r"same (?:sum|total)[^.;]{0,30}\b(?:each|every) (?:region|box|\d ?x ?\d box)|"
     r"(?:each|every) (?:region|box)\b[^.;]{0,40}\b(?:sums?|adds?) (?:up )?to the same|"
     r"\blines?\b[^.;]{0,20}\b(?:equal|same) (?:sum|total)\b[^.;]{0,20}\b(?:with)?in (?:each|every) (?:\d ?x ?\d )?(?:box|region)",
     "regionsum"),
    (r"palindrom|same (?:forwards|from both ends|in both directions)", "palindrome"),
    (r"entropic|(?<!global )(?<!global-)entropy(?![^.;]{0,60}\b2 ?[x×] ?2\b)|(?:three|3) (?:consecutive|sequential|adjacent) (?:cells|digits) (?:on|along) [^.;]{0,20}\bline\b[^.;]{0,40}"
     r"(?:\blow\b|1-3|\{1,? ?2,? ?3\})[^.;]{0,40}(?:\bmiddle\b|\bmedium\b|4-6|\{4,? ?5,? ?6\})", "entropic"),
    (r"(?<!global )(?<!global-)modular|(?:three|3) (?:consecutive|sequential|adjacent) (?:cells|digits) (?:on|along) [^.;]{0,20}\bline\b[^.;]{0,60}"
     r"\{1,? ?4,? ?7\}[^.;]{0,30}\{2,? ?5,? ?8\}", "modular"),
    (r"zipper|equidistant from the (?:centre|center)\b[^.;]{0,60}\b(?:sum|add|total)", "zipper"),
    (r"parity[- ]?line|\blines?\b[^.;]{0,40}\balternate (?:between (?:odd and even|even and odd)|(?:in )?parity)|"
     r"(?:adjacent|neighbou?ring) digits (?:on|along) [^.;]{0,25}\blines? (?:have|are of) (?:different|opposite) parity",
     "parityline"),
    (r"nabner|no two (?:digits|numbers) (?:on|along) [^.;]{0,25}\blines? (?:are|may be|can be) consecutive", "nabner"),
    (r"double[- ]?arrow", "doublearrow"),
    (r"between[- ]?line|between the (?:two )?circles|between the (?:digits|values|numbers) in the (?:two )?circles",
     "between"),
    (r"\barrow", "arrow"),
    (r"lockout", "lockout"),
    (r"\bsequence lines?\b|arithmetic (?:sequence|progression)", "sequence"),
    (r"\b(?:10|ten)[- ]lines?\b|segments?\b[^.;]{0,40}\b(?:sum|add|total)s?(?: up)? to (?:\d+|ten)\b", "tenline"),
    (r"\bdifferences?[- ]count(?:s|ing)?\b|\bdifference between (?:two |any two )?(?:adjacent|neighbou?ring) (?:digits|cells)"
     r"[^.;]{0,40}\b(?:indicates|gives|is|equals|says)\b[^.;]{0,20}\bhow many (?:pairs of )?(?:adjacent|neighbou?ring) "
     r"(?:digits|cells)[^.;]{0,40}\bhave that (?:exact |same )?difference", "diffcount"),
    (r"\bfibonacci[- ]lines?\b|\b(?:beyond|after) the (?:lowest|smallest) (?:2|two) digits\b[^.;]{0,40}\bsum of the "
     r"(?:previous|preceding|prior|two previous|last) (?:2 |two )?digits", "fibonacci"),
    # an index line (not f-puzzles' row, column and box indexers, read from cage styles): named, or said in words
    (r"\bindex[- ]lines?\b|\bnth cell (?:along|on) [^.;]{0,30}\bline\b[^.;]{0,80}\bposition (?:along|on) the line where",
     "indexline"),
    # a line's two halves with one sum (two groups of an equal-sums rule): said in words, :func:`line_halves`
    # (the sentence from its start: a line, and its first and last cells or its halves, in either order)
    (r"(?:^|(?<=[.;\n]))(?=[^.;\n]*\blines?\b)(?=[^.;\n]*(?:\bfirst (?:two|three|four|five|[2-5]|half)\b[^.;\n]*"
     r"\blast\b|\bhalf\b[^.;\n]*\bhalf\b|\bhalves\b))", "equalsum"),
)
# What a person calls each catalogue line type (for messages about rules this build lacks).
LINE_WORDS = {"slowthermo": "slow thermometers", "thermometer": "thermometers", "dutchwhispers": "Dutch whispers",
              "whispers": "German whispers", "renban": "renban lines", "regionsum": "region-sum lines",
              "palindrome": "palindromes", "entropic": "entropic lines", "modular": "modular lines",
              "zipper": "zipper lines", "parityline": "parity lines", "nabner": "nabner lines",
              "doublearrow": "double arrows", "between": "between lines", "arrow": "arrows",
              "lockout": "lockout lines", "tenline": "10 lines", "sequence": "sequence lines",
              "diffcount": "differences-count lines", "fibonacci": "Fibonacci lines",
              "indexline": "index lines", "equalsum": "lines whose halves have one sum"}
# f-puzzles' own colours for its line rules (whispers #67F067, renban #F067F0, region sums #2ECBFF): a line in
# that colour is that rule when the rules text names the rule but no colour for it.
PALETTE = {"green": "whispers", "pink": "renban", "cyan": "regionsum"}
COLOURS = ("green", "purple", "violet", "lavender", "pink", "magenta", "blue", "navy", "cyan", "teal", "turquoise",
           "aqua", "red", "orange", "peach", "yellow", "gold", "grey", "gray", "silver", "black", "white", "brown", "lime",
           "crimson", "scarlet", "maroon", "fuchsia", "mauve", "lilac", "indigo", "periwinkle", "azure",
           "mint", "emerald", "jade", "coral", "salmon", "amber")
COLOURED = "coloured"  # line_kinds' key for "a coloured line": every line drawn in a colour (not white, grey or black)
# A colour word the text uses, to the family :func:`colour_word` gives a drawing.
_FAMILY = {"violet": "purple", "lavender": "purple", "magenta": "pink", "navy": "blue", "teal": "cyan",
           "turquoise": "cyan", "aqua": "cyan", "gray": "grey", "silver": "grey", "gold": "yellow", "lime": "green",
           "peach": "orange", "crimson": "red", "scarlet": "red", "maroon": "red", "fuchsia": "pink",
           "mauve": "purple", "lilac": "purple", "indigo": "purple", "periwinkle": "blue",
           "azure": "blue", "mint": "green", "emerald": "green", "jade": "green", "coral": "orange",
           "salmon": "orange", "amber": "orange"}


def _hls(hexcolour: object) -> tuple[float, float, float] | None:
    """Hue (degrees), lightness and saturation of ``#RRGGBB`` / ``#RGB``, or None; an alpha part (``#RGBA``,
    ``#RRGGBBAA``) is the colour as seen on the white page (SudokuMaker's ``#0003`` shading is light grey)."""
    text = str(hexcolour or "").strip().lstrip("#")
    if len(text) in (3, 4):
        text = "".join(ch * 2 for ch in text)
    if len(text) not in (6, 8):
        return None
    try:
        r, g, b, a = (int(text[i:i + 2], 16) / 255 if i < len(text) else 1.0 for i in (0, 2, 4, 6))
    except ValueError:
        return None
    r, g, b = (a * v + (1 - a) for v in (r, g, b))
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    return hue * 360, light, sat


def colour_word(hexcolour: object) -> str:
    """The colour family of ``#RRGGBB`` / ``#RGB`` (an alpha part blended over white): red, orange, yellow,
    green, cyan, blue, purple, pink, brown, grey, black or white."""
    hls = _hls(hexcolour)
    if hls is None:
        return "unknown"
    hue, light, sat = hls
    if light >= 0.94:
        return "white"
    if light <= 0.12:
        return "black"
    if sat < 0.2:
        return "grey"
    for bound, name in ((15, "red"), (45, "orange"), (70, "yellow"), (160, "green"), (200, "cyan"),
                        (255, "blue"), (290, "purple"), (345, "pink"), (361, "red")):
        if hue < bound:
            if name == "orange" and light < 0.35:
                return "brown"
            return name
    return "red"  # pragma: no cover (hue < 361 always)


_HUES = {"red": 0, "orange": 30, "yellow": 55, "green": 120, "cyan": 185, "blue": 220, "purple": 275, "pink": 320}


def nearest(hexcolour: object, named: Iterable[str]) -> str | None:
    """Of the colour families the rules text names, the one nearest in hue to a drawing's colour (within 40
    degrees), or None: a setter's "purple" line may be drawn ``#F067F0``."""
    hls = _hls(hexcolour)
    if hls is None:
        return None
    hue, light, sat = hls
    if sat < 0.2 or light >= 0.94 or light <= 0.12:
        return None
    best, gap = None, 41.0
    for name in named:
        if name in _HUES:
            d = abs(hue - _HUES[name]) % 360
            d = min(d, 360 - d)
            if d < gap:
                best, gap = name, d
    return best


def sentences(text: str, lower: bool = True) -> list[str]:
    """The sentences of a rules text, lower-cased unless ``lower`` is False (a full stop, line break or ``;`` ends one)."""
    text = (text or "").lower() if lower else (text or "")
    return [s.strip() for s in re.split(r"(?<=[.!?;])\s+|\n+|<br\s*/?>|</br>", text) if s.strip()]


def first_said(text: str, test: Callable[[str], object]) -> str | None:
    """The first sentence of a rules text, as written, whose lower-case form passes ``test``; None when none does.

    >>> first_said("Normal rules. Cages are NOT killer cages.", lambda s: "killer" in s)
    'Cages are NOT killer cages.'
    """
    return next((s for s in sentences(text, lower=False) if test(s.lower())), None)


def mentions(text: str) -> list[str]:
    """The line rules (catalogue types) a rules text names anywhere, in :data:`LINE_RULES` order."""
    low = (text or "").lower()
    found = []
    for words, name in LINE_RULES:
        if re.search(words, low):
            if name == "whispers" and "dutchwhispers" in found and not re.search(r"(?<!dutch )(?<!dutch-)whisper", low):
                continue
            if name == "thermometer" and "slowthermo" in found and not any(
                    re.search(words, s) and not re.search(LINE_RULES[0][0], s) for s in sentences(low)):
                continue  # every sentence that speaks of thermometers speaks of slow ones
            found.append(name)
    return found


def colours_in(sentence: str) -> list[str]:
    """The colour families a sentence names."""
    return list(dict.fromkeys(_FAMILY.get(c, c) for c in COLOURS if re.search(rf"\b{c}", sentence)))


_CONTRAST = r"\bnot?\b|n't\b|\bnever\b|\bcannot\b|\bunlike\b|\bbut\b|\bwhereas\b|\bwhile\b|\(|\binstead\b|\bother than\b"


def line_kinds(text: str) -> dict[str, str]:
    """Colour family -> line rule, from the sentences that name both, then from the paragraphs that name both.

    Where a sentence names one line rule, its colours go with it. Where it names several, each colour goes
    with the rule of its own clause ("pink lines are renbans, green lines are German whispers"; "orange
    lines are lockout lines: the ends differ by at least 2" is lockout, not whispers), and a colour whose
    clause names no rule or several is left to another sentence. A colour keeps its first rule.

    >>> line_kinds("Pink lines are renbans, green lines are German whispers.")
    {'pink': 'renban', 'green': 'whispers'}

    A sentence that names one line rule for "a coloured line" and no colour gives the rule to every line drawn
    in a colour (key ``"coloured"``: the drawings' reader asks it after a line's own colour):

    >>> line_kinds("The difference between two adjacent digits on a coloured line indicates exactly how many "
    ...            "pairs of adjacent digits along that line have that exact difference.")
    {'coloured': 'diffcount'}
    """
    out: dict[str, str] = {}
    paragraphs = [p.strip().lower() for p in re.split(r"\n+|<br\s*/?>|</br>", text or "") if p.strip()]
    for units in (sentences(text), paragraphs):  # a paragraph may name the colour in one sentence, the rule in the next
        for unit in units:
            rules = mentions(unit)
            # several colours and a contrast or a negation ("..., unlike the green lines", "purple, not green", "(a
            # purple line may not cross a green line)"): each colour by its own clause, below
            contrast = len(colours_in(unit)) > 1 and re.search(rf"{_CONTRAST}|{EXCEPTION}", unit)
            if len(rules) == 1 and not contrast:
                for colour in colours_in(unit):
                    out.setdefault(colour, rules[0])
                if not colours_in(unit) and re.search(r"\bcolou?red lines?\b", unit):
                    out.setdefault(COLOURED, rules[0])
                continue
            for clause in re.split(r"[,;:.()]|\b(?:and|while|whereas|but|unlike)\b", unit):
                said = mentions(clause)
                if len(said) == 1:
                    for colour in colours_in(clause):
                        out.setdefault(colour, said[0])
    return out


# Words by which a sentence that names a rule says the rule does not hold, or not everywhere: a negation just before
# the rule's words ("purple lines are not renbans", "do not read the same forwards", "this is not an anti-knight
# puzzle", "unlike anti-king puzzles"), "does not apply" just after them, or an exception anywhere in the sentence
# ("..., except at box borders", "unless they are odd").
_DENIED_BEFORE = (r"(?:\b(?:not|never|cannot|nor|neither|unlike|without)\b|n't)(?: (?:be|a|an|the|read|form|"
                  r"considered|treated as|any|all|german|dutch|slow))* ?$")
_NOT_APPLY = r"^[^.;]{0,30}\b(?:does not|doesn't|do not|don't|not|never|no longer) apply"
EXCEPTION = r"\bexcept\b|\bunless\b|\bapart from\b|\bexcluding\b"
# Words by which a sentence says a relation is not required ("not necessarily different", "need not be distinct")
NOT_REQUIRED = (r"\bnot necessarily\b|\bneed(?:n't| not)\b|\b(?:do|does)(?: not|n't) (?:have|need) to\b|"
                r"\bnot required\b|\bmay or may not\b")


# Words by which a sentence says a whole-grid rule of some cells only, or quotes it in an example ("e.g. in an
# anti-knight sudoku", "like anti-knight, but only for 1s", "within a cage", "in the shaded boxes", "in rows 1-3")
LIMITED = (r"^(?:e\.? ?g\b|eg\b|for example|example)|\bfor example\b|\bfor instance\b|\blike\b|"
           r"\bonly (?:applies|apply|for|to|in|within|on|between|among|if|when|where)\b|\bonly\s*[.!]?$|"
           r"\bwithin (?:a |the |each |every |any )?(?:cages?|box|boxes|regions?|shaded|marked|grey|gray)\b|"
           r"\bin the same (?:box|row|column|region|cage)\b|\b(?:shaded|grey|gray|marked|highlighted|circled)\b|"
           r"\bcages?\b|\b\d+'?s\b|\bversion\b|\bin (?:rows?|columns?|box|boxes) \d|"
           r"\bin (?:an?|other|normal|classic|regular) [\w-]+ (?:sudokus?|puzzles?)\b")
# The same for a sentence about all marks given ("all dots are given only in the shaded area", "in rows 1-3"),
# whose marks may have a colour ("all grey dots are given")
LIMITED_MARKS = (r"^(?:e\.? ?g\b|eg\b|for example|example)|\bonly\b|\bwithin\b|\b(?:shaded|highlighted)\b|\bin the marked\b|"
                 r"\bin (?:rows?|columns?|box|boxes|the (?:grey|gray|top|bottom|left|right|first|last|middle|centre|center))\b")


def refuted(sentence: str, pattern: str) -> bool:
    """Whether ``sentence`` (lower case) names ``pattern`` (a rule's words) only to deny it or make an exception:
    a negation just before the words, "does not apply" just after, "except" or "unless" anywhere.

    >>> refuted("this is not an anti-knight puzzle.", r"anti-knight"), refuted("anti-knight applies.", r"anti-knight")
    (True, False)
    """
    found = [m for m in re.finditer(pattern, sentence) if m.end() > m.start() or m.start() == 0]
    if not found:
        return False
    if re.search(EXCEPTION, sentence):
        return True
    return any(re.search(_DENIED_BEFORE, sentence[max(0, m.start() - 40):m.start()])
               or re.search(_NOT_APPLY, sentence[m.end():]) for m in found)


# A thermometer's digits said to repeat ("digits may repeat"), where no words of a slow thermometer are
_THERMO_REPEATS = r"\b(?:may|can|could|might)(?: also)? (?:repeat|be equal|be the same|stay the same)\b"
# A 10 line's total given as a range or several ("sum to 10 or more", "sum to 5 or 10")
_SEGMENT_TOTAL = r"\b(?:sum|add|total)s?(?: up)? to (?:\d+|ten)\b(?=\s*(?:[-–+/]|to\b|or\b|and (?:more|less|greater|higher|lower|fewer|above|below)\b|,\s*\d))"


# A rule said to hold only somewhere ("only where the line is shaded"), or that it may hold ("purple lines may be
# renbans", "may differ by at least 5"), or a gap with an upper bound too ("or at most 1")
_ONLY_SOME = r"\bonly (?:where|when|if|in|on|for|within|between|along)\b"
_MAY_BEFORE = r"\b(?:may|might|could|can)(?: also)?(?: be)?(?: an?| the)? ?$"
_AT_MOST = r"\bat most\b|\bor (?:less|fewer|smaller)\b|\bno more than\b"
# An arrow's circle said not to be, or to bound, the sum ("do not sum to", "at least the sum", "at most")
NOT_EQUAL = (r"\b(?:not|never)\b[^.;]{0,20}\b(?:sum|add|total|equal)|n't (?:sum|add|total|equal)|\bat (?:least|most)\b|"
             r"\bor (?:more|less|greater|fewer|smaller|larger)\b|\b(?:greater|less|more|smaller|larger|bigger) than\b")


def unsure(low: str, pattern: str) -> bool:
    """Whether ``low`` (a sentence, lower case) names ``pattern`` (a rule's or a mark's words) but does not state it
    plainly: denied or excepted (:func:`refuted`), not required, said to hold only somewhere, or that it may hold.

    >>> unsure("white dots need not be consecutive.", r"white dots?"), unsure("white dots are consecutive.", r"white dots?")
    (True, False)
    """
    return bool(re.search(pattern, low)) and bool(
        refuted(low, pattern) or re.search(rf"{NOT_REQUIRED}|{_ONLY_SOME}", low)
        or any(re.search(_MAY_BEFORE, low[max(0, m.start() - 30):m.start()]) for m in re.finditer(pattern, low)))


def qualified(text: str) -> dict[str, str]:
    """Line rule (catalogue type) -> the sentence, as written, in which the rules text names it but does not state
    it plainly: negated or with an exception (:func:`refuted`), a thermometer whose digits may repeat, a 10 line's
    segments with a range or several totals. A line of that rule is named, not read.

    >>> qualified("Purple lines are not renbans. Green lines are German whispers.")
    {'renban': 'Purple lines are not renbans.'}
    """
    out: dict[str, str] = {}
    for sentence in sentences(text, lower=False):
        low = sentence.lower()
        for pattern, kind in LINE_RULES:
            if kind == "equalsum" or not re.search(pattern, low):
                continue
            if (unsure(low, pattern)
                    or (kind in ("whispers", "lockout") and re.search(_AT_MOST, low))
                    or (kind == "thermometer" and not re.search(LINE_RULES[0][0], low)
                        and (re.search(_THERMO_REPEATS, low) or (re.search(r"\bdecreas", low) and not re.search(r"\bincreas", low))))
                    or (kind == "tenline" and re.search(_SEGMENT_TOTAL, low))
                    or (kind == "arrow" and re.search(_SUM, low) and re.search(NOT_EQUAL, low))):
                out.setdefault(kind, sentence)
    for kind in ("whispers", "lockout"):  # two gaps ("differ by 5 or more; on the red line by 2 or more"): not one
        gaps = _gaps(text, kind)
        if len({gap for gap, _ in gaps}) > 1:
            out.setdefault(kind, next(written for gap, written in gaps if gap != gaps[0][0]))
    return out


# A line's two halves with one sum: "the sum of the first two digits equals the sum of the last two", "the first two
# digits add up to the same total as the last two", "the two halves of each line have the same sum", "the sum of the
# first half of the line equals the sum of the second half"
_HOW_MANY = r"(two|three|four|five|[2-5])"
_CELLS = r"(?: (?:digits?|cells?|numbers?))?"
_EQUALS = (r"(?:equals?|is equal to|are equal to|is (?:the )?same as|matches|=|(?:sums?|adds?|add up|totals?) to the same "
           r"(?:total|sum|number|value|amount)? ?as)")
_FIRST_LAST = (rf"\b(?:sum|total) of the first {_HOW_MANY}{_CELLS}\b[^.;]{{0,40}}?\b{_EQUALS} (?:to )?the (?:sum|total) of "
               rf"the last {_HOW_MANY}\b|\bfirst {_HOW_MANY}{_CELLS} (?:sum|add|total)s?(?: up)? to the same "
               rf"(?:total|sum|number|value|amount)? ?as the last {_HOW_MANY}\b")
_HALVES = (r"\b(?:two )?halves\b[^.;]{0,40}\b(?:have|has|with) (?:the same|equal|identical|matching) (?:sums?|totals?)\b|"
           r"\b(?:two )?halves\b[^.;]{0,40}\b(?:sum|add|total)s?(?: up)? to the same\b|"
           rf"\b(?:sum|total) of (?:the )?(?:digits (?:on|in|of) )?the first half\b[^.;]{{0,40}}\b{_EQUALS} (?:to )?the "
           r"(?:sum|total) of (?:the )?(?:digits (?:on|in|of) )?the (?:second|other|last) half\b|"
           r"\bfirst half\b[^.;]{0,40}\b(?:sum|add|total)s?(?: up)? to the same\b[^.;]{0,30}\b(?:second|other|last) half\b")
# Words by which a sentence about a line's halves says more than that their sums are equal
_NOT_EQUAL_SUMS = (r"\bproducts?\b|multipl|differ|\bratio|twice|double|triple|average|\bmeans?\b|\bnot\b|\bnever\b|"
                   r"cannot|can't|\bexcept\b|\bunless\b|\bgreater\b|\bless\b|\bmore\b|\bfewer\b|\bminus\b|\bplus\b|"
                   r"\bor\b|\bmiddle\b|\bcent(?:re|er)\b")


def line_halves(text: str) -> int | None:
    """How many cells a half of each line holds where the rules text says a line's two halves have one sum: the
    number it gives ("the sum of the first two digits equals the sum of the last two": 2), or 0 where it speaks of
    halves alone ("the two halves of each line have the same sum": any line of an even number of cells); None where
    no sentence about lines says so and nothing more (a product, "twice", "not", a middle cell, ...).

    >>> line_halves("In each line of four cells the sum of the first two digits equals the sum of the last two digits.")
    2
    >>> line_halves("The two halves of each green line have the same sum."), line_halves("Lines: halves differ by 1.")
    (0, None)
    >>> line_halves("On each line the sum of the first two digits is twice the sum of the last two digits.")
    """
    for sentence in sentences(text):
        if not re.search(r"\blines?\b", sentence) or re.search(_NOT_EQUAL_SUMS, sentence):
            continue
        m = re.search(_FIRST_LAST, sentence)
        if m:
            first, last = [_NUMBER[g] for g in m.groups() if g]
            if first == last:
                return first
            continue
        if re.search(_HALVES, sentence):
            return 0
    return None


def _first_at(sentence: str, name: str) -> int:
    """Where in ``sentence`` the words of line rule ``name`` first occur."""
    found = [m.start() for words, kind in LINE_RULES if kind == name for m in [re.search(words, sentence)] if m]
    return min(found, default=len(sentence))


def line_gap(text: str, kind: str) -> int | None:
    """The gap a rules text gives a line rule of ``kind`` (whispers: neighbours "differ by at least 4";
    lockout: the ends "have a difference of at least 4", "are at least 4 apart"), from the sentences whose
    first line rule is that one (whispers: or Dutch whispers), or None.

    >>> line_gap("Digits along a purple lockout line are not between the diamonds, which differ by at least 3.", "lockout")
    3
    """
    found = _gaps(text, kind)
    return found[0][0] if found else None


def _gaps(text: str, kind: str) -> list[tuple[int, str]]:
    """Each gap the rules text gives a line rule of ``kind`` (see :func:`line_gap`), with its sentence as written."""
    kinds = ("whispers", "dutchwhispers") if kind == "whispers" else (kind,)
    out = []
    for written in sentences(text, lower=False):
        sentence = written.lower()
        rules = mentions(sentence)
        if not rules or min(rules, key=lambda name: _first_at(sentence, name)) not in kinds:
            continue
        for m in re.finditer(r"differ (?:in value )?by (?:at least |a minimum of )?(\d+)(?! or less)|"
                             r"difference of (?:at least |a minimum of )?(\d+)|at least (\d+) apart|"
                             r"(?<=\d)\b[^.;]{0,40}?(?:,|\bor\b|\band\b) by (?:at least |a minimum of )?(\d+)", sentence):
            out.append((int(next(g for g in m.groups() if g)), written))
    return out


def line_sum(text: str) -> int | None:
    """The sum a rules text gives a 10 line's runs ("segments that each sum to 10"), from the sentences whose
    first line rule is 10 lines, or None.

    >>> line_sum("Each white line can be divided into one or more segments that each sum to 10."), line_sum("10 lines.")
    (10, None)
    """
    for sentence in sentences(text):
        rules = mentions(sentence)
        if not rules or min(rules, key=lambda name: _first_at(sentence, name)) != "tenline":
            continue
        m = re.search(r"\b(?:sum|add|total)s?(?: up)? to (\d+|ten)\b", sentence)
        if m:
            return 10 if m.group(1) == "ten" else int(m.group(1))
    return None


# A rules text's headings ("Negators: ...", "- Yin Yang - ...", "[Arrows] ..."): a heading is a rule's name. Its
# words are the rules this reader reads, their common qualifiers, colours and small words; a heading with any
# other word names a rule this reader does not know ("Negators", "Loopy Numbered Rooms", "Hot/Cold").
_HEADING = re.compile(r"^[\s\-•*\[\d).]*([A-Za-z][A-Za-z0-9 /'’&-]{1,40}?)\s*(?:\]|:|\s-\s|\s–\s)", re.M)
_KNOWN_WORDS = set("""sudoku sudokus normal standard classic classical rule rules apply applies killer killers cage cages sum
sums arrow arrows thermo thermos thermometer thermometers kropki dot dots xv x v xvs whisper whispers renban renbans
nabner nabners palindrome palindromes palindromic region regions regional entropic entropy modular modulo zipper zippers
parity sandwich sandwiches skyscraper skyscrapers numbered room rooms knight king anti antiknight antiking
antiking diagonal diagonals between quadruple quadruples quad quads odd even evens odds clone clones counting circle
circles minimum minimums maximum maximums min max indexer indexers indexing greater inequality inequalities line lines
little consecutive nonconsecutive non ratio difference german dutch slow double irregular jigsaw windoku disjoint extra
negative given pair pairs digit digits partial white black grey gray green purple pink blue red orange yellow cyan
teal lavender brown lockout sequence 10 ten fog war the a an and or of on in is are with eg e g note notes example examples tip tips all every each
cell cells box boxes row rows column columns set sets group groups 1 2 3 4 5 6 7 8 9 x sums shaded shading clue clues than
sign signs positive main differences count fibonacci index sunburn sun suns
magic square squares global mod modulo equal half halves""".split())
_VERBS = {"is", "are", "must", "apply", "applies", "can", "may", "cannot", "contain", "contains"}
# Headings that are not rules: credits, story, notes about the puzzle ("By:", "Thanks to:", "Difficulty -")
_NOT_RULES = set("""by author authors credit credits thanks thank to setter setters set title tested testers
testing playtested playtest playtesting test solvers story flavour flavor theme intro introduction hint hints
difficulty rating source edit update ps p s link links video enjoy good luck have fun""".split())


def unknown_rules(text: str) -> list[str]:
    """The headings of a rules text that name a rule this reader does not know (see ``_KNOWN_WORDS``), but for a
    theme's name that its own sentence defines as a rule this reader knows (:func:`defines_a_known_rule`).

    >>> unknown_rules("Normal sudoku rules apply.\\nArrows: digits sum.\\nNegators: one per row...\\nBy:\\nahaupt")
    ['Negators']
    >>> unknown_rules("Tentacles: Adjacent digits along a tentacle (green line) differ by at least 5.")
    []
    """
    found = []
    text = (text or "").replace("\\n", "\n")
    for m in _HEADING.finditer(text):
        heading = m.group(1).strip()
        names = re.findall(r"[a-z0-9]+", heading.lower())
        if len(names) > 4 or set(names) & _VERBS:
            continue  # a sentence ("Shaded cells are clones: ..."), not a rule's name
        if set(names) & _NOT_RULES and all(w in _NOT_RULES or w in _KNOWN_WORDS for w in names):
            continue  # credits, a story, a note ("By:", "Thanks to:", "Difficulty -")
        if any(w not in _KNOWN_WORDS for w in names) and not defines_a_known_rule(text[m.end():].split("\n", 1)[0]):
            found.append(heading)
    return found


# Known rules a theme's sentence may define in words, beside the line rules (:data:`LINE_RULES`): kropki and XV
# dots, killer cages. What a sentence must say for each: the drawing and the relation.
_DEFINED = (
    (r"\b(?:white|black|grey|gray)\b[^.;]{0,20}\bdots?\b|\bdots?\b[^.;]{0,20}\b(?:white|black)\b", r"consecutive|\b1 ?: ?2\b|\b2 ?: ?1\b|ratio|double|twice|half", "kropki"),
    (r"\b[xv]\b", r"\b(?:sum|add)s?(?: up)? to (?:5|10|five|ten)\b", "xv"),
    (r"\bcages?\b", r"\b(?:sum|add|total)s?\b", "killer"),
)
# Words by which a theme changes how digits count instead of adding a rule (negators, Nosferatu, hot/cold cells,
# doublers): a sentence with one defines no known rule, whatever else it says.
_CHANGES_VALUES = (r"\bvalues?\b|\bcounts? as\b|\bcounted as\b|\bnegative\b|\binstead\b|\btreated as\b|\bdoubled?\b(?! dot)|"
                   r"\bhalved\b|\bexcept\b|\bunless\b|\bignored?\b|\bdoes not count\b|\bdon't count\b|\bmay be (?:wrong|false)\b|"
                   r"\blie|\blying\b|\bincorrect\b|\bwrong\b|\bmistakes?\b")


def defines_a_known_rule(body: str) -> bool:
    """Whether a theme's sentences (the text after a heading such as "Tentacles:") define exactly one rule this
    reader knows in its usual words, and say nothing that changes how digits count: the heading is then that
    rule's new name, and the drawings are read by those words.

    >>> defines_a_known_rule("Box borders divide the shell (blue line) into segments that add to the same sum.")
    True
    >>> defines_a_known_rule("Digits in a negator cell count as negative for the purposes of arrows and XV.")
    False
    >>> defines_a_known_rule("Digits on an eye (black dot) are in a 1:2 ratio.")
    True
    """
    said = set()
    for sentence in sentences(body):
        if re.search(_CHANGES_VALUES, sentence):
            return False
        said.update(mentions(sentence))
        said.update(kind for drawing, relation, kind in _DEFINED
                    if re.search(drawing, sentence) and re.search(relation, sentence))
    return len(said) == 1


# What a rules text says of the digits in cages: they may repeat ("digits in a cage may repeat", "digits can repeat
# within cages"), or they do not ("digits cannot repeat in a cage", "cages contain non-repeating digits").
CAGE = r"\b(?:cages?|killers?)\b"  # what a rules text calls its cages
MAY_REPEAT = r"\b(?:may|can|could|might)\b(?: also)? repeat\b"
_NO_REPEAT = (r"\b(?:cannot|can't|can ?not|may not|must not|mustn't|do not|don't|does not|doesn't|never|won't|will not|"
              r"not)\b[^.;]{0,12}\brepeat|non-?repeating|\bdistinct\b|\ball different\b|\bdifferent digits\b")


def cage_digits(text: str) -> str | None:
    """What the rules text says of the digits in cages: ``"repeat"`` (they may repeat), ``"distinct"`` (they do
    not), ``"both"`` (it says each, of some cages, or says one with an exception, or
    that digits need not differ: no reading is sure), or None (it does not say).

    >>> cage_digits("Digits in a cage MAY repeat."), cage_digits("Digits cannot repeat in cages."), cage_digits("Killer cages.")
    ('repeat', 'distinct', None)
    >>> cage_digits("Digits in grey cages may repeat. Digits cannot repeat in white cages.")
    'both'
    """
    found = [s for s in sentences(text) if re.search(CAGE, s)]
    repeat = any(re.search(MAY_REPEAT, s) for s in found)
    distinct = any(re.search(_NO_REPEAT, s) for s in found)
    if any((re.search(MAY_REPEAT, s) or re.search(_NO_REPEAT, s) or re.search(r"\b(?:different|differ)\b", s))
           and re.search(rf"{EXCEPTION}|{NOT_REQUIRED}", s) for s in found):
        return "both"  # "may not repeat unless the cage is grey", "need not be distinct": no reading is sure
    return "both" if repeat and distinct else "repeat" if repeat else "distinct" if distinct else None


def question_mark_meant(text: str) -> bool:
    """Whether the rules text gives a cage's ``?`` a meaning of its own ("a '?' means a single digit total"),
    rather than leaving it an unknown sum.

    >>> question_mark_meant('A "?" means a single digit total.'), question_mark_meant("Normal killer rules.")
    (True, False)
    """
    return says(text, r"[\"'“”‘’(]\?+[\"'“”‘’)]|\?\s*(?:means|is|represents|stands|indicates|denotes)\b")


# How a rules text says what a cage clue's inequality sign means ('"<" means less than', 'a cage marked <n sums to
# less than n', 'cage clues may be inequalities'), and what its question marks mean ('a "?" means a single digit
# total, and a "??" means a double digit total'): the sign or marks (quoted or not, maybe before a number or a
# letter), then the meaning in the same clause.
_SIGN = rf"(?:[\"'“”‘’(]\s*)?({SIGN})(?:\s*(?:\d+|[a-z]\b|\?+))?(?:\s*[\"'“”‘’)])?"
_LESS, _MORE = r"less|smaller|lower|fewer|below|under", r"greater|more|larger|bigger|higher|above|over|exceed"
_MEANING = {"<": rf"\b(?:{_LESS})\b(?! than or equal)(?! or equal)",
            "≤": rf"\bat most\b|\b(?:{_LESS}) than or equal|\bor (?:less|fewer|lower|smaller)\b|\bno (?:{_MORE})\b",
            ">": rf"\b(?:{_MORE})\b(?! than or equal)(?! or equal)",
            "≥": rf"\bat least\b|\b(?:{_MORE}) than or equal|\bor (?:more|greater|higher|larger)\b|\bno (?:{_LESS})\b"}
# Cage clues said to be inequalities ("some cage clues are inequalities", "inequalities in killer cages"), not
# inequality signs between cells in a clause that speaks of cages too
_INEQUALITY_CLUES = (r"\b(?:cages?|killers?)\b[^.;,]{0,30}\binequalit|"
                     r"\binequalit\w*\b[^.;,]{0,20}\b(?:in|on|as|for) (?:the |some |a |its )?(?:cages?|killers?)\b")
_MARKS = r"(?:[\"'“”‘’(]\s*)?(?<![?\w])(\?+)(?![?\w])(?:\s*[\"'“”‘’)])?"
_DIGITS = {1: r"single|one|1", 2: r"double|two|2"}


def cage_bounds(text: str) -> set[str]:
    """The marks of cage clues bounding a sum that the rules text explains (``<``, ``≤``, ``?``, ``??``, ...).

    Inequality signs (``<``, ``>``, ``≤``, ``≥``) each by a meaning in its clause, all four where cage clues "may
    be inequalities"; runs of question marks (``?``, ``??``: an unknown number of that many digits) where the text
    says "a single digit total", "a double digit total". :func:`..constraints.boundcage.clue_range` reads such a
    clue.

    >>> sorted(cage_bounds('Digits in a cage sum to the clue (note that "<" means less than, and ">" means greater '
    ...                    'than). A "?" means a single digit total, and a "??" means a double digit total.'))
    ['<', '>', '?', '??']
    >>> sorted(cage_bounds("A cage marked <n sums to less than n. Killer cages.")), cage_bounds('A "?" is a prime.')
    (['<'], set())
    >>> cage_bounds("A > between two cells points to the smaller digit."), cage_bounds("Cages.<br>Less than 5 is low.")
    (set(), set())
    """
    low = re.sub(r"</?(?:br|p|b|i|u|em|strong|span|div)\b[^>]*>", "\n", (text or "").lower().replace("’", "'"))
    found = set()
    for clause in re.split(r"[.;\n]\s|\n", low):
        if re.search(_INEQUALITY_CLUES, clause):
            found |= set(_MEANING)
        signs = list(re.finditer(_SIGN, clause))
        for k, sign in enumerate(signs):
            end = signs[k + 1].start() if k + 1 < len(signs) else len(clause)
            mark = sign_of(sign.group(1))
            if re.search(_MEANING[mark], clause[sign.end():min(end, sign.end() + 50)]):
                found.add(mark)
        marks = list(re.finditer(_MARKS, clause))
        for k, run in enumerate(marks):
            end = marks[k + 1].start() if k + 1 < len(marks) else len(clause)
            count = len(run.group(1))
            if count in _DIGITS and re.search(rf"\b(?:{_DIGITS[count]})[- ]digits?\b",
                                              clause[run.end():min(end, run.end() + 50)]):
                found.add(run.group(1))
    return found


def grey_dots(text: str) -> bool:
    """Whether the rules text makes its grey dots the dot that is either kind: the digits are consecutive or in a
    1:2 ratio (or both), in one sentence that names grey dots and both.

    >>> grey_dots("Cells separated by a grey dot are either consecutive or in a 1:2 ratio (or both)."), grey_dots("Grey dots.")
    (True, False)
    >>> grey_dots("A grey dot may be read as a white or black kropki dot.")
    True
    """
    for sentence in sentences(text):
        if not re.search(r"\b(?:grey|gray)\b[^.;]{0,20}\b(?:dots?|circles?)\b", sentence):
            continue
        consecutive = re.search(r"consecutive|differ (?:by|of) (?:exactly )?(?:1|one)\b|difference of (?:exactly )?(?:1|one)\b",
                                sentence)
        ratio = re.search(r"\b1 ?: ?2\b|\b2 ?: ?1\b|ratio|double|twice|half", sentence)
        either = re.search(r"\b(?:white|black) (?:dot )?(?:or|and/or) (?:a )?(?:white|black)\b", sentence)
        if ((consecutive and ratio and re.search(r"\bor\b", sentence)) or either) \
                and not re.search(rf"\bnot?\b|\bnever\b|\bneither\b|{EXCEPTION}", sentence):
            return True
    return False


_SUM = r"\bsums?\b|\bsumm(?:ed|ing)\b|\badd(?:s|ed|ing)?\b|\btotals?\b|\bplus\b"
_NOT_SUM = r"\bmultipl\w*|\bproducts?\b|\bdifferences?\b|\baverages?\b|\bmeans?\b|\bquotients?\b|\bdivid\w*"


_MARK_MEANS = rf"(?:{SIGN}|\?+)\s*[\"'“”‘’)]?\s*means\b"  # '"<" means less than': no mean of digits


def not_a_sum(text: str, subject: str) -> bool:
    """Whether the rules text gives the clue of ``subject`` (a regular expression: arrows, cages) another
    arithmetic than a sum: a sentence about it speaks of a product, a difference, an average..., and none
    speaks of a sum (a setter's product cages or difference arrows are not read as sums).

    >>> not_a_sum("Digits on an arrow have the DIFFERENCE of the digit in the circle.", r"arrow")
    True
    >>> not_a_sum("Digits along an arrow sum to the circle. Whisper digits differ by 5.", r"arrow")
    False
    >>> not_a_sum('Killer cages (note that "<" means less than).', r"cage"), not_a_sum("Cages give the mean.", r"cage")
    (False, True)
    """
    about = [re.sub(_MARK_MEANS, " ", s) for s in sentences(text) if re.search(subject, s)]
    return any(re.search(_NOT_SUM, s) for s in about) and not any(re.search(_SUM, s) for s in about)


# A mark's form in words: a dot or circle (drawn rounded), a square or rectangle
MARK_FORMS = {"dot": "dot", "circle": "dot", "square": "square", "rectangle": "square"}
# The totals a sentence gives: "sum to 7", "add up to 5 or 10", "a total of 9", "sums of 5, 10"
_TOTALS = re.compile(r"\b(?:sums?|summ(?:ed|ing)|add(?:s|ed|ing)?|totals?|totall?(?:ed|ing))\b"
                     r"(?: (?:up|to|of|either|exactly|equal|is|are))*\s+(\d+(?:\s*(?:,|or|/)\s*(?:either\s+)?\d+)*)\b")
_X_OR_V = r"\b(?:an? )?[\"'‘“]?x[\"'’”]?s? or (?:an? )?[\"'‘“]?v[\"'’”]?s?\b|\b(?:a )?[\"'‘“]?v[\"'’”]?s? or (?:an? )?[\"'‘“]?x[\"'’”]?s?\b"
# Words by which a sentence about a mark says more than (or other than) a sum: another arithmetic (_NOT_SUM's), a
# relation, a parity, a negation; its totals are not read from it
_NOT_JUST_SUM = (rf"{_NOT_SUM}|consecutive|ratio|double|twice|\bhalf\b|differ|product|\bmean|"
                 r"\bnot\b|\bnever\b|cannot|can't|\bno\b|\bexcept\b|\bunless\b|\bodd\b|\beven\b|\bparity\b|\bnegat")


# What after a sum's numbers makes them a range, not totals: "5-10", "5 to 10", "10+", "10 or more"
_RANGE = re.compile(r"\s*(?:[-–+]|to\b|(?:or|and) (?:more|less|greater|higher|larger|lower|fewer|smaller|above|below|"
                    r"over|under|up|down)\b)")


def totals_in(sentence: str) -> tuple[int, ...] | None:
    """The totals a sentence gives a sum ("sum to 7", "add up to 5 or 10"), sorted, or None (also for a range).

    >>> totals_in("cells joined by a dot add up to 5 or 10"), totals_in("they sum to 10 or more")
    ((5, 10), None)
    """
    m = _TOTALS.search(sentence)
    if m is None or _RANGE.match(sentence, m.end(1)):
        return None
    return tuple(sorted({int(t) for t in re.findall(r"\d+", m.group(1))}))


def xv_standard(text: str) -> bool:
    """Whether no sentence about an X or a V gives it another total than 10 and 5 (a setter's "X sums to 7").

    >>> xv_standard("Cells connected by an X must sum to 10."), xv_standard("V: add up to 5; X: digits add up to 7.")
    (True, False)
    """
    for sentence in sentences(text):
        totals = totals_in(sentence)
        x, v = re.search(r"\bx'?s?\b", sentence), re.search(r"\bv'?s?\b", sentence)
        usual = ({10} if x else set()) | ({5} if v else set())
        if totals is not None and usual and not set(totals) <= usual:
            return False
    return True


def sum_marks(text: str) -> dict[tuple[str, str], tuple[int, ...]]:
    """(colour family, ``"dot"`` or ``"square"``) -> the totals the rules text gives the two cells such a mark joins.

    "Cells connected by a blue square must sum to 7", "cells joined by a grey dot sum to 9", "the green dots are
    either X or V" (5 or 10, where the text leaves X and V theirs). A sentence must name one colour, one form of
    mark and the totals (not a range), and nothing else of the digits (a difference, a ratio, a parity, "not").

    >>> sum_marks("Cells connected by an blue square must sum to 7. The green dots are either X or V.")
    {('blue', 'square'): (7,), ('green', 'dot'): (5, 10)}
    >>> sum_marks("Digits separated by a red dot are non-consecutive and sum to 9."), sum_marks("Grey dots add up to 5 or 10.")
    ({}, {('grey', 'dot'): (5, 10)})
    """
    out: dict[tuple[str, str], tuple[int, ...]] = {}
    standard = xv_standard(text)
    for sentence in sentences(text):
        forms = {MARK_FORMS[w] for w in re.findall(rf"\b({'|'.join(MARK_FORMS)})s?\b", sentence)}
        colours = colours_in(sentence)
        if len(forms) != 1 or len(colours) != 1 or re.search(_NOT_JUST_SUM, sentence):
            continue
        totals = totals_in(sentence)
        if totals is None and standard and re.search(_X_OR_V, sentence):
            totals = (5, 10)
        if totals:
            out.setdefault((colours[0], forms.pop()), totals)
    return out


# Kropki dots and XV letters, read by their look: the words that name each, and that give it another meaning than
# its usual one (a white dot's digits "differ by 2" or "are not consecutive", a black dot's "1:3 ratio")
_MARK_WORDS = {"white": r"\bwhite\b[^.;]{0,20}\b(?:dots?|circles?)\b", "black": r"\bblack\b[^.;]{0,20}\b(?:dots?|circles?)\b",
               "X": r"\b(?:an? )?[\"'‘“]?x[\"'’”]?s?\b(?! ?[x×] ?\d)", "V": r"\b(?:an? )?[\"'‘“]?v[\"'’”]?s?\b"}
_OTHER_MEANING = {"white": r"\bdiffer\w*\b(?: \w+){0,3} (?:[2-9]|two|three|four|five)\b|\bnot consecutive\b|"
                           r"\bnon-?consecutive\b",
                  "black": r"\b1 ?: ?[3-9]\b|\b[3-9] ?: ?1\b|\btriple\b|\bthree times\b|\bthrice\b"}
# Words of a sentence about the pairs with no mark ("if there is no dot, the digits are not consecutive")
_NO_MARK = r"\bno (?:dots?|circles?|mark)\b|\bwithout (?:an? )?(?:dots?|circles?)\b|\bnot (?:all|every)\b|\bnot (?:separated|joined|connected|marked)\b"


# A negation or a "may" in a sentence about a mark ("a white dot is not a kropki dot", "white dots do not mark
# consecutive digits", "digits separated by a white dot may be consecutive"), unless it speaks of the pairs with no
# mark (_NO_MARK)
_MARK_NOT = r"\bnot\b|n't\b|\bnever\b|\bcannot\b|\bmay\b|\bmight\b"


def marks_qualified(text: str) -> dict[str, str]:
    """Kropki dot colour (``white``, ``black``) or XV letter (``X``, ``V``) -> the sentence, as written, in which the
    rules text gives it another meaning than its usual one, denies it or makes an exception, does not require it,
    says it only somewhere or that it may hold (:func:`unsure`), or gives an X or V a range; such marks are named.

    >>> marks_qualified("Digits separated by a white dot differ by 2. Black dots: a 1:2 ratio.")
    {'white': 'Digits separated by a white dot differ by 2.'}
    >>> list(marks_qualified("White dots need not join consecutive digits. An X may mark a sum of 10. V: a sum of 5."))
    ['white', 'X']
    """
    out: dict[str, str] = {}
    standard = xv_standard(text)
    for written in sentences(text, lower=False):
        low = written.lower()
        for mark, words_of in _MARK_WORDS.items():
            if not re.search(words_of, low):
                continue
            other = _OTHER_MEANING.get(mark)
            if (re.search(EXCEPTION, low) or (mark in ("X", "V") and not standard and totals_in(low) is not None)
                    or (other and re.search(other, low) and not re.search(_NO_MARK, low))
                    or unsure(low, words_of) or (re.search(_MARK_NOT, low) and not re.search(_NO_MARK, low))
                    or (mark in ("X", "V") and _TOTALS.search(low) and totals_in(low) is None)):
                out.setdefault(mark, written)
    return out


def numbered_sum_circles(text: str) -> bool:
    """Whether the rules text says a number in a circle (or dot) on the edge between two cells is their sum.

    "A number in a circle between two cells is their sum", "numbered circles on cell borders give the sum of the
    two digits".

    >>> numbered_sum_circles("A number in a circle between two cells is their sum."), numbered_sum_circles("Kropki dots.")
    (True, False)
    """
    for sentence in sentences(text):
        numbered = re.search(r"\b(?:numbers?|clues?|values?|totals?)\b[^.;]{0,20}\b(?:in|on|inside)\b[^.;]{0,12}\b(?:circles?|dots?)\b|"
                             r"\b(?:circles?|dots?)\b[^.;]{0,12}\b(?:with|containing|showing) (?:an? )?(?:numbers?|clues?|values?)\b|"
                             r"\bnumbered (?:circles?|dots?)\b", sentence)
        edge = re.search(r"\bbetween\b|\bedges?\b|\bborders?\b|\bboundar|\beither side|\bboth sides|\btwo "
                         r"(?:adjacent |neighbou?ring |orthogonally adjacent )?cells\b|\badjacent cells\b", sentence)
        if numbered and edge and re.search(r"\bsums?\b|\btotals?\b|\badd(?:s|ed)? up\b", sentence) \
                and not re.search(_NOT_JUST_SUM, sentence):
            return True
    return False


# What a sentence about each kind speaks of, beyond the words of the kind's name (catalogue type -> pattern).
_SPOKEN = {"killer": r"\bcages?\b", "sumcage": r"\bcages?\b", "arrow": r"\bcircles?\b", "kropki": r"\bdots?\b",
           "kropki-negative": r"\bdots?\b", "xv": r"\b[xv]\b", "xv-negative": r"\b[xv]\b|\bx'?s\b|\bv'?s\b",
           "little-killer": r"\bdiagonals?\b|\barrows?\b", "sandwich": r"\b1 and (?:the )?9\b|\b1s? and 9s?\b",
           "thermometer": r"thermo", "slowthermo": r"thermo", "odd": r"\bodd\b", "even": r"\beven\b",
           "extra-region": r"\bregions?\b|\bshad(?:ed|ing)\b|\bwindows?\b", "disjoint": r"\bsame (?:relative )?position",
           "nonconsecutive": r"consecutive", "greaterthan": r"\binequalit|\bpoints?\b|\bgreater\b|\bless\b",
           "quadruple": r"\bcircles?\b", "minimum": r"\bsmaller|\blower|\bless\b|\bminim",
           "maximum": r"\bgreater|\bhigher|\blarger|\bmaxim", "countingcircles": r"\bcircles?\b",
           "clone": r"\bclone|\bsame digits?\b|\bshaded\b", "indexer": r"\bindex", "skyscraper": r"\bsee|\bvisible",
           "xsum": r"\bfirst \w+ (?:digits|cells)\b", "numberedroom": r"\bnth\b|\bn-?th\b|\bposition",
           "parityrun": r"\bodd\b|\beven\b|\bparity\b", "globalentropy": r"\b2 ?[x×] ?2\b|\blow\b|\bhigh\b",
           "globalmod": r"\b2 ?[x×] ?2\b|\b147\b|\bmod(?:ulo|ular)?\b",
           "sumdot": r"\bdots?\b|\bsquares?\b|\bcircles?\b|\brectangles?\b",
           "sumdot-negative": r"\bdots?\b|\bsquares?\b|\bcircles?\b|\brectangles?\b"}
# Words of a sentence that only restates a grid's own rules ("Normal sudoku rules apply", "Place the digits 1-9 once
# each in every row, column and box"), and words with which a sentence speaks of a rule at all.
_BASIC = set("""normal standard classic classical usual regular ordinary sudoku rules rule apply applies fill place put
enter write the grid with digits digit numbers number to through from once each every in a an and or of row rows column
columns box boxes region regions marked nonet nonets so that don't doesn't do does not cannot can't repeat repeats
repeated any must contain contains appear appears exactly only within such no also may can will be are is it its""".split())
_RULE_WORDS = (r"\b(?:digits?|numbers?|cells?|rows?|columns?|boxe?s?|lines?|cages?|circles?|dots?|sums?|grid|values?|"
               r"regions?|arrows?|clues?)\b")
_ASIDE = r"^(?:e\.? ?g\b|eg\b|i\.? ?e\b|for example|example|note\b|notes\b|\(|tip\b|hint\b)"


def unexplained(text: str, kinds: set[str]) -> list[str]:
    """The sentences of a rules text, as written, that state a rule none of ``kinds`` (the types read) speaks of.

    Sentences that say no more than the grid's own rules, an example or a story are left out: what remains is
    what was likely not read, where a reading leaves none or several solutions.

    >>> unexplained("Standard rules apply. In every row, strings of 3 digits are never all odd. "
    ...             "Digits in a cage sum to the total. Enjoy!", {"killer"})
    ['In every row, strings of 3 digits are never all odd.']
    """
    from ...constraints import names, kind_of

    spoken = []
    for name in set(kinds) & set(names()):
        words = re.findall(r"[a-z]{3,}", kind_of(name).words.lower())
        spoken += [rf"\b{w[:5]}" for w in words if w not in ("line", "cell", "sign")]
        spoken += [pattern for pattern, kind in LINE_RULES if kind == name] + [_SPOKEN.get(name, r"(?!)")]
    out = []
    for sentence in sentences(text, lower=False):
        low = sentence.lower()
        tokens = re.findall(r"[a-z']+|\d+(?:\s*[x×-]\s*\d+)?", low)
        if (not re.search(_RULE_WORDS, low) or re.search(_ASIDE, low)
                or all(t in _BASIC or re.fullmatch(r"[\d\sx×-]+", t) for t in tokens)
                or any(re.search(p, low) for p in spoken)):
            continue
        out.append(sentence)
    return out


# Whole-grid rules over small windows, said in words. A number as setters write it:
_NUMBER = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}
_N = r"(two|three|four|five|six|[2-6])"
_NO = r"\b(?:no|never|not|cannot|can't|can ?not|nor|neither|mustn't|may not|must not|won't|will not)\b"
# a run of cells: "strings of 3 digits", "three consecutive digits", "3 adjacent cells", "three odd digits in a row"
_RUN = (rf"\b(?:strings?|runs?|sequences?|groups?|sets?|lines?|blocks?) of {_N} (?:consecutive |adjacent |successive |"
        rf"neighbou?ring |sequential )?(?:digits|cells|numbers)\b|"
        rf"\b{_N} (?:consecutive|adjacent|successive|neighbou?ring|sequential|orthogonally (?:adjacent|connected)) "
        rf"(?:digits|cells|numbers)\b|"
        rf"\b{_N} (?:(?:odd|even) )?(?:digits|cells|numbers) in a row\b")
_ROWS_COLUMNS = (r"\brows?\b[^.;]{0,30}\bcolumns?\b|\bcolumns?\b[^.;]{0,30}\brows?\b|"
                 r"\bhorizontally (?:or|and) vertically\b|\bvertically (?:or|and) horizontally\b")
# "the same parity", or both parities joined by "or"/"nor" ("all even nor all odd", "three odd digits or three even
# digits"), not one parity alone ("both even": odd digits may be)
_SAME_PARITY = (r"\b(?:same|one|identical|equal|a single) parity\b|"
                r"\b(odd|even)\b[^.;]{0,30}?\b(?:or|nor)\b[^.;]{0,20}?\b(?!\1)(?:odd|even)\b")
_OTHER_PLACES = r"\bdiagonals?\b|\bbox(?:es)?\b|\bregions?\b|\blines?\b(?! of)|\bcages?\b|\bdots?\b|\bcircles?\b|\barrows?\b|\bexcept\b|\bunless\b"


def parity_run(text: str) -> int | None:
    """How many cells in a row or column the rules text says are never all odd or all even, or None.

    "No three consecutive digits in a row or column have the same parity", "in every row and column, strings of
    3 digits are never all even nor all odd": one sentence must name rows and columns, the run's length, both
    parities (or "the same parity") and that it never happens, and no other place (diagonals, boxes, lines).

    >>> parity_run("In every row and column, strings of 3 digits are never all even nor all odd.")
    3
    >>> parity_run("No three consecutive digits in a row or column have the same parity.")
    3
    >>> parity_run("No three consecutive odd digits in a row."), parity_run("Adjacent digits on a line have different parity.")
    (None, None)
    """
    for sentence in sentences(text):
        run = re.search(_RUN, sentence)
        if (run and re.search(_ROWS_COLUMNS, sentence) and re.search(_SAME_PARITY, sentence)
                and re.search(_NO, sentence) and not re.search(_OTHER_PLACES, sentence)):
            return _NUMBER[next(g for g in run.groups() if g)]
    return None


# Every 2x2 area of the grid ("each 2x2 box", "any 2x2 square", "every 2 by 2 area of the grid")
_AREA = (r"\b(?:every|each|any|all)\b[^.;]{0,20}\b(?:2 ?[x×] ?2|2 by 2|two by two)(?: (?:box|boxes|area|areas|square|"
         r"squares|region|regions|block|blocks|section|sections|window|windows|group|groups|subgrid|subgrids|cells?))?\b")
_LOW, _MIDDLE, _HIGH = (r"\blow(?:est)?\b|\b1 ?(?:-|to|–) ?3\b|\b123\b|\b1, ?2,? ?(?:and |or )?3\b",
                        r"\bmiddle\b|\bmedium\b|\bmid\b|\b4 ?(?:-|to|–) ?6\b|\b456\b|\b4, ?5,? ?(?:and |or )?6\b",
                        r"\bhigh(?:est)?\b|\b7 ?(?:-|to|–) ?9\b|\b789\b|\b7, ?8,? ?(?:and |or )?9\b")
_RESIDUES = (r"\b147\b|\b1, ?4,? ?(?:and |or )?7\b", r"\b258\b|\b2, ?5,? ?(?:and |or )?8\b",
             r"\b369\b|\b3, ?6,? ?(?:and |or )?9\b")
_MOD_3 = (r"\b(?:mod|modulo|modular)\b ?3\b|\b(?:remainders?|residues?)\b[^.;]{0,40}\b(?:divided by|mod|modulo) "
          r"(?:3|three)\b")
_EACH_REMAINDER = (r"\b(?:each|every|all|three|different|distinct) (?:of the )?(?:three )?(?:possible )?"
                   r"(?:remainders?|residues?|classes)\b")  # not "two digits with the same remainder mod 3"
_NOT_AREA = r"\blines?\b|\bcages?\b|\bshaded\b|\bcircles?\b|\bdots?\b|\bexcept\b|\bunless\b|\bsums?\b"


def area_rules(text: str) -> list[str]:
    """The rules over every 2x2 area the rules text states: ``globalentropy``, ``globalmod`` or both.

    Global entropy: each area holds a low, a middle and a high digit; global mod 3: a digit of 147, of 258 and of
    369 (or of each remainder mod 3). Read by those names ("global entropy", "global mod 3"), or from one sentence
    that names every 2x2 area and the classes, and no negation or other place (lines, cages, shading).

    >>> area_rules("Every 2x2 box contains a low (1-3), middle (4-6) and high (7-9) digit.")
    ['globalentropy']
    >>> area_rules("Each 2x2 area contains digits from each of 147, 258, 369.")
    ['globalmod']
    >>> area_rules("Each 2x2 area of the grid contains shaded and unshaded cells.")
    []
    """
    found = []
    for sentence in sentences(text):
        named = re.search(r"\bglobal[- ]entropy\b", sentence)
        area = re.search(_AREA, sentence) and not re.search(_NOT_AREA, sentence) and not re.search(_NO, sentence)
        if named or (area and all(re.search(p, sentence) for p in (_LOW, _MIDDLE, _HIGH))):
            found.append("globalentropy")
        named = re.search(r"\bglobal[- ]mod(?:ulo|ular)?(?: ?3)?\b", sentence)
        if named or (area and (all(re.search(p, sentence) for p in _RESIDUES)
                                 or (re.search(_MOD_3, sentence) and re.search(_EACH_REMAINDER, sentence)))):
            found.append("globalmod")
    return list(dict.fromkeys(found))


def says(text: str, pattern: str) -> bool:
    """Whether the rules text matches ``pattern`` (a regular expression, lower case)."""
    return bool(re.search(pattern, (text or "").lower()))


__all__ = ["COLOURED", "EXCEPTION", "LIMITED", "LIMITED_MARKS", "marks_qualified", "NOT_REQUIRED", "qualified", "refuted", "LINE_RULES", "LINE_WORDS", "MARK_FORMS", "PALETTE", "area_rules", "cage_bounds", "cage_digits", "colour_word", "colours_in", "grey_dots", "line_gap", "not_a_sum", "line_kinds", "line_sum", "mentions", "nearest",
           "numbered_sum_circles", "parity_run", "question_mark_meant", "says", "sentences", "sum_marks", "totals_in",
           "unexplained", "unknown_rules", "line_halves", "defines_a_known_rule", "xv_standard", "CAGE", "first_said",
           "MAY_REPEAT", "NOT_EQUAL", "unsure"]
