/**
 * How server results read in the editor: section titles, QuickPick rows, match and failure messages.
 * Pure functions of the result shapes, so they are tested without VS Code.
 */

import type { Evidence, SectionResult } from "./protocol";

const PATH_SEPARATOR = " › ";

/** A section's heading path as one line ("ARTICLE IX › 9.04 Assignment"); the preamble has none. */
export function sectionTitle(section: Pick<SectionResult, "path" | "heading">): string {
  if (section.path.length > 0) return section.path.join(PATH_SEPARATOR);
  return section.heading ?? "(before the first heading)";
}

/** A section's own heading, the last of its path ("9.04 Assignment"). */
export function ownHeading(section: Pick<SectionResult, "path" | "heading">): string {
  return section.path.at(-1) ?? sectionTitle(section);
}

export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** One QuickPick row for a selected section: what a user needs to choose between results. */
export interface SectionPick {
  label: string;
  description: string;
  detail: string;
  section: SectionResult;
}

export function sectionPicks(sections: readonly SectionResult[]): SectionPick[] {
  const onLine = new Map<number, number>();
  for (const section of sections) onLine.set(section.range.start.line, (onLine.get(section.range.start.line) ?? 0) + 1);
  return sections.map((section, rank) => ({
    label: `${rank + 1}. ${ownHeading(section)}`,
    // The line tells apart the parts of one long clause, which share a heading; the column, the
    // parts of a clause written on one line.
    description: `score ${formatScore(section.score)}  ·  ${startPlace(section.range.start, (onLine.get(section.range.start.line) ?? 0) > 1)}`,
    detail: [
      section.path.length > 1 ? section.path.slice(0, -1).join(PATH_SEPARATOR) : "",
      section.matchedTerms.length > 0 ? `matched: ${section.matchedTerms.join(", ")}` : "no query word matched",
    ]
      .filter((part) => part !== "")
      .join("  ·  "),
    section,
  }));
}

function startPlace(start: SectionResult["range"]["start"], withColumn: boolean): string {
  return withColumn ? `line ${start.line + 1}, col ${start.character + 1}` : `line ${start.line + 1}`;
}

/** The line that tells which query words the document never mentions (empty when all occur). */
export function unmatchedNotice(terms: readonly string[]): string {
  return terms.length === 0 ? "" : `Not in the document: ${terms.join(", ")}`;
}

export function relevantTitle(query: string, count: number, unmatched: readonly string[]): string {
  const base = count === 0 ? `No section matches "${query}"` : `${count} relevant section${count === 1 ? "" : "s"} for "${query}"`;
  const notice = unmatchedNotice(unmatched);
  return notice === "" ? base : `${base} — ${notice}`;
}

export function evidenceMessage(evidence: Evidence | null, documentName: string): string {
  if (evidence === null) return `The quote was not found in ${documentName}.`;
  switch (evidence.method) {
    case "exact":
      return "Evidence found: exact match.";
    case "normalized":
      return "Evidence found: match after normalizing whitespace, case and punctuation.";
    case "fuzzy":
      return `Evidence found: fuzzy match, similarity ${Math.round(evidence.similarity * 100)}%. Check the selected text.`;
  }
}

/** Why the server did not start, what was tried, and what to install. */
export function serverStartFailure(commandLine: readonly string[], reason: string): string {
  const tried = commandLine.join(" ");
  const missingProgram = /ENOENT|not found|No such file/i.test(reason);
  const missingModule = /No module named ['"]?longdoc/i.test(reason);
  const advice = missingModule
    ? "The longdoc package is not installed for that Python: run `pip install 'longdoc[server]'` with it, or set `longdoc.server.python` to a Python that has it."
    : missingProgram
      ? "That program was not found: install Python 3.10+ and `pip install 'longdoc[server]'`, or set `longdoc.server.python` / `longdoc.server.command`."
      : "Check the Longdoc output channel; `pip install 'longdoc[server]'` installs the server.";
  return `Longdoc could not start its language server (tried \`${tried}\`): ${reason.trim()}. ${advice}`;
}

/** Facets typed as `name: query`, one a line or separated by semicolons; every bad entry is named. */
export function parseFacets(text: string): { facets: Record<string, string>; problems: string[] } {
  const facets: Record<string, string> = {};
  const problems: string[] = [];
  const entries = text
    .split(/[\n;]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const name = colon < 0 ? "" : entry.slice(0, colon).trim();
    const query = colon < 0 ? "" : entry.slice(colon + 1).trim();
    if (name === "" || query === "") {
      problems.push(`"${entry}" is not of the form name: query`);
    } else if (name in facets) {
      problems.push(`facet "${name}" is given twice`);
    } else {
      facets[name] = query;
    }
  }
  if (entries.length === 0) problems.push("no facet given; type facets as name: query; name: query");
  return { facets, problems };
}

export function coverageSummary(uncovered: readonly string[], restricted: readonly string[]): string {
  const parts: string[] = [];
  if (uncovered.length > 0) parts.push(`not covered: ${uncovered.join(", ")}`);
  if (restricted.length > 0) parts.push(`matched only in excluded sections: ${restricted.join(", ")}`);
  return parts.length === 0 ? "Every facet is covered." : `Coverage: ${parts.join("; ")}.`;
}
