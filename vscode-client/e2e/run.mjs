// @ts-check
/**
 * End-to-end test in real VS Code (code-server + headless Chromium): installs the built .vsix, opens
 * a CUAD contract and checks VS Code's own view of the outline, Find Relevant Sections and Go to Evidence.
 */

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startCodeServer } from "./codeServer.mjs";
import { flatten, headingLines, innermostAt } from "./outlineOracle.mjs";
import { events, waitForEvent } from "./report.mjs";
import {
  askQuestion, openFromExplorer, openWorkbench, quickFix, quickInput, quickRows, runCommand, screenshot, suggestionLabels,
  typeAtEnd,
} from "./workbench.mjs";

const CLIENT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = resolve(CLIENT, "..", "..", "shared");
const CUAD = join(SHARED, "data", "cuad");
// An ARTICLE / numbered contract; the default server puts the gold clause of QUESTION first.
const CONTRACT = "CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt";
const QUESTION_CATEGORY = "Anti-Assignment";
const EVIDENCE_CATEGORY = "Governing Law";
const NORMALIZED_EVIDENCE_CATEGORY = "Audit Rights";
const OPENED_NAME = "outsourcing-agreement.txt";

/** @param {string} path */
function required(path) {
  if (!existsSync(path)) throw new Error(`missing shared data file ${path} (the tests need ../shared/data from the project root)`);
  return path;
}

