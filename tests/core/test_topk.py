"""The fast top-k of ``select`` (no rerank) against the full ranking.

``relevance`` scores every section; ``select`` scores only the blocks of sections whose bound can
still reach the top k, reading a longer head of the ranking when a budget skips sections, or, with
numpy, every section at once over arrays. Each engine must give the same sections, in the same
order, with bit-equal scores (ties to the earlier section, the opening promoted, the first sections
filling in), before and after edits.
"""

from __future__ import annotations

import gc
import json
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc import LongDocument, terms
from longdoc.query import analyse_query
from longdoc.ranking import opening_sections
from longdoc import dense, topk
from longdoc.topk import BLOCK, PrunedQuery, RankedQuery

CONTRACT = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"

WORDS = ("notice", "term", "termination", "party", "agreement", "licence", "fee", "payment", "audit",
         "renewal", "confidential", "law", "delaware", "warranty", "year")
HEADINGS = ("ARTICLE I", "1. Payment", "2.1 Term", "Section 3", "## Renewal", "NOTICES")


def expected_choice(doc: LongDocument, query: str, k: int, budget: int | None = None) -> list[tuple[int, float]]:
    """What select must choose, read from every section's relevance: best first, ties to the earlier,
    those that fit the budget; the first sections fill in (score 0) when fewer than k sections rank."""
    relevance = doc.relevance(query)
    ranked = sorted((i for i, v in enumerate(relevance) if v > 0.0), key=lambda i: (-relevance[i], i))
    fill = range(len(relevance)) if len(ranked) < k else range(0)
    chosen: list[tuple[int, float]] = []
    used = 0
    for i, score in [(i, relevance[i]) for i in ranked] + [(i, 0.0) for i in fill]:
        if len(chosen) == k:
            break
        tokens = doc.sections[i].tokens
        if any(j == i for j, _ in chosen) or (budget is not None and used + tokens > budget):
            continue
        chosen.append((i, score))
        used += tokens
    return chosen


@pytest.fixture(params=["numpy", "pure Python"])
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test that takes it runs once with the numpy ranking and once without it."""
    if request.param == "pure Python":
        monkeypatch.setattr(dense, "AVAILABLE", False)
    elif not dense.AVAILABLE:
        pytest.fail("numpy is missing: the tests need the fast extra (pip install -e '.[dev]')")
    else:
        monkeypatch.setattr(dense, "MIN_SECTIONS", 0)  # short documents rank over arrays too
    return str(request.param)


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure-Python ranking, whose block maxima some tests watch."""
    monkeypatch.setattr(dense, "AVAILABLE", False)


def fast_top(doc: LongDocument, query: str, k: int, budget: int | None = None) -> list[tuple[int, float]]:
    """select's choice once block maxima exist for the query's terms, equal to the first choice (the
    first time a version of the document is asked for a term, select prunes by rare terms; every
    section is ranked for a rerank, a deep budget and relevance())."""
    first = [(s.index, v) for s, v in doc.select(query, k=k, budget=budget)]
    again = [(s.index, v) for s, v in doc.select(query, k=k, budget=budget)]
    assert again == first, "the block-max head differs from the full ranking"
    return again


paragraph = st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join)
block = st.one_of(paragraph, st.sampled_from(HEADINGS), paragraph.map(lambda p: p.capitalize() + "."))
texts = st.lists(block, min_size=1, max_size=40).map("\n\n".join)
# A short title before a colon counts double, so queries mix weights as CUAD questions do.
queries = st.tuples(st.lists(st.sampled_from(WORDS), max_size=2), st.lists(st.sampled_from(WORDS + ("zebra",)),
                                                                            min_size=1, max_size=8)).map(
    lambda tb: (" ".join(tb[0]) + ": " if tb[0] else "") + " ".join(tb[1]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=texts, query=queries, k=st.integers(1, 12), max_tokens=st.integers(4, 24))
def test_select_without_budget_equals_the_head_of_the_full_ranking(engine: str, text: str, query: str, k: int,
                                                                    max_tokens: int) -> None:
    doc = LongDocument(text, max_tokens=max_tokens)
    assert fast_top(doc, query, k) == expected_choice(doc, query, k)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=texts, query=queries, k=st.integers(1, 12), data=st.data())
def test_select_without_budget_equals_the_full_ranking_after_random_edits(engine: str, text: str, query: str, k: int,
                                                                          data: st.DataObject) -> None:
    doc = LongDocument(text, max_tokens=8)
    fast_top(doc, query, k)  # the old version's bounds exist when the edit hands its index on
    versions = [doc]
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        start = data.draw(st.integers(0, len(doc.text)), label="start")
        end = data.draw(st.integers(start, min(len(doc.text), start + 30)), label="end")
        doc = doc.edit(start, end, data.draw(st.one_of(block, st.sampled_from(["", " ", "\n\n"])), label="new"))
        versions.append(doc)
        assert fast_top(doc, query, k) == expected_choice(doc, query, k)
    old = versions[0]  # edited away: it rebuilds its own index and must still rank as before
    assert fast_top(old, query, k) == expected_choice(old, query, k)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=texts, query=queries, k=st.integers(1, 12), data=st.data())
