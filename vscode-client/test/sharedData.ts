/**
 * Real documents from the project's shared data folder (../shared/data from the project root);
 * a missing file fails the test with a message that says where it was expected.
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "shared", "data");

export function sharedText(...parts: string[]): string {
  const path = join(DATA, ...parts);
  if (!existsSync(path)) throw new Error(`missing shared data file ${path}: the tests read real documents from ../shared/data`);
  return readFileSync(path, "utf8");
}

export const CUAD_CONTRACT = "CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt";
