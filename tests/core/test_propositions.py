"""split_proposition_windows: windows of whole consecutive sentences, bounded and sampled evenly."""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from longdoc.propositions import (
    FALLBACK_CHARS_PER_TOKEN,
    SENTENCE_SPLIT_REGEX,
    split_proposition_windows,
    split_sentences,
)

CONTRACTNLI = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "contractnli"

# Every example runs the whole pipeline; this many keeps the suite quick.
PROPERTY = settings(max_examples=100, deadline=None)


def nda_text() -> str:
    path = CONTRACTNLI / "documents"
    assert path.is_dir(), f"shared test data missing: {path.resolve()}"
    first = sorted(path.glob("*.txt"))[0]
    return first.read_text(encoding="utf-8")


WORD = st.sampled_from("party shall notice term fee audit the of and data day".split())
CAPITAL = st.sampled_from("Each The Either Any Licensee Supplier Notice".split())


@st.composite
def sentence(draw: st.DrawFn) -> str:
    body = draw(st.lists(WORD, min_size=0, max_size=12))
    return " ".join([draw(CAPITAL), *body]) + draw(st.sampled_from([".", "!", "?"]))


SENTENCES = st.lists(sentence(), min_size=1, max_size=40)


def join(sentences: list[str]) -> str:
    return " ".join(sentences)


def sentence_runs(windows: list[str], sentences: list[str]) -> list[tuple[int, int]]:
    """(first, last) sentence index of each window, found by scanning forward in order; fails
    when a window is not a run of whole consecutive sentences joined by one space."""
    runs = []
    origin = 0
    for window in windows:
        for first in range(origin, len(sentences)):
            for last in range(first, len(sentences)):
                if join(sentences[first : last + 1]) == window:
                    runs.append((first, last))
                    origin = first
                    break
            else:
                continue
            break
        else:
            pytest.fail(f"window {window!r} is not a run of consecutive sentences after {origin}")
    return runs


def all_windows(sentences: list[str], **options: object) -> tuple[list[str], list[tuple[int, int]]]:
    """Every window of the joined sentences (no sampling) and the sentence run each one is."""
    windows = split_proposition_windows(join(sentences), max_windows=1000, **options)  # type: ignore[arg-type]
    return windows, sentence_runs(windows, sentences)


def words_counter(pieces: list[str]) -> list[int]:
    return [len(p.split()) for p in pieces]


# -- sentences ------------------------------------------------------------------------------------


@given(SENTENCES)
def test_sentences_joined_by_spaces_split_back_into_the_same_sentences(sentences: list[str]) -> None:
    assert split_sentences(join(sentences)) == sentences


def test_the_split_pattern_is_the_documented_one() -> None:
    assert SENTENCE_SPLIT_REGEX == r"(?:\n\s*\n+)|(?<=[.!?])\s+(?=[A-Z][a-z])"


def test_a_blank_line_separates_even_without_a_full_stop() -> None:
    assert split_sentences("Definitions\n\nThe terms below apply") == [
        "Definitions",
        "The terms below apply",
    ]


def test_abbreviation_aware_keeps_titles_initials_and_citation_runs_together() -> None:
    text = "Dr. Smith met J. Doe. See J. Phys. Chem. Lett. Results were good."
    assert split_sentences(text, abbreviation_aware=True) == [
        "Dr. Smith met J. Doe.",
        "See J. Phys. Chem. Lett.",
        "Results were good.",
    ]
    assert len(split_sentences(text)) == 8


@pytest.mark.parametrize("text", ["", "   ", "\n\n\t"])
def test_blank_text_has_no_windows(text: str) -> None:
    assert split_proposition_windows(text) == []


# -- sentence-count windows -------------------------------------------------------------------------


@PROPERTY
@given(SENTENCES, st.integers(1, 5), st.integers(1, 6))
def test_windows_are_runs_of_at_most_max_sentences_in_order_starting_every_stride(
    sentences: list[str], max_sentences: int, stride: int
) -> None:
    windows, runs = all_windows(sentences, max_sentences=max_sentences, stride=stride)
    assert all(last - first + 1 <= max_sentences for first, last in runs)
    assert len(set(windows)) == len(windows)
    if len(set(sentences)) == len(sentences):
        assert [first for first, _ in runs] == list(range(0, len(runs) * stride, stride))


@PROPERTY
@given(SENTENCES, st.integers(1, 5))
def test_by_default_windows_tile_every_sentence_once(sentences: list[str], k: int) -> None:
    assume(len(set(sentences)) == len(sentences))  # equal windows would be dropped
    windows = split_proposition_windows(join(sentences), max_sentences=k, max_windows=1000)
    assert join(windows) == join(sentences)
    assert all(len(split_sentences(w)) == k for w in windows[:-1])


@PROPERTY
@given(SENTENCES, st.integers(1, 8))
def test_too_many_windows_are_sampled_evenly_keeping_first_and_last(
    sentences: list[str], max_windows: int
) -> None:
    text = join(sentences)
    every = split_proposition_windows(text, max_sentences=1, max_windows=1000)
    sampled = split_proposition_windows(text, max_sentences=1, max_windows=max_windows)
    assert len(sampled) == min(len(every), max_windows)
    assert sampled[0] == every[0]
    if max_windows > 1:
        assert sampled[-1] == every[-1]
    positions = [every.index(w) for w in sampled]
    assert positions == sorted(set(positions))
    if len(every) > max_windows > 1:
        gaps = [b - a for a, b in zip(positions, positions[1:])]
        assert max(gaps) - min(gaps) <= 1


