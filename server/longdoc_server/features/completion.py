"""textDocument/completion: a defined term from its first typed words ("Confidential In"), a
clause's number after a citing word ("Section 5" -> "5.2", with the clause's title), and an item of
the cited clause after its bracket ("Section 5.2(" -> "(b)", typed or on "(");
completionItem/resolve adds what the focused item stands for: the term's definition, or the
clause's or item's first lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from ..documents import Snapshot
from .definition import at_position
from .links import preview, quoted_definitions

if TYPE_CHECKING:
    from ..app import LongdocServer

# CompletionItemKind: a defined term stands for one meaning; a number refers to a clause, a
# label to one of its items.
_KIND = {"term": types.CompletionItemKind.Constant.value, "clause": types.CompletionItemKind.Reference.value,
         "item": types.CompletionItemKind.EnumMember.value}
# The most of a definition a suggestion's documentation quotes.
_QUOTED = 1200


def completion_list(server: LongdocServer, snapshot: Snapshot, offset: int) -> dict[str, Any]:
    lines = snapshot.lines
    # sortText keeps the core's order (terms by name, clauses as the text has them) against the
    # client's own sorting by label, which would put "10" before "2". The documentation is left to
    # completionItem/resolve: a list of a thousand clauses would carry a thousand previews.
    return {"isIncomplete": False, "items": [
        {"label": c.text, "kind": _KIND[c.kind], "detail": c.detail, "sortText": f"{i:06d}",
         "textEdit": {"range": server.codec.range(lines, c.start, c.end), "newText": c.text},
         "data": {"uri": snapshot.uri, "version": snapshot.version, "kind": c.kind, "target": c.target}}
        for i, c in enumerate(snapshot.doc.completions(offset))]}


def documentation(snapshot: Snapshot, kind: str, target: int) -> str | None:
    """Markdown for a suggestion: the definitions of the term whose first definition names it at
    ``target``, the first lines of outline node ``target``, or those of the item that opens at
    ``target``; None when the version has none."""
    doc = snapshot.doc
    if kind == "clause":
        return preview(snapshot.text, doc.nodes[target].heading_start) if 0 <= target < len(doc.nodes) else None
    if kind == "item":
        return preview(snapshot.text, target) if 0 <= target < len(snapshot.text) else None
    first = next((d for d in doc.definitions if d.term_start == target), None)
    if first is None:
        return None
    return "\n\n".join(quoted_definitions(snapshot, first.term, _QUOTED))


async def resolved(server: LongdocServer, item: types.CompletionItem) -> types.CompletionItem:
    data = item.data if isinstance(item.data, dict) else {}
    uri, version, kind, target = (data.get(key) for key in ("uri", "version", "kind", "target"))
    if not isinstance(uri, str) or kind not in _KIND or not isinstance(target, int):
        return item  # not one of ours, or from an older server: nothing to add
    try:
        snapshot = await server.current(uri)
    except JsonRpcInvalidParams:
        return item  # closed since
    if snapshot.version != version:
        return item  # the document changed since: the suggestion is about to be asked for again
    markdown = await server.answer_on(snapshot, lambda current: documentation(current, kind, target))
    if markdown is not None:
        item.documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown)
    return item


def register(server: LongdocServer) -> None:
    # "(" after a cited clause opens its items; elsewhere the answer is empty and cheap.
    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(resolve_provider=True, trigger_characters=["("]))
    async def completion(params: types.CompletionParams) -> dict[str, Any]:
        return await at_position(server, params, lambda snapshot, offset: completion_list(server, snapshot, offset))

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    async def resolve(item: types.CompletionItem) -> types.CompletionItem:
        return await resolved(server, item)
