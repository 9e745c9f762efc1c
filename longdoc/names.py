"""The names that clauses give: "Royalty Fee" of "4. ROYALTY FEE", "Joint Steering Committee" of
"3.2 Joint Steering Committee".

A capitalised phrase that names one of the document's clauses is explained there: it is no
undefined term, and a reader asking what it means is led to that clause.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol, Sequence

from .forms import written_forms

__all__ = ["Titled", "clause_index", "clause_named_at", "clause_names", "name_forms"]


class Titled(Protocol):
    """What naming reads of an outline node (longdoc.outline.OutlineNode has it)."""

    title: str
    label: str | None
    heading_start: int
    heading_end: int


# A clause's label as it opens its title: "4.2", "ARTICLE V", "Section 3.1", "(a)", "EXHIBIT B".
_LABEL_LEAD = re.compile(
    r"(?:(?i:article|section|exhibit|schedule|annex|appendix|attachment)[ \t]+|§[ \t]*)?"
    r"\(?[0-9A-Za-z]{1,5}(?:\.[0-9A-Za-z]{1,3})*[.):]?[ \t]+")
_SMALL = "of|and|or|the|for|to|in|on|by|with|an?"
# A title in capitalised words: a name, not a clause's first sentence ("Supplier shall provide ...").
_NAME_TITLE = re.compile(r"[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|" + _SMALL + r")){1,7}")


@lru_cache(maxsize=1 << 15)  # asked for every clause at every diagnosis; an edit changes few titles
def name_forms(title: str, labelled: bool) -> tuple[str, ...]:
    """The forms of the name a clause's title gives, its label left out ("Royalty Fee" and "ROYALTY
    FEE" of "4. ROYALTY FEE"); () when the title names nothing: one word, or a sentence."""
    if labelled and (lead := _LABEL_LEAD.match(title)) is not None:
        title = title[lead.end() :]
    title = title.rstrip(".:")
    return written_forms(title) if _NAME_TITLE.fullmatch(title) is not None else ()


def clause_names(nodes: Sequence[Titled]) -> frozenset[str]:
    """Every form of every name the clauses give."""
    return frozenset(form for node in nodes for form in name_forms(node.title, node.label is not None))


def clause_index(nodes: Sequence[Titled]) -> dict[str, int]:
    """The position in ``nodes`` of the first clause each name leads to, by the name's casefolded
    form, singular and plural ("royalty fee", "royalty fees")."""
    out: dict[str, int] = {}
    for i, node in enumerate(nodes):
        for form in name_forms(node.title, node.label is not None):
            key = form.casefold()
            for spelled in (key, _singular(key)):
                out.setdefault(spelled, i)
    return out


def _singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


_WORD = re.compile(r"[A-Za-z][\w'’&/-]*")
_WORD_BEFORE = re.compile(r"[A-Za-z][\w'’&/-]*\Z")
_SMALL_WORDS = frozenset(_SMALL.replace("an?", "a|an").split("|"))
_MOST_WORDS = 8


def clause_named_at(text: str, nodes: Sequence[Titled], offset: int, index: dict[str, int]) -> tuple[int, int, int] | None:
    """(position in ``nodes``, start, end) of the clause that the capitalised phrase at ``offset``
    names, the longest such phrase first, and the phrase's span; None when no phrase there names one.
    ``index`` is `clause_index(nodes)`. A clause's own heading names nothing."""
    words = _words_around(text, offset)
    if not words:
        return None
    here = next(k for k, (a, b) in enumerate(words) if a <= offset <= b)
    runs = sorted(((i, j) for i in range(here + 1) for j in range(here, len(words))), key=lambda r: r[0] - r[1])
    for i, j in runs:
        first, last = text[words[i][0] : words[i][1]], text[words[j][0] : words[j][1]]
        if not (first[0].isupper() and last[0].isupper()):
            continue
        phrase = " ".join(text[a:b] for a, b in words[i : j + 1]).casefold()
        if phrase.endswith("'s") or phrase.endswith("’s"):
            phrase = phrase[:-2]
        at = index.get(phrase, index.get(_singular(phrase)))
        start, end = words[i][0], words[j][1]
        if at is not None and not nodes[at].heading_start <= start < nodes[at].heading_end:
            return at, start, end
    return None


def _words_around(text: str, offset: int) -> list[tuple[int, int]]:
    """The spans of the capitalised and small words, one space or tab apart on one line, around the
    capitalised word at ``offset`` (at most `_MOST_WORDS` on either side); [] when none is there."""
    line_start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    word = None
    for m in _WORD.finditer(text, max(line_start, offset - 64), min(len(text), offset + 64)):
        if m.start() <= offset <= m.end():
            word = m
            break
    if word is None or not word.group()[0].isupper():
        return []
    spans = [word.span()]
    for step in (-1, 1):
        pos = word.start() if step < 0 else word.end()
        for _ in range(_MOST_WORDS):
            if step < 0:
                k = pos - 1
                if k < 1 or text[k] not in " \t":
                    break
                m = _WORD_BEFORE.search(text[max(0, k - 40) : k])
                if m is None:
                    break
                a, b = k - len(m.group()), k
            else:
                if pos >= len(text) - 1 or text[pos] not in " \t":
                    break
                m = _WORD.match(text, pos + 1)
                if m is None:
                    break
                a, b = m.span()
            token = text[a:b]
            if not (token[0].isupper() or token in _SMALL_WORDS):
                break
            spans.append((a, b))
            pos = a if step < 0 else b
    spans.sort()
    return spans
