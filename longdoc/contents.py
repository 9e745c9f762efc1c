"""Table-of-contents entries, which are never headings: a title and a page number on a line
("1.1 Term ........ 4", "ARTICLE 5 INDEMNIFICATION 12"), or entries run into one line
("1.1 \"Actions\" 1 1.2 \"Affiliate\" 1 ...", "2 Section 1.1 ... 3 Section 1.2"), with or without
their page numbers ("11. TERMINATION   11.1 For Convenience   11.2 For Cause   11.3 ...").
"""

from __future__ import annotations

import re


# A number after an abbreviation's period ends a title, not a contents entry: "Amendment No. 2",
# "a server error, e.g. 500".
_NOT_ABBREVIATED = r"(?<!\b[Nn][Oo])(?<!\be\.g)"
# A table-of-contents entry: dot leaders (two at least, where a long title leaves room for no more:
# "Closes Connection ..50", or one after a word's last small letters: "Last-Modified Dates.89") or
# a wide gap before a page number, or several clause entries with page numbers run into one line.
_TOC_RE = re.compile(
    r"(?:\.{2,}|…{2,}|[ \t]{2,}|" + _NOT_ABBREVIATED + r"\.[ \t]+|(?<=[a-z]{3})\.)(?:Page[ \t]+)?[0-9]{1,3}(?:[ \t]+[ivxlc]{1,6})?[ \t]*\Z"
    r"|\bPage[ \t]+[0-9]+[ \t]*\Z"
)
# A clause's number and title in capitals with its page number one space after them, or none: "11.
# SERVICES TO BE PROVIDED TO THE JOINT VENTURE BY THE PARTIES 12", "2. LICENSE GRANT10", "ARTICLE I :
# DEFINITIONS1", "10. COVENANTS RELATING TO THE [***] AGREEMENT30" (a heading's title does not end in
# a number).
_TOC_CAPS_ENTRY_RE = re.compile(
    r"(?:[0-9]{1,2}(?:\.[0-9]{1,2})*\.?|ARTICLE[ \t]+[0-9IVXL]{1,6}\.?|SECTION[ \t]+[0-9.]{1,8})(?:[ \t]*[:\u2013-])?[ \t]+"
    r"[A-Z][A-Z ,;'’&/()\[\]*\-]*[A-Z)][ \t]?[0-9]{1,3}"
)
# A clause's keyword, number and title in words with its page number one space after them:
# "Section 3.1 Term 18", "Article II Representations and Warranties of the Parties 4", a filing's
# "Item 1A. Risk Factors 12"; two such entries may share a line ("Section 7.1 Aggregate Limit of
# Liability 22 Section 7.2 No Duplication of Claims 23"), and the last line of a page may end in the
# page's own number in Roman ("... 21 i").
_TOC_WORD_ENTRY = (
    r"(?:Section|SECTION|Article|ARTICLE|Item|ITEM)[ \t]+(?:[0-9]{1,3}[A-Z]?(?:\.[0-9]{1,3})*|[IVXL]{1,6})\.?[ \t]+"
    r"[A-Z][\w'’&/,;()-]*(?: (?:[A-Z][\w'’&/,;()-]*|of|and|the|for|to|in|on|with|by|or|a|an|from|under|upon|at|as)){0,11}"
    r" [0-9]{1,3}"
)
_TOC_WORD_ENTRY_RE = re.compile(_TOC_WORD_ENTRY + "(?: " + _TOC_WORD_ENTRY + ")?(?: [ivxlc]{1,6})?")
# Several clause entries run into one line ("1 Section 1.1 ... 3 Section 1.2 ..."), each entry's
# number at a word start (checked by hand: a leading \b would stop the regex's fast digit scan).
_TOC_RUN_WORDS = ("Section", "SECTION", "Article", "ARTICLE")
_TOC_RUN_RE = re.compile(r"[0-9]{1,3}[ \t]+(?:" + "|".join(_TOC_RUN_WORDS) + r")[ \t]+[0-9IVX]")
_DIGITS = frozenset("0123456789")
_TOC_LAST = _DIGITS | frozenset("ivxlc")
_NON_SPACE_RE = re.compile(r"\S")


# How far around a heading its line is read to tell a table of contents.
LINE_REACH = 4000


