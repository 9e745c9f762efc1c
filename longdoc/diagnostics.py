"""Drafting diagnostics of a contract: broken cross-references, numbering gaps and duplicates,
terms defined twice or never used, and capitalised phrases used as if defined.

A pure function over a text, its outline nodes, definitions, uses and references.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .definitions import Definition, Use
from .references import Reference

__all__ = ["Diagnostic", "diagnose", "ERROR", "WARNING", "INFORMATION", "HINT"]

ERROR, WARNING, INFORMATION, HINT = "error", "warning", "information", "hint"


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
class Diagnostic:
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
_DEFINITIONS_TITLE = re.compile(r"\bdefinitions?\b|\bdefined\s+terms\b", re.IGNORECASE)
_NUMBERED = re.compile(r"^(?:section\s+|§\s*)?(\d+(?:\.\d+)*)\.?$", re.IGNORECASE)
# "the Licensed Products", "any Competing Business": a capitalised phrase after a determiner
# reads as a defined term.
_PHRASE = re.compile(
    r"\b(?:the|such|any|each|all|said|no|every)[ \t]+"
    r"((?:[A-Z][a-z]+)(?:[ \t]+(?:of[ \t]+)?[A-Z][a-z]+){1,3})\b(?![ \t]*[(\"\u201c])"
)
# Proper names and calendar words that are capitalised without being defined terms.
_NOT_TERMS = frozenset(
    "United States Kingdom America American New York Delaware California Nevada Texas Florida Street "
    "January February March April May June July August September October November December Monday "
    "Tuesday Wednesday Thursday Friday Saturday Sunday Securities Exchange Commission Internal Revenue "
    "Service Code Act Court Courts State States Federal County City Republic Government Law Laws "
    "Section Sections Article Articles Exhibit Schedule Annex Appendix Party Parties Agreement Inc "
    "Corporation Company Limited Incorporated Board Directors Chief Executive Officer President".split()
)


def diagnose(
    text: str,
    nodes: Sequence[_Node],
    definitions: Sequence[Definition],
    uses: Mapping[str, Sequence[Use]],
    references: Sequence[Reference],
) -> list[Diagnostic]:
    """Every finding of the document, ordered by position."""
    found = [
        *_unresolved(text, references),
        *_numbering(text, nodes),
        *_defined_twice(definitions),
        *_unused(definitions, uses),
        *_undefined_phrases(text, nodes, definitions),
    ]
    found.sort(key=lambda d: (d.start, d.end, d.code))
    return found


def _unresolved(text: str, references: Sequence[Reference]) -> list[Diagnostic]:
    out = []
    for ref in references:
        if ref.target is not None or not ref.label:
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


def _numbering(text: str, nodes: Sequence[_Node]) -> list[Diagnostic]:
    """Gaps (5.1, 5.3) and duplicates (two 7.4) among numbered clauses of the same parent."""
    siblings: dict[int | None, list[tuple[tuple[int, ...], _Node]]] = defaultdict(list)
    for node in nodes:
        m = _NUMBERED.match(node.label or "")
        if m:
            siblings[node.parent].append((tuple(int(p) for p in m.group(1).split(".")), node))
    out = []
    for group in siblings.values():
        seen: dict[tuple[int, ...], _Node] = {}
        for (prev, prev_node), (number, node) in zip([(None, None), *group], group):
            label = ".".join(map(str, number))
            if number in seen:
                out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "duplicate-number",
                                      f"Two clauses are numbered {label}; cross-references to {label} are ambiguous."))
                continue
            seen[number] = node
            if prev is None or len(prev) != len(number) or prev[:-1] != number[:-1]:
                continue
            missing = [prev[:-1] + (n,) for n in range(prev[-1] + 1, number[-1])]
            missing = [m for m in missing if not _numbered_line(text, prev_node.start, node.heading_start, m)]
            if missing:
                names = ", ".join(".".join(map(str, m)) for m in missing)
                out.append(Diagnostic(node.heading_start, node.heading_end, WARNING, "numbering-gap",
                                      f"Clause numbering jumps from {'.'.join(map(str, prev))} to {label}: "
                                      f"{names} {'is' if len(missing) == 1 else 'are'} missing."))
    return out


def _numbered_line(text: str, start: int, end: int, number: tuple[int, ...]) -> bool:
    """Whether a clause with this number opens a line between start and end (an untitled clause is
    no heading, but it is there)."""
    label = re.escape(".".join(map(str, number)))
    return re.search(rf"(?:^|\n)[ \t]*(?:Section[ \t]+)?{label}\.?(?:[ \t]|$)", text[start:end]) is not None


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


def _unused(definitions: Sequence[Definition], uses: Mapping[str, Sequence[Use]]) -> list[Diagnostic]:
    reported: set[str] = set()
    out = []
    for d in definitions:
        if d.term in reported or uses.get(d.term) or d.kind == "pointer":
            continue
        reported.add(d.term)
        out.append(Diagnostic(d.term_start, d.term_end, INFORMATION, "unused-definition",
                              f"\u201c{d.term}\u201d is defined but never used elsewhere in the document."))
    return out


def _undefined_phrases(text: str, nodes: Sequence[_Node], definitions: Sequence[Definition]) -> list[Diagnostic]:
    """Capitalised phrases read as defined terms but defined nowhere (only in a document that has a
    definitions part, where capitals signal a definition); the first use of each is reported."""
    if not any(_DEFINITIONS_TITLE.search(n.title) for n in nodes):
        return []
    defined = {d.term for d in definitions}
    seen: set[str] = set()
    out = []
    for m in _PHRASE.finditer(text):
        phrase = m.group(1)
        if phrase in seen or phrase in defined:
            continue
        seen.add(phrase)
        words = phrase.split()
        if any(w in _NOT_TERMS for w in words) or _is_defined_form(phrase, defined):
            continue
        out.append(Diagnostic(m.start(1), m.end(1), HINT, "undefined-term",
                              f"\u201c{phrase}\u201d is capitalised like a defined term, but it is not defined."))
    return out


def _is_defined_form(phrase: str, defined: set[str]) -> bool:
    """A plural or possessive of a defined term, or a defined term followed by more words."""
    stem = re.sub(r"(?:['\u2019]s?|ies|es|s)$", "", phrase)
    return any(t.startswith(stem) or phrase.startswith(t + " ") for t in defined if t[:1] == phrase[:1])
