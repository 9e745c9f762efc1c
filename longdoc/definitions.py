"""Defined terms of a contract: where each term is defined and what defines it (where each is
used: `longdoc.uses`).

Pure functions over a text (and optionally its outline nodes): offsets in, `Definition`s out.
Scanning runs over a one-byte-per-character view of the text (`byte_view`), where the regular
expressions are several times faster than over a wide str and offsets stay the same.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from operator import attrgetter
from typing import NamedTuple, Protocol

from .forms import singular
from .markdown import BLANK_LINE_BYTES_RE, code_spans, holds_code_marks
from .propositions import ABBREVIATIONS
from .rescan import PAGE_MARK, rescan_span
from .stretches import Stretches
from .wrapped import wrapped_line_start

__all__ = [
    "Definition",
    "byte_view",
    "definitions_after_edit",
    "definitions_in",
    "definitions_parts",
    "find_definitions",
    "has_definitions_part",
    "LINE_BLANKS",
    "LINE_GAP",
    "LINE_WRAP",
    "mark_duplicates",
    "paragraph_text",
    "sentence_runs_into",
    "view_after_edit",
]


class _Titled(Protocol):
    title: str
    heading_start: int
    heading_end: int
    end: int


class Definition(NamedTuple):
    """One place where a term is defined.

    `term` is the term with its inner whitespace collapsed; `term_start`/`term_end` span it as
    written (quotes excluded); `start`/`end` span the defining sentence or clause. `kind` is the
    drafting shape: "means" (`"X" means ...`), "pointer" (`"X" has the meaning given in Section 2`,
    `("X", as defined below)`, `X (as defined in the Credit Agreement)`), "extension" (`the term
    "X" includes ...`), "parenthetical" (`(the "X")`), "referred" (`hereinafter referred to as
    "X"`, `the date of signature (Effective Date)`), "markdown" (`**X**`) or "entry" (an unquoted
    term: an entry of a definitions part, or `X means ...` as British drafting sets X in bold).
    `duplicate` is True when the same term has another definition in the same text that is neither
    a pointer nor an extension.
    """

    term: str
    term_start: int
    term_end: int
    start: int
    end: int
    kind: str
    duplicate: bool = False


_CURLY = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u2013": "-", "\u2014": "-"}


def term_bytes(term: str) -> bytes:
    """A term (or a text) as `byte_view` writes it: curly quotes and dashes in their ASCII forms
    ("Prospect’s Broker" as "Prospect's Broker"), other characters beyond Latin-1 as "?"."""
    if term.isascii():
        return term.encode("ascii")
    for curly, plain in _CURLY.items():
        if curly in term:
            term = term.replace(curly, plain)
    return term.encode("latin-1", "replace")


def byte_view(text: str, code: Sequence[tuple[int, int]] | None = None) -> bytes:
    """The text as one byte per character (offsets unchanged): curly quotes and dashes become their
    ASCII forms, other characters beyond Latin-1 become "?", a term's single quotes double ones,
    and what Markdown's code holds blanks (its marks and line breaks kept): code defines nothing.
    ``code``, when given, is where the code stands (`longdoc.markdown.code_spans` of the text)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    view = term_bytes(text)
    if code is not None:
        view = _blank_code(view, code)
    elif holds_code_marks(view):  # the marks are ASCII: their search in bytes takes a tenth of that in a wide str
        view = _blank_code(view, code_spans(text))
    # A search for the quote and marks in one pattern: two searches of bytes for '"**' and '"__'
    # take four times as long, quotes being many. With none, the view itself comes back.
    view = _BOLD_IN_QUOTES.sub(_unbolded_term, view)
    if b"'" not in view:
        return view
    pairs = [m.span(m.lastindex) for m in _SINGLE_QUOTED.finditer(view)]
    if not pairs:
        return view  # spares copying a long text that has none
    # Joined from views of the text's bytes: slices of bytes would copy it once more.
    whole, parts, at = memoryview(view), [], 0
    for s, e in pairs:
        parts += (whole[at : s - 1], b'"', whole[s:e], b'"')
        at = e + 1
    parts.append(whole[at:])
    return b"".join(parts)


_BLANKS = bytes(b if b in b"\r\n" else 32 for b in range(256))


def _blank_code(view: bytes, spans: Iterable[tuple[int, int]]) -> bytes:
    whole, parts, at = memoryview(view), [], 0
    for s, e in spans:
        parts += (whole[at:s], view[s:e].translate(_BLANKS))
        at = e
    if not parts:
        return view
    parts.append(whole[at:])
    return b"".join(parts)


# A term set in bold inside its quotes, as Markdown writes it ('("**MNDA**")', '"**Services**" means'),
# reads as the quoted term: the quotes stand where the bold marks were, blanks where the quotes were.
# The pattern reads 86 characters at most, within what an edit reads again (`_QUOTE_REACH`).
_BOLD_IN_QUOTES = re.compile(rb'"(\*\*|__)([^\s"*_](?:[^"*\n]{0,78}[^\s"*_])?)\1"')


def _unbolded_term(m: re.Match[bytes]) -> bytes:
    return b'  "' + m.group(2) + b'"  '


# A term in single quotes, as British and Commonwealth contracts draft it ("'Affiliate' means",
# "(the 'Licensor')"), reads as one in double quotes. The opening quote stands after no letter or
# digit and before a capital; the closing one is the first quote after it that no lower-case letter
# follows (one that does is an apostrophe: "'Licensor's Products'"), and no letter or digit follows
# it; or a double quote, as a typist may close it ("(‘Permitted Purpose”)"), where no single one
# comes first. So each pair is told from the 83 characters around it, whatever was read before.
_SINGLE_QUOTED = re.compile(
    rb"'(?<![A-Za-z0-9_']')(?=[A-Z])(?:((?:[^'\"\n]|'(?=[a-z])){1,80})'|([^'\"\n]{1,80})\")(?![A-Za-z0-9])"
)
_QUOTE_REACH = 90


def paragraph_text(text: str, start: int, end: int) -> str:
    """``text[start:end]`` read as one paragraph, as a definition is quoted: each run of blanks and
    line breaks one space, and a page's number or footer alone between blank lines left out."""
    return " ".join(_PAGE_FURNITURE.sub("\n", text[start:end]).split())


# A page break inside a span: a page's number or a filing's footer on a line of its own between blank lines.
_PAGE_FURNITURE = re.compile(r"\n[ \t\f\r]*\n[ \t]*(?:" + PAGE_MARK + r")[ \t]*(?=\r?\n[ \t\f\r]*\n)")


def view_after_edit(view: bytes, text: str, start: int, end: int, new_length: int,
                    code: Sequence[tuple[int, int]] | None = None) -> bytes:
    """`byte_view(text)`, where ``view`` is the view of the text before [start, end) was replaced
    by ``new_length`` characters: only the stretch whose single quotes the edit may pair otherwise
    is read again. Where either text holds Markdown's code, which an edit may open or close far
    away, the whole is read again, unless ``code`` gives the new text's `code_spans` and the code
    of what lies outside the edit stands as it stood."""
    # The view keeps code's marks: the new text holds some only if the view does or the edit wrote
    # them (or made a run of tildes at its edge).
    if code is None and (holds_code_marks(view) or holds_code_marks(text[max(0, start - 2) : start + new_length + 2])):
        return byte_view(text)
    delta = new_length - (end - start)
    a, b = max(0, start - _QUOTE_REACH), min(len(text), start + new_length + _QUOTE_REACH)
    lo, hi = max(0, a - _QUOTE_REACH), min(len(text), b + _QUOTE_REACH)
    # Quotes paired across the stretch's ends lie within its margins, read here as in the whole.
    region = byte_view(text[lo:hi], None if code is None else _clipped(code, lo, hi))
    whole = memoryview(view)  # joined from views: slices of bytes would copy the text once more
    return b"".join((whole[:a], region[a - lo : b - lo], whole[b - delta :]))


