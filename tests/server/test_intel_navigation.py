"""Contract intelligence over LSP: definition, references, hover, links, inlay hints, highlights and code lenses
on a real distributor agreement (ARTICLE I-IX, clauses 1.01 ..., Exhibits A and B)."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from longdoc.document import LongDocument
from longdoc.references import Reference
from longdoc_server.app import LongdocServer
from longdoc_server.features.definition import Intel
from longdoc_server.features.links import plain
from lsp_support import DATA, change_document, offset_of, open_document, read_shared
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

URI = "file:///distributor.txt"
DISTRIBUTOR = DATA / "cuad" / "contracts" / "BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"
OUTSOURCING = DATA / "cuad" / "contracts" / "MANUFACTURERSSERVICESLTD_06_05_2000-EX-10.14-OUTSOURCING AGREEMENT.txt"
DOC = types.TextDocumentIdentifier(uri=URI)


def position_of(text: str, offset: int) -> types.Position:
    return types.Position(line=text.count("\n", 0, offset), character=offset - (text.rfind("\n", 0, offset) + 1))


def spans(text: str, items) -> list[str]:
    return [text[offset_of(text, i.range.start) : offset_of(text, i.range.end)] for i in items]


async def hover_at(client: LanguageClient, uri: str, text: str, offset: int) -> str | None:
    """The hover's markdown at ``offset`` of the open document ``uri``, or None when there is none."""
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, offset)))
    return None if found is None else found.contents.value


async def opened(client: LanguageClient) -> str:
    text = read_shared(DISTRIBUTOR)
    open_document(client, URI, text)
    return text


async def test_definition_on_a_use_of_a_term_goes_to_where_it_is_defined(client: LanguageClient) -> None:
    text = await opened(client)
    use = text.index("Territory", text.index('("Territory")') + 20)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=DOC, position=position_of(text, use + 2)))
    assert [offset_of(text, loc.range.start) for loc in found] == [text.index('("Territory")') + 2]


async def test_definition_on_a_citation_goes_to_the_cited_heading(client: LanguageClient) -> None:
    text = await opened(client)
    citation = text.index("Section 1.03")
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=DOC, position=position_of(text, citation + 9)))
    assert spans(text, found) == ["1.03.  Terms."]


async def test_a_phrase_naming_a_clause_leads_to_it_and_the_clause_lists_it_among_its_references(client: LanguageClient) -> None:
    # MJBiotech's joint venture agreement: "... as described in the Valuation of Interest section".
    uri = "file:///joint-venture.txt"
    text = read_shared(DATA / "cuad" / "contracts" / "MJBIOTECH,INC_12_06_2018-EX-99.01-JOINT VENTURE AGREEMENT.txt")
    open_document(client, uri, text)
    at = position_of(text, text.index("Valuation of Interest section") + 3)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at))
    assert spans(text, found) == ["Valuation of Interest"]
    assert offset_of(text, found[0].range.start) == text.index("\nValuation of Interest\n") + 1
    hover = await hover_at(client, uri, text, text.index("Valuation of Interest section") + 3)
    assert hover is not None and hover.startswith("```text\nValuation of Interest\n")
    heading = position_of(text, text.index("\nValuation of Interest\n") + 2)
    named = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=heading,
        context=types.ReferenceContext(include_declaration=False)))
    assert [offset_of(text, loc.range.start) for loc in named] == [text.index("Valuation of Interest section")]


async def test_hover_on_a_heading_that_names_another_clause_describes_the_heading(client: LanguageClient) -> None:
    uri = "file:///fees.txt"
    text = ("4. ROYALTY FEE\n\nThe Company pays a royalty each quarter.\n\n5. Payment of the Royalty Fee\n\n"
            "The Royalty Fee is paid in dollars.\n")
    open_document(client, uri, text)
    on_heading = await hover_at(client, uri, text, text.index("Royalty Fee\n\nThe Royalty") + 2)
    assert on_heading is not None and on_heading.startswith("**5. Payment of the Royalty Fee**")
    in_text = await hover_at(client, uri, text, text.index("The Royalty Fee is") + 6)
    assert in_text is not None and in_text.startswith("```text\n4. ROYALTY FEE")


