"""Drafting diagnostics: broken citations, numbering, definitions twice or unused, undefined terms."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import diagnostics
from longdoc.definitions import find_definitions
from longdoc.diagnostics import HINT, INFORMATION, WARNING, diagnosis
from longdoc.document import LongDocument
from longdoc.references import find_references

AGREEMENT = """SUPPLY AGREEMENT

ARTICLE 1
DEFINITIONS

1.1 "Products" means the goods in Exhibit B.

1.2 "Territory" means Canada.

1.3 "Products" means the goods listed by the Buyer.

ARTICLE 2
SUPPLY

2.1 Orders. The Buyer orders Products under Section 2.3 and Section 9.1.

2.3 Delivery. The Seller delivers the Products to the Licensed Premises.

2.4 Price. The price is fixed under Section 2.1 for the Licensed Premises.

2.4 Taxes. Each party pays its own taxes.
"""


def findings(text: str) -> list:
    doc = LongDocument(text)
    defs = find_definitions(text, doc.nodes)
    return diagnosis(text, doc.nodes, defs, find_references(text, doc.nodes)).findings


def of(code: str, text: str = AGREEMENT) -> list:
    return [d for d in findings(text) if d.code == code]


def flagged(code: str, text: str) -> list[str]:
    """The text each finding of ``code`` spans, in order."""
    return [text[d.start : d.end] for d in of(code, text)]


def test_a_citation_of_a_missing_section_is_a_warning_naming_it():
    [found] = of("unresolved-reference")
    assert (found.severity, AGREEMENT[found.start : found.end]) == (WARNING, "Section 9.1")
    assert "no Section 9.1" in found.message


def test_a_citation_of_section_0_says_its_target_was_likely_deleted():
    # Gopage's and Ritter's agreements: "as set forth in this Section 0", a cross-reference field that lost its target.
    text = AGREEMENT.replace("Section 9.1", "Section 0")
    [found] = of("unresolved-reference", text)
    assert found.message == "Section 0 is referred to, but the document has no Section 0, likely a cross-reference whose target was deleted."


# Bellicum's supply agreement: "... shall have the meaning set forth in Section 5.7", in a text whose
# Article 5 ends at 5.6.
ARTICLES = ("ARTICLE 5 FORECASTS AND ORDERS\n\n5.1 Forecasts. Buyer forecasts its needs.\n\n"
            "5.2 Orders. Buyer places orders as set forth in {citation}.\n\n"
            "ARTICLE 6 PRICE\n\n6.1 Price. The price is fixed.\n")


def test_a_citation_of_a_clause_missing_among_its_numbered_siblings_is_unresolved() -> None:
    text = ARTICLES.format(citation="Section 5.7")
    [found] = of("unresolved-reference", text)
    assert (text[found.start : found.end], found.message) == (
        "Section 5.7", "Section 5.7 is referred to, but the document has no Section 5.7.")


@pytest.mark.parametrize("citation, text_after", [
    # PfHospitality's franchise agreement runs clause 6.15 into a paragraph: "... of the conflict.) 6.15. Operating ...".
    ("Section 5.3", "(To the extent those laws conflict, you must give us notice of the conflict.) 5.3. Operating"
                    " Principal and Management Supervision If you are a corporation, you name one.\n"),
    # International Fast Food's "Paragraph 17.1(k)", where 17.1 lost its heading but 17.1.1 stands.
    ("Section 5.3(k)", "\n5.3.1 Events. The events are listed.\n"),
])
def test_a_clause_the_text_holds_without_a_heading_of_its_own_is_no_unresolved_reference(citation: str,
                                                                                         text_after: str) -> None:
    text = ARTICLES.format(citation=citation).replace("\nARTICLE 6", text_after + "\nARTICLE 6")
    assert of("unresolved-reference", text) == []


def test_a_clause_cited_beside_deeper_clauses_only_is_no_unresolved_reference() -> None:
    # Under Article 5 only 5.1.1 and 5.1.2 stand (their clause 5.1 lost its heading): 5.3 may have lost its own.
    text = ARTICLES.format(citation="Section 5.3").replace("5.1 Forecasts.", "5.1.1 Forecasts.").replace(
        "5.2 Orders.", "5.1.2 Orders.")
    assert of("unresolved-reference", text) == []


def test_a_deeper_clause_cited_under_a_clause_without_numbered_parts_is_no_unresolved_reference() -> None:
    # "Section 5.2.7": an item of 5.2, whose items are not numbered as headings.
    assert of("unresolved-reference", ARTICLES.format(citation="Section 5.2.7")) == []


def test_a_clause_cited_with_a_zero_after_its_number_is_no_unresolved_reference() -> None:
    # Scansource's "EXCEPT AS EXPRESSLY PROVIDED IN THIS SECTION 10.0", its heading "10. WARRANTY".
    assert of("unresolved-reference", ARTICLES.format(citation="Section 5.0")) == []


def test_a_citation_of_an_exhibit_not_attached_is_information():
    [found] = of("missing-attachment")
    assert (found.severity, AGREEMENT[found.start : found.end]) == (INFORMATION, "Exhibit B")


@pytest.mark.parametrize(
    "opening",
    [
        "EXHIBIT 10.4\n\n",  # Dynamex's filing numbers the text over its title
        "CONFIDENTIAL TREATMENT REQUESTED UNDER THE SECURITIES ACT. Exhibit 10.1 EXECUTION COPY\n\n",  # The Meet Group's
    ],
)
def test_the_number_a_filing_gave_the_text_is_no_missing_attachment(opening):
    text = opening + AGREEMENT
    assert flagged("missing-attachment", text) == ["Exhibit B"]


def test_a_lettered_exhibit_cited_before_the_title_is_a_missing_attachment():
    text = "The parties sign the form in Exhibit C.\n\n" + AGREEMENT
    assert flagged("missing-attachment", text) == ["Exhibit C", "Exhibit B"]


def test_a_missing_schedule_numbered_by_a_clause_and_its_item_is_named_by_both():
    text = ("1. Assets\n\n1.1 Transfer. Seller transfers the patents on Schedule 1.1(e) and the names on Schedule 1.1(b).\n\n"
            "Schedule 1.1(e) - Assigned Patents\n\nUS 1,234,567\n")
    [found] = of("missing-attachment", text)
    assert found.message == "Schedule 1.1(b) is referred to but is not part of this document."


def test_the_text_named_as_this_exhibit_is_no_missing_attachment():
    # Cyberian Outpost's agreement: "... has omitted from this Exhibit 10.13 portions of the Agreement".
    text = AGREEMENT + "\nThe filer has omitted from this Exhibit 10.13 portions of the Agreement.\n"
    assert flagged("missing-attachment", text) == ["Exhibit B"]


def test_a_numbered_exhibit_cited_in_the_body_is_a_missing_attachment():
    # Pacira's agreement: "substantially in the form attached hereto as Exhibit 3.20(a)".
    text = AGREEMENT.replace("Each party pays its own taxes.", "Each party signs the form attached as Exhibit 3.20.")
    assert flagged("missing-attachment", text) == ["Exhibit B", "Exhibit 3.20"]


# A Markdown agreement that keeps its exhibits and schedules in files of their own.
LINKED = """# Supply Agreement

## 1. Supply

1.1 Products. The Seller supplies the goods in Exhibit B at the prices of Schedule 1.

