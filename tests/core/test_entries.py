"""A new entry for the list of definitions: placed in order among the entries, worded and lettered
as they are."""

from __future__ import annotations

import pytest

from longdoc.document import LongDocument

SUPPLY = "cuad/contracts/BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt"
ALLIANCE = "cuad/contracts/ENTRUSTINC_07_24_1998-EX-10.5-STRATEGIC ALLIANCE AGREEMENT.txt"
SPONSORSHIP = "cuad/contracts/IPAYMENT,INC_05_14_2007-EX-10.1-SPONSORSHIP AGREEMENT.txt"
OUTSOURCING = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
TRANSPORT = "cuad/contracts/MPLXLP_06_17_2015-EX-10.1-TRANSPORTATION SERVICES AGREEMENT.txt"
PROPERTY = ("cuad/contracts/OTISWORLDWIDECORP_04_03_2020-EX-10.4-INTELLECTUAL PROPERTY AGREEMENT by and among UNITED "
            "TECHNOLOGIES CORPORATION, OTIS WORLDWIDE CORPORATION and CARRIER ~1.txt")

LIST = ("SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n"
        '"Affiliate" means a controlled entity.\n\n'
        '"Products" means the goods in Exhibit A.\n\n'
        '"Territory" means Canada.\n\n'
        "2. SUPPLY\n\nThe Seller supplies the Products at the Widget Price.\n")


def with_entry(text: str, term: str) -> str:
    edits = LongDocument(text).definition_entry(term)
    assert edits
    for edit in reversed(edits):
        text = text[: edit.start] + edit.text + text[edit.end :]
    return text


def test_a_term_goes_before_the_first_entry_that_sorts_after_it_worded_as_the_entries_are():
    assert with_entry(LIST, "Widget Price") == LIST.replace(
        '"Territory" means Canada.\n\n', '"Territory" means Canada.\n\n"Widget Price" means [\u25cf].\n\n')
    assert with_entry(LIST, "Sales") == LIST.replace('"Territory"', '"Sales" means [\u25cf].\n\n"Territory"')


def test_the_quotes_the_verb_the_indent_and_the_gap_of_the_entries_are_kept():
    text = LIST
    for term in ("Affiliate", "Products", "Territory"):
        text = text.replace(f'"{term}" means', f"  \u201c{term}\u201d shall mean:")
    [found] = LongDocument(text).definition_entry("Sales")
    assert found == (text.index("  \u201cTerritory"), text.index("  \u201cTerritory"), "  \u201cSales\u201d shall mean: [\u25cf].\n\n")


def test_a_list_out_of_order_takes_the_new_entry_after_its_last():
    text = LIST.replace('"Affiliate" means a controlled entity.', '"Zone" means the port.')
    assert with_entry(text, "Sales") == text.replace("Canada.\n\n", 'Canada.\n\n"Sales" means [\u25cf].\n\n')


def test_entries_one_a_line_take_the_new_one_on_its_own_line():
    text = LIST.replace(".\n\n\"", '.\n"')
    assert with_entry(text, "Sales") == text.replace('"Territory"', '"Sales" means [\u25cf].\n"Territory"')


def test_a_term_already_defined_a_text_without_a_list_and_numbered_entries_get_no_entry():
    assert LongDocument(LIST).definition_entry("Products") == []
    assert LongDocument("1. SUPPLY\n\nThe Seller supplies goods.\n").definition_entry("Price") == []
    numbered = LIST.replace('"Affiliate"', '1.1 "Affiliate"').replace('"Products" means', '1.2 "Products" means')
    assert LongDocument(numbered.replace('"Territory" means', '1.3 "Territory" means')).definition_entry("Sales") == []


def test_a_list_of_one_entry_or_of_entries_that_point_elsewhere_gets_no_entry():
    one = LIST.replace('"Affiliate" means a controlled entity.\n\n"Products" means the goods in Exhibit A.\n\n', "")
    assert LongDocument(one).definition_entry("Sales") == []
    pointing = LIST.replace("means", "has the meaning given in Section 2 and")
    assert LongDocument(pointing).definition_entry("Sales") == []


