"""Cross-references of a contract ("Section 5.2", "Articles IV through VI", "Exhibit A") and the
outline nodes they point to, resolved through the nodes' number labels.

Pure functions over a text and its outline nodes: offsets in, `Reference`s out.
"""

from __future__ import annotations

import bisect
import copy
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property, lru_cache
from operator import attrgetter
from typing import NamedTuple, Protocol

from .anchors import MARKDOWN_KINDS, fragment_anchor, heading_anchors
from .definitions import LINE_BLANKS, LINE_GAP, LINE_WRAP, byte_view, sentence_runs_into
from .markdown import fragment_links, link_destination
from .rescan import rescan_span
from .titles import after_label
from .numbering import implied_numbers
from .numerals import roman_value

__all__ = ["ANCHOR", "LabelIndex", "Reference", "find_references", "forget_heading_keys", "label_key",
           "references_after_edit", "references_in"]


class OutlinePart(Protocol):
    """What resolution reads of an outline node (longdoc.outline.OutlineNode has it)."""

    index: int
    parent: int | None
    title: str
    label: str | None
    kind: str
    heading_start: int
    heading_end: int
    start: int
    end: int


class Reference(NamedTuple):
    """One cited target. `start`/`end` span the citation as written ("Section 5.2(a)" for the first
    of a list, "5.3" for the next ones); `kind` is the cited unit ("section", "article", "clause",
    "paragraph", "exhibit", "schedule", "annex", "appendix", "attachment", "item"); `label` the cited
    number without its sub-parts ("5.2"), `part` the sub-parts ("(a)", or ""); `target` the index of
    the outline node it resolves to, or None; `exact` False when only an enclosing part was found;
    `clause` the offset where a cited clause that has no outline part of its own opens in the text
    ("5.2 The Supplier shall ..." run into a paragraph), else None; `scope` the attachment whose part
    is cited ("schedule:1" of "Article 6 of Schedule 1", "supplement:1"), "" for the document's own:
    such a citation resolves within that attachment, and to nothing when the document does not hold it;
    "link:" and the destination for one in the text of a Markdown link or image that leads out of the
    document ("[Schedule 1](schedule-1.pdf)"), which resolves to nothing here.
    A Markdown link to a heading of the text is kind "heading": it spans the link's destination
    ("#a-definitions" of "[Definitions](#a-definitions)"), `label` is its fragment ("a-definitions"),
    resolved by the anchors GitHub gives headings (`longdoc.anchors`).
    """

    start: int
    end: int
    kind: str
    label: str
    part: str
    target: int | None
    exact: bool
    clause: int | None = None
    scope: str = ""


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
ANCHOR = "heading"  # the kind of a Markdown link to a heading of the text
# The title of a section that gathers attachments of a kind: their name in the plural ("19
# Appendices"; not "6 Commitments Schedule", one schedule, nor "1 Definitions; Schedules", whose
# "Schedule 1.1" is no clause 1.1).
_GATHERED = {"exhibit": "exhibits", "schedule": "schedules", "annex": "annexes", "appendix": "appendices",
             "attachment": "attachments"}
_SUB = rb"(?:[ \t]?\((?:[a-zA-Z]{1,2}|[ivxlIVXL]{1,5}|\d{1,3})\))"
_NUMBER = (
    rb"(?:\d+(?:\.\d+)*(?:\.(?=\d))?" + _SUB + rb"*|" + _SUB + rb"+|[IVXL]{1,6}\b(?:\.\d+)*" + _SUB + rb"*"
    rb"|[\"']?[A-Z](?:(?:\.\d+)+|-?\d+)?\b(?!&)[\"']?" + _SUB + rb"*"  # "A", "A-1", "B.4"; not "M&I"
    rb"|[a-z](?=[ \t]+(?:of|above|below|hereof|and|or)\b|[,;)]))"
)
# One run of blanks before the joining word, or two around a title in brackets: two runs side by
# side would be tried at every split of a long run of spaces (seconds for thousands of them).
# A text wrapped at a fixed width breaks a citation's line ("Section\n7.1", "Sections 7(a)\nand 7(b)"):
# blanks there may hold a line break (LINE_BLANKS, LINE_GAP).
_JOIN = (rb"(?:" + LINE_GAP + rb"(?:(?:\([A-Z](?:[^()\n]|" + LINE_WRAP + rb"){0,60}\)|\[(?:[^\[\]\n]|" + LINE_WRAP
         + rb"){0,60}\])[ \t]*)?"
         rb"(?:,[ \t]*(?:and|or)?|and|or|and/or|through|thru|to|-)" + LINE_BLANKS + rb")")
_KEYWORD = (
    rb"(?P<kw>(?i:sections?|subsections?|articles?|clauses?|paragraphs?|subparagraphs?|exhibits?|schedules?"
    rb"|annex(?:es)?|appendix|appendices|attachments?|items?)\b|\xa7\xa7?)"
)
_CITATION = re.compile(_KEYWORD + LINE_GAP + rb"(?P<first>" + _NUMBER + rb")(?P<more>(?:" + _JOIN + _NUMBER + rb")*)")
# Where a citation can start, in a lower-cased view: one fast literal scan per keyword.
_STEMS = (b"section", b"article", b"clause", b"paragraph", b"exhibit", b"schedule", b"annex", b"appendi",
          b"attachment", b"item", b"\xa7")
