/**
 * `… | head`: every CLI stops quietly when its reader closes stdout early — no EPIPE stack on stderr, and the exit
 * status the run would have had. Each output here is larger than a pipe's buffer, so writes are still pending when
 * the reader goes away.
 */
import { describe, expect, it } from "vitest";
import { runScriptClosedEarly, temporaryFile } from "./test-support/run-script";

const queries = Array.from({ length: 1200 }, (_, index) =>
  JSON.stringify({ q: `nothing matches query ${index}`, expect: ["mcp-servers-fetch:fetch"] }),
).join("\n");

// Sequential on purpose: each run starts Node and tsx.
describe("CLIs whose reader closes the pipe early", { timeout: 120_000 }, () => {
  it.each([
    ["scripts/simulate.ts", ["example:weather", "--json"]],
    ["scripts/trace.ts", ["lib/trace/fixtures/anthropic-session.jsonl", "--json"]],
    [
      "scripts/eval-search.ts",
      [
        "--catalog",
        "lib/search/fixtures/catalogs",
        "--queries",
        temporaryFile("closed-pipe", "queries.jsonl", queries),
        "--search",
        "anthropic-regex",
      ],
    ],
  ])("%s exits 0 without a stack trace", async (script, args) => {
    const run = await runScriptClosedEarly(script, args);
    expect(run.stdout.length).toBeGreaterThan(0);
    expect(run.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(run.status).toBe(0);
  });
});
