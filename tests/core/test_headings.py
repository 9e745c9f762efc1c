"""find_headings: every heading shape of the contract, its span, title, label and level.

Page numbers, dash rules and table-of-contents entries are never headings.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import Heading, LongDocument, find_headings, signatures
from longdoc.contents import _has_page_runs, _has_toc_runs
from longdoc.headings import MARKDOWN_HEADING_RE, is_markdown
from shapes import wrapped

OUTSOURCING = "MANUFACTURERSSERVICESLTD_06_05_2000-EX-10.14-OUTSOURCING AGREEMENT.txt"


def only(text: str) -> Heading:
    found = find_headings(text)
    assert len(found) == 1, f"expected one heading in {text!r}, found {found}"
    return found[0]


def tree(text: str) -> list[tuple[str, int]]:
    """Each outline node's title and depth, in document order."""
    return [(n.title, n.depth) for n in LongDocument(text).nodes]


def titles(text: str) -> list[str]:
    return [h.title for h in find_headings(text)]


def test_markdown_heading_title_drops_the_hashes_and_level_counts_them() -> None:
    found = find_headings("# Terms\n\nBody.\n\n### Payment ###\n\nMore.\n")
    assert [(h.title, h.level, h.kind) for h in found] == [("Terms", 1, "markdown"), ("Payment", 3, "markdown")]


def test_markdown_heading_span_is_the_whole_line_as_it_stands() -> None:
    text = "Intro.\n\n## Sub title\n\nBody.\n"
    h = find_headings(text)[0]
    assert (text[h.start : h.end], h.text) == ("## Sub title", "## Sub title")


def test_setext_underlines_make_level_one_and_two_headings() -> None:
    found = find_headings("Title\n=====\n\nBody.\n\nSub\n---\n\nMore.\n\n# Other\n")
    assert [(h.title, h.level, h.kind) for h in found[:2]] == [("Title", 1, "setext"), ("Sub", 2, "setext")]


@pytest.mark.parametrize(
    ("line", "label", "level"),
    [("1. Definitions", "1", 2), ("1.2 Term", "1.2", 3), ("1.2.3 Renewal", "1.2.3", 4)],
)
def test_numbered_clause_level_grows_with_its_depth(line: str, label: str, level: int) -> None:
    h = only(f"Preamble.\n\n{line}\n\nBody text.\n")
    assert (h.title, h.label, h.level, h.kind) == (line, label, level, "numbered")


def test_article_with_arabic_number() -> None:
    h = only("Article 5 Confidentiality\n\nBody text.\n")
    assert (h.title, h.label, h.level, h.kind) == ("Article 5 Confidentiality", "Article 5", 1, "article")


def test_article_with_roman_number_over_a_caps_title_is_one_heading_on_two_lines() -> None:
    text = "ARTICLE V\nDEFINITIONS\n\nThe following terms apply.\n"
    h = only(text)
    assert (h.text, h.title, h.label) == ("ARTICLE V DEFINITIONS", "ARTICLE V DEFINITIONS", "Article V")
    assert text[h.start : h.end] == "ARTICLE V\nDEFINITIONS"


def test_a_roman_article_number_misread_with_the_digit_one_is_the_numeral() -> None:
    # Text recognition wrote "ARTICLE I1" for ARTICLE II in CCA Industries' outsourcing agreement.
    h = only("ARTICLE I1\n\nTERM: EFFECTIVE DATE\n\nThis agreement shall commence today.\n")
    assert (h.title, h.label, h.kind) == ("ARTICLE II TERM: EFFECTIVE DATE", "Article II", "article")


def test_an_article_number_of_digits_and_a_letter_keeps_its_digits() -> None:
    h = only("Preamble.\n\nARTICLE 10A\n\nADDITIONAL TERMS\n\nBody text.\n")
    assert (h.title, h.label) == ("ARTICLE 10A ADDITIONAL TERMS", "Article 10A")


def test_section_heading_label_and_level() -> None:
    h = only("Section 3 Payment\n\nThe fees are due monthly.\n")
    assert (h.title, h.label, h.level, h.kind) == ("Section 3 Payment", "Section 3", 2, "section")


def test_paragraph_sign_heading_is_labelled_with_the_sign() -> None:
    h = only("§ 4 Notices\n\nNotices are in writing.\n")
    assert (h.title, h.label, h.kind) == ("§ 4 Notices", "§ 4", "section")


def test_roman_numeral_heading() -> None:
    h = only("Intro.\n\nIV. Remedies\n\nBody.\n")
    assert (h.title, h.label, h.level, h.kind) == ("IV. Remedies", "IV", 1, "roman")


def test_roman_parts_run_on_after_a_wide_gap_are_headings() -> None:
    # Hemispherx's supply agreement: PDF extraction ran each part into the line before it.
    text = ('the Parties agree as follows:   I. DEFINITIONS   "Affiliate" means any corporation controlling a Party.   '
            "II. LICENSE   The license is granted below.   III. COMMERCIAL DEVELOPMENT   A. HEMISPHERX will provide "
            "SCIEN with Product.\n")
    assert [(h.title, h.label) for h in find_headings(text)] == [
        ("I. DEFINITIONS", "I"), ("II. LICENSE", "II"), ("III. COMMERCIAL DEVELOPMENT", "III")]


def test_a_part_run_on_after_a_redaction_in_braces_is_a_heading() -> None:
    # Hemispherx again: "International: {***}   VI. TERM/TERMINATION   A. The Term will be ..."
    text = "Royalties are paid as follows.\n\nInternational: {***}   VI. TERM/TERMINATION   A. The Term will be 3 years.\n"
    assert titles(text) == ["VI. TERM/TERMINATION"]


def test_roman_parts_in_capitalised_words_run_on_between_wide_gaps_are_headings() -> None:
    # Rare Element's IP agreement: each part's title stood on a line of its own in the PDF.
    text = ("agree as follows:   I. Background of Agreement   1.00 Company owns the Patents.   II. Definitions   "
            "As used herein, the following terms have these meanings:   2.01 \"Affiliate\" means an affiliate.\n\n"
            "The remaining provisions are not affected.   X. Waiver, Integration, Alteration   10.00 The waiver of a breach is in writing.\n")
    assert [(h.title, h.label) for h in find_headings(text) if h.kind == "roman"] == [
        ("I. Background of Agreement", "I"), ("II. Definitions", "II"), ("X. Waiver, Integration, Alteration", "X")]


def test_a_roman_numeral_run_on_into_a_sentence_after_a_wide_gap_is_no_part() -> None:
    # No gap closes its words as a line break would: a list item run into the text, not a title.
    text = "The warranty covers defects.   II. Licensee Obligations are set out below in detail and in full.\n"
    assert titles(text) == []


def test_a_lettered_item_i_run_on_after_a_wide_gap_is_no_roman_part() -> None:
    text = ("The warranty covers defects.   I. HEMISPHERX and/or SCIEN shall have the right to cancel, without "
            "further liability, any order not yet shipped.\n")
    assert titles(text) == []


def test_all_caps_line_is_a_heading() -> None:
    h = only("Some text.\n\nGOVERNING LAW\n\nThis Agreement is governed by the laws of Delaware.\n")
    assert (h.title, h.label, h.kind) == ("GOVERNING LAW", None, "caps")


@pytest.mark.parametrize("line", ["TBD", "IAC", "USA.", "IBM:", "AT&T:"])
def test_an_acronym_alone_on_its_line_is_no_heading(line: str) -> None:
    # Cardlytics' schedule leaves dates "TBD", Sonos' cover names its maker "IAC", ATN's notices
    # clause labels an address "AT&T:".
    text = f"WARRANTY PERIOD DURATION\n\nDelivery Date:\n\n{line}\n\nThe period runs from delivery.\n"
    assert titles(text) == ["WARRANTY PERIOD DURATION"]


def test_a_title_of_one_word_of_four_letters_in_capitals_is_a_heading() -> None:
    assert titles("Some text.\n\nFEES\n\nThe Buyer pays the fees monthly.\n") == ["FEES"]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        # Senmiao's integrity agreement, translated: "Article IV [Conflicts of Interest] including ...".
        ("ARTICLE IV [Conflicts of Interest] including but not limited to: (1) Party B shall not lend.",
         "ARTICLE IV [Conflicts of Interest]"),
        # Deltathree's service agreement.
        ("Section 2.01 [Calling Card]. Deltathree will issue calling cards.", "Section 2.01 [Calling Card]"),
        ("Section 9.10 [Publicity; Announcements]. Neither party will announce this.",
         "Section 9.10 [Publicity; Announcements]"),
        ("7.1.2 [Co-Branded Equipment Listings] no later than six months after the Effective Date.",
         "7.1.2 [Co-Branded Equipment Listings]"),
    ],
)
def test_a_title_in_brackets_after_the_label_ends_at_its_bracket(line: str, title: str) -> None:
    assert only(f"Terms.\n\n{line}\n").title == title


def test_the_period_after_a_bracketed_title_is_part_of_its_heading() -> None:
    assert only("Terms.\n\nSection 2.01 [Calling Card]. Deltathree will issue cards.\n").text == "Section 2.01 [Calling Card]."


def test_a_placeholder_in_brackets_run_into_its_sentence_is_no_title() -> None:
    # Ceres' material transfer form: "2.4 [Party] undertakes only to use the Plant Material ...".
    text = "1. Scope\n\nThe material.\n\n2. Use\n\n2.4 [Party] undertakes only to use the material for research.\n"
    assert "2.4 [Party]" not in titles(text)


@pytest.mark.parametrize(
    ("line", "label"),
    [
        # Armstrong Flooring's schedules are numbered by the clauses that cite them.
        ("Schedule 6.2 - Presentation of Diamond Licensed Trademarks", "Schedule 6.2"),
        ("Schedule 1.1(e) - Arizona Assigned Patents", "Schedule 1.1(e)"),
    ],
)
def test_a_schedule_numbered_by_the_clause_citing_it_is_a_heading(line: str, label: str) -> None:
    h = only(f"The parties sign below.\n\n{line}\n\nThe list follows.\n")
    assert (h.kind, h.label, h.title) == ("exhibit", label, line)


def test_the_exhibit_number_of_an_sec_filing_atop_the_text_is_no_heading() -> None:
    assert titles("EXHIBIT 10.2\n\nSUPPLY AGREEMENT\n\nThe parties agree.\n") == ["SUPPLY AGREEMENT"]


def test_exhibit_heading() -> None:
    h = only("Signatures.\n\nEXHIBIT A\n\nForm of notice.\n")
    assert (h.label, h.kind) == ("Exhibit A", "exhibit")


def test_a_long_caption_in_capitals_under_its_attachment_label_is_a_heading() -> None:
    h = only("By: Steven Malin\n\nSCHEDULE A TO THE CO-BRANDING AGREEMENT BETWEEN PC QUOTE, INC. AND A.B. WATLEY, INC. "
             "DATED OCTOBER 11, 1996\n\nThe fees are as follows.\n")
    assert (h.label, h.title) == ("Schedule A", "SCHEDULE A TO THE CO-BRANDING AGREEMENT BETWEEN PC QUOTE, INC. AND A.B. "
                                                "WATLEY, INC. DATED OCTOBER…")


def test_a_caption_in_capitals_that_ends_with_a_note_is_a_heading() -> None:
    h = only("Signed.\n\nEXHIBIT \"A\" USPTO REGISTRATION NO. 5,283,875 See Attached.\n\nThe mark is shown.\n")
    assert (h.label, h.title) == ("Exhibit A", 'EXHIBIT "A" USPTO REGISTRATION NO. 5,283,875 See Attached')


@pytest.mark.parametrize("line", [
    "Exhibit A sets out the fees that the Customer pays for each Service.",
    "EXHIBIT A - BRAND FEATURES EXHIBIT B - NETTAXI BRAND FEATURES EXHIBIT C - STATEMENT OF WORK",
    "SCHEDULE B lists the voting interests, ownership interests and the allocation of the capital costs of segment S.",
])
def test_a_sentence_or_a_list_of_attachments_is_no_attachment_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nMore text.\n") == []


@pytest.mark.parametrize(("line", "title"), [
    ("EXHIBIT B   RESELLER COMPENSATION   Earned Commission:   Reseller will be compensated for Registered "
     "Referrals that become customers.", "EXHIBIT B RESELLER COMPENSATION"),
    ("APPENDIX B FUND/SERV PROCESSING PROCEDURES AND MANUAL PROCESSING PROCEDURES The purchase, redemption and "
     "settlement of shares shall be made through Fund/SERV.", "APPENDIX B FUND/SERV PROCESSING PROCEDURES AND MANUAL "
                                                             "PROCESSING PROCEDURES"),
    ("EXHIBIT A   Sponsorship Benefits   For purposes of clarity, the Benefits set forth on this Exhibit A are "
     "subject to availability.", "EXHIBIT A Sponsorship Benefits"),
    ("SCHEDULE A  (Attached to and made a part of the Celebrity Endorsement Agreement dated March 14, 2012)     I  "
     "Background     Bizzingo expects to populate its Network.", "SCHEDULE A"),
])
def test_an_attachment_whose_text_runs_on_after_its_caption_is_headed_by_the_caption(line: str, title: str) -> None:
    # PDF extraction runs an attachment's caption and its text into one line.
    h = only(f"IN WITNESS WHEREOF, the parties have signed.\n\n{line}\n")
    assert (h.kind, h.title) == ("exhibit", title)
    assert " ".join(h.text.split()) == title


@pytest.mark.parametrize(("caption", "title"), [
    ("SCHEDULE A to the SPONSORSHIP AGREEMENT BETWEEN NCB and NPC",
     "SCHEDULE A to the SPONSORSHIP AGREEMENT BETWEEN NCB and NPC"),
    # National Processing's: centred, its words columns apart, its date after a wide gap.
    ("          SCHEDULE A          to the          SPONSORSHIP AGREEMENT BETWEEN NCB          and          NPC"
     "          dated          June 30, 1996", "SCHEDULE A to the SPONSORSHIP AGREEMENT BETWEEN NCB and NPC"),
    ("Schedule A to Bill of Sale", "Schedule A to Bill of Sale"),
    # Soupman's: the attachment's own title and text after wide gaps are no part of the name.
    ("Attachment A to  Master Franchise Agreement   MASTER TERRITORY AND COMMENCEMENT DATE   The Master Territory "
     "is New York.", "Attachment A to Master Franchise Agreement"),
    ("EXHIBIT A to\n\nMASTER OPERATION AND MAINTENANCE AGREEMENT", "EXHIBIT A to MASTER OPERATION AND MAINTENANCE AGREEMENT"),
])
def test_an_attachment_labelled_with_the_instrument_it_is_attached_to_is_a_heading(caption: str, title: str) -> None:
    h = only(f"By: /s/ Rob Harris\n\n{caption}\n\nThe equipment listed below.\n")
    assert (h.kind, h.title) == ("exhibit", title)


@pytest.mark.parametrize("line", ["Exhibit A to this Agreement sets forth the fees.",
                                  "Exhibit A to this Agreement lists the fees that the Customer pays",
                                  "Exhibit B-1 to the Trust Agreement."])
def test_a_sentence_that_opens_with_an_attachment_and_the_instrument_it_is_attached_to_is_no_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nMore text.\n") == []


