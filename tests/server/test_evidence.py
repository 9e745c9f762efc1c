"""longdoc.locateEvidence (quote -> span) and longdoc.coverage (facets -> sections)."""

from __future__ import annotations

from pytest_lsp import LanguageClient

from lsp_support import execute, offset_of, open_document

URI = "file:///contract.txt"


async def test_an_exact_quote_selects_exactly_its_span(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    quote = "Contractor shall meet with the Company on at least a monthly basis"
    result = await execute(client, "longdoc.locateEvidence", {"uri": URI, "quote": quote})
    start, end = offset_of(contract_text, result["range"]["start"]), offset_of(contract_text, result["range"]["end"])
    assert contract_text[start:end] == quote
    assert (result["method"], result["similarity"], result["version"]) == ("exact", 1.0, 1)


async def test_a_reflowed_quote_is_found_by_normalisation(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    quote = "Contractor  shall meet\nwith the  Company on at least\ta monthly basis"
    result = await execute(client, "longdoc.locateEvidence", {"uri": URI, "quote": quote})
    start = offset_of(contract_text, result["range"]["start"])
    assert contract_text[start:].startswith("Contractor shall meet with the Company")
    assert result["method"] != "exact"


async def test_a_quote_the_document_does_not_hold_is_null(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    result = await execute(client, "longdoc.locateEvidence", {"uri": URI, "quote": "The zeppelin shall be painted purple every Tuesday."})
    assert result is None


async def test_coverage_reports_sections_per_facet_and_the_uncovered_ones(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    facets = {"insurance": "products liability insurance", "airship": "zeppelin dirigible"}
    result = await execute(client, "longdoc.coverage", {"uri": URI, "facets": facets, "k": 2})
    assert result["uncovered"] == ["airship"]
    assert result["facets"]["airship"] == []
    top = result["facets"]["insurance"][0]
    assert top["heading"].startswith("7.03 Insurance")
    assert result["restricted"] == []
