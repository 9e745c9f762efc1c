"""Party labels over signature blocks ("SELLER" over "By: ____"): capitals that name a signer,
not a part of the contract.
"""

from __future__ import annotations

import re


# A party's name or role in capitals over its signature ("PRODUCER", "SELLER", "YALE UNIVERSITY")
# labels a signature block: the "By:", "Name:" or "Title:" lines follow within this reach. Titles of
# the parts that follow a signature page ("EXHIBIT LIST", "SCHEDULE OF SERVICES AND FEES") stay.
SIGNATURE_REACH = 400
_SIGNATURE_LINE_RE = re.compile(
    r"[\n\r][ \t]*(?:By|BY|Name|NAME|Title|TITLE|Signature|SIGNATURE|Signed|SIGNED|Per|PER|Its|ITS)\b[^\n\r:._]{0,24}[:._]"
)
_PART_WORD_RE = re.compile(
    r"\b(?:EXHIBITS?|SCHEDULES?|ANNEX(?:ES)?|APPENDI(?:X|CES)|ADDEND(?:UM|A)|ATTACHMENTS?|AGREEMENTS?|AMENDMENTS?"
    r"|CERTIFICATES?|GUARANT\w*|RIDERS?|TERMS|CONDITIONS|ACKNOWLEDG\w*|NOTICES?|ARTICLES?|SECTIONS?|PARTS?)\b"
)
_LABEL_WORDS = 6


def signs_below(text: str, ls: int, le: int, title: str) -> bool:
    """Whether the caps line at [ls, le) labels a signature block below it rather than heads a part."""
    return (len(title.split()) <= _LABEL_WORDS and _SIGNATURE_LINE_RE.search(text, le, ls + SIGNATURE_REACH) is not None
            and _PART_WORD_RE.search(title) is None)


def signature_lines_in(text: str, start: int, end: int) -> bool:
    """Whether a signature line ("By:", "Name:", "Title:") starts in text[start:end]: a caps line
    up to ``SIGNATURE_REACH`` above it may be its block's label."""
    return _SIGNATURE_LINE_RE.search(text, max(0, start), end) is not None
