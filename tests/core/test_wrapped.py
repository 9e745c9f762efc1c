"""A contract wrapped at a fixed width numbers its clauses as the unwrapped one does: a line break that
the wrap put right after a clause's number reads as a space for heading recognition, and no other."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longdoc import LongDocument, find_headings
from longdoc.wrapped import UNWRAP_REACH, rewrapped, unwrapped
from shapes import wrapped

RESELLER = "cuad/contracts/ASIANDRAGONGROUPINC_08_11_2005-EX-10.5-Reseller Agreement.txt"
DISTRIBUTOR = "cuad/contracts/ImineCorp_20180725_S-1_EX-10.5_11275970_EX-10.5_Distributor Agreement.txt"

# Lines of a paragraph as a 72-column wrap breaks them, one clause number left at a line's end.
LEAD = "Galaxy shall establish a Telnet account within the Partner Portal and"
BROKEN = {
    "after a period": (f"{LEAD}\nit shall provide Telnet with access thereto. 5.3\nMaterials Galaxy shall "
                       "provide Telnet with access to electronic copies\nof sales materials.\n", "5.3"),
    "a number with its period": (f"{LEAD}\nit shall provide Telnet with access thereto. 6.1.\nCompliance with "
                                 "Standards. You agree to comply with all the\nstandards of the manual.\n", "6.1"),
    "after a colon": (f"{LEAD}\nthe parties agree as follows, in each case: 1.1\nDefinitions. The words below have "
                      "the meanings given to them in\nthis clause.\n", "1.1"),
    "after a wide gap": (f"{LEAD}\nit shall provide Telnet with the materials   2.7\nDelivery. Galaxy shall deliver "
                         "the Products to Telnet at its own\ncost.\n", "2.7"),
    "a Roman numeral": (f"{LEAD}\nit shall provide Telnet with the materials listed.   V.\nImprovements   The "
                        "Company may improve the Products at its own cost\nfrom time to time.\n", "V"),
    "the paragraph's last line": (f"{LEAD}\nit shall provide Telnet with access to the materials. 5.3\nMaterials."
                                  "\n\nGalaxy shall provide Telnet with the materials.\n", "5.3"),
    "after its clause's title": (f"{LEAD}\nit shall bear the costs incurred by its trainees. 6. OPERATIONS 6.1.\n"
                                 "Compliance with Standards. You agree to comply with all the\nstandards of the manual.\n",
                                 "6.1"),
    "after its clause's title under a title in capitals": (
        f"{LEAD}\nit shall pay the fees. 9. ADVERTISING 9.1 Pizza Fusion Marketing Fund 9.1.1.\nWe have the right, "
        "but not the obligation, to run the fund for the\nsystem.\n", "9.1.1"),
    "an article's keyword": (f"{LEAD}\nit shall provide Telnet with the materials it asks for.   ARTICLE\nVI   "
                             "REPRESENTATIONS AND WARRANTIES   6.1 Representations.\nEach party represents "
                             "that it may sign.\n", "Article VI"),
    "an article's keyword over its number": (f"{LEAD}\nit shall provide Telnet with the materials it asks for.   "
                                             "ARTICLE\n5   TERM AND TERMINATION   5.1 Term. This Agreement lasts "
                                             "five\nyears.\n", "Article 5"),
}


# Lines as a wrap breaks them inside the title of a clause that its first subclause follows.
TITLE_BROKEN = {
    "a title in words": ("Reseller shall not use the marks in any other manner and shall stop\nthe use upon "
                         "termination of the Agreement. 9. Intellectual\nProperty 9.1 Reseller acknowledges that "
                         "all the rights belong\nto Todos.\n", "9.1"),
    "an article's title in capitals": ("The parties agree that this Agreement may be ended on notice by either "
                                       "party. ARTICLE 4. TERM AND\nTERMINATION 4.1. Term. This Agreement shall "
                                       "expire if the Investor so\nelects.\n", "4.1"),
}


def labels(doc: LongDocument) -> list[str | None]:
    return [node.label for node in doc.nodes]


@pytest.mark.parametrize(("text", "label"), BROKEN.values(), ids=BROKEN.keys())
def test_a_clause_number_that_a_wrap_left_at_a_line_end_opens_its_clause(text: str, label: str) -> None:
    assert label in labels(LongDocument(text))
    assert label in [h.label for h in find_headings(text)]


@pytest.mark.parametrize(("text", "label"), TITLE_BROKEN.values(), ids=TITLE_BROKEN.keys())
def test_a_first_subclause_after_its_clauses_title_wrapped_onto_its_line_opens_there(text: str, label: str) -> None:
    parent = label.split(".")[0]
    doc = LongDocument(text)
    assert labels(doc)[-2:] == ["Article " + parent if "ARTICLE" in text else parent, label]
    assert doc.nodes[-2].title.endswith(("Intellectual Property", "TERM AND TERMINATION"))


def test_the_heading_reads_the_line_break_after_its_number_as_a_space() -> None:
    text, _ = BROKEN["after a period"]
    heading = next(h for h in find_headings(text) if h.label == "5.3")
    assert text[heading.start : heading.start + 14] == "5.3\nMaterials "
    assert heading.text.startswith("5.3 Materials Galaxy shall provide")


def test_the_view_has_every_offset_of_the_text_and_spaces_for_the_breaks() -> None:
    text, _ = BROKEN["after a period"]
    view = unwrapped(text)
    assert view == text.replace("5.3\n", "5.3 ")
    crlf = text.replace("\n", "\r\n")
    assert unwrapped(crlf) == crlf.replace("5.3\r\n", "5.3  ")


def test_a_text_with_no_such_break_is_its_own_view() -> None:
    text = "1. Term. This Agreement lasts five years.\n\n2. Fees. Fees are due monthly.\n"
    assert unwrapped(text) is text


def test_an_edit_that_unmakes_the_only_such_break_leaves_the_text_its_own_view() -> None:
    text, _ = BROKEN["after a period"]
    at = text.index("5.3\n") + 3
    edited = text[:at] + "\n" + text[at:]
    assert rewrapped(text, unwrapped(text), edited, at, at, at + 1) is edited


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["LF", "CRLF"])
@pytest.mark.parametrize("beyond", [-1, 0, 1, 2])
@pytest.mark.parametrize("side", ["after", "before"])
def test_an_edit_at_the_edge_of_a_breaks_reach_keeps_the_break(newline: str, beyond: int, side: str) -> None:
    clause = BROKEN["after a period"][0].replace("\n", newline)
    text = clause + "x" * 600 if side == "after" else "x" * 600 + newline * 2 + clause
    at = text.index("5.3" + newline) + len("5.3" + newline) - 1
    at += UNWRAP_REACH + beyond if side == "after" else -UNWRAP_REACH - beyond
    edited = text[:at] + "y" + text[at:]
    assert rewrapped(text, unwrapped(text), edited, at, at, at + 1) == unwrapped(edited)


KEPT = {
    # A citation's number ends a short line above a title and its first clause.
    "a short line": "Data may be shared pursuant to 603 C.M.R. 23.00.\nB. TERMS OF AGREEMENT\n1. Data Sharing. Vendor "
                    "shall share the data with the District as set out below.\n",
    "a number opening its line": f"{LEAD}\nit shall provide Telnet with access thereto.\n5.3\nMaterials Galaxy shall "
                                 "provide Telnet with access to electronic copies\nof sales materials.\n",
    "a cited number": f"{LEAD}\nit shall provide Telnet with access pursuant to 5.3\nMaterials Galaxy shall provide "
                      "Telnet with access to electronic copies\nof sales materials.\n",
    "an amount": f"{LEAD}\nit shall pay Telnet the fee due, being USD 5.3\nmillion, within thirty days of the "
                 "invoice that Telnet sends to it\nfor the services.\n",
    "a blank line after": f"{LEAD}\nit shall provide Telnet with access thereto. 5.3\n\nMaterials Galaxy shall "
                          "provide Telnet with access to electronic copies\nof sales materials.\n",
    "a short line after, more below": f"{LEAD}\nit shall provide Telnet with access thereto. 5.3\nMaterials\n"
                                      "Galaxy shall provide Telnet with access to electronic copies.\n",
    "another clause's subclause": TITLE_BROKEN["a title in words"][0].replace("9.1", "8.1"),
    "a sentence before the subclause": TITLE_BROKEN["a title in words"][0].replace(
        "Property 9.1", "Property of each party as set out in 9.1"),
    "a number after another clause's title": f"{LEAD}\nit shall bear the costs incurred by its trainees. 6. OPERATIONS "
                                             "7.1.\nCompliance with Standards. You agree to comply with all the\n"
                                             "standards of the manual.\n",
    "a number after a title that a sentence's words run into": f"{LEAD}\nit shall bear the costs set out in 6. Operations "
                                                               "6.1.\nCompliance with Standards. You agree to comply "
                                                               "with all the\nstandards of the manual.\n",
    "a short line above": "Termination. 9. Intellectual\nProperty 9.1 Reseller acknowledges that all the rights "
                          "belong\nto Todos.\n",
    "a contents entry's page number after a dot leader": "     A.1.  Client  . . . . . . . . . . . . . . . . . . . 109\n"
                                                         "     A.2.  Server  . . . . . . . . . . . . . . . . . . . 110\n",
}


@pytest.mark.parametrize("text", KEPT.values(), ids=KEPT.keys())
def test_a_line_break_after_a_number_that_no_wrap_put_there_stays_one(text: str) -> None:
    assert unwrapped(text) is text


def test_a_wrapped_contract_numbers_its_clauses_as_unwrapped(shared_text: Callable[[str], str]) -> None:
    text = shared_text(RESELLER)
    doc, fresh = LongDocument(wrapped(text)), LongDocument(text)
    assert set(labels(fresh)) <= set(labels(doc))
    numbering = {"numbering-gap", "duplicate-number"}
    assert [d.message for d in doc.diagnostics() if d.code in numbering] == []
    assert [d.message for d in fresh.diagnostics() if d.code in numbering] == []


def test_a_clause_run_into_a_wrapped_line_is_titled_by_its_words_on_the_next_line_too(
        shared_text: Callable[[str], str]) -> None:
    titles = {node.label: node.title for node in LongDocument(wrapped(shared_text(RESELLER))).nodes}
    assert titles["5.3"].startswith("5.3 Materials Galaxy shall provide Telnet with access")
    assert titles["13.6"].startswith("13.6 Compliance with Law Each of the Parties")


def test_a_wrapped_contract_of_run_in_clauses_finds_them_all(shared_text: Callable[[str], str]) -> None:
    # Each clause of the distributor agreement runs into the line of the one before.
    text = shared_text(DISTRIBUTOR)
    found = set(labels(LongDocument(wrapped(text))))
    clauses = {"3.4", "3.5", "3.7", "3.8", "4.4", "8.3", "12.2", "15.6"}
    assert clauses <= set(labels(LongDocument(text)))
    assert clauses <= found


def wrapped_breaks(text: str) -> list[int]:
    """Where a line of ``text`` ends in a digit or a period, as a clause number that a wrap left there does."""
    return [i for i in range(2, len(text)) if text[i] == "\n" and text[i - 1] in "0123456789." and text[i - 2] != "\n"]


FRAGMENTS = ["\n", "\n\n", "", " ", "x", "5.", ". 7.1", "A"]


@settings(max_examples=80, deadline=None, derandomize=True)
@given(edits=st.lists(st.tuples(st.integers(0, 1000), st.integers(-450, 450), st.sampled_from([0, 1, 3]),
                                st.sampled_from(FRAGMENTS)), min_size=1, max_size=12))
def test_the_view_after_edits_near_wrapped_numbers_equals_a_fresh_one(edits: list[tuple[int, int, int, str]]) -> None:
    text = "".join(t for t, _ in (*BROKEN.values(), *TITLE_BROKEN.values()))
    view = unwrapped(text)
    for spot, offset, length, new in edits:
        spots = wrapped_breaks(text) or [len(text) // 2]
        at = max(0, min(len(text), spots[spot % len(spots)] + offset))
        end = min(len(text), at + length)
        edited = text[:at] + new + text[end:]
        view = rewrapped(text, view, edited, at, end, at + len(new))
        assert view == unwrapped(edited)
        text = edited


def caps_line_starts(text: str) -> list[int]:
    """Where a line of ``text`` in capitals starts after a line of text (a wrapped disclaimer's lines)."""
    return [m.start() for m in re.finditer(r"(?<=[^\n]\n)[A-Z]{2,}[ A-Z]", text)]


@pytest.mark.parametrize("contract", [RESELLER, DISTRIBUTOR], ids=["reseller", "distributor"])
@pytest.mark.parametrize("seed", range(3))
def test_the_outline_after_edits_near_wrapped_clause_numbers_and_capitals_equals_a_fresh_build(
        shared_text: Callable[[str], str], contract: str, seed: int) -> None:
    # The distributor agreement's disclaimers run from a line in lower case into capitals.
    doc = LongDocument(wrapped(shared_text(contract)))
    rng = random.Random(seed)
    for _ in range(20):
        text = doc.text
        at = max(0, min(len(text), rng.choice(wrapped_breaks(text) + caps_line_starts(text)) + rng.randrange(-160, 160)))
        doc = doc.edit(at, min(len(text), at + rng.choice([0, 1])),
                       rng.choice(["\n", "\n\n", "", " ", "x", "5.", "A", ".", ","]))
        fresh = LongDocument(doc.text)
        assert doc.nodes == fresh.nodes
        assert list(doc.sections) == list(fresh.sections)


def test_a_clause_number_typed_at_a_line_end_deep_in_a_long_wrapped_paragraph_opens_a_clause() -> None:
    # The edit lies far inside one long part, where only the lines around it are read again.
    text = wrapped("1. Delivery.\n\n" + "The supplier shall deliver the goods to the buyer at the agreed places. " * 600)
    at = text.index(".\nThe", len(text) // 2) + 1
    doc = LongDocument(text).edit(at, at, " 5.3")
    assert [node.label for node in doc.nodes] == ["1", "5.3"]
    assert doc.nodes == LongDocument(doc.text).nodes
