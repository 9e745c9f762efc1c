"""Incremental synchronisation: edits that insert and delete headings, CRLF, form feeds, UTF-16, UTF-8."""

from __future__ import annotations

import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from longdoc import LongDocument

from lsp_support import accept_registrations, capabilities, change_document, document_symbols, flatten, offset_of, open_document

URI = "file:///contract.txt"


def position(text: str, offset: int) -> types.Position:
    """UTF-16 position of an offset in a text whose lines end with \\n only (slow, obvious)."""
    line = text.count("\n", 0, offset)
    line_start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[line_start:offset].encode("utf-16-le")) // 2)


async def names(client: LanguageClient, uri: str = URI) -> list[str]:
    return [symbol.name for symbol in flatten(await document_symbols(client, uri))]


async def test_inserting_a_heading_line_adds_its_symbol(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    at = contract_text.index("3.02 Meetings.")
    insertion = "3.015 Reporting. Contractor shall report monthly.\n\n"
    change_document(client, URI, 2, types.Range(start=position(contract_text, at), end=position(contract_text, at)), insertion)
    edited = contract_text[:at] + insertion + contract_text[at:]
    result = await names(client)
    assert "3.015 Reporting" in result
    assert result == [node.title for node in LongDocument(edited).nodes]


async def test_deleting_a_heading_line_removes_its_symbol(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    start = contract_text.index("3.02 Meetings.")
    end = contract_text.index("3.03 Access.")
    change_document(client, URI, 2, types.Range(start=position(contract_text, start), end=position(contract_text, end)), "")
    result = await names(client)
    assert "3.02 Meetings" not in result and "3.03 Access" in result
    assert result == [node.title for node in LongDocument(contract_text[:start] + contract_text[end:]).nodes]


async def test_a_sequence_of_edits_matches_a_fresh_document(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    text = contract_text
    edits = [("ARTICLE V\n", "ARTICLE V\n\nARTICLE VA\n\n"), ("4.02 Remittance.", "4.02 Remittances."), ("\n\nARTICLE VI", "\n\n")]
    for version, (old, new) in enumerate(edits, start=2):
        at = text.index(old)
        change_document(client, URI, version, types.Range(start=position(text, at), end=position(text, at + len(old))), new)
        text = text[:at] + new + text[at + len(old) :]
    assert await names(client) == [node.title for node in LongDocument(text).nodes]


async def test_an_edit_after_a_form_feed_lands_where_the_client_put_it(client: LanguageClient) -> None:
    text = "ARTICLE I\n\nTerms apply.\f\fPage 2 text.\n\nARTICLE II\n\nMore.\n"
    open_document(client, URI, text)
    at = text.index("ARTICLE II")
    # Line 2 is "Terms apply.\f\fPage 2 text." for LSP: a form feed does not end a line.
    assert position(text, at) == types.Position(line=4, character=0)
    change_document(client, URI, 2, types.Range(start=position(text, at), end=position(text, at)), "ARTICLE IA\n\nNew.\n\n")
    edited = text.replace("ARTICLE II\n", "ARTICLE IA\n\nNew.\n\nARTICLE II\n")
    symbols = flatten(await document_symbols(client, URI))
    assert [s.name for s in symbols] == [node.title for node in LongDocument(edited).nodes]
    article_two = next(s for s in symbols if s.name.startswith("ARTICLE II"))
    assert offset_of(edited, article_two.selection_range.start) == edited.index("ARTICLE II\n")


async def test_crlf_documents_report_lines_that_vs_code_counts(client: LanguageClient, contract_text: str) -> None:
    crlf = contract_text.replace("\n", "\r\n")
    open_document(client, URI, crlf)
    symbols = flatten(await document_symbols(client, URI))
    meetings = next(s for s in symbols if s.name == "3.02 Meetings")
    assert meetings.selection_range.start == types.Position(line=crlf[: crlf.index("3.02 Meetings")].count("\r\n"), character=0)
    assert offset_of(crlf, meetings.range.end) == LongDocument(crlf).nodes[[s.name for s in symbols].index("3.02 Meetings")].end


async def test_utf16_positions_count_emoji_as_two_units(client: LanguageClient) -> None:
    text = "# Résumé 😀 条款 one\n\nBody 😀😀 text.\n\n## Second 漢字\n\nMore.\n"
    uri = "file:///emoji.md"
    open_document(client, uri, text)
    first = (await document_symbols(client, uri))[0]
    assert first.selection_range.end == types.Position(line=0, character=len("# Résumé 😀 条款 one") + 1)
    # Insert after the two emoji of line 2 (character 9 in UTF-16: "Body " + 2 x 2 units).
    change_document(client, uri, 2, types.Range(start=types.Position(line=2, character=9), end=types.Position(line=2, character=9)), "\n\n## Inserted")
    edited = text.replace("😀😀", "😀😀\n\n## Inserted")
    assert await names(client, uri) == [node.title for node in LongDocument(edited).nodes]
    assert "Inserted text" in await names(client, uri)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "longdoc_server"]))
async def utf8_client(lsp_client: LanguageClient):
    accept_registrations(lsp_client)
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities(["utf-8", "utf-16"])))
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    yield
    await lsp_client.shutdown_session()


async def test_a_client_preferring_utf8_gets_byte_columns(utf8_client: LanguageClient) -> None:
    text = "# Résumé 😀\n\nBody.\n"
    uri = "file:///utf8.md"
    open_document(utf8_client, uri, text)
    symbol = (await document_symbols(utf8_client, uri))[0]
    assert symbol.selection_range.end == types.Position(line=0, character=len("# Résumé 😀".encode("utf-8")))
