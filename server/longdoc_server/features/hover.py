"""textDocument/hover: on a heading, its path, number and size.

``HOVER_PROVIDERS`` is a list of functions ``(snapshot, offset) -> markdown | None``; the first
answer wins, so other features can add hovers by appending to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types

from ..documents import Snapshot

if TYPE_CHECKING:
    from ..app import LongdocServer


def heading_hover(snapshot: Snapshot, offset: int) -> str | None:
    """Markdown describing the heading under ``offset``, or None when it is not on a heading."""
    doc = snapshot.doc
    node = snapshot.heading_at(offset)
    if node is None:
        return None
    path = [node.title]
    parent = node.parent
    while parent is not None:
        path.append(doc.nodes[parent].title)
        parent = doc.nodes[parent].parent
    lines = snapshot.lines
    line_count = lines.line_of(max(node.end - 1, node.start)) - lines.line_of(node.start) + 1
    facts = [f"**{' › '.join(reversed(path))}**", ""]
    if node.label:
        facts.append(f"- number: {node.label}")
    facts += [
        f"- size: {node.tokens} tokens, {line_count} lines",
        f"- subsections: {len(node.children)}",
    ]
    return "\n".join(facts)


HOVER_PROVIDERS: list[Callable[[Snapshot, int], str | None]] = [heading_hover]


def hover_at(snapshot: Snapshot, offset: int) -> dict[str, Any] | None:
    for provider in HOVER_PROVIDERS:
        markdown = provider(snapshot, offset)
        if markdown is not None:
            return {"contents": {"kind": "markdown", "value": markdown}}
    return None


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams) -> dict[str, Any] | None:
        snapshot = await server.current(params.text_document.uri)
        offset = server.offset(snapshot, params.position)
        return await server.answer_on(snapshot, lambda current: hover_at(current, offset))