# The index words a keyword stands in: those that open with its stem, maybe after "sub".
_WORD_PREFIXES = {stem: (stem.decode(), "sub" + stem.decode()) for stem in _STEMS if stem.isalpha()}
# Given groups of word prefixes, the spans of the text that can hold a word of each group (see
# LongDocument.spans_of_words), or None when only a scan of the whole text can tell.
WordSpans = Callable[[Sequence[tuple[str, ...]]], "Sequence[Iterable[tuple[int, int]]] | None"]
_LIST_ITEM = re.compile(_JOIN + rb"(?P<number>" + _NUMBER + rb")")
# "Section 16(b) of the Exchange Act", "Section 3.2 of the Strategic Alliance Agreement": a citation
# of another instrument, not of this document.
# The statute's own numbering may go on past the clause number first ("Section 7-101 of the New York
# General Obligations Law", "Section 101(35A) of the Code", "section 59A of the Code"), and a caption
# may shout ("ITEM 601(b) OF REGULATION S-K").
_SUB_PARTS = rb"[ \t,]*(?:\([^()\n]{1,100}\)[ \t]*)*"  # ", (a)(ii) ", or a title
_EXTERNAL = re.compile(
    rb"(?:-[0-9][\w.]*|[A-Za-z]{1,2}\b)?" + _SUB_PARTS +
    # "Articles 27-2 through 27-22 of the FIEL", "articles L.251-1 to L251-23 of the French Commercial
    # Code": a range in the statute's numbering; "Article 24, Paragraph 1 of the FIEL": a part of it.
    rb"(?:(?:through|to)[ \t]+[A-Z]?[0-9][\w.-]*[ \t]*)?"
    rb"(?:(?i:paragraph|item|subsection)[ \t]+[0-9a-z]{1,3}\b[ \t]*)?" +
    # "Section 13 or Section 16 of the Exchange Act": a list whose last citation names the instrument;
    # "Section 10.2 (Governing Law) through Section 10.19 (Mutual Drafting) of the Separation
    # Agreement": a range, its ends titled; "Section 6.4 (Record Retention), Section 6.5 (Limitation
    # of Liability), ... and Section 6.10 (Protective Arrangements) of the Separation Agreement".
    rb"(?:(?:,[ \t]*)?(?:(?:and|or|and/or|through|to)[ \t]+)?(?i:sections?|\xa7)[ \t]*[0-9][\w.()]*" + _SUB_PARTS + rb")*"
    # "Sections 4.3(a)-(i) of Article 4 of the APA": the instrument named after the article.
    rb"(?:-?(?:\([^()\n]{1,8}\))+[ \t]*)?(?:(?:of|in)[ \t]+(?i:article)[ \t]+[0-9IVXL]{1,6}[ \t]+)?"
    # PDF extraction may run "of" and "the" together ("... and/or (i) ofthe Credit Agreement").
    rb"(?:\r?\n[ \t]*)?(?:(?:of|under|in|OF|UNDER)" + LINE_BLANKS + rb"(?:the" + LINE_BLANKS + rb"|THE" + LINE_BLANKS
    + rb")?|(?:of|under|in)the" + LINE_BLANKS + rb")"
    rb"(?!(?i:exhibit|schedule|annex|appendix|attachment|article|section|agreement|this|these|such)s?\b)"
    # "Section 4.3.7 of [X962]": a text a specification lists by its tag.
    rb"(?:[A-Z0-9][\w.&'-]*|U\.S\.C\.|title|\[[A-Za-z][\w.-]{0,30}\])"
    # "Section 47, Township 4 South, Range 10 East": a parcel of land, not a clause.
    rb"|,?[ \t]*Township\b"
    # "Section 51-19-09, N.D.C.C.": a code named by its initials.
    rb"|(?:-[0-9][\w.-]*)?,[ \t]*[A-Z]\.(?:[A-Z]\.)+"
    # "pursuant to Section 9.02(c)(iii) thereof": of the instrument just named ("hereof" cites this one).
    rb"|" + _SUB_PARTS + rb"(?:thereof|THEREOF)\b"
)
# "Treasury Regulation Section 1.409A", "Rule 10b-5 and Regulation Section 2520", "Minn. Stat. §
# 80C.21", "41 CFR §60-250.5", "Regulation S-K, Item 601", "General Business Law, Article 33", "FAR
# Section 12.212", "Pub. L. No. 111-5, Section 1553", "QFCP-RC Tariff Section H": a statute's (or a
# tariff's) own numbering, named just before the keyword.
_STATUTE_BEFORE = re.compile(
    rb"(?:(?:Regulations?|Code|Act|Rules?|U\.S\.C\.|USC|C\.[ \t]?F\.[ \t]?R\.|CFR|Law|Statutes?|Stat\.|Tariff),?"
    rb"|Regulation[ \t]+[A-Z][A-Z0-9-]*,|Code[ \t]+Title[ \t]+[0-9]+,"
    rb"|\bD?FARS?|L\.[ \t]+No\.[ \t]+[0-9-]+,)[ \t]+\Z"
)
# "Schedule 13D", "Schedule 14A", "Schedule TO": forms a filer sends the SEC, not attachments.
_SEC_FORM = re.compile(rb"(?i:schedule)[ \t]+(?:1[34][A-Za-z]\b|TO\b|14D-9\b)")
# "Article 6 of Schedule 1", "Section 5(a) of EXHIBIT D", "SECTION II - Sale of IBM Services in
# Supplement 1 to Attachment 1": a part of an attachment, numbered on its own. Group "kw" and "label"
# name the attachment.
_IN_ATTACHMENT = re.compile(
    r"(?:[ \t]*(?:--?|–|—)[ \t]*[A-Za-z][^,.;:()\n]{0,60}?)?[ \t,]+(?:in|of|to|under)[ \t]+(?:the[ \t]+)?"
    r"(?P<kw>(?i:supplement|attachment|exhibit|schedule|annex|appendix|addendum))[ \t]+[\"“]?"
    r"(?P<label>[A-Z0-9](?:[A-Za-z0-9-]|\.(?=[0-9]))*)")
_IN_ATTACHMENT_REACH = 80
# "Article 166, Paragraph 1 of the FIEL": a paragraph of the article just cited, no clause of its own.
_PART_OF_CITED = re.compile(rb"(?i:article|section)[ \t]+[0-9IVXL.]{1,8},[ \t]*\Z")
# A run-in heading ("... as follows: Section 1.1. License Grant. Subject to"): a citation shape that
# opens a sentence and ends with a period before a capitalised word.
_RUN_IN = re.compile(rb"\.[ \t]*(?:[A-Z\"]|\r?\n|$)", re.MULTILINE)
# "Exhibit 10.1     DISTRIBUTOR AGREEMENT": a caption alone at the start of a line.
_CAPTION_TAIL = re.compile(rb"[ \t]*(?:\r?\n|$)|[ \t]{2,}|[ \t]+[A-Z]{2,}\b", re.MULTILINE)
_PART = re.compile(_SUB.decode() + "+$")


