"""Bad input gets a JSON-RPC error that says what was wrong, and the server goes on serving."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcMethodNotFound
from pytest_lsp import LanguageClient

from longdoc import LongDocument

from lsp_support import raw_request, change_document, document_symbols, execute, flatten, open_document

URI = "file:///contract.txt"
TEXT = "ARTICLE I\n\nGENERAL TERMS\n\n1.01 Scope. The scope.\n\n1.02 Term. The term.\n"


async def test_unknown_uri_is_invalid_params_naming_it(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcInvalidParams, match="file:///nowhere.txt is not open"):
        await document_symbols(client, "file:///nowhere.txt")


async def test_the_semantic_tokens_of_a_document_not_open_are_invalid_params_naming_it(client: LanguageClient) -> None:
    params = types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri="file:///nowhere.txt"))
    with pytest.raises(JsonRpcInvalidParams, match="file:///nowhere.txt is not open"):
        await client.text_document_semantic_tokens_full_async(params)
    open_document(client, URI, TEXT)
    assert len(flatten(await document_symbols(client, URI))) >= 3


async def test_a_delta_of_the_semantic_tokens_of_a_document_not_open_is_invalid_params_naming_it(
        client: LanguageClient) -> None:
    params = types.SemanticTokensDeltaParams(text_document=types.TextDocumentIdentifier(uri="file:///nowhere.txt"),
                                             previous_result_id="1")
    with pytest.raises(JsonRpcInvalidParams, match="file:///nowhere.txt is not open"):
        await client.text_document_semantic_tokens_full_delta_async(params)
    open_document(client, URI, TEXT)
    assert len(flatten(await document_symbols(client, URI))) >= 3


async def test_standard_request_with_unreadable_params_is_answered(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcInvalidParams, match="textDocument/documentSymbol"):
        await raw_request(client, types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, {"textDocument": 5})
    open_document(client, URI, TEXT)
    assert len(flatten(await document_symbols(client, URI))) >= 3


async def test_position_outside_the_document_is_rejected_not_clamped(client: LanguageClient) -> None:
    open_document(client, URI, TEXT)
    params = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=99, character=0))
    with pytest.raises(JsonRpcInvalidParams, match="line 99 is outside"):
        await client.text_document_hover_async(params)
    past_end = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=10))
    with pytest.raises(JsonRpcInvalidParams, match="past the end of line 0"):
        await client.text_document_hover_async(past_end)


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ({"uri": URI}, "missing required argument 'query'"),
        ({"query": "term"}, "missing required argument 'uri'"),
        ({"uri": URI, "query": 7}, "'query' must be a non-empty string"),
        ({"uri": URI, "query": "term", "k": 0}, "'k' must be an integer >= 1"),
        ({"uri": URI, "query": "term", "budget": "many"}, "'budget' must be an integer >= 1"),
        ({"uri": "file:///nowhere.txt", "query": "term"}, "is not open"),
    ],
)
async def test_command_argument_mistakes_are_named(client: LanguageClient, argument: dict, message: str) -> None:
    open_document(client, URI, TEXT)
    with pytest.raises(JsonRpcInvalidParams, match=message):
        await execute(client, "longdoc.findRelevantSections", argument)


async def test_command_without_an_argument_object_is_rejected(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcInvalidParams, match="takes exactly one JSON object"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="longdoc.window", arguments=["x", 1]))


async def test_unknown_command_is_rejected(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcInvalidParams, match="longdoc.nothing"):
        await execute(client, "longdoc.nothing", {})


async def test_unknown_method_is_method_not_found_and_serving_goes_on(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcMethodNotFound):
        await raw_request(client, "longdoc/unknownMethod", {})
    open_document(client, URI, TEXT)
    assert flatten(await document_symbols(client, URI))


async def test_change_with_a_range_outside_the_document_is_reported_and_ignored(client: LanguageClient) -> None:
    open_document(client, URI, TEXT)
    bad = types.Range(start=types.Position(line=40, character=0), end=types.Position(line=40, character=1))
    change_document(client, URI, 2, bad, "x")
    symbols = flatten(await document_symbols(client, URI))
    assert [s.name for s in symbols] == [node.title for node in LongDocument(TEXT).nodes]
    assert any("Ignored a change" in m.message and "line 40" in m.message for m in client.log_messages)


async def test_invalid_setting_is_reported_and_the_previous_value_kept(client: LanguageClient) -> None:
    for value in (1, "three"):
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"longdoc": {"topK": value}}))
    open_document(client, URI, TEXT)
    result = await execute(client, "longdoc.findRelevantSections", {"uri": URI, "query": "scope term"})
    assert len(result["sections"]) == 1
    assert any("longdoc.topK must be an integer" in m.message for m in client.log_messages)


async def test_errors_are_json_rpc_errors_with_codes(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcException) as caught:
        await execute(client, "longdoc.locateEvidence", {"uri": URI})
    assert caught.value.code == -32602
