"""analyse_query: which index terms a question asks for, and how much each one counts."""

from __future__ import annotations

import pytest

from longdoc import LongDocument, terms
from longdoc.query import GENERIC_WEIGHT, INFLECTION_WEIGHT, SYNONYM_WEIGHT, TITLE_WEIGHT, analyse_query


def weights(question: str) -> dict[str, float]:
    return dict(analyse_query(question, terms).weights)


def test_a_short_title_before_a_colon_counts_double() -> None:
    found = weights("Audit Rights: may a party inspect the books?")
    assert found["audit"] == found["right"] == TITLE_WEIGHT and found["inspect"] == 1.0


def test_words_every_contract_uses_count_less() -> None:
    assert weights("Does the agreement require insurance?")["agreement"] == GENERIC_WEIGHT


def test_a_synonym_from_the_thesaurus_counts_half() -> None:
    assert weights("Can either side terminate?")["cancel"] == SYNONYM_WEIGHT


def test_past_tenses_and_ing_forms_count_less_than_the_word() -> None:
    found = weights("Shall the recipient disclose it?")
    assert found["disclosed"] == found["disclosing"] == INFLECTION_WEIGHT and found["disclose"] == 1.0


def test_the_inflections_of_a_synonym_count_less_than_the_synonym() -> None:
    assert weights("Can either side terminate?")["cancelled"] == pytest.approx(INFLECTION_WEIGHT * SYNONYM_WEIGHT)


def test_weights_follow_the_query_order_with_synonyms_and_inflections_last() -> None:
    order = [t for t, _ in analyse_query("Shall the recipient disclose it?", terms).weights]
    assert order.index("recipient") < order.index("disclose") < order.index("reveal") < order.index("disclosed")


def test_a_question_finds_the_clause_written_in_the_past_tense() -> None:
    # Without the inflection the shorter "Records" clause ranks first on "documents" alone.
    text = (
        "## Records\n\nDocuments are kept for five years.\n\n"
        "## Return of Materials\n\nAll documents furnished by the Discloser shall be sent back within ten days "
        "of a written request.\n"
    )
    doc = LongDocument(text)
    best, _ = doc.select("What happens to documents after furnishing them?", k=1)[0]
    assert best.heading == "## Return of Materials"