async def test_references_on_a_heading_list_every_citation_of_it(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_references_async(
        types.ReferenceParams(text_document=DOC, position=position_of(text, text.index("1.01.  Distribution") + 1),
                              context=types.ReferenceContext(include_declaration=False))
    )
    assert spans(text, found) == ["Section 1.01", "Section 1.01"]


async def test_references_on_a_defined_term_list_its_uses(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_references_async(
        types.ReferenceParams(text_document=DOC, position=position_of(text, text.index('"Brand"') + 2),
                              context=types.ReferenceContext(include_declaration=True))
    )
    written = spans(text, found)
    assert written[0] == "Brand" and len(written) == text.count("Brand")


async def test_hover_on_a_term_quotes_its_definition(client: LanguageClient) -> None:
    text = await opened(client)
    use = text.index("Distributor", 500)
    hover = await hover_at(client, URI, text, use + 1)
    assert hover is not None and "**Distributor**" in hover
    assert "Snotarator LLC" in hover


async def test_hover_on_a_term_defined_over_a_page_break_quotes_its_sentence_as_one_paragraph(client: LanguageClient) -> None:
    uri = "file:///claims.txt"
    text = ("1. Claims. The Licensee shall not, directly or\n\nSource: ACME INC., 10-K, 3/1/2019\n\n\n\n"
            'indirectly, bring any suit ("Action") against the Licensor.\n\n2. Costs. Each Action costs [*] dollars.\n')
    open_document(client, uri, text)
    hover = await hover_at(client, uri, text, text.index("Action costs") + 2)
    assert hover == ("**Action**\n\n> The Licensee shall not, directly or indirectly, bring any suit "
                     '("Action")')


async def test_hover_shows_the_marks_of_a_definition_as_written(client: LanguageClient) -> None:
    uri = "file:///fee.txt"
    text = '1. Fees.\n\n"Fee" means $10 * the units_sold [per month].\n\n2. Payment. The Fee is due.\n'
    open_document(client, uri, text)
    hover = await hover_at(client, uri, text, text.index("Fee is due") + 1)
    assert hover == '**Fee**\n\n> "Fee" means $10 \\* the units\\_sold \\[per month\\].'


@pytest.mark.parametrize("words, markdown", [
    ("1. The Company pays", "1\\. The Company pays"),
    ("12) its Affiliates", "12\\) its Affiliates"),
    ("Section 1.1 applies", "Section 1.1 applies"),
])
def test_words_quoted_in_a_hover_open_no_list(words: str, markdown: str) -> None:
    assert plain(words) == markdown


async def test_hover_on_a_citation_shows_the_start_of_the_cited_clause(client: LanguageClient) -> None:
    text = await opened(client)
    hover = await hover_at(client, URI, text, text.index("Section 1.03") + 2)
    assert hover is not None and "1.03.  Terms. Terms are net cash upon delivery." in hover


async def test_document_links_lead_citations_to_their_target_lines(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=DOC))
    by_text = {text[offset_of(text, link.range.start) : offset_of(text, link.range.end)]: link for link in found}
    exhibit = by_text['Exhibit "A"']
    assert exhibit.target == f"{URI}#L{text.count(chr(10), 0, text.index('EXHIBIT  A')) + 1}"
    assert "EXHIBIT  A" in exhibit.tooltip


def whole(text: str) -> types.Range:
    return types.Range(start=position_of(text, 0), end=position_of(text, len(text)))


async def test_inlay_hints_follow_citations_with_the_cited_titles_and_lead_to_their_headings(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOC, range=whole(text)))
    by_place = {text[offset_of(text, hint.position) - 12 : offset_of(text, hint.position)]: hint for hint in found}
    terms = by_place["Section 1.03"]
    assert [part.value for part in terms.label] == ["Terms"] and terms.padding_left
    assert spans(text, [terms.label[0].location]) == ["1.03.  Terms."]
    assert len(found) == len({offset_of(text, hint.position) for hint in found}) == 5


async def test_inlay_hints_are_those_of_the_citations_in_the_range_asked_for(client: LanguageClient) -> None:
    text = await opened(client)
    second = text.index("Section 1.03")
    asked = types.Range(start=position_of(text, second), end=position_of(text, second + 200))
    found = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOC, range=asked))
    assert [offset_of(text, hint.position) for hint in found] == [second + len("Section 1.03")]


async def test_inlay_hints_for_a_range_past_the_end_are_refused(client: LanguageClient) -> None:
    text = await opened(client)
    lines = text.count("\n")
    beyond = types.Range(start=position_of(text, 0), end=types.Position(line=lines + 5, character=0))
    with pytest.raises(JsonRpcInvalidParams):
        await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOC, range=beyond))
    assert await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOC, range=whole(text)))


