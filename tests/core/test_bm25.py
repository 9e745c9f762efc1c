"""BM25 and score_bm25: Okapi BM25 with Lucene's IDF, checked against bm25s as an oracle."""

from __future__ import annotations

from collections.abc import Callable

import bm25s
import pytest
from hypothesis import given
from hypothesis import strategies as st

from longdoc import BM25, LongDocument, score_bm25, terms
from longdoc.bm25 import Postings
from longdoc.analysis import words

CONTRACT = "cuad/contracts/PHREESIA,INC_05_28_2019-EX-10.18-STRATEGIC ALLIANCE AGREEMENT.txt"
QUERIES = [
    "termination for convenience upon written notice",
    "limitation of liability for indirect damages",
    "governing law and jurisdiction",
    "exclusivity non-compete",
    "audit rights books and records",
]


def oracle_scores(docs: list[list[str]], query_terms: list[str], k1: float) -> list[float]:
    """bm25s's Lucene variant over the same terms (its float32 arithmetic: compare approximately)."""
    retriever = bm25s.BM25(method="lucene", k1=k1, b=0.75)
    retriever.index(docs, show_progress=False)
    return [float(x) for x in retriever.get_scores(list(dict.fromkeys(query_terms)))]


@pytest.fixture(scope="module")
def section_texts(shared_text: Callable[[str], str]) -> list[str]:
    doc = LongDocument(shared_text(CONTRACT))
    return [doc[s.start : s.end] for s in doc.sections]


@pytest.mark.parametrize("query", QUERIES)
def test_bm25_matches_bm25s_lucene_on_contract_sections(section_texts: list[str], query: str) -> None:
    docs = [terms(t) for t in section_texts]
    ours = BM25(docs, k1=1.2).score(terms(query))
    assert ours == pytest.approx(oracle_scores(docs, terms(query), k1=1.2), rel=1e-5, abs=1e-6)


def test_bm25_default_k1_is_1_5(section_texts: list[str]) -> None:
    docs = [terms(t) for t in section_texts]
    query = terms(QUERIES[0])
    assert BM25(docs).score(query) == pytest.approx(oracle_scores(docs, query, k1=1.5), rel=1e-5, abs=1e-6)


@pytest.mark.parametrize("query", QUERIES)
def test_score_bm25_matches_bm25s_lucene_with_k1_1_2(section_texts: list[str], query: str) -> None:
    result = score_bm25(section_texts, query)
    expected = oracle_scores([words(t) for t in section_texts], words(query), k1=1.2)
    assert [d.score for d in result.documents] == pytest.approx(expected, rel=1e-5, abs=1e-6)


def test_bm25_scores_are_never_negative_even_for_a_term_in_every_document() -> None:
    docs = [["party", "notice"], ["party"], ["party", "term"]]
    assert all(score > 0 for score in BM25(docs).score(["party"]))


def test_bm25_counts_a_repeated_query_term_once() -> None:
    docs = [["notice", "term"], ["term"]]
    index = BM25(docs)
    assert index.score(["notice", "notice"]) == index.score(["notice"])


def test_bm25_gives_one_score_per_document_in_input_order() -> None:
    scores = BM25([["a"], ["b"], ["a", "b"]]).score(["b"])
    assert len(scores) == 3 and scores[0] == 0.0 and scores[1] > scores[2] > 0.0


def test_score_bm25_default_analysis_keeps_stop_words_and_does_not_stem() -> None:
    result = score_bm25(["the terminations", "termination"], "the termination")
    assert [d.matched_terms for d in result.documents] == [("the",), ("termination",)]


def test_score_bm25_default_analysis_splits_at_underscores_and_casefolds() -> None:
    result = score_bm25(["GOVERNING_LAW applies"], "governing law")
    assert result.documents[0].matched_terms == ("governing", "law")


def test_score_bm25_returns_documents_in_input_order_with_their_index() -> None:
    result = score_bm25(["alpha", "beta gamma", "beta"], "beta")
    assert [d.index for d in result.documents] == [0, 1, 2]
    assert result.documents[0].score == 0.0 and result.documents[2].score > result.documents[1].score


