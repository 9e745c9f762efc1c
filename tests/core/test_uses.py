"""Uses of defined terms: whole words as drafted, plural and possessive endings, the forms a term
names, words parted by line breaks, and a first use found without a full scan."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import uses
from longdoc.definitions import find_definitions
from longdoc.document import LongDocument
from longdoc.forms import plural, renamed_forms, singular, written_forms
from longdoc.uses import first_use, uses_of
from edits import random_edits

KNOWLABS = "cuad/contracts/KNOWLABS,INC_08_15_2005-EX-10-INTELLECTUAL PROPERTY AGREEMENT.txt"


def test_uses_include_plural_and_possessive_forms_but_not_other_cases():
    text = '"Affiliate" means a controlled entity. Affiliates and an Affiliate\'s staff; affiliate; Affiliated.'
    defs = find_definitions(text)
    assert [text[u.start : u.end] for u in uses_of(text, defs, "Affiliate")] == ["Affiliates", "Affiliate's"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Net", "Sales", "Sale", "Net-", "Salesx", "Sales's", "Sales'", "Saleses", "Net Sales",
                                 " ", "  ", "\n", "-", "x", ".", "'s"]), max_size=24))
def test_a_use_of_several_words_is_what_its_words_and_an_ending_match_together(pieces):
    # The term's pattern and the ending it may take are read in two steps: together they must find
    # what one pattern of both finds, whatever lies after a near miss.
    text = '"Net Sales" means the price. ' + "".join(pieces)
    defs = find_definitions(text)
    whole = re.compile(rb"Net\s{1,40}Sales(?:s|es)?(?:'s?)?(?![\w-])")
    view = text.encode("latin-1")
    expected = [(m.start(), m.end()) for m in whole.finditer(view, 15)
                if not (view[m.start() - 1 : m.start()].isalnum() or view[m.start() - 1 : m.start()] in (b"_", b"-"))]
    assert [(u.start, u.end) for u in uses_of(text, defs, "Net Sales")] == expected


def test_uses_of_a_term_ending_in_y_include_its_ies_plural():
    text = 'Alpha (a "Party") and Beta. The Parties agree; each Party signs.'
    defs = find_definitions(text)
    assert [text[u.start : u.end] for u in uses_of(text, defs, "Party")] == ["Parties", "Party"]


# Ceres's collaboration agreement defines its terms in capitals and uses them so.
CERES_TERMS = ('1.14 "TRAIT FEE" shall mean any upfront or annual fee collected by CERES. '
               '1.16 "AFFILIATED COMPANY" shall mean any company owned or controlled by CERES. '
               "Further, TRAIT FEES, if any, shall be added to NET SALES of CERES or its AFFILIATED COMPANIES.")


def test_a_term_defined_in_capitals_for_emphasis_is_made_plural_in_capitals():
    defs = find_definitions(CERES_TERMS)
    assert [CERES_TERMS[u.start : u.end] for u in uses_of(CERES_TERMS, defs, "TRAIT FEE")] == ["TRAIT FEES"]
    assert [CERES_TERMS[u.start : u.end] for u in uses_of(CERES_TERMS, defs, "AFFILIATED COMPANY")] == ["AFFILIATED COMPANIES"]


def test_a_term_defined_in_capitals_for_emphasis_is_made_possessive_in_capitals():
    text = '"LICENSEE" means the party so named. THE LICENSEE\'S SOLE REMEDY IS REFUND.'
    assert [text[u.start : u.end] for u in uses_of(text, find_definitions(text), "LICENSEE")] == ["LICENSEE'S"]


def test_an_acronym_is_not_made_plural_in_capitals():
    # "ESS" is another acronym, not the plural of "ES" ("ESs").
    text = '"ES" means the Equipment Specifications. The ESS and the ESs differ.'
    assert [text[u.start : u.end] for u in uses_of(text, find_definitions(text), "ES")] == ["ESs"]


def test_the_use_at_an_offset_on_a_plural_in_capitals_is_that_use() -> None:
    doc = LongDocument(CERES_TERMS)
    at = doc.text.index("TRAIT FEES") + len("TRAIT FEES") - 1
    use = doc.use_at(at)
    assert use is not None and (use.term, doc.text[use.start : use.end]) == ("TRAIT FEE", "TRAIT FEES")


def test_a_term_written_with_a_curly_apostrophe_is_used_with_either_apostrophe():
    # ContractNLI 0071, a broker's confidentiality agreement.
    text = ('and ____________ ("Prospect’s Broker”) agree. Prospect’s Broker’s dissemination of any information '
            "is limited; Prospect's Broker will return the materials.")
    uses = uses_of(text, find_definitions(text), "Prospect’s Broker")
    assert [text[u.start : u.end] for u in uses] == ["Prospect’s Broker’s", "Prospect's Broker"]


def test_the_use_at_an_offset_is_the_defined_term_written_there() -> None:
    doc = LongDocument('Alpha (a "Party") and Beta. The Parties agree; each Party signs.')
    at = doc.text.index("Parties") + 3
    use = doc.use_at(at)
    assert use is not None and (use.term, doc.text[use.start : use.end]) == ("Party", "Parties")
    assert doc.use_at(doc.text.index("agree")) is None
    with pytest.raises(TypeError, match="offset"):
        doc.use_at("3")  # type: ignore[arg-type]


def test_a_term_broken_at_a_hyphen_is_used_where_it_is_written_whole():
    text = 'The co-chairs of the JCC (the "Co- Chairs") meet. The Co-Chairs call meetings.'
    defs = find_definitions(text)
    assert [text[u.start : u.end] for u in uses_of(text, defs, "Co- Chairs")] == ["Co-Chairs"]


def test_the_use_at_an_offset_is_found_when_a_line_break_parts_the_words_of_its_term() -> None:
    doc = LongDocument('"Effective Date" means the first day. On the Effective\n  Date the term starts.')
    use = doc.use_at(doc.text.index("Date the"))
    assert use is not None and (use.term, doc.text[use.start : use.end]) == ("Effective Date", "Effective\n  Date")
    assert [(u.start, u.end) for u in doc.uses("Effective Date")] == [(use.start, use.end)]


def test_uses_of_an_undefined_term_are_empty():
    assert uses_of("the Company agrees", [], "Company") == []


def test_first_use_is_a_use_outside_the_definition(shared_text):
    text = shared_text(KNOWLABS)
    defs = find_definitions(text)
    at = first_use(text, defs, "Turpin")
    assert at is not None and text[at : at + len("Turpin")] == "Turpin"
    assert at not in range(*next((d.term_start, d.term_end) for d in defs if d.term == "Turpin"))


def test_first_use_is_none_for_a_term_used_nowhere_else():
    text = 'The "Existing Terms" are the terms agreed before. The Seller sells existing terms.'
    assert first_use(text, find_definitions(text), "Existing Terms") is None


def test_a_use_written_with_more_spaces_between_its_words_is_a_use(shared_text):
    # PDF extractions widen the spaces: "any Existing  Terms," is a use, as find-references shows it.
    text = shared_text(KNOWLABS)
    defs = find_definitions(text)
    at = first_use(text, defs, "Existing Terms")
    assert at is not None and text[at : at + len("Existing  Terms")] == "Existing  Terms"
    assert at in [u.start for u in uses_of(text, defs, "Existing Terms")]


def test_first_use_searches_only_the_spans_an_index_gives():
    text = '"Seller" means Acme.' + " filler" * 5000 + " the Seller signs."
    defs = find_definitions(text)
    assert first_use(text, defs, "Seller", spans=lambda: [(len(text) - 20, len(text))]) == text.rindex("Seller")
    assert first_use(text, defs, "Seller", spans=lambda: [(30, 60)]) is None


def test_first_use_stops_reading_the_index_spans_at_the_first_that_holds_a_use():
    text = '"Seller" means Acme.' + " filler" * 5000 + " the Seller signs."

    def spans():
        yield (len(text) - 20, len(text))
        raise AssertionError("a span after the one holding a use was read")

    assert first_use(text, find_definitions(text), "Seller", spans=spans) == text.rindex("Seller")


def test_a_term_used_as_written_near_its_definition_is_found_without_compiling_its_pattern() -> None:
    text = ('"Delivery Notice" means the notice. "Supply Term" means a year.\n\n'
            "Send a Delivery Notice. The Supply\n   Term runs.\n")
    defs = find_definitions(text)
    uses.forget_use_patterns()
    assert first_use(text, defs, "Delivery Notice") == text.index("Delivery Notice. The")
    assert first_use(text, defs, "Supply Term") == text.index("Supply\n")
    assert set(uses._USE_PATTERNS) == {"Supply Term"}, "only the use spread over a line break needs it"


def test_the_uses_of_a_term_that_names_its_forms_are_those_of_each_form() -> None:
    text = ('"Third Party(ies)" means anyone else. "CONTRACT PERIOD" means a year. No Third Party may order, '
            "Third Parties' orders are void, and so are they during the Contract Period.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("Third Party(ies)")] == ["Third Party", "Third Parties'"]
    assert [text[u.start : u.end] for u in doc.uses("CONTRACT PERIOD")] == ["Contract Period"]


def test_a_term_defined_in_capitals_is_used_in_title_case_with_its_acronyms_in_capitals() -> None:
    # ChangePoint's licence: "PSA APPLICATION", used as "PSA Application"; Neoforma's "NEOFORMA GAR".
    text = ('"PSA APPLICATION" means a suite. "EMPLOYEE NDA/INVENTION AGREEMENT" means a form. Each PSA Application '
            "and each Employee NDA/Invention Agreement is licensed.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("PSA APPLICATION")] == ["PSA Application"]
    assert [text[u.start : u.end] for u in doc.uses("EMPLOYEE NDA/INVENTION AGREEMENT")] == ["Employee NDA/Invention Agreement"]


def test_only_words_of_two_or_three_letters_that_are_no_small_words_or_parts_of_a_hyphenated_word_are_acronyms() -> None:
    assert written_forms("THE LOCATION") == ("THE LOCATION", "The Location", "the Location")
    assert written_forms("CO-BRANDED SITE") == ("CO-BRANDED SITE", "Co-Branded Site")
    assert written_forms("PRE-TAX INCOME") == ("PRE-TAX INCOME", "Pre-Tax Income")


def test_a_possessive_inside_a_term_defined_in_capitals_is_used_in_title_case() -> None:
    # NICE's outsourcing agreement: "CONTRACTOR'S PROPRIETARY INFORMATION".
    text = '"CONTRACTOR\'S PROPRIETARY INFORMATION" means data. The Contractor\'s Proprietary Information stays secret.\n'
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("CONTRACTOR'S PROPRIETARY INFORMATION")] == [
        "Contractor's Proprietary Information"]


def test_a_rename_writes_the_title_case_of_the_new_name_where_a_title_case_kept_acronyms() -> None:
    assert ("PSA Application", "Suite Application") in renamed_forms("PSA APPLICATION", "SUITE APPLICATION")
    assert ("PSA Application", "ERP Application") in renamed_forms("PSA APPLICATION", "ERP APPLICATION")


def test_a_term_capitalised_only_by_its_sentence_is_used_in_lower_case() -> None:
    # The GPL: '"Object code" means any non-source form of a work.', then "object code" throughout.
    text = ('"Object code" means any non-source form of a work. "Net Sales" means revenue. You may convey object '
            "code, and Object codes too. Net sales and objects code are not uses.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("Object code")] == ["object code", "Object codes"]
    assert doc.uses("Net Sales") == []
    assert written_forms("Net Sales") == ("Net Sales",) and written_forms("Party A") == ("Party A",)


def test_a_term_capitalised_only_by_its_sentence_is_used_in_lower_case_beside_its_acronyms() -> None:
    # Manufacturers' Services: '"To the best of IBM's knowledge" shall be defined as the information ...'.
    text = ('"To the best of IBM\'s knowledge" shall be defined as the information IBM holds. IBM warrants, to the '
            "best of IBM's knowledge, that the plant is sound.\n")
    assert [text[u.start : u.end] for u in LongDocument(text).uses("To the best of IBM's knowledge")] == [
        "to the best of IBM's knowledge"]
    assert written_forms("To IBM") == ("To IBM",) and written_forms("Our ABC Plan") == ("Our ABC Plan",)


def test_a_term_defined_with_words_in_small_letters_or_capitals_is_used_with_each_word_capitalised() -> None:
    # TurnKey's alliance agreement defines "the Defaulting party" and NICE's "PERMITTED Components",
    # then each uses the term with every word capitalised.
    text = ('Each party ("the Defaulting party") shall indemnify the other party ("the Innocent party") against Losses '
            'caused by the Defaulting Party. NICE buys the parts ("PERMITTED Components") and keeps an inventory of '
            "Permitted Components. Defaulting PARTY and permitted components are not uses.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("Defaulting party")] == ["Defaulting Party"]
    assert [text[u.start : u.end] for u in doc.uses("PERMITTED Components")] == ["Permitted Components"]
    assert ("Defaulting Party", "Breaching Party") in renamed_forms("Defaulting party", "Breaching party")
    assert "Licensor's Products" in written_forms("LICENSOR'S Products")


def test_a_term_that_opens_with_the_is_used_with_the_article_in_lower_case() -> None:
    # The GPL: '"The Program" refers to any copyrightable work ...', then "the Program" throughout.
    text = ('"The Program" refers to any work licensed under this License. "THE LOCATION" means the land. You may '
            "convey the Program, and The Program may be run, at the Location. Theory and the program are not uses.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("The Program")] == ["the Program", "The Program"]
    assert [text[u.start : u.end] for u in doc.uses("THE LOCATION")] == ["the Location"]


def test_a_term_is_used_with_its_inner_small_words_typed_in_the_other_case() -> None:
    # Teleglobe's construction agreement defines "Ready For Provisional Acceptance Date" and uses
    # "Ready for Provisional Acceptance Date"; "Party A" keeps its last word as drafted.
    text = ('"Ready For Service Date" means the day. "Party A" means Acme. On the Ready for Service Date, '
            "Party a and Ready For service dates are not uses.\n")
    doc = LongDocument(text)
    assert [text[u.start : u.end] for u in doc.uses("Ready For Service Date")] == ["Ready for Service Date"]
    assert doc.uses("Party A") == []


def test_a_use_written_in_a_form_the_term_names_is_that_terms_use() -> None:
    text = '"Loss or Losses" means any harm. The Losses are paid.\n'
    use = LongDocument(text).use_at(text.index("Losses are") + 2)
    assert use is not None and (use.term, text[use.start : use.end]) == ("Loss or Losses", "Losses")


@pytest.mark.parametrize("term, one", [
    ("Dealer Covered Persons", "Dealer Covered Person"), ("Maintenance Authorities", "Maintenance Authority"),
    ("Fees", "Fee"), ("GCPs", "GCP"), ("Losses", "Loss"), ("Branches", "Branch"), ("Business Days", "Business Day"),
    ("Gross", None), ("Bonus", None), ("Analysis", None), ("Series", None), ("Term", None), ("s", None),
])
def test_the_singular_of_a_term_is_its_last_word_without_a_regular_plural_ending(term, one):
    assert singular(term) == one


@pytest.mark.parametrize("term, many", [
    ("Party", "Parties"), ("Key", "Keys"), ("Loss", "Losses"), ("Branch", "Branches"), ("Tax", "Taxes"),
    ("Third Party", "Third Parties"), ("AFFILIATED COMPANY", "AFFILIATED COMPANIES"), ("TRAIT FEE", "TRAIT FEES"),
    ("GCP", "GCPs"), ("PTY", "PTYs"), ("BOSS", "BOSSES"),
])
def test_the_plural_of_a_term_is_its_last_word_with_the_ending_a_use_writes(term, many):
    assert plural(term) == many


USES_IN = ["cuad/contracts/BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt", KNOWLABS,
           "cuad/contracts/PACIRA PHARMACEUTICALS, INC. - A_R STRATEGIC LICENSING, DISTRIBUTION AND MARKETING AGREEMENT .txt",
           "cuad/contracts/IGENEBIOTECHNOLOGYINC_05_13_2003-EX-1-JOINT VENTURE AGREEMENT.txt",
           "cuad/contracts/BIOCEPTINC_08_19_2013-EX-10-COLLABORATION AGREEMENT.txt"]


def every_use_read_left_to_right(doc: LongDocument) -> list[uses.Use]:
    """Each term's uses together, none over another: the first to start, the longest at one start."""
    found = sorted((u.start, -u.end, u.term) for term in {d.term for d in doc.definitions} for u in doc.uses(term))
    out: list[uses.Use] = []
    for start, neg_end, term in found:
        if not out or start >= out[-1].end:
            out.append(uses.Use(term, start, -neg_end))
    return out


