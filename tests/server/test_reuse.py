"""Outline JSON reused across versions equals the JSON of a document opened fresh with the same text."""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc_server.documents import Documents
from longdoc_server.features.folding import folding_ranges
from longdoc_server.features.outline import document_symbols
from longdoc_server.positions import Codec
from longdoc_server.reuse import Change

from lsp_support import ARTICLE_CONTRACT, read_shared

CONTRACT = read_shared(ARTICLE_CONTRACT)
URI = "file:///contract.txt"
CODEC = Codec()


@dataclass
class Edit:
    range: dict | None
    text: str


def fresh(text: str) -> tuple[object, object]:
    snapshot = Documents().open(URI, 1, text)
    return json.loads(document_symbols(snapshot, CODEC)), json.loads(folding_ranges(snapshot, None))


edits = st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 3), st.sampled_from(["x", "\n", "", "\n\n4.05 Added Clause. Text.\n\n", "ARTICLE X\n\n"])),
    min_size=1,
    max_size=3,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits, st.booleans())
def test_reused_outline_json_equals_a_fresh_render(sequence: list[tuple[float, int, str]], render_between: bool) -> None:
    documents = Documents()
    snapshot = documents.open(URI, 1, CONTRACT)
    document_symbols(snapshot, CODEC)
    folding_ranges(snapshot, None)
    text = CONTRACT
    for version, (where, length, inserted) in enumerate(sequence, start=2):
        start = int(where * (len(text) - length))
        range_ = {"start": CODEC.position(snapshot.lines, start), "end": CODEC.position(snapshot.lines, start + length)}
        snapshot = documents.change(URI, version, [Edit(range_, inserted)], CODEC)
        text = text[:start] + inserted + text[start + length :]
        if render_between:
            document_symbols(snapshot, CODEC)
            folding_ranges(snapshot, None)
    assert (json.loads(document_symbols(snapshot, CODEC)), json.loads(folding_ranges(snapshot, None))) == fresh(text)


def test_a_later_edit_extends_the_changed_region_and_adds_up_the_moves() -> None:
    first = Change.of_edit(100, 100, 1, 0)
    assert first.then(50, 60, 0, -1) == Change(50, 91, -9, -1)
    assert first.then(300, 300, 5, 2) == Change(100, 305, 6, 2)
