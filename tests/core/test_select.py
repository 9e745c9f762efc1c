"""LongDocument.scores / relevance / select / matched terms: ranking sections, budgets, fill and rerank.

``scores`` is plain BM25 (checked against bm25s); ``select`` ranks by ``relevance``, which builds on it.
"""

from __future__ import annotations

from collections.abc import Callable

import bm25s
import pytest

from longdoc import LongDocument, terms
from longdoc.ranking import asks_for_opening

# A preamble longer than the opening's 64 tokens, then short headed parts: the opening is section 0.
PREAMBLE = (
    "This Agreement is made between Alpha Corp and Beta Corp, on the first day of the month, for the supply "
    "of widgets and services, in the manner set out below, and in the schedules attached, which both parties "
    "sign and deliver on the same day at the same place."
)
PARTS = [
    ("Payment", "Fees are due monthly."), ("Delivery", "Goods ship weekly."), ("Warranty", "Goods work for a year."),
    ("Termination", "Either side may terminate on notice."), ("Audit", "Books are open."),
    ("Law", "Delaware law governs."), ("Termination again", "Either side may terminate on notice."),
    ("Signatures", "Signed below."),
]
POLICY = PREAMBLE + "".join(f"\n\n## {title}\n\n{body}" for title, body in PARTS) + "\n"
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
    assert len(scores) == len(doc.sections) and scores[3] == 0.0 and scores[4] > 0.0


def test_heading_words_count_for_the_sections_of_their_part() -> None:
    body = " ".join(["The licensee pays the fees."] * 30)
    doc = LongDocument(f"Intro words.\n\n## Royalties\n\n{body}\n", max_tokens=40)
    later = [s for s in doc.sections if s.heading == "## Royalties"][1:]
    assert later and all(doc.scores("royalties")[s.index] > 0 for s in later)


def test_select_returns_the_k_most_relevant_sections_best_first(doc: LongDocument) -> None:
    relevance = doc.relevance("terminate notice delaware")
    best = sorted((i for i, v in enumerate(relevance) if v > 0), key=lambda i: (-relevance[i], i))[:3]
    chosen = doc.select("terminate notice delaware", k=3)
    assert chosen == [(doc.sections[i], relevance[i]) for i in best]


def test_relevance_is_highest_for_the_sections_that_contain_the_query(doc: LongDocument) -> None:
    relevance = doc.relevance("terminate")
    assert {i for i, v in enumerate(relevance) if v == max(relevance)} == {4, 7}


def test_select_breaks_ties_in_favour_of_the_earlier_section(doc: LongDocument) -> None:
    assert doc.relevance("terminate")[4] == doc.relevance("terminate")[7]
    assert indices(doc.select("terminate", k=1)) == [4]
    assert indices(doc.select("terminate", k=2)) == [4, 7]


def test_select_fills_with_the_first_sections_when_too_few_are_relevant(doc: LongDocument) -> None:
    relevant = [i for i, v in enumerate(doc.relevance("payment")) if v > 0]
    chosen = doc.select("payment", k=len(relevant) + 2)
    assert indices(chosen)[: len(relevant)] == sorted(relevant, key=lambda i: -doc.relevance("payment")[i])
    fill = [i for i in range(len(doc.sections)) if i not in relevant][:2]
    assert chosen[len(relevant) :] == [(doc.sections[i], 0.0) for i in fill]


def test_select_with_no_matching_section_returns_the_first_sections(doc: LongDocument) -> None:
    assert doc.select("zebra", k=2) == [(doc.sections[0], 0.0), (doc.sections[1], 0.0)]


# The policy with a part about names, dates and parties after its opening.
NAMED = POLICY.replace("## Audit\n\nBooks are open.", "## Names\n\nEach party may use the name, title and logo of the other "
                       "party, and the parties may agree a date for the termination of the name licence, which takes effect "
                       "and is effective when the parties who signed it called it so, of whatever kind or type, between "
                       "them when signed.")