async def semantic_tokens(client: LanguageClient, uri: str, text: str,
                          asked: types.Range | None = None) -> list[tuple[str, bool]]:
    """The tokens of ``asked``, or of the whole document, as (the text each covers, whether it marks
    a definition), in order."""
    document = types.TextDocumentIdentifier(uri=uri)
    if asked is None:
        found = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    else:
        found = await client.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(text_document=document, range=asked))
    out, line, character = [], 0, 0
    data = found.data
    for i in range(0, len(data), 5):
        line_delta, character_delta, length, kind, modifiers = data[i : i + 5]
        character = character_delta if line_delta else character + character_delta
        line += line_delta
        start = offset_of(text, types.Position(line=line, character=character))
        end = offset_of(text, types.Position(line=line, character=character + length))
        assert kind == 0
        out.append((text[start:end], modifiers == 1))
    return out


async def test_semantic_tokens_mark_defined_terms_where_defined_and_where_used(client: LanguageClient) -> None:
    text = await opened(client)
    found = await semantic_tokens(client, URI, text, whole(text))
    assert [term for term, defined in found if defined] == [
        "Effective Date", "Company", "Distributor", "Products", "Territory", "Brand"]
    assert found.count(("Territory", False)) == len(re.findall(r"\bTerritory\b", text)) - 1 > 0


async def test_semantic_tokens_of_the_whole_document_are_those_of_its_whole_range(client: LanguageClient) -> None:
    text = await opened(client)
    found = await semantic_tokens(client, URI, text)
    assert len(found) > 100
    assert found == await semantic_tokens(client, URI, text, whole(text))


async def test_semantic_tokens_of_a_long_contract_mark_each_definition_and_use_in_order(client: LanguageClient) -> None:
    # 338,000 characters: made in stretches, the tokens run on across them as in one.
    text = read_shared(OUTSOURCING)
    open_document(client, URI, text)
    doc = LongDocument(text)
    marks = sorted([(d.term_start, d.term_end, True) for d in doc.definitions] + [(u.start, u.end, False) for u in doc.uses_in()],
                   key=lambda m: (m[0], -m[1], not m[2]))
    expected, reached = [], 0
    for start, end, defined in marks:
        if start >= reached:  # none inside another: a use inside a term where it is defined is none
            reached = end
            expected += [(piece.strip(), defined) for piece in text[start:end].split("\n") if piece.strip()]
    found = await semantic_tokens(client, URI, text)
    assert len(found) > 3000
    assert found == expected


async def test_semantic_tokens_of_a_range_are_those_that_start_in_it(client: LanguageClient) -> None:
    text = await opened(client)
    start = text.index("(Exhibit \"B\" attached hereto)")
    asked = types.Range(start=position_of(text, start), end=position_of(text, start + 300))
    found = await semantic_tokens(client, URI, text, asked)
    assert found == [("Distributor", False), ("Products", False), ("Brand", True), ("Company", False),
                     ("Distributor", False), ("Brand", False), ("Products", False), ("Distributor", False),
                     ("Brand", False), ("Products", False)]


async def test_semantic_tokens_count_utf16_units_and_cut_a_term_at_a_line_break(client: LanguageClient) -> None:
    uri = "file:///effective.txt"
    text = '"Effective Date" means 1 May.\n\U0001F600 From the Effective\n  Date on, the Effective Date applies.\n'
    open_document(client, uri, text)
    found = await semantic_tokens(client, uri, text, whole(text))
    assert found == [("Effective Date", True), ("Effective", False), ("Date", False), ("Effective Date", False)]


async def test_a_term_where_it_is_defined_is_one_token_though_another_term_opens_it(client: LanguageClient) -> None:
    uri = "file:///confidential.txt"
    text = '"Confidential" means secret. "Confidential Information" means data marked Confidential.\n'
    open_document(client, uri, text)
    found = await semantic_tokens(client, uri, text, whole(text))
    assert found == [("Confidential", True), ("Confidential Information", True), ("Confidential", False)]


async def test_semantic_tokens_of_a_range_past_the_end_are_refused(client: LanguageClient) -> None:
    text = await opened(client)
    beyond = types.Range(start=position_of(text, 0), end=types.Position(line=text.count("\n") + 5, character=0))
    with pytest.raises(JsonRpcInvalidParams):
        await semantic_tokens(client, URI, text, beyond)


async def tokens_delta(client: LanguageClient, uri: str, previous: str) -> types.SemanticTokens | types.SemanticTokensDelta:
    return await client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous))


