"""Clauses that give a text's undefined terms the meanings another text gives them."""

from __future__ import annotations

import pytest

from longdoc.definitions import byte_view
from longdoc.incorporation import incorporations


def sources(text: str) -> list[tuple[str, ...]]:
    return [c.sources for c in incorporations(byte_view(text))]


@pytest.mark.parametrize(
    ("clause", "named"),
    [
        # AzulSa's amendment of a maintenance agreement.
        ("Unless otherwise defined, capitalised terms, singular or plural, used in this Amendment, shall have the "
         "same meaning ascribed thereto in the GMA.", ("GMA",)),
        # Ingevity's intellectual property agreement: a part of its own and another agreement.
        ("Capitalized terms used herein and not otherwise defined shall have the respective meanings assigned to "
         "them in Section 1 or the Separation Agreement.", ("Separation Agreement",)),
        # Reinsurance Group's remarketing agreement: a list of agreements, and one more where they are silent.
        ("Capitalized terms used and not defined in this Agreement shall have the meanings assigned to them in the "
         "Unit Agreement, the Trust Agreement, the Warrant Agreement and the Guarantee Agreement or, if not therein "
         "defined, the Indenture.",
         ("Unit Agreement", "Trust Agreement", "Warrant Agreement", "Guarantee Agreement", "Indenture")),
        # Vivint Solar's amendment: the parties of a named agreement are not a text.
        ("Capitalized terms not defined in this Amendment will have the meaning set forth for that term in the "
         "Non-Competition Agreement or the Master Framework Agreement, dated September 30, 2016, by and between the "
         "Parties.", ("Non-Competition Agreement", "Master Framework Agreement")),
        ("Capitalized terms used, but not defined herein, shall have the meaning provided in the Strategic Alliance "
         "Agreement.", ("Strategic Alliance Agreement",)),
        # Federated's amendment names the agreement it amends, defined further on.
        ("Capitalized terms used, but not defined, in this Amendment have the meanings given to such terms in the "
         "Services Agreement (as defined below).", ("Services Agreement",)),
    ],
)
def test_a_clause_giving_undefined_terms_another_texts_meanings_names_that_text(clause, named):
    assert sources(f"SUPPLY AGREEMENT\n\n{clause} The parties agree as follows.\n") == [named]


@pytest.mark.parametrize(
    "clause",
    [
        # Babcock & Wilcox: the text's own article.
        "Capitalized terms used herein and not otherwise defined shall have the meanings ascribed to such terms in "
        "Article 1 hereof.",
        # Cardlytics: wherever the text defines them.
        "Terms not otherwise defined in this Section shall have the meanings assigned in the part of this Agreement "
        "in which they are defined.",
        # A ContractNLI confidentiality agreement: its own recitals.
        "Capitalized terms not otherwise defined in this Agreement shall have the same meaning ascribed to such terms "
        "in the Recitals below.",
        # Bloom Energy: a list that follows.
        "Capitalized terms not otherwise defined shall have the meanings set forth below:",
        # Old API Wind-down's schedule: the agreement it is attached to.
        "Capitalized terms used but not otherwise defined in this Schedule shall have the meanings assigned to them "
        "in the Agency Agreement to which this Schedule is attached.",
        # A guarantee of an insurer's capital: rules of an institution, no text of the parties.
        'Capitalized terms not otherwise defined have the meanings ascribed thereto in the risk-based capital ("RBC") '
        "instructions promulgated by the National Association of Insurance Commissioners.",
        # Accounting terms.
        "Accounting terms not otherwise defined herein have the meanings given to them under GAAP.",
    ],
)
def test_a_clause_pointing_into_the_text_itself_or_at_no_named_text_borrows_nothing(clause):
    assert sources(f"SUPPLY AGREEMENT\n\n{clause} The parties agree as follows.\n") == []


def test_a_term_not_defined_without_a_clause_on_meanings_borrows_nothing():
    text = 'The term "Products" is not defined in the Credit Agreement, which the Buyer has in the Data Room.'
    assert sources(text) == []
