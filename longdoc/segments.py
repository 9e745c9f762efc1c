"""Lines and segments of a text, as heading recognition reads them: a line is cut where a heading
may open in its middle (after a wide gap, or after a sentence end that a clause number follows:
"... within 30 days. 2.1 Payment"), and a line of a box drawn in asterisks is read without its
border.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from operator import itemgetter
from typing import Iterator

from .contents import LINE_REACH
from .numerals import NUMBER_WORD_PATTERN
from .titles import BRAND_WORD, RUN_IN_TITLE_WORDS, TITLE_LIMIT, caps_run, runs_into_sentence


# Line breaks as str.splitlines() knows them: a form feed or vertical tab also starts a new line
# for heading purposes (PDF extractions put a heading right after the page's form feed).
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
LINE_BREAK_RE = re.compile(f"[{LINE_BREAKS}]")


def line_spans(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """(line start, line end without its break) for each line of ``text[start:end]``."""
    end = len(text) if end is None else end
    pos = start
    for line in text[start:end].splitlines(keepends=True):
        stripped = line.rstrip(LINE_BREAKS)
        yield pos, pos + len(stripped)
        pos += len(line)


WRAPPED_LINE = 200  # no hard-wrapped line is longer


# Inside a physical line, PDF extraction leaves a run of spaces where a line break was, and
# run-on clauses start right after a sentence end: both may begin a heading mid-line.
# Two patterns with literal-ish prefixes: the regex engine scans for those far faster than for an
# alternation that starts with a look-behind.
# A gap is a whole run of spaces; group 1 is set when a heading may start after it. The optional
# group makes every run match once from its first space instead of failing at each of its spaces.
# An item of a filing or of a translated contract may be numbered in words ("Item Four Starting Date").
_GAP_RE = re.compile(
    r"   +(?=(ARTICLE|Article|SECTION|Section|§|(?:ITEM|Item)[ \t]+(?:[0-9]{1,3}|[IVX]{1,6}|" + NUMBER_WORD_PATTERN + r")\b|[0-9]{1,3}(?:\.[0-9]{1,3})*[.)]?[ \t]+[A-Z\"“(]|[IVX]{1,6}\.[ \t]+[A-Z](?:[A-Z]|[a-z'’&/-]*[,;]?(?:[ \t][A-Za-z'’&/-]+[,;]?){0,7}[ \t]{3}))?)"
)
# A run-on break is the space after ".", ";" or ":": one pattern per mark, each found by a fast
# literal scan (a character class is scanned for one character at a time). A clause number ("5.2")
# may follow; a single number ("7.") only with an ALL-CAPS title
# ("7. CONFIDENTIAL INFORMATION."), which group 2 marks for that check: "... within 30 days. 2. Buyer
# shall" is a numbered sentence.
# After a period (not the one of a list number: "1. Section 27.1 of the Agreement is deleted"; group
# 3 marks the keyword for that check), "ARTICLE 14 - BANKING" and "Section 1.3 All activities" too;
# a list after ";" or ":" cites them, but for an article titled in capitals, or in brackets before
# a sentence, after ":" ("... for mutual compliance: Article I [Purpose of Contracting] The Parties").
# After "." or ":", a number with no period and a title in capitals opens an article when its first
# clause or the line's end follows the title ("... agree as follows: 1 GRANT 1.1 Rights and
# Obligations. We grant", "... other expenses. 7 PURCHASE OF PRODUCTS AND SERVICES"): group "bare"
# marks the number for that check.
_RUN_ON_BREAK_RES = tuple(
    re.compile(
        re.escape(mark) + r"[\"”]?( )(?=[0-9]{1,3}\.(?:[0-9]{1,3}(?:\.[0-9]{1,3}){0,2}\.?[ \t]+(?:[A-Z]|" + BRAND_WORD + r")|[ \t]+([A-Z][A-Za-z]))"
        + (r"|(ARTICLE|Article|SECTION|Section)[ \t]+[0-9IVX][0-9IVX.]*(?:[ \t\-–—:]+[A-Z\"“\[]|[ \t]*[\r\n])" if mark == "."
           else r"|(ARTICLE(?=[ \t]+[0-9IVX][0-9IVX.]*[ \t\-–—:]+[A-Z][A-Z])|(?:ARTICLE|Article)(?=[ \t]+[0-9IVX]+[ \t]+\[[A-Z][^\]\r\n]{0,80}\][ \t]*(?:[A-Z\"“(]|[\r\n]|$)))"
           if mark == ":" else "")
        + (r"|(?P<bare>[0-9]{1,2})[ \t]+[A-Z][A-Z]" if mark in ".:" else "")
        + ")"
    )
    for mark in ".;:"
)


_MIDLINE_AFTER = frozenset(".:;)]}\"”")


# A line of a box drawn in asterisks ("*  6. Disclaimer of Warranty        *"), group 1 its text: the
# border stands apart from the text by two spaces or more ("* 7. Fees are due. *" is no box).
_BOX_OPEN_RE = re.compile(r"\*(?:  |\t)")
_BOX_LINE_RE = re.compile(r"\*(?:  |\t)[ \t]*(\S(?:.*\S)?)(?:  |\t)[ \t]*\*[ \t]*")


def line_segments(text: str, start: int, end: int, markdown: bool) -> list[tuple[int, int, bool]]:
    """(start, end, starts a physical line) of each segment of the lines in text[start:end]; the
    line of a box drawn in asterisks is its text, border left out."""
    lines = list(line_spans(text, start, end))
    if markdown:
        return [(ls, le, True) for ls, le in lines]
    first = line_start_near(text, start)
    for opening in _BOX_OPEN_RE.finditer(text, first, end):
        at = opening.start()
        if at == first or text[at - 1] in LINE_BREAKS:
            i = max(0, bisect_right(lines, at, key=itemgetter(0)) - 1)
            lines[i] = _unboxed(text, *lines[i])
    breaks = [m.span() for m in _GAP_RE.finditer(text, start, end) if m.group(1) is not None]
    for pattern in _RUN_ON_BREAK_RES:
        breaks.extend(m.span(1) for m in pattern.finditer(text, start, end) if _is_run_on_break(text, m))
    breaks.sort()
    if not breaks:
        return [(ls, le, True) for ls, le in lines]
    out: list[tuple[int, int, bool]] = []
    b = 0
    nb = len(breaks)
    for ls, le in lines:
        while b < nb and breaks[b][0] < ls:
            b += 1
        if b == nb or breaks[b][0] >= le:
            out.append((ls, le, True))
            continue
        pos = ls
        first = True
        while b < nb and breaks[b][0] < le:
            bs, be = breaks[b]
            b += 1
            if not text[pos:bs].strip():
                continue  # indentation, not a break inside the line
            out.append((pos, bs, first))
            first = False
            pos = be
        out.append((pos, le, first))
    return out


def line_start_near(text: str, pos: int) -> int:
    """The start of the line holding ``pos`` when it lies within ``WRAPPED_LINE`` of it, else
    ``pos`` (a scan may start at a segment inside a line). A box drawn in text fits on a screen, and
    so does a hard-wrapped line: a longer line is neither."""
    lo = max(0, pos - WRAPPED_LINE)
    k = last_line_break(text, lo, pos)
    return k + 1 if k >= 0 else 0 if lo == 0 else pos


# Line breaks other than "\n", rare in real text: looked for only after the last "\n".
_RARE_BREAK_RE = re.compile("[" + LINE_BREAKS.replace("\n", "") + "]")


def last_line_break(text: str, lo: int, hi: int) -> int:
    """The position of the last line break in text[lo:hi], or -1 (found by C-speed searches, not a
    walk back through the characters)."""
    at = text.rfind("\n", lo, hi)
    rare = None
    for rare in _RARE_BREAK_RE.finditer(text, max(lo, at + 1), hi):
        pass
    return rare.start() if rare is not None else at


def _unboxed(text: str, ls: int, le: int) -> tuple[int, int]:
    line = line_start_near(text, ls) if ls > 0 and text[ls - 1] not in LINE_BREAKS else ls
    boxed = _BOX_LINE_RE.fullmatch(text, line, le) if text.startswith("*", line) and le - line <= WRAPPED_LINE else None
    return (max(ls, boxed.start(1)), boxed.end(1)) if boxed is not None else (ls, le)


# How far past a segment break its heading's shape is read to tell whether it is one.
_SHAPE_READ = 1000


def leans_on_previous(text: str, pos: int, changed_to: int, heading_end: int) -> bool:
    """Whether a heading at ``pos`` may stand or fall with an edit earlier on its line that ends at
    ``changed_to``: any within ``LINE_REACH`` of the edit, which the line's contents-row check reads,
    and one that may stand only because the heading before it (ending at ``heading_end``, -1 for
    none) does: run into it ("8.1" in "8. OWNERSHIP 8.1 Title") or in the segment before ("Section
    5.1" after "ARTICLE 5" and a gap)."""
    k = pos
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    if k == 0 or text[k - 1] in LINE_BREAKS:
        return False
    if pos - changed_to < LINE_REACH:
        return True
    if not 0 <= heading_end <= k:
        return False
    starts = [s for s, _, _ in line_segments(text, heading_end, pos + _SHAPE_READ, False)]
    if any(heading_end < s < pos for s in starts):
        return False  # a segment break between the two (a sentence or heading run on after a gap) parts them
    # One that opens its own segment after a sentence's end stands whatever comes before.
    return not (pos in starts and after_mark(text, pos))


def after_mark(text: str, pos: int) -> bool:
    """Whether a mark that may end a sentence or a run-in heading (``_MIDLINE_AFTER``) stands last
    before ``pos``, spaces aside: a heading may start there in the middle of a line."""
    return text[max(0, pos - 64) : pos].rstrip()[-1:] in _MIDLINE_AFTER


def _is_run_on_break(text: str, m: re.Match[str]) -> bool:
    """Whether a run-on break candidate of `_RUN_ON_BREAK_RES` passes its group's check."""
    if text[m.start()] == "." and _ends_abbreviation(text, m.start()):
        return False
    if m.start(2) >= 0:
        title = m.start(2)
        return (_caps_title_at(text, title) or _opens_its_first_clause(text, m.end(1), title)
                or runs_into_sentence(text, title))
    if "bare" in m.re.groupindex and m.start("bare") >= 0:
        return _caps_title_over_first_clause(text, m.start("bare"), m.end("bare"))
    if m.re.groups < 3 or m.start(3) < 0:
        return True
    return not _ends_list_number(text, m.start())


# Abbreviations that a number follows and that do not end a sentence: "License, v. 2.0. If a copy
# ..." names a version, "Amendment No. 2.1 to the Agreement" an instrument.
_BEFORE_NUMBER = frozenset("v vs ver rev no nos art arts sec secs sect para paras cf".split())


def _ends_abbreviation(text: str, pos: int) -> bool:
    """Whether the period at ``pos`` ends an abbreviation: one with inner periods ("17 U.S.C.
    Section") or a short lower-case word that a number follows ("v. 2.0", "No. 3.1")."""
    if pos >= 2 and text[pos - 2] == "." and text[pos - 1].isalpha():
        return True
    k = pos
    while k > 0 and pos - k < 4 and text[k - 1].isalpha():
        k -= 1
    word = text[k:pos]
    # In capitals it is a name or a numeral ("... filed with the SEC. SECTION 7", "Article V.").
    return (k == 0 or not text[k - 1].isalnum()) and not word.isupper() and word.casefold() in _BEFORE_NUMBER


def _ends_list_number(text: str, pos: int) -> bool:
    """Whether ``text[:pos]`` ends with a number that opens its line ("1" of "1. Section 27.1 ...")."""
    k = pos
    while k > 0 and text[k - 1].isdigit():
        k -= 1
    if k == pos:
        return False
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    return k == 0 or text[k - 1] in LINE_BREAKS


def _caps_title_at(text: str, pos: int) -> bool:
    """Whether a short ALL-CAPS title starts at ``pos`` and ends the way a title does: at a mark,
    the line's end or a capitalised word ("2. IBM proprietary software" is a sentence, and so is
    "4. TO THE MAXIMUM EXTENT PERMITTED BY LAW, IN NO EVENT ...")."""
    title = _caps_title_on_line(text, pos)
    return title is not None and not title[0][:1].islower()


def _caps_title_over_first_clause(text: str, number_at: int, number_end: int) -> bool:
    """Whether the number at ``number_at`` ("1" of "1 GRANT 1.1 Rights ...") has a short title in
    capitals that its first clause ("1.1") or the line's end follows."""
    title = _caps_title_on_line(text, number_end)
    if title is None:
        return False
    after, line_ends = title
    if not after:
        return line_ends
    return _first_clause_at(after, 0, text[number_at:number_end])


def _caps_title_on_line(text: str, pos: int) -> tuple[str, bool] | None:
    """For a short ALL-CAPS title at ``pos`` (spaces before it aside), what follows it on its line,
    spaces stripped, and whether a line break ends that line within reach; None for no such title."""
    rest = text[pos : pos + TITLE_LIMIT + 40]
    line = LINE_BREAK_RE.search(rest)
    rest = (rest if line is None else rest[: line.start()]).lstrip(" \t")
    end = caps_run(rest)
    if not end or len(rest[:end].split()) > RUN_IN_TITLE_WORDS:
        return None
    return rest[end:].lstrip(" \t"), line is not None


# A short title in capitalised words ("Sale Transaction", "Termination Without Notice", "Term of
# the Agreement"), and the spaces after it.
_TITLE_WORD = r"(?:[A-Z][\w'’&/-]*|of|and|the|for|to|in|on|with|by|or|a|an)"
# Its last word may end it with a period ("2. Grant of License. 2.1 T&B hereby grants ..."), and
# its first clause may open the next line ("... Term. 25. Termination." over "25.1 Termination for").
# (A few lines below at most: an edit's heading rules read again a bounded number of lines.)
_WORD_TITLE_RE = re.compile(rf"(?:{_TITLE_WORD}[ \t]+){{0,7}}{_TITLE_WORD}\.?(?:[ \t]*(?:\r?\n[ \t]*){{1,4}}|[ \t]+)")


def _opens_its_first_clause(text: str, number_at: int, title_at: int) -> bool:
    """Whether the single number at ``number_at`` ("9.") has a short title in capitalised words at
    ``title_at`` that runs straight into its first clause ("9. Sale Transaction 9.1. Exclusivity"):
    a heading, where "2. Buyer shall pay ..." is a numbered sentence."""
    title = _WORD_TITLE_RE.match(text, title_at)
    if title is None:
        return False
    return _first_clause_at(text, title.end(), text[number_at : text.index(".", number_at)])


def _first_clause_at(text: str, at: int, number: str) -> bool:
    """Whether the first clause under ``number`` ("9" -> "9.1" or "9.1.") opens at ``at``."""
    first = number + ".1"
    end = at + len(first)
    return text.startswith(first, at) and text[end : end + 1] in (".", " ", "\t")
