"""Which defined term a phrase likely misspells."""

from __future__ import annotations

import pytest

from longdoc.spelling import Spelling

TERMS = ["Effective Date", "Event of Force Majeure", "Alliance Manager", "Lead-Time", "initial Period",
         "Maximum Enrollment Target", "Licensee Site", "Net Sales", "Net Tax"]


@pytest.mark.parametrize("phrase, term", [
    ("Effecctive Date", "Effective Date"),  # a letter too many (Bellicum)
    ("Effective Dave", "Effective Date"),  # a letter replaced (Kubient)
    ("Event of Force Mejeure", "Event of Force Majeure"),  # Aura Systems
    ("Alliance Mangers", "Alliance Manager"),  # two edits in a long word (PhaseBio)
    ("Effetcive Date", "Effective Date"),  # two letters swapped
    ("Lead Time", "Lead-Time"),  # split where the term is hyphenated (Profound)
    ("Initial Period", "initial Period"),  # the case of a letter (Teleglobe)
    ("Licensed Site", "Licensee Site"),
])
def test_a_phrase_a_letter_or_two_off_a_term_names_it(phrase, term):
    assert Spelling(TERMS).nearest(phrase) == term


@pytest.mark.parametrize("phrase", [
    "Effective Date",  # the term itself
    "Net Pay",  # another first letter than "Sales" and "Tax"
    "Net Tip",  # a short word two letters off "Tax"
    "Closing Date",  # another word altogether
    "Affective Date",  # another first letter
    "Alliance Manager Group",  # more words
    "Lead Times",  # split and plural: two changes of different kinds
])
def test_a_phrase_further_off_names_no_term(phrase):
    assert Spelling(TERMS).nearest(phrase) is None


def test_of_two_terms_as_near_the_one_with_fewer_edits_then_the_first_by_name_is_named():
    assert Spelling(["Sales Agent", "Sales Agents", "Sale Agent"]).nearest("Sales Agnet") == "Sales Agent"
    assert Spelling(["Net Sale", "Net Sales"]).nearest("Net Saless") == "Net Sales"
    assert Spelling(["Net Sales", "Net Saves"]).nearest("Net Saxes") == "Net Sales"
