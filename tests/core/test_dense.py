"""The numpy ranking (the ``fast`` extra) against the pure-Python one.

Every relevance must be bit-equal to the full ranking's, whatever the version of the document; the
arrays it keeps per term are bounded and belong to one version of the index (that they never keep a
document alive is tested with the block maxima, in test_topk).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from longdoc import LongDocument, dense
from longdoc.dense import DenseImpacts, DenseQuery

CONTRACT = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"


@pytest.fixture(autouse=True)
def numpy_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    if not dense.AVAILABLE:
        pytest.fail("numpy is missing: the tests need the fast extra (pip install -e '.[dev]')")
    monkeypatch.setattr(dense, "MIN_SECTIONS", 0)  # the short documents below rank over arrays too


def cuad_questions(path: Path) -> list[str]:
    with path.open(encoding="utf-8") as lines:
        return list(dict.fromkeys(json.loads(line)["question"] for line in lines))


def dense_query(doc: LongDocument, question: str) -> DenseQuery:
    return DenseQuery(doc._dense_impacts(), doc._weights(question))


def test_every_sections_relevance_is_bit_equal_to_the_full_rankings(
    shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    for question in cuad_questions(shared_path("cuad/qa.jsonl")):
        query = dense_query(doc, question)
        full = doc._every_relevance(question)
        assert [query.relevance(i) for i in range(len(full))] == full, question


def test_relevances_stay_bit_equal_after_an_edit_that_moves_sections(
    shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    questions = cuad_questions(shared_path("cuad/qa.jsonl"))[:10]
    for question in questions:
        dense_query(doc, question)
    at = doc.text.index("terminat")
    edited = doc.edit(at, at, "1. Audit\n\nThe renewal and exclusivity of the licence.\n\n")
    assert len(edited.sections) > len(doc.sections), "the edit adds sections, moving the later ones"
    for question in questions:
        query = dense_query(edited, question)
        full = edited._every_relevance(question)
        assert [query.relevance(i) for i in range(len(full))] == full, question


def test_the_top_k_is_the_head_of_the_full_ranking_with_ties_to_the_earlier_section() -> None:
    doc = LongDocument("\n\n".join(["audit fee", "payment law"] * 30), max_tokens=4)
    full = doc._every_relevance("audit")
    ranked = sorted((i for i, v in enumerate(full) if v > 0.0), key=lambda i: (-full[i], i))
    assert dense_query(doc, "audit").top(7) == [(i, full[i]) for i in ranked[:7]]


def test_the_top_k_holds_only_sections_with_a_query_term_around_when_fewer_match() -> None:
    doc = LongDocument("\n\n".join(["payment fee"] * 10 + ["delaware law"] + ["payment fee"] * 10), max_tokens=4)
    assert [i for i, _ in dense_query(doc, "delaware").top(5)] == [10, 9, 11]


@pytest.mark.parametrize("lowerings", [0, 1, dense._LOWERINGS])
def test_the_top_k_is_the_head_of_the_full_ranking_at_any_depth_however_far_the_bound_is_lowered(
    monkeypatch: pytest.MonkeyPatch, lowerings: int, shared_text: Callable[[str], str],
    shared_path: Callable[[str], Path],
) -> None:
    monkeypatch.setattr(dense, "_LOWERINGS", lowerings)  # 0: partitions every relevance above 0.0
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    for question in cuad_questions(shared_path("cuad/qa.jsonl"))[:12]:
        full = doc._every_relevance(question)
        ranked = sorted((i for i, v in enumerate(full) if v > 0.0), key=lambda i: (-full[i], i))
        query = dense_query(doc, question)
        for k in (1, 10, 60, len(ranked), len(full)):
            assert query.top(k) == [(i, full[i]) for i in ranked[:k]], (question, k)


def test_arrays_of_the_least_recently_asked_terms_are_dropped_past_the_postings_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dense, "POSTINGS_KEPT", 20)
    doc = LongDocument("\n\n".join(["alpha echo", "bravo golf", "charlie hotel", "alpha golf"] * 6), max_tokens=4)
    impacts = doc._dense_impacts()
    for question in ("alpha", "bravo", "charlie"):  # 12 sections hold alpha, 6 each of the others
        doc.select(question)
    assert list(impacts._terms) == ["bravo", "charlie"] and impacts._kept == 12
    relevance = doc.relevance("alpha")
    assert [(s.index, v) for s, v in doc.select("alpha")] == [(i, relevance[i]) for i in (3, 4, 7)]
    assert list(impacts._terms) == ["charlie", "alpha"] and impacts._kept == 18


def test_an_edit_starts_arrays_of_its_own_version() -> None:
    doc = LongDocument("\n\n".join(["audit fee", "payment law"] * 12), max_tokens=4)
    doc.select("audit")
    assert set(doc._dense_impacts()._terms) == {"audit"}
    edited = doc.edit(0, 0, "law ")
    assert edited._dense_impacts()._terms == {}, "the index moved on: its arrays are made again"


def test_without_numpy_the_arrays_refuse_with_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "AVAILABLE", False)
    doc = LongDocument("audit fee\n\npayment law", max_tokens=4)
    with pytest.raises(RuntimeError, match=r"longdoc\[fast\]"):
        DenseImpacts(doc._postings(), doc._section_keys().keys(), 0.3)
    assert [s.index for s, _ in doc.select("payment")] == [1, 0], "select ranks in pure Python"


def test_every_cuad_question_selects_alike_with_and_without_numpy(
    monkeypatch: pytest.MonkeyPatch, shared_text: Callable[[str], str], shared_path: Callable[[str], Path]
) -> None:
    doc = LongDocument(shared_text(CONTRACT), max_tokens=64)
    questions = cuad_questions(shared_path("cuad/qa.jsonl"))
    with_numpy = [[(s.index, v) for s, v in doc.select(q, k=5)] for q in questions]
    monkeypatch.setattr(dense, "AVAILABLE", False)
    without = [[(s.index, v) for s, v in doc.select(q, k=5)] for q in questions]
    assert with_numpy == without


def test_a_short_document_ranks_in_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "MIN_SECTIONS", 2048)
    doc = LongDocument("\n\n".join(["audit fee", "payment law"] * 12), max_tokens=4)
    doc.select("audit"), doc.select("audit")
    assert doc._postings().derived("dense impacts", lambda: None) is None, "no arrays made"
    assert doc._context_impacts()._terms, "the pure ranking's block maxima were made instead"


def test_a_numpy_that_cannot_be_imported_leaves_the_ranking_in_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "_imported", lambda: None)  # installed, but its import fails
    doc = LongDocument("\n\n".join(["audit fee", "payment law"] * 12), max_tokens=4)
    assert not dense.ranks(len(doc.sections))
    assert [s.index for s, _ in doc.select("audit", k=2)] == [0, 2]
    with pytest.raises(RuntimeError, match="cannot be imported"):
        dense.numpy()