def label_key(kind: str, label: str) -> str:
    """Canonical key of a cited or heading label: "article:4" for "Article IV" and "Article 4",
    "number:5.2" for "Section 5.2" and "5.2.", "exhibit:a" for "Exhibit A"."""
    label = label.strip().rstrip(".").casefold()
    if kind in _ATTACHED:
        return f"{kind}:{label}"
    if kind == "article":
        number = roman_value(label)
        return f"article:{number if number is not None else label}"
    return f"number:{label}"


def _item_key(number: str) -> str:
    """The key of an item's heading and of its citations: "item:3" for "Item 3" and "Item III"."""
    value = roman_value(number) if not number[:1].isdigit() else None
    return f"item:{value if value is not None else number.casefold()}"


# "Schedule 1.1(e)": an attachment numbered by the clause that cites it, and the item there.
_HEADING_LABEL = re.compile(
    r"^\s*(?:(?P<kw>(?i:section|article|exhibit|schedule|annex|appendix|attachment))\s+|\u00a7\s*)?[\"']?"
    r"(?P<number>[\dIVXLivxl]+(?:\.\d+)*(?:\([a-z0-9]{1,3}\))?|[A-Z](?:(?:\.\d+)+|-?\d+)?)[\"']?\.?\s*$"
)
_TITLE_LABEL = re.compile(
    r"^\s*(?P<kw>(?i:exhibit|schedule|annex|appendix|attachment|article|section))\s+[\"']?"
    r"(?P<number>[\dIVXLivxl]+(?:\.\d+)*|[A-Z](?:-?\d+)?)\b"
)


_TITLE_HEADS = frozenset(["exh", "sch", "ann", "app", "att", "art", "sec"])


def forget_heading_keys() -> None:
    """Let go of the citation keys remembered for headings (about 3 MB for the 11,000 headings of
    a 10 MB contract); the next outline's resolution makes them again."""
    _node_keys.cache_clear()


def _title_label(title: str) -> re.Match[str] | None:
    # Most titles open with no citation keyword: a look at three letters spares the pattern.
    return _TITLE_LABEL.match(title) if title.lstrip()[:3].lower() in _TITLE_HEADS else None


@lru_cache(maxsize=1 << 16)
def _node_keys(label: str, title: str) -> tuple[str, ...]:
    """Every key a citation of a node with this label and title may take (kept for the next
    outline: an edit leaves nearly every heading as it was)."""
    if label.startswith("Item "):
        return (_item_key(label[5:]),)  # "Item 7" of a filing, "Item Three" of a translated contract
    titled = _title_label(title)
    if label[:1].isdigit() and label.replace(".", "").isdigit() and not titled:
        # The common case, "5.2": a clause number (a bare "5" may also be cited as Article 5).
        number = label.rstrip(".")
        if "." not in number:
            return (f"number:{number}", f"article:{number}")
        whole = _whole(number)
        if whole:
            return (f"number:{number}", f"number:{whole}", f"article:{whole}")
        return (f"number:{number}",)
    keys: list[str] = []
    for m in (_HEADING_LABEL.match(label) if label else None, titled):
        if not m:
            continue
        kw = (m.group("kw") or "").casefold()
        number = m.group("number")
        if kw in _ATTACHED:
            keys.append(label_key(kw, number))
        elif kw == "article" or (not kw and roman_value(number) is not None and not number.isdigit()):
            keys.append(label_key("article", number))
            keys.append(label_key("section", number))
            value = roman_value(number) if not number.isdigit() else None
            if value is not None:
                keys.append(f"number:{value}")  # "Section 3" of a text in articles cites ARTICLE III
        else:
            keys.append(label_key("section", number))
            whole = _whole(number) if "." in number else number
            if whole and whole != number:
                keys.append(label_key("section", whole))  # "Section 19.0" heads clause 19
            if whole:
                keys.append(label_key("article", whole))
    return tuple(keys)


def cited_by_label(label: str, title: str, kind: str) -> str | None:
    """The number a citation of ``kind`` ("section", "article", "exhibit", ...) writes to cite a
    heading by its label ("5.2" of "Section 5.2" or "5.2.", "V" of "Article V"), or None when a
    citation of that kind does not read the label so."""
    if kind == "item":
        return label[5:] if label.startswith("Item ") else None
    m = _HEADING_LABEL.match(label)
    if m is None:
        return None
    number, key = m.group("number"), label_key(kind, m.group("number"))
    keys = _node_keys(label, title)
    # As the label reads, or a clause numbered alone cited as an article ("Article 5" of "5.").
    return number if keys and (key == keys[0] or (kind == "article" and key in keys)) else None


def _whole(number: str) -> str:
    """The clause that a number ending in zeros heads ("7" of "7.0" and "7.00"), or ""."""
    whole = number.rstrip("0").rstrip(".")
    return whole if "." not in whole and number[len(whole) + 1 :].strip("0") == "" else ""


