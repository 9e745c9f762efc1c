"""Window: chosen sections joined into one text whose every offset maps back to the document.

A range inside one piece maps exactly; a range over pieces that are neighbours in the document maps
to the document's span between its ends; anything touching a separator alone maps to None.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from .sections import Section

__all__ = ["Window"]


@dataclass(frozen=True)
class Window:
    """``text`` made of ``pieces`` = [(window start, document start, length)] of ``sections``."""

    text: str
    pieces: tuple[tuple[int, int, int], ...]
    sections: tuple[Section, ...]

    def __init__(self, text: str, pieces: Sequence[tuple[int, int, int]], sections: Sequence[Section]) -> None:
        if not isinstance(text, str):
            raise TypeError("text must be str")
        pieces = tuple((int(w), int(d), int(n)) for w, d, n in pieces)
        if len(pieces) != len(sections):
            raise ValueError("pieces and sections must have the same length")
        last = 0
        for w, d, n in pieces:
            if w < last or n < 0 or w + n > len(text):
                raise ValueError("pieces must be in window order, disjoint and inside the text")
            last = w + n
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "pieces", pieces)
        object.__setattr__(self, "sections", tuple(sections))

    @classmethod
    def join(cls, doc_text: str, sections: Sequence[Section], sep: str = "\n\n") -> Window:
        """Join ``sections`` (already in document order) of ``doc_text`` with ``sep``."""
        chunks: list[str] = []
        pieces: list[tuple[int, int, int]] = []
        pos = 0
        for i, sec in enumerate(sections):
            if i:
                chunks.append(sep)
                pos += len(sep)
            body = doc_text[sec.start : sec.end]
            chunks.append(body)
            pieces.append((pos, sec.start, len(body)))
            pos += len(body)
        return cls("".join(chunks), pieces, sections)

    def __len__(self) -> int:
        return len(self.text)

    def _neighbours(self, a: int, b: int) -> bool:
        secs = self.sections
        return all(secs[i + 1].index == secs[i].index + 1 for i in range(a, b))

    def to_doc(self, start: int, end: int) -> tuple[int, int] | None:
        """The document range of window range [start, end), or None (separator, non-neighbours)."""
        _check_ints(start=start, end=end)
        if start > end:
            raise ValueError(f"start {start} is after end {end}")
        if start < 0 or end > len(self.text):
            raise ValueError(f"range {start}..{end} is outside the window (0..{len(self.text)})")
        starts = [w for w, _, _ in self.pieces]
        a = bisect_right(starts, start) - 1  # last piece starting at or before start
        if a < 0:
            return None
        wa, da, na = self.pieces[a]
        if start > wa + na:
            return None  # starts inside a separator
        if end <= wa + na:
            return da + start - wa, da + end - wa
        b = bisect_right(starts, end) - 1
        wb, db, nb = self.pieces[b]
        if end > wb + nb:
            return None  # ends inside a separator
        if not self._neighbours(a, b):
            return None
        return da + start - wa, db + end - wb

    def to_window(self, doc_start: int, doc_end: int) -> tuple[int, int] | None:
        """The window range showing document range [doc_start, doc_end), or None when not inside."""
        _check_ints(doc_start=doc_start, doc_end=doc_end)
        if doc_start > doc_end:
            raise ValueError(f"doc_start {doc_start} is after doc_end {doc_end}")
        a = b = None
        for i, (w, d, n) in enumerate(self.pieces):
            if a is None and d <= doc_start <= d + n:
                a = i
            if d <= doc_end <= d + n:
                b = i
                if a is not None:
                    break
        if a is None or b is None or b < a:
            return None
        if a != b and not self._neighbours(a, b):
            return None
        wa, da, _ = self.pieces[a]
        wb, db, _ = self.pieces[b]
        return wa + doc_start - da, wb + doc_end - db


def _check_ints(**values: object) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
