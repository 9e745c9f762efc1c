"""Clauses that give a text's undefined terms the meanings another instrument gives them.

"Capitalized terms used but not defined herein have the meanings given in the Credit Agreement":
where such a clause holds, a capitalised phrase the text does not define may be a term of the
Credit Agreement, so its absence here is no drafting error. A clause that points into the text
itself ("in Article 1 hereof", "set forth below", "the Agreement" read from an exhibit attached to
it) borrows nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import NamedTuple

__all__ = ["Incorporation", "incorporations", "borrowing_spans"]


class Incorporation(NamedTuple):
    """One clause giving undefined terms the meanings of a named text: its span, and the names
    it reads them from as written after "the" ("Credit Agreement", "Agreement", "GMA")."""

    start: int
    end: int
    sources: tuple[str, ...]


# The clause is found from its one fixed word: a literal search of the text is fast, and the words
# around it are read only where it stands.
_DEFINED = re.compile(rb"defined\b")
_NOT_BEFORE = re.compile(rb"\b(?i:not|otherwise)[ \t\r\n]+(?:(?i:otherwise)[ \t\r\n]+)?\Z")
_BEFORE_REACH = 24
# "... defined herein, shall have the meaning provided in the ...", "... defined in this Amendment
# shall have the same meaning ascribed thereto in the ...": within the sentence.
_MEANINGS_IN = re.compile(
    rb"[^.;:]{0,250}?\b(?:have|has|bear)[ \t\r\n]+the[ \t\r\n]+(?:(?:same|respective)[ \t\r\n]+)?meanings?\b"
    rb"[^.;:]{0,60}?\b(?:in|on|under|by)[ \t\r\n]+([^.;:]{1,250})"
)
# The source is a list ("the Unit Agreement, the Trust Agreement and the Guarantee Agreement or,
# if not therein defined, the Indenture"); an item that opens with a name names a text: "the
# Credit Agreement (as defined below)", "the GMA", "any of the Other Agreements".
_ITEMS = re.compile(rb",|\b(?:and|or)\b")
_NAMED = re.compile(rb"[ \t\r\n]*(?:any[ \t\r\n]+of[ \t\r\n]+)?the[ \t\r\n]+((?:[A-Z][\w'-]*[ \t\r\n]+)*[A-Z][\w'-]*)")
# "the Agency Agreement to which this Schedule is attached", "the Plan attached hereto": a text
# attached to the other, both in this one.
_ATTACHED_TO = re.compile(rb"\b(?:attached|hereto)\b")
# "the Recitals below", "the Schedule hereof": a part of this text ("the Services Agreement (as
# defined below)" is not).
_HERE = re.compile(rb"[ \t\r\n]*(?:below|above|here(?:of|in|under)|of[ \t\r\n]+this)\b")
_SELF = "Agreement"
# How far into a text its own title may stand ("GOOSEHEAD INSURANCE AGENCY, LLC FRANCHISE AGREEMENT").
_TITLE_REACH = 1000


def incorporations(view: bytes) -> list[Incorporation]:
    """Every clause of the text (as `byte_view` gives it) that gives its undefined terms the meanings
    a named text gives them, in text order; one that names no text ("set forth below") is none."""
    out = []
    for m in _DEFINED.finditer(view):
        at = m.start()
        if _NOT_BEFORE.search(view, max(0, at - _BEFORE_REACH), at) is None:
            continue
        clause = _MEANINGS_IN.match(view, m.end())
        if clause is None:
            continue
        source = clause.group(1)
        if _ATTACHED_TO.search(source):
            continue
        named = [(item, _NAMED.match(item)) for item in _ITEMS.split(source)]
        if any(n is not None and _HERE.match(item, n.end()) for item, n in named):
            continue
        names = tuple(" ".join(n.group(1).decode("latin-1").split()) for _, n in named if n is not None)
        if names:
            out.append(Incorporation(at, clause.end(), names))
    return out


def borrowing_spans(view: bytes, clauses: Iterable[Incorporation], instrument_starts: Sequence[int],
                    opening: int) -> list[tuple[int, int]]:
    """The parts of the text whose undefined terms another text defines: each instrument (the
    contract, up to its first attachment, or one attachment; starts in text order) holding a
    clause that names a text not in this one. A contract's own clause names another text (it
    calls itself "this Agreement"); an attachment's may name the contract it is attached to: "the
    Agreement", or a name the contract's title carries. An instrument's heading at ``opening``, the
    text's first heading ("AMENDMENT NO. 1 TO ..."), titles the contract."""
    title: str | None = None  # read for the first attachment's clause
    out = []
    for c in clauses:
        k = bisect_right(instrument_starts, c.start)
        if k > 0 and instrument_starts[k - 1] > opening:
            if title is None:
                first_attached = next(at for at in instrument_starts if at > opening)
                title = " ".join(view[: min(_TITLE_REACH, first_attached)].decode("latin-1").split()).casefold()
            if all(name == _SELF or name.casefold() in title for name in c.sources):
                continue
        lo = instrument_starts[k - 1] if k > 0 else 0
        hi = instrument_starts[k] if k < len(instrument_starts) else len(view)
        if not out or out[-1] != (lo, hi):
            out.append((lo, hi))
    return out
