"""Recognise heading lines: their shape, level, number label, outline title and span.

Shapes: Markdown ``#`` and setext (in plain text, a title underlined with "="; in Markdown, the
shapes below in a line opened in bold, and none where `longdoc.markdown` says a block hides it), ``ARTICLE V`` /
``Article 5`` (also PART, CHAPTER, ITEM), ``Section 3`` / ``§ 4``, numbered ``1.`` ``1.2`` ``1.2.3`` (and
``1)`` run on after a wide gap), Roman ``IV.``, ``Exhibit A`` / ``Schedule 1`` and ALL-CAPS lines; a
clause's title may stand on its own line above its number, and a few capitalised words alone on a
line, or run into its first sentence, may head a paragraph (a letter agreement's "Governing Law",
"Grant of License. LMG grants ..."), and so may a clause's item titled that way ("(a) Compulsory
Disclosure. If ..."). Page numbers, dash rules, table-of-contents entries, redaction marks and a
page's running header or footer (after its first page) are never headings.
Recognition never raises: odd input yields fewer headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple

from .contents import is_contents_line
from .markdown import INDENT_RE, Blocks, front_matter_end, indented_code, is_markdown
from .numerals import NUMBER_WORD_PATTERN, roman_value, word_value
from .rescan import PAGE_MARK
from .segments import LINE_BREAK_RE, LINE_BREAKS, WRAPPED_LINE, after_mark, last_line_break, line_segments, line_start_near
from .signatures import signs_below
from .titles import (BRAND_WORD_RE, TITLE_LIMIT, TITLE_SMALL_WORD, caps_run, clean_title, defined_term_title,
                     has_prose_word, is_short_title, is_word_title, page_footer, title_span)
from .wrapped import unwrapped

__all__ = ["Heading", "find_headings", "scan_headings", "is_markdown", "caps_lines_above",
           "MARKDOWN_HEADING_RE", "LINES_READ", "RUNNING_EDIT_REACH", "CITING_WORD", "ATTACHMENT_LABEL",
           "FILING_EXHIBIT_RE"]


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading: its span in the text, the text as it stands, its outline title and shape.

    ``text`` is ``text[start:end]`` except that a heading set on two lines is joined by one space.
    """

    start: int
    end: int
    text: str
    title: str
    label: str | None
    level: int
    kind: str


# An ATX heading line at the margin ("# Title"): one is enough to read the whole text as Markdown
# (`longdoc.markdown.is_markdown`).
MARKDOWN_HEADING_RE = re.compile(r"(?:\A|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029])#{1,6}[ \t]+\S")

_CANDIDATE_RE = re.compile(
    r"""(?:
        \#{1,6}(?:[ \t]|\Z)
      | (?:ARTICLE|Article|ART\.|Art\.|PART|Part|CHAPTER|Chapter|ITEM|Item)[ \t]+[0-9IVXLCDMivxlcdm]
      | (?:SECTION|Section|SEC\.|Sec\.)[ \t]*[0-9]
      | §{1,2}[ \t]*[0-9]
      | (?:EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment)[ \t]
      | [0-9]{1,3}(?:\.[0-9]{1,3})*\.?[ \t]
      | [0-9]{1,2}(?:\.[A-Z][A-Za-z]|\)[ \t])
      | [IVXLC]{1,7}\.[ \t]
      | [A-Z"“(]
      | [=-]{2,}[ \t]*\Z
    )""",
    re.VERBOSE,
)

# A candidate after the segment's indentation (which no candidate starts with); ends where it starts.
# A dash rule that PDF extraction ran a clause number on from ("------ 2.0   IBM Services
# Responsibilities") counts as indentation.
_INDENTED_CANDIDATE_RE = re.compile(r"(?:-{5,}[ \t]+(?=[0-9]))?[ \t]*(?=" + _CANDIDATE_RE.pattern + ")", re.VERBOSE)
_BOLD = ("**", "__")
# An item of an ordered list: a paragraph's underline under it is a rule, or goes on with its text.
_LIST_ITEM_RE = re.compile(r"[0-9]{1,9}[.)](?:[ \t]|\Z)")

_MD_RE = re.compile(r"(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\Z")
# A Roman numeral that text recognition wrote with the digit 1 for a letter I ("ARTICLE I1"): both
# kinds of character in one number, read as the numeral with the digit made a letter.
_MISREAD_ROMAN = r"(?=[IVX]*1)(?=1*[IVX])[IVX1]{2,8}"
_MISREAD_ROMAN_RE = re.compile(_MISREAD_ROMAN)
_ARTICLE_RE = re.compile(
    r"(ARTICLE|Article|ART\.|Art\.|PART|Part|CHAPTER|Chapter|ITEM|Item)[ \t]+"
    r"([0-9]{1,3}[A-Z]?|[IVXLCDM]{1,8}|[ivxlcdm]{1,8}|" + _MISREAD_ROMAN + "|" + NUMBER_WORD_PATTERN + r")\b\.?"
)
# Text in columns: words, a gap, more words.
_COLUMNS_RE = re.compile(r"\S[ \t]{2,}\S")
_SECTION_RE = re.compile(
    r"(SECTION|Section|SEC\.|Sec\.|§{1,2})[ \t]*([A-Z]?[0-9]{1,3}(?:\.[0-9]{1,3}){0,4}[A-Za-z]?)\b\.?"
)
# A cited item of the clause, then a word in lower case: "Section 7.3(a) and Section 7.3(b) hereof
# are ...", "Section 8.4.4 (2) below" open sentences, where "Section 7.3(a) Indemnities" is a title.
_CITED_ITEM_RE = re.compile(r"(?:\((?:[a-z]{1,4}|[0-9]{1,3}|[A-Z])\))+[ \t]*(?:[,;][ \t]*)?[a-z]")
# A title may open with an amount and its unit: "Section 6.8 1000mg Formulation."
_UNIT_WORD_RE = re.compile(r"[0-9]+[a-z]{1,3}[ \t]+[A-Z]")
_EXHIBIT_RE = re.compile(
    r"(EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment)"
    r"[ \t]+[\"“]?(?!(?:OF|TO|IN|ON|AT|BY|OR|AN|FOR|THE|AND)\b)([A-Z0-9]{1,3}(?:[.\-][A-Z0-9]{1,3})?(?:\([a-z0-9]{1,3}\)|\b))"
    r"[\"”]?\.?"
)
_NUMBER_RE = re.compile(r"([0-9]{1,3}(?:\.[0-9]{1,3}){0,4})(\.?)[ \t]+")
# A title may open with a word that opens with digits: "8.  0-RTT and Anti-Replay", "2. 3D Models".
_DIGIT_WORD_RE = re.compile(r"[0-9]+-?[A-Z]")
# A clause of a lettered appendix, numbered in levels: "A.1.  Client", "B.3.1 Alerts", "E.1.3.  0-RTT",
# its title opening with a capitalised word.
_APPENDIX_CLAUSE_RE = re.compile(r"([A-Z](?:\.[0-9]{1,3}){1,4})\.?[ \t]+(?=[A-Z][A-Za-z]|[0-9]+-?[A-Z])")
# PDF extraction may lose the space after a clause's number: "1.DEFINITIONS AND INTERPRETATION" is
# a heading when the line holds its title in capitals and nothing else, and "10.This Agreement is
# not ..." a clause titled by its first sentence, as with the space.
_GLUED_NUMBER_RE = re.compile(r"([0-9]{1,2})\.(?=[A-Z]{2}|[A-Z][a-z])")
# A clause numbered with a parenthesis, its title in a few words set apart from its first sentence by
# a wide gap ("1) Duties of Bravatek   Bravatek agrees to ..."). With no gap ("1) Company shall pay
# ..."), or alone on its line ("1) Product Attachments" over "2) Appendices"), it is an item of a list.
_PAREN_NUMBERED_RE = re.compile(
    r"([0-9]{1,2})\) ([A-Z][\w'’&/-]*(?:[ \t][\w'’&/-]+){0,7})[ \t]{3,}(?=[A-Z\"“(])")
_ROMAN_RE = re.compile(r"(M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))\.[ \t]+")
_SETEXT_RE = re.compile(r"(=+|-+)[ \t]*\Z")


# A page's number, as a line holds it: "12", "- 3 -", "iv", "Page 2 of 39".
_PAGE_NUMBER = r"(?:-?[ \t]*[0-9]{1,4}[ \t]*-?|[ivxlc]{1,6}|Page[ \t]+[0-9]+(?:[ \t]+of[ \t]+[0-9]+)?|[0-9]+[ \t]+of[ \t]+[0-9]+)"
_PAGE_RE = re.compile(_PAGE_NUMBER + r"\Z", re.IGNORECASE)
_ARTEFACT_RE = re.compile(
    r"\[|\*\*\*|CONFIDENTIAL(?!ITY| INFORMATION)|EXECUTION (?:COPY|VERSION)|GRAPHIC OMITTED|^PAGE\b|^SOURCE:|^TABLE OF CONTENTS\Z"
)


def _roman_value_ok(numeral: str) -> bool:
    return bool(numeral) and _ROMAN_FULL_RE.fullmatch(numeral) is not None


_ROMAN_FULL_RE = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")


def _depth(number: str) -> int:
    parts = number.split(".")
    while len(parts) > 1 and parts[-1].strip("0") == "":
        parts.pop()  # "3.0" is clause 3
    return len(parts)


# "Exhibit 10.2" on top of an SEC filing numbers the filing, not a part of the contract (a schedule
# so numbered, "Schedule 6.2 - Presentation of Trademarks", is the one clause 6.2 cites).
FILING_EXHIBIT_RE = re.compile(r"[0-9]{1,3}\.[0-9]{1,3}")
# A party's name over a signature block is not a heading.
_PARTY_NAME_RE = re.compile(r"\b(?:INC|LLC|L\.L\.C|LLP|LTD|PTY|LIMITED|CORP|CORPORATION|COMPANY|CO|L\.P|LP|PLC|GMBH|S\.A|N\.V|B\.V|AG)\.?,?\Z")


_WILDCARD_RE = re.compile(r"(?:\A|[ \t])\*(?:[ \t]|\Z)")  # an asterisk standing alone among words


def _is_caps_heading(s: str) -> bool:
    if not 3 <= len(s) <= 120 or s.endswith(",") or _PARTY_NAME_RE.search(s):
        return False
    if s.upper() != s or s.lower() == s:
        return False
    if _ARTEFACT_RE.search(s) or "=" in s or "|" in s or _WILDCARD_RE.search(s):
        # an artefact, a grammar's rule ("CRLF = CR LF"), a table's row, or a request line that an
        # example quotes ("OPTIONS * HTTP/1.1")
        return False
    letters = sum(c.isalpha() for c in s)
    visible = len(s) - s.count(" ") - s.count("\t")
    if letters < 3 or letters * 2 < visible:
        return False
    if _AGREES_RE.search(s):
        return False
    words = s.split()
    # One word of three letters is an acronym alone on its line, no title: a party's name over its
    # signature or on a cover ("IAC"), a placeholder ("TBD"), a label awaiting its value ("IBM:").
    if len(words) == 1 and letters <= 3:
        return False
    return len(words) <= 15 and not all(w.rstrip(":") in _JOINING_WORDS for w in words)


# A title in capitals that wide gaps set apart after a sentence, before a clause: "... agree as
# follows:      REPRESENTATIONS      1. Issuer represents ...", as PDF extraction joins a page's lines.
_GAPPED_CAPS_TITLE_RE = re.compile(r"[.:;][ \t]{3,}[A-Z][A-Z&,'’-]+(?:[ \t][A-Z][A-Z&,'’-]*){0,5}(?<=[A-Z])[ \t]{3,}\Z")
_GAPPED_CAPS_TITLE_READ = 96
# A clause that PDF extraction ran on after a wide gap from the text before it (an address, a page's
# running header): "Attn: Legal Department   20.2 Relationship of Parties. ENERGOUS and DIALOG ...".
# A numbered row of a table stands after a gap too: only a dotted number and a short title ended by
# a period, then a sentence, make a clause.
_GAP_CLAUSE_RE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3})+\.?[ \t]+[A-Z\"“][^.\n\d \t]*(?:[ \t][^.\n\d \t]+){0,8}\.[ \t]+[A-Z\"“(]")


