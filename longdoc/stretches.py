"""Stretches of a text, asked whether an offset lies in one: a search, not a walk (a 10 MB text has
hundreds of definitions parts and thousands of definitions)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

__all__ = ["Stretches"]


class Stretches:
    """Stretches [start, end) of a text, nested or touching ones joined into one: ``starts`` and
    ``ends`` in text order, each start past the end before it; ``at in stretches`` by one search."""

    __slots__ = ("starts", "ends")

    def __init__(self, spans: Iterable[tuple[int, int]]):
        self.starts: list[int] = []
        self.ends: list[int] = []
        for lo, hi in sorted(spans):
            if self.ends and lo <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], hi)
            else:
                self.starts.append(lo)
                self.ends.append(hi)

    def __contains__(self, at: int) -> bool:
        i = bisect_right(self.starts, at)
        return i > 0 and at < self.ends[i - 1]
