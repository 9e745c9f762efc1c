"""textDocument/documentLink: each resolved citation links to its target's line, with the target
heading as tooltip; textDocument/hover on a defined term, a citation or a phrase naming a clause
(added to the hover list)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from longdoc.definitions import paragraph_text

from ..documents import Snapshot
from .definition import intel
from .hover import HOVER_PROVIDERS

if TYPE_CHECKING:
    from ..app import LongdocServer

_PREVIEW_LINES = 4


def links(server: LongdocServer, snapshot: Snapshot) -> list[dict[str, Any]]:
    found = intel(snapshot)
    lines = snapshot.lines
    out = []
    for ref in found.references:
        span = found.target_span(ref)
        if span is None:
            continue
        line = lines.line_of(span[0])
        out.append({
            "range": server.codec.range(lines, ref.start, ref.end),
            "target": f"{snapshot.uri}#L{line + 1}",
            "tooltip": f"Go to {snapshot.text[span[0]:span[1]].strip()[:120]}",
        })
    return out


def term_hover(snapshot: Snapshot, offset: int) -> str | None:
    """The definition of the term at offset, quoted, or the start of the part that a citation, or a
    phrase naming a clause ("the Royalty Fee"), leads to."""
    found = intel(snapshot)
    citation = found.citation_at(offset)
    if citation is not None:
        span = found.target_span(citation)
        if span is None:
            return None
        shown = preview(snapshot.text, span[0])
        if citation.exact or citation.clause is not None:
            return shown
        # "Section 5.2.3", "Section 4 of Attachment A": no heading of its own; what holds it is shown.
        cited = snapshot.text[citation.start : citation.end]
        return f"*{cited} has no heading of its own; it lies in:*\n\n{shown}"
    term = found.term_at(offset)
    if term is not None:
        return "\n\n".join([f"**{plain(term[0])}**", *quoted_definitions(snapshot, term[0])])
    if snapshot.heading_at(offset) is not None:
        return None  # on a heading, the heading's own hover answers
    named = snapshot.doc.clause_named_at(offset)
    return None if named is None else preview(snapshot.text, named[0].heading_start)


def quoted_definitions(snapshot: Snapshot, term: str, limit: int | None = None) -> list[str]:
    """Each definition of ``term`` as a Markdown quote of one paragraph (line and page breaks read
    through), its first ``limit`` characters when given."""
    text = snapshot.text
    return [f"> {plain(paragraph_text(text, d.start, d.end)[:limit])}" for d in intel(snapshot).definitions_of(term)]


def plain(words: str) -> str:
    """``words`` as Markdown that shows them as written: its marks escaped, and a number opening
    it ("1. ...") no list."""
    return _LIST_OPENING.sub(r"\1\\\2", _MARKS.sub(r"\\\g<0>", words))


_MARKS = re.compile(r"[\\`*_\[\]<>#|]")
_LIST_OPENING = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")


def preview(text: str, first: int) -> str:
    """The first lines from ``first`` on, as a block of plain text (markdown)."""
    stop = first
    for _ in range(_PREVIEW_LINES):
        next_line = text.find("\n", stop + 1)
        stop = len(text) if next_line < 0 else next_line
    return "\n".join(["```text", text[first:stop].strip(), "```"])


HOVER_PROVIDERS.insert(0, term_hover)


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
    async def document_link(params: types.DocumentLinkParams) -> list[dict[str, Any]]:
        return await server.answer(params.text_document.uri, lambda snapshot: links(server, snapshot))
