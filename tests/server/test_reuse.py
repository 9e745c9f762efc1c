"""Outline and diagnostics JSON reused across versions equals the JSON of a document opened fresh with the same text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc_server.documents import Documents, Snapshot, joined_changes
from longdoc_server.features.diagnostics import diagnostics
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


@dataclass
class Server:
    codec: Codec


SERVER = Server(CODEC)


def outline_json(snapshot: Snapshot) -> tuple[object, object]:
    return json.loads(bytes(document_symbols(snapshot, CODEC))), json.loads(bytes(folding_ranges(snapshot, None)))


def diagnostics_json(snapshot: Snapshot) -> object:
    return json.loads(bytes(diagnostics(SERVER, snapshot)))


def edited(sequence: list[tuple[float, int, str]], render_between: bool,
           render: Callable[[Snapshot], object]) -> tuple[Snapshot, str]:
    """The contract after the edits of ``sequence`` (where, how many characters, replaced by what),
    rendered with ``render`` when opened and, with ``render_between``, after each edit."""
    documents = Documents()
    snapshot = documents.open(URI, 1, CONTRACT)
    render(snapshot)
    text = CONTRACT
    for version, (where, length, inserted) in enumerate(sequence, start=2):
        start = int(where * (len(text) - length))
        range_ = {"start": CODEC.position(snapshot.lines, start), "end": CODEC.position(snapshot.lines, start + length)}
        snapshot = documents.change(URI, version, [Edit(range_, inserted)], CODEC)
        text = text[:start] + inserted + text[start + length :]
        if render_between:
            render(snapshot)
    return snapshot, text


def edits(*fragments: str) -> st.SearchStrategy[list[tuple[float, int, str]]]:
    return st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), st.sampled_from(["x", "\n", "", *fragments])),
                    min_size=1, max_size=3)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits("\n\n4.05 Added Clause. Text.\n\n", "ARTICLE X\n\n"), st.booleans())
def test_reused_outline_json_equals_a_fresh_render(sequence: list[tuple[float, int, str]], render_between: bool) -> None:
    snapshot, text = edited(sequence, render_between, outline_json)
    assert outline_json(snapshot) == outline_json(Documents().open(URI, 1, text))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits("\n\n4.05 Added Clause. See Section 9.9.\n\n", ' "Widget" means a widget. ', "Section 2.1", " Exhibit Q "),
       st.booleans())
def test_reused_diagnostics_json_equals_a_fresh_render(sequence: list[tuple[float, int, str]], render_between: bool) -> None:
    snapshot, text = edited(sequence, render_between, diagnostics_json)
    assert diagnostics_json(snapshot) == diagnostics_json(Documents().open(URI, 1, text))


@pytest.mark.parametrize("inserted", ["x", "x\n"])
def test_a_finding_after_an_edit_on_its_own_line_is_rendered_at_its_new_place(inserted: str) -> None:
    documents = Documents()
    snapshot = documents.open(URI, 1, CONTRACT)
    [first, *_] = diagnostics_json(snapshot)
    at = CODEC.offset(snapshot.lines, first["range"]["start"]) - 1  # just before the finding, on its line
    position = CODEC.position(snapshot.lines, at)
    snapshot = documents.change(URI, 2, [Edit({"start": position, "end": position}, inserted)], CODEC)
    text = CONTRACT[:at] + inserted + CONTRACT[at:]
    assert diagnostics_json(snapshot) == diagnostics_json(Documents().open(URI, 1, text))


def test_a_finding_whose_other_places_moved_to_another_line_is_rendered_again() -> None:
    # A line break typed for a character between two citations of a missing exhibit moves the second
    # to the next line without moving any offset: the first citation's JSON lists the second's place.
    text = CONTRACT + "\n\nSee Exhibit Q, then Exhibit Q again.\n"
    documents = Documents()
    snapshot = documents.open(URI, 1, text)
    diagnostics_json(snapshot)
    at = text.index(", then Exhibit Q") + 1
    start, end = CODEC.position(snapshot.lines, at), CODEC.position(snapshot.lines, at + 1)
    snapshot = documents.change(URI, 2, [Edit({"start": start, "end": end}, "\n")], CODEC)
    assert diagnostics_json(snapshot) == diagnostics_json(Documents().open(URI, 1, text[:at] + "\n" + text[at + 1 :]))


def test_a_still_document_lets_go_of_its_diagnostics_json_but_keeps_its_outline_json() -> None:
    snapshot = Documents().open(URI, 1, CONTRACT)
    document_symbols(snapshot, CODEC)
    diagnostics_json(snapshot)
    snapshot.trim()
    assert set(snapshot.rendered) == {"documentSymbol"}


def test_a_later_edit_extends_the_changed_region_and_adds_up_the_moves() -> None:
    first = Change.of_edit(100, 100, 1, 0)
    assert first.then(50, 60, 0, -1) == Change(50, 91, -9, -1)
    assert first.then(300, 300, 5, 2) == Change(100, 305, 6, 2)


def one_command(spots: list[tuple[float, int, str]]) -> tuple[list[Edit], str]:
    """The content changes VS Code sends for edits at ``spots`` of the contract (where, how many
    characters, replaced by what) made by one command: the last in the text first, each range of the
    text as the changes before it left it; and the text after them."""
    lines = Documents().open(URI, 1, CONTRACT).lines
    changes, text, below = [], CONTRACT, len(CONTRACT)
    for where, length, inserted in sorted(spots, reverse=True):
        start = min(int(where * len(CONTRACT)), below)
        end = min(start + length, below)
        changes.append(Edit({"start": CODEC.position(lines, start), "end": CODEC.position(lines, end)}, inserted))
        text, below = text[:start] + inserted + text[end:], start
    return changes, text


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), st.sampled_from(["x", "\n", "", "\n\n4.05 Added. Text.\n\n"])),
                min_size=2, max_size=12), st.booleans())
def test_the_changes_of_one_command_equal_a_fresh_document_of_the_text_they_make(
        spots: list[tuple[float, int, str]], render_before: bool) -> None:
    changes, text = one_command(spots)
    documents = Documents()
    snapshot = documents.open(URI, 1, CONTRACT)
    if render_before:
        outline_json(snapshot), diagnostics_json(snapshot)
    snapshot = documents.change(URI, 2, changes, CODEC)
    fresh = Documents().open(URI, 1, text)
    assert snapshot.doc.text == text and snapshot.lines.starts == fresh.lines.starts
    assert outline_json(snapshot) == outline_json(fresh)
    assert diagnostics_json(snapshot) == diagnostics_json(fresh)


def test_changes_near_each_other_are_made_as_one_edit_and_those_far_apart_as_their_own() -> None:
    far = len(CONTRACT) // 2
    changes, text = one_command([(0.9, 3, "abc"), ((far + 100) / len(CONTRACT), 0, "x"), (far / len(CONTRACT), 2, "")])
    joined = joined_changes(changes, Documents().open(URI, 1, CONTRACT).lines, CODEC, CONTRACT)
    assert [(edit.start, edit.end) for edit in joined] == [(int(0.9 * len(CONTRACT)), int(0.9 * len(CONTRACT)) + 3),
                                                          (far, far + 100)]
    made = CONTRACT
    for edit in joined:
        made = made[: edit.start] + edit.text + made[edit.end :]
    assert made == text


def test_changes_each_after_the_one_made_ahead_of_it_are_made_one_by_one() -> None:
    lines = Documents().open(URI, 1, CONTRACT).lines
    ascending = [Edit({"start": CODEC.position(lines, at), "end": CODEC.position(lines, at)}, "x") for at in (10, 20)]
    assert joined_changes(ascending, lines, CODEC, CONTRACT) is None
    assert joined_changes([Edit(None, "all"), ascending[0]], lines, CODEC, CONTRACT) is None


def test_the_changes_of_one_command_in_a_crlf_text_with_emoji_land_where_the_client_put_them() -> None:
    text = "1. Scope \U0001F600 here.\r\n\r\n2. Terms \U0001F600 there \U0001F600.\r\n"
    documents = Documents()
    lines = documents.open(URI, 1, text).lines
    spots = [(text.index("there") + 6, 1, "X"), (text.index("there"), 0, "over "), (text.index("here"), 4, "")]
    changes = [Edit({"start": CODEC.position(lines, at), "end": CODEC.position(lines, at + n)}, new) for at, n, new in spots]
    snapshot = documents.change(URI, 2, changes, CODEC)
    assert snapshot.doc.text == "1. Scope \U0001F600 .\r\n\r\n2. Terms \U0001F600 over there X.\r\n"
    assert snapshot.lines.starts == Documents().open(URI, 1, snapshot.doc.text).lines.starts
