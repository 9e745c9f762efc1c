"""The worker thread: a request whose document changed while it waited is not computed at all."""

from __future__ import annotations

import asyncio
import threading

import pytest
from pygls.exceptions import JsonRpcContentModified

from longdoc_server.app import LongdocServer

URI = "file:///contract.txt"


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
