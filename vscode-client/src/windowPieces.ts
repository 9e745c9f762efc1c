/**
 * Where each selected section sits in a relevant window's text, and the label it is shown with.
 * The window text is the sections' own text joined in document order; separators are not assumed.
 */

import { formatScore, ownHeading, sectionTitle } from "./presentation";
import type { SectionResult } from "./protocol";

export interface WindowPiece {
  /** Start of the piece in the window text (UTF-16 offset, as in a VS Code document). */
  offset: number;
  length: number;
  label: string;
  /** How the piece reads in the window's outline: its rank and heading, and its score. */
  symbol: { name: string; detail: string };
  section: SectionResult;
}

/**
 * The pieces of `windowText`, found in order from each section's current text in the document.
 * A section whose text no longer occurs (the document changed) gets no piece, never a wrong one.
 */
export function windowPieces(
  windowText: string,
  sections: readonly SectionResult[],
  sectionText: (section: SectionResult) => string,
): WindowPiece[] {
  const pieces: WindowPiece[] = [];
  let from = 0;
  sections.forEach((section, position) => {
    const text = sectionText(section);
    const offset = text === "" ? -1 : windowText.indexOf(text, from);
    if (offset < 0) return;
    const rank = `[${position + 1}/${sections.length}]`;
    const score = `score ${formatScore(section.score)}`;
    pieces.push({
      offset,
      length: text.length,
      label: `${rank} ${sectionTitle(section)}  ·  ${score}`,
      symbol: { name: `${rank} ${ownHeading(section)}`, detail: score },
      section,
    });
    from = offset + text.length;
  });
  return pieces;
}

/** A readable, unique name for a window document: the contract's file name and the question. */
export function windowDocumentName(documentName: string, query: string): string {
  const question = query.replace(/[\\/:*?"<>|\s]+/g, " ").trim().slice(0, 60);
  return `${documentName} — ${question}`;
}
