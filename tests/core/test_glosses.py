"""Glosses: the title of the clause a citation leads to, to be shown after the citation."""

from __future__ import annotations

import pytest

from longdoc.document import LongDocument
from edits import random_edits

DISTRIBUTOR = "cuad/contracts/BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"
DELTATHREE = "cuad/contracts/DeltathreeInc_19991102_S-1A_EX-10.19_6227850_EX-10.19_Co-Branding Agreement_ Service Agreement.txt"
OUTSOURCING = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
CO_BRANDING = "cuad/contracts/EdietsComInc_20001030_10QSB_EX-10.4_2606646_EX-10.4_Co-Branding Agreement.txt"
JOINT_VENTURE = "cuad/contracts/TRANSPHORM,INC_02_14_2020-EX-10.12(1)-JOINT VENTURE AGREEMENT.txt"

SUPPLY = ("SUPPLY AGREEMENT\n\n1. SUPPLY\n\n1.1 Orders. The Buyer orders goods under Section 2.1.\n\n"
          "1.2 Price. The Buyer pays as Section 2 (Payment) says, and as Exhibit A lists.\n\n"
          "2. PAYMENT\n\n2.1 Invoices. The Seller invoices; see Section 1.2(b) and Section 7, and Exhibit B.\n\n"
          "EXHIBIT A\n\nPrice list.\n\nEXHIBIT B [***]\n\nRedacted.\n")


def glossed(text: str, doc: LongDocument) -> list[tuple[str, str, bool]]:
    """Each gloss as (the text just before it, its title, within)."""
    return [(text[g.offset - 11 : g.offset], g.title, g.within) for g in doc.glosses()]


def test_a_citation_is_glossed_with_the_title_of_the_clause_it_cites():
    doc = LongDocument(SUPPLY)
    assert glossed(SUPPLY, doc)[0] == ("Section 2.1", "Invoices", False)
    gloss = doc.glosses()[0]
    assert doc.nodes[gloss.target].title == "2.1 Invoices"
    assert gloss.offset == SUPPLY.index("Section 2.1") + len("Section 2.1")


def test_a_cited_part_inside_a_clause_is_glossed_as_lying_within_that_clause():
    doc = LongDocument(SUPPLY)
    at = SUPPLY.index("Section 1.2(b)") + len("Section 1.2(b)")
    assert [(g.title, g.within) for g in doc.glosses() if g.offset == at] == [("Price", True)]


def test_a_title_the_text_writes_after_the_citation_is_not_said_again():
    doc = LongDocument(SUPPLY)
    assert all(SUPPLY[g.offset - 9 : g.offset] != "Section 2" for g in doc.glosses())
    assert any(r.target is not None and SUPPLY[r.start : r.end] == "Section 2" for r in doc.references)


def test_a_citation_followed_at_once_by_a_bracket_is_not_glossed_while_its_part_is_written():
    text = SUPPLY.replace("see Section 1.2(b)", "see Section 1.2(")
    assert [title for _, title, _ in glossed(text, LongDocument(text))] == ["Invoices"]


def test_an_attachment_titled_by_its_label_or_marks_alone_and_an_unresolved_citation_get_no_gloss():
    doc = LongDocument(SUPPLY)
    cited = {SUPPLY[r.start : r.end]: r.target for r in doc.references}
    assert None not in (cited["Exhibit A"], cited["Exhibit B"]) and cited["Section 7"] is None
    assert [title for _, title, _ in glossed(SUPPLY, doc)] == ["Invoices", "Price"]


def test_glosses_are_those_of_the_citations_that_start_in_the_range():
    doc = LongDocument(SUPPLY)
    second = SUPPLY.index("Section 1.2(b)")
    assert [g.title for g in doc.glosses(second, len(SUPPLY))] == ["Price"]
    assert [g.title for g in doc.glosses(0, second)] == ["Invoices"]
    assert doc.glosses(second, second) == []


@pytest.mark.parametrize("start, end", [(-1, 10), (0, 10**6), (20, 10)])
def test_a_range_outside_the_text_or_reversed_is_refused(start: int, end: int):
    with pytest.raises(ValueError):
        LongDocument(SUPPLY).glosses(start, end)


def test_a_real_contract_glosses_its_citations_of_numbered_clauses_and_exhibits(shared_text):
    text = shared_text(DISTRIBUTOR)
    found = [(text[g.offset - 12 : g.offset], g.title) for g in LongDocument(text).glosses()]
    assert ("Section 1.03", "Terms") in found
    assert ('(Exhibit "B"', "DESCRIPTION OF THE TERRITORY") in found


def test_a_contract_that_writes_each_cited_title_after_its_citation_gets_no_gloss(shared_text):
    text = shared_text(DELTATHREE)  # "Section 9.03  [Notices]"
    doc = LongDocument(text)
    assert sum(r.target is not None for r in doc.references) >= 10
    assert doc.glosses() == []


def test_an_exhibit_heading_that_names_the_agreement_it_is_attached_to_is_no_title(shared_text):
    text = shared_text(OUTSOURCING)  # "EXHIBIT A TO SERVICES OUTSOURCING AGREEMENT"
    doc = LongDocument(text)
    exhibits = [r for r in doc.references if text[r.start : r.end] == "Exhibit A" and r.target is not None]
    assert exhibits
    assert not {r.end for r in exhibits} & {g.offset for g in doc.glosses()}
    assert "Termination" in [g.title for g in doc.glosses() if text[g.offset - 12 : g.offset] == "Section 8.01"]


def test_a_clause_whose_title_is_its_first_sentence_is_not_glossed(shared_text):
    text = shared_text(CO_BRANDING)  # "5.2 During the Term, eDiets will not buy, sell, ..."
    doc = LongDocument(text)
    cited = [r for r in doc.references if text[r.start : r.end] == "Section 5.2"]
    assert cited and all(r.target is not None for r in cited)
    assert not {r.end for r in cited} & {g.offset for g in doc.glosses()}


def test_a_cited_clause_run_into_its_parent_is_glossed_with_the_parent_title(shared_text):
    text = shared_text(JOINT_VENTURE)  # "4.7.21 making any loan ..." under "4.7 Actions Requiring ..."
    doc = LongDocument(text)
    at = text.index("Section 4.7.21") + len("Section 4.7.21")
    assert [(g.title, g.within) for g in doc.glosses() if g.offset == at] == [
        ("Actions Requiring Unanimous Board Approval", True)]


def test_after_edits_the_glosses_are_those_of_a_fresh_build(shared_text):
    text = shared_text(DISTRIBUTOR)
    doc = LongDocument(text)
    doc.glosses()
    for edited in random_edits(doc, ["e", "", " Section 1.02", "\n\n1.05 Returns. ", "Exhibit \"B\"", "\n"], seed=5):
        assert edited.glosses() == LongDocument(edited.text).glosses()
