"""The one edit a semantic tokens delta sends: applied to the numbers the client holds, it gives the
new ones, and it replaces whole tokens (five numbers each) only."""

from __future__ import annotations

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc_server.features.semantic_tokens import edits

TOKENS = st.lists(st.tuples(*[st.integers(0, 3)] * 5), max_size=30).map(lambda ts: array("I", [n for t in ts for n in t]))


@settings(max_examples=400, deadline=None)
@given(TOKENS, TOKENS, TOKENS, TOKENS)
def test_the_edit_turns_the_old_numbers_into_the_new_and_spans_whole_tokens(head, old, new, tail) -> None:
    before, after = head + old + tail, head + new + tail
    found = edits(before, after)
    applied = list(before)
    for edit in found:
        assert edit["start"] % 5 == 0 and edit["deleteCount"] % 5 == 0
        applied[edit["start"] : edit["start"] + edit["deleteCount"]] = edit["data"]
    assert applied == list(after)
    assert len(found) <= 1 and (found == []) == (before == after)


def test_a_long_common_run_is_kept_whole() -> None:
    # The common start and end are found a chunk at a time: 40,000 tokens, one changed.
    before = array("I", [1, 2, 3, 0, 0] * 40_000)
    after = array("I", before)
    after[5 * 17_321 + 2] = 9
    assert edits(before, after) == [{"start": 5 * 17_321, "deleteCount": 5, "data": [1, 2, 9, 0, 0]}]
