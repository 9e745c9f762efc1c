"""Party labels over signature blocks ("SELLER" over "By: ____"): capitals that name a signer,
not a part of the contract.
"""

from __future__ import annotations

import re

from .titles import GAP_RE


# A party's name or role in capitals over its signature ("PRODUCER", "SELLER", "YALE UNIVERSITY")
# labels a signature block: the "By:", "Name:" or "Title:" lines follow within this reach. Titles of
# the parts that follow a signature page ("EXHIBIT LIST", "SCHEDULE OF SERVICES AND FEES") stay.
SIGNATURE_REACH = 400
# A signature line: a field to fill ("By:", "Name: ____"), a rule to sign on, a signature conformed
# in a filing ("/s/ Alan Crane"), or the printed name asked for under it ("Print Name and Title").
_SIGNATURE_LINE_RE = re.compile(
    r"[\n\r][ \t]*(?:(?:By|BY|Name|NAME|Title|TITLE|Signature|SIGNATURE|Signed|SIGNED|Per|PER|Its|ITS)\b"
    r"[^\n\r:._]{0,24}[:._]|_{4,}|/s/|(?:Print|PRINT)(?:ed|ED)?[ \t]+(?:Name|NAME)\b)"
)
_PART_WORD_RE = re.compile(
    r"\b(?:EXHIBITS?|SCHEDULES?|ANNEX(?:ES)?|APPENDI(?:X|CES)|ADDEND(?:UM|A)|ATTACHMENTS?|AGREEMENTS?|AMENDMENTS?"
    r"|CERTIFICATES?|GUARANT\w*|RIDERS?|TERMS|CONDITIONS|ACKNOWLEDG\w*|NOTICES?|ARTICLES?|SECTIONS?|PARTS?)\b"
)
_LABEL_WORDS = 6  # in a label's first column: blocks side by side repeat it ("ACCEPTED AND AGREED TO:   ACCEPTED ...")
# The fields of a signature block written in capitals, alone on their line: "TITLE:", "SIGNATURE
# SIGNATURE" under two blocks side by side, "PRINT NAME PRINT NAME". One such word without a colon
# may title a clause ("TITLE" over the passing of title to goods).
_FIELD = r"(?:SIGNATURES?|SIGNED|PRINT(?:ED)?|TYPED|NAME|TITLE|DATE|BY|ITS|WITNESS(?:ES)?)"
_FIELDS_RE = re.compile(_FIELD + r"[ \t]*(?::[ \t]*(?:" + _FIELD + r"[ \t]*:?[ \t]*)*|(?:" + _FIELD + r"[ \t]*:?[ \t]*)+)")


def signs_below(text: str, ls: int, le: int, title: str) -> bool:
    """Whether the caps line at [ls, le) labels a signature block below it, or is one of its
    fields, rather than heads a part."""
    line = text[ls:le].strip()
    if _FIELDS_RE.fullmatch(line):
        return True
    return (len(GAP_RE.split(line, 1)[0].split()) <= _LABEL_WORDS and _PART_WORD_RE.search(title) is None
            and (_SIGNATURE_LINE_RE.search(text, le, ls + SIGNATURE_REACH) is not None or _signed_above(text, ls)))


# What a signer's name is printed under: a rule to sign on, or the signature conformed in a filing
# (signature lines both, which an edit reads around).
_SIGNED_RE = re.compile(r"[\n\r][ \t]*(?:_{4,}|/s/)")


def _signed_above(text: str, ls: int) -> bool:
    """Whether the line above the one at ``ls`` (blank lines between) is a rule to sign on or a
    conformed signature: a name in capitals under it is the signer's, printed."""
    above = ls - 1
    while above > 0 and text[above - 1] in " \t\r\n":
        above -= 1
    start = max(text.rfind("\n", 0, above), text.rfind("\r", 0, above))
    return start >= 0 and _SIGNED_RE.match(text, start) is not None


def signature_lines_in(text: str, start: int, end: int) -> bool:
    """Whether a signature line ("By:", "Name:", "Title:") starts in text[start:end]: a caps line
    up to ``SIGNATURE_REACH`` above it may be its block's label."""
    return _SIGNATURE_LINE_RE.search(text, max(0, start), end) is not None


def capitals_in(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] holds a letter in capitals (or no letter at all): only there can a
    line label a signature block, be one of its fields or name a signer, in capitals."""
    return not text[max(0, start) : max(0, end)].islower()
