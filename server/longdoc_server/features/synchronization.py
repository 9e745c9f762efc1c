"""textDocument/didOpen, didChange, didClose: keep ``server.documents`` in step with the client.

Opening builds the LongDocument on the worker thread; a change that does not fit the document
(bad range) is reported and the whole notification ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ..documents import UnknownDocument
from ..positions import PositionError

if TYPE_CHECKING:
    from ..app import LongdocServer


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        async with server.state_lock:
            server.documents.put(await server.run(server.documents.build, item.uri, item.version, item.text))
        server.idle.changed()

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(params: types.DidChangeTextDocumentParams) -> None:
        document = params.text_document
        async with server.state_lock:
            try:
                snapshot = server.documents.change(document.uri, document.version, params.content_changes, server.codec)
            except (UnknownDocument, PositionError) as error:
                server.log(f"Ignored a change to {document.uri} (version {document.version}): {error}", types.MessageType.Error)
            else:
                for hook in server.on_change:
                    hook(snapshot)
        server.idle.changed()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(params: types.DidCloseTextDocumentParams) -> None:
        async with server.state_lock:
            server.documents.close(params.text_document.uri)
        server.idle.changed()
