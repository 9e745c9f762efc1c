"""Completion: clause numbers after a citing word, defined terms from their first typed words."""

from __future__ import annotations

import pytest

from longdoc.document import LongDocument

DISTRIBUTOR = "cuad/contracts/BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"
PACIRA = "cuad/contracts/PACIRA PHARMACEUTICALS, INC. - A_R STRATEGIC LICENSING, DISTRIBUTION AND MARKETING AGREEMENT .txt"
MSCI = "cuad/contracts/MSCIINC_02_28_2008-EX-10.10-.txt"
OUTSOURCING = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
LICENSE = "cuad/contracts/GpaqAcquisitionHoldingsInc_20200123_S-4A_EX-10.6_11951677_EX-10.6_License Agreement.txt"

SUPPLY = ('SUPPLY AGREEMENT\n\nThis Agreement is made by Acme Widgets Inc., a Delaware corporation ("Seller"), and '
          'Beta LLC ("Buyer").\n\n1. DEFINITIONS\n\n"Confidential Information" means what a party marks secret.\n\n'
          '"Confirmed Order" means an order the Seller accepts.\n\n"Delivery Point" means the Buyer\'s dock.\n\n'
          "2. SUPPLY\n\n2.1 Orders. The Buyer orders goods.\n\n2.2 Delivery. The Seller delivers them.\n\n"
          "3. PRICE\n\n3.1 Fees. The Buyer pays.\n\nEXHIBIT A\n\nPrice list.\n")


def writing(text: str, at: str, typed: str) -> tuple[LongDocument, int]:
    """The document with ``typed`` written right after the first ``at``, and the offset after it."""
    offset = text.index(at) + len(at)
    return LongDocument(text[:offset] + typed + text[offset:]), offset + len(typed)


def offered(doc: LongDocument, offset: int) -> list[str]:
    return [c.text for c in doc.completions(offset)]


def test_after_a_citing_word_the_clause_numbers_are_offered_in_text_order_with_their_titles():
    doc, at = writing(SUPPLY, "The Seller delivers them", " under Section ")
    found = doc.completions(at)
    assert [(c.text, c.detail, c.kind) for c in found] == [
        ("1", "DEFINITIONS", "clause"), ("2", "SUPPLY", "clause"), ("2.1", "Orders", "clause"),
        ("2.2", "Delivery", "clause"), ("3", "PRICE", "clause"), ("3.1", "Fees", "clause")]
    assert all((c.start, c.end) == (at, at) for c in found)


def test_a_clause_an_edit_adds_is_offered_by_the_edited_version():
    doc, at = writing(SUPPLY, "The Seller delivers them", " under Section 2.")
    assert offered(doc, at) == ["2.1", "2.2"]
    added = "\n\n2.3 Returns. The Buyer may return goods."
    edited = doc.edit(at + 1, at + 1, added)
    assert offered(edited, at) == ["2.1", "2.2", "2.3"]
    assert offered(doc, at) == ["2.1", "2.2"]


def test_after_edits_the_clause_numbers_offered_are_those_of_a_fresh_build():
    doc, at = writing(SUPPLY, "The Seller delivers them", " under Section ")
    assert offered(doc, at) == ["1", "2", "2.1", "2.2", "3", "3.1"]
    # An edit of a clause's text moves the outline; one of a heading's number changes it.
    typed = doc.edit(at, at, "2")
    assert offered(typed, at + 1) == offered(LongDocument(typed.text), at + 1) == ["2", "2.1", "2.2"]
    number = SUPPLY.index("2.2 Delivery") + 2
    renumbered = doc.edit(number, number + 1, "4")
    assert offered(renumbered, at) == offered(LongDocument(renumbered.text), at) == ["1", "2", "2.1", "2.4", "3", "3.1"]


def test_the_number_typed_after_the_citing_word_narrows_the_offer_and_is_replaced():
    doc, at = writing(SUPPLY, "The Seller delivers them", " under Section 2.")
    found = doc.completions(at)
    assert [c.text for c in found] == ["2.1", "2.2"]
    assert {(c.start, c.end) for c in found} == {(at - 2, at)}