def test_a_caption_in_capitals_that_a_sentence_runs_on_from_in_a_wrapped_line_is_the_heading() -> None:
    h = only("Timetable.\n\nEXHIBIT A THE PRODUCTS Each unit of Product consists of one Physician\n"
             "Kit and one Laboratory Kit.\n")
    assert (h.title, h.text) == ("EXHIBIT A THE PRODUCTS", "EXHIBIT A THE PRODUCTS")


@pytest.mark.parametrize("line", [
    "EXHIBIT A ATTACHED HERETO SETS FORTH EACH OF THE PRODUCTS THAT THE DISTRIBUTOR MAY SELL IN THE TERRITORY "
    "DURING THE TERM, AND NO OTHER PRODUCT. The Supplier may amend it.",
    "Exhibit A   Sponsorship Benefits   For purposes of clarity, the Benefits set forth on this Exhibit A are "
    "subject to availability.",
    "EXHIBIT  A  -     SPINRECORDS.COM  BRAND  FEATURES EXHIBIT  B  -     NETTAXI  BRAND  FEATURES EXHIBIT  C  -"
    "     STATEMENT OF WORK",
])
def test_a_paragraph_or_a_list_of_attachments_run_on_after_a_label_is_no_attachment_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nMore text.\n") == []


_PAGE_BREAK = "\n\nSource: PAPEREXCHANGE COM INC, S-1/A, 3/22/2000\n\n\n\n\n\n"


def test_a_clause_number_opening_a_page_after_a_citation_cut_short_goes_on_with_the_citation() -> None:
    # PaperExchange's co-branding agreement: "... under Sections 7.1.1 [Co-Branded Career Center] and",
    # the filing's footer, then "7.1.2 [Co-Branded Equipment Listings] no later than ...".
    text = ("7.1.3. Review of Payments. The parties will review the payments generated under Sections 7.1.1  "
            "[Co-Branded Career Center] and" + _PAGE_BREAK + "7.1.2  [Co-Branded Equipment Listings] no later than "
            "six months after the Effective Date.\n")
    assert titles(text) == ["7.1.3 Review of Payments"]


def test_a_clause_number_after_blank_lines_alone_opens_no_page_and_is_a_heading() -> None:
    text = ("7.1.3. Review of Payments. The parties will review the payments generated under Sections 7.1.1  "
            "[Co-Branded Career Center] and\n\n\n\n7.1.2  [Co-Branded Equipment Listings] no later than six months.\n")
    assert titles(text) == ["7.1.3 Review of Payments", "7.1.2 [Co-Branded Equipment Listings]"]


def test_a_clause_number_opening_a_page_after_a_sentence_end_is_a_heading() -> None:
    text = ("7.1.1. Career Center. PaperExchange will pay the fees for the Co-Branded Career Center."
            + _PAGE_BREAK + "7.1.2  [Co-Branded Equipment Listings] no later than six months after the Effective "
            "Date, VerticalNet will pay the fees.\n")
    assert titles(text) == ["7.1.1 Career Center", "7.1.2 [Co-Branded Equipment Listings]"]


def test_a_clause_number_run_on_from_the_dash_rule_above_it_is_a_heading() -> None:
    text = "Preamble.\n\n" + "-" * 80 + " 2.0   IBM Services Responsibilities\n\nIBM provides the Services.\n"
    h = only(text)
    assert (h.label, h.title) == ("2.0", "2.0 IBM Services Responsibilities")
    assert text[h.start : h.end] == "2.0   IBM Services Responsibilities"


def test_a_dash_rule_inside_a_table_row_opens_no_heading() -> None:
    assert titles("Fees.\n\n   this Agreement) - " + "-" * 60 + " 2     Annual Fee (payable yearly)\n") == []


def test_a_clause_run_on_after_a_sentence_that_ends_inside_quotes_is_a_heading() -> None:
    text = ('23.3 Force. A strike does not constitute "Force Majeure." 23.4 Cover Page, Recitals, and Captions. The '
            "parties agree. 23.5 No Third Party Rights. None.\n")
    assert titles(text) == ["23.3 Force", "23.4 Cover Page, Recitals, and Captions", "23.5 No Third Party Rights"]


def test_clauses_numbered_in_three_and_four_levels_run_on_after_a_sentence_are_headings() -> None:
    # Goosehead's franchise agreement runs each subclause into the line of the one before.
    text = ("1.2 Location. You agree as follows. 1.2.1 When this Agreement is signed, you will find a site. "
            "1.2.2 We have the right to approve it. 6.3.4.1 The fee covers the training.\n")
    assert [h.label for h in find_headings(text)] == ["1.2", "1.2.1", "1.2.2", "6.3.4.1"]


def test_a_real_contract_of_subclauses_run_on_after_sentences_outlines_them(shared_text) -> None:
    doc = LongDocument(shared_text("cuad/contracts/BIOFRONTERAAG_04_29_2019-EX-4.17-SUPPLY AGREEMENT.txt"))
    labels = [n.label for n in doc.nodes]
    assert ["11.1", "11.1.1", "11.1.2", "11.1.3", "11.1.4", "11.1.5", "11.2", "11.2.1"] == [
        label for label in labels if label and label.startswith("11.")][:8]


def test_the_words_that_join_the_parties_blocks_are_no_headings() -> None:
    text = ("NON-COMPETITION AGREEMENT\n\nBETWEEN:\n\nGLAMIS GOLD LTD., a company of British Columbia\n\nAND:\n\n"
            "WESTERN COPPER CORPORATION, a company of British Columbia\n\nAND/OR\n\nWHEREAS the parties agree.\n")
    assert titles(text) == ["NON-COMPETITION AGREEMENT"]


def test_a_clause_run_on_after_a_wide_gap_from_an_address_is_a_heading() -> None:
    text = ("20.1 Notices.\nNotices go to Dialog, Attn: Legal Department   20.2 Relationship of Parties. The parties "
            "are independent.\n\nFee   2.1   Annual Fee 3   Total\n")
    assert titles(text) == ["20.1 Notices", "20.2 Relationship of Parties"]


def test_heading_centred_with_runs_of_spaces_on_one_line_is_joined() -> None:
    text = "Recitals.\n\n          ARTICLE I          DEFINITIONS\n\nBody.\n"
    h = only(text)
    assert (h.title, h.label) == ("ARTICLE I DEFINITIONS", "Article I")
    assert text[h.start : h.end] == "ARTICLE I          DEFINITIONS"


def test_centred_article_over_centred_caps_title_is_one_heading() -> None:
    h = only("Recitals.\n\n                ARTICLE II\n                LICENSE GRANT\n\nBody.\n")
    assert (h.text, h.title) == ("ARTICLE II LICENSE GRANT", "ARTICLE II LICENSE GRANT")


def test_centred_heading_at_the_very_start_of_the_text_is_found() -> None:
    assert titles("          ARTICLE I          DEFINITIONS\n\nBody.\n") == ["ARTICLE I DEFINITIONS"]


def test_indented_clause_after_a_caps_title_line_is_a_heading() -> None:
    assert titles("TERMS AND CONDITIONS\n\n   1. Definitions.\n\n      Words.\n") == [
        "TERMS AND CONDITIONS", "1. Definitions",
    ]


def test_article_over_caps_title_after_a_blank_line_is_one_heading() -> None:
    # How most PDF-extracted CUAD contracts set it: every line is followed by a blank one.
    assert titles("Recitals.\n\nARTICLE I\n\nDEFINITIONS\n\nAs used in this Agreement:\n") == ["ARTICLE I DEFINITIONS"]


def test_run_on_clause_heading_spans_only_its_title_sentence() -> None:
    text = "2.2 Termination for Convenience. Either party may terminate this Agreement on notice.\n"
    h = only(text)
    assert (h.text, h.title, h.label) == ("2.2 Termination for Convenience.", "2.2 Termination for Convenience", "2.2")
    assert (h.start, h.end) == (0, len("2.2 Termination for Convenience."))


def test_run_on_section_heading_title_is_its_first_sentence() -> None:
    h = only("Recitals.\n\nSection 2.02. Payment Obligations. The Licensee shall pay the fees.\n")
    assert h.title == "Section 2.02 Payment Obligations"


def test_run_on_section_title_starting_with_an_acronym_keeps_its_whole_first_sentence() -> None:
    h = only("Recitals.\n\nSection 2.02. NTL Obligations. NTL shall pay the fees.\n")
    assert h.title == "Section 2.02 NTL Obligations"


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("10. RELATIONSHIP OF THE PARTIES Nothing contained herein makes the parties partners.",
         "10. RELATIONSHIP OF THE PARTIES"),
        ("3. TERM This Agreement shall be effective as of the date of execution.", "3. TERM"),
        ("1. TERMS   A. This Agreement shall remain in effect.", "1. TERMS"),
        ("1.       FORMAT OF Licensed Software Media", "1. FORMAT OF Licensed Software Media"),
        ("6. ALFA AESAR Referrals.   6.1 The following shall be deemed referral sales.", "6. ALFA AESAR Referrals"),
        ("2.2 BROOKS shall keep the formulations secret.", "2.2 BROOKS shall keep the formulations secret"),
        ("1.6 HDI shall have the Site running within sixty days.", "1.6 HDI shall have the Site running within sixty days"),
        ("1.1 AFFILIATE shall mean any entity that controls a party.", "1.1 AFFILIATE"),
        ("6. RESERVATION OF RIGHTS a. Subject to this Agreement, Talent keeps all rights.", "6. RESERVATION OF RIGHTS"),
    ],
)
def test_all_caps_clause_title_ends_where_the_clause_text_begins(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n")[0] == title


def test_a_table_row_opening_with_a_number_and_a_letter_is_no_heading() -> None:
    assert titles("Recitals.\n\n22    B   IGER         New  phenotype  trial to be run.\n") == []


def test_a_page_number_left_before_an_article_line_is_no_part_of_its_heading() -> None:
    # Slingerbag consulting agreement: the page's number opens the article's line.
    text = "assistance.\n\n4 ARTICLE 4 TERMINATION 4.1 Termination of Engagement. The engagement may end.\n"
    assert titles(text) == ["ARTICLE 4 TERMINATION", "4.1 Termination of Engagement"]


def test_a_page_number_before_a_filings_exhibit_number_is_no_heading() -> None:
    assert titles(f"1{' ' * 60}EXHIBIT 10.3\n\nThis agreement is made.\n") == []


def test_a_table_row_of_a_number_a_word_and_more_columns_is_no_heading() -> None:
    # CERES collaboration agreement, its research plan's table.
    text = "Plan\n\n29         CIGER         [***]  analysis of  samples\n\n30         CIGER         [***]  methods\n"
    assert titles(text) == []


def test_page_numbers_of_a_contents_row_open_no_headings() -> None:
    text = ("EXISTING AGREEMENTS     51   EXHIBIT F     56   PRODUCTION AND COMMERCIALIZATION ACTIVITIES     56   "
            "EXHIBIT G     57   MODEL LICENSE AGREEMENT\n\nThis Agreement is made.\n")
    assert titles(text) == ["EXISTING AGREEMENTS"]


@pytest.mark.parametrize("line", ["5        DEFINITIONS", "5 DEFINITIONS", "5 DEFINITIONS   The terms below apply."])
def test_a_number_with_a_caps_title_alone_on_its_line_or_before_its_text_is_a_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nText.\n")[0] == "5 DEFINITIONS"


@pytest.mark.parametrize("line", ["320 NEVADA STREET NEWTON, MA", "600 ASTM D-1267", "004 ANNUALIZED REVENUE TARGET: $500,000"])
def test_a_number_of_three_digits_without_a_period_opens_no_heading(line: str) -> None:
    # An address, a table's value, a year that lost its first digit: a contract numbers its parts in tens.
    assert titles(f"Recitals.\n\n{line}\n\nText.\n") == []


def test_a_contents_run_at_the_start_of_a_long_line_leaves_a_heading_far_along_it_alone() -> None:
    text = "1 Section 1.1 Terms 3 Section 1.2 Fees " + "The parties agree to this. " * 200 + "Section 5.2 Payment. The fee is due."
    assert titles(text) == ["Section 5.2 Payment"]


def test_run_on_clause_title_is_never_a_whole_long_line() -> None:
    body = "The Licensee shall pay " + "the fees and the costs " * 40
    h = only(f"Recitals.\n\n7.1 {body}\n")
    assert len(h.title) <= 101


def test_run_on_clause_with_an_all_caps_title_after_a_sentence_end_is_a_heading() -> None:
    text = ("Recitals.\n\nPartner shall remedy the breach. 7. CONFIDENTIAL INFORMATION. "
            "7.1 Scope. The Disclosing Party is the party that discloses.\n")
    assert [(h.title, h.label) for h in find_headings(text)] == [
        ("7. CONFIDENTIAL INFORMATION", "7"), ("7.1 Scope", "7.1"),
    ]


def test_run_on_article_and_section_headings_after_a_sentence_end_are_headings() -> None:
    text = ("Recitals.\n\nAll amounts are in US dollars. ARTICLE 14 - BANKING AND ACCOUNTING 14.1 The Company "
            "keeps an account. It received orders. Section 1.3 All activities by Integrity are lawful.\n")
    assert [h.label for h in find_headings(text)] == ["Article 14", "14.1", "Section 1.3"]


def test_an_article_number_without_a_period_run_on_after_a_sentence_opens_a_heading() -> None:
    # Goosehead's franchise agreement runs its articles on: "1 GRANT 1.1 Rights and Obligations. ..."
    text = ("Recitals.\n\nThey agree as follows: 1 GRANT 1.1 Rights and Obligations. We grant the right. 1.2 Approved "
            "Location. The address is set. 2 TERM AND RENEWAL 2.1 Term. It lasts ten years. You pay the other "
            "expenses. 7 PURCHASE OF PRODUCTS AND SERVICES\n\nYou buy from us.\n")
    assert titles(text) == ["1 GRANT", "1.1 Rights and Obligations", "1.2 Approved Location", "2 TERM AND RENEWAL",
                            "2.1 Term", "7 PURCHASE OF PRODUCTS AND SERVICES"]


def test_a_numbered_title_in_words_run_on_after_a_sentence_and_into_its_first_sentence_is_a_heading() -> None:
    # Tribute Pharmaceuticals' agency agreement runs every section on: "... 2. Restrictions on Sale Each of ..."
    text = ("Recitals.\n\nThe Agents act for the Corporation. 2. Restrictions on Sale Each of the Agents severally "
            "agrees to sell lawfully. 3. Each Agent shall keep records. 4. Buyer shall pay the fee.\n")
    assert titles(text) == ["2. Restrictions on Sale"]


@pytest.mark.parametrize(
    ("run_on", "title"),
    [
        # SeaSpine's supply agreement and Coral Gold's consulting agreement.
        ("the parties hereto agree as follows: 1. DEFINITIONS.", "1. DEFINITIONS"),
        ("within 30 days after notice of such breach. 6. CONFIDENTIALITY", "6. CONFIDENTIALITY"),
    ],
)
def test_an_article_title_in_capitals_run_on_after_a_sentence_and_ending_its_line_is_a_heading(
    run_on: str, title: str
) -> None:
    assert titles(f"Recitals.\n\nIn consideration of the promises, {run_on}\n\nAs used here, words mean this.\n") == [title]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("The fee is due. 5 BUSINESS DAYS after notice the licence ends.", "5 BUSINESS"),
        ("The notice reads as follows: 2 COPIES OF THE AGREEMENT 3.1 Delivery. They are sent.", "2 COPIES"),
    ],
)
def test_a_number_and_words_in_capitals_after_a_sentence_without_its_first_clause_open_no_heading(
    line: str, words: str
) -> None:
    assert not any(t.startswith(words) for t in titles(f"Recitals.\n\n{line}\n"))