1.2 Orders. The Buyer orders under Section 1.1 and the terms of {link}.
"""


@pytest.mark.parametrize("link", ["[Exhibit B](exhibit-b.pdf)", "the plan below\n\n![Exhibit B - Site plan](plan.png)"])
def test_an_attachment_a_link_or_an_image_gives_is_no_missing_attachment_wherever_it_is_cited(link: str) -> None:
    assert flagged("missing-attachment", LINKED.format(link=link)) == ["Schedule 1"]


def test_an_attachment_linked_to_a_place_in_the_text_that_does_not_hold_it_is_missing() -> None:
    assert flagged("missing-attachment", LINKED.format(link="[Exhibit B](#exhibit-b)")) == ["Exhibit B", "Schedule 1"]


def test_a_clause_cited_in_a_link_to_another_document_is_no_unresolved_reference() -> None:
    text = LINKED.format(link="[Section 9.4](master-terms.md#94-orders)")
    assert of("unresolved-reference", text) == []
    assert flagged("unresolved-reference", text.replace("(master-terms.md#94-orders)", "")) == ["Section 9.4"]


def test_an_attachment_cited_again_and_again_is_one_note_at_its_first_citation_with_the_others_related():
    text = AGREEMENT.replace("listed by the Buyer.", "listed in Exhibit B and priced in Exhibit B, Part 2.")
    [found] = of("missing-attachment", text)
    assert text[found.start : found.end] == "Exhibit B" and found.start == text.index("Exhibit B")
    assert found.message == "Exhibit B is referred to 3 times but is not part of this document."
    assert [text[s:e] for s, e in found.related] == ["Exhibit B", "Exhibit B"]
    assert [s for s, _ in found.related] == [text.index("Exhibit B", found.end), text.rindex("Exhibit B")]


def test_an_attachment_cited_twice_says_so():
    text = AGREEMENT.replace("listed by the Buyer.", "listed in Exhibit B.")
    [found] = of("missing-attachment", text)
    assert found.message == "Exhibit B is referred to twice but is not part of this document."


def test_a_gap_in_sibling_numbering_names_the_missing_clause():
    [found] = of("numbering-gap")
    assert AGREEMENT[found.start : found.end].startswith("2.3 Delivery")
    assert "2.2 is missing" in found.message


def test_clauses_run_on_with_their_numbers_glued_to_their_first_words_are_no_gap():
    # Hubei Minkang's outsourcing agreement: "... agrees as follows: 1.DGT shall pay ... 2.Dolphin ...".
    text = ("AGREEMENT\n\nThe parties agree as follows: 1.DGT shall pay the fee. 2.Dolphin shall edit the photos. "
            "3.Each party keeps its rights.\n\n4.Dolphin will provide services exclusively.\n\n"
            "Both parties agree: 5.Dolphin may defer. 6.Notices are in writing.\n\n7.Marginal headings are for reference.\n")
    assert of("numbering-gap", text) == []


def test_an_untitled_clause_between_numbered_headings_is_no_gap():
    text = AGREEMENT.replace("2.3 Delivery.", "2.2\tThe Buyer may inspect.\n\n2.3 Delivery.")
    assert of("numbering-gap", text) == []


def test_a_run_on_clause_the_outline_does_not_take_for_a_heading_is_no_gap():
    # Staar Surgical: clause 8 has no title and no first clause run into it, 7 and 9 have.
    text = ("Terms.\n\nThe term starts now. 7. Forecasts 7.1 Orders are due monthly. 8. Goods ship "
            "weekly. 9. Payment 9.1 Invoices are due in 30 days.\n")
    doc = LongDocument(text)
    assert [n.label for n in doc.nodes] == ["7", "7.1", "9", "9.1"]
    assert [d for d in doc.diagnostics() if d.code == "numbering-gap"] == []


def test_a_clause_whose_heading_was_lost_but_whose_subclauses_stand_is_no_gap():
    # Imine's distributor agreement: no "5. PRICE" line, but its clauses 5.1 to 5.3 run on after 4.
    text = ("4. ORDERS 4.1 Orders. JRVS shall give information for orders of Non-standard Products. 5.1 JRVS Price. "
            "The price is fixed. 5.2 Price Change. JRVS may change it.\n\n6. TERMS OF PAYMENT 6.1 Payment Terms. JRVS "
            "shall invoice.\n")
    assert of("numbering-gap", text) == []
    assert of("numbering-gap", text.replace("5.1 JRVS Price. The price is fixed. 5.2 Price Change. JRVS may change it.",
                                            "The price is fixed.")) != []


def test_the_clauses_an_amendment_restates_leave_no_gap():
    # Goosehead's state amendment restates two clauses of article 27 of the franchise agreement.
    text = ("27. DISPUTES\n\n27.5 Injunctions. Either party may seek an injunction.\n\n27.6 Jury. No jury.\n\n"
            "27.7 Claims. Claims are brought within one year.\n\n27.8 Damages. No punitive damages.\n\n27.9 Fees. The "
            "loser pays.\n\nAMENDMENT TO THE FRANCHISE AGREEMENT FOR THE STATE OF MINNESOTA\n\n1. Term. The term "
            "is five years.\n\n2. Sections 27.5 and 27.9 of the Agreement are amended to read:\n\n27.5 Injunctions. "
            "A court may grant an injunction.\n\n27.9 Fees. Each party pays its own fees.\n")
    assert of("numbering-gap", text) == []
    assert of("numbering-gap", text.replace("AMENDMENT TO", "SCHEDULE OF")) != []


def test_a_gap_in_an_amendments_own_numbering_is_reported():
    text = ("1. TERM\n\n1.1 Start. It starts today.\n\nAMENDMENT TO THE FRANCHISE AGREEMENT\n\n2. Fees. The fees "
            "change.\n\n2.1 Amount. The fee is doubled.\n\n2.3 Payment. It is paid monthly.\n")
    [found] = of("numbering-gap", text)
    assert "2.2 is missing" in found.message


@pytest.mark.parametrize("clause", [
    "14.. Notices. All notices are in writing.",  # Fulucai's production agreement: a period typed twice
    "14. a. Notices. All notices are in writing.",  # Principal Life's: the clause's first item after its number
    "14 . Notices. All notices are in writing.",  # and its period set apart
])
def test_a_run_on_clause_numbered_with_a_slip_or_an_item_after_its_number_is_no_gap(clause: str) -> None:
    text = ("13. Assignment. Neither party may assign this Agreement.   " + clause + "   15. Governing Law. The laws of "
            "New York govern.\n")
    assert of("numbering-gap", text) == []


@pytest.mark.parametrize("item", [
    "; and 6.7 Refrain from making any claims.",  # Staar's distributor agreement: the last item of a sentence
    "; or 6.7 Refrain from making any claims.",
    ";\nand 6.7 Refrain from making any claims.",  # a line wrapped before the "and"
    ". 6.7 the term \"Premiums\" means the fees paid.",  # Goosehead's: a definition in lower case
])
def test_a_subclause_written_as_a_sentence_item_or_in_lower_case_is_no_gap(item: str) -> None:
    text = (f"6. Duties.\n\n6.6 Training. The Distributor shall provide customer training{item} "
            "6.8 Reports. The Distributor shall report monthly.\n")
    assert [n.label for n in LongDocument(text).nodes] == ["6", "6.6", "6.8"]
    assert of("numbering-gap", text) == []


def test_a_lone_number_after_and_in_a_sentence_leaves_its_gap() -> None:
    text = "1. Term. It lasts a year.\n\n2. Fees. Fees are due in thirty days; and 3 days after notice.\n\n4. Law. Ohio.\n"
    [found] = of("numbering-gap", text)
    assert "3 is missing" in found.message


def test_a_subclause_cited_after_and_leaves_its_gap() -> None:
    text = ("6. Duties.\n\n6.6 Training. The Distributor shall comply with Sections 6.5 and 6.7 Refrain hereof. "
            "6.8 Reports. The Distributor shall report monthly.\n")
    [found] = of("numbering-gap", text)
    assert "6.7 is missing" in found.message


def test_a_clause_number_typed_into_a_gap_without_a_heading_closes_the_gap():
    doc = LongDocument(AGREEMENT)
    assert "numbering-gap" in {d.code for d in doc.diagnostics()}
    at = AGREEMENT.index("Section 9.1.") + len("Section 9.1.")
    edited = doc.edit(at, at, " The Buyer may inspect\n2.2 the goods.")
    assert [n.label for n in edited.nodes] == [n.label for n in doc.nodes], "no new heading: the outline only moved"
    assert "numbering-gap" not in {d.code for d in edited.diagnostics()}
    reopened = edited.edit(at, at + len(" The Buyer may inspect\n2.2 the goods."), "")
    assert reopened.diagnostics() == doc.diagnostics()


def test_a_jump_of_more_than_twenty_numbers_is_another_numbering_not_a_gap():
    text = AGREEMENT.replace("2.3 Delivery.", "2.30 Delivery.").replace("2.3 and", "2.30 and")
    assert of("numbering-gap", text) == []


def test_two_sibling_clauses_with_one_number_are_a_warning():
    [found] = of("duplicate-number")
    assert AGREEMENT[found.start : found.end].startswith("2.4 Taxes")
    assert "Two clauses are numbered 2.4" in found.message


def test_clauses_out_of_order_are_flagged_where_the_order_breaks_not_as_missing() -> None:
    # CurAegis' sponsorship agreement numbers its clauses 1, 2, 5, 3, 4, 6.
    text = "".join(f"{n}. {title}\n\nThe parties agree.\n\n" for n, title in
                   [(1, "Term"), (2, "Termination"), (5, "Payment"), (3, "Duties"), (4, "Benefits"), (6, "License")])
    found = [d for d in LongDocument(text).diagnostics() if d.code.startswith("numbering")]
    assert [(d.code, text[d.start : d.end], d.message) for d in found] == [
        ("numbering-order", "5. Payment", "Clause 5 stands before clauses 3, 4: the clauses are out of order.")]


def test_a_number_given_twice_leaves_no_gap_before_the_next_one() -> None:
    # HealthGate's escrow agreement: 11.1 to 11.8, a second 11.6, then 11.9.
    text = "".join(f"11.{n} Clause {n}.\n\nThe parties agree.\n\n" for n in [1, 2, 3, 4, 5, 6, 7, 8, 6, 9])
    assert [(d.code, text[d.start : d.end]) for d in LongDocument(text).diagnostics() if d.code.startswith(("numbering", "duplicate"))] == [
        ("duplicate-number", "11.6 Clause 6.")]


def test_a_number_skipped_and_given_in_a_new_list_after_is_still_missing() -> None:
    text = "".join(f"{n}. Clause {n}\n\nThe parties agree.\n\n" for n in [1, 2, 4, 5, 1, 2, 3])
    assert [(d.code, text[d.start : d.end]) for d in LongDocument(text).diagnostics() if d.code.startswith("numbering")] == [
        ("numbering-gap", "4. Clause 4")]


def test_a_numbering_that_starts_again_at_one_is_a_new_list_not_a_duplicate():
    text = (AGREEMENT + "\nFIRST SCHEDULE\n\n1. Order. The Buyer orders.\n\n2. Ship. The Seller ships.\n\n"
            "3. Bill. The Seller bills.\n\nSECOND SCHEDULE\n\n1. Pack. The Seller packs.\n\n2. Load. The carrier loads.\n")
    assert [text[d.start : d.end][:9] for d in of("duplicate-number", text)] == ["2.4 Taxes"]
    repeated = text + "\n2. Pay. The Buyer pays.\n"
    assert [repeated[d.start : d.end][:9] for d in of("duplicate-number", repeated)] == ["2.4 Taxes", "2. Pay."]


def test_numbers_again_under_a_title_of_their_own_are_a_new_list_not_duplicates() -> None:
    text = (AGREEMENT + "\nLOGO GUIDELINES\n\nDIAMOND 10\n\n2. Logo Size: two inches.\n\n3. Clear Space: one inch.\n\n"
            "COLORS\n\n2. Logo Size: any.\n\n3. Clear Space: half an inch.\n")
    assert [text[d.start : d.end][:9] for d in of("duplicate-number", text)] == ["2.4 Taxes"]


def test_a_term_defined_again_is_a_warning_at_the_second_definition():
    [found] = of("duplicate-definition")
    assert found.start == AGREEMENT.index('"Products" means the goods listed') + 1


PARTIES = ("1. Parties. This Agreement is between International Business Machines Corporation (\"IBM\") and "
           "Manufacturer's Services Western U.S. Operations, Incorporated (\"MSL\").\n\n2. Term. One year.\n\n")


def test_a_name_given_again_to_the_same_words_is_no_second_definition() -> None:
    # IBM's outsourcing agreement names the parties again in each amendment bundled after it.
    text = PARTIES + ("3. Amendment. This amends the agreement between International Business Machines "
                      "Corporation (\"IBM\") and Manufacturer's Services Western U.S. Operations, Incorporated (\"MSL\").\n")
    assert flagged("duplicate-definition", text) == []


def test_the_parties_named_by_an_amendment_of_their_agreement_are_no_second_definitions() -> None:
    # IBM's first amendment names the parties with other words than the agreement had.
    text = ('1. Parties. This Agreement is made by International Business Machines Corporation, a New York '
            'corporation at 8501 IBM Drive, Charlotte, North Carolina 28262 ("IBM"), and Manufacturer\'s Services '
            'Western U.S. Operations, Inc., a Delaware corporation ("MSL").\n\n2. Term. One year.\n\n'
            '3. Amendment. The purpose of this document is to amend the Outsourcing Agreement between International '
            'Business Machines Corporation ("IBM") and Manufacturer\'s Services Western U.S. Operations, '
            'Incorporated ("MSL"), dated 05/05/98.\n')
    assert flagged("duplicate-definition", text) == []


def test_a_party_named_otherwise_where_no_agreement_is_amended_is_a_second_definition() -> None:
    text = ('1. Parties. This Agreement is made by Acme Corporation, a New York corporation at 1 Main Street, '
            'Albany ("Acme").\n\n2. Term. One year.\n\n3. Assignment. The parties agree to the assignment of '
            'the Supply Agreement between Acme Holdings Limited ("Acme") and its lenders.\n')
    assert flagged("duplicate-definition", text) == ["Acme"]


def test_a_name_given_to_other_words_is_a_second_definition() -> None:
    text = PARTIES + '3. Affiliates. Acme Widgets Corporation ("IBM") joins as a party.\n'
    assert flagged("duplicate-definition", text) == ["IBM"]


def test_a_definition_restated_word_for_word_is_no_second_definition() -> None:
    # The Joint Corp's franchise agreement repeats its advertising clause in a state's addendum.
    clause = ('If a location is in an area of dominant influence, we reserve the right to form a regional advertising '
              'cooperative (the "Regional Ad Co-op") for the franchises in that area.')
    text = f"1. Advertising. {clause}\n\n2. Term. One year.\n\n3. Washington. {clause}\n"
    assert flagged("duplicate-definition", text) == []


def test_a_parenthesis_restated_alone_after_other_names_is_a_second_definition() -> None:
    # Gulf South's agreement: 'Physician Sales & Service, Inc. ("PSS")', later 'PSS, Inc. ("PSS")'; the
    # words of each definition are the parenthesis alone, which tell nothing of what it names.
    filler = "The parties keep records of every order and deliver them on request. " * 3
    text = f'1. Parties. Acme Co. ("Seller") sells.\n\n2. Records. {filler}\n\n3. Agents. Beta Inc. ("Seller") also sells.\n'
    assert flagged("duplicate-definition", text) == ["Seller"]


def test_a_party_named_again_after_a_name_ending_in_an_abbreviation_is_no_second_definition() -> None:
    # CCA Industries' outsourcing agreement names the parties on its cover and again in its preamble.
    text = ('SERVICES OUTSOURCING AGREEMENT\n\nCCA INDUSTRIES, INC. ("Company")\n\nAnd\n\nEMERSON HEALTHCARE, LLC '
            '("Contractor")\n\nThis Agreement is made between CCA Industries, Inc. ("Company"), and Emerson HealthCare, '
            'LLC, a Pennsylvania limited liability company ("Contractor").\n\n1. Term. One year.\n')
    assert flagged("duplicate-definition", text) == []


def test_a_party_named_again_after_its_long_address_is_no_second_definition() -> None:
    # Novo Integrated Sciences' joint venture agreement: the cover names Harvest Gold Farms ("HGF"), the
    # preamble names it again with more than a line of address before its term.
    text = ('JOINT VENTURE AGREEMENT BETWEEN NOVO INC. ("NVOS") AND HARVEST GOLD FARMS INC. ("HGF")\n\nThis '
            'Agreement is made between Novo Inc. and Harvest Gold Farms Inc., a corporation organized under the laws '
            'of New Brunswick, Canada with offices located at 866 E. H. Daigle Blvd, Grand Falls, New Brunswick, E3Z '
            '3E8, Canada (herein referred to as "HGF").\n\n1. Term. HGF serves one year.\n')
    assert flagged("duplicate-definition", text) == []


@pytest.mark.parametrize("order", ["named first", "meant first"])
def test_a_term_said_to_mean_the_name_a_party_is_given_elsewhere_is_no_second_definition(order: str) -> None:
    # Sonus's sponsorship agreement: 'C.M. OLIVER & COMPANY LIMITED, a company amalgamated under the laws of
    # British Columbia ... ("Sponsor")', and in its definitions '"Sponsor" means C.M. Oliver & Company Limited;'.
    named = ('This Agreement is made between C.M. OLIVER & COMPANY LIMITED, a company amalgamated under the laws of '
             'British Columbia, having its head office in Vancouver ("Sponsor") and the Issuer.')
    meant = '1. Definitions. In this Agreement "Sponsor" means C.M. Oliver & Company Limited; and'
    first, second = (named, meant) if order == "named first" else (meant, named)
    text = f"{first}\n\n{second}\n\n2. Fees. The Sponsor is paid.\n"
    assert flagged("duplicate-definition", text) == []


def test_a_term_said_to_mean_another_name_than_the_party_given_it_is_a_second_definition() -> None:
    text = ('This Agreement is made between C.M. OLIVER & COMPANY LIMITED, a company of British Columbia ("Sponsor") '
            'and the Issuer.\n\n1. Definitions. In this Agreement "Sponsor" means Canaccord Capital Corporation;\n\n'
            '2. Fees. The Sponsor is paid.\n')
    assert flagged("duplicate-definition", text) == ["Sponsor"]


def test_the_contracts_own_name_restated_by_its_definitions_is_no_second_definition() -> None:
    text = ('This Supply Agreement (this "Agreement") is made today.\n\n1. DEFINITIONS\n\n"Agreement" means this '
            'Supply Agreement, including its Exhibits.\n\n"Products" means widgets.\n\n2. Term. One year.\n')
    assert flagged("duplicate-definition", text) == []


@pytest.mark.parametrize("signing", [
    # Scansource's distribution agreement: "ScanSource, Inc. ("Distributor") Cisco Systems, Inc. ("Cisco") By: /s/ ..."
    'IBM Corp. ("IBM")   MSL Inc. ("MSL")   By: /s/ J. Doe   By: /s/ R. Roe',
    # A Boston Public Schools NDA: "The Boston Public Schools ("BPS") Signature: ____".
    'IBM Corp. ("IBM") Signature: ________ MSL Inc. ("MSL") Signature: ________',
])
def test_a_partys_name_over_its_signature_is_no_second_definition(signing: str) -> None:
    text = PARTIES + f"IN WITNESS WHEREOF the parties sign.\n\n{signing}\n"
    assert flagged("duplicate-definition", text) == []


def test_a_bracketed_term_that_the_next_sentence_says_the_meaning_of_is_one_definition() -> None:
    # The Joint Corp's franchise agreement: '... to operate the Franchise ("General Manager"). The term
    # "General Manager" means an individual ...'.
    text = ('1. Staff. You may employ a general manager to operate the Franchise ("General Manager"). The term '
            '"General Manager" means an individual who runs the Franchise daily.\n\n2. Term. The General Manager '
            'serves one year.\n')
    assert flagged("duplicate-definition", text) == []


@pytest.mark.parametrize("pointing", [
    "the period set forth in Section 15.1.",  # Bellicum's supply agreement
    "any guarantee or credit support provided for in ARTICLE XIII of this Agreement.",  # Range Resources'
    "the period set forth on the first page of this Agreement.",  # OFG's outsourcing agreement
    "the period set forth in the preamble.",
])
def test_a_term_said_to_mean_what_a_clause_or_the_first_page_sets_out_and_defined_there_is_one_definition(pointing: str) -> None:
    text = (f'1. Definitions. "Initial Term" means {pointing}\n\n2. Fees. Fees are due monthly.\n\n'
            '15.1 Term. The Agreement runs for ten years from the Effective Date (the "Initial Term").\n')
    assert flagged("duplicate-definition", text) == []


def test_a_term_said_to_mean_the_one_named_as_such_above_is_one_definition() -> None:
    # ContractNLI 0019, the City of Winnipeg's agreement.
    text = ("____________ (insert legal name of counterparty) (the “Confidant”) agrees as follows:\n"
            "1. Definitions:\nb) “Confidant” means the Person named as such above.\n"
            "c) “City” means The City of Winnipeg.\n2. Access: Confidant may use the information of the City.\n")
    assert flagged("duplicate-definition", text) == []


def test_a_term_deemed_to_include_more_than_its_definition_is_no_second_definition() -> None:
    # Ritter's development agreement: '"Term" shall be deemed to include the initial five (5) year term as
    # well as a reduction or extension of that time period ...'.
    text = ('2.1 Term. This Agreement runs for five years from the Effective Date (the "Term").\n\n2.2 Extension. "Term" '
            'shall be deemed to include any extension of that period.\n\n3. Fees. Fees are due during the Term.\n')
    assert flagged("duplicate-definition", text) == []


def test_a_term_said_to_mean_something_a_clause_then_defines_otherwise_is_a_second_definition() -> None:
    text = ('1. Definitions. "Initial Term" means the first ten years, as Section 15.1 shows.\n\n2. Fees. Fees are due '
            'monthly.\n\n15.1 Term. The Agreement runs for five years from the Effective Date (the "Initial Term").\n')
    assert flagged("duplicate-definition", text) == ["Initial Term"]


def test_a_term_bracketed_again_in_the_next_sentence_is_a_second_definition() -> None:
    text = ('1. Staff. You may employ a manager ("General Manager"). A deputy stands in for the manager ("General '
            'Manager").\n\n2. Term. The General Manager serves one year.\n')
    assert flagged("duplicate-definition", text) == ["General Manager"]


def test_a_term_never_used_is_reported_once():
    [found] = of("unused-definition")
    assert AGREEMENT[found.start : found.end] == "Territory"
    assert found.severity == INFORMATION


def test_a_plural_term_used_in_the_singular_is_used() -> None:
    # iBio's agreement defines its "Projects" and describes "the work for each Project".
    text = ('1. Scope. The parties run research projects ("Projects").\n\n2. Work. The work for each Project is '
            "described in a statement of work.\n")
    assert flagged("unused-definition", text) == []


def test_a_singular_defined_as_a_term_of_its_own_is_no_use_of_the_plural_where_it_is_defined() -> None:
    # OLDAPI's agency agreement: '(each, a "Dealer Covered Person" and, together, "Dealer Covered Persons")'.
    text = ('1. Dealers. Each dealer and its officers (each, a "Dealer Covered Person" and, together, "Dealer Covered '
            'Persons") sign a certificate.\n\n2. Term. The term is one year.\n')
    assert "Dealer Covered Persons" in flagged("unused-definition", text)
    used = text.replace("The term is one year.", "Each Dealer Covered Person signs yearly.")
    assert flagged("unused-definition", used) == []


def test_a_term_used_only_where_a_long_sentence_is_cut_between_its_words_is_used() -> None:
    # A sentence too long for one section is cut between words, here between "Nortel" and "Entity",
    # and the use stands far from the definition, where only an index of the text leads a search.
    definition = ('1. DEFINITIONS\n\n"Nortel Entity" means NTL or a Nortel subsidiary.\n\n2. TERMS\n\n'
                  + "The parties keep records of their work. " * 600 + "\n\n3. DEFAULT\n\n")
    for filler in range(40):
        text = (definition + "Any " + "late " * filler
                + "payment by any Nortel Entity of the fees or of any other sum due under it is a default of the payer.\n")
        doc = LongDocument(text, max_tokens=16)
        use = text.index("Nortel Entity", len(definition))
        if any(s.end == use + len("Nortel") for s in doc.sections):
            break
    else:
        pytest.fail("no filler puts a section's end between the term's words")
    assert "unused-definition" not in {d.code for d in doc.diagnostics()}


def test_in_a_document_without_headings_a_phrase_is_sought_only_in_the_sections_holding_its_words(
        shared_text) -> None:
    text = shared_text("cuad/contracts/KINGPHARMACEUTICALSINC_08_09_2006-EX-10.1-PROMOTION AGREEMENT.txt")
    text = re.sub(r"[0-9]", "x", text.lower())  # no heading left: one part of the whole text
    doc = LongDocument(text)
    assert doc.nodes == ()
    spans = list(doc.spans_holding("physician list"))
    assert sum(e - s for s, e in spans) < len(text) // 10
    uses = [m.start() for m in re.finditer(r"\bphysician\s+list\b", text)]
    assert len(uses) >= 3 and all(any(s <= at < e for s, e in spans) for at in uses)


def test_a_capitalised_phrase_never_defined_is_a_hint_in_a_document_with_definitions():
    [found] = of("undefined-term")
    assert (found.severity, AGREEMENT[found.start : found.end]) == (HINT, "Licensed Premises")


@pytest.mark.parametrize(
    "sentence",
    [
        "The sale closes on the Put Closing Date (as defined below).",
        "Each record names the General Program Member User Data owner.",
        "Each party follows the Occupational Safety and Health Administration rules.",
        "The parties signed the Third Supplemental MOU last year.",
    ],
)
def test_no_hint_names_only_the_first_words_of_a_longer_capitalised_phrase(sentence):
    text = AGREEMENT.replace("Each party pays its own taxes.", sentence)
    assert [text[d.start : d.end] for d in of("undefined-term", text)] == ["Licensed Premises"]


CONTENTS = """SUPPLY AGREEMENT