@pytest.mark.parametrize("word, numbers", [
    ("Exhibit ", ["A"]),
    ("Exhibits ", ["A"]),
    ("Sections ", ["1", "2", "2.1", "2.2", "3", "3.1"]),
    ("§ ", ["1", "2", "2.1", "2.2", "3", "3.1"]),
    ("Article ", ["1", "2", "3"]),  # a clause numbered alone is cited as an article too
])
def test_each_citing_word_offers_what_it_can_cite(word, numbers):
    doc, at = writing(SUPPLY, "The Seller delivers them", " under " + word)
    assert offered(doc, at) == numbers


def test_after_a_cited_clause_and_a_bracket_its_items_are_offered_with_their_first_words(shared_text):
    text = shared_text(OUTSOURCING)  # "9.02 Notices. ... shall be deemed given (a) when delivered personally, (b) ..."
    doc, at = writing(text, "Company's obligations", " under Section 9.02(")
    found = doc.completions(at)
    assert [(c.text, c.kind) for c in found] == [("(a)", "item"), ("(b)", "item"), ("(c)", "item"), ("(d)", "item")]
    assert found[0].detail == "delivered personally"
    assert doc.text[found[1].target : found[1].target + 4] == "(b) "
    assert {(c.start, c.end) for c in found} == {(at - 1, at)}


def test_the_label_typed_after_the_bracket_narrows_the_items_of_a_list_in_roman_numerals(shared_text):
    text = shared_text(LICENSE)  # "7.2 Notices ... (i) by personal delivery ..., (ii) by overnight courier ..."
    doc, at = writing(text, "Notices", " (see Section 7.2(i")
    assert offered(doc, at) == ["(i)", "(ii)", "(iii)", "(iv)"]
    doc, at = writing(text, "Notices", " (see Section 7.2(iv")
    assert [(c.text, c.start, c.end) for c in doc.completions(at)] == [("(iv)", at - 3, at)]


def test_a_number_in_brackets_after_its_words_and_an_item_cited_are_no_items():
    text = ("1. TERM\n\n1.1 Notice. A party gives one (1) month's notice: (a) in writing; (b) by mail, under "
            "paragraph (c) below; and (c) by hand.\n\n1.2 Other. See Section 1.1(")
    found = LongDocument(text).completions(len(text))
    assert [(c.text, c.detail) for c in found] == [("(a)", "in writing"), ("(b)", "by mail, under paragraph (c) below"),
                                                   ("(c)", "by hand.")]


def test_the_items_offered_are_those_of_the_clause_before_its_first_sub_clause():
    text = ("1. TERM\n\n1.1 Notice. Given (a) in writing; or (b) by mail.\n\n1.1.1 Copies. Sent (c) to counsel.\n\n"
            "1.2 Other. See Section 1.1(")
    assert offered(LongDocument(text), len(text)) == ["(a)", "(b)"]


def test_a_clause_the_text_lacks_or_one_without_items_offers_none():
    text = "1. TERM\n\n1.1 Notice. Given in writing.\n\n1.2 Other. See Section 1.1("
    assert offered(LongDocument(text), len(text)) == []
    text = text.replace("Given in", "Given (a) in")
    for other in (") and Section 4.2(", ") and Section 1.1.5("):  # no such clause; one with no heading
        assert offered(LongDocument(text + other), len(text) + len(other)) == []


def test_articles_are_offered_by_their_numerals_as_written_and_sections_by_their_numbers(shared_text):
    text = shared_text(DISTRIBUTOR)
    doc, at = writing(text, "The distribution right shall be", " under Article ")
    assert offered(doc, at) == ["I", "II", "III", "IV", "V", "VI", "VII", "IX"]
    assert doc.completions(at)[4].detail == "WARRANTY"  # of "ARTICLE V WARRANTY"
    doc, at = writing(text, "The distribution right shall be", " under Section ")
    assert offered(doc, at)[:3] == ["1.01", "1.02", "1.03"]
    assert not {"I", "II"} & set(offered(doc, at))


