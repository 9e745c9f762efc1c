"""Stretches asked whether an offset lies in one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from longdoc.stretches import Stretches

SPANS = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 20)).map(lambda s: (s[0], s[0] + s[1])), max_size=12)


@given(SPANS, st.integers(-5, 90))
def test_an_offset_lies_in_the_stretches_when_it_lies_in_one_of_the_spans(spans: list[tuple[int, int]], at: int) -> None:
    assert (at in Stretches(spans)) == any(lo <= at < hi for lo, hi in spans)


def test_nested_and_touching_spans_are_one_stretch() -> None:
    stretches = Stretches([(10, 20), (0, 10), (12, 15), (30, 40)])
    assert (stretches.starts, stretches.ends) == ([0, 30], [20, 40])


def test_an_empty_span_holds_no_offset() -> None:
    assert 5 not in Stretches([(5, 5)])