# The sentence in capitals that opens a contract's clauses, after its recitals: "THE PARTIES HEREBY
# AGREE AS FOLLOWS:", "NOW IT IS HEREBY AGREED".
_AGREES_RE = re.compile(r"\bAS FOLLOWS[ \t]*[:.]?[ \t]*\Z|\bIT IS (?:(?:HEREBY|THEREFORE|NOW)[ \t]+)*AGREED\b")
# The words that join the parties' blocks ("BETWEEN:", "AND:", "AND/OR"): no title of a part.
_JOINING_WORDS = frozenset("AND OR AND/OR BETWEEN BY & OF THE TO WITH".split())


class _Shape(NamedTuple):
    kind: str
    label: str | None
    level: int
    span: int  # the heading's length within the stripped line
    title: str
    bare: bool  # a label with no title of its own ("ARTICLE V"): a title line may follow


_ARTICLE_FIRST = frozenset("APCI")
_SECTION_FIRST = frozenset("S§")
_EXHIBIT_FIRST = frozenset("ESA")
_ROMAN_FIRST = frozenset("MDCLXVI")
# A lettered item ("B. MINIMUM LOT SIZES. Products must ...", "C. Conversion date. The parties
# ...", "BB." after "Z." in a long list) subdivides the clause above it: "C." and "D." are no Roman
# parts 100 and 500. "I.", "V." and "X." stay Roman: a lone numeral there is part one, five or ten.
_LETTERS = "ABCDEFGHJKLMNOPQRSTUWYZ"
_LETTERED_RE = re.compile(rf"((?P<letter>[{_LETTERS}])(?P=letter)?)\.[ \t]+")
_LETTER_ENDS = frozenset([". ", ".\t", *(f"{c}." for c in _LETTERS)])  # line[1:3] of "B. " and "BB. "
LETTERED_LEVEL = 5  # below "1.1.1", so that it falls under the numbered clause it follows
_CAPS_TITLE_WORDS = 12  # "E. AGENCY'S ERRORS AND OMISSION, AND FIDELITY & ELECTRONIC CRIME INSURANCE"
_CLAUSE_WORDS = frozenset({"that", "which", "hereby"})


# Two words in capitals that open a caption after its label ("USPTO REGISTRATION", "TO THE").
_CAPS_WORDS_RE = re.compile(r"[A-Z][A-Z0-9'’&.,-]+[ \t]+[A-Z][A-Z0-9'’&.,-]+\b")
_CAPTION_LIMIT = 200
# An attachment's label in capitals ("EXHIBIT B", "SCHEDULE 6.2" reads "SCHEDULE 6").
ATTACHMENT_LABEL = r"\b(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)[ \t]+[A-Z0-9]{1,4}\b"
# "EXHIBIT A - BRAND FEATURES EXHIBIT B - ...": a list of attachments, not a caption.
_ANOTHER_LABEL_RE = re.compile(ATTACHMENT_LABEL + r"(?![ \t]+OF\b)")


def _classify(line: str, markdown: bool) -> _Shape | None:
    """The heading shape of a stripped line (or segment), or None when it is no heading."""
    # In plain text a "#" line stands four columns in or more (any nearer makes the text Markdown):
    # a table's row ("# of Shares   Price"), no heading.
    m = _MD_RE.match(line) if markdown and line.startswith("#") else None
    if m:
        content = (m.group(2) or "").strip()
        if not content:
            return None
        label_m = _MD_LABEL_RE.match(content.replace("**", ""))
        return _Shape("markdown", label_m.group(1) or label_m.group(2) if label_m else None, len(m.group(1)),
                      len(line.rstrip()), clean_title(content), False)
    # Each shape is tried only on a line that starts as it must (one regex call less per shape).
    first = line[:1]
    m = _ARTICLE_RE.match(line) if first in _ARTICLE_FIRST else None
    if m:
        word, number = m.group(1), m.group(2)
        if _MISREAD_ROMAN_RE.fullmatch(number):
            number = number.replace("1", "I")
        spelled = word_value(number) if len(number) > 2 else None
        if number.isalpha() and spelled is None and not _roman_value_ok(number.upper()):
            return None
        rest_start = m.end()
        rest = line[rest_start:]
        # "Item One, Investment Construction Projects": an item's title may follow a comma; an
        # article's does not ("ARTICLE XIII, Financial Assurances, following ..." cites it). Items
        # are also the rows of a list of goods: "Item 1    Laptop    $500".
        item = word in ("ITEM", "Item")
        stripped = rest.lstrip(" \t-–—:.," if item else " \t-–—:.")
        if stripped and not (stripped[0].isupper() or stripped[0] in "\"“[(*_") or _cites_item(stripped) or (
                item and _COLUMNS_RE.search(stripped)):
            return None
        offset = rest_start + (len(rest) - len(stripped))
        span = title_span(stripped) if stripped else 0
        label = f"{word.rstrip('.').capitalize()} {number if spelled is None else spelled}"
        end = offset + span if span else rest_start
        title = label.upper() if word.isupper() else label
        if spelled is not None:
            title = f"{word.rstrip('.')} {number}"  # "ARTICLE FIVE", as written; "Article 5" cites it
        if span:
            title = f"{title} {stripped[:span]}"
        return _Shape("article", label, 1, len(line[:end].rstrip()), clean_title(title), not span)
    m = _SECTION_RE.match(line) if first in _SECTION_FIRST else None
    if m:
        word, number = m.group(1), m.group(2)
        rest = line[m.end() :]
        stripped = rest.lstrip(" \t-–—:")
        if stripped and not (stripped[0].isupper() or stripped[0] in "\"“[(*_" or _UNIT_WORD_RE.match(stripped)) or (
                _cites_item(stripped)):
            return None
        offset = m.end() + (len(rest) - len(stripped))
        word_norm = "§" if word.startswith("§") else "Section"
        label = f"{word_norm} {number.rstrip('.')}"
        span = title_span(stripped) if stripped else 0
        defined = defined_term_title(stripped) if stripped else None
        head = line[: m.end()].rstrip(" .")
        title = f"{head} {defined}" if defined else (f"{head} {stripped[:span]}" if span else head)
        end = offset + span if span else m.end()
        return _Shape("section", label, 1 + _depth(number), len(line[:end].rstrip()), clean_title(title),
                      not span)
    m = _EXHIBIT_RE.match(line) if first in _EXHIBIT_FIRST else None
    if m:
        rest = line[m.end() :].lstrip(" \t-–—:")
        # A sentence may open with "Exhibit A" ("Exhibit A sets out the fees."); a caption in
        # capitals ("SCHEDULE A TO THE CO-BRANDING AGREEMENT BETWEEN ... DATED OCTOBER 11, 1996",
        # 'EXHIBIT "A" USPTO REGISTRATION NO. 5,283,875 See Attached.') is no sentence.
        keyword = m.group(1)
        if keyword in ("EXHIBIT", "Exhibit") and FILING_EXHIBIT_RE.fullmatch(m.group(2)):
            return None
        label = f"{m.group(1).capitalize()} {m.group(2)}"
        if rest.startswith("to") and (to := _attached_to(rest)):
            # "SCHEDULE A   to the   SPONSORSHIP AGREEMENT", "Attachment A to  Master Franchise
            # Agreement   MASTER TERRITORY ...": the instrument it is attached to names it; "EXHIBIT A
            # to" over that name, on the next line, is a label its title line joins.
            end = len(line) - len(rest) + to
            return _Shape("exhibit", label, 1, end, clean_title(line[:end]), to == 2)
        if rest and not (rest[0].isupper() or rest[0] in "\"“([" ) :
            return None
        caption = (keyword.isupper() and _CAPS_WORDS_RE.match(rest) is not None
                   and _ANOTHER_LABEL_RE.search(rest) is None)
        if len(line) > (_CAPTION_LIMIT if caption and not any(c.islower() for c in line) else 80):
            return _run_on_attachment(line, label, len(line) - len(rest)) if keyword.isupper() else None
        if line.rstrip().endswith(".") and not caption:
            return None
        if caption and (caps := caps_run(rest)) and _SENTENCE_OPENS_RE.match(rest, caps):
            # "EXHIBIT A THE PRODUCTS Each unit of Product consists of one Physician", the rest of
            # the sentence on the next line: the caption in capitals is the heading.
            end = len(line) - len(rest) + caps
            return _Shape("exhibit", label, 1, end, clean_title(line[:end]), False)
        # "EXHIBIT A   Confidentiality Agreement     Page 11 of 11": the page's footer is no title.
        footer = page_footer(rest, len(rest))
        title = clean_title(line[: len(line) - len(rest) + footer] if footer else line)
        return _Shape("exhibit", label, 1, len(line.rstrip()), title, not rest)
    m = _NUMBER_RE.match(line) if first.isdigit() else None
    if m is None and first.isdigit() and (paren := _PAREN_NUMBERED_RE.match(line)) is not None:
        number, title = paren.group(1), paren.group(2)
        if not is_word_title(title):
            return None
        return _Shape("numbered", number, 2, paren.end(2), f"{number}) {title}", False)
    if m is None and first.isdigit() and (glued := _GLUED_NUMBER_RE.match(line)) is not None:
        rest = line[glued.end() :].rstrip()
        caps = rest.upper() == rest  # a title in capitals, alone on its line; else a first sentence
        if caps and (len(rest) > TITLE_LIMIT or rest.endswith(",")):
            return None
        span = len(rest) if caps else title_span(rest)
        return _Shape("numbered", glued.group(1), 2, glued.end() + span, clean_title(f"{glued.group(1)}. {rest[:span]}"),
                      False)
    if m:
        number, dot = m.group(1), m.group(2)
        rest = line[m.end() :]
        if not rest:
            return None
        if markdown:
            if not rest.startswith(("**", "__")):
                return None
        elif not (rest[0].isupper() or rest[0] in "\"“([*_'‘" or BRAND_WORD_RE.match(rest)
                  or dot and _DIGIT_WORD_RE.match(rest)):
            return None
        if not dot and "." not in number and (
            len(number) > 2 or not (caps := caps_run(rest)) or rest[1:2] in (" ", "\t")
            or _table_row(line, number, rest[caps:]) or _PAGE_HEADER_MARK_RE.fullmatch(rest.rstrip())
        ):
            # "5 days after ..." and a table's "22   B   IGER" or "29   CIGER   [***] analysis" are no
            # headings; "5 DEFINITIONS" is. A contract numbers its parts in tens: "320 NEVADA STREET"
            # is an address, "600 ASTM D-1267" a table's value; "2   CONFIDENTIAL", a page's footer.
            return None
        defined = defined_term_title(rest)
        span = title_span(_unbolded(rest))
        head = f"{number}{dot}" if "." not in number else number
        title = f"{head} {defined}" if defined else f"{head} {rest[:span]}"
        return _Shape("numbered", number, 1 + _depth(number), len(line[: m.end() + span].rstrip()),
                      clean_title(title), False)
    m = _ITEM_RE.match(line) if first == "(" and not markdown else None  # Markdown marks its own headings
    if m:
        return _item(line, m)
    m = _APPENDIX_CLAUSE_RE.match(line) if line[1:2] == "." and line[2:3].isdigit() else None
    if m:
        # "A.2.  Server": a clause of Appendix A, numbered in levels under it as the text's own are.
        rest = line[m.end() :]
        span = title_span(rest)
        return _Shape("numbered", m.group(1), 1 + _depth(m.group(1)), len(line[: m.end() + span].rstrip()),
                      clean_title(f"{m.group(1)} {rest[:span]}"), False)
    m = _LETTERED_RE.match(line) if line[1:3] in _LETTER_ENDS else None
    if m:
        rest = line[m.end() :]
        span = title_span(rest)
        defined = defined_term_title(rest)
        if not (defined or _lettered_title(rest, span)):
            return None
        return _lettered(line, m, rest, span, defined)
    m = _ROMAN_RE.match(line) if first in _ROMAN_FIRST else None
    if m and m.group(1):
        rest = line[m.end() :]
        if not rest or not (rest[0].isupper() or rest[0] in "\"“("):
            return None
        span = title_span(rest)
        # A definition is titled by its term ('II. "Plan" shall have the meaning ...'): an entry
        # of a lettered list, like a numbered one, for no Roman part is. A lone "I." opening a
        # sentence is an item of a list ("I. Maintain adequate working capital ..."), not part one.
        defined = defined_term_title(rest)
        if defined:
            return _lettered(line, m, rest, span, defined)
        if len(m.group(1)) == 1 and not _lettered_title(rest, span):
            return None
        return _Shape("roman", m.group(1), 1, len(line[: m.end() + span].rstrip()),
                      clean_title(f"{m.group(1)}. {rest[:span]}"), False)
    if not markdown:
        title = line.rstrip()
        note = _CAPS_NOTE_RE.fullmatch(title) if title.endswith(")") else None
        if note is not None:
            title = note.group(1)
        if _is_caps_heading(title):
            return _Shape("caps", None, 2, len(line.rstrip()), clean_title(title), False)
    return None


