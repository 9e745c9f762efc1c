"""Contract intelligence end to end through Microsoft's vscode-jsonrpc client (a client this project
did not write, installed under tests/e2e by scripts/setup): go to definition, references and
diagnostics pushed to a client that does not pull them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parents[1] / "e2e"
CONTRACT = E2E.parents[1].parent / "shared" / "data" / "cuad" / "contracts" / "BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.txt"

CLIENT = r"""
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const { pathToFileURL } = require('url');
const rpc = require('vscode-jsonrpc/node');
const lsp = require('vscode-languageserver-protocol');

function position(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

async function main() {
  const [python, documentPath] = process.argv.slice(2);
  const server = spawn(python, ['-m', 'longdoc_server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  const pushed = new Promise((resolve) => {
    connection.onNotification(lsp.PublishDiagnosticsNotification.type, (params) => resolve(params));
  });
  connection.onRequest(lsp.RegistrationRequest.type, () => null);
  connection.onRequest(lsp.WorkDoneProgressCreateRequest.type, () => null);
  connection.listen();
  const uri = pathToFileURL(documentPath).href;
  const text = fs.readFileSync(documentPath, 'utf8');
  const init = await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid, rootUri: null,
    capabilities: { general: { positionEncodings: ['utf-16'] }, textDocument: { publishDiagnostics: {} } },
  });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'plaintext', version: 1, text },
  });
  const textDocument = { uri };
  const definition = await connection.sendRequest(lsp.DefinitionRequest.type, {
    textDocument, position: position(text, text.indexOf('Section 1.03') + 9),
  });
  const references = await connection.sendRequest(lsp.ReferencesRequest.type, {
    textDocument, position: position(text, text.indexOf('"Territory"') + 2), context: { includeDeclaration: false },
  });
  const diagnostics = await Promise.race([pushed, new Promise((resolve) => setTimeout(() => resolve(null), 60000))]);
  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  await new Promise((resolve) => server.on('exit', resolve));
  connection.dispose();
  process.stdout.write(JSON.stringify({ capabilities: init.capabilities, definition, references, diagnostics }));
}

main().catch((error) => { process.stderr.write(`${error.stack || error}\n`); process.exit(1); });
"""


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict:
    assert CONTRACT.is_file(), f"shared test document missing: {CONTRACT}"
    node = shutil.which("node")
    assert node, "node is not installed (scripts/setup installs what the end-to-end tests need)"
    assert (E2E / "node_modules" / "vscode-jsonrpc").is_dir(), "run scripts/setup (npm ci in tests/e2e) first"
    script = tmp_path_factory.mktemp("client") / "intel_client.js"
    script.write_text(CLIENT, encoding="utf-8")
    done = subprocess.run(
        [node, str(script), sys.executable, str(CONTRACT)],
        capture_output=True, text=True, timeout=300, env={"NODE_PATH": str(E2E / "node_modules"), "PATH": ""}, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def text() -> str:
    return CONTRACT.read_text(encoding="utf-8")


def offset(position: dict) -> int:
    lines = text().split("\n")
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


def test_diagnostics_are_pushed_to_a_client_that_does_not_pull_them(session: dict) -> None:
    pushed = session["diagnostics"]
    assert pushed is not None, "no textDocument/publishDiagnostics within a minute"
    assert pushed["version"] == 1
    assert {d["source"] for d in pushed["diagnostics"]} <= {"longdoc"}
