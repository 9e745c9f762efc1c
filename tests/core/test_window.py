"""LongDocument.window and Window: joined sections whose offsets map back to the document."""

from __future__ import annotations

import pytest

from longdoc import LongDocument, Window

TEXT = "# A\n\none.\n\n# B\n\ntwo.\n\n# C\n\nthree."


@pytest.fixture
def doc() -> LongDocument:
    return LongDocument(TEXT)


@pytest.fixture
def gapped(doc: LongDocument) -> Window:
    """Sections A and C: not neighbours in the document."""
    return doc.window([doc.sections[0], doc.sections[2]])


def test_window_joins_sections_in_document_order_with_the_separator(doc: LongDocument) -> None:
    w = doc.window([doc.sections[2], doc.sections[0]], sep=" | ")
    assert w.text == "# A\n\none. | # C\n\nthree."


def test_window_lists_each_section_once(doc: LongDocument) -> None:
    w = doc.window([doc.sections[1], doc.sections[1]])
    assert w.text == "# B\n\ntwo." and len(w.pieces) == 1


def test_window_pieces_give_window_start_document_start_and_length(gapped: Window) -> None:
    assert gapped.pieces == ((0, 0, 9), (11, 22, 11))
    for w, d, n in gapped.pieces:
        assert gapped.text[w : w + n] == TEXT[d : d + n]


def test_a_range_inside_one_piece_maps_exactly(gapped: Window) -> None:
    assert gapped.to_doc(13, 15) == (24, 26)


def test_a_range_over_neighbouring_sections_maps_across_the_documents_whitespace(doc: LongDocument) -> None:
    w = doc.window(list(doc.sections), sep=" | ")
    start, end = w.text.index("one"), w.text.index("two") + 3
    assert w.to_doc(start, end) == (TEXT.index("one"), TEXT.index("two") + 3)


def test_a_range_over_sections_that_are_not_neighbours_maps_to_none(gapped: Window) -> None:
    assert gapped.to_doc(0, len(gapped.text)) is None


@pytest.mark.parametrize(("start", "end"), [(9, 10), (10, 11), (5, 10), (10, 13)])
def test_a_range_that_starts_or_ends_in_a_separator_maps_to_none(gapped: Window, start: int, end: int) -> None:
    assert gapped.to_doc(start, end) is None


def test_a_range_ending_where_a_separator_begins_is_inside_its_piece(gapped: Window) -> None:
    assert gapped.to_doc(5, 9) == (5, 9)


def test_a_range_starting_where_a_separator_ends_is_inside_its_piece(gapped: Window) -> None:
    assert gapped.to_doc(11, 13) == (22, 24)


@pytest.mark.parametrize(("offset", "expected"), [(0, 0), (9, 9), (11, 22), (22, 33)])
def test_an_empty_range_inside_a_piece_maps_to_an_empty_range(gapped: Window, offset: int, expected: int) -> None:
    assert gapped.to_doc(offset, offset) == (expected, expected)


def test_to_window_is_the_inverse_of_to_doc(gapped: Window) -> None:
    assert gapped.to_window(24, 26) == (13, 15)
    assert gapped.to_window(22, 33) == (11, 22)


def test_to_window_of_a_range_not_shown_is_none(gapped: Window) -> None:
    assert gapped.to_window(11, 20) is None  # section B is not in the window
    assert gapped.to_window(5, 25) is None  # runs over B


def test_to_doc_rejects_start_after_end(gapped: Window) -> None:
    with pytest.raises(ValueError, match="start"):
        gapped.to_doc(5, 4)


@pytest.mark.parametrize(("start", "end"), [(-1, 3), (0, 1000)])
def test_to_doc_rejects_a_range_outside_the_window(gapped: Window, start: int, end: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        gapped.to_doc(start, end)


def test_to_window_rejects_start_after_end(gapped: Window) -> None:
    with pytest.raises(ValueError, match="doc_start"):
        gapped.to_window(5, 4)


def test_window_constructor_checks_pieces_against_sections(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="same length"):
        Window("abc", [(0, 0, 3)], [])


def test_window_constructor_rejects_overlapping_pieces(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="disjoint"):
        Window("abcdef", [(0, 0, 4), (2, 10, 3)], [doc.sections[0], doc.sections[1]])


def test_window_rejects_a_non_str_separator(doc: LongDocument) -> None:
    with pytest.raises(TypeError, match="sep"):
        doc.window(list(doc.sections), sep=None)  # type: ignore[arg-type]


def test_window_of_no_sections_is_empty(doc: LongDocument) -> None:
    w = doc.window([])
    assert (w.text, w.pieces, w.to_window(0, 0)) == ("", (), None)


@pytest.mark.parametrize(("method", "name"), [("to_doc", "start"), ("to_window", "doc_start")])
@pytest.mark.parametrize("bad", [None, "3", 1.5, True])
def test_offsets_that_are_not_ints_are_type_errors_naming_them(gapped: Window, method: str, name: str,
                                                              bad: object) -> None:
    with pytest.raises(TypeError, match=name):
        getattr(gapped, method)(bad, 5)


@pytest.mark.parametrize("sections", [["not a section"], None])
def test_window_of_something_that_is_not_sections_is_a_type_error(doc: LongDocument, sections: object) -> None:
    with pytest.raises(TypeError, match="sections"):
        doc.window(sections)  # type: ignore[arg-type]
