"""textDocument/documentSymbol: the outline as hierarchical DocumentSymbols.

``range`` is the whole part (breadcrumbs, sticky scroll and follow-cursor need it) and
``selectionRange`` the heading; results are cached per document version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types

from ..documents import Snapshot
from ..positions import Codec
from ..reuse import RawJson, render_roots

if TYPE_CHECKING:
    from ..app import LongdocServer

# Outline depth -> SymbolKind: articles read as modules, sections as classes, clauses as methods.
_KINDS = (
    types.SymbolKind.Module,
    types.SymbolKind.Class,
    types.SymbolKind.Method,
    types.SymbolKind.Field,
)


def kind_for_depth(depth: int) -> int:
    return int(_KINDS[min(depth, len(_KINDS) - 1)])


def symbol_kind(node: Any) -> int:
    return int(types.SymbolKind.Object) if node.kind == "exhibit" else kind_for_depth(node.depth)


def detail(node: Any) -> str:
    size = f"{node.tokens} tokens"
    return f"{node.label} · {size}" if node.label else size


def document_symbols(snapshot: Snapshot, codec: Codec) -> RawJson:
    """One DocumentSymbol per outline node, nested as the outline is, as JSON text."""
    return render_roots(snapshot, _FEATURE, lambda root: [root_symbol(snapshot, codec, root)])


def root_symbol(snapshot: Snapshot, codec: Codec, root: Any) -> dict[str, Any]:
    """The DocumentSymbol dict of one node and its descendants."""
    return _symbol(snapshot.lines, codec.position, root)


def _symbol(lines: Any, position: Callable[[Any, int], Any], node: Any) -> dict[str, Any]:
    # A module function, not a closure that calls itself: such a closure is a reference cycle that
    # would keep the line index, and with it the whole text, until the cyclic collector runs.
    heading_start = position(lines, node.heading_start)
    out = {
        "name": node.title or node.label or "(untitled)",
        "detail": detail(node),
        "kind": symbol_kind(node),
        "range": {"start": heading_start if node.start == node.heading_start else position(lines, node.start), "end": position(lines, node.end)},
        "selectionRange": {"start": heading_start, "end": position(lines, node.heading_end)},
    }
    if node.children:  # optional in the protocol: leaves (most symbols) leave it out
        out["children"] = [_symbol(lines, position, child) for child in node.children]
    return out


def register(server: LongdocServer) -> None:
    server.answer_each_version(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, _FEATURE, lambda snapshot: document_symbols(snapshot, server.codec))


_FEATURE = "documentSymbol"
