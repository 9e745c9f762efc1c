"""The chunk-and-BM25 baseline of bench/quality.py: budget packing and retrieval on a real contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from common import document_text
from longdoc import approx_tokens
from quality import ChunkBM25Baseline, pack_best_first

CONTRACT = "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt"


def test_packing_takes_spans_best_first_while_they_fit():
    ranked = [((0, 1), 300), ((1, 2), 200), ((2, 3), 100)]
    assert pack_best_first(ranked, 500) == [(0, 1), (1, 2)]


def test_packing_skips_a_span_too_large_and_takes_later_smaller_ones():
    ranked = [((0, 1), 300), ((1, 2), 400), ((2, 3), 200)]
    assert pack_best_first(ranked, 512) == [(0, 1), (2, 3)]


@given(st.lists(st.integers(1, 400), max_size=12), st.integers(1, 1024))
def test_packing_never_exceeds_the_budget(sizes, budget):
    ranked = [((i, i + 1), n) for i, n in enumerate(sizes)]
    chosen = set(pack_best_first(ranked, budget))
    assert sum(n for (span, n) in ranked if span in chosen) <= budget


def test_baseline_chunks_are_slices_of_at_most_500_characters():
    text = document_text("cuad", CONTRACT)
    baseline = ChunkBM25Baseline(text)
    assert len(baseline.spans) > 10
    assert all(0 < end - start <= 500 for start, end in baseline.spans)
    assert [approx_tokens(text[s:e]) for s, e in baseline.spans] == baseline.tokens


def test_baseline_selection_fits_the_budget():
    text = document_text("cuad", CONTRACT)
    baseline = ChunkBM25Baseline(text)
    chosen = baseline.select("Governing Law: Which state's law governs the contract?", 512)
    assert chosen
    assert sum(approx_tokens(text[s:e]) for s, e in chosen) <= 512


def test_baseline_puts_the_chunk_holding_a_quoted_passage_first():
    text = document_text("cuad", CONTRACT)
    baseline = ChunkBM25Baseline(text)
    start, end = baseline.spans[len(baseline.spans) // 2]
    quote = text[start:end][:200]
    first = baseline.select(quote, 1024)[0]
    assert first == (start, end)
