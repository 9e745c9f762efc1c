// Times the longdoc language server as VS Code's language client meets it: through Microsoft's
// vscode-jsonrpc over stdio, answers parsed by V8's JSON.parse. Runs the scenario of
// bench/server_perf.py (open; 3 s still, in which the server builds the search index; a first
// question; then per round a one-character didChange + documentSymbol, documentSymbol again,
// foldingRange twice; then per round a didChange, a diagnostics pull and documentSymbol, as VS Code
// sends them; then findRelevantSections per question) and prints a JSON summary on stdout.
// Usage: node lsp_timing.mjs <scenario.json>
//   scenario: {"command": [...], "uri", "textPath", "positions": [{line, character}], "questions": [...]}
import fs from 'fs';
import { spawn } from 'child_process';
import { performance } from 'perf_hooks';
import rpc from 'vscode-jsonrpc/node';
import lsp from 'vscode-languageserver-protocol';

const scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const text = fs.readFileSync(scenario.textPath, 'utf8');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function rssBytes(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

const count = (symbols) => symbols.reduce((n, s) => n + 1 + count(s.children || []), 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const STILL_MS = 3000;

async function main() {
  const [program, ...args] = scenario.command;
  const server = spawn(program, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  connection.onRequest(lsp.RegistrationRequest.type, () => null);
  connection.onRequest(lsp.WorkDoneProgressCreateRequest.type, () => null);
  connection.listen();
  // As VS Code: hierarchical symbols, line folding, diagnostics pulled (so none are pushed after edits).
  await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      textDocument: {
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        foldingRange: { lineFoldingOnly: true },
        diagnostic: { dynamicRegistration: true },
      },
    },
  });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  await sleep(500);
  const rssBefore = rssBytes(server.pid);
  const uri = scenario.uri;
  const textDocument = { uri };
  let started = performance.now();
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'plaintext', version: 1, text },
  });
  let symbols = await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
  const openMs = performance.now() - started;
  const rssOpen = rssBytes(server.pid);
  // A reader who reads before asking: once the document has been still for a second the server
  // builds the search index in idle time, and the edits below then patch it.
  await sleep(STILL_MS);
  started = performance.now();
  await connection.sendRequest(lsp.ExecuteCommandRequest.type, {
    command: 'longdoc.findRelevantSections', arguments: [{ uri, query: scenario.questions[0], k: 3 }],
  });
  const firstFindMs = performance.now() - started;
  const rssIndexed = rssBytes(server.pid);

  const symbolMs = [];
  const symbolCachedMs = [];
  const foldingMs = [];
  const foldingCachedMs = [];
  let folding = [];
  let version = 1;
  // One character typed at a position: the document's next version.
  const typeAt = (position) => {
    version += 1;
    return connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: position, end: position }, text: 'x' }],
    });
  };
  for (const position of scenario.positions) {
    started = performance.now();
    await typeAt(position);
    symbols = await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
    symbolMs.push(performance.now() - started);
    // The same version again: the server sends the JSON it rendered, so this is the answer's
    // transport and the client's parsing alone.
    started = performance.now();
    await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
    symbolCachedMs.push(performance.now() - started);
    started = performance.now();
    folding = await connection.sendRequest(lsp.FoldingRangeRequest.type, { textDocument });
    foldingMs.push(performance.now() - started);
    started = performance.now();
    await connection.sendRequest(lsp.FoldingRangeRequest.type, { textDocument });
    foldingCachedMs.push(performance.now() - started);
  }
  // As VS Code does after each change: pull the new version's diagnostics, and ask for its
  // outline while they are computed. The first pull builds the whole diagnosis; the rounds after
  // it time the outline's answer behind the pull of the same version.
  await connection.sendRequest(lsp.DocumentDiagnosticRequest.type, { textDocument });
  const pulledSymbolMs = [];
  const pullMs = [];
  for (const position of scenario.positions) {
    started = performance.now();
    await typeAt(position);
    const pulled = connection.sendRequest(lsp.DocumentDiagnosticRequest.type, { textDocument });
    symbols = await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
    pulledSymbolMs.push(performance.now() - started);
    await pulled;
    pullMs.push(performance.now() - started);
  }
  const findMs = [];
  for (const query of scenario.questions) {
    started = performance.now();
    await connection.sendRequest(lsp.ExecuteCommandRequest.type, {
      command: 'longdoc.findRelevantSections', arguments: [{ uri, query, k: 3 }],
    });
    findMs.push(performance.now() - started);
  }
  const rssQueried = rssBytes(server.pid);
  // At rest: the server gives free memory back once documents have been still for a second.
  await sleep(2000);
  const rssResting = rssBytes(server.pid);
  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  connection.dispose();
  process.stdout.write(JSON.stringify({
    open_and_first_outline_ms: openMs,
    first_find_after_still_ms: firstFindMs,
    still_ms: STILL_MS,
    memory_open_bytes: rssOpen - rssBefore,
    memory_indexed_bytes: rssIndexed - rssBefore,
    memory_busy_bytes: rssQueried - rssBefore,
    memory_bytes: Math.max(rssIndexed, rssResting) - rssBefore,
    symbols: count(symbols),
    folding_ranges: folding.length,
    change_and_symbols_ms: median(symbolMs),
    symbols_cached_ms: median(symbolCachedMs),
    folding_ms: median(foldingMs),
    folding_cached_ms: median(foldingCachedMs),
    find_ms: median(findMs),
    change_pull_and_symbols_ms: median(pulledSymbolMs),
    change_and_pull_ms: median(pullMs),
    rounds: symbolMs.length,
    queries: findMs.length,
  }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