class LabelIndex:
    """Outline nodes by citation key (first node wins for a duplicated label)."""

    def __init__(self, nodes: Sequence[OutlinePart]):
        self.nodes = nodes
        self._exact: dict[str, int] = {}
        self._loose: dict[str, int] = {}
        self._resolved: dict[tuple[str, str], tuple[int | None, bool]] = {}  # most labels are cited often
        self._citable: dict[str, list[tuple[str, int]]] = {}
        for node in nodes:
            for i, key in enumerate(_node_keys(node.label or "", node.title)):
                # The first key is what the label says; later ones are readings a citation may use.
                (self._exact if i == 0 else self._loose).setdefault(key, node.index)

    def moved_to(self, nodes: Sequence[OutlinePart]) -> LabelIndex:
        """This index for ``nodes``, an outline that is this one's moved by an edit (the same labels,
        titles and parents in the same order): what it found by key, by node index, stays found."""
        moved = copy.copy(self)
        moved.nodes = nodes
        return moved

    @cached_property
    def _every(self) -> dict[str, list[int]]:
        """Every node by each key a citation of it may take, in document order."""
        out: dict[str, list[int]] = {}
        for node in self.nodes:
            for key in _node_keys(node.label or "", node.title):
                out.setdefault(key, []).append(node.index)
        return out

    def within(self, scope: str, kind: str, label: str) -> tuple[int | None, bool]:
        """The part of the attachment ``scope`` that a citation names and whether it is the cited
        part itself; the attachment itself when none of its parts is (None: no such attachment).
        Of attachments with one label ("APPENDIX A" of two attachments), the first holding the part."""
        keys = [label_key(kind, label)] + ([label_key("section", label)] if kind == "article" else [])
        for at in self._every.get(scope, ()):
            outer = self.nodes[at]
            for key in keys:
                for i in self._every.get(key, ()):
                    if outer.start <= self.nodes[i].heading_start < outer.end and i != at:
                        return i, True
        return self._labelled(scope), False

    def citable(self, kind: str) -> list[tuple[str, int]]:
        """(number, node index) of each node that a citation of ``kind`` writing that number
        reaches, in text order ("5.2" of "Section 5.2"; a label given twice, its first node)."""
        found = self._citable.get(kind)
        if found is None:
            numbers = ((cited_by_label(node.label or "", node.title, kind), node.index) for node in self.nodes)
            found = self._citable[kind] = [(number, index) for number, index in numbers
                                           if number is not None and self.resolve(kind, number)[0] == index]
        return found

    def _labelled(self, key: str) -> int | None:
        """The first node whose label reads ``key``, as it says or as a citation may read it."""
        return self._exact.get(key, self._loose.get(key))

    def resolve(self, kind: str, label: str) -> tuple[int | None, bool]:
        """The node a citation names and whether it is the cited part itself (not an ancestor)."""
        found = self._resolved.get((kind, label))
        if found is None:
            found = self._resolved[kind, label] = self._resolve(kind, label)
        return found

    @cached_property
    def _implied(self) -> dict[str, int]:
        """Titled clauses by the number that extraction lost ("number:4.1"), read at the first miss."""
        return {label_key("section", number): index for index, number in implied_numbers(self.nodes).items()}

    def _resolve(self, kind: str, label: str) -> tuple[int | None, bool]:
        if kind == "item":
            # A text in items cites them ("Item 3"); elsewhere an item is cited as a numbered clause.
            found = self._labelled(_item_key(label))
            if found is not None:
                return found, True
        key = label_key(kind, label)
        found = self._labelled(key)
        if found is None and kind != "article":
            found = self._implied.get(key)
        if found is not None:
            return found, True
        if kind in _ATTACHED:
            # "Appendix B.4": clause 4 of Appendix B, numbered under it ("B.4.  Cipher Suites"), or the
            # appendix, which holds it.
            letter, dot, _ = label.partition(".")
            if dot and letter.isdigit():
                # "Appendix 19.4" of a text whose section "19 Appendices" numbers them: its clause.
                part = self._labelled(label_key("section", letter))
                if part is not None and _own_title(self.nodes[part]) == _GATHERED[kind]:
                    return self.resolve("section", label)
                return None, False
            if not dot or len(letter) != 1 or not letter.isalpha():
                return None, False
            found = self._labelled(label_key("section", label))
            if found is not None:
                return found, True
            found = self._labelled(label_key(kind, letter))
            return found, False
        if kind == "article" and "." in label:  # "Article 1.6" cites clause 1.6
            return self.resolve("section", label)
        if kind == "article":
            return None, False
        # "Section 5.2.3" with no heading of its own: the nearest numbered ancestor holds it.
        parts = label.rstrip(".").split(".")
        for n in range(len(parts) - 1, 0, -1):
            found = self._labelled(label_key(kind, ".".join(parts[:n])))
            if found is not None:
                # "Section D.4" of a text whose part "D." numbers its clauses "1.", "2.": its clause 4.
                clause = self._numbered_within(found, parts[n:]) if parts[0].isalpha() else None
                return (clause, True) if clause is not None else (found, False)
        # "Section 5" whose heading the text lacks while its clauses 5.1, 5.2 ... stand: the first.
        return self._first_clauses.get(key), False

    def _numbered_within(self, at: int, numbers: Sequence[str]) -> int | None:
        """The node reached from node ``at`` by each of ``numbers`` in turn, each the label of a
        child of the node before ("4" of "D"), or None."""
        for number in numbers:
            child = self._children.get((at, number))
            if child is None:
                return None
            at = child
        return at

    @cached_property
    def _children(self) -> dict[tuple[int, str], int]:
        """Each node by its parent and its label's number ((index of "D.", "4") -> "4."), the first
        of a label; read at the first citation that needs it."""
        out: dict[tuple[int, str], int] = {}
        for node in self.nodes:
            if node.parent is not None and node.label:
                out.setdefault((node.parent, node.label.rstrip(".")), node.index)
        return out

    @cached_property
    def _first_clauses(self) -> dict[str, int]:
        """The first clause numbered under each number ("number:5" -> the node of "5.1"), read at
        the first citation that nothing else resolves."""
        out: dict[str, int] = {}
        for node in self.nodes:
            number = (node.label or "").rstrip(".")
            if "." in number and number[:1].isdigit():
                out.setdefault(label_key("section", number.rsplit(".", 1)[0]), node.index)
        return out


def _own_title(node: OutlinePart) -> str:
    """A node's title without its label, casefolded ("appendices" of "19 Appendices")."""
    return after_label(node.title, node.label or "").strip(" .:").casefold()


def _split(number: str) -> tuple[str, str]:
    """("5.2", "(a)(i)") from "5.2(a)(i)"; ("", "(b)") from "(b)"."""
    m = _PART.search(number) if "(" in number else None
    if not m:
        return number.strip().rstrip("."), ""
    return number[: m.start()].strip().rstrip("."), m.group(0).replace(" ", "").replace("\t", "")


