"""textDocument/foldingRange: one region per outline node that spans more than one line.

When the client sets ``rangeLimit``, the outermost ranges are kept (shallow depth first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator

from lsprotocol import types

from ..documents import Snapshot
from ..reuse import RawJson, render_roots

if TYPE_CHECKING:
    from ..app import LongdocServer


def _spans(snapshot: Snapshot, nodes: Iterable[Any]) -> list[tuple[int, int, int, int]]:
    """(depth, index, first line, last line) of every node spanning more than one line."""
    lines = snapshot.lines
    spans = []
    for node in nodes:
        first = lines.line_of(node.start)
        last = lines.line_of(max(node.end - 1, node.start))
        if last > first:
            spans.append((node.depth, node.index, first, last))
    return spans


def _json(spans: list[tuple[int, int, int, int]]) -> list[dict[str, Any]]:
    return [{"startLine": first, "endLine": last, "kind": "region"} for _, _, first, last in spans]


def folding_ranges(snapshot: Snapshot, limit: int | None) -> RawJson | list[dict[str, Any]]:
    """Folding ranges in document order, at most ``limit`` of them, outermost first when cut."""
    if limit is None:
        return render_roots(snapshot, _FEATURE, lambda root: _json(_spans(snapshot, _subtree(root))))
    spans = _spans(snapshot, snapshot.doc.nodes)
    if len(spans) > limit:
        spans = sorted(sorted(spans)[:limit], key=lambda item: item[1])
    return _json(spans)


def _subtree(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _subtree(child)


def _range_limit(server: LongdocServer) -> int | None:
    text_document = server.client_capabilities.text_document
    folding = text_document.folding_range if text_document else None
    return folding.range_limit if folding else None


def register(server: LongdocServer) -> None:
    server.answer_each_version(types.TEXT_DOCUMENT_FOLDING_RANGE, _FEATURE,
                               lambda snapshot: folding_ranges(snapshot, _range_limit(server)))


_FEATURE = "foldingRange"
