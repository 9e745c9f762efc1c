"""A new entry for a text's list of definitions: where a term's definition goes among the entries
of its definitions part, written as those entries are ('"Term" means [●].').

Pure functions over the text, its outline and its definitions; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition, definitions_parts
from .references import OutlinePart

__all__ = ["Insertion", "definition_entry"]

PLACEHOLDER = "[\u25cf]"


class Insertion(NamedTuple):
    """``text`` to insert at ``offset``."""

    offset: int
    text: str


# What follows an entry's term up to its definition: the closing quote and the verb ('" means ',
# '" shall mean: ').
_CONNECTOR = re.compile(r"[\"'\u201d\u2019][ \t]*(?:shall[ \t]+)?means?[ \t]*[:,]?[ \t]*")
# What may stand before an entry's term on its line: indentation and the opening quote, no number.
_OPENING = re.compile(r"[ \t]*[\"'\u201c\u2018]\Z")


_SENTENCE_END = tuple(".;:!?)]\"'\u201d\u2019")


class _Entry(NamedTuple):
    term: str
    line_start: int
    opening: str  # the line up to the term
    connector: str  # from the term to its definition, for an entry worded '"X" means'; else ""


def definition_entry(text: str, nodes: Sequence[OutlinePart], definitions: Sequence[Definition],
                     term: str) -> Insertion | None:
    """An entry defining ``term`` in the first definitions part whose entries each open a line
    with a quoted term and carry no number, one at least worded '"X" means': before the first
    entry that sorts after ``term`` when the entries are in alphabetical order, else after the last
    entry's paragraph; indented, quoted and worded as the nearest such entry, its definition "[●]".
    None when ``term`` is already defined or no such list stands."""
    term = " ".join(term.split())
    if not term or any(d.term == term for d in definitions):
        return None
    for part in definitions_parts(nodes):
        entries = _entries(text, [d for d in definitions if part.heading_end <= d.start < part.end])
        if len(entries) >= 2 and any(e.connector for e in entries):
            break
    else:
        return None
    # Entries parted by a blank line are parted so again.
    gap = "\n\n" if text.count("\n", entries[0].line_start, entries[1].line_start) > 1 else "\n"
    keys = [e.term.casefold() for e in entries]
    after = next((i for i, key in enumerate(keys) if key > term.casefold()), None) if keys == sorted(keys) else None
    if after is not None:
        model = _worded(entries, after)
        return Insertion(entries[after].line_start, f"{model.opening}{term}{model.connector}{PLACEHOLDER}.{gap}")
    model = _worded(entries, len(entries) - 1)
    return Insertion(_paragraph_end(text, entries[-1].line_start, part.end, gap),
                     f"{gap}{model.opening}{term}{model.connector}{PLACEHOLDER}.")


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


def _entries(text: str, definitions: Sequence[Definition]) -> list[_Entry]:
    out = []
    for d in definitions:
        line_start = text.rfind("\n", 0, d.term_start) + 1
        opening = text[line_start : d.term_start]
        if d.start != line_start + len(opening) - 1 or _OPENING.fullmatch(opening) is None:
            continue  # not a quoted term opening its line
        connector = _CONNECTOR.match(text, d.term_end) if d.kind == "means" else None
        out.append(_Entry(d.term, line_start, opening, connector.group() if connector else ""))
    return out


def _worded(entries: list[_Entry], i: int) -> _Entry:
    """The entry worded '"X" means' nearest to entries[i], the first of two as near."""
    return min((e for e in entries if e.connector), key=lambda e: abs(entries.index(e) - i))
