"""textDocument/documentSymbol: the outline of real contracts and Markdown policies."""

from __future__ import annotations

import gc
import json
import weakref

from lsprotocol import types
from pytest_lsp import LanguageClient

from longdoc import LongDocument
from longdoc_server.documents import Snapshot
from longdoc_server.features.outline import document_symbols as symbols_json
from longdoc_server.positions import Codec, LineIndex

from lsp_support import document_symbols, flatten, offset_of, open_document

URI = "file:///contract.txt"


async def test_contract_articles_are_roots_with_their_numbered_clauses_as_children(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    symbols = await document_symbols(client, URI)
    article = next(s for s in symbols if s.name.startswith("ARTICLE III"))
    clauses = [symbol.name for symbol in flatten(article.children or []) if symbol.name[:1].isdigit()]
    assert clauses[:2] == ["3.01 Contractor Services", "3.02 Meetings"], clauses


async def test_symbols_follow_the_core_outline_node_for_node(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    flat = flatten(await document_symbols(client, URI))
    nodes = LongDocument(contract_text).nodes
    assert [s.name for s in flat] == [node.title for node in nodes]
    for symbol, node in zip(flat, nodes):
        assert (offset_of(contract_text, symbol.range.start), offset_of(contract_text, symbol.range.end)) == (node.start, node.end)
        selection = (offset_of(contract_text, symbol.selection_range.start), offset_of(contract_text, symbol.selection_range.end))
        assert selection == (node.heading_start, node.heading_end)


async def test_detail_gives_the_number_label_and_size(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    flat = flatten(await document_symbols(client, URI))
    meetings = next(s for s in flat if s.name == "3.02 Meetings")
    assert meetings.detail is not None and meetings.detail.startswith("3.02 · ") and meetings.detail.endswith(" tokens")


async def test_depth_decides_the_symbol_kind(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    article = next(s for s in await document_symbols(client, URI) if s.name.startswith("ARTICLE III"))
    assert article.kind == types.SymbolKind.Module
    assert article.children and {child.kind for child in article.children} == {types.SymbolKind.Class}


async def test_markdown_headings_nest_by_level_without_hashes(client: LanguageClient, policy_text: str) -> None:
    uri = "file:///terms.md"
    open_document(client, uri, policy_text)
    flat = flatten(await document_symbols(client, uri))
    account_terms = next(s for s in flat if s.name == "B. Account Terms")
    assert [child.name for child in account_terms.children or []][:2] == ["1. Account Controls", "2. Required Information"]
    assert not any(s.name.startswith("#") for s in flat)


def test_rendering_symbols_leaves_no_reference_cycle_that_keeps_the_text(contract_text: str) -> None:
    # The server runs the cyclic collector rarely: anything only it could free would pile up,
    # a whole text per edit.
    collecting = gc.isenabled()
    gc.disable()
    try:
        snapshot = Snapshot(URI, 1, LongDocument(contract_text), LineIndex.of(contract_text))
        lines = weakref.ref(snapshot.lines)
        assert bytes(symbols_json(snapshot, Codec())).startswith(b"[{")
        del snapshot
        assert lines() is None, "freed when the snapshot goes, without the collector"
    finally:
        if collecting:
            gc.enable()


def test_symbols_json_is_ascii_with_names_escaped_as_drafted() -> None:
    text = "§ 1 Définitions\n\n“Affiliate” means any entity.\n\n§ 2 Términos\n\nThe term runs five years.\n"
    snapshot = Snapshot(URI, 1, LongDocument(text), LineIndex.of(text))
    answer = bytes(symbols_json(snapshot, Codec()))
    assert answer.isascii()
    assert [symbol["name"] for symbol in json.loads(answer)] == ["§ 1 Définitions", "§ 2 Términos"]
