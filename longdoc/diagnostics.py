"""Drafting diagnostics of a contract: broken cross-references, numbering gaps and duplicates,
terms defined twice or never used, and capitalised phrases used as if defined.

A pure function over a text, its outline nodes, definitions and references.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .definitions import Definition, byte_view, definitions_parts, is_used
from .references import OutlinePart, Reference

__all__ = ["ERROR", "HINT", "INFORMATION", "WARNING", "Diagnostic", "diagnose"]

ERROR, WARNING, INFORMATION, HINT = "error", "warning", "information", "hint"


class Diagnostic(NamedTuple):
    """One finding: the span it concerns, a severity ("error", "warning", "information", "hint"),
    a stable `code` naming the rule, and a message a lawyer understands."""

    start: int
    end: int
    severity: str
    code: str
    message: str


_UNIT = {"section": "Section", "article": "Article", "clause": "clause", "paragraph": "paragraph",
         "exhibit": "Exhibit", "schedule": "Schedule", "annex": "Annex", "appendix": "Appendix",
         "attachment": "Attachment", "item": "item"}
_ATTACHED = {"exhibit", "schedule", "annex", "appendix", "attachment"}
_NUMBERED = re.compile(r"^(?:section\s+|§\s*)?(\d+(?:\.\d+)*)\.?$", re.IGNORECASE)
# "the Licensed Products", "such Competing Business": a capitalised phrase after a determiner reads
# as a defined term. One pattern per determiner, because a pattern opening with a literal is
# scanned for much faster than an alternation.
_PHRASES = tuple(
    re.compile(determiner + rb"[ \t]+((?:[A-Z][a-z]+)(?:[ \t]+(?:of[ \t]+)?[A-Z][a-z]+){1,3})\b(?![ \t]*[(\"])")
    for determiner in (b"the", b"such", b"any", b"each", b"said")
)
# Proper names and calendar words that are capitalised without being defined terms.
_NOT_TERMS = frozenset(
    ["United", "States", "Kingdom", "America", "American", "New", "York", "Delaware", "California", "Nevada", "Texas", "Florida", "Street", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Securities", "Exchange", "Commission", "Internal", "Revenue", "Service", "Code", "Act", "Court", "Courts", "State", "States", "Federal", "County", "City", "Republic", "Government", "Law", "Laws", "Section", "Sections", "Article", "Articles", "Exhibit", "Schedule", "Annex", "Appendix", "Party", "Parties", "Agreement", "Inc", "Corporation", "Company", "Limited", "Incorporated", "Board", "Directors", "Chief", "Executive", "Officer", "President"]
)


# Spans that can hold a phrase, or None for anywhere; read lazily, so a source that makes each span
# when it is read costs little for a term found in its first spans.
Where = Callable[[str], "Iterable[tuple[int, int]] | None"]


def diagnose(
    text: str,
    nodes: Sequence[OutlinePart],
    definitions: Sequence[Definition],
    references: Sequence[Reference],
    view: bytes | None = None,
    where: Where | None = None,
) -> list[Diagnostic]:
    """Every finding of the document, ordered by position. `view` is `byte_view(text)` when the
    caller has it; `where(term)` gives the only spans that can hold a term (None: anywhere), so an
    index of the text spares a full scan per unused term."""
    v = byte_view(text) if view is None else view
    found = [
        *_unresolved(references),
        *_numbering(text, nodes),
        *_defined_twice(definitions),
        *_unused(text, v, definitions, where),
        *_undefined_phrases(v, nodes, definitions),
    ]
    found.sort(key=lambda d: (d.start, d.end, d.code))
    return found


def _unresolved(references: Sequence[Reference]) -> list[Diagnostic]:
    out = []
    for ref in references:
        if ref.target is not None or ref.clause is not None or not ref.label:
            continue
        unit = _UNIT[ref.kind]
        cited = f"{unit} {ref.label}{ref.part}"
        if ref.kind in _ATTACHED:
            out.append(Diagnostic(ref.start, ref.end, INFORMATION, "missing-attachment",
                                  f"{cited} is referred to but is not part of this document."))
        else:
            out.append(Diagnostic(ref.start, ref.end, WARNING, "unresolved-reference",
                                  f"{cited} is referred to, but the document has no {unit} {ref.label}."))
    return out


def _numbering(text: str, nodes: Sequence[OutlinePart]) -> list[Diagnostic]:
    """Gaps (5.1, 5.3) and duplicates (two 7.4) among numbered clauses of the same parent."""
    siblings: dict[int | None, list[tuple[tuple[int, ...], OutlinePart]]] = defaultdict(list)
    # A long outline repeats few labels ("1.", "2.", ...): each is read once.
    numbers: dict[str, tuple[int, ...] | None] = {}
    for node in nodes:
        label = node.label
        if not label:
            continue
        if label not in numbers:
            m = _NUMBERED.match(label)
            numbers[label] = tuple(map(int, m.group(1).split("."))) if m else None
        number = numbers[label]
        if number is not None:
            siblings[node.parent].append((number, node))
    out = []
    for group in siblings.values():
        seen: set[tuple[int, ...]] = set()
        prev: tuple[int, ...] = ()
        prev_node = None
        for number, node in group:
            last, last_node = prev, prev_node
            prev, prev_node = number, node
            if number in seen:
                label = _name(number)
                out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "duplicate-number",
                                      f"Two clauses are numbered {label}; cross-references to {label} are ambiguous."))
                continue
            seen.add(number)
            gap = last_node is not None and len(last) == len(number) and last[:-1] == number[:-1]
            # 5 then 2019 is another numbering (a year, an amount), not clauses left out.
            if gap and 1 < number[-1] - last[-1] <= _MAX_JUMP:
                missing = [_name(last[:-1] + (n,)) for n in range(last[-1] + 1, number[-1])]
                present = _numbered_lines(text, last_node.start, node.heading_start)
                missing = [m for m in missing if m not in present]
                if missing:
                    out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "numbering-gap",
                                          f"Clause numbering jumps from {_name(last)} to {_name(number)}: {', '.join(missing)} "
                                          f"{'is' if len(missing) == 1 else 'are'} missing."))
    return out


_MAX_JUMP = 20


def _name(number: tuple[int, ...]) -> str:
    return ".".join(map(str, number))

_CLAUSE_NUMBER = re.compile(r"(?:^|\n)[ \t]*(?:Section[ \t]+)?(\d+(?:\.\d+)*)\.?(?=[ \t]|$)", re.MULTILINE)


def _numbered_lines(text: str, start: int, end: int) -> set[str]:
    """Clause numbers opening a line between start and end: an untitled clause is no heading, but
    it is there, so its number is no gap."""
    return {m.group(1) for m in _CLAUSE_NUMBER.finditer(text, start, end)}


def _defined_twice(definitions: Sequence[Definition]) -> list[Diagnostic]:
    first: dict[str, Definition] = {}
    out = []
    for d in definitions:
        if not d.duplicate:
            continue
        if d.term in first:
            out.append(Diagnostic(d.term_start, d.term_end, WARNING, "duplicate-definition",
                                  f"\u201c{d.term}\u201d is defined again here; an earlier definition "
                                  f"already exists and the two may conflict."))
        else:
            first[d.term] = d
    return out


def _unused(text: str, view: bytes, definitions: Sequence[Definition], where: Where | None) -> list[Diagnostic]:
    by_term: dict[str, list[Definition]] = defaultdict(list)
    for d in definitions:
        by_term[d.term].append(d)
    out = []
    for term, own in by_term.items():
        d = own[0]
        spans = (lambda term=term: where(term)) if where else None
        if d.kind == "pointer" or is_used(text, own, term, view, spans):
            continue
        out.append(Diagnostic(d.term_start, d.term_end, INFORMATION, "unused-definition",
                              f"\u201c{d.term}\u201d is defined but never used elsewhere in the document."))
    return out


def _undefined_phrases(view: bytes, nodes: Sequence[OutlinePart], definitions: Sequence[Definition]) -> list[Diagnostic]:
    """Capitalised phrases read as defined terms but defined nowhere (only in a document that has a
    definitions part, where capitals signal a definition); the first use of each is reported."""
    if not definitions_parts(nodes):
        return []
    defined = {d.term for d in definitions}
    first: dict[bytes, int] = {}
    for pattern in _PHRASES:
        for m in pattern.finditer(view):
            if m.start() and (chr(view[m.start() - 1]).isalnum() or view[m.start() - 1] == 0x2D):
                continue  # "bathe Xyz": the determiner must be a word of its own
            phrase = m.group(1)
            if first.get(phrase, m.start(1) + 1) > m.start(1):
                first[phrase] = m.start(1)
    out = []
    for raw, start in first.items():
        phrase = raw.decode("latin-1")
        words = phrase.split()
        if any(w in _NOT_TERMS for w in words) or _is_defined_form(words, defined):
            continue
        out.append(Diagnostic(start, start + len(raw), HINT, "undefined-term",
                              f"\u201c{phrase}\u201d is capitalised like a defined term, but it is not defined."))
    return out


def _is_defined_form(words: list[str], defined: set[str]) -> bool:
    """A defined term, its plural or possessive, or a defined term followed by more words."""
    phrase = " ".join(words)
    stems = {phrase, re.sub(r"(?:'s?|es|s)$", "", phrase), re.sub(r"ies$", "y", phrase)}
    return bool(stems & defined) or any(" ".join(words[:n]) in defined for n in range(1, len(words)))