/** The qa.jsonl entry of CONTRACT for a category; its single gold span must be unambiguous. @param {string} category */
function goldQuestion(category) {
  const entry = readFileSync(required(join(CUAD, "qa.jsonl")), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .find((candidate) => candidate.contract === CONTRACT && candidate.category === category);
  if (entry === undefined) throw new Error(`qa.jsonl has no "${category}" question for ${CONTRACT}`);
  if (entry.ambiguous || entry.spans.length !== 1) throw new Error(`the "${category}" gold span of ${CONTRACT} is not a single unambiguous span`);
  return { question: /** @type {string} */ (entry.question), span: /** @type {[number, number]} */ (entry.spans[0]) };
}

/** The last lines of the extension's output channel in code-server's logs. @param {string} root */
function extensionLog(root) {
  const logs = join(root, "code-server", "user-data", "logs");
  const found = existsSync(logs)
    ? readdirSync(logs, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(join("longdoc.longdoc", "Longdoc.log")))
    : [];
  if (found.length === 0) return "       (no Longdoc log: the extension did not activate)";
  return found
    .flatMap((path) => readFileSync(join(logs, path), "utf8").trim().split("\n").slice(-15))
    .map((line) => `       | ${line}`)
    .join("\n");
}

/** @type {{ name: string, error?: string }[]} */
const results = [];
/** Set when a check fails that every later one depends on: those are then failed without waiting. */
let blockedBy = "";

/** @param {string} name @param {() => Promise<void>} body */
async function check(name, body) {
  if (blockedBy !== "") {
    results.push({ name, error: `not run: ${blockedBy}` });
    console.log(`FAILED ${name} (not run: ${blockedBy})`);
    return;
  }
  try {
    await body();
    results.push({ name });
    console.log(`ok     ${name}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.push({ name, error: message });
    console.log(`FAILED ${name}\n       ${message.split("\n").join("\n       ")}`);
  }
}

/** @param {unknown} condition @param {string} message @returns {asserts condition} */
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const vsix = process.argv[2];
if (vsix === undefined || !existsSync(vsix)) {
  console.error("usage: node e2e/run.mjs <path to longdoc-x.y.z.vsix>");
  process.exit(2);
}
const work = join(CLIENT, ".e2e");
rmSync(work, { recursive: true, force: true });
const workspace = join(work, "workspace");
const screenshots = join(work, "screenshots");
const reportFile = join(work, "report.jsonl");
mkdirSync(workspace, { recursive: true });
mkdirSync(screenshots, { recursive: true });
const contractPath = join(workspace, OPENED_NAME);
copyFileSync(required(join(CUAD, "contracts", CONTRACT)), contractPath);
const text = readFileSync(contractPath, "utf8");
const relevance = goldQuestion(QUESTION_CATEGORY);
const evidence = goldQuestion(EVIDENCE_CATEGORY);
const normalizedEvidence = goldQuestion(NORMALIZED_EVIDENCE_CATEGORY);

const started = Date.now();
const server = await startCodeServer({
  root: join(work, "code-server"),
  vsix: resolve(vsix),
  env: { LONGDOC_TEST_REPORT: reportFile },
  settings: { "longdoc.server.python": process.env.LONGDOC_E2E_PYTHON || "python3" },
  log: join(work, "code-server.log"),
});
const { browser, page } = await openWorkbench(server.url, workspace);
try {
  /** @type {Record<string, any>} */
  let view = {};
  /** @type {Record<string, any>} */
  let window = {};
  await check("opening a contract reports VS Code's document symbols from the server", async () => {
    await openFromExplorer(page, OPENED_NAME);
    view = await waitForEvent(reportFile, (event) => event.event === "documentView" && event.uri.endsWith(OPENED_NAME), {
      what: "the document symbols of the contract",
    });
    expect(view.symbols.length > 0, "vscode.executeDocumentSymbolProvider returned no symbols");
  });
  if (results.at(-1)?.error !== undefined) {
    blockedBy = "the contract's symbols never arrived";
    console.log(`       the extension's log:\n${extensionLog(work)}`);
  }

  await check("every ARTICLE line is a top-level symbol whose heading is that line", async () => {
    const { articles } = headingLines(text);
    expect(articles.length >= 8, `expected the contract's ARTICLE lines, found ${articles.length}`);
    for (const article of articles) {
      const symbol = view.symbols.find((/** @type {any} */ top) => top.selectionRange[0] === article.offset);
      expect(symbol !== undefined, `no top-level symbol starts at "${article.title}" (offset ${article.offset})`);
      expect(symbol.name.startsWith(article.title), `top-level symbol at "${article.title}" is named "${symbol.name}"`);
    }
  });

  await check("every numbered clause is a nested symbol under the ARTICLE above it", async () => {
    const { articles, clauses } = headingLines(text);
    const all = flatten(view.symbols);
    expect(clauses.length >= 30, `expected the contract's numbered clauses, found ${clauses.length}`);
    for (const clause of clauses) {
      const found = all.find(({ symbol }) => symbol.selectionRange[0] === clause.offset);
      expect(found !== undefined, `no symbol starts at clause ${clause.number} (offset ${clause.offset})`);
      expect(found.symbol.name.startsWith(clause.number), `symbol at clause ${clause.number} is named "${found.symbol.name}"`);
      const article = articles.filter((candidate) => candidate.offset < clause.offset).at(-1);
      const top = found.ancestors[0];
      expect(
        article !== undefined && top !== undefined && top.selectionRange[0] === article.offset,
        `clause ${clause.number} is not nested under ${article?.title ?? "an ARTICLE"} (its outermost ancestor: ${top?.name ?? "none"})`,
      );
    }
  });

  await check("every ARTICLE can be folded from its heading line", async () => {
    const lineOf = (/** @type {number} */ offset) => text.slice(0, offset).split("\n").length - 1;
    const starts = new Set(view.folding.map((/** @type {[number, number]} */ range) => range[0]));
    for (const { offset, title } of headingLines(text).articles) {
      expect(starts.has(lineOf(offset)), `no folding range starts at "${title}" (line ${lineOf(offset) + 1})`);
    }
  });

  await check("the status bar shows the server running and the contract's section count", async () => {
    const count = flatten(view.symbols).length;
    const item = page.locator(".statusbar-item", { hasText: `Longdoc: ${count} sections` });
    await item.first().waitFor({ timeout: 15_000 });
  });

  await check("the Outline view shows the contract's hierarchy (screenshot)", async () => {
    await runCommand(page, "Explorer: Focus on Outline View");
    // Folding the folder tree's pane gives the Outline the height of the side bar.
    await page.locator(".pane-header", { hasText: "workspace" }).first().click();
    const rows = page.locator(".outline-pane .monaco-list-row");
    await rows.nth(3).waitFor({ timeout: 30_000 });
    const labels = await rows.allInnerTexts();
    expect(labels.some((label) => label.includes("ARTICLE")), `Outline rows show no ARTICLE: ${JSON.stringify(labels.slice(0, 8))}`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "outline")}`);
  });

  await check("Find Relevant Sections moves the cursor into the section holding the gold answer", async () => {
    const from = events(reportFile).length;
    await askQuestion(page, "Longdoc: Find Relevant Sections", "Find relevant sections in", relevance.question);
    const answer = await waitForEvent(reportFile, (event) => event.event === "relevantSections", { from, what: "the relevant sections" });
    await page.locator(".quick-input-widget .quick-input-title:has-text('relevant section')").waitFor({ timeout: 15_000 });
    await quickRows(page).filter({ hasText: "score" }).first().waitFor({ timeout: 15_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "find-relevant-sections")}`);
    const before = events(reportFile).length;
    await page.keyboard.press("Enter");
    await waitForEvent(reportFile, (event) => event.event === "selection" && event.uri.endsWith(OPENED_NAME), { from: before, what: "the jump" });
    await page.waitForTimeout(300);
    const moves = events(reportFile).slice(before).filter((event) => event.event === "selection" && event.uri.endsWith(OPENED_NAME));
    const last = moves.at(-1);
    expect(last !== undefined, "no selection change after Enter");
    const cursor = last.selections[0][1];
    const holder = innermostAt(view.symbols, cursor);
    const [start, end] = relevance.span;
    expect(holder !== undefined, `the cursor (offset ${cursor}) is in no outline section`);
    expect(
      holder.range[0] <= start && end <= holder.range[1],
      `the cursor is in "${holder.name}" [${holder.range}], which does not hold the gold span [${start}, ${end}]; ` +
        `the server ranked: ${answer.result.sections.map((/** @type {any} */ s) => s.path.join(" > ")).join(" | ")}`,
    );
    console.log(`       cursor at offset ${cursor}, in "${holder.name}"`);
  });

  /**
   * Run Go to Evidence, typing `typed` (or accepting what the box offers): the quote offered, the
   * evidence the server returned and the selection it made.
   * @param {string | undefined} typed
   */
  const goToEvidence = async (typed) => {
    const from = events(reportFile).length;
    await runCommand(page, "Longdoc: Go to Evidence");
    const input = await quickInput(page, "Go to evidence in");
    const offered = await input.inputValue();
    if (typed !== undefined) await input.fill(typed);
    await page.keyboard.press("Enter");
    const found = await waitForEvent(reportFile, (event) => event.event === "evidence", { from, what: "the located evidence" });
    const selection = await waitForEvent(
      reportFile,
      (event) => event.event === "selection" && event.uri.endsWith(OPENED_NAME) && event.selections[0][0] !== event.selections[0][1],
      { from, what: "the evidence selection" },
    );
    return { offered, evidence: found.evidence, selected: selection.selections[0] };
  };

  await check("Go to Evidence with a gold quote from the clipboard selects exactly its span", async () => {
    const [start, end] = evidence.span;
    const quote = text.slice(start, end);
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(quote)})`);
    const { offered, evidence: found, selected } = await goToEvidence(undefined);
    expect(offered === quote, `the quote box offers ${JSON.stringify(offered.slice(0, 80))} instead of the clipboard's quote`);
    expect(found?.method === "exact", `expected an exact match, got ${JSON.stringify(found)}`);
    expect(selected[0] === start && selected[1] === end, `selected [${selected}], gold span is [${start}, ${end}]`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "go-to-evidence")}`);
  });

  await check("Go to Evidence with a typed quote in other case and spacing finds the span and says it was normalized", async () => {
    const [start, end] = normalizedEvidence.span;
    const { evidence: found, selected } = await goToEvidence(text.slice(start, end).toUpperCase().replaceAll(" ", "  "));
    expect(found?.method === "normalized", `expected a normalized match, got ${JSON.stringify(found)}`);
    expect(selected[0] === start && selected[1] === end, `selected [${selected}], gold span is [${start}, ${end}]`);
    await page.locator(".notification-toast", { hasText: "match after normalizing" }).first().waitFor({ timeout: 15_000 });
  });

  await check("Open Relevant Window shows the selected sections beside the contract, labelled by heading path and listed in the Outline", async () => {
    const from = events(reportFile).length;
    await askQuestion(page, "Longdoc: Open Relevant Window", "Open a relevant window of", relevance.question);
    window = await waitForEvent(reportFile, (event) => event.event === "window", { from, what: "the relevant window" });
    await page.locator(`.tab.active[data-resource-name^="${OPENED_NAME} — "]`).waitFor({ timeout: 15_000 });
    expect(window.pieces.length === window.result.sections.length, `${window.pieces.length} labelled pieces for ${window.result.sections.length} sections`);
    /** @type {string[]} */
    const labels = window.pieces.map((/** @type {any} */ piece) => piece.label);
    expect(labels.some((label) => label.includes("9.04 Assignment")), `no piece labelled with 9.04 Assignment: ${JSON.stringify(labels)}`);
    // The first piece's label is drawn above the window's first line.
    await page.locator(".codelens-decoration >> visible=true", { hasText: labels[0] }).first().waitFor({ timeout: 15_000 });
    // The Outline lists the pieces of the window, the active editor, by rank and heading.
    const pieceRows = page.locator(".outline-pane .monaco-list-row", { hasText: window.pieces[0].symbol.name });
    await pieceRows.first().waitFor({ timeout: 15_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "relevant-window")}`);
  });

  await check("Go to Source selects in the contract the text selected in the window", async () => {
    const from = events(reportFile).length;
    // The last words of the last piece: their place in the contract is past two separators.
    await page.keyboard.press("Control+End");
    for (let word = 0; word < 6; word += 1) await page.keyboard.press("Control+Shift+ArrowLeft");
    await page.waitForTimeout(300);
    const inWindow = events(reportFile)
      .slice(from)
      .filter((event) => event.event === "selection" && event.uri.startsWith("longdoc-window:"))
      .at(-1);
    expect(inWindow !== undefined && inWindow.selections[0][0] !== inWindow.selections[0][1], "selecting words in the window reported no selection");
    const [windowStart, windowEnd] = [...inWindow.selections[0]].sort((a, b) => a - b);
    const selectedInWindow = window.result.text.slice(windowStart, windowEnd);
    const before = events(reportFile).length;
    await runCommand(page, "Longdoc: Go to Source");
    const selection = await waitForEvent(
      reportFile,
      (event) => event.event === "selection" && event.uri.endsWith(OPENED_NAME) && event.selections[0][0] !== event.selections[0][1],
      { from: before, what: "the source selection" },
    );
    const [anchor, active] = selection.selections[0];
    expect(
      text.slice(anchor, active) === selectedInWindow,
      `selected ${JSON.stringify(text.slice(anchor, active))} in the contract, ${JSON.stringify(selectedInWindow)} in the window`,
    );
    console.log(`       ${JSON.stringify(selectedInWindow)} selected at offset ${anchor} of the contract`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "go-to-source")}`);
  });

  await check("Check Coverage lists the sections of each facet and warns about the uncovered one", async () => {
    const from = events(reportFile).length;
    await runCommand(page, "Longdoc: Check Coverage");
    const input = await quickInput(page, "Check coverage of");
    await input.fill("assignment: assignment without consent; law: governing law; mining: cryptocurrency mining rigs");
    await page.keyboard.press("Enter");
    const coverage = await waitForEvent(reportFile, (event) => event.event === "coverage", { from, what: "the coverage answer" });
    expect(JSON.stringify(coverage.result.uncovered) === JSON.stringify(["mining"]), `uncovered facets: ${JSON.stringify(coverage.result.uncovered)}`);
    await page.locator(".notification-toast", { hasText: "not covered: mining" }).waitFor({ timeout: 15_000 });
    const rows = quickRows(page);
    await rows.filter({ hasText: "mining: not covered" }).first().waitFor({ timeout: 15_000 });
    const labels = await rows.allInnerTexts();
    expect(labels.some((label) => label.includes("9.07 Governing Law")), `no 9.07 Governing Law row for the law facet: ${JSON.stringify(labels)}`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "check-coverage")}`);
    await page.keyboard.press("Escape");
  });

  await check("after an edit of the contract, Go to Source says the window is stale and refreshes it", async () => {
    await page.locator(`.tab[data-resource-name="${OPENED_NAME}"]`).click();
    // On a loaded machine the keys can outrun the tab switch: type once the contract is the active editor.
    await page.locator(`.tab.active[data-resource-name="${OPENED_NAME}"]`).waitFor({ timeout: 15_000 });
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("Draft. ");
    await page.locator(`.tab[data-resource-name^="${OPENED_NAME} — "]`).click();
    const from = events(reportFile).length;
    await runCommand(page, "Longdoc: Go to Source");
    const toast = page.locator(".notification-toast", { hasText: "The document changed since this window was made" });
    await toast.waitFor({ timeout: 15_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "stale-window")}`);
    await toast.locator(".monaco-button", { hasText: "Refresh" }).click();
    const refreshed = await waitForEvent(reportFile, (event) => event.event === "window", { from, what: "the refreshed window" });
    expect(refreshed.result.version > window.result.version, `the refreshed window is of version ${refreshed.result.version}, the old one was ${window.result.version}`);
  });

  await check("typing a citation offers the clause numbers it can cite, each with its title", async () => {
    await page.locator(`.tab[data-resource-name="${OPENED_NAME}"]`).click();
    await typeAtEnd(page, OPENED_NAME, "\nSee Section 2.");
    await page.keyboard.press("Control+Space");
    const labels = await suggestionLabels(page);
    // ARTICLE II of the contract holds 2.01 Term and 2.02 Effective Date.
    expect(labels.length === 2 && labels[0].startsWith("2.01") && labels[1].startsWith("2.02"), `suggestions: ${JSON.stringify(labels)}`);
    expect(labels[0].includes("Term"), `the first suggestion does not show its clause's title: ${labels[0]}`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "citation-completion")}`);
    await page.keyboard.press("Escape");
  });

  await check("an opening bracket after a cited clause offers its items", async () => {
    await typeAtEnd(page, OPENED_NAME, "\nGiven as Section 9.02(");
    // "(" asks for suggestions by itself: no key press needed.
    const labels = await suggestionLabels(page);
    // 9.02 Notices: notices are given (a) when delivered personally, (b) ... (d).
    expect(labels.length === 4 && labels[0].startsWith("(a)") && labels[3].startsWith("(d)"), `suggestions: ${JSON.stringify(labels)}`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "item-completion")}`);
    await page.keyboard.press("Escape");
  });

  await check("a phrase misspelling a defined term has a quick fix that writes the term", async () => {
    await typeAtEnd(page, OPENED_NAME, "\nFrom the Efective Date on.");
    for (let i = 0; i < " Date on.".length; i++) await page.keyboard.press("ArrowLeft");
    const fix = await quickFix(page, "Replace with \u201cEffective Date\u201d");
    console.log(`       screenshot ${await screenshot(page, screenshots, "quick-fix")}`);
    await fix.click();
    const line = page.locator(".view-line", { hasText: "From the Effective Date on." });
    await line.first().waitFor({ timeout: 15_000 });
  });

  await check("a phrase used as a term but undefined has a quick fix defining it in the lettered list", async () => {
    await typeAtEnd(page, OPENED_NAME, "\nGoods go to the Delivery Point daily.");
    for (let i = 0; i < " Point daily.".length; i++) await page.keyboard.press("ArrowLeft");
    await (await quickFix(page, "Define \u201cDelivery Point\u201d in the definitions")).click();
    // 1.01 of the contract lists its terms lettered (a) to (y): the new one comes after (g) "Customer",
    // on line 53, where (h) "Disclosing Party" was.
    await page.keyboard.press("Control+G");
    await page.locator(".quick-input-widget .quick-input-box input").waitFor({ timeout: 15_000 });
    await page.keyboard.type("53");
    await page.keyboard.press("Enter");
    // Spaces are drawn as no-break spaces.
    const entry = page.locator(".view-line", { hasText: /^\(h\)\W+"Delivery\WPoint"\Wmeans\W\[/ });
    await entry.first().waitFor({ timeout: 15_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "define-term")}`);
    await page.keyboard.press("Control+End");
  });

  await check("a gap in the clauses' numbering has a quick fix renumbering them with their citations", async () => {
    await typeAtEnd(page, OPENED_NAME, "\n20.1 Alpha. Goods ship under Section 20.3.\n20.3 Gamma. Goods arrive.");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Home"); // on the heading the finding spans
    await (await quickFix(page, "Renumber clause 20.3 as 20.2, with its citation")).click();
    // Spaces are drawn as no-break spaces; the title of the clause cited is shown after the citation.
    const cited = page.locator(".view-line", { hasText: /^20\.1\WAlpha\.\WGoods\Wship\Wunder\WSection\W20\.2(?!\d)/ });
    await cited.first().waitFor({ timeout: 15_000 });
    await page.locator(".view-line", { hasText: /^20\.2\WGamma\./ }).first().waitFor({ timeout: 15_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "renumber")}`);
    await page.keyboard.press("Control+End");
  });

  await check("a citation shows the title of the clause it cites after it", async () => {
    await typeAtEnd(page, OPENED_NAME, "\nAs Section 8.01 says.");
    await page.keyboard.press("Escape");
    // 8.01 of the contract is "Termination". The hint is drawn within the line, in a span of its
    // own after the number (its padding is a style, not text).
    const line = page.locator(".view-line", { hasText: /Section\W8\.01Termination\Wsays\./ });
    await line.first().waitFor({ timeout: 30_000 });
    console.log(`       screenshot ${await screenshot(page, screenshots, "inlay-hint")}`);
  });

  await check("a defined term is coloured apart from the prose around it", async () => {
    await typeAtEnd(page, OPENED_NAME, "\nShip the Products soon.");
    await page.keyboard.press("Escape");
    // "Products" is a defined term of the contract; the theme colours its semantic token.
    const line = page.locator(".view-line", { hasText: "Ship the Products soon." }).first();
    // Spaces are drawn as no-break spaces.
    const pieces = () => line.evaluate((el) =>
      [...el.querySelectorAll("span > span")].map((s) => [s.className, (s.textContent ?? "").replace(/\u00a0/g, " ")]));
    const deadline = Date.now() + 30_000;
    let seen = await pieces();
    while (!seen.some(([, text]) => text === "Products") && Date.now() < deadline) {
      await page.waitForTimeout(500);
      seen = await pieces();
    }
    const term = seen.find(([, text]) => text === "Products");
    const prose = seen.find(([, text]) => text.includes("Ship the"));
    expect(term !== undefined && prose !== undefined && term[0] !== prose[0], `the line's pieces: ${JSON.stringify(seen)}`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "semantic-tokens")}`);
  });

  await check("a server that cannot start is reported once, with the command line tried and what to install", async () => {
    const missing = "/nonexistent/bin/python3";
    // As a user editing the workspace settings would; VS Code watches the file.
    mkdirSync(join(workspace, ".vscode"), { recursive: true });
    writeFileSync(join(workspace, ".vscode", "settings.json"), JSON.stringify({ "longdoc.server.python": missing }));
    const toast = page.locator(".notification-toast", { hasText: "Longdoc could not start its language server" });
    await toast.first().waitFor({ timeout: 30_000 });
    const message = await toast.first().innerText();
    expect(message.includes(`${missing} -m longdoc_server`), `the notification does not show the command tried: ${message}`);
    expect(message.includes("pip install 'longdoc[server]'"), `the notification does not say what to install: ${message}`);
    await page.waitForTimeout(2_000);
    expect((await toast.count()) === 1, `${await toast.count()} notifications instead of one`);
    console.log(`       screenshot ${await screenshot(page, screenshots, "server-missing")}`);
  });
} finally {
  await browser.close();
  server.stop();
}

const failed = results.filter((result) => result.error !== undefined).length;
console.log(`screenshots and the editor's report: ${work}`);
console.log(`end-to-end run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
