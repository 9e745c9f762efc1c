"""textDocument/documentHighlight: every occurrence of the defined term under the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot
from .definition import at_position, intel

if TYPE_CHECKING:
    from ..app import LongdocServer

_WRITE, _READ = 3, 2  # DocumentHighlightKind: a definition writes the term, a use reads it


def highlights(server: LongdocServer, snapshot: Snapshot, offset: int) -> list[dict[str, Any]]:
    found = intel(snapshot)
    term = found.term_at(offset)
    if term is None:
        return []
    marks = [(d.term_start, d.term_end, _WRITE) for d in found.definitions_of(term[0])]
    marks += [(u.start, u.end, _READ) for u in found.uses(term[0])]
    lines = snapshot.lines
    return [{"range": server.codec.range(lines, s, e), "kind": kind} for s, e, kind in sorted(marks)]


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
    async def document_highlight(params: types.DocumentHighlightParams) -> list[dict[str, Any]]:
        return await at_position(server, params, lambda snapshot, offset: highlights(server, snapshot, offset))
