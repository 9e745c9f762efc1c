// Contract intelligence through Microsoft's own LSP client libraries: go to definition of a
// citation, references of a defined term, and the diagnostics the server pushes to a client that
// does not pull them. Prints what the server answered as JSON.
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
  let pushed;
  const session = await openSession(python, documentPath,
    { general: { positionEncodings: ['utf-16'] }, textDocument: { publishDiagnostics: {} } },
    (connection) => {
      pushed = new Promise((resolve) => connection.onNotification(lsp.PublishDiagnosticsNotification.type, resolve));
    });
  const { connection, text, textDocument } = session;
  const definition = await connection.sendRequest(lsp.DefinitionRequest.type, {
    textDocument, position: position(text, text.indexOf('Section 1.03') + 9),
  });
  const references = await connection.sendRequest(lsp.ReferencesRequest.type, {
    textDocument, position: position(text, text.indexOf('"Territory"') + 2), context: { includeDeclaration: false },
  });
  const diagnostics = await Promise.race([pushed, new Promise((resolve) => setTimeout(() => resolve(null), 60000))]);
  await closeSession(session);
  return { capabilities: session.init.capabilities, definition, references, diagnostics };
});
