"""textDocument/references: every use of a defined term, or every citation of a heading's part and
every phrase that names it ("the Royalty Fees" of "4. ROYALTY FEE")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..convert import location
from ..documents import Snapshot
from .definition import at_position, intel

if TYPE_CHECKING:
    from ..app import LongdocServer


def citing(snapshot: Snapshot, node_index: int) -> list[tuple[int, int]]:
    """Spans of the citations that lead to the part of outline node `node_index`."""
    return [(r.start, r.end) for r in intel(snapshot).references if r.target == node_index]


def reference_spans(snapshot: Snapshot, offset: int, include_declaration: bool) -> list[tuple[int, int]]:
    """On a defined term: its uses (and definitions when asked); on a heading: the citations of it
    and the phrases that name it."""
    found = intel(snapshot)
    term = found.term_at(offset)
    if term is not None:
        spans = [(u.start, u.end) for u in found.uses(term[0])]
        if include_declaration:
            spans += [(d.term_start, d.term_end) for d in found.definitions_of(term[0])]
        return sorted(spans)
    node = snapshot.heading_at(offset)
    if node is not None:
        return sorted({*citing(snapshot, node.index), *snapshot.doc.name_uses(node)})
    return []


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(params: types.ReferenceParams) -> list[dict[str, Any]]:
        declaration = bool(params.context and params.context.include_declaration)

        def compute(snapshot: Snapshot, offset: int) -> list[dict[str, Any]]:
            found = reference_spans(snapshot, offset, declaration)
            return [location(snapshot.uri, server.codec.range(snapshot.lines, s, e)) for s, e in found]

        return await at_position(server, params, compute)