Table of Contents

   1.  Definitions ............................................... 1
   2.  Use of the Shared Facilities .............................. 2

1. DEFINITIONS

1.1 "Products" means the goods in Exhibit B.

2. Use of the Shared Facilities

2.1 Orders. The Buyer orders Products.{more}
"""


def test_a_phrase_written_only_in_the_contents_and_a_clauses_title_is_no_undefined_term():
    # RFC 2616: "14.9.3 Modifications of the Basic Expiration Mechanism", in its contents and over its clause.
    assert flagged("undefined-term", CONTENTS.format(more="")) == []


def test_a_phrase_in_the_contents_and_a_title_is_hinted_where_the_text_uses_it():
    text = CONTENTS.format(more=" The Seller keeps the Shared Facilities clean.")
    [found] = of("undefined-term", text)
    assert found.start == text.index("Shared Facilities clean")


def test_a_phrase_in_a_sentence_that_a_clause_opens_with_is_hinted_there():
    text = CONTENTS.format(more="\n\n2.2 In addition to the Termination Events above, the Buyer may stop.")
    assert flagged("undefined-term", text) == ["Termination Events"]


def test_a_hint_names_a_phrase_written_with_wide_spaces_with_single_spaces():
    text = AGREEMENT.replace("to the Licensed Premises.", "to the Licensed      Premises.")
    [found] = of("undefined-term", text)
    assert found.message.startswith("\u201cLicensed Premises\u201d is capitalised")


def test_a_phrase_written_with_wide_spaces_and_with_single_ones_is_hinted_once_at_its_first_use():
    text = AGREEMENT.replace("to the Licensed Premises.", "to the Licensed      Premises.")
    assert "for the Licensed Premises." in text
    [found] = of("undefined-term", text)
    assert text[found.start : found.end] == "Licensed      Premises"


def test_the_singular_of_a_plural_term_and_the_first_words_of_a_term_are_no_undefined_phrases():
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Applicable Markets" means the United States.\n\n'
            '1.2 "Abandoned Joint IP" means the patents a party drops.\n\nARTICLE 2\nSALES\n\n'
            "2.1 Sales. Prices differ in each Applicable Market. Each party lists the Abandoned Joint IP it holds.\n")
    assert of("undefined-term", text) == []


def test_a_term_said_to_be_defined_in_another_text_is_no_undefined_term() -> None:
    # ATN's master agreement takes its payments and services from its addenda; a term pointed to a
    # clause of its own stays a hint when no clause defines it.
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Vendor" means Acme.\n\n1.2 "Build Addendum" means Exhibit B.\n\n'
            "ARTICLE 2\nPAYMENT\n\n2.1 Price. AT&T will pay to Vendor the Structured Payments (as such term is "
            "defined in the Build Addendum) for the Build Services, as defined in the Build Addendum. AT&T may "
            "reduce the Structured Payment of a site and withhold the Escrow Amount (as defined in Section 3.4) "
            "until it pays the Escrow Amount back.\n")
    assert flagged("undefined-term", text) == ["Escrow Amount"]


@pytest.mark.parametrize("sentence", [
    # Pacira's filing quotes a press release; Verizon's notes read a rate off a screen; a court's name.
    '"DepoDur fits our model," said Howard Weisman, its Chairman.',
    "The rate appears on the Reuters Screen LIBOR01 Page at noon.",
    "A petition was filed in the Thirteenth Judicial Circuit in and for Hillsborough County.",
])
def test_names_of_a_speaker_a_screen_page_or_a_court_are_no_undefined_terms(sentence):
    text = AGREEMENT.replace("Each party pays its own taxes.", sentence)
    assert [text[d.start : d.end] for d in of("undefined-term", text)] == ["Licensed Premises"]


def test_a_term_after_said_that_reports_no_speech_is_still_hinted():
    text = AGREEMENT.replace("Each party pays its own taxes.", "The buyer, said Escrow Agent and the seller sign.")
    assert [text[d.start : d.end] for d in of("undefined-term", text)] == ["Licensed Premises", "Escrow Agent"]


def test_after_an_edit_removes_a_phrase_its_hint_moves_past_a_speaker_to_its_next_use():
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Vendor" means Acme.\n\nARTICLE 2\nTERMS\n\n'
            '2.1 Site. The Vendor builds the Pilot Plant.\n\n2.2 News. "We build," said Pilot Plant staff.\n\n'
            "2.3 Rent. The Vendor rents the Pilot Plant.\n")
    doc = LongDocument(text)
    doc.diagnostics()
    at = text.index("the Pilot Plant")
    edited = doc.edit(at, at + len("the Pilot Plant"), "a site")
    [hint] = [d for d in edited.diagnostics() if d.code == "undefined-term"]
    assert edited.text[hint.start - 10 : hint.end] == "rents the Pilot Plant"


@pytest.mark.parametrize("defined, used", [
    ("Designated Countries", "Designated Country"),  # Bellicum's supply agreement
    ("Events of Insolvency", "Event of Insolvency"),  # Berkshire Hills' agreement
    ("Event of Default", "Events of Default"),
    ("Change of Control", "Changes of Control"),
    ("Losses of Data", "Loss of Data"),
])
def test_a_term_in_the_other_number_is_no_undefined_term(defined: str, used: str) -> None:
    text = (f'ARTICLE 1\nDEFINITIONS\n\n1.1 "{defined}" means what the parties list.\n\nARTICLE 2\nTERMS\n\n'
            f"2.1 Notice. Each party reports any {used} and the Escrow Amount.\n")
    assert flagged("undefined-term", text) == ["Escrow Amount"]


def test_a_phrase_a_letter_off_a_defined_term_is_hinted_with_the_term_as_its_mending() -> None:
    # Bellicum's supply agreement writes "the Effecctive Date" once.
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Effective Date" means the day both parties sign.\n\nARTICLE 2\nTERM\n\n'
            "2.1 Term. This Agreement runs from the Effecctive Date for the Escrow Period.\n")
    typo, other = of("undefined-term", text)
    assert (text[typo.start : typo.end], typo.replacement) == ("Effecctive Date", "Effective Date")
    assert typo.message.endswith("not defined; did you mean \u201cEffective Date\u201d?")
    assert (other.replacement, other.message.endswith("not defined.")) == (None, True)


def test_a_phrase_that_titles_a_clause_is_no_undefined_term() -> None:
    # MJBiotech's joint venture agreement: "the Valuation of Interest section".
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Company" means the joint venture.\n\nARTICLE 2\nINTERESTS\n\n'
            "2.1 Transfer. A member sells at the price the Valuation of Interest section sets. Buyers pay the "
            "Royalty Fee and the Escrow Amount.\n\n2.2 VALUATION OF INTEREST\n\nThe interest is valued each year.\n\n"
            "2.3 Royalty Fee. The Company pays a royalty each quarter.\n")
    assert flagged("undefined-term", text) == ["Escrow Amount"]


def test_what_a_defined_acronym_stands_for_is_no_undefined_term() -> None:
    # Exact Sciences' supply agreement: '"QSR" shall mean the Quality System Regulation, 21 C.F.R. Part 820'.
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "QSR" shall mean the Quality System Regulation, 21 C.F.R. Part 820.\n\n'
            "ARTICLE 2\nQUALITY\n\n2.1 Audits. The supplier meets the QSR and the Quality System Regulation "
            "and the Device Master Record.\n")
    assert flagged("undefined-term", text) == ["Device Master Record"]


def test_a_phrase_of_hyphenated_words_is_read_whole() -> None:
    # Armstrong Flooring's licence defines "Company Licensed Know-How"; Legacy Education's uses a
    # Sell-Off Period it never defines.
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Company Licensed Know-How" means the know-how of the Company.\n\n'
            "ARTICLE 2\nLICENSE\n\n2.1 Grant. Seller licenses the Company Licensed Know-How. Buyer may sell stock "
            "during the Sell-Off Period.\n")
    assert flagged("undefined-term", text) == ["Sell-Off Period"]


def test_a_phrase_that_goes_on_in_lower_case_after_a_hyphen_is_no_phrase() -> None:
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Licensee" means Acme.\n\nARTICLE 2\nLICENSE\n\n'
            "2.1 Grant. Licensor licenses the Licensed Know-how and the Vendor Tool-owned patents.\n")
    assert flagged("undefined-term", text) == []


def test_a_phrase_that_goes_on_after_a_slash_is_part_of_a_longer_name_not_a_hint() -> None:
    # PhaseBio's development agreement and Exact Sciences' promotion agreement.
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Licensee" means Acme.\n\n1.2 "Initial Japan/China Payment" means $1.\n\n'
            "ARTICLE 2\nPAYMENT\n\n2.1 Payment. The Licensee pays the Initial Japan/China Payment after checking the "
            "List of Excluded Individuals/Entities.\n")
    assert flagged("undefined-term", text) == []


def test_a_phrase_whose_possessive_a_capitalised_word_follows_is_a_name_not_a_hint() -> None:
    # Senmiao's collaboration agreement: "the Supreme People's Court".
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Licensee" means Acme.\n\nARTICLE 2\nDISPUTES\n\n'
            "2.1 Courts. The Licensee may sue before the Supreme People's Court or the Licensed Premises' owner.\n")
    assert flagged("undefined-term", text) == ["Licensed Premises"]


def hints_after_lowering(text: str, word: str) -> list[str]:
    """The undefined-term hints after the first letter of ``word`` is typed in lower case, once the
    text's diagnostics were asked for; checked against a fresh diagnosis of the edited text."""
    doc = LongDocument(text)
    doc.diagnostics()
    at = text.index(word)
    edited = doc.edit(at, at + 1, word[0].lower())
    assert edited.diagnostics() == LongDocument(edited.text).diagnostics()
    return [edited.text[d.start : d.end] for d in edited.diagnostics() if d.code == "undefined-term"]


