// @ts-check
/**
 * What the outline of a CUAD contract must show, read straight from its lines (ARTICLE headings and
 * "N.NN Title." clauses), and helpers over the symbol tree VS Code reported.
 */

/** @typedef {{ name: string, range: [number, number], selectionRange: [number, number], children: ReportedSymbol[] }} ReportedSymbol */

/**
 * Heading lines of a contract: ARTICLE lines (roman numerals alone on a line, maybe with a digit 1
 * that text recognition wrote for a letter I: "ARTICLE I1") and numbered clauses.
 * @param {string} text
 * @returns {{ articles: { title: string, offset: number }[], clauses: { number: string, offset: number }[] }}
 */
export function headingLines(text) {
  const articles = [];
  const clauses = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    const article = /^ARTICLE [IVXLC1]*[IVXLC][IVXLC1]*\s*$/.exec(line);
    const clause = /^(\d+\.\d\d) [A-Z][^.]{0,80}\./.exec(line);
    // The outline names a misread numeral as it is meant: "ARTICLE I1" is ARTICLE II.
    if (article) articles.push({ title: line.trim().replaceAll("1", "I"), offset });
    if (clause) clauses.push({ number: /** @type {string} */ (clause[1]), offset });
    offset += line.length + 1;
  }
  return { articles, clauses };
}

/**
 * Every symbol with the chain of its ancestors, outermost first.
 * @param {ReportedSymbol[]} symbols @param {ReportedSymbol[]} ancestors
 * @returns {{ symbol: ReportedSymbol, ancestors: ReportedSymbol[] }[]}
 */
export function flatten(symbols, ancestors = []) {
  return symbols.flatMap((symbol) => [{ symbol, ancestors }, ...flatten(symbol.children, [...ancestors, symbol])]);
}

/**
 * The innermost symbol whose range holds `offset`, or undefined.
 * @param {ReportedSymbol[]} symbols @param {number} offset
 * @returns {ReportedSymbol | undefined}
 */
export function innermostAt(symbols, offset) {
  const holder = symbols.find((symbol) => symbol.range[0] <= offset && offset < symbol.range[1]);
  return holder === undefined ? undefined : innermostAt(holder.children, offset) ?? holder;
}