# -- budget windows ---------------------------------------------------------------------------------


@PROPERTY
@given(SENTENCES, st.integers(1, 200), st.integers(1, 6))
def test_max_chars_windows_fit_unless_one_long_sentence(
    sentences: list[str], max_chars: int, max_sentences: int
) -> None:
    windows, runs = all_windows(sentences, max_chars=max_chars, max_sentences=max_sentences)
    for window, (first, last) in zip(windows, runs):
        assert len(window) <= max_chars or first == last
        assert last - first + 1 <= max_sentences


@PROPERTY
@given(SENTENCES, st.integers(1, 30))
def test_max_tokens_windows_fit_the_counter_and_lose_no_word(
    sentences: list[str], max_tokens: int
) -> None:
    windows = split_proposition_windows(
        join(sentences), max_tokens=max_tokens, token_counter=words_counter, max_windows=1000
    )
    assert all(len(w.split()) <= max_tokens for w in windows)
    # Equal pieces of a cut sentence are dropped as duplicates, so compare the words present.
    assert set(" ".join(windows).split()) == set(join(sentences).split())


def test_max_tokens_is_the_only_bound_when_set() -> None:
    text = "One two. Three four. Five six. Seven eight."
    windows = split_proposition_windows(
        text, max_sentences=1, max_chars=5, max_tokens=4, token_counter=words_counter
    )
    assert windows == ["One two. Three four.", "Five six. Seven eight."]


def test_without_a_counter_tokens_are_estimated_from_characters_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    text = " ".join(["Alpha beta gamma delta."] * 3 + ["Epsilon zeta eta theta."] * 3)
    budget = math.ceil(len("Alpha beta gamma delta.") / FALLBACK_CHARS_PER_TOKEN)
    with caplog.at_level(logging.INFO, logger="longdoc.propositions"):
        windows = split_proposition_windows(text, max_tokens=budget, max_windows=100)
        none_windows = split_proposition_windows(
            text, max_tokens=budget, token_counter=lambda pieces: None, max_windows=100
        )
    assert windows == none_windows == ["Alpha beta gamma delta.", "Epsilon zeta eta theta."]
    assert len([r for r in caplog.records if "characters per token" in r.message]) == 2


@PROPERTY
@given(SENTENCES, st.integers(2, 40), st.floats(0.0, 0.95))
def test_overlap_repeats_at_most_that_fraction_of_the_previous_window(
    sentences: list[str], max_tokens: int, overlap: float
) -> None:
    # Whole, distinct sentences, so that every window is a run of them.
    assume(len(set(sentences)) == len(sentences))
    assume(all(len(s.split()) <= max_tokens for s in sentences))
    windows, runs = all_windows(
        sentences, max_tokens=max_tokens, token_counter=words_counter, overlap=overlap
    )
    for (a_first, a_last), (b_first, b_last), previous in zip(runs, runs[1:], windows):
        assert a_first < b_first <= a_last + 1 and b_last > a_last
        repeated = join(sentences[b_first : a_last + 1])
        assert len(repeated.split()) <= overlap * len(previous.split())


def test_overlap_repeats_the_last_sentence_when_it_fits_the_fraction() -> None:
    text = "Ab c d e. Fg h i j. Kl m n o. Pq r s t."
    windows = split_proposition_windows(
        text, max_tokens=8, token_counter=words_counter, overlap=0.5
    )
    assert windows == ["Ab c d e. Fg h i j.", "Fg h i j. Kl m n o.", "Kl m n o. Pq r s t."]


def test_measurement_aware_cuts_never_separate_a_number_from_its_unit_or_split_a_range() -> None:
    text = "The band gap was about ~10 meV and the samples measured 5 - 10 mm across in all runs."
    plain = split_proposition_windows(
        text, max_tokens=2, token_counter=words_counter, max_windows=100
    )
    aware = split_proposition_windows(
        text, max_tokens=2, token_counter=words_counter, measurement_aware=True, max_windows=100
    )
    assert any(w.endswith("~10") for w in plain)
    assert any("~10 meV" in w for w in aware)
    assert any("5 - 10 mm" in w for w in aware)
    assert " ".join(aware).split() == text.split()


def test_windows_of_a_real_agreement_are_whole_sentences_within_budget() -> None:
    text = nda_text()
    windows = split_proposition_windows(text, max_chars=400, max_windows=16)
    sentences = split_sentences(text)
    assert len(windows) == 16
    assert windows[0].startswith(sentences[0])
    assert windows[-1].endswith(sentences[-1])
    assert all(len(w) <= 400 or w in sentences for w in windows)


# -- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["max_sentences", "max_windows", "stride", "max_chars", "max_tokens"]
)
def test_a_bound_below_one_is_a_value_error_naming_it(name: str) -> None:
    with pytest.raises(ValueError, match=name):
        split_proposition_windows("One. Two.", **{name: 0})


@pytest.mark.parametrize("overlap", [-0.1, 1.0, 1.5])
def test_overlap_outside_zero_one_is_a_value_error(overlap: float) -> None:
    with pytest.raises(ValueError, match="overlap"):
        split_proposition_windows("One. Two.", max_chars=10, overlap=overlap)


def test_text_that_is_not_str_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="text"):
        split_proposition_windows(None)  # type: ignore[arg-type]


def test_a_counter_returning_the_wrong_number_of_counts_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="token_counter"):
        split_proposition_windows("One. Two.", max_tokens=3, token_counter=lambda pieces: [1])
