/**
 * Which document a command works on, and moving the editor to a range of it.
 * The target is the active editor's document when the server handles it, else the last one that was.
 */

import * as vscode from "vscode";
import type { LspRange } from "./protocol";

export const WINDOW_SCHEME = "longdoc-window";

export function toRange(range: LspRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

export function toLspRange(range: vscode.Range): LspRange {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

export function documentName(document: vscode.TextDocument): string {
  return document.uri.path.split("/").at(-1) ?? document.uri.toString();
}

export class DocumentTargets implements vscode.Disposable {
  private last: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly languages: () => string[]) {
    this.remember(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.remember(editor));
  }

  handles(document: vscode.TextDocument): boolean {
    return (document.uri.scheme === "file" || document.uri.scheme === "untitled") && this.languages().includes(document.languageId);
  }

  /** The document to act on, or undefined (after telling the user) when none is open. */
  target(): vscode.TextDocument | undefined {
    const active = vscode.window.activeTextEditor?.document;
    if (active !== undefined && this.handles(active)) return active;
    const last = this.last?.toString();
    const remembered = vscode.workspace.textDocuments.find((document) => document.uri.toString() === last);
    if (remembered !== undefined) return remembered;
    void vscode.window.showWarningMessage(
      `Longdoc: open a document of language ${this.languages().join(" or ")} first (setting longdoc.documentSelector).`,
    );
    return undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private remember(editor: vscode.TextEditor | undefined): void {
    if (editor !== undefined && this.handles(editor.document)) this.last = editor.document.uri;
  }
}

/** Show the document and select `range` (the cursor at its end), scrolled into the middle. */
export async function revealSelection(
  document: vscode.TextDocument,
  range: vscode.Range,
  options: { preserveFocus?: boolean; viewColumn?: vscode.ViewColumn } = {},
): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(document, {
    preserveFocus: options.preserveFocus ?? false,
    preview: false,
    ...(options.viewColumn === undefined ? {} : { viewColumn: options.viewColumn }),
  });
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
