"""Once the documents are still: open documents get their search index a step at a time on the
worker, and free memory goes back to the system; any change stops the work and starts the wait."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import longdoc_server.memory as memory
import pytest
from longdoc import LongDocument
from longdoc_server.app import LongdocServer, build_server
from longdoc_server.idle import IdleWork
from lsprotocol import types

URI = "file:///contract.txt"
CONTRACT = "".join(f"{n}. Clause {n}. The Supplier shall deliver the goods within {n} days of notice.\n\n"
                   for n in range(1, 41))


@pytest.fixture
async def server() -> AsyncIterator[LongdocServer]:
    server = LongdocServer()
    yield server
    server.workers.shutdown()


async def eventually(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.01)


def open_document(server: LongdocServer, version: int, text: str = CONTRACT) -> None:
    server.documents.put(server.documents.build(URI, version, text))


async def test_a_burst_of_changes_releases_memory_once_after_the_last(server: LongdocServer,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    releases: list[float] = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(memory, "release_free_memory", lambda: releases.append(loop.time()))
    idle = IdleWork(server.documents, server.run, delay=0.1)
    for _ in range(5):
        idle.changed()
        await asyncio.sleep(0.02)
    last_change = loop.time()
    assert releases == []
    await asyncio.sleep(0.3)
    assert len(releases) == 1 and releases[0] >= last_change + 0.05


async def test_an_open_document_is_indexed_once_the_documents_are_still(server: LongdocServer) -> None:
    open_document(server, 1)
    idle = IdleWork(server.documents, server.run, delay=0.05, parts=4)
    idle.changed()
    assert not server.documents.get(URI).doc.indexed, "nothing happens before the wait"
    await asyncio.sleep(0.5)
    assert server.documents.get(URI).doc.indexed


async def test_a_change_stops_the_indexing_of_the_version_it_replaced(server: LongdocServer) -> None:
    open_document(server, 1)
    steps: list[int] = []

    async def slow_run(compute: Callable[..., Any], *args: Any) -> Any:
        steps.append(1)
        await asyncio.sleep(0.02)
        return await server.run(compute, *args)

    idle = IdleWork(server.documents, slow_run, delay=0.01, parts=1)
    idle.changed()
    while not steps:
        await asyncio.sleep(0.005)
    first = server.documents.get(URI).doc
    open_document(server, 2, CONTRACT.replace("goods", "services"))
    idle.changed()
    await asyncio.sleep(0.01)
    assert len(steps) < len(first._parts), "stopped before the last part"
    assert not first.indexed
    await eventually(lambda: server.documents.get(URI).doc.indexed)  # the new version, once still


async def test_requests_are_answered_between_the_steps_of_an_index_build(server: LongdocServer) -> None:
    open_document(server, 1, CONTRACT * 60)  # 2,400 parts: 2,400 steps
    idle = IdleWork(server.documents, server.run, delay=0.0, parts=1)
    idle.changed()
    await asyncio.sleep(0.02)
    doc = server.documents.get(URI).doc
    assert not doc.indexed, "the build is under way"
    outline = await server.answer(URI, lambda snapshot: len(snapshot.doc.nodes))
    assert outline == 40 * 60 and not doc.indexed, "answered before the build ended"
    await eventually(lambda: doc.indexed)


async def test_a_question_during_an_index_build_goes_on_with_it(server: LongdocServer) -> None:
    open_document(server, 1, CONTRACT * 60)
    idle = IdleWork(server.documents, server.run, delay=0.0, parts=1)
    idle.changed()
    await asyncio.sleep(0.05)
    doc = server.documents.get(URI).doc
    assert doc._building is not None and not doc.indexed, "the build is under way"
    done_before = doc._building[1]
    index_under_way = doc._building[0]
    chosen = await server.answer(URI, lambda snapshot: snapshot.doc.select("delivery notice", k=2))
    assert len(chosen) == 2 and doc.indexed
    assert doc._postings() is index_under_way and done_before > 0, "the question finished the same index"


async def test_pulled_diagnostics_first_index_the_document_a_step_at_a_time_and_use_the_index() -> None:
    # The index says which sections may use a defined term; without it every term never used
    # near its definition means a scan of the whole text.
    server = build_server()
    text = '1. Definitions. "Goods" means the products; "Notice Period" means ten days.\n\n' + CONTRACT
    open_document(server, 1, text)
    steps: list[object] = []

    async def counted_run(compute: Callable[..., Any], *args: Any) -> Any:
        steps.append(compute)
        return await server.run(compute, *args)

    server.idle = IdleWork(server.documents, counted_run, parts=4)
    pull = server.protocol.fm.features[types.TEXT_DOCUMENT_DIAGNOSTIC]
    answer = json.loads(bytes(await pull(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI)))))
    doc = server.documents.get(URI).doc
    assert doc.indexed and len(steps) >= len(doc._parts) // 4
    assert [item["code"] for item in answer["items"]] == [d.code for d in doc.diagnostics()]
    assert "unused-definition" in [item["code"] for item in answer["items"]]  # "Notice Period"
    server.workers.shutdown()


async def test_diagnostics_pulled_again_for_the_same_version_are_not_computed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    server = build_server()
    open_document(server, 1)
    doc = server.documents.get(URI).doc
    computed: list[int] = []
    findings = doc.diagnostics
    monkeypatch.setattr(doc, "diagnostics", lambda: computed.append(1) or findings())
    pull = server.protocol.fm.features[types.TEXT_DOCUMENT_DIAGNOSTIC]
    params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI))
    first = await pull(params)
    again = await pull(params)
    assert again == first and computed == [1]
    server.workers.shutdown()


async def test_diagnostics_of_an_edited_version_patch_definitions_and_citations_in_a_job_of_their_own() -> None:
    # A request that comes meanwhile waits for one of the two jobs, not for both.
    server = build_server()
    text = '1. Definitions. "Goods" means the products; "Notice Period" means ten days.\n\n' + CONTRACT * 3
    open_document(server, 1, text)
    pull = server.protocol.fm.features[types.TEXT_DOCUMENT_DIAGNOSTIC]
    params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI))
    await pull(params)
    at = server.codec.position(server.documents.get(URI).lines, text.index("the products"))
    server.documents.change(URI, 2, [types.TextDocumentContentChangePartial(range=types.Range(at, at), text="x")],
                            server.codec)
    jobs: list[tuple[bool, bool]] = []
    run = server.run

    async def watched_run(compute: Callable[..., Any], *args: Any) -> Any:
        doc = server.documents.get(URI).doc
        jobs.append((doc._references is not None, doc._diagnosis is not None))
        return await run(compute, *args)

    server.run = watched_run  # type: ignore[method-assign]
    answer = json.loads(bytes(await pull(params)))
    doc = server.documents.get(URI).doc
    assert jobs == [(False, False), (True, False)], "citations patched first, then the diagnosis"
    assert [item["code"] for item in answer["items"]] == [d.code for d in LongDocument(doc.text).diagnostics()]
    server.workers.shutdown()


async def test_what_is_cheap_to_compute_again_is_let_go_once_the_documents_are_still(
        server: LongdocServer) -> None:
    open_document(server, 1)
    snapshot = server.documents.get(URI)
    findings = snapshot.cached("diagnostics", snapshot.doc.diagnostics)
    assert snapshot.doc._byte_view is not None and snapshot.memo
    idle = IdleWork(server.documents, server.run, delay=0.05, parts=4)
    idle.changed()
    await eventually(lambda: snapshot.doc._byte_view is None and not snapshot.memo)
    assert snapshot.doc.diagnostics() == findings


async def test_a_run_of_work_still_going_is_kept_when_the_documents_are_still(server: LongdocServer) -> None:
    # Two requests for one version's semantic tokens, one on each side of the memory's release, share a run.
    open_document(server, 1)
    snapshot = server.documents.get(URI)
    release = asyncio.Event()
    run = server.started(snapshot, "semanticTokens", release.wait)
    snapshot.cached("diagnostics", snapshot.doc.diagnostics)
    snapshot.trim()
    assert server.started(snapshot, "semanticTokens", release.wait) is run
    assert "diagnostics" not in snapshot.memo
    release.set()
    await run
