"""textDocument/completion: a defined term from its first typed words ("Confidential In"), and a
clause's number after a citing word ("Section 5" -> "5.2", with the clause's title)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot
from .definition import at_position

if TYPE_CHECKING:
    from ..app import LongdocServer

# CompletionItemKind: a defined term stands for one meaning; a number refers to a clause.
_KIND = {"term": types.CompletionItemKind.Constant.value, "clause": types.CompletionItemKind.Reference.value}


def completion_list(server: LongdocServer, snapshot: Snapshot, offset: int) -> dict[str, Any]:
    lines = snapshot.lines
    # sortText keeps the core's order (terms by name, clauses as the text has them) against the
    # client's own sorting by label, which would put "10" before "2".
    return {"isIncomplete": False, "items": [
        {"label": c.text, "kind": _KIND[c.kind], "detail": c.detail, "sortText": f"{i:06d}",
         "textEdit": {"range": server.codec.range(lines, c.start, c.end), "newText": c.text}}
        for i, c in enumerate(snapshot.doc.completions(offset))]}


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions())
    async def completion(params: types.CompletionParams) -> dict[str, Any]:
        return await at_position(server, params, lambda snapshot, offset: completion_list(server, snapshot, offset))