@pytest.mark.parametrize(
    "line",
    [
        "1. Section 27.1 of the Franchise Agreement is deleted in its entirety.",
        "The following survive: Section 15.7 (Post-termination); Article 11 (Warranty).",
        "The fee is due. Section 5.2 of the Code applies.",
        "It is no work made for hire under 17 U.S.C. Section 101.",
    ],
)
def test_a_section_cited_after_a_list_number_a_colon_or_a_sentence_end_is_no_heading(line: str) -> None:
    assert [h.label for h in find_headings(f"Recitals.\n\n{line}\n")] in ([], ["1"])


@pytest.mark.parametrize(
    "line",
    [
        "Section 7.3(a) and Section 7.3(b) hereof are intended to benefit the Relevant Indemnified Parties.",
        "Section 8.4.4 (2) below, and may be made by check or wire transfer.",
        "Article 5(b) of the Lease applies to the Premises.",
    ],
)
def test_a_clause_label_citing_an_item_of_it_in_a_sentence_is_no_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == []


def test_a_clause_label_with_an_item_and_a_title_is_a_heading() -> None:
    assert titles("Recitals.\n\nSection 7.3(a) Indemnities. The Company shall pay.\n") == ["Section 7.3 (a) Indemnities"]


@pytest.mark.parametrize(
    "line",
    [
        "This Source Code Form is subject to the Mozilla Public License, v. 2.0. If a copy is missing, ask.",
        "The parties signed Amendment No. 2.1 Restated Terms on that day.",
        "The claim is stated in Smith vs. 3.2 Holdings Inc. and nowhere else.",
    ],
)
def test_a_number_after_an_abbreviation_that_a_number_follows_opens_no_clause(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == []


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("Its obligations under this Article V. Section 5.04 Limitations. The liability is capped.", "Section 5.04"),
        ("It may be filed with the SEC. SECTION 7. TERM OF AGREEMENT Section 7.1 This Agreement lasts.", "Section 7"),
    ],
)
def test_a_clause_after_a_numeral_or_a_name_in_capitals_ending_a_sentence_is_a_heading(line: str, label: str) -> None:
    assert [h.label for h in find_headings(f"Recitals.\n\n{line}\n")][:1] == [label]


def test_a_clause_heading_inside_a_box_of_asterisks_is_titled_without_the_border() -> None:
    text = ("Recitals.\n\n" + "*" * 40 + "\n*" + " " * 38 + "*\n*  6. Disclaimer of Warranty" + " " * 11 + "*\n"
            "*  -------------------------" + " " * 11 + "*\n*  Software is provided as is." + " " * 9 + "*\n" + "*" * 40 + "\n")
    heading = only(text)
    assert (heading.title, heading.label, text[heading.start : heading.end]) == (
        "6. Disclaimer of Warranty", "6", "6. Disclaimer of Warranty")


def test_a_line_set_between_asterisks_by_single_spaces_is_no_box() -> None:
    assert titles("Recitals.\n\n* 7. Fees are due. *\n") == []


def test_an_article_in_capitals_with_its_title_after_a_colon_opens_the_clauses() -> None:
    text = ("Recitals.\n\nThe parties agree as follows: ARTICLE 1 CONTRACT FOR SERVICES 1.1 Engagement of Consultant. "
            "The Company engages the Consultant. 1.2 Duties. The Consultant reports.\n")
    assert [h.label for h in find_headings(text)] == ["Article 1", "1.1", "1.2"]
    assert find_headings(text)[0].title == "ARTICLE 1 CONTRACT FOR SERVICES"


def test_an_article_with_its_title_in_brackets_after_a_colon_opens_its_part() -> None:
    # Senmiao's anti-bribery agreement, translated: its articles' titles stand in brackets.
    text = ("Recitals.\n\nThe Parties hereby agree as follows for mutual compliance: Article I [Purpose of Contracting] "
            "The Parties shall comply with national laws.\n\nArticle II [Honesty and Integrity Commitments]\n\nBoth act honestly.\n")
    assert titles(text) == ["Article I [Purpose of Contracting]", "Article II [Honesty and Integrity Commitments]"]


@pytest.mark.parametrize(
    "text",
    [
        "Recitals.\n\nThese survive termination: ARTICLE 5 (CONFIDENTIALITY) and ARTICLE 6 of the Agreement.\n",
        "Recitals.\n\nThese survive termination: Article 5 [Confidentiality] and Article 6 of the Agreement.\n",
        "Recitals.\n\nThese survive termination: Article 5 CONFIDENTIALITY and Article 6 of the Agreement.\n",
    ],
)
def test_articles_listed_after_a_colon_are_citations(text: str) -> None:
    assert find_headings(text) == []


