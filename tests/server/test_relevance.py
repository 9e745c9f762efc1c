"""longdoc.findRelevantSections, longdoc.window and longdoc.toDocument on a real contract."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

from longdoc import LongDocument

from lsp_support import change_document, execute, offset_of, open_document

URI = "file:///contract.txt"
QUERY = "indemnify hold harmless claims"


async def test_relevant_sections_come_best_first_with_their_path_and_matched_terms(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.findRelevantSections", {"uri": URI, "query": QUERY, "k": 3})
    assert (result["uri"], result["version"]) == (URI, 1)
    sections = result["sections"]
    assert len(sections) == 3
    assert [s["score"] for s in sections] == sorted((s["score"] for s in sections), reverse=True)
    assert sections[0]["heading"].startswith("7.0")
    assert sections[0]["path"][0].startswith("ARTICLE VII")
    assert "indemnify" in sections[0]["matchedTerms"]


async def test_relevant_sections_name_the_words_to_mark_as_the_section_writes_them(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.findRelevantSections", {"uri": URI, "query": QUERY, "k": 3})
    marked = result["sections"][1]["matchedWords"]
    assert {"indemnify", "claims", "claim"} <= set(marked), "the query's plural and the singular the clause also uses"


async def test_relevant_section_ranges_are_the_core_sections(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.findRelevantSections", {"uri": URI, "query": QUERY})
    expected = [(section.start, section.end) for section, _ in LongDocument(contract_text).select(QUERY, k=3)]
    got = [(offset_of(contract_text, s["range"]["start"]), offset_of(contract_text, s["range"]["end"])) for s in result["sections"]]
    assert got == expected


async def test_words_the_document_never_mentions_are_unmatched(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.findRelevantSections", {"uri": URI, "query": "insurance zeppelin"})
    assert result["unmatchedTerms"] == ["zeppelin"]


async def test_window_joins_the_selected_sections_in_document_order(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.window", {"uri": URI, "query": QUERY, "k": 2})
    starts = [offset_of(contract_text, s["range"]["start"]) for s in result["sections"]]
    assert starts == sorted(starts)
    pieces = [contract_text[offset_of(contract_text, s["range"]["start"]) : offset_of(contract_text, s["range"]["end"])] for s in result["sections"]]
    assert result["text"] == "\n\n".join(pieces)
    assert result["windowId"] and result["version"] == 1


def window_range(text: str, start: int, end: int) -> dict:
    def position(offset: int) -> dict:
        return {"line": text.count("\n", 0, offset), "character": offset - (text.rfind("\n", 0, offset) + 1)}

    return {"start": position(start), "end": position(end)}


async def test_a_range_in_the_window_maps_back_to_the_same_text_in_the_document(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    window = await execute(client, "longdoc.window", {"uri": URI, "query": QUERY, "k": 2})
    text = window["text"]
    start = text.index("harmless")
    mapped = await execute(client, "longdoc.toDocument", {"windowId": window["windowId"], "range": window_range(text, start, start + 20)})
    doc_start = offset_of(contract_text, mapped["range"]["start"])
    doc_end = offset_of(contract_text, mapped["range"]["end"])
    assert contract_text[doc_start:doc_end] == text[start : start + 20]
    assert (mapped["uri"], mapped["version"]) == (URI, 1)


async def test_a_range_across_the_separator_maps_to_null(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    window = await execute(client, "longdoc.window", {"uri": URI, "query": QUERY, "k": 2})
    text = window["text"]
    separator = text.index("\n\n", len(window["text"].split("\n\n")[0]) - 1)
    mapped = await execute(client, "longdoc.toDocument", {"windowId": window["windowId"], "range": window_range(text, separator, separator + 1)})
    assert mapped is None


async def test_to_document_refuses_a_window_of_a_changed_document(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    window = await execute(client, "longdoc.window", {"uri": URI, "query": QUERY})
    start = types.Position(line=0, character=0)
    change_document(client, URI, 2, types.Range(start=start, end=start), "Preamble.\n")
    with pytest.raises(JsonRpcInvalidParams, match="stale"):
        await execute(client, "longdoc.toDocument", {"windowId": window["windowId"], "range": window_range(window["text"], 0, 5)})


async def test_to_document_refuses_an_unknown_window(client: LanguageClient) -> None:
    with pytest.raises(JsonRpcInvalidParams, match="unknown window 'w999'"):
        await execute(client, "longdoc.toDocument", {"windowId": "w999", "range": window_range("", 0, 0)})