# A title in capitals with a note in parentheses after it ("FIELD TRIAL AGREEMENT (Non transgenic.
# No payment. Academic.)", "SAMPLE FORM OF ... AGREEMENT (to be signed by franchisee ...)"): the
# title is the words in capitals. Not a party's role ('ACME LLC ("Contractor")', "(the Repairer)"),
# nor a running header's "(continued)".
_CAPS_NOTE_RE = re.compile(
    r"(.*?[A-Z0-9])[ \t]*\((?![\"“'‘]|(?i:the|hereinafter|continued|page)\b)[^()]*[a-z][^()]*\)")


# An item of a clause titled in capitalised words and run into its first sentence: "(a)
# Confidentiality of Evaluation Material. All Evaluation Material ...".
_ITEM_RE = re.compile(r"\(([a-z]|[ivx]{2,4})\)[ \t]+([A-Z][A-Za-z'’&/-]*(?:[ \t]+[A-Za-z'’&/-]+){0,7})\.(?:[ \t]+(?=[A-Z\"“(])|[ \t]*$)")
# Below a clause, a lettered item and a title line: an item falls under whatever heads its text.
ITEM_LEVEL = LETTERED_LEVEL + 2


def _item(line: str, m: re.Match[str]) -> _Shape | None:
    """The shape of a titled item of a clause, or None for an item of a list ("(a) the Licensee
    shall ...", "(b) Information that is public. ...")."""
    title = m.group(2)
    if len(m.group(1)) > 1 and not _roman_value_ok(m.group(1).upper()):
        return None  # "(vx)": no numeral
    if (not _may_run_in(title) or not is_word_title(title) or _TITLED_PARTY_RE.search(title)
            or not (m.end() == len(line) or has_prose_word(line[m.end() : m.end() + 80]))):
        return None
    return _Shape("item", f"({m.group(1)})", ITEM_LEVEL, m.end(2) + 1, clean_title(f"({m.group(1)}) {title}"), False)


# A sentence's first words: a capitalised word, then one in lower case ("Each unit of ...").
_SENTENCE_OPENS_RE = re.compile(r"[ \t]+[A-Z][a-z]+[ \t]+[a-z]")
# The small words of an instrument's name ("to the SPONSORSHIP AGREEMENT BETWEEN NCB and NPC").
_NAME_SMALL_WORDS = frozenset("of and for the this that a an & between among by with".split())
_BLANKS_AND_WORD_RE = re.compile(r"([ \t]+)(\S+)")


def _attached_to(rest: str) -> int:
    """The end of "to" and the name of the instrument an attachment is attached to, at the start of
    ``rest`` ("to the SPONSORSHIP AGREEMENT", "to Bill of Sale"): capitalised words and the small
    words of a name, to the line's end or a wide gap; a wide gap after a word in lower case or
    capitalised, not in capitals, ends it ("to  Master Franchise Agreement   MASTER TERRITORY ...").
    0 when a sentence goes on ("to this Agreement sets forth", "to the Trust Agreement.")."""
    end = 2
    spaced = True  # a wide gap may follow the last word
    for m in _BLANKS_AND_WORD_RE.finditer(rest, 2):
        gap, word = m.group(1), m.group(2)
        if (len(gap) >= 3 and not spaced) or not (word[0].isupper() or word[0].isdigit() or word in _NAME_SMALL_WORDS):
            break
        end = m.end()
        spaced = word.isupper() or word in _NAME_SMALL_WORDS
    after = rest[end:]
    if (after.strip() and not after.startswith(("   ", "\t"))) or rest[:end].endswith("."):
        return 0
    return end


# A wide gap: where PDF extraction left a line break or a column (of spaces and tabs together).
_WIDE_GAP_RE = re.compile(r"[ \t]{3,}")


def _run_on_attachment(line: str, label: str, offset: int) -> _Shape | None:
    """The heading of an attachment whose text runs on after its label in capitals ("EXHIBIT B
    RESELLER COMPENSATION   Earned Commission: ...", "SCHEDULE A  (Attached to ...)   I  Background"):
    titled by the words before a wide gap or by a run in capitals, else by its label alone."""
    rest = line[offset:]
    gap = _WIDE_GAP_RE.search(rest, 0, TITLE_LIMIT + 3)
    words = rest[: gap.start()] if gap else ""
    if words and (is_word_title(words) or caps_run(words) == len(words)):
        span = len(words)
    else:
        span = caps_run(rest)
        if span > TITLE_LIMIT:
            return None  # a paragraph in capitals ("EXHIBIT A ATTACHED HERETO SETS FORTH ...")
    if _ANOTHER_LABEL_RE.search(rest, 0, max(span, len(words))):
        return None  # "EXHIBIT A - BRAND FEATURES EXHIBIT B - ...": a list of the attachments
    end = offset + span if span else len(line[:offset].rstrip(" \t-–—:"))
    return _Shape("exhibit", label, 1, end, clean_title(line[:end]), False)


def _cites_item(rest: str) -> bool:
    """Whether the words after a clause label cite an item of it in a sentence (`_CITED_ITEM_RE`)."""
    return rest.startswith("(") and _CITED_ITEM_RE.match(rest) is not None


def _lettered(line: str, m: re.Match[str], rest: str, span: int, defined: str | None) -> _Shape:
    """The shape of a lettered item labelled by ``m``, titled by its defined term if it has one."""
    return _Shape("lettered", m.group(1), LETTERED_LEVEL, len(line[: m.end() + span].rstrip()),
                  clean_title(f"{m.group(1)}. {defined or rest[:span]}"), False)


def _lettered_title(rest: str, span: int) -> bool:
    """Whether a lettered item opens with a title: in capitals ("D. TAXES AND OTHER LEVIES"), or
    a few words: capitalised, alone on the line ("C. Maintenance Services"), or run into the text
    after a period or colon ("C. Conversion date. The ..."); not a sentence ("C. The Publishers desire
    ...", "A. HealthGate hosts journals.") nor the initials of a name ("J. Smith", "P. O. Box 12")."""
    if not rest[:1].isupper():
        return False
    caps = caps_run(rest)
    if caps:
        # Not a paragraph in capitals: "C. IN NO EVENT WILL ...", "D. YOU ACKNOWLEDGE THAT ...".
        words = rest[:caps].rstrip(" .:;").lower()
        return is_short_title(words, _CAPS_TITLE_WORDS) and _CLAUSE_WORDS.isdisjoint(words.split())
    title = rest[:span]
    words = title.rstrip(" .:;")
    split = words.split()
    if sum(map(str.isalpha, split[0])) < 2 or not is_short_title(words) or not _CLAUSE_WORDS.isdisjoint(split):
        return False
    if rest[span:].strip() and not rest.startswith(("   ", "\t"), span):
        return title.endswith((".", ":"))
    # Alone on its line (or before a wide gap, where PDF extraction left a line break): a sentence ends with a period ("A. HealthGate hosts journals."), an item
    # of a list with a semicolon ("B. Objective or expected benefit;"), a title with neither
    # ("D. Advancing the program") or in capitalised words.
    if title.rstrip().endswith((";", ",")):
        return False
    return not title.endswith(".") or is_word_title(" ".join(w for w in split if any(map(str.isalpha, w))))


# A Markdown heading's number: "2.", "B)", "IV.", or a number of levels without its period before
# a word or a quote ("2.1 Fees", '2.1 "Fees" means'; a version's "1.2.0 (2024-03-01)" is none).
_MD_LABEL_RE = re.compile(r"(?:([0-9]{1,3}(?:\.[0-9]{1,3})+)(?:[.)][ \t]|[ \t]+(?=[^\W\d_]|[\"\u201c]))"
                          r"|([0-9]{1,3}|[A-Z]|[IVX]{1,5})[.)][ \t])")


def _spaced_number(line: str, label: str | None) -> bool:
    """Whether ``line`` opens with a number without a period, columns apart from its title ("51   EXHIBIT F")."""
    return bool(label) and label.isdigit() and line[len(label) : len(label) + 3].isspace()


def _table_row(line: str, number: str, after: str) -> bool:
    """Whether a number's title stands in a table's row: columns apart from the number, and more
    columns ``after`` it ("29         CIGER         [***] analysis")."""
    return _spaced_number(line, number) and after[:2].isspace() and not after.isspace()


# A page number that PDF extraction left at the start of a heading's line ("4 ARTICLE 4 TERMINATION",
# "1        EXHIBIT 10.3").
_PAGE_NUMBER_LEAD = re.compile(
    r"[0-9]{1,3}[ \t]+(?=(?:ARTICLE|Article|SECTION|Section|EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex)[ \t]+[0-9IVXA-Z])"
)
# What marks a line's start as a page's running header, after which a clause may open past a wide
# gap ("Rare Element Resources Ltd.  EXECUTION COPY   IP Rights Agreement   2.06 "Dispute" has ...",
# "Sponsorship Agreement- Renewal Sponsor General Provisions Page 4   10. Temporary Interruption.").
_PAGE_HEADER_MARK = r"CONFIDENTIAL(?!ITY| INFORMATION)|EXECUTION[ \t]+(?:COPY|VERSION)|Page[ \t]+[0-9]{1,3}(?=[ \t]{2})"
_PAGE_HEADER_MARK_RE = re.compile(_PAGE_HEADER_MARK)
# A page's running header that PDF extraction ran into an attachment's caption on its first page
# ("CONFIDENTIAL   EXECUTION COPY   EXHIBIT C  INITIAL DEVELOPMENT PLAN").
_PAGE_HEADER_LEAD = re.compile(
    r"(?:(?:" + _PAGE_HEADER_MARK + r")[ \t]{2,})+(?=(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)[ \t]+[0-9A-Z])")
# Something more on the line after a segment: the next column of a table.
_MORE_ON_LINE_RE = re.compile(r"[ \t]*[^\s]")


def _is_plain_title(line: str, markdown: bool) -> bool:
    """A caps line that is a title, not a heading of its own shape ("ARTICLE VI", "1. TERM")."""
    shape = _classify(line, markdown)
    return shape is None or shape.kind == "caps"