@pytest.mark.parametrize(
    "line",
    [
        '1.6 "New Version" in this Agreement shall mean a new release of the Licensed Technology.',
        '1.1 "Confidential Information" of a party shall mean any information disclosed by it.',
        '1.7 "End of Life" (EOL) shall mean the date after which IBM requires no more Parts.',
        '1.38 "GCP" or "Good Clinical Practices" means current Good Clinical Practices.',
    ],
)
def test_a_definition_clause_is_titled_by_its_term_when_words_stand_before_its_verb(line: str) -> None:
    term = line[: line.rindex("\u0022", 0, line.index(" mean")) + 1]
    assert titles(f"Recitals.\n\n{line}\n") == [term]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("1.2 'Business Day' means a day other than a Saturday, Sunday or public holiday in Victoria, Australia.",
         "1.2 'Business Day'"),
        ("1.3 \u2018Licensor's Products\u2019 shall mean the goods that the Licensor makes and sells in the Territory.",
         "1.3 \u2018Licensor's Products\u2019"),
    ],
)
def test_a_definition_clause_in_single_quotes_is_titled_by_its_term(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == [title]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("1.2 Acceptance Date - the first Business Day after the Software is accepted.", "1.2 Acceptance Date"),
        ("1.7 Bank Security Requirements- all security requirements in Schedule E.", "1.7 Bank Security Requirements"),
        ("1.38 Relationship Manager(s) -the employee designated by a Party.", "1.38 Relationship Manager(s)"),
    ],
)
def test_a_glossary_clause_is_titled_by_the_term_its_dash_sets_off(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == [title]


def test_a_clause_run_on_after_a_sentence_may_open_with_a_brand_written_in_small_letters_first() -> None:
    # iPass' reseller agreement: "6.2 iPass Warranty of Title", "4.5 iPass Support Escalation Process (a) ...".
    text = ("6. WARRANTY\n\n6.1 Disclaimer. None is given. 6.2 iPass Warranty of Title. iPass owns the Service.\n\n"
            "6.3 iPass Support Escalation Process (a) When to Escalate an Issue. Call us.\n")
    assert titles(text) == ["6. WARRANTY", "6.1 Disclaimer", "6.2 iPass Warranty of Title", "6.3 iPass Support Escalation Process"]


def test_a_number_and_a_unit_after_a_sentence_open_no_clause() -> None:
    text = "1. Signal\n\nThe level is low. 8.5 dBm is the floor; 0.5 mL is the dose.\n"
    assert titles(text) == ["1. Signal"]


def test_a_clause_whose_capital_runs_into_a_long_rule_of_dashes_is_titled_at_once() -> None:
    # Read as a term set off by a dash, the rule was split at each of its dashes (2 s for these).
    line = "3. A" + "-" * 20_000 + " The rule."
    assert [t[:8] for t in titles(f"Recitals.\n\n{line}\n")] == ["3. A----"]


def test_a_title_ends_before_the_page_footer_run_onto_its_line() -> None:
    # Ceres' collaboration agreement: the last line of a page, and the page's footer after a gap.
    line = "3. Content and timing of reports         CERES-IGER Collaboration Agreement   Page 38 of 75"
    assert titles(f"Trial Scope.\n\n1. Planting Material\n\n{line}\n") == [
        "1. Planting Material", "3. Content and timing of reports"]


def test_an_attachment_title_ends_before_the_page_footer_run_onto_its_line() -> None:
    # SightLife's sales agreement, the last page's footer after the caption of its exhibit.
    line = "        EXHIBIT A   Confidentiality Agreement     Page 11 of 11"
    assert titles(f"Signatures.\n\n{line}\n\nThe parties agree.\n") == ["EXHIBIT A Confidentiality Agreement"]


def test_a_title_that_ends_in_etc_ends_before_the_capital_that_opens_the_clause() -> None:
    text = "Recitals.\n\n2.1 Stock Dividends, Splits, Combinations, Etc. If the Company pays a dividend, it adjusts.\n"
    assert titles(text) == ["2.1 Stock Dividends, Splits, Combinations, Etc."]


def test_a_title_goes_on_past_etc_when_the_sentence_does() -> None:
    text = "Recitals.\n\n1.1 Fees for software, hardware, etc. and services are due monthly.\n"
    assert titles(text) == ["1.1 Fees for software, hardware, etc. and services are due monthly"]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("1.1 Definitions In this agreement unless the context otherwise requires, words have meanings.",
         "1.1 Definitions"),
        ("10.3 Obligations Upon Termination Upon expiration of this Agreement, each party returns all.",
         "10.3 Obligations Upon Termination"),
        ("8.4 Force Majeure Neither party will be liable to the other for any delay or failure to perform.",
         "8.4 Force Majeure"),
        ("4.3 Termination without Cause In the event this Agreement is terminated by the Company, it pays.",
         "4.3 Termination without Cause"),
    ],
)
def test_a_title_in_capitalised_words_ends_where_the_first_sentence_of_its_clause_opens(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == [title]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        # Creditcards.com's affiliate agreement: each title stood on a line of its own in the PDF.
        ("6. Links   Affiliate agrees to place the links provided by the network on its site.", "6. Links"),
        ("7. Definitions   Adverse experience: any adverse event associated with the product.", "7. Definitions"),
        ("12. SUSPENSION OF WORK   EDGE shall have the right to suspend the Work in progress.", "12. SUSPENSION OF WORK"),
        # Xencor's agreement: the next gap soon after stands for the line break after a colon.
        ("6.2 XENCOR Warranties   XENCOR hereby warrants that:   a. XENCOR has the right to provide the Material.",
         "6.2 XENCOR Warranties"),
    ],
)
def test_a_title_ends_at_a_wide_gap_that_pdf_extraction_left_for_a_line_break(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == [title]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("7. Waiver; Amendment", "7. Waiver; Amendment"),
        ("13.5 Governing Law; Jurisdiction; Waiver of Jury Trial. This Agreement is governed by New York law.",
         "13.5 Governing Law; Jurisdiction; Waiver of Jury Trial"),
        ("4.1 Term; Termination   The term is one year.", "4.1 Term; Termination"),
        ("7.1 Payment; the Licensee pays the fees in full. Then it reports.", "7.1 Payment"),
    ],
)
def test_semicolons_part_the_topics_of_one_title_not_its_sentences(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nThe parties agree.\n") == [title]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        # Lime Energy's and Startec's agreements: justified lines spread every word apart.
        ("1.1      Grant  and   Acceptance.   Company  hereby   appoints   Distributor as its distributor.",
         "1.1 Grant and Acceptance"),
        ("16.5     The   Maintenance   Authorities,   individually   or   collectively  as          appropriate,  "
         "shall each use all  reasonable  efforts.", "16.5 The Maintenance Authorities, individually or collectively as"),
    ],
)
def test_a_title_goes_on_over_the_gaps_of_a_justified_line(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n")[0].startswith(title)


def test_a_lettered_title_before_a_wide_gap_stands_as_if_alone_on_its_line() -> None:
    text = "The parties agree:\n\nA. Distributor Information N/A   Provider Name: MobileVision Ltd.\n\nB. Term\n\nOne year.\n"
    assert titles(text) == ["A. Distributor Information N/A", "B. Term"]


def test_a_title_ended_by_a_stop_keeps_its_words_before_the_first_sentence() -> None:
    assert titles("Recitals.\n\n5.1 Fees for Services In Kind. The Licensee pays in kind.\n") == ["5.1 Fees for Services In Kind"]


def test_a_title_in_capitalised_words_ends_where_the_clause_opens_its_list() -> None:
    text = "Recitals.\n\nSection 4.2 Termination for Cause, Disability or Death (a) In the event that the Consultant dies\n"
    assert titles(text) == ["Section 4.2 Termination for Cause, Disability or Death"]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("5. Three (3) Sponsor logo exposures per quarter during the season.", "5. Three (3) Sponsor logo exposures"),
        ("5.1 During the Term, (a) Women.com will not buy advertising from others.", "5.1 During the Term, (a) Women.com"),
    ],
)
def test_a_bracketed_number_after_a_number_word_or_a_comma_opens_no_list(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n")[0].startswith(title)


WRAPPED = "5.1. The rights granted under this License will terminate automatically\n"


def test_a_clause_sentence_wrapped_onto_the_next_line_titles_the_clause_across_the_break() -> None:
    text = f"Recitals.\n\n{WRAPPED}if You fail to comply with any of its terms. However, You may cure.\n"
    assert titles(text) == [
        "5.1 The rights granted under this License will terminate automatically if You fail to comply with…"]


def test_a_title_wrapped_onto_a_line_of_its_own_is_whole() -> None:
    text = ("Recitals.\n\n10.4. Distributing Source Code Form that is Incompatible With Secondary\nLicenses\n\n"
            "If You choose to distribute Source Code Form, You may.\n")
    assert titles(text) == ["10.4 Distributing Source Code Form that is Incompatible With Secondary Licenses"]


@pytest.mark.parametrize(
    "after",
    ["5.1.1 no unauthorised third party reads it;\n", "(a) no unauthorised third party reads it;\n", "\nIf You fail.\n"],
)
def test_a_wrapped_clause_title_takes_nothing_from_a_list_item_or_past_a_blank_line(after: str) -> None:
    assert titles(f"Recitals.\n\n{WRAPPED}{after}")[0] == "5.1 The rights granted under this License will terminate automatically"


def test_a_wrapped_clause_title_takes_nothing_from_a_caps_title_run_into_its_first_clause() -> None:
    text = f"Recitals.\n\n{WRAPPED} APPOINTMENT 1.1 General. The Supplier is appointed.\n"
    assert titles(text) == [WRAPPED.replace("5.1.", "5.1").strip(), "APPOINTMENT", "1.1 General"]


def test_a_short_title_in_sentence_case_takes_nothing_from_the_line_below() -> None:
    assert titles("Recitals.\n\n1.2 Scope of services\nthe Supplier shall deliver the goods.\n") == ["1.2 Scope of services"]


def test_lettered_recitals_c_and_d_are_no_roman_numerals() -> None:
    text = ("WHEREAS\n\nA. HealthGate hosts journals.\n\nB. Blackwell publishes them.\n\n"
            "C. The Publishers desire to retain HealthGate.\n\nD. HealthGate will provide the Services.\n\n"
            "NOW THEREFORE IT IS AGREED AS FOLLOWS\n\n1. Definitions\n\nWords have meanings.\n")
    assert titles(text) == ["WHEREAS", "1. Definitions"]


@pytest.mark.parametrize("line", ["C. Maintenance Services", "D. TAXES AND OTHER LEVIES", "D. Advancing the program"])
def test_a_lettered_item_titled_alone_on_its_line_is_a_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nThe text of the part.\n") == [line]


@pytest.mark.parametrize(("line", "title"), [
    ("C. Conversion date. The parties shall perform.", "C. Conversion date"),
    ("B. CHANGES. NETGEAR may modify the list.", "B. CHANGES"),
])
def test_a_lettered_item_whose_title_runs_into_its_text_is_a_heading(line: str, title: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == [title]


@pytest.mark.parametrize("line", [
    "A. Distributor may purchase Products by placing orders.",  # a sentence
    "A. HealthGate hosts journals.",  # a short sentence, ending with its period
    "P. O. Box 1234",  # initials
    "C. IN NO EVENT WILL EITHER PARTY BE LIABLE FOR LOST PROFITS.",  # a paragraph in capitals
    "G. In the event that Carrier determines that",
    "B. Objective or expected benefit;",  # an item of a list
    "I. Maintain adequate working capital to operate the Franchise at all times.",  # an item, not part one
])
def test_a_lettered_line_that_opens_with_no_title_is_no_heading(line: str) -> None:
    assert titles(f"Recitals.\n\n{line}\n\nMore text.\n") == []


def test_lettered_items_fall_under_the_numbered_clause_they_follow() -> None:
    text = ("4. PRICES\n\nA. PRICES. Prices are in the list.\n\nB. CHANGES. The list may change.\n\n"
            "5. SHIPMENT\n\nA. SHIPMENT. Products ship in a week.\n")
    assert tree(text) == [
        ("4. PRICES", 0), ("A. PRICES", 1), ("B. CHANGES", 1), ("5. SHIPMENT", 0), ("A. SHIPMENT", 1)]


def test_a_list_numbered_from_one_under_a_lettered_item_is_that_items_and_the_clauses_go_on_after_it() -> None:
    text = ("3. GRANT\n\nE. Approval Process\n\n1. General. Approvals are written.\n\n2. Advertising. Ads are "
            "approved.\n\n3. Legal Lines. Lines are added.\n\n4. Brand. No other brand.\n\n4. SERVICES\n\nDays.\n")
    assert tree(text) == [
        ("3. GRANT", 0), ("E. Approval Process", 1), ("1. General", 2), ("2. Advertising", 2),
        ("3. Legal Lines", 2), ("4. Brand", 2), ("4. SERVICES", 0)]


def test_lettered_parts_each_hold_their_own_numbered_list() -> None:
    text = ("A. DEFINITIONS\n\n1. Student home\n\n2. Bus stop\n\nB. TERMS OF AGREEMENT\n\n1. Data Sharing\n\n"
            "2. Nondisclosure\n\n3. Background Checks\n")
    assert tree(text) == [
        ("A. DEFINITIONS", 0), ("1. Student home", 1), ("2. Bus stop", 1), ("B. TERMS OF AGREEMENT", 0),
        ("1. Data Sharing", 1), ("2. Nondisclosure", 1), ("3. Background Checks", 1)]


def test_clauses_with_subclauses_after_lettered_recitals_stay_at_the_top() -> None:
    text = ("RECITALS\n\nA. The Business. The Company sells.\n\nB. The Appointment. It appoints.\n\n"
            "1. APPOINTMENT\n\n1.1 Grant. The grant.\n\n2. PURCHASES\n\n2.1 Orders. The orders.\n")
    assert tree(text) == [
        ("RECITALS", 0), ("A. The Business", 1), ("B. The Appointment", 1), ("1. APPOINTMENT", 0),
        ("1.1 Grant", 1), ("2. PURCHASES", 0), ("2.1 Orders", 1)]


def test_a_lone_i_after_h_goes_on_the_lettered_list_and_opening_a_text_is_part_one() -> None:
    text = ("I. INTRODUCTION\n\nThe terms.\n\n9. GENERAL\n\nG. Survival\n\nTerms survive.\n\nH. Notices\n\n"
            "In writing.\n\nI. Remedies\n\nCumulative.\n\n10. TERM\n\nOne year.\n")
    assert tree(text) == [
        ("I. INTRODUCTION", 0), ("9. GENERAL", 1), ("G. Survival", 2), ("H. Notices", 2), ("I. Remedies", 2),
        ("10. TERM", 1)]


def test_doubled_letters_go_on_a_long_lettered_list_even_where_they_read_as_numerals() -> None:
    text = ('1. DEFINITIONS\n\nAA. "Fee" shall mean the price.\n\nCC. "Term" shall mean one year.\n\n'
            'II. "Plan" shall have the meaning set forth below.\n\n2. TERM\n\nThe Term runs.\n')
    assert tree(text) == [
        ("1. DEFINITIONS", 0), ('AA. "Fee"', 1), ('CC. "Term"', 1), ('II. "Plan"', 1), ("2. TERM", 0)]


def test_a_lettered_definition_is_titled_by_its_term_even_with_a_numeral_letter() -> None:
    text = ('1. DEFINITIONS\n\nH. "Fee" shall mean the price.\n\nI. "Term" shall mean one year.\n\n'
            "2. TERM\n\nThe Term runs.\n")
    assert titles(text) == ["1. DEFINITIONS", 'H. "Fee"', 'I. "Term"', "2. TERM"]


SIGNATURES = ("9. Notices\n\nNotices are in writing.\n\nIN WITNESS WHEREOF, the parties sign below.\n\n"
              "SELLER\n\nBy: ____________\nName: Jane Roe\n\nPURCHASERS\n\nBy: ____________\nTitle: Director\n\n")


def test_party_names_in_capitals_over_their_signature_lines_are_no_headings() -> None:
    assert titles(SIGNATURES) == ["9. Notices"]


def test_a_party_label_over_a_signature_line_that_names_what_it_asks_for_is_no_heading() -> None:
    assert titles(SIGNATURES + "AGENCY\nName of Client: ____________\nAddress of Client: ____________\n") == ["9. Notices"]


@pytest.mark.parametrize("sentence", ["THE PARTIES HEREBY AGREE AS FOLLOWS:", "NOW IT IS HEREBY AGREED"])
def test_the_sentence_in_capitals_that_opens_the_clauses_is_no_heading(sentence) -> None:
    text = f"WHEREAS, the parties wish to cooperate.\n\n{sentence}\n\n1. DEFINITIONS\n\nTerms are defined here.\n"
    assert titles(text) == ["1. DEFINITIONS"]


def test_a_title_in_capitals_that_holds_an_agreeing_word_stays_a_heading() -> None:
    text = "WHEREAS, the parties wish to cooperate.\n\nAGREED REMEDIES\n\nThe remedies are cumulative.\n"
    assert titles(text) == ["AGREED REMEDIES"]


def test_a_party_label_over_a_signature_conformed_in_a_filing_is_no_heading() -> None:
    # Pandion's consulting agreement: "/s/" stands for the signature; the signature page's own title stays.
    text = ("9. Notices\n\nNotices are in writing.\n\nCONSULTANT:\n\n/s/ Alan Crane Name: Alan Crane\n\n"
            "SIGNATURE PAGE TO CONSULTING AGREEMENT\n")
    assert titles(text) == ["9. Notices", "SIGNATURE PAGE TO CONSULTING AGREEMENT"]


def test_party_labels_over_rules_to_sign_on_are_no_headings() -> None:
    # ContractNLI 0411: the stockholders sign on rules, each name printed under its own.
    text = ("7. Governing Law. Delaware.\n\nIN WITNESS WHEREOF, each party has executed this Agreement.\n"
            "THE STOCKHOLDERS:\n________________________________________\nSIMANTOV MOSKONA\n"
            "________________________________________\nSERGIO LUCIANI\n")
    assert titles(text) == ["7. Governing Law"]


def test_a_title_in_capitals_under_the_fields_of_a_signature_block_stays_a_heading() -> None:
    # STW Resources' cooperation agreement: a notary's certificate opens under the city's signature.
    text = ("9. Notices. In writing.\n\n    CITY OF FORT STOCKTON:\n\nBy: _            (Printed Name) Title:   Date:\n\n\n"
            "  STATE OF TEXAS\n\nBefore me, the undersigned notary, appeared the mayor.\n")
    assert titles(text)[-1] == "STATE OF TEXAS"


def test_the_fields_of_a_signature_block_in_capitals_are_no_headings() -> None:
    # ContractNLI 0017's form, two blocks side by side: the fields ask for a printed name.
    text = ("5. Integrity. The software is free of defects.\n\nDEPARTMENT OF VETERANS AFFAIRS CONTRACTOR\n"
            "SIGNATURE DATE SIGNATURE DATE\nPRINT NAME PRINT NAME\nPRINT TITLE PRINT TITLE\n")
    assert titles(text) == ["5. Integrity"]


@pytest.mark.parametrize("field", ["TITLE:", "SIGNATURE    SIGNATURE"])
def test_a_signature_field_alone_on_its_line_is_no_heading(field) -> None:
    assert titles(f"9. Notices\n\nIn writing.\n\n{field}\n\nThe rest follows.\n") == ["9. Notices"]


@pytest.mark.parametrize(("stretch", "capitals"), [
    ("the seller signs below.\n____________\n", False), ("the seller signs below.\nSELLER\n", True),
    ("the seller signs below.\nX Y Z\n", True), ("the seller signs below.\nÉTÉ\n", True), ("12 --\n", True),
])
def test_a_label_in_capitals_may_stand_only_where_a_capital_does(stretch, capitals) -> None:
    # What an edit deep in a long part asks before it reads signature lines near it.
    assert signatures.capitals_in("Intro. " + stretch, 7, 7 + len(stretch)) == capitals


def test_one_field_word_without_a_colon_titles_a_clause() -> None:
    text = "9. Notices\n\nIn writing.\n\nTITLE\n\nTitle to the goods passes on delivery.\n"
    assert titles(text) == ["9. Notices", "TITLE"]


def test_a_party_label_repeated_over_signature_blocks_side_by_side_is_no_heading() -> None:
    # Manufacturers' Services' amendments: the label counts as the words of one column.
    text = ("16.21 Remedies. Cumulative.\n\nIN WITNESS WHEREOF, the parties sign.\n\n"
            "          ACCEPTED AND AGREED TO:                 ACCEPTED AND AGREED TO:\n\n"
            "          International Business                  Manufacturer's Services\n\n"
            "     By:  /s/ Roy B. Covington III           By:  /s/ Kevin C. Melia\n")
    assert titles(text) == ["16.21 Remedies"]


def test_a_part_title_over_a_signature_block_stays_a_heading() -> None:
    text = SIGNATURES + "SCHEDULE OF SERVICES AND FEES\n\nBy: ____________\n"
    assert titles(text) == ["9. Notices", "SCHEDULE OF SERVICES AND FEES"]


def test_a_number_without_a_period_titled_in_mixed_case_heads_the_first_subclause_below_it() -> None:
    text = "Recitals.\n\n7 Confidentiality\n\n7.1 Each party keeps the other's secrets.\n"
    assert [(h.title, h.label, h.level) for h in find_headings(text)] == [
        ("7 Confidentiality", "7", 2), ("7.1 Each party keeps the other's secrets", "7.1", 3)]


@pytest.mark.parametrize("below", ["\nThe fee is due.\n", "\n8.1 Each party pays.\n", "\n\n\n\n\n7.1 Late.\n"])
def test_a_number_without_a_period_titled_in_mixed_case_is_no_heading_without_its_first_subclause(below: str) -> None:
    assert "7 Confidentiality" not in titles(f"Recitals.\n\n7 Confidentiality\n{below}")


def test_run_on_article_with_its_title_on_the_next_line_is_one_heading() -> None:
    text = "Recitals.\n\nTrademarks are in Schedule 4.3. ARTICLE V\n\nEXCLUDED AGREEMENTS\n\n5.1 No Change. None.\n"
    assert titles(text) == ["ARTICLE V EXCLUDED AGREEMENTS", "5.1 No Change"]


def test_run_on_article_with_a_bracketed_title_is_a_heading() -> None:
    text = "Recitals.\n\nParty B reports it upon employment. Article V [Liability for Default] (1) If Party B fails.\n"
    assert [h.label for h in find_headings(text)] == ["Article V"]


@pytest.mark.parametrize("citing", ["under section", "as set out in", "see", "subject to this"])
def test_a_number_after_a_line_that_ends_in_a_citing_word_is_a_wrapped_citation(citing: str) -> None:
    text = f"Recitals.\n\nAny conditions added {citing}\n7.  This requirement modifies section 4.\n"
    assert titles(text) == []


@pytest.mark.parametrize("citing, cited", [
    # Biocept's supply agreement wrapped at 72 columns: "... as provided for in" over "Section 7.1.
    # Life Technologies will be ...".
    ("as provided for in", "Section 7.1. Life Technologies will be told."),
    ("subject to this", "Section 7.1. Life Technologies will be told."),
    ("as set out in", "Section 7"),
    # Entrust's and Teleglobe's agreements wrapped at 72 columns: "... in Article X or" over "Section
    # 6.06.  Notwithstanding ...", "... in accordance with this Subparagraph" over "7.9. For ...".
    ("unless ended as provided in Article X or", "Section 6.06.  Notwithstanding the expiry, it holds."),
    ("as computed under Section 5.2 and", "Section 6.06.  Notwithstanding the expiry, it holds."),
    ("computed in accordance with this Subparagraph", "7.9. For purposes of this Agreement, it is paid."),
    # Scansource's distributor agreement: a list of cited clauses with their titles.
    ("on breach of Section 9.0 (Proprietary Rights and Software Licensing),", "Section 7 (Trademarks), or Section 8."),
    ("on breach of Section 9.0 (Proprietary Rights and Software Licensing) or", "Section 7 (Confidential Information)."),
])
def test_a_section_after_a_line_that_ends_in_a_citing_word_is_a_wrapped_citation(citing: str, cited: str) -> None:
    text = f"1. Supply.\n\nThe forecast is binding, {citing}\n{cited}\n\n7. Terms\n"
    assert titles(text) == ["1. Supply", "7. Terms"]


def test_an_attachment_after_a_line_that_ends_in_a_citing_word_is_a_wrapped_citation(shared_text) -> None:
    # IBM's outsourcing agreement with MSL wrapped at 72 columns: "... the tangible assets listed in"
    # over "Attachment 3: Asset List, Part 1B to MSL. ...", which a caption's colon shapes as a heading.
    text = wrapped(shared_text("cuad/contracts/" + OUTSOURCING))
    cited = [n.title for n in LongDocument(text).nodes
             if n.kind == "exhibit" and re.search(r"\b(?:in|on)\n\Z", text[n.heading_start - 4 : n.heading_start])]
    assert cited == []


@pytest.mark.parametrize("opening", ["PRODUCTS LISTED BELOW", "5. Days"])
def test_a_line_after_a_line_that_ends_in_an_article_goes_on_with_its_sentence(opening: str) -> None:
    # IBM's outsourcing agreement wrapped at 72 columns: "... shall be substituted for the" over
    # "Attachment 3: Asset List that is attached to this Agreement".
    text = f"1. Assets.\n\nThe new listing shall be substituted for the\n{opening}\n\n2. Term.\n"
    assert titles(text) == ["1. Assets", "2. Term"]


@pytest.mark.parametrize("joining", ["and", "or"])
def test_a_numbered_clause_after_a_list_item_that_ends_in_and_or_or_is_a_heading(joining: str) -> None:
    # ContractNLI's FMO agreement: "... notice of such disclosure; or" over "4.2 FMO may disclose ..."
    text = f"4.1 Disclosure. The party shall give notice of such disclosure; {joining}\n4.2 FMO may disclose it.\n"
    assert titles(text) == ["4.1 Disclosure", "4.2 FMO may disclose it"]


def test_numbered_sentence_after_a_sentence_end_is_no_heading() -> None:
    assert titles("Recitals.\n\nFees are due within 30 days. 2. IBM proprietary software is excluded.\n") == []


def test_numbered_all_caps_paragraph_after_a_sentence_end_is_no_heading() -> None:
    text = ("Recitals.\n\nThis is the sole remedy. 4. TO THE MAXIMUM EXTENT PERMITTED BY APPLICABLE LAW, "
            "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR LOST PROFITS.\n")
    assert titles(text) == []


# GPL 3.0, section 15: a disclaimer hard-wrapped in capitals at about seventy columns.
GPL_DISCLAIMER = """Intro.

  15. Disclaimer of Warranty.

  THERE IS NO WARRANTY FOR THE PROGRAM, TO THE EXTENT PERMITTED BY
APPLICABLE LAW.  EXCEPT WHEN OTHERWISE STATED IN WRITING THE COPYRIGHT
HOLDERS AND/OR OTHER PARTIES PROVIDE THE PROGRAM "AS IS" WITHOUT WARRANTY
OF ANY KIND, EITHER EXPRESSED OR IMPLIED, INCLUDING, BUT NOT LIMITED TO,
THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
PURPOSE.

  16. Limitation of Liability.

Body.
"""


def test_the_lines_of_a_hard_wrapped_all_caps_paragraph_are_no_headings() -> None:
    assert titles(GPL_DISCLAIMER) == ["15. Disclaimer of Warranty", "16. Limitation of Liability"]


@pytest.mark.parametrize(("lead", "caps"), [
    ("LICENSOR SPECIFICALLY DISCLAIMS,", "AND WILL HAVE NO OBLIGATION OR LIABILITY FROM THIS AGREEMENT WITH REGARD"),
    ("LICENSOR SPECIFICALLY DISCLAIMS", "AND WILL HAVE NO OBLIGATION OR LIABILITY FROM THIS AGREEMENT WITH REGARD"),
    ("The parties agree that", "LICENSOR WILL HAVE NO OBLIGATION OR LIABILITY FROM THIS AGREEMENT WITH REGARD"),
])
def test_caps_lines_that_a_sentence_runs_on_into_from_a_line_in_lower_case_are_no_headings(lead: str, caps: str) -> None:
    # Arconic's trademark license wrapped at 72 columns: the disclaimer opens mid-line.
    text = ("7. Warranty. The Licensee bears the risk of loss in connection with any sale or\n"
            f"use of the Licensed Products by the Licensee. {lead}\n{caps}\n"
            "TO THE LICENSED MARK FOR ANY IMPLIED WARRANTY OF MERCHANTABILITY.\n\n8. Term. It lasts.\n")
    assert titles(text) == ["7. Warranty", "8. Term"]


def test_a_caps_title_under_a_long_line_in_lower_case_stays_a_heading() -> None:
    text = ("QuickLinks -- Click here to rapidly navigate through this document\n"
            "MUTUAL NON-DISCLOSURE AND NON-SOLICITATION AGREEMENT\n This Agreement is made today.\n")
    assert titles(text) == ["MUTUAL NON-DISCLOSURE AND NON-SOLICITATION AGREEMENT"]


# A short line ending in capitals above the title does not run on into it as a sentence would.
@pytest.mark.parametrize("above", ["", "The supply terms of ACME CORP\n"], ids=["after a blank line", "under a short line"])
def test_a_caps_title_right_over_its_hard_wrapped_caps_paragraph_is_the_only_heading(above: str) -> None:
    text = (f"Intro.\n\n{above}LIMITATION OF LIABILITY\n"
            "IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY INDIRECT,\n"
            "INCIDENTAL OR CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS, ARISING OUT\n"
            "OF THIS AGREEMENT.\n\nBody.\n")
    assert titles(text) == ["LIMITATION OF LIABILITY"]


def test_short_caps_titles_stacked_under_a_roman_heading_stay_headings() -> None:
    assert titles("Intro.\n\nIV. DEFINITIONS\nGOVERNING LAW\nNOTICES\n\nBody.\n") == [
        "IV. DEFINITIONS", "GOVERNING LAW", "NOTICES",
    ]


@pytest.mark.parametrize("line, expected", [
    # Ritter Pharmaceuticals and Theravance: a mixed-case article title runs on after a sentence end.
    ("The use continues during the Term. 9. Sale Transaction 9.1. Exclusivity Period. The parties agree.",
     ["9. Sale Transaction", "9.1 Exclusivity Period"]),
    ("Any PILON already made. 18. Termination Without Notice 18.1 The Company may end it.",
     ["18. Termination Without Notice", "18.1 The Company may end it"]),
    # Legacy Education's development agreement ends the title with a period.
    ("As set forth in Section 3.3, below. 2. Grant of License. 2.1 T&B hereby grants to LEA the licence.",
     ["2. Grant of License", "2.1 T&B hereby grants to LEA the licence"]),
    # Phreesia's alliance agreement: the first clause opens the next line.
    ("Notice of non-renewal is due before the end of the Term. 25. Termination.\n\n25.1 Termination for Convenience. "
     "Either party may end it.", ["25. Termination", "25.1 Termination for Convenience"]),
    # Pages apart, the number ends its sentence's line and the clause stands alone.
    ("Notice is due before the end of the Term. 25. Termination." + "\n" * 8 + "25.1 Termination for Convenience. "
     "Either party may end it.", ["25.1 Termination for Convenience"]),
])
def test_a_run_on_number_whose_short_title_runs_into_its_first_clause_is_a_heading(line: str, expected: list[str]) -> None:
    assert titles(f"Recitals.\n\n{line}\n") == expected


def test_a_run_on_numbered_sentence_citing_a_clause_is_no_heading() -> None:
    assert titles("Recitals.\n\nFees are due within 30 days. 2. Buyer shall pay under 2.1 of the schedule.\n") == []


def test_first_clause_run_into_its_parents_heading_line_is_a_heading_of_its_own() -> None:
    headings = find_headings("Recitals.\n\n8. OWNERSHIP 8.1 Marks. Arizona retains all rights.\n")
    assert [(h.title, h.text) for h in headings] == [("8. OWNERSHIP", "8. OWNERSHIP"), ("8.1 Marks", "8.1 Marks.")]


def test_first_clause_run_into_a_heading_numbered_with_a_zero_is_a_heading_of_its_own() -> None:
    assert titles("Recitals.\n\n7.0 Confidentiality 7.1 Except as provided in a Statement of Work, all is secret.\n") == [
        "7.0 Confidentiality", "7.1 Except as provided in a Statement of Work, all is secret",
    ]


def test_first_clause_run_into_a_mixed_case_heading_ends_the_parents_title() -> None:
    assert titles("Recitals.\n\n5. Term 5.1 Start. The Agreement starts on the Effective Date.\n") == [
        "5. Term", "5.1 Start",
    ]


def test_first_clause_run_into_an_article_line_is_a_heading_of_its_own() -> None:
    assert titles("Recitals.\n\nARTICLE 5 DEFINITIONS 5.1 Terms. Words have meanings.\n") == [
        "ARTICLE 5 DEFINITIONS", "5.1 Terms",
    ]


def test_a_caps_title_run_into_the_first_clause_is_a_heading_of_its_own() -> None:
    # iPass reseller agreement: the terms open on one line after the signature page.
    text = ("Source: IPASS INC, 8-K, 12/3/2018\n\nTERMS AND CONDITIONS 1. APPOINTMENT OF CHANNEL PARTNER 1.1 General. "
            "iPass will make the Service available to Channel Partner.\n\n1.2 Grant of Authority. Text.\n")
    assert titles(text) == ["TERMS AND CONDITIONS", "1. APPOINTMENT OF CHANNEL PARTNER", "1.1 General", "1.2 Grant of Authority"]


def test_an_exhibit_title_run_into_its_first_clause_keeps_its_label() -> None:
    headings = find_headings("Terms.\n\nEXHIBIT D CUSTOMIZED SERVICES AND SUPPORT 1. SOFTWARE INSTALLATION SUPPORT . "
                             "iPass personnel will work remotely.\n")
    assert [(h.title, h.label) for h in headings] == [
        ("EXHIBIT D CUSTOMIZED SERVICES AND SUPPORT", "Exhibit D"), ("1. SOFTWARE INSTALLATION SUPPORT", "1"),
    ]


def test_an_article_label_takes_the_caps_title_that_runs_into_its_first_section() -> None:
    headings = find_headings("Recitals.\n\nARTICLE I\n\nDEFINITIONS AND INTERPRETATION Section 1.01 Definitions. As used "
                             "in this Agreement, terms have these meanings.\n")
    assert [(h.title, h.text) for h in headings] == [
        ("ARTICLE I DEFINITIONS AND INTERPRETATION", "ARTICLE I DEFINITIONS AND INTERPRETATION"),
        ("Section 1.01 Definitions", "Section 1.01 Definitions."),
    ]


@pytest.mark.parametrize("line", [
    "TABLE OF CONTENTS SECTION PAGE 1. RIGHTS GRANTED 2 2. TERM; SUCCESSOR FRANCHISE AGREEMENTS 4 3. FEES 4",
    "EXHIBIT 1.1 Strategic Alliance Agreement",
    "TOTAL 1. Apples are red and pears are green.",
])
def test_a_contents_line_an_exhibit_number_or_a_sentence_is_no_title_run_into_a_clause(line: str) -> None:
    assert find_headings(f"{line}\n\nThis Agreement is made.\n") == []


@pytest.mark.parametrize("line", ["2. Delete Section 2.0 Term, as last amended.", "3. PAYMENT 4.1 Fees. The fee is due."])
def test_a_cited_or_foreign_number_in_a_heading_line_is_no_run_in_clause(line: str) -> None:
    assert len(find_headings(f"Recitals.\n\n{line}\n")) == 1


@pytest.mark.parametrize("line", ["12", "- 13 -", "Page 4 of 20", "iv", "------------", "_____________"])
def test_page_numbers_and_rules_are_never_headings(line: str) -> None:
    assert find_headings(f"The party shall pay.\n\n{line}\n\nMore text follows here.\n") == []


def test_table_of_contents_entries_with_dot_leaders_are_not_headings() -> None:
    toc = "TABLE OF CONTENTS\n\n1. Definitions .......... 3\n2. Term and Termination .......... 5\n"
    assert titles(toc + "\nBody.\n") == []


@pytest.mark.parametrize("line, title", [
    ("AMENDMENT NO. 1", "AMENDMENT NO. 1"),  # Glu Mobile's amendments: the number, no page
    ("1. Amendment No. 2", "1. Amendment No. 2"),
    ("2. If the status code conveys a server error, e.g. 500", "2. If the status code conveys a server error, e.g. 500"),
])
def test_a_number_after_an_abbreviation_s_period_ends_a_title_not_a_contents_entry(line: str, title: str) -> None:
    assert titles(f"{line}\n\nThe parties agree to amend the Agreement.\n") == [title]


def test_a_number_after_a_title_s_period_is_a_contents_entry_s_page() -> None:
    assert titles("1.1 Term. 4\n1.2 Fees. 5\n\nBody.\n") == []


def test_table_of_contents_entries_with_page_numbers_after_a_gap_are_not_headings() -> None:
    toc = "ARTICLE I      DEFINITIONS      1\nARTICLE II     LICENSE      4\n"
    assert find_headings(toc) == []


def test_contents_entries_in_capitals_with_their_page_number_one_space_after_are_not_headings() -> None:
    toc = "Table of Contents\n\n11. SERVICES TO BE PROVIDED BY THE PARTIES 12\n\nARTICLE 4 TERMINATION 19\n\n"
    assert titles(toc + "11. SERVICES TO BE PROVIDED BY THE PARTIES\n\nEach party serves.\n") == [
        "11. SERVICES TO BE PROVIDED BY THE PARTIES"]


def test_contents_entries_run_into_one_line_each_with_its_page_number_are_not_headings() -> None:
    toc = '1.1 "Actions" 1 1.2 "Affiliate" 1 1.3 "Astellas Indemnitees" 1 1.4 "Claims" 2\n\n'
    assert titles(toc + '1.1 "Actions" means any suit.\n') == ['1.1 "Actions"']


@pytest.mark.parametrize(
    "entries",
    [
        # Bloom Energy's maintenance agreement: two entries a line, the last of a page with its number.
        "Section 7.1 Aggregate Limit of Liability 22 Section 7.2 No Duplication of Claims 23",
        "Section 5.1 Access to Data and Meters 21 i",
    ],
)
def test_contents_entries_in_words_two_to_a_line_or_before_a_page_number_are_not_headings(entries: str) -> None:
    toc = f"TABLE OF CONTENTS Page\n\nARTICLE 7 LIMITATIONS 22\n\n{entries}\n\n"
    assert titles(toc + "Section 7.1 Aggregate Limit of Liability. Neither party pays more.\n") == [
        "Section 7.1 Aggregate Limit of Liability"]


@pytest.mark.parametrize(
    "toc",
    [
        # TRICITY's outsourcing agreement: the second page of its contents, without page numbers.
        "11. TERMINATION      11.1 For Convenience      11.2 For Cause  11.3 Following Change in Control of "
        "Customer  11.4 Termination Assistance    12. EVENTS OF DEFAULT; REMEDIES     12.1 By M&I",
        # Scansource's distributor agreement lists its attachments in one line.
        "1. Nonexclusive Value Added Distributor Agreement Terms and Conditions 2. EXHIBIT A: Territory 3. "
        "EXHIBIT B: Value Added Distributor Support Exhibit 4. EXHIBIT C: Software License Agreement",
    ],
)
def test_contents_entries_run_into_one_line_without_page_numbers_are_not_headings(toc: str) -> None:
    assert titles(f"Recitals.\n\n{toc}\n\n11. TERMINATION\n\nEither party may end this.\n") == ["11. TERMINATION"]


def test_clauses_run_into_one_line_each_with_its_sentence_are_headings() -> None:
    line = ("11. TERMINATION      11.1 For Convenience. Either party may end this.      11.2 For Cause. A breach "
            "ends it.      11.3 Following Change in Control. A sale ends it.      11.4 Assistance. We help.")
    assert titles(f"Recitals.\n\n{line}\n") == [
        "11. TERMINATION", "11.1 For Convenience", "11.2 For Cause", "11.3 Following Change in Control", "11.4 Assistance",
    ]


def test_a_clause_number_that_lost_the_space_before_its_title_in_capitals_opens_a_heading() -> None:
    # Coherus's development agreement: every article's heading reads "1.DEFINITIONS AND INTERPRETATION".
    text = ("Recitals.\n\n1.DEFINITIONS AND INTERPRETATION\n\n1.1 Affiliate means any entity that controls a Party.\n\n"
            "2.LICENSE GRANT\n\n2.1 Bioeq grants a licence.\n\n3.5mm cables are used.\n")
    doc = LongDocument(text)
    assert [(n.label, n.title, [c.label for c in n.children]) for n in doc.outline] == [
        ("1", "1. DEFINITIONS AND INTERPRETATION", ["1.1"]), ("2", "2. LICENSE GRANT", ["2.1"]),
    ]


def test_a_clause_number_that_lost_the_space_before_its_first_sentence_opens_a_heading_titled_by_it() -> None:
    # AIG's capital maintenance agreement numbers "9. Any policyholder ..." and then "10.This Agreement is not ...".
    text = ("Recitals.\n\n9. Any policyholder keeps its rights.\n\n10.This Agreement is not a guarantee. AIG pays "
            "nothing else.\n\n11.Any notice is in writing.\n\n3.5mm cables and 2.thin wires are used.\n")
    assert titles(text) == ["9. Any policyholder keeps its rights", "10. This Agreement is not a guarantee",
                            "11. Any notice is in writing"]


def test_contents_entries_with_their_page_number_run_onto_the_title_are_not_headings() -> None:
    toc = "TABLE OF CONTENTS\n\n1. DEFINITIONS AND INTERPRETATION1\n\n2. LICENSE GRANT10\n\n"
    assert titles(toc + "1. DEFINITIONS AND INTERPRETATION\n\nTerms.\n") == ["1. DEFINITIONS AND INTERPRETATION"]


def test_a_list_of_attachments_one_caption_a_line_heads_nothing_and_the_attachments_after_it_do() -> None:
    # Phasebio's development agreement lists its exhibits after its last clause, then attaches some.
    text = ("20.7 Counterparts. This Agreement may be signed in counterparts.\n\nEXHIBIT LIST\n\n"
            "Exhibit A The Product\n\nExhibit B Current Approved CROs\n\nAddendum 1: Maintenance\n\n\n\n\n"
            "Exhibit B Current Approved CROs\n\nThe CROs approved at signing are listed below.\n")
    assert titles(text) == ["20.7 Counterparts", "EXHIBIT LIST", "Exhibit B Current Approved CROs"]


def test_captions_apart_by_a_page_break_are_no_list_of_attachments() -> None:
    # Sonos' manufacturing agreement: two sub-exhibits to be added later, then, on the next page, Exhibit B.
    text = ("Exhibit A-1 PLAY:1 Statement of Work\n\nExhibit A-2 Next transfer or future program\n\n\n\n\n\n"
            "Exhibit B\n\nProgram Managers\n\nThe program managers are listed here with their titles.\n")
    assert "Exhibit B" in titles(text)


def test_a_contents_entry_with_a_redaction_in_its_title_and_its_page_number_run_on_is_no_heading() -> None:
    toc = "CONTENTS\n\n10. COVENANTS RELATING TO THE [***] AGREEMENT30\n\n11. CONFIDENTIALITY30\n\n"
    assert titles(toc + "10. COVENANTS\n\nTerms.\n") == ["CONTENTS", "10. COVENANTS"]


def test_a_number_and_title_run_on_after_a_gap_into_its_first_clause_is_a_heading() -> None:
    # Xencor's collaboration agreement, extracted with its clauses run on after wide gaps.
    text = ("The parties agree to the following terms, each binding on both.   3 Payments   3.1 Project Fee   "
            "3.1.1 Consideration for Services   As consideration for the Services, Buyer pays the fee.   "
            "4 Delivery Terms of Product   4.1 Delivery Terms BII shall deliver the Product.\n")
    assert tree(text)[:2] == [("3 Payments", 0), ("3.1 Project Fee", 1)]
    assert [t for t, _ in tree(text)][3:] == ["4 Delivery Terms of Product", "4.1 Delivery Terms BII shall deliver the Product"]


def test_a_number_and_title_ended_by_a_period_over_its_first_clause_after_a_gap_is_a_heading() -> None:
    # Microgenics' collaboration agreement: "5 Governance.   5.1 Alliance Managers.   5.1.1 No later ...".
    text = "Recitals.\n\n5 Governance.   5.1 Alliance Managers.   5.1.1 No later than ten days after signing, each names one.\n"
    assert titles(text)[:2] == ["5 Governance", "5.1 Alliance Managers"]
    assert titles("Recitals.\n\n5 Days notice.   5.1 Alliance Managers.   Each names one.\n")[:1] == ["5.1 Alliance Managers"]


def test_numbers_and_words_run_on_after_gaps_without_a_first_clause_are_no_headings() -> None:
    assert titles("The schedule runs as follows, week by week.   5 Days Notice   7 Weeks Delivery   9 Months Warranty\n") == []


def test_a_contents_entry_with_a_colon_after_its_label_and_its_page_number_run_on_is_no_heading() -> None:
    # Vertex Energy's operation and maintenance agreement.
    toc = "TABLE OF CONTENTS Page\n\nARTICLE I : DEFINITIONS1\n\n"
    assert titles(toc + "ARTICLE I : DEFINITIONS\n\nTerms.\n") == ["ARTICLE I DEFINITIONS"]


@pytest.mark.parametrize(
    "title", ["MUTUAL CONFIDENTIALITY AND NON-DISCLOSURE AGREEMENT", "CONFIDENTIALITY", "CONFIDENTIAL INFORMATION"],
)
def test_a_title_in_capitals_about_confidentiality_is_a_heading(title: str) -> None:
    assert titles(f"{title}\n\nThe parties agree to keep secrets.\n") == [title]


@pytest.mark.parametrize("marker", ["CONFIDENTIAL", "CONFIDENTIAL TREATMENT REQUESTED", "STRICTLY PRIVATE AND CONFIDENTIAL"])
def test_a_confidentiality_marker_in_capitals_is_no_heading(marker: str) -> None:
    assert titles(f"Recitals.\n\n{marker}\n\nThe parties agree to keep secrets.\n") == []


@pytest.mark.parametrize(
    "entry", ["Section 3.1 Term 18", "Article II Representations and Warranties of the Parties 4"],
)
def test_a_contents_entry_with_its_page_number_one_space_after_its_title_in_words_is_no_heading(entry: str) -> None:
    # Bloom Energy's maintenance agreement and Transphorm's joint venture agreement.
    assert titles(f"TABLE OF CONTENTS\n\n{entry}\n\nBody.\n") == []


@pytest.mark.parametrize(
    ("label", "line", "clause"),
    [
        ("ARTICLE VII", "GUARANTEE Section 7.01 Guarantee. SPI hereby guarantees payment.", "Section 7.01 Guarantee"),
        ("ARTICLE 4", "OWNERSHIP 4.1 Title. The Licensor keeps title.", "4.1 Title"),
    ],
)
def test_the_title_line_under_a_bare_article_label_may_run_into_the_articles_first_clause(
    label: str, line: str, clause: str
) -> None:
    # Sucampo's agreement: "... this Agreement. ARTICLE VII" over "GUARANTEE Section 7.01 Guarantee. ..."
    text = f"Recitals.\n\nIt survives termination. {label}\n\n{line}\n"
    assert titles(text) == [f"{label} {line.split()[0]}", clause]


def test_a_clause_cited_by_its_number_does_not_end_the_first_sentence_that_titles_a_clause() -> None:
    text = "Recitals.\n\n7. Copies are limited to the purposes identified in 1. above. Each copy is marked.\n"
    assert titles(text) == ["7. Copies are limited to the purposes identified in 1. above"]


def test_lowercase_sentence_starting_with_a_number_is_not_a_heading() -> None:
    assert find_headings("The fee is due within\n30 days after invoice.\n") == []


def test_heading_text_is_the_span_as_it_stands_when_on_one_line() -> None:
    text = "Recitals.\n\n   5.1   Fees.  The Licensee pays.\n"
    h = only(text)
    assert h.text == text[h.start : h.end] and not h.text[0].isspace()


@pytest.mark.parametrize(
    "text",
    ["", "\n\n\n", "\r\r\r", "\f", "#", "# ", "###### ", "1.", "ARTICLE", "§", "\x00\x01", "=\n=", "IV.", "\ud800"],
)
def test_find_headings_never_raises_on_odd_input(text: str) -> None:
    for h in find_headings(text):
        assert 0 <= h.start < h.end <= len(text)


def test_find_headings_rejects_non_str() -> None:
    with pytest.raises(TypeError, match="text"):
        find_headings(b"ARTICLE I")  # type: ignore[arg-type]


_LINE_TEXT = st.lists(
    st.sampled_from(list("# \t\n\r\f\v\x1c\u2028a1") + ["## ", "Section ", "ARTICLE ", "12 ", "x7 ", "4 Section 2 ", "9 ARTICLE V"]),
    max_size=60,
).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=_LINE_TEXT)
def test_markdown_is_recognised_exactly_where_an_atx_heading_starts_a_line(text: str) -> None:
    assert is_markdown(text) == (MARKDOWN_HEADING_RE.search(text) is not None)


@settings(max_examples=400, deadline=None)
@given(text=_LINE_TEXT)
def test_a_line_of_two_clause_entries_with_page_numbers_is_a_table_of_contents_run(text: str) -> None:
    # Entries counted as a regex finds them one after another, each number at a word start.
    entries = re.findall(r"\b[0-9]{1,3}[ \t]+(?:Section|SECTION|Article|ARTICLE)[ \t]+[0-9IVX]", text)
    assert _has_toc_runs(text, 0, len(text)) == (len(entries) >= 2)


_PAGE_RUN_TEXT = st.lists(
    st.sampled_from([" ", "\t", "1", "12", "1234", ".", "3.4", "3.4.", "x", "\n", " 12 3.4 ", "x12 3.4 "]), max_size=30
).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=_PAGE_RUN_TEXT)
def test_a_line_of_two_page_numbers_each_followed_by_a_clause_number_is_a_contents_run(text: str) -> None:
    # Each entry as a regex reads it: a space, a page number, spaces, a clause number, a space; the
    # next entry may open with the space that ends the one before.
    entry = re.compile(r"[ \t][0-9]{1,3}[ \t]+[0-9]{1,2}\.[0-9]{1,2}\.?[ \t]")
    first = entry.search(text)
    expected = first is not None and entry.search(text, first.end() - 1) is not None
    assert _has_page_runs(text, 0, len(text)) == expected


