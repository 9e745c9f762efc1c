"""Defined terms of a contract: where each term is defined and what defines it.

Pure functions over a text (and optionally its outline nodes): offsets in, `Definition`s out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

__all__ = [
    "Definition",
    "Use",
    "find_definitions",
    "definitions_in",
    "mark_duplicates",
    "find_uses",
    "uses_of",
    "paragraph_bounds",
]


class _Titled(Protocol):
    title: str
    heading_end: int
    end: int


@dataclass(frozen=True)
class Definition:
    """One place where a term is defined.

    `term_start`/`term_end` span the term as written (quotes excluded); `start`/`end` span the
    defining sentence or clause. `kind` is the drafting shape: "means" (`"X" means ...`),
    "pointer" (`"X" has the meaning given in Section 2`), "parenthetical" (`(the "X")`),
    "referred" (`hereinafter referred to as "X"`), "markdown" (`**X**`) or "entry" (an unquoted
    entry of a definitions section). `duplicate` is True when the same term has another
    non-pointer definition in the same text.
    """

    term: str
    term_start: int
    term_end: int
    start: int
    end: int
    kind: str
    duplicate: bool = False


@dataclass(frozen=True)
class Use:
    """One occurrence of a defined term outside its definitions: span and the form as written."""

    term: str
    start: int
    end: int


_OPEN = "\"\u201c"
_CLOSE = "\"\u201d"
# A term between quotes: starts with a letter or digit, no quotes or line breaks, at most 80 chars;
# a trailing comma or period drafted inside the quotes ("Company,") is not part of the term.
_TERM = rf"(?P<term>[^\s{_OPEN}{_CLOSE}][^{_OPEN}{_CLOSE}\n]{{0,79}}?)[,.]?"
_VERB = (
    r"(?:(?:shall|will|also|each|respectively)\s+)*"
    r"(?:means?\b|refers?\s+to\b|(?:is|are)\s+(?:hereby\s+)?defined\b|(?:is|are)\s+as\s+defined\b"
    r"|(?:has|have)\s+the\s+(?:respective\s+|same\s+)?meanings?\b|includes?\b|shall\s+include\b)"
)
_MEANS = re.compile(
    rf"[{_OPEN}]{_TERM}[{_CLOSE}]\s*[,:]?\s*"
    r"(?:(?:as\s+used|when\s+used|used|for\s+(?:the\s+)?purposes?\s+of)\b[^\"\u201c\u201d\n;]{0,80}?,\s*"
    r"|\([^()\n]{0,60}\)\s*,?\s*|[-\u2013\u2014]\s*)?"
    + _VERB
)
_POINTER = re.compile(
    r"(?:(?:has|have)\s+the\s+(?:respective\s+|same\s+)?meanings?|(?:is|are)\s+(?:hereby\s+)?defined"
    r"|(?:is|are)\s+as\s+defined)",
)
_PAREN = re.compile(r"\(([^()\n]{0,240})\)")
_QUOTED = re.compile(rf"[{_OPEN}]{_TERM}[{_CLOSE}]")
# Words that may precede or join the quoted terms of a defining parenthetical:
# (the "X"), (each, a "X" and collectively, the "Xs"), (hereinafter referred to as "X").
_PAREN_GLUE = re.compile(
    r"^(?:[\s,;:]|\b(?:the|a|an|each|and|or|together|collectively|individually|jointly|severally"
    r"|hereinafter|hereafter|herein|hereunder|referred|to|as|called|known|also|such|any|this|its"
    r"|their|being|any|one|more|of|them|respectively|in|singular|plural|defined|below|above"
    r"|thereafter|from|time|sometimes|either|both|all|party|parties)\b)*$",
    re.IGNORECASE,
)
_REFERRED = re.compile(
    r"\b(?:hereinafter|hereafter|herein|hereunder|collectively|together)\s*,?\s+"
    r"(?:(?:referred\s+to|called|known|designated)\s+(?:herein\s+)?as|called)\s+(?:the\s+|a\s+|an\s+)?"
    rf"[{_OPEN}]{_TERM}[{_CLOSE}]",
    re.IGNORECASE,
)
_BOLD = re.compile(
    rf"\*\*[{_OPEN}]?(?P<term>[A-Z][^*\n{_OPEN}{_CLOSE}]{{0,79}}?)[{_CLOSE}]?\*\*"
    r"(?=\s*(?:[:\-\u2013\u2014(]|" + _VERB + "))"
)
_ENTRY = re.compile(
    r"^[ \t]*(?:(?:\d+(?:\.\d+)*\.?|\(?[a-z]{1,3}\)|[a-z]\.)[ \t]+)?"
    r"(?P<term>[A-Z][\w'\u2019&/\-]*(?:[ \t]+(?:[A-Z][\w'\u2019&/\-]*|of|and|or|the|for|in|to|on|&)){0,6})"
    r"[ \t]*(?:[.:\-\u2013\u2014][ \t]+(?=\S)|(?=" + _VERB + "))",
    re.MULTILINE,
)
_DEFINITIONS_TITLE = re.compile(r"\bdefinitions?\b|\bdefined\s+terms\b", re.IGNORECASE)
# A definition entry ends at a blank line or where the next quoted entry starts on a new line.
_ENTRY_END = re.compile(
    rf"\n[ \t]*(?:\n|(?:\d+(?:\.\d+)*\.?[ \t]+|\([a-z0-9]{{1,4}}\)[ \t]+)?(?:[{_OPEN}]|\*\*))"
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\f]*\n")
_SENTENCE_END = re.compile(r"(?:[.!?][\"\u201d)]?\s+(?=[A-Z\"\u201c(])|[;\n])")
_MAX_SPAN = 4000
_MAX_BACK = 800


def paragraph_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole paragraphs (blank-line delimited) so a local re-scan sees
    every definition or reference the edit can have touched."""
    before = text.rfind("\n\n", 0, max(start, 0))
    a = 0 if before < 0 else before + 1
    after = _PARAGRAPH_BREAK.search(text, min(end, len(text)))
    b = len(text) if after is None else after.start()
    return a, b


