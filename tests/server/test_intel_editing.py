"""Renaming defined terms and drafting diagnostics over LSP."""

from __future__ import annotations

import pytest
from lsp_support import change_document, offset_of, open_document
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

URI = "file:///supply.txt"
DOC = types.TextDocumentIdentifier(uri=URI)
SUPPLY = """SUPPLY AGREEMENT

ARTICLE 1
DEFINITIONS

1.1 "Party" means Acme or Beta.

1.2 "Territory" means Canada.

ARTICLE 2
SUPPLY

2.1 Orders. Each Party orders under Section 2.3 and Section 9.1; the Parties agree.

2.3 Delivery. A Party's goods go to the Licensed Premises and to the Licensed Premises.
"""


def position_of(text: str, offset: int) -> types.Position:
    return types.Position(line=text.count("\n", 0, offset), character=offset - (text.rfind("\n", 0, offset) + 1))


def applied(text: str, edit: types.WorkspaceEdit, uri: str = URI) -> str:
    changes = sorted(edit.changes[uri], key=lambda e: offset_of(text, e.range.start), reverse=True)
    for change in changes:
        text = text[: offset_of(text, change.range.start)] + change.new_text + text[offset_of(text, change.range.end) :]
    return text


async def test_rename_changes_the_definition_and_every_use_keeping_plural_and_possessive(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("Each Party") + 6)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=DOC, position=at))
    assert prepared.placeholder == "Party"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="Signatory"))
    renamed = applied(SUPPLY, edit)
    assert '"Signatory" means' in renamed
    assert "Each Signatory orders" in renamed and "the Signatories agree" in renamed and "A Signatory's goods" in renamed


async def test_rename_to_an_acronym_ending_in_y_writes_its_plural_with_an_s(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("Each Party") + 6)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="PTY"))
    renamed = applied(SUPPLY, edit)
    assert "Each PTY orders" in renamed and "the PTYs agree" in renamed


async def test_rename_of_a_term_opening_with_the_keeps_the_article_in_lower_case_mid_sentence(client: LanguageClient) -> None:
    text = '1. "The Program" refers to any work licensed here.\n\n2. Use. You may convey the Program as you like.\n'
    open_document(client, URI, text)
    at = position_of(text, text.index("the Program") + 6)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="The Software"))
    assert applied(text, edit) == text.replace("The Program", "The Software").replace("the Program", "the Software")


async def test_rename_to_a_name_already_defined_is_refused(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("Each Party") + 6)
    with pytest.raises(Exception, match="already a defined term"):
        await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="Territory"))


async def test_prepare_rename_outside_a_defined_term_is_empty(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("goods"))
    assert await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=DOC, position=at)) is None


async def test_renaming_a_clause_s_number_renumbers_its_heading_and_every_citation_of_it(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("Section 2.3") + len("Section 2."))
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=DOC, position=at))
    assert prepared.placeholder == "2.3"
    assert SUPPLY[offset_of(SUPPLY, prepared.range.start) : offset_of(SUPPLY, prepared.range.end)] == "2.3"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="2.2"))
    assert applied(SUPPLY, edit) == SUPPLY.replace("Section 2.3", "Section 2.2").replace("\n2.3 Delivery", "\n2.2 Delivery")


async def test_renaming_a_clause_to_a_number_another_clause_has_is_refused(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = position_of(SUPPLY, SUPPLY.index("2.3 Delivery"))
    with pytest.raises(JsonRpcInvalidParams, match="another clause is numbered 2.1"):
        await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=at, new_name="2.1"))