# A line of a hard-wrapped ALL-CAPS paragraph (a disclaimer of warranties) is no title. Such a
# paragraph has long lines (wrapped because they were full); one of them opens a sentence that
# runs on to the next line in capitals: a comma or a word that cannot end a title stands last,
# or a sentence ends or a comma stands inside it. The lines after it go on with its sentence
# until one ends with a stop, and a long line before it, not ended by a stop, opens it.
_RUNS_ON_RE = re.compile(
    r"(?:,|\b(?:A|AN|AND|ANY|ARE|AS|AT|BE|BY|FOR|FROM|IN|IS|NOT|OF|ON|OR|SHALL|SUCH|THAT|THE|TO|WILL|WITH))\Z"
)
_CAPS_PROSE_RE = re.compile(r"(?<=[ \t])(?![MDCLXVI]+\.)[A-Z]{2,}[.;][ \t]+[A-Z]|[A-Z],[ \t]+[A-Z]")
_CAPS_ENDING_RE = re.compile(r"[A-Z][A-Z'’&-]+[ \t]+[A-Z][A-Z'’&,-]+\Z")  # "... JRVS EXPRESSLY DISCLAIMS"
_PARAGRAPH_REACH = 40  # lines read back for where such a paragraph starts


_LONG_LINE = 50  # a wrapped line of prose; few titles are longer


def _in_indented_block(text: str, ls: int, indent: int) -> bool:
    """Whether the line starting at ``ls``, its words from ``indent``, goes on an indented block
    of words in small letters right above it, as deep give or take two columns: a grammar's or a
    paragraph's last line ("trailer" over "CRLF", an RFC's "... transmitted over" over "HTTP.")."""
    column = indent - ls
    above = _line_before(text, ls) if column >= 3 else None
    if above is None:
        return False
    line = text[above[0] : above[1]]
    words = line.lstrip()
    return len(line) - len(words) >= 3 and abs(len(line) - len(words) - column) <= 2 and any(map(str.islower, words))


def _in_figure(text: str, ls: int, le: int) -> bool:
    """Whether a line beside the line from ``ls`` to ``le`` (no blank line between) draws a figure:
    a box's or an arrow's side ("|"), or an arrow's head ending it ("v"), as an RFC's state machine
    writes its states in capitals ("WAIT_CERT" between "| Recv Certificate" and "v")."""
    for span in (_line_before(text, ls), _line_after(text, le)):
        if span is not None:
            words = text[span[0] : span[1]].split()
            if words and ("|" in words or words[-1] in _ARROW_HEADS):
                return True
    return False


_ARROW_HEADS = frozenset("vV^")


# Lines read either side of a line to tell the width of the page it is set on.
_PAGE_WIDTH_LINES = 10


def _set_right(text: str, ls: int, indent: int, le: int) -> bool:
    """Whether the line starting at ``ls`` (its words from ``indent`` to ``le``), short beside the
    lines around it, is set against their right margin: an RFC's authors and their organisations
    ("J. Mogul", "W3C/MIT"), not a heading, which stands at the left or centred."""
    column = indent - ls
    length = len(text[indent:le].rstrip())
    if column < 20:
        return False
    width = column + length
    up = down = (ls, le)
    for _ in range(_PAGE_WIDTH_LINES):
        up = _line_before(text, up[0]) if up is not None else None
        down = _line_after(text, down[1]) if down is not None else None
        for span in (up, down):
            if span is not None:
                width = max(width, len(text[span[0] : span[1]].rstrip()))
    return column + length >= width - 2 and length * 3 <= width


def _is_caps_text(s: str) -> bool:
    return 0 < len(s) <= WRAPPED_LINE and s.upper() == s and any(map(str.isalpha, s))


def _line_before(text: str, ls: int) -> tuple[int, int] | None:
    """The line right above the line starting at ``ls`` (None: there is none, or it is too long
    to be a hard-wrapped line)."""
    if ls == 0:
        return None
    e = ls - 2 if text.startswith("\r\n", ls - 2) else ls - 1
    floor = max(0, e - WRAPPED_LINE - 1)
    k = last_line_break(text, floor, e)
    return (k + 1, e) if k >= 0 else (0, e) if floor == 0 else None


def _hanging(text: str, ls: int, indent: int) -> bool:
    """Whether the line starting at ``ls``, its text at ``indent``, goes on the paragraph above it:
    the line right above holds text set in as far."""
    above = _line_before(text, ls)
    return above is not None and text.startswith(text[ls:indent], above[0]) and not text[above[0] + indent - ls].isspace()


def _line_after(text: str, le: int) -> tuple[int, int] | None:
    """The line right below the line ending at ``le`` (None: there is none)."""
    if le >= len(text):
        return None
    a = le + 2 if text.startswith("\r\n", le) else le + 1
    m = LINE_BREAK_RE.search(text, a, a + WRAPPED_LINE + 1)
    return a, (m.start() if m else min(len(text), a + WRAPPED_LINE + 1))


def _in_caps_paragraph(text: str, ls: int) -> bool:
    """Whether the line starting at ``ls`` is a line of a hard-wrapped ALL-CAPS paragraph; reads
    at most ``_PARAGRAPH_REACH`` lines above it and two below."""
    m = LINE_BREAK_RE.search(text, ls)
    spans = [(ls, m.start() if m else len(text))]
    if not _is_caps_text(text[ls : spans[0][1]].strip()):
        return False
    while len(spans) <= _PARAGRAPH_REACH:
        lead = _line_before(text, spans[-1][0])
        if lead is None or not _is_caps_text(text[lead[0] : lead[1]].strip()):
            break
        spans.append(lead)
    else:
        lead = _line_before(text, spans[-1][0])  # the reach ran out: the line above the last read
    # A sentence that runs on from a line in lower case into capitals opens the paragraph there:
    # "... Licensed Products. LICENSOR SPECIFICALLY DISCLAIMS," over "AND WILL HAVE NO ...".
    lead_text = text[lead[0] : lead[1]].strip() if lead is not None else ""
    runs_in = len(lead_text) >= _LONG_LINE and not _is_caps_text(lead_text) and (
        _RUNS_ON_RE.search(lead_text.upper()) is not None or _CAPS_ENDING_RE.search(lead_text) is not None)
    spans.reverse()
    here = len(spans) - 1
    while len(spans) < here + 3:
        below = _line_after(text, spans[-1][1])
        if below is None or not _is_caps_text(text[below[0] : below[1]].strip()):
            break
        spans.append(below)
    lines = [text[a:b].strip() for a, b in spans]

    def opens(k: int) -> bool:  # line k opens a sentence that runs on into the next line
        if k + 1 >= len(lines):
            return False
        line = lines[k]
        return len(line) >= _LONG_LINE and (
            _RUNS_ON_RE.search(line) is not None or _CAPS_PROSE_RE.search(line) is not None)

    prose, goes_on = runs_in, runs_in
    for k in range(here + 1):
        line = lines[k]
        open_end = len(line) >= _LONG_LINE and line[-1] not in ".:;!?"
        prose = (prose and goes_on) or opens(k) or (open_end and opens(k + 1))
        goes_on = open_end
    return prose


def caps_lines_above(text: str, pos: int) -> bool:
    """Whether the line holding ``pos`` lies right under a line in capitals, or is in capitals under
    a long line that a sentence may run on from: a caps heading there may stand or fall with the
    lines above it (see _in_caps_paragraph)."""
    k = line_start_near(text, pos)
    if k > 0 and text[k - 1] not in LINE_BREAKS:
        return False  # far into a line longer than any wrapped one: no line start for the rule to read
    above = _line_before(text, k)
    if above is None:
        return False
    lead = text[above[0] : above[1]].strip()
    if _is_caps_text(lead):
        return True
    m = LINE_BREAK_RE.search(text, k, k + WRAPPED_LINE + 1)
    line_end = m.start() if m else min(len(text), k + WRAPPED_LINE + 1)  # a longer line is no caps line
    return len(lead) >= _LONG_LINE and _is_caps_text(text[k:line_end].strip())


def caption_at(text: str, pos: int) -> bool:
    """Whether the line holding ``pos`` is an attachment's caption: a heading there may stand or
    fall with the captions above it (see _in_attachment_list)."""
    k = line_start_near(text, pos)
    e = LINE_BREAK_RE.search(text, k, k + _CAPTION_LIMIT + 1)
    return _is_caption(text[k : e.start() if e else min(len(text), k + _CAPTION_LIMIT + 1)].strip())


def _is_caption(line: str) -> bool:
    """Whether a stripped line opens with an attachment's label and is no sentence ("Annex 2: Term
    Sheet for ...", "EXHIBIT B List of Miltenyi Products", "Schedule 1.36: Licensed Patents")."""
    return (line[:1] in _EXHIBIT_FIRST and len(line) <= _CAPTION_LIMIT and not line.endswith(".")
            and (_EXHIBIT_RE.match(line) is not None or _ADDENDUM_RE.match(line) is not None))


# An addendum listed among the attachments ("Addendum 1: Network Build and Structured Payments").
_ADDENDUM_RE = re.compile(r"(?:ADDENDUM|Addendum)[ \t]+[0-9A-Z]{1,3}\b")


def _next_to(text: str, ls: int, le: int, up: bool) -> tuple[int, int] | None:
    """The line above (``up``) or below the line at [ls, le), past one blank line at most."""
    line = _line_before(text, ls) if up else _line_after(text, le)
    if line is not None and not text[line[0] : line[1]].strip():
        line = _line_before(text, line[0]) if up else _line_after(text, line[1])
    return line


_LISTED_CAPTIONS = 3


def _in_attachment_list(text: str, ls: int, le: int) -> bool:
    """Whether the caption at [ls, le) is one of at least three captions on lines of their own, one
    after the other: a list of the attachments ("Annex 1: ...", "Annex 2: ...", "Schedule 1.36:
    ..."), where no caption heads its attachment. A page break ends such a list."""
    run = 1
    for up in (True, False):
        a, b = ls, le
        for _ in range(_LISTED_CAPTIONS - 1):
            line = _next_to(text, a, b, up)
            if line is None or not _is_caption(text[line[0] : line[1]].strip()):
                break
            run += 1
            a, b = line
    return run >= _LISTED_CAPTIONS


# A page's running header or footer: a line that its page's number stands next to ("ATTACHMENT 1"
# under "IBM Confidential   Page 2 of 39", a title over "12"), as it does to the same line a page or
# a few above. The copies after the first are page furniture, and no headings; a title repeated
# elsewhere than next to a page's number ("EXHIBIT G" over "CHANGEPOINT SOFTWARE", and that title
# again over the terms on the next page) is not.
RUNNING_REACH = 16_000  # how far above a running line its earlier copy is looked for: a few pages
_PAGE_MARK_LINES = 6  # blank lines that may stand between a running line and its page's number
# How many lines above or below it a line's reading as a heading may depend on (the start of a caps
# paragraph above, a page's number past blank lines): beyond them, only running headers and signature
# blocks are read from afar.
LINES_READ = _PARAGRAPH_REACH + _PAGE_MARK_LINES + 3
# How far below an edit a line's standing as a running header may change: its copy within reach
# above, and the page mark a few lines above that copy, are read.
RUNNING_EDIT_REACH = RUNNING_REACH + (_PAGE_MARK_LINES + 1) * (WRAPPED_LINE + 3)
_PAGE_OF_RE = re.compile(r"\bPage[ \t]+[0-9]+[ \t]+of[ \t]+[0-9]+\b", re.IGNORECASE)


def _is_page_mark(line: str) -> bool:
    """Whether a line holds its page's number: "12", "- 3 -", "Page 2 of 39 sow501.lwp"."""
    return _PAGE_RE.match(line.strip(" \t")) is not None or _PAGE_OF_RE.search(line) is not None


