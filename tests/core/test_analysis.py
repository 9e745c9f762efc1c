"""approx_tokens and terms: the token estimate and the index analyser every score rests on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import approx_tokens, terms
from longdoc.analysis import class_raw_count, class_raw_extend, raw_token_count, token_classes


def test_approx_tokens_counts_words_and_punctuation_times_1_3_rounded_up() -> None:
    assert approx_tokens("one two, three.") == 7


def test_approx_tokens_of_empty_text_is_zero() -> None:
    assert approx_tokens("") == 0


def test_approx_tokens_rounds_exactly_at_multiples_of_ten() -> None:
    # 10 words x 1.3 is exactly 13; a float product would round up to 14.
    assert approx_tokens(" ".join(["word"] * 10)) == 13


def test_approx_tokens_rejects_non_str() -> None:
    with pytest.raises(TypeError, match="text"):
        approx_tokens(b"bytes")  # type: ignore[arg-type]


def test_terms_are_casefolded() -> None:
    assert terms("TERMINATION Straße") == ["termination", "strasse"]


def test_terms_split_words_at_underscores() -> None:
    assert terms("governing_law") == ["governing", "law"]


def test_terms_drop_stop_words() -> None:
    assert terms("the term of the agreement") == ["term", "agreement"]


@pytest.mark.parametrize("negation", ["not", "no", "nor", "without"])
def test_terms_keep_negations(negation: str) -> None:
    assert negation in terms(f"shall {negation} assign")


def test_terms_strip_a_plural_s_so_singular_and_plural_match() -> None:
    assert terms("terminations") == terms("termination") == ["termination"]


def test_terms_leave_words_ending_in_ss_or_us_alone() -> None:
    assert terms("business status") == ["business", "status"]


def test_terms_read_non_latin_scripts_as_words() -> None:
    assert terms("Договор аренды") == ["договор", "аренды"]


def test_terms_reject_non_str() -> None:
    with pytest.raises(TypeError, match="text"):
        terms(None)  # type: ignore[arg-type]


_TOKEN_TEXT = st.lists(st.sampled_from(list("ab7_ .,;\"(-\n\t") + ["é", "ß", "Ⅻ", "😀", "٣", "\u00a0", "word "]), max_size=60).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=_TOKEN_TEXT, data=st.data())
def test_the_token_count_of_any_slice_read_from_its_classes_is_that_of_the_slice(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert class_raw_count(token_classes(text), start, end) == raw_token_count(text[start:end])


@settings(max_examples=500, deadline=None)
@given(text=_TOKEN_TEXT, data=st.data())
def test_a_count_extended_to_a_later_end_counts_a_word_across_the_old_end_once(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    new_end = data.draw(st.integers(end, len(text)))
    classes = token_classes(text)
    raw = class_raw_count(classes, start, end)
    assert class_raw_extend(classes, start, end, raw, new_end) == raw_token_count(text[start:new_end])
