"""The text as heading recognition reads it: where a fixed-width wrap broke a paragraph's line right
after a clause's number ("... access thereto. 5.3" over "Materials Galaxy shall ..."), or inside the
title of a clause that its first subclause follows ("... Agreement. 9. Intellectual" over "Property
9.1 Reseller ..."), the line break reads as a space, so that the clause opens mid-line as it does in
the text unwrapped.

The view has the text's length and offsets: each such line break (and a carriage return before it)
is a space, and no other character differs. With no such break it is the text itself.
"""

from __future__ import annotations

import re

from .segments import WRAPPED_LINE

__all__ = ["unwrapped", "rewrapped", "wrapped_line_start", "UNWRAP_REACH"]

# A line break after a clause's number or its keyword (a digit or a period: "5.3", "7.", "IV.";
# "ARTICLE" / "Section" whose number opens the next line), before a title or a number. Found by a
# literal scan for the line break (a pattern that opens with a class or a look-behind is tried at
# every character).
_CANDIDATE_RE = re.compile(
    r"\n(?=[ \t]*[A-Z0-9\"“])(?:(?<=[0-9.]\n)|(?<=[0-9.]\r\n)|(?<=ARTICLE\n)|(?<=Article\n)|(?<=SECTION\n)|(?<=Section\n)"
    r"|(?<=ARTICLE\r\n)|(?<=Article\r\n)|(?<=SECTION\r\n)|(?<=Section\r\n))"
)
_KEYWORD = r"(?:ARTICLE|Article|SECTION|Section)"
# The end of the line before such a break: a sentence's end, one to three spaces, then a clause's
# label ("5.3", "7.", "IV.", "Section 5.3", "ARTICLE VI"), or its keyword alone ("ARTICLE"); not a
# contents entry's dot leader and page number (". . . . 109").
_TAIL_RE = re.compile(
    r"(?:(?:(?<![ \t.])\.|[:;)\]\"”])[ \t]{1,3}|[ \t]{3})(?:(?P<label>(?:" + _KEYWORD + r"[ \t]+|§[ \t]*)?(?:[0-9]{1,3}(?:\.[0-9]{1,3})*\.?"
    r"|[IVXLC]{1,7}\.)|" + _KEYWORD + r"[ \t]+[IVXLC]{1,7})|" + _KEYWORD + r")\r?\Z"
)
_TAIL_READ = 40  # characters before the break that the tail is looked for in
# What opens the line after: a title's first letter or quote after a label, a number after a keyword.
_TITLE_OPENS_RE = re.compile(r"[ \t]*[A-Z\"“]")
_NUMBER_OPENS_RE = re.compile(r"[ \t]*(?:[0-9]{1,3}|[IVXLC]{1,7})\b")
_BLANK_RE = re.compile(r"[ \t]*(?:\r?\n|\Z)")
# A wrapped paragraph's lines are long: a short line ends where its writer broke it (a citation's
# "... 603 C.M.R. 23.00." over a title, "B. TERMS OF AGREEMENT", and its first clause).
_WRAPPED_LINE_LEAST = 40
# No wrapped line is longer than `segments.WRAPPED_LINE`, so a break's standing is read from its
# line, the next and the start of the one after that: no further than this either side.
UNWRAP_REACH = 2 * WRAPPED_LINE + 8

# A clause's first subclause ("9.1 Reseller", "4.01. Term"), found by a literal scan for its period;
# the number before it is read backwards.
_FIRST_CHILD_RE = re.compile(r"\.0?1\.?[ \t]+[A-Z]")
# The words of a title that a wrap carried over to the line of its first subclause (one to five).
_CARRIED_TITLE_RE = re.compile(r"[ \t]*[A-Za-z&'’-]+,?(?:[ \t]+[A-Za-z&'’-]+,?){0,4}[ \t]+")
_CARRIED_READ = 64  # characters before the subclause's number that its line's start is looked for in
# The end of the line above: the clause's number after a sentence's end or a wide gap, maybe after
# its keyword, and the first words of its title.
_TITLE_OPENS_TAIL_RE = re.compile(
    r"(?:[.:;][ \t]+|[ \t]{3})(?:" + _KEYWORD + r"[ \t]+)?([0-9]{1,3})\.?[ \t]+[A-Z][A-Za-z&,'’-]*"
    r"(?:[ \t]+[A-Za-z&,'’-]+){0,5}[ \t]*\r?\Z"
)
_TITLE_TAIL_READ = 80
# The end of a line that holds a clause's number, its title (capitalised words and the small ones
# that join them) and its first subclause's number.
_PARENT_TITLE_TAIL_RE = re.compile(
    r"(?P<parent>[0-9]{1,3}(?:\.[0-9]{1,3}){0,2})\.?[ \t]+(?:(?:[A-Z][A-Za-z&,'’-]*|and|or|of|the|to|for|in|on),?[ \t]+){1,8}"
    r"(?P<label>[0-9]{1,3}(?:\.[0-9]{1,3}){1,3})\.?\r?\Z"
)
_PARENT_TAIL_READ = 120


def unwrapped(text: str) -> str:
    """The text with each line break that a wrap put after a clause's number made a space (the text
    itself when there is none)."""
    breaks = _breaks(text, 0, len(text))
    return _spaced(text, 0, len(text), breaks) if breaks else text