def test_a_lettered_list_takes_the_letter_of_the_entry_it_comes_before_and_letters_the_rest_on():
    text = lettered("(a) ", "(b) ", "(c) ")
    assert with_entry(text, "Sales") == text.replace(
        '(c) "Territory" means Canada.', '(c) "Sales" means [\u25cf].\n\n(d) "Territory" means Canada.')
    assert with_entry(text, "Widget Price") == text.replace(
        '(c) "Territory" means Canada.', '(c) "Territory" means Canada.\n\n(d) "Widget Price" means [\u25cf].')


def lettered(*labels: str) -> str:
    """LIST with its three entries labelled so ("" for none)."""
    text = LIST
    for label, term in zip(labels, ("Affiliate", "Products", "Territory")):
        text = text.replace(f'"{term}" means', f'{label}"{term}" means')
    return text


@pytest.mark.parametrize("labels", [("(a) ", "(b) ", "(d) "), ("(a) ", "(b) ", "c. "), ("", "(a) ", "(b) ")])
def test_a_list_lettered_with_a_gap_or_in_two_ways_gets_no_entry(labels):
    assert LongDocument(lettered(*labels)).definition_entry("Sales") == []


def test_a_list_lettered_to_z_gets_no_entry():
    entries = "".join(f'({chr(97 + i)}) "Term {chr(65 + i)}" means a thing.\n\n' for i in range(26))
    text = f"SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n{entries}2. SUPPLY\n\nThe Seller supplies.\n"
    assert LongDocument(text).definition_entry("Term B2") == []
    assert LongDocument(text.replace('(z) "Term Z" means a thing.\n\n', "")).definition_entry("Term B2") != []


def test_lines_lettered_in_the_list_that_are_no_entries_are_lettered_on_too(shared_text):
    text = shared_text(OUTSOURCING)  # '(l) "Governmental Authority\' means' is read as no definition
    written = with_entry(text, "Delivery Point")
    assert '(g) "Customer" means' in written and '(h) "Delivery Point" means [\u25cf].\n\n(i) "Disclosing Party"' in written
    assert "\n(m) \"Governmental Authority' means" in written and '\n(z) "Territory" means' in written


def test_a_term_sorting_last_goes_after_the_last_entry_not_after_the_rules_that_follow(shared_text):
    text = shared_text(SUPPLY)  # '"Third Party" means ...' then "1.2 Certain Rules for Interpretation."
    [found] = LongDocument(text).definition_entry("Widget Price")
    assert found.text == '\n\n"Widget Price" means [\u25cf].'
    assert text[found.start - 60 : found.start].endswith("not a Party or an Affiliate of a Party.")
    assert text[found.end :].startswith("\n\n1.2 Certain Rules for Interpretation.")


def test_the_last_entry_cut_by_a_page_break_is_passed_whole(shared_text):
    text = shared_text(PROPERTY)  # '"UTC Know-How" shall mean ... business methods,\n\n6\n\n... customer lists'
    [found] = LongDocument(text).definition_entry("Widget Price")
    assert text[found.start - 1] == "." and "UTC NDA" in text[found.start - 60 : found.start]


@pytest.mark.parametrize("path", [SUPPLY, ALLIANCE, SPONSORSHIP, TRANSPORT, PROPERTY, OUTSOURCING])
def test_the_new_entry_defines_the_term_and_leaves_the_outline_as_it_was(shared_text, path):
    text = shared_text(path)
    doc = LongDocument(text)
    written = LongDocument(with_entry(text, "Widget Price"))
    assert [d.kind for d in written.definitions if d.term == "Widget Price"] == ["means"]
    assert [n.title for n in written.nodes] == [n.title for n in doc.nodes]
