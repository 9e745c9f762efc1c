"""Specifications laid out as the IETF sets its RFCs: a header block of authors set against the
right margin, sections named without a number at the margin, text three columns in, grammars in
capitals."""

from __future__ import annotations

import pytest

from longdoc import LongDocument, find_headings

# The layout of RFC 9110 (shortened): its header, front sections, numbered sections, an appendix
# and the sections after it.
MODERN = """\
Internet Engineering Task Force (IETF)                  R. Fielding, Ed.
Request for Comments: 9110                                         Adobe
Category: Standards Track                                      June 2022


                            HTTP Semantics

Abstract

   The Hypertext Transfer Protocol (HTTP) is a stateless application-
   level protocol for distributed, collaborative, hypertext information
   systems.

Status of This Memo

   This is an Internet Standards Track document.

1.  Introduction

1.1.  Purpose

   HTTP is a family of stateless, application-level, request/response
   protocols that share a generic interface.

2.  Conformance

   The key words "MUST" and "MUST NOT" are to be interpreted as
   described in BCP 14.

Appendix A.  Collected ABNF

   In the collected ABNF below, list rules are expanded.

Acknowledgements

   This edition builds on the many contributions that went into earlier
   specifications.

Authors' Addresses

   Roy T. Fielding (editor)
   Adobe
"""

# The header of RFC 2616: authors and their organisations in a column at the right margin.
AUTHORS = """\
Network Working Group                                      R. Fielding
Request for Comments: 2616                                   UC Irvine
Obsoletes: 2068                                              J. Gettys
Category: Standards Track                                   Compaq/W3C
                                                              J. Mogul
                                                                Compaq
                                                            H. Frystyk
                                                               W3C/MIT
                                                             June 1999


                Hypertext Transfer Protocol -- HTTP/1.1

1 Introduction

1.1 Purpose

   The Hypertext Transfer Protocol (HTTP) is an application-level
   protocol for distributed, collaborative, hypermedia information
   systems.
"""


def tree(text: str) -> list[tuple[str, int]]:
    return [(n.title, n.depth) for n in LongDocument(text).nodes]


def test_the_sections_an_rfc_names_stand_beside_its_numbered_sections_and_after_an_appendix_beside_it() -> None:
    assert tree(MODERN) == [
        ("Abstract", 0), ("Status of This Memo", 0), ("1. Introduction", 0), ("1.1 Purpose", 1),
        ("2. Conformance", 0), ("Appendix A. Collected ABNF", 0), ("Acknowledgements", 0), ("Authors' Addresses", 0),
    ]


@pytest.mark.parametrize("below", [
    "\nThis edition builds on the contributions.\n",  # text at the margin: a title line's paragraph
    "\n      This edition builds on the contributions.\n",  # six columns in: a list's caption
    "   This edition builds on the contributions.\n",  # no blank line between
])
def test_a_named_section_needs_a_blank_line_and_text_three_columns_in_below_it(below: str) -> None:
    text = "1.  Introduction\n\n   HTTP is a protocol.\n\nAcknowledgements\n" + below
    assert "Acknowledgements" not in [h.title for h in find_headings(text) if h.kind == "named"]


def test_authors_set_against_the_right_margin_of_a_header_are_no_headings() -> None:
    assert [h.title for h in find_headings(AUTHORS)] == ["1 Introduction", "1.1 Purpose"]


@pytest.mark.parametrize("title", [
    " " * 30 + "RECITALS",
    " " * 24 + "MASTER SERVICES AGREEMENT BETWEEN THE PARTIES",  # wider than the lines around it
])
def test_a_heading_in_capitals_centred_on_its_page_stands(title: str) -> None:
    text = f"{' ' * 60}June 1999\n\n{title}\n\n   The parties agree.\n"
    assert [h.title for h in find_headings(text)] == [title.strip()]


@pytest.mark.parametrize("grammar", [
    "       ALPHA          = UPALPHA | LOALPHA\n",
    "       Chunked-Body   = *chunk\n                        last-chunk\n                        trailer\n"
    "                        CRLF\n",
])
def test_a_grammar_s_rules_in_capitals_are_no_headings(grammar: str) -> None:
    text = "2.2  Basic Rules\n\n   The following rules are used throughout.\n\n" + grammar + "\n   More text follows.\n"
    assert [h.title for h in find_headings(text)] == ["2.2 Basic Rules"]