def test_lowering_the_word_after_a_possessive_makes_the_phrase_before_it_a_hint_as_in_a_fresh_scan() -> None:
    text = ('ARTICLE 1\nDEFINITIONS\n\n1.1 "Licensee" means Acme.\n\nARTICLE 2\nDISPUTES\n\n'
            "2.1 Courts. The Licensee may sue before the Supreme People's Court.\n")
    assert hints_after_lowering(text, "Court.") == ["Supreme People"]


def test_a_phrase_that_a_plain_texts_line_break_cuts_is_not_hinted_by_its_first_words() -> None:
    # The GPL, wrapped at 70 columns: '"Appropriate Legal Notices"' is defined, then used as "the
    # Appropriate Legal" over "Notices".
    text = ('0. Definitions.\n\n"Licensee" means you.  A user interface displays "Appropriate Legal Notices"\n'
            "to the extent that it includes a notice.\n\n5. Conveying.\n\nThe work must carry the Appropriate Legal\n"
            "Notices and the Licensee's name.\n")
    assert flagged("undefined-term", text) == []


def test_lowering_the_word_that_goes_on_a_phrase_on_the_next_line_makes_it_a_hint_as_in_a_fresh_scan() -> None:
    text = ('0. Definitions.\n\n"Licensee" means you.\n\n5. Conveying.\n\nThe work must carry the Appropriate Legal\n'
            "Notices and the Licensee's name.\n")
    assert flagged("undefined-term", text) == []
    assert hints_after_lowering(text, "Notices and") == ["Appropriate Legal"]


