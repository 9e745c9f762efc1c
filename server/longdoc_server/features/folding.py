"""textDocument/foldingRange: one region per outline node that spans more than one line.

When the client sets ``rangeLimit``, the outermost ranges are kept (shallow depth first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot

if TYPE_CHECKING:
    from ..app import LongdocServer


def folding_ranges(snapshot: Snapshot, limit: int | None) -> list[dict[str, Any]]:
    """Folding ranges in document order, at most ``limit`` of them, outermost first when cut."""
    lines = snapshot.lines
    candidates: list[tuple[int, int, int, int]] = []
    for node in snapshot.doc.nodes:
        first = lines.line_of(node.start)
        last = lines.line_of(max(node.end - 1, node.start))
        if last > first:
            candidates.append((node.depth, node.index, first, last))
    if limit is not None and len(candidates) > limit:
        candidates = sorted(sorted(candidates)[:limit], key=lambda item: item[1])
    return [{"startLine": first, "endLine": last, "kind": "region"} for _, _, first, last in candidates]


def _range_limit(server: LongdocServer) -> int | None:
    text_document = server.client_capabilities.text_document
    folding = text_document.folding_range if text_document else None
    return folding.range_limit if folding else None


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    async def folding_range(params: types.FoldingRangeParams) -> list[dict[str, Any]]:
        limit = _range_limit(server)
        return await server.answer(
            params.text_document.uri,
            lambda snapshot: snapshot.cached(f"foldingRange:{limit}", lambda: folding_ranges(snapshot, limit)),
        )
