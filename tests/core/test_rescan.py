"""The stretch an edit makes definitions and citations read again: whole paragraphs around it, or,
deep in a long paragraph, a stretch between quiet places that equals a full scan there."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc import LongDocument
from longdoc.definitions import byte_view, definitions_after_edit, find_definitions
from longdoc.references import find_references, references_after_edit
from longdoc.rescan import paragraph_bounds, rescan_span
from edits import random_edits
from shapes import one_line, without_blank_lines, wrapped

KING = "cuad/contracts/KINGPHARMACEUTICALSINC_08_09_2006-EX-10.1-PROMOTION AGREEMENT.txt"
MOVADO = "cuad/contracts/MOVADOGROUPINC_04_30_2003-EX-10.28-ENDORSEMENT AGREEMENT.txt"
COHERUS = "cuad/contracts/CoherusBiosciencesInc_20200227_10-K_EX-10.29_12021376_EX-10.29_Development Agreement.txt"
LONG = 32_768


@pytest.fixture(params=[without_blank_lines, one_line], ids=["without blank lines", "on one line"])
def long_paragraph(request: pytest.FixtureRequest, shared_text: Callable[[str], str]) -> str:
    return request.param(shared_text(KING))


def test_an_edit_among_short_paragraphs_reads_again_the_paragraph_around_it_and_one_on_each_side(
        shared_text: Callable[[str], str]) -> None:
    text = shared_text(KING)
    at = text.index("Section 9.2")
    a, b = paragraph_bounds(text, at, at + 1)
    assert b - a < 20_000
    assert rescan_span(text, byte_view(text), at, at + 1) == (a, b, b)


@pytest.mark.parametrize("mark", ["7", "- 6 -", "Page 4 of 80", "Source: ACME INC., 10-K, 3/1/2019"])
def test_a_pages_number_or_footer_between_blank_lines_is_part_of_the_break_after_an_edit(mark: str) -> None:
    text = f"The first page runs on and\n\n{mark}\n\n\n\ngoes on here.\n\nThe third paragraph.\n"
    a, b = paragraph_bounds(text, 3, 4)
    assert (a, b) == (0, text.index("\n\nThe third"))


@pytest.mark.parametrize("mark", ["7", "- 6 -", "Page 4 of 80", "Source: ACME INC., 10-K, 3/1/2019"])
def test_a_pages_number_or_footer_between_blank_lines_is_part_of_the_break_before_an_edit(mark: str) -> None:
    text = f"The first paragraph.\n\nThe page runs on and\n\n{mark}\n\n\n\ngoes on here.\n"
    at = text.index("goes on")
    a = paragraph_bounds(text, at, at + 1)[0]
    assert text[a:].lstrip().startswith("The page runs")  # the paragraph before, the page's mark passed over


def test_a_pages_mark_after_a_finished_sentence_is_a_paragraph_of_its_own_before_an_edit() -> None:
    # No definition reads on over a page break that cuts no sentence: the rescan need not read back past it.
    text = "The first paragraph.\n\nThe page ends here.\n\n7\n\n\n\ngoes on here.\n"
    at = text.index("goes on")
    a = paragraph_bounds(text, at, at + 1)[0]
    assert text[a:].lstrip().startswith("7")


def test_a_number_ending_a_paragraph_on_a_line_of_its_own_is_no_page_mark_before_an_edit() -> None:
    text = "The first paragraph runs on and\n\nThe price in dollars is\n7\n\n\n\nper unit.\n"
    at = text.index("per unit")
    a = paragraph_bounds(text, at, at + 1)[0]
    assert text[a:].lstrip().startswith("The price")


PAGES_CUTTING_SENTENCES = {
    "a sentence over two page breaks": (
        "{n}. Claims. The Licensee shall not, directly or\n\nSource: ACME INC., 10-K, 3/1/2019\n\n\n\n"
        'indirectly, bring any suit ("Action{n}") against the Licensor, and\n\n7\n\n\n\n'
        'further agrees that the fee (the "Fee{n}") is due.\n\n'),
    "a name above its parenthetical after a page break": (
        "{n}. Parties. This agreement binds, directly or\n\nSource: ACME INC., 10-K, 3/1/2019\n\n\n\n"
        'indirectly, Acme Widgets Inc., a Delaware company\n\n("Acme{n}")\n\nand others.\n\n'),
    "a definition that a page break cuts": (
        '{n}. Fees. "Fee{n}" means the amount payable for the services and\n\nPage {n} of 9\n\n\n\n'
        "expenses incurred by the Licensee under this Agreement.\n\nThe Fee{n} is due monthly.\n\n"),
}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("page", PAGES_CUTTING_SENTENCES.values(), ids=PAGES_CUTTING_SENTENCES.keys())
def test_definitions_after_edits_around_page_breaks_that_cut_sentences_equal_a_fresh_scan(page: str, seed: int) -> None:
    # A definition's sentence is read from its start on the page before: an edit there reads it again.
    doc = LongDocument("".join(page.format(n=n) for n in range(1, 9)))
    doc.definitions
    for edited in random_edits(doc, [".", "", "x", "\n\n", ", and", '"Term" means it.'], seed=seed, count=25):
        assert edited.definitions == LongDocument(edited.text).definitions


@pytest.mark.parametrize("seed", range(3))
def test_definitions_after_edits_around_terms_wrapped_over_lines_equal_a_fresh_scan(shared_text, seed: int) -> None:
    # A quoted term or its parenthetical broken at a line of a fixed-width text: edits beside the
    # quotes and brackets make, break and join them.
    doc = LongDocument(wrapped(shared_text(MOVADO)))
    doc.definitions
    rng = random.Random(seed)
    for _ in range(25):
        text = doc.text
        marks = [i for i, c in enumerate(text) if c in '"()']
        at = min(len(text), rng.choice(marks) + rng.randrange(-12, 12))
        doc = doc.edit(max(0, at), min(len(text), max(0, at) + rng.choice([0, 1])), rng.choice(["\n", "\n\n", "", "x", '"', "(", ")"]))
        assert doc.definitions == LongDocument(doc.text).definitions


@pytest.mark.parametrize("seed", range(3))
def test_definitions_after_edits_around_names_alone_in_brackets_equal_a_fresh_scan(shared_text, seed: int) -> None:
    # Coherus's agreement names its terms in brackets without quotes ("one Party (Receiving Party)"):
    # whether one defines reads the words before it and after it, which edits beside it change.
    doc = LongDocument(shared_text(COHERUS))
    doc.definitions
    rng = random.Random(seed)
    for _ in range(25):
        text = doc.text
        names = [i for i in range(len(text) - 1) if text[i] == "(" and text[i + 1].isupper()]
        at = max(0, min(len(text), rng.choice(names) + rng.randrange(-24, 40)))
        doc = doc.edit(at, min(len(text), at + rng.choice([0, 1, 4])), rng.choice(["", "x", "(", ")", ". ", " Party", "\n\n"]))
        assert doc.definitions == LongDocument(doc.text).definitions


def test_an_edit_deep_in_a_long_paragraph_reads_again_a_stretch_around_it_not_the_paragraph(long_paragraph: str) -> None:
    text = long_paragraph
    at = text.index("Section 9.2")
    assert at > 100_000 and len(text) - at > 30_000
    start, end, scan_end = rescan_span(text, byte_view(text), at, at + 1)
    # Far enough that nothing read before or after it reads the edit, near enough to be cheap.
    assert at - 3 * LONG < start <= at - 8192
    assert at + 1 + 2048 <= end <= scan_end < at + 3 * LONG


def test_a_long_paragraph_is_cut_where_no_quote_bracket_or_naming_word_stands_just_before(long_paragraph: str) -> None:
    text = long_paragraph
    view = byte_view(text)
    for at in range(20_000, len(text) - 20_000, 7_919):
        for cut in rescan_span(text, view, at, at)[:2]:
            if cut in (0, len(text)):
                continue  # the text's ends are quiet
            def before(n: int) -> bytes:
                return view[max(0, cut - n) : cut]

            assert b'"' not in before(1024) and b"(" not in before(512)
            assert b"referred" not in before(256)
            assert before(1) == b"\n" or (before(1) == b" " and before(128).rstrip()[-1:].isalpha()), "a word after one"


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.floats(0, 1))
def test_definitions_read_again_around_any_place_of_a_long_paragraph_are_those_of_a_full_scan(
        long_paragraph: str, where: float) -> None:
    text = long_paragraph
    view = byte_view(text)
    found = find_definitions(text, (), view)
    at = int(where * len(text))
    # An edit that wrote nothing: what is read again around it must be what was there, once.
    assert definitions_after_edit(found, text, at, at, 0, (), view) == found


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.floats(0, 1))
def test_citations_read_again_around_any_place_of_a_long_paragraph_are_those_of_a_full_scan(
        long_paragraph: str, where: float) -> None:
    text = long_paragraph
    view = byte_view(text)
    nodes = LongDocument(text).nodes
    found = find_references(text, nodes, view)
    at = int(where * len(text))
    # An edit that wrote nothing: what is read again around it must be what was there, once.
    assert references_after_edit(found, text, at, at, 0, nodes, view) == found


SENTENCE = "The supplier keeps its records for five years and the buyer may audit them at any time. "


def edited_far_after(construct: str, cut_after: str) -> tuple[LongDocument, LongDocument]:
    """A paragraph of 80 KB holding ``construct``, and its version with a letter typed where the
    stretch read again would start just past ``cut_after`` (in ``construct``) if only the reach of
    the rules mattered, and not what stands before that place."""
    text = SENTENCE * 450 + construct + SENTENCE * 450
    at = text.index(construct) + construct.index(cut_after) + len(cut_after) + 8192
    doc = LongDocument(text)
    doc.definitions, doc.references, doc.diagnostics()
    return doc.edit(at, at, "x"), LongDocument(text[:at] + "x" + text[at:])


@pytest.mark.parametrize("construct, cut_after, term", [
    # Read from inside a quoted term, its closing quote would open one that swallows the next term's quote.
    ('the "Effective Date", hereinafter called "Licensed Product". ', 'the "Effective ', "Licensed Product"),
    ('Each buyer (the "Licensed Distributor") may audit. ', '(the "Licensed ', "Licensed Distributor"),
    ("The programs, hereinafter referred to as the Licensed Software, may be audited. ", "referred to as the ",
     "Licensed Software"),
    ("Each distributor of the goods (Licensed Distributor) may audit. ", "(Licensed ", "Licensed Distributor"),
])
def test_a_definition_deep_in_a_long_paragraph_is_read_again_whole_after_an_edit_far_below_it(
        construct: str, cut_after: str, term: str) -> None:
    edited, fresh = edited_far_after(construct, cut_after)
    assert term in [d.term for d in fresh.definitions]
    assert edited.definitions == fresh.definitions
    assert edited.diagnostics() == fresh.diagnostics()


def test_an_entry_of_a_definitions_list_without_blank_lines_is_read_again_from_its_line_start() -> None:
    lines = (SENTENCE + "\n") * 450
    text = (f"{lines}ARTICLE 1\nDEFINITIONS\n  Fee: the price.\n  Licensed Product: a product sold.\n"
            f"ARTICLE 2\nSUPPLY\n{lines}")
    at = text.index("  Licensed") + 2 + 8192
    doc = LongDocument(text)
    doc.definitions
    edited, fresh = doc.edit(at, at, "x"), LongDocument(text[:at] + "x" + text[at:])
    assert "Licensed Product" in [d.term for d in fresh.definitions]
    assert edited.definitions == fresh.definitions


def test_an_entry_that_runs_on_past_the_stretch_read_again_yields_to_a_quoted_definition_of_its_term_within_it() -> None:
    # "1.5 Fee. the price ..." is an entry of the list, unless its term is quoted and defined within
    # it: one definition, the quoted one, though the stretch read again ends between the two.
    lines = (SENTENCE + "\n") * 450
    text = (f"{lines}ARTICLE 1\nDEFINITIONS\n{lines}1.5 Fee. the price payable\nfor the goods, where \"Fee\" means"
            f" also the charge.\nARTICLE 2\nSUPPLY\n{lines}")
    at = text.index("for the goods") - 2048
    doc = LongDocument(text)
    doc.definitions
    edited, fresh = doc.edit(at, at, "x"), LongDocument(text[:at] + "x" + text[at:])
    assert [(d.term, d.kind) for d in fresh.definitions] == [("Fee", "means")]
    assert edited.definitions == fresh.definitions


def test_a_quoted_term_in_brackets_within_a_wide_gap_before_a_verb_is_no_term_after_an_edit_far_below() -> None:
    # '"Fee"', a gap as wide as a page's margin, then '("Charge" means) means': the verb is Fee's, and
    # "Charge" lies within what Fee's definition read, where no quoted term opens another.
    edited, fresh = edited_far_after('"Fee"' + " " * 1500 + '("Charge" means) means the price. ', " " * 1200, )
    assert [d.term for d in fresh.definitions] == ["Fee"]
    assert edited.definitions == fresh.definitions


def test_a_sentence_ended_just_before_a_definition_in_a_long_paragraph_starts_it_anew() -> None:
    text = (SENTENCE * 450 + "Each party may use the programs, hereinafter referred to as the Licensed Software, at any"
            " time. " + SENTENCE * 450)
    at = text.index("the programs")
    doc = LongDocument(text)
    assert [d.start for d in doc.definitions] == [text.index("Each party")]
    edited = doc.edit(at, at, "it. Yes, ")
    fresh = LongDocument(edited.text)
    assert [d.start for d in fresh.definitions] == [edited.text.index("Yes, the programs")]
    assert edited.definitions == fresh.definitions


@pytest.mark.parametrize("citation, cut_at, edit_from_cut", [
    ("pursuant to Sections 5.1, 5.2 and 5.3 of this Agreement", "5.2", 8192),  # the stretch would start there
    ("pursuant to Section 7.3.1(ii), (iii) and (iv) of this Agreement", "7.3.1", -2049),  # or end there
])
def test_a_list_of_citations_is_read_again_whole_or_not_at_all(citation: str, cut_at: str, edit_from_cut: int) -> None:
    text = SENTENCE * 450 + citation + ". " + SENTENCE * 450
    at = text.index(cut_at) + edit_from_cut
    doc = LongDocument(text)
    doc.references
    edited, fresh = doc.edit(at, at, "x"), LongDocument(text[:at] + "x" + text[at:])
    assert len(fresh.references) == 3
    assert edited.references == fresh.references


def test_an_entry_run_on_after_its_clause_number_on_one_line_is_read_again_from_the_number() -> None:
    body = ("ARTICLE 1   DEFINITIONS   1.1 Fee shall mean the price payable.   1.2 Affiliate shall mean any entity"
            " controlling a party.   ARTICLE 2   SUPPLY   ")
    text = SENTENCE * 450 + "   " + body + SENTENCE * 450
    at = text.index("Affiliate shall") + 8192
    doc = LongDocument(text)
    doc.definitions
    edited, fresh = doc.edit(at, at, "x"), LongDocument(text[:at] + "x" + text[at:])
    assert [(d.term, d.kind) for d in fresh.definitions] == [("Fee", "entry"), ("Affiliate", "entry")]
    assert edited.definitions == fresh.definitions


@pytest.mark.parametrize("unit", ["(a) ", '"', " ", "x"])
def test_a_long_paragraph_with_no_quiet_place_near_an_edit_is_read_again_whole(unit: str) -> None:
    text = unit * (200_000 // len(unit))
    doc = LongDocument(text)
    doc.definitions, doc.references
    at = len(text) // 2
    edited = doc.edit(at, at, ' Section 5 of the "Fee" means the price. ')
    fresh = LongDocument(edited.text)
    assert (edited.definitions, edited.references) == (fresh.definitions, fresh.references)
