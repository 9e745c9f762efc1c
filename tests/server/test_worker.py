"""The worker thread: a request whose document changed while it waited is not computed at all; an
answer prepared for a new version waits for no job queued after it; a long text's semantic tokens
are made in stretches that other requests come between."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified

from longdoc_server.app import LongdocServer, build_server
from longdoc_server.features import semantic_tokens
from lsp_support import contract_corpus

URI = "file:///contract.txt"
CONTRACT = "1. Term.\nThis Agreement lasts five years.\n\n2. Notices.\nIn writing.\n"


async def test_a_request_queued_behind_an_edit_is_content_modified_without_being_computed() -> None:
    server = LongdocServer()
    server.documents.put(server.documents.build(URI, 1, "1. Term. This Agreement lasts five years.\n"))
    release = threading.Event()
    busy = asyncio.ensure_future(server.run(release.wait))  # the worker is on a long request
    computed: list[int] = []
    queued = asyncio.ensure_future(server.answer(URI, lambda snapshot: computed.append(snapshot.version)))
    await asyncio.sleep(0.05)
    server.documents.put(server.documents.build(URI, 2, "1. Term. This Agreement lasts ten years.\n"))
    release.set()
    await busy
    with pytest.raises(JsonRpcContentModified):
        await queued
    assert computed == []
    server.workers.shutdown()


async def test_a_prepared_answer_is_not_queued_behind_jobs_that_came_after_it() -> None:
    server = LongdocServer()
    server.documents.put(server.documents.build(URI, 1, "1. Term. This Agreement lasts five years.\n"))
    server.prepare(server.documents.get(URI), "outline", lambda snapshot: f"outline of version {snapshot.version}")
    release = threading.Event()
    busy = asyncio.ensure_future(server.run(release.wait))  # a long job, queued after the prepared one
    try:
        answer = await asyncio.wait_for(server.answer_prepared(URI, "outline", lambda snapshot: "made again"), 10)
        assert answer == "outline of version 1"
        assert not busy.done()
    finally:
        release.set()
        await busy
        server.workers.shutdown()


@pytest.mark.parametrize(
    ("method", "params", "first_lines"),
    [
        (types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams,
         lambda answer: [symbol["selectionRange"]["start"]["line"] for symbol in answer]),
        (types.TEXT_DOCUMENT_FOLDING_RANGE, types.FoldingRangeParams, lambda answer: [r["startLine"] for r in answer]),
    ],
)
async def test_a_change_prepares_the_outline_and_folding_of_a_client_that_asked_for_them(
    method: str, params: type, first_lines: Callable[[list[dict]], list[int]]
) -> None:
    server = build_server()
    server.protocol.client_capabilities = types.ClientCapabilities()  # what initialize records
    handler = server.protocol.fm.features[method]
    did_change = server.protocol.fm.features[types.TEXT_DOCUMENT_DID_CHANGE]
    server.documents.put(server.documents.build(URI, 1, CONTRACT))
    asked = params(text_document=types.TextDocumentIdentifier(uri=URI))
    assert first_lines(json.loads(bytes(await handler(asked)))) == [0, 3]  # version 1: the client shows it
    release = threading.Event()
    try:
        await did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
                text="\n")],
        ))
        busy = asyncio.ensure_future(server.run(release.wait))  # say, a diagnostics pull right behind the change
        assert first_lines(json.loads(bytes(await asyncio.wait_for(handler(asked), 10)))) == [1, 4]  # version 2's lines
        assert not busy.done()
    finally:
        release.set()
        server.workers.shutdown()


async def test_a_request_made_while_a_long_texts_tokens_are_made_is_answered_before_they_are() -> None:
    server = LongdocServer()
    snapshot = server.documents.build(URI, 1, contract_corpus(1_000_000))
    server.documents.put(snapshot)
    try:
        tokens = asyncio.ensure_future(semantic_tokens.tokens(server, snapshot, 0, len(snapshot.text)))
        await asyncio.sleep(0)  # the tokens' first stretch takes the worker
        assert await server.answer(URI, lambda current: current.version) == 1
        assert not tokens.done()
        assert len((await tokens)["data"]) > 5 * 10_000
    finally:
        server.workers.shutdown()


async def test_a_long_texts_tokens_stop_when_the_text_changes_while_they_are_made() -> None:
    server = LongdocServer()
    text = contract_corpus(1_000_000)
    snapshot = server.documents.build(URI, 1, text)
    server.documents.put(snapshot)
    try:
        tokens = asyncio.ensure_future(semantic_tokens.tokens(server, snapshot, 0, len(text)))
        await asyncio.sleep(0)
        await server.answer(URI, lambda current: None)  # the first stretch is made
        server.documents.put(server.documents.build(URI, 2, text + "\n"))
        with pytest.raises(JsonRpcContentModified):
            await tokens
    finally:
        server.workers.shutdown()


@pytest.mark.parametrize("at_end", [False, True], ids=["typed before what was made", "pasted after it"])
async def test_the_tokens_of_a_long_text_that_an_edit_interrupts_go_on_from_where_they_stopped(monkeypatch, at_end) -> None:
    server = LongdocServer()
    text = contract_corpus(1_000_000)
    server.documents.put(server.documents.build(URI, 1, text))
    added: list[tuple[int, int]] = []  # (version, start) of each stretch made afresh
    add = semantic_tokens._Tokens.add
    monkeypatch.setattr(semantic_tokens._Tokens, "add",
                        lambda made, start, end: added.append((made.snapshot.version, start)) or add(made, start, end))
    try:
        first = asyncio.ensure_future(semantic_tokens.whole(server, server.documents.get(URI)))
        while semantic_tokens.FEATURE not in server.documents.get(URI).rendered:
            await asyncio.sleep(0.01)  # until the first stretch is made
        at = types.Position(line=text.count("\n"), character=0) if at_end else types.Position(line=0, character=0)
        typed = types.TextDocumentContentChangePartial(
            range=types.Range(start=at, end=at), text="the goods are shipped by sea. " * 200 if at_end else "x")
        edited = server.documents.change(URI, 2, [typed], server.codec)
        with pytest.raises(JsonRpcContentModified):
            await first
        made, _ = await semantic_tokens.whole(server, edited)
        assert [start for version, start in added if version == 2][0] > 100_000
        assert list(made.data) == (await semantic_tokens.tokens(server, edited, 0, len(edited.text)))["data"]
    finally:
        server.workers.shutdown()
