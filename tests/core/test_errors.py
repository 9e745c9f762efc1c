"""Bad input: a TypeError or ValueError that names the argument, and the document stays usable."""

from __future__ import annotations

import pytest

from longdoc import LongDocument

TEXT = "# Terms\n\nFees are due monthly.\n\n# Notices\n\nNotices go by mail.\n"


@pytest.fixture
def doc() -> LongDocument:
    return LongDocument(TEXT)


@pytest.mark.parametrize("text", [None, b"bytes", 42, ["a list"]])
def test_text_that_is_not_str_is_a_type_error(text: object) -> None:
    with pytest.raises(TypeError, match="text"):
        LongDocument(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("max_tokens", [0, -5])
def test_max_tokens_below_one_is_a_value_error_naming_it(max_tokens: int) -> None:
    with pytest.raises(ValueError, match="max_tokens"):
        LongDocument(TEXT, max_tokens=max_tokens)


@pytest.mark.parametrize("max_tokens", [2.5, "256", True])
def test_max_tokens_that_is_not_an_int_is_a_type_error_naming_it(max_tokens: object) -> None:
    with pytest.raises(TypeError, match="max_tokens"):
        LongDocument(TEXT, max_tokens=max_tokens)  # type: ignore[arg-type]


def test_count_that_is_not_callable_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="count"):
        LongDocument(TEXT, count=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [0, -1])
def test_k_below_one_is_a_value_error_naming_it(doc: LongDocument, k: int) -> None:
    with pytest.raises(ValueError, match=r"\bk\b"):
        doc.select("fees", k=k)


@pytest.mark.parametrize("budget", [0, -100])
def test_budget_below_one_is_a_value_error_naming_it(doc: LongDocument, budget: int) -> None:
    with pytest.raises(ValueError, match="budget"):
        doc.select("fees", budget=budget)


def test_rerank_top_below_one_is_a_value_error_naming_it(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="rerank_top"):
        doc.select("fees", rerank=lambda texts: [0.0] * len(texts), rerank_top=0)


@pytest.mark.parametrize("k", [1.5, "3", None])
def test_k_that_is_not_an_int_is_a_type_error_naming_it(doc: LongDocument, k: object) -> None:
    with pytest.raises(TypeError, match=r"\bk\b"):
        doc.select("fees", k=k)  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["scores", "select", "query_terms", "unmatched_terms"])
def test_a_query_that_is_not_str_is_a_type_error_naming_it(doc: LongDocument, method: str) -> None:
    with pytest.raises(TypeError, match="query"):
        getattr(doc, method)(["fees"])


def test_matched_terms_with_a_query_that_is_not_str_is_a_type_error_naming_it(doc: LongDocument) -> None:
    with pytest.raises(TypeError, match="query"):
        doc.matched_terms(doc.sections[0], ["fees"])  # type: ignore[arg-type]


@pytest.mark.parametrize("offset", [-1, len(TEXT) + 1])
def test_offsets_outside_the_text_are_value_errors(doc: LongDocument, offset: int) -> None:
    with pytest.raises(ValueError, match="offset"):
        doc.section_at(offset)
    with pytest.raises(ValueError, match="offset"):
        doc.node_at(offset)


def test_indexing_a_document_with_an_int_is_a_type_error(doc: LongDocument) -> None:
    with pytest.raises(TypeError, match="slice"):
        doc[3]  # type: ignore[index]


def test_a_failed_call_leaves_the_document_unchanged(doc: LongDocument) -> None:
    before = (list(doc.sections), doc.nodes, doc.scores("fees notices"))
    for bad in (lambda: doc.select("fees", k=0), lambda: doc.edit(5, 1, "x"), lambda: doc.edit(0, 0, None)):
        with pytest.raises((TypeError, ValueError)):
            bad()
    assert (list(doc.sections), doc.nodes, doc.scores("fees notices")) == before
