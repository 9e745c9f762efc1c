import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SectionResult } from "../src/protocol";
import { windowDocumentName, windowPieces } from "../src/windowPieces";
import { CUAD_CONTRACT, sharedText } from "./sharedData";

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function section(index: number, path: string[], score = 1): SectionResult {
  return { index, heading: path.at(-1) ?? null, path, score, matchedTerms: [], matchedWords: [], range, selectionRange: range };
}

/** Three clauses of a real contract, as the server joins them: document order, blank line between. */
function contractWindow(): { texts: string[]; windowText: string } {
  const contract = sharedText("cuad", "contracts", CUAD_CONTRACT);
  const clause = (number: string) => {
    const start = contract.indexOf(`\n${number} `) + 1;
    return contract.slice(start, contract.indexOf("\n", start));
  };
  const texts = [clause("3.03"), clause("9.04"), clause("9.07")];
  return { texts, windowText: texts.join("\n\n") };
}

describe("window pieces", () => {
  it("find each section of a real contract where the window holds it", () => {
    const { texts, windowText } = contractWindow();
    const sections = [section(19, ["ARTICLE III", "3.03 Access"]), section(61, ["ARTICLE IX", "9.04 Assignment"]), section(64, ["ARTICLE IX", "9.07 Governing Law"])];
    const pieces = windowPieces(windowText, sections, (s) => texts[sections.indexOf(s)] ?? "");
    expect(pieces.map((piece) => windowText.slice(piece.offset, piece.offset + piece.length))).toEqual(texts);
    expect(pieces[1]?.offset).toBe((texts[0]?.length ?? 0) + 2);
  });

  it("label each piece with its rank in the window, heading path and score", () => {
    const { texts, windowText } = contractWindow();
    const sections = [section(19, ["ARTICLE III", "3.03 Access"], 3.5009)];
    expect(windowPieces(windowText, sections, () => texts[0] ?? "")[0]?.label).toBe("[1/1] ARTICLE III › 3.03 Access  ·  score 3.50");
  });

  it("name each piece in the window's outline by its rank and own heading, with its score beside", () => {
    const { texts, windowText } = contractWindow();
    const sections = [section(61, ["ARTICLE IX", "9.04 Assignment"], 11.068), section(64, ["ARTICLE IX", "9.07 Governing Law"], 2.5)];
    const pieces = windowPieces(windowText, sections, (s) => texts[sections.indexOf(s) + 1] ?? "");
    expect(pieces.map((piece) => piece.symbol)).toEqual([
      { name: "[1/2] 9.04 Assignment", detail: "score 11.07" },
      { name: "[2/2] 9.07 Governing Law", detail: "score 2.50" },
    ]);
  });

  it("leave out a section whose text the window no longer holds, and still find the later ones", () => {
    const { texts, windowText } = contractWindow();
    const sections = [section(1, ["A"]), section(2, ["B"]), section(3, ["C"])];
    const current = ["text that was edited since", texts[1] ?? "", texts[2] ?? ""];
    const pieces = windowPieces(windowText, sections, (s) => current[sections.indexOf(s)] ?? "");
    expect(pieces.map((piece) => piece.section.index)).toEqual([2, 3]);
  });

  it("place trimmed sections joined by a blank line exactly, in order, without overlap", () => {
    const trimmed = fc.string({ minLength: 1, maxLength: 40 }).map((text) => text.trim()).filter((text) => text !== "");
    fc.assert(
      fc.property(fc.array(trimmed, { minLength: 1, maxLength: 8 }), (texts) => {
        const windowText = texts.join("\n\n");
        const sections = texts.map((_, index) => section(index, [`S${index}`]));
        const pieces = windowPieces(windowText, sections, (s) => texts[s.index] ?? "");
        let expected = 0;
        expect(pieces).toHaveLength(texts.length);
        pieces.forEach((piece, index) => {
          expect(piece.offset).toBe(expected);
          expected += (texts[index]?.length ?? 0) + 2;
        });
      }),
    );
  });
});

describe("window document name", () => {
  it("joins the document name and the question without path characters", () => {
    expect(windowDocumentName("agreement.txt", "who may assign / transfer?")).toBe("agreement.txt — who may assign transfer");
  });
});
