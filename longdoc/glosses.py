"""What a citation leads to, said beside it: the title of the clause that "Section 11" cites
("Confidentiality"), so that a reader need not go and look.

Pure functions over the text, its outline and its resolved citations; offsets are `str` offsets.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import NamedTuple

from .references import ANCHOR, OutlinePart, Reference
from .titles import TITLE_SMALL_WORDS, after_label, is_short_title, shortened

__all__ = ["Gloss", "glosses"]


class Gloss(NamedTuple):
    """The title of outline node ``target``, to be shown at ``offset``, the end of a citation of it.

    ``within`` is True when the citation names a part inside that node ("Section 5.2(a)", or
    "Section 4.7.21" where that clause has no heading of its own): the title is of what holds it.
    """

    offset: int
    title: str
    target: int
    within: bool


# A gloss longer than this is cut at a word: it shares the line with the text.
_LIMIT = 60
# The most words of a title that must follow a citation for the text to be taken as writing it.
_COMPARED = 4
_WORD = re.compile(r"\w+")


def glosses(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
            start: int = 0, end: int | None = None) -> list[Gloss]:
    """A gloss for each resolved citation that starts within ``[start, end)``, in text order: the title
    of the clause it leads to, where that clause has a short title of words ("Term", not a run-in
    sentence nor "EXHIBIT A"), the text does not write it just after the citation ("Section 11
    (Confidentiality)") and no bracket follows it at once ("Section 9.02(", a part being written).
    ``references`` are ordered by start, as `LongDocument.references` are."""
    stop = len(text) if end is None else end
    out: list[Gloss] = []
    first = bisect.bisect_left(references, start, key=_start)
    for i in range(first, len(references)):
        ref = references[i]
        if ref.start >= stop:
            break
        if ref.target is None or ref.kind == ANCHOR:  # a link's text says where it leads
            continue
        node = nodes[ref.target]
        title = _gloss_title(node)
        # A bracket right after the citation opens a part of it being written ("Section 9.02("): the
        # title would stand between the number and the part.
        if title is None or text.startswith("(", ref.end) or _written_after(text, ref.end, title):
            continue
        out.append(Gloss(ref.end, title, ref.target, not ref.exact or ref.part != ""))
    return out


def _start(ref: Reference) -> int:
    return ref.start


def _gloss_title(node: OutlinePart) -> str | None:
    """The node's title without its number, or None where that is not a short title of words: a
    bare number ("EXHIBIT A"), a sentence the clause opens with, or the words after an attachment's
    label that name what it is attached to ("EXHIBIT A TO SERVICES AGREEMENT")."""
    title = after_label(node.title, node.label or "")
    words = title.split()
    if not words or not any(c.isalpha() for c in title) or not is_short_title(title, 12):
        return None
    if words[0].casefold() in TITLE_SMALL_WORDS:
        return None
    return shortened(title, _LIMIT)


def _written_after(text: str, at: int, title: str) -> bool:
    """Whether the words after ``at`` open with the title's first words, in any case and marks
    ("Section 9.03 [Notices]", "Section 11 (Confidentiality)", a contents line "Article IV
    Management of the Company 8")."""
    wanted = [w.casefold() for w in _WORD.findall(title)[:_COMPARED]]
    if not wanted:
        return False
    reach = sum(len(w) for w in wanted) + 6 * len(wanted) + 6
    found = [w.casefold() for w in _WORD.findall(text, at, at + reach)[: len(wanted)]]
    return found == wanted
