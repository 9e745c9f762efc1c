"""What an edit makes the scans for definitions and citations read again.

Both scans read a little of the text around each place they look at. After an edit, a result whose
reading touched the edited text is found again by scanning a stretch around it; results before and
after that stretch are the earlier version's, moved. A stretch ends at a paragraph break, which no
rule reads across far, or, deep in a paragraph of tens of kilobytes (a text without blank lines, a
contract run into one line), at a quiet place: one that no scan's state or match carries across.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["PAGE_MARK", "Rescan", "paragraph_bounds", "rescan_span"]


class Rescan(NamedTuple):
    """Results that start in [start, end) are found again by scanning [start, scan_end) (which
    reads on past ``end`` where a result before ``end`` may look further); the others are the
    earlier version's, moved."""

    start: int
    end: int
    scan_end: int


_PARAGRAPH_BREAK = re.compile(r"\n(?:[ \t\f]*\n)+")
# What a page break may hold on a line of its own besides blank lines: a page's number ("12",
# "- 12 -", "Page 3 of 9") or a filing's footer ("Source: ACME INC., 10-K, 3/1/2019"). A sentence
# read across such a break (see `longdoc.definitions`) reads the paragraph before it.
PAGE_MARK = r"\d{1,4}|-[ \t]?\d{1,4}[ \t]?-|Page[ \t]+-?\d{1,4}-?(?:[ \t]+of[ \t]+\d{1,4})?|Source:[^\n]{1,160}"
_PAGE_MARK_ALONE = re.compile(r"[ \t]*(?:" + PAGE_MARK + r")[ \t]*\r?(?=\n[ \t\f]*\n)")
_BLANK = frozenset(" \t\f\r\n")