def is_contents_line(text: str, pos: int, known: dict[tuple[int, int], bool] | None = None) -> bool:
    """Whether the physical line around ``pos`` (at most ``LINE_REACH`` either side) is a
    table-of-contents entry; ``known`` keeps the verdicts on lines of ``text`` already judged (a
    line of clauses run on holds several headings)."""
    # Each break is looked for only as far as the nearest one found so far: "\r" and "\f" are rare.
    ls = max(0, pos - LINE_REACH)
    for ch in "\n\r\f":
        ls = text.rfind(ch, ls, pos) + 1 or ls
    le = min(len(text), pos + LINE_REACH)
    for ch in "\n\r\f":
        i = text.find(ch, pos, le)
        if i >= 0:
            le = i
    m = _NON_SPACE_RE.search(text, ls, le)
    if m is None:
        return False
    s = m.start()
    e = le
    while text[e - 1].isspace():
        e -= 1  # stops at s at the latest, a non-space
    if known is None:
        return _is_contents(text, s, e)
    verdict = known.get((s, e))
    if verdict is None:
        verdict = known[s, e] = _is_contents(text, s, e)
    return verdict


def _is_contents(text: str, s: int, e: int) -> bool:
    """Whether text[s:e], a line without its surrounding whitespace, is a table-of-contents entry."""
    # The line is searched in place: before s lies whitespace or nothing, as before a copy. Every
    # entry ends in a page number, arabic or roman.
    return (
        e - s <= 160 and text[e - 1] in _TOC_LAST
        and (_TOC_RE.search(text, s, e) is not None or _TOC_CAPS_ENTRY_RE.fullmatch(text, s, e) is not None
             or _TOC_WORD_ENTRY_RE.fullmatch(text, s, e) is not None)
    ) or _has_toc_runs(text, s, min(e, s + 2000)) or _has_page_runs(text, s, min(e, s + _PAGE_RUN_REACH)) or (
        text[s] in _DIGITS and _TITLE_RUN_RE.match(text, s, min(e, s + _TITLE_RUN_REACH)) is not None
    )


# Contents entries without page numbers run into one line, each a clause number and a title with
# no clause after it: "11. TERMINATION      11.1 For Convenience      11.2 For Cause  11.3 ...". A
# line of clauses run on gives the first of them a sentence ("11.1 For Convenience. Either party").
_TITLE_WORD = r"(?:[A-Z][\w'’&/,;:-]*|of|and|the|for|to|in|on|with|by|or|an?|from|under|upon|at|as)"
_TITLE_ENTRY = r"[0-9]{1,2}(?:\.[0-9]{1,2}){0,3}\.?[ \t]+" + _TITLE_WORD + r"(?:[ \t]" + _TITLE_WORD + r"){0,11}"
_TITLE_RUN_RE = re.compile(_TITLE_ENTRY + r"(?:[ \t]+" + _TITLE_ENTRY + r"){3}")
_TITLE_RUN_REACH = 1200


def _numbered_words(text: str, start: int, end: int) -> int:
    """How many of the entry words in ``text[start:end]`` follow a digit and spaces (at most 2)."""
    found = 0
    for word in _TOC_RUN_WORDS:
        i = text.find(word, start, end)
        while i >= 0:
            j = i
            while j > start and text[j - 1] in " \t":
                j -= 1
            if start < j < i and text[j - 1] in _DIGITS:
                found += 1
                if found == 2:
                    return found
            i = text.find(word, i + 1, end)
    return found


# Contents entries run into one line, each page number followed by the next entry's clause number:
# '1.1 "Actions" 1 1.2 "Affiliate" 1 1.3 "Astellas Indemnitees" 1 ...'.
# The page number's first digit leads (with the space before it looked behind at): digits are far
# rarer than spaces, and the regex engine skips to each candidate's first character.
_PAGE_THEN_CLAUSE_RE = re.compile(r"[0-9](?<=[ \t][0-9])[0-9]{0,2}[ \t]+[0-9]{1,2}\.[0-9]{1,2}\.?[ \t]")
_PAGE_RUN_REACH = 300


def _has_page_runs(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds two page numbers each followed by a clause number."""
    first = _PAGE_THEN_CLAUSE_RE.search(text, start, end)
    return first is not None and _PAGE_THEN_CLAUSE_RE.search(text, first.end() - 1, end) is not None


def _has_toc_runs(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (``start`` at a word start) holds two clause entries."""
    if _numbered_words(text, start, end) < 2:
        return False  # each entry holds one of the words after its number
    found = 0
    pos = start
    while (m := _TOC_RUN_RE.search(text, pos, end)) is not None:
        p = m.start()
        if p > start and (text[p - 1].isalnum() or text[p - 1] == "_"):
            pos = p + 1  # inside a longer number or word: not an entry's number
            continue
        found += 1
        if found == 2:
            return True
        pos = m.end()
    return False
