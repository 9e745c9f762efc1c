"""What a drafter may be writing at a place: a defined term whose first words are typed, or the
number of a clause after a word that cites one ("Section 5" -> "5.2").

Pure functions over the text, its outline and its definitions; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition
from .numerals import ENDS_IN_NUMBER_WORD, roman_numeral, roman_value
from .references import LabelIndex, OutlinePart
from .titles import after_label, shortened

__all__ = ["Completion", "completions"]


class Completion(NamedTuple):
    """Text to write at a place; it replaces ``[start, end)``, the part of it already typed.

    ``kind`` is "term" (a defined term; ``target`` is where its first definition names it),
    "clause" (a clause's number; ``target`` is the outline node's index) or "item" (an item of a
    cited clause, "(b)"; ``target`` is where it opens). ``detail`` says what it is: the
    definition's first words, the clause's title after its number, the item's first words.
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
# A citing word, a clause's number and an opening bracket, then what is typed of an item's label,
# up to the place: "Section 5.2(", "clause 7(b".
_CITING_ITEM = re.compile(
    r"(?:(?<![\w-])(?P<word>(?i:sections?|clauses?|paragraphs?))[ \t]+|§§?[ \t]*)"
    r"(?P<number>[0-9]+(?:\.[0-9]+)*)\((?P<typed>[0-9A-Za-z]{0,5})\Z"
)
_KIND = {"appendices": "appendix", "annexes": "annex"}
# An item's label in brackets where it opens an item, not where it follows a word or another
# label ("Section 3(b)", "(a)(ii)").
_ITEM = re.compile(r"(?<![\w)])\((?P<label>[a-z]{1,4}|[A-Z]|[0-9]{1,2})\)")
# A word before a label that cites an item rather than opening one: "under paragraph (b)".
_ITEM_CITED = re.compile(r"(?i:\b(?:sub)?(?:sections?|clauses?|paragraphs?|items?)|sub-paragraphs?)[ \t]*\Z")
# What joins an item to the next: "widgets; and", "gadgets, or".
_LIST_GLUE = re.compile(r"(?:[;,]?[ \t]+(?:and|or))?[;,]?\Z")
# The labels that open a list of items: a letter, a Roman numeral, a number, a capital.
_FIRST_ITEMS = ("a", "i", "1", "A")
# How far back on its line a term being typed may start: its first words, at most this many.
_TYPED_WORDS = 6
_TYPED_REACH = 120
_WORD_START = re.compile(r"(?<![\w&'-])[\w&'-]")
_DETAIL = 80


def completions(text: str, nodes: Sequence[OutlinePart], definitions: Sequence[Definition],
                offset: int, labels: LabelIndex | None = None) -> list[Completion]:
    """What may be written at ``offset``: after a citing word, the numbers of the clauses (or
    attachments) of its kind that such a citation resolves to, in text order; else the defined
    terms whose start the words typed before ``offset`` write, from a capital ("Confidential In"),
    by name. [] when neither is being written. ValueError for an offset outside the text.
    ``labels``: the outline's `LabelIndex`, when the caller keeps one (made here otherwise)."""
    if not 0 <= offset <= len(text):
        raise ValueError(f"offset {offset} is outside the text (0..{len(text)})")
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[max(line_start, offset - _TYPED_REACH) : offset]
    citing = _CITING.search(before)
    if citing is not None:
        return _clauses(nodes, labels or LabelIndex(nodes), citing, offset)
    item = _CITING_ITEM.search(before)
    if item is not None:
        return _items(text, nodes, labels or LabelIndex(nodes), item, offset)
    return _terms(text, definitions, before, offset)


def _clauses(nodes: Sequence[OutlinePart], labels: LabelIndex, citing: re.Match[str], offset: int) -> list[Completion]:
    word = (citing.group("word") or "section").casefold()
    kind = _KIND.get(word, word[:-1] if word.endswith("s") else word)
    typed = (citing.group("typed") or "").casefold()
    # Offered only where writing it cites this node: a label given twice cites the first.
    return [Completion(number, "clause", _title(nodes[index]), offset - len(typed), offset, index)
            for number, index in labels.citable(kind) if number.casefold().startswith(typed)]


def _items(text: str, nodes: Sequence[OutlinePart], labels: LabelIndex, citing: re.Match[str],
           offset: int) -> list[Completion]:
    """The items of the cited clause's own text (before its first sub-clause), in the list that
    opens first there: "(a)", "(b)" ... each the first of its label after the one before."""
    kind = (citing.group("word") or "section").casefold().rstrip("s")
    target, exact = labels.resolve(kind, citing.group("number"))
    if target is None or not exact:
        return []
    node = nodes[target]
    stop = node.end
    if target + 1 < len(nodes) and nodes[target + 1].heading_start < stop:
        stop = nodes[target + 1].heading_start  # its first sub-clause
    places: dict[str, list[int]] = {}
    for m in _ITEM.finditer(text, node.heading_end, stop):
        before = max(0, m.start() - 20)
        if _ITEM_CITED.search(text, before, m.start()) is not None:
            continue  # "under paragraph (b)"
        if m.group("label")[0].isdigit() and ENDS_IN_NUMBER_WORD.search(text, before, m.start() - 1):
            continue  # "thirty (30) days"
        places.setdefault(m.group("label"), []).append(m.start())
    opened = [(places[label][0], label) for label in _FIRST_ITEMS if label in places]
    if not opened:
        return []
    at, label = min(opened)
    style = label
    typed = citing.group("typed")
    listed = [(at, label)]
    while True:
        label = _next_label(label, style)
        at = next((p for p in places.get(label, ()) if p > at), -1)
        if at < 0:
            break
        listed.append((at, label))
    out = []
    for (at, label), (after, _) in zip(listed, listed[1:] + [(stop, "")]):
        if label.startswith(typed):
            words = text[at + len(label) + 2 : min(after, at + len(label) + 2 + 2 * _DETAIL)]
            words = _LIST_GLUE.sub("", shortened(words, _DETAIL))
            out.append(Completion(f"({label})", "item", words, offset - len(typed) - 1, offset, at))
    return out


def _next_label(label: str, style: str) -> str:
    """The label after ``label`` in a list whose first label is ``style`` ("a", "i", "1" or "A")."""
    if style == "i":
        value = roman_value(label)
        return roman_numeral(value + 1) if value is not None and value < 399 else ""
    if style == "1":
        return str(int(label) + 1)
    return chr(ord(label) + 1) if label not in ("z", "Z") else ""


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