def _clipped(spans: Sequence[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """The parts of ``spans`` (in order, apart) within [lo, hi), counted from ``lo``."""
    out = []
    for i in range(max(0, bisect_right(spans, (lo, lo)) - 1), len(spans)):  # no copy of a long text's spans
        s, e = spans[i]
        if s >= hi:
            break
        if e > lo:
            out.append((max(s, lo) - lo, min(e, hi) - lo))
    return out


# A quoted term: starts with a non-space, no quotes nor a blank line (a text wrapped at a fixed
# width breaks a line inside a term: "Disclosing\nParty"), at most 80 characters; a comma or
# period drafted inside the closing quote ("Company,") is not part of the term.
LINE_WRAP = rb"\n(?![ \t\r]*\n)"  # a line break that makes no blank line
# Blanks between words that may hold one line break, where a text wrapped at a fixed width broke a
# line: one way to split a run of spaces.
LINE_BLANKS = rb"(?:[ \t]+(?:\r?\n[ \t]*)?|\r?\n[ \t]*)"
LINE_GAP = rb"[ \t]*(?:\r?\n[ \t]*)?"  # the same, or none
_TERM = rb'(?P<term>[^\s"](?:[^"\n]|' + LINE_WRAP + rb'){0,79}?)[,.]?'
# A table of definitions may set its verb in capitals ('"Calendar Year"    Shall mean ...', '"cGMP"
# Means ...'), on a line of its own.
_HAS_MEANING = rb"(?:has|have)\s+the\s+(?:respective\s+|same\s+)?meanings?"
_VERB = (
    rb"(?:which\s+)?(?:(?:[Ss]hall|[Ww]ill|also|each|respectively|collectively|only),?\s+)*"
    rb"(?:[Mm]eans?\b|refers?(?:\s*,\s*(?:collectively|together|jointly|individually|generally)\s*,)?\s+to\b"
    rb"|(?:is|are)\s+(?:hereby\s+)?defined\b|(?:is|are)\s+as\s+defined\b|shall\s+be\s+defined\b"
    rb"|(?:is|are)\s+agreed\s+to\s+mean\b"
    rb"|" + _HAS_MEANING + rb"\b|includes?\b|shall\s+include\b"
    rb"|shall\s+be\s+(?:deemed(?:\s+to\s+include\b)?|the)\b)"
)
_POINTER = re.compile(_HAS_MEANING + rb"|defined")
# "Defined as" says what the term means, not where: '"Tie-In Program" shall be defined as any program ...'.
_DEFINED_AS = re.compile(rb"defined\s+as\b")
# An unquoted entry that points to where its term is defined ("1.16 Damages shall have the meaning
# ascribed to it in Section 9.4.3") is a pointer, as its quoted form is.
_ENTRY_POINTER = re.compile(LINE_BLANKS + rb"(?:[Ss]hall[ \t]+)?(?:has|have)[ \t]+the" + LINE_BLANKS + rb"(?:respective[ \t]+|same[ \t]+)?meanings?\b")
# What follows a quoted term that "means" something: the verb, maybe after a qualifier.
_MEANS_TAIL = (
    # Blanks in runs that can be split one way only: CUAD texts hold long runs of spaces, and a
    # run split among three optional parts is tried every way before a match fails.
    rb'[ \t]*(?:\n[ \t]*){0,8}(?:[,:][ \t]*)?'
    rb'(?:(?:as\s+used|when\s+used|used|for|of|with\s+respect\s+to|in\s+respect\s+of|and\s+(?:its|their)\s+'
    rb'(?:grammatical\s+)?(?:derivatives|correlatives|variations|variants|cognates|other\s+forms))\b'
    rb'(?:[^"\n;]|' + LINE_WRAP + rb'){0,80}?[,\s]\s*'
    rb"|\((?:[^()\n]|" + LINE_WRAP + rb"){0,60}\)\s*,?\s*|-\s*)?"
    # A parenthesis may give the meaning: 'samples of the "Changed Miltenyi Product" (meaning such ...'.
    rb"(?:" + _VERB + rb"|\(meaning\b)"
)
_MEANS = re.compile(rb'"' + _TERM + rb'"' + _MEANS_TAIL)
# The tail alone, matched after a quoted term already found: the term is not scanned twice.
_AFTER_TERM = re.compile(_MEANS_TAIL)
# In a list of entries ("Cost of Services" is FASC's total ...) a quoted term opening a line is
# defined by a plain "is", or by a dash ('(iii) "SOW" - Statement of Work document ...').
_IS = re.compile(rb"[ \t]+(?:is|are)\b|[ \t]*--?[ \t]+(?=\S)")
# A quoted term as the subject of the sentence that opens with it says what it is ('A "User
# Product" is either ...', '4.2.10 The "Technology Fee" will be an amount ...', 'The term "Major
# Account" is agreed to mean ...'); a term mentioned again as a subject ('The "Termination Fee"
# shall be paid') says what happens to it, which these verbs leave out.
_SUBJECT_VERB = re.compile(  # each "_" stands for blanks, which may hold a line break
    (rb"_(?:(?:is|are)_(?:an?|the|any|that|those|each|either|all|one|agreed_to_mean)\b"
     rb"|(?:shall|will)_(?:be_(?:equal_to|an?|interpreted_as_defined)|equal|begin|commence)\b)").replace(b"_", LINE_BLANKS)
)
_SENTENCE_OPENS = rb"(?:\A\s*|[.;:!?][\"')\]]*\s+|\n[ \t]*|(?<!\S)(?:\(?[a-zA-Z0-9]{1,3}[.)]|\d+(?:\.\d+)+\.?)[ \t]+)"
_SUBJECT_LEAD = re.compile(_SENTENCE_OPENS + rb"(?:The|A|An|Each)[ \t]+(?:term[ \t]+)?\Z")
# In a definitions part, a quoted term that opens a sentence is defined by a plain "is", "are" or
# "represents" ('“User-Generated Content” is Content, written or otherwise, created ...',
# '“Organizations” are shared workspaces ...', 'An "Account" represents your legal relationship').
_LISTED_SUBJECT_VERB = re.compile(rb"_(?:is|are|represents?)\b(?!_not\b)".replace(b"_", LINE_BLANKS))
_LISTED_SUBJECT_LEAD = re.compile(_SENTENCE_OPENS + rb"(?:(?:The|A|An|Each)[ \t]+)?\Z")
_ENTRY_LEAD = re.compile(rb"[ \t]*(?:(?:\d+(?:\.\d+)*\.?|\(?[a-z0-9]{1,4}[.)])[ \t]+)?(?:an?[ \t]+)?")
# "Licensed User" and "Licensed Users" means ...: the first of two terms sharing one definition (its
# "or" maybe left out: '"Licensed Software" "Software" means', not after a sentence's end: 'the
# "Receiving Party." "Confidential Information" means'); not a term that a word before governs ('For
# "Direct Deals", "Revenue" shall refer to').
_ALSO_DEFINED = re.compile(rb'(?<!of )(?<!in )(?<![Ff]or )"' + _TERM + rb'(?:,"|"[ \t]*(?:,|and|or)|(?<![.;:!?])"(?=[ \t]{1,3}\Z))' + LINE_GAP
                           + rb'(?:(?:and|or)[ \t]+)?(?:the[ \t]+)?\Z')
_MOST_SHARING = 8  # quoted terms sharing one verb
_QUOTED = re.compile(rb'"' + _TERM + rb'"')
# The farthest a quoted term's closing quote can be from its opening one (see `_TERM`).
_LONGEST_QUOTED = 83
# What cannot follow the quote that opens a term (see `_TERM`).
_NOT_TERM_START = frozenset([b"", b" ", b"\t", b"\n", b"\r", b"\f", b"\v", b'"'])
# A parenthetical's body may run on over a line break, not over a blank line (see `_parenthetical`).
_PAREN_BODY = rb'(?P<body>[^()"]{0,160}"[^()]{1,240})\)'
# What may precede or join the quoted terms of a defining parenthetical: lower-case words and
# punctuation ((the "X"), (any such entity, the "X"), (each a "X" and collectively the "Xs")),
# "together with" a name, or the name of the instrument a word is defined in ((as such term is
# defined in the UCC, each a "Deposit Account" and collectively with any Deposit Account, each a
# "Collateral Account")), but not an example list ((such as "cookies")) nor a former name
# ((formerly, "Judicial Arbitration and Mediation Services, Inc.")).
_GLUE = re.compile(rb"[\s,;:*]*(?:(?:[a-z][a-z'-]*|\([a-z0-9]{1,4}\)"
                   rb"|(?:with|defined\s+in)\s+(?:the\s+|any\s+)?[A-Z][\w.&'-]*(?:\s+[A-Z][\w.&'-]*){0,4})"
                   rb"(?:[\s,;:*]+|\Z))*")
_NOT_GLUE = re.compile(rb"\b(?:such\s+as|e\.g|i\.e|including|for\s+example|like|or\s+other|see|formerly)\b")
_PAREN_TAIL = re.compile(
    rb"[\s,;*]*(?:as\s+(?:defined|applicable|the\s+case|per|described|set\s+(?:out|forth))|respectively|and\b|or\b|herein|hereinafter"
    rb"|below|above|$)",
    re.IGNORECASE,
)
# "hereinafter referred to as the", "shall be known as", "and collectively as the" right before an
# unbracketed quote. "called", "known as", "designated as" and "named" need a qualifier, a verb or
# a comma before them: "a product called "X"" names a thing without defining a term.
_QUALIFIER = rb"(?:herein|hereinafter|hereafter|collectively|together|jointly|individually|singularly|separately|each)"
_NAMING = rb"(?:called|known|designated|named)"
_REFERRED = re.compile(
    rb"\b(?:referred\s+to(?:\s+" + _QUALIFIER + rb")*\s+as"
    rb"|(?:" + _QUALIFIER + rb"|be|is|are|being|further|,)\s+" + _NAMING + rb"(?:\s+" + _QUALIFIER + rb")*(?:\s+as)?"
    rb"|" + _NAMING + rb"(?:\s+" + _QUALIFIER + rb")+\s+as"
    rb"|(?:and|or)[\s,]+" + _QUALIFIER + rb"(?:\s+" + _QUALIFIER + rb")*[\s,]+as)\s+(?:the\s+|a\s+|an\s+)?\Z",
    re.IGNORECASE,
)
# What a sentence deems to be, says to constitute or to be a quoted term ('each of the following
# events shall be deemed a "Supply Failure":', 'shall constitute an "Event of Default"', 'the party
# receiving Confidential Information shall be the "Receiving Party"'): it says what the term takes
# in, as an extension does, and defines a term defined nowhere else. Not a term in small letters, as
# a statute defines it ('deemed a "work made for hire"'), nor one closing a parenthetical ('(which
# together constitute the "Offer")'), nor one whose meaning another text gives ('the Issuer is the
# "Defaulting Party" (as defined in the Cap Agreement)', 'a person that is a "United States Person"
# within the meaning of Section 7701(a)(30) of the Code').
_DEEMED = re.compile(
    rb"\b(?:deemed(?:\s+to\s+be)?|constitutes?|constituting|is|are|(?:shall|will)\s+be)\s+(?:a|an|the)\s+\Z", re.IGNORECASE
)
_MEANING_GIVEN_AFTER = re.compile(rb"\s*\(?,?\s*(?:as\s+(?:defined|used|that\s+term)|within\s+the\s+meaning)\b")


def _name(blanks: bytes) -> bytes:
    """Capitalised words, maybe joined by "of", "and" or "&", ``blanks`` apart."""
    return rb"(?P<term>[A-Z][\w&'-]*(?:" + blanks + rb"(?:(?:of|and|&)" + blanks + rb")?[A-Z][\w&'-]*){0,5})"


# An unquoted term named by "referred to as" ("hereinafter referred to as the Licensed Software.") or
# by a bracketed "hereinafter" ("(hereinafter Acme)"): capitalised words up to a punctuation mark.
_NAME = _name(rb"[ \t]+")
_REFERRED_NAME = re.compile(
    rb"referred" + LINE_BLANKS + rb"to(?:" + LINE_BLANKS + _QUALIFIER + rb")*" + LINE_BLANKS + rb"as" + LINE_BLANKS
    + rb"(?:the" + LINE_BLANKS + rb")?" + _NAME
    + rb"(?=[ \t]*(?:[.,;:)]|\r?\n|\Z))"
)
_HEREINAFTER_NAME = (
    rb"[ \t]*(?P<named_by>(?i:hereinafter|hereafter)(?:[ \t]+(?i:called|named|designated))?[ \t]+(?:(?i:as)[ \t]+)?(?:the[ \t]+)?"
    rb"|(?:the|this|(?:each|collectively|together|individually),?" + LINE_BLANKS + rb"(?:an?|the))" + LINE_BLANKS + rb")?"
    # Inside the bracket a wrapped line may break the name: "(the Service\nAgreement)".
    + _name(LINE_BLANKS) + rb"[ \t]*\)"
)
# A bracket holding a name alone may name what the words before it describe ("the other Party
# (Disclosing Party) under", "the last date of signature (Effective Date) and", as a filing that lost
# its quotes writes them; `_names_what_precedes`): where prose goes on after it, not a column of a
# table ("Jewelry (Wholesale)     5099") nor a longer name ("the Contracts (Rights of Third Parties)
# Act"); not after a clause cited ("Section 19.0 (Confidential Information)", "Articles XII and XIII
# (Registration Rights)", "Exhibit D (Contract Summary Form)"); no acronym ("(SEC Staff)").
_PROSE_AFTER = re.compile(rb"[ \t]+[a-z]|[,;.:](?:[ \t]|\r?\n|\Z)")
_NUMBER_BEFORE = re.compile(
    rb"(?:\d[\w.]*(?:\([a-z0-9]{1,4}\))*|\b[IVXL]+|\b(?i:sections?|clauses?|articles?|paragraphs?|schedules?|exhibits?"
    rb"|annex(?:es)?|appendix|appendices|parts?|items?)(?:[ \t]+[A-Z0-9][\w.()-]{0,12})?)(?:[ \t]+(?:above|below))?[ \t]*\Z"
)
_ACRONYM_WORD = re.compile(rb"\b[A-Z]{2,}")
_BRACKETS = re.compile(rb"\([^()]*\)")
# "is" and an article after a term that opens an entry or is set in bold: what the term is ("End User
# is the final purchaser ...", '**"Effective Date"** is the earlier of ...').
_SAYS_WHAT_IT_IS = rb"(?:is|are)[ \t]+(?:an?|the|any|all|each)\b"
# A bracket holding a quoted term ("(the "Company")") or an unquoted name (after "hereinafter"): one
# scan for both, as both open with a bracket and neither holds another (so they never overlap).
_BRACKETED = re.compile(rb"\((?:" + _PAREN_BODY + rb"|" + _HEREINAFTER_NAME + rb")")
# A defining parenthetical that names the clauses it gathers before its term ('(each of (a) and (b),
# a "Security Incident")'), read apart: one pattern for both took the scan of 10 MB from 17 ms to
# 41, this one takes 10. Its words before the quote are as many as `_PAREN_BODY`'s at most.
_GATHERING = re.compile(
    rb'\((?P<body>[^()"]{0,60}\([a-z0-9]{1,4}\)(?:[^()"]{0,30}\([a-z0-9]{1,4}\)){0,2}[^()"]{0,22}"[^()]{1,240})\)'
)
_BOLD = re.compile(
    rb'\*\*"?(?P<term>[A-Z][^*\n"]{0,79}?)"?\*\*(?=\s*(?:[:(-]|' + _VERB + rb"|" + _SAYS_WHAT_IT_IS + rb"))"
)
# An entry's label: "1.2", "(a)", "a."; at a line's start also a capital letter ("B.", "AA."),
# which is no term.
_LIST_LABEL = rb"\d+(?:\.\d+)*\.?|\(?[a-z]{1,3}\)|[a-z]\."
# The small words that join an unquoted term's capitalised words ("Change of Control").
_JOINING = (b"of", b"and", b"or", b"the", b"for", b"in", b"to", b"on", b"&")


def _unquoted_term(blanks: bytes) -> bytes:
    """An unquoted term: capitalised words and the small words that join them, ``blanks`` apart,
    short of a verb set in capitals after it ("Endo Product Means: ...", "Unit Sales Shall have
    the meaning ...")."""
    return (rb"(?P<term>(?![A-Z]{1,2}\.[ \t])[A-Z][\w'&/-]*(?:" + blanks + rb"(?:(?!" + _CAPITAL_VERB + rb")[A-Z][\w'&/-]*|"
            + b"|".join(_JOINING) + rb")){0,6})")


_CAPITAL_VERB = rb"(?:Means?|Shall|Has|Have|Includes?|Refers?)\b"


_ENTRY_TERM = rb"(?:(?:" + _LIST_LABEL + rb"|[A-Z]{1,2}\.)[ \t]+)?" + _unquoted_term(rb"[ \t]+") + rb"[ \t]*"
# An entry of a definitions part opens its line: its term, then a stop, a verb, or what it is.
_ENTRY = re.compile(
    rb"^[ \t]*" + _ENTRY_TERM + rb"(?:[.:-][ \t]+(?=\S)|(?=" + _VERB + rb"|" + _SAYS_WHAT_IT_IS + rb"))",
    re.MULTILINE,
)
# An entry run on after a sentence's end and a wide gap, where PDF extraction left a line break
# ("... the terms hereof.     Business Day. Any day other than ...", "Allocated Capacity - capacity
# allocated ..."). Its term's words are one or two blanks apart and one or two blanks follow its
# stop (or stand around its dash), so that no entry holds a gap that another could follow: the
# next such entry ends it. Not a clause's title alone on its line ("2.1 Material
# No.     The ...") nor a sentence ending in capitalised words ("Material No. is used").
# A wrap may break a line inside its term or after its stop ("Due" over "Period. The monthly ...").
_GAP_BLANKS = rb"(?:[ \t]{1,2}|[ \t]?\r?\n[ \t]?)"
_GAP_ENTRY = re.compile(
    rb"[.;:][ \t]{3,}(?:(?:" + _LIST_LABEL + rb")[ \t]{1,2})?" + _unquoted_term(_GAP_BLANKS)
    + rb"(?::" + _GAP_BLANKS + rb"(?=\S)|\." + _GAP_BLANKS + rb"(?=[A-Z\"(])|[ \t]{1,2}-[ \t]{1,2}(?=\S)"
    rb"|" + _GAP_BLANKS + rb"(?=" + _VERB + rb"))"
)
# An entry run on after the one before it ("... of a patient. 1.2. Affiliate shall mean ..."), read
# where the outline found its clause heading; with its verb, as a clause's title alone ("13.8
# Arbitration. ...") is no entry.
_RUN_ON_ENTRY = re.compile(_ENTRY_TERM + rb"(?=" + _VERB + rb")")
# What opens a line of a definitions part without being a term it defines: the clauses about
# reading the agreement ("1.1 Definitions. For the purposes of ...", "1.3 References. In this
# Agreement ..."), a verb set on a line of its own in a table of definitions ("Shall mean all laws
# ..."), and a filing's page header ("CONFIDENTIAL TREATMENT REQUESTED. INFORMATION FOR WHICH ...").
_NOT_ENTRY_TERMS = frozenset(
    b"definitions|defined terms|certain definitions|certain defined terms|other definitions|additional definitions"
    b"|interpretation|construction|rules of construction|references|headings|terms generally|index of defined terms"
    b"|shall|means|mean|confidential treatment requested".split(b"|")
)
# The abbreviated legal form that ends a company's name ("Rare Element Resources Ltd.").
_COMPANY_FORM_END = re.compile(rb"[ \t](?:Inc|Ltd|LLC|Corp|Co|LLP|LP|PLC|GmbH|AG|Pty)\Z")
# The footer an SEC filing puts on each page ("Source: ACME INC., 10-K, 3/1/2019"): no entry.
_FILING_FOOTER = re.compile(rb"Source:[ \t]+[^\n]{1,120}?,[ \t]*[^,\n]{1,30},[ \t]*\d{1,2}/\d{1,2}/\d{4}")
_DEFINITIONS_TITLE = re.compile(r"\bdefinitions?\b|\bdefined\s+terms\b", re.IGNORECASE)
# An entry ends at a blank line, where the next quoted entry starts on a new line, or where a new
# line opens a clause ("1.2 In this Agreement:", "6. FURTHER UNDERTAKINGS") or an article ("ARTICLE
# II") after the list.
_ENTRY_END = re.compile(
    rb'\n[ \t]*(?:\n|(?:\d+(?:\.\d+)*\.?[ \t]+|\(?[a-z0-9]{1,4}\)[ \t]+|[a-z]\.[ \t]+)?(?:"|\*\*)'
    rb'|\d+(?:\.\d+)+\.?[ \t]+[A-Z"(]|\d+\.[ \t]+[A-Z]{2,}[ \t\r\n]|(?:ARTICLE|SECTION)[ \t]+[0-9IVX]+\b)')
# A clause numbered in one level with a short title ("2. Consideration. In exchange ...", "5.
# Confidentiality; Non-Disclosure. The parties ..."), after a sentence's stop: the next clause,
# unless the entry opened a list (": 1. Fraud. Any fraud. 2. ...").
_TITLED_CLAUSE = rb"(?P<titled>\d{1,3}\.[ \t]+[A-Z][A-Za-z'&-]*[;,]?(?:[ \t]+[A-Za-z'&-]+[;,]?){0,5}\.[ \t]+(?:[A-Z]|\([a-z0-9]{1,4}\)))"
# After a wide gap (a line break PDF extraction lost), a clause with a title in capitals ("2. GRANT
# OF RIGHTS   Subject to ...") or the next lettered item of the clause the entry opens ("(a) "Confidential
# Information" means ... .     (b) Receiving Party shall ..."); not an item of a list the entry holds.
_CLAUSE_AFTER_GAP = (rb"[ \t]{2}(?:\d{1,3}\.[ \t]+[A-Z]{2,}(?:[ \t]+[A-Z&]{2,}){0,5}[ \t]{3,}[A-Z]"
                     rb"|\((?P<item>(?!i\))[b-z])\)[ \t]+[A-Z])")
# Where an entry ends within its line: before the next clause run into it ("... subsidiaries. 1.6
# "Licensed Mark" means", ". ARTICLE 2.", ". Section 4.5. Effect of Termination"), or before the
# next term its sentence defines ('a "year" means a calendar year, a "quarter" means ...', a list run
# on in one paragraph: '"SEC" means the Commission; (ee) "SEDAR" means ...'). One
# pattern per mark: one that opens with a single character is scanned for several times faster
# than one that opens with a class of them.
_RUN_ON_CLAUSES = tuple(
    re.compile(mark + rb'(?=[ \t]+(?:\d+(?:\.\d+)+\.?[ \t]+[A-Z"(]|(?:ARTICLE|Article)[ \t]+[0-9IVX]'
               rb'|(?:SECTION|Section)[ \t]+\d+(?:\.\d+)*\.?[ \t]+[A-Z]' + titled + rb'))')
    for mark, titled in ((rb"\.", rb"|" + _TITLED_CLAUSE + rb"|" + _CLAUSE_AFTER_GAP), (b";", b""))
)
# The next entry's terms ('"Party" and "Parties" shall have the meaning ...') and verb.
_MORE_TERMS = rb'(?:,?[ \t]+(?:(?:and|or)[ \t]+)?"[^"\n]{1,80}"){0,9}'
_DEFINING_VERB = (_MORE_TERMS + rb'[ \t]+(?:means?|(?:shall|will)[ \t]+(?:collectively[ \t]+)?mean'
                  rb'|(?:has|have|shall[ \t]+have)[ \t]+the[ \t]+(?:same[ \t]+|respective[ \t]+)?meanings?)\b')
_LABELLED_VERB = _MORE_TERMS + rb'[ \t]+[a-z]'
_ENTRY_LABEL = rb"(?:\(?[a-z0-9]{1,4}\)|\d{1,3}(?:\.\d{1,3})*\.?|[a-z]\.)[ \t]+"
# After a semicolon, an entry may name what it defines ("...; (ii) the term "Furnishing Party"
# means ..."); after a comma, such words define a term within the entry ("For the purposes of this
# definition, the term "control" means ..."). A labelled entry may have any verb ('(c) "Business"
# includes ...', '(h) "Intellectual Property" is used in its broadest sense'): without a label, a
# term said to include more may extend the term before ('"Subscribers" means ... "Subscribers"
# include ...').
_NEXT_DEFINED = tuple(
    re.compile(mark + rb'(?=[ \t]+(?:(?:and|or)[ \t]+)?(?:(?:' + _ENTRY_LABEL + rb')?(?:(?:an?|' + the + rb')[ \t]+' + named
               + rb')?"[^"\n]{1,80}"' + _DEFINING_VERB + including + rb'))')
    for mark, the, named, including in (
        (b",", b"the", b"", b""),
        (b";", b"[Tt]he", rb"(?:terms?[ \t]+)?", rb'|' + _ENTRY_LABEL + rb'"[^"\n]{1,80}"' + _LABELLED_VERB),
        (rb"\.", b"the", b"", rb'|' + _ENTRY_LABEL + rb'"[^"\n]{1,80}"' + _LABELLED_VERB),
    )
)
# The farthest those patterns read past their mark: a label, ten quoted terms and a verb.
_LOOK_AHEAD = 1000
# A wide gap is a line break PDF extraction lost ('"Territory" means the GCC States   "Transfer
# Price" means ...'); sought only where a quote follows one, for runs of spaces are many.
_DEFINED_AFTER_GAP = re.compile(rb'[ \t]{3,}(?="[^"\n]{1,80}"' + _DEFINING_VERB + rb')')
# No "?": the view writes it for each character past Latin-1 ("Snotarator™ Nasal Aspirator"), and
# a contract asks no questions.
_LAST_SENTENCE_END = re.compile(rb'(?s:.*)([.!]) \s*(?=[A-Z"(])')
_MAX_SPAN = 4000
_MAX_BACK = 800
# A line that goes on in small letters, not an item lettered in them ("b. Ridership status").
_WRAPPED_ON = re.compile(rb"[ \t]*[a-z]+(?![.)\w])")
# A page break inside a sentence: blank lines, maybe a page's number or a filing's footer
# (`longdoc.rescan.PAGE_MARK`) between a line that runs on (its last character a small letter or a
# comma) and one that goes on in small letters.
_PAGE_BREAK_LINES = rb"(?:[ \t\f]*(?:" + PAGE_MARK.encode() + rb")?[ \t]*\r?\n){2,12}"
_PAGE_GAP = re.compile(rb"[a-z,][ \t]*\r?\n" + _PAGE_BREAK_LINES + rb"[ \t]*\Z")
_MAX_PAGE_GAP = 400
# The same break read forwards from the line break that ends the line running on; not where the
# next line opens an entry of its own ('the "Licence"   means ...', HealthGate's table of terms).
_PAGE_RUN_ON = re.compile(rb"\n" + _PAGE_BREAK_LINES + rb"[ \t]*(?=[a-z])"
                          rb"(?!(?:an?|the)[ \t]+\")")
_LAST_CLAUSE_RUN_ON = re.compile(rb'(?s:.*)[.!][ \t]+(?=\d+(?:\.\d+)+\.?[ \t]+[A-Z"(])')
_TITLE_BEFORE_THIS = re.compile(rb"(?:[A-Z0-9][^ \t\r\n]*[ \t]+)+(?=This[ \t])")


def _sentence_start(view: bytes, pos: int, across_page: bool = True) -> int:
    """Where the sentence holding pos starts: after the last line break, semicolon or sentence end
    ("." "!", a space, then a capital, quote or bracket) before it, at most _MAX_BACK back; on the
    page before when a page break cuts it there (``across_page``; one break, no more)."""
    lo = max(0, pos - _MAX_BACK)
    best = max(view.rfind(b"\n", lo, pos), view.rfind(b";", lo, pos)) + 1 or lo
    best = line_start = max(best, lo)
    # A sentence wrapped onto lines that go on in small letters began on a line above ("... defines
    # the protocol" over "referred to as "HTTP/1.1""): its start is read from there, within the reach.
    while best > lo and view[best - 1] == 0x0A and _WRAPPED_ON.match(view, best, pos) and sentence_runs_into(view, best):
        above = max(view.rfind(b"\n", lo, best - 1), view.rfind(b";", lo, best - 1)) + 1 or lo
        if _LAST_SENTENCE_END.match(view, above, best) is not None:
            best = line_start = above  # a sentence ends on the line above: read it there
            break
        best = line_start = max(above, lo)
    # The last sentence end, found in C by a greedy run that backs off from pos; a stop after an
    # abbreviation or an initial ('Morgan Stanley & Co. Incorporated ("MS")') ends none.
    limit = pos + 1
    while (m := _LAST_SENTENCE_END.match(view, best, limit)) is not None:
        if not _abbreviated(view, m.start(1), best):
            best = m.end()
            break
        limit = m.start(1)
    if across_page and best == line_start > lo and view[best - 1] == 0x0A and 0x61 <= view[best] <= 0x7A:
        # A line that goes on in lower case may be the rest of a sentence a page break cut. One
        # break back, no more: an edit's rescan reads one paragraph after it (`longdoc.rescan`).
        gap = _PAGE_GAP.search(view, max(0, best - _MAX_PAGE_GAP), best)
        if gap is not None:
            return _sentence_start(view, gap.start() + 1, False)
    # A title run into the preamble's line ("Exhibit 10.1   PROMOTION AGREEMENT   This Promotion
    # Agreement ("Agreement") ..."): words that each open with a capital or a digit, then "This".
    title = _TITLE_BEFORE_THIS.match(view, best, pos)
    if title is not None:
        best = title.end()
    if best == lo > 0 and not view[lo - 1 : lo].isspace():
        best = view.find(b" ", lo, pos) + 1 or lo  # a sentence longer than _MAX_BACK: from a word's start
    while best < pos and view[best] in b" \t\r\n\f":
        best += 1
    return best


# In a text whose lines are its paragraphs, as a word processor exports it, a line that ends a
# sentence ends its entry where the next line opens a clause ("2. Exclusions", "B. Confidential
# Information", "(b) Contractor's obligations.") or is a paragraph of its own: the line is longer
# than lines wrapped to a width are.
_SENTENCE_AT_LINE_END = re.compile(rb"([.;])[\"')]?[ \t]*\r?\n(?=[ \t]*[A-Z0-9\"(])")
# A clause numbered in levels opens an item of a list after a semicolon too ("... the Companies
# Act 2006;" over "1.2.6 headings are included for ease of reference only ...").
_CLAUSE_LINE = re.compile(rb"[ \t]*(?:\d+(?:\.\d+)*\.?|[A-Z]\.|(?P<item>\([a-z0-9]{1,4}\)))[ \t]+[A-Z]"
                          rb"|[ \t]*\d+(?:\.\d+)+\.?[ \t]+[a-z]")
# An item in brackets goes on a list the entry itself holds ("... described as:" over "(a) ..." and
# "(b) ..."), where after an entry without one it is the next item of the clause around it.
_ITEM_LINE = re.compile(rb"\n[ \t]*\([a-z0-9]{1,4}\)")
_WRAPPED_WIDTH = 200


def _entry_end(view: bytes, pos: int, limit: int) -> int:
    stop = min(limit, pos + _MAX_SPAN)
    match = _ENTRY_END.search(view, pos, stop)
    if match is not None and sentence_runs_into(view, match.start() + 1):
        # A page break cuts the entry's sentence (its line runs on in a small letter or after a
        # comma, the next goes on in small letters): it reads on, one break and no more, as an
        # edit's rescan reads one paragraph before its own, a page's number or footer in between.
        gap = _PAGE_RUN_ON.match(view, match.start(), stop)
        if gap is not None:
            match = _ENTRY_END.search(view, gap.end(), stop)
    end = match.start() if match else stop
    for line_end in _SENTENCE_AT_LINE_END.finditer(view, pos, end):
        at = line_end.start(1)
        clause = _CLAUSE_LINE.match(view, line_end.end())
        if clause is not None and clause.start("item") >= 0 and _ITEM_LINE.search(view, pos, at) is not None:
            clause = None
        if clause is not None or view[at] == 0x2E and (
                view.rfind(b"\n", max(0, at - _WRAPPED_WIDTH), at) < 0 <= at - _WRAPPED_WIDTH):
            end = line_end.end(1) if view[line_end.end(1)] in b" \t\r\n" else line_end.end(1) + 1
            break
    # (Three searches of bytes: a pattern opening with a class of characters is scanned several times slower.)
    defining = view.find(b" mean", pos, end) >= 0 or view.find(b') "', pos, end) >= 0 or view.find(b'. "', pos, end) >= 0
    after_gap = (_DEFINED_AFTER_GAP,) if defining and view.find(b'  "', pos, end) >= 0 else ()
    # A match's look-ahead may read past where another pattern ended the entry: each reads on as far.
    limit = end
    for pattern in (*_RUN_ON_CLAUSES, *(_NEXT_DEFINED if defining else ()), *after_gap):
        run_on = pattern.search(view, pos, min(limit, end + _LOOK_AHEAD))
        if run_on is None or run_on.start() >= end:
            continue
        found = run_on.groupdict()
        if found.get("titled") and _LIST_OPENS.search(view, pos, run_on.start()):
            continue
        if found.get("item") and view.find(b"(%c)" % (ord(found["item"]) - 1), pos, run_on.start()) >= 0:
            continue  # "(b)" after "(a)" in the entry: the next item of its own list
        end = run_on.start() + (view[run_on.start()] == 0x2E)  # a period ends the entry's sentence
    while end > pos and view[end - 1] in b" \t\r\n\f":
        end -= 1
    return end


def _definition(text: str, term_start: int, term_end: int, start: int, end: int, kind: str) -> Definition | None:
    raw = text[term_start:term_end]
    if (raw[:1].isalpha() and raw[-1:].isalnum() and "  " not in raw and raw.isprintable()
            and not raw.startswith("the ")):
        # The common case: a term as written, nothing to trim or collapse.
        return Definition(raw, term_start, term_end, min(start, term_start), max(end, term_end), kind)
    stripped = raw.rstrip(",.;: \t")
    if stripped.endswith(")") and "(" not in stripped:
        # The parenthesis around the term, closed inside its quotes: '(hereafter referred to as “Vendor)”'.
        stripped = stripped[:-1].rstrip()
    lead = len(stripped) - len(stripped.lstrip())
    if stripped.startswith("the", lead) and stripped[lead + 3 : lead + 4].isspace() and stripped[lead + 4 :].lstrip()[:1].isupper():
        # ("the Effective Date"): an article drafted inside the quotes is no part of the term.
        lead = len(stripped) - len(stripped[lead + 4 :].lstrip())
    term = " ".join(stripped[lead:].split())
    if not term or not term[0].isalnum() or kind != "means" and term[0].isdigit() and not any(map(str.isalpha, term)):
        # No term, or a number quoted but not said to mean something ('"1" shall mean ...' names a
        # formula's part): a grammar's '1*("0")', a value ("0").
        return None
    s = term_start + lead
    e = term_start + len(stripped)
    return Definition(term, s, e, min(start, s), max(end, e), kind)


def definitions_in(
    text: str,
    start: int = 0,
    end: int | None = None,
    nodes: Sequence[_Titled] = (),
    view: bytes | None = None,
) -> list[Definition]:
    """Definitions whose term starts in [start, end), in text order, duplicates not yet marked.

    Start at a paragraph's start or at a quiet place (see `longdoc.rescan`) for the spans of a full
    scan. `nodes` (outline nodes) let unquoted entries of a Definitions part be recognised; `view`
    is `byte_view(text)` when the caller has it already.
    """
    v = byte_view(text) if view is None else view
    stop = len(text) if end is None else min(end, len(text))
    means: list[Definition | None] = []
    quoted: list[Definition | None] = []
    means_end = start
    parts = _definitions_parts(nodes, start, stop)
    listed = Stretches(lo_hi[:2] for lo_hi in parts)
    for m in _QUOTED.finditer(v, start, stop):
        # A "means" definition opens with a quoted term, or with the closing quote of one when a
        # term follows it at once ('"A"B" means'); like a left-to-right scan, it never starts
        # inside the previous one.
        # Its verb may stand a blank line below a term that ends the scanned stretch (a table of
        # definitions): read past the stretch, as a scan of the whole text would.
        if m.start() >= means_end:
            tail = _AFTER_TERM.match(v, m.end())
            if tail is not None:
                means_end = tail.end()
                means.extend(_means(text, v, m.start("term"), m.end("term"), m.start(), tail.end(), listed))
        closing = m.end() - 1
        if closing >= means_end and v[closing + 1 : closing + 2] not in _NOT_TERM_START and _verb_after_next_quote(v, closing, len(v)):
            after = _MEANS.match(v, closing)
            if after is not None:
                means_end = after.end()
                means.extend(_means(text, v, after.start("term"), after.end("term"), closing, after.end(), listed))
        lead = _entry_line_start(v, m.start(), 2) if _IS.match(v, m.end()) else None
        if lead is not None and _ENTRY_LEAD.fullmatch(v, lead, m.start()):
            quoted.append(_definition(text, m.start("term"), m.end("term"), m.start(), _entry_end(v, m.end(), len(v)), "means"))
            continue
        subject = _SUBJECT_VERB.match(v, m.end()) if m.start() >= means_end else None
        if subject is not None and _SUBJECT_LEAD.search(v, max(0, m.start() - 40), m.start()) is None:
            subject = None
        if subject is None and m.start() >= means_end and m.start() in listed:
            subject = _LISTED_SUBJECT_VERB.match(v, m.end())
            if subject is not None and _LISTED_SUBJECT_LEAD.search(v, max(0, m.start() - 40), m.start()) is None:
                subject = None
        if subject is not None:
            means_end = subject.end()
            term = v[m.start("term") : m.end("term")]
            span_end = _sentence_end(v, subject.end(), _entry_end(v, subject.end(), len(v)), term)
            kind = _verb_kind(v, m.end("term"), subject.end())
            means.append(_definition(text, m.start("term"), m.end("term"), m.start(), span_end, kind))
            continue
        before = v[max(0, m.start() - 24) : m.start()].lower()
        if (b"as" in before or b"called" in before or b"named" in before or b"designated" in before) and _REFERRED.search(
            v, max(0, m.start() - 80), m.start()
        ):
            s = _sentence_start(v, m.start())
            quoted.append(_definition(text, m.start("term"), m.end("term"), s, m.end(), "referred"))
        elif (before.endswith((b" a ", b" an ", b" the ")) and 0x41 <= v[m.start("term")] <= 0x5A
              and v[m.end() : m.end() + 1] != b")" and _DEEMED.search(v, max(0, m.start() - 40), m.start())
              and _MEANING_GIVEN_AFTER.match(v, m.end()) is None):
            s = _sentence_start(v, m.start())
            quoted.append(_definition(text, m.start("term"), m.end("term"), s, m.end(), "extension"))
    # Shapes listed in the order _dedupe prefers among equals.
    found = means
    hereinafter = []
    for m in _BRACKETED.finditer(v, start, stop):
        if m.start("body") >= 0:
            found.extend(_parenthetical(text, v, m))
        elif m.start("named_by") >= 0 or _names_what_precedes(v, m):
            hereinafter.append(m)
    for m in _GATHERING.finditer(v, start, stop):
        found.extend(_parenthetical(text, v, m))
    found.extend(quoted)
    for m in (*_opening_with(_REFERRED_NAME, b"referred", v, start, stop), *hereinafter):
        s = _sentence_start(v, m.start())
        found.append(_definition(text, m.start("term"), m.end("term"), s, m.end(), "referred"))
    for m in _BOLD.finditer(v, start, stop) if v.find(b"**", start, stop) >= 0 else ():
        found.append(_definition(text, m.start("term"), m.end("term"), m.start(), _entry_end(v, m.end(), len(v)), "markdown"))
    found.extend(_defined_in_another(text, v, start, stop))
    for lo, hi, part_end in parts:
        run_on = (_RUN_ON_ENTRY.match(v, at, hi) for at in _heading_starts(nodes, lo, hi))
        gapped = _GAP_ENTRY.finditer(v, lo, hi) if v.find(b"   ", lo, hi) >= 0 else ()
        lines = (m for m in _ENTRY.finditer(v, lo, hi) if not _wrapped_into(v, m))
        for m in (*lines, *filter(None, run_on), *gapped):
            if _FILING_FOOTER.match(v, m.start("term")) or b" ".join(m.group("term").split()).lower() in _NOT_ENTRY_TERMS:
                continue
            if v[m.end("term") : m.end("term") + 1] == b"." and _COMPANY_FORM_END.search(m.group("term")):
                continue  # the period of "Ltd." is no entry's stop: a party's name heading a page
            if _NOT_ENTRY_OPENING.match(v, m.start("term")):
                continue  # a sentence ("If the Request-URI is an asterisk") or an aside ("Note: ...")
            kind = "pointer" if _ENTRY_POINTER.match(v, m.end("term")) else "entry"
            end = _entry_end(v, m.end(), part_end)
            following = _GAP_ENTRY.search(v, m.end(), end)
            if following is not None:
                end = _entry_end(v, m.end(), following.start() + 1)  # its stop ends this entry
            if v[m.end("term") : m.end("term") + 1] == b":":
                line_end = v.find(b"\n", m.end(), end)
                if _PROSE_WORDS.search(v, m.end(), end if line_end < 0 else line_end) is None:
                    continue  # a field and its value on its line ("Content-Type: image/gif", "Via: 1.0 fred")
            found.append(_definition(text, m.start("term"), m.end("term"), m.start("term"), end, kind))
    found.extend(_unquoted_entries(text, v, start, stop))
    return _dedupe([d for d in found if d is not None])


def _means(text: str, v: bytes, term_start: int, term_end: int, start: int, end: int,
           listed: Stretches) -> list[Definition | None]:
    """The definition a quoted term and its verb at [start, end) make, and those of the quoted
    terms listed before it that share it ('"Licensed User" and "Licensed Users" means'); ``listed``:
    the definitions parts of the outline, where definitions are entries of a list."""
    kind = _verb_kind(v, term_end, end)
    # '“GitHub,” “We,” and “Us” refer to GitHub': each term of the list before the verb's; past the
    # one next to it, capitalised terms only, as a list of expressions read alike is no list of
    # terms ('"N days in advance", "within N days", include the Nth day').
    also: list[re.Match[bytes]] = []
    opening = start
    while len(also) < _MOST_SHARING and (before := _ALSO_DEFINED.search(v, max(0, opening - 90), opening)) is not None:
        if also and not 0x41 <= v[before.start("term")] <= 0x5A:
            break
        also.append(before)
        opening = before.start()
    span_end = _entry_end(v, end, len(v))
    in_list = opening in listed
    if in_list and v.find(b"   ", end, span_end) >= 0:
        # An entry of a definitions part ends where an unquoted one runs on after a wide gap, as
        # those entries end each other ('... pharmaceutical product.   Call report: A list ...').
        following = _GAP_ENTRY.search(v, end, span_end)
        while following is not None and following.group("term") == v[term_start:term_end]:
            following = _GAP_ENTRY.search(v, following.end(), span_end)  # "Code shall include ...": the same entry
        if following is not None:
            span_end = _entry_end(v, end, following.start() + 1)
    if _LIST_FOLLOWS.match(v, end) is None and (_within_sentence(v, opening) or _after_sentence_in_line(v, opening) and not in_list):
        # Inside a sentence of prose ('The term "Affiliate" means ...', 'an "Approved Account" means
        # ...') or opening one after another in a paragraph of prose ('... a Chase credit card.
        # "Customers" are defined herein as ...'), a definition is that sentence: the next one goes
        # on with the clause. A definitions part's entries may run on in one line, each of sentences.
        span_end = _sentence_end(v, end, span_end, v[term_start:term_end])
    out = [_definition(text, term_start, term_end, start, span_end, kind)]
    out += [_definition(text, m.start("term"), m.end("term"), m.start(), span_end, kind) for m in also]
    return out


def _verb_kind(v: bytes, term_end: int, verb_end: int) -> str:
    """The kind of a quoted term's definition whose verb ends at ``verb_end``: "pointer" when it
    says where the term is defined, "extension" when it says what the term includes, else "means"."""
    pointer = _POINTER.search(v, term_end, verb_end)
    if pointer is not None and _DEFINED_AS.match(v, pointer.start()) is None:
        return "pointer"
    return "extension" if v[term_end:verb_end].rstrip().endswith((b"include", b"includes")) else "means"


def _within_sentence(v: bytes, at: int) -> bool:
    """Whether words of its sentence stand before the quote at ``at`` ('The term "Affiliate"'), not
    only a label ("(f) ", "1.18 ") or nothing: a definition that opens a sentence may be an entry."""
    lead = _sentence_start(v, at)
    return _WORDS_BEFORE.search(v, lead, at) is not None and _ENTRY_LEAD.fullmatch(v, lead, at) is None


_WORDS_BEFORE = re.compile(rb"[a-z]{2,}")


def _after_sentence_in_line(v: bytes, at: int) -> bool:
    """Whether a sentence ends in the same line just before ``at`` (a stop, then blanks that are
    no wide gap: PDF extraction runs the lines of a list of entries into one with such gaps)."""
    return _SENTENCE_BEFORE.search(v, max(0, at - 8), at) is not None and v[at - 3 : at] != b"   "


_SENTENCE_BEFORE = re.compile(rb"[a-z)][.!;][\"')]?[ \t]+\Z")
# '"Cause" means: (i) Breach of Agreement. ...': a list of items, each maybe of sentences.
_LIST_FOLLOWS = re.compile(rb"[ \t]*:")


# A sentence ends at a stop (and any closing quote or bracket) before a capital or a lettered
# clause ("(b) Headings"); not after an abbreviation ("Inc.", "U.S.") or an initial, nor at a "?"
# (see `_LAST_SENTENCE_END`).
_STOP = re.compile(rb'[.!]["\')\]]*(?=[ \t\r\n]+(?:["(\[]?[A-Z]|(?P<item>\([a-z0-9]{1,4}\)[ \t]+[A-Z])))')


_LIST_OPENS = re.compile(rb":\s")  # not the colon of a time ("9:00 a.m.")


def _sentence_end(v: bytes, pos: int, limit: int, term: bytes) -> int:
    """The end of the sentence defining ``term`` that goes on at ``pos`` (its stop included), with
    the sentences after it that say what the term includes or excludes; or ``limit``."""
    for m in _STOP.finditer(v, pos, limit):
        if _abbreviated(v, m.start(), pos) or _qualifies(v, m.end(), term):
            continue
        if m.start("item") >= 0 and _LIST_OPENS.search(v, pos, m.start()) is not None:
            continue  # the next item of a list the definition holds ("described as: (a) ... (b) ...")
        return m.end()
    return limit


def _abbreviated(v: bytes, stop: int, lo: int) -> bool:
    """Whether the stop at ``stop`` ends an abbreviation ("Inc.", "U.S.") or an initial, read from
    the word's start but not before ``lo``."""
    opens = max(v.rfind(b" ", lo, stop), v.rfind(b"\n", lo, stop), lo - 1) + 1
    word = v[opens : stop + 1].lower()
    if word in _ABBREVIATIONS:
        return True
    # A lone letter after "Exhibit", "Schedule" ... is what it cites, not an initial ("listed in Exhibit A. The ...").
    return _INITIALS.fullmatch(word) is not None and not (
        len(word) == 2 and _LABELLED.search(v, max(lo, opens - _LABEL_REACH), opens) is not None)


_ABBREVIATIONS = frozenset(a.encode("latin-1") for a in ABBREVIATIONS)
_INITIALS = re.compile(rb"\(?(?:[a-z]\.)+")
_LABELLED = re.compile(rb"(?i:exhibit|schedule|annex|appendix|attachment|article|section|clause|part|class|series)s?[ \t]+$")
_LABEL_REACH = len("attachments") + 2
# A sentence that goes on with the definition: "For the avoidance of doubt, ...", "Without limiting
# the generality of the foregoing, ...", "The term Antibody also includes ...", "Confidential
# Information does not include ...".
_GOES_ON = re.compile(rb"[ \t\r\n]+(?:For[ \t]+(?:the[ \t]+avoidance[ \t]+of[ \t]+doubt|clarity)|Without[ \t]+limiting"
                      rb"|Notwithstanding[ \t]+the[ \t]+(?:foregoing|above)|(?:The|Such|This)[ \t]+term\b)")
# One run of blanks before the verb, or two around its auxiliary: two runs side by side would be
# tried at every split of a long run of spaces after a sentence.
# The term may be plural ("Deliverables include"), its verb after two auxiliaries ("shall also
# include", "shall not be deemed to include").
_SAYS_WHAT = re.compile(rb'(?:e?s)?["\'\s]*(?:(?:also|always|further|shall|does|will|may|is|are)[ \t]+){0,2}(?:not[ \t]+)?'
                        rb'(?:be[ \t]+deemed[ \t]+to[ \t]+)?(?:includ|exclud|mean)')
# A word that turns to the term again ("However, Residuals does not include ...").
_TURN = re.compile(rb"[ \t\r\n]+(?:However|In[ \t]+addition|Further(?:more)?|Moreover),[ \t]+")


def _qualifies(v: bytes, at: int, term: bytes) -> bool:
    """Whether the sentence at ``at`` goes on with the definition of ``term`` (see `_GOES_ON`), or
    opens with the term saying what it includes or excludes."""
    if _GOES_ON.match(v, at) is not None:
        return True
    turn = _TURN.match(v, at)
    if turn is not None:
        at = turn.end()
    window = v[at : at + len(term) + 8]
    opening = window.lstrip(b" \t\r\n\"'(")
    after = at + len(window) - len(opening) + len(term)
    return opening.startswith(term) and _SAYS_WHAT.match(v, after) is not None


def _verb_after_next_quote(v: bytes, quote: int, stop: int) -> bool:
    """Whether a "means" verb follows the next quote after `quote` (as it must if a quoted term
    opening there is defined): a cheap test before the whole pattern is tried."""
    closing = v.find(b'"', quote + 1, min(stop, quote + _LONGEST_QUOTED))
    return closing >= 0 and _AFTER_TERM.match(v, closing + 1, stop) is not None


def _opening_with(pattern: re.Pattern[bytes], literal: bytes, v: bytes, start: int, stop: int) -> Iterator[re.Match[bytes]]:
    """`pattern.finditer(v, start, stop)` for a pattern whose matches open with `literal`: the
    literal is found by `bytes.find`, which scans several times faster than the regex engine."""
    at = v.find(literal, start, stop)
    while at >= 0:
        m = pattern.match(v, at, stop)
        at = v.find(literal, at + 1 if m is None else max(m.end(), at + 1), stop)
        if m is not None:
            yield m


def _entry_line_start(v: bytes, at: int, words: int) -> int | None:
    """Where the line holding ``at`` starts; None when more than ``words`` runs of non-spaces
    stand between them, so that a pattern of that many words cannot span them. On a line of
    megabytes it reads back a few hundred bytes, not the whole line."""
    lo = max(0, at - 512)
    line = v.rfind(b"\n", lo, at)
    if line >= 0 or lo == 0:
        return line + 1
    if len(v[lo:at].split(None, words)) > words:
        return None
    return v.rfind(b"\n", 0, lo) + 1


def _unquoted_entries(text: str, v: bytes, start: int, stop: int) -> list[Definition | None]:
    """Unquoted terms defined by "means" anywhere, as British drafting sets its terms in bold
    ("Appointment means the employment ...", "(a) Affiliate means ...", "For the purposes of this
    Agreement, Confidential Information shall mean ..."); see `_unquoted_candidates`. An entry of a
    list runs to the next one; one opening a sentence of prose, or whose paragraph runs on into
    other clauses, is its sentence (with those saying what the term includes)."""
    out: list[Definition | None] = []
    candidates = list(_unquoted_candidates(v, start, stop))
    for i, c in enumerate(candidates):
        if c.term_start < start:
            continue  # read from before the stretch: a scan from further back finds it whole
        limit = _entry_end(v, c.verb_end, len(v))
        # The next candidate, if its verb stands before the limit; after the last, one is read for
        # from where the stretch's scan ended (a " mean" it held whole starts 4 bytes before its end).
        if i + 1 < len(candidates):
            following = candidates[i + 1] if candidates[i + 1].mean_at < limit else None
        else:
            following = next(_unquoted_candidates(v, max(c.verb_end, stop - 4), limit), None)
        if following is not None:
            limit = _entry_end(v, c.verb_end, following.opening)
        # A PDF may run a paragraph on into the clauses after it (AUL's "Customer Information means
        # ... of the Agreement. 16. Anti-Money Laundering Program ...").
        if c.prose or _CLAUSE_RUN_IN.search(v, c.verb_end, limit) is not None:
            limit = _sentence_end(v, c.verb_end, limit, v[c.term_start : c.term_end])
        out.append(_definition(text, c.term_start, c.term_end, c.opening, limit, c.kind))
    return out


_CLAUSE_RUN_IN = re.compile(rb"[.;][ \t]+\d{1,3}\.[ \t]+[A-Z][a-z]")


class _Unquoted(NamedTuple):
    mean_at: int  # where " mean" of its verb stands
    opening: int  # where the entry opens: its label, or its term
    term_start: int
    term_end: int
    verb_end: int
    kind: str  # "entry" or "pointer"
    prose: bool  # opening a sentence of prose rather than an entry of a list


# The unquoted term before a verb, read backwards from the verb (one match, not a search of every
# place it might start): capitalised words and the small words that join them, one or two blanks
# apart, the first (last read) capitalised and no part of a longer word.
_JOINING_REVERSED = rb"(?:" + b"|".join(w[::-1] for w in _JOINING) + rb")"
_CAPITALISED_REVERSED = rb"[\w'&/-]*[A-Z]"
_TERM_REVERSED = re.compile(
    _CAPITALISED_REVERSED + rb"(?:(?:[ \t]{1,2}(?:" + _CAPITALISED_REVERSED + rb"|" + _JOINING_REVERSED + rb")){0,5}"
    rb"[ \t]{1,2}" + _CAPITALISED_REVERSED + rb")?(?![\w'&/.-])"
)
# "means" the noun ("by electronic means of delivery"), not the verb.
_MEANS_NOUN = re.compile(rb"[ \t]+(?:of|by|for|whereby|through|available|necessary|possible)\b")
# Words that open a sentence, not a term.
_OPENING_WORDS = b"The This That These Those It Its Such Each Any All Which What Who There Here".split()
_NOT_UNQUOTED_TERMS = frozenset([*_OPENING_WORDS, *b"Reference References Word Words".split()])
# What opens a line of a definitions part as a sentence or a remark, not as an entry's term: words
# that open sentences ("This is a list ...", "If the Content-Location is a relative URI"), or a
# note or an example set off by its colon.
_NOT_ENTRY_OPENING = re.compile(
    rb"(?:" + b"|".join([*_OPENING_WORDS, *b"If When Where Unless While".split()]) + rb")[ \t]"
    rb"|(?:Notes?|NOTES?|Examples?|EXAMPLES?):")
# A word in small letters and the next word, as prose writes them ("are Advantel, C&W"), not the
# words of a value ("text/html; q=0.5, en-gb", "1.0 fred, 1.1 nowhere.com").
_PROSE_WORDS = re.compile(rb"(?<![\w/.=\"-])[a-z]{2,}[ \t]+[A-Za-z]")
_LABEL_BEFORE = re.compile(rb"(?<![\w.])(?:\d{1,3}(?:\.\d{1,3})*\.?|\(?(?:[a-zA-Z]{1,2}|[ivxIVX]{1,5}|\d{1,3})[.)])[ \t]+\Z")
_STOP_BEFORE = re.compile(rb"[.;:][ \t]+\Z")
_INTRO_BEFORE = re.compile(
    rb"(?:[Ff]or[ \t]+(?:the[ \t]+)?purposes?[ \t]+of|\b[Ii]n)[ \t]+this[ \t]+[A-Za-z]+(?:[ \t]+[\w.()]{1,12})?,[ \t]+\Z")


def _unquoted_candidates(v: bytes, start: int, stop: int) -> Iterator[_Unquoted]:
    """Unquoted terms whose verb ("means", "shall mean", "has the meaning") starts in [start, stop),
    in text order: capitalised words that open a line after a blank line or a line ending a
    sentence or an entry (or after a label), follow a sentence's end, a colon or a semicolon, or
    an opening such as "For the purposes of this Agreement,"."""
    # The verb may open a line that a wrap broke before it ("... Property Rights" over "means ...").
    at, wrapped = v.find(b" mean", start, stop), v.find(b"\nmean", start, stop)
    while at >= 0 or wrapped >= 0:
        if wrapped < 0 or 0 <= at < wrapped:
            found, at = _unquoted_at(v, at), v.find(b" mean", at + 5, stop)
        else:
            found, wrapped = _unquoted_at(v, wrapped), v.find(b"\nmean", wrapped + 5, stop)
        if found is not None:
            yield found


def _unquoted_at(v: bytes, at: int) -> _Unquoted | None:
    """The unquoted definition whose verb has " mean" (or "mean" opening a line) at ``at``, if any."""
    after = at + 5
    kind = "entry"
    verb = at
    if v[after : after + 1] == b"s":
        after += 1
        if _MEANS_NOUN.match(v, after):
            return None
    elif v[after : after + 3] == b"ing":
        has = v.rfind(b" ha", max(0, at - 24), at)
        verb = has - 6 if _shall_before(v, has) else has
        if has < 0 or _ENTRY_POINTER.fullmatch(v, verb, at + 8) is None:
            return None
        after, kind = at + 8, "pointer"
    elif _shall_before(v, at):
        verb = at - 6
    else:
        return None
    if v[after : after + 1].isalnum():
        return None
    j = verb
    while j > 0 and v[j - 1] in b" \t,\r":
        j -= 1
    m = _TERM_REVERSED.match(v[max(0, j - 120) : j][::-1])
    if m is None:
        return None
    term_start = j - m.end()
    if v[term_start:j].split(None, 1)[0] in _NOT_UNQUOTED_TERMS:
        return None
    carried = _carried_term_start(v, term_start, j)
    opened = None if carried is None else _opened(v, carried)
    if opened is not None:
        term_start = carried
    else:
        opened = _opened(v, term_start)
        if opened is None:
            return None
    return _Unquoted(at, opened[0], term_start, j, after, kind, opened[1])


def _shall_before(v: bytes, at: int) -> bool:
    """Whether " shall" ends at ``at``, maybe opening its line."""
    return v[at - 5 : at] == b"shall" and v[at - 6 : at - 5] in (b" ", b"\n")


def _opened(v: bytes, term_start: int) -> tuple[int, bool] | None:
    """Where the unquoted entry whose term starts at ``term_start`` opens, and whether it opens a
    sentence of prose; None when nothing before the term opens an entry there."""
    label = _LABEL_BEFORE.search(v, max(0, term_start - 12), term_start)
    opening = term_start if label is None else label.start()
    line = opening
    while line > 0 and v[line - 1] in b" \t":
        line -= 1
    if line == 0 or v[line - 1] == 0x0A:
        if label is None and not _after_entry_or_break(v, line):
            return None
        return opening, False
    if _STOP_BEFORE.search(v, max(0, opening - 40), opening) is not None:
        return opening, v[opening - 3 : opening] != b"   "  # a wide gap: a list of entries run into lines
    if _INTRO_BEFORE.search(v, max(0, opening - 80), opening) is not None:
        return opening, True
    return None


def _carried_term_start(v: bytes, term_start: int, term_end: int) -> int | None:
    """Where a term that opens its line starts when a wrap carried its first words to the end of
    the line above ("... Sekisui. 1.9. Effective" over "Date shall mean ..."): that line a wrapped
    one (40 characters or more), opened by something else; None otherwise."""
    line = term_start
    while line > 0 and v[line - 1] in b" \t":
        line -= 1
    if line == 0 or v[line - 1] != 0x0A:
        return None
    end = line - 1 - (v[line - 2 : line - 1] == b"\r")
    while end > 0 and v[end - 1] in b" \t":
        end -= 1
    above = wrapped_line_start(v, end)
    if above < 0:
        return None
    # The term read back as one line, so that it holds no more words than one that is.
    own = term_end - term_start
    m = _TERM_REVERSED.match((v[max(above, end - 120) : end] + b" " + v[term_start:term_end])[::-1])
    if m is None or m.end() <= own + 1:
        return None
    first = end - (m.end() - own - 1)
    return first if v[above:first].strip() else None


def _wrapped_into(v: bytes, m: re.Match[bytes]) -> bool:
    """Whether an entry's term with no label opens a line that a sentence wraps into: the line
    above ends in a small letter or a comma ("... exercising rights under this" over "License. For
    legal entities, ..."), a word broken at its hyphen ("Content-" over "Length. The client ..."),
    or a quotation it opened ('... is described in "HTTP' over 'Authentication: Basic ...')."""
    if m.start("term") != m.start() + len(m.group()) - len(m.group().lstrip(b" \t")):
        return False
    if sentence_runs_into(v, m.start()) or _HYPHEN_BROKEN.search(v, max(0, m.start() - 8), m.start()):
        return True
    above = v.rfind(b"\n", max(0, m.start() - 1 - _QUOTE_READ), m.start() - 1)
    return above >= 0 and v.count(b'"', above, m.start()) % 2 == 1


_HYPHEN_BROKEN = re.compile(rb"[A-Za-z]-[ \t\r]*\n[ \t]*\Z")  # "Content-" over "Length"
_QUOTE_READ = 200  # a quotation left open is looked for on a line this long at most


def sentence_runs_into(v: bytes, line: int) -> bool:
    """Whether a sentence runs on into the line starting at ``line``: the line above ends in a
    small letter or a comma."""
    above = _line_above_ends(v, line)
    return 97 <= above <= 122 or above == 0x2C


def _after_entry_or_break(v: bytes, line: int) -> bool:
    """Whether the line starting at ``line`` follows the text's start, a blank line, or a line that
    ends a sentence or an entry (a wrapped line of prose may open with capitalised words)."""
    above = _line_above_ends(v, line)
    return above < 0 or above in b"\n.;:"


def _line_above_ends(v: bytes, line: int) -> int:
    """The last character of the line above the one starting at ``line``: a line break when that
    line is blank, -1 when there is none."""
    i = line - 1  # the line break
    while i > 0 and v[i - 1] in b" \t\r":
        i -= 1
    return v[i - 1] if i > 0 else -1


def definitions_parts(nodes: Iterable[_Titled]) -> list[_Titled]:
    """The outline parts titled as a list of definitions ("Definitions", "1. DEFINED TERMS")."""
    return [n for n in nodes if _lists_definitions(n)]


def has_definitions_part(nodes: Iterable[_Titled]) -> bool:
    """Whether any outline part is titled as a list of definitions (read up to the first)."""
    return any(map(_lists_definitions, nodes))


def _lists_definitions(node: _Titled) -> bool:
    # A substring test first: a regular expression per title is slow on a long outline.
    return "efin" in node.title.lower() and _DEFINITIONS_TITLE.search(node.title) is not None


def _definitions_parts(nodes: Iterable[_Titled], start: int, stop: int) -> list[tuple[int, int, int]]:
    out = []
    for n in definitions_parts(nodes):
        lo, hi = max(n.heading_end, start), min(n.end, stop)
        if lo < hi:
            out.append((lo, hi, n.end))
    return out


def _heading_starts(nodes: Sequence[_Titled], lo: int, hi: int) -> list[int]:
    """Where the outline's headings start in [lo, hi) (``nodes`` in document order)."""
    first = bisect_left(nodes, lo, key=_HEADING_START)
    return [n.heading_start for n in nodes[first : bisect_left(nodes, hi, key=_HEADING_START)]]


_HEADING_START = attrgetter("heading_start")


_DEFINED_ELSEWHERE = re.compile(rb"[ \t]*,?[ \t]*as[ \t]+(?:(?:more|further)[ \t]+(?:specifically|fully|particularly)[ \t]+)?defined\b")


# A clause's title quoted after a citation of it ('the survival of Article 18 ("Force Majeure")').
# "this Section 11 ("Indemnitee")" defines: the clause it stands in names the term.
_CITED_BEFORE = re.compile(
    rb"(?<![Tt]his )(?<!THIS )(?:[Ss]ection|[Aa]rticle|[Cc]lause|[Pp]aragraph|SECTION|ARTICLE|CLAUSE|PARAGRAPH)"
    rb"(?:[ \t]+|[ \t]*\r?\n[ \t]*)[0-9IVXLC][\w.()-]{0,16}[ \t]*(?:\r?\n[ \t]*)?\Z"
)


def _caption(v: bytes, m: re.Match[bytes], quoted: list[re.Match[bytes]]) -> bool:
    """Whether the parenthetical only quotes the title of the clause cited right before it."""
    if len(quoted) > 1 or v[m.start("body") : quoted[0].start()].strip():
        return False
    lo = max(0, m.start() - 48)
    words = v[lo : m.start()].lower()
    # A test for the words first: most names before a bracket cite no clause.
    return (any(w in words for w in (b"section", b"article", b"clause", b"paragraph"))
            and _CITED_BEFORE.search(v, lo, m.start()) is not None)


def _parenthetical(text: str, v: bytes, m: re.Match[bytes]) -> list[Definition | None]:
    body_start, body_end = m.span("body")
    quoted = list(_QUOTED.finditer(v, body_start, body_end))
    if not quoted or BLANK_LINE_BYTES_RE.search(v, m.start(), body_end) is not None:
        return []
    gaps = [(body_start, quoted[0].start())] + [(a.end(), b.start()) for a, b in pairwise(quoted)]
    if any(_GLUE.fullmatch(v, a, b) is None or _NOT_GLUE.search(v, a, b) for a, b in gaps):
        return []
    tail = _PAREN_TAIL.match(v, quoted[-1].end(), body_end)
    if tail is None or _caption(v, m, quoted):
        return []
    # ("CI", as defined below), (the "Notes"), as more specifically defined in the Agreement: the
    # term is defined elsewhere, and this points there.
    pointer = tail.group().lower().endswith(b"defined") or _DEFINED_ELSEWHERE.match(v, m.end()) is not None
    kind = "pointer" if pointer else "parenthetical"
    sentence = _sentence_start(v, m.start())
    # A clause run on after a stop holds the parenthetical ("... financial services. 1.2 Licensee is
    # ... managed by Hertz Group REIT Advisor, LLC (the "Advisor")"): the span starts at its number.
    run_on = _LAST_CLAUSE_RUN_ON.match(v, sentence, m.start())
    if run_on is not None:
        sentence = run_on.end()
    if sentence == m.start():
        sentence = _named_above(v, sentence)
    return [_definition(text, q.start("term"), q.end("term"), sentence, m.end(), kind) for q in quoted]


def _names_what_precedes(v: bytes, m: re.Match[bytes]) -> bool:
    """Whether a bracket holding a name alone (`_HEREINAFTER_NAME` with no words before the name)
    defines it: prose goes on after it, no clause number or acronym of its words comes before it,
    and a word of the name says again what the sentence before it describes, outside brackets ("the
    other Party (Disclosing Party)", "any notice, demand, consent or other communication (Notice)";
    not "USA (Licensee)", "PSURs (Periodic Safety Update Report)" nor "the laws of (Enter State)")."""
    term = m.group("term")
    words = term.split()
    if (_ACRONYM_WORD.search(term) or _PROSE_AFTER.match(v, m.end()) is None
            or _NUMBER_BEFORE.search(v, max(0, m.start() - 40), m.start()) is not None):
        return False
    before = v[_sentence_start(v, m.start()) : m.start()]
    initials = bytes(w[0] for w in words if w[:1].isupper())
    if any(token.rstrip(b"s").upper() == initials for token in before.split()[-2:]):
        return False
    said = _BRACKETS.sub(b" ", before).lower()  # not a name given before ("period (Laycan) ... period (Laycan)")
    return any(_has_word(said, _singular_word(w).lower()) for w in words if len(w) > 3)


def _singular_word(word: bytes) -> bytes:
    one = singular(word.decode("latin-1"))
    return word if one is None else one.encode("latin-1")


def _has_word(text: bytes, word: bytes) -> bool:
    """Whether ``word`` stands in ``text`` as a word, maybe in the plural ("tax" in "taxes"; not
    "patent" in "patentable")."""
    at = text.find(word)
    while at >= 0:
        if (at == 0 or not text[at - 1 : at].isalpha()) and _PLURAL_END.match(text, at + len(word)):
            return True
        at = text.find(word, at + 1)
    return False


_PLURAL_END = re.compile(rb"(?:e?s)?(?![a-z])")


def _named_above(v: bytes, opening: int) -> int:
    """Where the definition starts of a parenthetical that opens its line: the name it defines
    stands on the line above, maybe a blank line away ("GLAMIS GOLD LTD., a company ... Nevada
    89502" over '("Glamis")'), unless that line ends a sentence or a heading. It reads the last
    line of the paragraph above at most (not the page before it), which a re-scan of the
    parenthetical's paragraph after an edit there or above it reads again (see `longdoc.rescan`)."""
    above = opening
    while above > 0 and v[above - 1] in b" \t\r\n\f":
        above -= 1
    if above == 0 or v[above - 1] in b".:;!?" or v.count(b"\n", above, opening) > 2:
        return opening
    return _sentence_start(v, above - 1, across_page=False)


# A capitalised term followed by the other text that defines it ("the Structured Payments (as such
# term is defined in the Build Addendum)", "the Completion Date as defined in the Purchase
# Agreement"): a pointer, so that no hint calls the term undefined. A term pointed to a clause or
# an attachment of the same text ("(as defined below)", "(as defined in Article 1.6)") is used there.
_OWN_PARTS = (
    rb"(?:Sections?|Articles?|Clauses?|Paragraphs?|Subsections?|Exhibits?|Schedules?|Annex(?:es)?|Appendi(?:x|ces)"
    rb"|Attachments?|Parts?|Recitals?|Preamble|Definitions?)\b"
)
_DEFINED_IN_ANOTHER = re.compile(
    rb"defined\s+(?:(?P<in>in)|by|under)\s+(?:(?:the|that|an?|any|each|its|their|such)\s+(?:\d{4}\s+)?)?(?!" + _OWN_PARTS
    + rb")[A-Z][\w&'.-]*(?:[ \t]+(?:(?:of|and|&|for|on|to)[ \t]+)?[A-Z0-9][\w&'.-]*){0,7}"
)
_DETERMINERS = rb"(?:The|A|An|Any|Each|All|Such|No|This|These|Those|Its|Their|Every|Other|Certain|Both|Either)"
# Read back from "defined": the term, then "(as", ", as" or "as", maybe "such term is".
_POINTED_FROM = re.compile(
    rb"(?<![\w&'.-])(?:" + _DETERMINERS + rb"[ \t]+)?(?!" + _DETERMINERS + rb"\b)(?P<term>[A-Z][\w&'-]*(?:" + LINE_BLANKS
    + rb"(?:(?:of|and|&|in|for)" + LINE_BLANKS + rb")?"
    rb"[A-Z][\w&'-]*){0,5})(?:" + LINE_GAP + rb"(?P<open>\()[ \t\r\n]*|[ \t]*,?[ \t\r\n]+)as[ \t\r\n]+"
    rb"(?:such[ \t\r\n]+terms?[ \t\r\n]+(?:is|are)[ \t\r\n]+)?\Z"
)
# How far before "defined" its term may start: six words, maybe far apart, and "(as such term is".
_POINTED_REACH = 200


def _defined_in_another(text: str, v: bytes, start: int, stop: int) -> list[Definition | None]:
    """Pointers whose term starts in [start, stop): a capitalised term and where another text
    defines it; an unbracketed pointer says "defined in" ("delivered to Acme as defined by
    Incoterms" names a party)."""
    out: list[Definition | None] = []
    at = v.find(b"defined", start, min(len(v), stop + _POINTED_REACH))
    while at >= 0:
        # Most "defined" follow no "as" ("is defined in Section 2"): a test for the word first.
        target = _DEFINED_IN_ANOTHER.match(v, at) if b"as" in v[max(0, at - 48) : at] else None
        named = _POINTED_FROM.search(v, max(0, at - _POINTED_REACH), at) if target is not None else None
        if named is not None and (named.group("open") or target.group("in")):
            term_start, term_end = named.span("term")
            # "Licensee's Subscription Shares": the term follows the owner's name.
            term_start += named.group("term").rfind(b"'s ") + 3 if b"'s " in named.group("term") else 0
            if start <= term_start < stop:
                end = target.end()
                if named.group("open"):
                    closing = v.find(b")", end, end + _LONGEST_QUOTED)
                    end = closing + 1 if closing >= 0 else end
                out.append(_definition(text, term_start, term_end, _sentence_start(v, term_start), end, "pointer"))
        at = v.find(b"defined", at + 7, min(len(v), stop + _POINTED_REACH))
    return out


def _dedupe(found: list[Definition]) -> list[Definition]:
    """One definition per term span (an earlier-listed shape wins), in text order."""
    order = {"means": 0, "pointer": 0, "extension": 0, "parenthetical": 1, "referred": 2, "markdown": 3, "entry": 4}
    found.sort(key=lambda d: (d.term_start, order[d.kind]))
    out: list[Definition] = []
    for d in found:
        if not (out and d.term_start < out[-1].term_end):
            out.append(d)
    # An entry of a definitions part titled by its term ('2.8 Change of Control. "Change of Control"
    # means ...') holds the quoted definition: one definition, the quoted one.
    return [d for i, d in enumerate(out) if d.kind != "entry" or not _defined_within(out, i)]


def _defined_within(definitions: list[Definition], i: int) -> bool:
    """Whether a later definition of the same term starts within definition ``i``'s span."""
    d = definitions[i]
    for later in definitions[i + 1 :]:
        if later.term_start >= d.end:
            return False
        if later.term == d.term:
            return True
    return False


_NOT_COUNTED = frozenset(("pointer", "extension"))


def mark_duplicates(definitions: Sequence[Definition]) -> list[Definition]:
    """The same definitions with `duplicate` set on every term defined more than once (pointers
    such as "has the meaning given in Section 2" and extensions such as 'the term "Customer"
    includes its Affiliates' do not count as a second definition, nor does the term quoted again
    within its own definition: '"Subscribers" means ... "Subscribers" include ...')."""
    counts: Counter[str] = Counter()
    reach: dict[str, int] = {}  # where the last counted definition of each term ends
    for d in definitions:
        if d.kind not in _NOT_COUNTED and d.term_start >= reach.get(d.term, -1):
            counts[d.term] += 1
            reach[d.term] = d.end
    out = []
    for d in definitions:
        duplicate = d.kind not in _NOT_COUNTED and counts[d.term] > 1
        out.append(d if d.duplicate == duplicate else d._replace(duplicate=duplicate))
    return out


def find_definitions(text: str, nodes: Sequence[_Titled] = (), view: bytes | None = None) -> list[Definition]:
    """Every definition of the text in order, terms defined more than once marked `duplicate`."""
    return mark_duplicates(definitions_in(text, 0, None, nodes, view))


def definitions_after_edit(
    old: Sequence[Definition],
    text: str,
    start: int,
    end: int,
    new_length: int,
    nodes: Sequence[_Titled] = (),
    view: bytes | None = None,
) -> list[Definition]:
    """The definitions of `text`, which is the old text with [start, end) replaced by `new_length`
    characters: those of the old text away from the edit are shifted, a stretch around the edit is
    scanned again (see `longdoc.rescan`); equal to `find_definitions(text, nodes)` when the
    definitions parts of the outline did not change."""
    delta = new_length - (end - start)
    v = byte_view(text) if view is None else view
    a, b, scan_end = rescan_span(text, v, start, start + new_length)
    before = [d for d in old if d.term_start < a]
    again = [d for d in definitions_in(text, a, scan_end, nodes, v) if d.term_start < b]
    after = [_shifted(d, delta) for d in old if d.term_start >= b - delta]
    return mark_duplicates([*before, *again, *after])


def _shifted(d: Definition, delta: int) -> Definition:
    # Thousands per edit: the named tuple's _replace costs five times a plain tuple's making.
    term, term_start, term_end, start, end, kind, duplicate = d
    return tuple.__new__(Definition, (term, term_start + delta, term_end + delta, start + delta, end + delta, kind, duplicate))
