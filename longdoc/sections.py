"""Sections and the splitter that cuts one headed part into sections that fit a token budget.

A part is cut at blank lines first, then at sentence ends, then at spaces; pieces are packed
greedily in order, so a heading stays with the start of its body whenever both fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .analysis import class_raw_count, class_raw_extend

__all__ = ["Section", "max_raw_for", "split_part"]


@dataclass(frozen=True, slots=True)
class Section:
    """A span of the document, ``text[start:end]``, that fits the token budget.

    ``heading`` is its part's heading as it stands (None before any heading); ``path`` the titles
    of the enclosing headings, outermost first; ``node`` the index of its outline node.
    """

    start: int
    end: int
    heading: str | None = None
    index: int = 0
    level: int = 0
    path: tuple[str, ...] = ()
    node: int | None = None
    tokens: int = 0


_BLANK_LINE_RE = re.compile(r"(?:\r\n|\r|\n)[ \t\f\v]*(?:\r\n|\r|\n)\s*")
_SENTENCE_RE = re.compile(
    r"(?:[.!?][\"'”’)\]]*|;)\s+(?=[\"“'‘(\[]?[A-Z0-9§(])"
)
_WORD_RE = re.compile(r"\S+")
_NON_SPACE_RE = re.compile(r"\S")


def max_raw_for(max_tokens: int) -> int:
    """The largest raw word-and-punctuation count whose estimate fits ``max_tokens``."""
    return (max_tokens * 10) // 13


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    m = _NON_SPACE_RE.search(text, start, end)
    if m is None:
        return end, end
    s = m.start()
    e = end
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _pieces(text: str, start: int, end: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Non-blank spans of ``text[start:end]`` between matches of ``pattern`` (which eat spaces)."""
    out: list[tuple[int, int]] = []
    pos = start
    for m in pattern.finditer(text, start, end):
        # The match's own whitespace is stripped off the piece; its punctuation stays.
        s, e = _strip(text, pos, m.end())
        if s < e:
            out.append((s, e))
        pos = m.end()
    s, e = _strip(text, pos, end)
    if s < e:
        out.append((s, e))
    return out


def split_part(
    text: str,
    start: int,
    end: int,
    fits: Callable[[int, int], bool],
    fits_target: Callable[[int, int], bool] | None = None,
    head_end: int | None = None,
) -> list[tuple[int, int]]:
    """Cut ``text[start:end]`` into spans that each satisfy ``fits(s, e)``, in order.

    Pieces are packed while they satisfy ``fits_target`` (a smaller size that keeps sections
    precise), except that a heading ending at ``head_end`` joins the first piece of its body
    whenever both satisfy ``fits``; a sentence that fits is never cut. Spans are stripped of
    surrounding whitespace and only whitespace lies between them; a single word that does not fit
    alone is a span of its own.
    """
    target = fits_target or fits
    s, e = _strip(text, start, end)
    if s >= e:
        return []
    if target(s, e):
        return [(s, e)]
    units: list[tuple[int, int]] = []
    for ps, pe in _pieces(text, s, e, _BLANK_LINE_RE):
        if target(ps, pe):
            units.append((ps, pe))
            continue
        for ss, se in _pieces(text, ps, pe, _SENTENCE_RE):
            if fits(ss, se):
                units.append((ss, se))
            else:
                units.extend(m.span() for m in _WORD_RE.finditer(text, ss, se))
    return _pack(units, target, fits, head_end)


def _pack(units: list[tuple[int, int]], fits_target: Callable[[int, int], bool],
          fits: Callable[[int, int], bool], head_end: int | None) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    cur_s, cur_e = units[0]
    first = 1
    if head_end is not None:
        # A heading alone says little and matches little: it stays with the start of its body
        # (the heading may be several units: "1." and "Payment." are two sentences to the splitter).
        body = next((j for j, (us, _) in enumerate(units) if us >= head_end), len(units))
        if 0 < body < len(units) and fits(cur_s, units[body][1]):
            cur_e = units[body][1]
            first = body + 1
    for us, ue in units[first:]:
        if fits_target(cur_s, ue):
            cur_e = ue
        else:
            out.append((cur_s, cur_e))
            cur_s, cur_e = us, ue
    out.append((cur_s, cur_e))
    return out


def raw_fits(classes: bytes, max_raw: int) -> Callable[[int, int], bool]:
    """``fits`` for the default estimate: a span fits when its raw count is within ``max_raw``.

    A span that grows at its end (as packing asks) is counted only over its new characters.
    """
    last_s, last_e, last_raw = 0, 0, 0

    def fits(s: int, e: int) -> bool:
        nonlocal last_s, last_e, last_raw
        # Every token needs a character: a short span fits without counting.
        if e - s <= max_raw:
            return True
        if s == last_s and last_e <= e:
            raw = class_raw_extend(classes, s, last_e, last_raw, e)
        else:
            raw = class_raw_count(classes, s, e)
        last_s, last_e, last_raw = s, e, raw
        return raw <= max_raw

    return fits


def counter_fits(text: str, count: Callable[[str], int], max_tokens: int) -> Callable[[int, int], bool]:
    """``fits`` for a caller's token counter, applied to the span's text."""

    def fits(s: int, e: int) -> bool:
        return count(text[s:e]) <= max_tokens

    return fits

