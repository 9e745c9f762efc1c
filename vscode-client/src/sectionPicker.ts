/**
 * A QuickPick of sections that previews each one in the editor as the user moves through the list
 * (reveal plus highlight of the section and its matched words); Enter moves the cursor there.
 */

import * as vscode from "vscode";
import { toRange } from "./documents";
import type { SectionHighlights } from "./highlights";
import type { SectionPick } from "./presentation";

export type SectionItem = vscode.QuickPickItem & { pick?: SectionPick };

/** The section the user accepted (already jumped to), or undefined when cancelled. */
export function pickSection(
  editor: vscode.TextEditor,
  highlights: SectionHighlights,
  items: readonly SectionItem[],
  options: { title: string; placeholder: string },
): Promise<SectionPick | undefined> {
  const picker = vscode.window.createQuickPick<SectionItem>();
  picker.title = options.title;
  picker.placeholder = options.placeholder;
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.items = items;
  const home = editor.visibleRanges[0];
  const preview = (item: SectionItem | undefined): void => {
    if (item?.pick === undefined) return;
    const range = toRange(item.pick.section.range);
    highlights.show(editor, range, item.pick.section.matchedTerms);
    editor.revealRange(range, vscode.TextEditorRevealType.AtTop);
  };
  picker.onDidChangeActive((active) => preview(active[0]));
  return new Promise((resolve) => {
    let chosen: SectionPick | undefined;
    picker.onDidAccept(() => {
      const pick = picker.selectedItems[0]?.pick;
      if (pick === undefined) return;
      chosen = pick;
      picker.hide();
    });
    picker.onDidHide(() => {
      picker.dispose();
      highlights.clear(editor);
      if (chosen === undefined) {
        if (home !== undefined) editor.revealRange(home, vscode.TextEditorRevealType.AtTop);
      } else {
        const heading = toRange(chosen.section.selectionRange).start;
        editor.selection = new vscode.Selection(heading, heading);
        editor.revealRange(toRange(chosen.section.range), vscode.TextEditorRevealType.AtTop);
      }
      resolve(chosen);
    });
    picker.show();
  });
}
