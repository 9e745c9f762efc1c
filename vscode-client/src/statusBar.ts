/**
 * The status bar item: the server's state and, while it runs, the active document's section count
 * (outline parts, from the server's own documentSymbol answer), refreshed shortly after edits.
 */

import * as vscode from "vscode";
import { DocumentSymbolRequest, type DocumentSymbol } from "vscode-languageclient/node";
import type { DocumentTargets } from "./documents";
import type { ServerConnection, ServerState } from "./serverConnection";

const REFRESH_DELAY_MS = 400;

function countSymbols(symbols: readonly DocumentSymbol[]): number {
  return symbols.reduce((total, symbol) => total + 1 + countSymbols(symbol.children ?? []), 0);
}

const STATE_TEXT: Record<Exclude<ServerState, "running">, string> = {
  starting: "$(sync~spin) Longdoc",
  stopped: "$(circle-slash) Longdoc",
  failed: "$(error) Longdoc",
};

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("longdoc.status", vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly server: ServerConnection,
    private readonly targets: DocumentTargets,
  ) {
    this.item.name = "Longdoc";
    this.item.command = "longdoc.ui.showOutput";
    this.subscriptions = [
      this.item,
      server.onDidChangeState(() => this.schedule()),
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) this.schedule();
      }),
    ];
    this.schedule();
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
  }

  private async refresh(): Promise<void> {
    const state = this.server.state;
    const document = vscode.window.activeTextEditor?.document;
    const client = this.server.languageClient;
    if (state !== "running" || client === undefined) {
      this.item.text = STATE_TEXT[state === "running" ? "starting" : state];
      this.item.tooltip = `Longdoc language server: ${state}. Click for its output.`;
      this.item.show();
      return;
    }
    if (document === undefined || !this.targets.handles(document)) {
      this.item.text = "$(list-tree) Longdoc";
      this.item.tooltip = "Longdoc language server: running";
      this.item.show();
      return;
    }
    try {
      const symbols = await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: document.uri.toString() } });
      const count = countSymbols((symbols ?? []) as DocumentSymbol[]);
      this.item.text = `$(list-tree) Longdoc: ${count} section${count === 1 ? "" : "s"}`;
      this.item.tooltip = `Longdoc language server: running. ${count} outline sections in ${document.uri.path.split("/").at(-1)}.`;
    } catch {
      this.item.text = "$(list-tree) Longdoc";
      this.item.tooltip = "Longdoc language server: running (outline not available yet)";
    }
    this.item.show();
  }
}
