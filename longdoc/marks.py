"""Where a text's defined terms stand: each place a term is defined or used, as an editor marks
them, and after an edit, the one stretch of the text whose marks may have changed.

A mark is read from a bounded stretch around it (a use's words, its ending and the characters on
either side: `longdoc.uses.UseIndex.reach`), so while the terms and the places that define them
only move with an edit, the marks away from it are the earlier ones, moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition
from .uses import Use

__all__ = ["Mark", "merged_marks", "remarked_stretch"]


class Mark(NamedTuple):
    """A defined term where it is defined (``defines``) or used, ``[start, end)`` of the text."""

    start: int
    end: int
    defines: bool


_new = tuple.__new__


def merged_marks(definitions: Sequence[Definition], uses: Sequence[Use], start: int) -> list[Mark]:
    """The marks of the definitions and uses given that start at or after ``start``, in text order,
    none over another: where two overlap, the one that starts first and, of two that start
    together, the longest, a definition before a use of the same span. Those given that start
    before ``start`` only cover what they overlap."""
    found = sorted([(d.term_start, -d.term_end, False) for d in definitions]
                   + [(u.start, -u.end, True) for u in uses])
    out: list[Mark] = []
    reached = 0
    for at, neg_end, used in found:
        if at >= reached:
            reached = -neg_end
            if at >= start:
                out.append(_new(Mark, (at, reached, not used)))  # a named tuple's own __new__ takes twice as long
    return out


def remarked_stretch(before: Sequence[Definition], after: Sequence[Definition], start: int, end: int, length: int,
                     reach: int) -> tuple[int, int] | None:
    """The stretch of the edited text (``start``..``end`` of the text before it, now ``length``
    characters) out of which every mark is one of the text before, moved by the edit; None when
    the edit changed a term or where one is defined otherwise than by moving it, which may change
    a mark anywhere. ``reach``: how far past its start a mark is read."""
    if len(before) != len(after):
        return None
    delta = length - (end - start)
    for old, new in zip(before, after):
        if old.term != new.term:
            return None
        shift = 0 if old.term_end < start else delta if old.term_start > end else None
        if shift is None or (old.term_start + shift, old.term_end + shift) != (new.term_start, new.term_end):
            return None
    # A mark reads up to ``reach`` past its start and one character before it; whether it is kept
    # depends on the marks starting up to ``reach`` before it (`merged_marks`, `UseIndex.uses_in`).
    return max(0, start - reach - 2), start + length + 2 * reach + 2
