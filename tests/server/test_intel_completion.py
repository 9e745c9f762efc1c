"""textDocument/completion over LSP: clause numbers after a citing word, defined terms from their
first words, ranges in the client's UTF-16 columns."""

from __future__ import annotations

import pytest
from lsp_support import DATA, change_document, offset_of, open_document, read_shared
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

URI = "file:///distributor.txt"
DISTRIBUTOR = DATA / "cuad" / "contracts" / "BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"


def position_of(text: str, offset: int) -> types.Position:
    """The LSP position of ``offset`` in UTF-16 code units, as VS Code counts them."""
    line_start = text.rfind("\n", 0, offset) + 1
    column = len(text[line_start:offset].encode("utf-16-le")) // 2
    return types.Position(line=text.count("\n", 0, offset), character=column)


async def complete(client: LanguageClient, text: str, typed_after: str, typed: str) -> tuple[str, list[types.CompletionItem]]:
    """Open the distributor agreement with ``typed`` written after ``typed_after``; the items offered there."""
    at = text.index(typed_after) + len(typed_after)
    written = text[:at] + typed + text[at:]
    open_document(client, URI, written)
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=position_of(written, at + len(typed))))
    items = found.items if isinstance(found, types.CompletionList) else found
    return written, items


async def test_after_section_the_clause_numbers_are_offered_in_text_order_with_titles(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    written, items = await complete(client, text, "The distribution right shall be", " under Section 1.0")
    assert [(i.label, i.detail) for i in items] == [
        ("1.01", "Distribution Right"), ("1.02", "Prices"), ("1.03", "Terms"), ("1.04", "Competitive Products")]
    assert {written[offset_of(written, i.text_edit.range.start) : offset_of(written, i.text_edit.range.end)]
            for i in items} == {"1.0"}
    assert [i.sort_text for i in items] == sorted(i.sort_text for i in items)
    assert {i.kind for i in items} == {types.CompletionItemKind.Reference}


async def test_after_a_cited_clause_and_a_bracket_its_items_are_offered_and_resolve_to_their_lines(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    written, items = await complete(client, text, "The distribution right shall be", " ended under Section 6.02(")
    assert [(i.label, i.kind) for i in items] == [(f"({letter})", types.CompletionItemKind.EnumMember) for letter in "abcd"]
    assert items[2].detail == "By the written consent of both parties"
    assert {written[offset_of(written, i.text_edit.range.start) : offset_of(written, i.text_edit.range.end)]
            for i in items} == {"("}
    found = await resolve(client, items[2])
    assert found.documentation.value.startswith("```text\n(c)  By the written consent of both parties;")


async def test_a_capitalised_prefix_offers_the_defined_terms_it_opens(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    written, items = await complete(client, text, "The distribution right shall be", " given to the \U0001F4C4 Distr")
    [item] = items
    assert (item.label, item.kind, item.text_edit.new_text) == ("Distributor", types.CompletionItemKind.Constant, "Distributor")
    # The range starts after an emoji, two UTF-16 code units wide.
    assert written[offset_of(written, item.text_edit.range.start) : offset_of(written, item.text_edit.range.end)] == "Distr"
    assert item.detail.endswith('(the "Distributor")')


async def test_lower_case_prose_offers_nothing(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    _, items = await complete(client, text, "The distribution right shall be", " given to the distr")
    assert list(items) == []


async def test_a_position_past_the_line_end_is_rejected(client: LanguageClient) -> None:
    open_document(client, URI, "1. Term\n\nOne year.\n")
    with pytest.raises(JsonRpcInvalidParams, match="character"):
        await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=40)))


async def resolve(client: LanguageClient, item: types.CompletionItem) -> types.CompletionItem:
    return await client.completion_item_resolve_async(item)


async def test_a_suggested_term_resolves_to_its_definition(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    _, [item] = await complete(client, text, "The distribution right shall be", " given to the Distr")
    assert item.documentation is None  # left to completionItem/resolve
    found = await resolve(client, item)
    assert found.documentation.kind == types.MarkupKind.Markdown
    assert found.documentation.value.startswith("> ") and '(the "Distributor")' in found.documentation.value


async def test_a_suggested_clause_number_resolves_to_the_clause_s_first_lines(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    _, items = await complete(client, text, "The distribution right shall be", " under Section 1.0")
    found = await resolve(client, items[1])
    assert found.documentation.value.startswith("```text\n1.02  Prices. All prices stated")


async def test_a_suggestion_of_an_earlier_version_or_of_another_server_resolves_to_itself(client: LanguageClient) -> None:
    text = read_shared(DISTRIBUTOR)
    written, [item] = await complete(client, text, "The distribution right shall be", " given to the Distr")
    change_document(client, URI, 2, None, written + "\n")
    assert (await resolve(client, item)).documentation is None
    foreign = types.CompletionItem(label="Distributor", data={"source": "elsewhere"})
    assert (await resolve(client, foreign)).documentation is None
    closed = types.CompletionItem(label="Distributor", data={**item.data, "uri": "file:///closed.txt"})
    assert (await resolve(client, closed)).documentation is None