def with_edits(data: list[int], edits: list[types.SemanticTokensEdit]) -> list[int]:
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        data = data[: edit.start] + list(edit.data or []) + data[edit.start + edit.delete_count :]
    return data


async def test_semantic_tokens_after_edits_are_the_earlier_ones_with_the_delta_applied(client: LanguageClient) -> None:
    text = await opened(client)
    document = types.TextDocumentIdentifier(uri=URI)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    data, result_id = list(full.data), full.result_id
    rng = random.Random(5)
    uses = [m.start() for m in re.finditer(r"Products|Territory|Distributor|Company", text)]
    # Typing in and beside the terms' uses and where they are defined, lines made and joined, a
    # sentence pasted and a paragraph cut.
    pasted = "The Company ships the Products to the Distributor in the Territory.\n" * 3
    for version, fragment in enumerate(["s", "", "\n", "x", "Products ", "", "Territory", "\n\n", "'s", "", "e", "",
                                        pasted, ""], 2):
        at = rng.choice(uses) + rng.randrange(-3, 10)
        end = at + (300 if version == 15 else rng.choice([0, 1, 3]))
        change_document(client, URI, version, types.Range(start=position_of(text, at), end=position_of(text, end)), fragment)
        text = text[:at] + fragment + text[end:]
        delta = await tokens_delta(client, URI, result_id)
        assert isinstance(delta, types.SemanticTokensDelta)
        data, result_id = with_edits(data, delta.edits), delta.result_id
        fresh = await client.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(text_document=document, range=whole(text)))
        assert data == list(fresh.data)


async def test_tokens_after_a_fence_is_typed_and_cut_far_above_uses_are_those_of_the_edited_text(client: LanguageClient) -> None:
    # What Markdown's code holds marks no use: a fence left open hides every use below it.
    uri = "file:///api-terms.md"
    document = types.TextDocumentIdentifier(uri=uri)
    text = ('# API Terms\n\n"API Key" means the credential issued to Developer.\n\n## Access\n\n'
            + "Developer calls with its API Key, as `curl -H key` shows.\n\n" * 60)
    open_document(client, uri, text)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    data, result_id = list(full.data), full.result_id
    at = text.index("## Access")
    for version, (typed, removed) in enumerate([("```\n", 0), ("", 4)], 2):
        change_document(client, uri, version, types.Range(start=position_of(text, at), end=position_of(text, at + removed)), typed)
        text = text[:at] + typed + text[at + removed :]
        delta = await tokens_delta(client, uri, result_id)
        data, result_id = with_edits(data, delta.edits), delta.result_id
        assert data == list((await client.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(text_document=document, range=whole(text)))).data)
        assert len(data) == 5 * (1 if typed else 61)


async def test_tokens_after_typing_in_the_quotes_of_a_defined_term_are_those_of_the_edited_text(client: LanguageClient) -> None:
    # "Brand" defined as "Brands", then "Brand" again, then "Brandx": its uses marked, unmarked and marked.
    text = await opened(client)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOC))
    data, result_id = list(full.data), full.result_id
    at = text.index('"Brand"') + 6
    for version, (typed, removed) in enumerate([("s", 0), ("", 1), ("x", 0)], 2):
        change_document(client, URI, version, types.Range(start=position_of(text, at), end=position_of(text, at + removed)), typed)
        text = text[:at] + typed + text[at + removed :]
        delta = await tokens_delta(client, URI, result_id)
        data, result_id = with_edits(data, delta.edits), delta.result_id
        fresh = await semantic_tokens(client, URI, text, whole(text))
        assert data == list((await client.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(text_document=DOC, range=whole(text)))).data)
        assert (("Brand", False) in fresh) == (typed == "")


async def test_an_edit_away_from_the_terms_changes_one_run_of_tokens(client: LanguageClient) -> None:
    text = await opened(client)
    document = types.TextDocumentIdentifier(uri=URI)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    at = text.index("Products", len(text) // 2)
    change_document(client, URI, 2, types.Range(start=position_of(text, at), end=position_of(text, at)), "new\n")
    delta = await tokens_delta(client, URI, full.result_id)
    # The line break moves the token after it down a line: that token alone is sent again.
    assert [(e.start, e.delete_count, len(e.data or [])) for e in delta.edits] == [(e.start, 5, 5) for e in delta.edits]
    assert len(delta.edits) == 1


async def test_requests_for_the_tokens_of_one_version_asked_together_get_one_result(client: LanguageClient) -> None:
    open_document(client, URI, read_shared(OUTSOURCING))  # long enough to be made in several jobs
    asked = types.SemanticTokensParams(text_document=DOC)
    first, second = await asyncio.gather(client.text_document_semantic_tokens_full_async(asked),
                                         client.text_document_semantic_tokens_full_async(asked))
    assert first.result_id == second.result_id
    assert first.data == second.data and len(first.data) > 5 * 3000


async def test_a_delta_from_the_tokens_of_the_same_version_changes_nothing(client: LanguageClient) -> None:
    await opened(client)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOC))
    delta = await tokens_delta(client, URI, full.result_id)
    assert isinstance(delta, types.SemanticTokensDelta) and not delta.edits


