"""Chunkers: exact in-order substrings within the token budget, cut between words, headings kept
with their bodies, and overlap taken from the end of the previous chunk."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc.analysis import approx_tokens
from longdoc.chunking import (
    ChunkingError,
    ChunkingStrategy,
    ClauseAwareChunker,
    SemanticChunker,
    count_tokens,
)
from longdoc.headings import find_headings

CONTRACTS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad" / "contracts"
# Contracts with ARTICLE, numbered and ALL-CAPS headings, centred titles and page artefacts.
CONTRACT_NAMES = [
    "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt",
]

# Every example runs the whole pipeline; this many keeps the suite quick.
PROPERTY = settings(max_examples=60, deadline=None)


def contract_texts() -> list[str]:
    assert CONTRACTS.is_dir(), f"shared test data missing: {CONTRACTS.resolve()}"
    paths = sorted(CONTRACTS.glob("*.txt"))[:6] + [CONTRACTS / n for n in CONTRACT_NAMES]
    for path in paths:
        assert path.exists(), f"shared test data missing: {path.resolve()}"
    return [p.read_text(encoding="utf-8") for p in paths]


# -- generated texts -------------------------------------------------------------------------------

WORDS = st.sampled_from(
    "the party shall notice term fee audit licensor Delaware days 30 (a) U.S. don't "
    "https://example.com/a/b?c=d,e;f ---- x".split()
)
HEADINGS = st.sampled_from(
    [
        "# Definitions",
        "## Term and Termination",
        "ARTICLE V",
        "ARTICLE IV\nDEFINITIONS",
        "1. GRANT OF RIGHTS",
        "2.2 Termination for Convenience.",
        "Section 3. Fees",
        "CONFIDENTIALITY",
        "IV. REMEDIES",
    ]
)


@st.composite
def sentences(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORDS, min_size=1, max_size=25))
    return draw(st.sampled_from(["The", "Each", "Any"])) + " " + " ".join(words) + "."


@st.composite
def documents(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            parts.append(draw(HEADINGS))
        paragraph = draw(st.lists(sentences(), min_size=1, max_size=6))
        parts.append(" ".join(paragraph))
    seps = st.sampled_from(["\n\n", "\n", "\r\n\r\n", "\n\n\n   ", "\n\f\n"])
    return "".join(p + draw(seps) for p in parts)


def chunker(draw_max: int, draw_overlap: int, kind: int) -> ClauseAwareChunker | SemanticChunker:
    overlap = min(draw_overlap, draw_max - 1)
    if kind == 0:
        return ClauseAwareChunker(draw_max, overlap)
    if kind == 1:
        return ClauseAwareChunker(draw_max, overlap, preserve_sentences=False)
    return SemanticChunker(draw_max, overlap, split_on=("paragraph", "sentence")[kind - 2])


ANY_CHUNKER = st.builds(chunker, st.integers(2, 120), st.integers(0, 30), st.integers(0, 3))


def base_budget(c: ClauseAwareChunker | SemanticChunker) -> int:
    return max(2, c.max_chunk_size - c.overlap)


def whitespace_word_at(text: str, i: int) -> str:
    """The whitespace-delimited word that holds position ``i``."""
    s = i
    while s > 0 and not text[s - 1].isspace():
        s -= 1
    e = i
    while e < len(text) and not text[e].isspace():
        e += 1
    return text[s:e]


def inside_word(text: str, i: int) -> bool:
    return 0 < i < len(text) and not text[i - 1].isspace() and not text[i].isspace()


# -- guarantees ------------------------------------------------------------------------------------


@PROPERTY
@given(documents(), ANY_CHUNKER)
def test_chunks_are_exact_substrings_in_order_that_lose_no_text(
    text: str, c: ClauseAwareChunker | SemanticChunker
) -> None:
    spans = c.chunk_spans(text)
    assert c.chunk(text) == [text[s:e] for s, e in spans]
    assert all(s < e for s, e in spans)
    assert [s for s, _ in spans] == sorted({s for s, _ in spans})
    assert [e for _, e in spans] == sorted({e for _, e in spans})
    covered = [False] * len(text)
    for s, e in spans:
        covered[s:e] = [True] * (e - s)
    assert all(covered[i] or ch.isspace() for i, ch in enumerate(text))


@PROPERTY
@given(documents(), ANY_CHUNKER)
def test_no_chunk_exceeds_the_token_budget(
    text: str, c: ClauseAwareChunker | SemanticChunker
) -> None:
    assert all(count_tokens(chunk) <= c.max_chunk_size for chunk in c.chunk(text))


@PROPERTY
@given(documents(), ANY_CHUNKER)
def test_chunks_start_and_end_between_words_unless_a_word_is_over_budget(
    text: str, c: ClauseAwareChunker | SemanticChunker
) -> None:
    for s, e in c.chunk_spans(text):
        assert not text[s].isspace() and not text[e - 1].isspace()
        for cut in (s, e):
            if inside_word(text, cut):
                assert approx_tokens(whitespace_word_at(text, cut)) > base_budget(c), (
                    f"cut inside {whitespace_word_at(text, cut)!r} at {cut}"
                )


@PROPERTY
@given(documents(), ANY_CHUNKER)
def test_a_heading_shares_a_chunk_with_the_start_of_its_body_when_both_fit(
    text: str, c: ClauseAwareChunker | SemanticChunker
) -> None:
    spans = c.chunk_spans(text)
    headings = find_headings(text)
    for i, h in enumerate(headings):
        # The body starts with the first word after this heading and any headings right below it.
        body_from = h.end
        for below in headings[i + 1 :]:
            if text[body_from : below.start].strip():
                break
            body_from = below.end
        body = re.compile(r"\S+").search(text, body_from)
        if body is None:
            continue
        if approx_tokens(text[h.start : body.end()]) > base_budget(c):
            continue
        assert any(s <= h.start and body.end() <= e for s, e in spans), (
            f"heading {h.text!r} separated from {body.group()!r}"
        )


@PROPERTY
@given(documents(), ANY_CHUNKER)
def test_each_chunk_begins_with_at_most_overlap_tokens_of_the_previous_one(
    text: str, c: ClauseAwareChunker | SemanticChunker
) -> None:
    spans = c.chunk_spans(text)
    for (ps, pe), (s, e) in zip(spans, spans[1:]):
        assert ps < s
        if s < pe:
            assert approx_tokens(text[s:pe]) <= c.overlap
        if c.overlap == 0:
            assert s >= pe


@PROPERTY
@given(documents(), st.integers(10, 120), st.integers(1, 30))
def test_overlap_is_present_whenever_a_word_of_the_previous_chunk_would_fit(
    text: str, max_size: int, overlap: int
) -> None:
    c = ClauseAwareChunker(max_size, min(overlap, max_size - 1))
    spans = c.chunk_spans(text)
    for (ps, pe), (s, e) in zip(spans, spans[1:]):
        last_word = re.compile(r"\S+$").search(text, ps, pe)
        assert last_word is not None
        # Reaching back to the previous chunk's own start would make it a part of this one.
        fits = (
            last_word.start() > ps
            and approx_tokens(text[last_word.start() : pe]) <= c.overlap
            and approx_tokens(text[last_word.start() : e]) <= c.max_chunk_size
        )
        if fits:
            assert s < pe, f"no overlap between {text[ps:pe]!r} and {text[s:e]!r}"


def test_overlap_starts_at_a_sentence_boundary_when_one_fits_else_at_a_word() -> None:
    text = "Alpha beta gamma delta epsilon. Zeta eta. Theta iota kappa lambda mu nu."
    chunks = ClauseAwareChunker(max_chunk_size=16, overlap=6).chunk(text)
    assert chunks == [
        "Alpha beta gamma delta epsilon.",
        "gamma delta epsilon. Zeta eta.",
        "Zeta eta. Theta iota kappa lambda mu nu.",
    ]


@pytest.mark.parametrize("text", ["", "  \n\n\t "])
def test_blank_text_has_no_chunks(text: str) -> None:
    assert ClauseAwareChunker().chunk(text) == []
    assert SemanticChunker().chunk(text) == []


def test_a_single_word_longer_than_the_budget_is_cut_between_its_tokens() -> None:
    chunks = ClauseAwareChunker(max_chunk_size=6, overlap=0).chunk("Start abc.def.ghi.jkl.mno end.")
    assert chunks == ["Start", "abc.def.", "ghi.jkl.", "mno", "end."]


# -- real contracts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(7))
def test_contract_chunks_start_at_headings_unless_a_clause_is_too_large(index: int) -> None:
    text = contract_texts()[index]
    c = ClauseAwareChunker(max_chunk_size=600, overlap=0)
    heading_starts = {h.start for h in find_headings(text)}
    cuts = sorted(heading_starts)
    spans = c.chunk_spans(text)
    assert spans, "a contract has chunks"
    for s, e in spans[1:]:
        if s in heading_starts:
            continue
        # A chunk starting elsewhere continues a clause that did not fit in one chunk.
        before = max((h for h in cuts if h < s), default=0)
        after = min((h for h in cuts if h > s), default=len(text))
        assert approx_tokens(text[before:after]) > 600 - 2, text[s : s + 80]
    assert all(count_tokens(text[s:e]) <= 600 for s, e in spans)


def test_clauses_are_packed_together_up_to_the_budget() -> None:
    text = contract_texts()[-1]
    small = ClauseAwareChunker(max_chunk_size=300, overlap=0).chunk(text)
    large = ClauseAwareChunker(max_chunk_size=3000, overlap=0).chunk(text)
    assert len(large) < len(small)
    assert " ".join(large).split() == text.split()


def test_chunkers_are_chunking_strategies() -> None:
    assert isinstance(ClauseAwareChunker(), ChunkingStrategy)
    assert isinstance(SemanticChunker(), ChunkingStrategy)
    assert count_tokens("one two, three.") == approx_tokens("one two, three.") == 7


# -- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [0, 1, -5])
def test_a_budget_below_two_tokens_is_a_value_error_naming_max_chunk_size(size: int) -> None:
    with pytest.raises(ValueError, match="max_chunk_size"):
        ClauseAwareChunker(max_chunk_size=size, overlap=0)


@pytest.mark.parametrize("overlap", [-1, 100, 150])
def test_overlap_outside_zero_to_budget_is_a_value_error_naming_overlap(overlap: int) -> None:
    with pytest.raises(ChunkingError, match="overlap"):
        SemanticChunker(max_chunk_size=100, overlap=overlap)


def test_a_non_integer_budget_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="max_chunk_size"):
        ClauseAwareChunker(max_chunk_size=10.5)  # type: ignore[arg-type]


def test_an_unknown_split_on_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="split_on"):
        SemanticChunker(split_on="page")


def test_text_that_is_not_str_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="text"):
        ClauseAwareChunker().chunk(b"bytes")  # type: ignore[arg-type]
