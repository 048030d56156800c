/** End-to-end tests of `npm run trace`: the real script in a child process, on the trace fixtures. */
import { describe, expect, it } from "vitest";
import { analyseTrace } from "../lib/trace";
import { serializeScenario } from "../lib/scenario";
import { fixtureText } from "../lib/trace/test-support";
import { runScript, temporaryFile as temporaryFileIn } from "./test-support/run-script";

const temporaryFile = (name: string, text: string) => temporaryFileIn("trace-cli", name, text);

// Sequential on purpose: each run starts npx, tsx and Node.
describe("trace CLI", () => {
  it("--json: the documented shape, and a replay equal to `simulate --json` on the derived scenario", async () => {
    const file = "lib/trace/fixtures/openai-responses-instructions.har";
    const run = await runScript("scripts/trace.ts", [file, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.provider).toBe("openai-responses");
    expect(json.requests).toHaveLength(4);
    expect(json.requests[2].divergence.reason).toMatch(/^The instructions changed \("2026-11-30" → "2026-12-01"\)/);
    const analysis = analyseTrace(fixtureText("openai-responses-instructions.har"));
    if (!analysis.ok) throw new Error(analysis.error);
    const scenarioFile = temporaryFile("derived.json", serializeScenario(analysis.analysis.derived.scenario));
    const simulated = await runScript("scripts/simulate.ts", [
      scenarioFile,
      "--provider",
      "openai-responses",
      "--json",
    ]);
    expect(simulated.status).toBe(0);
    expect(json.replay).toEqual(JSON.parse(simulated.stdout));
  });

  it("without --json: a table of requests with their miss, and a summary", async () => {
    const run = await runScript("scripts/trace.ts", ["lib/trace/fixtures/anthropic-session.jsonl"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Tool "create_issue" inserted at tools[1]');
    expect(run.stdout).toContain("Idle for 12 minutes");
    expect(run.stdout).toMatch(/Misses by cause[\s\S]*cache entry expired \(TTL\)[\s\S]*tools changed/);
    expect(run.stdout).toContain("your agent, as recorded");
  });

  it("exits 2 with the reason on stderr for a file it cannot read at all", async () => {
    const missing = await runScript("scripts/trace.ts", ["no/such/trace.har"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("trace: cannot read no/such/trace.har: ENOENT\n");
    const garbage = temporaryFile("garbage.jsonl", "this is not a trace\nnor is this\n");
    const unreadable = await runScript("scripts/trace.ts", [garbage]);
    expect(unreadable.status).toBe(2);
    expect(unreadable.stdout).toBe("");
    expect(unreadable.stderr).toMatch(/^trace: .*garbage\.jsonl: not a HAR file or JSON Lines: line 1 is not JSON/);
  });
});