def test_clause_entries_run_into_one_line_are_no_headings() -> None:
    text = "Section 1.1 Definitions 3 Section 1.2 Term 4 Section 1.3 Fees 5\n\nSection 1.1 Definitions. Words mean this.\n"
    assert [h.text for h in find_headings(text)] == ["Section 1.1 Definitions."]


# Side titles: a clause's title set on its own line above its number (Western Copper's
# non-competition agreement, a ContractNLI non-disclosure agreement).
_SIDE_TITLED = (
    "3.3 Each of Western Copper and Glamis agree that all restrictions in this Agreement are reasonable.\n\n"
    "Cumulative Remedies\n\n"
    "3.4 No remedy provided for in this Agreement is intended to be exclusive of any other remedy.\n"
)


def test_a_title_on_its_own_line_above_an_untitled_clause_titles_that_clause() -> None:
    found = find_headings(_SIDE_TITLED)
    assert [(h.title, h.label) for h in found] == [
        ("3.3 Each of Western Copper and Glamis agree that all restrictions in this Agreement are reasonable", "3.3"),
        ("3.4 Cumulative Remedies", "3.4"),
    ]


def test_a_side_titled_heading_starts_at_its_title_so_the_title_folds_with_its_clause() -> None:
    heading = find_headings(_SIDE_TITLED)[1]
    assert heading.start == _SIDE_TITLED.index("Cumulative Remedies")
    assert heading.text.startswith("Cumulative Remedies 3.4 No remedy")