def test_select_with_a_budget_equals_the_full_rankings_choice(engine: str, text: str, query: str, k: int,
                                                             data: st.DataObject) -> None:
    doc = LongDocument(text, max_tokens=data.draw(st.integers(4, 24), label="max_tokens"))
    total = sum(s.tokens for s in doc.sections)
    budget = data.draw(st.integers(1, total + 1), label="budget")
    assert fast_top(doc, query, k, budget) == expected_choice(doc, query, k, budget)


def test_a_budget_that_skips_every_strong_match_reaches_deep_into_the_ranking(engine: str) -> None:
    clause = "audit audit audit records books ledger files kept"
    doc = LongDocument("\n\n".join(["Preamble words.", *[clause] * 40, "ok"]), max_tokens=12)
    small = doc.sections[-1]
    assert doc[small.start : small.end] == "ok" and len(doc.sections) == 42
    # Only the last, small section fits: it ranks below all forty clauses, by its neighbour's share.
    chosen = fast_top(doc, "audit", 1, budget=small.tokens)
    assert [i for i, _ in chosen] == [small.index]
    assert chosen == expected_choice(doc, "audit", 1, budget=small.tokens)


def test_block_maxima_are_made_the_second_time_a_version_is_asked_for_a_term(pure: None) -> None:
    doc = LongDocument("\n\n".join(["audit fee", "payment law"] * 12), max_tokens=4)
    doc.select("audit", k=3)
    assert doc._context_impacts()._terms == {}, "the first ask ranks every section"
    doc.select("audit payment", k=3)
    assert doc._context_impacts()._terms == {}, "a query with a term asked for the first time ranks all"
    doc.select("payment audit", k=3)
    assert {"payment", "audit"} <= set(doc._context_impacts()._terms)
    edited = doc.edit(0, 0, "law ")
    edited.select("audit", k=3)
    assert edited._context_impacts()._terms == {}, "an edit starts a new version"