def references_in(
    text: str,
    nodes: Sequence[OutlinePart],
    start: int = 0,
    end: int | None = None,
    view: bytes | None = None,
    resolver: _Resolver | None = None,
    words: WordSpans | None = None,
) -> list[Reference]:
    """Cross-references whose citation (or Markdown link to a heading) starts in [start, end), in text
    order, each resolved against `nodes`; citations of other instruments and headings' own numbers
    are left out. `view` is `byte_view(text)` when the caller has it already."""
    v = byte_view(text) if view is None else view
    stop = len(text) if end is None else min(end, len(text))
    outline = resolver or _Resolver(nodes, v, text)
    # "[top](#)" leads to the text's top, no heading.
    out: list[Reference] = [outline.anchored(s, e, text[s + 1 : e]) for s, e in fragment_links(v, start, stop) if e - s > 1]
    anchored = len(out)
    found = words(tuple(_WORD_PREFIXES.values())) if words is not None else None
    spans = dict(zip(_WORD_PREFIXES, found)) if found is not None else None
    for pos in _keyword_starts(v, start, stop, spans):
        m = _CITATION.match(v, pos)
        if m is None or m.start() in outline.headings or _is_heading(v, m) or _EXTERNAL.match(v, m.end()):
            continue
        if _STATUTE_BEFORE.search(v, max(0, pos - 24), pos) or _SEC_FORM.match(v, pos):
            continue
        kind = _KINDS[m.group("kw").decode("latin-1").lower()]
        if kind == "paragraph" and _PART_OF_CITED.search(v, max(0, pos - 24), pos):
            continue
        within = _IN_ATTACHMENT.match(text, m.end(), min(len(text), m.end() + _IN_ATTACHMENT_REACH))
        scope = f"{within.group('kw').lower()}:{within.group('label').casefold()}" if within and kind not in _ATTACHED else ""
        link = link_destination(v, m.start(), m.end())
        if link is not None and link[0] < link[1] and not v.startswith(b"#", link[0]):  # "#..." is here
            scope = "link:" + text[link[0] : link[1]]
        first = _resolve(text, m.start(), m.end("first"), m.group("first"), kind, outline, scope)
        out.append(first)
        previous = first
        more = m.span("more")
        for item in _LIST_ITEM.finditer(v, *more) if more[0] < more[1] else ():
            number = item.group("number")
            if number.lstrip()[:1] == b"(":
                # "Section 6(a) and (b)" lists parts of 6; in "Section 8 or (ii) a sublicensee" the
                # "(ii)" numbers the sentence's own alternatives.
                if not previous.part:
                    break
                number = previous.label.encode("latin-1", "replace") + number
            ref = _resolve(text, item.start("number"), item.end("number"), number, kind, outline, scope)
            out.append(ref)
            previous = ref
    if anchored and len(out) > anchored:
        out.sort(key=attrgetter("start"))  # links and citations were found apart
    return out