@pytest.mark.parametrize("query", [
    "Document Name: The name of the contract", "What is this agreement called?", "What is the date of the agreement?",
    "Who are the parties?", "Parties: The two or more parties who signed the contract",
    "Effective Date: The date when the contract is effective", "When does this agreement take effect?",
    "What is the effective date of this agreement?", "What kind of agreement is this?", "When was this agreement signed?",
])
def test_a_question_about_the_documents_name_date_or_parties_selects_its_opening_first(query: str) -> None:
    doc = LongDocument(NAMED)
    assert indices(doc.select(query, k=2))[0] == 0


@pytest.mark.parametrize("query", [
    "Document Name: The name of the contract", "Who is this agreement between?", "When was the contract executed?",
    "What is the agreement's title?", "Agreement Date: The date of the contract",
])
def test_a_question_about_the_document_itself_asks_for_its_opening(query: str) -> None:
    assert asks_for_opening(query)


@pytest.mark.parametrize("query", [
    "What is the termination date of the agreement?",
    "Joint Ip Ownership: Is there any clause providing for joint ownership of intellectual property between the parties to "
    "the contract?",
    "Does the agreement name a date for the first delivery?",
])
def test_a_question_about_something_else_of_the_agreement_does_not_ask_for_its_opening(query: str) -> None:
    assert not asks_for_opening(query)


def test_a_question_about_another_date_of_the_agreement_selects_the_best_match_first() -> None:
    doc = LongDocument(NAMED)
    query = "What is the termination date of the agreement?"
    relevance = doc.relevance(query)
    [(best, _)] = doc.select(query, k=1)
    assert best.index != 0 and relevance[best.index] == max(relevance)


def test_select_keeps_the_chosen_sections_within_the_budget(doc: LongDocument) -> None:
    sections = doc.sections
    budget = sections[4].tokens + 1
    assert sections[7].tokens >= budget  # the other termination section cannot join
    chosen = doc.select("terminate", k=3, budget=budget)
    assert indices(chosen) == [4] and sum(sec.tokens for sec, _ in chosen) <= budget


def test_sections_that_do_not_fit_the_budget_are_skipped_fill_included(doc: LongDocument) -> None:
    # "payment" is in section 1; its neighbours 0 (the long preamble) and 2 share its relevance.
    sections = doc.sections
    assert [i for i, v in enumerate(doc.relevance("payment")) if v > 0] == [0, 1, 2]
    budget = sections[1].tokens + sections[2].tokens + sections[3].tokens
    assert sections[0].tokens > budget
    assert indices(doc.select("payment", k=5, budget=budget)) == [1, 2, 3]


def test_select_never_returns_more_than_there_are_sections() -> None:
    doc = LongDocument("Only one section here.")
    assert len(doc.select("section", k=5)) == 1


def test_rerank_orders_the_ranked_sections_and_its_relevance_is_the_score(doc: LongDocument) -> None:
    seen: list[list[str]] = []

    def longest_first(texts: list[str]) -> list[float]:
        seen.append(texts)
        return [float(len(t)) for t in texts]

    chosen = doc.select("terminate notices", k=2, rerank=longest_first)
    ranked = [i for i, v in sorted(enumerate(doc.relevance("terminate notices")), key=lambda iv: (-iv[1], iv[0]))
              if v > 0][:6]
    assert seen == [[doc[doc.sections[i].start : doc.sections[i].end] for i in ranked]]
    by_length = sorted(ranked, key=lambda i: (-len(seen[0][ranked.index(i)]), ranked.index(i)))[:2]
    assert chosen == [(doc.sections[i], float(len(doc[doc.sections[i].start : doc.sections[i].end]))) for i in by_length]


def test_rerank_sees_only_the_best_rerank_top_sections(doc: LongDocument) -> None:
    seen: list[int] = []
    doc.select("terminate notices", k=1, rerank=lambda texts: seen.append(len(texts)) or [1.0] * len(texts),
               rerank_top=2)
    assert seen == [2]


def test_rerank_ties_keep_the_ranking_order(doc: LongDocument) -> None:
    ranked = indices(doc.select("notices terminate", k=3))
    assert indices(doc.select("notices terminate", k=3, rerank=lambda texts: [0.5] * len(texts))) == ranked


def test_rerank_must_return_one_relevance_per_section(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="rerank"):
        doc.select("terminate", rerank=lambda texts: [1.0])


