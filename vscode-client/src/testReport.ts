/**
 * When LONGDOC_TEST_REPORT names a file, append what VS Code itself shows (symbols, folding,
 * selections, command results) as JSON lines, so an end-to-end test can check the editor's view.
 */

import { appendFileSync } from "node:fs";
import * as vscode from "vscode";
import { WINDOW_SCHEME } from "./documents";

const REPORT_FILE = process.env["LONGDOC_TEST_REPORT"];
const SYMBOL_WAIT_MS = 60_000;
const SYMBOL_POLL_MS = 250;

export function reporting(): boolean {
  return REPORT_FILE !== undefined && REPORT_FILE !== "";
}

/** Append one event; a no-op unless LONGDOC_TEST_REPORT is set. */
export function report(event: string, data: object): void {
  if (!reporting() || REPORT_FILE === undefined) return;
  appendFileSync(REPORT_FILE, `${JSON.stringify({ event, time: Date.now(), ...data })}\n`);
}

interface ReportedSymbol {
  name: string;
  detail: string;
  kind: number;
  range: [number, number];
  selectionRange: [number, number];
  children: ReportedSymbol[];
}

function offsets(document: vscode.TextDocument, range: vscode.Range): [number, number] {
  return [document.offsetAt(range.start), document.offsetAt(range.end)];
}

function reportedSymbol(document: vscode.TextDocument, symbol: vscode.DocumentSymbol): ReportedSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: symbol.kind,
    range: offsets(document, symbol.range),
    selectionRange: offsets(document, symbol.selectionRange),
    children: symbol.children.map((child) => reportedSymbol(document, child)),
  };
}

async function documentSymbols(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
  const deadline = Date.now() + SYMBOL_WAIT_MS;
  for (;;) {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
      "vscode.executeDocumentSymbolProvider",
      document.uri,
    );
    if ((symbols !== undefined && symbols.length > 0) || Date.now() > deadline) return symbols ?? [];
    await new Promise((resolve) => setTimeout(resolve, SYMBOL_POLL_MS));
  }
}

/** Report the symbols and folding ranges VS Code computes for `document` (once the server answers). */
export async function reportDocumentView(document: vscode.TextDocument): Promise<void> {
  const symbols = await documentSymbols(document);
  const folding =
    (await vscode.commands.executeCommand<vscode.FoldingRange[] | undefined>("vscode.executeFoldingRangeProvider", document.uri)) ?? [];
  report("documentView", {
    uri: document.uri.toString(),
    version: document.version,
    symbols: symbols.map((symbol) => reportedSymbol(document, symbol)),
    folding: folding.map((range) => [range.start, range.end]),
  });
}

/** Report every selection change in file and window editors as offsets, the form of the test's gold spans. */
export function reportSelections(): vscode.Disposable {
  return vscode.window.onDidChangeTextEditorSelection((event) => {
    const document = event.textEditor.document;
    if (document.uri.scheme !== "file" && document.uri.scheme !== WINDOW_SCHEME) return;
    report("selection", {
      uri: document.uri.toString(),
      selections: event.selections.map((selection) => [document.offsetAt(selection.anchor), document.offsetAt(selection.active)]),
    });
  });
}
