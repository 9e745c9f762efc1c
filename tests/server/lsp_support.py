"""Helpers for the server tests: shared documents, VS Code capabilities, document and request shortcuts.

Shared documents come from ../shared/data; a missing file fails the test with its path.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import sys
import uuid
from concurrent.futures import Future
from functools import lru_cache
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
ARTICLE_CONTRACT = DATA / "cuad" / "contracts" / "CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
MARKDOWN_POLICY = DATA / "unlabeled" / "site-policy__github-terms-of-service.md"
SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "longdoc_server"])


def read_shared(path: Path) -> str:
    """The text of a shared data file exactly as stored (no newline translation)."""
    assert path.is_file(), f"shared test document missing: {path}"
    with path.open(encoding="utf-8", newline="") as handle:
        return handle.read()


def capabilities(encodings: list[str] | None = None) -> types.ClientCapabilities:
    caps = client_capabilities("visual-studio-code")
    if encodings is not None:
        caps.general = types.GeneralClientCapabilities(position_encodings=encodings)
    return caps


def open_document(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="plaintext", version=version, text=text)
        )
    )


def change_document(client: LanguageClient, uri: str, version: int, range_: types.Range | None, text: str) -> None:
    change: Any = (
        types.TextDocumentContentChangePartial(range=range_, text=text)
        if range_ is not None
        else types.TextDocumentContentChangeWholeDocument(text=text)
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]
        )
    )


async def execute(client: LanguageClient, command: str, argument: Any) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=[argument])
    )


async def document_symbols(client: LanguageClient, uri: str) -> list[types.DocumentSymbol]:
    return await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


def flatten(symbols: list[types.DocumentSymbol]) -> list[types.DocumentSymbol]:
    flat: list[types.DocumentSymbol] = []
    for symbol in symbols:
        flat.append(symbol)
        flat += flatten(symbol.children or [])
    return flat


@lru_cache(maxsize=4)  # asked again for each position of one text
def reference_line_starts(text: str) -> tuple[int, ...]:
    """Where each LSP line starts (breaks: \\n, \\r\\n, \\r), walked one character at a time."""
    starts, index = [0], 0
    while index < len(text):
        if text.startswith("\r\n", index):
            index += 2
            starts.append(index)
        elif text[index] in "\r\n":
            index += 1
            starts.append(index)
        else:
            index += 1
    return tuple(starts)


def offset_of(text: str, position: types.Position | dict[str, int]) -> int:
    """Offset of a UTF-16 LSP position computed the slow obvious way (independent of the server)."""
    line, character = (position.line, position.character) if isinstance(position, types.Position) else (position["line"], position["character"])
    offset, units = reference_line_starts(text)[line], 0
    while units < character:
        units += 2 if ord(text[offset]) > 0xFFFF else 1
        offset += 1
    return offset


def contract_corpus(size: int) -> str:
    """At least ``size`` characters of real contracts, concatenated in file-name order."""
    folder = DATA / "cuad" / "contracts"
    assert folder.is_dir(), f"shared contracts missing: {folder}"
    parts: list[str] = []
    total = 0
    for path in sorted(folder.glob("*.txt")):
        parts.append(read_shared(path))
        total += len(parts[-1])
        if total >= size:
            break
    return "\n\n".join(parts)


def accept_registrations(client: LanguageClient) -> list[types.Registration]:
    """Answer client/registerCapability as VS Code does; returns the list the registrations go to."""
    registrations: list[types.Registration] = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    return registrations


async def raw_request(client: LanguageClient, method: str, params: Any, timeout: float = 20) -> Any:
    """Send a request exactly as given (even params no LSP type accepts) and await its answer."""
    msg_id = str(uuid.uuid4())
    future: Future[Any] = Future()
    client.protocol._request_futures[msg_id] = future
    body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}).encode()
    written = client.protocol.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    if inspect.isawaitable(written):
        await written
    return await asyncio.wait_for(asyncio.wrap_future(future), timeout=timeout)
