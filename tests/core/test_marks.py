"""Marks of defined terms (where each is defined and used), and the one stretch an edit may mark
otherwise while the terms only move."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc import LongDocument, Mark

DISTRIBUTOR = "cuad/contracts/BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"


def test_a_term_is_marked_where_it_is_defined_and_where_it_is_used() -> None:
    text = '"Product" means goods. The Products ship; a Product\'s box.'
    doc = LongDocument(text)
    assert [(text[m.start : m.end], m.defines) for m in doc.marks_in()] == [
        ("Product", True), ("Products", False), ("Product's", False)]


def test_a_use_inside_a_term_where_it_is_defined_is_not_marked() -> None:
    text = '"Confidential" means secret. "Confidential Information" means data marked Confidential.'
    doc = LongDocument(text)
    assert [(text[m.start : m.end], m.defines) for m in doc.marks_in()] == [
        ("Confidential", True), ("Confidential Information", True), ("Confidential", False)]


def test_the_marks_of_a_stretch_are_those_of_the_whole_text_that_start_in_it(shared_text) -> None:
    text = shared_text(DISTRIBUTOR)
    doc = LongDocument(text)
    every = doc.marks_in()
    assert len(every) > 100
    for start, end in [(0, 1000), (text.index("Territory", 2000) + 3, len(text)), (5000, 5001), (7000, 7000)]:
        assert doc.marks_in(start, end) == [m for m in every if start <= m.start < end]


def remarked(doc: LongDocument, edited: LongDocument, start: int, end: int, length: int,
             stretches: list[tuple[int, int]]) -> list[Mark]:
    """The marks of ``edited`` made of those of ``doc`` moved by the edit, out of ``stretches``,
    and those of ``edited`` in them."""
    delta = length - (end - start)
    moved = [Mark(m.start + (delta if m.start >= end else 0), m.end + (delta if m.start >= end else 0), m.defines)
             for m in doc.marks_in() if not start <= m.start < end]
    kept = [m for m in moved if not any(lo <= m.start < hi for lo, hi in stretches)]
    kept += [m for lo, hi in stretches for m in edited.marks_in(lo, hi)]
    return sorted(kept)


def test_an_edit_in_the_quotes_of_a_defined_term_remarks_the_stretches_around_its_forms(shared_text) -> None:
    doc = LongDocument(shared_text(DISTRIBUTOR))
    text = doc.text
    at = text.index('"Brand"') + 3
    edited = doc.edit(at, at + 1, "x")  # "Brxnd": Brand defined no more, Brxnd now
    stretches = edited.remarked_stretches(doc.definitions, at, at + 1, 1, before_code=doc.code_spans)
    assert stretches is not None and len(stretches) > 5
    assert sum(hi - lo for lo, hi in stretches) < len(text) / 4
    assert remarked(doc, edited, at, at + 1, 1, stretches) == LongDocument(edited.text).marks_in()


def test_a_passage_pasted_into_the_quotes_of_a_defined_term_is_marked_whole(shared_text) -> None:
    # The stretch around the passage holds those around the uses of the term in it.
    doc = LongDocument(shared_text(DISTRIBUTOR))
    text = doc.text
    at = text.index('"Brand"') + 3
    passage = "x. The Brand is sold. " + "The Company sells the Products in the Territory. " * 40
    edited = doc.edit(at, at + 1, passage)
    stretches = edited.remarked_stretches(doc.definitions, at, at + 1, len(passage), before_code=doc.code_spans)
    assert stretches is not None
    assert remarked(doc, edited, at, at + 1, len(passage), stretches) == LongDocument(edited.text).marks_in()


def test_an_edit_that_defines_terms_used_over_half_the_text_remarks_all_of_it() -> None:
    text = '"Products" means goods. The Products ship.'
    doc = LongDocument(text)
    at = text.index("Products")
    edited = doc.edit(at, at + 1, "W")
    assert edited.remarked_stretches(doc.definitions, at, at + 1, 1, before_code=doc.code_spans) is None


# Terms inside terms ("Information" in "Confidential Information"): an edit may make a use that
# covers the start of another after it, or unmake one that covered it.
NESTED = ('1. Definitions\n\n"Confidential Information" means data. "Information" means facts. "Effective Date" '
          'means 1 May. "Date" means a day. "Party" means Acme or Beta.\n\n2. Terms\n\n'
          + "".join(f"{n}. Each Party keeps Confidential Information from the Effective Date; the Parties' "
                    f"Information, any Date and the Confidential\n  Information Date.\n" for n in range(3, 30)))


@pytest.fixture(scope="module", params=["distributor", "nested terms"])
def contract(request, shared_text) -> LongDocument:
    doc = LongDocument(shared_text(DISTRIBUTOR) if request.param == "distributor" else NESTED)
    doc.marks_in()
    return doc


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_out_of_the_stretches_an_edit_remarks_the_marks_are_the_earlier_ones_moved(contract: LongDocument, data) -> None:
    doc = contract
    text = doc.text
    # Edits at and around the terms' uses and where they are defined, where they make, unmake and
    # lengthen uses, and define terms otherwise.
    near = data.draw(st.sampled_from([m.start for m in doc.marks_in()]))
    start = data.draw(st.integers(max(0, near - 40), min(len(text), near + 40)))
    end = data.draw(st.integers(start, min(len(text), start + 12)))
    new = data.draw(st.sampled_from(["", "s", "e", " ", "\n", "Products", "Territory ", "'s", "-", "Distributor",
                                     '"', "x Brand", "Confidential", " Information", "Effective", "Date ", "Partie"]))
    edited = doc.edit(start, end, new)
    stretches = edited.remarked_stretches(doc.definitions, start, end, len(new), before_code=doc.code_spans)
    fresh = LongDocument(edited.text).marks_in()
    if stretches is None:  # only where the terms defined changed, and their forms stand all over the text
        assert Counter(d.term for d in edited.definitions) != Counter(d.term for d in doc.definitions) or any(
            d.term_start <= end and start <= d.term_end for d in doc.definitions)
        return
    assert any(lo <= start and start + len(new) <= hi for lo, hi in stretches)
    assert remarked(doc, edited, start, end, len(new), stretches) == fresh


# A Markdown contract whose code, opened or closed far from its uses, hides or shows them.
API_TERMS = ('# API Terms\n\n## 1. Definitions\n\n"API Key" means the credential issued to Developer. "Platform" means '
             'the hosted services.\n\n## 2. Access\n\n'
             + "".join(f"2.{n} Developer calls the Platform with its API Key, as `curl -H key` shows.\n\n"
                       for n in range(1, 40)))


def code_edit_remarked(text: str, start: int, end: int, new: str) -> bool:
    """Whether the marks out of the stretches the edit remarks were kept (False: all remarked, as
    where code hid or showed definitions of terms used all over the text)."""
    doc = LongDocument(text)
    doc.marks_in()
    edited = doc.edit(start, end, new)
    stretches = edited.remarked_stretches(doc.definitions, start, end, len(new), before_code=doc.code_spans)
    if stretches is None:
        assert Counter(d.term for d in edited.definitions) != Counter(d.term for d in doc.definitions)
        return False
    assert remarked(doc, edited, start, end, len(new), stretches) == LongDocument(edited.text).marks_in()
    return True


def test_a_fence_typed_above_uses_remarks_the_stretch_it_hides() -> None:
    at = API_TERMS.index("2.1 ")
    assert code_edit_remarked(API_TERMS, at, at, "```\n")


def test_a_fence_cut_remarks_the_stretch_it_held() -> None:
    at = API_TERMS.index("2.1 ")
    text = API_TERMS[:at] + "~~~\n" + API_TERMS[at:]
    assert code_edit_remarked(text, at, at + 4, "")


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 6),
                          st.sampled_from(["`", "```\n", "~~~\n", "\n\n", "", "x", " API Key ", "# T\n", "\\"])),
                min_size=1, max_size=3))
def test_out_of_the_stretches_an_edit_of_code_remarks_the_marks_are_the_earlier_ones_moved(
        edits: list[tuple[float, int, str]]) -> None:
    text = API_TERMS
    for where, length, new in edits:
        start = int(where * len(text))
        code_edit_remarked(text, start, min(len(text), start + length), new)
        text = text[:start] + new + text[min(len(text), start + length):]