def test_query_terms_are_analysed_and_deduplicated_in_query_order(doc: LongDocument) -> None:
    assert doc.query_terms("The terminations, termination; NOT payment") == ["termination", "not", "payment"]


def test_matched_terms_are_the_query_words_found_in_the_section_heading_included(doc: LongDocument) -> None:
    assert doc.matched_terms(doc.sections[4], "Termination of the NOTICES quickly") == ["termination", "notices"]


def test_unmatched_terms_are_the_query_words_no_section_contains(doc: LongDocument) -> None:
    assert doc.unmatched_terms("terminate zebra notices aardvark") == ["zebra", "aardvark"]


def test_a_query_word_the_section_holds_inflected_is_matched(doc: LongDocument) -> None:
    assert doc.matched_terms(doc.sections[4], "terminated notices") == ["terminated", "notices"]


def test_a_query_word_the_document_holds_only_inflected_is_not_unmatched(doc: LongDocument) -> None:
    assert doc.unmatched_terms("terminating zebra") == ["zebra"]


def test_the_words_to_mark_are_the_sections_own_forms_of_the_query_words(doc: LongDocument) -> None:
    assert doc.matched_words(doc.sections[4], "terminated notices") == ["terminate", "notice"]


def test_the_words_to_mark_include_the_synonyms_the_ranking_weighs(doc: LongDocument) -> None:
    assert doc.matched_words(doc.sections[4], "cancellation notices") == ["termination", "terminate", "notice"]


def test_no_word_is_marked_in_a_section_without_the_query_words(doc: LongDocument) -> None:
    assert doc.matched_words(doc.sections[1], "terminate notice") == []


def test_a_section_without_any_query_term_never_outranks_one_that_has_them() -> None:
    doc = LongDocument("Intro.\n\n7. Survival. Confidentiality obligations survive termination.\n")
    assert doc.select("confidentiality survive", k=1)[0][0].index == 1


def test_the_index_is_built_by_the_first_query_when_nothing_built_it_before(doc: LongDocument) -> None:
    assert not doc.indexed
    doc.select("termination")
    assert doc.indexed


def test_an_index_built_a_few_parts_at_a_time_ranks_as_the_first_query_would() -> None:
    stepped, fresh = LongDocument(POLICY, max_tokens=16), LongDocument(POLICY, max_tokens=16)
    progress = list(stepped.indexing(parts=2))
    assert progress == [2, 4, 6, 8], "two of the nine parts per step"
    assert stepped.indexed
    for query in ("termination notice", "goods", "delaware law"):
        assert stepped.relevance(query) == fresh.relevance(query)
        assert stepped.select(query, k=3) == fresh.select(query, k=3)


def test_an_index_build_stopped_early_is_taken_up_where_it_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, fresh = LongDocument(POLICY, max_tokens=16), LongDocument(POLICY, max_tokens=16)
    indexed: list[int] = []
    index_part = LongDocument._index_part
    monkeypatch.setattr(LongDocument, "_index_part", lambda self, *a, **k: indexed.append(1) or index_part(self, *a, **k))
    steps = doc.indexing(parts=2)
    assert next(steps) == 2
    steps.close()
    assert not doc.indexed
    assert list(doc.indexing(parts=3)) == [5, 8], "going on from the third part"
    assert doc.indexed and len(indexed) == 9, "each of the nine parts indexed once"
    assert doc.relevance("termination notice") == fresh.relevance("termination notice")


def test_a_query_during_an_index_build_goes_on_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = LongDocument(POLICY, max_tokens=16)
    indexed: list[int] = []
    index_part = LongDocument._index_part
    monkeypatch.setattr(LongDocument, "_index_part", lambda self, *a, **k: indexed.append(1) or index_part(self, *a, **k))
    steps = doc.indexing(parts=1)
    next(steps), next(steps)
    doc.select("audit")
    assert doc.indexed and len(indexed) == 9, "the query indexed the seven parts left"
    assert list(steps) == [], "the build has nothing left to do"


def test_an_index_build_needs_a_positive_step(doc: LongDocument) -> None:
    with pytest.raises(ValueError, match="parts"):
        doc.indexing(parts=0)