def _page_marked(text: str, ls: int, le: int) -> bool:
    """Whether a page break (a form feed) or a page number stands next to the line at [ls, le),
    past `_PAGE_MARK_LINES` blank lines at most."""
    for up in (True, False):
        a, b = ls, le
        for _ in range(_PAGE_MARK_LINES + 1):
            if not up and text.startswith("\f", b):
                return True
            line = _line_before(text, a) if up else _line_after(text, b)
            if line is None:
                break
            a, b = line
            if up and text.startswith("\f", b):
                return True
            if text[a:b].strip():
                if _is_page_mark(text[a:b]):
                    return True
                break
    return False


# Words in lower case right after a clause's title: the rest of a sentence, as after a citation
# cut short at a page's end ("7.1.2  [Co-Branded Equipment Listings] no later than ...").
_LOWER_AFTER_RE = re.compile(r"[ \t]*[a-z]")
# A line of a page's furniture: its number ("12", "- 3 -", "Page 2 of 9") or a filing's footer.
_FURNITURE_RE = re.compile(r"(?:" + PAGE_MARK + r")\Z")
_FURNITURE_LINE = 200  # the longest line of furniture


def _citation_over_page(text: str, ls: int) -> bool:
    """Whether the line at ``ls`` opens a page (past blank lines and its furniture, `_PAGE_MARK_LINES`
    lines at most) whose text before ends in a citation cut short ("... Sections 7.1.1 [Career
    Center] and" over "Source: ...", then "7.1.2 [Equipment Listings] no later than ...")."""
    marked = False
    end = ls
    for _ in range(_PAGE_MARK_LINES + 1):
        lo = max(0, end - _FURNITURE_LINE)
        e = lo + len(text[lo:end].rstrip(" \t\r\n\f"))  # the end of the line above, past blank lines
        if e == lo:
            return False
        # Pages end with line feeds (a filing's text): other line breaks are not looked for here.
        k = text.rfind("\n", max(0, e - _FURNITURE_LINE), e)
        if (k < 0 and e > _FURNITURE_LINE) or _FURNITURE_RE.match(text[k + 1 : e].strip()) is None:
            # The text before: a citation cut short ends it, and its line break (most lines are
            # no furniture, so most headings stop here, at the first line above).
            brk = e + (2 if text.startswith("\r\n", e) else 1)
            return marked and _WRAPPED_CITATION_RE.search(text, max(0, e - 24), brk) is not None
        marked = True
        end = k + 1
    return False


def _copy_above(text: str, ls: int, le: int) -> bool:
    """Whether the line at [ls, le) stands alone within `RUNNING_REACH` above it, where a page mark
    stands next to it, or the line below it is the same as below the line at [ls, le): the first
    page's header ("ATTACHMENT 1" over "Statement of Work"), set where no page mark stands."""
    line = text[ls:le].strip()
    below = None
    for k in _copies_above(text, line, ls) if line else ():
        copy = _line_alone(text, k, k + len(line))
        if copy is not None:
            if below is None:
                below = _text_below(text, le)
            if _page_marked(text, *copy) or (below and _text_below(text, copy[1]) == below):
                return True
    return False


def _copies_above(text: str, s: str, pos: int) -> Iterator[int]:
    """Where ``s`` stands within `RUNNING_REACH` above ``pos``, nearest first."""
    floor = max(0, pos - RUNNING_REACH)
    k = text.rfind(s, floor, pos)
    while k >= 0:
        yield k
        k = text.rfind(s, floor, k + len(s) - 1)


# A page's running header that PDF extraction ran into the clause opening the page, one space
# between ("Contract No.: DDCX S DG KC 201812130044 3.1.4.2 False information ...", "Confidential
# Execution Version 1.5 Biologics License Application means ..."): the clause starts after it when
# the same header opens a page above, within RUNNING_REACH.
_CLAUSE_RUN_IN_RE = re.compile(
    r"[ \t](?=[0-9]{1,3}(?:\.[0-9]{1,3})*\.?[ \t]+[A-Z\"“(\[]|(?:ARTICLE|Article|SECTION|Section)[ \t]+[0-9IVX])")
_HEADER_LEAD = (8, 100)  # the fewest and most characters such a header has
_NUMBERED_WORD_RE = re.compile(
    r"\b(?i:schedule|exhibit|annex|appendix|attachment|section|article|clause|part|chapter|item|page|no\.?|number)\Z")
_PAGE_BREAK_LINES = 4  # line breaks (three blank lines) that end a page of a filing's text


def _opens_page(text: str, ls: int) -> bool:
    """Whether the line starting at ``ls`` opens a page: the text's first, or one after a page break
    (a form feed, or three blank lines)."""
    k, breaks = ls, 0
    while k > 0 and text[k - 1] in " \t\r\n\f":
        k -= 1
        if text[k] == "\f":
            return True
        if text[k] == "\n":
            breaks += 1
            if breaks == _PAGE_BREAK_LINES:
                return True
    return k == 0


def _clauses_run_in(text: str, ls: int, le: int) -> list[int]:
    """Where a clause may start after a page's header run into its line at [ls, le)."""
    shortest, longest = _HEADER_LEAD
    return [m.end() for m in _CLAUSE_RUN_IN_RE.finditer(text, ls + shortest, min(le, ls + longest))]


def _header_above(text: str, ls: int, clause: int) -> bool:
    """Whether the text from ``ls`` to the clause at ``clause`` is a header that opens another page
    above within RUNNING_REACH, alone on its line or run into another clause than this one (a
    number that every copy goes on with is the header's own: "F.E.R.C. No. 1.0.0")."""
    header = text[ls:clause].rstrip()
    if _NUMBERED_WORD_RE.search(header):
        return False  # the number is the header's label: "Schedule 4.5   Year ...", "Page 3"
    label = text[clause : clause + 12].split(None, 1)[0]
    for k in _copies_above(text, header, ls):
        after = k + len(header)
        if (k == 0 or text[k - 1] in LINE_BREAKS) and (after == len(text) or text[after] in " \t" + LINE_BREAKS) and (
                text[after : after + 13].split(None, 1)[:1] != [label] and _opens_page(text, k)):
            return True
    return False


def _after_page_header(text: str, segs: list[tuple[int, int, bool]], i: int, page_lines: list[int] | None) -> bool:
    """Whether segment ``i`` follows, after a wide gap, the header that opens its page, a copy of
    which opens a page above ("FERC ICA OIL TARIFF F.E.R.C. No. 1.0.0   SECTION II RULES ...");
    ``page_lines`` receives where it starts when it may."""
    if i == 0 or not segs[i - 1][2]:
        return False
    header_start, ls = segs[i - 1][0], segs[i][0]
    if not _opens_page(text, header_start) or last_line_break(text, header_start, ls) >= 0:
        return False
    if page_lines is not None:
        page_lines.append(ls)  # it stands or falls with a copy of the header above
    return _header_above(text, header_start, ls)


def _text_below(text: str, le: int) -> str:
    """The stripped text of the first line below the line ending at ``le`` that is not blank, past
    `_PAGE_MARK_LINES` blank lines at most ("" when there is none)."""
    b = le
    for _ in range(_PAGE_MARK_LINES + 1):
        line = _line_after(text, b)
        if line is None:
            break
        a, b = line
        if found := text[a:b].strip():
            return found
    return ""


def _line_alone(text: str, a: int, b: int) -> tuple[int, int] | None:
    """The line that text[a:b] stands on with nothing but spaces and tabs around it, or None."""
    while a > 0 and text[a - 1] in " \t":
        a -= 1
    while b < len(text) and text[b] in " \t":
        b += 1
    return (a, b) if (a == 0 or text[a - 1] in LINE_BREAKS) and (b == len(text) or text[b] in LINE_BREAKS) else None


def _is_page_artefact(s: str) -> bool:
    return not s or _PAGE_RE.match(s) is not None or not s.strip("-–—_=*. \t")


# Shapes that may open a heading in the middle of a line, after a sentence end or a wide gap ("...
# as follows:   II. LICENSE   ..." in a part numbered with Roman numerals).
_MIDLINE_KINDS = frozenset({"article", "section", "numbered", "roman"})


# A clause whose first sentence a plain text wraps onto the next line is titled by the sentence:
# "5.1. The rights granted under this License will terminate automatically" goes on with "if You
# fail to comply ...". A line this long is filled text, not a title in sentence case standing alone.
_WRAPPING_KINDS = frozenset({"numbered", "section"})
_RUNNING_KINDS = frozenset({"caps", "exhibit"})
# A line that opens an item of its own: "4.6.1 no unauthorised ...", "(a) the", "ii) any".
_LIST_ITEM_RE = re.compile(r"(?:[0-9]{1,3}(?:\.[0-9]{1,3})*\.?|\(?[a-z]{1,4}\)|\(?[0-9]{1,2}\))[ \t]")
_WRAPPED_TITLE_LINE = 60


def _wrapped_title(text: str, le: int, heading_text: str, title: str) -> str:
    """The title of a heading that fills its segment, ending at ``le``, with its sentence's words on
    the next line when the segment ends the line mid-sentence (``title`` as it is otherwise). The
    next line is read from the text, not from the scan's segments, which may stop short of it."""
    words = title.split(" ", 1)[-1]
    if title.endswith(("\"", "”", "…")) or heading_text.rstrip()[-1:] in ".:;!?" or caps_run(words):
        return title  # a defined term's, a whole sentence or a long one, or a title in capitals
    below = _line_after(text, le) if le < len(text) and text[le] in LINE_BREAKS else None
    nxt = text[below[0] : below[1]].strip() if below is not None else ""
    if (not nxt or _is_page_artefact(nxt) or _LIST_ITEM_RE.match(nxt) or _classify(nxt, False) is not None
            or _caps_lead(nxt, False)):
        return title  # no line, or one that opens a part or an item of its own
    return clean_title(f"{title} {nxt[: title_span(nxt)]}")


# "7 Confidentiality" over "7.1 From and after ...", or "3 Payments   3.1 Project Fee" on one line: a
# number with no period and a title in mixed case heads a clause only where its first subclause
# follows (a number alone opens many lines: "5 days after ...", a table's rows).
_BARE_NUMBER_TITLE_RE = re.compile(r"([0-9]{1,3})[ \t]+(?=[A-Z])")


def _bare_number_title(s: str) -> tuple[str, str] | None:
    """The number and title of a line that opens with a number without a period and a short title
    ("7 Confidentiality"); None for a line that does not."""
    m = _BARE_NUMBER_TITLE_RE.match(s)
    if m is None:
        return None
    title = s[m.end() :].rstrip()
    # A period may end the title ("5 Governance.   5.1 Alliance Managers."), not a list's marks.
    if not is_short_title(title) or title[-1:] in ":;," or title.endswith(".") and not is_word_title(title[:-1]):
        return None
    return m.group(1), title


def _numbered_over_first_clause(s: str, text: str, segs: list[tuple[int, int, bool]], i: int) -> _Shape | None:
    found = _bare_number_title(s)
    if found is None:
        return None
    number, title = found
    j = i + 1
    while j < len(segs) and j <= i + 3 and not _segment_text(text, segs, j):
        j += 1  # blank lines between
    first = _segment_text(text, segs, j)
    # The first clause opens the next line, or the same line after a gap ("3 Payments   3.1 ...").
    if j >= len(segs) or not (segs[j][2] or j == i + 1) or not re.match(re.escape(number) + r"\.0?1\.?[ \t]", first):
        return None
    return _Shape("numbered", number, 1 + _depth(number), len(s.rstrip()), clean_title(f"{number} {title}"), False)


# The line reStructuredText underlines (or over- and underlines) a section's title with: one
# punctuation character repeated. Its level goes by the character, in the order the Python
# documentation and the PEPs use them: "=" (or an overlined "#" or "*"), "-", "~" or "^", then '"'.
_ADORNMENTS = "=-~^\"'`#*+:._"
_ADORNMENT_RE = re.compile("([" + re.escape(_ADORNMENTS) + r"])\1{2,}[ \t]*\Z")
_ADORNMENT_LEVELS = {"=": 1, "#": 1, "*": 1, "-": 2, "~": 3, "^": 3, "+": 3}
_ADORNED_LEVEL = 4  # any other character
_UNDERLINED_TITLE_WORDS = 16  # a title underlined to its length may be long ("A Foolish Consistency is ...")


