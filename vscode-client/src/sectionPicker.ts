/**
 * A QuickPick of sections that previews each one in the editor as the user moves through the list
 * (reveal plus highlight of the section and its matched words); Enter moves the cursor there.
 */

import * as vscode from "vscode";
import { toRange } from "./documents";
import type { SectionHighlights } from "./highlights";
import type { SectionResult } from "./protocol";

/** A row of the list: a section to preview and jump to, or (without one) a heading or a notice. */
export type SectionItem = vscode.QuickPickItem & { section?: SectionResult };

/** The section the user accepted (already jumped to), or undefined when cancelled. */
export function pickSection(
  editor: vscode.TextEditor,
  highlights: SectionHighlights,
  items: readonly SectionItem[],
  options: { title: string; placeholder: string },
): Promise<SectionResult | undefined> {
  const picker = vscode.window.createQuickPick<SectionItem>();
  picker.title = options.title;
  picker.placeholder = options.placeholder;
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.items = items;
  const home = editor.visibleRanges[0];
  const preview = (item: SectionItem | undefined): void => {
    if (item?.section === undefined) return;
    const range = toRange(item.section.range);
    highlights.show(editor, range, item.section.matchedWords);
    // The heading goes to the middle: the top of the editor is under the list.
    editor.revealRange(new vscode.Range(range.start, range.start), vscode.TextEditorRevealType.InCenter);
  };
  picker.onDidChangeActive((active) => preview(active[0]));
  return new Promise((resolve) => {
    let chosen: SectionResult | undefined;
    picker.onDidAccept(() => {
      const section = picker.selectedItems[0]?.section;
      if (section === undefined) return;
      chosen = section;
      picker.hide();
    });
    picker.onDidHide(() => {
      picker.dispose();
      highlights.clear(editor);
      if (chosen === undefined) {
        if (home !== undefined) editor.revealRange(home, vscode.TextEditorRevealType.AtTop);
      } else {
        const heading = toRange(chosen.selectionRange).start;
        editor.selection = new vscode.Selection(heading, heading);
        editor.revealRange(toRange(chosen.range), vscode.TextEditorRevealType.AtTop);
      }
      resolve(chosen);
    });
    picker.show();
  });
}
