"""textDocument/semanticTokens/range: the defined terms of the range asked for, marked where they are
defined (a "variable" with the "declaration" modifier) and where they are used (a "variable"), so
that a theme sets them apart from the prose around them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot
from .definition import in_range

if TYPE_CHECKING:
    from ..app import LongdocServer

LEGEND = types.SemanticTokensLegend(token_types=["variable"], token_modifiers=["declaration"])
_TERM, _DECLARATION = 0, 1  # the index of the type, the bit of the modifier, in LEGEND


def tokens(server: LongdocServer, snapshot: Snapshot, start: int, end: int) -> dict[str, Any]:
    doc, text = snapshot.doc, snapshot.text
    defined = [(d.term_start, d.term_end, _DECLARATION) for d in doc.definitions if start <= d.term_start < end]
    # At one start, the longest first (a definition before a use of the same span: the sort is stable).
    marks = sorted(defined + [(u.start, u.end, 0) for u in doc.uses_in(start, end)], key=lambda m: (m[0], -m[1]))
    data: list[int] = []
    line = character = 0
    reached = 0
    for mark_start, mark_end, modifiers in marks:
        if mark_start < reached:
            continue  # a use inside a term where it is defined ("Information" in "Confidential Information")
        reached = mark_end
        for piece_start, piece_end in _pieces(text, mark_start, mark_end):
            first = server.codec.position(snapshot.lines, piece_start)
            last = server.codec.position(snapshot.lines, piece_end)
            at_line, at_character = first["line"], first["character"]
            data += [at_line - line, at_character - (character if at_line == line else 0),
                     last["character"] - at_character, _TERM, modifiers]
            line, character = at_line, at_character
    return {"data": data}


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut at its line breaks, less the spaces around each cut: a token lies on one
    line ("Effective\\nDate", as PDF extraction breaks a term)."""
    out = []
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop < 0 else stop
        first, last = at, stop
        while first < last and text[first].isspace():
            first += 1
        while last > first and text[last - 1].isspace():
            last -= 1
        if first < last:
            out.append((first, last))
        at = stop + 1
    return out


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
    async def semantic_tokens_range(params: types.SemanticTokensRangeParams) -> dict[str, Any]:
        return await in_range(server, params, lambda snapshot, start, end: tokens(server, snapshot, start, end))