def _underline_level(text: str, segs: list[tuple[int, int, bool]], i: int, title: str) -> int:
    """The level of the title at the margin on segment ``i`` that the next line underlines as
    reStructuredText does (its length, up to 3 more, after a blank line, the text's start or an
    overline), or 0."""
    if i + 1 >= len(segs) or not segs[i + 1][2]:
        return 0
    start, end, _ = segs[i + 1]
    if start >= end or text[start] not in _ADORNMENTS:
        return 0  # most lines: the line below is no underline, and is not copied
    under = text[start:end]
    m = _ADORNMENT_RE.match(under)
    title = title.rstrip()
    width = len(under.rstrip())
    if m is None or not len(title) <= width <= len(title) + 3 or title[:1] == under[:1]:
        return 0
    above = _segment_text(text, segs, i - 1) if i > 0 else ""
    if above and not (above == under.rstrip() and segs[i - 1][2]):
        return 0  # a paragraph's last line, not a title that stands alone
    if not is_short_title(title) and not (
            width <= len(title) + 1 and len(title.split()) <= _UNDERLINED_TITLE_WORDS and title[-1] not in ".:;,"):
        return 0
    return _ADORNMENT_LEVELS.get(under[0], _ADORNED_LEVEL)


def _unbolded(line: str) -> str:
    """The line with its bold marks blanked, offsets kept."""
    return line.replace("**", "  ").replace("__", "  ")


def _indented_underline(text: str, line: int) -> bool:
    """Whether the underline on the line starting at ``line`` is indented code, no underline."""
    return indented_code(text, line, INDENT_RE.match(text, line).end())


def _segment_text(text: str, segs: list[tuple[int, int, bool]], j: int) -> str:
    """The stripped text of segment ``j`` ("" past the last)."""
    return text[segs[j][0] : segs[j][1]].strip() if j < len(segs) else ""


def scan_headings(text: str, start: int = 0, end: int | None = None, *, markdown: bool | None = None,
                  page_lines: list[int] | None = None) -> list[Heading]:
    """Headings that start in ``text[start:end]`` (``start`` must be a line or segment start).

    Joining rules look one line past ``end``; ``markdown`` defaults to :func:`is_markdown` of text.
    ``page_lines``, when given, receives where each line standing next to a page mark would start a
    heading, which it does unless a copy of it stands next to a page mark above (`_copy_above`), and
    the last place a clause run into the header opening a page may start, which it does where a
    copy of the header opens a page above (`_header_above`).
    """
    if markdown is None:
        markdown = is_markdown(text)
    end = len(text) if end is None else end
    out: list[Heading] = []
    segs = line_segments(text, start, end, markdown)
    n_real = len(segs)
    # One more segment for the joining rules (an ARTICLE line's title below it, a setext underline).
    if end < len(text):
        tail_end = min(len(text), end + 4096)
        segs.extend(line_segments(text, end, tail_end, markdown)[:2])
    blocks = Blocks()
    body = front_matter_end(text) if markdown else 0
    bold = False  # whether the line is opened in bold (Markdown)
    candidate = _CANDIDATE_RE.match
    indented_candidate = _INDENTED_CANDIDATE_RE.match
    indentation = INDENT_RE.match
    last_heading_seg = -2
    resume = -1  # where the rest of segment i starts, after a heading with a clause run into it
    contents_lines: dict[tuple[int, int], bool] = {}
    i = 0
    while i < n_real:
        ls, le, line_start = segs[i]
        after_heading = last_heading_seg == i - 1
        if resume >= 0:
            ls, line_start, after_heading = resume, False, True
            resume = -1
        # Segments are matched in place: most are no candidate and are never copied.
        if markdown:
            indent = indentation(text, ls, le).end()
            if line_start and (ls < body or blocks.hides(text, ls, indent, le)):
                i += 1
                continue
            # A line opened in bold marks a heading as a converted contract writes one ("**ARTICLE 1 -
            # DEFINITIONS**", "**1.2 Term.** The term ..."): what the bold holds is read as plain text.
            # (A scan starts at a line's start: a part does at its heading's.)
            bold = line_start and text.startswith(_BOLD, indent)
            if bold:
                indent += 2
                unbolded = _unbolded(text[indent:le])
            if not (candidate(unbolded) if bold else candidate(text, indent, le)):
                i += 1
                continue
        else:
            found = indented_candidate(text, ls, le)
            if found is None:
                i += 1
                continue
            indent = found.end()
        # After a wide gap, mid-line: a clause with a short title ended by a period and a sentence,
        # or a number and title that its first clause follows ("VAT 7.3.2     2 Research and
        # Development Collaboration   2.1 Project Plan."), which alone is read here.
        gap_parent = None
        if not line_start and not after_heading and not after_mark(text, ls) and not (
                text[ls - 3 : ls].isspace() and (
                    _GAP_CLAUSE_RE.match(text, ls, le) or _PAREN_NUMBERED_RE.match(text, ls, le)
                    or _GAPPED_CAPS_TITLE_RE.search(text, max(0, ls - _GAPPED_CAPS_TITLE_READ), ls) or not markdown and (
                        (gap_parent := _numbered_over_first_clause(text[ls:le], text, segs, i)) is not None
                        or _PAGE_HEADER_MARK_RE.search(text, line_start_near(text, ls), ls) is not None
                        or _after_page_header(text, segs, i, page_lines)))):
            i += 1
            continue
        s = text[indent:le]
        page = None if markdown else _PAGE_NUMBER_LEAD.match(s) if s[:1].isdigit() else (
            _PAGE_HEADER_LEAD.match(s) if s[:1] in "CE" else None)
        if page is not None:
            # "4 ARTICLE 4 TERMINATION", "CONFIDENTIAL   EXECUTION COPY   EXHIBIT C": a page's number
            # or header left before the heading
            indent += page.end()
            s = s[page.end() :]
        if _SETEXT_RE.match(s):
            i += 1
            continue
        # A setext underline? In plain text, a title's own line of "=" ("Mozilla Public License Version
        # 2.0" over as many "="): a line of dashes there may be a page's rule.
        nxt = _segment_text(text, segs, i + 1) if markdown or (
            line_start and i + 1 < len(segs) and text.startswith("===", segs[i + 1][0])) else ""
        if nxt and _SETEXT_RE.match(nxt) and not s.startswith("#") and (
            nxt.startswith("=") or len(nxt) >= 2
        ) and (not _indented_underline(text, segs[i + 1][0]) and not _LIST_ITEM_RE.match(s) if markdown else (
            abs(len(nxt) - len(s.strip())) <= 2 and is_short_title(s.strip()))):
            # "Title\n=====" (or ---) in Markdown: a setext heading. In plain text the underlined
            # title is a shape of its own: it does not place every heading after it below it.
            level = 1 if nxt.startswith("=") else 2
            hs = indent - 2 if bold else indent
            he = indent + len(s.rstrip())
            out.append(Heading(hs, he, text[hs:he], clean_title(s), None, level, "setext" if markdown else "underlined"))
            last_heading_seg = i + 1
            i += 2
            continue
        if _is_page_artefact(s.strip()):
            i += 1
            continue
        info = gap_parent or (_classify(unbolded, False) if bold else _classify(s, markdown))
        if info is None and not markdown and s[:1].isdigit() and (line_start or text[ls - 3 : ls].isspace()):
            info = _numbered_over_first_clause(s, text, segs, i)
        if info is None and line_start and not markdown and indent == ls and (s[:1] in _NAMED_FIRST or s[:1].isdigit()):
            info = _named_section(text, le, s) if s[:1] in _NAMED_FIRST else _rfc_numbered(text, le, s)
        if info is None and line_start and not markdown and indent == ls and (level := _underline_level(text, segs, i, s)):
            # A section's title as reStructuredText underlines it: its level the underline's.
            he = indent + len(s.rstrip())
            out.append(Heading(indent, he, text[indent:he], clean_title(s), None, level, "underlined"))
            last_heading_seg = i + 1
            i += 2
            continue
        if info is None and line_start and not markdown and _TITLE_START_RE.match(s):
            info = _title_line(text, ls, le, s) or _run_in_title(text, ls, s)
        if info is not None and (bold or not markdown) and (info.kind == "caps" or (
            # A party's label over its signature line stands alone on its line: "A. SMITH"
            info.kind == "lettered" and info.span >= len(s.rstrip())
        )) and ((line_start and _in_caps_paragraph(text, ls)) or signs_below(text, ls, le, info.title)):
            i += 1
            continue
        if info is not None and line_start and not markdown and (
                info.kind == "caps" and (_in_indented_block(text, ls, indent) or _in_figure(text, ls, le))
                or info.kind in ("caps", "lettered") and info.span >= len(s.rstrip()) and _set_right(text, ls, indent, le)):
            i += 1
            continue
        # An attachment's text may run on after its title too ("EXHIBIT D CUSTOMIZED SERVICES 1.
        # SOFTWARE INSTALLATION SUPPORT. iPass ...").
        lead = _caps_lead(s, markdown) if line_start and (info is None or info.kind == "exhibit") else 0
        if lead:
            # "TERMS AND CONDITIONS 1. APPOINTMENT ...": the title, and its first clause read from
            # where it starts.
            info = _lead_shape(s[:lead].rstrip(), markdown)
            resume = indent + lead
        if info is None and line_start and not markdown and _opens_page(text, ls):
            clauses = _clauses_run_in(text, indent, le)
            if clauses and page_lines is not None:
                page_lines.append(clauses[-1])  # a clause there stands or falls with a copy of its header above
            at = next((q for q in clauses if _header_above(text, indent, q)), -1)
            if at >= 0:
                resume = at  # the clause is read from where it starts, after its page's header
                continue
        if info is None or (not line_start and info.kind not in _MIDLINE_KINDS):
            i += 1
            continue
        if info.kind == "exhibit" and line_start and not markdown and _in_attachment_list(text, ls, le):
            i += 1
            continue
        if info.kind == "section" and info.bare and _WRAPPED_SENTENCE_END_RE.fullmatch(s) and (
                _WRAPPED_LINE_END_RE.search(text, max(0, ls - 24), ls)):
            i += 1  # "... is described in the Quality       Section 17.0.": a citation ends the sentence
            continue
        if (info.kind == "numbered" or info.kind in _CITED_KINDS) and line_start and (
                _WRAPPED_CITATION_RE.search(text, max(0, ls - 24), ls)
                or (_LOWER_AFTER_RE.match(s, info.span) and _citation_over_page(text, ls))):
            # "... added under section\n7.  This requirement ...", "... as provided for in\nSection 7.1. Life
            # Technologies will ...": a citation wrapped onto a new line, or onto the next page
            i += 1
            continue
        if line_start and _DETERMINER_END_RE.search(text, max(0, ls - 16), ls):
            i += 1  # "... shall be substituted for the\nAttachment 3: Asset List ...": no sentence ends in "the"
            continue
        if not line_start and _after_word(text, ls) and (_GAP_CITATION_RE.search(text, max(0, ls - 24), ls) or (
                info.kind in _CITED_KINDS and _CITING_RE.search(text, max(0, ls - 24), ls))):
            i += 1  # "... of Clauses 11.2, 11.5 or             11.6 NCC will ...": a line break made a gap
            continue
        if not markdown and is_contents_line(text, ls, contents_lines):
            i += 1
            continue
        if info.kind in _RUNNING_KINDS and line_start and not markdown and _page_marked(text, ls, le):
            if page_lines is not None:
                page_lines.append(indent)
            if _copy_above(text, ls, le):
                i += 1  # a page's running header or footer
                continue
        if info.kind == "article" and line_start and not markdown and indent > ls and _hanging(text, ls, indent):
            # "8-bit Single-Byte Coded Graphic Character Sets --" over "Part 1: Latin alphabet No. 1":
            # a line of an entry in a list of references
            i += 1
            continue
        if info.kind == "numbered" and _spaced_number(s, info.label) and _MORE_ON_LINE_RE.match(text, le):
            i += 1  # "EXISTING AGREEMENTS     51   EXHIBIT F     56   ...": more columns follow on the line
            continue
        hs = indent - 2 if bold else indent  # a heading in bold starts at its mark, as one after "#" does
        he = indent + info.span
        heading_text = text[hs:he]
        title = info.title
        j = i + 1
        if info.bare and not markdown:
            nxt = _segment_text(text, segs, j)  # the title of a bare label
        if info.bare and not nxt and j + 1 < len(segs):
            j += 1  # one blank line may stand between "ARTICLE V" and its title
            nxt = _segment_text(text, segs, j)
        lead = _caps_lead(nxt, markdown, info.label) if info.bare and nxt else 0
        if lead:
            # "ARTICLE I" over "DEFINITIONS Section 1.01 Definitions. As used ...": the title joins
            # the label, and the first clause is read from where it starts.
            nraw = text[segs[j][0] : segs[j][1]]
            ns = segs[j][0] + (len(nraw) - len(nraw.lstrip(" \t")))
            nxt = nxt[:lead].rstrip()
            out.append(Heading(hs, ns + len(nxt), f"{heading_text} {nxt}", clean_title(f"{title} {nxt}"),
                               info.label, info.level, info.kind))
            last_heading_seg = j
            i, resume = j, ns + lead
            continue
        if info.bare and nxt and len(nxt) <= 80 and _is_caps_heading(nxt) and _is_plain_title(nxt, markdown):
            # "ARTICLE V" over "DEFINITIONS": one heading on two lines (or two segments).
            nraw = text[segs[j][0] : segs[j][1]]
            ns = segs[j][0] + (len(nraw) - len(nraw.lstrip(" \t")))
            he = ns + len(nxt)
            out.append(Heading(hs, he, f"{heading_text} {nxt}", clean_title(f"{title} {nxt}"),
                               info.label, info.level, info.kind))
            last_heading_seg = j
            i = j + 1
            continue
        child = -1 if markdown or info.bare else _run_in_child(text, info, hs, he, le)
        cut = _classify(text[hs:child].rstrip(), markdown) if child >= 0 else None
        if cut is not None:
            # "8. OWNERSHIP 8.1 Ownership of ...": the heading ends where its first clause starts,
            # and the rest of the segment is read again from there.
            info = cut
            he = hs + info.span
            heading_text, title = text[hs:he], info.title
            resume = child
        elif info.kind in _WRAPPING_KINDS and not markdown and he >= le and (
                le - line_start_near(text, ls) >= _WRAPPED_TITLE_LINE):
            # Mid-line too: a clause run into a wrapped paragraph's line ("... thereto. 5.3 Materials
            # Galaxy shall" over "provide Telnet with access ...").
            title = _wrapped_title(text, le, heading_text, title)
        side = (_side_title(text, ls, indent, start)
                if info.kind == "numbered" and line_start and not markdown and resume < 0 else None)
        number = heading_text.split(None, 1)[0] if side is not None else ""
        if side is not None and _untitled(text[indent + len(number) : he], text[he:le]):
            # "Cumulative Remedies" over "3.4 No remedy provided ...": the clause's title stands
            # on its own line above it, and the heading starts there.
            side_start, side_text = side
            out.append(Heading(side_start, he, f"{side_text} {heading_text}", clean_title(f"{number} {side_text}"),
                               info.label, info.level, info.kind))
        else:
            out.append(Heading(hs, he, heading_text, title, info.label, info.level, info.kind))
        last_heading_seg = i
        if resume < 0:
            i += 1
    return out


