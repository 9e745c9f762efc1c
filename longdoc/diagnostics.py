"""Drafting diagnostics of a contract: broken cross-references, numbering gaps and duplicates,
terms defined twice or never used, and capitalised phrases used as if defined.

Pure functions over a text, its outline nodes, definitions and references. A :class:`Diagnosis`
keeps what the costly rules found (where each defined term is used, where each capitalised phrase
first occurs), so the diagnosis of an edited text reads again only around the edit.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from .anchors import declared_anchors, fragment_anchor, heading_anchors
from .cited_titles import mistitled_citations
from .contents import is_contents_line
from .definitions import Definition, byte_view, has_definitions_part
from .forms import singular, written_forms
from .headings import ATTACHMENT_LABEL, CITING_WORD, FILING_EXHIBIT_RE
from .incorporation import borrowing_spans, incorporations
from .names import ClauseNames, clause_names, names_clause
from .numbering import clause_number, implied_numbers, number_written
from .references import ANCHOR, OutlinePart, Reference
from .spelling import Spelling
from .titles import after_label, is_short_title, shortened
from .uses import first_use, use_near, use_reach

__all__ = ["ERROR", "HINT", "INFORMATION", "RELATED_NOTE", "WARNING", "Diagnosis", "Diagnostic", "diagnosis"]

ERROR, WARNING, INFORMATION, HINT = "error", "warning", "information", "hint"


class Diagnostic(NamedTuple):
    """One finding: the span it concerns, a severity ("error", "warning", "information", "hint"),
    a stable `code` naming the rule, a message a lawyer understands, the other spans the same
    finding concerns (each citation after the first of a missing attachment), in text order, and
    the text that would mend it, where one is likely (the defined term a phrase misspells)."""

    start: int
    end: int
    severity: str
    code: str
    message: str
    related: tuple[tuple[int, int], ...] = ()
    replacement: str | None = None  # what a quick fix writes over the span (the term it misspells)


# What each related span of a finding is, by the finding's code.
RELATED_NOTE = {"missing-attachment": "also referred to here"}

_UNIT = {"section": "Section", "article": "Article", "clause": "clause", "paragraph": "paragraph",
         "exhibit": "Exhibit", "schedule": "Schedule", "annex": "Annex", "appendix": "Appendix",
         "attachment": "Attachment", "item": "item"}
_ATTACHED = {"exhibit", "schedule", "annex", "appendix", "attachment"}
# "the Licensed Products", "such Competing Business": a capitalised phrase after a determiner reads
# as a defined term. One pattern per determiner, because a pattern opening with a literal is
# scanned for much faster than an alternation.
_DETERMINERS = (b"the", b"such", b"any", b"each", b"said")
# The words are taken whole (an atomic group, written as a look-ahead and its back-reference for
# Python 3.10): a phrase defined right there ("the Put Closing Date (the ...") or longer than four
# words is no hint, rather than a hint about its first words, nor is one that goes on with "and"
# and a capitalised word or with an acronym ("the Occupational Safety and Health Administration",
# "the Third Supplemental MOU"), or with a preposition and a capitalised word, as the names of
# statutes, offices, programmes and courts go on ("the Age Discrimination in Employment Act", "the
# Assistant Secretary for Preparedness", "the Thirteenth Judicial Circuit in and for Hillsborough
# County", "the Reuters Screen LIBOR01 Page"): the start of a longer name. (A term used so once is
# hinted where it is used otherwise.) A word may be hyphenated ("the
# Licensed Know-How"), rather than cut at its hyphen; a phrase that goes on in lower case after a
# hyphen ("the Licensee Know-how", "the Third Party-owned") is none, nor one that goes on after a
# slash ("the Initial Japan/China Payment"), nor one whose possessive a capitalised word follows
# ("the Supreme People's Court": a name).
_PHRASE_WORD = rb"[A-Z][a-z]+(?:-[A-Z][a-z]*)*"
# What may stand between a phrase and the words that go on with it: blanks, or a line break where a
# plain text wraps its lines ("the Appropriate Legal" over "Notices").
_WRAP = rb"[ \t]*(?:\r?\n[ \t]*)?"
_PHRASES = tuple(
    re.compile(
        determiner + rb"[ \t]+(?=(" + _PHRASE_WORD + rb"(?:[ \t]+(?:of[ \t]+)?" + _PHRASE_WORD + rb"){1,3}))\1\b"
        rb"(?!" + _WRAP + rb"[(\"])(?!" + _WRAP + rb"(?:(?:of|and|&|in|for|on|to|in[ \t]+and[ \t]+for)[ \t]+)?[A-Z][a-z]|"
        + _WRAP + rb"[A-Z]{2,}(?:\b|\d))(?!-|/[A-Z])"
        rb"(?!'s?[ \t]+[A-Z])"
    )
    for determiner in _DETERMINERS
)
# Proper names and calendar words that are capitalised without being defined terms.
_NOT_TERMS = frozenset(
    ["United", "States", "Kingdom", "America", "American", "New", "York", "Delaware", "California", "Nevada", "Texas", "Florida", "Street", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Securities", "Exchange", "Commission", "Internal", "Revenue", "Service", "Code", "Act", "Court", "Courts", "State", "States", "Federal", "County", "City", "Republic", "Government", "Law", "Laws", "Section", "Sections", "Article", "Articles", "Exhibit", "Schedule", "Annex", "Appendix", "Party", "Parties", "Agreement", "Inc", "Corporation", "Company", "Limited", "Incorporated", "Board", "Directors", "Chief", "Executive", "Officer", "President"]
    # Institutions and the rules they publish: "International Chamber of Commerce", "European Union",
    # "Department of Justice", "Office of Thrift Supervision", "Commercial Rules of Arbitration".
    + ["International", "European", "Union", "Nations", "Department", "Ministry", "Administration", "Chamber",
       "Commerce", "Arbitration", "Conciliation", "Association", "Institute", "Centre", "Center", "Parliament",
       "Community", "Directive", "Monetary", "Justice", "Inspector", "Comptroller", "Office", "Bureau",
       "Commissioner"]
    # Regulations by name ("the Treasury Regulations", "the General Data Protection Regulation").
    + ["Regulation", "Regulations"]
    # Places and courts' districts ("Province of Ontario", "Commonwealth of Puerto Rico", "Southern
    # District", "Cayman Islands"), and the web ("World Wide Web").
    + ["Province", "Commonwealth", "District", "Islands", "Columbia", "World", "Web"]
    # The states of the United States not named above ("the North Dakota Industrial Commission").
    + ["Alabama", "Alaska", "Arizona", "Arkansas", "Colorado", "Connecticut", "Georgia", "Hawaii", "Idaho", "Illinois",
       "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan",
       "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Hampshire", "Jersey", "Mexico", "Carolina",
       "Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode", "Tennessee", "Utah", "Vermont", "Virginia",
       "Washington", "Wisconsin", "Wyoming"]
    # Bodies that a name ends with ("the Free Software Foundation", "the University of Tennessee",
    # "the National Football League").
    + ["Foundation", "University", "League"]
)


# Words that open a sentence or a clause: one that ends a phrase opens the text after a title run
# into it ("17.1. Indemnities by the Licensor Without prejudice to ..."), no term.
_OPENERS = frozenset("As At By Except For From If In Notwithstanding On Subject To Unless Upon With Without".split())


# Spans that can hold a phrase, or None for anywhere; read lazily, so a source that makes each span
# when it is read costs little for a term found in its first spans.
Where = Callable[[str], "Iterable[tuple[int, int]] | None"]


# Per defined term: its own spans, and the start of one use elsewhere (None: used nowhere else).
TermUses = dict[str, tuple[tuple[tuple[int, int], ...], int | None]]


class Numbering(NamedTuple):
    """The numbering findings, and the stretches of text read to tell a gap from clauses that
    have no heading: all an edit can change of them when the outline only moved."""

    findings: tuple[Diagnostic, ...]
    read: tuple[tuple[int, int], ...]


class Diagnosis(NamedTuple):
    """Every finding of one version of a text, with what an edit can patch rather than find again:
    for each defined term checked, its own spans and the start of one use (None: used nowhere
    else), each capitalised phrase's first use (None: the text has no definitions part), and the
    numbering findings with what they read."""

    findings: list[Diagnostic]
    uses: TermUses
    phrases: dict[bytes, int] | None
    defined: frozenset[str]  # the defined terms the phrases were judged against
    undefined: frozenset[bytes]  # the phrases judged undefined
    numbering: Numbering
    names: ClauseNames = ClauseNames(frozenset(), frozenset())  # the clauses' names, also judged against


# An earlier version's diagnosis and the one edit from its text to this one: start and end in the
# earlier text, the length of what replaced them, and whether the outline is the earlier one moved
# by the edit (see longdoc.outline.moved_alike).
Since = tuple[Diagnosis, int, int, int, bool]


def diagnosis(
    text: str,
    nodes: Sequence[OutlinePart],
    definitions: Sequence[Definition],
    references: Sequence[Reference],
    view: bytes | None = None,
    where: Where | None = None,
    since: Since | None = None,
) -> Diagnosis:
    """Every finding of the document, ordered by position, as a :class:`Diagnosis`. `view` is
    `byte_view(text)` when the caller has it; `where(term)` gives the only spans that can hold a
    term (None: anywhere), so an index of the text spares a full scan per unused term. With
    `since`, the findings equal a fresh diagnosis, but uses and phrases are read again only around
    the edit."""
    v = byte_view(text) if view is None else view
    uses = _term_uses(text, v, definitions, where, since)
    phrases = _first_phrases(v, since) if has_definitions_part(nodes) else None
    # An outline the edit only moved holds the same titles.
    names = since[0].names if since is not None and since[4] else clause_names(nodes)
    defined = frozenset(form for d in definitions for form in written_forms(d.term))
    undefined = _undefined_phrases(phrases, defined, names, since[0] if since is not None else None)
    numbering = _numbering_moved(since) if since is not None else None
    if numbering is None:
        numbering = _numbering(text, nodes)
    instruments = _instrument_starts(nodes)
    opening = nodes[0].heading_start if nodes else len(text)  # the text's first heading
    # Parts whose undefined terms another text defines ("... have the meanings given in the Credit
    # Agreement") hint at none.
    borrowing = borrowing_spans(v, incorporations(v), instruments, opening) if phrases else []
    found = [
        *_unresolved(text, references, opening, nodes),
        *_mistitled(text, nodes, references, definitions),
        *numbering.findings,
        *_defined_twice(text, definitions, instruments),
        *_unused(uses, definitions),
        *_phrase_hints(text, v, nodes, phrases, undefined, borrowing, definitions, _title_words(text)),
    ]
    found.sort(key=lambda d: (d.start, d.end, d.code))
    return Diagnosis(found, uses, phrases, defined, undefined, numbering, names)


def _mistitled(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
               definitions: Sequence[Definition]) -> list[Diagnostic]:
    """Citations whose bracketed title is another clause's ("Section 6.2 (Effect of Termination)"
    where 6.3 is "Effect of Termination"): the number, with that clause's as its mending."""
    out = []
    for ref, title, meant in mistitled_citations(text, nodes, references, definitions):
        cited, other = nodes[ref.target], nodes[meant]
        at = number_written(text, ref.start, ref.end, clause_number(ref.label))
        written = number_written(text, other.heading_start, other.heading_end, clause_number(other.label))
        if at is None or written is None:
            continue
        own = shortened(after_label(cited.title, cited.label), 60)
        mend = text[written[0] : written[1]]
        unit = _UNIT[ref.kind]
        out.append(Diagnostic(at[0], at[1], WARNING, "mistitled-reference",
                              f"{unit[0].upper()}{unit[1:]} {ref.label} is titled \u201c{own}\u201d, not "
                              f"\u201c{title}\u201d, the title of {mend}.", replacement=mend))
    return out


