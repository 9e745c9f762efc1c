"""The JSON-RPC protocol of the server: pygls' LSP protocol with two defects removed.

A request whose params do not fit the LSP types is answered with InvalidParams (pygls drops it
silently), and open/change/close do not feed pygls' own text documents (they split lines at form
feeds and re-split the whole text on every change); ``documents.py`` owns the text instead.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from dataclasses import dataclass
from typing import Any

import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol, lsp_method

from .reuse import RawJson

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class UnreadableMessage:
    """A well-formed JSON-RPC message whose params could not be read as the method's LSP type."""

    id: Any
    method: str
    reason: str
    jsonrpc: str = "2.0"


def _reason(error: Exception) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(error, path="params"))
    return str(error.__cause__ or error)


class LongdocProtocol(LanguageServerProtocol):
    """LanguageServerProtocol that answers every request, even one with unreadable params."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except Exception as error:
            if "method" not in data:
                raise
            cause = error.__cause__ if error.__cause__ is not None else error
            return UnreadableMessage(data.get("id"), str(data["method"]), _reason(cause))

    def handle_message(self, message: Any) -> None:
        if not isinstance(message, UnreadableMessage):
            super().handle_message(message)
            return
        text = f"Invalid params for {message.method}: {message.reason}"
        logger.warning(text)
        if message.id is not None:
            self._send_response(message.id, error=JsonRpcInvalidParams(text).to_response_error())
        else:
            self.notify(
                types.WINDOW_LOG_MESSAGE,
                types.LogMessageParams(type=types.MessageType.Error, message=f"Ignored: {text}"),
            )

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        # Results are mostly plain JSON already: an envelope dict skips cattrs' walk over every value
        # (lsprotocol objects inside are still unstructured by _serialize_message).
        if error is not None:
            super()._send_response(msg_id, result, error)
        elif isinstance(result, RawJson):
            head = f'{{"jsonrpc": "{self.VERSION}", "id": {json.dumps(msg_id)}, "result": '.encode(self.CHARSET)
            self._send_body((head, *result.chunks, b"}"))
        else:
            self._send_data({"jsonrpc": self.VERSION, "id": msg_id, "result": result})

    def notify_json(self, method: str, params: RawJson) -> None:
        """Send a notification whose params are JSON already (a version's diagnostics), as
        :meth:`_send_response` sends a :class:`RawJson` result."""
        head = f'{{"jsonrpc": "{self.VERSION}", "method": {json.dumps(method)}, "params": '.encode(self.CHARSET)
        self._send_body((head, *params.chunks, b"}"))

    def _send_body(self, body: tuple[bytes, ...]) -> None:
        """Write one message whose JSON is ready, in encoded pieces (as ``_send_data`` does after
        serialising), joined once with its header."""
        if self.writer is None:
            logger.error("Unable to send data, no available transport!")
            return
        header = b""
        if self._include_headers:
            length = sum(map(len, body))
            header = f"Content-Length: {length}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n".encode(self.CHARSET)
        written = self.writer.write(b"".join((header, *body)))
        if inspect.isawaitable(written):
            asyncio.ensure_future(written)

    # The three text synchronisation notifications only reach the server's own handlers.
    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None
