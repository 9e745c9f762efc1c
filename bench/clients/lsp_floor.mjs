// The floor under any server's documentSymbol answer of a given size, as VS Code's client meets it:
// asks a server that only replays a stored answer (replay_server.py) for the symbols N times through
// vscode-jsonrpc and prints {"symbols_replayed_ms": median, "rounds": N} on stdout.
// Usage: node lsp_floor.mjs <python> <replay_server.py> <symbols.json> <rounds>
import { spawn } from 'child_process';
import { performance } from 'perf_hooks';
import rpc from 'vscode-jsonrpc/node';
import lsp from 'vscode-languageserver-protocol';

const [python, script, symbolsPath, rounds] = process.argv.slice(2);

async function main() {
  const server = spawn(python, [script, symbolsPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  connection.listen();
  await connection.sendRequest(lsp.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
  const textDocument = { uri: 'file:///bench/contract.txt' };
  await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });  // warm-up
  const times = [];
  for (let i = 0; i < Number(rounds); i += 1) {
    const started = performance.now();
    await connection.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument });
    times.push(performance.now() - started);
  }
  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  connection.dispose();
  times.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ symbols_replayed_ms: times[Math.floor(times.length / 2)], rounds: times.length }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
