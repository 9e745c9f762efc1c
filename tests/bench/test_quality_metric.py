"""Character recall and hit@50, the retrieval-quality metric of bench/quality.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quality import char_recall, hit_at_50, merge_spans

spans = st.lists(
    st.tuples(st.integers(0, 200), st.integers(0, 60)).map(lambda t: (t[0], t[0] + t[1])),
    max_size=6,
)
gold_spans = spans.filter(lambda s: any(b > a for a, b in s))


def test_recall_is_the_share_of_gold_characters_selected():
    assert char_recall([(10, 20)], [(15, 40)]) == 0.5


def test_recall_adds_up_over_several_gold_spans():
    assert char_recall([(0, 10), (100, 130)], [(0, 10), (120, 200)]) == 20 / 40


def test_overlapping_gold_spans_count_their_characters_once():
    assert char_recall([(0, 10), (5, 20)], [(0, 10)]) == 10 / 20


def test_overlapping_selections_count_their_characters_once():
    assert char_recall([(0, 10)], [(0, 6), (4, 8)]) == 0.8


def test_gold_without_characters_is_an_error():
    with pytest.raises(ValueError, match="no character"):
        char_recall([(5, 5)], [(0, 10)])


def test_merge_spans_joins_touching_and_overlapping_spans_and_drops_empty_ones():
    assert merge_spans([(8, 9), (0, 3), (3, 5), (4, 6), (7, 7)]) == [(0, 6), (8, 9)]


@given(gold_spans, spans)
def test_recall_is_between_zero_and_one(gold, selected):
    assert 0.0 <= char_recall(gold, selected) <= 1.0


@given(gold_spans)
def test_selecting_the_gold_spans_gives_full_recall(gold):
    assert char_recall(gold, gold) == 1.0


@given(gold_spans, spans, spans)
def test_selecting_more_never_lowers_recall(gold, selected, extra):
    assert char_recall(gold, selected + extra) >= char_recall(gold, selected)


def test_a_hit_needs_at_least_half_of_the_gold_characters():
    assert hit_at_50(char_recall([(0, 10)], [(0, 5)]))
    assert not hit_at_50(char_recall([(0, 10)], [(0, 4)]))
