/**
 * Ask for a question, offering the recent ones: a QuickPick whose first row is what is typed.
 * Recent questions are kept across sessions in the extension's global state.
 */

import * as vscode from "vscode";

const HISTORY_KEY = "longdoc.recentQuestions";
const HISTORY_SIZE = 20;

export class QuestionInput {
  constructor(private readonly state: vscode.Memento) {}

  recent(): string[] {
    return this.state.get<string[]>(HISTORY_KEY, []);
  }

  /** The question typed or picked, or undefined when the user cancelled. */
  ask(title: string): Promise<string | undefined> {
    const recent = this.recent();
    const picker = vscode.window.createQuickPick<vscode.QuickPickItem>();
    picker.title = title;
    picker.placeholder = recent.length > 0 ? "Type a question, or pick a recent one" : "Type a question";
    picker.ignoreFocusOut = true;
    const recentItems = recent.map((question) => ({ label: question, description: "recent" }));
    picker.items = recentItems;
    picker.onDidChangeValue((value) => {
      const typed = value.trim();
      picker.items = typed === "" ? recentItems : [{ label: typed }, ...recentItems.filter((item) => item.label !== typed)];
    });
    return new Promise((resolve) => {
      let answer: string | undefined;
      picker.onDidAccept(() => {
        answer = picker.selectedItems[0]?.label ?? (picker.value.trim() || undefined);
        picker.hide();
      });
      picker.onDidHide(() => {
        picker.dispose();
        if (answer !== undefined) void this.remember(answer);
        resolve(answer);
      });
      picker.show();
    });
  }

  private async remember(question: string): Promise<void> {
    const recent = [question, ...this.recent().filter((entry) => entry !== question)].slice(0, HISTORY_SIZE);
    await this.state.update(HISTORY_KEY, recent);
  }
}
