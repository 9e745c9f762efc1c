// Drives the longdoc language server through Microsoft's own LSP client libraries
// (vscode-jsonrpc + vscode-languageserver-protocol) and prints what the server answered as JSON.
// Usage: node vscode_jsonrpc_client.js <python> <document path> <question> <quote>
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const { pathToFileURL } = require('url');
const rpc = require('vscode-jsonrpc/node');
const lsp = require('vscode-languageserver-protocol');

async function main() {
  const [python, documentPath, question, quote] = process.argv.slice(2);
  const server = spawn(python, ['-m', 'longdoc_server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  const logs = [];
  connection.onNotification(lsp.LogMessageNotification.type, (params) => logs.push(params.message));
  connection.onRequest(lsp.RegistrationRequest.type, () => null);
  connection.onRequest(lsp.WorkDoneProgressCreateRequest.type, () => null);
  connection.listen();

  const uri = pathToFileURL(documentPath).href;
  const text = fs.readFileSync(documentPath, 'utf8');
  const init = await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      textDocument: {
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        foldingRange: { lineFoldingOnly: true },
      },
    },
  });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'plaintext', version: 1, text },
  });
  const textDocument = { uri };
  const symbols = await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
  const folding = await connection.sendRequest(lsp.FoldingRangeRequest.type, { textDocument });
  const relevant = await connection.sendRequest(lsp.ExecuteCommandRequest.type, {
    command: 'longdoc.findRelevantSections', arguments: [{ uri, query: question, k: 3 }],
  });
  const evidence = await connection.sendRequest(lsp.ExecuteCommandRequest.type, {
    command: 'longdoc.locateEvidence', arguments: [{ uri, quote }],
  }).catch((error) => ({ error: { code: error.code, message: error.message } }));
  let invalid = null;
  try {
    await connection.sendRequest('textDocument/documentSymbol', { textDocument: 42 });
  } catch (error) {
    invalid = { code: error.code, message: error.message };
  }
  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  const exitCode = await new Promise((resolve) => server.on('exit', resolve));
  connection.dispose();
  process.stdout.write(JSON.stringify({
    capabilities: init.capabilities, symbols, folding, relevant, evidence, invalid, logs, exitCode,
  }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
