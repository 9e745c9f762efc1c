"""textDocument/inlayHint: after each citation in the range asked for, the title of the clause it
leads to ("Section 11 ‹Confidentiality›"); the hint's label leads to the clause's heading."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..convert import location
from ..documents import Snapshot
from .definition import in_range

if TYPE_CHECKING:
    from ..app import LongdocServer


def hints(server: LongdocServer, snapshot: Snapshot, start: int, end: int) -> list[dict[str, Any]]:
    doc, lines, codec = snapshot.doc, snapshot.lines, server.codec
    out = []
    for gloss in doc.glosses(start, end):
        node = doc.nodes[gloss.target]
        heading = " ".join(snapshot.text[node.heading_start : node.heading_end].split())
        out.append({
            "position": codec.position(lines, gloss.offset),
            "label": [{
                "value": f"in {gloss.title}" if gloss.within else gloss.title,
                "tooltip": f"Cites a part of {heading}" if gloss.within else f"Cites {heading}",
                "location": location(snapshot.uri, codec.range(lines, node.heading_start, node.heading_end)),
            }],
            "paddingLeft": True,
        })
    return out


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    async def inlay_hint(params: types.InlayHintParams) -> list[dict[str, Any]]:
        return await in_range(server, params, lambda snapshot, start, end: hints(server, snapshot, start, end))
