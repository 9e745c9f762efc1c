// Times vscode-markdown-languageservice (VS Code's own Markdown outline and folding provider) on one
// Markdown file: each round changes one character (a new document version, so nothing is cached),
// then asks for document symbols and folding ranges. Prints a JSON summary on stdout.
// Usage: node outline_timing.mjs <file.md> <rounds>
import fs from 'fs';
import { register } from 'node:module';
import { performance } from 'perf_hooks';
import MarkdownIt from 'markdown-it';
import protocol from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';

register('./vscode_uri_hook.mjs', import.meta.url);
const mdls = await import('vscode-markdown-languageservice');
const { URI } = (await import('vscode-uri')).default;
const { CancellationTokenSource, Emitter } = protocol;

const [file, roundsArgument] = process.argv.slice(2);
const rounds = Number(roundsArgument || 10);
const markdownIt = MarkdownIt({ html: true });
const uri = URI.file(file).toString();
let current = TextDocument.create(uri, 'markdown', 1, fs.readFileSync(file, 'utf8'));

const parser = { slugifier: mdls.githubSlugifier, tokenize: async (document) => markdownIt.parse(document.getText(), {}) };
const workspace = {
  workspaceFolders: [],
  getAllMarkdownDocuments: async () => [current],
  hasMarkdownDocument: (resource) => resource.toString() === uri,
  openMarkdownDocument: async (resource) => (resource.toString() === uri ? current : undefined),
  stat: async (resource) => (resource.toString() === uri ? {} : undefined),
  readDirectory: async () => [],
  onDidChangeMarkdownDocument: new Emitter().event,
  onDidCreateMarkdownDocument: new Emitter().event,
  onDidDeleteMarkdownDocument: new Emitter().event,
};
const service = mdls.createLanguageService({ workspace, parser, logger: { log() {} } });

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const token = new CancellationTokenSource().token;
  const symbolsMs = [];
  const foldingMs = [];
  let symbolCount = 0;
  let foldingCount = 0;
  for (let round = 0; round < rounds; round += 1) {
    const at = Math.floor(current.getText().length / 2) + round;
    current = TextDocument.update(current, [{ range: { start: current.positionAt(at), end: current.positionAt(at) }, text: 'x' }], current.version + 1);
    const started = performance.now();
    const symbols = await service.getDocumentSymbols(current, {}, token);
    const between = performance.now();
    const folding = await service.getFoldingRanges(current, token);
    const ended = performance.now();
    symbolsMs.push(between - started);
    foldingMs.push(ended - between);
    const count = (list) => list.reduce((n, s) => n + 1 + count(s.children || []), 0);
    symbolCount = count(symbols);
    foldingCount = folding.length;
  }
  process.stdout.write(JSON.stringify({
    rounds, symbolCount, foldingCount,
    symbolsMedianMs: median(symbolsMs), foldingMedianMs: median(foldingMs),
    totalMedianMs: median(symbolsMs.map((s, i) => s + foldingMs[i])),
  }));
}

main().catch((error) => { process.stderr.write(`${error.stack || error}\n`); process.exit(1); });
