"""Numerals as clause labels write them: Roman ("IV", "xii") and in words ("FIVE", "Twelve")."""

from __future__ import annotations

import re

_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def roman_value(s: str) -> int | None:
    """The value of a Roman numeral of the letters I, V, X, L and C in either case, or None when
    ``s`` holds another character (or nothing); subtractive pairs ("IV") count as written."""
    s = s.lower()
    if not s or any(ch not in _ROMAN for ch in s):
        return None
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = _ROMAN[a]
        total += -v if b in _ROMAN and _ROMAN[b] > v else v
    return total


def roman_numeral(n: int) -> str:
    """``n`` (1 to 399) as a Roman numeral in lower case ("iv", "xii"); ValueError outside."""
    if not 1 <= n <= 399:
        raise ValueError(f"{n} has no Roman numeral here (1 to 399)")
    out = ""
    for value, letters in ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out += letters
            n -= value
    return out


_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split(), 1)}
NUMBER_WORDS = tuple(_WORDS)
# A label's number in words, in capitals or capitalised ("FIVE", "Twelve"), as a regex alternation.
NUMBER_WORD_PATTERN = "|".join(f"{w.upper()}|{w.capitalize()}" for w in NUMBER_WORDS)


def word_value(s: str) -> int | None:
    """The value of a number written as a word from "one" to "twenty" in any case, or None."""
    return _WORDS.get(s.lower())


# A number in words at the end, which a number in brackets after it may restate ("Three (3) Sponsor
# logo exposures", "thirty (30) days").
ENDS_IN_NUMBER_WORD = re.compile(
    r"(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen"
    r"|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|hundred|thousand))\Z")