def test_capitalised_phrases_are_not_hinted_without_a_definitions_part():
    text = AGREEMENT.replace("DEFINITIONS", "GENERAL")
    assert of("undefined-term", text) == []


BORROWING = "Capitalized terms used but not defined herein have the meanings given to them in the {}.\n\n"
EXHIBIT = "\nEXHIBIT A\n\nSTORAGE\n\n{}The Buyer stores the Products at the Storage Site.\n"


def test_no_hint_where_the_contract_takes_its_undefined_terms_from_another_agreement():
    text = AGREEMENT.replace("ARTICLE 1\n", BORROWING.format("Credit Agreement") + "ARTICLE 1\n", 1)
    assert of("undefined-term", text) == []
    assert flagged("unresolved-reference", text) == ["Section 9.1"]  # the other findings stand


def test_no_hint_in_an_amendment_taking_its_undefined_terms_from_the_agreement_it_amends():
    text = "AMENDMENT NO. 1 TO SUPPLY AGREEMENT\n\n" + BORROWING.format("Agreement") + AGREEMENT.split("\n\n", 1)[1]
    assert of("undefined-term", text) == []


def test_an_attachment_taking_its_undefined_terms_from_the_contract_it_is_attached_to_keeps_the_hints():
    text = AGREEMENT.replace("SUPPLY AGREEMENT", "TERMS OF SUPPLY", 1) + EXHIBIT.format(BORROWING.format("Agreement"))
    assert flagged("undefined-term", text) == ["Licensed Premises", "Storage Site"]


def test_an_attachment_taking_its_undefined_terms_from_another_agreement_hints_only_in_the_contract():
    text = AGREEMENT + EXHIBIT.format(BORROWING.format("Credit Agreement"))
    assert flagged("undefined-term", text) == ["Licensed Premises"]


def test_an_attachment_taking_its_undefined_terms_from_the_agreement_its_contract_is_titled_keeps_the_hints():
    # Goosehead's franchise agreement attaches a form: "... will have the same meaning as set forth
    # in the Franchise Agreement", the text it is attached to.
    text = AGREEMENT + EXHIBIT.format(BORROWING.format("Supply Agreement"))
    assert flagged("undefined-term", text) == ["Licensed Premises", "Storage Site"]


def test_a_contract_taking_undefined_terms_from_a_separation_agreement_hints_at_none_of_them(shared_text):
    # "Capitalized terms used herein and not otherwise defined shall have the respective meanings
    # assigned to them in Section 1 or the Separation Agreement": "Effective Time" is that agreement's.
    text = shared_text("cuad/contracts/INGEVITYCORP_05_16_2016-EX-10.5-INTELLECTUAL PROPERTY AGREEMENT.txt")
    doc = LongDocument(text)
    assert "the Effective Time" in text and doc.definitions
    assert [d for d in doc.diagnostics() if d.code == "undefined-term"] == []


@pytest.mark.parametrize("licence", ["gnu-gpl-3.0.txt", "apache-license-2.0.txt", "mozilla-public-license-2.0.txt"])
def test_a_licence_naming_itself_hints_at_no_undefined_phrase(shared_text, licence: str):
    # "... the GNU General Public License", "the Apache License", "the Mozilla Public License": the
    # text's own name, in its title line.
    doc = LongDocument(shared_text(f"unlabeled/{licence}"))
    assert doc.definitions
    assert [d.message for d in doc.diagnostics() if d.code == "undefined-term"] == []


def test_a_phrase_not_in_the_title_line_is_still_hinted():
    # The title shares a word with the phrase, not the phrase.
    text = ('SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n"Products" means widgets.\n\n2. SUPPLY\n\nShipments follow the '
            'Supply Plan for the Products.\n')
    assert flagged("undefined-term", text) == ["Supply Plan"]


def test_findings_are_ordered_by_position():
    starts = [d.start for d in findings(AGREEMENT)]
    assert starts == sorted(starts)


def test_a_real_contract_defining_a_term_twice_is_warned(shared_text):
    text = shared_text("cuad/contracts/COOLTECHNOLOGIES,INC_10_25_2017-EX-10.71-Strategic Alliance Agreement.txt")
    twice = of("duplicate-definition", text)
    assert [text[d.start : d.end] for d in twice] == ["VET TECH Services"]


