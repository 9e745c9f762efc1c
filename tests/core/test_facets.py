"""Facets: each kind of evidence retrieved on its own, restricted sections never count, passages
carry their identity, and the window joins the chosen sections in document order."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc.document import LongDocument
from longdoc.facets import Passage, select_facets, uncovered_facets

CONTRACTS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad" / "contracts"
RESELLER = "ADIANUTRITION,INC_04_01_2005-EX-10.D2-RESELLER AGREEMENT.txt"


@lru_cache(maxsize=1)
def reseller() -> LongDocument:
    path = CONTRACTS / RESELLER
    assert path.exists(), f"shared test data missing: {path.resolve()}"
    with open(path, encoding="utf-8", newline="") as f:
        return LongDocument(f.read())


FACETS = {
    "term": "term of agreement expiration",
    "law": "governing law state",
    "payment": "payment price invoice",
}


def section_text(doc: LongDocument, passage: Passage) -> str:
    return doc.text[passage.start : passage.end]


# -- uncovered_facets -------------------------------------------------------------------------------


def test_uncovered_facets_are_the_required_ones_no_passage_covers_sorted() -> None:
    passages = [{"facets": ["term"]}, {"facets": {"law", "extra"}}]
    assert uncovered_facets(["term", "payment", "audit", "law"], passages) == ["audit", "payment"]


def test_passages_from_select_facets_count_as_coverage() -> None:
    selection = reseller().select_facets(FACETS, k=1)
    assert uncovered_facets(FACETS, selection.passages) == []


def test_a_passage_without_facets_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"passages\[1\]"):
        uncovered_facets(["term"], [{"facets": []}, {"text": "no facets"}])


def test_a_single_string_of_required_facets_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="required_facets"):
        uncovered_facets("term", [])


# -- retrieval per facet ----------------------------------------------------------------------------


def best_holding_terms(doc: LongDocument, query: str) -> int:
    """The section ``select`` ranks first among those that contain the query's terms."""
    relevance = doc.relevance(query)
    holding = [i for i, score in enumerate(doc.scores(query)) if score > 0]
    return min(holding, key=lambda i: (-relevance[i], i))


def test_each_facet_gets_the_best_section_holding_its_own_terms() -> None:
    doc = reseller()
    selection = doc.select_facets(FACETS, k=1)
    for name, query in FACETS.items():
        best = best_holding_terms(doc, query)
        (passage,) = selection.results[name].passages
        assert (passage.section_index, passage.score) == (best, doc.relevance(query)[best])
        assert name in passage.facets


def test_on_a_real_contract_each_facets_choice_is_also_selects_first_choice() -> None:
    doc = reseller()
    for query in FACETS.values():
        assert best_holding_terms(doc, query) == doc.select(query, k=1)[0][0].index


def test_one_verbose_section_cannot_hide_a_facet_without_evidence() -> None:
    doc = reseller()
    facets = {"law": "governing law", "arbitration": "arbitrator arbitral tribunal"}
    combined = doc.select(" ".join(facets.values()), k=1)
    assert combined[0][1] > 0, "the combined query finds something"
    selection = doc.select_facets(facets)
    assert selection.uncovered == ("arbitration",)
    assert selection.results["arbitration"].passages == ()
    assert selection.missing == ("arbitration",)


def test_sections_rejected_by_allow_never_count_as_evidence() -> None:
    doc = reseller()
    law_sections = {i for i, s in enumerate(doc.scores("governing law")) if s > 0}

    def allow(section: object) -> bool:
        return getattr(section, "index") not in law_sections

    selection = doc.select_facets({"law": "governing law", "term": FACETS["term"]}, allow=allow)
    assert selection.restricted == ("law",)
    assert selection.uncovered == ()
    assert selection.results["law"].passages == ()
    assert selection.results["law"].excluded == len(law_sections)
    assert all(p.section_index not in law_sections for p in selection.passages)


def test_facets_take_turns_so_a_tight_budget_gives_each_its_best_first() -> None:
    doc = reseller()
    bests = [doc.sections[best_holding_terms(doc, q)] for q in FACETS.values()]
    budget = sum(s.tokens for s in {s.index: s for s in bests}.values())
    selection = doc.select_facets(FACETS, k=3, budget=budget)
    assert [r.passages[0].section_index for r in selection.results.values()] == [
        s.index for s in bests
    ]
    assert sum(doc.sections[p.section_index].tokens for p in selection.passages) <= budget


def test_the_window_joins_the_chosen_sections_in_document_order() -> None:
    doc = reseller()
    selection = doc.select_facets(FACETS, k=2)
    starts = [p.start for p in selection.passages]
    assert starts == sorted(set(starts))
    assert [s.index for s in selection.window.sections] == [
        p.section_index for p in selection.passages
    ]
    for (w, d, n), p in zip(selection.window.pieces, selection.passages):
        assert selection.window.text[w : w + n] == section_text(doc, p)
        assert selection.window.to_doc(w, w + n) == (p.start, p.end)


def test_passages_carry_document_id_revision_path_index_and_offsets() -> None:
    doc = reseller()
    selection = doc.select_facets(FACETS, k=1, document_id="file:///reseller.txt", revision=7)
    for p in selection.passages:
        section = doc.sections[p.section_index]
        assert (p.document_id, p.revision) == ("file:///reseller.txt", 7)
        assert (p.start, p.end, p.section_path) == (section.start, section.end, section.path)
        assert p["facets"] == p.facets


def test_a_passage_from_an_older_revision_or_another_document_is_stale() -> None:
    (p,) = reseller().select_facets({"law": "governing law"}, k=1, document_id="a", revision=3).passages
    assert not p.is_stale("a", 3)
    assert p.is_stale("a", 4)
    assert p.is_stale("b", 3)


FACET_NAMES = st.sampled_from("abcdef")
WORDS = st.sampled_from(
    "term termination law governing payment invoice price notice confidential license "
    "territory warranty indemnify assignment xyzzy quasar".split()
)


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        FACET_NAMES, st.lists(WORDS, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=4
    ),
    st.integers(1, 3),
    st.one_of(st.none(), st.integers(1, 2000)),
    st.integers(0, 3),
)
def test_selection_invariants_hold_for_any_facets(
    facets: dict[str, str], k: int, budget: int | None, modulus: int
) -> None:
    doc = reseller()

    def allow(section: object) -> bool:
        return modulus == 0 or getattr(section, "index") % (modulus + 1) != 0

    selection = select_facets(doc, facets, k=k, budget=budget, allow=allow)
    for name, query in facets.items():
        relevance = doc.relevance(query)
        matching = [i for i, s in enumerate(doc.scores(query)) if s > 0]
        allowed = [i for i in matching if allow(doc.sections[i])]
        assert (name in selection.uncovered) == (not matching)
        assert (name in selection.restricted) == (bool(matching) and not allowed)
        result = selection.results[name]
        assert len(result.passages) <= k
        assert all(p.section_index in allowed and p.score == relevance[p.section_index]
                   for p in result.passages)
    if budget is not None:
        assert sum(doc.sections[p.section_index].tokens for p in selection.passages) <= budget


# -- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,value", [("k", 0), ("budget", 0)])
def test_k_or_budget_below_one_is_a_value_error_naming_it(name: str, value: int) -> None:
    with pytest.raises(ValueError, match=name):
        reseller().select_facets(FACETS, **{name: value})


def test_facets_that_are_not_a_mapping_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="facets"):
        reseller().select_facets(["governing law"])


def test_an_allow_that_is_not_callable_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="allow"):
        reseller().select_facets(FACETS, allow=True)
