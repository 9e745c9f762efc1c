"""Language server speed and memory on a 10 MB contract, through a real stdio client, beside VS Code's
own Markdown outline provider (vscode-markdown-languageservice) on the same text as Markdown.

The client is Microsoft's vscode-jsonrpc in Node, what VS Code's language client is built on; the
same scenario through a minimal Python client is shown beside it.
Rows: one-character didChange + documentSymbol, didChange + foldingRange, findRelevantSections
(CUAD questions), server memory per open document, and the cost of serialising the outline as plain
dicts vs through lsprotocol/cattrs. Prints one table; saves bench/results/server_perf.json.

    python3 bench/server_perf.py [--size CHARS] [--rounds N] [--queries N] [--skip-peer]
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import ROOT, as_markdown, contract_corpus, format_table, load_cuad, median, save_results
from server_client import StdioClient

from longdoc import LongDocument
from longdoc_server.documents import Documents, Snapshot
from longdoc_server.features.outline import document_symbols
from longdoc_server.memory import collect_less
from longdoc_server.positions import Codec, LineIndex

PEER = ROOT / "bench" / "peers" / "markdown"
CLIENT = ROOT / "bench" / "clients"
URI = "file:///bench/contract.txt"
TARGETS = {"symbols": 50.0, "find": 20.0, "folding": 50.0, "memory": 10.0}


def edit_positions(text: str, rounds: int) -> list[dict[str, int]]:
    """Positions in the middle of long body lines, spread over the document, one per round."""
    lines = LineIndex.of(text)
    long_lines = [n for n in range(lines.line_count) if lines.line_end(n) - lines.start(n) > 200]
    step = max(1, len(long_lines) // (rounds + 1))
    return [{"line": n, "character": 100} for n in long_lines[step::step][:rounds]]


def timed_request(client: StdioClient, method: str, params: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    result = client.request(method, params)
    return result, (time.perf_counter() - started) * 1000


def measure_server(text: str, rounds: int, questions: list[str]) -> dict[str, Any]:
    client = StdioClient([sys.executable, "-m", "longdoc_server"])
    # As VS Code: hierarchical symbols, line folding, diagnostics pulled (so none are pushed after edits).
    capabilities = {
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
            "foldingRange": {"lineFoldingOnly": True},
            "diagnostic": {"dynamicRegistration": True},
        },
    }
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": capabilities})
    client.notify("initialized", {})
    time.sleep(0.5)
    rss_before = client.rss_bytes()
    document = {"uri": URI}
    started = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "plaintext", "version": 1, "text": text}})
    symbols = client.request("textDocument/documentSymbol", {"textDocument": document})
    open_ms = (time.perf_counter() - started) * 1000
    rss_open = client.rss_bytes()
    # The first question builds the search index; the edits below then patch it.
    first_find_ms = timed_request(client, "workspace/executeCommand", {"command": "longdoc.findRelevantSections", "arguments": [{"uri": URI, "query": questions[0], "k": 3}]})[1]
    rss_indexed = client.rss_bytes()

    symbol_ms, folding_ms, folding_cached_ms = [], [], []
    for version, position in enumerate(edit_positions(text, rounds), start=2):
        started = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"range": {"start": position, "end": position}, "text": "x"}]},
        )
        symbols = client.request("textDocument/documentSymbol", {"textDocument": document})
        symbol_ms.append((time.perf_counter() - started) * 1000)
        folding, elapsed = timed_request(client, "textDocument/foldingRange", {"textDocument": document})
        folding_ms.append(elapsed)
        folding_cached_ms.append(timed_request(client, "textDocument/foldingRange", {"textDocument": document})[1])

    find_ms = []
    for question in questions:
        argument = {"uri": URI, "query": question, "k": 3}
        find_ms.append(timed_request(client, "workspace/executeCommand", {"command": "longdoc.findRelevantSections", "arguments": [argument]})[1])
    rss_queried = client.rss_bytes()
    time.sleep(2.0)  # at rest: the server gives free memory back once documents have been still for a second
    rss_resting = client.rss_bytes()

    # Semantic tokens as VS Code asks for them: the whole document once, then the delta after each edit.
    tokens, first_tokens_ms = timed_request(client, "textDocument/semanticTokens/full", {"textDocument": document})
    result_id, tokens_ms, full_tokens_ms = tokens["resultId"], [], []
    for version, position in enumerate(edit_positions(text, rounds), start=rounds + 2):
        started = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"range": {"start": position, "end": position}, "text": "x"}]},
        )
        delta = client.request("textDocument/semanticTokens/full/delta", {"textDocument": document, "previousResultId": result_id})
        tokens_ms.append((time.perf_counter() - started) * 1000)
        result_id = delta["resultId"]
        full_tokens_ms.append(timed_request(client, "textDocument/semanticTokens/full", {"textDocument": document})[1])
    time.sleep(2.0)
    rss_resting_with_tokens = client.rss_bytes()
    client.close()

    def count(nodes: list[dict[str, Any]]) -> int:
        return sum(1 + count(node.get("children", [])) for node in nodes)

    return {
        "open_and_first_outline_ms": open_ms,
        "first_find_ms": first_find_ms,
        "memory_open_bytes": rss_open - rss_before,
        "memory_indexed_bytes": rss_indexed - rss_before,
        "memory_busy_bytes": rss_queried - rss_before,
        "memory_bytes": max(rss_indexed, rss_resting) - rss_before,
        "symbols": count(symbols),
        "folding_ranges": len(folding),
        "change_and_symbols_ms": median(symbol_ms),
        "folding_ms": median(folding_ms),
        "folding_cached_ms": median(folding_cached_ms),
        "find_ms": median(find_ms),
        "rounds": len(symbol_ms),
        "queries": len(find_ms),
        "tokens": len(tokens["data"]) // 5,
        "first_semantic_tokens_ms": first_tokens_ms,
        "change_and_semantic_tokens_delta_ms": median(tokens_ms),
        "semantic_tokens_full_again_ms": median(full_tokens_ms),
        "memory_with_semantic_tokens_bytes": rss_resting_with_tokens - rss_before,
    }


def measure_server_vscode_jsonrpc(text: str, rounds: int, questions: list[str]) -> dict[str, Any]:
    """The same scenario as :func:`measure_server`, driven by Microsoft's vscode-jsonrpc in Node (what
    VS Code's language client is built on): the answers are parsed by V8, as an editor parses them."""
    _npm_ci(CLIENT, "vscode-jsonrpc")
    with tempfile.TemporaryDirectory() as folder:
        text_path = Path(folder) / "contract.txt"
        text_path.write_text(text, encoding="utf-8", newline="")
        scenario = Path(folder) / "scenario.json"
        scenario.write_text(json.dumps({
            "command": [sys.executable, "-m", "longdoc_server"], "uri": URI, "textPath": str(text_path),
            "positions": edit_positions(text, rounds), "questions": questions,
        }))
        done = subprocess.run(["node", str(CLIENT / "lsp_timing.mjs"), str(scenario)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"lsp_timing.mjs failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


def measure_transport_floor(doc: LongDocument, rounds: int) -> dict[str, Any]:
    """The same symbols JSON answered by a server that only replays it from memory, through
    vscode-jsonrpc: what an answer this size costs to cross the pipe and be parsed, whoever sends it
    (measured after the scenario, so the machine's drift can put it above or below the resend)."""
    _npm_ci(CLIENT, "vscode-jsonrpc")
    symbols = document_symbols(Snapshot(URI, 1, doc, LineIndex.of(doc.text)), Codec())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "symbols.json"
        path.write_bytes(bytes(symbols))
        done = subprocess.run(["node", str(CLIENT / "lsp_floor.mjs"), sys.executable, str(CLIENT / "replay_server.py"),
                               str(path), str(rounds)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"lsp_floor.mjs failed: {done.stderr.strip()}")
    return json.loads(done.stdout) | {"symbols_bytes": len(symbols)}


def _npm_ci(folder: Path, package: str) -> None:
    if not (folder / "node_modules" / package).is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder, check=True)


def measure_serialisation(doc: LongDocument) -> dict[str, float]:
    """Milliseconds to turn the outline into JSON from scratch, positions included: plain dicts
    rendered to JSON text (what the server does) vs lsprotocol DocumentSymbol objects serialised
    through cattrs (what a server built on pygls's types does)."""
    from lsprotocol import types
    from pygls.protocol import default_converter

    from longdoc_server.features.outline import detail, symbol_kind

    lines = LineIndex.of(doc.text)
    codec = Codec()
    document_symbols(Snapshot(URI, 1, doc, lines), codec)  # the line index's first look at each line
    started = time.perf_counter()
    document_symbols(Snapshot(URI, 1, doc, lines), codec)
    plain_ms = (time.perf_counter() - started) * 1000

    def position(offset: int) -> types.Position:
        found = codec.position(lines, offset)
        return types.Position(line=found["line"], character=found["character"])

    def typed(node: Any) -> types.DocumentSymbol:
        return types.DocumentSymbol(
            name=node.title or node.label or "(untitled)", detail=detail(node), kind=types.SymbolKind(symbol_kind(node)),
            range=types.Range(start=position(node.start), end=position(node.end)),
            selection_range=types.Range(start=position(node.heading_start), end=position(node.heading_end)),
            children=[typed(child) for child in node.children] or None,
        )

    converter = default_converter()
    started = time.perf_counter()
    json.dumps(converter.unstructure([typed(root) for root in doc.outline], list[types.DocumentSymbol]), separators=(",", ":"))
    cattrs_ms = (time.perf_counter() - started) * 1000
    return {"plain_dicts_ms": plain_ms, "cattrs_unstructure_ms": cattrs_ms}


def measure_breakdown(doc: LongDocument, text: str, rounds: int) -> dict[str, float]:
    """In-process medians of the parts of 'didChange + documentSymbol': the core's edit (with the
    server's bookkeeping of the change), the core's outline of the new version, and the server's own
    work (line index, symbols JSON), with the collector set as in the server process."""
    thresholds = gc.get_threshold()
    collect_less()
    try:
        return _breakdown(doc, text, rounds)
    finally:
        gc.set_threshold(*thresholds)


def _breakdown(doc: LongDocument, text: str, rounds: int) -> dict[str, float]:
    documents, codec = Documents(), Codec()
    doc.select("termination")  # builds the search index, which every edit then patches
    documents.put(Snapshot(URI, 1, doc, LineIndex.of(text)))
    document_symbols(documents.get(URI), codec)
    core_edit, core_outline, server_own = [], [], []
    for version, position in enumerate(edit_positions(text, rounds), start=2):
        snapshot = documents.get(URI)
        offset = codec.offset(snapshot.lines, position)
        # Each version is edited once, as the server does: a second edit of the same version would
        # find the search index it shares with the first already moved on, and rebuild it.
        old = snapshot.text
        new_text = "".join((old[:offset], "x", old[offset:]))
        started = time.perf_counter()
        snapshot.lines.edited(offset, offset, "x", new_text)  # pure: timed apart, then again in the change
        line_index_ms = (time.perf_counter() - started) * 1000
        del new_text
        started = time.perf_counter()
        snapshot = documents.change(URI, version, [_Change({"start": position, "end": position}, "x")], codec)
        core_edit.append((time.perf_counter() - started) * 1000 - line_index_ms)
        started = time.perf_counter()
        snapshot.doc.nodes
        core_outline.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        document_symbols(snapshot, codec)
        server_own.append(line_index_ms + (time.perf_counter() - started) * 1000)
    return {"core_edit_ms": median(core_edit), "core_outline_ms": median(core_outline), "server_own_ms": median(server_own)}


@dataclass
class _Change:
    range: dict[str, Any]
    text: str


def measure_peer(markdown: str, rounds: int) -> dict[str, Any]:
    _npm_ci(PEER, "vscode-markdown-languageservice")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "contract.md"
        path.write_text(markdown, encoding="utf-8")
        done = subprocess.run(["node", str(PEER / "outline_timing.mjs"), str(path), str(rounds)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--queries", type=int, default=20)
    parser.add_argument("--skip-peer", action="store_true")
    arguments = parser.parse_args()

    text = contract_corpus(arguments.size)
    questions = list(dict.fromkeys(q.question for q in load_cuad()))[: arguments.queries]
    server = measure_server_vscode_jsonrpc(text, arguments.rounds, questions)
    python_client = measure_server(text, arguments.rounds, questions)
    doc = LongDocument(text)
    serialisation = measure_serialisation(doc)
    breakdown = measure_breakdown(doc, text, arguments.rounds)
    floor = measure_transport_floor(doc, arguments.rounds)
    peer = None if arguments.skip_peer else measure_peer(as_markdown(doc), arguments.rounds)

    ours_outline = server["change_and_symbols_ms"] + server["folding_ms"]
    text_bytes = len(text.encode("utf-8"))
    memory_ratio = server["memory_bytes"] / text_bytes

    def goal(label: str, value: float, target: str) -> list[Any]:
        return [label, value, "", "", f"<= {TARGETS[target]:.0f}", value <= TARGETS[target]]

    def part(label: str, value: float) -> list[Any]:
        return [label, value, "", "", "", ""]

    # Goals are judged through vscode-jsonrpc, the client VS Code runs; the Python client's rows show
    # what a slower JSON parser on the client side adds.
    rows = [
        goal("didChange (1 char) + documentSymbol, median ms", server["change_and_symbols_ms"], "symbols"),
        part("documentSymbol again (the version's JSON sent as rendered: transport and client parsing), median ms", server["symbols_cached_ms"]),
        part(f"the same {floor['symbols_bytes'] / 1e6:.1f} MB of symbols from a server that only replays them from memory, median ms",
             floor["symbols_replayed_ms"]),
        part("didChange + diagnostics pull + documentSymbol as VS Code sends them: documentSymbol answered, median ms",
             server["change_pull_and_symbols_ms"]),
        part("the same rounds: diagnostics pull answered, median ms", server["change_and_pull_ms"]),
        goal("foldingRange on a new version, median ms", server["folding_ms"], "folding"),
        part("foldingRange again (cached per version), median ms", server["folding_cached_ms"]),
        goal("findRelevantSections (k=3), median ms", server["find_ms"], "find"),
        goal("server memory per open document / text bytes (at rest after edits, diagnostics pulls and questions, or after the first question)", memory_ratio, "memory"),
        part("server memory per open document / text bytes (right after the edits and questions, before the idle release)", server["memory_busy_bytes"] / text_bytes),
        part("server memory per open document / text bytes (after the first question)", server["memory_indexed_bytes"] / text_bytes),
        part("server memory per open document / text bytes (outline only, before a question)", server["memory_open_bytes"] / text_bytes),
        part("  part: core LongDocument.edit (1 char), as the server applies it, median ms", breakdown["core_edit_ms"]),
        part("  part: core outline of the new version (.nodes), median ms", breakdown["core_outline_ms"]),
        part("  part: server line index + symbols JSON (untouched roots reused), median ms", breakdown["server_own_ms"]),
        part("open + first documentSymbol, ms", server["open_and_first_outline_ms"]),
        part(f"first findRelevantSections after the document was still for {server['still_ms'] / 1000:.0f} s (index built in idle time), ms", server["first_find_after_still_ms"]),
        part("Python client: first findRelevantSections right after opening (builds the search index), ms", python_client["first_find_ms"]),
        part("Python client (json module): didChange + documentSymbol, median ms", python_client["change_and_symbols_ms"]),
        part("Python client (json module): findRelevantSections, median ms", python_client["find_ms"]),
        part(f"Python client: semantic tokens of the whole document, first ask ({python_client['tokens']:,} tokens), ms",
             python_client["first_semantic_tokens_ms"]),
        part("Python client: didChange (1 char) + semanticTokens/full/delta, median ms",
             python_client["change_and_semantic_tokens_delta_ms"]),
        part("Python client: semanticTokens/full of the same version (kept: transport and parsing), median ms",
             python_client["semantic_tokens_full_again_ms"]),
        part("Python client: server memory per open document / text bytes, at rest with the semantic tokens kept",
             python_client["memory_with_semantic_tokens_bytes"] / text_bytes),
        part("outline -> JSON from scratch, positions included: plain dicts (the server), ms", serialisation["plain_dicts_ms"]),
        part("outline -> JSON from scratch, positions included: lsprotocol objects + cattrs, ms", serialisation["cattrs_unstructure_ms"]),
    ]
    if peer is not None:
        rows.append(
            ["edit + symbols + folding, median ms (peer: vscode-markdown-languageservice)", ours_outline, peer["totalMedianMs"], ours_outline / peer["totalMedianMs"], "", ""]
        )
    print(f"{len(text):,} characters, {server['symbols']:,} symbols, {server['folding_ranges']:,} folding ranges; "
          f"{server['rounds']} edit rounds, {server['queries']} questions")
    print(format_table(["measure", "longdoc", "peer", "ratio", "target", "met"], rows))
    path = save_results("server_perf", {"size": len(text), "client": "vscode-jsonrpc 10.0.0 (Node)", "server": server, "python_client": python_client, "serialisation": serialisation, "breakdown": breakdown, "transport_floor": floor, "peer": peer, "targets": TARGETS})
    print(f"saved {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
