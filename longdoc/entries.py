"""A new entry for a text's list of definitions: where a term's definition goes among the entries
of its definitions part, written as those entries are ('"Term" means [●].', '(c) "Term" shall
mean [●].' with the entries after it lettered on).

Pure functions over the text, its outline and its definitions; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition, definitions_parts
from .references import OutlinePart

__all__ = ["TextEdit", "definition_entry"]

PLACEHOLDER = "[\u25cf]"


class TextEdit(NamedTuple):
    """``text`` to write over ``[start, end)`` (an insertion where the two are equal)."""

    start: int
    end: int
    text: str


# What follows an entry's term up to its definition: the closing quote and the verb ('" means ',
# '" shall mean: ').
_CONNECTOR = re.compile(r"[\"'\u201d\u2019][ \t]*(?:shall[ \t]+)?means?[ \t]*[:,]?[ \t]*")
# What may stand before an entry's term on its line: indentation, maybe a letter ("(c)", "c."),
# and the opening quote; no number, which other clauses may cite.
_OPENING = re.compile(r"[ \t]*(?:\(?(?P<letter>[a-zA-Z])[.)][ \t]+)?[\"'\u201c\u2018]")
_SENTENCE_END = tuple(".;:!?)]\"'\u201d\u2019")


class _Entry(NamedTuple):
    term: str
    line_start: int
    opening: str  # the line up to the term
    letter: int  # where the entry's letter stands, or -1
    connector: str  # from the term to its definition, for an entry worded '"X" means'; else ""


def definition_entry(text: str, nodes: Sequence[OutlinePart], definitions: Sequence[Definition],
                     term: str) -> list[TextEdit]:
    """The edits that define ``term`` in the first definitions part whose entries each open a line
    with a quoted term, unlabelled or lettered ("(a)", "(b)" ...: the part's lines so lettered run
    from "a" with no gap), one at least worded '"X" means': an entry before the first that sorts
    after ``term`` when they are in alphabetical order, else after the last entry's paragraph;
    indented, lettered and quoted as its neighbour, worded as the nearest '"X" means' entry, its
    definition "[●]"; the lettered lines after it lettered on. [] when ``term`` is already defined,
    no such list stands or the letters would pass "z"."""
    term = " ".join(term.split())
    if not term or any(d.term == term for d in definitions):
        return []
    for part in definitions_parts(nodes):
        entries = _entries(text, [d for d in definitions if part.heading_end <= d.start < part.end])
        if len(entries) >= 2 and any(e.connector for e in entries):
            letters = _letters(text, entries, part.heading_end, part.end)
            if letters is not None:
                break
    else:
        return []
    # Entries parted by a blank line are parted so again.
    gap = "\n\n" if text.count("\n", entries[0].line_start, entries[1].line_start) > 1 else "\n"
    keys = [e.term.casefold() for e in entries]
    at = next((i for i, key in enumerate(keys) if key > term.casefold()), None) if keys == sorted(keys) else None
    place = len(entries) if at is None else at
    worded = min((abs(i - place), e.connector) for i, e in enumerate(entries) if e.connector)[1]
    if at is None:
        offset = _paragraph_end(text, entries[-1].line_start, part.end, gap)
        model, lead, trail = entries[-1], gap, ""
    else:
        offset = entries[at].line_start
        model, lead, trail = entries[at], "", gap
    opening = model.opening
    later = [p for p in letters if p >= offset]
    if model.letter >= 0:
        # The new entry takes the letter of the line it comes before, or the one after the last.
        letter = text[later[0]] if later else chr(ord(text[letters[-1]]) + 1)
        opening = opening[: model.letter - model.line_start] + letter + opening[model.letter - model.line_start + 1 :]
    edits = [TextEdit(offset, offset, f"{lead}{opening}{term}{worded}{PLACEHOLDER}.{trail}")]
    return edits + [TextEdit(p, p + 1, chr(ord(text[p]) + 1)) for p in later]


def _entries(text: str, definitions: Sequence[Definition]) -> list[_Entry]:
    out = []
    for d in definitions:
        line_start = text.rfind("\n", 0, d.term_start) + 1
        opening = _OPENING.fullmatch(text, line_start, d.term_start)
        if opening is None:
            continue  # not a quoted term opening its line
        connector = _CONNECTOR.match(text, d.term_end) if d.kind == "means" else None
        letter = opening.start("letter")
        out.append(_Entry(d.term, line_start, opening.group(), letter, connector.group() if connector else ""))
    return out


def _letters(text: str, entries: list[_Entry], start: int, stop: int) -> list[int] | None:
    """Where the letters stand of the lines in [start, stop) lettered as the entries are ("(c) ..."
    opening a line): [] for unlettered entries; None where the entries are lettered otherwise, or
    those lines are not lettered from "a" with no gap to a letter before "z"."""
    if all(e.letter < 0 for e in entries):
        return []
    first = entries[0]
    if first.letter < 0:
        return None
    at = first.letter - first.line_start
    before, after = first.opening[:at].lstrip(" \t"), first.opening[at + 1 :].split()[0]  # "(" and ")"
    pattern = re.compile(r"^[ \t]*" + re.escape(before) + r"([a-zA-Z])" + re.escape(after) + r"[ \t]", re.M)
    found = [m.start(1) for m in pattern.finditer(text, start, stop)]
    letters = "".join(text[at] for at in found)
    origin = "a" if letters[:1].islower() else "A"
    if letters != "".join(chr(ord(origin) + i) for i in range(len(letters))) or letters[-1:] in ("z", "Z", ""):
        return None
    return found if {e.letter for e in entries} <= set(found) else None


def _paragraph_end(text: str, start: int, stop: int, gap: str) -> int:
    """Where the paragraph from ``start`` ends (at ``stop`` at the latest): at the first ``gap``
    after a sentence's end. What follows the last entry in its part is no entry (a rule of
    interpretation, a list of exhibits), and a page break may cut a definition ("business methods,
    \n\n6\n\n customer lists ...")."""
    at = start
    while True:
        end = text.find(gap, at, stop)
        if end < 0:
            return stop
        last = end
        while last > start and text[last - 1].isspace():
            last -= 1
        if text[last - 1 : last] in _SENTENCE_END:
            return end
        at = end + len(gap)