@pytest.mark.parametrize("path", USES_IN)
def test_the_uses_in_a_text_are_each_terms_uses_none_over_another(shared_text, path):
    doc = LongDocument(shared_text(path))
    found = doc.uses_in()
    assert len(found) > 50
    assert found == every_use_read_left_to_right(doc)


@pytest.mark.parametrize("path", USES_IN)
def test_the_uses_in_a_stretch_are_the_texts_uses_that_start_in_it(shared_text, path):
    text = shared_text(path)
    doc = LongDocument(text)
    every = doc.uses_in()
    # Stretches that start and end inside uses and one character either side of them.
    cuts = sorted({u.start + d for u in every[::7] for d in (-1, 0, 1, 3)} | {0, len(text)})
    for start, end in zip(cuts, cuts[3:]):
        assert doc.uses_in(start, end) == [u for u in every if start <= u.start < end], (start, end)


# Terms whose uses take plurals in "es" and "ies", open with a letter past ASCII, hold two words,
# are defined in capitals for emphasis or as an acronym; and pieces of text to run them into.
TERMS_HEAD = ('"Tax" means the levy. "Party" means a signatory. "Übergabe" means the handover. "Net Sales" means the price. '
              '"TRAIT FEE" means a fee. "AFFILIATED COMPANY" means an affiliate. "ES" means the specifications. '
              '"LICENSEE" means the buyer. ')
