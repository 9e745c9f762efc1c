/**
 * The server's `longdoc.*` commands: their names, argument objects and result shapes.
 * Results are checked on arrival, so a server of another version fails with a message, not later.
 */

export const ServerCommand = {
  findRelevantSections: "longdoc.findRelevantSections",
  window: "longdoc.window",
  toDocument: "longdoc.toDocument",
  locateEvidence: "longdoc.locateEvidence",
  coverage: "longdoc.coverage",
} as const;

export type ServerCommandName = (typeof ServerCommand)[keyof typeof ServerCommand];

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

export interface SectionResult {
  index: number;
  heading: string | null;
  path: string[];
  score: number;
  matchedTerms: string[];
  /** The section's words that the ranking weighs for the query (plurals, inflections and synonyms too): what to mark. */
  matchedWords: string[];
  range: LspRange;
  selectionRange: LspRange;
}

export interface RelevantSections {
  uri: string;
  version: number;
  sections: SectionResult[];
  unmatchedTerms: string[];
}

export interface RelevantWindow {
  windowId: string;
  uri: string;
  version: number;
  text: string;
  sections: SectionResult[];
}

export interface DocumentLocation {
  uri: string;
  version: number;
  range: LspRange;
}

export type MatchMethod = "exact" | "normalized" | "fuzzy";

export interface Evidence extends DocumentLocation {
  method: MatchMethod;
  similarity: number;
}

export interface Coverage {
  facets: Record<string, SectionResult[]>;
  uncovered: string[];
  restricted: string[];
}

/** What the user tuned that shapes a selection (settings `longdoc.topK`, `longdoc.budget`). */
export interface SelectionSettings {
  topK: number;
  budget: number | null;
}

/** A server answer that does not have the documented shape. */
export class ProtocolError extends Error {
  constructor(command: ServerCommandName, problem: string) {
    super(`${command} returned an unexpected answer: ${problem}. Are the extension and longdoc_server of matching versions?`);
    this.name = "ProtocolError";
  }
}

export function relevanceArguments(uri: string, query: string, settings: SelectionSettings): {
  uri: string;
  query: string;
  k: number;
  budget: number | null;
} {
  return { uri, query, k: settings.topK, budget: settings.budget };
}

export function toDocumentArguments(windowId: string, range: LspRange): { windowId: string; range: LspRange } {
  return { windowId, range };
}

export function evidenceArguments(uri: string, quote: string): { uri: string; quote: string } {
  return { uri, quote };
}

export function coverageArguments(
  uri: string,
  facets: Record<string, string>,
  settings: SelectionSettings,
): { uri: string; facets: Record<string, string>; budget: number | null } {
  // k is left to the server: a facet needs fewer sections than a question.
  return { uri, facets, budget: settings.budget };
}

type Checker<T> = (value: unknown, where: string) => T;

class ShapeError extends Error {}

function fail(where: string, expected: string, value: unknown): never {
  throw new ShapeError(`${where} should be ${expected}, got ${JSON.stringify(value) ?? String(value)}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const aString: Checker<string> = (value, where) => (typeof value === "string" ? value : fail(where, "a string", value));

const aNumber: Checker<number> = (value, where) =>
  typeof value === "number" && Number.isFinite(value) ? value : fail(where, "a number", value);

const aCount: Checker<number> = (value, where) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fail(where, "an integer >= 0", value);

function listOf<T>(item: Checker<T>): Checker<T[]> {
  return (value, where) =>
    Array.isArray(value) ? value.map((entry, i) => item(entry, `${where}[${i}]`)) : fail(where, "a list", value);
}

function field<T>(object: Record<string, unknown>, key: string, where: string, check: Checker<T>): T {
  return check(object[key], `${where}.${key}`);
}

function record(value: unknown, where: string): Record<string, unknown> {
  return isObject(value) ? value : fail(where, "an object", value);
}

const aPosition: Checker<LspPosition> = (value, where) => {
  const position = record(value, where);
  return { line: field(position, "line", where, aCount), character: field(position, "character", where, aCount) };
};

const aRange: Checker<LspRange> = (value, where) => {
  const range = record(value, where);
  return { start: field(range, "start", where, aPosition), end: field(range, "end", where, aPosition) };
};

const aSection: Checker<SectionResult> = (value, where) => {
  const section = record(value, where);
  const heading = section["heading"];
  const matchedTerms = field(section, "matchedTerms", where, listOf(aString));
  return {
    index: field(section, "index", where, aCount),
    heading: heading === null || heading === undefined ? null : aString(heading, `${where}.heading`),
    path: field(section, "path", where, listOf(aString)),
    score: field(section, "score", where, aNumber),
    matchedTerms,
    // A server before matchedWords: the query words themselves are what can be marked.
    matchedWords: section["matchedWords"] === undefined ? matchedTerms : field(section, "matchedWords", where, listOf(aString)),
    range: field(section, "range", where, aRange),
    selectionRange: field(section, "selectionRange", where, aRange),
  };
};

const aLocation: Checker<DocumentLocation> = (value, where) => {
  const location = record(value, where);
  return {
    uri: field(location, "uri", where, aString),
    version: field(location, "version", where, aNumber),
    range: field(location, "range", where, aRange),
  };
};

function checked<T>(command: ServerCommandName, check: Checker<T>, value: unknown): T {
  try {
    return check(value, "result");
  } catch (error) {
    if (error instanceof ShapeError) throw new ProtocolError(command, error.message);
    throw error;
  }
}

export function readRelevantSections(value: unknown): RelevantSections {
  return checked(ServerCommand.findRelevantSections, (raw, where) => {
    const result = record(raw, where);
    return {
      uri: field(result, "uri", where, aString),
      version: field(result, "version", where, aNumber),
      sections: field(result, "sections", where, listOf(aSection)),
      unmatchedTerms: field(result, "unmatchedTerms", where, listOf(aString)),
    };
  }, value);
}

export function readWindow(value: unknown): RelevantWindow {
  return checked(ServerCommand.window, (raw, where) => {
    const result = record(raw, where);
    return {
      windowId: field(result, "windowId", where, aString),
      uri: field(result, "uri", where, aString),
      version: field(result, "version", where, aNumber),
      text: field(result, "text", where, aString),
      sections: field(result, "sections", where, listOf(aSection)),
    };
  }, value);
}

/** The document range a window range maps to, or null when it straddles a separator. */
export function readDocumentLocation(value: unknown): DocumentLocation | null {
  return value === null ? null : checked(ServerCommand.toDocument, aLocation, value);
}

/** The located evidence, or null when the quote is nowhere in the document. */
export function readEvidence(value: unknown): Evidence | null {
  if (value === null) return null;
  return checked(ServerCommand.locateEvidence, (raw, where) => {
    const result = record(raw, where);
    const method = field(result, "method", where, aString);
    if (method !== "exact" && method !== "normalized" && method !== "fuzzy") {
      fail(`${where}.method`, '"exact", "normalized" or "fuzzy"', method);
    }
    return { ...aLocation(raw, where), method, similarity: field(result, "similarity", where, aNumber) };
  }, value);
}

export function readCoverage(value: unknown): Coverage {
  return checked(ServerCommand.coverage, (raw, where) => {
    const result = record(raw, where);
    const facets = record(result["facets"], `${where}.facets`);
    return {
      facets: Object.fromEntries(
        Object.entries(facets).map(([name, sections]) => [name, listOf(aSection)(sections, `${where}.facets.${name}`)]),
      ),
      uncovered: field(result, "uncovered", where, listOf(aString)),
      restricted: field(result, "restricted", where, listOf(aString)),
    };
  }, value);
}