def test_block_maxima_of_the_least_recently_used_terms_are_dropped_and_rebuilt_when_asked_again(
    pure: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(topk, "TERMS_KEPT", 2)
    doc = LongDocument("\n\n".join(["audit fee", "payment law", "renewal notice", "audit law"] * 6), max_tokens=4)
    for query in ("audit fee", "payment renewal", "notice law", "audit fee"):
        assert fast_top(doc, query, 3) == expected_choice(doc, query, 3)
        assert len(doc._context_impacts()._terms) <= 2


def test_equal_sections_tie_to_the_earlier_across_blocks(engine: str) -> None:
    text = "\n\n".join(["audit fee"] * (6 * BLOCK) + ["renewal"] * 3)
    doc = LongDocument(text, max_tokens=4)
    assert len(doc.sections) > 4 * BLOCK, "the text must span several blocks"
    top = fast_top(doc, "audit", 5)
    assert [i for i, _ in top] == sorted(i for i, _ in top), "equal scores must keep document order"
    assert top == expected_choice(doc, "audit", 5)


def test_first_sections_fill_in_when_fewer_than_k_sections_match(engine: str) -> None:
    text = "\n\n".join(["payment fee"] * 3 + ["delaware law"] + ["payment fee"] * (3 * BLOCK))
    doc = LongDocument(text, max_tokens=4)
    top = fast_top(doc, "delaware", 6)
    assert top == expected_choice(doc, "delaware", 6)
    assert [v for _, v in top].count(0.0) == 3, "three sections match (the one and its neighbours)"


def test_a_query_with_no_indexed_term_selects_the_opening_sections(engine: str) -> None:
    doc = LongDocument("\n\n".join(["payment fee"] * 20), max_tokens=4)
    assert fast_top(doc, "zebra", 3) == [(0, 0.0), (1, 0.0), (2, 0.0)]


def cuad_questions(path: Path) -> list[str]:
    with path.open(encoding="utf-8") as lines:
        return list(dict.fromkeys(json.loads(line)["question"] for line in lines))


def test_every_cuad_question_selects_the_head_of_the_full_ranking_on_a_contract(
    engine: str, shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    questions = cuad_questions(shared_path("cuad/qa.jsonl"))
    assert len(questions) >= 40, "the CUAD questions"
    assert len(doc.sections) > 10 * BLOCK, "the contract must span many blocks"
    for question in questions:
        assert fast_top(doc, question, 10) == expected_choice(doc, question, 10), question


def test_cuad_questions_still_select_the_full_rankings_head_after_an_edit(
    engine: str, shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    questions = cuad_questions(shared_path("cuad/qa.jsonl"))[:10]
    for question in questions:
        fast_top(doc, question, 10)
    at = doc.text.index("terminat")
    edited = doc.edit(at, at, "audit renewal exclusivity ")
    for question in questions:
        assert fast_top(edited, question, 10) == expected_choice(edited, question, 10), question


def test_ranked_query_relevance_of_any_section_is_bit_equal_to_the_documents(
    shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    opening = set(opening_sections(s.tokens for s in doc.sections))  # may be promoted to the best score
    for question in cuad_questions(shared_path("cuad/qa.jsonl"))[:8]:
        ranked = RankedQuery(doc._context_impacts(), analyse_query(question, terms).weights)
        full = doc.relevance(question)
        assert [ranked.relevance(i) for i in range(len(full)) if i not in opening] == [
            v for i, v in enumerate(full) if i not in opening], question


def test_a_query_of_more_terms_than_the_packed_bounds_hold_still_selects_the_full_rankings_head(engine: str) -> None:
    # One section holding 120,000 query terms: their bounds sum past a packed field's range.
    vocabulary = [f"w{i}x" for i in range(120_000)]
    parts = ["1. Start w1x w2x", "2. Big " + " ".join(vocabulary)] + [f"{i}. Part w{i}x" for i in range(3, 12)]
    doc = LongDocument("\n\n".join(parts), max_tokens=200_000)
    assert len(doc.sections) > 2 * BLOCK, "the big section's block must have blocks after it"
    query = " ".join(vocabulary)
    assert fast_top(doc, query, 3) == expected_choice(doc, query, 3)


def test_a_document_whose_block_maxima_or_arrays_were_made_is_freed_at_once_when_dropped(engine: str) -> None:
    doc = LongDocument("1. Fees. The fee is due.\n\n2. Term. Termination notice is given.\n" * 50, max_tokens=16)
    doc.select("termination notice"), doc.select("termination notice")  # the second ask makes them
    made = doc._dense_impacts() if engine == "numpy" else doc._context_impacts()
    assert made._terms, "block maxima or arrays made"
    del made
    dropped = weakref.ref(doc)
    gc.disable()
    try:
        del doc
        assert dropped() is None
    finally:
        gc.enable()


def pruned_top(doc: LongDocument, question: str, k: int) -> list[tuple[int, float]]:
    return PrunedQuery(doc._postings(), analyse_query(question, terms).weights, doc._section_keys(), 0.3).top(k)


def full_head(doc: LongDocument, question: str, k: int) -> list[tuple[int, float]]:
    relevance = doc.relevance(question)
    opening = set(opening_sections(s.tokens for s in doc.sections))  # promoted by select, not by top
    ranked = sorted((i for i, v in enumerate(relevance) if v > 0.0 and i not in opening),
                    key=lambda i: (-relevance[i], i))
    return [(i, relevance[i]) for i in ranked[:k]]


@pytest.mark.parametrize("limit", [0, 8, 64, 10_000], ids=lambda n: f"{n} candidates")
def test_a_first_ask_pruned_by_rare_terms_gives_the_full_rankings_head_wherever_it_settles(
    limit: int, monkeypatch: pytest.MonkeyPatch, shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    # No candidates allowed: every term is summed before settling; many: it settles at the first try.
    monkeypatch.setattr(PrunedQuery, "CANDIDATES", limit)
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    opening = set(opening_sections(s.tokens for s in doc.sections))
    for question in cuad_questions(shared_path("cuad/qa.jsonl")):
        got = [(i, v) for i, v in pruned_top(doc, question, 10 + len(opening)) if i not in opening][:10]
        assert got == full_head(doc, question, 10), question


class ReadPostings(dict):  # type: ignore[type-arg]
    """Postings that count the entries read through a walk over them."""

    read = 0

    def items(self):  # type: ignore[no-untyped-def]
        ReadPostings.read += len(self)
        return super().items()


def test_a_first_ask_reads_fewer_postings_than_the_query_terms_hold(
    shared_text: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    weights = analyse_query("Anti-Assignment: Is consent or notice required of a party if the contract is assigned "
                            "to a third party?", terms).weights
    query = PrunedQuery(doc._postings(), weights, doc._section_keys(), 0.3)
    query._score.lists = [(ReadPostings(plist), idf) for plist, idf in query._score.lists]
    held = sum(len(plist) for plist, _ in query._score.lists)
    monkeypatch.setattr(ReadPostings, "read", 0)
    query.top(3)
    assert 0 < ReadPostings.read < held / 2, "the common terms' postings are never read"
