"""approx_tokens and terms: the token estimate and the index analyser every score rests on."""

from __future__ import annotations

import pytest

from longdoc import approx_tokens, terms


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
