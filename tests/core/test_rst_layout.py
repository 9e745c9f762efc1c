"""Texts written in reStructuredText, as the PEPs and the Python documentation are: section titles
underlined (or over- and underlined) with one punctuation character repeated, the character giving
the level ("=" over "-" over "~")."""

from __future__ import annotations

import pytest

from longdoc import LongDocument, find_headings

# PEP 8, shortened.
PEP = """\
PEP: 8
Title: Style Guide for Python Code

Introduction
============

This document gives coding conventions for the Python code.

A Foolish Consistency is the Hobgoblin of Little Minds
======================================================

Code is read much more often than it is written.

Code Lay-out
============

Indentation
-----------

Use 4 spaces per indentation level.

Tabs or Spaces?
---------------

Spaces are the preferred indentation method.

Naming Conventions
==================

Overriding Principle
--------------------

Names should reflect usage rather than implementation.

Descriptive: Naming Styles
~~~~~~~~~~~~~~~~~~~~~~~~~~

There are a lot of different naming styles.
"""


def test_titles_underlined_as_restructuredtext_does_are_nested_by_their_underline() -> None:
    assert [(n.title, n.depth) for n in LongDocument(PEP).nodes] == [
        ("Introduction", 0), ("A Foolish Consistency is the Hobgoblin of Little Minds", 0), ("Code Lay-out", 0),
        ("Indentation", 1), ("Tabs or Spaces?", 1), ("Naming Conventions", 0), ("Overriding Principle", 1),
        ("Descriptive: Naming Styles", 2),
    ]


def test_an_overlined_and_underlined_title_is_a_heading() -> None:
    text = "*********\nChapter 1\n*********\n\nThe chapter.\n\nSection\n-------\n\nText.\n"
    assert [(n.title, n.depth) for n in LongDocument(text).nodes] == [("Chapter 1", 0), ("Section", 1)]


def test_a_numbered_title_underlined_keeps_its_number() -> None:
    text = "1. Definitions\n--------------\n\n1.1. \"Contributor\" means each individual.\n"
    assert [h.label for h in find_headings(text)][0] == "1"


@pytest.mark.parametrize("text", [
    "This Agreement sets out the terms that bind\nBoth Parties Equally\n--------------------\n\nText.\n",  # a paragraph's line
    "\nSigned\n----------------------------------------\n\nText.\n",  # a rule far longer than the line above
    "\n   Indented\n   -----------\n\nText.\n",  # not at the margin
    "\n   Indented\n-----------\n\nText.\n",
    "\nShort\n---\n\nText.\n",  # shorter than the title
])
def test_a_line_of_punctuation_under_other_text_makes_no_heading(text: str) -> None:
    assert find_headings(text) == []


def test_a_literal_block_s_comment_three_columns_in_does_not_make_the_text_markdown() -> None:
    text = PEP + "\n.. code-block:: python\n\n   # Correct:\n   foo = long_function_name(var_one)\n"
    assert [n.title for n in LongDocument(text).nodes] == [n.title for n in LongDocument(PEP).nodes]
