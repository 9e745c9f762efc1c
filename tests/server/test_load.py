"""Long requests run beside the message reader: cancellation and edits get through while they run."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcException, JsonRpcRequestCancelled
from pytest_lsp import LanguageClient

from lsp_support import change_document, contract_corpus, document_symbols, flatten, open_document

URI = "file:///big.txt"


@pytest.fixture(scope="module")
def big_text() -> str:
    return contract_corpus(2_000_000)


def symbol_request(client: LanguageClient, msg_id: str) -> asyncio.Future:
    params = types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    return asyncio.wrap_future(client.protocol.send_request(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params, msg_id=msg_id))


async def test_a_queued_request_can_be_cancelled(client: LanguageClient, big_text: str) -> None:
    open_document(client, URI, big_text)
    first = symbol_request(client, "first")
    second = symbol_request(client, "second")
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="second"))
    with pytest.raises(JsonRpcRequestCancelled):
        await asyncio.wait_for(second, timeout=60)
    assert flatten(await asyncio.wait_for(first, timeout=60))


async def test_an_answer_for_a_version_edited_meanwhile_is_content_modified(client: LanguageClient, big_text: str) -> None:
    open_document(client, URI, big_text)
    stale = symbol_request(client, "stale")
    start = types.Position(line=0, character=0)
    change_document(client, URI, 2, types.Range(start=start, end=start), "# Cover Note\n\n")
    with pytest.raises(JsonRpcException) as caught:
        await asyncio.wait_for(stale, timeout=60)
    assert caught.value.code == JsonRpcContentModified.CODE
    assert flatten(await document_symbols(client, URI))[0].name == "Cover Note"


async def test_a_ten_megabyte_single_line_is_served(client: LanguageClient) -> None:
    line = "word " * 2_000_000
    open_document(client, URI, line)
    assert await document_symbols(client, URI) == []
    at = types.Position(line=0, character=len(line) - 1)
    change_document(client, URI, 2, types.Range(start=at, end=at), "x")
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=at))
    assert hover is None
