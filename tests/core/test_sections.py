"""LongDocument.sections: spans that cover the text in order, fit max_tokens and follow headings."""

from __future__ import annotations

import dataclasses
import re

import pytest

from longdoc import LongDocument, Section, approx_tokens

CONTRACT = """THIS AGREEMENT is made between the parties.

ARTICLE V
DEFINITIONS

5.1 Terms. The words below have these meanings.

5.2 Scope. This applies to every product.
"""


def texts(doc: LongDocument) -> list[str]:
    return [doc[s.start : s.end] for s in doc.sections]


def test_sections_cover_the_text_in_order_with_only_whitespace_between() -> None:
    doc = LongDocument(CONTRACT, max_tokens=12)
    pos = 0
    for sec in doc.sections:
        assert CONTRACT[pos : sec.start].strip() == ""
        assert sec.start < sec.end
        pos = sec.end
    assert CONTRACT[pos:].strip() == ""


def test_section_index_is_its_position() -> None:
    doc = LongDocument(CONTRACT, max_tokens=12)
    assert [s.index for s in doc.sections] == list(range(len(doc.sections)))


def test_every_heading_starts_a_new_section_even_when_parts_would_fit_together() -> None:
    doc = LongDocument(CONTRACT, max_tokens=1000)
    assert texts(doc) == [
        "THIS AGREEMENT is made between the parties.",
        "ARTICLE V\nDEFINITIONS",
        "5.1 Terms. The words below have these meanings.",
        "5.2 Scope. This applies to every product.",
    ]


def test_section_heading_is_its_parts_heading_as_it_stands_joined_over_two_lines() -> None:
    doc = LongDocument(CONTRACT)
    assert [s.heading for s in doc.sections] == [
        None, "ARTICLE V DEFINITIONS", "5.1 Terms.", "5.2 Scope.",
    ]


def test_sections_before_any_heading_have_level_zero_and_no_path() -> None:
    first = LongDocument(CONTRACT).sections[0]
    assert (first.heading, first.level, first.path, first.node) == (None, 0, (), None)


def test_section_tokens_are_the_estimate_of_its_text() -> None:
    doc = LongDocument(CONTRACT, max_tokens=12)
    assert [s.tokens for s in doc.sections] == [approx_tokens(t) for t in texts(doc)]


def test_each_section_fits_max_tokens() -> None:
    doc = LongDocument(CONTRACT * 5, max_tokens=10)
    assert all(s.tokens <= 10 for s in doc.sections)


def test_a_part_that_does_not_fit_is_cut_at_blank_lines_first() -> None:
    # Packing sentences would put "Gamma delta." with the first paragraph; paragraphs come first.
    second = "Gamma delta. Epsilon zeta eta theta iota kappa."
    doc = LongDocument(f"Alpha beta.\n\n{second}", max_tokens=approx_tokens(second))
    assert texts(doc) == ["Alpha beta.", second]


def test_a_paragraph_that_does_not_fit_is_cut_at_sentence_ends() -> None:
    text = "Alpha beta gamma delta. Epsilon zeta eta theta. Iota kappa lambda mu."
    doc = LongDocument(text, max_tokens=8)
    assert texts(doc) == ["Alpha beta gamma delta.", "Epsilon zeta eta theta.", "Iota kappa lambda mu."]


def test_a_sentence_that_does_not_fit_is_cut_at_spaces() -> None:
    doc = LongDocument("one two three four five six seven", max_tokens=4)
    assert texts(doc) == ["one two three", "four five six", "seven"]


def test_pieces_are_packed_greedily_so_a_heading_stays_with_the_start_of_its_body() -> None:
    text = "1. Payment. The fee is due. The fee is due. The fee is due.\n\nLate fees accrue daily."
    doc = LongDocument(text, max_tokens=20)
    assert texts(doc)[0] == "1. Payment. The fee is due. The fee is due."


def test_a_single_word_longer_than_the_budget_is_a_section_of_its_own() -> None:
    word = "x" * 50
    doc = LongDocument(f"a {word} b", max_tokens=1)
    assert texts(doc) == ["a", word, "b"]


def test_count_replaces_the_token_estimate() -> None:
    doc = LongDocument("one two three four five six", max_tokens=3, count=lambda s: len(s.split()))
    assert texts(doc) == ["one two three", "four five six"]
    assert [s.tokens for s in doc.sections] == [3, 3]


def test_empty_and_blank_texts_have_no_sections() -> None:
    assert len(LongDocument("").sections) == 0
    assert len(LongDocument(" \n\r\n\t\f ").sections) == 0


def test_crlf_and_lone_cr_line_breaks_separate_paragraphs() -> None:
    doc = LongDocument("Alpha beta gamma delta.\r\n\r\nEpsilon zeta eta theta.\r\rIota kappa.", max_tokens=7)
    assert texts(doc) == ["Alpha beta gamma delta.", "Epsilon zeta eta theta.", "Iota kappa."]


def test_section_at_finds_the_section_holding_an_offset() -> None:
    doc = LongDocument(CONTRACT)
    offset = CONTRACT.index("every product")
    sec = doc.section_at(offset)
    assert sec.start <= offset < sec.end and sec.heading == "5.2 Scope."


def test_section_at_is_none_in_whitespace_between_sections() -> None:
    doc = LongDocument(CONTRACT)
    assert doc.section_at(CONTRACT.index("\n\nARTICLE") + 1) is None


def test_section_is_a_frozen_dataclass_with_defaults() -> None:
    sec = Section(3, 9)
    assert (sec.heading, sec.index) == (None, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sec.start = 4  # type: ignore[misc]


def test_sections_are_a_sequence_with_negative_indexing_and_slices() -> None:
    doc = LongDocument(CONTRACT)
    assert doc.sections[-1] == list(doc.sections)[-1]
    assert doc.sections[1:3] == list(doc.sections)[1:3]


def test_real_contract_sections_never_start_or_end_with_whitespace(shared_text) -> None:
    text = shared_text("cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt")
    doc = LongDocument(text, max_tokens=128)
    assert all(not re.match(r"\s", t) and not re.search(r"\s\Z", t) for t in texts(doc))
    assert all(s.tokens <= 128 for s in doc.sections)