def _unresolved(text: str, references: Sequence[Reference], opening: int,
                nodes: Sequence[OutlinePart]) -> list[Diagnostic]:
    out = []
    missing: dict[str, list[Reference]] = {}  # the citations of each attachment the text lacks
    confirmation = None  # read once, at the first citation it may spare
    linked: set[tuple[str, str]] = set()  # attachments a Markdown link or image gives
    anchors: dict[str, str] | None = None  # the headings' anchors, their hyphens spaces: words to spell
    declared: frozenset[str] | None = None  # the anchors the text's HTML gives
    mends: dict[str, str | None] = {}  # each broken link's fragment and the anchor it likely misspells
    for ref in references:
        if ref.kind == ANCHOR:
            if ref.target is None and ref.label:  # "#" alone leads to the top
                if declared is None:
                    declared = declared_anchors(text)
                if ref.label in declared:
                    continue
                if anchors is None:
                    anchors = {anchor.replace("-", " "): anchor for anchor in heading_anchors(text, nodes)}
                    spelling = _spelling(frozenset(anchors))
                if ref.label not in mends:  # a heading renamed leaves every link of a contents list to it
                    like = spelling.nearest(fragment_anchor(ref.label).replace("-", " ")) if anchors else None
                    mends[ref.label] = None if like is None else "#" + anchors[like]
                mend = mends[ref.label]
                ending = "." if mend is None else f"; did you mean {mend}?"
                out.append(Diagnostic(ref.start, ref.end, WARNING, "unresolved-reference",
                                      f"The link to #{ref.label} leads to no heading of this document{ending}",
                                      replacement=mend))
            continue
        if ref.clause is not None or not ref.label or ref.scope:
            if ref.scope.startswith("link:"):
                linked.add((ref.kind, ref.label))
            continue
        if ref.target is not None and (ref.exact or not _numbered_beside(nodes, ref.target, ref.label)
                                       or _written_beside_citations(text, ref.label, nodes[ref.target], references)):
            continue
        unit = _UNIT[ref.kind]
        cited = f"{unit} {ref.label}{ref.part}"
        if ref.kind in _ATTACHED:
            if not _cites_amended(text, ref.end) and not _names_itself(text, ref, opening):
                # "Schedule 1.1(b)": an attachment numbered by the clause that cites it, and its item.
                item = ref.part if ref.part.startswith("(") else ""
                missing.setdefault(f"{unit} {ref.label}{item}", []).append(ref)
        # In an amendment, a clause cited "of the Agreement" or bare is the amended agreement's.
        elif not _cites_another_text(ref.label) and (not _in_amendment(text, ref.end) or _OF_ITSELF.match(
                text, ref.end, min(len(text), ref.end + _NEAR_AGREEMENT)) is not None):
            if confirmation is None:
                confirmation = _CONFIRMATION.search(text, 0, _SELF_REACH) is not None
            if confirmation:
                continue
            # A word processor writes a cross-reference whose target it lost as "Section 0".
            lost = ", likely a cross-reference whose target was deleted" if not ref.label.strip("0.") else ""
            out.append(Diagnostic(ref.start, ref.end, WARNING, "unresolved-reference",
                                  f"{cited} is referred to, but the document has no {unit} {ref.label}{lost}."))
    # One note per attachment, at its first citation: a schedule cited fifty times is one thing missing.
    for attachment, (first, *more) in missing.items():
        if (first.kind, first.label) in linked:
            continue
        times = "" if not more else " twice" if len(more) == 1 else f" {len(more) + 1} times"
        out.append(Diagnostic(first.start, first.end, INFORMATION, "missing-attachment",
                              f"{attachment} is referred to{times} but is not part of this document.",
                              tuple((ref.start, ref.end) for ref in more)))
    return out


