/**
 * Relevant windows: the selected sections joined as a read-only `longdoc-window:` document beside
 * the contract, each piece labelled by a CodeLens and listed in the Outline; Go to Source maps a
 * selection back to the contract.
 */

import * as vscode from "vscode";
import { documentName, revealSelection, toLspRange, toRange, WINDOW_SCHEME } from "./documents";
import type { DocumentTargets } from "./documents";
import { readDocumentLocation, readWindow, relevanceArguments, ServerCommand, toDocumentArguments } from "./protocol";
import type { RelevantWindow } from "./protocol";
import type { QuestionInput } from "./questionInput";
import type { ServerConnection } from "./serverConnection";
import { report } from "./testReport";
import { windowDocumentName, windowPieces, type WindowPiece } from "./windowPieces";

export const GO_TO_SOURCE = "longdoc.ui.goToSource";
const WINDOW_LANGUAGE = "longdoc-window";

interface OpenWindow {
  query: string;
  source: vscode.Uri;
  result: RelevantWindow;
  pieces: WindowPiece[];
}

export class RelevantWindows
  implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider, vscode.DocumentSymbolProvider, vscode.Disposable
{
  private readonly windows = new Map<string, OpenWindow>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changed.event;
  readonly onDidChangeCodeLenses = this.lensesChanged.event;

  constructor(
    private readonly server: ServerConnection,
    private readonly targets: DocumentTargets,
    private readonly questions: QuestionInput,
  ) {
    this.subscriptions = [
      this.changed,
      this.lensesChanged,
      vscode.workspace.registerTextDocumentContentProvider(WINDOW_SCHEME, this),
      vscode.languages.registerCodeLensProvider({ scheme: WINDOW_SCHEME }, this),
      vscode.languages.registerDocumentSymbolProvider({ scheme: WINDOW_SCHEME }, this, { label: "Longdoc window" }),
    ];
  }

  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    const open = this.windows.get(document.uri.toString());
    if (open === undefined) return [];
    return open.pieces.map((piece) => {
      const range = pieceRange(document, piece);
      return new vscode.DocumentSymbol(piece.symbol.name, piece.symbol.detail, vscode.SymbolKind.Class, range, new vscode.Range(range.start, range.start));
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.windows.get(uri.toString())?.result.text ?? "This relevant window is closed; open it again with Longdoc: Open Relevant Window.";
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const open = this.windows.get(document.uri.toString());
    if (open === undefined) return [];
    return open.pieces.map((piece) => {
      const range = pieceRange(document, piece);
      return new vscode.CodeLens(new vscode.Range(range.start, range.start), {
        title: `$(arrow-left) ${piece.label}`,
        tooltip: "Go to this section in the document",
        command: GO_TO_SOURCE,
        arguments: [document.uri, new vscode.Range(range.start, range.start)],
      });
    });
  }

  async open(): Promise<void> {
    const document = this.targets.target();
    if (document === undefined) return;
    const query = await this.questions.ask(`Open a relevant window of ${documentName(document)}`);
    if (query === undefined) return;
    const open = await this.compute(document, query);
    const uri = vscode.Uri.from({
      scheme: WINDOW_SCHEME,
      path: `/${windowDocumentName(documentName(document), query)}`,
      query: open.result.windowId,
    });
    this.windows.set(uri.toString(), open);
    report("window", { uri: uri.toString(), result: open.result, pieces: open.pieces });
    // Its own language id gives window documents word wrap (configurationDefaults) and keeps them from the server.
    const windowDocument = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), WINDOW_LANGUAGE);
    await vscode.window.showTextDocument(windowDocument, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }

  /** Map the selection (or the CodeLens' position) in a window back to the document and select it. */
  async goToSource(uri?: vscode.Uri, range?: vscode.Range): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const windowUri = uri ?? editor?.document.uri;
    const open = windowUri === undefined ? undefined : this.windows.get(windowUri.toString());
    if (windowUri === undefined || open === undefined) {
      void vscode.window.showWarningMessage("Longdoc: Go to Source works in a relevant window (Longdoc: Open Relevant Window).");
      return;
    }
    const source = vscode.workspace.textDocuments.find((document) => document.uri.toString() === open.source.toString());
    if (source === undefined || source.version !== open.result.version) {
      await this.offerRefresh(windowUri, open, "The document changed since this window was made");
      return;
    }
    const selected = range ?? (editor !== undefined && editor.document.uri.toString() === windowUri.toString() ? editor.selection : undefined);
    if (selected === undefined) return;
    let location;
    try {
      location = readDocumentLocation(
        await this.server.execute(ServerCommand.toDocument, toDocumentArguments(open.result.windowId, toLspRange(selected))),
      );
    } catch (error) {
      await this.offerRefresh(windowUri, open, error instanceof Error ? error.message : String(error));
      return;
    }
    if (location === null) {
      void vscode.window.showWarningMessage("Longdoc: the selection crosses the gap between two pieces; select text inside one piece.");
      return;
    }
    await revealSelection(source, toRange(location.range), { viewColumn: vscode.ViewColumn.One });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async compute(document: vscode.TextDocument, query: string): Promise<OpenWindow> {
    const result = readWindow(
      await this.server.execute(ServerCommand.window, relevanceArguments(document.uri.toString(), query, this.server.selectionSettings())),
    );
    const pieces = windowPieces(result.text, result.sections, (section) =>
      result.version === document.version ? document.getText(toRange(section.range)) : "",
    );
    return { query, source: document.uri, result, pieces };
  }

  private async offerRefresh(windowUri: vscode.Uri, open: OpenWindow, reason: string): Promise<void> {
    const choice = await vscode.window.showWarningMessage(`Longdoc: ${reason}. Refresh the window?`, "Refresh");
    if (choice !== "Refresh") return;
    const source = await vscode.workspace.openTextDocument(open.source);
    const refreshed = await this.compute(source, open.query);
    this.windows.set(windowUri.toString(), refreshed);
    report("window", { uri: windowUri.toString(), result: refreshed.result, pieces: refreshed.pieces });
    this.changed.fire(windowUri);
    this.lensesChanged.fire();
  }
}

function pieceRange(document: vscode.TextDocument, piece: WindowPiece): vscode.Range {
  return new vscode.Range(document.positionAt(piece.offset), document.positionAt(piece.offset + piece.length));
}
