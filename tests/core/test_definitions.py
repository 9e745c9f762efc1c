"""Defined terms: every drafting shape, spans, duplicates, local re-scans after an edit."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc.definitions import (
    _entry_line_start,
    byte_view,
    definitions_after_edit,
    definitions_in,
    find_definitions,
    paragraph_text,
)
from longdoc.document import LongDocument
from longdoc.rescan import paragraph_bounds
from edits import view_patched_as_fresh
from shapes import one_line, wrapped

GOLD = Path(__file__).resolve().parents[1] / "gold" / "intel"
CHAPARRAL = "cuad/contracts/CHAPARRALRESOURCESINC_03_30_2000-EX-10.66-TRANSPORTATION CONTRACT.txt"
WESTERN_COPPER = "cuad/contracts/WESTERN COPPER - NON-COMPETITION AGREEMENT.txt"
ASPIRITY = "cuad/contracts/ASPIRITYHOLDINGSLLC_05_07_2012-EX-10.6-OUTSOURCING AGREEMENT.txt"
WPP = "cuad/contracts/WPPPLC_04_30_2020-EX-4.28-SERVICE AGREEMENT.txt"
KNOWLABS = "cuad/contracts/KNOWLABS,INC_08_15_2005-EX-10-INTELLECTUAL PROPERTY AGREEMENT.txt"
MOVADO = "cuad/contracts/MOVADOGROUPINC_04_30_2003-EX-10.28-ENDORSEMENT AGREEMENT.txt"


def only(text: str):
    found = find_definitions(text)
    assert len(found) == 1, found
    return found[0]


def only_defining(text: str, term: str, kind: str):
    d = only(text)
    assert (d.term, d.kind) == (term, kind)
    assert text[d.term_start : d.term_end] == term
    return d


def test_quoted_term_followed_by_means_is_defined_by_its_entry():
    text = '"Affiliate" means any entity that controls a Party.\n\n"Party" means a signatory.'
    first = find_definitions(text)[0]
    assert (first.term, first.kind) == ("Affiliate", "means")
    assert text[first.term_start : first.term_end] == "Affiliate"
    assert text[first.start : first.end] == '"Affiliate" means any entity that controls a Party.'


def test_shall_mean_is_a_definition():
    only_defining('As used herein, "Net Sales" shall mean gross sales less returns.', "Net Sales", "means")


def test_shall_collectively_mean_is_a_definition():
    # HF Enterprises' development agreement: '"Technology" shall collectively mean (i) ... (ii) ...'.
    only_defining('"Technology" shall collectively mean the AuthentiGuard and Prism technologies.', "Technology", "means")


def test_two_quoted_terms_before_one_verb_share_its_definition():
    text = '"Licensed User" and "Licensed Users" means a person the Customer names.'
    assert [d.term for d in find_definitions(text)] == ["Licensed User", "Licensed Users"]


@pytest.mark.parametrize("text, terms", [
    ('1. “GitHub,” “We,” and “Us” refer to GitHub, Inc., as well as our affiliates.', ["GitHub", "We", "Us"]),  # GitHub
    ('1.26. "Sale" or "Sales" or "Sell" or "Sold" means the transfer of a Treated Integra Product.',  # SeaSpine
     ["Sale", "Sales", "Sell", "Sold"]),
    ('1.1.196 "US", "U.S." or "USA" means the United States of America.', ["US", "U.S", "USA"]),  # PhaseBio
    ('The terms "License Term", "Licensed Rights", and "Licensed Territory" shall have the meaning specified in the '
     'Deal Terms above.', ["License Term", "Licensed Rights", "Licensed Territory"]),  # Fulucai
    ('"Licensed Software" "Software" means the Client Software and the Server Software.',  # iPass, its "or" left out
     ["Licensed Software", "Software"]),
])
def test_every_quoted_term_of_a_list_before_one_verb_shares_its_definition(text: str, terms: list[str]) -> None:
    assert [d.term for d in find_definitions(text)] == terms


def test_a_quoted_term_ending_a_sentence_does_not_share_the_next_terms_definition():
    # eDiets: '... the "Receiving Party." "Confidential Information" means ...'.
    text = ('The party receiving it shall be the "Receiving Party." "Confidential Information" means any information '
            'provided by the Disclosing Party.')
    assert [d.term for d in find_definitions(text) if d.kind == "means"] == ["Confidential Information"]


def test_a_list_of_expressions_in_small_letters_shares_a_verb_only_with_the_term_next_to_it():
    # Senmiao's interpretation clause reads expressions alike, not as terms.
    text = ('The expressions of "N working days in advance", "within N working days", "N days in advance", '
            '"within N days", include the Nth working day and the Nth day.')
    assert [d.term for d in find_definitions(text)] == ["N days in advance", "within N days"]


def test_a_quoted_term_governed_by_a_word_before_it_does_not_share_the_next_terms_definition():
    # Kubient's services agreement: 'For "Direct Deals", "Revenue" shall refer to Net Revenue'.
    only_defining('For "Direct Deals", "Revenue" shall mean the net revenue received.', "Revenue", "means")


def test_a_term_quoted_right_after_another_quote_is_defined_by_its_verb():
    # The quote closing "A1" also opens "B2": every quote may open a defined term.
    text = 'Labels read "A1"B2" means the second label.'
    only_defining(text, "B2", "means")


def test_a_quoted_term_inside_a_definitions_qualifier_is_not_defined_again():
    # '"Term" (as in "Schedule") means ...' defines Term; the quote in the brackets is no new start.
    text = 'Here "Fee" (see "Schedule") means the sum due.'
    assert [d.term for d in find_definitions(text) if d.kind == "means"] == ["Fee"]


def test_a_comma_typed_between_shall_and_mean_still_defines():
    # Vapotherm's NDA: '"Confidential Information" shall, mean all intellectual property, ...'.
    only_defining('1. Definition. "Confidential Information" shall, mean all business plans.', "Confidential Information", "means")


def test_a_quoted_term_that_shall_be_what_the_text_says_is_defined():
    # A mutual NDA: '"Disclosing Party" shall be the party which discloses Confidential Information'.
    only_defining('"Disclosing Party" shall be the party which discloses Confidential Information.', "Disclosing Party",
                  "means")


def test_a_quoted_term_that_shall_be_something_else_than_what_it_is_is_not_defined():
    assert find_definitions('The "Fee" shall be paid by the Customer within thirty days.') == []


@pytest.mark.parametrize("text, term", [
    # Papa John's, Gold Resource, Scansource: the meaning, said to be defined "as".
    ('For purposes of this Agreement, "Tie-In Program" shall be defined as any program developed around a product.',
     "Tie-In Program"),
    # Goosehead's franchise agreement: the verb of a subject sentence, after words of the sentence.
    ('As used in this Section 19, the term "Competitive Business" is agreed to mean any insurance business.',
     "Competitive Business"),
    # Bellicum's supply agreement: the meaning in a parenthesis after the term.
    ('Miltenyi sends samples of the "Changed Miltenyi Product" (meaning such Product as the change produced) to Bellicum.',
     "Changed Miltenyi Product"),
])
def test_a_quoted_term_defined_as_agreed_to_mean_or_meaning_in_brackets_is_defined_by_its_sentence(text, term):
    d = only_defining(text, term, "means")
    assert (d.start, d.end) == (text.index('"'), len(text))


def test_a_term_that_shall_be_defined_in_the_same_way_as_another_text_defines_it_is_a_pointer():
    # CNS Pharmaceuticals' development agreement.
    only_defining('1.8 "Net Sales" shall be defined in the same way as defined in Section 6.1 of the Sublicense Agreement.',
                  "Net Sales", "pointer")


@pytest.mark.parametrize("text", [
    '       last-chunk     = 1*("0") [ chunk-extension ] CRLF\n',  # RFC 2616's grammar
    'A cache treats a field-value of zero ("0") as no age at all.',
])
def test_a_number_quoted_in_brackets_is_no_term(text):
    assert find_definitions(text) == []


def test_a_number_that_shall_mean_something_is_defined():
    # Manufacturers' Services names the parts of a formula: '"1" shall mean [*] ...'.
    only_defining('Where "1" shall mean the cost of the parts, the price is computed so.', "1", "means")


def test_has_the_meaning_given_in_a_section_is_a_pointer():
    only_defining('"Services" has the meaning set forth in Section 2.1.', "Services", "pointer")


@pytest.mark.parametrize(
    "text, term",
    [
        ('This Agreement (the "Agreement") is made today.', "Agreement"),
        ('ACME Inc. (hereinafter "ACME") agrees.', "ACME"),
        ('Beta LLC ("Beta") agrees.', "Beta"),
        ('the parties (each, a "Party") agree.', "Party"),
        ("the company (the \u201cCompany\u201d) agrees.", "Company"),
        ('a high-level business plan (the "Preliminary Business Plan" as per Appendix B) follows.', "Preliminary Business Plan"),
        ('the officers (together with the CEO, the "Senior Management Personnel") manage it.', "Senior Management Personnel"),
        # Reynolds's and Microgenics's: the parenthetical names the clauses it gathers.
        ("use of the other Party's Confidential Information (each of (a) and (b), a \"Security Incident\") is reported.",
         "Security Incident"),
        ('begins in a country (subclause (i), (ii), or (iii), as applicable, the "Start Date"), and ends later.', "Start Date"),
    ],
)
def test_parenthetical_shapes_define_the_quoted_term(text, term):
    d = only_defining(text, term, "parenthetical")
    assert text[d.end - 1] == ")"


@pytest.mark.parametrize(
    ("text", "term", "kind"),
    [
        # Contracts drafted in British style quote their terms singly, straight or curly.
        ("(a) 'Confidential Information' shall mean all information received.", "Confidential Information", "means"),
        ("\u2018Affiliate\u2019 means any entity that controls a Party.", "Affiliate", "means"),
        ("This Distributor Agreement (the 'Agreement') is made today.", "Agreement", "parenthetical"),
        ("Lucid Inc. (the \u2018Distributor\u2019) agrees.", "Distributor", "parenthetical"),
        ("'Licensor's Products' means the goods Licensor makes.", "Licensor's Products", "means"),
        # Closed by a double quote, as Vapotherm's NDA and PrimeEnergy's agreement mistype it.
        ("Vapotherm discloses it only for the following purpose (\u2018Permitted Purpose\u201d): research.",
         "Permitted Purpose", "parenthetical"),
        ("This Completion Agreement ('Agreement\") is made and entered into today.", "Agreement", "parenthetical"),
    ],
)
def test_a_term_in_single_quotes_is_defined_as_one_in_double_quotes(text: str, term: str, kind: str) -> None:
    only_defining(text, term, kind)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ('Cisco Systems, Inc. is entered into as of the date last written below ("the Effective Date").', "Effective Date"),
        ('"the  Initial Term" means one year from the Effective Date.', "Initial Term"),
        ('"The Program" means the work licensed under this License.', "The Program"),
        ('"the relevant year" means the calendar year in which the Fee falls due.', "the relevant year"),
    ],
)
def test_an_article_drafted_inside_the_quotes_is_no_part_of_the_term(text: str, term: str) -> None:
    d = only(text)
    assert (d.term, text[d.term_start : d.term_end]) == (term, term)


@pytest.mark.parametrize(
    "text",
    ["The Licensors' Products and the Licensee's 'own' means mean what the Parties' Agreement says.",
     "Mr. O'Brien pays for the Parties' means of transport."],
)
def test_apostrophes_quote_no_term(text: str) -> None:
    assert find_definitions(text) == []


QUOTE_PIECES = st.sampled_from(["'", "\u2018", "\u2019", '"', "\u201c", "\u201d", "**", "*", "__", "a", "b", "A", "B", " ",
                                 ".", "(", ")", "\n", "x" * 40])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(QUOTE_PIECES, max_size=40).map("".join), st.integers(0, 400), st.integers(0, 8),
       st.lists(QUOTE_PIECES, max_size=4).map("".join))
def test_the_view_after_an_edit_equals_the_view_of_the_new_text(text: str, at: int, length: int, new: str) -> None:
    # Single quotes pair into a term's quotes by what stands around them, which an edit may change;
    # a pair may run over the edge of the stretch read again.
    view_patched_as_fresh(text, at, length, new)


def test_a_single_quote_typed_far_from_its_pair_is_read_with_it() -> None:
    term = "Distributor of the Licensed Products in the Territory of the Americas"
    text = "Recitals. " + "x " * 100 + f"Lucid Inc. (the '{term}) agrees. " + "y " * 100
    doc = LongDocument(text)
    assert doc.definitions == []
    at = text.index(term) + len(term)
    edited = doc.edit(at, at, "'")
    assert [d.term for d in edited.definitions] == [term]
    assert edited.definitions == LongDocument(edited.text).definitions


def test_a_parenthetical_defines_every_quoted_term_it_joins():
    text = 'Alpha and Beta (each a "Party" and collectively the "Parties") agree.'
    assert [d.term for d in find_definitions(text)] == ["Party", "Parties"]


def test_a_parenthetical_joining_a_term_with_another_thing_defines_both_terms():
    # Phreesia's renewal clause, and four others drafted the same way.
    text = 'It renews for one year (each, a "Renewal Term" and together with the Initial Term, the "Term").'
    assert [(d.term, d.kind) for d in find_definitions(text)] == [("Renewal Term", "parenthetical"), ("Term", "parenthetical")]


def test_a_parenthetical_naming_the_instrument_a_word_is_defined_in_defines_its_quoted_terms():
    # Phasebio's development agreement: accounts as the UCC defines them, each a term of its own.
    text = ('PB shall deliver control agreements with respect to all deposit accounts (as such term is defined in the '
            'UCC, each a "Deposit Account") and securities accounts (as such term is defined in the UCC, each a '
            '"Securities Account" and collectively with any Deposit Account, each a "Collateral Account").')
    assert [(d.term, d.kind) for d in find_definitions(text)] == [
        ("Deposit Account", "parenthetical"), ("Securities Account", "parenthetical"), ("Collateral Account", "parenthetical")]


def test_parenthetical_definition_spans_its_sentence():
    text = "Recitals follow. Beta LLC, a Delaware company (\"Beta\"), agrees."
    d = only(text)
    assert text[d.start : d.end] == 'Beta LLC, a Delaware company ("Beta")'


def test_a_definition_in_a_sentence_wrapped_onto_lines_in_small_letters_spans_it_from_the_line_above():
    # RFC 2616's introduction, wrapped at 72 columns.
    text = ("   HTTP has been in use by the World-Wide Web global information\n"
            "   initiative since 1990. This specification defines the protocol\n"
            '   referred to as "HTTP/1.1", and is an update to RFC 2068 [33].\n')
    d = only(text)
    assert text[d.start : d.end] == 'This specification defines the protocol\n   referred to as "HTTP/1.1"'


def test_a_definition_on_an_item_lettered_in_small_letters_starts_at_its_item():
    # ContractNLI 0009: "b." opens an item of its own, not the rest of the line above.
    text = 'a. School assignment\nb. Ridership status (i.e., corner stop, door-to-door ("D2D")\n'
    d = only(text)
    assert text[d.start : d.end] == 'b. Ridership status (i.e., corner stop, door-to-door ("D2D")'


def test_a_parenthetical_after_a_company_name_spans_its_sentence_from_before_the_abbreviations():
    # MSCI's agreement: the stops of "Co." and "Inc." end no sentence.
    text = ("Recitals follow. This Agreement is made by Morgan Stanley & Co. Incorporated, a Delaware corporation "
            '("MS") and MSCI Inc. ("MSCI").')
    spans = {d.term: text[d.start : d.end] for d in find_definitions(text)}
    assert spans["MS"] == text[text.index("This") : text.index('("MS")') + 6]
    assert spans["MSCI"] == text[text.index("This") : -1]


@pytest.mark.parametrize("text, span", [
    # Black Box's distributor agreement names "Snotarator™ Nasal Aspirator" right before the term.
    pytest.param('Recitals follow. The Company sells the Snotarator™ Nasal Aspirator ("Products") to Distributor.',
                 'The Company sells the Snotarator™ Nasal Aspirator ("Products")',
                 id="a character past Latin-1 ends no sentence before a parenthetical"),
    pytest.param('Recitals follow. The term "Licensed Mark" means the SNOTARATOR™ Trademark and its logo. Licensee uses it.',
                 '"Licensed Mark" means the SNOTARATOR™ Trademark and its logo.',
                 id="a character past Latin-1 ends no sentence of a definition"),
    pytest.param('Exhibit 10.1   PROMOTION AGREEMENT   This Promotion Agreement ("Agreement") is made by Acme.',
                 'This Promotion Agreement ("Agreement")', id="a title run into the preamble's line is left out"),
    pytest.param('Recitals follow. NO PARTY SHALL BE LIABLE AS SET OUT IN SECTION 15 OF THIS AGREEMENT (the "Limits").',
                 'NO PARTY SHALL BE LIABLE AS SET OUT IN SECTION 15 OF THIS AGREEMENT (the "Limits")',
                 id="a sentence in capitals keeps its words before THIS"),
    # Hertz's trademark licence runs its clauses on in one line.
    pytest.param('ARTICLE 1 BACKGROUND 1.1 Licensor owns the mark in the United States. 1.2 Licensee is managed by '
                 'Hertz Group REIT Advisor, LLC, a Delaware company (the "Advisor"). 1.3 Licensee wants a licence.',
                 '1.2 Licensee is managed by Hertz Group REIT Advisor, LLC, a Delaware company (the "Advisor")',
                 id="a clause run on after a stop starts the span of its parenthetical"),
    # Summa Four's licence: the lone letter of what a sentence cites is no initial.
    pytest.param('LICENSEE may pay D2 a fee according to Exhibit C. In return D2 shall provide support for a period '
                 'of twelve months (the "Contract Year").',
                 'In return D2 shall provide support for a period of twelve months (the "Contract Year")',
                 id="a sentence ending in a lettered exhibit ends before the span"),
    pytest.param('Recitals follow. This Agreement is signed by John A. Smith (the "Manager").',
                 'This Agreement is signed by John A. Smith (the "Manager")', id="an initial ends no sentence"),
])
def test_a_definition_spans_its_own_sentence(text: str, span: str) -> None:
    d = only(text)
    assert text[d.start : d.end] == span


def test_a_definition_in_a_sentence_too_long_to_read_back_to_its_start_spans_from_a_whole_word():
    text = "Recitals follow. The payment of " + "fees and costs, " * 80 + 'in each case as set out here ("Charges").'
    d = only(text)
    assert d.start > text.index("The payment")
    assert text[d.start - 1] == " " and text[d.start :].startswith(("fees", "and", "costs"))


@pytest.mark.parametrize("page_break", ["\n\nSource: ACME INC., 10-K, 3/1/2019\n\n\n\n\n\n", "\n\n7\n\n\n\n", "\n\n- 6 -\n\n",
                                        "\n\nPage 4 of 80\n\n\n\n", "\n\n\n\n\n\n", "\n\n\f\n\n"])
def test_a_sentence_a_page_break_cuts_is_spanned_from_its_start_on_the_page_before(page_break):
    text = ("Recitals follow. The Licensee shall not, directly or" + page_break
            + 'indirectly, bring any claim or suit ("Action") against the Licensor.')
    d = only(text)
    assert text[d.start : d.end] == text[text.index("The Licensee") : text.index('("Action")') + 10]


@pytest.mark.parametrize("before", ["The term ends.", "The recitals read as follows"])
@pytest.mark.parametrize("after", ["the parties agree", "Schedule A sets"])
def test_a_line_after_blank_lines_goes_on_with_no_sentence_but_one_running_on_into_small_letters(before, after):
    text = before + "\n\n\n\n" + after + ' on a plan (the "Plan").'
    d = only(text)
    start = text.index("The") if not before.endswith(".") and after[0].islower() else text.index(after)
    assert text[d.start : d.end] == text[start : text.index('"Plan")') + 7]


@pytest.mark.parametrize("text, term, kind", [
    ('Recitals follow. Acme Inc., a Delaware corporation (the\n"Company"), agrees.', "Company", "parenthetical"),
    ('Recitals follow. Beta LLC (together with its\n    affiliates, "Beta") agrees.', "Beta", "parenthetical"),
    ('Recitals follow. Acme Inc. ("the\nLicensee") agrees.', "Licensee", "parenthetical"),
    ('"Disclosing\n    Party" means the party that discloses.', "Disclosing Party", "means"),
    ('"Confidential Information", as used in this\nAgreement, means data.', "Confidential Information", "means"),
    ('"Territory" (as the parties may\nagree) means Canada.', "Territory", "means"),
    ('Recitals follow. A "Major Account" is agreed\nto mean a customer we name.', "Major Account", "means"),
    ("Recitals follow. NICE and Contractor are collectively referred to as the\nParties.", "Parties", "referred"),
    ("Recitals follow. NICE and Contractor are collectively referred to as\nthe Parties.", "Parties", "referred"),
    ("Recitals follow. No part of the proceeds of any Loan\n(as defined in the Loan Agreement) is used.", "Loan", "pointer"),
    ("Recitals follow. Each party signs one or more Business Associate\nAgreements (as defined under HIPAA).",
     "Business Associate Agreements", "pointer"),
    # WPP's service agreement and Pelican's master agreement wrapped at 72 columns.
    ("Recitals follow. I act under my service agreement (the Service\nAgreement) with WPP.", "Service Agreement",
     "referred"),
    ("Recitals follow. Pelican delivers the work product (collectively, the\nDeliverables) on time.", "Deliverables",
     "referred"),
])
def test_a_line_broken_inside_a_term_or_its_parenthetical_still_defines_it(text: str, term: str, kind: str) -> None:
    assert [(d.term, d.kind) for d in find_definitions(text)] == [(term, kind)]


def test_two_quoted_terms_of_one_definition_may_stand_on_two_lines():
    # Rare Element's agreement wrapped at 72 columns: '2.10 "Improvement" or' over '"Improvements" means'.
    text = '2.10 "Improvement" or\n"Improvements" means any change.\n'
    assert [(d.term, d.kind) for d in find_definitions(text)] == [("Improvement", "means"), ("Improvements", "means")]


@pytest.mark.parametrize("mark", ["", "Page 3 of 9", "Source: ACME INC., 10-K, 3/1/2019", "\f"])
def test_a_definition_that_a_page_break_cuts_goes_on_after_it(mark: str) -> None:
    # Goosehead's "Confidential Information": "... customer lists, profiles," over "Page 24 of 80".
    text = (f'"Fee" means the amount payable for the services and\n\n{mark}\n\n\n\nexpenses incurred by the '
            "Licensee.\n\nThe parties agree.\n")
    assert spans_of(text)["Fee"].endswith("incurred by the Licensee.")


@pytest.mark.parametrize(("last", "after"), [
    ("services.", "which the Licensee pays monthly."),  # a sentence ended before the break
    ("services", "The Licensee pays it monthly."),
    ("services", 'the "Licence"   means the licence granted.'),  # HealthGate's table: the next entry in small letters
])
def test_a_definition_ends_at_a_page_break_where_no_sentence_runs_on_over_it(last: str, after: str) -> None:
    text = f'"Fee" means the amount payable for the {last}\n\n\n\n{after}\n'
    assert spans_of(text)["Fee"] == f'"Fee" means the amount payable for the {last}'


def test_a_definition_read_as_one_paragraph_leaves_out_the_page_break_it_runs_over():
    text = ("The Licensee shall not, directly or\n\nSource: ACME INC., 10-K, 3/1/2019\n\n\n\nindirectly, bring\n  any "
            'suit ("Action") and\n\n7\n\n\n\nfurther agrees to pay 12\n\nmonths of fees.')
    assert paragraph_text(text, 0, len(text)) == ('The Licensee shall not, directly or indirectly, bring any suit ("Action") '
                                                  "and further agrees to pay 12 months of fees.")


def test_a_parenthetical_over_a_blank_line_defines_nothing():
    assert find_definitions('Recitals follow. Acme Inc. (the\n\n"Company") agrees.') == []


@pytest.mark.parametrize(("text", "terms"), [
    # Coherus's development agreement, filed without its quotes.
    ("7.1 Confidential Information disclosed, revealed or otherwise made available to one Party (Receiving Party) by or "
     "on behalf of the other Party (Disclosing Party) under, or as a result of, this Agreement is made available to the "
     "Receiving Party.", ["Receiving Party", "Disclosing Party"]),
    ("12.1 Any notice, demand, consent or other communication (Notice) given or made under this Agreement: must be in "
     "writing.", ["Notice"]),  # Intricon's: a name of one word that says again what the words before it describe
    ("This Agreement will become effective as of the last date of signature (Effective Date) and shall, unless "
     "sooner terminated, remain effective.", ["Effective Date"]),
    ("4.5 If the Executive was subject to tax, social security contributions or other levies (Taxes) on payment of the "
     "STIP award, the Company pays.", ["Taxes"]),  # WPP's: the singular said before
    ("Licensee may elect to use any Trademark which it owns or has exclusive rights to "
     "(Licensee-Controlled Trademark) in connection with its Commercialization.", ["Licensee-Controlled Trademark"]),
])
def test_a_name_alone_in_brackets_defines_what_the_words_before_it_describe(text: str, terms: list[str]) -> None:
    found = find_definitions(text)
    assert [(d.term, d.kind) for d in found] == [(term, "referred") for term in terms]
    assert [text[d.start : d.end] for d in found[:1]] == [text[: text.index(terms[0]) + len(terms[0]) + 1]]


@pytest.mark.parametrize("text", [
    "Survival. Section 19.0 (Confidential Information), Distributor shall return all copies.",  # a clause cited
    "as further described in Sections 5.4.1.1  (Letter of Credit) and 5.4.1.2 (Wire Transfer), respectively.",
    "the provisions of Articles XI, XII and XIII (Registration Rights) and XV shall survive.",
    "a completed contract extract schedule in the form of Exhibit D (Contract Summary Form) within one (1) day.",
    "reports to regulatory authorities including PSURs (Periodic Safety Update Report), PBRER and RMP.",  # an acronym's words
    "related to its NCT technology (Natural Conversion Technology), a catalytic converter.",
    "the rules and public interpretations by the staff of the Securities and Exchange Commission (SEC Staff), receipt",
    # A form's blank, and an attachment cited (the words before say "State" and "Exhibit" again).
    "This Agreement shall be governed by the laws of (Enter State) and you hereby submit to the exclusive jurisdiction of "
    "the Courts of (Enter State) in relation thereto.",
    "A runtime license fee shall be paid for each SRM in the Licensee Product (Exhibit B) which contains the Licensed "
    "Technology for Basic Services which does not require network echo cancellation technology (Exhibit A) sold by us.",
    "Coherus, 333 Twin Dolphin Drive, Redwood City, CA, 94065, USA (Licensee). Bioeq and Licensee agree.",
    '"PIPEDA" means the Personal Information Protection and Electronic Documents Act (Canada); and',  # a place
    "5013    Parts - Motor Vehicle Supplies, New Parts - (Wholesale)           5021    Office, Commercial Furniture - "
    "(Wholesale)           5039",  # a table's column
    "Save to this extent, any rights which would otherwise arise under the Contracts (Rights of Third Parties) Act 1999 "
    "are excluded.",  # part of a longer name
    # No word of the name said before: "patentable" is not "Patent", a name in brackets is not said.
    "All rights to Agreement Inventions, patentable or non-patentable, made jointly by employees of iBio and employees "
    "of CC-Pharming will belong jointly to them, with inventorship determined as described in 35 U.S.C. \u00a7 262 and "
    "(Chin Patent Law). The Parties agree.",
    "to provide the agent 5 days before the agreed upon loading period (Laycan) with the instructions, including the "
    "name of the vessel, loading period (Laycan), lay time and other necessary data;",
])
def test_a_name_alone_in_brackets_defines_nothing_that_cites_spells_or_fills_in(text: str) -> None:
    assert [d.term for d in find_definitions(text) if d.kind == "referred"] == []


def test_a_contract_wrapped_at_a_fixed_width_defines_what_it_defines_unwrapped(shared_text):
    # Movado's endorsement agreement: five of its fifteen terms were lost to a line broken inside
    # their quotes or parentheses.
    text = shared_text(MOVADO)
    written = Counter((d.term, d.kind) for d in find_definitions(text))
    assert len(written) >= 12
    assert Counter((d.term, d.kind) for d in find_definitions(wrapped(text))) == written


def test_a_parenthetical_alone_on_its_line_defines_the_name_on_the_line_above():
    text = ("BETWEEN:\n\nGLAMIS GOLD LTD., a company of British Columbia, having an office at Reno, Nevada 89502\n\n"
            "(\"Glamis\")\n\nAND:\n\nWESTERN LTD.\n")
    d = only(text)
    assert text[d.start : d.end] == text[text.index("GLAMIS") : text.index('")') + 2]


def test_a_parenthetical_under_a_finished_sentence_stands_alone():
    text = "The seller is Acme Ltd.\n\n(\"Seller\")\n\nThe price is fixed.\n"
    d = only(text)
    assert text[d.start : d.end] == '("Seller")'


def test_a_definition_run_into_one_line_with_the_next_clause_ends_at_its_sentence():
    text = ('1.5 "Control" means the power to direct a person. 1.6 "Mark" means the mark "H". ARTICLE 2. LICENSE '
            "2.1 Licensor grants a licence. Section 4.5. Effect. The term \"affiliate\" has the meaning given in the "
            "Advisory Agreement. Section 4.6. Survival. Clauses survive.")
    spans = {d.term: text[d.start : d.end] for d in find_definitions(text)}
    assert spans["Control"] == '"Control" means the power to direct a person.'
    assert spans["Mark"] == '"Mark" means the mark "H".'
    assert spans["affiliate"].endswith("given in the Advisory Agreement.")


def test_each_term_of_a_sentence_that_defines_several_spans_its_own_part():
    text = 'x. a "year" means a calendar year, a "quarter" means a calendar quarter, and a "month" means a month.'
    spans = {d.term: text[d.start : d.end] for d in find_definitions(text)}
    assert spans == {"year": '"year" means a calendar year', "quarter": '"quarter" means a calendar quarter',
                     "month": '"month" means a month.'}


def test_each_entry_of_a_lettered_list_run_on_in_one_paragraph_ends_before_the_next_entry():
    # Old API Wind-down's agency agreement lists its definitions in one paragraph, (a) to (ll).
    text = ('1.1 In this Agreement: (dd) "SEC" means the United States Securities and Exchange Commission; (ee) '
            '"SEDAR" means the System for Electronic Document Analysis and Retrieval; and (ff) "TSX-V" means the TSX '
            "Venture Exchange.")
    spans = {d.term: text[d.start : d.end] for d in find_definitions(text)}
    assert spans == {"SEC": '"SEC" means the United States Securities and Exchange Commission',
                     "SEDAR": '"SEDAR" means the System for Electronic Document Analysis and Retrieval',
                     "TSX-V": '"TSX-V" means the TSX Venture Exchange.'}


def test_each_entry_introduced_by_the_term_ends_before_the_next_one():
    # EarthLink and CIDCO's agreement (ContractNLI 0586), MetLife's remarketing agreement.
    text = ('2. Certain Definitions. As used in this Agreement: (i) the term "Receiving Party" means the Party receiving '
            'Evaluation Material; (ii) the term "Furnishing Party" means the Party providing Evaluation Material; the term '
            '"Remarketing Date" means the date of the Remarketing.')
    assert spans_of(text) == {"Receiving Party": '"Receiving Party" means the Party receiving Evaluation Material',
                              "Furnishing Party": '"Furnishing Party" means the Party providing Evaluation Material',
                              "Remarketing Date": '"Remarketing Date" means the date of the Remarketing.'}


def test_an_entry_run_on_after_a_wide_gap_without_a_sentence_end_ends_before_the_next_entry():
    # Hemispherx's distribution agreement: PDF extraction left a wide gap for each line break.
    text = ('"Territory" means the GCC States   "Transfer Price" means a discounted price of ${***}/ Product Unit.   '
            "II. LICENSE")
    assert spans_of(text)["Territory"] == '"Territory" means the GCC States'


@pytest.mark.parametrize("following", [
    '"Enabled Devices" mean any device with the app installed.',  # iPass's reseller agreement
    '"Party" and "Parties" shall have the meaning set forth in the preamble.',  # Otis's agreement
    '"Balance of Plant" or "BOP" means all other equipment.',  # FuelCell's development agreement
    '"Agency Fees" will mean fees charged for issuing a policy.',  # Goosehead's franchise agreement
    '(c) "Business" or "Business of Emerald" includes managing cannabis companies.',  # Emerald Health's agreement
    '(d) "Affiliates" shall also include trusts.',
    '(h) "Intellectual Property" is used in its broadest sense.',  # Emerald Health's agreement
    '(m) "Party" identifies either of them.',  # Novo Integrated Sciences' agreement
    '7. "Fee" is payable monthly.',
    '"Licensed Software" "Software" means the Client Software.',  # iPass's, two terms side by side
    '"Technology" shall collectively mean the AuthentiGuard technology.',  # HF Enterprises' agreement
])
def test_an_entry_ends_before_the_next_entry_whatever_verb_and_terms_it_has(following):
    text = f'"Effective Date" means the date of last signature on this Agreement. {following}'
    assert spans_of(text)["Effective Date"] == '"Effective Date" means the date of last signature on this Agreement.'


def test_an_entry_ends_before_terms_said_to_have_the_same_meanings_as_elsewhere():
    # The Meet Group's cooperation agreement.
    text = ('the terms "Affiliate" and "Associate" shall have the respective meanings set forth in Rule 12b-2; the terms '
            '"beneficial owner" and "beneficial ownership" shall have the same meanings as set forth in Rule 13d-3.')
    assert spans_of(text)["Affiliate"] == '"Affiliate" and "Associate" shall have the respective meanings set forth in Rule 12b-2'


@pytest.mark.parametrize("clause", [
    "2. Consideration. In exchange for its contributions, Reed's grants Company the right to sell.",  # Reed's
    "4. Term and Termination. (a) The initial term of this Agreement shall be one year.",  # Kubient's
    "5. Confidentiality; Non-Disclosure. The parties have entered into an NDA.",  # HF Enterprises'
])
def test_an_entry_ends_before_a_clause_with_a_short_title_run_on_after_it(clause):
    text = f'(g) "Specifications" means the specifications for the Products. {clause}'
    assert spans_of(text)["Specifications"] == '"Specifications" means the specifications for the Products.'


@pytest.mark.parametrize("clause", [
    "2. GRANT OF RIGHTS   Subject to the terms hereof, CSA grants to Company the right.",  # Legacy Education's
    "(b) Receiving Party shall take reasonable steps to keep it confidential.",  # Iovance's clause 6.1
])
def test_an_entry_ends_before_a_clause_or_its_next_item_run_on_after_a_wide_gap(clause):
    text = f'(a) "Term" means one year from the Effective Date.   {clause}'
    assert spans_of(text)["Term"] == '"Term" means one year from the Effective Date.'


@pytest.mark.parametrize("items", [
    "(a) Fraud.   (b) Breach of this Agreement.",  # "(b)" after the entry's own "(a)"
    "(i) Fraud.   (ii) Breach of this Agreement.",
])
def test_an_entry_keeps_the_items_of_its_own_list_run_on_after_wide_gaps(items):
    text = f'"Cause" means any of the acts listed below.   {items}'
    assert spans_of(text)["Cause"] == text


def test_an_entry_ends_at_the_first_clause_run_on_after_it_though_an_entry_follows_that_clause():
    text = '"Term" means one year. 2.1 Renewal. It renews. "Fee" means the fee.'
    assert spans_of(text)["Term"] == '"Term" means one year.'


def test_an_entry_keeps_the_titled_items_of_a_list_it_opens():
    text = '"Cause" means any of the following: 1. Fraud. Any fraud of the Contractor. 2. Breach. A material breach.'
    assert spans_of(text)["Cause"] == text


def test_an_entry_ends_before_the_terms_of_a_list_said_to_have_the_meanings_given_elsewhere():
    # STAAR's distribution agreement, clause 16.1.
    text = ('"Shared Personal Data" shall have the meaning as set out in Section 16.4; and The terms "data controller", '
            '"data subject", "processing", and "sensitive personal data" shall have the same meanings given to them '
            'under Data Protection Laws.')
    assert spans_of(text)["Shared Personal Data"] == '"Shared Personal Data" shall have the meaning as set out in Section 16.4'


def definitions_part_spans(text: str) -> dict[str, str]:
    return {d.term: text[d.start : d.end] for d in LongDocument(text).definitions}


def test_a_quoted_entry_of_a_definitions_part_ends_where_an_unquoted_one_runs_on_after_a_wide_gap():
    # Hemispherx's pharmacovigilance exhibit: entries "Term: ..." run into one line with wide gaps.
    text = ('7. Definitions\n\n"Unexpected" refers to an adverse experience not observed before.   Audit: A systematic '
            'examination of processes.   Good Clinical Practice: A standard for trials.\n')
    assert definitions_part_spans(text)["Unexpected"] == '"Unexpected" refers to an adverse experience not observed before.'


def test_a_quoted_entry_of_a_definitions_part_keeps_its_term_said_to_include_more_after_a_wide_gap():
    # Manufacturers' Services' agreement: '"Code" shall mean ...     Code shall include ...'.
    text = ('1. Definitions\n\n"Code" shall mean statements intended to bring about a result.     Code shall include '
            'all supporting documentation.   Deliverables: The items listed in Exhibit A.\n')
    first = LongDocument(text).definitions[0]
    assert text[first.start : first.end].endswith("all supporting documentation.")


def test_a_term_said_to_include_something_after_a_comma_stays_within_the_entry():
    # The Mozilla Public License's "You".
    text = ('"You" means an individual or a legal entity exercising rights under this License. For legal entities, '
            '"You" includes any entity under common control with You.')
    first = find_definitions(text)[0]
    assert text[first.start : first.end] == text


def spans_of(text: str) -> dict[str, str]:
    return {d.term: text[d.start : d.end] for d in find_definitions(text)}


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # HF Enterprises: entries run on after a wide gap.
        ('1.1 Definitions. "Improvements" shall mean changes to the Technology.   "Intellectual Property" shall mean '
         "patents.", '"Improvements" shall mean changes to the Technology.'),
        # Legacy Education Alliance: numbered entries run on.
        ('5. "Territory" means: United Kingdom.   6. "Term" means: one year.', '"Territory" means: United Kingdom.'),
        # Digital Cinema Destinations: entries that point elsewhere.
        ('"Renewal Term" has the meaning assigned to it in Section 8.1.     "Representatives" has the meaning '
         "assigned to it in Section 9.", '"Renewal Term" has the meaning assigned to it in Section 8.1.'),
        # Bravatek: lettered entries run on.
        ('a. "Company" shall have the meaning assigned in the preamble.   b. "Products" shall mean the goods.',
         '"Company" shall have the meaning assigned in the preamble.'),
    ],
)
def test_an_entry_run_on_after_a_sentence_end_ends_before_the_next_entry(text, first):
    assert list(spans_of(text).values())[0] == first


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ('1.1 "Specified Scope" has the meaning given in Clause 5.1.\n1.2 In this Agreement:\n1.2.1 a reference to a '
         "gender includes all genders;", '"Specified Scope" has the meaning given in Clause 5.1.'),
        ('"TERRITORY" shall mean the United States.\nARTICLE II\nNON-COMPETITION\n2.01 SCOPE. Seller agrees.',
         '"TERRITORY" shall mean the United States.'),
        ('"Transaction Interest" means any merger or novation.\n5. EXCEPTIONS\nThis Agreement does not apply.',
         '"Transaction Interest" means any merger or novation.'),
    ],
)
def test_the_last_entry_ends_where_a_new_line_opens_the_next_clause(text, first):
    assert list(spans_of(text).values())[0] == first


@pytest.mark.parametrize("label", ["c)", "c."])
def test_an_entry_labelled_by_a_letter_ends_at_the_next_entrys_line(label):
    # ContractNLI 0019, the City of Winnipeg's agreement: its lines are its paragraphs.
    text = (f"1. Definitions:\nb) “Confidant” means the Person named as such above.\n{label} “Confidential Information” "
            "means any and all information of the City.\n2. Access: Confidant may use the information.\n")
    assert spans_of(text)["Confidant"] == "“Confidant” means the Person named as such above."


def test_entries_labelled_by_a_letter_and_a_parenthesis_run_on_in_one_line_end_at_the_next():
    # Berkshire Hills' endorsement agreement runs its lettered entries on after wide gaps.
    text = ('  a) "CONTRACT PERIOD" means the period ending on May 31, 2016 unless sooner terminated.     b) "SERVICES '
            'PERIOD" means the period ending on May 31, 2014.     c) "FINANCIAL SERVICES" shall mean banking products.')
    assert spans_of(text)["CONTRACT PERIOD"] == '"CONTRACT PERIOD" means the period ending on May 31, 2016 unless sooner terminated.'


@pytest.mark.parametrize("clause", [
    "2. Access/Use of Confidential Information: Subject to the terms of this Agreement, Confidant may use it.",  # 0019
    "B. Confidential Information - General Non-Disclosure Provisions",  # 0013
])
def test_an_entry_whose_line_ends_a_sentence_ends_where_the_next_line_opens_a_clause(clause):
    # ContractNLI's agreements whose lines are their paragraphs: the last entry, then a clause.
    text = f"h) “Third Party” means any Person other than City or Confidant.\n{clause}\n"
    assert spans_of(text)["Third Party"] == "“Third Party” means any Person other than City or Confidant."


def test_an_entry_ends_where_the_next_item_of_the_clause_around_it_opens_its_line():
    # ContractNLI 0017, the Department of Veterans Affairs' warranty clause: item (a) defines, (b) goes on.
    text = ('(a) Definitions. As used in this clause:\n"Supplies" means the end items furnished by the Contractor. The '
            'word does not include "data."\n(b) Contractor\'s obligations. The Contractor warrants the supplies.\n')
    assert spans_of(text)["Supplies"] == text[text.index('"Supplies"') : text.index('"data."') + 7]


def test_an_entry_keeps_the_items_of_a_list_it_opens_though_they_end_in_periods():
    # ContractNLI 0435, Yahoo's agreement.
    text = ('1. The "Confidential Information" is that confidential information being disclosed by the disclosing party '
            "described as (please be specific):\n(a) Yahoo Confidential Information: Resume and Employment Related.\n"
            "(b) Participant Confidential Information: Resume and Employment Related.\n2. Except as set forth here, all "
            "information is public.\n")
    assert spans_of(text)["Confidential Information"].endswith("(b) Participant Confidential Information: Resume and "
                                                                 "Employment Related.")


def test_an_entry_keeps_its_items_on_lines_longer_than_a_wrapped_one_that_end_in_semicolons():
    item = "(a) is or becomes generally available to the public other than as a result of a disclosure by the Recipient " * 2
    text = f'"Excluded Information" means information that:\n{item};\n(b) is already known to the Recipient.\n'
    assert spans_of(text)["Excluded Information"] == text.rstrip()


def test_an_entry_whose_line_ends_a_sentence_after_a_clause_numbered_in_levels_ends_at_the_semicolon():
    # ContractNLI 0037: the interpretation clause's items, each on its line.
    text = ('1.2.5 "holding company" and "subsidiary undertaking" shall have the meanings given to them in the Companies '
            "Act 2006;\n1.2.6 headings are included for ease of reference only; and\n1.2.7 references to Clauses are to "
            "clauses of this Agreement.\n")
    assert spans_of(text)["holding company"] == text[text.index('"holding') : text.index("2006;") + 5]


def test_an_entry_on_a_line_longer_than_a_wrapped_one_ends_with_its_line():
    # ContractNLI 0027, the advertising agency's agreement: its lines are its paragraphs.
    entry = ("“Commercial” means a commercial production referred to in the Producer’s "
             "bid form, which the Agency prepares for each production it proposes to the Producer. The Producer pays for "
             "each production it commissions.")
    text = entry + "\nNow, therefore, the Parties agree as follows:\n1. Confidential Information. Each Party keeps it.\n"
    assert spans_of(text)["Commercial"] == entry


def test_an_entry_of_several_sentences_wrapped_to_a_width_keeps_its_lines():
    text = ('"Affiliate" means any entity that controls, is controlled by or is under common control with a party.\n'
            'Control means the power to direct its management.\n\n2. Term. One year.\n')
    assert spans_of(text)["Affiliate"] == text[: text.index("management.") + 11]


def test_a_definition_of_several_sentences_keeps_them_all():
    text = ('"Affiliate" means any entity under common control with the Company. For the purposes of this definition, '
            'the term "control" means the power to direct its management.')
    assert spans_of(text)["Affiliate"] == text


def test_a_hard_wrapped_definition_goes_on_past_a_line_that_opens_with_a_citation():
    text = '"Term" means the period set forth in\nSection 8.1 of this Agreement, as extended.'
    assert spans_of(text)["Term"] == text


PROSE = "The parties may share data. The term \"Affiliate\" means any entity under common control with a Party. "


def test_a_definition_inside_a_sentence_of_prose_is_that_sentence():
    text = PROSE + "Confidential Information may be disclosed in writing or orally."
    assert spans_of(text)["Affiliate"] == '"Affiliate" means any entity under common control with a Party.'


@pytest.mark.parametrize(
    "more",
    [
        "The term Affiliate also includes a partnership of the Party.",  # MacroGenics' "The term Antibody also includes"
        "Affiliate does not include a lender of the Party.",
        "For the avoidance of doubt, a fund is no Affiliate.",
        "Without limiting the foregoing, a trust is an Affiliate.",
    ],
)
def test_a_sentence_saying_what_the_term_includes_or_excludes_goes_on_with_its_definition(more):
    text = PROSE + more + " Confidential Information may be disclosed in writing."
    assert spans_of(text)["Affiliate"].endswith(more)


def test_a_definition_in_prose_goes_on_past_an_abbreviation():
    text = 'The parties agree. The term "Agency" means any agency of the U.S. Government or a State. Then more.'
    assert spans_of(text)["Agency"] == '"Agency" means any agency of the U.S. Government or a State.'


def test_an_entry_after_a_lettered_label_is_no_prose_and_keeps_its_sentences():
    text = 'Definitions. (aa) "Seller" means Acme Widgets. Acme sells through its agents.'
    assert spans_of(text)["Seller"] == '"Seller" means Acme Widgets. Acme sells through its agents.'


def test_a_definition_in_prose_that_opens_a_list_keeps_the_list():
    # Slingerbag's consulting agreement: items titled by sentences.
    text = ('(d) For the purpose of this Article 3, "Cause" means: (i) Breach of Agreement. A material breach. (ii) '
            "Fraud. Any fraud.")
    assert spans_of(text)["Cause"] == text[text.index('"Cause"') :]


def test_referred_to_as_without_brackets_is_a_definition():
    only_defining('JSC Oil, hereinafter referred to as the "Company", in the person of its director', "Company", "referred")


@pytest.mark.parametrize(
    "text, term",
    [
        ("Northwind Ltd., of Leeds (hereinafter referred to as NORTHWIND) and Beta agree.", "NORTHWIND"),
        ("the hosted platform, referred to hereafter as the Customer Portal.\n", "Customer Portal"),
        ("Orion GmbH (hereinafter Orion Labs) and Vega SA agree.", "Orion Labs"),
        # Texts whose quotes were lost in extraction (Coherus's development agreement).
        ("This agreement is effective as of Nov. 2, 2019 (the Effective Date) between the parties.", "Effective Date"),
        ("Bioeq and Licensee (each, a Party) agree as follows.", "Party"),
    ],
)
def test_an_unquoted_name_after_referred_to_as_or_hereinafter_is_a_definition(text, term):
    only_defining(text, term, "referred")


def test_referred_to_as_before_lower_case_words_defines_nothing():
    assert find_definitions("the fee referred to as set out below is due.") == []


def test_collectively_as_after_individually_referred_to_defines_both_terms():
    text = 'Lessor and Lessee are each referred to herein as a "Party" and collectively as the "Parties".'
    assert [(d.term, d.kind) for d in find_definitions(text)] == [("Party", "referred"), ("Parties", "referred")]


@pytest.mark.parametrize(
    "text, defined",
    [
        ('the service tier known as "Gold Support" shall apply.', []),
        ('a beverage called "Fizz" is sold.', []),
        ('Each calendar quarter shall be known as a "Quarter".', ["Quarter"]),
        ('the plant in Ohio, known as "Plant One", is leased.', ["Plant One"]),
        ('the two sites (hereinafter called the "Sites") are leased.', ["Sites"]),
    ],
)
def test_called_or_known_as_defines_a_term_only_after_a_qualifier_a_verb_or_a_comma(text, defined):
    assert [d.term for d in find_definitions(text)] == defined


def test_a_quoted_term_followed_by_which_shall_include_is_a_definition_extending_it():
    only_defining('Vendor shall provide "Hosting Services" which shall include backups and monitoring.', "Hosting Services", "extension")


def test_and_its_derivatives_may_stand_between_a_term_and_means():
    only_defining('(b) "Assign" and its correlatives, whether or not capitalized, means to transfer.', "Assign", "means")


@pytest.mark.parametrize("text, kind", [
    # Common Paper's Mutual NDA: "(“**Confidential Information**”)".
    ("The information is confidential (\u201c**Content**\u201d) to the party disclosing it.", "parenthetical"),
    ('The information is confidential (the **"Content"**) to the party disclosing it.', "parenthetical"),
    ('The information is confidential (**"Content"**) to the party disclosing it.', "parenthetical"),
    ('"**Content**" means text, images and other material.', "means"),
    ('"__Content__" means text, images and other material.', "means"),
])
def test_a_term_set_in_bold_within_or_around_its_quotes_is_defined_without_the_bold_marks(text: str, kind: str) -> None:
    only_defining(text, "Content", kind)


def test_a_bold_phrase_quoted_with_other_words_is_no_term() -> None:
    assert find_definitions('He said "**stop** now" means nothing here.') == []


@pytest.mark.parametrize("text", [
    "- **Content** means text, images and other material.",
    # GitHub's corporate terms of service: '**"Effective Date"** is the earlier of the date on which ...'.
    '**"Content"** is the text, images and other material.',
])
def test_markdown_bold_term_is_a_definition(text):
    only_defining(text, "Content", "markdown")


def test_a_bold_phrase_that_is_said_to_be_something_else_is_no_definition():
    assert find_definitions("The **Warning** is not binding.") == []


@pytest.mark.parametrize("text", [
    'language (such as "without limitation" or "but not limited to") is used',
    # Goosehead's franchise agreement names JAMS by its former name.
    'the rules of JAMS, Inc. (formerly, "Judicial Arbitration and Mediation Services, Inc.") apply',
])
def test_quoted_examples_or_former_names_in_brackets_are_not_definitions(text):
    assert find_definitions(text) == []


def test_unquoted_entries_of_a_lettered_definitions_list_are_definitions(shared_text):
    text = shared_text(WESTERN_COPPER)
    entries = [d.term for d in find_definitions(text) if d.kind == "entry"]
    assert entries == [
        "Affiliate", "Area of Non-Competition", "Business Day", "Closing", "Designated Mineral Property",
        "Effective Date", "Mining Activities", "Person",
    ]


def test_an_unquoted_entry_of_no_list_in_a_paragraph_that_runs_on_for_pages_is_its_sentences(shared_text):
    # AUL's servicing agreement: its clauses run together into one paragraph after the definition.
    text = shared_text("cuad/contracts/AULAMERICANUNITTRUST_04_24_2020-EX-99.8.77-SERVICING AGREEMENT.txt")
    [d] = [d for d in find_definitions(text) if d.term == "Customer Information"]
    assert text[d.start : d.end].startswith("Customer Information means any information contained on an application")
    assert text[d.start : d.end].endswith("date of birth and personal financial information.")


def test_a_long_unquoted_entry_of_a_list_runs_to_its_end() -> None:
    rebates = "Deductions are taken for returns and rebates. " * 40
    text = ("Affiliate means any entity controlling a Party.\n\nNet Sales means the gross amount invoiced. "
            + rebates + "\n\nTerritory means the United States.\n")
    assert spans_of(text)["Net Sales"].endswith(rebates.rstrip())


def test_a_definition_opening_a_sentence_after_another_in_its_paragraph_is_that_sentence():
    # Creditcards.com's affiliate agreement: the definition stands in a clause about orders.
    text = ("7. Order Processing   Chase will process each order placed by a customer. \"Customers\" are defined herein as "
            "individuals who apply for Chase credit cards. Chase shall administer application forms.\n")
    assert spans_of(text)["Customers"] == '"Customers" are defined herein as individuals who apply for Chase credit cards.'


def test_a_definition_opening_a_clause_after_a_semicolon_in_its_line_is_its_sentence():
    # Nanophase's distribution agreement: "Confidentiality. The parties agree as follows; ".
    text = ('15. Confidentiality. The parties agree as follows; "Confidential Information" shall mean nonpublic '
            'information. Each party shall keep it secret.   16. Disputes. Negotiation comes first.\n')
    assert spans_of(text)["Confidential Information"] == '"Confidential Information" shall mean nonpublic information.'


def test_a_definition_after_a_wide_gap_in_its_line_is_an_entry_and_keeps_its_sentences():
    # PDF extraction runs the lines of a list of entries into one, parted by runs of spaces.
    text = ('Terms used. Each is defined.   "Affiliate" means any entity controlling a Party. Control means the power to '
            'direct its management.\n')
    assert spans_of(text)["Affiliate"].endswith("its management.")


def test_entries_of_a_definitions_part_run_on_in_one_line_keep_their_sentences():
    # iPass's reseller agreement: Exhibit A's definitions, each of several sentences, on one line.
    text = ('EXHIBIT A DEFINITIONS\n\n"Affiliate" means any entity controlled by Channel Partner. For the purposes of '
            'this definition, control shall mean ownership of at least fifty percent. "Business Entity" means a '
            'corporation that acquires Services. A Business Entity is not authorized to resell the Services.\n')
    spans = definitions_part_spans(text)
    assert spans["Affiliate"].endswith("at least fifty percent.")
    assert spans["Business Entity"].endswith("to resell the Services.")


@pytest.mark.parametrize(
    "more",
    [
        "Affiliates include the partnerships of the Party.",  # AT&T's '"Deliverable" means ... Deliverables include'
        "Affiliate shall also include a trust of the Party.",
        "Affiliate shall not be deemed to include a lender.",
        "However, Affiliate does not include a fund.",  # ContractNLI 0610's "However, Residuals does not include"
    ],
)
def test_a_sentence_saying_what_the_term_or_its_plural_includes_goes_on_with_the_definition_in_prose(more):
    text = "The parties agree. \"Affiliate\" means any entity under common control with a Party. " + more + " Then more."
    assert spans_of(text)["Affiliate"].endswith(more)


@pytest.mark.parametrize(
    "definition",
    [
        '"Virus" means a piece of harmful code.',  # Ehave's licence
        '"Business Day" means 9:00 to 17:00 on a weekday.',  # a colon that opens no list
    ],
)
def test_a_definition_in_prose_ends_before_a_lettered_clause_run_on_after_it(definition):
    text = f"The parties agree. {definition} (b) Headings; Extended Meanings The headings are for convenience only."
    term = definition.split('"')[1]
    assert spans_of(text)[term] == definition


def test_a_definition_in_prose_keeps_the_lettered_items_of_a_list_it_opens():
    # ContractNLI 0435: the information "described as (please be specific):" over items (a) and (b).
    text = ('1. The "Confidential Information" is that information described as (please be specific):\n'
            '(a) Yahoo Confidential Information: Resumes.\n(b) Participant Confidential Information: Resumes.\n2. Term.\n')
    assert spans_of(text)["Confidential Information"].endswith("(b) Participant Confidential Information: Resumes.")


def test_entries_run_on_in_one_line_of_a_definitions_article_are_definitions():
    # Ritter Pharmaceuticals' supply agreement: the whole list of definitions on one line.
    text = ("Recitals.\n\nThe parties agree as follows. 1. Definitions 1.1. Adverse Event shall mean an incident with "
            "the Product. 1.2. Affiliate shall mean any entity controlling a Party. 1.3. Scope. The list applies "
            "throughout. 2. Term 2.1 The Agreement runs for five years.\n")
    doc = LongDocument(text)
    assert [d.term for d in find_definitions(text, doc.nodes) if d.kind == "entry"] == ["Adverse Event", "Affiliate"]


def test_entries_run_on_after_a_sentence_end_and_a_wide_gap_are_definitions_each_ending_at_the_next(shared_text):
    # Aspirity's outsourcing agreement, as PDF extraction gave it: its list of definitions in lines
    # joined by wide gaps ("... the terms hereof.     Business Day. Any day other than ...").
    text = shared_text(ASPIRITY)
    entries = [d for d in LongDocument(text).definitions if d.kind == "entry"]
    assert [d.term for d in entries][:6] == [
        "Accepted Note Practices", "Contractor", "Agreement", "Business Day", "Commission or SEC", "Company",
    ]
    agreement = entries[2]
    assert text[agreement.start : agreement.end].startswith("Agreement. This Outsourcing Agreement")
    assert text[agreement.end - 14 : agreement.end] == " terms hereof."


def test_entries_run_on_after_a_wide_gap_define_the_same_terms_when_a_wrap_breaks_their_lines(shared_text):
    # Aspirity's list wrapped at 72 columns: "... below.     Due" over "Period. The monthly ...",
    # "... Indenture.     Paying Agent." over "Bank, National Association ...".
    text = shared_text(ASPIRITY)
    terms = [d.term for d in LongDocument(text).definitions if d.kind == "entry"]
    assert len(terms) > 20
    assert [d.term for d in LongDocument(wrapped(text)).definitions if d.kind == "entry"] == terms


@pytest.mark.parametrize("seed", range(3))
def test_the_definitions_after_edits_near_wrapped_entries_equal_a_fresh_build(shared_text, seed):
    # Typing where a wrap broke Aspirity's entries over lines: around their terms, stops and verbs.
    doc = LongDocument(wrapped(shared_text(ASPIRITY)))
    rng = random.Random(seed)
    for _ in range(12):
        text = doc.text
        spots = [m.start() for m in re.finditer(r"[.;:] {3,}[A-Z]\w*\n\w+", text)]
        at = max(0, min(len(text), rng.choice(spots) + rng.randrange(-10, 30)))
        doc = doc.edit(at, min(len(text), at + rng.choice([0, 1])), rng.choice(["\n", "", " ", "x", ".", "   ", "A"]))
        assert doc.definitions == LongDocument(doc.text).definitions


def test_a_definitions_list_run_into_one_line_defines_what_its_lines_define():
    text = ("1. DEFINITIONS\n\nIn this Agreement the following terms have these meanings.\n"
            "Business Day. Any day on which banks are open.\nCommission or SEC: The Securities and Exchange "
            "Commission.\nDue Period means each month.\n(d) Holder. The owner of a Note.\n\n2. TERM\n\n"
            "2.1 Each Holder is paid on a Business Day.\n")
    lines = [(d.term, d.kind) for d in LongDocument(text).definitions]
    assert lines == [("Business Day", "entry"), ("Commission or SEC", "entry"), ("Due Period", "entry"), ("Holder", "entry")]
    assert [(d.term, d.kind) for d in LongDocument(one_line(text)).definitions] == lines


def test_entries_set_off_by_a_dash_and_run_on_after_a_wide_gap_each_end_at_the_next():
    # Teleglobe's cable agreement lists its kinds of capacity so.
    text = ("1. DEFINITIONS\n\n(d) Capacity Types are as follows:   Allocated Capacity - capacity allocated to a "
            "Party.       Design Capacity - the capacity the system is designed to provide.\n\n2. TERM\n\n"
            "The Allocated Capacity never exceeds the Design Capacity.\n")
    entries = [d for d in LongDocument(text).definitions if d.kind == "entry"]
    assert [text[d.start : d.end] for d in entries] == [
        "Allocated Capacity - capacity allocated to a Party.",
        "Design Capacity - the capacity the system is designed to provide."]


@pytest.mark.parametrize("gapped", [
    # Justified text, a line break turned into a gap within a sentence.
    "Users may access the Software on a designated Corio          Server. The number is reusable.",
    # A clause's title alone on its line, and the sentence after it that ends with capitalised words.
    "The terms apply.     2.1 Material No.     The Siemens Material No. is used to identify products.",
])
def test_capitalised_words_after_a_wide_gap_are_no_entry_unless_a_sentence_ends_before_and_one_follows(gapped):
    doc = LongDocument("1. DEFINITIONS\n\n" + gapped + "\n\n2. TERM\n\n2.1 The term is a year.\n")
    assert [d.term for d in doc.definitions if d.kind == "entry"] == []


def test_unquoted_terms_opening_the_lines_of_a_british_definitions_clause_are_definitions(shared_text):
    # WPP's service agreement: "1.1 In this Agreement:" over terms set in bold, which text loses.
    text = shared_text(WPP)
    entries = [d for d in LongDocument(text).definitions if d.kind == "entry"]
    assert [d.term for d in entries][:5] == ["Appointment", "Board", "Financial Year", "Group", "Recognised Investment Exchange"]
    assert text[entries[0].start : entries[0].end] == (
        "Appointment means the employment of the Executive by the Company on and subject to the terms of this Agreement;")


@pytest.mark.parametrize("text, found", [
    # Waste2Energy's alliance agreement: its list of definitions joined into lines by wide gaps; an
    # entry runs to the next.
    ("1.1 In this Agreement the following expressions have these meanings:     Affiliates means the "
     "subsidiaries of a Party;     Agreement means this agreement. It includes the schedules;     Term has the "
     "meaning set out in Clause 3.1;     Territory shall mean the world.\n", [
         ("Affiliates", "entry", "Affiliates means the subsidiaries of a Party;"),
         ("Agreement", "entry", "Agreement means this agreement. It includes the schedules;"),
         ("Term", "pointer", "Term has the meaning set out in Clause 3.1;"),
         ("Territory", "entry", "Territory shall mean the world."),
     ]),
    # NLS's development agreement: its definitions in one paragraph of sentences; each is its sentence.
    ("The following terms shall have the following meaning: Affiliates means any entity which controls a "
     "Party. Agreement shall mean this Agreement, including its Appendices. Appendix shall mean any appendix "
     "to this Agreement. Losses shall have the meaning set forth in Article 12. These terms apply throughout.\n", [
         ("Affiliates", "entry", "Affiliates means any entity which controls a Party."),
         ("Agreement", "entry", "Agreement shall mean this Agreement, including its Appendices."),
         ("Appendix", "entry", "Appendix shall mean any appendix to this Agreement."),
         ("Losses", "pointer", "Losses shall have the meaning set forth in Article 12."),
     ]),
])
def test_unquoted_definitions_run_on_in_one_line_each_span_their_entry_or_sentence(text, found):
    assert [(d.term, d.kind, text[d.start : d.end]) for d in find_definitions(text)] == found


@pytest.mark.parametrize(("text", "term", "kind", "span"), [
    # Entries of contracts in CUAD wrapped at 72 columns: Qualigen's, NLS's, INTRICON's,
    # Waste2Energy's and WPP's agreements.
    ("1.8. Distributor shall mean the distributor that Qualigen and Sekisui appoint. 1.9. Effective\nDate shall "
     "mean May 1, 2016.\n", "Effective Date", "entry", "1.9. Effective\nDate shall mean May 1, 2016."),
    ("Business Day means a day on which banks in Victoria are open for business;     Confidential\nInformation "
     "means information in relation to a party;\n", "Confidential Information", "entry",
     "Confidential\nInformation means information in relation to a party;"),
    ("(a) Agreement means this agreement, with its schedules, as amended in writing. (b) IP\nMaterials means all "
     "documents and works.\n", "IP Materials", "entry", "(b) IP\nMaterials means all documents and works."),
    ("Company has the meaning given in section 1159 of the Companies Act 2006;     Intellectual Property Rights\n"
     "means patents and trade marks;\n", "Intellectual Property Rights", "entry",
     "Intellectual Property Rights\nmeans patents and trade marks;"),
    ("Licensee may make, have made, use and sell the Licensed Product. Losses\nshall have the meaning set forth in "
     "Article 17.1.\n", "Losses", "pointer", "Losses\nshall have the meaning set forth in Article 17.1."),
    ("Licensee may make, have made, use and sell the Licensed Product. Indemnified Party shall have the\nmeaning "
     "set forth in Article 17.3.\n", "Indemnified Party", "pointer",
     "Indemnified Party shall have the\nmeaning set forth in Article 17.3."),
])
def test_an_unquoted_entry_that_a_wrap_broke_inside_its_term_or_before_its_verb_is_defined(text, term, kind, span):
    assert (term, kind, span) in [(d.term, d.kind, text[d.start : d.end]) for d in find_definitions(text)]


@pytest.mark.parametrize("heading", ["DEFINITIONS AND INTERPRETATION OF THIS AGREEMENT",
                                     "THE DEFINITIONS AND THE INTERPRETATION OF THIS AGREEMENT", "1. DEFINITIONS"])
def test_capitalised_words_of_a_heading_above_an_unquoted_entry_are_no_part_of_its_term(heading):
    # Opening its line, or on a line too short to be wrapped.
    assert find_definitions(f"Recitals follow.\n\n{heading}\nAffiliate means any entity.\n") == []


def test_a_verb_set_in_capitals_after_an_unquoted_entry_is_no_part_of_its_term():
    # Pacira's licensing agreement: "Endo Product Means: (i) DepoDur ...".
    text = ("1. Definitions\n\nEndo/PPI Unit Sales Shall have the meaning set forth in Section 3.19 hereof;\n\n"
            "Endo Product Means: (i) DepoDur 10 mg/ml; and (ii) DepoDur 15 mg/1.5 ml;\n\n2. Sales\n\nEKR sells.\n")
    found = [(d.term, d.kind) for d in LongDocument(text).definitions]
    assert found == [("Endo/PPI Unit Sales", "pointer"), ("Endo Product", "entry")]


@pytest.mark.parametrize("text", ["Affiliate means any entity.\n", "\nAffiliate means any entity.\n", " \n  Affiliate means any entity.\n"])
def test_an_unquoted_term_opening_the_text_or_a_line_after_a_blank_one_is_defined(text):
    d = only(text)
    assert (d.term, d.kind, text[d.start : d.end]) == ("Affiliate", "entry", "Affiliate means any entity.")


@pytest.mark.parametrize("opening", ["For the purposes of this Agreement, ", "For purpose of this Agreement, ", "In this Clause 13, "])
def test_an_unquoted_term_after_an_opening_that_names_the_agreement_is_defined_by_its_sentence(opening):
    text = f"13. CONFIDENTIALITY\n\n13.1 {opening}Confidential Information means all information disclosed. It stays secret.\n"
    d = only(text)
    assert (d.term, d.kind, text[d.start : d.end]) == (
        "Confidential Information", "entry", "Confidential Information means all information disclosed.")


@pytest.mark.parametrize("text", [
    # A line wrapped in the middle of a sentence.
    "The Distributor shall not sell the Licensed\nProducts means of payment aside, outside the Territory.\n",
    "The Distributor shall keep records of the Licensed\nProducts means nothing here.\n",
    # "means" the noun, and a pronoun that means something.
    "Notices may be sent by any means. Electronic means of delivery are allowed.\n",
    "Payment is due on receipt. This means that no credit is given.\n",
    # Capitalised words in the middle of a sentence.
    "The parties agree that Acme Products means quality.\n",
])
def test_capitalised_words_before_means_define_nothing_where_no_entry_or_sentence_opens(text):
    assert find_definitions(text) == []


def test_a_bracketed_term_said_to_be_defined_below_points_to_its_definition_and_is_no_second_one():
    # Adobe's NDA: 'Confidential Information ("CI", as defined below)', then the definition it points to.
    text = ('This NDA governs Confidential Information ("CI", as defined below) between the parties.\n\n'
            "1. Definition. \"CI\" means non-public information.\n\n2. Use. CI is used for the Purpose only.\n")
    doc = LongDocument(text)
    assert [(d.term, d.kind, d.duplicate) for d in doc.definitions] == [("CI", "pointer", False), ("CI", "means", False)]
    assert "duplicate-definition" not in {d.code for d in doc.diagnostics()}


@pytest.mark.parametrize("pointing", [
    'the notes (the "Notes"), as more specifically defined in the Outsourcing Agreement',
    'personal information ("NPI"), as defined in the Gramm-Leach-Bliley Act',
])
def test_a_bracketed_term_followed_by_as_defined_in_another_text_points_there(pointing):
    # Aspirity's exhibit names the notes its agreement defines, and the act that defines NPI.
    d = only(f"The Agent administers {pointing}, in good faith.\n")
    assert d.kind == "pointer"


@pytest.mark.parametrize("pointing, term", [
    # ATN's master agreement, Gpaq's media licence, Profound's supply agreement.
    ("the Structured Payments (as such term is defined in the Build Addendum)", "Structured Payments"),
    ("the Closing (as defined in the Merger Agreement)", "Closing"),
    ("the Completion Date as defined in the Purchase Agreement", "Completion Date"),
    ("the Sublicensed Territory, as defined in the Sublicense Agreement", "Sublicensed Territory"),
    ("the Licensed Products (as defined by the License Agreement)", "Licensed Products"),
    ("any Awards (as defined in the 2016 Incentive Plan)", "Awards"),
    ("the Trustee or Debtor in Possession, as defined in the Code", "Debtor in Possession"),
])
def test_an_unquoted_term_said_to_be_defined_in_another_text_points_there(pointing, term):
    d = only(f"The Vendor shall receive {pointing} when due.\n")
    assert (d.term, d.kind) == (term, "pointer")


@pytest.mark.parametrize("text", [
    "Upon issue of the Licensee's Subscription Shares (as defined in the Share Purchase Agreement), it pays.\n",
    "It pays. Any Subscription Shares (as defined in the Share Purchase Agreement) are paid.\n",
])
def test_an_owner_or_a_determiner_before_a_term_defined_in_another_text_is_no_part_of_it(text):
    assert only(text).term == "Subscription Shares"


@pytest.mark.parametrize("text", [
    # Hertz's licence and MSCI's agreement point to their own clauses: the term is used there.
    "1.1 Licensor owns all rights in the Licensed Mark (as defined in Article 1.6) in the United States.\n",
    "Materials not separately commercialized by the MS Provider Group (as defined below) are excluded.\n",
    "The Products (as defined in paragraph 2, below) are sold.\n",
    "The Account as defined in Section 2(a)(42) of the 1940 Act votes.\n",
    # Bellicum's supply agreement: a party and the trade term that places delivery.
    "Miltenyi shall deliver to Bellicum as defined by Incoterm FCA (Incoterms 2010).\n",
])
def test_a_term_pointed_to_a_part_of_its_own_text_or_a_party_placed_by_a_rule_is_defined_by_neither(text):
    assert find_definitions(text) == []


@pytest.mark.parametrize("citing", [
    'Article 18 ("Force Majeure")',  # Pacira's list of the articles that survive
    'Section 4.8 ("Dispute Resolution")',
    'clause 6 ("Economic rights")',
    'Section\n1 ("Definitions")',
])
def test_the_quoted_title_of_a_clause_cited_before_it_is_no_definition(citing):
    assert find_definitions(f"Upon termination, {citing} shall survive.\n") == []


@pytest.mark.parametrize("text, term", [
    ('The party seeking relief under this Section 11 ("Indemnitee") shall notify the other party.', "Indemnitee"),
    ('The employees identified in Exhibit B ("Retained Employees") stay for a year.', "Retained Employees"),
    ('The fees set in Section 4 (the "Base Fees") are due monthly.', "Base Fees"),
])
def test_a_term_bracketed_after_a_citation_of_the_clause_it_stands_in_or_an_exhibit_is_defined(text, term):
    assert (only(text).term, only(text).kind) == (term, "parenthetical")


@pytest.mark.parametrize("text, term", [
    ('  A "User Product" is either a consumer product or a dwelling item. It ships.', "User Product"),  # the GPL
    ("4.2.10 The \"Technology Fee\" will be an amount that reimburses our costs. We bill it monthly.", "Technology Fee"),
    ('Fees are due. The term "Major Account" is agreed to mean any customer we designate. It may change.', "Major Account"),
    ('Use is monitored. An "adverse event" is any negative symptom at the time of use. Report it.', "adverse event"),
    ('4.2.3.1 The "First Minimum Threshold Period" shall begin on the first anniversary. It lasts a year.',
     "First Minimum Threshold Period"),
])
def test_a_quoted_term_as_the_subject_of_a_sentence_saying_what_it_is_is_defined_by_that_sentence(text, term):
    d = only(text)
    assert (d.term, d.kind) == (term, "means")
    assert text[d.end - 1] == "." and text.count(".", d.term_end, d.end) == 1


@pytest.mark.parametrize("text", [
    'The Seller pays the "Termination Fee" on exit. The "Termination Fee" shall be paid in cash.',
    'The "Special Pricing" is contingent on a minimum order.',
    'Notices go where the "Seller" is the party named above.',
])
def test_a_quoted_term_as_a_subject_saying_what_happens_to_it_or_mid_sentence_is_no_definition(text):
    assert [d for d in find_definitions(text) if d.kind == "means"] == []


# GitHub's Terms of Service and Cardlytics's maintenance agreement define terms so in their lists.
GITHUB_ACCOUNTS = ('1. An "Account" represents your legal relationship with GitHub. A “Personal Account” represents an '
                   'individual User’s authorization to log in to and use the Service. “Organizations” are shared '
                   'workspaces that may be associated with a single entity.\n')
CARDLYTICS_ENTRY = ('  A. "Minority-Owned Business Enterprise" is recognized as a "for profit" enterprise, regardless of size, '
                    'physically located in the United States.\n')


@pytest.mark.parametrize("text, terms", [
    ("# Terms of Service\n\n## A. Definitions\n\n" + GITHUB_ACCOUNTS, ["Account", "Personal Account", "Organizations"]),
    ("1. DEFINITIONS\n\n" + CARDLYTICS_ENTRY, ["Minority-Owned Business Enterprise"]),
])
def test_a_quoted_term_opening_a_sentence_of_a_definitions_part_is_defined_by_is_are_or_represents(text, terms):
    found = [d for d in LongDocument(text).definitions if d.kind == "means"]
    assert [d.term for d in found] == terms
    assert all(text[d.end - 1] == "." for d in found)


def test_a_quoted_term_opening_a_sentence_elsewhere_is_no_definition_by_is_are_or_represents():
    assert LongDocument("# Terms of Service\n\n## B. Account Terms\n\n" + GITHUB_ACCOUNTS).definitions == []


def test_a_quoted_term_mid_sentence_of_a_definitions_part_is_not_defined_by_the_verb_after_it():
    text = '1. DEFINITIONS\n\n1.1 "Products" means the goods listed in Schedule A, of which the "Catalogue Items" are a part.\n'
    assert [d.term for d in LongDocument(text).definitions] == ["Products"]


def test_a_term_that_refers_collectively_to_what_it_names_is_defined():
    d = only('1. The “Agreement” refers, collectively, to all the terms and conditions contained in this document.')
    assert (d.term, d.kind) == ("Agreement", "means")


def test_a_quoted_subject_to_be_interpreted_as_defined_elsewhere_is_a_pointer():
    d = only('Prices apply. The term "Generic" shall be interpreted as defined under Section 1.17 of the Supply Agreement.')
    assert (d.term, d.kind) == ("Generic", "pointer")


def test_an_unquoted_entry_that_points_to_where_its_term_is_defined_is_a_pointer():
    # Coherus's development agreement: its list repeats terms the preamble and later clauses define.
    text = ("This Agreement is made between Bioeq and Licensee, each referred to jointly as the \"Parties\".\n\n"
            "1. DEFINITIONS\n\n1.1 Affiliate means any entity that controls a Party.\n\n"
            "1.2 Parties shall have the meaning ascribed to it in the introductory paragraph above.\n\n"
            "2. TERM\n\n2.1 The Parties and each Affiliate agree.\n")
    doc = LongDocument(text)
    assert [(d.term, d.kind, d.duplicate) for d in doc.definitions] == [
        ("Parties", "referred", False), ("Affiliate", "entry", False), ("Parties", "pointer", False),
    ]
    assert [d.code for d in doc.diagnostics()] == []


def test_a_table_of_definitions_with_its_verbs_in_capitals_defines_each_term():
    # Pacira's licensing agreement sets each term in a column, its verb capitalised, at times lines below.
    text = ("1. Definitions\n\nThe following words have the following meanings:\n\n\"Applicable Laws\"\n\n\n\n"
            "Shall mean all laws regarding the Products;\n\n\"Calendar Year\"    Shall mean twelve months;\n\n"
            "\"cGMP\"    Means Current Good Manufacturing Practices;\n\n2. Term\n\nApplicable Laws, each Calendar Year and cGMP apply.\n")
    doc = LongDocument(text)
    assert [(d.term, d.kind) for d in doc.definitions] == [
        ("Applicable Laws", "means"), ("Calendar Year", "means"), ("cGMP", "means"),
    ]


def test_the_clauses_about_reading_a_definitions_article_define_no_terms():
    # TRICITY's outsourcing agreement: its definitions article closes with how to read the agreement.
    text = ("1. DEFINITIONS\n\n1.1 Definitions. For the purposes of this Agreement the following terms apply.\n\n"
            "1.2 Bank means Tri City National Bank.\n\n1.3 References. In this Agreement the word include means "
            "includes without limitation.\n\n1.4 Interpretation. In the event of a conflict the schedules prevail.\n\n"
            "2. TERM\n\n2.1 The Bank signs.\n")
    doc = LongDocument(text)
    assert [d.term for d in doc.definitions if d.kind == "entry"] == ["Bank"]


def test_an_entry_titled_by_the_term_it_defines_in_quotes_is_one_definition():
    text = ("ARTICLE 2 DEFINITIONS\n\n2.1 Affiliate. \"Affiliate\" means an entity that controls a Party.\n\n"
            "2.2 Cell Site. \"Cell Site\" means a tower.\n\nARTICLE 3 TERM\n\n3.1 Each Affiliate at a Cell Site signs.\n")
    doc = LongDocument(text)
    defs = find_definitions(text, doc.nodes)
    assert [(d.term, d.kind, d.duplicate) for d in defs] == [("Affiliate", "means", False), ("Cell Site", "means", False)]
    assert [d.code for d in doc.diagnostics()] == []


def test_a_line_that_a_sentence_wraps_into_inside_a_definitions_part_is_no_entry():
    # The Mozilla Public License wraps its definitions: "... under this" over "License. For ...".
    text = ('1. Definitions\n\n1.8. "License"\n    means this document.\n\n1.14. "You"\n    means an individual '
            "exercising rights under this\n    License. For legal entities, You includes its affiliates.\n\n"
            "2. Grants\n\nThe License is granted to You.\n")
    doc = LongDocument(text)
    assert [(d.term, d.kind, d.duplicate) for d in doc.definitions] == [("License", "means", False), ("You", "means", False)]


def test_an_unquoted_entry_of_a_definitions_part_saying_what_its_term_is_is_a_definition():
    # Scansource's distributor agreement: "End User is the final purchaser ...".
    text = ("1.0 DEFINITIONS.\n\nEnd User is the final purchaser of Products.\n\n"
            "Purchase Order is a written order from Distributor.\n\nProducts are all goods Cisco sells.\n\n"
            "Cisco is not bound by any other terms.\n\n2.0 ORDERS.\n\nEach End User sends a Purchase Order.\n")
    doc = LongDocument(text)
    assert [d.term for d in find_definitions(text, doc.nodes)] == ["End User", "Purchase Order", "Products"]


# RFC 2616's "14 Header Field Definitions": each header's section, its examples and notes.
HEADER_FIELDS = """\
14 Header Field Definitions

   This section defines the syntax and semantics of all standard
   HTTP/1.1 header fields.