# A clause's title set on its own line above it ("Cumulative Remedies" over "3.4 No remedy ..."):
# a few capitalised words, after a sentence end, a line in capitals or a blank line, with at most
# one blank line either side (a page's running header follows a run of blank lines).
_SIDE_TITLE_WORDS = 8
_SIDE_TITLE_REACH = 400  # how far above the title its line before is looked for
_SIDE_TITLE_AFTER = frozenset(".:;")
_SIDE_TITLE_RE = re.compile(r"[A-Z][A-Za-z'’&/-]*(?:,?[ \t]+[A-Za-z'’&/-]+)*")


def _side_title(text: str, ls: int, indent: int, floor: int) -> tuple[int, str] | None:
    """(start, text) of the title on its own line above the clause line starting at ``ls`` and
    indented to ``indent``, or None; a title that starts before ``floor`` is not taken."""
    above = _line_before(text, ls)
    if above is not None and not text[above[0] : above[1]].strip():
        above = _line_before(text, above[0])
    if above is None:
        return None
    a, e = above
    raw = text[a:e]
    side = raw.strip()
    start = a + len(raw) - len(raw.lstrip())
    # Indented past its clause, the line is centred: a page's running header or a caption.
    if start < floor or start - a > indent - ls or not _is_title_words(side) or _classify(side, False) is not None:
        return None
    return (start, side) if _after_break(text, a) else None


def _is_title_words(line: str) -> bool:
    """Whether a stripped line holds a few capitalised words and nothing else (no ALL-CAPS line,
    no party's name, no contents)."""
    return (_SIDE_TITLE_RE.fullmatch(line) is not None and not line.isupper() and len(line.split()) <= _SIDE_TITLE_WORDS
            and is_word_title(line) and _NO_LEAD_RE.search(line) is None and _TITLED_PARTY_RE.search(line) is None)


def _is_caps_title(title: str) -> bool:
    """Whether words ended by a period are a title in capitals that a paragraph runs on from
    ("MAINTENANCE OF SOLVENCY. This provision applies ..."): few words, no party's name ("REDWATER
    LLC. By: ...")."""
    return (title.isupper() and _SIDE_TITLE_RE.fullmatch(title) is not None and len(title.split()) <= _SIDE_TITLE_WORDS
            and _NO_LEAD_RE.search(title) is None and _PARTY_NAME_RE.search(title) is None)


def _after_break(text: str, a: int, blank: bool = True, caps: bool = True, page: bool = False) -> bool:
    """Whether the line starting at ``a`` follows a sentence end, (with ``caps``) a line in capitals
    or (with ``blank``) one blank line; not the top of the text, nor a page break's run of blank
    lines, unless (with ``page``) a sentence ends above the page's number."""
    if a == 0:
        return False
    before = text[max(0, a - _SIDE_TITLE_REACH) : a]
    prose = before.rstrip()
    breaks = len(before[len(prose) :].splitlines())
    if not prose:
        return False
    last_line = prose[last_line_break(prose, 0, len(prose)) + 1 :].strip()
    if page and breaks > 1 and _is_page_mark(last_line):
        above = prose[: len(prose) - len(last_line)].rstrip()
        return above != "" and above[-1] in _SIDE_TITLE_AFTER
    if breaks > 2:
        return False
    return (blank and breaks == 2) or prose[-1] in _SIDE_TITLE_AFTER or (caps and _is_caps_text(last_line))


# A party's name in capitalised words ("FLIR Systems", "Acme Widgets Corporation"): no title.
_TITLED_PARTY_RE = re.compile(r"\b(?:Inc|LLC|Ltd|Limited|Corp|Corporation|Company|Co|LP|PLC|GmbH|AG|Systems|Technologies)\Z")
_PROSE_WORDS = 8  # the fewest words of the paragraph that a title line heads
_TITLE_LINE_LIMIT = 80
# Below any numbered clause and lettered item: a title line heads the paragraphs after it within
# the part it stands in ("Notices" under "4.1" in "GENERAL PROVISIONS"), never the clauses after them.
TITLE_LINE_LEVEL = LETTERED_LEVEL + 1


# Lines of capitalised words that head no paragraph: answers in a table, a salutation, a pointer,
# a signature's caption.
_NOT_TITLE_LINE_RE = re.compile(
    r"(?:No|None|Yes)\Z|(?:Dear|See|Notary|Witness(?:ed)?|Attention|Telephone|Fax|Confidential[ \t]+Treatment)\b")


def _title_line(text: str, ls: int, le: int, line: str) -> _Shape | None:
    """The shape of a title in capitalised words alone on its line, after a sentence end and above
    the paragraph it heads, no more indented than that ("Use of Evaluation Materials", "Governing
    Law" in a letter agreement), maybe ended by a period, or None."""
    heading = line.rstrip()
    title = heading[:-1] if heading.endswith(".") else heading
    if (len(title) > _TITLE_LINE_LIMIT or not title[-1].isalpha() or "," in title or _NOT_TITLE_LINE_RE.match(title)
            or not _is_title_words(title) or not _after_break(text, ls, False)):
        return None
    below = _line_after(text, le)
    if below is not None and not text[below[0] : below[1]].strip():
        below = _line_after(text, below[1])
    if below is None:
        return None
    raw = text[below[0] : below[1]]
    paragraph = raw.strip()
    words = paragraph.split()
    indent = len(raw) - len(raw.lstrip())
    if (len(words) < _PROSE_WORDS or not (paragraph[0].isupper() or paragraph[0] in "\"“(")
            or not has_prose_word(" ".join(words[:_PROSE_WORDS])) or len(text[ls:le]) - len(line) > indent):
        return None
    if _classify(paragraph, False) is not None:
        return None  # a clause's own heading: the title is its side title
    return _Shape("title", None, TITLE_LINE_LEVEL, len(heading), clean_title(title), False)


# The sections an RFC or an Internet-Draft names without a number, at the left margin over their
# indented text: "Abstract", "Status of This Memo", "Table of Contents", "Acknowledgements",
# "Authors' Addresses".
_NAMED_SECTION_RE = re.compile(
    r"(?:Abstract|Status[ \t]+of[ \t]+[Tt]his[ \t]+Memo|Copyright[ \t]+Notice|Table[ \t]+of[ \t]+Contents|Acknowledge?ments"
    r"|Contributors|Index"
    r"|(?:Authors?|Editors?)(?:['’]s|s['’])?[ \t]+Address(?:es)?|Full[ \t]+Copyright[ \t]+Statement"
    r"|(?:Normative[ \t]+|Informative[ \t]+)?References)[ \t]*\Z"
)
_NAMED_FIRST = frozenset("ASCTIFNRE")


# Beside the text's first numbered clauses ("1. Introduction"); `longdoc.outline` sets one after an
# appendix beside the appendix.
_NAMED_LEVEL = 2


def _named_section(text: str, le: int, line: str) -> _Shape | None:
    """The shape of a section an RFC names without a number, over a blank line and its text three
    columns in, at the level of the numbered sections beside it; or None."""
    if _NAMED_SECTION_RE.match(line) is None or not _rfc_text_below(text, le):
        return None
    return _Shape("named", None, _NAMED_LEVEL, len(line.rstrip()), clean_title(line), False)


# A subsection's number and a title that opens in small letters or digits, as an RFC may word one
# ("3.2.2 http URL", "10.1.1 100 Continue").
_RFC_SUBSECTION_RE = re.compile(r"([0-9]{1,3}(?:\.[0-9]{1,3})+)\.?[ \t]+(?=[a-z0-9])")


def _rfc_numbered(text: str, le: int, line: str) -> _Shape | None:
    """The shape of a section an RFC numbers without a period ("5 Request", RFC 2616's layout) or
    titles in small letters or digits ("10.1.1 100 Continue"), at the margin over a blank line and
    its text three columns in; or None."""
    found = _bare_number_title(line)
    if found is None:
        m = _RFC_SUBSECTION_RE.match(line)
        title = line[m.end() :].rstrip() if m is not None else ""
        if not title or not is_short_title(title) or title[-1] in ".:;,":
            return None
        found = m.group(1), title  # type: ignore[union-attr]
    if not _rfc_text_below(text, le):
        return None
    number, title = found
    return _Shape("numbered", number, 1 + _depth(number), len(line.rstrip()), clean_title(f"{number} {title}"), False)


