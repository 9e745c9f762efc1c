// @ts-check
/**
 * Reading what the extension's test hook wrote (one JSON object a line) and waiting for events.
 */

import { existsSync, readFileSync } from "node:fs";

/** @param {string} file @returns {Array<Record<string, any>>} */
export function events(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/**
 * The first event after index `from` that satisfies `accept`.
 * @param {string} file @param {(event: Record<string, any>) => boolean} accept
 * @param {{ from?: number, timeoutMs?: number, what: string }} options
 */
export async function waitForEvent(file, accept, options) {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const found = events(file).slice(options.from ?? 0).find(accept);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what} in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
