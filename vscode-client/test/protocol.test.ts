import { describe, expect, it } from "vitest";
import {
  coverageArguments,
  ProtocolError,
  readCoverage,
  readDocumentLocation,
  readEvidence,
  readRelevantSections,
  readWindow,
  relevanceArguments,
  toDocumentArguments,
} from "../src/protocol";

const range = (line: number, start: number, end: number) => ({
  start: { line, character: start },
  end: { line, character: end },
});

const section = {
  index: 61,
  heading: "9.04 Assignment.",
  path: ["ARTICLE IX", "MISCELLANEOUS", "9.04 Assignment"],
  score: 6.071199,
  matchedTerms: ["consent", "party", "assigned"],
  matchedWords: ["consent", "party", "assigned", "assign", "parties"],
  range: range(266, 0, 565),
  selectionRange: range(266, 0, 16),
};

const relevant = {
  uri: "file:///c/outsourcing-agreement.txt",
  version: 3,
  sections: [section],
  unmatchedTerms: ["anti"],
};

describe("argument objects", () => {
  it("asks for topK sections within the budget", () => {
    expect(relevanceArguments("file:///a.txt", "who may assign?", { topK: 5, budget: 800 })).toEqual({
      uri: "file:///a.txt",
      query: "who may assign?",
      k: 5,
      budget: 800,
    });
  });

  it("sends a null budget as null, not as a missing key", () => {
    expect(relevanceArguments("file:///a.txt", "q", { topK: 3, budget: null })).toHaveProperty("budget", null);
  });

  it("leaves the number of sections per facet to the server", () => {
    const argument = coverageArguments("file:///a.txt", { law: "governing law" }, { topK: 7, budget: null });
    expect(argument).toEqual({ uri: "file:///a.txt", facets: { law: "governing law" }, budget: null });
  });

  it("maps a window range by window id", () => {
    expect(toDocumentArguments("w1", range(0, 2, 9))).toEqual({ windowId: "w1", range: range(0, 2, 9) });
  });
});

describe("reading results", () => {
  it("reads the documented findRelevantSections shape", () => {
    expect(readRelevantSections(relevant)).toEqual(relevant);
  });

  it("reads a preamble section, which has no heading", () => {
    const preamble = { ...section, heading: null, path: [] };
    expect(readRelevantSections({ ...relevant, sections: [preamble] }).sections[0]?.heading).toBeNull();
  });

  it("names the field that is missing and the command that sent it", () => {
    const { matchedTerms: _, ...broken } = section;
    expect(() => readRelevantSections({ ...relevant, sections: [broken] })).toThrowError(
      /longdoc\.findRelevantSections returned an unexpected answer: result\.sections\[0\]\.matchedTerms should be a list, got undefined/,
    );
  });

  it("marks the query words themselves when a server sends no matched words", () => {
    const { matchedWords: _, ...older } = section;
    expect(readRelevantSections({ ...relevant, sections: [older] }).sections[0]?.matchedWords).toEqual(section.matchedTerms);
  });

  it("names matched words that are not a list of strings", () => {
    const broken = { ...section, matchedWords: [3] };
    expect(() => readRelevantSections({ ...relevant, sections: [broken] })).toThrowError(/result\.sections\[0\]\.matchedWords\[0\]/);
  });

  it("rejects a negative line number in a range", () => {
    const broken = { ...section, range: range(-1, 0, 4) };
    expect(() => readRelevantSections({ ...relevant, sections: [broken] })).toThrowError(ProtocolError);
  });

  it("reads a window with its text", () => {
    const window = { windowId: "7", uri: relevant.uri, version: 3, text: "9.04 Assignment. ...", sections: [section] };
    expect(readWindow(window)).toEqual(window);
  });

  it("rejects a window answer that is not an object", () => {
    expect(() => readWindow("window")).toThrowError(/longdoc\.window .*result should be an object, got "window"/);
  });

  it("reads null from toDocument as a range that crosses a separator", () => {
    expect(readDocumentLocation(null)).toBeNull();
  });

  it("reads evidence with its match method and similarity", () => {
    const evidence = { uri: relevant.uri, version: 3, range: range(280, 18, 261), method: "fuzzy", similarity: 0.91 };
    expect(readEvidence(evidence)).toEqual(evidence);
  });

  it("reads null evidence as not found", () => {
    expect(readEvidence(null)).toBeNull();
  });

  it("rejects an unknown match method", () => {
    const evidence = { uri: relevant.uri, version: 3, range: range(1, 0, 4), method: "guess", similarity: 1 };
    expect(() => readEvidence(evidence)).toThrowError(/result\.method should be "exact", "normalized" or "fuzzy", got "guess"/);
  });

  it("reads coverage per facet with the uncovered and restricted facets", () => {
    const coverage = { facets: { assignment: [section], audit: [] }, uncovered: ["audit"], restricted: [] };
    expect(readCoverage({ uri: relevant.uri, version: 3, ...coverage })).toEqual(coverage);
  });
});