14.1 Accept

   If no Accept header field is present, then it is assumed that the
   client accepts all media types. An example is

       Accept: audio/*; q=0.2, audio/basic

      Note: When automatically redirecting a POST request, some user
      agents will erroneously change it into a GET request.

14.13 Content-Length

   The server refuses to accept the request without a defined Content-
   Length. The client MAY repeat the request if it adds a valid
   Content-Length header field.

       Content-Length: 3495

14.33 Proxy-Authenticate

   The HTTP access authentication process is described in "HTTP
   Authentication: Basic and Digest Access Authentication" [43].

14.39 TE

   This is a list of the currently-defined warn-codes.

   If the Content-Location is a relative URI, the URI is interpreted
   relative to the Request-URI.
"""


def test_the_examples_notes_and_sentences_of_a_part_of_field_definitions_are_no_entries():
    doc = LongDocument(HEADER_FIELDS)
    assert [d.term for d in doc.definitions] == []


@pytest.mark.parametrize("entry", [
    "Initial Parties: The Initial Parties are Advantel, C&W and China Telecom.",  # Teleglobe's
    "Affiliate: any entity that controls a party.",
])
def test_an_entry_whose_colon_is_followed_by_prose_is_a_definition(entry):
    text = f"1. Definitions\n\n{entry}\n\n2. Term\n\nThe Affiliate and the Initial Parties sign.\n"
    assert [d.term for d in LongDocument(text).definitions] == [entry.split(":")[0]]


def test_a_labelled_entry_opens_its_line_even_after_an_entry_ending_without_a_stop():
    text = ("ARTICLE 1\nDEFINITIONS\n\n(a) Affiliate: any entity that controls a party\n"
            "(b) Business Day: a day banks are open\n\nARTICLE 2\nTERM\n\nEach Affiliate signs on a Business Day.\n")
    doc = LongDocument(text)
    assert [d.term for d in find_definitions(text, doc.nodes) if d.kind == "entry"] == ["Affiliate", "Business Day"]


def test_the_page_footer_of_a_filing_inside_a_definitions_part_is_no_entry():
    text = ("ARTICLE 1\nDEFINITIONS\n\n(a) Affiliate: any entity that controls a party.\n\n"
            "Source: ACME CORP, 10-K, 3/1/2019\n\n(b) Business Day: a day banks are open.\n")
    doc = LongDocument(text)
    assert [d.term for d in find_definitions(text, doc.nodes) if d.kind == "entry"] == ["Affiliate", "Business Day"]


def test_a_party_name_heading_a_page_inside_a_definitions_part_is_no_entry():
    # Rare Element's IP agreement repeats its header on each page of the definitions.
    text = ("ARTICLE 1\nDEFINITIONS\n\n(a) Affiliate: any entity that controls a party.\n\n"
            "Rare Element Resources Ltd.  EXECUTION COPY   IP Rights Agreement\n\n(b) Business Day: a day banks are open.\n")
    doc = LongDocument(text)
    assert [d.term for d in find_definitions(text, doc.nodes) if d.kind == "entry"] == ["Affiliate", "Business Day"]


def test_a_term_defined_twice_keeps_both_definitions_marked(shared_text):
    text = shared_text("cuad/contracts/COOLTECHNOLOGIES,INC_10_25_2017-EX-10.71-Strategic Alliance Agreement.txt")
    twice = [d for d in find_definitions(text) if d.term == "VET TECH Services"]
    assert len(twice) == 2 and all(d.duplicate for d in twice)


def test_a_term_quoted_again_within_its_own_definition_is_no_duplicate(shared_text):
    # "Subscribers" means ... "Subscribers" include ...: one definition, extended.
    text = shared_text("cuad/contracts/GlobalTechnologiesGroupInc_20050928_10KSB_EX-10.9_4148808_EX-10.9_Content License Agreement.txt")
    subscribers = [d for d in find_definitions(text) if d.term == "Subscribers"]
    assert len(subscribers) == 2 and subscribers[1].term_start < subscribers[0].end
    assert not any(d.duplicate for d in subscribers)


@pytest.mark.parametrize(("text", "term"), [
    # Bellicum's supply agreement, Neurobo's, Bloom Energy's, eDiets' and PF Hospitality's.
    ('(2) For purposes hereof, each of the following events shall be deemed a "Supply Failure":\n\n(i) if Miltenyi fails '
     "to deliver.\n", "Supply Failure"),
    ('Upon such agreement, the order shall be deemed to be the "Firm Order" which shall be binding.', "Firm Order"),
    ('(b) Owner Default. Any of the following shall constitute an "Owner Default":\n\n(i) The failure of Owner to pay.\n',
     "Owner Default"),
    ('For the purposes of this Section 11, the party receiving Confidential Information shall be the "Receiving Party."',
     "Receiving Party"),
    ('The date you actually open the Franchised Business is the "Opening Date."', "Opening Date"),
])
def test_a_quoted_term_that_something_is_deemed_constitutes_or_is_is_defined_as_an_extension(text: str, term: str) -> None:
    found = find_definitions(text)
    assert [(d.term, d.kind) for d in found] == [(term, "extension")]
    span = text[found[0].start : found[0].end]  # the sentence up to the term's closing quote
    assert span.endswith('"') and span.index(f'"{term}') > 20


@pytest.mark.parametrize(("text", "kinds"), [
    # Papa John's endorsement: a term of a statute, in small letters.
    ('All results of the Celebrity Endorsement will be deemed a "work made for hire" under the Copyright Act.', []),
    # LookSmart's offer: a parenthetical that ends with the term.
    ('The documents provided by Purchaser to the Sponsors (which, collectively, as amended or supplemented, constitute '
     'the "Offer"); and', ["parenthetical"]),
    # Suntron's and Verizon's: a term whose meaning another text gives.
    ('The occurrence of any Maintenance Event of Default hereunder shall constitute an "Event of Default" (as defined '
     "therein) under the Financing Agreement.", []),
    ('IRS Form W-9 in the case of a person that is a "United States Person" within the meaning of Section 7701(a)(30) of '
     "the Code.", []),
])
def test_a_deemed_term_in_small_letters_closing_a_parenthetical_or_defined_elsewhere_is_no_extension(
        text: str, kinds: list[str]) -> None:
    assert [d.kind for d in find_definitions(text)] == kinds


def test_a_term_that_shall_only_mean_something_is_defined() -> None:
    # Performance Sports Brands' endorsement agreement.
    text = 'g. "Endorsed Product(s)" shall only mean and include Company products bearing the Player\'s name.\n'
    assert [(d.term, d.kind) for d in find_definitions(text)] == [("Endorsed Product(s)", "means")]


def test_a_term_defined_again_after_its_definition_ends_is_a_duplicate() -> None:
    text = ('"Subscribers" means end users who registered. "Subscribers" include trial users.\n\n'
            '5. Fees. "Subscribers" means paying users only.\n')
    found = [(d.kind, d.duplicate) for d in find_definitions(text) if d.term == "Subscribers"]
    assert found == [("means", True), ("extension", False), ("means", True)]


@pytest.mark.parametrize("extension", [
    'As used in this Agreement, the term "Company" shall include any entity to which it is assigned.',
    'For purposes of this Agreement, the term "Company" includes its Affiliates.',
    '"Company" shall be deemed to include any successor of Acme Inc.',  # Ritter's "Term" so widened
    'Provided, however, that "Company" will only include a successor for a period of one year.',  # Energous's
])
def test_a_term_said_to_include_more_where_it_is_defined_elsewhere_is_no_second_definition(extension):
    # Womens Golf Unlimited's and OFG Bancorp's agreements widen a party's name this way.
    text = f'This Agreement is made by Acme Inc. (the "Company") and Beta LLC.\n\n9. Assignment. {extension}\n'
    doc = LongDocument(text)
    assert [(d.kind, d.duplicate) for d in doc.definitions] == [("parenthetical", False), ("extension", False)]
    assert "duplicate-definition" not in {d.code for d in doc.diagnostics()}


def test_a_pointer_to_an_earlier_definition_is_no_duplicate(shared_text):
    text = shared_text(CHAPARRAL)
    commodity = [d for d in find_definitions(text) if d.term == "Commodity"]
    assert [d.kind for d in commodity] == ["parenthetical", "pointer"]
    assert not any(d.duplicate for d in commodity)


def test_term_written_with_irregular_spaces_is_named_with_single_spaces(shared_text):
    text = shared_text(KNOWLABS)
    d = next(d for d in find_definitions(text) if d.term == "Company Affiliate")
    assert text[d.term_start : d.term_end] == "Company   Affiliate"


def test_byte_view_keeps_every_offset():
    text = "\u201cTerm\u201d \u2014 means \u00a7 5 \U0001f600 \u4e2d"
    view = byte_view(text)
    assert len(view) == len(text)
    assert view[:6] == b'"Term"'


def test_non_str_text_is_a_type_error():
    with pytest.raises(TypeError, match="text must be str"):
        find_definitions(b"bytes")  # type: ignore[arg-type]


DEVELOPMENT = sorted(p.name for p in GOLD.glob("*.json") if json.loads(p.read_text(encoding="utf-8"))["split"] == "development")


@pytest.mark.parametrize("name", DEVELOPMENT)
def test_gold_contract_definitions_are_found_with_their_terms(shared_text, name):
    gold = json.loads((GOLD / name).read_text(encoding="utf-8"))
    text = shared_text(f"cuad/contracts/{gold['contract']}")
    found = {(d.term, d.term_start) for d in find_definitions(text, LongDocument(text).nodes)}
    wanted = {(" ".join(g["term"].split()), g["term_start"]) for g in gold["definitions"]}
    # Each development contract keeps precision at least 0.95 and recall at least 0.80; the held-out
    # contracts are only measured (bench/intel.py), never tuned against.
    assert len(found & wanted) >= 0.95 * len(found), sorted(found - wanted)
    assert len(found & wanted) >= 0.80 * len(wanted), sorted(wanted - found)


EDITS = st.sampled_from(["", "x", '"Foo" means a bar.\n\n', "\n\n", ' (the "Baz") ', " means ", '"', "**Qux** means",
                         ' Section 4 ("Baz") ', "this "])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), insert=EDITS)
def test_definitions_after_an_edit_equal_a_fresh_scan(shared_text, data, insert):
    text = shared_text(CHAPARRAL)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 300)))
    new_text = text[:start] + insert + text[end:]
    old = find_definitions(text)
    assert definitions_after_edit(old, new_text, start, end, len(insert)) == find_definitions(new_text)


# The City of Winnipeg's agreement, whose lines are its paragraphs.
WINNIPEG = "contractnli/documents/0019.txt"
LINE_EDITS = st.sampled_from(["", "x", ".\n", ";\n", "\n2. Access: ", "\nB. Terms ", "\n1.2.6 headings ", " word" * 45,
                              '\n"Foo" means a bar.'])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), insert=LINE_EDITS)
def test_definitions_after_an_edit_in_a_text_whose_lines_are_its_paragraphs_equal_a_fresh_scan(shared_text, data, insert):
    text = shared_text(WINNIPEG)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 300)))
    new_text = text[:start] + insert + text[end:]
    assert definitions_after_edit(find_definitions(text), new_text, start, end, len(insert)) == find_definitions(new_text)


def test_a_term_whose_verb_stands_a_page_break_below_it_is_defined() -> None:
    # Xencor's collaboration agreement: '1.1 "Acceptance Criteria"', a page break, "shall mean ...".
    text = '1 Definitions   1.1 "Acceptance Criteria"\n\n\n\n\n\n  shall mean the criteria agreed for a Batch.\n'
    [found] = find_definitions(text)
    assert (found.term, found.kind, text[found.start : found.end]) == (
        "Acceptance Criteria", "means", text[text.index('"Acc') : text.index("Batch.") + 6])


@pytest.mark.parametrize("blank_lines", [1, 3, 5])
def test_an_edit_in_a_definition_whose_verb_stands_lines_below_its_term_equals_a_fresh_scan(blank_lines: int) -> None:
    text = ('1.1 "Acceptance Criteria"' + "\n" * (blank_lines + 1) + "  shall mean the criteria agreed for each "
            'batch.\n\n1.2 "Batch" means a lot.\n')
    at = text.index("criteria agreed")
    new_text = text[:at] + "x" + text[at:]
    assert definitions_after_edit(find_definitions(text), new_text, at, at, 1) == find_definitions(new_text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_scan_of_whole_paragraphs_equals_the_full_scan_there(shared_text, data):
    text = shared_text(CHAPARRAL)
    start = data.draw(st.integers(0, len(text)))
    a, b = paragraph_bounds(text, start, start)
    full = [d for d in find_definitions(text) if a <= d.term_start < b]
    assert [(d.term, d.term_start, d.start, d.end) for d in definitions_in(text, a, b)] == [
        (d.term, d.term_start, d.start, d.end) for d in full
    ]


@given(st.lists(st.sampled_from([b"a", b"(a)", b" ", b" " * 300, b"\t", b"\n", b"\x0c", b"Term" * 40])).map(b"".join),
       st.data(), st.integers(0, 10))
def test_an_entry_is_read_from_its_line_start_unless_more_words_than_it_may_hold_stand_before(
        view: bytes, data: st.DataObject, words: int) -> None:
    at = data.draw(st.integers(0, len(view)))
    line = view.rfind(b"\n", 0, at) + 1
    found = _entry_line_start(view, at, words)
    if found is None:
        assert len(view[line:at].split()) > words
    else:
        assert found == line


def test_a_quoted_term_opening_a_line_is_defined_by_a_dash() -> None:
    text = 'A. DEFINITIONS\n\n     (iii) "SOW" - Statement of Work document attached to the RFP.\n\nThe SOW binds.\n'
    d = only_defining(text, "SOW", "means")
    assert text[d.start : d.end] == '"SOW" - Statement of Work document attached to the RFP.'


def test_the_capital_letters_labelling_definitions_entries_are_no_terms() -> None:
    text = ("1. DEFINITIONS\n\n  A.   Affiliate. Any entity that controls a Party.\n\n"
            '  B.   "Demarcation" shall mean the measure from the router.\n\n2. TERM\n\nOne year.\n')
    assert [d.term for d in LongDocument(text).definitions] == ["Affiliate", "Demarcation"]


def test_a_definition_whose_next_sentence_opens_with_its_term_before_a_page_of_blanks_ends_there() -> None:
    # A margin as PDF extraction may leave it, read once to tell that the term says no more of itself.
    text = 'In this Agreement the term "Fee" means the price. Fee' + " " * 20_000 + "is due monthly.\n"
    assert [(d.term, text[d.start : d.end]) for d in find_definitions(text)] == [("Fee", '"Fee" means the price.')]


def test_a_parenthesis_closed_inside_the_quotes_is_no_part_of_the_term() -> None:
    # ContractNLI 0009, the Boston Public Schools' agreement.
    text = ("entered into by and between ____ (hereafter referred to as “Vendor)” and the Boston Public Schools. "
            "Vendor shall keep the data confidential.")
    found = [d for d in find_definitions(text) if d.term.startswith("Vendor")]
    assert [(d.term, text[d.term_start : d.term_end]) for d in found] == [("Vendor", "Vendor")]