def rewrapped(old_text: str, old_view: str, text: str, start: int, old_end: int, new_end: int) -> str:
    """The view of ``text``, which is ``old_text`` (whose view is ``old_view``) with
    ``old_text[start:old_end]`` replaced by ``text[start:new_end]``: equal to ``unwrapped(text)``."""
    a = max(0, start - UNWRAP_REACH)
    b = min(len(text), new_end + UNWRAP_REACH)
    if text[b - 1 : b + 1] == "\r\n":  # a break's carriage return is made a space with it
        b += 1
    breaks = _breaks(text, a, b)
    if old_view is old_text and not breaks:
        return text
    # Breaks further than the reach from the edit read what they read before it.
    view = "".join((old_view[:a], _spaced(text, a, b, breaks), old_view[b - new_end + old_end :]))
    return text if not breaks and view == text else view


def _breaks(text: str, start: int, end: int) -> list[int]:
    """The line breaks in ``text[start:end]`` that a wrap put after a clause's number or inside the
    title of a clause over its first subclause: the ones the view reads as spaces."""
    # A candidate looks past its break: at the end of the stretch, as far as `_rejoins` reads.
    candidates = _CANDIDATE_RE.finditer(text, start, min(len(text), end + WRAPPED_LINE + 2))
    after_number = [p for m in candidates if (p := m.start()) < end and _rejoins(text, p)]
    in_title = [p for m in _FIRST_CHILD_RE.finditer(text, start, min(len(text), end + _CARRIED_READ))
                if start <= (p := _title_break(text, m.start())) < end]
    return sorted({*after_number, *in_title}) if in_title else after_number


def _title_break(text: str, dot: int) -> int:
    """The line break inside the title of the clause whose first subclause's number ends at ``dot``
    ("... Agreement. 9. Intellectual" over "Property 9.1 Reseller ..."), or -1."""
    k = dot
    while k > 0 and text[k - 1].isdigit():
        k -= 1
    if not 1 <= dot - k <= 3 or k == 0 or text[k - 1] not in " \t":
        return -1
    p = text.rfind("\n", max(0, k - _CARRIED_READ), k)
    if p < 0 or _CARRIED_TITLE_RE.fullmatch(text, p + 1, k) is None:
        return -1
    ls = wrapped_line_start(text, p)
    if ls < 0:
        return -1
    tail = _TITLE_OPENS_TAIL_RE.search(text, max(ls, p - _TITLE_TAIL_READ), p)
    return p if tail is not None and tail.group(1) == text[k:dot] else -1


def _spaced(text: str, start: int, end: int, breaks: list[int]) -> str:
    """``text[start:end]`` with the ``breaks`` in it made spaces (a carriage return before one too,
    unless it lies before ``start``)."""
    pieces = []
    pos = start
    for p in breaks:
        cut = p - 1 if p > pos and text[p - 1] == "\r" else p
        pieces.append(text[pos:cut])
        pieces.append(" " * (p + 1 - cut))
        pos = p + 1
    pieces.append(text[pos:end])
    return "".join(pieces)


def wrapped_line_start(text: str | bytes, p: int) -> int:
    """The start of the line of ``text`` (or of its byte view) that ends at ``p`` when it may be a
    wrapped paragraph's line, or -1: a line longer than any wrapped one, or a short line."""
    ls = text.rfind("\n" if isinstance(text, str) else b"\n", max(0, p - WRAPPED_LINE - 1), p) + 1
    return -1 if ls == 0 and p > WRAPPED_LINE or p - ls < _WRAPPED_LINE_LEAST else ls


def _under_parents_title(text: str, ls: int, p: int) -> bool:
    """Whether the line ``[ls, p)`` ends in a clause's first subclause number after the clause's own
    number and title ("... trainees. 6. OPERATIONS 6.1.", "9.1 Pizza Fusion Marketing Fund 9.1.1.")."""
    tail = _PARENT_TITLE_TAIL_RE.search(text, max(ls, p - _PARENT_TAIL_READ), p)
    if tail is None or tail.group("label").rpartition(".")[0] != tail.group("parent"):
        return False
    # The clause's number opens the line, or follows a wide gap, a sentence's end or its own
    # parent's title in capitals ("9. ADVERTISING 9.1 Pizza Fusion Marketing Fund 9.1.1.").
    before = text[max(ls, tail.start() - 3) : tail.start()]
    return not before.strip() or len(before) >= 2 and before[-1] in " \t" and (
        before[-2] in ".:;)]\"”" or "A" <= before[-2] <= "Z")


def _rejoins(text: str, p: int) -> bool:
    """Whether the line break at ``p`` is one that a wrap put after a clause's number."""
    ls = wrapped_line_start(text, p)
    if ls < 0:
        return False
    tail = _TAIL_RE.search(text, max(ls, p - _TAIL_READ), p)
    if tail is not None:
        titled = tail.group("label") is not None
    elif _under_parents_title(text, ls, p):
        titled = True
    else:
        return False
    nxt = p + 1
    ne = text.find("\n", nxt, nxt + WRAPPED_LINE + 1)
    if ne < 0:
        if len(text) - nxt > WRAPPED_LINE:
            return False
        ne = len(text)
    opens = _TITLE_OPENS_RE if titled else _NUMBER_OPENS_RE
    if not opens.match(text, nxt, ne):
        return False
    # The next line is a wrapped one too, or the paragraph's last.
    return ne - nxt >= _WRAPPED_LINE_LEAST or ne == len(text) or _BLANK_RE.match(text, ne + 1, ne + 1 + WRAPPED_LINE) is not None