def test_a_side_title_may_follow_the_sentence_above_it_with_no_blank_line() -> None:
    text = ("NOW THEREFORE the parties agree as follows:\nScope of Confidential Information\n"
            "1. \u201cConfidential Information\u201d means, for each party, any information disclosed.\n")
    assert titles(text) == ["1. Scope of Confidential Information"]


def test_a_clause_with_a_title_of_its_own_keeps_it_under_a_line_of_capitalised_words() -> None:
    text = "The parties agree as follows.\n\nGeneral Provisions\n\n4.1 Waiver. No waiver is binding unless written.\n"
    assert titles(text) == ["4.1 Waiver"]


def test_a_running_header_after_a_page_break_is_no_side_title() -> None:
    text = ("1.2 \u201cAffiliate\u201d means any entity that controls a Party.\n\n\n\n\n\n"
            "Confidential Execution Version\n\n1.3 \u201cBusiness Day\u201d means a day on which banks are open.\n")
    assert titles(text) == ["1.2 \u201cAffiliate\u201d", "1.3 \u201cBusiness Day\u201d"]


def test_a_centred_line_above_a_clause_is_no_side_title() -> None:
    text = ("The Products are listed below.\n\n              Outsourcing Base Agreement Statement of Work\n\n"
            "1.12 \u201cHot line\u201d shall mean a service available from 7:30 am to midnight.\n")
    assert titles(text) == ["1.12 \u201cHot line\u201d"]


def test_the_end_of_a_wrapped_sentence_above_a_clause_is_no_side_title() -> None:
    text = "Notices shall be sent by the Licensee to the\nCustomer Support Team\n2. The Licensor shall answer within ten days.\n"
    assert titles(text) == ["2. The Licensor shall answer within ten days"]


# Title lines: a few capitalised words alone on their line, heading the paragraph below them (a
# ContractNLI letter agreement between FLIR Systems and ICx Technologies).
_LETTER = (
    "Ladies and Gentlemen:\nIn connection with your consideration of a possible transaction, you have requested "
    "information.\nUse of Evaluation Materials\nYou and your Representatives will use the Evaluation Material solely "
    "for the purpose of evaluating a possible Transaction.\nGoverning Law\nThis Agreement shall be governed by the "
    "laws of the State of Delaware.\nVery truly yours.\nICx Technologies, Inc.\nBy: /s/ James Luby\n"
)


def test_a_title_line_after_a_sentence_end_heads_the_paragraph_below_it() -> None:
    found = find_headings(_LETTER)
    assert [(h.title, h.kind, h.label) for h in found] == [
        ("Use of Evaluation Materials", "title", None), ("Governing Law", "title", None)]


def test_title_lines_are_siblings_and_never_hold_the_numbered_clauses_after_them() -> None:
    # Western Copper: "Notices" heads the items of clause 4.1's part, and clause 4.2 follows.
    text = ("4.1 Time is of the essence in the performance of all obligations under this Agreement.\n\nNotices\n\n"
            "(a) Any notice required or permitted to be delivered hereunder shall be in writing.\n\n"
            "4.2 The delivery of any notice to a party is delivery to that party.\n")
    assert tree(text) == [("4.1 Time is of the essence in the performance of all obligations under this Agreement", 0),
                          ("Notices", 1), ("4.2 The delivery of any notice to a party is delivery to that party", 0)]


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_capitalised_words_after_a_line_that_ends_no_sentence_are_no_title(gap: str) -> None:
    text = (f"To the attention of the managing director of Molipharma{gap}General Counsel Office{gap}"
            "Each Party may designate by written notice an address to which notices go.\n")
    assert titles(text) == []


