/**
 * Command Longdoc: Find Relevant Sections: a question, then the server's best sections in a
 * previewing QuickPick (unmatched words in its title); Enter puts the cursor in the chosen section.
 */

import * as vscode from "vscode";
import { documentName } from "./documents";
import type { DocumentTargets } from "./documents";
import type { SectionHighlights } from "./highlights";
import { relevantTitle, sectionPicks } from "./presentation";
import { readRelevantSections, relevanceArguments, ServerCommand } from "./protocol";
import type { QuestionInput } from "./questionInput";
import { pickSection } from "./sectionPicker";
import type { ServerConnection } from "./serverConnection";
import { report } from "./testReport";

export async function findRelevantSections(
  server: ServerConnection,
  targets: DocumentTargets,
  questions: QuestionInput,
  highlights: SectionHighlights,
): Promise<void> {
  const document = targets.target();
  if (document === undefined) return;
  const query = await questions.ask(`Find relevant sections in ${documentName(document)}`);
  if (query === undefined) return;
  const result = readRelevantSections(
    await server.execute(ServerCommand.findRelevantSections, relevanceArguments(document.uri.toString(), query, server.selectionSettings())),
  );
  report("relevantSections", { query, result });
  if (result.sections.length === 0) {
    void vscode.window.showInformationMessage(relevantTitle(query, 0, result.unmatchedTerms));
    return;
  }
  const editor = await vscode.window.showTextDocument(document, { preserveFocus: false, preview: false });
  await pickSection(editor, highlights, sectionPicks(result.sections), {
    title: relevantTitle(query, result.sections.length, result.unmatchedTerms),
    placeholder: "Move through the sections to preview them; Enter jumps there",
  });
}
