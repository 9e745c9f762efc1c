"""Contract intelligence end to end through Microsoft's vscode-jsonrpc client (a client this project
did not write, installed under tests/e2e by scripts/setup): go to definition, references, the
semantic tokens of the whole document and their deltas after edits, and diagnostics pushed to a client that does not pull them,
before and after an edit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

CONTRACT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "contracts" / "BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"


@pytest.fixture(scope="module")
def session(node_client: Callable[..., dict]) -> dict:
    assert CONTRACT.is_file(), f"shared test document missing: {CONTRACT}"
    return node_client("intel_client.js", str(CONTRACT), env={"PATH": ""})


def text() -> str:
    return CONTRACT.read_text(encoding="utf-8")


def offset(position: dict, within: str | None = None) -> int:
    lines = (text() if within is None else within).split("\n")
    return sum(len(line) + 1 for line in lines[: position["line"]]) + position["character"]


def test_the_server_advertises_the_contract_features(session: dict) -> None:
    capabilities = session["capabilities"]
    for provider in ("definitionProvider", "referencesProvider", "documentLinkProvider", "documentHighlightProvider",
                     "codeLensProvider", "renameProvider"):
        assert capabilities.get(provider), provider


def test_go_to_definition_of_a_citation_reaches_the_cited_clause(session: dict) -> None:
    (found,) = session["definition"]
    start = offset(found["range"]["start"])
    assert text()[start:].startswith("1.03.  Terms.")


def test_references_of_a_defined_term_are_its_uses(session: dict) -> None:
    uses = [text()[offset(loc["range"]["start"]) : offset(loc["range"]["end"])] for loc in session["references"]]
    assert uses and set(uses) == {"Territory"}


def test_the_semantic_tokens_of_the_whole_document_mark_each_term_where_it_is_defined(session: dict) -> None:
    legend = session["capabilities"]["semanticTokensProvider"]["legend"]
    assert session["capabilities"]["semanticTokensProvider"]["full"]
    data, line, character, declared = session["semanticTokens"]["data"], 0, 0, []
    for i in range(0, len(data), 5):
        line_delta, character_delta, length, kind, modifiers = data[i : i + 5]
        character = character_delta if line_delta else character + character_delta
        line += line_delta
        start = offset({"line": line, "character": character})
        assert legend["tokenTypes"][kind] == "variable"
        if modifiers and legend["tokenModifiers"][0] == "declaration":
            declared.append(text()[start : start + length])
    assert len(data) // 5 > 100
    assert declared == ["Effective Date", "Company", "Distributor", "Products", "Territory", "Brand"]


def test_the_deltas_of_the_semantic_tokens_after_edits_give_the_tokens_of_the_edited_text(session: dict) -> None:
    assert session["capabilities"]["semanticTokensProvider"]["full"] == {"delta": True}
    data = session["semanticTokens"]["data"]
    for delta in session["deltas"]:
        for edit in sorted(delta["edits"], key=lambda e: e["start"], reverse=True):
            data = data[: edit["start"]] + edit.get("data", []) + data[edit["start"] + edit["deleteCount"] :]
    assert data == session["rangeAfterEdits"]["data"]
    assert len(data) == len(session["semanticTokens"]["data"]) + 2 * 5  # "Distributor" and "Products" typed


def test_diagnostics_are_pushed_to_a_client_that_does_not_pull_them(session: dict) -> None:
    pushed = session["diagnostics"]
    assert pushed is not None, "no textDocument/publishDiagnostics within a minute"
    assert pushed["version"] == 1
    assert {d["source"] for d in pushed["diagnostics"]} <= {"longdoc"}


def test_diagnostics_pushed_after_an_edit_warn_of_the_citation_it_added(session: dict) -> None:
    pushed = session["diagnosticsAfterEdit"]
    assert pushed is not None, "no textDocument/publishDiagnostics for the edited version within a minute"
    assert pushed["version"] == 2
    edited = text() + "\nSee Section 99.1.\n"
    warned = [(edited[offset(d["range"]["start"], edited) : offset(d["range"]["end"], edited)], d["code"], d["severity"])
              for d in pushed["diagnostics"]]
    assert warned == [("Section 99.1", "unresolved-reference", 2)]
