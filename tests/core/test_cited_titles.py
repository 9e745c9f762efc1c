"""Citations naming their clause's title as well as its number: a title that is another clause's
is a stale number, warned of with that clause's number as its mending."""

from __future__ import annotations

import pytest

from longdoc import LongDocument

TERMS = ("6. TERMINATION\n\n"
         "6.1 Term. This Agreement runs for two years.\n\n"
         "6.2 Termination. Either party may end it on notice.\n\n"
         "6.3 Effect of Termination. Orders placed before the end stand.\n\n"
         "6.4 Survival. What Section {cited} says survives any termination.\n")

ACCURAY = "cuad/contracts/ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt"
KIROMIC = "cuad/contracts/KIROMICBIOPHARMA,INC_04_08_2020-EX-10.28-JOINT VENTURE AGREEMENT.txt"


def mistitled(text: str) -> list[tuple[str, str, str | None]]:
    return [(text[d.start : d.end], d.message, d.replacement) for d in LongDocument(text).diagnostics()
            if d.code == "mistitled-reference"]


def test_a_citation_naming_another_clause_s_title_is_warned_of_with_that_clause_s_number_as_its_mending():
    text = TERMS.format(cited="6.2 (Effect of Termination)")
    assert mistitled(text) == [("6.2", "Section 6.2 is titled \u201cTermination\u201d, not \u201cEffect of Termination\u201d, "
                                       "the title of 6.3.", "6.3")]


@pytest.mark.parametrize("cited", ['6.2 (entitled "Effect of Termination")', "6.2 [Effects of termination]"])
def test_a_title_entitled_or_written_in_the_plural_or_small_letters_is_read_as_the_clause_s(cited):
    assert [(number, mend) for number, _, mend in mistitled(TERMS.format(cited=cited))] == [("6.2", "6.3")]


@pytest.mark.parametrize("cited", ["6.3 (Effect of Termination)", "6.3 (Effects of termination)",
                                   '6.3 ("Effect of Termination")', "6.3 [EFFECT OF TERMINATION]"])
def test_a_citation_naming_its_own_clause_s_title_in_any_case_or_number_is_not_warned_of(cited):
    assert mistitled(TERMS.format(cited=cited)) == []


def test_a_citation_naming_the_title_of_the_part_that_holds_its_clause_is_not_warned_of():
    text = TERMS.replace("6.2 Termination.", "6.2 Ending.").format(cited="6.2 [TERMINATION]")
    assert mistitled(text) == []


def test_a_title_two_other_clauses_beside_it_have_is_not_warned_of():
    text = TERMS.format(cited="6.2 (Notices)") + "\n6.5 Notices. By post.\n\n6.6 Notices. By email.\n"
    assert mistitled(text) == []


def test_a_title_only_a_clause_of_another_part_has_is_not_warned_of():
    text = TERMS.format(cited="6.2 (Notices)") + "\n7. GENERAL\n\n7.1 Notices. By email.\n"
    assert mistitled(text) == []


def test_a_title_only_a_sub_clause_of_a_clause_beside_it_has_is_not_warned_of():
    text = TERMS.replace("Orders placed before the end stand.", "Orders placed before the end stand.\n\n6.3.1 Notices. By post.")
    assert mistitled(text.format(cited="6.2 (Notices)")) == []


def test_a_term_defined_in_the_brackets_after_a_citation_is_no_title():
    text = ('1. DEFINITIONS\n\n1.1 "Royalty Term" means ten years.\n\n1.2 "Term" means the term.\n\n'
            '2. TERM\n\n2.1 Length. It runs for the Royalty Term as defined in Section 1.1 ("Term").\n')
    assert mistitled(text) == []


@pytest.mark.parametrize("cited", ["6.2 (or any clause after it)", "6.2(a) (Effect of Termination)", "6.2 (Accruals)"])
def test_an_aside_an_item_s_title_or_a_title_no_clause_has_is_not_warned_of(cited):
    assert mistitled(TERMS.format(cited=cited)) == []


def test_a_clause_titled_by_its_first_sentence_is_cited_by_what_opens_it():
    text = ('1. DEFINITIONS\n\n1.1 "Users" are the people who log in.\n\n2. ACCESS\n\n'
            '2.1 Users. Users log in daily, as Section 1.1 ("Users") says.\n')
    assert mistitled(text) == []


def test_a_survival_clause_of_a_real_contract_citing_three_clauses_one_number_off_is_warned_of_each(shared_text):
    text = shared_text(ACCURAY)
    assert [(number, mend) for number, _, mend in mistitled(text)] == [("6.2", "6.3"), ("6.3", "6.4"), ("6.4", "6.5")]


def test_a_real_contract_citing_clauses_by_quoted_titles_one_number_off_is_warned_of_each(shared_text):
    text = shared_text(KIROMIC)
    assert [(number, mend) for number, _, mend in mistitled(text)] == [("5", "6"), ("6", "7")]
