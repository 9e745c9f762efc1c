import { describe, expect, it } from "vitest";
import {
  coverageSummary,
  evidenceMessage,
  parseFacets,
  relevantTitle,
  sectionPicks,
  sectionTitle,
  serverStartFailure,
} from "../src/presentation";
import type { Evidence, SectionResult } from "../src/protocol";

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

function section(path: string[], score: number, matchedTerms: string[], heading: string | null = path.at(-1) ?? null): SectionResult {
  return { index: 0, heading, path, score, matchedTerms, matchedWords: matchedTerms, range, selectionRange: range };
}

const assignment: SectionResult = {
  ...section(["ARTICLE IX", "MISCELLANEOUS", "9.04 Assignment"], 6.0712, ["assignment", "consent"]),
  range: { start: { line: 266, character: 0 }, end: { line: 266, character: 565 } },
};
const law = section(["ARTICLE IX", "MISCELLANEOUS", "9.07 Governing Law"], 2.645, ["consent"]);

describe("section titles", () => {
  it("join the heading path outermost first", () => {
    expect(sectionTitle(assignment)).toBe("ARTICLE IX › MISCELLANEOUS › 9.04 Assignment");
  });

  it("name the text before the first heading", () => {
    expect(sectionTitle(section([], 1, [], null))).toBe("(before the first heading)");
  });
});

describe("relevant sections list", () => {
  it("keeps the server's order, best first, numbered from 1", () => {
    expect(sectionPicks([assignment, law]).map((pick) => pick.label)).toEqual(["1. 9.04 Assignment", "2. 9.07 Governing Law"]);
  });

  it("shows the score with two decimals and the line where the section starts", () => {
    expect(sectionPicks([assignment])[0]?.description).toBe("score 6.07  ·  line 267");
  });

  it("adds the column where parts of one clause start on the same line", () => {
    const rest: SectionResult = {
      ...section(["ARTICLE IX", "MISCELLANEOUS", "9.04 Assignment"], 4.9, ["assignment"]),
      range: { start: { line: 266, character: 282 }, end: { line: 266, character: 565 } },
    };
    expect(sectionPicks([assignment, law, rest]).map((pick) => pick.description)).toEqual([
      "score 6.07  ·  line 267, col 1",
      "score 2.65  ·  line 1",
      "score 4.90  ·  line 267, col 283",
    ]);
  });

  it("shows the enclosing headings and the matched words", () => {
    expect(sectionPicks([assignment])[0]?.detail).toBe("ARTICLE IX › MISCELLANEOUS  ·  matched: assignment, consent");
  });

  it("says when no query word occurs in a section", () => {
    expect(sectionPicks([section(["RECITALS"], 0.4, [])])[0]?.detail).toBe("no query word matched");
  });

  it("carries the section so a row can be previewed and jumped to", () => {
    expect(sectionPicks([law])[0]?.section).toBe(law);
  });

  it("titles the list with the words the document never mentions", () => {
    expect(relevantTitle("anti-assignment consent", 2, ["anti"])).toBe(
      '2 relevant sections for "anti-assignment consent" — Not in the document: anti',
    );
  });

  it("titles an empty answer as no match", () => {
    expect(relevantTitle("force majeure", 0, [])).toBe('No section matches "force majeure"');
  });
});

describe("evidence messages", () => {
  const found = (method: Evidence["method"], similarity: number): Evidence => ({
    uri: "file:///c.txt",
    version: 1,
    range,
    method,
    similarity,
  });

  it("report an exact match", () => {
    expect(evidenceMessage(found("exact", 1), "c.txt")).toBe("Evidence found: exact match.");
  });

  it("report a normalized match", () => {
    expect(evidenceMessage(found("normalized", 1), "c.txt")).toMatch(/after normalizing/);
  });

  it("report a fuzzy match with its similarity in percent", () => {
    expect(evidenceMessage(found("fuzzy", 0.874), "c.txt")).toBe("Evidence found: fuzzy match, similarity 87%. Check the selected text.");
  });

  it("name the document when the quote is not found", () => {
    expect(evidenceMessage(null, "c.txt")).toBe("The quote was not found in c.txt.");
  });
});

describe("server start failure", () => {
  it("says to install the package when the module is missing, with the command tried", () => {
    const message = serverStartFailure(["python3", "-m", "longdoc_server"], "/usr/bin/python3: No module named longdoc_server");
    expect(message).toContain("tried `python3 -m longdoc_server`");
    expect(message).toContain("pip install 'longdoc[server]'");
    expect(message).toContain("The longdoc package is not installed for that Python");
  });

  it("says the program was not found when it does not exist", () => {
    const message = serverStartFailure(["/opt/py/bin/python", "-m", "longdoc_server"], "spawn /opt/py/bin/python ENOENT");
    expect(message).toContain("That program was not found");
    expect(message).toContain("/opt/py/bin/python -m longdoc_server");
  });
});

describe("facets", () => {
  it("are read from name: query entries separated by lines or semicolons", () => {
    expect(parseFacets("term: duration of the agreement; law: governing law\n audit : audit rights ")).toEqual({
      facets: { term: "duration of the agreement", law: "governing law", audit: "audit rights" },
      problems: [],
    });
  });

  it("keep colons inside the query", () => {
    expect(parseFacets("notice: notice period: days").facets).toEqual({ notice: "notice period: days" });
  });

  it("name an entry without a colon", () => {
    expect(parseFacets("law: governing law; termination").problems).toEqual(['"termination" is not of the form name: query']);
  });

  it("name a facet given twice", () => {
    expect(parseFacets("law: governing law; law: jurisdiction").problems).toEqual(['facet "law" is given twice']);
  });

  it("ask for a facet when none is given", () => {
    expect(parseFacets(" ; \n").problems).toEqual(["no facet given; type facets as name: query; name: query"]);
  });
});

describe("coverage summary", () => {
  it("says when every facet is covered", () => {
    expect(coverageSummary([], [])).toBe("Every facet is covered.");
  });

  it("names the uncovered and the restricted facets", () => {
    expect(coverageSummary(["audit"], ["law"])).toBe("Coverage: not covered: audit; matched only in excluded sections: law.");
  });
});
