"""textDocument/foldingRange: one region per multi-line outline part; rangeLimit keeps the outermost."""

from __future__ import annotations

import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from longdoc import LongDocument

from lsp_support import accept_registrations, capabilities, open_document, read_shared, ARTICLE_CONTRACT

URI = "file:///contract.txt"


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset)


async def folding(client: LanguageClient) -> list[types.FoldingRange]:
    return await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )


async def test_every_multi_line_part_folds_from_its_heading_to_its_last_line(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    expected = [
        (line_of(contract_text, node.start), line_of(contract_text, node.end - 1))
        for node in LongDocument(contract_text).nodes
        if line_of(contract_text, node.start) < line_of(contract_text, node.end - 1)
    ]
    ranges = await folding(client)
    assert [(r.start_line, r.end_line) for r in ranges] == expected
    assert {r.kind for r in ranges} == {types.FoldingRangeKind.Region}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "longdoc_server"]))
async def limited_client(lsp_client: LanguageClient):
    caps = capabilities()
    assert caps.text_document is not None
    caps.text_document.folding_range = types.FoldingRangeClientCapabilities(range_limit=3)
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(types.InitializeParams(capabilities=caps))
    yield
    await lsp_client.shutdown_session()


async def test_range_limit_keeps_the_outermost_ranges(limited_client: LanguageClient) -> None:
    text = read_shared(ARTICLE_CONTRACT)
    open_document(limited_client, URI, text)
    ranges = await folding(limited_client)
    roots = [
        (line_of(text, node.start), line_of(text, node.end - 1))
        for node in LongDocument(text).outline
        if line_of(text, node.start) < line_of(text, node.end - 1)
    ]
    assert [(r.start_line, r.end_line) for r in ranges] == roots[:3]