async def test_pulled_diagnostics_name_broken_citations_and_unused_terms(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    by_code = {item.code: item for item in report.items}
    assert all(item.source == "longdoc" for item in report.items)
    broken = by_code["unresolved-reference"]
    assert SUPPLY[offset_of(SUPPLY, broken.range.start) : offset_of(SUPPLY, broken.range.end)] == "Section 9.1"
    assert broken.severity == types.DiagnosticSeverity.Warning
    assert "Territory" in by_code["unused-definition"].message
    assert by_code["numbering-gap"].message.endswith("2.2 is missing.")
    assert by_code["undefined-term"].severity == types.DiagnosticSeverity.Hint


async def test_a_missing_attachment_is_one_diagnostic_that_lists_its_other_citations(client: LanguageClient) -> None:
    text = SUPPLY.replace("means Canada.", "means Canada, as mapped in Exhibit C.\n\n1.3 Exhibit C is updated yearly.")
    open_document(client, URI, text)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    [missing] = [item for item in report.items if item.code == "missing-attachment"]
    assert offset_of(text, missing.range.start) == text.index("Exhibit C")
    assert missing.message == "Exhibit C is referred to twice but is not part of this document."
    [other] = missing.related_information
    assert other.location.uri == URI and offset_of(text, other.location.range.start) == text.rindex("Exhibit C")


async def test_a_phrase_misspelling_a_defined_term_has_a_quick_fix_writing_the_term(client: LanguageClient) -> None:
    text = SUPPLY.replace('"Territory" means', '"Sales Territory" means').replace("the Licensed Premises and",
                                                                                 "the Sales Teritory and")
    open_document(client, URI, text)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    hints = [item for item in report.items if item.code == "undefined-term"]
    [typo] = [item for item in hints if "Teritory" in item.message]
    assert typo.message.endswith("did you mean \u201cSales Territory\u201d?")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=DOC, range=typo.range, context=types.CodeActionContext(diagnostics=hints)))
    [fix] = actions
    assert (fix.title, fix.kind, fix.is_preferred) == ("Replace with \u201cSales Territory\u201d", "quickfix", True)
    [edit] = fix.edit.changes[URI]
    written = text[offset_of(text, edit.range.start) : offset_of(text, edit.range.end)]
    assert (written, edit.new_text) == ("Sales Teritory", "Sales Territory")
    assert [d.message for d in fix.diagnostics] == [typo.message]


async def test_a_markdown_link_to_a_misspelled_anchor_has_a_quick_fix_writing_the_headings(client: LanguageClient) -> None:
    uri = "file:///policy.md"
    text = "# Policy\n\nSee [the terms](#2-payment-trems).\n\n## 1. Scope\n\nAll use.\n\n## 2. Payment Terms\n\nMonthly.\n"
    open_document(client, uri, text)
    doc = types.TextDocumentIdentifier(uri=uri)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc))
    [broken] = [item for item in report.items if item.code == "unresolved-reference"]
    assert broken.message.endswith("did you mean #2-payment-terms?")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc, range=broken.range, context=types.CodeActionContext(diagnostics=[broken])))
    [fix] = actions
    [edit] = fix.edit.changes[uri]
    written = text[offset_of(text, edit.range.start) : offset_of(text, edit.range.end)]
    assert (written, edit.new_text) == ("#2-payment-trems", "#2-payment-terms")


async def fixes_of(client: LanguageClient, text: str, code: str = "undefined-term") -> list[types.CodeAction]:
    """The quick fixes offered for the one finding of ``code`` in ``text``, opened as URI."""
    open_document(client, URI, text)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    [finding] = [item for item in report.items if item.code == code]
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=DOC, range=finding.range, context=types.CodeActionContext(diagnostics=[finding])))


async def test_a_phrase_used_as_a_term_but_undefined_has_a_quick_fix_defining_it_in_the_list(client: LanguageClient) -> None:
    text = ('SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n"Affiliate" means a controlled entity.\n\n"Territory" means Canada.\n\n'
            "2. SUPPLY\n\nThe Seller supplies each Affiliate in the Territory at the Widget Price.\n")
    [fix] = await fixes_of(client, text)
    assert (fix.title, fix.kind, fix.is_preferred) == ("Define \u201cWidget Price\u201d in the definitions", "quickfix", False)
    written = applied(text, fix.edit)
    assert '"Territory" means Canada.\n\n"Widget Price" means [\u25cf].\n\n2. SUPPLY' in written
    change_document(client, URI, 2, None, written)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    assert [item for item in report.items if item.code == "undefined-term"] == []


async def test_defining_a_phrase_in_a_lettered_list_letters_the_entries_after_it_on(client: LanguageClient) -> None:
    text = ('SUPPLY AGREEMENT\n\n1. DEFINITIONS\n\n(a) "Affiliate" means a controlled entity.\n\n'
            '(b) "Territory" means Canada.\n\n2. SUPPLY\n\nThe Seller supplies each Affiliate in the Territory at the Sales Price.\n')
    [fix] = await fixes_of(client, text)
    assert '(a) "Affiliate" means a controlled entity.\n\n(b) "Sales Price" means [\u25cf].\n\n(c) "Territory" means' in applied(
        text, fix.edit)