def test_an_attached_form_naming_the_parties_again_defines_nothing_twice(shared_text):
    # Goosehead's franchise agreement attaches a guarantee, covenants and addenda, each naming
    # Goosehead Insurance Agency, LLC ("Franchisor") for itself.
    text = shared_text("cuad/contracts/GOOSEHEADINSURANCE,INC_04_02_2018-EX-10.6-Franchise Agreement.txt")
    defined = [d for d in find_definitions(text) if d.term == "Franchisor"]
    assert len(defined) > 3 and all(d.duplicate for d in defined)
    assert "Franchisor" not in flagged("duplicate-definition", text)


def test_a_licences_notice_to_copy_after_the_end_of_its_terms_defines_nothing_twice(shared_text) -> None:
    # The Apache License 2.0: '"License" shall mean the terms ...', and after "END OF TERMS AND CONDITIONS"
    # the notice 'Licensed under the Apache License, Version 2.0 (the "License")'.
    text = shared_text("unlabeled/apache-license-2.0.txt")
    assert flagged("duplicate-definition", text) == []


def test_a_term_defined_twice_within_one_attachment_is_warned() -> None:
    text = ('This Agreement is made by Acme Inc. ("Seller").\n\nEXHIBIT B\n\nGUARANTEE\n\n'
            'The guarantor ("Guarantor") guarantees the obligations of Acme Inc. ("Seller").\n\n'
            'The guarantor\'s spouse ("Guarantor") joins in this guarantee of every obligation.\n')
    assert flagged("duplicate-definition", text) == ["Guarantor"]


def test_a_confirmation_cites_the_sections_of_its_master_agreement() -> None:
    # A Wells Fargo trust's interest rate cap, confirmed under the ISDA Master Agreement.
    text = ('This Confirmation constitutes a "Confirmation" as referred to in the Master Agreement.\n\n'
            "1. Terms. Notwithstanding Sections 5 and 6 of the Agreement, the Counterparty pays the fee.\n\n"
            "2. Set-Off. Section 6(e) shall not apply.\n")
    assert of("unresolved-reference", text) == []


@pytest.mark.parametrize("citation", [
    "Section B of Schedule 6.2(c)",  # Coherus: a schedule numbers its own parts
    "SECTION II - Sale of IBM Services in Supplement 1 to Attachment 1",  # MSL's amendments
])
def test_a_section_of_an_attachment_is_no_broken_citation_of_the_contract(citation: str) -> None:
    text = f"1. Fees. The fees are set in Section 9 and in {citation}.\n\n2. Term. The term is one year.\n"
    assert flagged("unresolved-reference", text) == ["Section 9"]


def test_an_agreement_with_a_form_of_confirmation_attached_still_has_broken_citations() -> None:
    text = ("1. Fees. The fees are set in Section 9.\n\n2. Term. The term is one year.\n\n" + "The parties agree. " * 200
            + "\n\nEXHIBIT A\n\nFORM OF CONFIRMATION\n\nThis Confirmation confirms the trade.\n")
    assert flagged("unresolved-reference", text) == ["Section 9"]


def test_a_clean_real_contract_has_no_broken_citation(shared_text):
    text = shared_text(
        "cuad/contracts/MorganStanleyDirectLendingFund_20191119_10-12GA_EX-10.5_11898508_EX-10.5_Trademark License Agreement.txt"
    )
    assert of("unresolved-reference", text) == []


REAL_CONTRACT = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"


