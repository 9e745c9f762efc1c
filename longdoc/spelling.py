"""Which defined term a capitalised phrase likely misspells: one word a letter or two off
("Effecctive Date", "Effective Dave" of "Effective Date"), the words joined or split otherwise
("Lead Time" of "Lead-Time"), or the case of a letter ("Initial Period" of "initial Period").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["Spelling"]

# A word this long may be two letters off ("Mangers" of "Manager"); a shorter one, one letter.
_TWO_EDITS_FROM = 7
_JOINS = re.compile(r"[\s-]+")


class Spelling:
    """The terms of a text indexed by their words read without case, each word in turn left out,
    so that a phrase is compared only with the terms it shares all words but one with."""

    def __init__(self, terms: Iterable[str]):
        self._joined: dict[str, str] = {}
        self._others: dict[tuple[str, ...], list[tuple[str, str]]] = {}
        for term in sorted(set(terms)):
            folded = term.casefold()
            self._joined.setdefault(_JOINS.sub("", folded), term)
            words = folded.split()
            for i, word in enumerate(words):
                self._others.setdefault(_without(words, i), []).append((word, term))

    def nearest(self, phrase: str) -> str | None:
        """The term ``phrase`` likely misspells, or None: one written with the same letters but for
        case, spaces and hyphens; else one whose words are the phrase's but one, that word within
        one edit (two from _TWO_EDITS_FROM letters: a letter inserted, deleted, replaced, or two
        swapped) and with its first letter; the fewest edits, then the first by name."""
        folded = phrase.casefold()
        joined = self._joined.get(_JOINS.sub("", folded))
        if joined is not None and joined != phrase:
            return joined
        words = folded.split()
        best: tuple[int, str] | None = None
        for i, word in enumerate(words):
            most = 2 if len(word) >= _TWO_EDITS_FROM else 1
            for other, term in self._others.get(_without(words, i), ()):
                if other[:1] != word[:1] or term == phrase:
                    continue
                edits = _edits_within(word, other, most)
                if edits is not None and (best is None or (edits, term) < best):
                    best = (edits, term)
        return None if best is None else best[1]


def _without(words: list[str], i: int) -> tuple[str, ...]:
    """The words with the i-th left out (its place kept)."""
    return (*words[:i], "", *words[i + 1 :])


def _edits_within(a: str, b: str, most: int) -> int | None:
    """The edits (insertions, deletions, replacements, swaps of neighbours) from ``a`` to ``b`` when
    at most ``most``, else None; rows are given up once every cell exceeds ``most``."""
    if abs(len(a) - len(b)) > most:
        return None
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > most:
            return None
        before, row = row, current
    return row[-1] if row[-1] <= most else None