def paragraph_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole paragraphs (blank-line delimited) plus one on each side, so a
    local re-scan sees every definition or citation an edit there can have touched."""
    a = _paragraph_start(text, start, 0)
    b = _paragraph_end(text, end, len(text))
    assert a is not None and b is not None  # unbounded searches always answer
    return a, b


# Around an edit, paragraph breaks are looked for this far; beyond, the stretch ends at a quiet place.
_NEAR = 32_768


def rescan_span(text: str, view: bytes, start: int, end: int) -> Rescan:
    """The stretch to scan again after ``text[start:end]`` was written (``view`` is its
    `byte_view`): from the paragraph before the edit's to the one after it, or within a long
    paragraph from quiet places far enough from the edit that nothing read there reads the edit."""
    a = _paragraph_start(text, start, max(0, start - _NEAR))
    if a is None:
        a = _quiet_place(view, start - _READS_ON, False)
    b = scan_end = _paragraph_end(text, end, min(len(text), end + _NEAR))
    if b is None:
        b = _quiet_place(view, end + _READS_BACK, True)
        # A result just before a quiet end may read past it: an entry of a definitions list runs on
        # to the next entry or clause, and is no entry when a later definition of its term lies in it.
        scan_end = None if b is None else min(len(text), b + _READS_ON)
    if a is None or b is None or scan_end is None:  # no quiet place near: whole paragraphs, however long
        a, b = paragraph_bounds(text, start, end)
        return Rescan(a, b, b)
    return Rescan(a, b, scan_end)


def _paragraph_start(text: str, start: int, floor: int) -> int | None:
    """The start of the paragraph before the one holding ``start`` (a run of blank lines, as a
    page break's, is one break: a verb may stand several lines below its quoted term; so is a page's
    number or footer between blank lines after a line that runs on, as for `_paragraph_end`: a
    definition may read on over it), or None when that lies before ``floor`` (0: the text's start,
    when there is none)."""
    a = max(start, 0)
    breaks = 0
    while breaks < 2:
        before = text.rfind("\n\n", floor, max(a - 1, 0))
        if before < 0:
            if floor > 0:
                return None
            return 0
        while before > 0 and text[before - 1] in _BLANK:
            before -= 1
        a = before + 1
        if not _sentence_cut_by_page_mark(text, before):
            breaks += 1
    return a


def _sentence_cut_by_page_mark(text: str, end: int) -> bool:
    """Whether the paragraph that ends at ``end`` is a page's number or footer alone on its line,
    after a line that runs on (its last character a small letter or a comma): a definition read
    there may go on past the mark (`longdoc.definitions`), which a page break cutting no sentence
    keeps it from."""
    line = text.rfind("\n", 0, end) + 1
    if line == 0 or _PAGE_MARK_ALONE.match(text, line) is None:
        return False
    above = text.rfind("\n", 0, line - 1)
    if above < 0 or text[above + 1 : line - 1].strip():
        return False
    last = above
    while last > 0 and text[last - 1] in _BLANK:
        last -= 1
    return last > 0 and (text[last - 1].islower() or text[last - 1] == ",")


def _paragraph_end(text: str, end: int, ceiling: int) -> int | None:
    """The end of the paragraph after the one holding ``end`` (a page's number or footer between
    blank lines is part of a break), or None when it lies past ``ceiling`` (the text's length: its
    end, when there is none)."""
    b = min(end, len(text))
    pos = min(b + 1, len(text))
    breaks = 0
    while breaks < 2:
        after = _PARAGRAPH_BREAK.search(text, pos, ceiling)
        if after is None or (ceiling < len(text) and after.end() >= ceiling):
            if ceiling < len(text):
                return None  # not found, or maybe cut short by the ceiling: only a longer look tells
            return len(text)
        b, pos = after.start(), after.end()
        if _PAGE_MARK_ALONE.match(text, pos) is None:
            breaks += 1
    return b


# How far after a place a definition read there may read on: its span runs to the next entry, at
# most 4,000 characters past its verb, which may stand lines below its term.
_READS_ON = 8192
# How far before a place a definition or citation read there may read back: a sentence's start
# (800 characters at most, and 400 more of a page break and 800 of the sentence's start before it,
# `longdoc.definitions._sentence_start`), a name on the line above a parenthesis.
_READS_BACK = 2048

# A quiet place: no quote for 1,024 characters before it (no quoted term, and no "means" read
# after one, runs over it; with no wide gap there, the words and spaces between a term and its
# verb cannot fill that much), no bracket for 512 (a defining parenthesis holds 400 at most), no
# "referred" for 256 ("referred to as the Licensed Software"); at a line's start, or with no line
# break for 128 characters before it (an entry of a list is read from its line's start); after a
# space and a word that ends in a letter, so that a word there starts a word and no clause's
# number stands before it (an entry run on after one is read from the number).
_QUIET_QUOTE = 1024
_QUIET_BRACKET = 512
_QUIET_REFERRED = 256
_QUIET_LINE = 128
_WIDE_GAP = re.compile(rb"[ \t\r\n\f\v]{48}")
_SPACE = frozenset(b" \t\r\n\f\v")


def _spoiled(view: bytes, c: int) -> tuple[int, int] | None:
    """None when ``c`` is a quiet place; else the first position before it that keeps it from
    being one, and the first place after it that leaves every such position far enough behind."""
    first, past = c, c
    for needle, width in ((b'"', _QUIET_QUOTE), (b"(", _QUIET_BRACKET), (b"referred", _QUIET_REFERRED)):
        lo = max(0, c - width)
        at = view.find(needle, lo, c)
        if at >= 0:
            first = min(first, at)
            past = max(past, view.rfind(needle, lo, c) + width + 1)
    for gap in _WIDE_GAP.finditer(view, max(0, c - _QUIET_QUOTE), c):
        first = min(first, gap.start())
        past = max(past, gap.start() + _QUIET_QUOTE + 1)
    if c > 0 and view[c - 1] != 0x0A:
        lo = max(0, c - _QUIET_LINE)
        word_end = lo + len(view[lo:c].rstrip(b" \t"))
        if view.rfind(b"\n", lo, c) >= 0 or view[c - 1] not in _SPACE:
            first, past = min(first, c - 1), max(past, c + 1)
        elif word_end > lo and not view[word_end - 1 : word_end].isalpha():
            # A clause's number, maybe ("1.2 Affiliate shall mean ...").
            first, past = min(first, word_end - 1), max(past, c + 1)
    return None if first == c else (first, past)


def _quiet_place(view: bytes, at: int, forward: bool) -> int | None:
    """The first quiet place at or after ``at`` (``forward``; the text's end is one), or the last
    at or before it (the text's start is one); None when there is none near."""
    c = at
    end = len(view) if forward else 0
    for _ in range(_QUIET_TRIES):
        if (c >= end) if forward else (c <= end):
            return end
        if abs(c - at) > _QUIET_SEARCH:
            return None
        spoiled = _spoiled(view, c)
        if spoiled is None:
            return c
        c = _on_to_place(view, spoiled[1]) if forward else _back_to_place(view, spoiled[0])
    return None


def _back_to_place(view: bytes, before: int) -> int:
    """The nearest candidate at or before ``before``: a line's start or a place after a space (or a
    place further back to try again from, past a run of characters without either)."""
    lo = max(0, before - _QUIET_LINE)
    line = view.rfind(b"\n", lo, before)
    if line >= 0:
        return line + 1
    return max(view.rfind(b" ", lo, before), view.rfind(b"\t", lo, before)) + 1 or lo


def _on_to_place(view: bytes, after: int) -> int:
    """The nearest candidate at or after ``after``: a line's start or a place after a space (or a
    place further on to try again from)."""
    hi = after + _QUIET_LINE
    line = view.find(b"\n", after - 1, hi)
    if line >= 0:
        return line + 1
    spaces = [at for at in (view.find(b" ", after - 1, hi), view.find(b"\t", after - 1, hi)) if at >= 0]
    return min(spaces) + 1 if spaces else min(hi, len(view))


# How far, and over how many places that are not, a quiet place is looked for; a text with none
# there (a bracket every few words) is read again by whole paragraphs.
_QUIET_SEARCH = 65_536
_QUIET_TRIES = 512