async def test_no_quick_fix_is_offered_for_a_finding_without_a_mending(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    [broken] = [item for item in report.items if item.code == "unresolved-reference"]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=DOC, range=broken.range, context=types.CodeActionContext(diagnostics=[broken])))
    assert list(actions or []) == []


async def test_a_gap_in_the_numbering_has_a_quick_fix_renumbering_the_clauses_and_their_citations(
        client: LanguageClient) -> None:
    text = SUPPLY + "\n2.4 Returns. Goods delivered under Section 2.3 may be returned.\n"
    [fix] = await fixes_of(client, text, "numbering-gap")
    assert (fix.title, fix.kind, fix.is_preferred) == (
        "Renumber clause 2.3 as 2.2 and the clause after it, with their 2 citations", "quickfix", False)
    renumbered = applied(text, fix.edit)
    assert "orders under Section 2.2 and Section 9.1;" in renumbered and "\n2.2 Delivery." in renumbered
    assert "\n2.3 Returns. Goods delivered under Section 2.2 may" in renumbered
    change_document(client, URI, 2, None, renumbered)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    assert [item for item in report.items if item.code == "numbering-gap"] == []


async def test_a_clause_put_before_another_under_its_number_has_two_fixes_for_whom_its_citations_mean(
        client: LanguageClient) -> None:
    text = ("5. TERMS\n\n5.1 Scope. Audits are as in Section 5.3.\n\n5.2 Price. The price.\n\n"
            "5.3 Rebates. A clause put in here.\n\n5.3 Audit. The audit.\n\n5.4 Taxes. See Section 5.4.\n")
    staying, taking = await fixes_of(client, text, "duplicate-number")
    assert staying.title == ("Renumber clause 5.3 as 5.4 and the clause after it, with their citation "
                             "(the citation of 5.3 stays with the first 5.3)")
    assert "as in Section 5.3." in applied(text, staying.edit)
    assert taking.title == "Renumber clause 5.3 as 5.4 and the clause after it, with their 2 citations, those of 5.3 among them"
    assert "as in Section 5.4." in applied(text, taking.edit) and "See Section 5.5." in applied(text, taking.edit)


async def test_a_renumbering_says_when_a_citation_that_leads_nowhere_would_lead_to_a_clause_renumbered(
        client: LanguageClient) -> None:
    text = SUPPLY.replace("Section 9.1;", "Section 2.2;")
    [fix] = await fixes_of(client, text, "numbering-gap")
    assert fix.title == ("Renumber clause 2.3 as 2.2, with its citation; "
                         "a citation that leads nowhere would lead to a clause renumbered")


async def test_a_citation_naming_another_clause_s_title_has_a_quick_fix_writing_that_clause_s_number(
        client: LanguageClient) -> None:
    text = SUPPLY.replace("Section 9.1;", "Section 2.1 (Delivery);")
    [fix] = await fixes_of(client, text, "mistitled-reference")
    assert (fix.title, fix.is_preferred) == ("Replace with \u201c2.3\u201d", False)  # or was the title stale?
    assert "orders under Section 2.3 and Section 2.3 (Delivery);" in applied(text, fix.edit)


async def test_clauses_out_of_order_have_a_quick_fix_numbering_them_by_their_places(client: LanguageClient) -> None:
    text = ("1. Supply. The supply.\n\n2. Orders. The orders.\n\n5. Term. The term.\n\n"
            "3. Price. The price.\n\n4. Taxes. The taxes.\n")
    [fix] = await fixes_of(client, text, "numbering-order")
    assert fix.title == "Renumber clause 5 as 3 and the 2 clauses after it"
    assert applied(text, fix.edit) == text.replace("5. Term", "3. Term").replace("3. Price", "4. Price").replace(
        "4. Taxes", "5. Taxes")


async def test_a_quick_fix_request_for_a_range_outside_the_document_is_rejected(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    outside = types.Range(start=types.Position(line=400, character=0), end=types.Position(line=400, character=1))
    with pytest.raises(JsonRpcInvalidParams, match="line"):
        await client.text_document_code_action_async(types.CodeActionParams(
            text_document=DOC, range=outside, context=types.CodeActionContext(diagnostics=[])))


async def test_a_finding_shown_for_a_longer_earlier_version_gets_no_quick_fix_and_no_error(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    stale = types.Diagnostic(range=types.Range(start=types.Position(line=400, character=0), end=types.Position(line=400, character=3)),
                             message="old", source="longdoc", code="undefined-term")
    at = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=1))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=DOC, range=at, context=types.CodeActionContext(diagnostics=[stale])))
    assert list(actions or []) == []