TERMS_PIECES = st.lists(st.sampled_from(["Tax", "Taxes", "Tax's", "Taxes'", "Taxes's", "Party", "Parties", "Übergabe",
                                         "Übergaben", "Net Sales", "Net", "Sales", "TRAIT", "FEE", "FEES", "FEE'S",
                                         "AFFILIATED", "COMPANY", "COMPANIES", "ES", "ESS", "ESs", "LICENSEES", "é", "x",
                                         " ", "\n", ".", "-", "_"]), max_size=24)


@settings(max_examples=300, deadline=None)
@given(TERMS_PIECES, st.integers(0, 40), st.integers(0, 40))
def test_the_uses_in_any_text_are_each_terms_uses_none_over_another(pieces, cut, length):
    # Words run on after a letter with an accent, endings in either case: the stretch's words
    # looked up find what each term's own search finds.
    head = TERMS_HEAD
    doc = LongDocument(head + "".join(pieces))
    every = every_use_read_left_to_right(doc)
    assert doc.uses_in() == every
    start = min(len(head) + cut, len(doc.text))
    end = min(start + length, len(doc.text))
    assert doc.uses_in(start, end) == [u for u in every if start <= u.start < end]


@settings(max_examples=200, deadline=None)
@given(TERMS_PIECES)
def test_the_first_use_and_the_use_at_an_offset_agree_with_each_terms_uses(pieces):
    # Three searches read a term's uses: all of them, one to tell the term is used, the one under
    # a cursor. Each finds what the others do.
    doc = LongDocument(TERMS_HEAD + "".join(pieces))
    for term in {d.term for d in doc.definitions}:
        found = doc.uses(term)
        first = first_use(doc.text, doc.definitions, term)
        assert (first is None) == (not found) and (first is None or first in {u.start for u in found}), term
        for u in found:
            assert doc.use_at(u.start) == u and doc.use_at(u.end - 1) == u and doc.use_at(u.end) == u, u


