"""Where a text's defined terms stand: each place a term is defined or used, as an editor marks
them, and after an edit, the stretches of the text whose marks may have changed.

A mark is read from a bounded stretch around it (a use's words, its ending and the characters on
either side: `longdoc.uses.UseIndex.reach`), so the marks away from an edit are the earlier ones,
moved; where the edit defined a term otherwise (typing in its quotes), away from its forms' words too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition
from .uses import Use, spans_of_forms

__all__ = ["Mark", "merged_marks", "remarked_stretches"]


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


# Past this share of the text, marking stretches again is no cheaper than marking it all.
_MOST_REMARKED = 0.5


def remarked_stretches(before: Sequence[Definition], after: Sequence[Definition], start: int, end: int, length: int,
                       view: bytes, reach: int, before_code: Sequence[tuple[int, int]] = (),
                       after_code: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]] | None:
    """The stretches of the edited text (``start``..``end`` of the text before it, now ``length``
    characters; ``view`` its byte view), in text order and apart, out of which every mark is one
    of the text before, moved by the edit; None when they would cover half the text or more. A
    term defined otherwise than by moving it (added, gone, or defined elsewhere) may change the
    marks wherever a form of it stands (`spans_of_forms`); code that the edit opened, closed or
    moved otherwise (``before_code`` and ``after_code``, the stretches Markdown's code holds in
    each text), where it held or holds. ``reach``: how far past its start a mark is read."""
    delta = length - (end - start)
    spans = [(start, start + length)]
    if before_code or after_code:
        moved_code = {(s, e) if e < start else (s + delta, e + delta) if s > end
                      else (min(s, start), max(e + delta, start + length)) for s, e in before_code}
        spans += moved_code.symmetric_difference(after_code)
    terms: set[str] = set()
    if not _only_moved(before, after, start, end, delta):
        moved: Counter[tuple[str, int, int]] = Counter()
        for d in before:
            if d.term_end < start:
                moved[d.term, d.term_start, d.term_end] += 1
            elif d.term_start > end:
                moved[d.term, d.term_start + delta, d.term_end + delta] += 1
            else:
                terms.add(d.term)  # where it stood lies in the edit's stretch
        now = Counter((d.term, d.term_start, d.term_end) for d in after)
        changed = list(((moved - now) + (now - moved)).elements())
        spans += [(s, e) for _, s, e in changed]
        terms.update(term for term, _, _ in changed)
        spans += spans_of_forms(view, terms)
    # A mark reads up to ``reach`` past its start and one character before it; whether it is kept
    # depends on the marks starting up to ``reach`` before it (`merged_marks`, `UseIndex.uses_in`).
    out: list[tuple[int, int]] = []
    size = len(view)
    for s, e in sorted(spans):
        lo, hi = max(0, s - reach - 2), min(size, e + 2 * reach + 2)
        if out and lo <= out[-1][1]:
            lo, hi = out[-1][0], max(hi, out.pop()[1])
        out.append((lo, hi))
    return None if terms and sum(hi - lo for lo, hi in out) >= _MOST_REMARKED * size else out


def _only_moved(before: Sequence[Definition], after: Sequence[Definition], start: int, end: int, delta: int) -> bool:
    """Whether each term is defined where it was, moved by the edit (as most edits leave them)."""
    if len(before) != len(after):
        return False
    for old, new in zip(before, after):
        shift = 0 if old.term_end < start else delta if old.term_start > end else None
        if shift is None or old.term != new.term or (old.term_start + shift, old.term_end + shift) != (
                new.term_start, new.term_end):
            return False
    return True
