/**
 * Entry point: starts the language server client and registers the Longdoc commands, the relevant
 * window provider and the status bar; all text work happens in the server.
 */

import * as vscode from "vscode";
import { checkCoverage } from "./coverage";
import { DocumentTargets } from "./documents";
import { goToEvidence } from "./evidence";
import { SectionHighlights } from "./highlights";
import { QuestionInput } from "./questionInput";
import { findRelevantSections } from "./relevantSections";
import { GO_TO_SOURCE, RelevantWindows } from "./relevantWindows";
import { ServerConnection } from "./serverConnection";
import { StatusBar } from "./statusBar";
import { reportDocumentView, reporting, reportSelections } from "./testReport";

let connection: ServerConnection | undefined;

/** Run a command body; any failure becomes one error notification instead of a silent rejection. */
function guarded<A extends unknown[]>(output: vscode.LogOutputChannel, body: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await body(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      output.error(message);
      void vscode.window.showErrorMessage(`Longdoc: ${message}`);
    }
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("Longdoc", { log: true });
  const server = new ServerConnection(output);
  connection = server;
  const targets = new DocumentTargets(() => server.languages());
  const questions = new QuestionInput(context.globalState);
  const highlights = new SectionHighlights();
  const windows = new RelevantWindows(server, targets, questions);
  const run = <A extends unknown[]>(body: (...args: A) => Promise<void>) => guarded(output, body);
  context.subscriptions.push(
    output,
    server,
    targets,
    highlights,
    windows,
    new StatusBar(server, targets),
    vscode.commands.registerCommand("longdoc.ui.findRelevantSections", run(() => findRelevantSections(server, targets, questions, highlights))),
    vscode.commands.registerCommand("longdoc.ui.openRelevantWindow", run(() => windows.open())),
    vscode.commands.registerCommand(GO_TO_SOURCE, run((uri?: vscode.Uri, range?: vscode.Range) => windows.goToSource(uri, range))),
    vscode.commands.registerCommand("longdoc.ui.goToEvidence", run(() => goToEvidence(server, targets))),
    vscode.commands.registerCommand("longdoc.ui.checkCoverage", run(() => checkCoverage(server, targets, context.workspaceState, highlights))),
    vscode.commands.registerCommand("longdoc.ui.restartServer", run(() => server.restart())),
    vscode.commands.registerCommand("longdoc.ui.showOutput", () => output.show()),
  );
  // `editorLangId in longdoc.languages` in menus and key bindings follows the selector setting.
  const publishLanguages = () => vscode.commands.executeCommand("setContext", "longdoc.languages", server.languages());
  await publishLanguages();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("longdoc.documentSelector")) void publishLanguages();
    }),
  );
  if (reporting()) watchForTests(context, targets);
  // Not awaited: activation stays quick, and commands wait for the server themselves.
  void server.start();
}

/** With LONGDOC_TEST_REPORT set: report selections and each handled document's symbols once shown. */
function watchForTests(context: vscode.ExtensionContext, targets: DocumentTargets): void {
  const reported = new Set<string>();
  const reportEditor = (editor: vscode.TextEditor | undefined) => {
    if (editor === undefined || !targets.handles(editor.document) || reported.has(editor.document.uri.toString())) return;
    reported.add(editor.document.uri.toString());
    void reportDocumentView(editor.document);
  };
  context.subscriptions.push(reportSelections(), vscode.window.onDidChangeActiveTextEditor(reportEditor));
  reportEditor(vscode.window.activeTextEditor);
}

export async function deactivate(): Promise<void> {
  await connection?.stop();
}
