"""The server under documents far past the usual: a 50 MB contract text and a single 10 MB line,
each opened, outlined, edited and searched through a stdio client; malformed messages between.
Prints how long each step took and that the server kept answering.

    python3 bench/server_stress.py [--size CHARS]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from common import contract_corpus, format_table, save_results
from server_client import StdioClient

STEPS = ("open + documentSymbol", "didChange + documentSymbol", "foldingRange", "findRelevantSections")


def exercise(client: StdioClient, uri: str, text: str) -> list[float]:
    """Seconds of each of STEPS on one document."""
    document = {"uri": uri}
    times = []
    started = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}})
    client.request("textDocument/documentSymbol", {"textDocument": document})
    times.append(time.perf_counter() - started)
    at = {"line": 0, "character": 0}
    started = time.perf_counter()
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {"start": at, "end": at}, "text": "x"}]})
    client.request("textDocument/documentSymbol", {"textDocument": document})
    times.append(time.perf_counter() - started)
    for method, params in (
        ("textDocument/foldingRange", {"textDocument": document}),
        ("workspace/executeCommand", {"command": "longdoc.findRelevantSections", "arguments": [{"uri": uri, "query": "termination for convenience"}]}),
    ):
        started = time.perf_counter()
        client.request(method, params)
        times.append(time.perf_counter() - started)
    client.notify("textDocument/didClose", {"textDocument": document})
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=50_000_000)
    arguments = parser.parse_args()
    client = StdioClient([sys.executable, "-m", "longdoc_server"])
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {"textDocument": {"diagnostic": {}}}})
    client.notify("initialized", {})
    assert client.process.stdin is not None
    client.process.stdin.write(b"Content-Length: 9\r\n\r\n{garbage}")
    client.process.stdin.flush()
    results: dict[str, Any] = {}
    for name, text in (("contract corpus", contract_corpus(arguments.size)), ("one 10 MB line", "word " * 2_000_000)):
        results[name] = {"chars": len(text), "seconds": dict(zip(STEPS, exercise(client, f"file:///stress/{len(results)}.txt", text)))}
    client.close()
    rows = [[step, *(results[name]["seconds"][step] for name in results)] for step in STEPS]
    print(format_table(["step (seconds)", *(f"{name} ({results[name]['chars']:,} chars)" for name in results)], rows))
    print("the server answered every request and exited cleanly")
    save_results("server_stress", {"documents": results})


if __name__ == "__main__":
    main()
