"""inflections: the regular past tenses and "-ing" forms of a word, read from its base or from an
inflected form, so that a question's "disclose" finds a clause's "disclosed"."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from longdoc.inflections import inflections

# (base, inflected form): each is among the other's inflections.
PAIRS = [
    ("disclose", "disclosed"), ("disclose", "disclosing"), ("terminate", "terminated"),
    ("terminate", "terminating"), ("develop", "developed"), ("develop", "developing"),
    ("commit", "committed"), ("commit", "committing"), ("cancel", "cancelled"), ("cancel", "canceled"),
    ("identify", "identified"), ("identify", "identifying"), ("agree", "agreed"), ("agree", "agreeing"),
    ("use", "used"), ("use", "using"), ("call", "called"), ("untie", "untied"), ("solicit", "solicited"),
]


@pytest.mark.parametrize(("base", "form"), PAIRS)
def test_a_base_and_its_inflection_find_each_other(base: str, form: str) -> None:
    assert form in inflections(base) and base in inflections(form)


def test_the_inflections_of_one_word_are_each_others() -> None:
    assert {"terminate", "terminated"} <= inflections("terminating")


def test_a_base_ending_in_e_drops_it_before_ing() -> None:
    assert inflections("disclose") == {"disclosed", "disclosing"}


def test_an_inflected_word_is_not_inflected_again() -> None:
    assert inflections("required") == {"require", "requiring", "requir"}


def test_a_word_too_short_to_read_as_inflected_is_also_a_base() -> None:
    assert {"needed", "needing"} <= inflections("need")


def test_a_noun_by_its_ending_has_none() -> None:
    assert inflections("notification") == inflections("commission") == set()


def test_a_word_is_not_its_own_inflection() -> None:
    assert "notice" not in inflections("notice") and "noticed" not in inflections("noticed")


@pytest.mark.parametrize("word", ["no", "x1", "договор", "co-op", "Ünited", ""])
def test_words_short_or_not_of_ascii_letters_have_none(word: str) -> None:
    assert inflections(word) == set()


@given(st.text(max_size=12))
def test_any_text_gives_other_words_of_ascii_letters(word: str) -> None:
    found = inflections(word)
    assert word not in found and all(w.isascii() and w.isalpha() for w in found)
