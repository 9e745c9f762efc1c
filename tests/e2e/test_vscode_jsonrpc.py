"""End to end through Microsoft's vscode-jsonrpc + vscode-languageserver-protocol (a client we did not write)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data"
CONTRACT = DATA / "cuad" / "contracts" / "CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"
QUOTE = "Contractor shall meet with the Company on at least a monthly basis"


@pytest.fixture(scope="module")
def session(node_client: Callable[..., dict]) -> dict:
    assert CONTRACT.is_file(), f"shared test document missing: {CONTRACT}"
    return node_client("vscode_jsonrpc_client.js", str(CONTRACT), "indemnify hold harmless", QUOTE)


def test_server_advertises_the_features_and_commands(session: dict) -> None:
    capabilities = session["capabilities"]
    assert capabilities["positionEncoding"] == "utf-16"
    assert capabilities["documentSymbolProvider"] and capabilities["foldingRangeProvider"]
    assert {"longdoc.findRelevantSections", "longdoc.window", "longdoc.toDocument", "longdoc.locateEvidence", "longdoc.coverage"} <= set(
        capabilities["executeCommandProvider"]["commands"]
    )


def test_outline_reaches_the_client_as_a_symbol_tree(session: dict) -> None:
    roots = [symbol["name"] for symbol in session["symbols"]]
    assert any(name.startswith("ARTICLE VII") for name in roots), roots
    article = next(symbol for symbol in session["symbols"] if symbol["name"].startswith("ARTICLE III"))
    names = []
    stack = list(article["children"])
    while stack:
        symbol = stack.pop(0)
        names.append(symbol["name"])
        stack[:0] = symbol.get("children", [])
    assert "3.02 Meetings" in names


def test_folding_ranges_cover_the_articles(session: dict) -> None:
    text = CONTRACT.read_text(encoding="utf-8")
    article_line = text[: text.index("\nARTICLE VII\n") + 1].count("\n")
    assert any(r["startLine"] == article_line and r["endLine"] > article_line for r in session["folding"])


def test_relevant_sections_answer_the_question(session: dict) -> None:
    relevant = session["relevant"]
    assert relevant["version"] == 1
    assert relevant["sections"][0]["path"][0].startswith("ARTICLE VII")


def test_evidence_is_located_exactly(session: dict) -> None:
    evidence = session["evidence"]
    assert evidence["method"] == "exact", evidence
    text = CONTRACT.read_text(encoding="utf-8")
    line = text[: text.index(QUOTE)].count("\n")
    assert evidence["range"]["start"]["line"] == line


def test_unreadable_params_get_an_invalid_params_error(session: dict) -> None:
    assert session["invalid"]["code"] == -32602
    assert "textDocument/documentSymbol" in session["invalid"]["message"]


def test_server_exits_cleanly_after_shutdown(session: dict) -> None:
    assert session["exitCode"] == 0
