"""Outlines of real documents list the headings a reader sees (CUAD contracts, GitHub policies).

The expected headings were read off the documents by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import pytest

from longdoc import LongDocument, OutlineNode

CUAD = "cuad/contracts/"
CCA = CUAD + "CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
ENTRUST = CUAD + "ENTRUSTINC_07_24_1998-EX-10.5-STRATEGIC ALLIANCE AGREEMENT.txt"
PHREESIA = CUAD + "PHREESIA,INC_05_28_2019-EX-10.18-STRATEGIC ALLIANCE AGREEMENT.txt"
GOLF = CUAD + "WOMENSGOLFUNLIMITEDINC_03_29_2000-EX-10.13-ENDORSEMENT AGREEMENT.txt"
KING = CUAD + "KINGPHARMACEUTICALSINC_08_09_2006-EX-10.1-PROMOTION AGREEMENT.txt"
BABCOCK = CUAD + (
    "BABCOCK_WILCOXENTERPRISES,INC_08_04_2015-EX-10.17-INTELLECTUAL PROPERTY AGREEMENT between "
    "THE BABCOCK _ WILCOX COMPANY and BABCOCK _ WILCOX ENTERPRISES, INC..txt"
)
IPASS = CUAD + "IpassInc_20181203_8-K_EX-99.1_11445874_EX-99.1_Reseller Agreement.txt"
GITHUB_TOS = "unlabeled/site-policy__github-terms-of-service.md"
GITHUB_PRIVACY = "unlabeled/site-policy__github-general-privacy-statement.md"
APACHE = "unlabeled/apache-license-2.0.txt"
GPL = "unlabeled/gnu-gpl-3.0.txt"
MPL = "unlabeled/mozilla-public-license-2.0.txt"


@pytest.fixture(scope="module")
def document(shared_text: Callable[[str], str]) -> Callable[[str], LongDocument]:
    cache: dict[str, LongDocument] = {}

    def load(name: str) -> LongDocument:
        if name not in cache:
            cache[name] = LongDocument(shared_text(name))
        return cache[name]

    return load


def titles(nodes: tuple[OutlineNode, ...]) -> list[str]:
    return [n.title for n in nodes]


def node(doc: LongDocument, title: str) -> OutlineNode:
    found = [n for n in doc.nodes if n.title == title]
    assert found, f"no outline node titled {title!r}; first titles: {titles(doc.nodes)[:30]}"
    return found[0]


def test_centred_pdf_article_headings_are_titled_with_their_article_title(document) -> None:
    doc = document(ENTRUST)
    assert titles(doc.outline)[:5] == [
        "ARTICLE I DEFINITIONS",
        "ARTICLE II NTL TECHNOLOGY",
        "ARTICLE III NORTEL USE OF ENTRUST PRODUCTS",
        "ARTICLE IV NORTEL RESALE OF ENTRUST PRODUCTS",
        "ARTICLE V NORTEL RIGHTS FOR ENTRUST PRODUCT SOURCE CODE",
    ]


def test_run_on_sections_of_a_centred_contract_nest_under_their_article(document) -> None:
    doc = document(ENTRUST)
    article = node(doc, "ARTICLE III NORTEL USE OF ENTRUST PRODUCTS")
    assert titles(article.children) == [
        "Section 3.01 Right to Use", "Section 3.02 Support", "Section 3.03 Indemnification",
    ]


def test_run_on_section_titles_that_start_with_an_acronym_are_whole(document) -> None:
    doc = document(ENTRUST)
    assert titles(node(doc, "ARTICLE II NTL TECHNOLOGY").children)[0] == "Section 2.01 NTL Technology"


def test_run_on_clauses_nest_under_the_run_on_heading_of_their_number(document) -> None:
    # "... to remediate the breach. 7. CONFIDENTIAL INFORMATION. 7.1 For purposes of ..." on one
    # line, and "8. INDEMNIFICATION OBLIGATIONS 8.1 By iPass. ..." with no mark between.
    doc = document(IPASS)
    assert [c.label for c in node(doc, "7. CONFIDENTIAL INFORMATION").children] == ["7.1", "7.2", "7.3", "7.4"]
    assert [c.title for c in node(doc, "8. INDEMNIFICATION OBLIGATIONS").children][:3] == [
        "8.1 By iPass", "8.2 By Channel Partner", "8.3 Mechanics of Indemnity",
    ]


def test_numbered_clauses_nest_under_their_article(document) -> None:
    doc = document(CCA)
    clause = node(doc, "3.01 Contractor Services")
    assert "Article III" in [doc.nodes[i].label for i in _ancestor_indices(doc, clause)]
    siblings = doc.nodes[clause.parent].children
    assert titles(siblings) == [
        "3.01 Contractor Services", "3.02 Meetings", "3.03 Access", "3.04 Ownership of Accounts Receivable & Inventory",
    ]


def test_article_and_its_title_on_the_next_nonblank_line_are_one_outline_entry(document) -> None:
    doc = document(CCA)
    assert "ARTICLE III OBLIGATIONS OF CONTRACTOR" in titles(doc.outline)
    assert "ARTICLE II TERM: EFFECTIVE DATE" in titles(doc.outline), "its number misread as 'I1'"
    assert "ARTICLE I DEFINITIONS" in titles(document(KING).outline)


def test_numbered_contract_lists_clauses_and_subclauses(document) -> None:
    doc = document(PHREESIA)
    clause = node(doc, "2. Appointment as Reseller")
    assert titles(clause.children) == [
        "2.1 Appointment", "2.2 Customer Agreements", "2.3 Merchant Agreements; Pre-approval", "2.4 Third Parties",
        "2.5 Affiliates", "2.6 No Other Rights", "2.7 Acknowledgments", "2.8 Marketing Materials", "2.9 Forecast",
    ]
    assert [n.title for n in doc.outline if n.label in {"1", "3", "4"}] == [
        "1. Definitions", "3. Services", "4. Order and Acceptance",
    ]


def test_all_caps_numbered_clause_titles_are_kept_as_they_stand(document) -> None:
    doc = document(GOLF)
    assert [n.title for n in doc.outline if n.kind == "numbered"][:5] == [
        "1. TERM", "2. ENDORSEMENT SERVICES", "3. LICENSE AND ENDORSEMENT FOR PRODUCTS",
        "4. COMPENSATION FOR ENDORSEMENT SERVICES", "5. PROFESSIONAL'S CONDUCT",
    ]


def test_definition_clauses_are_titled_by_the_defined_term(document) -> None:
    doc = document(KING)
    sections = [n.title for n in doc.nodes if n.label in {"Section 1.1", "Section 1.2", "Section 1.7"}]
    assert sections == ['Section 1.1 "1000mg Formulation"', 'Section 1.2 "Act"', 'Section 1.7 "Affiliate"']


def test_articles_after_a_table_of_contents_are_listed_once(document) -> None:
    doc = document(BABCOCK)
    articles = [n.title for n in doc.outline if n.kind == "article"]
    assert articles[:3] == [
        "ARTICLE I DEFINITIONS", "ARTICLE II INTELLECTUAL PROPERTY ASSIGNMENT AND OWNERSHIP", "ARTICLE III TRADEMARKS",
    ]
    assert len(articles) == len(set(articles))


def test_no_heading_starts_inside_the_table_of_contents(document) -> None:
    doc = document(BABCOCK)
    toc = doc.text.index("TABLE OF CONTENTS")
    body = doc.text.index("INTELLECTUAL PROPERTY AGREEMENT", toc)
    assert [n.title for n in doc.nodes if toc < n.heading_start < body] == []


def _ancestor_indices(doc: LongDocument, n: OutlineNode) -> list[int]:
    out = []
    while n.parent is not None:
        out.append(n.parent)
        n = doc.nodes[n.parent]
    return out


def test_markdown_policy_outline_follows_its_hash_levels(document) -> None:
    doc = document(GITHUB_TOS)
    assert titles(doc.outline)[:5] == [
        "Summary", "The GitHub Terms of Service", "A. Definitions", "B. Account Terms", "C. Acceptable Use",
    ]
    assert titles(node(doc, "B. Account Terms").children) == [
        "1. Account Controls", "2. Required Information", "3. Account Requirements", "4. Account Security",
        "5. Additional Terms",
    ]


def test_markdown_front_matter_and_table_rows_are_not_headings(document) -> None:
    doc = document(GITHUB_TOS)
    assert not any(t.startswith(("title:", "|", "---")) for t in titles(doc.nodes))
    assert node(doc, "Summary").heading_start > doc.text.index("Thank you for using GitHub")


def test_markdown_policy_part_ranges_reach_the_next_heading_of_the_same_level(document) -> None:
    doc = document(GITHUB_PRIVACY)
    roots = doc.outline
    assert len(roots) >= 5
    for a, b in pairwise(roots):
        assert doc.text[a.end : b.start].strip() == ""


def test_the_first_article_run_on_after_the_recitals_colon_heads_its_clauses(document) -> None:
    # A PDF extraction that runs the first page onto one line: "... agree as follows: ARTICLE 1
    # CONTRACT FOR SERVICES 1.1 Engagement of Consultant. ..."
    doc = document(CUAD + "SLINGERBAGINC_05_27_2020-EX-10.7-CONSULTING AGREEMENT.txt")
    article = node(doc, "ARTICLE 1 CONTRACT FOR SERVICES")
    assert [child.title for child in article.children] == ["1.1 Engagement of Consultant", "1.2 Duties"]


def test_lettered_recitals_leave_the_clauses_at_the_top_of_the_outline(document) -> None:
    # "C. The Publishers desire ..." and "D. HealthGate will provide the Services" once read as
    # Roman parts 100 and 500, with every clause of the agreement nested under "D".
    doc = document(CUAD + "HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT (1).txt")
    assert node(doc, "1. Definitions").depth == 0
    assert not [n.title for n in doc.nodes if n.kind == "roman"]


def test_clauses_numbered_without_periods_head_their_subclauses(document) -> None:
    doc = document("contractnli/documents/0037.txt")
    clause = node(doc, "2 Confidentiality obligations")
    assert [child.label for child in clause.children] == ["2.1", "2.2"]


def test_licence_numbered_clauses_are_listed(document) -> None:
    doc = document(APACHE)
    assert [n.title for n in doc.nodes if n.kind == "numbered"][-3:] == [
        "7. Disclaimer of Warranty", "8. Limitation of Liability", "9. Accepting Warranty or Additional Liability",
    ]


def test_a_citation_wrapped_onto_a_new_line_is_no_clause(document) -> None:
    # "... conditions added under section\n7.  This requirement modifies ..." inside clause 5.
    labels = [n.label for n in document(GPL).nodes if n.label is not None]
    assert labels == [str(i) for i in range(18)]


def test_a_licence_disclaimer_in_capitals_is_the_body_of_its_clause(document) -> None:
    doc = document(GPL)
    clause = node(doc, "16. Limitation of Liability")
    body = doc.text[clause.start : clause.end]
    assert body.endswith("ADVISED OF THE POSSIBILITY OF\nSUCH DAMAGES.")
    assert not [n.title for n in doc.nodes if n.kind == "caps" and clause.start <= n.start < clause.end]


def test_licence_clauses_drawn_in_asterisk_boxes_are_listed(document) -> None:
    clauses = [n.title for n in document(MPL).nodes if n.kind == "numbered" and n.depth == 1]
    assert clauses[5:7] == ["6. Disclaimer of Warranty", "7. Limitation of Liability"]
    assert [n.label for n in document(MPL).nodes if n.kind == "numbered" and n.depth == 1] == [str(i) for i in range(1, 11)]


def test_a_licence_title_underlined_with_equal_signs_holds_its_clauses(document) -> None:
    title, *exhibits = document(MPL).outline
    assert (title.title, title.kind, len(title.children)) == ("Mozilla Public License Version 2.0", "underlined", 10)
    assert [n.label for n in exhibits] == ["Exhibit A", "Exhibit B"]


def test_a_licence_clause_title_wrapped_onto_the_next_line_is_whole(document) -> None:
    clause = node(document(MPL), "10.4 Distributing Source Code Form that is Incompatible With Secondary Licenses")
    assert clause.label == "10.4"


def test_a_licence_version_in_a_notice_opens_no_clause(document) -> None:
    # Exhibit A: "... Mozilla Public License, v. 2.0. If a copy of the MPL was not distributed ..."
    exhibit = node(document(MPL), "Exhibit A - Source Code Form License Notice")
    assert exhibit.children == ()


def test_licence_first_indented_clause_is_listed(document) -> None:
    assert node(document(APACHE), "1. Definitions").label == "1"


# Every sixth CUAD contract: about fifty real PDF extractions with page artefacts and run-on lines.
_PAGE_ARTEFACT = re.compile(r"[-–—_=*. \t]*|-?\s*[0-9]{1,4}\s*-?|Page\s+[0-9]+(\s+of\s+[0-9]+)?", re.IGNORECASE)


@pytest.fixture(scope="module")
def cuad_sample(shared_path, shared_text) -> list[tuple[str, LongDocument]]:
    contracts = sorted(shared_path("cuad/qa.jsonl").parent.joinpath("contracts").glob("*.txt"))
    assert len(contracts) > 250, "CUAD contracts missing from ../shared/data/cuad/contracts"
    return [(path.name, LongDocument(shared_text(CUAD + path.name))) for path in contracts[::6]]


def test_page_numbers_and_rules_never_head_a_part_of_a_cuad_contract(cuad_sample) -> None:
    for name, doc in cuad_sample:
        for n in doc.nodes:
            assert not _PAGE_ARTEFACT.fullmatch(doc.text[n.heading_start : n.heading_end].strip()), (name, n)


def test_outline_titles_of_cuad_contracts_are_never_whole_run_on_lines(cuad_sample) -> None:
    for name, doc in cuad_sample:
        for n in doc.nodes:
            assert len(n.title) <= 101 and "\n" not in n.title, (name, n.title)


def test_lettered_items_subdivide_the_numbered_clauses_of_a_pdf_contract(document) -> None:
    doc = document(CUAD + "NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.txt")
    prices = node(doc, "4. PRICES, PRICE LIST, TAXES AND PAYMENT")
    assert titles(prices.children) == ["A. PRICES", "B. CHANGES", "C. INVENTORY PRICE PROTECTION",
                                       "D. TAXES AND OTHER LEVIES", "E. PAYMENT"]
    assert node(doc, "5. SHIPMENT, CANCELLATION, RETURNS, TITLE, RISK OF LOSS, SECURITY INTEREST").depth == 0


def test_roman_parts_run_on_between_wide_gaps_hold_their_numbered_clauses(document) -> None:
    doc = document(CUAD + "RareElementResourcesLtd_20171019_SC 13D_EX-99.4_10897534_EX-99.4_Intellectual Property Agreement.txt")
    parts = [n.title for n in doc.nodes if n.kind == "roman"]
    assert parts[:8] == ["I. Background of Agreement", "II. Definitions", "III. License", "IV. Prosecution of the Patents",
                         "V. Improvements", "VI. Representations and Disclaimer of Warranties", "VII. Litigation",
                         "VIII. Non-assignability"]
    assert [n.label for n in node(doc, "V. Improvements").children] == ["5.00"]
    assert not any(d.code == "unresolved-reference" and "Article II" in d.message for d in doc.diagnostics())


def test_lettered_recitals_fall_under_their_caption_and_leave_the_clauses_at_the_top(document) -> None:
    doc = document(CUAD + "LIMEENERGYCO_09_09_1999-EX-10-DISTRIBUTOR AGREEMENT.txt")
    assert titles(node(doc, "RECITALS").children) == [
        "A. The Company's Business", "B. Representations", "C. The Distributor's Objectives",
        "D. The Company's Appointment"]
    assert node(doc, "1. ESTABLISHMENT OF DISTRIBUTORSHIP").depth == 0
