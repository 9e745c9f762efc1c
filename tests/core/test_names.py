"""Clause names: a capitalised phrase that a clause's title gives leads to that clause."""

from __future__ import annotations

import pytest

from longdoc import LongDocument
from longdoc.names import name_of

MJBIOTECH = "cuad/contracts/MJBIOTECH,INC_12_06_2018-EX-99.01-JOINT VENTURE AGREEMENT.txt"

AGREEMENT = ("ARTICLE 2\nINTERESTS\n\n2.1 Transfer. A member sells at the price the Valuation of Interest section "
             "sets. Buyers pay the Royalty Fees and the Escrow Amount.\n\n2.2 VALUATION OF INTEREST\n\nThe interest is "
             "valued each year.\n\n2.3 Royalty Fee. The Company pays a royalty each quarter.\n")


def named(text: str, probe: str) -> tuple[str, str] | None:
    found = LongDocument(text).clause_named_at(text.index(probe) + 2)
    return None if found is None else (found[0].title, text[found[1] : found[2]])


def test_a_phrase_naming_a_clause_leads_to_it_whatever_the_case_of_the_title() -> None:
    assert named(AGREEMENT, "Valuation of Interest section") == ("2.2 VALUATION OF INTEREST", "Valuation of Interest")


def test_the_plural_of_a_clause_name_leads_to_the_clause() -> None:
    assert named(AGREEMENT, "Royalty Fees") == ("2.3 Royalty Fee", "Royalty Fees")


def test_a_phrase_that_names_no_clause_leads_nowhere() -> None:
    assert named(AGREEMENT, "Escrow Amount") is None


def test_a_clause_s_own_heading_names_nothing() -> None:
    assert named(AGREEMENT, "Royalty Fee. The Company") is None


@pytest.mark.parametrize("title, labelled, name", [
    ("4. ROYALTY FEE", True, "royalty fee"),
    ("ARTICLE V DEFINITIONS", True, None),  # one word
    ("4.1 Supplier shall provide the Services", True, None),  # a sentence
    ("Joint Steering Committee", False, "joint steering committee"),
])
def test_a_title_names_its_clause_by_its_capitalised_words_without_the_label(title: str, labelled: bool, name: str | None) -> None:
    assert name_of(title, labelled) == name


def test_a_real_contract_s_section_named_in_the_text_is_found(shared_text) -> None:
    text = shared_text(MJBIOTECH)
    at = text.index("Valuation of Interest section") + 3
    node, start, end = LongDocument(text).clause_named_at(at)
    assert (node.title, node.heading_start, text[start:end]) == ("Valuation of Interest", text.index("\nValuation of Interest\n") + 1,
                                                                 "Valuation of Interest")


def test_the_uses_of_a_clause_s_name_are_its_capitalised_forms_outside_its_heading() -> None:
    text = AGREEMENT.replace("Buyers pay the Royalty Fees", "Buyers pay the Royalty Fees, the royalty fee and the Royalty Fee's")
    doc = LongDocument(text)
    [fee] = [n for n in doc.nodes if n.title == "2.3 Royalty Fee"]
    assert [text[a:b] for a, b in doc.name_uses(fee)] == ["Royalty Fees", "Royalty Fee's"]


def test_a_clause_whose_title_names_nothing_has_no_name_uses() -> None:
    doc = LongDocument(AGREEMENT)
    [transfer] = [n for n in doc.nodes if n.title == "2.1 Transfer"]
    assert doc.name_uses(transfer) == []


def test_the_uses_of_a_plural_name_in_the_singular_are_found_through_the_index() -> None:
    # The index keeps "taxes" and "tax" apart.
    text = ("1. Payments. The Buyer withholds any Withholding Tax the law requires.\n\n"
            "9.4 Withholding Taxes. The Buyer pays the Withholding Taxes it withholds.\n")
    doc = LongDocument(text)
    [taxes] = [n for n in doc.nodes if n.title == "9.4 Withholding Taxes"]
    assert [text[a:b] for a, b in doc.name_uses(taxes)] == ["Withholding Tax", "Withholding Taxes"]