async def test_diagnostics_follow_an_edit(client: LanguageClient) -> None:
    open_document(client, URI, SUPPLY)
    at = SUPPLY.index("9.1")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=position_of(SUPPLY, at), end=position_of(SUPPLY, at + 3)), text="2.1")],
    ))
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=DOC))
    assert "unresolved-reference" not in {item.code for item in report.items}


FORMS_URI = "file:///forms.txt"
NAMED_FORMS = """1. DEFINITIONS

1.1 "Third Party(ies)" means anyone but Acme and Beta.

1.2 "CONTRACT PERIOD" means one year.

1.3 "Terms of Use" means the rules of the portal.

2. TERMS

2.1 No Third Party may order, and Third Parties' orders are void during the Contract Period.

2.2 Terms Of Use bind each user.
"""


async def test_references_on_a_term_that_names_its_forms_find_uses_of_each_form(client: LanguageClient) -> None:
    uri = FORMS_URI
    open_document(client, uri, NAMED_FORMS)
    at = position_of(NAMED_FORMS, NAMED_FORMS.index("Third Party(ies)") + 2)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at, context=types.ReferenceContext(include_declaration=False)))
    starts = sorted(offset_of(NAMED_FORMS, loc.range.start) for loc in found)
    assert [NAMED_FORMS[s : s + 13] for s in starts] == ["Third Party m", "Third Parties"]


async def renamed_forms(client: LanguageClient, at: str, new_name: str) -> str:
    """NAMED_FORMS after renaming the term written at the first ``at`` to ``new_name``."""
    open_document(client, FORMS_URI, NAMED_FORMS)
    position = position_of(NAMED_FORMS, NAMED_FORMS.index(at) + len(at) // 2)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=FORMS_URI), position=position, new_name=new_name))
    return applied(NAMED_FORMS, edit, FORMS_URI)


async def test_rename_of_a_term_that_names_its_forms_renames_each_form_in_its_place(client: LanguageClient) -> None:
    text = await renamed_forms(client, "No Third Party", "Outside Party(ies)")
    assert '"Outside Party(ies)" means' in text
    assert "No Outside Party may order, and Outside Parties' orders" in text


async def test_rename_of_a_term_in_capitals_renames_its_title_case_uses(client: LanguageClient) -> None:
    text = await renamed_forms(client, "Contract Period", "SUPPLY TERM")
    assert '"SUPPLY TERM" means' in text and "during the Supply Term." in text


# Ceres's collaboration agreement: terms defined in capitals, made plural in capitals.
CERES_TERMS = """1. DEFINITIONS

1.14 "TRAIT FEE" shall mean any upfront or annual fee collected by CERES.

1.16 "AFFILIATED COMPANY" shall mean any company controlled by CERES.

2. ROYALTIES

2.1 TRAIT FEES, if any, shall be added to NET SALES of CERES or its AFFILIATED COMPANIES.
"""


async def renamed_ceres_term(client: LanguageClient, at: str, new_name: str) -> str:
    open_document(client, URI, CERES_TERMS)
    position = position_of(CERES_TERMS, CERES_TERMS.index(at) + 2)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=DOC, position=position, new_name=new_name))
    return applied(CERES_TERMS, edit)


async def test_rename_of_a_term_in_capitals_writes_the_new_plural_in_capitals(client: LanguageClient) -> None:
    text = await renamed_ceres_term(client, "AFFILIATED COMPANY", "GROUP ENTITY")
    assert '"GROUP ENTITY" shall mean' in text and "CERES or its GROUP ENTITIES." in text


async def test_rename_of_a_term_in_capitals_to_a_name_in_title_case_lowers_the_plural_ending(client: LanguageClient) -> None:
    text = await renamed_ceres_term(client, "TRAIT FEE", "Trait Charge")
    assert '"Trait Charge" shall mean' in text and "2.1 Trait Charges, if any" in text


async def test_rename_writes_each_form_of_the_new_name_in_the_place_of_the_same_form(client: LanguageClient) -> None:
    # "Terms Of Use", the small word typed in capitals, opens a sentence: the new name's own form
    # goes there, not the one in the same position of its list ("the Rules").
    text = await renamed_forms(client, "Terms of Use", "The Rules")
    assert '"The Rules" means' in text and "2.2 The Rules bind each user." in text
