// Drives the longdoc language server through Microsoft's own LSP client libraries
// (vscode-jsonrpc + vscode-languageserver-protocol) and prints what the server answered as JSON.
// Usage: node vscode_jsonrpc_client.js <python> <document path> <question> <quote>
'use strict';
const { lsp, openSession, closeSession, report } = require('./lsp_session');

report(async () => {
  const [python, documentPath, question, quote] = process.argv.slice(2);
  const logs = [];
  const session = await openSession(python, documentPath, {
    general: { positionEncodings: ['utf-16'] },
    textDocument: {
      documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      foldingRange: { lineFoldingOnly: true },
    },
  }, (connection) => connection.onNotification(lsp.LogMessageNotification.type, (params) => logs.push(params.message)));
  const { connection, uri, textDocument } = session;
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
  const exitCode = await closeSession(session);
  return { capabilities: session.init.capabilities, symbols, folding, relevant, evidence, invalid, logs, exitCode };
});