def test_a_real_contracts_diagnostics_after_edits_equal_a_fresh_diagnosis(shared_text):
    text = shared_text(REAL_CONTRACT)
    doc = LongDocument(text)
    before = doc.diagnostics()
    assert {d.code for d in before} >= {"unused-definition", "undefined-term"}, "the edits below change both"
    unused = next(d for d in before if d.code == "unused-definition")
    phrase = next(d for d in before if d.code == "undefined-term")
    term = text[unused.start : unused.end]
    # Each edit is placed in the text as the edits before it left it.
    edits = [
        lambda t: (len(t) // 2, len(t) // 2, f" The {term} applies."),  # the unused term is now used
        lambda t: (phrase.start, phrase.end, "Xyz"),  # the phrase's first use is gone: its next counts
        lambda t: (t.index("\n", len(t) // 3),) * 2 + ("\n\nsuch Quarterly Pricing Review applies",),  # a new phrase
        lambda t: (unused.start - 1, unused.end + 1, ""),  # a definition's quotes and term deleted
    ]
    seen = []
    for edit in edits:
        doc = doc.edit(*edit(doc.text))
        assert doc.diagnostics() == LongDocument(doc.text).diagnostics()
        seen.append({doc.text[d.start : d.end]: d.start for d in doc.diagnostics()})
    assert term not in seen[0], "used now"
    name = text[phrase.start : phrase.end]
    assert seen[1][name] > seen[0][name] == phrase.start, "its next use counts"
    assert "Quarterly Pricing Review" in seen[2]


def test_an_edit_just_after_an_unused_term_that_frees_it_as_a_word_makes_it_used():
    text = AGREEMENT.replace("1.2 \"Territory\" means Canada.", "1.2 \"Territory\" means Canada. Territoryx ends.")
    doc = LongDocument(text)
    assert any(d.code == "unused-definition" and text[d.start : d.end] == "Territory" for d in doc.diagnostics())
    at = text.index("Territoryx") + len("Territory")
    edited = doc.edit(at, at + 1, "")  # "Territoryx" becomes "Territory": a use
    assert edited.diagnostics() == LongDocument(edited.text).diagnostics()
    assert not any(d.code == "unused-definition" and edited.text[d.start : d.end] == "Territory"
                   for d in edited.diagnostics())


def test_an_edit_just_before_a_used_term_that_joins_it_to_a_word_makes_it_unused():
    text = AGREEMENT.replace("1.2 \"Territory\" means Canada.", "1.2 \"Territory\" means Canada. Its x Territory ends.")
    doc = LongDocument(text)
    assert not any(d.code == "unused-definition" and text[d.start : d.end] == "Territory" for d in doc.diagnostics())
    at = text.index("x Territory") + 1
    edited = doc.edit(at, at + 1, "")  # "xTerritory": no longer a use of its own
    assert edited.diagnostics() == LongDocument(edited.text).diagnostics()
    assert any(d.code == "unused-definition" and edited.text[d.start : d.end] == "Territory" for d in edited.diagnostics())


@pytest.mark.parametrize("term, typed", [("Facility", "Facilities"), ("Supply Facility", "Supply  Facilities")])
def test_typing_an_unused_terms_plural_far_from_its_definition_makes_it_used(term: str, typed: str) -> None:
    text = AGREEMENT.replace('1.2 "Territory" means Canada.', f'1.2 "{term}" means the plant.') + "\n" + "Filler. " * 3000
    doc = LongDocument(text)
    assert any(d.code == "unused-definition" and text[d.start : d.end] == term for d in doc.diagnostics())
    at = len(text) - 100
    edited = doc.edit(at, at, f" {typed} ")
    assert edited.diagnostics() == LongDocument(edited.text).diagnostics()
    assert not any(d.code == "unused-definition" and edited.text[d.start : d.end] == term for d in edited.diagnostics())


def test_defining_a_hinted_phrase_by_an_edit_ends_its_hint():
    doc = LongDocument(AGREEMENT)
    assert any(d.code == "undefined-term" and AGREEMENT[d.start : d.end] == "Licensed Premises" for d in doc.diagnostics())
    at = AGREEMENT.index("1.3 ")
    edited = doc.edit(at, at, '1.25 "Licensed Premises" means the site.\n\n')
    assert edited.diagnostics() == LongDocument(edited.text).diagnostics()
    assert not any(d.code == "undefined-term" and edited.text[d.start : d.end] == "Licensed Premises"
                   for d in edited.diagnostics())


PHRASE_PIECES = st.sampled_from(["the", "such", "any", "each", "said", "bathe", "Licensed", "Premises", "Products",
                                 "of", "Term", " ", "  ", "\t", "\n", ".", '"', "(", "-", "x", "Sell-Off", "Know-how", "'s", "'",
                                 "Court"])


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(PHRASE_PIECES, max_size=30).map(" ".join), st.integers(0, 40))
def test_a_phrases_next_use_is_where_the_scan_first_finds_it(text: str, start: int) -> None:
    view = text.encode("latin-1")
    found = list(diagnostics._phrase_matches(view, 0, len(view)))
    for phrase in {phrase for phrase, _ in found}:
        later = [at for p, at in found if p == phrase and at >= start]
        assert diagnostics._next_phrase(view, phrase, start) == (min(later) if later else None)


def test_the_search_index_narrows_where_uses_are_sought_without_changing_a_finding(shared_path, shared_text) -> None:
    # Contracts joined, as in a long bundle: many terms are used only far from their definition,
    # or nowhere, so the document looks for them through its index instead of scanning the text.
    folder = shared_path("cuad/qa.jsonl").parent / "contracts"
    names = sorted(p.name for p in folder.glob("*.txt"))
    assert len(names) > 250, f"CUAD contracts missing from {folder}"
    text = "\n\n".join(shared_text(f"cuad/contracts/{name}") for name in names[:40])
    doc = LongDocument(text)
    scanned = diagnosis(text, doc.nodes, doc.definitions, doc.references)
    far = [at for spans, at in scanned.uses.values() if at is not None and abs(at - spans[0][0]) > 20_000]
    assert far and any(at is None for _, at in scanned.uses.values()), "the sample needs far and missing uses"
    assert doc.diagnostics() == scanned.findings


@pytest.mark.parametrize("use", ["Each party Controlled by Alpha signs.", "Each party under the Control of Alpha signs."])
def test_a_term_defined_in_two_forms_is_used_when_either_form_is(use: str) -> None:
    text = ("1. Definitions\n\n1.1 \"Control\" or \"Controlled\" means the power to direct a party.\n\n"
            f"1.2 \"Fee\" means the price.\n\n2. Parties\n\n{use}\n")
    assert flagged("unused-definition", text) == ["Fee"]


def test_a_name_defined_with_a_term_drafted_with_its_article_is_used_when_the_term_is() -> None:
    # Gold Resource's alliance agreement: 'GOLD RESOURCE CORPORATION, ... ("GRC" or "the Company")'.
    text = ('GOLD RESOURCE CORPORATION, of Denver ("GRC" or "the Company") and HOCHSCHILD LIMITED ("Hochschild").\n\n'
            "1. Definitions\n\n1.1 \"Fee\" means the price.\n\n2. Payment\n\nThe Company pays Hochschild.\n")
    assert flagged("unused-definition", text) == ["Fee"]


def test_a_citation_numbered_beyond_any_contract_part_cites_another_text() -> None:
    text = ("1. Licence\n\nThe licence is granted for purposes of Section 365(n), as Section 4980H and "
            "Section 9 require.\n\n2. Term\n\nOne year.\n")
    assert flagged("unresolved-reference", text) == ["Section 9"]


AMENDMENT = ("AMENDMENT NO. 2\n\nThis Amendment No. 2 amends the Supply Agreement dated May 1, 2019 between Alpha and "
             "Beta (the \"Agreement\").\n\n1. Price. Sections 6.1 and 6.2 of the Agreement are deleted, and Section "
             "4(b)(ii) of the Agreement now reads: \"Prices are fixed.\"\n\n2. Effect. Except as set out in this "
             "Amendment, the Agreement is unchanged, Section 7(a)(i), (ii), (iii), (iv) and (v) of the Agreement stays, "
             "and Section 9 of this Amendment governs.\n")


def test_a_section_of_the_agreement_that_an_amendment_amends_is_no_unresolved_reference() -> None:
    unresolved = [AMENDMENT[d.start : d.end] for d in findings(AMENDMENT) if d.code == "unresolved-reference"]
    assert unresolved == ["Section 9"]


def test_the_terms_an_amendment_restates_cite_the_clauses_of_the_agreement_it_amends() -> None:
    # ADMA's third amendment to its manufacturing agreement replaces a paragraph that cites the agreement's Section 2.7.
    text = AMENDMENT.replace('now reads: "Prices are fixed."', 'now reads: "Unless Section 8.4 applies, prices are fixed."')
    unresolved = [text[d.start : d.end] for d in findings(text) if d.code == "unresolved-reference"]
    assert unresolved == ["Section 9"]


def test_a_section_of_the_agreement_that_names_itself_so_must_resolve() -> None:
    text = AMENDMENT.replace("Amendment", "Agreement")
    assert flagged("unresolved-reference", text) == ["Sections 6.1", "6.2", "Section 4(b)(ii)", "Section 7(a)(i)", "(ii)", "(iii)", "(iv)", "(v)", "Section 9"]


def test_an_amendment_among_the_shared_contracts_cites_the_agreement_it_amends_without_warnings(shared_text) -> None:
    text = shared_text("cuad/contracts/ADMA BioManufacturing, LLC -  Amendment #3 to Manufacturing Agreement .txt")
    doc = LongDocument(text)
    cited = [r for r in doc.references if text.startswith(" of the Agreement", r.end) and r.target is None]
    assert len(cited) >= 4
    flagged = {d.start for d in doc.diagnostics() if d.code == "unresolved-reference"}
    assert not flagged & {r.start for r in cited}


def test_a_term_defined_in_capitals_is_used_where_it_is_written_in_title_case() -> None:
    text = ('1. Definitions\n\n1.1 "CONTRACT OF SALE" means the deal.\n\n1.2 "MSL" means Manufacturers Services.\n\n'
            "2. Terms\n\nThe Contract of Sale binds the Msl team.\n")
    assert flagged("unused-definition", text) == ["MSL"]  # an acronym is used as it stands


def test_a_term_defined_in_capitals_is_used_in_title_case_with_its_small_words_in_lower_case() -> None:
    text = ('1. Definitions\n\n1.1 "TERMINATION UPON NOTICE" means an end on notice.\n\n'
            "2. Terms\n\nThe Termination upon Notice takes thirty days.\n")
    assert flagged("unused-definition", text) == []


def test_a_term_defined_in_capitals_and_written_in_title_case_is_no_undefined_phrase() -> None:
    text = ('1. Definitions\n\n1.1 "CONTRACT PERIOD" means one year.\n\n2. Terms\n\n'
            "During the Contract Period the Supply Price holds.\n")
    assert flagged("undefined-term", text) == ["Supply Price"]


def test_the_plural_of_a_defined_term_followed_by_more_words_is_no_undefined_phrase() -> None:
    text = ('1. Definitions\n\n1.1 "Affiliate" means a controlled entity.\n\n2. Terms\n\n'
            "Then the Affiliates of Customer may order, and the Supply Price holds.\n")
    assert flagged("undefined-term", text) == ["Supply Price"]


@pytest.mark.parametrize(
    "clause",
    [
        pytest.param("2. Law\n\nThe laws of the Province of Ontario govern, the courts of the Southern District hear "
                     "disputes, orders come via the World Wide Web, and the Goods carry the Supply Price.\n",
                     id="a place, a court's district, the web"),
        pytest.param("2. Disputes\n\nDisputes go to the International Chamber of Commerce under the Commercial Rules of "
                     "Arbitration, and the Goods carry the Supply Price.\n", id="an institution or its rules"),
        pytest.param("2. Law\n\nThe bank reports to the Office of Thrift Supervision, deductions follow the Treasury "
                     "Regulations, and the Goods carry the Supply Price.\n", id="an office or a regulation"),
        # ATN International's agreement: "the Age Discrimination in Employment Act"; Microgenics': "the
        # Assistant Secretary for Preparedness and Response".
        pytest.param("2. Law\n\nClaims under the Age Discrimination in Employment Act go to the Assistant Secretary for "
                     "Preparedness and Response, and the Goods carry the Supply Price.\n",
                     id="a name going on with a preposition and a capitalised word"),
        # NLS Pharmaceutics' licence runs a clause's title into its text: "17.1. Indemnities by the
        # Licensor Without prejudice to any other provision ...".
        pytest.param("17. Indemnities\n\n17.1. Indemnities by the Licensor Without prejudice to any other provision, the "
                     "Goods carry the Supply Price.\n", id="a phrase ending in the first word of the next sentence"),
        pytest.param("2. Parties\n\nThe code is the Free Software Foundation's, the study runs at the University of "
                     "Tennessee, the well lies on the North Dakota border, and the Goods carry the Supply Price.\n",
                     id="a body or a state of the United States"),
    ],
)
def test_a_name_that_is_no_defined_term_is_no_undefined_phrase(clause: str) -> None:
    text = '1. Definitions\n\n1.1 "Goods" means the products.\n\n' + clause
    assert flagged("undefined-term", text) == ["Supply Price"]


def test_a_phrase_followed_once_by_a_preposition_and_a_capital_is_hinted_where_it_stands_alone() -> None:
    text = ('1. Definitions\n\n1.1 "Goods" means the products.\n\n2. Price\n\nThe Goods carry the Supply Price in '
            "Canada. Buyers pay the Supply Price monthly.\n")
    assert [d.start for d in of("undefined-term", text)] == [text.index("Supply Price monthly")]


def test_a_clause_run_on_after_a_wide_gap_fills_its_number() -> None:
    # PDF extraction ran the clause on from the address above it: the outline does not take it.
    text = ("10. Notices.\nNotices go to Acme, 29 Harcourt Rd., Michigan 48230   11. Licensing. Nothing herein "
            "grants a licence.\n\n12. Force Majeure. Neither party is liable.\n")
    assert [n.title for n in LongDocument(text).nodes] == ["10. Notices", "12. Force Majeure"]
    assert of("numbering-gap", text) == []
    joined = text.replace("   11.", " and")
    assert [joined[d.start : d.end][:3] for d in of("numbering-gap", joined)] == ["12."]


def _spelled_forms(phrase: str) -> set[str]:
    """The forms of a phrase, as the hint rule states them: itself, its possessive-less base, its
    plurals, and the singulars of its base ("Parties'": "Parties", "Partie", "Parti", "Party")."""
    base = phrase[:-2] if phrase.endswith("'s") else phrase[:-1] if phrase.endswith("'") else phrase
    forms = {phrase, base, phrase + "s", phrase + "es"}
    for plural, singular in (("s", ""), ("es", ""), ("ies", "y")):
        if base.endswith(plural):
            forms.add(base[: -len(plural)] + singular)
    return forms


FORM_WORDS = st.text("aeisy'", min_size=1, max_size=6)
TERMS = st.lists(FORM_WORDS, min_size=1, max_size=3).map(" ".join)
# Endings a phrase puts on, or takes off, a defined term: plurals, possessives, "y" to "ies".
RESPELLINGS = st.sampled_from([
    lambda t: t, lambda t: t + "s", lambda t: t + "es", lambda t: t + "'s", lambda t: t + "'", lambda t: t + "s'",
    lambda t: t + "es's", lambda t: t[:-1] + "ies", lambda t: t[:-1] + "ies'", lambda t: t[:-1], lambda t: t[:-2],
])


@settings(max_examples=600)
@given(st.frozensets(TERMS, min_size=1, max_size=6), st.data())
def test_a_phrase_is_a_defined_form_exactly_when_a_form_of_one_of_its_leading_runs_is_defined(
    defined: frozenset[str], data: st.DataObject
) -> None:
    respelled = data.draw(RESPELLINGS)(data.draw(st.sampled_from(sorted(defined))))
    phrase = data.draw(st.one_of(st.just(respelled), TERMS, st.tuples(st.just(respelled), TERMS).map(" ".join)))
    words = phrase.split()
    if not words:
        return
    spelled = any(_spelled_forms(" ".join(words[:n])) & defined for n in range(1, len(words) + 1))
    leading = any(" ".join(words) == " ".join(t.split()[:n]) for t in defined for n in range(2, len(t.split())))
    assert diagnostics._is_defined_form(words, diagnostics._form_keys(defined)) == (spelled or leading)


def test_a_clause_run_on_after_an_address_fills_its_number() -> None:
    # Ritter Pharmaceuticals: the notice address runs into the next clause, after no sentence end.
    text = ("15.5 Notices. Notices go to Ritter, Attn: Hayden Trubitt Email: htrubitt@sycr.com 15.6. Entire "
            "Agreement. This is the whole agreement.\n\n15.7. Governing Law. California law governs.\n")
    assert [n.label for n in LongDocument(text).nodes] == ["15.5", "15.7"]
    assert of("numbering-gap", text) == []


def test_a_redacted_clause_run_on_after_a_wide_gap_fills_its_number() -> None:
    # MacroGenics' schedule withholds whole clauses: "3. ***  ***   4. ***  ***   5. ***  ***   6. ...".
    text = ("1. Scope. The plan covers trials.\n\n2. Budget. The budget is fixed.   3. ***  ***   4. ***  ***\n\n"
            "5. Reports. Reports are due quarterly.\n")
    assert of("numbering-gap", text) == []
    withheld = text.replace("   3. ***  ***   4. ***  ***", "")
    assert ["3, 4 are missing" in d.message for d in of("numbering-gap", withheld)] == [True]


def test_a_redacted_subclause_run_on_after_a_wide_gap_fills_its_number() -> None:
    text = ("2. Budget\n\n2.1 Costs. The budget is fixed.   2.2 ***  ***\n\n2.3 Reports. Reports are due quarterly.\n")
    assert of("numbering-gap", text) == []


def test_a_citation_of_the_missing_number_does_not_fill_its_gap() -> None:
    text = AGREEMENT.replace("2.3 Delivery.", "The Buyer relies on Section 2.2 Rights and this Section 2.2 Terms.\n\n2.3 Delivery.")
    assert ["2.2 is missing" in d.message for d in of("numbering-gap", text)] == [True]


def test_a_lone_number_without_its_period_does_not_fill_a_gap() -> None:
    text = "1. Term. It lasts a year.\n\nPayment is due within 2 Business Days.\n\n3. Fees. They are due monthly.\n"
    assert ["2 is missing" in d.message for d in of("numbering-gap", text)] == [True]


# Range Resources' tariff: the specifications of clause 3 are a list numbered from 1, written at
# the clauses' own level, and clause 4 follows them.
_FLAT_SUBLIST = (
    "1. DEFINITIONS\n\nWords mean what they say.\n\n2. COMMODITY\n\nCarrier moves gas.\n\n"
    "3. PRODUCT SPECIFICATIONS\n\nProducts shall meet these:\n\n1. Composition. Mostly propane.\n\n"
    "2. Vapor Pressure. Not above 200 psig.\n\n3. Corrosiveness. None.\n\n4. Total Sulfur. Under 150 ppm.\n\n"
    "4. IDENTITY OF PRODUCTS\n\nCarrier may mix Products.\n\n5. NOMINATIONS\n\nShippers nominate monthly.\n"
)


def test_a_list_numbered_inside_a_clause_and_written_at_its_level_leaves_no_duplicate_when_the_clauses_go_on() -> None:
    assert of("duplicate-number", _FLAT_SUBLIST) == []


def test_clauses_going_on_after_such_a_list_leave_no_gap() -> None:
    # Papa John's: "4. TERM" holds items 1 and 2, then clause 5 follows.
    text = ("1. GRANT\n\nA licence.\n\n2. FEES\n\nMonthly.\n\n3. RATES\n\nPer store.\n\n4. TERM\n\nThe term is:\n\n"
            "1. Start. On signing.\n\n2. End. After ten years.\n\n5. RENEWAL\n\nOnce.\n\n6. NOTICES\n\nIn writing.\n")
    assert [n.label for n in LongDocument(text).nodes] == ["1", "2", "3", "4", "1", "2", "5", "6"]
    assert of("numbering-gap", text) == []


def test_a_number_that_goes_on_neither_list_is_still_a_duplicate() -> None:
    text = _FLAT_SUBLIST.replace("4. IDENTITY", "3. IDENTITY")
    assert ["numbered 3" in d.message for d in of("duplicate-number", text)] == [True]


def test_a_list_from_1_after_clauses_5_and_6_that_began_elsewhere_is_a_new_list() -> None:
    # An amendment restates clauses 5 and 6, then the agreement it attaches numbers its own from 1.
    text = ("AMENDMENT NO. 1\n\n5. FEES\n\nFees rise by 3%.\n\n6. TERM\n\nTwo years.\n\n1. SCOPE\n\nThis covers all.\n\n"
            "2. DISCLOSURE\n\nIn writing.\n\n3. OBLIGATION\n\nKeep it secret.\n\n4. PERIOD\n\nFive years.\n\n"
            "5. EXCEPTIONS\n\nPublic facts.\n")
    assert [n.label for n in LongDocument(text).nodes if n.label] == ["5", "6", "1", "2", "3", "4", "5"]
    assert of("duplicate-number", text) == []


def test_a_schedule_whose_text_runs_on_after_its_caption_numbers_its_own_clauses(shared_text) -> None:
    # Tribute's agency agreement ends at clause 21; "SCHEDULE A COMPLIANCE WITH UNITED STATES SECURITIES
    # LAWS As used in this Schedule ..." then numbers its representations again, 1 to 13.
    text = shared_text("cuad/contracts/OLDAPIWIND-DOWNLTD_01_08_2016-EX-1.3-AGENCY AGREEMENT1.txt")
    assert "SCHEDULE A COMPLIANCE WITH UNITED STATES SECURITIES LAWS" in [n.title for n in LongDocument(text).nodes]
    assert of("duplicate-number", text) == []
    assert [d.message for d in of("missing-attachment", text) if "Schedule A" in d.message] == []


_MILESTONES = ("6.1 Payments.\n\n6.1.1 Reimbursement. Astellas shall pay (each, an \"Event\"):       EVENT   AMOUNT "
               "1.   Upon signing.   U.S. $5\n\n2.  Upon each filing.   U.S. $2\n\n3.   Upon approval.   U.S. $3\n\n"
               "6.1.2 Product Approval. Astellas shall pay:       EVENT   AMOUNT 1.   Upon the first launch.   U.S. $4\n\n"
               "2.   Upon the first sale in the Astellas Territory.   U.S. $6\n\n3.   Upon the second sale.   U.S. $7\n")


def test_a_list_from_2_begun_again_after_it_went_on_is_a_new_list() -> None:
    # FibroGen's milestone tables: each table's "1." is run into its header row, so each list shows from 2.
    assert [n.label for n in LongDocument(_MILESTONES).nodes if n.label in ("2", "3")] == ["2", "3", "2", "3"]
    assert of("duplicate-number", _MILESTONES) == []


# ("2.1", "2.1", "2.2"): a number of levels ending in 1 again right after itself begins no new list.
@pytest.mark.parametrize("numbers", [("1.2", "1.2", "1.3"), ("2.1", "2.1", "2.2"), ("1", "2", "3", "2"), ("3", "4", "3")])
def test_a_number_again_right_after_itself_or_in_a_list_from_1_or_3_is_a_duplicate(numbers: tuple[str, ...]) -> None:
    # Legacy Education's definitions: "1.2. The term "Affiliate" means ..." and "1.2. The term "Business" means ...".
    text = "".join(f"{n}. Clause {chr(65 + i)}. The parties agree to term {i}.\n\n" for i, n in enumerate(numbers))
    assert [n.label for n in LongDocument(text).nodes] == list(numbers)
    assert len(of("duplicate-number", text)) == 1


def test_a_first_item_of_one_level_again_right_after_itself_begins_a_new_list() -> None:
    # One-item lists in a row, as schedules may hold: "1. Order." over "1. Pack.".
    assert of("duplicate-number", "1. Order. The Buyer orders.\n\n1. Pack. The Seller packs.\n") == []


def test_clauses_going_on_after_two_such_lists_leave_no_gap() -> None:
    # PC Quote: clause 9 holds two lists numbered from 1, then clause 10 follows.
    text = ("8. FEES\n\nMonthly.\n\n9. INDEMNITY\n\nEach party:\n\n1. Defends. Claims.\n\n2. Pays. Damages.\n\n"
            "and each party may:\n\n1. Settle. With consent.\n\n2. Appeal. At its cost.\n\n10. ASSIGNMENT\n\nNone.\n")
    assert [n.label for n in LongDocument(text).nodes] == ["8", "9", "1", "2", "1", "2", "10"]
    assert of("numbering-gap", text) == []


@pytest.mark.parametrize("term, use", [
    ("Third Party(ies)", "Third Parties"),   # Biocept: the plural mark names "Third Party"
    ("Product(s)", "Product"),
    ("Governmental Authority (ies)", "Governmental Authority"),
    ("CUSTOMER(S)", "Customers"),           # in capitals for emphasis, used in title case
    ("Loss or Losses", "Losses"),           # Cardax: each side of the "or" is a form of the term
    ("Commission or SEC", "SEC"),
    ("Tournament Bonus or Bonuses", "Tournament Bonuses"),  # Teardrop Golf: the last word's other form
])
def test_a_term_that_names_its_other_forms_is_used_where_any_of_them_is(term: str, use: str) -> None:
    text = f'1. Definitions\n\n1.1 "{term}" means what the parties agree.\n\n2. Terms\n\nThe {use} stand.\n'
    assert flagged("unused-definition", text) == []


@pytest.mark.parametrize("term, words", [
    ("Third Party(ies)", "No one else"),
    ("Tournament Bonus or Bonuses", "Other Bonuses"),  # "Bonuses" alone is not "Tournament Bonuses"
])
def test_a_term_that_names_its_other_forms_is_still_unused_where_none_of_them_is(term: str, words: str) -> None:
    text = f'1. Definitions\n\n1.1 "{term}" means what the parties agree.\n\n2. Terms\n\n{words} stand.\n'
    assert flagged("unused-definition", text) == [term]
