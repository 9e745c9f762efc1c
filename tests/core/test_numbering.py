"""Clause numbers that extraction lost, known from the places of those it kept."""

from __future__ import annotations

from longdoc import LongDocument

# Regan Holding's license and hosting agreement, whose automatic numbers survive on a few clauses only.
CHARGES = """ARTICLE IV CHARGES

Reimbursement Generally. TAG shall reimburse LMG for its costs as set out below.

4.2 Conditions of Reimbursement. LMG is reimbursed under Section 4.1 only upon a report.

Extension of Conversion Date. The parties may extend the date, and Section 4.3 then applies.

ARTICLE V WARRANTIES

Warranty. LMG warrants the tools.

5.2 LMG Indemnification. LMG indemnifies TAG.

5.3 TAG Indemnification. TAG indemnifies LMG.

Other Indemnification. No party indemnifies the other than as set forth in Section 5.4.

Limitation of Liability. No party is liable for lost profits.

5.6 Insurance. Each party keeps insurance.
"""


def _targets(text: str) -> dict[str, str | None]:
    doc = LongDocument(text)
    return {text[r.start : r.end]: None if r.target is None else doc.nodes[r.target].title for r in doc.references}


def _cited_as_part(text: str, citation: str) -> str | None:
    """The title of the part that holds what ``citation`` cites, as one of its parts (None: no such part)."""
    doc = LongDocument(text)
    [ref] = [r for r in doc.references if text[r.start : r.end] == citation]
    return doc.nodes[ref.target].title if ref.target is not None and not ref.exact else None


def test_a_titled_clause_before_a_kept_number_is_cited_by_its_place() -> None:
    targets = _targets(CHARGES)
    assert (targets["Section 4.1"], targets["Section 5.4"]) == ("Reimbursement Generally", "Other Indemnification")


def test_no_place_is_implied_after_an_articles_last_kept_number() -> None:
    # A title the outline missed there would shift every place after it: the citation leads to the
    # article that holds it, as one of its parts.
    assert _cited_as_part(CHARGES, "Section 4.3") == "ARTICLE IV CHARGES"


def test_clauses_whose_places_the_kept_numbers_match_leave_no_numbering_gap() -> None:
    assert [d.code for d in LongDocument(CHARGES).diagnostics()] == []


def test_a_kept_number_that_is_not_its_place_implies_no_number_anywhere() -> None:
    text = CHARGES.replace("5.6 Insurance", "5.7 Insurance")
    assert _cited_as_part(text, "Section 4.1") == "ARTICLE IV CHARGES"