def _numbered_beside(nodes: Sequence[OutlinePart], target: int, label: str) -> bool:
    """Whether the part a citation of clause ``label`` resolved to, for want of the clause, holds
    clauses numbered as it would be ("2.1" under Article 2, where "2.3" is cited), none numbered
    below it ("17.1.1", whose clause 17.1 lost its heading) and no heading without a number, which
    may be the clause that lost it: the clause would have stood among them."""
    head, dot, last = label.rpartition(".")
    if not dot or not label.replace(".", "").isdigit() or not last.strip("0"):
        return False  # "Section 10.0" cites 10 itself
    depth, opening, below, end = label.count("."), head + ".", label + ".", nodes[target].end
    beside = False
    for i in range(target + 1, len(nodes)):
        node = nodes[i]
        if node.start >= end:
            break
        if not node.label:
            return False
        if node.label.startswith(opening):
            if node.label.startswith(below):
                return False
            beside = beside or node.label.count(".") == depth
    return beside


def _written_beside_citations(text: str, label: str, part: OutlinePart,
                              references: Sequence[Reference]) -> bool:
    """Whether clause number ``label`` stands in ``part`` outside the citations: a clause run into
    a paragraph where no shape of clause is read ("... of the conflict.) 6.15. Operating ...")."""
    for m in re.finditer(r"(?<![\d.])" + re.escape(label) + r"(?!\.?\d)", text[part.start : part.end]):
        at = part.start + m.start()
        i = bisect_right(references, at, key=_START) - 1
        if i < 0 or not references[i].start <= at < references[i].end:
            return True
    return False


_START = attrgetter("start")


# "Section 2.1 of the Agreement", "Sections 6.1 and 6.2 of the Agreement": the citation, maybe a list
# of more numbers, then the Agreement.
# Each stretch of the list reads one way only ("iv" is a word, not a word or a numeral): a list of
# sub-parts, "(i), (ii), (iii), (iv)", would otherwise be tried in exponentially many ways.
_CITED_LIST = r"(?:[\s,;()0-9.\-]|\b(?:through|[a-z]{1,4}(?:/[a-z]{1,4})?)\b)*?\b(?:of|under|in)\s+"
_OF_THE_AGREEMENT = re.compile(_CITED_LIST + r"the\s+Agreement\b")
# "Section 9 of this Amendment": an amendment's own part.
_OF_ITSELF = re.compile(_CITED_LIST + r"this\s+(?:Amendment|Addendum|Supplement)\b")
# How a text names itself: "this Agreement", or, in an amendment, "this Amendment".
_SELF_NAME = re.compile(r"\b[Tt]his\s+(Agreement|Amendment|Addendum|Supplement|Confirmation|Side\s+Letter)\b")
_SELF_REACH = 3000
# A trade's confirmation opens by naming itself ("This Confirmation constitutes a "Confirmation" as
# referred to in the Master Agreement"): it supplements a master agreement, whose sections it cites.
_CONFIRMATION = re.compile(r"\b[Tt]his\s+Confirmation\b")
_NEAR_AGREEMENT = 80


# The number under which a filing attached the text ("EXHIBIT 10.4" over its title, "Exhibit 10.1
# EXECUTION COPY" after the SEC's legend), or the text named as "this Exhibit 10.13": the text itself.
_FILING_LABEL_REACH = 600
_THIS_BEFORE = re.compile(r"\b[Tt]his[ \t]+\Z")


def _names_itself(text: str, ref: Reference, opening: int) -> bool:
    """Whether a citation of an exhibit names the text itself: the number a filing gave it, near
    the text's start and before its first heading (``opening``), or "this Exhibit ..." where no
    such exhibit is attached."""
    if ref.kind != "exhibit" or FILING_EXHIBIT_RE.fullmatch(ref.label) is None:
        return False
    return (ref.start < min(opening, _FILING_LABEL_REACH)
            or _THIS_BEFORE.search(text, max(0, ref.start - 8), ref.start) is not None)


def _cites_amended(text: str, end: int) -> bool:
    """Whether a citation ending at ``end`` names a part "of the Agreement" (an exhibit, a section) in
    an amendment (see `_in_amendment`): then the Agreement is the one it amends, another text."""
    return _OF_THE_AGREEMENT.match(text, end, min(len(text), end + _NEAR_AGREEMENT)) is not None and _in_amendment(text, end)


def _in_amendment(text: str, at: int) -> bool:
    """Whether the text around ``at`` calls itself "this Amendment" (an addendum, a supplement, a
    confirmation) more often than "this Agreement": a clause it cites and does not hold ("unless
    Section 2.7 applies", in the terms it restates) is the amended agreement's."""
    names = [m.group(1) for m in _SELF_NAME.finditer(text, max(0, at - _SELF_REACH), at + _SELF_REACH)]
    return names.count("Agreement") < len(names) / 2


# A contract numbers its parts in tens at most: "Section 365(n)", "Section 4980H", "§ 3801" and
# "Section 150, Row X" that the document does not hold cite a code, a statute or a seating plan.
_OWN_PARTS_BELOW = 100
_LEADING_NUMBER = re.compile(r"[0-9]+")


def _cites_another_text(label: str) -> bool:
    """Whether an unresolved citation's number is one no part of a contract carries."""
    m = _LEADING_NUMBER.match(label)
    return m is not None and int(m.group()) >= _OWN_PARTS_BELOW


def _numbering_moved(since: Since) -> Numbering | None:
    """The earlier numbering moved by the edit, or None when the edit may have changed it: the
    outline changed otherwise, or the edit touched text read to judge a gap."""
    old, start, end, length, outline_moved = since
    if not outline_moved:
        return None
    # A stretch is read with the character before it (a line start) and up to its end.
    if any(start <= b and end >= a - 1 for a, b in old.numbering.read):
        return None
    delta = length - (end - start)
    if not delta:
        return old.numbering

    def moved(at: int) -> int:
        return at if at < start else at + delta  # as the outline's offsets moved

    return Numbering(
        tuple(d._replace(start=moved(d.start), end=moved(d.end)) for d in old.numbering.findings),
        tuple((moved(a), moved(b)) for a, b in old.numbering.read),
    )