def test_score_bm25_lists_matched_terms_in_query_order() -> None:
    result = score_bm25(["notice of termination"], "termination notice")
    assert result.documents[0].matched_terms == ("termination", "notice")


def test_score_bm25_lists_unmatched_terms_in_query_order() -> None:
    result = score_bm25(["notice of termination"], "zebra notice aardvark")
    assert result.unmatched_terms == ("zebra", "aardvark")


def test_score_bm25_tokenizer_replaces_the_analysis_of_query_and_documents() -> None:
    # str.split neither splits at "-" nor casefolds: "A-B" is one term and "a-b" another.
    assert score_bm25(["A-B c"], "A-B", tokenizer=str.split).documents[0].matched_terms == ("A-B",)
    assert score_bm25(["A-B c"], "a-b", tokenizer=str.split).unmatched_terms == ("a-b",)


def test_score_bm25_han_bigrams_match_chinese_text_by_overlapping_bigrams() -> None:
    result = score_bm25(["本协议终止后", "保密义务"], "协议终止", han_bigrams=True)
    assert result.documents[0].matched_terms == ("协议", "议终", "终止")
    assert result.documents[1].score == 0.0


def test_score_bm25_han_bigrams_keep_a_lone_han_character_as_a_token() -> None:
    result = score_bm25(["甲 方", "乙方"], "甲", han_bigrams=True)
    assert result.documents[0].matched_terms == ("甲",) and result.documents[1].score == 0.0


def test_score_bm25_han_bigrams_normalise_fullwidth_latin_with_nfkc() -> None:
    result = score_bm25(["ＡＢＣ公司"], "abc", han_bigrams=True)
    assert result.documents[0].matched_terms == ("abc",)


def test_score_bm25_rejects_a_str_in_place_of_the_document_list() -> None:
    with pytest.raises(TypeError, match="documents"):
        score_bm25("one document", "query")  # type: ignore[arg-type]


def test_score_bm25_rejects_a_non_str_query() -> None:
    with pytest.raises(TypeError, match="query"):
        score_bm25(["text"], ["query"])  # type: ignore[arg-type]


def test_bm25_rejects_a_str_as_query_terms() -> None:
    with pytest.raises(TypeError, match="query_terms"):
        BM25([["a"]]).score("a")  # type: ignore[arg-type]


def postings_of(docs: list[list[str]]) -> Postings:
    index = Postings()
    for key, doc in enumerate(docs):
        index.add(key, doc)
    return index


small_collections = st.lists(st.lists(st.sampled_from("abcdef"), max_size=12), min_size=1, max_size=12)
weighted_queries = st.lists(st.tuples(st.sampled_from("abcdefg"), st.sampled_from([0.15, 0.3, 0.5, 1.0, 2.0])),
                            min_size=1, max_size=6, unique_by=lambda tw: tw[0])


@given(docs=small_collections, weighted=weighted_queries)
def test_term_scorer_gives_each_documents_weighted_score_bit_for_bit(docs: list[list[str]],
                                                                     weighted: list[tuple[str, float]]) -> None:
    index = postings_of(docs)
    full = index.score_weighted(weighted)
    scorer = index.scorer(weighted)
    assert [scorer(key) for key in range(len(docs))] == [full.get(key, 0.0) for key in range(len(docs))]


@given(docs=small_collections, weighted=weighted_queries)
def test_term_scorer_over_the_terms_a_document_holds_gives_its_full_score(docs: list[list[str]],
                                                                         weighted: list[tuple[str, float]]) -> None:
    index = postings_of(docs)
    scorer = index.scorer(weighted)
    for key, doc in enumerate(docs):
        held = [pair for term, pair in zip(scorer.terms, scorer.lists) if term in doc]
        assert scorer(key, held) == scorer(key)


