// Contract intelligence through Microsoft's own LSP client libraries: go to definition of a
// citation, references of a defined term, the semantic tokens of the whole document and their
// deltas after edits, and the
// diagnostics the server pushes to a client that does not pull them. Prints what the server
// answered as JSON.
// Usage: node intel_client.js <python> <document path>
'use strict';
const { lsp, openSession, closeSession, report } = require('./lsp_session');

function position(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

report(async () => {
  const [python, documentPath] = process.argv.slice(2);
  // Each version's first push, by version.
  const pushes = new Map();
  const waiting = new Map();
  const pushedFor = (version) => {
    if (!waiting.has(version)) {
      waiting.set(version, new Promise((resolve) => { pushes.set(version, resolve); }));
    }
    // unref: a wait that the push ended keeps the process from exiting no longer.
    return Promise.race([waiting.get(version), new Promise((resolve) => setTimeout(() => resolve(null), 60000).unref())]);
  };
  pushedFor(1);
  pushedFor(2);
  const session = await openSession(python, documentPath,
    { general: { positionEncodings: ['utf-16'] }, textDocument: { publishDiagnostics: {} } },
    (connection) => {
      connection.onNotification(lsp.PublishDiagnosticsNotification.type, (params) => {
        const resolve = pushes.get(params.version);
        if (resolve) resolve(params);
      });
    });
  const { connection, text, textDocument } = session;
  const definition = await connection.sendRequest(lsp.DefinitionRequest.type, {
    textDocument, position: position(text, text.indexOf('Section 1.03') + 9),
  });
  const references = await connection.sendRequest(lsp.ReferencesRequest.type, {
    textDocument, position: position(text, text.indexOf('"Territory"') + 2), context: { includeDeclaration: false },
  });
  const semanticTokens = await connection.sendRequest(lsp.SemanticTokensRequest.type, { textDocument });
  const diagnostics = await pushedFor(1);
  // A citation of a clause the contract does not have, typed at its end: the next push warns of it.
  const end = position(text, text.length);
  await connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: textDocument.uri, version: 2 },
    contentChanges: [{ range: { start: end, end }, text: '\nSee Section 99.1.\n' }],
  });
  const diagnosticsAfterEdit = await pushedFor(2);
  // The tokens' deltas after that edit and after a sentence using two terms typed at the end.
  const deltas = [await connection.sendRequest(lsp.SemanticTokensDeltaRequest.type, {
    textDocument, previousResultId: semanticTokens.resultId,
  })];
  const edited = text + '\nSee Section 99.1.\n';
  const last = position(edited, edited.length);
  await connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: textDocument.uri, version: 3 },
    contentChanges: [{ range: { start: last, end: last }, text: 'The Distributor resells the Products.\n' }],
  });
  deltas.push(await connection.sendRequest(lsp.SemanticTokensDeltaRequest.type, {
    textDocument, previousResultId: deltas[0].resultId,
  }));
  const final = edited + 'The Distributor resells the Products.\n';
  const rangeAfterEdits = await connection.sendRequest(lsp.SemanticTokensRangeRequest.type, {
    textDocument, range: { start: { line: 0, character: 0 }, end: position(final, final.length) },
  });
  await closeSession(session);
  return {
    capabilities: session.init.capabilities, definition, references, semanticTokens, diagnostics, diagnosticsAfterEdit,
    deltas, rangeAfterEdits,
  };
});
