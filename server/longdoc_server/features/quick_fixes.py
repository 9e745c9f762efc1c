"""textDocument/codeAction: quick fixes for the findings that say what would mend them (a phrase
that misspells a defined term, "Effecctive Date", replaced by the term)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from .diagnostics import findings

if TYPE_CHECKING:
    from ..app import LongdocServer


async def quick_fixes(server: LongdocServer, params: types.CodeActionParams) -> list[dict[str, Any]]:
    """One quick fix per finding of longdoc's in the request's context that has a replacement."""
    snapshot = await server.current(params.text_document.uri)
    server.span(snapshot, params.range)  # InvalidParams for a range outside the document
    ours = [d for d in params.context.diagnostics if d.source == "longdoc"]
    if not ours:
        return []
    await findings(server, snapshot)  # the findings of this version, computed once
    mending = {(d.start, d.end, d.code): d.replacement for d in snapshot.doc.diagnostics() if d.replacement}
    out = []
    for shown in ours:
        try:
            start, end = server.span(snapshot, shown.range)
        except JsonRpcInvalidParams:
            continue  # shown for an earlier, longer version: no finding of this one
        replacement = mending.get((start, end, shown.code))
        if replacement is None:
            continue
        where = server.codec.range(snapshot.lines, start, end)
        out.append({
            "title": f"Replace with \u201c{replacement}\u201d",
            "kind": types.CodeActionKind.QuickFix.value,
            "isPreferred": True,
            # The finding it mends, as the client showed it: the client pairs the two by it.
            "diagnostics": [{"range": where, "message": shown.message, "code": shown.code, "source": shown.source,
                             "severity": None if shown.severity is None else int(shown.severity)}],
            "edit": {"changes": {snapshot.uri: [{"range": where, "newText": replacement}]}},
        })
    return out


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(params: types.CodeActionParams) -> list[dict[str, Any]]:
        return await quick_fixes(server, params)