def _numbering(text: str, nodes: Sequence[OutlinePart]) -> Numbering:
    """Gaps (5.1, 5.3) and duplicates (two 7.4) among numbered clauses of the same parent; a number
    ending in 1 seen before starts a new list."""
    # Each parent's children in order: a numbered one with its number, another (a caps title, an
    # exhibit) as None.
    siblings: dict[int | None, list[tuple[tuple[int, ...] | None, OutlinePart]]] = defaultdict(list)
    # A long outline repeats few labels ("1.", "2.", ...): each is read once.
    numbers: dict[str, tuple[int, ...] | None] = {}
    for node in nodes:
        label = node.label
        if label and label not in numbers:
            numbers[label] = clause_number(label)
        siblings[node.parent].append((numbers[label] if label else None, node))
    lost = None  # the numbers of titled clauses that extraction lost ("5.4"), read at the first gap
    out = []
    read = []
    for parent, group in siblings.items():
        numbered = [number for number, _ in group if number is not None]
        restated = parent is not None and _restated_clauses(nodes, nodes[parent], numbered, numbers)
        j = -1  # the child's place in ``numbered``
        seen: set[tuple[int, ...]] = set()
        prev: tuple[int, ...] = ()
        prev_node = None
        apart = False  # an unnumbered sibling stands between this child and the numbered one before
        # Lists left for a new one, with the last number of each: a list numbered from "1." inside
        # clause 3 and written at its level ("3. SPECIFICATIONS", "1. Composition" ... "8. Color")
        # is left again where clause 4 follows.
        outer: list[tuple[set[tuple[int, ...]], tuple[int, ...]]] = []
        for number, node in group:
            if number is None:
                apart = prev_node is not None
                continue
            j += 1
            last, last_node = prev, prev_node
            prev, prev_node = number, node
            back = _taken_up(outer, number) if outer and not _follows(last, number) else -1
            if back >= 0:
                # Back on a list left for one or more new ones: "9.", then "1. 2.", "1. 2.", then "10.".
                seen = outer[back][0]
                del outer[back:]
                seen.add(number)
                apart = False
                continue
            # A clause number of levels written twice in a row ("2.1 Invoices", "2.1 Taxes") is a slip,
            # not a list begun again.
            again = number == last and len(number) > 1
            if not again and (number[-1] == 1 and (number in seen or _same_list(last, number)) or number in seen and (
                    apart or number[-1] == 2 and min(seen) == number != last)):
                # "1." again after "1.", "2.", "3." (or after "5.", "6.", whose list began under
                # another parent), a number again under a title of its own ("DIAMOND 10" over "2.
                # Logo Size"), or "2." again where its list began, after the list went on (each
                # list's "1." run into a table's header: "EVENT   AMOUNT 1.   Upon ..."): a new list
                # (a schedule's items, an exhibit's steps), not a second clause of that number.
                outer.append((seen, last))
                seen = {number}
                apart = False
                continue
            apart = False
            if number in seen:
                label = _name(number)
                out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "duplicate-number",
                                      f"Two clauses are numbered {label}; cross-references to {label} are ambiguous."))
                continue
            seen.add(number)
            gap = last_node is not None and _same_list(last, number) and not restated
            # 5 then 2019 is another numbering (a year, an amount), not clauses left out.
            if gap and 1 < number[-1] - last[-1] <= _MAX_JUMP:
                if lost is None:
                    lost = {tuple(map(int, n.split("."))) for n in implied_numbers(nodes).values()}
                present = _numbered_lines(text, last_node.start, node.heading_start)
                read.append((last_node.start, node.heading_start))
                skipped = [last[:-1] + (n,) for n in range(last[-1] + 1, number[-1])
                           if last[:-1] + (n,) not in present and last[:-1] + (n,) not in lost
                           and not _written_as_clause(text, last_node.start, node.heading_start, last[:-1] + (n,))
                           and not _subclause_present(present, last[:-1] + (n,))]
                # "1. 2. 5. 3. 4. 6.": the clauses skipped at 5 come later, out of order; those
                # skipped at 6 came before it.
                later = _later_in_list(numbered, j) if skipped else set()
                missing = [_name(n) for n in skipped if n not in later and n not in seen]
                ahead = [_name(n) for n in skipped if n in later]
                if missing:
                    out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "numbering-gap",
                                          f"Clause numbering jumps from {_name(last)} to {_name(number)}: {', '.join(missing)} "
                                          f"{'is' if len(missing) == 1 else 'are'} missing."))
                elif ahead:
                    out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "numbering-order",
                                          f"Clause {_name(number)} stands before clause{'s' if len(ahead) > 1 else ''} "
                                          f"{', '.join(ahead)}: the clauses are out of order."))
    return Numbering(tuple(out), tuple(read))


_MAX_JUMP = 20


def _later_in_list(numbers: list[tuple[int, ...]], j: int) -> set[tuple[int, ...]]:
    """The numbers after ``numbers[j]`` up to a new list of its kind (one that starts again at 1)."""
    out = set()
    for number in numbers[j + 1 :]:
        if number[-1] == 1 and _same_list(numbers[j], number):
            break
        out.add(number)
    return out


def _taken_up(lists: list[tuple[set[tuple[int, ...]], tuple[int, ...]]], number: tuple[int, ...]) -> int:
    """The index of the innermost of ``lists`` (with their last numbers) that ``number`` goes on, or -1."""
    return next((k for k in range(len(lists) - 1, -1, -1) if _follows(lists[k][1], number)), -1)


