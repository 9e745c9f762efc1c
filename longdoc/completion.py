"""What a drafter may be writing at a place: a defined term whose first words are typed, or the
number of a clause after a word that cites one ("Section 5" -> "5.2").

Pure functions over the text, its outline and its definitions; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition
from .references import LabelIndex, OutlinePart, cited_by_label
from .titles import after_label, shortened

__all__ = ["Completion", "completions"]


class Completion(NamedTuple):
    """Text to write at a place; it replaces ``[start, end)``, the part of it already typed.

    ``kind`` is "term" (a defined term; ``target`` is where its first definition names it) or
    "clause" (a clause's number; ``target`` is the outline node's index). ``detail`` says what it
    is: the definition's first words, or the clause's title after its number.
    """

    text: str
    kind: str
    detail: str
    start: int
    end: int
    target: int


# A citing word and the number typed after it, up to the place: "Section 5.", "Exhibit ", "§ 4".
_CITING = re.compile(
    r"(?:(?<![\w-])(?P<word>(?i:sections?|articles?|clauses?|paragraphs?|exhibits?|schedules?|annex(?:es)?"
    r"|appendix|appendices|attachments?))[ \t]+|§§?[ \t]*)(?P<typed>[0-9A-Za-z][0-9A-Za-z.]*)?\Z"
)
_KIND = {"appendices": "appendix", "annexes": "annex"}
# How far back on its line a term being typed may start: its first words, at most this many.
_TYPED_WORDS = 6
_TYPED_REACH = 120
_WORD_START = re.compile(r"(?<![\w&'-])[\w&'-]")
_DETAIL = 80


def completions(text: str, nodes: Sequence[OutlinePart], definitions: Sequence[Definition],
                offset: int) -> list[Completion]:
    """What may be written at ``offset``: after a citing word, the numbers of the clauses (or
    attachments) of its kind that such a citation resolves to, in text order; else the defined
    terms whose start the words typed before ``offset`` write, from a capital ("Confidential In"),
    by name. [] when neither is being written. ValueError for an offset outside the text."""
    if not 0 <= offset <= len(text):
        raise ValueError(f"offset {offset} is outside the text (0..{len(text)})")
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[max(line_start, offset - _TYPED_REACH) : offset]
    citing = _CITING.search(before)
    if citing is not None:
        return _clauses(nodes, citing, offset)
    return _terms(text, definitions, before, offset)


def _clauses(nodes: Sequence[OutlinePart], citing: re.Match[str], offset: int) -> list[Completion]:
    word = (citing.group("word") or "section").casefold()
    kind = _KIND.get(word, word[:-1] if word.endswith("s") else word)
    typed = citing.group("typed") or ""
    index = LabelIndex(nodes)
    out = []
    for node in nodes:
        number = cited_by_label(node.label or "", node.title, kind)
        if number is None or not number.casefold().startswith(typed.casefold()):
            continue
        # Offered only where writing it cites this node: a label given twice cites the first.
        if index.resolve(kind, number)[0] == node.index:
            out.append(Completion(number, "clause", _title(node), offset - len(typed), offset, node.index))
    return out


def _terms(text: str, definitions: Sequence[Definition], before: str, offset: int) -> list[Completion]:
    # The words typed from each of the last few word starts that is a capital, farthest first; the
    # terms offered are those that the most words typed open ("Confidential In" offers
    # "Confidential Information", not every term that opens with "In").
    ending = " " if before[-1:].isspace() else ""
    typed = [(len(before) - m.start(), " ".join(before[m.start() :].split()).casefold() + ending)
             for m in list(_WORD_START.finditer(before))[-_TYPED_WORDS:] if before[m.start()].isupper()]
    if not typed:
        return []
    first: dict[str, Definition] = {}
    for d in definitions:
        first.setdefault(d.term, d)
    folded = sorted((term.casefold(), term) for term in first)
    for back, words in typed:
        found = [term for key, term in folded if key.startswith(words)]
        if found:
            return [Completion(term, "term", _gist(text, first[term]), offset - back, offset, first[term].term_start)
                    for term in sorted(found)]
    return []


def _title(node: OutlinePart) -> str:
    """The clause's title without its number; the whole title when nothing else is left."""
    return shortened(after_label(node.title, node.label or "") or node.title, _DETAIL)


def _gist(text: str, d: Definition) -> str:
    """The definition's first words; where it names its term last ('Acme Inc., a Nevada corporation
    ("Distributor")'), the words before the term."""
    if d.term_start - d.start <= 2:
        return shortened(text[d.start : d.end], _DETAIL)
    named = " ".join(text[d.start : min(d.end, d.term_end + 2)].split())
    return named if len(named) <= _DETAIL else "\u2026 " + named[named.find(" ", len(named) - _DETAIL) + 1 :]
