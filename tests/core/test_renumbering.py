"""Renumbering a list of clauses: the clause asked for and those after it run on from the clause
before it, with their sub-clauses and every citation of them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from longdoc import LongDocument, Renumbering

TERMS = ("1. SUPPLY\n\n"
         "1.1 Orders. The Buyer orders the Products.\n\n"
         "1.3 Price. The price is set out in Section 1.4(a) and Sections 1.5 through 1.6.\n\n"
         "1.4 Payment. The Buyer pays as follows. 1.4.1 Monthly, in arrears. 1.4.2 Late sums bear interest.\n\n"
         "(a) Invoices are due in 30 days.\n\n"
         "1.5 Taxes. Interest under Section 1.4.2 is not a tax.\n\n"
         "1.6 Notices. Notices under Section 1.3 are in writing.\n\n"
         "2. TERM\n\n"
         "2.1 Length. The term runs for one year.\n")

ENTRUST = "cuad/contracts/ENTRUSTINC_07_24_1998-EX-10.5-STRATEGIC ALLIANCE AGREEMENT.txt"
THEMART = "cuad/contracts/2ThemartComInc_19990826_10-12G_EX-10.10_6700288_EX-10.10_Co-Branding Agreement_ Agency Agreement.txt"
NEOMEDIA = "cuad/contracts/NEOMEDIATECHNOLOGIESINC_12_15_2005-EX-16.1-DISTRIBUTOR AGREEMENT.txt"
CERES = "cuad/contracts/CERES,INC_01_25_2012-EX-10.20-Collaboration Agreement.txt"
HEMISPHERX = "cuad/contracts/HEMISPHERX - Sales, Marketing, Distribution, and Supply Agreement.txt"


def renumbered(text: str, at: str) -> str:
    """The text after renumbering the clause whose heading starts with ``at``."""
    found = LongDocument(text).renumbering(text.index(at))
    assert found is not None
    return applied(text, found)


def applied(text: str, found: Renumbering) -> str:
    for edit in reversed(found.edits):
        text = text[: edit.start] + edit.text + text[edit.end :]
    return text


def test_a_gap_closes_and_the_clauses_after_it_run_on():
    text = renumbered(TERMS, "1.3 Price")
    assert "1.2 Price." in text and "1.3 Payment." in text and "1.4 Taxes." in text and "1.5 Notices." in text
    assert "2.1 Length." in text  # another list


def test_citations_follow_the_clauses_they_cite():
    text = renumbered(TERMS, "1.3 Price")
    assert "set out in Section 1.3(a) and Sections 1.4 through 1.5." in text
    assert "Notices under Section 1.2 are" in text


def test_sub_clauses_run_on_in_a_clause_and_their_citations_take_the_clause_s_new_number():
    text = renumbered(TERMS, "1.3 Price")
    assert "as follows. 1.3.1 Monthly, in arrears. 1.3.2 Late sums" in text
    assert "Interest under Section 1.3.2 is not a tax." in text


def test_the_renumbering_names_each_clause_renumbered_and_counts_the_citations_rewritten():
    found = LongDocument(TERMS).renumbering(TERMS.index("1.3 Price"))
    assert found.clauses == (("1.3", "1.2"), ("1.4", "1.3"), ("1.5", "1.4"), ("1.6", "1.5"))
    assert found.citations == 5  # 1.4(a), 1.5, 1.6, 1.4.2, 1.3
    assert [e.start for e in found.edits] == sorted(e.start for e in found.edits)


def test_a_second_clause_of_a_number_and_those_after_it_move_up_one_and_citations_of_the_first_stay():
    text = TERMS.replace("1.1 Orders", "1.2 Orders").replace("1.5 Taxes", "1.4 Taxes").replace("1.6 Notices", "1.5 Notices")
    found = LongDocument(text).renumbering(text.index("1.4 Taxes"))
    assert found.clauses == (("1.4", "1.5"), ("1.5", "1.6"))
    after = applied(text, found)
    assert "1.5 Taxes. Interest under Section 1.4.2 is not a tax." in after  # it cites the first 1.4
    assert "1.6 Notices." in after


INSERTED = ("5. TERMS\n\n5.1 Scope. Audits are as in Section 5.3.\n\n5.2 Price. The price.\n\n"
            "5.3 Rebates. A clause put in here.\n\n5.3 Audit. The audit.\n\n"
            "5.4 Taxes. Audits under Section 5.3 are not taxed, nor are sums under Section 5.4.\n")


def test_the_citations_of_a_number_written_twice_stay_with_the_first_clause_of_it_and_are_counted():
    found = LongDocument(INSERTED).renumbering(INSERTED.index("5.3 Audit"))
    assert (found.clauses, found.citations, found.shared) == ((("5.3", "5.4"), ("5.4", "5.5")), 1, 2)
    after = applied(INSERTED, found)
    assert "as in Section 5.3." in after and "Audits under Section 5.3 are not taxed, nor are sums under Section 5.5." in after


def test_a_clause_put_before_another_under_its_number_leaves_it_its_citations_when_asked():
    found = LongDocument(INSERTED).renumbering(INSERTED.index("5.3 Audit"), shared=True)
    assert (found.citations, found.shared) == (3, 2)
    after = applied(INSERTED, found)
    assert "as in Section 5.4." in after and "Audits under Section 5.4 are not taxed, nor are sums under Section 5.5." in after
    assert "5.3 Rebates." in after and "5.4 Audit." in after


def test_citations_that_lead_nowhere_but_would_lead_to_a_clause_renumbered_are_counted():
    text = ("4. TERMS\n\n4.1 Scope. The scope, save Section 4.2(b) and Section 4.2.\n\n4.3 Price. The price.\n\n"
            "4.4 Taxes. The taxes, as in Section 4.9 and Section 7.\n")
    found = LongDocument(text).renumbering(text.index("4.3 Price"))
    assert (found.citations, found.stranded) == (0, 2)
    assert "save Section 4.2(b) and Section 4.2." in applied(text, found)


def test_clauses_out_of_order_take_the_numbers_of_their_places_and_citations_follow_them():
    text = ("1. Supply. The supply.\n\n2. Orders. The orders.\n\n5. Term. The term.\n\n"
            "3. Price. As long as the term under Section 5.\n\n4. Taxes. The taxes.\n\n6. Notices. The notices.\n")
    after = renumbered(text, "5. Term")
    assert "3. Term." in after and "4. Price. As long as the term under Section 3." in after
    assert "5. Taxes." in after and "6. Notices." in after


def test_a_markdown_spec_s_headings_are_renumbered_and_links_to_them_lead_to_their_new_anchors():
    text = ("# Spec\n\nSee [the taxes](#23-taxes) and Section 2.4.\n\n## 2. Terms\n\n### 2.1 Fees\n\nFees.\n\n"
            "### 2.3 Taxes\n\nTaxes.\n\n### 2.4 Duties\n\nDuties.\n")
    after = renumbered(text, "### 2.3 Taxes")
    assert after == text.replace("2.3", "2.2").replace("#23-taxes", "#22-taxes").replace("2.4", "2.3")
    doc = LongDocument(after)
    assert [(r.label, doc.nodes[r.target].title) for r in doc.references] == [("22-taxes", "2.2 Taxes"), ("2.3", "2.3 Duties")]


def test_a_link_to_a_heading_renumbered_by_its_second_anchor_leads_to_its_new_one():
    text = ("# Spec\n\nSee [the second](#23-taxes-1).\n\n## 2. Terms\n\n### 2.3 Taxes\n\nTaxes.\n\n"
            "### 2.3 Taxes\n\nMore taxes.\n")
    found = LongDocument(text).renumbering(text.rindex("### 2.3 Taxes"))
    assert "See [the second](#24-taxes)." in applied(text, found)


def test_a_link_is_left_where_the_new_anchor_is_a_heading_s_that_keeps_its_line():
    text = ("# Spec\n\nSee [taxes](#23-taxes).\n\n## 2. Terms\n\n### 2.1 Fees\n\nFees.\n\n"
            "### 2.3 Taxes\n\nTaxes.\n\n## 22 Taxes\n\nOld.\n")
    found = LongDocument(text).renumbering(text.index("### 2.3 Taxes"))
    assert "See [taxes](#23-taxes)." in applied(text, found)


def test_the_width_of_numbers_written_with_a_leading_zero_is_kept():
    text = ("Section 6.04 Grants. The grants.\n\nSection 6.06 Patents. See Section 6.11.\n\n"
            "Section 6.07 Royalties. The royalties.\n\nSection 6.08 Audits. The audits.\n\n"
            "Section 6.09 Reports. The reports.\n\nSection 6.10 Records. The records.\n\n"
            "Section 6.11 Duration. The duration.\n")
    after = renumbered(text, "Section 6.06")
    assert "Section 6.05 Patents. See Section 6.10." in after
    assert "Section 6.09 Records." in after and "Section 6.10 Duration." in after


def test_a_list_begun_again_at_one_is_not_renumbered():
    text = ("1. Supply. The supply.\n\n3. Price. The price.\n\n4. Term. The term.\n\n"
            "SCHEDULE 1\n\n1. Products. The products.\n\n2. Prices. The prices.\n")
    after = renumbered(text, "3. Price")
    assert "2. Price." in after and "3. Term." in after
    assert "1. Products." in after and "2. Prices." in after


def test_clauses_headed_with_a_section_sign_and_their_sub_clauses_are_renumbered():
    text = "§ 1.1 Orders. The orders.\n\n§ 1.3 Price. The price.\n\n§ 1.3.1 Invoices. See § 1.3.1.\n\n§ 1.4 Term.\n"
    assert renumbered(text, "§ 1.3 Price") == text.replace("1.3", "1.2").replace("1.4", "1.3")


def test_a_clause_is_not_renumbered_after_a_clause_of_another_numbering():
    text = "4.2 Orders. The orders.\n\n4.3 Price. The price.\n\n6. Term. The term.\n"
    assert LongDocument(text).renumbering(text.index("6. Term")) is None


@pytest.mark.parametrize("at", ["1.1 Orders", "1.4 Payment", "2.1 Length", "(a) Invoices", "The Buyer orders"])
def test_nothing_is_renumbered_where_no_clause_is_out_of_its_place(at):
    assert LongDocument(TERMS).renumbering(TERMS.index(at)) is None


def test_an_offset_outside_the_text_is_refused():
    with pytest.raises(ValueError, match="outside the text"):
        LongDocument(TERMS).renumbering(len(TERMS) + 1)
    with pytest.raises(TypeError):
        LongDocument(TERMS).renumbering("1.3")


def renamed(text: str, at: str, number: str) -> str:
    doc = LongDocument(text)
    node, _, _ = doc.clause_number_at(text.index(at))
    return applied(text, doc.clause_renaming(node, number))


def test_a_clause_renamed_takes_its_sub_clauses_and_citations_with_it():
    text = renamed(TERMS, "1.4 Payment", "1.7")
    assert "1.7 Payment. The Buyer pays as follows. 1.7.1 Monthly, in arrears. 1.7.2 Late sums" in text
    assert "set out in Section 1.7(a) and Sections 1.5 through 1.6." in text
    assert "Interest under Section 1.7.2 is not a tax." in text


def test_a_clause_renamed_to_another_depth_keeps_its_sub_clauses_under_it():
    text = renamed(TERMS, "1.4 Payment", "3")
    assert "3 Payment. The Buyer pays as follows. 3.1 Monthly, in arrears. 3.2 Late sums" in text
    assert "Interest under Section 3.2 is not a tax." in text


@pytest.mark.parametrize("at", ["1.4(a)", "Section 1.4(a)", "1.4 Payment"])
def test_the_number_of_a_clause_is_found_in_its_heading_and_in_its_citations(at):
    doc = LongDocument(TERMS)
    node, start, end = doc.clause_number_at(TERMS.index(at))
    assert (node.label, TERMS[start:end]) == ("1.4", "1.4")


@pytest.mark.parametrize("at", ["Payment. The", "The Buyer orders", "Section 1.4.5 is"])
def test_no_clause_number_is_found_off_a_number_or_in_a_citation_of_a_part_the_outline_lacks(at):
    text = TERMS.replace("under Section 1.4.2 is", "under Section 1.4.5 is")
    assert LongDocument(text).clause_number_at(text.index(at)) is None


@pytest.mark.parametrize("number, error", [("1.5", "another clause is numbered 1.5"), ("1.x", "not a clause number"),
                                           ("Section 9", "not a clause number"), ("", "not a clause number")])
def test_a_clause_is_not_renamed_to_a_number_another_clause_has_or_to_what_is_no_number(number, error):
    doc = LongDocument(TERMS)
    node, _, _ = doc.clause_number_at(TERMS.index("1.4 Payment"))
    with pytest.raises(ValueError, match=error):
        doc.clause_renaming(node, number)


def test_a_node_of_another_version_is_refused():
    node, _, _ = LongDocument(TERMS).clause_number_at(TERMS.index("1.4 Payment"))
    with pytest.raises(ValueError, match="not of this document"):
        LongDocument("1. Other.\n").clause_renaming(node, "1.7")


@pytest.mark.parametrize("name", [ENTRUST, THEMART, NEOMEDIA, CERES, HEMISPHERX])
def test_each_numbering_finding_of_a_real_contract_is_mended_and_every_citation_keeps_its_clause(shared_text, name):
    text = shared_text(name)
    doc = LongDocument(text)
    findings = [d for d in doc.diagnostics() if d.code in ("numbering-gap", "duplicate-number")]
    assert findings
    for finding in findings:
        found = doc.renumbering(finding.start)
        if found is None:  # a later clause of a list that runs on from the one before it
            continue
        after = LongDocument(applied(text, found))
        assert not any(d.code == finding.code and d.start == finding.start for d in after.diagnostics())
        assert [r.target for r in after.references] == [r.target for r in doc.references]
        assert len(after.nodes) == len(doc.nodes)


def test_a_number_another_clause_keeps_is_not_given_again():
    text = "4.3 Scope. The scope.\n\n4.2 Supply. The supply.\n\n4.9 Price. The price.\n"
    assert LongDocument(text).renumbering(text.index("4.9 Price")) is None  # 4.3 is taken


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=8), st.data())
def test_the_renumbered_list_runs_on_and_citations_keep_their_clauses(numbers, data):
    text = "".join(f"4.{n} Clause {i}. The parties agree.\n\n" for i, n in enumerate(numbers))
    cited = data.draw(st.lists(st.sampled_from(sorted(set(numbers))), min_size=1, max_size=4))
    text += "5. Other. The parties act " + " and ".join(f"under Section 4.{n}" for n in cited) + " in good faith.\n"
    doc = LongDocument(text)
    k = data.draw(st.integers(1, len(numbers) - 1))
    found = doc.renumbering(text.index(f"4.{numbers[k]} Clause {k}."))
    ends = next((j for j in range(k + 1, len(numbers)) if numbers[j] == 1), len(numbers))
    expected = [numbers[k - 1] + j - k + 1 for j in range(k, ends)]
    if found is None:  # it runs on, or a clause outside the list keeps a number it would give
        assert numbers[k] == numbers[k - 1] + 1 or set(expected) & set(numbers[:k] + numbers[ends:])
        return
    after = LongDocument(applied(text, found))
    written = [int(n.title.split(" ")[0][2:]) for n in after.nodes if n.title.startswith("4.")]
    assert written == numbers[:k] + expected + numbers[ends:]
    assert [r.target for r in after.references] == [r.target for r in doc.references]