def test_a_term_inside_a_longer_term_is_no_use_of_its_own_there() -> None:
    text = ('"Information" means data. "Confidential Information" means Information marked secret. '
            "Confidential Information and Information differ.")
    doc = LongDocument(text)
    found = [(u.term, u.start) for u in doc.uses_in()]
    # Where "Confidential Information" is defined, its last word is a use of "Information".
    assert found == [("Information", text.index("Information", 30)), ("Information", text.index("means Information") + 6),
                     ("Confidential Information", text.rindex("Confidential")), ("Information", text.rindex("Information"))]


def test_the_uses_in_a_text_follow_an_edit_that_defines_a_term() -> None:
    text = "The Licensee pays the Fee. The Fee is due monthly.\n"
    doc = LongDocument(text)
    assert doc.uses_in() == []
    edited = doc.edit(0, 0, '"Fee" means the monthly fee. ')
    assert [edited.text[u.start : u.end] for u in edited.uses_in()] == ["Fee", "Fee"]


@pytest.mark.parametrize("start, end", [(-1, 5), (0, 10**6), (9, 3)])
def test_uses_in_a_stretch_outside_the_text_or_reversed_are_refused(start, end) -> None:
    with pytest.raises(ValueError):
        LongDocument('"Fee" means the fee. The Fee.').uses_in(start, end)


def test_after_edits_the_uses_in_a_text_are_those_of_a_fresh_build(shared_text):
    doc = LongDocument(shared_text(KNOWLABS))
    doc.uses_in()
    for edited in random_edits(doc, ["e", "", ' ("Work Product")', " Company Affiliate", "s", "\n"], seed=3):
        assert edited.uses_in() == LongDocument(edited.text).uses_in()
