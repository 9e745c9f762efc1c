"""Citations that name the clause they cite by its title as well as its number, "Section 6.2 (Effect
of Termination)", "Section 5.2 [EXCLUSIVITY]": where the title is another clause's, the number is
likely stale (the clauses were renumbered and the citation was not), and that clause's number is
likely the one meant.

Pure functions over the text, its outline and its citations; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .definitions import Definition
from .numbering import clause_number
from .outline import children_of
from .references import ANCHOR, OutlinePart, Reference
from .titles import after_label

__all__ = ["Mistitled", "mistitled_citations"]


class Mistitled(NamedTuple):
    """A citation (``reference``) naming the title ``title``, which is not its clause's but the
    clause ``meant``'s (an outline node's index), the only other numbered clause of that title
    beside it."""

    reference: Reference
    title: str
    meant: int


# A title in brackets or parentheses right after a citation, maybe quoted or "entitled": a capital
# opens it, so an aside ("Section 9 (or any successor provision)") is none.
_CITED_TITLE = re.compile(r"[ \t]{0,2}[(\[][ \t]*(?:entitled[ \t]+)?(?P<quote>[\"\u201c]?)"
                          r"(?P<title>[A-Z][^()\[\]\"\u201d\n]{2,80}?)[\"\u201d]?[ \t]*[)\]]")
_WORD = re.compile(r"[a-z0-9]+")


def mistitled_citations(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
                        definitions: Sequence[Definition]) -> list[Mistitled]:
    """The citations of numbered clauses of the document that name, in brackets after them, a title
    that is not their clause's but that of exactly one other numbered clause beside it (of the same
    parent: a clause renumbered moves within its list); in citation order. The title of a part that
    holds the clause ("Section 5.2 [EXCLUSIVITY]" under "5. EXCLUSIVITY") is none beside it, and a
    term defined elsewhere, quoted ('as defined in Section 1.87 ("Term")'), is no title."""
    out = []
    compared: dict[int, str | None] = {}  # a clause's title as compared, None for an unnumbered part
    titled: dict[int | None, dict[str | None, list[int]]] = {}  # a parent's clauses by their titles
    for ref in references:
        if ref.target is None or not ref.exact or ref.part or ref.scope or ref.kind == ANCHOR:
            continue
        m = _CITED_TITLE.match(text, ref.end)
        if m is None:
            continue
        own, written = _title(nodes, ref.target, compared), _compared(m.group("title"))
        # A clause titled by its first sentence opens with what is cited of it ('"Users" are ...').
        if own is None or not written or own == written or own.startswith(written + " "):
            continue
        parent = nodes[ref.target].parent
        if parent not in titled:
            titled[parent] = by_title = {}
            for i in children_of(nodes, parent):
                by_title.setdefault(_title(nodes, i, compared), []).append(i)
        others = titled[parent].get(written, [])  # not the cited clause, whose title is another
        if len(others) == 1 and not (m.group("quote") and _defined_elsewhere(definitions, m.group("title"), m.span())):
            out.append(Mistitled(ref, " ".join(m.group("title").split()), others[0]))
    return out


def _defined_elsewhere(definitions: Sequence[Definition], term: str, span: tuple[int, int]) -> bool:
    """Whether ``term`` is defined outside ``span`` (a quoted title in brackets reads as a
    definition there)."""
    return any(d.term == term and not span[0] <= d.term_start < span[1] for d in definitions)


def _title(nodes: Sequence[OutlinePart], index: int, compared: dict[int, str | None]) -> str | None:
    """The title of the numbered clause ``nodes[index]`` as compared (kept in ``compared``), or None."""
    if index not in compared:
        node = nodes[index]
        numbered = node.label is not None and clause_number(node.label) is not None
        compared[index] = _compared(after_label(node.title, node.label)) if numbered else None
    return compared[index]


def _compared(title: str) -> str:
    """A title as compared: its words in lower case, a plural's "s" left out ("Export Controls" is
    "export control")."""
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in _WORD.findall(title.casefold()))
