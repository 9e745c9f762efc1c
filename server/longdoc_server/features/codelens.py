"""textDocument/codeLens: "N references" above each heading that citations lead to; the lens runs
`longdoc.showReferences` (uri, position, locations), which a client maps to its references view."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..convert import location
from ..documents import Snapshot
from .definition import intel

if TYPE_CHECKING:
    from ..app import LongdocServer

SHOW_REFERENCES = "longdoc.showReferences"


def lenses(server: LongdocServer, snapshot: Snapshot) -> list[dict[str, Any]]:
    by_target: dict[int, list[Any]] = defaultdict(list)
    for ref in intel(snapshot).references:
        if ref.target is not None:
            by_target[ref.target].append(ref)
    lines, codec, uri = snapshot.lines, server.codec, snapshot.uri
    out = []
    for target, refs in sorted(by_target.items()):
        node = snapshot.doc.nodes[target]
        count = len(refs)
        heading = codec.range(lines, node.heading_start, node.heading_end)
        cited = [location(uri, codec.range(lines, r.start, r.end)) for r in refs]
        out.append({
            "range": heading,
            "command": {
                "title": f"{count} reference{'s' if count != 1 else ''}",
                "command": SHOW_REFERENCES,
                "arguments": [uri, heading["start"], cited],
            },
        })
    return out


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    async def code_lens(params: types.CodeLensParams) -> list[dict[str, Any]]:
        return await server.answer(params.text_document.uri, lambda snapshot: lenses(server, snapshot))
