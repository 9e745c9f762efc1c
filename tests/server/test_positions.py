"""The position boundary: LSP lines end only at \\n, \\r\\n, \\r; characters count per encoding."""

from __future__ import annotations

import dataclasses
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc_server import positions
from longdoc_server.positions import UTF8, UTF16, UTF32, Codec, LineIndex, PositionError, negotiate
from lsp_support import reference_line_starts

TEXT_ALPHABET = st.sampled_from(list("ab \n\r\f\x85\u2028é漢😀.#"))
texts = st.text(TEXT_ALPHABET, max_size=60)



def test_form_feed_and_unicode_separators_do_not_end_lines() -> None:
    text = "page one\fpage two\x85still\u2028same\nnext"
    assert list(LineIndex.of(text).starts) == [0, text.index("next")]


def test_crlf_counts_as_one_line_break() -> None:
    assert list(LineIndex.of("a\r\nb\rc\nd").starts) == [0, 3, 5, 7]


@given(texts)
def test_line_index_matches_a_character_by_character_scan(text: str) -> None:
    assert tuple(LineIndex.of(text).starts) == reference_line_starts(text)


@given(texts, st.data())
@settings(max_examples=400)
def test_edited_index_equals_a_fresh_index(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    new_text = data.draw(st.text(TEXT_ALPHABET, max_size=8))
    result = text[:start] + new_text + text[end:]
    assert tuple(LineIndex.of(text).edited(start, end, new_text, result).starts) == reference_line_starts(result)


@given(texts, st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.text(TEXT_ALPHABET, max_size=8)), max_size=6))
@settings(max_examples=300)
def test_a_chain_of_edits_across_small_blocks_keeps_every_line_in_place(text: str, edits: list) -> None:
    # Blocks of two lines: every edit falls across block edges, splits and re-cuts them.
    with mock.patch.object(positions, "BLOCK_LINES", 2):
        lines = LineIndex.of(text)
        for a, b, new_text in edits:
            start, end = sorted((int(a * len(text)), int(b * len(text))))
            text = text[:start] + new_text + text[end:]
            lines = lines.edited(start, end, new_text, text)
    expected = list(reference_line_starts(text))
    assert list(lines.starts) == expected
    assert [lines.start(n) for n in range(lines.line_count)] == expected
    assert [lines.line_of(offset) for offset in range(len(text) + 1)] == [
        max(n for n, at in enumerate(expected) if at <= offset) for offset in range(len(text) + 1)
    ]


def test_astral_characters_count_two_utf16_units() -> None:
    lines = LineIndex.of("x😀y\n漢字z")
    codec = Codec(UTF16)
    assert codec.position(lines, 2) == {"line": 0, "character": 3}
    assert codec.offset(lines, {"line": 0, "character": 3}) == 2
    assert codec.position(lines, 6) == {"line": 1, "character": 2}


def test_utf8_counts_bytes_and_utf32_counts_code_points() -> None:
    lines = LineIndex.of("é😀z")
    assert Codec(UTF8).position(lines, 2) == {"line": 0, "character": 6}
    assert Codec(UTF32).position(lines, 2) == {"line": 0, "character": 2}
    assert Codec(UTF8).offset(lines, {"line": 0, "character": 6}) == 2


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
@given(text=texts, data=st.data())
def test_offset_and_position_are_inverse(encoding: str, text: str, data: st.DataObject) -> None:
    lines = LineIndex.of(text)
    offset = data.draw(st.integers(0, len(text)))
    if text[offset - 1 : offset + 1] == "\r\n":
        offset -= 1  # the middle of a CRLF pair is not addressable in LSP
    codec = Codec(encoding)
    assert codec.offset(lines, codec.position(lines, offset)) == offset


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
@given(text=texts, data=st.data())
def test_a_stretch_on_one_line_is_where_its_start_is_and_as_wide_as_its_ends_apart(encoding: str, text: str,
                                                                                  data: st.DataObject) -> None:
    lines = LineIndex.of(text)
    line = data.draw(st.integers(0, lines.line_count - 1))
    start = data.draw(st.integers(lines.start(line), lines.line_end(line)))
    end = data.draw(st.integers(start, lines.line_end(line)))
    codec = Codec(encoding)
    first, last = codec.position(lines, start), codec.position(lines, end)
    assert codec.on_line(lines, start, end) == (line, first["character"], last["character"] - first["character"])


@pytest.mark.parametrize("encoding", [UTF8, UTF16])
@given(text=texts, data=st.data(), every=st.integers(1, 5))
def test_long_lines_are_counted_from_marks_as_from_their_start(encoding: str, text: str, data: st.DataObject,
                                                               every: int) -> None:
    # Marks every few characters stand in for the marks every few thousand of a line of megabytes.
    lines, marked = LineIndex.of(text), dataclasses.replace(LineIndex.of(text), mark_every=every)
    codec = Codec(encoding)
    offset = data.draw(st.integers(0, len(text)))
    assert codec.position(marked, offset) == codec.position(lines, offset)
    position = {"line": data.draw(st.integers(0, lines.line_count - 1)), "character": data.draw(st.integers(0, 70))}
    outcomes = []
    for index in (lines, marked):
        try:
            outcomes.append(codec.offset(index, position))
        except PositionError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]


def test_a_position_deep_in_a_line_of_megabytes_with_an_emoji_converts_both_ways() -> None:
    text = "\U0001f600 " + "word " * 200_000
    lines, codec = LineIndex.of(text), Codec(UTF16)
    assert codec.position(lines, 900_000) == {"line": 0, "character": 900_001}
    assert codec.offset(lines, {"line": 0, "character": 900_001}) == 900_000


def test_position_past_the_end_of_a_line_is_rejected() -> None:
    with pytest.raises(PositionError, match="past the end of line 0"):
        Codec().offset(LineIndex.of("abc\ndef"), {"line": 0, "character": 4})


def test_position_after_the_last_line_is_rejected() -> None:
    with pytest.raises(PositionError, match="line 2 is outside"):
        Codec().offset(LineIndex.of("abc\ndef"), {"line": 2, "character": 0})


def test_position_inside_a_surrogate_pair_is_rejected() -> None:
    with pytest.raises(PositionError, match="inside a character"):
        Codec(UTF16).offset(LineIndex.of("😀"), {"line": 0, "character": 1})


def test_reversed_range_is_rejected() -> None:
    range_ = {"start": {"line": 0, "character": 2}, "end": {"line": 0, "character": 1}}
    with pytest.raises(PositionError, match="ends before it starts"):
        Codec().span(LineIndex.of("abc"), range_)


def test_negotiation_takes_the_clients_first_supported_encoding() -> None:
    assert negotiate(["utf-32", "utf-16"]) == UTF32
    assert negotiate(["latin-1", "utf-8"]) == UTF8
    assert negotiate(None) == UTF16


@given(texts, st.data())
def test_edited_index_counts_extra_units_like_a_fresh_index(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    new_text = data.draw(st.text(TEXT_ALPHABET, max_size=8))
    result = text[:start] + new_text + text[end:]
    before = LineIndex.of(text)
    counted = data.draw(st.sampled_from([(), (UTF8,), (UTF16,), (UTF8, UTF16)]))
    for encoding in counted:  # counted before the edit: carried through it
        before.extra(encoding)
    edited, fresh = before.edited(start, end, new_text, result), LineIndex.of(result)
    assert [edited.extra(e) for e in (UTF8, UTF16)] == [fresh.extra(e) for e in (UTF8, UTF16)]