def _sentence_start(text: str, pos: int, floor: int) -> int:
    """Start of the sentence around pos (never before floor)."""
    lo = max(floor, pos - _MAX_BACK)
    best = lo
    for match in _SENTENCE_END.finditer(text, lo, pos):
        best = match.end()
    while best < pos and text[best].isspace():
        best += 1
    return best


def _entry_end(text: str, pos: int, limit: int) -> int:
    """End of the definition entry that goes on from pos (trailing whitespace excluded)."""
    match = _ENTRY_END.search(text, pos, min(limit, pos + _MAX_SPAN))
    end = match.start() if match else min(limit, pos + _MAX_SPAN)
    while end > pos and text[end - 1].isspace():
        end -= 1
    return end


def _clean(term: str) -> str:
    return term.strip().rstrip(",.;:").strip()


def _definitions_parts(nodes: Iterable[_Titled]) -> list[tuple[int, int]]:
    return [(n.heading_end, n.end) for n in nodes if _DEFINITIONS_TITLE.search(n.title)]


def definitions_in(
    text: str, start: int = 0, end: int | None = None, nodes: Sequence[_Titled] = ()
) -> list[Definition]:
    """Definitions whose term starts in [start, end), in text order, duplicates not yet marked.

    Scan whole paragraphs (see `paragraph_bounds`) so spans are the same as in a full scan.
    `nodes` (outline nodes) let unquoted entries of a Definitions part be recognised.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    stop = len(text) if end is None else min(end, len(text))
    found: list[Definition] = []
    for m in _MEANS.finditer(text, start, stop):
        verb_tail = text[m.end("term") : m.end(0)]
        kind = "pointer" if _POINTER.search(verb_tail) else "means"
        found.append(_make(text, m, kind, m.start(0), _entry_end(text, m.end(0), len(text))))
    for m in _PAREN.finditer(text, start, stop):
        found.extend(_parenthetical(text, m, start))
    for m in _REFERRED.finditer(text, start, stop):
        found.append(_make(text, m, "referred", _sentence_start(text, m.start(0), start), m.end(0) + 1))
    for m in _BOLD.finditer(text, start, stop):
        found.append(_make(text, m, "markdown", m.start(0), _entry_end(text, m.end(0), len(text))))
    for part_start, part_end in _definitions_parts(nodes):
        lo, hi = max(part_start, start), min(part_end, stop)
        for m in _ENTRY.finditer(text, lo, hi) if lo < hi else ():
            found.append(_make(text, m, "entry", m.start("term"), _entry_end(text, m.end(0), part_end)))
    return _dedupe(found)


def _make(text: str, m: re.Match[str], kind: str, start: int, end: int) -> Definition:
    term = _clean(m.group("term"))
    term_start = m.start("term") + (len(m.group("term")) - len(m.group("term").lstrip()))
    return Definition(term, term_start, term_start + len(term), start, max(end, term_start + len(term)), kind)


def _parenthetical(text: str, m: re.Match[str], floor: int) -> list[Definition]:
    body_start = m.start(1)
    body = m.group(1)
    quoted = list(_QUOTED.finditer(body))
    if not quoted:
        return []
    pieces = [body[: quoted[0].start()]] + [
        body[a.end() : b.start()] for a, b in zip(quoted, quoted[1:])
    ]
    if not all(_PAREN_GLUE.match(p) for p in pieces):
        return []
    tail = body[quoted[-1].end() :]
    if tail.strip() and not re.match(r"^[\s,;]*(?:as\s+(?:defined|applicable|the\s+case)|respectively|and\b|or\b|herein|hereinafter|below|above)", tail, re.IGNORECASE):
        return []
    sentence = _sentence_start(text, m.start(0), floor)
    out = []
    for q in quoted:
        term = _clean(q.group("term"))
        if not term or not (term[0].isalnum()):
            continue
        term_start = body_start + q.start("term")
        out.append(Definition(term, term_start, term_start + len(term), sentence, m.end(0), "parenthetical"))
    return out


def _dedupe(found: list[Definition]) -> list[Definition]:
    """Keep one definition per term span (the first shape recognised wins), in text order."""
    found.sort(key=lambda d: (d.term_start, d.kind == "entry"))
    out: list[Definition] = []
    for d in found:
        if d.term and not (out and d.term_start < out[-1].term_end):
            out.append(d)
    return out


def mark_duplicates(definitions: Sequence[Definition]) -> list[Definition]:
    """The same definitions with `duplicate` set on every term defined more than once
    (pointer definitions such as "has the meaning given in Section 2" do not count)."""
    counts = Counter(d.term for d in definitions if d.kind != "pointer")
    return [
        replace(d, duplicate=d.kind != "pointer" and counts[d.term] > 1)
        if d.duplicate != (d.kind != "pointer" and counts[d.term] > 1)
        else d
        for d in definitions
    ]


def find_definitions(text: str, nodes: Sequence[_Titled] = ()) -> list[Definition]:
    """Every definition of the text in order, terms defined more than once marked `duplicate`."""
    return mark_duplicates(definitions_in(text, 0, None, nodes))


def _variants(term: str) -> str:
    """Regex for a term and its plural and possessive forms, as whole words."""
    core = re.escape(term)
    plural = r"(?:s|es)?"
    if term.endswith("y") and len(term) > 1 and term[-2] not in "aeiou":
        core = rf"(?:{core}|{re.escape(term[:-1])}ies)"
    elif term.endswith("s"):
        plural = r"(?:es)?"
    return rf"(?<![\w\-]){core}{plural}(?:['\u2019]s?)?(?![\w])"


def find_uses(text: str, definitions: Sequence[Definition], start: int = 0, end: int | None = None) -> dict[str, list[Use]]:
    """Occurrences of every defined term in [start, end) outside that term's own definitions:
    whole words, case as drafted, plural and possessive forms included; one list per term."""
    stop = len(text) if end is None else min(end, len(text))
    terms = sorted({d.term for d in definitions}, key=len, reverse=True)
    result: dict[str, list[Use]] = {t: [] for t in terms}
    if not terms:
        return result
    owner = _term_owner(terms)
    pattern = re.compile(_trie_pattern(sorted(owner, key=len, reverse=True)))
    own = _own_spans(definitions)
    for m in pattern.finditer(text, start, stop):
        term = owner[m.group(1)]
        s, e = m.start(), m.end()
        if not any(a <= s and e <= b for a, b in own.get(term, ())):
            result[term].append(Use(term, s, e))
    return result


def uses_of(text: str, definitions: Sequence[Definition], term: str) -> list[Use]:
    """Occurrences of one defined term outside its definitions (see `find_uses`)."""
    if not any(d.term == term for d in definitions):
        return []
    own = [d for d in definitions if d.term == term]
    pattern = re.compile(_variants(term))
    spans = [(d.term_start, d.term_end) for d in own]
    return [
        Use(term, m.start(), m.end())
        for m in pattern.finditer(text)
        if not any(a <= m.start() and m.end() <= b for a, b in spans)
    ]


def _own_spans(definitions: Sequence[Definition]) -> dict[str, list[tuple[int, int]]]:
    spans: dict[str, list[tuple[int, int]]] = {}
    for d in definitions:
        spans.setdefault(d.term, []).append((d.term_start, d.term_end))
    return spans


def _term_owner(terms: Sequence[str]) -> dict[str, str]:
    """Each written form a use can take before its plural or possessive ending -> its term."""
    owner = {t: t for t in terms}
    for t in terms:
        if len(t) > 1 and t.endswith("y") and t[-2] not in "aeiouAEIOU":
            owner.setdefault(t[:-1] + "ies", t)
    return owner


def _trie_pattern(terms: Sequence[str]) -> str:
    """One regex matching any of the terms (longest first) with plural and possessive forms;
    built as a prefix trie because a flat alternation of thousands of terms is far slower."""
    trie: dict = {}
    for t in terms:
        node = trie
        for ch in t:
            node = node.setdefault(ch, {})
        node[""] = True

    def build(node: dict) -> str:
        leaf = "" in node
        branches = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if leaf else body

    return rf"(?<![\w\-])({build(trie)})(?:s|es)?(?:['\u2019]s?)?(?![\w])"