@pytest.mark.parametrize("above", [
    "   The parties agree as set out below\n",  # a line of text far less indented
    " " * 26 + "MASTER SERVICES\n",  # a title's first line in capitals
])
def test_a_title_in_capitals_right_under_a_line_of_another_block_stands(above: str) -> None:
    text = "1.  Scope\n\n" + above + " " * 26 + "AGREEMENT TERMS\n\n   The parties agree.\n"
    assert "AGREEMENT TERMS" in " ".join(h.title for h in find_headings(text))


def test_the_last_word_of_a_paragraph_three_columns_in_is_no_heading_for_its_capitals() -> None:
    text = ("4.  Media Types\n\n   HTTP allows CRLF, bare CR, and bare LF to indicate a line break within\n"
            "   text content when a message is transmitted over\n   HTTP.\n\n   Where it is possible, a proxy translates.\n")
    assert [h.title for h in find_headings(text)] == ["4. Media Types"]


def test_contents_entries_whose_long_titles_leave_room_for_two_dots_are_no_headings() -> None:
    toc = ("Table of Contents\n\n   8.2.3   Use of the 100 (Continue) Status .........................48\n"
           "   8.2.4   Client Behavior if Server Prematurely Closes Connection ..50\n\n")
    assert [h.title for h in find_headings(toc + "8.2.4 Client Behavior\n\n   A client closes.\n")] == [
        "Table of Contents", "8.2.4 Client Behavior"]


def test_a_section_whose_title_opens_with_digits_is_a_heading() -> None:
    text = "7.  Cryptographic Computations\n\n   Text.\n\n8.  0-RTT and Anti-Replay\n\n   Text.\n"
    assert [h.title for h in find_headings(text)] == ["7. Cryptographic Computations", "8. 0-RTT and Anti-Replay"]


def test_the_clauses_of_a_lettered_appendix_are_numbered_in_levels_under_it() -> None:
    text = ("Appendix E.  Overview of Security Properties\n\nE.1.  Handshake\n\n   Text.\n\nE.1.3.  0-RTT\n\n"
            "   Text.\n\nE.2.  Record Layer\n\n   Text.\n")
    assert tree(text) == [("Appendix E. Overview of Security Properties", 0), ("E.1 Handshake", 1), ("E.1.3 0-RTT", 2),
                          ("E.2 Record Layer", 1)]


def test_a_section_after_a_list_that_a_subsection_holds_stands_beside_the_sections_when_it_has_clauses() -> None:
    # RFC 8446: two numbered limits under "2.2", then "3." with its own "3.1".
    text = ("2.  Protocol Overview\n\n2.2.  Resumption\n\n   Two limits apply:\n\n   1.  This data is not forward\n"
            "       secret.\n\n   2.  There are no guarantees of non-replay.\n\n3.  Presentation Language\n\n"
            "3.1.  Basic Block Size\n\n   Text.\n")
    assert tree(text) == [("2. Protocol Overview", 0), ("2.2 Resumption", 1), ("1. This data is not forward", 2),
                          ("2. There are no guarantees of non-replay", 2), ("3. Presentation Language", 0),
                          ("3.1 Basic Block Size", 1)]


# RFC 8446's state machine of the server, in part.
FIGURE = """\
A.2.  Server

                              START <-----+
               Recv ClientHello |         | Send HelloRetryRequest
                                v         |
                             RECVD_CH ----+
                                | Select parameters
                                v
                             NEGOTIATED
                                | Send ServerHello
"""


# The end of its state machine of the client: the last state under an arrow's head alone.
FIGURE_END = """\
A.1.  Client

    Can send                  | Send Finished
    after here                v
                          CONNECTED

   Note that with the transitions as shown above, clients may send
   alerts in the clear.
"""


@pytest.mark.parametrize("figure", [FIGURE, FIGURE_END])
def test_the_states_a_figure_draws_in_capitals_are_no_headings(figure: str) -> None:
    assert [h.title for h in find_headings(figure)] == [figure[: figure.index("\n")].replace(".  ", " ")]


# RFC 2616's sections: a number without a period at the margin, a blank line, text three columns in.
BARE = """\
4.5 General Header Fields

   There are a few header fields which have general applicability.

5 Request

   A request message from a client to a server includes, within the
   first line of that message, the method to be applied to the resource.

        Request       = Request-Line              ; Section 5.1

5.1 Request-Line

   The Request-Line begins with a method token.
"""


