"""A new entry for the list of definitions: placed in order among the entries, worded as they are."""

from __future__ import annotations

import pytest

from longdoc.document import LongDocument

SUPPLY = "cuad/contracts/BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt"
ALLIANCE = "cuad/contracts/ENTRUSTINC_07_24_1998-EX-10.5-STRATEGIC ALLIANCE AGREEMENT.txt"
SPONSORSHIP = "cuad/contracts/IPAYMENT,INC_05_14_2007-EX-10.1-SPONSORSHIP AGREEMENT.txt"
TRANSPORT = "cuad/contracts/MPLXLP_06_17_2015-EX-10.1-TRANSPORTATION SERVICES AGREEMENT.txt"
PROPERTY = ("cuad/contracts/OTISWORLDWIDECORP_04_03_2020-EX-10.4-INTELLECTUAL PROPERTY AGREEMENT by and among UNITED "
            "TECHNOLOGIES CORPORATION, OTIS WORLDWIDE CORPORATION and CARRIER ~1.txt")

LIST = ("SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n"
        '"Affiliate" means a controlled entity.\n\n'
        '"Products" means the goods in Exhibit A.\n\n'
        '"Territory" means Canada.\n\n'
        "2. SUPPLY\n\nThe Seller supplies the Products at the Widget Price.\n")


def with_entry(text: str, term: str) -> str:
    found = LongDocument(text).definition_entry(term)
    assert found is not None
    return text[: found.offset] + found.text + text[found.offset :]


def test_a_term_goes_before_the_first_entry_that_sorts_after_it_worded_as_the_entries_are():
    assert with_entry(LIST, "Widget Price") == LIST.replace(
        '"Territory" means Canada.\n\n', '"Territory" means Canada.\n\n"Widget Price" means [\u25cf].\n\n')
    assert with_entry(LIST, "Sales") == LIST.replace('"Territory"', '"Sales" means [\u25cf].\n\n"Territory"')


def test_the_quotes_the_verb_the_indent_and_the_gap_of_the_entries_are_kept():
    text = LIST
    for term in ("Affiliate", "Products", "Territory"):
        text = text.replace(f'"{term}" means', f"  \u201c{term}\u201d shall mean:")
    found = LongDocument(text).definition_entry("Sales")
    assert found is not None
    assert (found.offset, found.text) == (text.index("  \u201cTerritory"), "  \u201cSales\u201d shall mean: [\u25cf].\n\n")


def test_a_list_out_of_order_takes_the_new_entry_after_its_last():
    text = LIST.replace('"Affiliate" means a controlled entity.', '"Zone" means the port.')
    assert with_entry(text, "Sales") == text.replace("Canada.\n\n", 'Canada.\n\n"Sales" means [\u25cf].\n\n')


def test_entries_one_a_line_take_the_new_one_on_its_own_line():
    text = LIST.replace(".\n\n\"", '.\n"')
    assert with_entry(text, "Sales") == text.replace('"Territory"', '"Sales" means [\u25cf].\n"Territory"')


def test_a_term_already_defined_a_text_without_a_list_and_numbered_entries_get_no_entry():
    assert LongDocument(LIST).definition_entry("Products") is None
    assert LongDocument("1. SUPPLY\n\nThe Seller supplies goods.\n").definition_entry("Price") is None
    numbered = LIST.replace('"Affiliate"', '(a) "Affiliate"').replace('"Products" means', '(b) "Products" means')
    assert LongDocument(numbered.replace('"Territory" means', '(c) "Territory" means')).definition_entry("Price") is None


def test_a_list_of_one_entry_or_of_entries_that_point_elsewhere_gets_no_entry():
    one = LIST.replace('"Affiliate" means a controlled entity.\n\n"Products" means the goods in Exhibit A.\n\n', "")
    assert LongDocument(one).definition_entry("Sales") is None
    pointing = LIST.replace("means", "has the meaning given in Section 2 and")
    assert LongDocument(pointing).definition_entry("Sales") is None


def test_a_term_sorting_last_goes_after_the_last_entry_not_after_the_rules_that_follow(shared_text):
    text = shared_text(SUPPLY)  # '"Third Party" means ...' then "1.2 Certain Rules for Interpretation."
    found = LongDocument(text).definition_entry("Widget Price")
    assert found is not None and found.text == '\n\n"Widget Price" means [\u25cf].'
    assert text[found.offset - 60 : found.offset].endswith("not a Party or an Affiliate of a Party.")
    assert text[found.offset :].startswith("\n\n1.2 Certain Rules for Interpretation.")


def test_the_last_entry_cut_by_a_page_break_is_passed_whole(shared_text):
    text = shared_text(PROPERTY)  # '"UTC Know-How" shall mean ... business methods,\n\n6\n\n... customer lists'
    found = LongDocument(text).definition_entry("Widget Price")
    assert found is not None
    assert text[found.offset - 1] == "." and "UTC NDA" in text[found.offset - 60 : found.offset]


@pytest.mark.parametrize("path", [SUPPLY, ALLIANCE, SPONSORSHIP, TRANSPORT, PROPERTY])
def test_the_new_entry_defines_the_term_and_leaves_the_outline_as_it_was(shared_text, path):
    text = shared_text(path)
    doc = LongDocument(text)
    written = LongDocument(with_entry(text, "Widget Price"))
    assert [d.kind for d in written.definitions if d.term == "Widget Price"] == ["means"]
    assert [n.title for n in written.nodes] == [n.title for n in doc.nodes]
