"""textDocument/semanticTokens/full and /range: the defined terms of the document or of the range
asked for, marked where they are defined (a "variable" with the "declaration" modifier) and where
they are used (a "variable"), so that a theme sets them apart from the prose around them.

Tokens are made a stretch of text at a time, each stretch its own job on the worker: all the terms
of a 10 MB contract (some 300,000 tokens, seconds of work) never keep another request waiting
longer than one stretch takes, and a version changed meanwhile stops the request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot
from .definition import asked_range

if TYPE_CHECKING:
    from ..app import LongdocServer

LEGEND = types.SemanticTokensLegend(token_types=["variable"], token_modifiers=["declaration"])
_TERM, _DECLARATION = 0, 1  # the index of the type, the bit of the modifier, in LEGEND
_STRETCH = 200_000  # characters of text whose tokens one job makes (some 50 ms of a contract's)


class _Tokens:
    """The tokens of one snapshot, added stretch after stretch in text order, encoded as LSP sends
    them (each relative to the one before)."""

    def __init__(self, server: LongdocServer, snapshot: Snapshot) -> None:
        self.server, self.snapshot = server, snapshot
        self.data: list[int] = []
        self.line = self.character = 0  # where the last token starts
        self.reached = 0  # where the last marked term ends

    def add(self, start: int, end: int) -> None:
        """Add the tokens of the terms that start in ``[start, end)``, which follows what was added."""
        doc, text, lines, codec = self.snapshot.doc, self.snapshot.text, self.snapshot.lines, self.server.codec
        defined = [(d.term_start, d.term_end, _DECLARATION) for d in doc.definitions if start <= d.term_start < end]
        # At one start, the longest first (a definition before a use of the same span: the sort is stable).
        marks = sorted(defined + [(u.start, u.end, 0) for u in doc.uses_in(start, end)], key=lambda m: (m[0], -m[1]))
        data = self.data
        for mark_start, mark_end, modifiers in marks:
            if mark_start < self.reached:
                continue  # a use inside a term where it is defined ("Information" in "Confidential Information")
            self.reached = mark_end
            for piece_start, piece_end in _pieces(text, mark_start, mark_end):
                line, character, width = codec.on_line(lines, piece_start, piece_end)
                data += [line - self.line, character - (self.character if line == self.line else 0), width, _TERM, modifiers]
                self.line, self.character = line, character


async def tokens(server: LongdocServer, snapshot: Snapshot, start: int, end: int) -> dict[str, Any]:
    """The tokens of the terms that start in ``[start, end)``; ContentModified once the document changes."""
    made = _Tokens(server, snapshot)
    for at in range(start, max(end, start + 1), _STRETCH):
        stop = min(end, at + _STRETCH)
        await server.answer_on(snapshot, lambda _, at=at, stop=stop: made.add(at, stop))
    return {"data": made.data}


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
    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    async def semantic_tokens_full(params: types.SemanticTokensParams) -> dict[str, Any]:
        snapshot = await server.current(params.text_document.uri)
        return await tokens(server, snapshot, 0, len(snapshot.text))

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
    async def semantic_tokens_range(params: types.SemanticTokensRangeParams) -> dict[str, Any]:
        return await tokens(server, *await asked_range(server, params))
