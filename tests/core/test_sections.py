"""LongDocument.sections: spans that cover the text in order, fit max_tokens and follow headings."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import LongDocument, Section, approx_tokens
from longdoc.analysis import raw_token_count, token_classes
from longdoc.sections import (
    _BLANK_LINE_RE,
    _SENTENCE_RE,
    RawCount,
    _match_spans,
    max_raw_for,
    raw_fits,
    split_part,
    split_sized,
)

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


PARAGRAPHS = "\n\n".join(
    f"Clause {n} starts here. It says one thing. It ends here." for n in ("one", "two", "three", "four", "five", "six")
)


def test_a_part_that_does_not_fit_is_cut_at_blank_lines_before_sentence_ends() -> None:
    doc = LongDocument(PARAGRAPHS, max_tokens=60)
    assert len(doc.sections) > 1
    for sec in doc.sections:
        assert PARAGRAPHS[sec.end : sec.end + 2] in ("\n\n", "")  # every cut is at a blank line


def test_a_paragraph_that_does_not_fit_is_cut_at_sentence_ends_before_spaces() -> None:
    paragraph = PARAGRAPHS.replace("\n\n", " ")
    doc = LongDocument(paragraph, max_tokens=20)
    assert len(doc.sections) > 1
    assert all(doc[s.start : s.end].endswith(".") for s in doc.sections)


def test_a_sentence_that_does_not_fit_is_cut_at_spaces() -> None:
    sentence = "one two three four five six seven eight nine ten"
    doc = LongDocument(sentence, max_tokens=6)
    assert len(doc.sections) > 1 and all(s.tokens <= 6 for s in doc.sections)
    assert " ".join(texts(doc)) == sentence  # whole words, nothing lost


def test_a_sentence_of_many_thousand_words_is_cut_into_sections_as_full_as_the_estimate_allows() -> None:
    doc = LongDocument("word " * 20_000, max_tokens=20)  # sections aim at half: 10 tokens, 7 words
    assert [len(t.split()) for t in texts(doc)] == [7] * (20_000 // 7) + [20_000 % 7]
    assert [s.tokens for s in doc.sections[:2]] == [10, 10]


def test_a_heading_stays_with_the_start_of_its_body_when_both_fit() -> None:
    text = "1. Payment. The fee is due. " + " ".join(["Late fees accrue daily."] * 12)
    doc = LongDocument(text, max_tokens=64)
    assert len(doc.sections) > 1 and texts(doc)[0].startswith("1. Payment. The fee is due.")


def test_a_heading_stays_with_its_first_sentence_whenever_both_fit_max_tokens() -> None:
    text = "1. Payment. The fee is due. The fee is due. The fee is due.\n\nLate fees accrue daily."
    doc = LongDocument(text, max_tokens=20)  # heading and first sentence: 4 + 7 tokens
    assert texts(doc)[0].startswith("1. Payment. The fee is due.")


def test_count_replaces_the_token_estimate() -> None:
    def count(s: str) -> int:
        return len(s.split())

    doc = LongDocument("one two three four five six, seven: eight", max_tokens=6, count=count)
    assert " ".join(texts(doc)) == doc.text
    assert [s.tokens for s in doc.sections] == [count(t) for t in texts(doc)]
    assert all(s.tokens <= 6 for s in doc.sections) and len(doc.sections) < 8


def test_a_single_word_longer_than_the_budget_is_a_section_of_its_own() -> None:
    word = "x" * 50
    doc = LongDocument(f"a {word} b", max_tokens=1)
    assert texts(doc) == ["a", word, "b"]


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


def test_split_part_keeps_a_heading_with_the_first_piece_of_its_body_when_both_fit() -> None:
    text = "1. Payment. The fee is due. The fee is due. The fee is due.\n\nLate fees accrue daily."
    classes = token_classes(text)
    fits, half = raw_fits(classes, max_raw_for(20)), raw_fits(classes, max_raw_for(10))
    spans = split_part(text, 0, len(text), fits, half, head_end=len("1. Payment."))
    assert [text[s:e] for s, e in spans][:2] == ["1. Payment. The fee is due.", "The fee is due."]
    assert all(fits(s, e) for s, e in spans)


# Text made of the characters that matter to the splitter: words, marks, quotes, and every kind
# of line break and space it treats differently.
_SPLITTER_TEXT = st.lists(
    st.sampled_from(list("aB7 .;!?\"”)(§\n\r\t\f_-") + ["\r\n", "\n\n", "Word", "1.2 ", "é", "  ", "word word word "]),
    max_size=150,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=_SPLITTER_TEXT, budget=st.integers(1, 40), head=st.integers(0, 40))
def test_summed_raw_counts_cut_exactly_as_counting_every_joined_span(text: str, budget: int, head: int) -> None:
    classes = token_classes(text)
    fits, half = raw_fits(classes, max_raw_for(budget)), raw_fits(classes, max_raw_for(max(1, budget // 2)))
    head_end = min(head, len(text))
    summed = split_sized(text, 0, len(text), RawCount(classes), max_raw_for(budget),
                         max_raw_for(max(1, budget // 2)), head_end)
    # Plain functions are measured again over every joined span: the reference.
    counted = split_part(text, 0, len(text), lambda s, e: fits(s, e), lambda s, e: half(s, e), head_end)
    assert [(s, e) for s, e, _ in summed] == counted
    assert [n for _, _, n in summed] == [raw_token_count(text[s:e]) for s, e in counted]


@settings(max_examples=300, deadline=None)
@given(text=_SPLITTER_TEXT)
def test_pieces_between_blank_lines_and_sentence_ends_are_those_of_the_patterns(text: str) -> None:
    for pattern in (_BLANK_LINE_RE, _SENTENCE_RE):
        assert _match_spans(text, 0, len(text), pattern) == [m.span() for m in pattern.finditer(text)]


def test_word_counts_are_the_raw_count_of_each_word(shared_text) -> None:
    text = shared_text("cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt")[:5000]
    words = [m.span() for m in re.finditer(r"\S+", text)]
    assert RawCount(token_classes(text)).word_counts(0, len(text)) == [
        raw_token_count(text[s:e]) for s, e in words
    ]