async def test_a_new_version_with_no_change_of_text_keeps_its_tokens(client: LanguageClient) -> None:
    await opened(client)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOC))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2), content_changes=[]))
    delta = await tokens_delta(client, URI, full.result_id)
    assert isinstance(delta, types.SemanticTokensDelta) and not delta.edits


async def test_a_delta_from_tokens_the_server_does_not_hold_is_all_the_tokens(client: LanguageClient) -> None:
    text = await opened(client)
    found = await tokens_delta(client, URI, "no such result")
    assert isinstance(found, types.SemanticTokens)
    fresh = await client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(text_document=DOC, range=whole(text)))
    assert found.data == fresh.data and found.result_id


async def test_highlights_mark_the_definition_as_written_and_uses_as_read(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=DOC, position=position_of(text, text.index('"Brand"') + 2))
    )
    kinds = [h.kind for h in found]
    assert kinds[0] == types.DocumentHighlightKind.Write and set(kinds[1:]) == {types.DocumentHighlightKind.Read}


async def test_code_lenses_count_the_citations_of_each_heading(client: LanguageClient) -> None:
    text = await opened(client)
    found = await client.text_document_code_lens_async(types.CodeLensParams(text_document=DOC))
    titles = {text[offset_of(text, lens.range.start) : offset_of(text, lens.range.end)]: lens.command.title for lens in found}
    assert titles["1.01.  Distribution Right."] == "2 references"
    assert titles["1.03.  Terms."] == "1 reference"


def test_a_cited_clause_that_has_no_heading_leads_to_its_line_whatever_breaks_the_lines() -> None:
    server = LongdocServer()
    text = "Terms apply.\r2.3 The Supplier ships within ten days.\rSee Section 2.3 for delivery."
    snapshot = server.documents.build(URI, 1, text)
    clause = text.index("2.3")
    cited = Reference(text.index("Section 2.3"), text.index(" for"), "section", "2.3", "", None, False, clause)
    assert Intel(snapshot).target_span(cited) == (clause, text.index("\rSee"))
    server.workers.shutdown()


async def test_hover_on_a_citation_of_a_part_with_no_heading_says_so_and_shows_what_holds_it(client: LanguageClient) -> None:
    uri = "file:///service-levels.txt"
    text = ("1. Services. The Supplier renders the services.\n\n2. Term. The term is one year.\n\n"
            "3. Levels. The levels are those of Section 2 of Attachment A and of Section 4 of Attachment A.\n\n"
            "ATTACHMENT A SERVICE LEVEL SCHEDULE\n\n1. Scope. This schedule sets the levels.\n\n"
            "2. Business Case Assessment. The parties assess the case each year.\n")
    open_document(client, uri, text)
    exact = await hover_at(client, uri, text, text.index("Section 2 of") + 2)
    assert exact is not None and exact.startswith("```text\n2. Business Case Assessment.")
    enclosing = await hover_at(client, uri, text, text.index("Section 4 of") + 2)
    assert enclosing is not None and enclosing.startswith(
        "*Section 4 has no heading of its own; it lies in:*\n\n```text\nATTACHMENT A SERVICE LEVEL SCHEDULE")


async def test_a_markdown_link_to_a_heading_leads_to_it_and_the_heading_lists_its_links(client: LanguageClient) -> None:
    uri = "file:///terms-of-service.md"
    text = read_shared(DATA / "unlabeled" / "site-policy__github-terms-of-service.md")
    open_document(client, uri, text)
    doc = types.TextDocumentIdentifier(uri=uri)
    link = text.index("#f-copyright-infringement-and-dmca-policy")
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=position_of(text, link + 3)))
    assert spans(text, found) == ["## F. Copyright Infringement and DMCA Policy"]
    heading = position_of(text, text.index("## K. Payment") + 5)
    cited = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc, position=heading, context=types.ReferenceContext(include_declaration=False)))
    assert spans(text, cited) == ["#k-payment", "#k-payment"]
