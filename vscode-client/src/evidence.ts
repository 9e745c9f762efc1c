/**
 * Command Longdoc: Go to Evidence: a quote (prefilled from the selection or the clipboard) is
 * located in the document by the server, selected, and the kind of match is reported.
 */

import * as vscode from "vscode";
import { documentName, revealSelection, toRange } from "./documents";
import type { DocumentTargets } from "./documents";
import { evidenceMessage } from "./presentation";
import { evidenceArguments, readEvidence, ServerCommand } from "./protocol";
import type { ServerConnection } from "./serverConnection";
import { report } from "./testReport";

const CLIPBOARD_WAIT_MS = 1_000;
const LONGEST_PREFILL = 20_000;

/** The clipboard text, or "" when the clipboard cannot be read soon (a browser may never answer). */
async function clipboardText(): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(""), CLIPBOARD_WAIT_MS));
  return Promise.race([Promise.resolve(vscode.env.clipboard.readText()).catch(() => ""), timeout]);
}

async function initialQuote(): Promise<string> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor === undefined || editor.selection.isEmpty ? "" : editor.document.getText(editor.selection);
  const quote = selected.trim() !== "" ? selected : await clipboardText();
  return quote.length <= LONGEST_PREFILL ? quote.trim() : "";
}

export async function goToEvidence(server: ServerConnection, targets: DocumentTargets): Promise<void> {
  const document = targets.target();
  if (document === undefined) return;
  const quote = await vscode.window.showInputBox({
    title: `Go to evidence in ${documentName(document)}`,
    prompt: "The quote to find (exact, then normalized, then fuzzy)",
    value: await initialQuote(),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === "" ? "Type or paste the quote to find" : undefined),
  });
  if (quote === undefined) return;
  const evidence = readEvidence(await server.execute(ServerCommand.locateEvidence, evidenceArguments(document.uri.toString(), quote)));
  report("evidence", { quote, evidence });
  const message = evidenceMessage(evidence, documentName(document));
  if (evidence === null) {
    void vscode.window.showWarningMessage(message);
    return;
  }
  await revealSelection(document, toRange(evidence.range));
  if (evidence.method === "fuzzy") void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
}
