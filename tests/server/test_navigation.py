"""textDocument/selectionRange and textDocument/hover."""

from __future__ import annotations

from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_support import offset_of, open_document

URI = "file:///contract.txt"


def position_of(text: str, offset: int) -> types.Position:
    return types.Position(line=text.count("\n", 0, offset), character=offset - (text.rfind("\n", 0, offset) + 1))


async def test_selection_grows_from_word_to_sentence_paragraph_and_sections(
    client: LanguageClient, contract_text: str
) -> None:
    open_document(client, URI, contract_text)
    at = contract_text.index("monthly basis") + 2
    (selection,) = await client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=types.TextDocumentIdentifier(uri=URI), positions=[position_of(contract_text, at)])
    )
    spans = []
    current: types.SelectionRange | None = selection
    while current is not None:
        spans.append((offset_of(contract_text, current.range.start), offset_of(contract_text, current.range.end)))
        current = current.parent
    texts = [contract_text[start:end] for start, end in spans]
    assert texts[0] == "monthly"
    assert texts[1].startswith("Contractor shall meet with the Company") and texts[1].endswith("as the parties shall determine.")
    assert texts[2].startswith("3.02 Meetings.")
    assert any(text.startswith("ARTICLE III") for text in texts)
    assert spans[-1] == (0, len(contract_text))
    for inner, outer in zip(spans, spans[1:]):
        assert outer[0] <= inner[0] and inner[1] <= outer[1] and outer != inner


async def test_hover_on_a_heading_shows_its_path_number_and_size(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    at = contract_text.index("3.02 Meetings") + 3
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of(contract_text, at))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    value = hover.contents.value
    assert "ARTICLE III" in value and "3.02 Meetings" in value
    assert "number: 3.02" in value and "tokens" in value


async def test_hover_in_body_text_is_empty(client: LanguageClient, contract_text: str) -> None:
    open_document(client, URI, contract_text)
    at = contract_text.index("monthly basis")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of(contract_text, at))
    )
    assert hover is None