def test_a_section_numbered_without_a_period_over_text_three_columns_in_is_a_heading() -> None:
    assert tree(BARE) == [("4.5 General Header Fields", 0), ("5 Request", 0), ("5.1 Request-Line", 1)]


@pytest.mark.parametrize("below", [
    "\nPayment is due within five days.\n",  # text at the margin
    "   Payment is due within five days.\n",  # no blank line between
])
def test_a_number_without_a_period_over_other_text_is_no_heading(below: str) -> None:
    text = "1.  Scope\n\n   The parties agree.\n\n5 Days\n" + below
    assert [h.title for h in find_headings(text)] == ["1. Scope"]


def test_a_list_the_text_opens_under_a_section_numbered_without_a_period_is_that_section_s() -> None:
    text = ("13 Caching in HTTP\n\n   HTTP/1.1 provides these important elements:\n\n"
            "      1. Protocol features that provide full semantic transparency.\n\n"
            "      2. Protocol features that allow a cache to attach warnings.\n\n"
            "13.1.1 Cache Correctness\n\n   A correct cache MUST respond.\n")
    assert tree(text) == [("13 Caching in HTTP", 0), ("1. Protocol features that provide full semantic transparency", 1),
                          ("2. Protocol features that allow a cache to attach warnings", 1),
                          ("13.1.1 Cache Correctness", 1)]


def test_a_title_asking_when_to_do_something_is_whole() -> None:
    text = "13.3.4 Rules for When to Use Entity Tags and Last-Modified Dates\n\n   We adopt a set of rules.\n"
    assert [h.title for h in find_headings(text)] == ["13.3.4 Rules for When to Use Entity Tags and Last-Modified Dates"]


@pytest.mark.parametrize("title", ["3.2.2 http URL", "10.1.1 100 Continue"])
def test_a_subsection_titled_in_small_letters_or_digits_over_text_three_columns_in_is_a_heading(title: str) -> None:
    text = f"10.1 Informational 1xx\n\n   This class of status code is provisional.\n\n{title}\n\n   The client SHOULD continue.\n"
    assert [h.title for h in find_headings(text)] == ["10.1 Informational 1xx", title]


def test_an_rfc_s_table_of_contents_is_a_named_section_whose_entries_after_a_page_break_are_no_headings() -> None:
    text = ("Table of Contents\n\n   1.  Introduction  . . . . . . . . . . . . . . . . . . . . . . . .   5\n"
            "\n\nRescorla                     Standards Track                    [Page 3]\n\f\n"
            "RFC 8446                           TLS                         July 2018\n\n\n"
            "     A.1.  Client  . . . . . . . . . . . . . . . . . . . . . . . . . 109\n"
            "     A.2.  Server  . . . . . . . . . . . . . . . . . . . . . . . . . 110\n\n"
            "1.  Introduction\n\n   The primary goal of TLS is to provide a secure channel.\n")
    assert [(h.title, h.kind) for h in find_headings(text)] == [("Table of Contents", "named"), ("1. Introduction", "numbered")]


# Lines of an RFC's text that are no headings, each after the heading it stands under.
NOT_HEADINGS = {
    "a request line an example quotes": (
        "5.1.2 Request-URI", "\n\n   One example would be\n\n       OPTIONS * HTTP/1.1\n\n   The form is REQUIRED.\n"),
    "parts listed in a reference's entry": (
        "17 References", "\n\n   [22] ISO-8859. International Standard -- Information Processing --\n"
        "        8-bit Single-Byte Coded Graphic Character Sets --\n        Part 1: Latin alphabet No. 1, ISO-8859-1:1987.\n"
        "        Part 2: Latin alphabet No. 2, ISO-8859-2, 1987.\n"),
    "a contents entry whose title runs into its page number after one dot": (
        "13.3.4 Rules", "\n\n   We adopt a set of rules.\n\n   13.3.4   Rules for When to Use Entity Tags and Last-Modified Dates.89\n"),
    "a number before words in small letters over other text": (
        "10.1 Informational 1xx", "\n\n   This class is provisional.\n\n3.2 million units were sold\nin the year.\n"),
}


@pytest.mark.parametrize(("heading", "text"), NOT_HEADINGS.values(), ids=NOT_HEADINGS.keys())
def test_lines_of_an_rfc_s_text_that_read_like_headings_are_none(heading: str, text: str) -> None:
    assert [h.title for h in find_headings(heading + text)] == [heading]
