// @ts-check
/**
 * Driving the VS Code workbench in headless Chromium the way a user does: Explorer clicks,
 * the command palette, quick inputs, and screenshots of what is on the screen.
 */

import { join } from "node:path";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.LONGDOC_E2E_CHROMIUM || "/usr/bin/chromium";

/** @param {string} url @param {string} folder */
export async function openWorkbench(url, folder) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  // Clipboard access is granted as a user would grant it when VS Code asks.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
  await page.locator(".monaco-workbench").waitFor({ timeout: 60_000 });
  return { browser, page };
}

/** @param {import("playwright-core").Page} page @param {string} name */
export async function openFromExplorer(page, name) {
  const row = page.locator(`.explorer-folders-view .monaco-list-row:has-text("${name}")`).first();
  await row.waitFor({ timeout: 60_000 });
  await row.click();
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor({ timeout: 30_000 });
}

/**
 * Run a command from the palette by its label as the palette shows it ("Category: Title").
 * @param {import("playwright-core").Page} page @param {string} label
 */
export async function runCommand(page, label) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget .quick-input-box input");
  await input.waitFor({ state: "visible", timeout: 15_000 });
  await input.fill(`>${label}`);
  const row = page.locator(`.quick-input-widget .monaco-list-row[aria-label^="${label}"]`).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
}

/** The quick input's text box once it shows the given title. @param {import("playwright-core").Page} page @param {string} title */
export async function quickInput(page, title) {
  await page.locator(`.quick-input-widget .quick-input-title:has-text("${title}")`).waitFor({ timeout: 30_000 });
  return page.locator(".quick-input-widget .quick-input-box input");
}

/**
 * Run a Longdoc command that asks a question: type it into the question box and accept it.
 * @param {import("playwright-core").Page} page @param {string} command @param {string} title @param {string} question
 */
export async function askQuestion(page, command, title, question) {
  await runCommand(page, command);
  const input = await quickInput(page, title);
  await input.fill(question);
  await quickRows(page).filter({ hasText: question.slice(0, 40) }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press("Enter");
}

/** Rows of the visible quick input list. @param {import("playwright-core").Page} page */
export function quickRows(page) {
  return page.locator(".quick-input-widget .quick-input-list .monaco-list-row");
}

/**
 * Types ``words`` at the end of the open document ``name``, once its tab is the active one.
 * @param {import("playwright-core").Page} page @param {string} name @param {string} words
 */
export async function typeAtEnd(page, name, words) {
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor({ timeout: 15_000 });
  await page.keyboard.press("Control+End");
  await page.keyboard.type(words);
}

/**
 * The labels of the suggestions shown at the cursor, spaces collapsed, once the list appears.
 * @param {import("playwright-core").Page} page
 */
export async function suggestionLabels(page) {
  const rows = page.locator(".suggest-widget .monaco-list-row");
  await rows.first().waitFor({ timeout: 15_000 });
  return (await rows.allInnerTexts()).map((label) => label.replace(/\s+/g, " ").trim());
}

/**
 * The row of the quick fix menu at the cursor titled ``title``, once the menu lists it: the finding it
 * mends arrives after typing has paused, so the menu is opened again until then (30 s at most).
 * @param {import("playwright-core").Page} page @param {string} title
 */
export async function quickFix(page, title) {
  const fix = page.locator(".action-widget .monaco-list-row", { hasText: title });
  const deadline = Date.now() + 30_000;
  while ((await fix.count()) === 0 && Date.now() < deadline) {
    await page.keyboard.press("Escape");
    await page.waitForTimeout(1_000);
    await page.keyboard.press("Control+.");
    await page.waitForTimeout(500);
  }
  if ((await fix.count()) === 0) throw new Error(`no quick fix "${title}" offered`);
  return fix.first();
}

/** @param {import("playwright-core").Page} page @param {string} folder @param {string} name */
export async function screenshot(page, folder, name) {
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
