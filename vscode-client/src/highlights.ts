/**
 * Decorations that preview a section in its editor: the section's background and its matched words.
 */

import * as vscode from "vscode";

const MAX_TERM_HIGHLIGHTS = 500;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Ranges of whole-word, case-insensitive occurrences of `words` inside `range` (at most 500). */
export function wordRanges(document: vscode.TextDocument, range: vscode.Range, words: readonly string[]): vscode.Range[] {
  if (words.length === 0) return [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const base = document.offsetAt(range.start);
  const ranges: vscode.Range[] = [];
  for (const match of document.getText(range).matchAll(pattern)) {
    const start = base + (match.index ?? 0);
    ranges.push(new vscode.Range(document.positionAt(start), document.positionAt(start + match[0].length)));
    if (ranges.length >= MAX_TERM_HIGHLIGHTS) break;
  }
  return ranges;
}

export class SectionHighlights implements vscode.Disposable {
  private readonly section = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor("editor.rangeHighlightBackground"),
    overviewRulerColor: new vscode.ThemeColor("editorOverviewRuler.rangeHighlightForeground"),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private readonly term = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor("editor.findMatchHighlightBackground"),
    borderColor: new vscode.ThemeColor("editor.findMatchHighlightBorder"),
    borderStyle: "solid",
    borderWidth: "1px",
  });

  show(editor: vscode.TextEditor, range: vscode.Range, words: readonly string[]): void {
    editor.setDecorations(this.section, [range]);
    editor.setDecorations(this.term, wordRanges(editor.document, range, words));
  }

  clear(editor: vscode.TextEditor): void {
    editor.setDecorations(this.section, []);
    editor.setDecorations(this.term, []);
  }

  dispose(): void {
    this.section.dispose();
    this.term.dispose();
  }
}
