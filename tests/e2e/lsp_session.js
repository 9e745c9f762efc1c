// One session with the longdoc language server through Microsoft's own LSP client libraries
// (vscode-jsonrpc + vscode-languageserver-protocol), as an editor holds it: the server's registration
// and progress requests answered, initialize / initialized, one document opened; shutdown and exit.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const { pathToFileURL } = require('url');
const rpc = require('vscode-jsonrpc/node');
const lsp = require('vscode-languageserver-protocol');

// `listenFor(connection)` registers the caller's notification handlers before messages flow.
async function openSession(python, documentPath, capabilities, listenFor = () => {}) {
  const server = spawn(python, ['-m', 'longdoc_server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  listenFor(connection);
  connection.onRequest(lsp.RegistrationRequest.type, () => null);
  connection.onRequest(lsp.WorkDoneProgressCreateRequest.type, () => null);
  connection.listen();
  const init = await connection.sendRequest(lsp.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  const uri = pathToFileURL(documentPath).href;
  const text = fs.readFileSync(documentPath, 'utf8');
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'plaintext', version: 1, text },
  });
  return { server, connection, init, uri, text, textDocument: { uri } };
}

// Shutdown, exit, and the server's exit code.
async function closeSession({ server, connection }) {
  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  const exitCode = await new Promise((resolve) => server.on('exit', resolve));
  connection.dispose();
  return exitCode;
}

// Runs a client's main: its JSON report on stdout, or its error on stderr and exit code 1.
function report(main) {
  main().then((result) => process.stdout.write(JSON.stringify(result))).catch((error) => {
    process.stderr.write(`${error.stack || error}\n`);
    process.exit(1);
  });
}

module.exports = { lsp, openSession, closeSession, report };
