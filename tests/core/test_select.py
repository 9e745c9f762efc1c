"""LongDocument.scores / select / matched terms: BM25 ranking of sections, budgets, fill and rerank."""

from __future__ import annotations

from collections.abc import Callable

import bm25s
import pytest

from longdoc import LongDocument, terms

POLICY = """# Terms

## Payment

Fees are due monthly.

## Termination

Either party may terminate on notice.

## Notices

Notices go by mail.

## Termination again

Either party may terminate on notice.
"""
CONTRACT = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"


@pytest.fixture
def doc() -> LongDocument:
    return LongDocument(POLICY)


def indices(chosen: list) -> list[int]:
    return [sec.index for sec, _ in chosen]


def section_with_heading_terms(doc: LongDocument, index: int) -> list[str]:
    """A section's terms with its heading counted once (not again when the section starts with it)."""
    sec = doc.sections[index]
    found = terms(doc[sec.start : sec.end])
    if sec.node is not None and doc.nodes[sec.node].heading_start < sec.start:
        found = terms(sec.heading) + found
    return found


@pytest.mark.parametrize("query", ["confidential information", "indemnification insurance", "term effective date"])
def test_scores_match_bm25s_lucene_over_sections_with_their_heading_once(
    shared_text: Callable[[str], str], query: str
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    docs = [section_with_heading_terms(doc, i) for i in range(len(doc.sections))]
    assert any(len(d) > len(terms(doc[s.start : s.end])) for d, s in zip(docs, doc.sections)), "no split part"
    retriever = bm25s.BM25(method="lucene", k1=1.2, b=0.75)
    retriever.index(docs, show_progress=False)
    expected = [float(x) for x in retriever.get_scores(doc.query_terms(query))]
    assert doc.scores(query) == pytest.approx(expected, rel=1e-5, abs=1e-6)


def test_scores_give_one_float_per_section(doc: LongDocument) -> None:
    scores = doc.scores("terminate")
    assert len(scores) == len(doc.sections) and scores[1] == 0.0 and scores[2] > 0.0


def test_heading_words_count_for_the_sections_of_their_part() -> None:
    body = " ".join(["The licensee pays the fees."] * 30)
    doc = LongDocument(f"Intro words.\n\n## Royalties\n\n{body}\n", max_tokens=40)
    later = [s for s in doc.sections if s.heading == "## Royalties"][1:]
    assert later and all(doc.scores("royalties")[s.index] > 0 for s in later)


def test_select_returns_the_top_k_best_first(doc: LongDocument) -> None:
    chosen = doc.select("terminate notices", k=2)
    scores = [score for _, score in chosen]
    assert len(chosen) == 2 and scores == sorted(scores, reverse=True) and scores[-1] > 0


def test_select_breaks_ties_in_favour_of_the_earlier_section(doc: LongDocument) -> None:
    assert doc.scores("terminate")[2] == doc.scores("terminate")[4]
    assert indices(doc.select("terminate", k=1)) == [2]
    assert indices(doc.select("terminate", k=2)) == [2, 4]


def test_select_fills_with_the_first_sections_when_too_few_match(doc: LongDocument) -> None:
    chosen = doc.select("payment", k=3)
    assert indices(chosen) == [1, 0, 2]
    assert [score for _, score in chosen][1:] == [0.0, 0.0]


def test_select_with_no_matching_section_returns_the_first_sections(doc: LongDocument) -> None:
    assert doc.select("zebra", k=2) == [(doc.sections[0], 0.0), (doc.sections[1], 0.0)]


def test_select_keeps_the_chosen_sections_within_the_budget(doc: LongDocument) -> None:
    chosen = doc.select("terminate payment", k=3, budget=12)
    assert sum(sec.tokens for sec, _ in chosen) <= 12
    assert indices(chosen) == [1]  # both termination sections are larger than 12 tokens


def test_fill_sections_that_do_not_fit_the_budget_are_skipped(doc: LongDocument) -> None:
    chosen = doc.select("payment", k=3, budget=doc.sections[1].tokens + doc.sections[0].tokens)
    assert indices(chosen) == [1, 0]


def test_select_never_returns_more_than_there_are_sections() -> None:
    doc = LongDocument("Only one section here.")
    assert len(doc.select("section", k=5)) == 1


def test_rerank_orders_the_matching_sections_and_its_relevance_is_the_score(doc: LongDocument) -> None:
    seen: list[list[str]] = []

    def longest_first(texts: list[str]) -> list[float]:
        seen.append(texts)
        return [float(len(t)) for t in texts]

    chosen = doc.select("terminate notices", k=2, rerank=longest_first)
    assert all("terminate" in t or "Notices" in t for t in seen[0])
    assert chosen == [(doc.sections[4], float(len(doc[doc.sections[4].start : doc.sections[4].end]))),
                      (doc.sections[2], float(len(doc[doc.sections[2].start : doc.sections[2].end])))]


def test_rerank_sees_only_the_best_rerank_top_sections(doc: LongDocument) -> None:
    seen: list[int] = []
    doc.select("terminate notices", k=1, rerank=lambda texts: seen.append(len(texts)) or [1.0] * len(texts),
               rerank_top=2)
    assert seen == [2]


def test_rerank_ties_are_broken_by_bm25(doc: LongDocument) -> None:
    by_bm25 = indices(doc.select("notices terminate", k=3))
    assert indices(doc.select("notices terminate", k=3, rerank=lambda texts: [0.5] * len(texts))) == by_bm25


def test_rerank_must_return_one_relevance_per_section(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="rerank"):
        doc.select("terminate", rerank=lambda texts: [1.0])


def test_query_terms_are_analysed_and_deduplicated_in_query_order(doc: LongDocument) -> None:
    assert doc.query_terms("The terminations, termination; NOT payment") == ["termination", "not", "payment"]


def test_matched_terms_are_the_query_words_found_in_the_section_heading_included(doc: LongDocument) -> None:
    assert doc.matched_terms(doc.sections[2], "Termination of the NOTICES quickly") == ["termination", "notices"]


def test_unmatched_terms_are_the_query_words_no_section_contains(doc: LongDocument) -> None:
    assert doc.unmatched_terms("terminate zebra notices aardvark") == ["zebra", "aardvark"]