def test_a_centred_line_of_capitalised_words_is_no_title_line() -> None:
    text = ("The parties sign below.\n\n                  Outsourcing Statement of Work\n\n"
            "      Parts are required earlier than on the stated and agreed upon lead time.\n")
    assert titles(text) == []


@pytest.mark.parametrize("line", ["None", "Dear Mr Saunders", "See Exhibit A", "Notary Public", "Richard Flavell, CBE, FRS"])
def test_an_answer_a_salutation_a_pointer_or_a_name_is_no_title_line(line: str) -> None:
    text = f"The rights are as follows.\n\n{line}\n\nAny rights of third parties on results obtained by the Institute apply.\n"
    assert titles(text) == []


def test_a_title_line_over_a_row_of_figures_is_no_heading() -> None:
    text = "The payments are listed.\n\nAnniversary Total\n\nFDA Approval 5,000,000 250,000 250,000 250,000 250,000 330,000,000\n"
    assert titles(text) == []


# Run-in titles: capitalised words that open a paragraph and run into its first sentence (Regan
# Holding's licence and hosting agreement, Cybergy's affiliate agreement).
def test_a_title_run_into_the_first_sentence_of_its_paragraph_is_a_heading() -> None:
    text = ("The parties agree as follows.\n\nGrant of License. LMG grants TAG a worldwide, nonexclusive license to use "
            "the LMG Tools.\n\nBest Efforts. MA agrees to use its best efforts to market the Technology.\n")
    found = find_headings(text)
    assert [(h.title, h.kind, h.text) for h in found] == [
        ("Grant of License", "title", "Grant of License."), ("Best Efforts", "title", "Best Efforts.")]


def test_a_run_in_title_opening_a_page_after_a_sentence_end_is_a_heading() -> None:
    # Regan Holding: the page's number and the blank lines of the page break stand between.
    text = ("LMG shall exercise all rights under its existing license with the vendors.\n\n3\n\n\n\n\n\nSupport "
            "Services. LMG shall provide the following with respect to the LMG Tools and the Documentation:\n")
    assert [(h.title, h.text) for h in find_headings(text)] == [("Support Services", "Support Services.")]


def test_capitalised_words_opening_a_page_in_the_middle_of_a_sentence_are_no_run_in_title() -> None:
    text = ("LMG shall exercise all rights under its existing license with the vendors of the\n\n3\n\n\n\nOther "
            "Third Party Software. LMG shall provide the following with respect to the LMG Tools:\n")
    assert titles(text) == []


def test_a_title_line_ended_by_a_period_heads_the_paragraph_below_it() -> None:
    # Cybergy's affiliate agreement sets each clause's title alone on its line, with a period.
    text = ("Accordingly, Company and MA agree as follows:\n\nEffective Date and Term.\n\nThis agreement shall begin "
            "upon the date of its execution by MA and acceptance in writing by Company.\n")
    assert [(h.title, h.kind, h.text) for h in find_headings(text)] == [
        ("Effective Date and Term", "title", "Effective Date and Term.")]


def test_a_title_in_capitals_with_a_note_in_parentheses_is_a_heading_titled_by_its_capitals() -> None:
    # The forms attached to Ceres' collaboration agreement.
    text = ("Page 39 of 75\n\nFIELD TRIAL AGREEMENT  (Non transgenic. No payment. Academic.)\n\n1.   THE PARTIES\n\n"
            "This Agreement is made effective on the date below.\n")
    [form, parties] = find_headings(text)
    assert (form.title, form.kind, form.text) == (
        "FIELD TRIAL AGREEMENT", "caps", "FIELD TRIAL AGREEMENT  (Non transgenic. No payment. Academic.)")
    assert parties.title == "1. THE PARTIES"


@pytest.mark.parametrize("line", [
    "AVIONS DE TRANSPORT REGIONAL (the Repairer)",  # a party and its role
    'EMERSON HEALTHCARE GROUP ("Contractor")',
    "TABLE OF CONTENTS (continued)",                # a running header
])
def test_a_party_with_its_role_or_a_header_continued_is_no_heading(line: str) -> None:
    assert titles(f"The parties agree as follows.\n\n{line}\n\nThe Repairer repairs the engines as agreed.\n") == []


def test_a_title_in_capitals_run_into_its_paragraph_is_a_heading() -> None:
    # Thrivent's endorsement to a variable life insurance contract.
    text = ("The following provisions are included as part of this contract:\n\nMAINTENANCE OF SOLVENCY. This "
            "provision applies only to benefits provided through the General Account.\n\nDIVIDENDS. Each year, we "
            "will determine our divisible surplus.\n")
    assert [(h.title, h.kind) for h in find_headings(text)] == [("MAINTENANCE OF SOLVENCY", "title"), ("DIVIDENDS", "title")]


def test_a_party_in_capitals_over_its_signature_is_no_run_in_title() -> None:
    text = "Signed by the parties.\n\nREDWATER LLC. By: the undersigned officer of the company who signs below here.\n"
    assert titles(text) == []


def test_the_last_words_of_a_title_in_capitals_wrapped_onto_two_lines_are_no_run_in_title() -> None:
    text = ("The parties agree as follows.\n\nLIMITATION OF LIABILITY AND\nINDEMNIFICATION. Each party shall "
            "indemnify the other against all claims arising from its own breach.\n")
    assert "INDEMNIFICATION" not in titles(text)


def test_capitalised_words_ending_a_wrapped_line_are_no_run_in_title() -> None:
    text = "The Buyer pays for the Products\nSold Hereunder. The Buyer pays within thirty days of the invoice.\n"
    assert titles(text) == []


@pytest.mark.parametrize("line", [
    "Minn. Stat. § 80C.21 governs the relationship of the parties here.",  # abbreviations, not a title
    "Roy B. Smith signs for the company as its agent and officer.",       # a name's initial
    "Pursuant to Minnesota. The franchisor shall give notice in writing.",  # a sentence's opening words
])
def test_abbreviations_names_and_sentence_openings_are_no_run_in_title(line: str) -> None:
    assert titles(f"The parties agree as follows.\n\n{line}\n") == []


def test_a_list_after_run_in_titles_under_a_lettered_item_stays_the_items() -> None:
    # A ContractNLI agreement of the Boston Public Schools: the list closes "Routing Information".
    text = ("A. DEFINITIONS\nData Set. The data set includes all students eligible for school bus transportation.\n"
            "Routing Information. The district will share the data below, specifically:\n1. Student home location:\n"
            "2. Student characteristics:\nB. TERMS OF AGREEMENT\n1. Data Sharing\nThe vendor shall keep the data secure.\n")
    assert tree(text) == [("A. DEFINITIONS", 0), ("Data Set", 1), ("Routing Information", 1),
                          ("1. Student home location", 1), ("2. Student characteristics", 1),
                          ("B. TERMS OF AGREEMENT", 0), ("1. Data Sharing", 1)]


def test_a_clause_with_a_short_title_ended_by_a_period_run_on_after_a_sentence_is_a_heading() -> None:
    # Quaker Chemical: the whole agreement extracted onto a few lines.
    text = ("The parties agree as follows: 1. Confidentiality; Non-competition. (a) From the date hereof, each "
            "Seller shall hold the information in confidence. The Sellers agree to that effect. 2. Notices. All "
            "notices shall be in writing. The parties so agree. 3. Assignment. No party may assign this Agreement.")
    assert titles(text) == ["1. Confidentiality; Non-competition", "2. Notices", "3. Assignment"]


def test_a_number_after_a_sentence_end_before_words_that_are_no_title_opens_no_heading() -> None:
    text = "The fee was paid on Jan. 5. The parties met on the same day in New York. 6. the next item follows."
    assert titles(text) == []


def test_a_clause_with_a_title_in_words_that_ends_its_line_after_a_sentence_is_a_heading() -> None:
    # Rise Education: "... cultivate talents for the society. 1. Scope of Services" ends its line.
    text = ("The Parties enter into this Agreement to cultivate talents for the society. 1. Scope of Services\n\n"
            "Service Provider shall provide the following operation support services to Service Recipient.\n")
    assert titles(text) == ["1. Scope of Services"]


# Titled items: "(a) Title. Sentence ..." (a ContractNLI agreement between EarthLink and CIDCO).
_ITEMS = (
    "3. Confidentiality and Use of Evaluation Material.\n"
    "(a) Confidentiality of Evaluation Material. All Evaluation Material shall be used solely for the Transaction.\n"
    "(b) Compulsory Disclosure. If the Receiving Party is required by law to disclose, it shall give notice.\n"
    "(c) the Receiving Party shall keep a record of every copy it makes.\n"
    "4. Remedies. Each Party agrees that money damages would not be a sufficient remedy.\n"
)


def test_an_item_titled_in_capitalised_words_is_a_heading_under_its_clause() -> None:
    assert tree(_ITEMS) == [("3. Confidentiality and Use of Evaluation Material", 0),
                            ("(a) Confidentiality of Evaluation Material", 1), ("(b) Compulsory Disclosure", 1),
                            ("4. Remedies", 0)]


def test_an_item_titled_alone_on_its_line_is_a_heading_and_ends_the_item_before_it() -> None:
    # ATN's maintenance agreement: "(b) Ownership of AT&T Data ..." ends the definitions of "(a)".
    text = ("4.25 Big Data.\n\n(a) Definitions. For this Section: \"AT&T Data\" means any data of AT&T.\n\n"
            "(b) Ownership of AT&T Data.\n\n(i) AT&T Data is the property of AT&T.\n")
    assert tree(text) == [("4.25 Big Data", 0), ("(a) Definitions", 1), ("(b) Ownership of AT&T Data", 1)]


@pytest.mark.parametrize("line", [
    "(ii) Counterparty is not a Multibranch Party.",
    "(a) Upon the written agreement of both parties.",
    "(iv) Finance and accounting services.",
])
def test_an_item_of_a_list_alone_on_its_line_is_no_heading(line: str) -> None:
    assert titles(f"The terms are these.\n{line}\n") == []


@pytest.mark.parametrize("line", [
    "(c) the Receiving Party shall keep a record of every copy it makes.",
    "(i) Information that is publicly available. It is no secret at all.",
    "(d) Acme Widgets Inc. The supplier named here delivers the goods.",
    "(b) Copy to Counsel. Attention: Chief Legal Officer, Acme Corp, New York, NY 10001",  # an address
])
def test_an_item_of_a_list_or_a_sentence_is_no_heading(line: str) -> None:
    assert titles(f"The terms are these.\n{line}\n") == []


def test_a_roman_item_falls_under_the_lettered_item_before_it() -> None:
    # Verizon's service agreement: "(b) Representations ..." holds "(i) Valid Security Interest" and "(ii) Type".
    text = ("7. Representations.\n(b) Security Interest. The Depositor represents as follows.\n"
            "(i) Valid Security Interest. This Agreement creates a valid security interest.\n"
            "(ii) Type. Each Receivable is an account under the UCC.\n(c) Survival. These survive the transfer.\n")
    assert tree(text) == [("7. Representations", 0), ("(b) Security Interest", 1), ("(i) Valid Security Interest", 2),
                          ("(ii) Type", 2), ("(c) Survival", 1)]


def test_an_item_i_right_after_item_h_is_the_next_letter() -> None:
    text = ("9. General.\n(h) Notices. Notices are in writing and go by courier.\n"
            "(i) Waiver. No waiver is binding unless made in writing.\n")
    assert tree(text) == [("9. General", 0), ("(h) Notices", 1), ("(i) Waiver", 1)]


def test_a_section_numbered_with_a_letter_before_its_digits_is_a_heading() -> None:
    # Reynolds Consumer Products: the schedules of transition services are "Section G1" to "Section G8".
    text = "EXHIBIT A\n\nSection G1: IT Services\n\nThe services.\n\nSection G2: HR Services\n\nAs in Section G1 above.\n"
    assert [(h.title, h.label) for h in find_headings(text)] == [
        ("EXHIBIT A", "Exhibit A"), ("Section G1 IT Services", "Section G1"), ("Section G2 HR Services", "Section G2")]


def test_a_section_title_opening_with_an_amount_and_its_unit_is_a_heading() -> None:
    # King Pharmaceuticals' promotion agreement: "Section 6.8 1000mg Formulation."
    text = ("Section 6.7 Supply.\n\n(a) King supplies the Product.\n\nSection 6.8 1000mg Formulation.\n\n"
            "(a) The parties acknowledge the new strength.\n")
    assert titles(text) == ["Section 6.7 Supply", "Section 6.8 1000mg Formulation"]


def test_a_section_cited_before_an_amount_in_lower_case_is_no_heading() -> None:
    text = "The fee is set.\n\nSection 6.8 100 days after delivery the fee is paid.\n"
    assert titles(text) == []


def test_a_titled_item_in_markdown_is_text_as_markdown_marks_its_headings() -> None:
    text = "# Terms\n\n(a) Compulsory Disclosure. If the law requires a disclosure, notice is given.\n"
    assert titles(text) == ["Terms"]


def _paged(pages: list[str], header: str = "", footer: str = "") -> str:
    """Pages with a running header over each and a footer with the page's number under each."""
    return "".join(f"{header}\n\n{page}\n\n{footer}Page {k} of {len(pages)}\n\n"
                   for k, page in enumerate(pages, 1))


def test_a_running_header_under_each_page_number_heads_its_attachment_once() -> None:
    # Manufacturers' Services attaches IBM's statement of work with its caption atop every page; no
    # page number stands above the first.
    pages = [f"{k}.0 Item {k}. The supplier shall perform item {k} as set out here." for k in range(1, 5)]
    text = _paged(pages, header="ATTACHMENT 1\n\nStatement of Work", footer="IBM Confidential   ")
    assert titles(text).count("ATTACHMENT 1") == 1
    assert len(titles(text)) == 5


def test_a_caption_repeated_over_other_text_where_no_page_number_stands_above_either_heads_each_part() -> None:
    text = ("ATTACHMENT 1\n\nStatement of Work\n\nThe work is set out below.\n\nPage 1 of 2\n\n"
            "ATTACHMENT 1\n\nPrices\n\nThe prices are set out below.\n")
    assert titles(text).count("ATTACHMENT 1") == 2


def test_a_running_footer_over_each_page_number_is_a_heading_on_its_first_page_only() -> None:
    # The Joint Corp.'s franchise agreement closes every page with its title over the page's number.
    pages = [f"{k}. FEES. The franchisee pays fee {k} by the tenth day of each month." for k in range(1, 5)]
    text = "".join(f"{page}\n\nTHE JOINT FRANCHISE AGREEMENT\n\n{k}\n\n\n" for k, page in enumerate(pages, 1))
    assert titles(text) == ["1. FEES", "THE JOINT FRANCHISE AGREEMENT", "2. FEES", "3. FEES", "4. FEES"]


def test_a_title_repeated_away_from_page_numbers_heads_each_of_its_parts() -> None:
    # Changepoint's exhibit names its software under "EXHIBIT G", then again over its terms a page on.
    text = ("EXHIBIT G\nCHANGEPOINT SOFTWARE\n\nThe parties sign below.\n\nSignature ____\n\n29\n\n"
            "CHANGEPOINT SOFTWARE\n\nTERMS AND CONDITIONS\n\n1.1 Definitions. The words below have these meanings.\n")
    assert "CHANGEPOINT SOFTWARE" in titles(text)