def test_term_scorer_keeps_the_query_terms_that_occur_in_query_order_with_their_weights() -> None:
    index = Postings()
    index.add(0, ["b", "a"])
    scorer = index.scorer([("z", 1.0), ("b", 2.0), ("a", 0.5)])
    assert (scorer.terms, scorer.weights) == (["b", "a"], [2.0, 0.5])


def test_derived_structures_are_rebuilt_after_the_postings_change() -> None:
    index = Postings()
    index.add(0, ["a"])
    first = index.derived("docs", lambda: len(index))
    assert index.derived("docs", lambda: -1) == first == 1, "kept while nothing changes"
    index.add(1, ["b"])
    assert index.derived("docs", lambda: len(index)) == 2
    index.remove(1, ["b"])
    assert index.derived("docs", lambda: len(index)) == 1


@given(docs=small_collections, changes=st.lists(st.tuples(st.booleans(), st.integers(0, 11), st.booleans()), max_size=8),
       weighted=weighted_queries)
def test_packed_postings_read_score_and_change_as_unpacked_ones(
        docs: list[list[str]], changes: list[tuple[bool, int, bool]], weighted: list[tuple[str, float]]) -> None:
    # The same additions and removals on two indexes, one packed at random points in between.
    plain, packed = postings_of(docs), postings_of(docs)
    present = dict(enumerate(docs))
    for add, key, pack in changes:
        if pack:
            packed.pack()
        if add and key + 100 not in present:
            present[key + 100] = docs[key % len(docs)]
            plain.add(key + 100, present[key + 100])
            packed.add(key + 100, present[key + 100])
        elif not add and key in present:
            terms = set(present.pop(key))
            plain.remove(key, terms)
            packed.remove(key, terms)
    packed.pack()
    assert {t: packed.plist(t) for t in "abcdefg"} == {t: plain.plist(t) for t in "abcdefg"}
    assert packed.score_weighted(weighted) == plain.score_weighted(weighted)


def test_packing_keeps_term_frequencies_past_a_byte_and_keys_that_are_no_integers() -> None:
    index = Postings()
    index.add(7, ["a"] * 300 + ["b"])
    index.add("doc", ["b", "b"])
    index.pack()
    assert isinstance(index.postings["a"], bytearray), "integer keys are packed"
    assert index.postings["b"] == {7: 1, "doc": 2}, "a key that is no integer leaves its term as it was"
    assert index.plist("a") == {7: 300}


def test_the_keys_of_a_packed_term_are_read_without_unpacking_it() -> None:
    index = postings_of([["a", "b"], ["b"], ["a", "a"]])
    index.pack()
    assert set(index.keys_of("a")) == {0, 2} and set(index.keys_of("z")) == set()
    assert isinstance(index.postings["a"], bytearray), "still packed"
    assert index.plist("a") == {0: 1, 2: 2} and set(index.keys_of("a")) == {0, 2}


def test_a_packed_term_takes_additions_and_removals_without_being_unpacked() -> None:
    plain, packed = postings_of([["a"], ["a", "b"]]), postings_of([["a"], ["a", "b"]])
    packed.pack()
    for index in (plain, packed):
        index.add(5, ["a"] * 300 + ["b"])  # a frequency past one byte widens the packed term
        index.remove(0, {"a"})
        index.remove(1, {"a", "b"})
    assert isinstance(packed.postings["a"], bytearray) and isinstance(packed.postings["b"], bytearray), "still packed"
    assert (packed.plist("a"), packed.plist("b")) == (plain.plist("a"), plain.plist("b")) == ({5: 300}, {5: 1})
    packed.remove(5, {"a", "b"})
    assert packed.postings == {} and packed.plist("a") is None, "a term with no key left is gone"


def test_a_key_is_found_in_a_packed_term_only_where_a_key_starts() -> None:
    # The bytes of 256 and 512 side by side hold those of 1 across them.
    index = Postings()
    for key in (256, 512, 1):
        index.add(key, ["a"])
    index.pack()
    index.remove(1, {"a"})
    assert index.plist("a") == {256: 1, 512: 1}