class _Clauses:
    """Where numbered clauses open in the text, looked up by number: "5.2" opening a line or a
    sentence, maybe after "Section", then a period or a space. Only the text within `_NEAR`
    characters of the citation is searched: a clause lives in the same agreement as its citation,
    and a whole-text scan per cited number is too slow on a long text."""

    _NEAR = 150_000
    # Each number is scanned for once per stretch of this size; a window joins the stretches it meets.
    _STRETCH = 50_000
    # How far a match and its checks read past the window: the words that may open the clause
    # before the number, the period and space after it.
    _MARGIN = 16

    def __init__(self, view: bytes):
        self.view = view
        self.cache: dict[tuple[bytes, int], list[tuple[int, int]]] = {}
        self.patterns: dict[bytes, re.Pattern[bytes]] = {}
        self.numbered: dict[int, dict[bytes, list[tuple[int, int]]]] = {}
        self.asked: dict[int, int] = {}  # how many numbers each stretch was scanned for

    @classmethod
    def reach(cls, label: str, start: int, end: int) -> tuple[int, int] | None:
        """The stretch of text whose content decides :meth:`find` for a citation of a numbered
        clause at [start, end) (None: it may read further, as a lettered paragraph's line does)."""
        if not label[:1].isdigit():
            return None
        return start - cls._NEAR - cls._MARGIN, end + cls._NEAR + len(label) + cls._MARGIN

    def find(self, label: str, start: int, end: int) -> int | None:
        """The first clause numbered `label` within `_NEAR` characters of the citation at
        [start, end), never the citation itself. The window is set by where the citation stands,
        so the answer is the same whatever order citations are resolved in, and an edit away
        from the window leaves it as it was."""
        number = label.encode("latin-1", "replace")
        if not (number[:1].isdigit() or _LETTER.fullmatch(number)):
            return None
        lo = max(0, start - self._NEAR)
        hi = min(len(self.view), end + self._NEAR)
        size = self._STRETCH
        plain = _PLAIN_NUMBER.fullmatch(number) is not None
        for stretch in range(lo // size, (hi - 1) // size + 1):
            if plain and stretch in self.numbered:
                openings = self.numbered[stretch].get(number, ())
            elif (openings := self.cache.get((number, stretch))) is None:
                asked = self.asked[stretch] = self.asked.get(stretch, 0) + 1
                if plain and asked > _NUMBERS_SCANNED_APART:
                    openings = self._numbered(stretch).get(number, ())
                else:
                    a = stretch * size
                    # A match may run on a little past its stretch: only where it starts decides.
                    openings = self.cache[number, stretch] = [o for o in self._openings(number, a, a + size + 64)
                                                              if o[0] < a + size]
            for at, opened in openings:
                if lo <= at < hi and not start <= at < end:
                    return opened
        return None

    def _numbered(self, stretch: int) -> dict[bytes, list[tuple[int, int]]]:
        """The openings of the stretch's clauses by number, for numbers of digits, letters and
        periods: the same as `_openings` gives for each, read in one pass (a long text may cite
        thousands of numbers, each of which `_openings` would read the stretch for)."""
        v, found = self.view, {}
        a = stretch * self._STRETCH
        for m in _CLAUSE_NUMBER.finditer(v, a, a + self._STRETCH + 64):
            at = m.start()
            if at >= a + self._STRETCH:
                break
            # After a blank or a line break only; checked here, as a pattern opening with the
            # check would be tried at every place of the stretch (three times as long).
            if at and v[at - 1] not in _CLAUSE_NUMBER_AFTER:
                continue
            lead = _CLAUSE_OPENS.search(v, max(0, at - 14), at)
            if lead is not None:
                found.setdefault(m.group(), []).append((at, lead.start("kw") if lead.group("kw") else at))
        self.numbered[stretch] = found
        return found

    def _openings(self, number: bytes, lo: int, hi: int) -> list[tuple[int, int]]:
        """(number's position, where its clause opens) of every clause numbered `number` in [lo, hi)."""
        v = self.view
        if not number[:1].isdigit():
            return self._lettered(number, lo, hi)
        pattern = self.patterns.get(number)
        if pattern is None:
            # The number, then a space or a period and a space: scanned for in C, checked after.
            pattern = self.patterns[number] = re.compile(re.escape(number) + rb"(?=[ \t]|\.[ \t\r\n])")
        found: list[tuple[int, int]] = []
        for m in pattern.finditer(v, lo, hi):
            at = m.start()
            lead = _CLAUSE_OPENS.search(v, max(0, at - 14), at)
            if lead is not None:
                found.append((at, lead.start("kw") if lead.group("kw") else at))
        return found


    def _lettered(self, letter: bytes, lo: int, hi: int) -> list[tuple[int, int]]:
        """Lettered paragraphs ("A. Seller makes ...", "(B) WHEREAS"): the letter opening a line, or
        run on after a colon or a sentence's end and a wide gap, where PDF extraction joined the
        lines ("... with reference to the following facts:   A. We are in the business ...")."""
        pattern = self.patterns.get(letter)
        if pattern is None:
            pattern = self.patterns[letter] = re.compile(letter + rb"[.)][ \t]")
        v = self.view
        found = []
        for m in pattern.finditer(v, lo, hi):
            at = m.start()
            opens = at - 1 if at and v[at - 1] == 0x28 else at  # "(B)" opens at its "("
            if _last_on_line(v, opens, b" \t") < 0 or _RUN_ON_LETTER.search(v, max(0, opens - 40), opens):
                found.append((opens, opens))
        return found


# What may stand before a clause number that opens a clause: a line start, the end of a sentence
# or of a run-in heading ("4. Termination. 4.1 The term", "ARTICLE 2. LICENSE GRANT 2.1 Licensor"),
# maybe "Section".
_LETTER = re.compile(rb"[A-Z]")
_RUN_ON_LETTER = re.compile(rb"[.:;][ \t]{3,}\Z")
_CLAUSE_OPENS = re.compile(rb"(?:^|\n|[.:;\]][ \t]+|\b[A-Z]{2,}[ \t]+)[ \t]*(?P<kw>(?i:section)[ \t]+)?\Z")
# A clause number as `_Clauses._openings` finds one: the shortest run of digits, letters and periods
# with a space or a period and a space after it, where a clause may open (after one of these); and
# the numbers it stands for, those that end in no period. A stretch is read for every such number
# once this many were looked for in it apart (one pass costs about as much as fourteen).
_CLAUSE_NUMBER = re.compile(rb"[0-9][0-9A-Za-z.]*?(?=[ \t]|\.[ \t\r\n])")
_CLAUSE_NUMBER_AFTER = frozenset(b" \t\n")
_PLAIN_NUMBER = re.compile(rb"[0-9](?:[0-9A-Za-z.]*[0-9A-Za-z])?")
_NUMBERS_SCANNED_APART = 16


def _keyword_starts(v: bytes, start: int, stop: int,
                    spans: dict[bytes, Iterable[tuple[int, int]]] | None = None) -> list[int]:
    """Offsets in [start, stop) where a citation keyword starts as a word, in order; `spans` bound
    where the words of a stem can stand (a stem it leaves out is sought everywhere)."""
    lower = v[start:stop].lower()
    found = []
    everywhere = ((start, stop),)
    for stem in _STEMS:
        for lo, hi in spans.get(stem, everywhere) if spans is not None else everywhere:
            lo, hi = max(lo, start) - start, min(hi, stop) - start
            at = lower.find(stem, lo, hi)
            while at >= 0:
                # "subsection", "subparagraph": the keyword starts at "sub".
                word = at - 3 if at >= 3 and lower[at - 3 : at] == b"sub" else at
                if word == 0:
                    found.append(start)
                elif stem == b"\xa7":
                    if lower[word - 1] != 0xA7:  # "§§ 4" is one keyword, not a second after the first
                        found.append(start + word)
                elif not (chr(lower[word - 1]).isalnum() or lower[word - 1] in b"_-"):
                    found.append(start + word)
                at = lower.find(stem, at + len(stem), hi)
    found.sort()
    return found


def _is_heading(v: bytes, m: re.Match[bytes]) -> bool:
    """A citation shape that is a heading: "EXHIBIT A" opening a line, or a numbered run-in heading
    ("... as follows: Section 1.1. License Grant. Subject to") opening a sentence."""
    before = _last_on_line(v, m.start())
    if before < 0 and sentence_runs_into(v, v.rfind(b"\n", 0, m.start()) + 1):
        return False  # "as provided for in" over "Section 7.1. Life Technologies will ..."
    opens = before < 0 or before in b".:;)]"
    kw = m.group("kw")
    if before < 0 and ((kw.isupper() and len(kw) > 2) or _CAPTION_TAIL.match(v, m.end()) is not None):
        return True
    return opens and not m.group("more") and _RUN_IN.match(v, m.end("first")) is not None


def _last_on_line(v: bytes, at: int, spaces: bytes | None = None) -> int:
    """The last byte before ``at`` on its line that ``bytes.rstrip(spaces)`` keeps, or -1 when
    only such spaces stand there; it reads back over those spaces alone, so a look-up deep in a
    line of megabytes costs no more than one near its start."""
    end = at
    while True:
        lo = max(0, end - 64)
        chunk = v[lo:end]
        line = chunk.rfind(b"\n")
        tail = chunk[line + 1 :].rstrip(spaces)
        if tail:
            return tail[-1]
        if line >= 0 or lo == 0:
            return -1
        end = lo


class _Enclosing:
    """Innermost node around an offset (for "paragraph (b)", cited relative to where it stands)."""

    def __init__(self, nodes: Sequence[OutlinePart]):
        # An outline lists its nodes in this order already: checked, not sorted again.
        in_order = all(a.start < b.start for a, b in zip(nodes, nodes[1:]))
        self.nodes = list(nodes) if in_order else sorted(nodes, key=lambda n: (n.start, -n.end))
        self.starts = [n.start for n in self.nodes]
        self.by_index = {n.index: n for n in nodes}

    def at(self, offset: int) -> OutlinePart | None:
        # Parts nest: the innermost one holding offset is the last opened before it, or one of
        # that node's ancestors.
        i = bisect.bisect_right(self.starts, offset) - 1
        node = self.nodes[i] if i >= 0 else None
        while node is not None and not node.start <= offset < node.end:
            node = self.by_index.get(node.parent) if node.parent is not None else None
        return node


_MARKDOWN_MARKS = b"#*_"
_HEADING_MARKS = re.compile(rb"(?:#{1,6}[ \t]+)?(?:\*\*|__)?")


class _Resolver:
    """What resolving citations against one outline reads, each part made when first needed: an
    edit's citations mostly keep their targets and need none of it."""

    def __init__(self, nodes: Sequence[OutlinePart], view: bytes, text: str):
        self.nodes = nodes
        self.view = view
        self.text = text

    @cached_property
    def anchors(self) -> dict[str, int]:
        return heading_anchors(self.text, self.nodes)

    def anchored(self, s: int, e: int, fragment: str) -> Reference:
        """The link whose destination ``#fragment`` spans [s, e), resolved to the heading so anchored."""
        target = self.anchors.get(fragment_anchor(fragment))
        return Reference(s, e, ANCHOR, fragment, "", target, target is not None)

    @cached_property
    def index(self) -> LabelIndex:
        return LabelIndex(self.nodes)

    @cached_property
    def enclosing(self) -> _Enclosing:
        return _Enclosing(self.nodes)

    @cached_property
    def clauses(self) -> _Clauses:
        return _Clauses(self.view)

    @cached_property
    def headings(self) -> frozenset[int]:
        """Where headings' words start, after the marks of a Markdown heading ("## ", "**"): their
        own numbers are no citations."""
        v = self.view
        return frozenset(h if v[h] not in _MARKDOWN_MARKS else _HEADING_MARKS.match(v, h).end()
                         for h in (n.heading_start for n in self.nodes))

    def located(self, ref: Reference) -> Reference:
        """A citation whose clause has no outline part of its own points at the clause in the
        text and at the innermost part holding it."""
        if ref.exact or ref.kind in _ATTACHED:
            return ref
        at = self.clauses.find(ref.label, ref.start, ref.end)
        if at is None:
            return ref
        node = self.enclosing.at(at)
        return ref._replace(target=node.index if node else ref.target, clause=at)

    def relocated(self, ref: Reference) -> Reference:
        """A citation of a part with no heading of its own, moved over an outline that only moved,
        resolved again: its clause is looked for anew (``ref.clause`` tells only whether one was
        found before); the label index is read only when a clause found before is gone."""
        if ref.clause is None:
            return self.located(ref)  # its target is what the index gives
        at = self.clauses.find(ref.label, ref.start, ref.end)
        node = self.enclosing.at(at) if at is not None else None
        if node is None:
            return self.labelled(ref.start, ref.end, ref.kind, ref.label, ref.part)
        return ref._replace(target=node.index, clause=at)

    @cached_property
    def lettered(self) -> dict[str, list[OutlinePart]]:
        """The nodes of each letter that labels more than one ("A." under clause 5 and under 8)."""
        by_label: dict[str, list[OutlinePart]] = {}
        for node in self.nodes:
            if node.label and node.label.isalpha() and node.label.isupper():
                by_label.setdefault(node.label, []).append(node)
        return {label: found for label, found in by_label.items() if len(found) > 1}

    def labelled(self, s: int, e: int, kind: str, label: str, part: str, scope: str = "") -> Reference:
        """The citation of a numbered or lettered part, resolved; a letter that several lists use
        names the item of the list whose clause holds the citation, or of the nearest one above.
        A part of an attachment (``scope``) is one of its own parts, or the attachment itself."""
        if scope:
            target, exact = self.index.within(scope, kind, label)
            return Reference(s, e, kind, label, part, target, exact, None, scope)
        target, exact = self.index.resolve(kind, label + part) if kind in _ATTACHED and part else (None, False)
        if target is None:  # "Schedule 1.1(f)" is the attachment so labelled, if one is
            target, exact = self.index.resolve(kind, label)
            itemised = target is not None and (self.enclosing.by_index[target].label or "").endswith(")")
            if part and kind in _ATTACHED and itemised:
                target, exact = None, False  # "Schedule 1.1(b)" is none of "Schedule 1.1(e)", "(f)", ...
        if target is not None and label in self.lettered and self.enclosing.by_index[target].label == label:
            target = self._nearest_lettered(label, s).index
        return self.located(Reference(s, e, kind, label, part, target, exact))

    def _nearest_lettered(self, label: str, at: int) -> OutlinePart:
        by_index = self.enclosing.by_index
        found = self.lettered[label]
        holding = [n for n in found if n.parent is None or by_index[n.parent].start <= at < by_index[n.parent].end]
        pool = holding or found
        above = [n for n in pool if n.heading_start <= at]
        return above[-1] if above else pool[0]

    def relative(self, s: int, e: int, kind: str, part: str) -> Reference:
        """A citation of sub-parts only ("paragraph (b)"): a part of the clause where it stands, the
        clause's titled item of that letter when it has one ("(b) Compulsory Disclosure")."""
        node = self.enclosing.at(s)
        while node is not None and _is_item(node) and node.parent is not None:
            node = self.enclosing.by_index[node.parent]  # cited from inside an item: its clause's part
        if node is None:
            return Reference(s, e, kind, "", part, None, False)
        item = self.items.get((node.index, part[: part.find(")") + 1]))
        return Reference(s, e, kind, "", part, node.index if item is None else item, False)

    @cached_property
    def items(self) -> dict[tuple[int, str], int]:
        """The titled items of each clause by their label: (clause index, "(b)") -> item index."""
        return {(n.parent, n.label): n.index for n in self.nodes if n.parent is not None and _is_item(n)}


def _is_item(node: OutlinePart) -> bool:
    """Whether an outline node is a clause's titled item ("(b) Compulsory Disclosure")."""
    return node.label is not None and node.label[:1] == "("


def _resolve(text: str, s: int, e: int, cited: bytes, kind: str, outline: _Resolver, scope: str = "") -> Reference:
    # A trailing period belongs to the sentence ("see Section 2.3."), not to the label.
    while e > s and text[e - 1] in ". \t":
        e -= 1
    label, part = _split(cited.decode("latin-1").replace('"', "").replace("'", ""))
    if len(label) == 1 and label.islower():
        label, part = "", f"({label}){part}"  # "paragraph g": a lettered part, written bare
    return outline.labelled(s, e, kind, label, part, scope) if label else outline.relative(s, e, kind, part)


def find_references(
    text: str, nodes: Sequence[OutlinePart], view: bytes | None = None, words: WordSpans | None = None
) -> list[Reference]:
    """Every cross-reference of the text, in order, resolved against the outline nodes; `words`,
    when given, narrows the search for each citation keyword to the spans that hold its word."""
    return references_in(text, nodes, view=view, words=words)


def references_after_edit(
    old: Sequence[Reference],
    text: str,
    start: int,
    end: int,
    new_length: int,
    nodes: Sequence[OutlinePart],
    view: bytes | None = None,
    outline_moved: bool = False,
    also: Iterable[int] = (),
) -> list[Reference]:
    """The cross-references of `text`, which is the old text with [start, end) replaced by
    `new_length` characters: citations away from the edit are shifted and resolved again against
    the new outline (kept as they were when `outline_moved`: the outline is the old one moved by
    the edit, see :func:`longdoc.outline.moved_alike`), a stretch around the edit is scanned again
    (see :mod:`longdoc.rescan`), and around each place of `also` (where a heading the edit made or
    unmade changes what is read); equal to a fresh `find_references`."""
    v = byte_view(text) if view is None else view
    outline = _Resolver(nodes, v, text)
    # Headings' anchors are made from their lines, which an outline that only moved may not keep
    # whole: its titles are cut short.
    anchors_moved = outline_moved and not _in_markdown_heading(nodes, start, start + new_length)
    found = _patched(old, text, v, outline, start, end, new_length, outline_moved, anchors_moved)
    for at in also:  # links were led to the new outline's headings above
        found = _patched(found, text, v, outline, at, at, 0, True, True)
    return found


def _patched(old: Sequence[Reference], text: str, v: bytes, outline: _Resolver, start: int, end: int,
             new_length: int, outline_moved: bool, anchors_moved: bool) -> list[Reference]:
    delta = new_length - (end - start)
    a, b, _ = rescan_span(text, v, start, start + new_length)  # a citation is read from the whole view
    a, b = _off_citations(v, a, False), _off_citations(v, b, True)

    def again(ref: Reference, shift: int) -> Reference:
        s = ref.start + shift
        # Over an outline that only moved, a citation resolves as before, unless it looked for its
        # clause in the text and the edit lies in the window it read. One scoped to an attachment
        # reads only the outline's labels and which part holds which: the same, moved.
        if ref.kind == ANCHOR and not anchors_moved:
            return outline.anchored(s, ref.end + shift, ref.label)
        if outline_moved and (ref.exact or ref.scope or ref.kind in _ATTACHED or not ref.label or _unread(ref, start, end)
                              or ref.kind == ANCHOR):
            if not shift:
                return ref
            _, e, kind, label, part, target, exact, clause, scope = ref
            if clause is not None and clause >= start:
                clause += shift
            # Thousands per edit: the named tuple's _replace costs five times a plain tuple's making.
            return tuple.__new__(Reference, (s, e + shift, kind, label, part, target, exact, clause, scope))
        if outline_moved:
            return outline.relocated(ref._replace(start=s, end=ref.end + shift) if shift else ref)
        if ref.label:
            return outline.labelled(s, ref.end + shift, ref.kind, ref.label, ref.part, ref.scope)
        return outline.relative(s, ref.end + shift, ref.kind, ref.part)

    return [
        *(again(r, 0) for r in old if r.start < a),
        *references_in(text, outline.nodes, a, b, v, outline),
        *(again(r, delta) for r in old if r.start >= b - delta),
    ]


def _in_markdown_heading(nodes: Sequence[OutlinePart], start: int, end: int) -> bool:
    """Whether [start, end] meets the line of one of the Markdown headings among ``nodes``."""
    j = bisect.bisect_right(nodes, end, key=_HEADING_START) - 1
    while j >= 0 and nodes[j].heading_end >= start:  # headings' lines are apart, in order
        if nodes[j].kind in MARKDOWN_KINDS:
            return True
        j -= 1
    return False


_HEADING_START = attrgetter("heading_start")


def _off_citations(v: bytes, at: int, forward: bool) -> int:
    """``at``, or, where a citation and the items listed after it run over it ("Section 7.3.1(ii)
    and (iii)", cut at "7.3.1"), its keyword's start (or, ``forward``, its end): its items are
    found again with it, or kept with it."""
    while True:
        over = [m for p in _keyword_starts(v, max(0, at - _LIST_REACH), at)
                if (m := _CITATION.match(v, p)) is not None and m.end() > at]
        if not over:
            return at
        at = max(m.end() for m in over) if forward else min(m.start() for m in over)


# How far before a place the keyword of a list of citations running over it may stand.
_LIST_REACH = 4096


def _unread(ref: Reference, start: int, end: int) -> bool:
    """Whether the search for a citation's clause in the text read nothing of [start, end)."""
    reach = _Clauses.reach(ref.label, ref.start, ref.end)
    return reach is not None and (end < reach[0] or start > reach[1])
