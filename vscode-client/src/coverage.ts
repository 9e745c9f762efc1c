/**
 * Command Longdoc: Check Coverage: facets typed as `name: query`, answered with the sections that
 * cover each one (a previewing QuickPick) and a warning naming the uncovered or restricted ones.
 */

import * as vscode from "vscode";
import { documentName } from "./documents";
import type { DocumentTargets } from "./documents";
import type { SectionHighlights } from "./highlights";
import { coverageSummary, parseFacets, sectionPicks } from "./presentation";
import { coverageArguments, readCoverage, ServerCommand } from "./protocol";
import { pickSection, type SectionItem } from "./sectionPicker";
import type { ServerConnection } from "./serverConnection";
import { report } from "./testReport";

const LAST_FACETS_KEY = "longdoc.lastFacets";

export async function checkCoverage(
  server: ServerConnection,
  targets: DocumentTargets,
  state: vscode.Memento,
  highlights: SectionHighlights,
): Promise<void> {
  const document = targets.target();
  if (document === undefined) return;
  const typed = await vscode.window.showInputBox({
    title: `Check coverage of ${documentName(document)}`,
    prompt: "Facets as name: query, separated by ; (for example  term: duration of the agreement; law: governing law)",
    value: state.get<string>(LAST_FACETS_KEY, ""),
    ignoreFocusOut: true,
    validateInput: (value) => parseFacets(value).problems.join("; ") || undefined,
  });
  if (typed === undefined) return;
  const { facets, problems } = parseFacets(typed);
  if (problems.length > 0) {
    void vscode.window.showErrorMessage(`Longdoc: ${problems.join("; ")}`);
    return;
  }
  await state.update(LAST_FACETS_KEY, typed);
  const result = readCoverage(
    await server.execute(ServerCommand.coverage, coverageArguments(document.uri.toString(), facets, server.selectionSettings())),
  );
  report("coverage", { facets, result });
  const summary = coverageSummary(result.uncovered, result.restricted);
  if (result.uncovered.length > 0 || result.restricted.length > 0) void vscode.window.showWarningMessage(summary);
  const items: SectionItem[] = Object.keys(facets).flatMap((name) => {
    const sections = result.facets[name] ?? [];
    const heading: SectionItem = { label: name, kind: vscode.QuickPickItemKind.Separator };
    if (sections.length === 0) return [heading, { label: `$(warning) ${name}: not covered`, description: facets[name] ?? "" }];
    return [heading, ...sectionPicks(sections)];
  });
  const editor = await vscode.window.showTextDocument(document, { preserveFocus: false, preview: false });
  await pickSection(editor, highlights, items, { title: summary, placeholder: "Move through the sections to preview them; Enter jumps there" });
}
