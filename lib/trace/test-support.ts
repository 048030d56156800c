import fs from "node:fs";
import path from "node:path";
import { readTrace } from "./read-trace";
import type { ParsedTrace } from "./types";

/** The text of a committed fixture (lib/trace/fixtures; see build-fixtures.ts). */
export function fixtureText(name: string): string {
  return fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");
}

export function readFixture(name: string): ParsedTrace {
  const result = readTrace(fixtureText(name));
  if (!result.ok) throw new Error(result.error);
  return result.trace;
}
