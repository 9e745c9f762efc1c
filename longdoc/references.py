"""Cross-references of a contract ("Section 5.2", "Articles IV through VI", "Exhibit A") and the
outline nodes they point to, resolved through the nodes' number labels.

Pure functions over a text and its outline nodes: offsets in, `Reference`s out.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = ["Reference", "LabelIndex", "find_references", "references_in", "label_key"]


class _Node(Protocol):
    index: int
    parent: int | None
    title: str
    label: str | None
    heading_start: int
    heading_end: int
    start: int
    end: int


@dataclass(frozen=True)
class Reference:
    """One cited target. `start`/`end` span the citation as written ("Section 5.2(a)" for the first
    of a list, "5.3" for the next ones); `kind` is the cited unit ("section", "article", "clause",
    "paragraph", "exhibit", "schedule", "annex", "appendix", "attachment", "item"); `label` the cited
    number without its sub-parts ("5.2"), `part` the sub-parts ("(a)", or ""); `target` the index of
    the outline node it resolves to, or None; `exact` False when only an enclosing part was found.
    """

    start: int
    end: int
    kind: str
    label: str
    part: str
    target: int | None
    exact: bool


_KINDS = {
    "section": "section", "sections": "section", "subsection": "section", "subsections": "section",
    "§": "section", "§§": "section",
    "article": "article", "articles": "article",
    "clause": "clause", "clauses": "clause",
    "paragraph": "paragraph", "paragraphs": "paragraph", "subparagraph": "paragraph",
    "subparagraphs": "paragraph",
    "exhibit": "exhibit", "exhibits": "exhibit",
    "schedule": "schedule", "schedules": "schedule",
    "annex": "annex", "annexes": "annex",
    "appendix": "appendix", "appendices": "appendix",
    "attachment": "attachment", "attachments": "attachment",
    "item": "item", "items": "item",
}
_ATTACHED = {"exhibit", "schedule", "annex", "appendix", "attachment"}
_SUB = r"(?:[ \t]?\((?:[a-zA-Z]{1,2}|[ivxlIVXL]{1,5}|\d{1,3})\))"
_NUMBER = rf"(?:\d+(?:\.\d+)*(?:\.(?=\d))?{_SUB}*|{_SUB}+|[IVXL]{{1,6}}\b(?:\.\d+)*{_SUB}*|[A-Z](?:-?\d+)?\b{_SUB}*)"
_JOIN = r"(?:[ \t]*(?:\([A-Z][^()\n]{0,60}\))?[ \t]*(?:,[ \t]*(?:and|or)?|and|or|and/or|through|thru|to|-|\u2013)[ \t]+)"
_CITATION = re.compile(
    r"(?<![\w\-])(?P<kw>(?i:sections?|subsections?|articles?|clauses?|paragraphs?|subparagraphs?"
    r"|exhibits?|schedules?|annex(?:es)?|appendix|appendices|attachments?|items?)\b|\u00a7\u00a7?)"
    rf"[ \t]*(?P<first>{_NUMBER})(?P<more>(?:{_JOIN}{_NUMBER})*)"
)
_LIST_ITEM = re.compile(rf"{_JOIN}(?P<number>{_NUMBER})")
_RANGE = re.compile(r"^[ \t]*(?:\([^()\n]*\))?[ \t]*(?:through|thru|to|-|\u2013)[ \t]+$")
# "Section 16(b) of the Exchange Act", "Section 3.2 of the Strategic Alliance Agreement": a citation
# of another instrument, not of this document.
_EXTERNAL = re.compile(
    r"[ \t,]*(?:\([A-Z][^()\n]{0,60}\)[ \t]*)?(?:of|under|in)[ \t]+(?:the[ \t]+)?"
    r"(?!this\b|these\b|such\b|(?i:exhibit|schedule|annex|appendix|attachment|article|section)s?\b)"
    r"(?:[A-Z][\w.&'\u2019\-]*|U\.S\.C\.|title)"
)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_PART = re.compile(rf"{_SUB}+$")


def _roman(s: str) -> int | None:
    s = s.lower()
    if not s or any(ch not in _ROMAN for ch in s):
        return None
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = _ROMAN[a]
        total += -v if b in _ROMAN and _ROMAN[b] > v else v
    return total


def label_key(kind: str, label: str) -> str:
    """Canonical key of a cited or heading label: "article:4" for "Article IV" and "Article 4",
    "number:5.2" for "Section 5.2" and "5.2.", "exhibit:a" for "Exhibit A"."""
    label = label.strip().rstrip(".").casefold()
    if kind in _ATTACHED:
        return f"{kind}:{label}"
    if kind == "article":
        number = _roman(label)
        return f"article:{number if number is not None else label}"
    return f"number:{label}"


_HEADING_LABEL = re.compile(
    r"^\s*(?:(?P<kw>(?i:section|article|exhibit|schedule|annex|appendix|attachment))\s+|\u00a7\s*)?"
    r"(?P<number>[\dIVXLivxl]+(?:\.\d+)*|[A-Z](?:-?\d+)?)\.?\s*$"
)
_TITLE_LABEL = re.compile(
    r"^\s*(?P<kw>(?i:exhibit|schedule|annex|appendix|attachment|article|section))\s+"
    r"(?P<number>[\dIVXLivxl]+(?:\.\d+)*|[A-Z](?:-?\d+)?)\b"
)


def _node_keys(node: _Node) -> list[str]:
    """Every key a citation of this node may take."""
    keys: list[str] = []
    for text, pattern in ((node.label or "", _HEADING_LABEL), (node.title, _TITLE_LABEL)):
        m = pattern.match(text)
        if not m:
            continue
        kw = (m.group("kw") or "").casefold()
        number = m.group("number")
        if kw in _ATTACHED:
            keys.append(label_key(kw, number))
        elif kw == "article" or (not kw and _roman(number) is not None and not number.isdigit()):
            keys.append(label_key("article", number))
            keys.append(label_key("section", number))
        else:
            keys.append(label_key("section", number))
            if "." not in number:
                keys.append(label_key("article", number))
    return keys


class LabelIndex:
    """Outline nodes by citation key (first node wins for a duplicated label)."""

    def __init__(self, nodes: Sequence[_Node]):
        self.nodes = nodes
        self._exact: dict[str, int] = {}
        self._loose: dict[str, int] = {}
        for node in nodes:
            for i, key in enumerate(_node_keys(node)):
                # The first key is what the label says; later ones are readings a citation may use.
                (self._exact if i == 0 else self._loose).setdefault(key, node.index)

    def resolve(self, kind: str, label: str) -> tuple[int | None, bool]:
        """The node a citation names and whether it is the cited part itself (not an ancestor)."""
        key = label_key(kind, label)
        found = self._exact.get(key, self._loose.get(key))
        if found is not None:
            return found, True
        if kind in _ATTACHED or kind == "article":
            return None, False
        # "Section 5.2.3" with no heading of its own: the nearest numbered ancestor holds it.
        parts = label.rstrip(".").split(".")
        for n in range(len(parts) - 1, 0, -1):
            key = label_key(kind, ".".join(parts[:n]))
            found = self._exact.get(key, self._loose.get(key))
            if found is not None:
                return found, False
        return None, False


def _split(number: str) -> tuple[str, str]:
    m = _PART.search(number)
    if not m or m.start() == 0:
        return number.strip().rstrip("."), (m.group(0).replace(" ", "") if m else "")
    return number[: m.start()].strip().rstrip("."), m.group(0).replace(" ", "")


def _heading_starts(nodes: Sequence[_Node]) -> set[int]:
    return {n.heading_start for n in nodes}


def references_in(
    text: str, nodes: Sequence[_Node], start: int = 0, end: int | None = None, index: LabelIndex | None = None
) -> list[Reference]:
    """Cross-references whose citation starts in [start, end), in text order, each resolved against
    `nodes` (citations of other instruments and headings' own numbers are left out)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    stop = len(text) if end is None else min(end, len(text))
    index = index or LabelIndex(nodes)
    headings = _heading_starts(nodes)
    enclosing = _Enclosing(nodes)
    out: list[Reference] = []
    for m in _CITATION.finditer(text, start, stop):
        if m.start() in headings or _EXTERNAL.match(text, m.end()):
            continue
        kw = m.group("kw")
        if kw.isupper() and len(kw) > 2 and _line_start(text, m.start()):
            continue  # "EXHIBIT A" / "SECTION 5" opening a line is a heading, not a citation
        kind = _KINDS[kw.casefold()]
        items = [(m.start(), m.end("first"), m.group("first"), False)]
        pos = m.end("first")
        for item in _LIST_ITEM.finditer(m.group("more")):
            s = m.start("more") + item.start("number")
            joiner = text[pos:s]
            items.append((s, s + len(item.group("number")), item.group("number"), bool(_RANGE.match(joiner))))
            pos = s + len(item.group("number"))
        for s, e, number, _ in items:
            out.append(_resolve(text, s, e, number, kind, index, enclosing))
    return out


def _line_start(text: str, pos: int) -> bool:
    line = text.rfind("\n", 0, pos) + 1
    return not text[line:pos].strip()


class _Enclosing:
    """Innermost node around an offset (for "paragraph (b)", cited relative to where it stands)."""

    def __init__(self, nodes: Sequence[_Node]):
        self.nodes = sorted(nodes, key=lambda n: (n.start, -n.end))
        self.starts = [n.start for n in self.nodes]
        self.by_index = {n.index: n for n in nodes}

    def at(self, offset: int) -> _Node | None:
        # Parts nest: the innermost one holding offset is the last opened before it, or one of
        # that node's ancestors.
        i = bisect.bisect_right(self.starts, offset) - 1
        node = self.nodes[i] if i >= 0 else None
        while node is not None and not node.start <= offset < node.end:
            node = self.by_index.get(node.parent) if node.parent is not None else None
        return node


def _resolve(
    text: str, s: int, e: int, number: str, kind: str, index: LabelIndex, enclosing: _Enclosing
) -> Reference:
    # A trailing period belongs to the sentence ("see Section 2.3."), not to the label.
    while e > s and text[e - 1] in ". \t":
        e -= 1
    label, part = _split(number)
    if label:
        target, exact = index.resolve(kind, label)
        return Reference(s, e, kind, label, part, target, exact)
    # Only sub-parts ("paragraph (b)"): a part of the clause where the citation stands.
    node = enclosing.at(s)
    return Reference(s, e, kind, "", part, node.index if node else None, False)


def find_references(text: str, nodes: Sequence[_Node]) -> list[Reference]:
    """Every cross-reference of the text, in order, resolved against the outline nodes."""
    return references_in(text, nodes)
