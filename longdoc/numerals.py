"""Numerals as clause labels write them: Roman ("IV", "xii") and in words ("FIVE", "Twelve")."""

from __future__ import annotations

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


_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split(), 1)}
NUMBER_WORDS = tuple(_WORDS)
# A label's number in words, in capitals or capitalised ("FIVE", "Twelve"), as a regex alternation.
NUMBER_WORD_PATTERN = "|".join(f"{w.upper()}|{w.capitalize()}" for w in NUMBER_WORDS)


def word_value(s: str) -> int | None:
    """The value of a number written as a word from "one" to "twenty" in any case, or None."""
    return _WORDS.get(s.lower())