def _same_list(before: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Whether ``number`` numbers an item of the list ``before`` is in ("4.1" and "4.7")."""
    return len(before) == len(number) and before[:-1] == number[:-1]


def _follows(before: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Whether ``number`` is the next one after ``before`` in the same list ("4" after "3")."""
    return _same_list(before, number) and number[-1] == before[-1] + 1


def _name(number: tuple[int, ...]) -> str:
    return ".".join(map(str, number))

# A clause number that opens a line, or a clause run on after a sentence end or a wide gap (where
# PDF extraction joined a page's running header to it: "IP Rights Agreement   2.06 "Dispute" ..."),
# maybe glued to its first word as extraction may leave it ("follows: 1.DGT shall pay ..."), with
# its period typed twice or apart ("14.. Notices.", "3 . Issuer and ...") or its first item's letter after
# it ("21. a. Confidentiality.").
_GLUED = r"\.(?=[A-Z][A-Za-z])"
_CLAUSE_NUMBER = re.compile(
    r"(?:(?:^|\n)[ \t]*(?:Section[ \t]+)?(\d+(?:\.\d+)*)(?:\.?(?=[ \t]|$)|" + _GLUED + r")"
    r"|(?:[.;:][ \t]+|(?<![ \t])[ \t]{3,})(\d+(?:\.\d+)*)(?:(?:[ \t]?\.){0,2}[ \t]+(?=[A-Z\"“(]|[a-z][.)][ \t])|" + _GLUED + r"))",
    re.MULTILINE,
)


# A word that cites a clause by its number ("under Section 8.10", "of 14.5"), or lists another
# ("Sections 3 and 4"): a clause's number run on in a line follows none. (A line that ends "; and"
# ends an item of a list, and a heading may open the next line: no citing word there.)
_CITED_AFTER = re.compile(r"(?:\b(?i:and|or)[ \t]*|" + CITING_WORD + r")\Z")


# What follows a clause's number: a capital (a digit after a dotted number: "7.5 411 Service"), or
# a redaction ("4. ***  ***", a clause whose words the filing withheld); a lone number needs its period.
_CLAUSE_TAIL = re.compile(r"\.?[ \t]+[A-Z0-9\"“(\[*]")
_LONE_CLAUSE_TAIL = re.compile(r"\.[ \t]+[A-Z\"“(\[*]")
_SECTION_WORD = re.compile(r"(?<![\w.§])(?:SECTION|Section)[ \t]+\Z")
# A clause of a list run into one paragraph, whatever its first word: after a sentence's end ("...
# Promissory Note. 4.2.7 the term "Premiums" will mean ...") or as the last item of a sentence ("...;
# and 4.2.6 the term ...", "...; or 17.1.3. Induce any person ..."): written there, not cited.
_LISTED_AFTER = re.compile(r"(?:[.;:]|;\s{1,2}(?:and|or))[ \t]+\Z")
_ITEM_TAIL = re.compile(r"\.?[ \t]+[A-Za-z\"“(]")


def _written_as_clause(text: str, start: int, end: int, number: tuple[int, ...]) -> bool:
    """Whether a clause of ``number`` stands in text[start:end] where PDF extraction ran it on after
    something other than a sentence end ("... htrubitt@sycr.com 15.6. Entire Agreement", "... [●%]
    to T&B 8. Confidentiality"), not after a word that cites it (`_CITED_AFTER`)."""
    name = _name(number)
    tail = _CLAUSE_TAIL if len(number) > 1 else _LONE_CLAUSE_TAIL
    at = text.find(name, start, end)
    while at >= 0:
        before = text[at - 1] if at else ""
        if before.isalnum() or before in "_.§":
            pass
        elif len(number) > 1 and _LISTED_AFTER.search(text, max(start, at - 9), at) and _ITEM_TAIL.match(
                text, at + len(name), end):
            return True
        elif tail.match(text, at + len(name), end):
            word = _SECTION_WORD.search(text, max(start, at - 16), at)  # "Section 8.10 Language."
            opens = word.start() if word else at
            if _CITED_AFTER.search(text, max(start, opens - 14), opens) is None:
                return True
        at = text.find(name, at + 1, end)
    return False


def _subclause_present(present: set[tuple[int, ...]], number: tuple[int, ...]) -> bool:
    """Whether a clause numbered under ``number`` is ("5.1" of "5"): its heading was lost, not the
    clause ("... Non-standard Products. 5.1 JRVS Price." between clauses 4 and 6)."""
    return any(len(p) > len(number) and p[: len(number)] == number for p in present)


def _numbered_lines(text: str, start: int, end: int) -> set[tuple[int, ...]]:
    """Clause numbers opening a line or a run-on clause after a sentence end between start and
    end: an untitled clause, or one the outline did not take for a heading, is there all the
    same, so its number is no gap. Read as numbers: "2.06" is 2.6."""
    return {tuple(map(int, (m.group(1) or m.group(2)).split("."))) for m in _CLAUSE_NUMBER.finditer(text, start, end)}


# A heading in capitals that opens another instrument attached to the contract: "GOOSEHEAD ...
# FRANCHISE AGREEMENT EXHIBIT B GUARANTEE", "AMENDMENT TO MANUFACTURING AGREEMENT"; or that ends the
# terms, after which a licence gives a notice to copy ("END OF TERMS AND CONDITIONS", then 'Licensed
# under the Apache License, Version 2.0 (the "License")').
_AMENDMENT_TITLE = r"\b(?:AMENDMENT|ADDENDUM)[ \t]+(?:TO|NO)\b"
_INSTRUMENT_TITLE = re.compile(ATTACHMENT_LABEL + r"|" + _AMENDMENT_TITLE + r"|\bEND[ \t]+OF[ \t]+TERMS\b")
_AMENDMENT_TITLE_RE = re.compile(_AMENDMENT_TITLE)


def _restated_clauses(nodes: Sequence[OutlinePart], parent: OutlinePart, numbered: list[tuple[int, ...]],
                      numbers: dict[str, tuple[int, ...] | None]) -> bool:
    """Whether ``numbered``, the numbers of ``parent``'s clauses, are those of clauses an amendment
    restates ("8. Sections 27.5 and 27.9 of the Agreement are amended:" over "27.5 Injunctions" and
    "27.9 ..."): numbered under another clause than their parent, in an amendment or addendum."""
    own = numbers.get(parent.label) if parent.label else None
    if own is None or all(number[: len(own)] == own for number in numbered):
        return False
    for i in range(parent.index - 1, -1, -1):  # the instrument the parent stands in
        if _opens_instrument(nodes[i]):
            return _AMENDMENT_TITLE_RE.search(nodes[i].title) is not None
    return False


def _opens_instrument(node: OutlinePart) -> bool:
    return node.kind == "exhibit" or (node.kind == "caps" and _INSTRUMENT_TITLE.search(node.title) is not None)


def _instrument_starts(nodes: Sequence[OutlinePart]) -> list[int]:
    """Where each attachment begins (an exhibit, a schedule, an amendment), in text order: the
    contract's own text runs up to the first."""
    return [n.heading_start for n in nodes if _opens_instrument(n)]


# What a contract calls itself: named again by its definitions list ('"Agreement" means this Supply
# Agreement, including Exhibits A, B'), a form attached to it or an amendment bundled with it, each time
# for the agreement (22 of CUAD's duplicate-definition warnings, none a conflict when read).
_SELF_NAMES = frozenset({"Agreement", "Contract"})


def _defined_twice(text: str, definitions: Sequence[Definition], instruments: list[int]) -> list[Diagnostic]:
    """A term defined again where an earlier definition of it holds: in the same attachment, or
    both in the contract's own text. An attached form that names the parties again ('("Franchisor")')
    defines them for itself, and conflicts with nothing; nor does a name given again to the same words
    ('International Business Machines Corporation ("IBM")' in each amendment, or after what the party
    is: 'Emerson HealthCare, LLC, a Pennsylvania limited liability company ("Contractor")', or after
    its address), nor a term said to mean the name a party is given there ('"Sponsor" means C.M.
    Oliver & Company Limited;'), nor a party's name over its signature ('Glu Mobile Inc.
    ("Licensee")   By: /s/ ...'), nor the contract's own name, nor a definition that the other points
    to ('"Initial Term" means the period set forth in Section 15.1') or gives the meaning of in the
    sentence after it."""
    # Only a term defined twice where one definition holds can be defined again: the words of the
    # others are never read.
    keyed = [((d.term, bisect_right(instruments, d.term_start)), d) for d in definitions
             if d.duplicate and d.term not in _SELF_NAMES]
    twice = {key for key, n in Counter(key for key, _ in keyed).items() if n > 1}
    named_before: dict[tuple[str, int], set[str]] = {}  # the words each term named where it holds
    worded_before: dict[tuple[str, int], set[str]] = {}  # the words of its definitions there
    last: dict[tuple[str, int], Definition] = {}
    out = []
    for key, d in keyed:
        if key not in twice:
            continue
        previous = last.get(key, d)  # the one before, once there is one
        last[key] = d
        named = _named_words(text, d)
        before = named_before.setdefault(key, set())
        # A definition restated word for word (a clause repeated in a state's addendum) conflicts
        # with nothing; one that is its parenthesis alone ('("PSS")') says too little to tell.
        words = " ".join(text[d.start : d.end].split())
        worded = worded_before.setdefault(key, set())
        said = len(words) > len(d.term) + _QUOTED_ALONE and words in worded
        worded.add(words)
        if before and not said and not _restated(text, d, previous, before):
            out.append(Diagnostic(d.term_start, d.term_end, WARNING, "duplicate-definition",
                                  f"\u201c{d.term}\u201d is defined again here; an earlier definition "
                                  f"already exists and the two may conflict."))
        before.add(named)
    return out


# A definition that gives its term the meaning a clause, the first page or the preamble sets out
# ('"Initial Term" means the period set forth in Section 15.1.', '... set forth on the first page of
# this Agreement.', '"Commencement Date" has the meaning set forth in the preamble.', '"Confidant"
# means the Person named as such above.'), where that defines it again ('... (the "Initial Term")').
_CLAUSE_POINTED = re.compile(
    r"\b(?:(?:set[ \t]+(?:forth|out)|described|provided(?:[ \t]+for)?|specified|stated|defined|contained)[ \t]+"
    r"(?:in[ \t]+(?i:section|article|clause|paragraph)[ \t]+[0-9IVXL][\w.()]*|on[ \t]+the[ \t]+(?:first|cover)[ \t]+page"
    r"|in[ \t]+the[ \t]+(?i:preamble|recitals|introductory[ \t]+paragraph))"
    r"(?:[ \t]+(?:of[ \t]+this[ \t]+Agreement|hereof|below|above))?"
    r"|(?:named|identified|designated)(?:[ \t]+as[ \t]+such)?[ \t]+above)[.;]?[ \t]*\Z"
)


def _points_to_clause(text: str, d: Definition) -> bool:
    """Whether a definition says its term means what a clause, the first page or the preamble of
    the text sets out."""
    # A test for the words first: most definitions end citing no clause.
    words = text[max(d.start, d.end - 60) : d.end].lower()
    return ("section" in words or "article" in words or "clause" in words or "paragraph" in words or "page" in words
            or "preamble" in words or "recitals" in words or "above" in words) and (
        _CLAUSE_POINTED.search(text, max(d.start, d.end - 120), d.end) is not None)


def _restated(text: str, d: Definition, previous: Definition, named: set[str]) -> bool:
    """Whether ``d`` says again what an earlier definition of its term (``previous`` the last,
    ``named`` the words they named) says: the same party named again, a party's name over its
    signature or among the parties of the agreement an amendment amends, a party's name that the
    other definition spells out, the meaning given in the next sentence, or a definition pointing to
    the clause that holds the other."""
    return (_names_again(text, d, named)
            or _means_the_name(text, d, previous) or _means_the_name(text, previous, d)
            or _SIGNS_AFTER.match(text, d.end, min(len(text), d.end + _SIGNS_REACH)) is not None
            or (d.kind == "parenthetical"
                and _AMENDS_BETWEEN.search(text, max(0, d.term_start - _AMENDS_REACH), d.term_start) is not None)
            or _elaborates(text, previous, d)
            or _points_to_clause(text, previous) or _points_to_clause(text, d))


# A definition that gives its term a name and nothing more ('"Sponsor" means C.M. Oliver & Company
# Limited;'): capitalised words after the verb, to the definition's end.
_MEANT_NAME = re.compile(
    r"[\"”'’]?[ \t]*(?:shall[ \t]+)?means?[ \t]+(?P<name>[A-Z][\w.,&'’-]*(?:[ \t]+[\w.,&'’()-]+){1,7}?)"
    r"[ \t.;,]*(?:and|or)?[ \t]*\Z")


def _means_the_name(text: str, d: Definition, other: Definition) -> bool:
    """Whether ``d`` gives its term a name that ``other`` spells out too ('"Issuer" means HealthCare
    Capital Corp.;' after 'HEALTHCARE CAPITAL CORP., a corporation ... ("Issuer")'): the same party."""
    if d.kind not in ("means", "entry"):
        return False
    m = _MEANT_NAME.match(text, d.term_end, d.end)
    if m is None:
        return False
    name = " ".join(m.group("name").rstrip(" .,;").split()).casefold()
    return name in " ".join(text[other.start : other.end].split()).casefold()


# The capitalised words that a parenthesis names ('International Business Machines Corporation
# ("IBM")'), read back from it.
_NAMED_WORDS = re.compile(r"(?:[A-Z][\w.&'’-]*,?[ \t]+(?:(?:of|and|the|for|&)[ \t]+)?){1,8}\(?[ \t]*[\"“'‘]?\Z")
_SIGNS_AFTER = re.compile(r"[^;:]*?\b(?:B[yY]|Signature|SIGNATURE)[ \t]*:")
_SIGNS_REACH = 160
# An amendment bundled with its agreement names the parties again ('The purpose of this document is
# to amend the Outsourcing Agreement between International Business Machines Corporation ("IBM")').
# The parties' names hold periods ("Western U.S. Operations, Incorporated"), so the sentence is not
# cut there: the list reads back at most _AMENDS_REACH characters.
_AMENDS_BETWEEN = re.compile(r"\bamend(?:s|ing)?[ \t]+the[ \t]+[^.;]{0,120}?\bAgreement[ \t]+between\b[^;]{0,200}\Z")
_AMENDS_REACH = 400


# The sentence after a bracketed term that says what the term means ('... ("General Manager"). The
# term "General Manager" means an individual ...'): one definition, told in two sentences.
_THE_TERM_NEXT = re.compile(r"[^.;!?]*[.!?][\"”')]*[ \t\r\n]+[Tt]he[ \t]+term[ \t]+\Z")


def _elaborates(text: str, before: Definition, d: Definition) -> bool:
    """Whether ``d`` opens the sentence after the one that ``before`` (of the same term) ends in."""
    # Most definitions open otherwise: the words right before this one are looked at first.
    return (text[max(before.end, d.start - 16) : d.start].rstrip().lower().endswith("the term")
            and _THE_TERM_NEXT.match(text, before.end, d.start) is not None)


def _named_words(text: str, d: Definition) -> str:
    """The words a parenthetical definition names, casefolded with single spaces ("" for another kind).
    They may end what reads as a sentence ('CCA Industries, Inc. ("Company")'): read before it too."""
    if d.kind != "parenthetical":
        return ""
    return _named_before(text[max(0, d.term_start - _NAMED_REACH) : d.term_start])


@lru_cache(maxsize=4096)  # the same parentheses are read again after each edit of a long text
def _named_before(before: str) -> str:
    m = _NAMED_WORDS.search(before)
    return " ".join(before[m.start() :].rstrip("(\"“'‘ \t").split()).casefold() if m else ""


def _names_again(text: str, d: Definition, named: set[str]) -> bool:
    """Whether a parenthetical definition follows, within its reach, words the term named before:
    the same words, or the same party named again with what it is ('Emerson HealthCare, LLC, a
    Pennsylvania limited liability company ("Contractor")')."""
    if d.kind != "parenthetical":
        return False
    # Its own sentence is read back to its start, past a party's address, up to _SENTENCE_REACH.
    lo = max(0, min(d.start, d.term_start - _NAMED_REACH), d.term_start - _SENTENCE_REACH)
    before = " ".join(text[lo : d.term_start].split()).casefold()
    return any(name and name in before for name in named)


_NAMED_REACH = 120
_SENTENCE_REACH = 400
_QUOTED_ALONE = len('("")')


_UNKNOWN = -1  # not carried over: to be searched for


def _term_uses(text: str, view: bytes, definitions: Sequence[Definition], where: Where | None,
               since: Since | None) -> TermUses:
    """Own spans and one use (or None) of each defined term, except those defined by a pointer to
    another text ("has the meaning given in the Credit Agreement"), which are not checked."""
    by_term: dict[str, list[Definition]] = defaultdict(list)
    for d in definitions:
        by_term[d.term].append(d)
    out = {}
    for term, own in by_term.items():
        if own[0].kind == "pointer":
            continue
        spans = tuple((d.term_start, d.term_end) for d in own)
        at = _carried_use(view, term, spans, since, by_term) if since is not None else _UNKNOWN
        if at == _UNKNOWN:
            at = None
            for form in _used_forms(term):
                # A form defined as a term of its own is not used where that defines it ('(each, a
                # "Dealer Covered Person" and, together, "Dealer Covered Persons")').
                forms_own = own if form == term else [*(d._replace(term=form) for d in own), *by_term.get(form, ())]
                at = first_use(text, forms_own, form, view, (lambda form=form: where(form)) if where else None)
                if at is not None:
                    break
        out[term] = (spans, at)
    return out


@lru_cache(maxsize=4096)
def _used_forms(term: str) -> tuple[str, ...]:
    """The forms whose use shows that ``term`` is used: its written forms, then the singular of a
    plural one ("Dealer Covered Persons" is used where "each Dealer Covered Person" is written).
    The singular is sought after the plural: the index of the text keeps their words apart."""
    forms = written_forms(term)
    return tuple(dict.fromkeys([*forms, *filter(None, map(singular, forms))]))


def _carried_use(view: bytes, term: str, spans: tuple[tuple[int, int], ...], since: Since,
                 by_term: dict[str, list[Definition]]) -> int | None:
    """The use the earlier version had found for a term, moved by the edit, or one that the edit
    added to a term used nowhere before; _UNKNOWN when the edit touched the use or the term's own
    spans, so that only a new search can tell."""
    old, start, end, length, _ = since
    before = old.uses.get(term)
    if before is None:
        return _UNKNOWN
    old_spans, at = before
    delta = length - (end - start)
    # Spans are in text order; most lie all before the edit, and are compared as they are.
    if (old_spans != spans if old_spans[-1][1] < start else
            tuple((a, b) if b < start else (a + delta, b + delta) if a > end else (-1, -1) for a, b in old_spans) != spans):
        return _UNKNOWN  # defined elsewhere now: what counts as a use changed
    reach = use_reach(term)
    if at is None:
        # Text outside the edit reads as before, so a new use must read some of the edited text.
        for form in _used_forms(term):
            others = () if form == term else tuple((d.term_start, d.term_end) for d in by_term.get(form, ()))
            found = use_near(view, form, spans + others, start - reach - 1, start + length + 2)
            if found is not None:
                return found
        return None
    if at + reach < start - 1:
        return at
    if at - 2 >= end:
        return at + delta
    return _UNKNOWN


# '" or "', '" and "', '”, or “', '" or "the ' (an article inside the quotes is no part of a term).
_FORMS_APART = 12


def _unused(uses: TermUses, definitions: Sequence[Definition]) -> list[Diagnostic]:
    """Terms used nowhere, unless another form that the same definition gives them is used
    ('"Control" or "Controlled" means ...': a use of either is a use of the definition)."""
    out = []
    for term, (spans, at) in uses.items():
        if at is None and not any(uses.get(other, (None, None))[1] is not None
                                  for s, _ in spans for other in _forms_defined_with(definitions, s)):
            start, end = spans[0]
            out.append(Diagnostic(start, end, INFORMATION, "unused-definition",
                                  f"\u201c{term}\u201d is defined but never used elsewhere in the document."))
    return out


def _forms_defined_with(definitions: Sequence[Definition], term_start: int) -> Iterator[str]:
    """The terms of the definition whose term starts at ``term_start``: those quoted one after the
    other with it, a word or two apart, defined together."""
    i = bisect_left(definitions, term_start, key=_TERM_START)
    first = last = i
    while first > 0 and _defined_together(definitions[first - 1], definitions[first]):
        first -= 1
    while last + 1 < len(definitions) and _defined_together(definitions[last], definitions[last + 1]):
        last += 1
    return (d.term for d in definitions[first : last + 1])


def _defined_together(d: Definition, after: Definition) -> bool:
    return after.end == d.end and after.term_start - d.term_end <= _FORMS_APART


_TERM_START = attrgetter("term_start")


def _phrase_matches(view: bytes, start: int, end: int) -> Iterable[tuple[bytes, int]]:
    """(phrase, start) of each capitalised phrase after a determiner in view[start:end]."""
    for pattern in _PHRASES:
        for m in pattern.finditer(view, start, end):
            if _determines(view, m.start()):
                yield m.group(1), m.start(1)


def _determines(view: bytes, at: int) -> bool:
    """Whether the determiner at ``at`` is one: not the end of a longer word ("bathe Xyz"), nor a
    "said" after a closing quote, which reports who spoke ('"... medical need," said Howard
    Weisman': a press release quoted in a filing names a person, not a term)."""
    if at > 0 and (chr(view[at - 1]).isalnum() or view[at - 1] == 0x2D):
        return False
    return not (view.startswith(b"said", at) and view[max(0, at - 2) : at].startswith(b'"'))


def _first_phrases(view: bytes, since: Since | None) -> dict[bytes, int]:
    """Each capitalised phrase after a determiner, and where it first occurs."""
    if since is None or since[0].phrases is None:
        first: dict[bytes, int] = {}
        for phrase, at in _phrase_matches(view, 0, len(view)):
            if first.get(phrase, at + 1) > at:
                first[phrase] = at
        return first
    old, start, end, length, _ = since
    delta = length - (end - start)
    # A phrase is letters, hyphens, spaces and tabs, and its rules read one character either side, or
    # a possessive and the word after it, or on across a line break: the phrases to read again lie
    # between the nearest other characters around the edit.
    lo = _phrase_bound_before(view, start)
    hi = _phrase_bound_after(view, start + length)
    old_hi = hi - delta
    out: dict[bytes, int] = {}
    lost = []
    for phrase, at in old.phrases.items():
        if at < lo:
            out[phrase] = at
        elif at >= old_hi:
            out[phrase] = at + delta
        else:
            lost.append(phrase)  # its first use was read again: found below, or further on
    for phrase, at in _phrase_matches(view, lo, hi):
        if out.get(phrase, at + 1) > at:
            out[phrase] = at
    for phrase in lost:
        if phrase not in out:
            at = _next_phrase(view, phrase, hi)
            if at is not None:
                out[phrase] = at
    return out


_NOT_PHRASE = re.compile(rb"[^A-Za-z \t\r\n'-]")


def _phrase_bound_before(view: bytes, pos: int) -> int:
    """The start of the run of letters, hyphens, apostrophes and blanks before ``pos``, less one character."""
    window = 256
    while True:
        lo = max(0, pos - window)
        last = None
        for last in _NOT_PHRASE.finditer(view, lo, pos):
            pass
        if last is not None:
            return last.start()
        if lo == 0:
            return 0
        window *= 2


def _phrase_bound_after(view: bytes, pos: int) -> int:
    """The end of the run of letters, hyphens, apostrophes and blanks from ``pos``, plus one character."""
    found = _NOT_PHRASE.search(view, pos)
    return found.end() if found is not None else len(view)


def _next_phrase(view: bytes, phrase: bytes, pos: int) -> int | None:
    """Where ``phrase`` next occurs, from ``pos`` on, as :func:`_phrase_matches` would find it."""
    at = view.find(phrase, pos)
    while at >= 0:
        k = at
        while k > 0 and view[k - 1] in b" \t":
            k -= 1
        if k < at:
            for pattern, determiner in zip(_PHRASES, _DETERMINERS):
                opening = k - len(determiner)
                if opening >= 0 and view.startswith(determiner, opening):
                    m = pattern.match(view, opening)
                    if m is not None and m.start(1) == at and m.group(1) == phrase and _determines(view, opening):
                        return at
        at = view.find(phrase, at + 1)
    return None


def _undefined_phrases(first: dict[bytes, int] | None, defined: frozenset[str], names: ClauseNames,
                       before: Diagnosis | None) -> frozenset[bytes]:
    """Capitalised phrases read as defined terms but defined nowhere (only in a document that has a
    definitions part, where capitals signal a definition) nor naming a clause; judged again only
    when the defined terms or the clauses' names changed or the phrase is new."""
    if first is None:
        return frozenset()
    known = before if (before is not None and before.phrases is not None and before.defined == defined
                       and before.names == names) else None
    out = set()
    # Looked up once: a hit compares the set with an equal one of the last diagnosis, item by item.
    forms = _form_keys(defined)
    for raw in first:
        if known is not None and raw in known.phrases:
            if raw in known.undefined:
                out.add(raw)
            continue
        words = raw.decode("latin-1").split()
        if not (any(w in _NOT_TERMS for w in words) or words[-1] in _OPENERS or _is_defined_form(words, forms)
                or names_clause(words, names)):
            out.add(raw)
    return frozenset(out)


def _phrase_hints(text: str, view: bytes, nodes: Sequence[OutlinePart], first: dict[bytes, int] | None,
                  undefined: frozenset[bytes], borrowing: Sequence[tuple[int, int]],
                  definitions: Sequence[Definition], title: str = "") -> list[Diagnostic]:
    """A hint at the first use of each undefined phrase, however widely its words stand apart,
    unless that use lies in a part that takes undefined terms from another text (`borrowing`) or
    the phrase is the text's own name, in its title (`_title_words`: "the GNU General Public
    License"); with the defined term it likely misspells ("Effecctive Date"), if any. A clause's
    title and a table of contents capitalise words as titles do: a use there counts for nothing."""
    if first is None or not undefined:
        return []
    terms = frozenset(d.term for d in definitions)
    earliest: dict[str, bytes] = {}
    for raw in undefined:
        words = " ".join(raw.decode("latin-1").split())
        if words not in earliest or first[raw] < first[earliest[words]]:
            earliest[words] = raw
    spelling = _spelling(terms)
    out = []
    for words, raw in earliest.items():
        at: int | None = first[raw]
        while at is not None and (_in_title(nodes, at, words) or is_contents_line(text, at)):
            at = _next_phrase(view, raw, at + len(raw))
        if at is None or any(lo <= at < hi for lo, hi in borrowing) or (title and f" {words.casefold()} " in title):
            continue
        like = spelling.nearest(words)
        ending = "." if like is None else f"; did you mean \u201c{like}\u201d?"
        out.append(Diagnostic(at, at + len(raw), HINT, "undefined-term",
                              f"\u201c{words}\u201d is capitalised like a defined term, but it is not defined{ending}",
                              replacement=like))
    return out


def _in_title(nodes: Sequence[OutlinePart], at: int, words: str) -> bool:
    """Whether the phrase ``words`` at ``at`` is written in the title of the heading there: a short
    title of words ("14.9.3 Modifications of the Basic Expiration Mechanism"), not a sentence that
    a clause opens with."""
    i = bisect_right(nodes, at, key=_HEADING_START) - 1
    if i < 0 or at >= nodes[i].heading_end:
        return False
    heading = after_label(nodes[i].title, nodes[i].label or "")
    return is_short_title(heading, 12) and words in " ".join(heading.split())


_HEADING_START = attrgetter("heading_start")


# A text's title: its first line, if short ("GNU GENERAL PUBLIC LICENSE", "Apache License",
# "# Mozilla Public License Version 2.0").
_TITLE_LINE_RE = re.compile(r"\s*(?P<title>[^\r\n]{1,100})(?:\r\n|[\r\n]|\Z)")


def _title_words(text: str) -> str:
    """The words of the text's title line, casefolded and single-spaced, a space either side ("" for none)."""
    m = _TITLE_LINE_RE.match(text)
    if m is None:
        return ""
    return f" {' '.join(m.group('title').strip(' #*_=').split()).casefold()} "


@lru_cache(maxsize=4)  # judged again after each edit, mostly against the same terms
def _spelling(terms: frozenset[str]) -> Spelling:
    return Spelling(terms)


def _is_defined_form(words: list[str], forms: "_FormKeys") -> bool:
    """A defined term, its plural, singular or possessive, such a form followed by more words
    ("Affiliates of Customer"), the first words of a defined term ("Abandoned Joint" of
    "Abandoned Joint IP", whose last word no phrase takes), or what a defined acronym stands for
    ("Quality System Regulation" of "QSR"); `forms` is `_form_keys` of the terms."""
    for n in range(len(words), 0, -1):
        phrase = " ".join(words[:n])
        if phrase in forms.plain or _base(phrase) in forms.bases:
            return True
    if " ".join(words) in forms.leading:
        return True
    initials = "".join(w[0] for w in words if w[0].isupper())
    return len(initials) >= 2 and initials in forms.plain


def _base(phrase: str) -> str:
    """The phrase without a possessive ending ("Party's", "Parties'")."""
    return phrase[:-2] if phrase.endswith("'s") else phrase[:-1] if phrase.endswith("'") else phrase


class _FormKeys(NamedTuple):
    """What a phrase must be to be a form of a defined term T: itself in ``plain`` (T, or T short
    of a plural ending: "Affiliates" of "Affiliate"), or its possessive-less base in ``bases`` (T,
    "Ts", "Tes", or "Tie"s for T in "y": "Parties'" of "Party"); or in ``leading``, the first two
    or more words of T, short of the whole."""

    plain: frozenset[str]
    bases: frozenset[str]
    leading: frozenset[str]


@lru_cache(maxsize=8)
def _form_keys(defined: frozenset[str]) -> _FormKeys:
    plain = set(defined)
    bases = set(defined)
    leading = set()
    for term in defined:
        if term.endswith("s"):
            plain.add(term[:-1])
            if term.endswith("es"):
                plain.add(term[:-2])
            one = singular(term)  # "Designated Country" of "Designated Countries"
            if one is not None:
                plain.add(one)
        bases.add(term + "s")
        bases.add(term + "es")
        if term.endswith("y"):
            bases.add(term[:-1] + "ies")
        words = term.split()
        leading.update(" ".join(words[:n]) for n in range(2, len(words)))
        # The noun before "of" takes the number: "Events of Default" of "Event of Default", and
        # "Event of Insolvency" of "Events of Insolvency".
        if "of" in words[1:-1]:
            at = words.index("of", 1) - 1
            head, rest = words[at], words[at + 1 :]
            for form in _numbers_of(head):
                plain.add(" ".join([*words[:at], form, *rest]))
    return _FormKeys(frozenset(plain), frozenset(bases), frozenset(leading))


def _numbers_of(word: str) -> list[str]:
    """The other number of a noun, as the plural endings read it: "Event" <-> "Events", "Party" <->
    "Parties", "Loss" <-> "Losses"."""
    one = singular(word)
    if one is not None:
        return [one]
    return [word[:-1] + "ies"] if word.endswith("y") and word[-2:-1] not in "aeiou" else [word + "s", word + "es"]