def test_a_line_repeated_next_to_page_numbers_further_than_a_few_pages_apart_is_a_heading_each_time() -> None:
    filler = "The supplier shall perform the services with due care and skill. " * 400  # some 26,000 characters
    text = f"SCHEDULE 1\n\n3\n\n{filler}\n\nSCHEDULE 1\n\n4\n\nThe schedule lists the fees.\n"
    assert titles(text).count("SCHEDULE 1") == 2


# Senmiao's collaboration agreement: each page opens with the contract's number, one space before
# the clause the page goes on with.
SENMIAO_HEADER = "Contract No.: DDCX S DG KC 201812130044"
SENMIAO_PAGES = [
    f"{SENMIAO_HEADER} Exhibit 10.5 Collaboration Agreement\n\n1. Definitions\n\n1.1 \"Platform\" means the platform.",
    f"{SENMIAO_HEADER} 1.2 \"Platform Rules\" refers to the rules that Party A notices to Party B.\n\n2. The Cooperation\n\n"
    "2.1 Party A provides the platform.",
    f"{SENMIAO_HEADER} 3. Rights and Obligations\n\n3.1 Party A shall maintain the platform.",
]


def test_a_clause_run_into_the_running_header_that_opens_its_page_starts_after_the_header() -> None:
    text = "\n\n\n\n\n\n".join(SENMIAO_PAGES)
    starts = {h.label: h.start for h in find_headings(text)}
    assert starts["1.2"] == text.index("1.2 \"Platform Rules\"")
    assert starts["3"] == text.index("3. Rights and Obligations")
    assert ["1. Definitions", "1.1 \"Platform\"", "2. The Cooperation", "2.1 Party A provides the platform",
            "3. Rights and Obligations", "3.1 Party A shall maintain the platform"] == [
                t for t in titles(text) if not t.startswith("1.2")]


def test_a_clause_a_wide_gap_after_the_running_header_that_opens_its_page_heads_its_part() -> None:
    # Range Resources' tariff: "FERC ICA OIL TARIFF F.E.R.C. No. 1.0.0" opens each page, a wide gap
    # before the page's first clause, with no sentence's end before it.
    header = "FERC ICA OIL TARIFF F.E.R.C. No. 1.0.0"
    text = (f"{header}   SECTION II RULES AND REGULATIONS\n\n1. DEFINITIONS: The words mean.\n\n\n\n\n\n"
            f"{header}   9. ORIGINATION FACILITIES:\n\nThe carrier accepts crude oil.\n")
    assert "9. ORIGINATION FACILITIES" in titles(text)
    assert "9. ORIGINATION FACILITIES" not in titles(text.replace(f"{header}   SECTION", "Rules   SECTION"))


def test_a_header_run_into_a_clause_heads_nothing_where_no_page_above_opens_with_it() -> None:
    # The same line with no page above it, or a page above that opens otherwise: its number may be a
    # reference number's part, not a clause's.
    assert "3. Rights and Obligations" not in titles(SENMIAO_PAGES[2])
    assert "3. Rights and Obligations" not in titles("Recitals.\n\n\n\n\n\n" + SENMIAO_PAGES[2])
    # The same header above, in the middle of a page.
    above = f"Recitals.\n\n{SENMIAO_HEADER} 1. Definitions\n\nThe words below have these meanings.\n\n\n\n\n\n"
    assert "3. Rights and Obligations" not in titles(above + SENMIAO_PAGES[2])


@pytest.mark.parametrize(
    ("pages", "number"),
    [
        # Every page's header ends with the same number: it is the tariff's, and no clause opens there.
        (["FERC ICA OIL TARIFF 1.0.0 Rules apply.", "FERC ICA OIL TARIFF 1.0.0 The carrier ships."], "1.0.0"),
        # A schedule's number after its label: "4.5" is the schedule's, not a clause.
        (["Schedule 1.1 Fees are listed below.",
          "Schedule 4.5           Year   Advertising/Marketing Expenses 2006   $ [***]  2007   $ [***]  2008   $ [***]"], "4.5"),
    ],
)
def test_a_number_a_running_header_goes_on_with_is_no_clause_run_into_it(pages: list[str], number: str) -> None:
    text = "Terms.\n\n\n\n\n\n" + "\n\n\n\n\n\n".join(pages)
    assert number not in [h.label for h in find_headings(text)]


def test_a_page_header_run_into_an_attachment_caption_is_left_out_of_its_heading() -> None:
    # FibroGen's collaboration agreement: every page opens "CONFIDENTIAL   EXECUTION COPY", its exhibits too.
    text = ("14.2 Notices. Notices go in writing.\n\n"
            "CONFIDENTIAL   EXECUTION COPY   EXHIBIT C  INITIAL DEVELOPMENT PLAN\n\nThe plan is set out below.\n")
    found = find_headings(text)
    assert [(h.text, h.label) for h in found[1:]] == [("EXHIBIT C  INITIAL DEVELOPMENT PLAN", "Exhibit C")]


@pytest.mark.parametrize(("title", "labels"), [("REPRESENTATIONS", ["1", "2"]), ("WHEREAS,", ["2"])],
                         ids=["a title", "a recital's opening word"])
def test_a_clause_after_a_title_in_capitals_that_wide_gaps_set_apart_is_a_heading(title: str, labels: list[str]) -> None:
    # Principal Life's dealer agreement, its lines joined by PDF extraction: "... agree as follows:
    # REPRESENTATIONS      1. Issuer represents ...".
    text = (f"The Parties agree as follows:      {title}      1. Issuer represents that the contracts comply with the "
            "law.      2. Broker Dealer represents that it is registered.\n")
    assert [h.label for h in find_headings(text)] == labels


def test_a_citation_that_ends_its_sentence_after_a_wide_gap_is_no_heading() -> None:
    # Manufacturers' Services: "... is described in the Quality       Section 17.0."
    text = ("1.9 Failure Analysis. The level is described in the Quality       Section 17.0.\n\n"
            "1.10 Field Bill. A set of parts.\n")
    assert titles(text) == ["1.9 Failure Analysis", "1.10 Field Bill"]


@pytest.mark.parametrize("cited", [
    "the provisions of Clauses 11.2, 11.4, 11.5 or             11.6 NCC will deliver the Material. It is",  # HealthGate's escrow
    'the "authorized officials" for the purposes of this Section           17.15. Any notice is',  # NICE's
    "rights for which Contractor is liable under           Section 12.6. This Section shall not be",
])
def test_a_number_cited_across_a_wide_gap_that_a_line_break_left_is_no_heading(cited: str) -> None:
    text = f"11.8 Termination. Upon termination under {cited} sent.\n\n11.9 Survival. Rights survive.\n"
    assert titles(text) == ["11.8 Termination", "11.9 Survival"]


def test_a_clause_number_set_inside_its_first_sentence_after_a_preposition_and_a_wide_gap_is_a_heading() -> None:
    # Gopage's content licence: "... the Recipient agrees to   10.1    (a) not use ...".
    text = ("10. Confidentiality. Each party agrees, for the Securities and Exchange Commission: to   10.1    (a) "
            "not use the Information; and (b) keep it.   10.2 Exceptions. None apply.\n")
    assert [h.label for h in find_headings(text)] == ["10", "10.1", "10.2"]


def test_clauses_numbered_with_a_parenthesis_and_titled_apart_from_their_sentence_are_headings() -> None:
    # Bravatek's strategic alliance agreements, extracted with their clauses run on after wide gaps.
    text = ("The parties agree to the following terms and conditions:   1) Duties of Bravatek   Bravatek agrees "
            "to serve as a lead finder.\n\n    2) Duties of Fazync   Fazync agrees to support the sales.\n")
    assert [(h.title, h.label) for h in find_headings(text)] == [("1) Duties of Bravatek", "1"), ("2) Duties of Fazync", "2")]


@pytest.mark.parametrize("text", [
    "The order of precedence is:\n\n    1) Product Attachments\n\n    2) Appendices\n\n    3) Supplements\n",
    "The Order Desk consists of 1) receiving Customer Orders, 2) Confirming them, and 3) Scheduling delivery.\n",
    "Recitals.\n\n1) Company shall pay the fees within thirty days.\n\n2) Supplier shall deliver the goods.\n",
])
def test_items_numbered_with_a_parenthesis_are_no_headings(text: str) -> None:
    assert titles(text) == []


def test_a_plain_texts_title_underlined_with_equal_signs_heads_the_document() -> None:
    # The Mozilla Public License 2.0 as distributed in plain text.
    text = ("Mozilla Public License Version 2.0\n==================================\n\n1. Definitions\n--------------\n\n"
            '1.1. "Contributor"\n    means each individual that creates Covered Software.\n')
    assert tree(text) == [("Mozilla Public License Version 2.0", 0), ("1. Definitions", 1), ('1.1 "Contributor"', 2)]


@pytest.mark.parametrize("text", [
    "The fees are set out in the table below.\n==========================================\n\n1. Fees\n",  # a sentence
    "Fees\n==========================================\n\n1. Fees\n",  # a rule far longer than the line
])
def test_a_line_of_equal_signs_under_other_than_a_title_of_its_width_makes_no_heading_in_plain_text(text: str) -> None:
    assert titles(text) == ["1. Fees"]


def test_a_clause_title_ends_at_its_period_before_a_stray_dot_that_scanning_left() -> None:
    # ContractNLI's Nimble Storage agreement: "5. No Representation of Accuracy.· Each party ..."
    text = "4. No License. None is granted.\n5. No Representation of Accuracy.· Each party acknowledges the risk.\n"
    assert titles(text) == ["4. No License", "5. No Representation of Accuracy"]


def test_a_clause_run_on_after_a_page_header_past_a_wide_gap_is_a_heading() -> None:
    # Rare Element's IP rights agreement: each page's header runs into the clause that opens the page.
    text = ('2.05 "Company Improvements" has the meaning set out in Article 5.00.\n\n'
            'Rare Element Resources Ltd.  EXECUTION COPY   IP Rights Agreement   2.06 "Dispute" has the meaning '
            "set out below in Article 18.00.   2.07 \"Dispute Notice\" means a notice.\n")
    assert titles(text) == ['2.05 "Company Improvements"', '2.06 "Dispute"', '2.07 "Dispute Notice"']


def test_a_clause_run_on_after_a_page_header_ending_in_its_page_number_is_a_heading() -> None:
    # Rubio's sponsorship agreement: "... General Provisions Page 4   10. Temporary Interruption. ..."
    text = ("9. Compliance with Rules. The Sponsor shall comply with the rules.\n\n  Sponsorship Agreement- Renewal "
            "Sponsor General Provisions Page 4   10. Temporary Interruption.    a. Except as otherwise provided in "
            "this Section 10, there shall be no effect on the obligations of Sponsor.\n")
    assert titles(text) == ["9. Compliance with Rules", "10. Temporary Interruption"]


def test_a_page_number_and_confidential_mark_run_on_after_a_gap_are_no_heading() -> None:
    # N2K's sponsorship agreement: each page's footer, "2   CONFIDENTIAL", ends a line of its text.
    text = ('1. EXCLUSIVITY. The sponsor sells "Music Products"     2                 CONFIDENTIAL\n\n'
            "to consumers.\n\n2. IMPRESSIONS. The sponsor gets impressions.\n")
    assert titles(text) == ["1. EXCLUSIVITY", "2. IMPRESSIONS"]


def test_a_clause_title_ends_at_a_period_whose_space_extraction_lost() -> None:
    # Gold Resource's strategic alliance agreement: "3.1 Market Purchases.Subject to compliance ..."
    text = "3.1 Market Purchases.Subject to compliance with applicable laws, HOC buys.\n\n3.2 Private Purchase.In addition, HOC may buy.\n"
    assert titles(text) == ["3.1 Market Purchases", "3.2 Private Purchase"]


def test_a_title_set_in_spaced_capitals_reads_as_its_word() -> None:
    text = "ONLINE HOSTING AGREEMENT\n\nR E C I T A L S\n\nThe parties wish to host a site.\n"
    assert titles(text) == ["ONLINE HOSTING AGREEMENT", "RECITALS"]


def test_items_numbered_in_words_and_run_on_after_wide_gaps_head_the_clauses_below_them() -> None:
    # China Recycling Energy's cooperation agreement, as PDF extraction ran it on: each item's
    # clauses are numbered from 1 again.
    text = ("Cooperation Agreement\n\nItem One, Investment Projects   1. Party A builds the system.   2. Party B"
            " gives the land.   Item Two Operation of the Project   1. Party A runs the system.   2. Party B"
            " buys the power.\n")
    assert tree(text) == [
        ("Item One Investment Projects", 0), ("1. Party A builds the system", 1),
        ("2. Party B gives the land", 1), ("Item Two Operation of the Project", 0), ("1. Party A runs the system", 1),
        ("2. Party B buys the power", 1)]


def test_an_articles_first_clause_numbered_1_run_into_its_title_line_opens_a_clause() -> None:
    text = "ARTICLE 5 PAYMENT 1. The Company pays the fee.\n\nARTICLE 6 AMENDMENT OF SECTION 1. The parties amend it.\n"
    assert titles(text) == ["ARTICLE 5 PAYMENT", "1. The Company pays the fee", "ARTICLE 6 AMENDMENT OF SECTION"]


def test_a_filings_contents_of_items_with_their_page_numbers_are_not_headings() -> None:
    text = ("TABLE OF CONTENTS\n\nItem 1. Business 3\n\nItem 1A. Risk Factors 12\n\nPART I\n\nItem 1. Business\n\n"
            "We make widgets.\n\nItem 1A. Risk Factors\n\nMany.\n")
    assert titles(text) == ["PART I", "Item 1 Business", "Item 1A Risk Factors"]


def test_rows_of_items_in_columns_head_nothing() -> None:
    text = "1. Goods\n\nThe goods are:\n\nItem 1    Laptop    $500\nItem 2    Monitor    $200\n\n2. Delivery\n\nFree.\n"
    assert titles(text) == ["1. Goods", "2. Delivery"]


def test_an_article_cited_before_a_comma_at_a_line_start_heads_nothing() -> None:
    # Range Resources' transportation agreement: a citation that a page break cut off its sentence.
    text = ("8.2 Remedies\n\nCarrier may call on any assurance provided pursuant to\n\nARTICLE XIII, Financial"
            " Assurances, following a Shipper Default, Carrier shall be entitled to apply it.\n")
    assert titles(text) == ["8.2 Remedies"]


def test_an_article_numbered_in_words_is_an_article_cited_by_its_number() -> None:
    # Phoenix New Media's content license agreement: "ARTICLE FIVE INTELLECTUAL PROPERTY RIGHTS ...".
    text = "ARTICLE FOUR SERVICE FEE\n\n4.1 The fee is set out here.\n\nARTICLE FIVE RIGHTS\n\n5.1 Rights stay with Party A.\n"
    found = find_headings(text)
    assert [(h.title, h.label, h.kind) for h in found if h.kind == "article"] == [
        ("ARTICLE FOUR SERVICE FEE", "Article 4", "article"), ("ARTICLE FIVE RIGHTS", "Article 5", "article")]