def _rfc_text_below(text: str, le: int) -> bool:
    """Whether a blank line and then text three columns in follow the line ending at ``le``: how an
    RFC sets the text of a heading at the margin."""
    gap = _line_after(text, le)
    below = _line_after(text, gap[1]) if gap is not None and not text[gap[0] : gap[1]].strip() else None
    return below is not None and text.startswith("   ", below[0]) and text[below[0] + 3 : below[1]][:1] not in ("", " ", "\t")


def _untitled(title: str, rest: str) -> bool:
    """Whether a clause whose heading reads ``title`` and whose line goes on with ``rest`` has no
    title of its own: it opens a sentence, words in lower case among them (not a row of contents,
    "4.2 Conversion Plan 6.2 Banking Application Services")."""
    return not is_word_title(title) and has_prose_word(f"{title} {rest}")


# How a title in capitalised words starts: one word alone or ended by a period, or followed by
# another capitalised word or a small one (where most lines of prose go on in lower case).
_TITLE_START_RE = re.compile(
    r"[A-Z][A-Za-z'’&/-]*(?:\.|[ \t]*\Z|[ \t]+(?:[A-Z]|" + TITLE_SMALL_WORD + r"[ \t]))"
)
# A title in capitalised words run into the paragraph it opens: "Grant of License. LMG grants ...".
_RUN_IN_TITLE_RE = re.compile(r"([A-Z][A-Za-z'’&/-]*(?:[ \t]+[A-Za-z'’&/-]+){0,5})\.[ \t]+(?=[A-Z\"“(])")
# Words that open a sentence, not a title ("Pursuant to Minn. Stat. ...").
_OPENS_SENTENCE = frozenset("Pursuant Subject Notwithstanding Except If Unless Upon Where When During In As For The This "
                            "These It Such Any All".split())


def _may_run_in(title: str) -> bool:
    """Whether words ended by a period may be a title run into its text, as far as their first and
    last words tell: no sentence's opening ("Pursuant to Minn."), no name's initial ("Roy B."), no
    answer, salutation or pointer (`_NOT_TITLE_LINE_RE`)."""
    words = title.split()
    return words[0].capitalize() not in _OPENS_SENTENCE and len(words[-1]) >= 2 and _NOT_TITLE_LINE_RE.match(title) is None


def _run_in_title(text: str, ls: int, line: str) -> _Shape | None:
    """The shape of a title in capitalised words that opens a paragraph and runs into its first
    sentence ("Grant of License. LMG grants TAG a worldwide ..."), or None."""
    m = _RUN_IN_TITLE_RE.match(line)
    if m is None:
        return None
    title = m.group(1)
    caps = title.isupper()
    if (len(title) < 4 or not _may_run_in(title) or not (_is_caps_title(title) if caps else _is_title_words(title))
            # Under a line in capitals, a title in capitals goes on that line's sentence ("... FOR A\n
            # PARTICULAR PURPOSE. You are ...").
            or not _after_break(text, ls, caps=not caps, page=True)):
        return None
    sentence = line[m.end() :].split()
    if len(sentence) < 4 or sentence[0].endswith(".") or not has_prose_word(" ".join(sentence[:_PROSE_WORDS])):
        return None  # too short for a sentence, or a run of abbreviations ("Minn. Stat. § 80C.21")
    return _Shape("title", None, TITLE_LINE_LEVEL, m.end(1) + 1, clean_title(title), False)


# The first clause of a text ("1. APPOINTMENT", "1.1 General", "ARTICLE I", "Section 1.01"), run
# into the ALL-CAPS title of the line it opens.
_FIRST_CLAUSE_RE = re.compile(
    r"[ \t]+(?=1\.(?:[ \t]+[A-Z]{2}|1\.?[ \t]+[A-Z])|(?:ARTICLE|Article)[ \t]+(?:1|I)\b|(?:SECTION|Section)[ \t]+1(?:\.0?1)?\b)"
)


# A title that cannot lead a first clause: a table of contents ("TABLE OF CONTENTS SECTION PAGE
# 1. RIGHTS GRANTED 2 ..."), or a label whose number it is ("EXHIBIT 1.1 Strategic Alliance").
_NO_LEAD_RE = re.compile(r"\b(?:CONTENTS|INDEX)\b|\b(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\Z")


# The first clause of a part numbered 2 or more, run into the ALL-CAPS title line under its bare
# label ("ARTICLE VII" over "GUARANTEE Section 7.01 Guarantee. SPI hereby ..."): {n} is its number.
_PART_FIRST_CLAUSE = r"[ \t]+(?={n}\.(?:[ \t]+[A-Z]{{2}}|0?1\.?[ \t]+[A-Z])|(?:SECTION|Section)[ \t]+{n}\.0?1\b)"


def _first_clause_of(label: str | None) -> re.Pattern[str]:
    """The pattern of the first clause under a bare label ("Article VII": "7.1", "Section 7.01")."""
    number = label.rpartition(" ")[2] if label else ""
    n = int(number) if number.isdigit() else roman_value(number)
    if n is None or n < 2 or n > 999:
        return _FIRST_CLAUSE_RE
    return _part_first_clause(n)


@lru_cache(maxsize=None)  # one pattern per part number, at most 998
def _part_first_clause(n: int) -> re.Pattern[str]:
    return re.compile(_PART_FIRST_CLAUSE.format(n=n))


def _caps_lead(line: str, markdown: bool, under: str | None = None) -> int:
    """Where the first clause starts in a line that opens with an ALL-CAPS title run into it
    ("TERMS AND CONDITIONS 1. APPOINTMENT OF CHANNEL PARTNER 1.1 General. ..."), or 0; ``under``:
    the bare label ("Article VII") whose title the line holds, whose own first clause it may be."""
    if markdown:
        return 0
    m = _first_clause_of(under).search(line, 0, TITLE_LIMIT)
    if m is None:
        return 0
    title = line[: m.start()]
    if not _is_caps_heading(title) or _NO_LEAD_RE.search(title):
        return 0
    clause = _classify(line[m.end() :], markdown)
    return m.end() if clause is not None and clause.kind in _MIDLINE_KINDS else 0


def _lead_shape(title: str, markdown: bool) -> _Shape:
    """The shape of the title of :func:`_caps_lead`: its own ("EXHIBIT D CUSTOMIZED SERVICES") or a caps line's."""
    shape = _classify(title, markdown)
    if shape is not None and shape.span == len(title):
        return shape
    return _Shape("caps", None, 2, len(title), clean_title(title), False)


# A word that cites a number or goes on with one ("under section 7", "of 2.0", "see 8.10"): a number
# after it is no clause, on the same line or wrapped onto the next.
_CLAUSE_KEYWORDS = r"(?:sub)?sections?|articles?|(?:sub)?clauses?|(?:sub)?paragraphs?"
CITING_WORD = r"(?:\b(?i:" + _CLAUSE_KEYWORDS + r"|of|in|on|under|to|with|by|through|see|this)|§)[ \t]*"
_CITING_RE = re.compile(CITING_WORD + r"\Z")
# Or after a cited clause (or its title in brackets) and a comma, "and" or "or" ("... as provided in
# Article X or\nSection 6.06.", "... Section 9.0 (Software Licensing),\nSection 11.0 (Trademarks), ...",
# "... Sections 7.1.1 [Career Center] and\n7.1.2 [Equipment Listings] ...").
_WRAPPED_CITATION_RE = re.compile(
    r"(?:" + CITING_WORD + r"|(?:\b[0-9IVX][0-9A-Z.()]*|[)\]])(?:,?[ \t]+(?:and|or)[ \t]*|,[ \t]*))(?:\r\n|[\n\r])[ \t]*\Z")
# Mid-line, where a wide gap stands for a line break: a number after a citation's keyword or after a
# list of cited numbers, or a "Section 12.6" after any citing word ("... liable under      Section 12.6.").
# A bare number after a preposition may be a clause's, which extraction set inside its first
# sentence ("... agrees to   10.1   (a) not use ...").
_GAP_CITATION_RE = re.compile(r"(?:\b(?i:" + _CLAUSE_KEYWORDS + r")[ \t]*|§[ \t]*|[0-9][0-9.]*,?[ \t]+(?i:and|or)[ \t]*)\Z")
_CITED_KINDS = frozenset(("section", "article", "exhibit"))
# A line that ends in an article or a determiner: the sentence goes on in the next line.
_DETERMINER_END_RE = re.compile(r"\b(?:the|a|an|said|such|any|each|every|its|their)[ \t]*(?:\r\n|[\n\r])[ \t]*\Z")


def _after_word(text: str, ls: int) -> bool:
    """Whether a word or "§" ends the text before ``ls`` and the blanks before it (most headings
    within a line follow a sentence's end), which only then is read for a citation."""
    before = text[max(0, ls - 24) : ls].rstrip()
    return before[-1:].isalpha() or before[-1:] == "§"
# A citation that ends its sentence, wrapped onto a line of its own or set apart by a wide gap, right
# after words that go on.
_WRAPPED_SENTENCE_END_RE = re.compile(r"(?:Section|SECTION|Article|ARTICLE)[ \t]+[0-9][0-9.]*\.[ \t]*")
_WRAPPED_LINE_END_RE = re.compile(r"[A-Za-z,](?:[ \t]*(?:\r\n|[\n\r])[ \t]*|[ \t]{2,})\Z")
# A numbered clause that may run into its parent's heading line: "5.1 Title" after "5. TERM".
_CHILD_RE = re.compile(r"[ \t]([0-9]{1,3}(?:\.[0-9]{1,3}){1,4})\.?[ \t]+[A-Z\"“(]")
# How far past a heading's end its first clause may start, the spaces between them included.
_CHILD_REACH = 8


def _run_in_child(text: str, info: _Shape, hs: int, he: int, le: int) -> int:
    """Where the first clause of a numbered heading starts when it runs into the heading's own
    line ("8. OWNERSHIP 8.1 Ownership"), or -1: a number one level deeper under the heading's."""
    label = info.label
    if not label or info.kind not in _MIDLINE_KINDS:
        return -1
    number = label[label.rfind(" ") + 1 :] + "."  # "Article 5", "Section 3", "3.11"
    if not number[0].isdigit():
        return -1
    if number.endswith(".0.") and number.count(".") == 2:
        number = number[:-2]  # "7.0 Confidentiality 7.1 Except ...": "7.0" heads clause 7
    # Looked for from the end of the label, within the title and just past it: a title may have
    # run on over the clause ("5. Term 5.1 The Agreement shall ..." reads as one sentence).
    hi = min(le, he + _CHILD_REACH)
    at = text.find(number, hs + min(len(label), he - hs), hi)
    while at >= 0:
        m = _CHILD_RE.match(text, at - 1, le)
        if m is not None and m.group(1).count(".") == number.count("."):
            if _CITING_RE.search(text, max(hs, at - 13), at):
                return -1  # "2. Delete Section 2.0 Term": a citation, not a clause
            return at
        at = text.find(number, at + 1, hi)
    if info.kind == "article":
        # An article whose clauses are numbered from 1 again ("Item One, Investment Projects 1.
        # Construction of ...", as translated contracts number them).
        first = _FIRST_ITEM_RE.search(text, hs + min(len(label), he - hs), hi)
        if first is not None and not _CITING_RE.search(text, max(hs, first.start() - 12), first.start() + 1):
            return first.start() + 1
    return -1


_FIRST_ITEM_RE = re.compile(r"[ \t]1\.[ \t]+[A-Z]")


def find_headings(text: str) -> list[Heading]:
    """Every heading of ``text``, in order (read from its view with wrapped clause numbers rejoined)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    return scan_headings(unwrapped(text))