@pytest.mark.parametrize("path, word", [(DISTRIBUTOR, "Section "), (DISTRIBUTOR, "Article "), (DISTRIBUTOR, "Exhibit "),
                                        (PACIRA, "Section "), (PACIRA, "Schedule "), (MSCI, "Section ")])
def test_every_number_offered_cites_the_clause_it_was_offered_for(shared_text, path, word):
    text = shared_text(path)
    doc = LongDocument(text)
    # Written in the body of the first numbered clause, where a citation reads the whole text.
    first = next(n for n in doc.nodes if n.kind == "numbered")
    at = text.index("\n", first.heading_end)
    lead = " See " + word
    found = doc.edit(at, at, lead).completions(at + len(lead))
    assert len(found) >= 2
    for c in found:
        cited = doc.edit(at, at, lead + c.text + ".")
        [ref] = [r for r in cited.references if r.start == at + len(" See ")]
        assert ref.target == c.target, (c.text, ref)


def test_a_number_given_to_two_clauses_is_offered_once_for_the_first_that_citations_reach():
    text = "1. Term\n\nOne year.\n\n2. Fees\n\nMonthly.\n\n2. Taxes\n\nEach party pays its own.\n"
    doc, at = writing(text, "One year.", " See Section ")
    assert [(c.text, c.detail) for c in doc.completions(at)] == [("1", "Term"), ("2", "Fees")]


def test_a_capitalised_prefix_offers_the_defined_terms_it_opens_by_name():
    doc, at = writing(SUPPLY, "The Buyer pays", " for each Conf")
    found = doc.completions(at)
    assert [(c.text, c.kind) for c in found] == [("Confidential Information", "term"), ("Confirmed Order", "term")]
    assert {(c.start, c.end) for c in found} == {(at - 4, at)}
    assert found[0].detail == '"Confidential Information" means what a party marks secret.'


def test_the_first_words_of_a_term_typed_so_far_are_replaced_with_it_whole():
    doc, at = writing(SUPPLY, "The Buyer pays", " at the Delivery Po")
    [found] = doc.completions(at)
    assert (found.text, doc.text[found.start : found.end]) == ("Delivery Point", "Delivery Po")


def test_the_terms_that_the_most_words_typed_open_are_the_only_ones_offered():
    text = SUPPLY.replace('"Delivery Point" means', '"Point of Sale" means a shop.\n\n"Delivery Point" means')
    doc, at = writing(text, "The Buyer pays", " at the Delivery Po")
    assert offered(doc, at) == ["Delivery Point"]
    doc, at = writing(text, "The Buyer pays", " at the Po")
    assert offered(doc, at) == ["Point of Sale"]


def test_a_term_named_at_the_end_of_its_definition_is_described_by_the_words_before_it(shared_text):
    text = shared_text(DISTRIBUTOR)
    doc, at = writing(text, "The distribution right shall be", " given to the Distr")
    [found] = doc.completions(at)
    assert found.text == "Distributor"
    assert found.detail.startswith("\u2026 ") and found.detail.endswith('Texas 76226 (the "Distributor")')
    assert len(found.detail) <= 82


def test_words_in_lower_case_or_no_word_at_all_offer_no_term():
    doc, at = writing(SUPPLY, "The Buyer pays", " the conf")
    assert doc.completions(at) == []
    doc, at = writing(SUPPLY, "The Buyer pays", " the ")
    assert doc.completions(at) == []


def test_a_place_outside_the_text_is_rejected():
    doc = LongDocument(SUPPLY)
    with pytest.raises(ValueError, match="outside the text"):
        doc.completions(len(SUPPLY) + 1)
    with pytest.raises(TypeError):
        doc.completions("3")  # type: ignore[arg-type]
