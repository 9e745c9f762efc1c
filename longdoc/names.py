"""The names that clauses give: "Royalty Fee" of "4. ROYALTY FEE", "Joint Steering Committee" of
"3.2 Joint Steering Committee".

A capitalised phrase that names one of the document's clauses is explained there: it is no
undefined term, and a reader asking what it means is led to that clause.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Protocol, Sequence

from .titles import TITLE_SMALL_WORD, TITLE_SMALL_WORDS


__all__ = ["ClauseNames", "Titled", "clause_index", "clause_named_at", "clause_names", "name_of", "name_uses", "names_clause"]


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
# A title in capitalised words: a name, not a clause's first sentence ("Supplier shall provide ...").
_NAME_TITLE = re.compile(r"[A-Z][\w'’&/-]*(?:[ \t]+(?:[A-Z][\w'’&/-]*|" + TITLE_SMALL_WORD + r")){1,7}")


@lru_cache(maxsize=1 << 15)  # asked for every clause at every diagnosis; an edit changes few titles
def name_of(title: str, labelled: bool) -> str | None:
    """The name a clause's title gives, its label left out, casefolded ("royalty fee" of "4. ROYALTY
    FEE"); None when the title names nothing: one word, or a sentence."""
    if labelled and (lead := _LABEL_LEAD.match(title)) is not None:
        title = title[lead.end() :]
    title = title.rstrip(".:")
    return title.casefold() if _NAME_TITLE.fullmatch(title) is not None else None


class ClauseNames(NamedTuple):
    """The names the clauses give, casefolded: each whole (and the singular of a plural one), and
    the first two words or more of each ("purchase price" of "Purchase Price Adjustment")."""

    whole: frozenset[str]
    leading: frozenset[str]


def clause_names(nodes: Sequence[Titled]) -> ClauseNames:
    """Every name the clauses give: the names `clause_index` leads from, and their first words (a
    singular differs from its plural in its last word only, so both give the same)."""
    whole = frozenset(clause_index(nodes))
    leading = frozenset(" ".join(words[:n]) for words in map(str.split, whole) for n in range(2, len(words)))
    return ClauseNames(whole, leading)


def names_clause(words: Sequence[str], names: ClauseNames) -> bool:
    """Whether a phrase's words name a clause, as `clause_names` holds them (any case): a whole name
    in the singular or plural, such a name followed by more words ("Royalty Fee Payments"), or the
    first words of a name ("Purchase Price" of "Purchase Price Adjustment")."""
    for n in range(len(words), 1, -1):
        phrase = " ".join(words[:n]).casefold()
        if phrase in names.whole or _singular(phrase) in names.whole:
            return True
    return " ".join(words).casefold() in names.leading


def clause_index(nodes: Sequence[Titled]) -> dict[str, int]:
    """The position in ``nodes`` of the first clause each name leads to, by the casefolded name,
    singular and plural ("royalty fee", "royalty fees")."""
    out: dict[str, int] = {}
    for i, node in enumerate(nodes):
        name = name_of(node.title, node.label is not None)
        if name is not None:
            out.setdefault(name, i)
            out.setdefault(_singular(name), i)
    return out


def name_uses(text: str, node: Titled, where: Callable[[str], Iterable[tuple[int, int]] | None] | None = None,
              ) -> list[tuple[int, int]]:
    """Spans where the name a clause's title gives is written in capitalised words outside its
    heading ("the Royalty Fees" of "4. ROYALTY FEE"), in the singular or plural, possessive or not;
    [] when the title names nothing. ``where(name)`` gives the only spans that can hold the name
    (None: anywhere), so an index of the text spares a scan of all of it."""
    name = name_of(node.title, node.label is not None)
    if name is None:
        return []
    # The last word, whose plural an index may spell apart ("entities", "entity"), is left out.
    spans = where(name.rsplit(" ", 1)[0]) if where is not None else None
    *head, last = name.split()
    spellings = sorted(_numbers(last), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])" + "".join(re.escape(w) + r"[ \t]+" for w in head)
                         + "(?:" + "|".join(map(re.escape, spellings)) + r")(?:['’]s?)?(?![\w-])", re.IGNORECASE)
    out = set()  # the spans given may overlap
    for m in (m for lo, hi in (spans if spans is not None else ((0, len(text)),)) for m in pattern.finditer(text, lo, hi)):
        written = m.group().split()
        if node.heading_start <= m.start() < node.heading_end or not all(
                w[0].isupper() or w.casefold() in TITLE_SMALL_WORDS for w in written[1:]) or not written[0][0].isupper():
            continue
        out.add(m.span())
    return sorted(out)


def _numbers(word: str) -> set[str]:
    """A word in the singular and the plural, whichever it is ("tax", "taxes"; "entity", "entities")."""
    out = {word, word + "s", word + "es"}
    if word.endswith("y"):
        out.add(word[:-1] + "ies")
    if word.endswith("ies"):
        out.add(word[:-3] + "y")
    if word.endswith("s"):
        out.add(word[:-1])
    if word.endswith("es"):
        out.add(word[:-2])
    return out


def _singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


_WORD = re.compile(r"[A-Za-z][\w'’&/-]*")
_WORD_BEFORE = re.compile(r"[A-Za-z][\w'’&/-]*\Z")
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
            if not (token[0].isupper() or token in TITLE_SMALL_WORDS):
                break
            spans.append((a, b))
            pos = a if step < 0 else b
    spans.sort()
    return spans
